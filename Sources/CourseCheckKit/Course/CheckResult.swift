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

/// One lesson file of a run: what was read, its trees and everything found in it.
package struct LessonResult: Sendable {
    package var entry: CourseLoader.Entry
    /// The classified lesson; nil when the file is not a lesson (empty, undecodable).
    package var lesson: Lesson?
    /// Where its goldens live; nil under `--no-goldens`.
    package var store: GoldenStore?
    /// Every tree block of the lesson in order, whether or not its expected block was recognised.
    package var trees: [TreeResult]
    /// The findings located in this lesson file, in report order (by line).
    package var findings: [Finding]
    /// The file as read from disk (nil for an editor's buffer), for `FileGate`'s compare-and-swap.
    package var snapshot: FileGate.Snapshot? = nil

    package var path: String { entry.displayPath }

    /// The findings a report shows under this lesson: none for a file that is not a lesson, and
    /// never a golden file's.
    package var ownFindings: [Finding] {
        lesson == nil ? [] : findings.filter { !$0.subject.isGoldenFile }
    }

    /// The findings a report shows outside the lessons: those of golden files, and all of a file
    /// that is not a lesson.
    package var outsideFindings: [Finding] {
        lesson == nil ? findings : findings.filter(\.subject.isGoldenFile)
    }

    /// The first structural error: while it stands, a tree may be hidden or have lost its
    /// expected block, so no golden of the lesson may be rewritten or deleted.
    package var structuralError: Diagnostic? {
        findings.lazy.map(\.diagnostic).first {
            $0.severity == .error && GoldenUpdater.structuralIDs.contains($0.id)
        }
    }

    /// The golden names of the trees that have one: a golden of the lesson named otherwise is an orphan.
    package var goldenNames: [String] { trees.compactMap(\.goldenName) }
}

/// One tree block of a lesson and everything the run learned about it.
package struct TreeResult: Sendable {
    /// The tree's expected output block, or why it has none.
    package enum Expected: Sendable {
        case block(FencedBlock)
        /// Classification found no expected block; the finding says why (`missing-expected`, ...).
        case missing
    }

    package var block: FencedBlock
    package var expected: Expected
    /// The golden file name, the tree's identity in its lesson; nil when its header gives none.
    package var goldenName: String?
    /// The golden file, when goldens are checked and the tree has a name.
    package var golden: GoldenStore.Entry?
    /// The run compared with the expected block; nil when the tree was not run or did not compile.
    package var run: TreeRun?
    /// The engine the router sent the tree to; nil when the tree was not routed.
    package var route: EngineRouter.Route?

    package init(
        block: FencedBlock, expected: Expected, goldenName: String? = nil, golden: GoldenStore.Entry? = nil,
        run: TreeRun? = nil, route: EngineRouter.Route? = nil
    ) {
        self.block = block
        self.expected = expected
        self.goldenName = goldenName
        self.golden = golden
        self.run = run
        self.route = route
    }

    /// The tree as the engines see it; nil without an expected block, since nothing can judge its run.
    package var tree: Tree? {
        guard case .block(let expected) = expected else { return nil }
        return Tree(block: block, expected: expected)
    }

    /// True when the tree ran to a clean end with one deterministic output.
    package var ranCleanly: Bool {
        run.map { $0.ending == .exited(0) && $0.divergentStdout == nil } ?? false
    }
}
