/// The YAML front matter of a lesson or of the course index: `key: value` lines and `key:` lists
/// of `- item`, between two `---` lines at the top of the file.
public struct FrontMatter: Sendable, Equatable {
    /// A scalar or list value, with the line it is on.
    public struct Entry: Sendable, Equatable {
        public var value: String
        public var items: [String]
        public var line: Int
    }

    public var entries: [String: Entry]
    /// The line of the closing `---`.
    public var closingLine: Int

    public subscript(key: String) -> Entry? { entries[key] }

    /// Reads the front matter, or nil when the file does not start with `---`.
    public static func parse(_ lines: [Line]) -> FrontMatter? {
        guard lines.first?.text == "---" else { return nil }
        var entries: [String: Entry] = [:]
        var currentList: String?
        for line in lines.dropFirst() {
            if line.text == "---" { return FrontMatter(entries: entries, closingLine: line.number) }
            let trimmed = line.text.drop { $0 == " " }
            if trimmed.hasPrefix("- "), let key = currentList {
                entries[key]?.items.append(unquote(String(trimmed.dropFirst(2))))
                continue
            }
            guard let colon = line.text.firstIndex(of: ":"), !line.text.hasPrefix(" ") else { continue }
            let key = String(line.text[..<colon])
            let value = String(line.text[line.text.index(after: colon)...].drop { $0 == " " })
            entries[key] = Entry(value: unquote(value), items: [], line: line.number)
            currentList = value.isEmpty ? key : nil
        }
        return nil
    }

    /// `'it''s'` → `it's`; `"x"` → `x`; plain scalars as they are.
    static func unquote(_ value: String) -> String {
        if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") {
            return String(value.dropFirst().dropLast()).replacingOccurrences("''", with: "'")
        }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            return String(value.dropFirst().dropLast())
        }
        return value
    }
}
