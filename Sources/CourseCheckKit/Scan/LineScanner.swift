/// Splits text into `Line`s, keeping each line's number and terminator.
package enum LineScanner {
    /// Every line of `text`. A final terminator does not start an extra empty line.
    ///
    /// Works on UTF-8 bytes: terminators are ASCII, so every cut falls on a scalar boundary. Each
    /// line is copied out of `text` as a substring: the text is valid UTF-8 already, and
    /// `String(decoding:)` would check every line's bytes again (~4 M instructions a default run).
    package static func lines(of text: String) -> [Line] {
        var contiguous = text
        contiguous.makeContiguousUTF8()
        let text = contiguous
        let utf8 = text.utf8
        let cuts =
            utf8.withContiguousStorageIfAvailable(cuts(in:)) ?? Array(utf8).withUnsafeBufferPointer(cuts(in:))
        var lines: [Line] = []
        lines.reserveCapacity(cuts.count)
        for (number, cut) in zip(1..., cuts) {
            let range =
                utf8.index(utf8.startIndex, offsetBy: cut.start)..<utf8.index(utf8.startIndex, offsetBy: cut.end)
            lines.append(Line(number: number, text: String(text[range]), ending: cut.ending))
        }
        return lines
    }

    /// Every line of a file's bytes, each decoded as UTF-8 on its own, or nil when one is not valid
    /// UTF-8. Terminators are ASCII, which no multi-byte character holds, so the bytes are valid
    /// exactly when every line is. A line is decoded with repairs and is valid exactly when its
    /// text holds its bytes unchanged (a repair writes U+FFFD where the bytes held something
    /// else): decoding the whole file and then copying each line out of it as a substring cost
    /// ~2 M instructions more a default run, and `String(validating:)` a line, generic and not
    /// specialised, more still.
    package static func lines(validating bytes: UnsafeBufferPointer<UInt8>) -> [Line]? {
        let cuts = cuts(in: bytes)
        var lines: [Line] = []
        lines.reserveCapacity(cuts.count)
        var number = 0
        for cut in cuts {
            number += 1
            let line = UnsafeBufferPointer(rebasing: bytes[cut.start..<cut.end])
            var text = String(decoding: line, as: UTF8.self)
            guard text.withUTF8({ $0.sameBytes(line) }) else { return nil }
            lines.append(Line(number: number, text: text, ending: cut.ending))
        }
        return lines
    }

    /// Where each line starts and ends (before its terminator), by UTF-8 offset, and how it ends.
    /// Line feeds and carriage returns are found by memchr: a byte loop over every file cost
    /// ~13 instructions a byte, 3.5 M of a default run.
    private static func cuts(in bytes: UnsafeBufferPointer<UInt8>) -> [(start: Int, end: Int, ending: LineEnding)] {
        var cuts: [(start: Int, end: Int, ending: LineEnding)] = []
        var start = 0
        while start < bytes.count {
            let newline = ByteSearch.firstOffset(of: UInt8(ascii: "\n"), in: bytes, from: start) ?? bytes.count
            let line = UnsafeBufferPointer(rebasing: bytes[..<newline])
            if let cr = ByteSearch.firstOffset(of: UInt8(ascii: "\r"), in: line, from: start) {
                if cr + 1 == newline, newline < bytes.count {
                    cuts.append((start, cr, .crlf))
                    start = cr + 2
                } else {
                    cuts.append((start, cr, .cr))
                    start = cr + 1
                }
            } else if newline < bytes.count {
                cuts.append((start, newline, .lf))
                start = newline + 1
            } else {
                cuts.append((start, bytes.count, .none))
                start = bytes.count
            }
        }
        return cuts
    }
}
