/// Splits text into `Line`s, keeping each line's number and terminator.
package enum LineScanner {
    /// Every line of `text`. A final terminator does not start an extra empty line.
    ///
    /// Works on UTF-8 bytes: terminators are ASCII, so every cut falls on a scalar boundary.
    package static func lines(of text: String) -> [Line] {
        var lines: [Line] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            var number = 1
            func cut(_ end: Int, _ ending: LineEnding) {
                lines.append(
                    Line(number: number, text: String(decoding: bytes[start..<end], as: UTF8.self), ending: ending))
                number += 1
            }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    cut(index, .lf)
                    index += 1
                    start = index
                case UInt8(ascii: "\r"):
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") {
                        cut(index, .crlf)
                        index += 2
                    } else {
                        cut(index, .cr)
                        index += 1
                    }
                    start = index
                default:
                    index += 1
                }
            }
            if start < bytes.count { cut(bytes.count, .none) }
        }
        return lines
    }
}
