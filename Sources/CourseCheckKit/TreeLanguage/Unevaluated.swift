extension SyntaxPosition: Hashable {
    package func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// Finds code a run never reached: a statement (top level, or in a closure or function body) or
/// a ternary branch whose expression `evaluate` never entered.
///
/// Swift type-checks all of a program before it runs, so a type error in a branch that never runs
/// (`false ? 1 : "a"`) is still a compile error; the interpreter, which checks types as it
/// evaluates, would print a result. Such trees go to swiftc.
enum Unevaluated {
    static func first(in program: [StatementSyntax], evaluated: Set<SyntaxPosition>) -> SyntaxPosition? {
        var found: SyntaxPosition?
        func mark(_ expression: ExpressionSyntax) {
            if !evaluated.contains(expression.position), found == nil || expression.position.line < found!.line {
                found = expression.position
            }
        }
        func statements(_ list: [StatementSyntax]) {
            for statement in list {
                switch statement.kind {
                case .binding(_, _, let value), .expression(let value):
                    mark(value)
                    expression(value)
                case .returnStatement(let value):
                    if let value {
                        mark(value)
                        expression(value)
                    }
                case .function(let function):
                    statements(function.body)
                }
            }
        }
        func expression(_ node: ExpressionSyntax) {
            switch node.kind {
            case .integer, .boolean, .nilLiteral, .identifier, .implicitMember, .keyPath, .anonymousArgument:
                return
            case .string(let parts):
                for case .interpolation(let inner) in parts { expression(inner) }
            case .member(let base, _), .forceUnwrap(let base), .prefix(_, let base):
                expression(base)
            case .call(let callee, let arguments), .subscriptAccess(let callee, let arguments):
                expression(callee)
                for argument in arguments { expression(argument.value) }
            case .array(let elements):
                for element in elements { expression(element) }
            case .dictionary(let entries):
                for entry in entries {
                    expression(entry.key)
                    expression(entry.value)
                }
            case .closure(_, let body):
                statements(body)
            case .binary(_, let left, let right):
                expression(left)
                expression(right)
            case .ternary(let condition, let then, let otherwise):
                expression(condition)
                mark(then)
                mark(otherwise)
                expression(then)
                expression(otherwise)
            }
        }
        statements(program)
        return found
    }
}
