/// How a tree's run compares with its expected block. Every writer reads this; none compares again.
package enum OutputVerdict: Sendable, Equatable {
    /// The output equals the expected block as a reader sees it.
    case matches
    /// The output differs; `line` is the lesson line of the first difference.
    case drifts(line: Int)
    /// No fenced block can hold the output exactly.
    case unrepresentable(Diagnostic.Unrepresentable)
    /// The tree crashed, exited non-zero, ran out of time or printed past the limit.
    case failed(ChildProcess.Ending)
    /// The output changes from run to run.
    case nondeterministic
    /// The tree did not run (no expected block, a compile error, pending in the live loop).
    case notRun

    /// Why `--promote` and the quick fix leave the expected block alone, or nil when they may write it.
    package var promoteSkipReason: String? {
        switch self {
        case .matches, .drifts: nil
        case .notRun: "the tree did not run (see its compile error)"
        case .failed(.exited(let status)): "the tree exited with status \(status)"
        case .failed(.signalled): "the tree crashed"
        case .failed(.timedOut): "the tree did not finish in time"
        case .failed(.outputLimit): "the tree printed more than the output limit"
        case .nondeterministic: "the tree's output changes from run to run"
        case .unrepresentable: "no lesson block can show its output exactly"
        }
    }
}
