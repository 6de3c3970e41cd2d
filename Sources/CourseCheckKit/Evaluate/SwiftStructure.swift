import Foundation

/// A Swift file's top-level structure as the installed compiler's parser reads it
/// (`swiftc -frontend -dump-parse -dump-ast-format json`): the items at file scope, the names
/// they declare, and what in the top-level code depends on being at file scope.
///
/// Only facts the parser states are kept; nothing is guessed from the text. Reading is total:
/// any JSON, or none, gives a structure or nil, never a trap.
package struct SwiftStructure: Sendable, Codable, Equatable {
    /// One item at file scope.
    package struct Item: Sendable, Codable, Equatable {
        /// The parser's node kind: `top_level_code_decl`, `var_decl`, `struct_decl`, …
        package var kind: String
        /// Where it starts: 1-based line and UTF-8 column in the file.
        package var line: Int
        package var column: Int
        /// The name it declares, if it declares one.
        package var name: String?
        /// The kinds of its attributes and modifiers (`access_control_attr`, `lazy_attr`, …).
        package var attributes: [String]
        /// Statements and expressions in top-level code that mean something else inside a
        /// function: `return_stmt`, `throw_stmt`, `try_expr`, `await_expr`, found outside every
        /// closure, function and type.
        package var fileScopeOnly: [String]
        /// The names it refers to without qualification, anywhere inside it.
        package var references: Set<String> = []
    }

    package var items: [Item]
    /// The parser's own errors, as swiftc printed them (empty when the file parses).
    package var errors: [String]
    /// Every name the file refers to without qualification (`print`, `Set`, `node`).
    package var referencedNames: Set<String> { items.reduce(into: []) { $0.formUnion($1.references) } }
    /// Every name the file declares below file scope: members, parameters, locals.
    package var innerNames: Set<String>
    /// Names passed `inout` (`&x`) anywhere in the file.
    package var inoutNames: Set<String> = []

    /// Names the file resolves at module scope: its own top-level declarations, and the names it
    /// refers to that nothing inside it declares (the standard library's, or another file's).
    /// A global of the same name in another file of the module changes what they mean.
    package var moduleScopeNames: Set<String> {
        Set(items.compactMap(\.name)).union(referencedNames.subtracting(innerNames))
    }

    /// Kinds that, met in top-level code, mean something else inside a function.
    /// (A top-level `defer` is not one: it runs when the top-level code ends, as in a function.)
    static let fileScopeOnlyKinds: Set<String> = ["return_stmt", "throw_stmt", "try_expr", "await_expr", "yield_stmt"]
    /// Kinds whose bodies are their own scope: a `return` inside one is the body's.
    static let scopeKinds: Set<String> = [
        "closure_expr", "func_decl", "accessor_decl", "constructor_decl", "destructor_decl", "subscript_decl",
        "struct_decl", "class_decl", "enum_decl", "actor_decl", "protocol", "protocol_decl", "extension_decl",
    ]

    /// Reads the parser's JSON for one file whose bytes are `source`; nil when it is not the
    /// parser's output for a file (an unknown format is never read as an empty file).
    package static func read(json: [UInt8], source: [UInt8], errors: [String] = []) -> SwiftStructure? {
        // A file with no item (empty, or all of it in an inactive `#if`) has no `items` at all.
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            object["_kind"] as? String == "source_file", let nodes = object["items"].map({ $0 as? [Any] }) ?? []
        else { return nil }
        let lines = LineStarts(source)
        var structure = SwiftStructure(items: [], errors: errors, innerNames: [])
        for case let node as [String: Any] in nodes {
            guard let kind = node["_kind"] as? String else { return nil }
            let offset = (node["range"] as? [String: Any])?["start"] as? Int ?? 0
            let (line, column) = lines.position(ofByte: offset)
            var item = Item(
                kind: kind, line: line, column: column, name: Self.name(of: node),
                attributes: (node["attrs"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["_kind"] as? String },
                fileScopeOnly: [])
            // Top-level code, and a top-level binding's initialiser (`let x = try f()`).
            if kind == "top_level_code_decl", let body = node["body"] as? [String: Any] {
                Self.collectFileScopeOnly(body, into: &item.fileScopeOnly)
            } else if kind == "pattern_binding_decl" {
                Self.collectFileScopeOnly(node, into: &item.fileScopeOnly)
            }
            Self.collectNames(node, into: &structure, references: &item.references)
            structure.items.append(item)
        }
        return structure
    }

    /// The declared name of a node: `"name": {"base_name": {"name": "x"}}`.
    static func name(of node: [String: Any]) -> String? {
        guard let name = node["name"] as? [String: Any], let base = name["base_name"] as? [String: Any] else {
            return nil
        }
        return base["name"] as? String
    }

    /// Collects the file-scope-only kinds in top-level code, without entering a nested scope.
    /// Iterative, so a deeply nested file cannot exhaust the stack.
    private static func collectFileScopeOnly(_ root: Any, into found: inout [String]) {
        var pending: [Any] = [root]
        while let value = pending.popLast() {
            if let node = value as? [String: Any] {
                let kind = node["_kind"] as? String ?? ""
                if scopeKinds.contains(kind) { continue }
                if fileScopeOnlyKinds.contains(kind) && !found.contains(kind) { found.append(kind) }
                pending.append(contentsOf: node.values)
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array)
            }
        }
    }

    /// Collects referenced names everywhere, and names declared below file scope (`depth` > 0).
    private static func collectNames(
        _ root: [String: Any], into structure: inout SwiftStructure, references: inout Set<String>
    ) {
        var pending: [(value: Any, inner: Bool)] = [(root, false)]
        while let (value, inner) = pending.popLast() {
            if let node = value as? [String: Any] {
                let kind = node["_kind"] as? String ?? ""
                switch kind {
                case "unresolved_decl_ref_expr":
                    if let name = node["name"] as? String { references.insert(name) }
                case "type_unqualified_ident":
                    if let name = node["id"] as? String { references.insert(name) }
                case "inout_expr":
                    // Every name in the operand: `&y[0]` and `&point.x` pass `y` and `point`.
                    var operand = Set<String>()
                    if let sub = node["sub_expr"] as? [String: Any] {
                        collectNames(sub, into: &structure, references: &operand)
                    }
                    structure.inoutNames.formUnion(operand)
                default:
                    if inner, kind.hasSuffix("_decl") || kind == "parameter" || kind == "pattern_named",
                        let name = Self.name(of: node)
                    {
                        structure.innerNames.insert(name)
                    }
                }
                // Everything below a top-level item is inner, except the bindings of top-level code,
                // which the parser lists again as file-scope `var_decl` items.
                let below = inner || (kind.hasSuffix("_decl") && kind != "top_level_code_decl")
                for child in node.values { pending.append((child, below)) }
            } else if let array = value as? [Any] {
                for child in array { pending.append((child, inner)) }
            }
        }
    }
}

/// Byte offsets to 1-based lines and columns.
struct LineStarts {
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    }

    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before the offset (binary search; offsets past the end clamp).
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, max(offset - starts[low], 0) + 1)
    }
}
