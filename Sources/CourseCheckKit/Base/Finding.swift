/// What a finding is about. The checker sets it where the finding is made, so reporters, `--update`
/// and `--promote` group findings by the course's structure, never by guessing from line numbers.
package enum Subject: Sendable, Hashable {
    /// Nothing inside one lesson: the goldens directory, a golden folder no lesson has, the
    /// toolchain record, the course index.
    case course
    /// A lesson as a whole: reading it, its block structure, its trees' identities.
    case lesson
    /// The lesson's n-th core block.
    case core(Int)
    /// The lesson's n-th tree block (`LessonResult.trees[n]`).
    case tree(Int)
    /// A claim of the course text, by its id.
    case claim(DiagnosticID)
    /// A golden file, by its display path.
    case golden(String)

    /// True for a golden file: reports show it beside the goldens, not inside its lesson.
    package var isGoldenFile: Bool {
        if case .golden = self { true } else { false }
    }
}

/// One finding with its subject.
package struct Finding: Sendable {
    package var subject: Subject
    package var diagnostic: Diagnostic

    package init(_ subject: Subject, _ diagnostic: Diagnostic) {
        self.subject = subject
        self.diagnostic = diagnostic
    }
}
