import Foundation

/// Compares what a tree printed with the expected block that follows it in the lesson.
public enum OutputCheck {
    /// Findings for one tree's run: how it ended, whether it is deterministic, and whether its
    /// output equals the expected block byte for byte.
    public static func check(_ run: TreeRun, for job: TreeJob) -> [Diagnostic] {
        let header = job.headerLocation
        let tree = job.tree
        let partial = attachment(run)
        switch run.ending {
        case .exited(0):
            break
        case .exited(let status):
            return [.error(.treeFailed, at: header, "tree exited with status \(status)", attachment: partial)]
        case .signalled(let signal):
            return [.error(.treeFailed, at: header, "tree crashed (\(signalName(signal)))", attachment: partial)]
        case .timedOut(let seconds):
            return [.error(.treeFailed, at: header, "tree did not finish within \(format(seconds)) s; stopped it", attachment: partial)]
        case .outputLimit(let bytes):
            return [.error(.treeFailed, at: header, "tree printed more than \(ByteSize.describe(bytes)); stopped it", attachment: partial)]
        }
        var findings: [Diagnostic] = []
        if let other = run.divergentStdout {
            // The second run's text is random, so the finding names only where it diverged.
            let index = zip(LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self)),
                            LineScanner.lines(of: String(decoding: other, as: UTF8.self)))
                .prefix { $0 == $1 }.count
            findings.append(.error(
                .nondeterministic, at: header,
                "tree output is nondeterministic: output line \(index + 1) changes with the hash seed "
                    + "(does it print a Set or a Dictionary?); run with SWIFT_DETERMINISTIC_HASHING unset to see"))
        }
        if let reason = unrepresentable(run.stdout) {
            findings.append(.error(.unrepresentableOutput, at: header, reason))
            return findings
        }
        let actual = String(decoding: run.stdout, as: UTF8.self)
        if let drift = compare(actual, with: tree.expected, tree: tree, path: job.path) {
            findings.append(drift)
        }
        return findings
    }

    /// Why no fenced block can hold `stdout` byte for byte, or nil when one can: a block's content
    /// ends with a newline, and a lesson is UTF-8 text without NUL bytes.
    public static func unrepresentable(_ stdout: [UInt8]) -> String? {
        if String(validating: stdout, as: UTF8.self) == nil {
            return "tree printed bytes that are not valid UTF-8, so no lesson block can show its output"
        }
        if stdout.contains(0) {
            return "tree printed a NUL byte, so no lesson block can show its output"
        }
        if let last = stdout.last, last != UInt8(ascii: "\n") {
            return "tree's output does not end with a newline, so no fenced block can show it exactly; "
                + "end the last print with a newline (print's default terminator)"
        }
        return nil
    }

    /// The drift finding when `actual` differs from the expected block, or nil.
    public static func compare(_ actual: String, with expected: FencedBlock, tree: Tree, path: String) -> Diagnostic? {
        let actualLines = LineScanner.lines(of: actual)
        guard let mismatch = LineMismatch.first(block: expected.body, expected: actualLines, reference: "the output") else { return nil }
        let line = mismatch.index < expected.body.count ? expected.body[mismatch.index].number : expected.closing.number
        var message = "output of tree at line \(tree.header.number) differs from the lesson"
        if let cause = outputCause(mismatch, expected: expected.body, actual: actualLines) {
            message += "; \(cause)"
        }
        // The diff reads expected (the lesson) against actual, both numbered with the lesson's lines.
        let diff = UnifiedDiff(
            old: .init(label: "\(path) (expected)", lines: expected.body.map(\.visible), firstLine: expected.opening.number + 1),
            new: .init(
                label: "actual output of tree at line \(tree.header.number)", lines: actualLines.map(\.visible),
                firstLine: expected.opening.number + 1))
        let attachment = expected.body.elementsEqual(actualLines, by: { $0.text.sameBytes($1.text) }) && !actualLines.isEmpty
            ? BlockDiff.text(
                lesson: expected.body, lessonLabel: "the lesson", reference: actualLines,
                referenceLabel: "the tree's output", firstLine: expected.opening.number + 1)
            : diff.text()
        return .error(
            .outputDrift, at: SourceLocation(path: path, line: line, column: fileColumn(expected, mismatch)), message,
            notes: [.init(tree.headerLocation(in: path), "tree '\(tree.title)' starts here")], attachment: attachment)
    }

    /// The file column of a mismatch: its column in the rendered line plus the container prefix.
    static func fileColumn(_ block: FencedBlock, _ mismatch: LineMismatch) -> Int {
        mismatch.index < block.body.count ? block.fileColumn(bodyLine: mismatch.index, mismatch.column) : block.openingColumn
    }

    /// The cause, phrased for output: the lesson's lines against what the tree printed.
    private static func outputCause(_ mismatch: LineMismatch, expected: [Line], actual: [Line]) -> String? {
        let index = mismatch.index
        if index >= expected.count {
            let missing = actual.count - expected.count
            return "the lesson lacks \(missing) line\(missing == 1 ? "" : "s") the tree prints"
        }
        if index >= actual.count {
            let extra = expected.count - actual.count
            return "the lesson has \(extra) line\(extra == 1 ? "" : "s") the tree does not print"
        }
        if expected[index].text.sameBytes(actual[index].text) && actual[index].ending == .none {
            return "the tree's output does not end with a newline"
        }
        return mismatch.cause
    }

    private static func attachment(_ run: TreeRun) -> String {
        var text = ""
        if !run.stdout.isEmpty {
            text += "partial output:\n" + excerpt(run.stdout)
        }
        let message = withoutStackTrace(run.stderr)
        if !message.isEmpty {
            text += "stderr:\n" + excerpt(message)
        }
        return text
    }

    /// The runtime's message without the stack dump that follows it (addresses change every run).
    private static func withoutStackTrace(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let markers = ["Current stack trace:", "Stack dump:", "\n*** Signal", "\n💣 Program crashed"]
        let cut = markers.compactMap { text.range(of: $0)?.lowerBound }.min() ?? text.endIndex
        return Array(text[..<cut].utf8)
    }

    /// Lines of captured output shown under a failed run.
    static let excerptLines = 10

    /// The first `excerptLines` lines, indented, saying how many were left out.
    static func excerpt(_ bytes: [UInt8]) -> String {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let omitted = max(lines.count - excerptLines, 0)
        var text = lines.prefix(excerptLines).map { "    " + $0 + "\n" }.joined()
        if omitted > 0 { text += "    ... \(omitted) more line\(omitted == 1 ? "" : "s")\n" }
        return text
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV"]
        return names[signal].map { "signal \(signal), \($0)" } ?? "signal \(signal)"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }
}
