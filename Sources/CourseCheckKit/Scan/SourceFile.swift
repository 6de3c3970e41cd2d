/// A lesson file decoded into lines, with what decoding noticed on the way.
package struct SourceFile: Sendable {
    /// The path as the user wrote it, used in every diagnostic.
    package var path: String
    package var lines: [Line]
    /// True when the file started with a UTF-8 byte order mark (removed from `lines`).
    package var hadByteOrderMark: Bool

    package init(path: String, lines: [Line], hadByteOrderMark: Bool = false) {
        self.path = path
        self.lines = lines
        self.hadByteOrderMark = hadByteOrderMark
    }

    package init(path: String, text: String) {
        self.init(path: path, lines: LineScanner.lines(of: text))
    }

    /// The file's text as written: its byte order mark, then every line with its ending.
    package var text: String { (hadByteOrderMark ? "\u{FEFF}" : "") + lines.map(\.raw).joined() }

    /// Decodes raw bytes, refusing invalid UTF-8 and NUL bytes with a located error.
    package static func decode(_ bytes: [UInt8], path: String) -> Result<SourceFile, Diagnostic> {
        var body = bytes[...]
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hadBOM = body.starts(with: bom)
        if hadBOM { body = body.dropFirst(3) }
        // By memchr: a byte loop over every file cost about a percent of the default run.
        let nul = body.withUnsafeBufferPointer { ByteSearch.firstOffset(of: 0, in: $0) }.map { body.startIndex + $0 }
        if let offset = nul {
            return .failure(.encoding(at: location(of: offset, in: bytes, path: path), invalidByte: nil))
        }
        guard let lines = body.withUnsafeBufferPointer(LineScanner.lines(validating:)) else {
            let offset = UTF8Validator.firstInvalidByte(in: body) ?? body.startIndex
            return .failure(
                .encoding(
                    at: location(of: offset, in: bytes, path: path), invalidByte: (hex(bytes[offset]), offset)))
        }
        return .success(SourceFile(path: path, lines: lines, hadByteOrderMark: hadBOM))
    }

    private static func location(of offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(path: path, line: line, column: offset - lineStart + 1)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
