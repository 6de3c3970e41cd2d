/// Checks that a lesson's core block is byte-for-byte the embedded core.
package struct CoreDriftCheck: Sendable {
    package let embeddedCore: String
    /// The core's lines, split once: every lesson's core block is compared with them.
    let expected: [Line]

    package init(embeddedCore: String = EmbeddedCore.text) {
        self.embeddedCore = embeddedCore
        expected = LineScanner.lines(of: embeddedCore)
    }

    /// The drift finding for `block`, or nil when it matches.
    package func check(_ block: FencedBlock, in path: String) -> Diagnostic? {
        let body = block.body.map(\.rendered)
        guard let mismatch = LineMismatch.first(block: body, expected: expected, reference: "the embedded core") else {
            return nil
        }
        let line = mismatch.index < block.body.count ? block.body[mismatch.index].number : block.closing.number
        let attachment = BlockDiff.attachment(
            lesson: body, lessonLabel: path, reference: expected,
            referenceLabel: "embedded core (\(EmbeddedCore.fileName))", firstLine: block.opening.number + 1,
            referenceFirstLine: 1)
        return .coreDrift(
            at: SourceLocation(path: path, line: line, column: OutputCheck.fileColumn(block, mismatch)),
            coreLine: mismatch.index < expected.count ? mismatch.index + 1 : nil, cause: mismatch.cause,
            attachment: attachment)
    }
}
