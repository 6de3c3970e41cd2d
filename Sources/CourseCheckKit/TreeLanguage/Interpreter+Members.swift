import InvalidationCore

extension Interpreter {
    /// A property of a value: `count`, `nodes`, `view`, `cause`, ...
    func member(_ base: Value, _ name: String, at: SyntaxPosition) throws(TreeLanguageError) -> Value {
        switch (base, name) {
        case (.array(let elements), "count"), (.set(let elements), "count"): return .int(elements.count)
        case (.array(let elements), "isEmpty"), (.set(let elements), "isEmpty"): return .bool(elements.isEmpty)
        case (.array(let elements), "first"): return .optional(elements.first)
        case (.array(let elements), "last"): return .optional(elements.last)
        case (.dictionary(let entries), "count"): return .int(entries.count)
        case (.dictionary(let entries), "isEmpty"): return .bool(entries.isEmpty)
        case (.string(let text), "count"): return .int(text.count)
        case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
        case (.tree(let tree, let origins), "nodes"):
            return .array(zip(tree.nodes, origins).map { Value.node($0, origin: $1) })
        case (.tree(let tree, _), "storage"):
            return .dictionary(
                tree.storage.map { Value.DictionaryEntry(key: .string($0.key), value: .storage($0.value), origin: nil) }
            )
        case (.node(let node, _), "name"): return .string(node.name)
        case (.node(let node, _), "parent"): return .optional(node.parent.map(Value.string))
        case (.node(let node, _), "reads"): return .set(node.reads.map(Value.string))
        case (.recompute(let recompute), "view"): return .string(recompute.view)
        case (.recompute(let recompute), "cause"): return .string(recompute.cause)
        case (.optional, _):
            throw .invalid("value of optional type \(base.typeName) must be unwrapped to use '\(name)'", at.pair)
        case (.set, "first"), (.dictionary, "keys"), (.dictionary, "values"), (.dictionary, "first"):
            throw .unsupported("'\(name)' of a \(base.typeName) (its order depends on the hash seed)", at.pair)
        default:
            if Self.methods[base.typeName.prefix(while: { $0 != "<" && $0 != "[" }).description]?.contains(name) == true
                || (name != "count" && Self.collectionMethods.contains(name))
            {
                throw .unsupported("method '\(name)' used without calling it", at.pair)
            }
            throw .invalid("value of type \(base.typeName) has no member '\(name)'", at.pair)
        }
    }

    static let collectionMethods: Set<String> = [
        "map", "flatMap", "filter", "contains", "joined", "sorted", "allSatisfy", "first",
    ]
    static let methods: [String: Set<String>] = [
        "ViewTree": ["change", "ancestors", "cause"],
        "String": ["uppercased", "lowercased", "hasPrefix", "hasSuffix"],
    ]

    /// `base.name(arguments)`.
    func method(_ base: Value, _ name: String, _ arguments: [ArgumentSyntax], in scope: Scope, at: SyntaxPosition)
        throws(TreeLanguageError) -> Value
    {
        switch base {
        case .tree(let tree, let origins):
            return try treeMethod(tree, origins: origins, name, arguments, in: scope, at: at)
        case .array(let elements):
            return try collectionMethod(elements, name, arguments, in: scope, at: at)
        case .set(let elements):
            guard name == "contains" || name == "allSatisfy" else {
                throw .unsupported("'\(name)' on a Set (its order depends on the hash seed)", at.pair)
            }
            return try collectionMethod(elements, name, arguments, in: scope, at: at)
        case .string(let text):
            switch name {
            case "uppercased", "lowercased":
                _ = try evaluateArguments(arguments, [], name: name, in: scope, at: at)
                return .string(name == "uppercased" ? text.uppercased() : text.lowercased())
            case "hasPrefix", "hasSuffix":
                let values = try evaluateArguments(arguments, [(nil, .named("String"))], name: name, in: scope, at: at)
                guard case .string(let affix) = values[0] else { throw .invalid("'\(name)' needs a String", at.pair) }
                return .bool(name == "hasPrefix" ? text.hasPrefix(affix) : text.hasSuffix(affix))
            default:
                break
            }
        default:
            break
        }
        throw .invalid("value of type \(base.typeName) has no method '\(name)' in the tree language", at.pair)
    }

    private func collectionMethod(
        _ elements: [Value], _ name: String, _ arguments: [ArgumentSyntax], in scope: Scope, at: SyntaxPosition
    )
        throws(TreeLanguageError) -> Value
    {
        func function() throws(TreeLanguageError) -> Value {
            guard arguments.count == 1 else { throw .invalid("'\(name)' takes one closure", at.pair) }
            return try evaluate(arguments[0].value, in: scope, expecting: Interpreter.closureContext)
        }
        func predicate(_ element: Value, _ function: Value) throws(TreeLanguageError) -> Bool {
            guard case .bool(let flag) = try apply(function, [element], at: at) else {
                throw .invalid("the closure of '\(name)' must return a Bool", at.pair)
            }
            return flag
        }
        switch name {
        case "map":
            let transform = try function()
            var result: [Value] = []
            for element in elements { result.append(try apply(transform, [element], at: at)) }
            return .array(result)
        case "flatMap":
            let transform = try function()
            var result: [Value] = []
            for element in elements {
                guard case .array(let inner) = try apply(transform, [element], at: at) else {
                    throw .unsupported("'flatMap' whose closure does not return an array", at.pair)
                }
                result += inner
            }
            return .array(result)
        case "filter":
            let test = try function()
            var result: [Value] = []
            for element in elements where try predicate(element, test) { result.append(element) }
            return .array(result)
        case "allSatisfy":
            let test = try function()
            for element in elements where !(try predicate(element, test)) { return .bool(false) }
            return .bool(true)
        case "contains", "first":
            guard arguments.count == 1 else { throw .invalid("'\(name)' takes one argument", at.pair) }
            if arguments[0].label == "where" || (arguments[0].label == nil && isClosure(arguments[0].value)) {
                let test = try function()
                for element in elements where try predicate(element, test) {
                    return name == "contains" ? .bool(true) : .optional(element)
                }
                return name == "contains" ? .bool(false) : .optional(nil)
            }
            guard name == "contains", arguments[0].label == nil else {
                throw .invalid("'\(name)' takes 'where:'", at.pair)
            }
            let needle = try evaluate(arguments[0].value, in: scope, expecting: nil)
            for element in elements where try equal(element, needle, at: at) { return .bool(true) }
            return .bool(false)
        case "joined":
            let separator: String
            if arguments.isEmpty {
                separator = ""
            } else {
                let values = try evaluateArguments(
                    arguments, [("separator", .named("String"))], name: name, in: scope, at: at)
                guard case .string(let text) = values[0] else { throw .invalid("separator must be a String", at.pair) }
                separator = text
            }
            var parts: [String] = []
            for element in elements {
                guard case .string(let text) = element else {
                    throw .invalid("'joined' needs an array of String, not \(element.typeName)", at.pair)
                }
                parts.append(text)
            }
            return .string(parts.joined(separator: separator))
        case "sorted":
            _ = try evaluateArguments(arguments, [], name: name, in: scope, at: at)
            if let strings = elements.allStrings { return .array(strings.sorted().map(Value.string)) }
            if let numbers = elements.allInts { return .array(numbers.sorted().map(Value.int)) }
            throw .invalid("'sorted()' needs an array of String or Int", at.pair)
        default:
            throw .unsupported("method '\(name)' of a collection", at.pair)
        }
    }

    private func isClosure(_ expression: ExpressionSyntax) -> Bool {
        switch expression.kind {
        case .closure, .keyPath: true
        default: false
        }
    }

    /// `base[index]` for arrays and `base[key]` for dictionaries.
    func subscriptValue(_ base: Value, _ arguments: [ArgumentSyntax], in scope: Scope, at: SyntaxPosition)
        throws(TreeLanguageError) -> Value
    {
        guard arguments.count == 1, arguments[0].label == nil else {
            throw .unsupported("subscript with \(arguments.count) or labelled arguments", at.pair)
        }
        let key = try evaluate(arguments[0].value, in: scope, expecting: nil)
        switch (base, key) {
        case (.array(let elements), .int(let index)):
            guard elements.indices.contains(index) else { throw .trap("Fatal error: Index out of range", at.pair) }
            return elements[index]
        case (.dictionary(let entries), _):
            for entry in entries where try equal(entry.key, key, at: at) { return .optional(entry.value) }
            return .optional(nil)
        default:
            throw .unsupported("subscript of \(base.typeName) with \(key.typeName)", at.pair)
        }
    }
}

extension Array where Element == Value {
    var allStrings: [String]? {
        var result: [String] = []
        for element in self {
            guard case .string(let text) = element else { return nil }
            result.append(text)
        }
        return result
    }

    var allInts: [Int]? {
        var result: [Int] = []
        for element in self {
            guard case .int(let number) = element else { return nil }
            result.append(number)
        }
        return result
    }
}
