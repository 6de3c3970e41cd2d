/// Converts coursecheck's positions (1-based lines, 1-based UTF-8 byte columns, as swiftc counts)
/// to LSP's (0-based lines, 0-based UTF-16 code unit offsets), using the line's text.
package enum PositionMapping {
    /// The UTF-16 offset of the 1-based UTF-8 byte `column` in `line`. A column inside a scalar
    /// rounds down to the scalar's start; one past the end clamps to the line's end.
    package static func utf16Offset(ofByteColumn column: Int, in line: String) -> Int {
        var bytes = 0
        var units = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            guard bytes + size <= column - 1 else { break }
            bytes += size
            units += UTF16.width(scalar)
        }
        return units
    }

    /// The 1-based UTF-8 byte column of the UTF-16 `offset` in `line` (for requests from the editor).
    package static func byteColumn(ofUTF16Offset offset: Int, in line: String) -> Int {
        var bytes = 0
        var units = 0
        for scalar in line.unicodeScalars {
            guard units + UTF16.width(scalar) <= offset else { break }
            units += UTF16.width(scalar)
            bytes += UTF8.width(scalar)
        }
        return bytes + 1
    }

    /// LSP `{line, character}`.
    static func position(line: Int, character: Int) -> JSONValue {
        ["line": .int(line), "character": .int(character)]
    }

    /// The range of a finding: from its column to the end of its line, so the editor underlines the
    /// rest of the line (an empty range at the end of an empty line). `lines` is the file's text,
    /// when known; without it the column is taken as is.
    static func range(of location: SourceLocation, lines: [String]?) -> JSONValue {
        let index = max(location.line - 1, 0)
        guard let lines, index < lines.count else {
            let start = position(line: index, character: max(location.column - 1, 0))
            return ["start": start, "end": start]
        }
        let text = lines[index]
        let start = utf16Offset(ofByteColumn: location.column, in: text)
        let end = max(text.utf16.count, start)
        return ["start": position(line: index, character: start), "end": position(line: index, character: end)]
    }
}
