/// Converts coursecheck's positions (1-based lines, 1-based UTF-8 byte columns, as swiftc counts)
/// to LSP's (0-based lines, 0-based offsets in the negotiated encoding's code units), using the
/// line's text, and applies an editor's ranged changes with the protocol's own line ends.
package enum PositionMapping {
    /// The unit LSP's `character` counts: UTF-16 code units unless the client offered another
    /// (`general.positionEncodings`) and the server chose it.
    package enum Encoding: String, Sendable, CaseIterable {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
        case utf32 = "utf-32"

        /// The code units `scalar` takes in this encoding.
        func width(_ scalar: Unicode.Scalar) -> Int {
            switch self {
            case .utf8: UTF8.width(scalar)
            case .utf16: UTF16.width(scalar)
            case .utf32: 1
            }
        }

        /// The length of `text` in this encoding's code units.
        func count(_ text: some StringProtocol) -> Int {
            switch self {
            case .utf8: text.utf8.count
            case .utf16: text.utf16.count
            case .utf32: text.unicodeScalars.count
            }
        }

        /// The client's first offered encoding the server supports (the client lists them in its
        /// order of preference), else UTF-16, which every client must accept.
        package static func negotiated(_ offered: [String]) -> Encoding {
            offered.lazy.compactMap(Encoding.init(rawValue:)).first ?? .utf16
        }
    }

    /// The offset of the 1-based UTF-8 byte `column` in `line`, in `encoding`'s units. A column
    /// inside a scalar rounds down to the scalar's start; one past the end clamps to the line's end.
    package static func offset(ofByteColumn column: Int, in line: String, _ encoding: Encoding = .utf16) -> Int {
        var bytes = 0
        var units = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            guard bytes + size <= column - 1 else { break }
            bytes += size
            units += encoding.width(scalar)
        }
        return units
    }

    /// The UTF-16 offset of the 1-based UTF-8 byte `column` in `line`.
    package static func utf16Offset(ofByteColumn column: Int, in line: String) -> Int {
        offset(ofByteColumn: column, in: line, .utf16)
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
    /// when known; without it the column is taken as is. coursecheck counts columns behind a byte
    /// order mark (the file is read behind it), so a first line that holds the mark, as a buffer
    /// that keeps it does, has the mark before column 1.
    static func range(of location: SourceLocation, lines: [String]?, _ encoding: Encoding = .utf16) -> JSONValue {
        let index = max(location.line - 1, 0)
        guard let lines, index < lines.count else {
            let start = position(line: index, character: max(location.column - 1, 0))
            return ["start": start, "end": start]
        }
        let text = lines[index]
        let mark: Unicode.Scalar = "\u{FEFF}"
        let marked = index == 0 && text.unicodeScalars.first == mark
        let start =
            marked
            ? encoding.width(mark)
                + offset(ofByteColumn: location.column, in: String(text.unicodeScalars.dropFirst()), encoding)
            : offset(ofByteColumn: location.column, in: text, encoding)
        let end = max(encoding.count(text), start)
        return ["start": position(line: index, character: start), "end": position(line: index, character: end)]
    }

    /// The UTF-8 offset in `bytes` of LSP position (`line`, `character`). Lines end at `\n`,
    /// `\r\n` or a lone `\r`, as the protocol counts them (and as `LineScanner` does); a line past
    /// the last is the text's end, and a character past its line's end (or inside a scalar) is
    /// clamped to the line's end (or the scalar's start).
    static func byteOffset(line: Int, character: Int, in bytes: [UInt8], _ encoding: Encoding) -> Int {
        var start = 0
        var remaining = line
        while remaining > 0 {
            guard let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return bytes.count }
            start = end + (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1)
            remaining -= 1
        }
        let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
        var index = start
        var units = 0
        while index < end {
            let lead = bytes[index]
            let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let width =
                switch encoding {
                case .utf8: size
                case .utf16: size == 4 ? 2 : 1
                case .utf32: 1
                }
            guard units + width <= character, index + size <= end else { break }
            units += width
            index += size
        }
        return index
    }

    /// `document` with the text between LSP positions `range` replaced by `text`; nil when the
    /// range is not one (a position missing, or its end before its start).
    static func apply(_ text: String, at range: JSONValue, to document: String, _ encoding: Encoding) -> String? {
        let bytes = Array(document.utf8)
        func offset(_ position: JSONValue?) -> Int? {
            guard let line = position?["line"]?.int, let character = position?["character"]?.int, line >= 0,
                character >= 0
            else { return nil }
            return byteOffset(line: line, character: character, in: bytes, encoding)
        }
        guard let start = offset(range["start"]), let end = offset(range["end"]), start <= end else { return nil }
        return String(decoding: bytes[..<start] + Array(text.utf8) + bytes[end...], as: UTF8.self)
    }
}
