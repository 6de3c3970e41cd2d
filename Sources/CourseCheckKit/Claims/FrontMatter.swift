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
                entries[key]?.items.append(scalar(String(trimmed.dropFirst(2))))
                continue
            }
            guard let colon = line.text.firstIndex(of: ":"), !line.text.hasPrefix(" "), !line.text.hasPrefix("#") else { continue }
            let key = String(line.text[..<colon])
            let value = scalar(String(line.text[line.text.index(after: colon)...]))
            entries[key] = Entry(value: value, items: [], line: line.number)
            currentList = value.isEmpty ? key : nil
        }
        return nil
    }

    /// A YAML flow scalar as the front matter uses them: `'it''s'` → `it's`; `"a\"b"` → `a"b`
    /// (with YAML's escapes); a plain scalar up to a comment (` # …`, a `#` after a blank), trimmed.
    static func scalar(_ raw: String) -> String {
        let text = Array(raw.utf8.drop { $0 == 0x20 || $0 == 0x09 })
        guard let first = text.first else { return "" }
        if first == UInt8(ascii: "'") {
            var value: [UInt8] = []
            var index = 1
            while index < text.count {
                if text[index] == UInt8(ascii: "'") {
                    guard index + 1 < text.count, text[index + 1] == UInt8(ascii: "'") else {
                        return String(decoding: value, as: UTF8.self)
                    }
                    index += 1
                }
                value.append(text[index])
                index += 1
            }
            return raw  // unterminated: not a quoted scalar; keep the text as written
        }
        if first == UInt8(ascii: "\"") {
            var value = ""
            var scalars = String(decoding: text.dropFirst(), as: UTF8.self).unicodeScalars.makeIterator()
            let escapes: [Unicode.Scalar: String] = [
                "n": "\n", "t": "\t", "\\": "\\", "\"": "\"", "/": "/", "0": "\0", "r": "\r", " ": " ", "_": "\u{A0}",
            ]
            while let scalar = scalars.next() {
                if scalar == "\"" { return value }
                guard scalar == "\\" else {
                    value.unicodeScalars.append(scalar)
                    continue
                }
                guard let escaped = scalars.next() else { break }
                if let replacement = escapes[escaped] {
                    value += replacement
                } else if escaped == "u" || escaped == "x" || escaped == "U" {
                    var hex = ""
                    for _ in 0..<(escaped == "x" ? 2 : escaped == "u" ? 4 : 8) { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                    if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) { value.unicodeScalars.append(decoded) }
                } else {
                    value += "\\" + String(escaped)
                }
            }
            return raw  // unterminated
        }
        // Plain scalar: a comment starts at a `#` that follows a blank.
        var end = text.count
        for index in 1..<max(text.count, 1) where text[index] == UInt8(ascii: "#") && (text[index - 1] == 0x20 || text[index - 1] == 0x09) {
            end = index
            break
        }
        if first == UInt8(ascii: "#") { end = 0 }
        while end > 0 && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        return String(decoding: text[..<end], as: UTF8.self)
    }
}
