import Foundation

/// Compares what a tree printed with the expected block that follows it in the lesson.
package enum OutputCheck {
    /// Findings for one tree's run: how it ended, whether it is deterministic, and whether its
    /// output equals the expected block byte for byte.
    package static func check(_ run: TreeRun, for job: TreeJob) -> [Diagnostic] {
        judge(run, for: job).findings
    }

    /// The tree's verdict and its findings, from one comparison: every writer reads the verdict.
    package static func judge(_ run: TreeRun, for job: TreeJob) -> (verdict: OutputVerdict, findings: [Diagnostic]) {
        let header = job.headerLocation
        let tree = job.tree
        guard run.ending == .exited(0) else {
            return (.failed(run.ending), [.treeFailed(at: header, .ended(run.ending), output: captured(run))])
        }
        if let other = run.divergentStdout {
            // The second run's text is random, so the finding names only where it diverged; and it
            // is the one finding: comparing random output with the lesson would report it again.
            let index = zip(
                LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self)),
                LineScanner.lines(of: String(decoding: other, as: UTF8.self))
            )
            .prefix { $0 == $1 }.count
            return (.nondeterministic, [.nondeterministic(at: header, line: index + 1, cause: run.divergence)])
        }
        if let reason = unrepresentable(run.stdout) {
            return (.unrepresentable(reason), [.unrepresentableOutput(at: header, reason)])
        }
        let actual = String(decoding: run.stdout, as: UTF8.self)
        guard let drift = compare(actual, with: tree.expected, tree: tree, path: job.path) else {
            return (.matches, [])
        }
        return (.drifts(line: drift.location.line), [drift])
    }

    /// Why no fenced block can hold `stdout` byte for byte, or nil when one can: a block's content
    /// ends with a newline, a lesson is UTF-8 text without NUL bytes, and a CR in it ends a line.
    package static func unrepresentable(_ stdout: [UInt8]) -> Diagnostic.Unrepresentable? {
        if String(validating: stdout, as: UTF8.self) == nil { return .invalidUTF8 }
        // memchr: every tree's output is asked on every check, and a generic `contains` walks it a
        // byte at a time through value witnesses in the debug build the tests run.
        let (nul, carriageReturn) = stdout.withUnsafeBufferPointer {
            (
                ByteSearch.firstOffset(of: 0, in: $0) != nil,
                ByteSearch.firstOffset(of: UInt8(ascii: "\r"), in: $0) != nil
            )
        }
        if nul { return .nulByte }
        if carriageReturn { return .carriageReturn }
        if let last = stdout.last, last != UInt8(ascii: "\n") { return .noFinalNewline }
        return nil
    }

    /// The drift finding when `actual` differs from the expected block, or nil.
    package static func compare(_ actual: String, with expected: FencedBlock, tree: Tree, path: String) -> Diagnostic? {
        let actualLines = LineScanner.lines(of: actual)
        let body = expected.body.map(\.rendered)
        guard let mismatch = LineMismatch.first(block: body, expected: actualLines, reference: "the output") else {
            return nil
        }
        if FenceIndentation.explains(expected, actualLines) {
            return .outputFenceIndented(
                at: FenceIndentation.location(expected, in: path), tree: tree, path: path,
                indent: expected.fence.indent, line: mismatch.index < body.count ? mismatch.index + 1 : nil)
        }
        let line = mismatch.index < expected.body.count ? expected.body[mismatch.index].number : expected.closing.number
        // The diff reads expected (the lesson) against actual, both numbered with the lesson's lines.
        let diff = UnifiedDiff(
            old: .init(label: "\(path) (expected)", lines: body.map(\.visible), firstLine: expected.opening.number + 1),
            new: .init(
                label: "actual output of tree at line \(tree.header.number)", lines: actualLines.map(\.visible),
                firstLine: expected.opening.number + 1))
        let attachment =
            body.elementsEqual(actualLines, by: { $0.text.sameBytes($1.text) }) && !actualLines.isEmpty
            ? BlockDiff.attachment(
                lesson: body, lessonLabel: "the lesson", reference: actualLines,
                referenceLabel: "the tree's output", firstLine: expected.opening.number + 1)
            : .diff(diff.hunks())
        if let tab = splitTab(expected, mismatch, actualLines, reference: "the output") {
            return .outputDrift(
                at: SourceLocation(path: path, line: line, column: tab.column), tree: tree, path: path,
                cause: tab.cause, attachment: attachment)
        }
        return .outputDrift(
            at: SourceLocation(path: path, line: line, column: fileColumn(expected, mismatch)), tree: tree, path: path,
            cause: outputCause(mismatch, expected: body, actual: actualLines), attachment: attachment)
    }

    /// The cause, and the tab's file column, when the difference lies in the spaces a tab became:
    /// a container (a list item's indentation, `> `) took the tab only in part, so a reader sees
    /// spaces the file does not hold, and neither the lesson's text nor the diff shows the tab.
    static func splitTab(_ block: FencedBlock, _ mismatch: LineMismatch, _ lines: [Line], reference: String)
        -> (cause: String, column: Int)?
    {
        let index = mismatch.index
        guard let spaces = block.bodyTabSpaces[index], index < block.body.count, index < lines.count else {
            return nil
        }
        let wanted = lines[index].text.utf8.prefix { $0 == UInt8(ascii: " ") }.count
        let shown = block.body[index].text.utf8.prefix { $0 == UInt8(ascii: " ") }.count
        guard wanted != shown, mismatch.column <= max(wanted, shown) + 1 else { return nil }
        let container = block.containers.last?.rawValue ?? "container"
        let cause =
            "the line starts with a tab (U+0009), which the \(container) takes only in part, so it shows "
            + "\(Plural.count(spaces, "space")) where \(reference) has \(wanted == 0 ? "none" : String(wanted)); "
            + "indent it with spaces, as the block's other lines are"
        // The prefix's last byte is the tab.
        return (cause, block.bodyPrefixLengths[index])
    }

    /// The file column of a mismatch: its column in the rendered line plus the container prefix.
    static func fileColumn(_ block: FencedBlock, _ mismatch: LineMismatch) -> Int {
        mismatch.index < block.body.count
            ? block.fileColumn(bodyLine: mismatch.index, mismatch.column) : block.openingColumn
    }

    /// The cause, phrased for output: the lesson's lines against what the tree printed.
    private static func outputCause(_ mismatch: LineMismatch, expected: [Line], actual: [Line]) -> String? {
        let index = mismatch.index
        if index >= expected.count {
            let missing = actual.count - expected.count
            return "the lesson lacks \(Plural.count(missing, "line")) the tree prints"
        }
        if index >= actual.count {
            let extra = expected.count - actual.count
            return "the lesson has \(Plural.count(extra, "line")) the tree does not print"
        }
        if expected[index].text.sameBytes(actual[index].text) && actual[index].ending == .none {
            return "the tree's output does not end with a newline"
        }
        return mismatch.cause
    }

    /// What a failed run printed before it ended, its stderr without the stack dump.
    private static func captured(_ run: TreeRun) -> OutputExcerpt {
        OutputExcerpt(
            sections: [
                OutputExcerpt.section("partial output", run.stdout),
                OutputExcerpt.section("stderr", withoutStackTrace(run.stderr)),
            ].compactMap { $0 })
    }

    /// The runtime's message without the stack dump that follows it (addresses change every run).
    private static func withoutStackTrace(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let markers = ["Current stack trace:", "Stack dump:", "\n*** Signal", "\n💣 Program crashed"]
        let cut = markers.compactMap { text.range(of: $0)?.lowerBound }.min() ?? text.endIndex
        return Array(text[..<cut].utf8)
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS",
            8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM",
            15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
        ]
        return names[signal].map { "signal \(signal), \($0)" } ?? "signal \(signal)"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }
}
