/// The first place where a block in a lesson stops matching the lines it must equal,
/// with the invisible cause named when there is one.
public struct LineMismatch: Sendable, Equatable {
    /// Index into the block's lines, or `block.count` when the block ran out of lines.
    public var index: Int
    /// 1-based UTF-8 column of the first differing byte within the line.
    public var column: Int
    /// Why the lines differ, when the cause is easy to miss: CRLF, a tab, trailing whitespace.
    public var cause: String?

    /// Compares a block's lines with the lines it must equal, terminators included.
    /// Returns nil when they are equal byte for byte.
    public static func first(block: [Line], expected: [Line]) -> LineMismatch? {
        for index in 0..<max(block.count, expected.count) {
            guard index < block.count else {
                let missing = expected.count - block.count
                return LineMismatch(
                    index: index, column: 1,
                    cause: "the block ends \(missing) line\(missing == 1 ? "" : "s") early")
            }
            let line = block[index]
            guard index < expected.count else {
                let extra = block.count - expected.count
                return LineMismatch(
                    index: index, column: 1,
                    cause: "the block has \(extra) extra line\(extra == 1 ? "" : "s")")
            }
            let want = expected[index]
            guard line.raw != want.raw else { continue }
            let column = commonPrefixLength(Array(line.text.utf8), Array(want.text.utf8)) + 1
            return LineMismatch(index: index, column: column, cause: cause(line, wanted: want))
        }
        return nil
    }

    private static func commonPrefixLength(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        while count < a.count && count < b.count && a[count] == b[count] { count += 1 }
        return count
    }

    private static func cause(_ line: Line, wanted wantedLine: Line) -> String? {
        let wanted = wantedLine.text
        if line.text == wanted {
            return line.ending == .none
                ? "the line has no final newline"
                : "the line ends with \(line.ending.name); expected \(wantedLine.ending.name)"
        }
        if line.text.contains("\t") && !wanted.contains("\t") {
            return "the line has a tab where spaces are expected"
        }
        if line.text.hasPrefix("\u{FEFF}") {
            return "the line starts with a byte order mark (U+FEFF)"
        }
        let trimmed = line.text.reversed().drop { $0 == " " || $0 == "\t" }
        if trimmed.count != line.text.count && String(trimmed.reversed()) == wanted {
            return "the line has trailing whitespace"
        }
        let wantedTrimmed = wanted.reversed().drop { $0 == " " || $0 == "\t" }
        if wantedTrimmed.count != wanted.count && String(wantedTrimmed.reversed()) == line.text {
            return "the line lacks the trailing whitespace that is expected"
        }
        return nil
    }
}
