extension Decomposed {
    /// A page's one finding for its text saved decomposed: at the first decomposed letter outside
    /// its fenced blocks, counting the others; nil when there is none (one byte scan of the file
    /// when it holds no combining mark). A code block's bytes are what a tree prints or compiles,
    /// compared by bytes where they are (`LineMismatch` names a decomposed letter there).
    static func finding(in file: SourceFile, bytes: [UInt8], blocks: [FencedBlock]) -> Diagnostic? {
        // By memchr, twice: a byte loop over every file cost about a percent of the default run.
        let marked = bytes.withUnsafeBufferPointer { buffer in
            ByteSearch.firstOffset(of: 0xCC, in: buffer) != nil || ByteSearch.firstOffset(of: 0xCD, in: buffer) != nil
        }
        guard marked else { return nil }
        var code: [ClosedRange<Int>] = []
        for block in blocks { code.append(block.opening.number...max(block.opening.number, block.closing.number)) }
        var first: (line: Int, column: Int, letter: Character)?
        var count = 0
        for line in file.lines where mayHold(line.text.utf8) && !code.contains(where: { $0.contains(line.number) }) {
            guard let found = letters(in: line.text[...]) else { continue }
            if first == nil { first = (line.number, found.offset + 1, found.first) }
            count += found.count
        }
        guard let first else { return nil }
        return .decomposedText(
            at: SourceLocation(path: file.path, line: first.line, column: first.column), letter: first.letter,
            others: count - 1)
    }
}
