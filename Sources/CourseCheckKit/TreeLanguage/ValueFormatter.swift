import InvalidationCore

/// Formats values exactly as Swift's `print` and string interpolation do.
///
/// `description` for the top level, `debugDescription` for collection elements and optional
/// payloads (strings quoted and escaped). Values whose Swift text depends on the hash seed or on
/// the module name are refused, so the toolchain engine runs those trees instead.
package enum ValueFormatter {
    package static func description(_ value: Value, at position: SyntaxPosition) throws(TreeLanguageError) -> String {
        try format(value, debug: false, at: position)
    }

    static func format(_ value: Value, debug: Bool, at position: SyntaxPosition) throws(TreeLanguageError) -> String {
        switch value {
        case .int(let number):
            return String(number)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .string(let text):
            return debug ? String(reflecting: text) : text
        case .optional(nil):
            return "nil"
        case .optional(let wrapped?):
            return "Optional(\(try format(wrapped, debug: true, at: position)))"
        case .array(let elements):
            var parts: [String] = []
            for element in elements { parts.append(try format(element, debug: true, at: position)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .set(let elements):
            guard elements.count <= 1 else {
                throw .unsupported(
                    "printing a Set of several elements (its order depends on the hash seed)", position.pair)
            }
            // Set's description looks like an array's; its debugDescription names the type.
            var inner = ""
            if let element = elements.first { inner = try format(element, debug: true, at: position) }
            return debug ? "Set([\(inner)])" : "[\(inner)]"
        case .dictionary(let entries):
            guard entries.count <= 1 else {
                throw .unsupported(
                    "printing a Dictionary of several entries (its order depends on the hash seed)", position.pair)
            }
            guard let entry = entries.first else { return "[:]" }
            return
                "[\(try format(entry.key, debug: true, at: position)): \(try format(entry.value, debug: true, at: position))]"
        case .storage(let storage) where !debug:
            let parts = storage.parts
            switch parts.name {
            case "state": return "state(owner: \(String(reflecting: parts.argument ?? "")))"
            case "model": return "model(object: \(String(reflecting: parts.argument ?? "")))"
            default: return parts.name
            }
        case .storage, .node, .tree, .recompute:
            throw .unsupported(
                "printing a \(value.typeName) value (Swift's text for it names the module)", position.pair)
        case .function, .keyPath:
            throw .unsupported("printing a \(value.typeName)", position.pair)
        case .void:
            return "()"
        }
    }
}
