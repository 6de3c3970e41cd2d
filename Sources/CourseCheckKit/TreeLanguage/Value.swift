import InvalidationCore

/// A runtime value of the tree language. Core values wrap the compiled core's own types.
package indirect enum Value {
    case int(Int)
    case bool(Bool)
    case string(String)
    /// An optional: `.optional(nil)` is `nil`.
    case optional(Value?)
    case array([Value])
    /// Distinct elements in insertion order; Swift's order depends on the hash seed.
    case set([Value])
    case dictionary([DictionaryEntry])
    case storage(CoreStorage)
    case node(CoreNode, origin: SyntaxPosition)
    case tree(CoreTree, nodeOrigins: [SyntaxPosition])
    case recompute(CoreRecompute)
    case function(Callable)
    /// `\.a.b`
    case keyPath([String])
    /// The value of a call that returns nothing.
    case void

    /// One entry of a dictionary, with where its key was written (for lints).
    package struct DictionaryEntry {
        package var key: Value
        package var value: Value
        package var origin: SyntaxPosition?
    }

    /// True for `[]`, an empty set or `[:]`, whose element type any context can supply.
    var isEmptyCollection: Bool {
        switch self {
        case .array(let elements), .set(let elements): elements.isEmpty
        case .dictionary(let entries): entries.isEmpty
        default: false
        }
    }

    /// The Swift type name, for messages.
    package var typeName: String {
        switch self {
        case .int: "Int"
        case .bool: "Bool"
        case .string: "String"
        case .optional(let wrapped): wrapped.map { "Optional<\($0.typeName)>" } ?? "Optional"
        case .array(let elements): "[\(elements.first?.typeName ?? "Any")]"
        case .set(let elements): "Set<\(elements.first?.typeName ?? "Any")>"
        case .dictionary(let entries):
            "[\(entries.first?.key.typeName ?? "Any"): \(entries.first?.value.typeName ?? "Any")]"
        case .storage: "Storage"
        case .node: "ViewNode"
        case .tree: "ViewTree"
        case .recompute: "Recompute"
        case .function: "function"
        case .keyPath: "KeyPath"
        case .void: "()"
        }
    }
}

/// Something that can be called: a `func`, a closure, or a builtin.
package struct Callable {
    package enum Body {
        case function(FunctionSyntax)
        case closure(parameters: [String], body: [StatementSyntax])
    }

    package var body: Body
    /// The scope the callable was created in.
    var scope: Scope
}

/// A lexical scope: names to values, with a parent.
final class Scope {
    private var names: [String: Value] = [:]
    let parent: Scope?

    init(parent: Scope?) {
        self.parent = parent
    }

    func lookup(_ name: String) -> Value? {
        names[name] ?? parent?.lookup(name)
    }

    func isDeclaredHere(_ name: String) -> Bool {
        names[name] != nil
    }

    func declare(_ name: String, _ value: Value) {
        names[name] = value
    }

    func removeAll() {
        names.removeAll()
    }
}
