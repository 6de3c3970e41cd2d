/// An opening fence indented one to three spaces: CommonMark takes up to that many spaces off the
/// start of each line of the block, so a core or an expected block typed flush with its fence
/// shows every indented line shorter than the file holds it. When the block as typed is what it
/// is compared with and the block as shown is not, the fence's indentation is the one slip: one
/// finding at the fence, whose fix (delete the blanks before it) converges, never a drift at the
/// first indented line with a diff of every line.
///
/// A tree's lines lose the same spaces, but a tree runs as GitHub shows it (its source is the
/// rendered body), so its fence's indentation changes nothing that is run or compared.
enum FenceIndentation {
    /// True when `block`'s opening fence is indented, the blanks it takes make the difference, and
    /// the body as written is `reference` line for line. Asked only of a block that already
    /// differs as shown; an unindented fence (every fence of a lesson but a slip) costs one test.
    static func explains(_ block: FencedBlock, _ reference: [Line]) -> Bool {
        guard block.fence.indent > 0, !block.bodyFenceTaken.isEmpty else { return false }
        return LineMismatch.first(block: block.writtenBody.map(\.rendered), expected: reference) == nil
    }

    /// Where the fence's indentation starts: the first blank before its run.
    static func location(_ block: FencedBlock, in path: String) -> SourceLocation {
        SourceLocation(
            path: path, line: block.opening.number, column: max(1, block.openingColumn - block.fence.indent))
    }
}
