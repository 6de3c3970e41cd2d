/// GitHub's table rows as cmark-gfm's table extension reads them, for the block parser (a table
/// takes no setext underline) and the prose reader (which reads the cells).
enum TableRows {
    /// GitHub's delimiter row (cmark-gfm's `table_start`): cells of dashes with an optional colon
    /// on either side, split by pipes, outer pipes optional, so `:-` alone is one.
    static func isDelimiterRow(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func spaces() { while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() } }
        func marker() -> Bool {
            spaces()
            if bytes.first == UInt8(ascii: ":") { bytes = bytes.dropFirst() }
            let dashes = bytes.prefix { $0 == UInt8(ascii: "-") }.count
            guard dashes > 0 else { return false }
            bytes = bytes.dropFirst(dashes)
            if bytes.first == UInt8(ascii: ":") { bytes = bytes.dropFirst() }
            spaces()
            return true
        }
        spaces()
        if bytes.first == UInt8(ascii: "|") { bytes = bytes.dropFirst() }
        guard marker() else { return false }
        while bytes.first == UInt8(ascii: "|") {
            bytes = bytes.dropFirst()
            spaces()
            if bytes.isEmpty { return true }
            guard marker() else { return false }
        }
        return bytes.isEmpty
    }

    /// The cells of a row: split on unescaped pipes (a code span does not protect one in a GFM
    /// table), a leading and a trailing pipe opening and closing the row. As cmark-gfm's table
    /// extension reads them, a backslash right before a pipe escapes it whatever comes before the
    /// backslash (`\\|` too: its cell scanner never reads `\\` as an escaped backslash).
    static func cellCount(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        var low = 0
        var high = bytes.count
        while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
        while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
        guard low < high else { return 0 }
        var pipes: [Int] = []
        var index = low
        while index < high {
            if bytes[index] == UInt8(ascii: "|"), index == 0 || bytes[index - 1] != UInt8(ascii: "\\") {
                pipes.append(index)
            }
            index += 1
        }
        var cells = pipes.count + 1
        if pipes.first == low { cells -= 1 }
        if let last = pipes.last, last == high - 1, high - 1 != low || pipes.count > 1 { cells -= 1 }
        return max(cells, 0)
    }

    /// True when some line of `lines` and the next are a table's header and delimiter row as
    /// GitHub reads them (one delimiter cell per header cell): from there the paragraph is a table.
    static func holdTable(_ lines: [String]) -> Bool {
        guard lines.count >= 2 else { return false }
        for index in 0..<(lines.count - 1) where lines[index].utf8.contains(UInt8(ascii: "|")) {
            let delimiter = lines[index + 1]
            guard isDelimiterRow(delimiter) else { continue }
            if cellCount(lines[index]) == cellCount(delimiter) { return true }
        }
        return false
    }
}
