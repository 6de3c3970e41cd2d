/// An opening or closing code fence, and the rules that recognise fence lines (CommonMark's fenced
/// code blocks): at most three spaces of indent, then three or more backticks or tildes.
package struct CodeFence: Sendable, Equatable {
    /// "`" or "~".
    package var character: Character
    package var length: Int
    /// Columns of indentation before the fence, after the container prefixes.
    package var indent: Int
    /// The text after the fence, trimmed of surrounding spaces and tabs, its entities and
    /// backslash escapes decoded.
    package var info: String

    package init(character: Character, length: Int, indent: Int, info: String) {
        self.character = character
        self.length = length
        self.indent = indent
        self.info = info
    }

    /// The fence that `line` opens, if any. A backtick fence's info string may not hold a backtick.
    package static func opening(_ line: Line) -> CodeFence? {
        let bytes = Array(line.text.utf8)
        let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        guard indent <= 3, var fence = openingRun(bytes[indent...]) else { return nil }
        fence.indent = indent
        return fence
    }

    /// A fence run at the start of `rest` (indentation already skipped): three or more backticks
    /// (whose info string holds no backtick) or tildes, with the info string trimmed.
    static func openingRun(_ rest: ArraySlice<UInt8>) -> CodeFence? {
        guard let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length)
        if first == UInt8(ascii: "`") && info.contains(UInt8(ascii: "`")) { return nil }
        var text = String(Substring(String(decoding: info, as: UTF8.self)).trimmingBlanks())
        // GitHub decodes entities and backslash escapes in the info string: `sw&#105;ft` is `swift`.
        if info.contains(UInt8(ascii: "&")) || info.contains(UInt8(ascii: "\\")) {
            text = InlineParser.unescape(Array(text.utf8))
        }
        return CodeFence(character: Character(Unicode.Scalar(first)), length: length, indent: 0, info: text)
    }

    /// A closing fence run at the start of `rest`: three or more backticks or tildes followed by
    /// nothing but spaces and tabs.
    static func closingRun(_ rest: ArraySlice<UInt8>) -> (character: Character, length: Int)? {
        guard let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3, rest.dropFirst(length).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return (Character(Unicode.Scalar(first)), length)
    }
}

extension Substring {
    /// Drops leading and trailing spaces and tabs.
    func trimmingBlanks() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
