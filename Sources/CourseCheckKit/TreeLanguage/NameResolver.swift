/// Checks, before anything runs, that every name a tree uses is declared where it is used, as
/// Swift's compiler does; evaluation alone would miss names in branches that never run
/// (`false ? notDefined : 1`).
enum NameResolver {
    /// Names the tree language provides without a declaration.
    static let builtins: Set<String> = Interpreter.builtinNames

    static func check(_ program: [StatementSyntax]) throws(TreeLanguageError) {
        try statements(program, visible: builtins)
    }

    /// A block: its functions are visible throughout (Swift hoists them), its `let`s from their
    /// declaration on.
    private static func statements(_ list: [StatementSyntax], visible outer: Set<String>) throws(TreeLanguageError) {
        var visible = outer
        for statement in list {
            if case .function(let function) = statement.kind { visible.insert(function.name) }
        }
        for statement in list {
            switch statement.kind {
            case .binding(let name, _, let value):
                try expression(value, visible: visible)
                visible.insert(name)
            case .function(let function):
                var inner = visible
                for parameter in function.parameters { inner.insert(parameter.name) }
                try statements(function.body, visible: inner)
            case .expression(let value):
                try expression(value, visible: visible)
            case .returnStatement(let value):
                if let value { try expression(value, visible: visible) }
            }
        }
    }

    private static func expression(_ node: ExpressionSyntax, visible: Set<String>) throws(TreeLanguageError) {
        switch node.kind {
        case .integer, .boolean, .nilLiteral, .implicitMember, .keyPath, .anonymousArgument:
            return
        case .string(let parts):
            for case .interpolation(let inner) in parts { try expression(inner, visible: visible) }
        case .identifier(let name):
            guard visible.contains(name) else { throw .invalid("cannot find '\(name)' in scope", node.position.pair) }
        case .member(let base, _):
            // `Storage.environment` names the core's type.
            if case .identifier("Storage") = base.kind { return }
            try expression(base, visible: visible)
        case .call(let callee, let arguments), .subscriptAccess(let callee, let arguments):
            if case .member(let base, _) = callee.kind, case .identifier("Storage") = base.kind {} else {
                try expression(callee, visible: visible)
            }
            for argument in arguments { try expression(argument.value, visible: visible) }
        case .array(let elements):
            for element in elements { try expression(element, visible: visible) }
        case .dictionary(let entries):
            for entry in entries {
                try expression(entry.key, visible: visible)
                try expression(entry.value, visible: visible)
            }
        case .closure(let parameters, let body):
            try statements(body, visible: visible.union(parameters))
        case .binary(_, let left, let right):
            try expression(left, visible: visible)
            try expression(right, visible: visible)
        case .prefix(_, let operand), .forceUnwrap(let operand):
            try expression(operand, visible: visible)
        case .ternary(let condition, let then, let otherwise):
            try expression(condition, visible: visible)
            try expression(then, visible: visible)
            try expression(otherwise, visible: visible)
        }
    }
}
