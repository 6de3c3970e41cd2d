import Foundation
import InvalidationCore

extension Interpreter {
    func evaluate(_ expression: ExpressionSyntax, in scope: Scope, expecting type: TypeSyntax?)
        throws(TreeLanguageError) -> Value
    {
        try tick(expression.position)
        let at = expression.position
        evaluated.insert(at)
        switch expression.kind {
        case .integer(let value):
            return .int(value)
        case .boolean(let value):
            return .bool(value)
        case .string(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .text(let literal):
                    text += literal
                case .interpolation(let inner):
                    text += try ValueFormatter.description(
                        evaluate(inner, in: scope, expecting: nil), at: inner.position)
                }
            }
            return .string(text)
        case .nilLiteral:
            guard case .optional = type else {
                throw .invalid("'nil' requires a contextual optional type", at.pair)
            }
            return .optional(nil)
        case .identifier(let name):
            if let value = scope.lookup(name) { return value }
            if Self.builtinNames.contains(name) {
                throw .unsupported("using '\(name)' other than by calling it", at.pair)
            }
            throw .invalid("cannot find '\(name)' in scope", at.pair)
        case .anonymousArgument(let number):
            guard let value = scope.lookup("$\(number)") else {
                throw .invalid("anonymous closure argument '$\(number)' outside a closure", at.pair)
            }
            return value
        case .implicitMember(let name):
            return try storageCase(name, arguments: [], expecting: type, in: scope, at: at)
        case .member(let base, let name):
            if case .identifier("Storage") = base.kind, scope.lookup("Storage") == nil {
                return try storageCase(name, arguments: [], expecting: .named("Storage"), in: scope, at: at)
            }
            return try member(evaluate(base, in: scope, expecting: nil), name, at: at)
        case .call(let callee, let arguments):
            return try call(callee, arguments, in: scope, expecting: type, at: at)
        case .subscriptAccess(let base, let arguments):
            return try subscriptValue(evaluate(base, in: scope, expecting: nil), arguments, in: scope, at: at)
        case .array(let elements):
            return try arrayLiteral(elements, in: scope, expecting: type, at: at)
        case .dictionary(let entries):
            return try dictionaryLiteral(entries, in: scope, expecting: type, at: at)
        case .closure(let parameters, let body):
            // Swift infers a closure's parameter types from the call it is passed to; the tree
            // language only has those of the collection methods.
            guard type == Self.closureContext else {
                throw .unsupported(
                    "closure outside a call to map, flatMap, filter, contains, first or allSatisfy", at.pair)
            }
            return .function(Callable(body: .closure(parameters: parameters, body: body), scope: scope))
        case .keyPath(let path):
            return .keyPath(path)
        case .binary(let symbol, let left, let right):
            return try binary(symbol, left, right, in: scope, at: at)
        case .prefix(let symbol, let operand):
            let value = try evaluate(operand, in: scope, expecting: nil)
            switch (symbol, value) {
            case ("!", .bool(let flag)): return .bool(!flag)
            case ("-", .int(let number)):
                guard number != .min else {
                    throw Self.arithmeticTrap("Fatal error: arithmetic overflow", at, foldable: Self.foldable(operand))
                }
                return .int(-number)
            default: throw .invalid("prefix '\(symbol)' cannot be applied to \(value.typeName)", at.pair)
            }
        case .forceUnwrap(let operand):
            let value = try evaluate(operand, in: scope, expecting: nil)
            guard case .optional(let wrapped) = value else {
                throw .invalid("cannot force unwrap a non-optional \(value.typeName)", at.pair)
            }
            guard let wrapped else {
                throw .trap("Fatal error: Unexpectedly found nil while unwrapping an Optional value", at.pair)
            }
            return wrapped
        case .ternary(let condition, let then, let otherwise):
            guard case .bool(let flag) = try evaluate(condition, in: scope, expecting: nil) else {
                throw .invalid("the condition of '?:' must be a Bool", condition.position.pair)
            }
            return try evaluate(flag ? then : otherwise, in: scope, expecting: type)
        }
    }

    /// The contextual type of a closure argument to a collection method.
    static let closureContext = TypeSyntax.named("(closure)")

    /// Integer arithmetic that would trap. Swift folds constant operands at compile time and
    /// rejects `7 / 0` or an overflowing constant as an error, so when the operands could be
    /// constants (literals, names, arithmetic of those) the engine cannot say "crash" without
    /// knowing what the compiler folds: swiftc decides. An operand read from a subscript, member
    /// or call is a runtime value, and the trap is certain.
    static func arithmeticTrap(_ message: String, _ at: SyntaxPosition, foldable: Bool) -> TreeLanguageError {
        guard foldable else { return .trap(message, at.pair) }
        return .unsupported(
            "integer arithmetic that traps here (\(message.replacingOccurrences(of: "Fatal error: ", with: ""))), "
                + "which Swift may reject at compile time", at.pair)
    }

    /// True when the expression could be a compile-time constant to Swift's constant folding.
    static func foldable(_ expression: ExpressionSyntax) -> Bool {
        switch expression.kind {
        case .integer, .identifier: true
        case .prefix(_, let operand): foldable(operand)
        case .binary(_, let left, let right): foldable(left) && foldable(right)
        default: false
        }
    }

    static let builtinNames: Set<String> = ["print", "countCauses", "ViewTree", "ViewNode", "Recompute", "Storage"]

    // MARK: Literals

    private func arrayLiteral(
        _ elements: [ExpressionSyntax], in scope: Scope, expecting type: TypeSyntax?, at: SyntaxPosition
    )
        throws(TreeLanguageError) -> Value
    {
        switch type {
        case .set(let element)?:
            var values: [Value] = []
            for expression in elements {
                let value = try convert(
                    evaluate(expression, in: scope, expecting: element), to: element, at: expression.position)
                if !(try contains(values, value, at: at)) {
                    values.append(value)
                }
            }
            return .set(values)
        case .array(let element)?:
            var values: [Value] = []
            for expression in elements {
                values.append(
                    try convert(
                        evaluate(expression, in: scope, expecting: element), to: element, at: expression.position))
            }
            return .array(values)
        case .optional(let wrapped)?:
            return .optional(try arrayLiteral(elements, in: scope, expecting: wrapped, at: at))
        case .dictionary? where elements.isEmpty:
            throw .invalid("use '[:]' for an empty dictionary", at.pair)
        default:
            guard !elements.isEmpty else {
                throw .invalid("empty collection literal requires an explicit type", at.pair)
            }
            var values: [Value] = []
            for expression in elements { values.append(try evaluate(expression, in: scope, expecting: nil)) }
            let types = Set(values.filter { !$0.isEmptyCollection }.map(\.typeName))
            guard types.count <= 1 else {
                throw .invalid("heterogeneous collection literal (\(types.sorted().joined(separator: ", ")))", at.pair)
            }
            return .array(values)
        }
    }

    private func dictionaryLiteral(
        _ entries: [DictionaryEntrySyntax], in scope: Scope, expecting type: TypeSyntax?, at: SyntaxPosition
    ) throws(TreeLanguageError) -> Value {
        var keyType: TypeSyntax?
        var valueType: TypeSyntax?
        switch type {
        case .dictionary(let key, let value)?:
            keyType = key
            valueType = value
        case .optional(let wrapped)?:
            return .optional(try dictionaryLiteral(entries, in: scope, expecting: wrapped, at: at))
        case nil:
            guard !entries.isEmpty else {
                throw .invalid("empty collection literal requires an explicit type", at.pair)
            }
        default:
            throw .invalid("a dictionary literal cannot be a \(describe(type!))", at.pair)
        }
        var values: [Value.DictionaryEntry] = []
        for entry in entries {
            var key = try evaluate(entry.key, in: scope, expecting: keyType)
            var value = try evaluate(entry.value, in: scope, expecting: valueType)
            if let keyType { key = try convert(key, to: keyType, at: entry.key.position) }
            if let valueType { value = try convert(value, to: valueType, at: entry.value.position) }
            for existing in values where try equal(existing.key, key, at: entry.key.position) {
                throw .trap("Fatal error: Dictionary literal contains duplicate keys", entry.key.position.pair)
            }
            values.append(Value.DictionaryEntry(key: key, value: value, origin: entry.key.position))
        }
        if type == nil {
            let keys = Set(values.map(\.key.typeName))
            let kinds = Set(values.map(\.value.typeName))
            guard keys.count == 1, kinds.count == 1 else {
                throw .invalid("heterogeneous dictionary literal", at.pair)
            }
        }
        return .dictionary(values)
    }

    // MARK: Operators

    private func binary(
        _ symbol: String, _ left: ExpressionSyntax, _ right: ExpressionSyntax, in scope: Scope, at: SyntaxPosition
    )
        throws(TreeLanguageError) -> Value
    {
        if symbol == "&&" || symbol == "||" {
            guard case .bool(let lhs) = try evaluate(left, in: scope, expecting: nil) else {
                throw .invalid("'\(symbol)' needs Bool operands", at.pair)
            }
            if symbol == "&&" && !lhs { return .bool(false) }
            if symbol == "||" && lhs { return .bool(true) }
            guard case .bool(let rhs) = try evaluate(right, in: scope, expecting: nil) else {
                throw .invalid("'\(symbol)' needs Bool operands", at.pair)
            }
            return .bool(rhs)
        }
        let lhs = try evaluate(left, in: scope, expecting: nil)
        let rhs = try evaluate(right, in: scope, expecting: optionalContext(lhs))
        switch symbol {
        case "==": return .bool(try equal(lhs, rhs, at: at))
        case "!=": return .bool(!(try equal(lhs, rhs, at: at)))
        case "<", ">", "<=", ">=":
            let order: Int
            switch (lhs, rhs) {
            case (.int(let a), .int(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            case (.string(let a), .string(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            default: throw .invalid("'\(symbol)' cannot compare \(lhs.typeName) and \(rhs.typeName)", at.pair)
            }
            let result =
                switch symbol {
                case "<": order < 0
                case ">": order > 0
                case "<=": order <= 0
                default: order >= 0
                }
            return .bool(result)
        case "+":
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): return .string(a + b)
            case (.array(let a), .array(let b)):
                guard a.isEmpty || b.isEmpty || a[0].typeName == b[0].typeName else {
                    throw .invalid("'+' cannot join \(lhs.typeName) and \(rhs.typeName)", at.pair)
                }
                return .array(a + b)
            default: break
            }
            fallthrough
        case "-", "*", "/", "%":
            guard case .int(let a) = lhs, case .int(let b) = rhs else {
                throw .invalid("'\(symbol)' cannot be applied to \(lhs.typeName) and \(rhs.typeName)", at.pair)
            }
            let (value, overflow): (Int, Bool)
            switch symbol {
            case "+": (value, overflow) = a.addingReportingOverflow(b)
            case "-": (value, overflow) = a.subtractingReportingOverflow(b)
            case "*": (value, overflow) = a.multipliedReportingOverflow(by: b)
            default:
                guard b != 0 else {
                    throw Self.arithmeticTrap(
                        symbol == "/"
                            ? "Fatal error: Division by zero" : "Fatal error: Division by zero in remainder operation",
                        at,
                        foldable: Self.foldable(left) && Self.foldable(right))
                }
                (value, overflow) =
                    symbol == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
                if overflow {
                    throw Self.arithmeticTrap(
                        symbol == "/"
                            ? "Fatal error: Division results in an overflow"
                            : "Fatal error: Division results in an overflow in remainder operation", at,
                        foldable: Self.foldable(left) && Self.foldable(right))
                }
            }
            guard !overflow else {
                throw Self.arithmeticTrap(
                    "Fatal error: arithmetic overflow", at, foldable: Self.foldable(left) && Self.foldable(right))
            }
            return .int(value)
        default:
            throw .unsupported("operator '\(symbol)'", at.pair)
        }
    }

    /// Lets `x == nil` type-check when x is optional.
    private func optionalContext(_ value: Value) -> TypeSyntax? {
        if case .optional = value { return .optional(.named("Any")) }
        return nil
    }

    /// Swift's `==`, for the types that are Equatable in Swift.
    func equal(_ lhs: Value, _ rhs: Value, at: SyntaxPosition) throws(TreeLanguageError) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.optional(nil), .optional(nil)): return true
        case (.optional(nil), .optional), (.optional, .optional(nil)): return false
        case (.optional(let a?), .optional(let b?)): return try equal(a, b, at: at)
        case (.optional(let a?), _): return try equal(a, rhs, at: at)
        case (_, .optional(let b?)): return try equal(lhs, b, at: at)
        case (.optional(nil), _), (_, .optional(nil)): return false
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y, at: at)) { return false }
            return true
        case (.set(let a), .set(let b)):
            guard a.count == b.count else { return false }
            for x in a where !(try contains(b, x, at: at)) { return false }
            return true
        default:
            throw .invalid("'==' cannot compare \(lhs.typeName) and \(rhs.typeName) (not Equatable)", at.pair)
        }
    }

    /// `values.contains(value)` with Swift's `==`.
    func contains(_ values: [Value], _ value: Value, at: SyntaxPosition) throws(TreeLanguageError) -> Bool {
        for existing in values where try equal(existing, value, at: at) { return true }
        return false
    }

    // MARK: Types

    /// Converts a value to an annotated or parameter type, as Swift's type checker would accept it.
    func convert(_ value: Value, to type: TypeSyntax, at: SyntaxPosition) throws(TreeLanguageError) -> Value {
        switch (type, value) {
        case (.named("Int"), .int), (.named("Bool"), .bool), (.named("String"), .string),
            (.named("Storage"), .storage), (.named("ViewNode"), .node), (.named("ViewTree"), .tree),
            (.named("Recompute"), .recompute):
            return value
        case (.named("Any"), _):
            return value
        case (.optional, .optional(nil)):
            return value
        case (.optional(let wrapped), .optional(let inner?)):
            return .optional(try convert(inner, to: wrapped, at: at))
        case (.optional(let wrapped), _):
            return .optional(try convert(value, to: wrapped, at: at))
        case (.array(let element), .array(let elements)):
            var converted: [Value] = []
            for item in elements { converted.append(try convert(item, to: element, at: at)) }
            return .array(converted)
        case (.set(let element), .set(let elements)), (.set(let element), .array(let elements)):
            if case .array = value, !elements.isEmpty {
                // Only a literal converts to a Set; an Array value does not.
                throw .invalid("cannot convert value of type \(value.typeName) to Set<\(describe(element))>", at.pair)
            }
            var converted: [Value] = []
            for item in elements {
                let item = try convert(item, to: element, at: at)
                if !(try contains(converted, item, at: at)) {
                    converted.append(item)
                }
            }
            return .set(converted)
        case (.dictionary(let keyType, let valueType), .dictionary(let entries)):
            var converted: [Value.DictionaryEntry] = []
            for entry in entries {
                converted.append(
                    Value.DictionaryEntry(
                        key: try convert(entry.key, to: keyType, at: at),
                        value: try convert(entry.value, to: valueType, at: at),
                        origin: entry.origin))
            }
            return .dictionary(converted)
        case (.named(let name), _)
        where !["Int", "Bool", "String", "Storage", "ViewNode", "ViewTree", "Recompute"].contains(name):
            throw .unsupported("type '\(name)'", at.pair)
        default:
            throw .invalid("cannot convert value of type \(value.typeName) to \(describe(type))", at.pair)
        }
    }

    func describe(_ type: TypeSyntax) -> String {
        switch type {
        case .named(let name): name
        case .array(let element): "[\(describe(element))]"
        case .dictionary(let key, let value): "[\(describe(key)): \(describe(value))]"
        case .set(let element): "Set<\(describe(element))>"
        case .optional(let wrapped): "\(describe(wrapped))?"
        }
    }
}
