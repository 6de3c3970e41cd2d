/// Checks that a lesson's core block is byte-for-byte the course's core: the embedded core in the
/// course coursecheck is built with, the text most lessons hold in another.
package struct CoreDriftCheck: Sendable {
    package let core: CourseCore
    /// The core's lines, split once: every lesson's core block is compared with them.
    let expected: [Line]

    package init(core: CourseCore = .embedded) {
        self.core = core
        expected = LineScanner.lines(of: core.text)
    }

    /// A core block's text as the reader's file holds it, whatever the lesson's line endings.
    package static func text(of block: FencedBlock) -> String {
        var text = ""
        for line in block.body {
            text += line.text
            text += "\n"
        }
        return text
    }

    /// The drift finding for `block`, or nil when it matches.
    package func check(_ block: FencedBlock, in path: String) -> Diagnostic? {
        let body = block.body.map(\.rendered)
        let reference = core.isEmbedded ? "the embedded core" : Diagnostic.otherCoursesCore
        guard let mismatch = LineMismatch.first(block: body, expected: expected, reference: reference) else {
            return nil
        }
        if FenceIndentation.explains(block, expected) {
            return .coreFenceIndented(
                at: FenceIndentation.location(block, in: path), reference: reference, indent: block.fence.indent,
                coreLine: mismatch.index < expected.count ? mismatch.index + 1 : nil)
        }
        let line = mismatch.index < block.body.count ? block.body[mismatch.index].number : block.closing.number
        let attachment = BlockDiff.attachment(
            lesson: body, lessonLabel: path, reference: expected,
            referenceLabel: core.isEmbedded ? "embedded core (\(core.fileName))" : "course core (\(core.fileName))",
            firstLine: block.opening.number + 1,
            referenceFirstLine: 1)
        let tab = OutputCheck.splitTab(block, mismatch, expected, reference: reference)
        return .coreDrift(
            at: SourceLocation(path: path, line: line, column: tab?.column ?? OutputCheck.fileColumn(block, mismatch)),
            reference: reference, coreLine: mismatch.index < expected.count ? mismatch.index + 1 : nil,
            cause: tab?.cause ?? mismatch.cause,
            attachment: attachment)
    }
}
