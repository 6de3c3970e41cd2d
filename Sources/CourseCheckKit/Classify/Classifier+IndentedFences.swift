/// A `swift` block other than the core (a tree, a display fragment) whose opening fence is indented
/// one to three spaces past its containers: CommonMark takes up to that many spaces off each of its
/// lines, so readers see its code indented otherwise than written (4 and 8 spaces as 2 and 6), and
/// a multi-line string's lines shifted. One finding at the fence, and the block read as written, so
/// a tree runs as its author typed it and nothing downstream (an output drift) is reported. The
/// expected block and the core say it through their comparison, where it changes what they show.
/// A block indented whole with its fence renders as the unindented one: no finding.
extension Classifier {
    /// `fenced` with each such block's body as written, and the findings at their fences.
    static func indentedSwiftFences(_ fenced: [FencedBlock], path: String, coreMarker: String) -> (
        blocks: [FencedBlock], findings: [Diagnostic]
    ) {
        // Cheap first: every fence of a lesson but a slip stands at its containers' column.
        guard fenced.contains(where: { $0.fence.indent > 0 && !$0.bodyFenceTaken.isEmpty }) else { return (fenced, []) }
        var findings: [Diagnostic] = []
        let blocks = fenced.map { block -> FencedBlock in
            // A block whose every line is indented with its fence was shifted whole, as its author
            // laid it out: readers see it as the unindented block, which is no slip.
            let shifted = block.body.indices.allSatisfy { index in
                block.body[index].text.allSatisfy { $0 == " " || $0 == "\t" }
                    || block.bodyFenceTaken[index]?.utf8.count == block.fence.indent
            }
            guard block.fence.indent > 0, block.fence.indent < 4, !block.dependsOnRenderer, !shifted,
                let first = block.bodyFenceTaken.keys.min(), block.language == "swift",
                block.body.first.map({ !$0.text.hasPrefix(coreMarker) }) ?? false
            else { return block }
            let tree = block.body.first?.text.hasPrefix(BlockRole.treeMarker) ?? false
            findings.append(
                .indentedFence(
                    at: SourceLocation(
                        path: path, line: block.opening.number,
                        column: max(1, block.openingColumn - block.fence.indent)),
                    indent: block.fence.indent, what: tree ? "tree" : "fragment", line: block.body[first].number))
            var written = block
            written.body = block.writtenBody
            // The blanks are the line's text now, no longer its prefix: a column in it (a compile
            // error's) maps to the file as before.
            for (index, taken) in block.bodyFenceTaken where index < written.bodyPrefixLengths.count {
                written.bodyPrefixLengths[index] -= taken.utf8.count
            }
            written.bodyFenceTaken = [:]
            return written
        }
        return (blocks, findings)
    }
}
