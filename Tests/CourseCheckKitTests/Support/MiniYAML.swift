/// A strict parser for the block-style YAML subset CI workflows use: mappings, sequences,
/// plain and double-quoted scalars, `[a, b]` flow sequences and `#` comments. Anything else throws,
/// so a workflow the subset cannot read fails the test instead of passing unread.
enum MiniYAML {
    indirect enum Node: Equatable {
        case scalar(String)
        case sequence([Node])
        case mapping([(String, Node)])

        static func == (lhs: Node, rhs: Node) -> Bool {
            switch (lhs, rhs) {
            case (.scalar(let a), .scalar(let b)): a == b
            case (.sequence(let a), .sequence(let b)): a == b
            case (.mapping(let a), .mapping(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
            default: false
            }
        }

        subscript(key: String) -> Node? {
            guard case .mapping(let pairs) = self else { return nil }
            return pairs.first { $0.0 == key }?.1
        }

        var scalar: String? {
            if case .scalar(let text) = self { return text }
            return nil
        }

        var items: [Node] {
            if case .sequence(let items) = self { return items }
            return []
        }
    }

    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    private struct Row {
        var number: Int
        var indent: Int
        var text: String
    }

    static func parse(_ text: String) throws -> Node {
        var rows: [Row] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            guard !line.contains("\t") else { throw ParseError(line: index + 1, message: "tab in indentation") }
            let content = stripComment(line)
            guard !content.trimmingCharacters(in: " ").isEmpty else { continue }
            let indent = content.prefix { $0 == " " }.count
            rows.append(Row(number: index + 1, indent: indent, text: String(content.dropFirst(indent))))
        }
        var index = 0
        let node = try parseBlock(rows, &index, indent: 0)
        guard index == rows.count else { throw ParseError(line: rows[index].number, message: "unexpected indentation") }
        return node
    }

    private static func parseBlock(_ rows: [Row], _ index: inout Int, indent: Int) throws -> Node {
        guard index < rows.count else { return .scalar("") }
        if rows[index].text.hasPrefix("- ") || rows[index].text == "-" {
            var items: [Node] = []
            while index < rows.count, rows[index].indent == indent, rows[index].text.hasPrefix("-") {
                let row = rows[index]
                let rest = String(row.text.dropFirst(1)).trimmingCharacters(in: " ")
                if rest.contains(": ") || rest.hasSuffix(":") {
                    // "- key: value" starts a mapping whose keys sit at indent + 2.
                    var replaced = rows
                    replaced[index] = Row(number: row.number, indent: indent + 2, text: rest)
                    items.append(try parseBlock(replaced, &index, indent: indent + 2))
                } else {
                    index += 1
                    items.append(try scalar(rest, line: row.number))
                }
            }
            return .sequence(items)
        }
        var pairs: [(String, Node)] = []
        while index < rows.count, rows[index].indent == indent {
            let row = rows[index]
            guard let colon = row.text.firstIndex(of: ":") else {
                throw ParseError(line: row.number, message: "expected 'key: value'")
            }
            let key = String(row.text[..<colon])
            let rest = String(row.text[row.text.index(after: colon)...]).trimmingCharacters(in: " ")
            index += 1
            if rest.isEmpty {
                guard index < rows.count, rows[index].indent > indent else {
                    pairs.append((key, .scalar("")))
                    continue
                }
                pairs.append((key, try parseBlock(rows, &index, indent: rows[index].indent)))
            } else {
                pairs.append((key, try scalar(rest, line: row.number)))
            }
        }
        return .mapping(pairs)
    }

    private static func scalar(_ text: String, line: Int) throws -> Node {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]") else { throw ParseError(line: line, message: "unclosed flow sequence") }
            let inner = text.dropFirst().dropLast()
            return .sequence(
                try inner.split(separator: ",").map { try scalar(String($0).trimmingCharacters(in: " "), line: line) })
        }
        if text.hasPrefix("\"") {
            guard text.count >= 2, text.hasSuffix("\"") else {
                throw ParseError(line: line, message: "unclosed string")
            }
            return .scalar(String(text.dropFirst().dropLast()))
        }
        if text.hasPrefix("{") || text.hasPrefix("|") || text.hasPrefix(">") || text.hasPrefix("&")
            || text.hasPrefix("*")
        {
            throw ParseError(line: line, message: "construct outside the supported subset: \(text)")
        }
        return .scalar(text)
    }

    private static func stripComment(_ line: String) -> String {
        var inQuotes = false
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if character == "\"" { inQuotes.toggle() }
            if character == "#" && !inQuotes && (previous == " " || offset == 0) {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
