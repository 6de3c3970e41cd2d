/// One lesson file of a run: what was read, its trees and everything found in it.
package struct LessonResult: Sendable {
    package var entry: CourseLoader.Entry
    /// The classified lesson; nil when the file is not a lesson (empty, undecodable).
    package var lesson: Lesson?
    /// Where its goldens live; nil under `--no-goldens`.
    package var store: GoldenStore?
    /// Its golden folder as the read stage listed it, which the goldens stage and the writers then
    /// read; nil when there is no store or the file is not a lesson (they list it then).
    package var goldenFolder: GoldenStore.Folder? = nil
    /// Every tree block of the lesson in order, whether or not its expected block was recognised.
    package var trees: [TreeResult]
    /// The findings located in this lesson file, in report order (by line).
    package var findings: [Finding]
    /// The file as read from disk (nil for an editor's buffer), for `FileGate`'s compare-and-swap.
    package var snapshot: FileGate.Snapshot? = nil
    /// For each core block, in order: whether it drifted from the embedded core. Decided once, by
    /// the check; `--promote` and the LSP's quick fix only read it.
    package var coreDrifted: [Bool] = []
    /// What the claims read of the lesson's text, built while it was read; nil when claims are off
    /// or the file is not a lesson.
    package var claimText: CourseFacts.LessonFacts.Text? = nil

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
            $0.severity == .error && DiagnosticID.structural.contains($0.id)
        }
    }

    /// The tree whose block or expected block holds `line` (1-based), with its ordinal: where an
    /// editor's request points.
    package func tree(holding line: Int) -> (ordinal: Int, result: TreeResult)? {
        trees.enumerated().first { _, tree in
            let end: Int
            if case .block(let expected) = tree.expected {
                end = expected.closing.number
            } else {
                end = tree.block.closing.number
            }
            return (tree.block.opening.number...end).contains(line)
        }.map { ($0.offset, $0.element) }
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
    /// How the run compares with the expected block, decided once where the check compares them.
    package var verdict: OutputVerdict = .notRun
    /// What `--update` and the LSP's approve do with the tree's golden, decided once by the check.
    package var approval: Approval = .refused(.noGolden)
    /// True when the compiler could not be asked whether the tree compiles (`validity-unknown`).
    package var unverified = false

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

    /// Why `--promote` and the quick fix leave the expected block alone, or nil when they may
    /// write it: the verdict's reason, or a block whose text would depend on the renderer.
    package var promoteSkipReason: String? {
        if let reason = verdict.promoteSkipReason { return reason }
        if unverified { return "whether the tree compiles could not be decided (see the validity-unknown finding)" }
        if case .block(let expected) = expected, expected.dependsOnRenderer {
            return "its expected block's fence (line \(expected.opening.number)) is indented with a tab its container "
                + "takes only in part, so GitHub and the CommonMark reference would show the written text differently; "
                + "indent that fence with spaces"
        }
        return nil
    }

    /// True when the tree ran to a clean end with one deterministic output.
    package var ranCleanly: Bool {
        run.map { $0.ending == .exited(0) && $0.divergentStdout == nil } ?? false
    }
}

/// What approving a tree's output as its golden does: write these bytes, nothing (the golden
/// already holds them), or nothing, for a reason.
package enum Approval: Sendable, Equatable {
    case write([UInt8])
    case unchanged
    case refused(Diagnostic.UpdateRefused)
}

extension LessonResult {
    /// Decides each tree's approval from its verdict and its golden as read: the one approval policy,
    /// read by `--update` and the LSP's approve. `runFindings` are the evaluate stage's findings about
    /// the run as a whole (`validity-unknown`, ...): a refusal may point at one of them, or at one of
    /// the lesson's, and at nothing else.
    mutating func decideApprovals(runFindings: [Diagnostic] = []) {
        for index in trees.indices {
            trees[index].approval = approval(index, runFindings: runFindings)
        }
    }

    private func approval(_ ordinal: Int, runFindings: [Diagnostic]) -> Approval {
        let tree = trees[ordinal]
        guard let golden = tree.golden else { return .refused(.noGolden) }
        if let foreign = golden.foreign { return .refused(.foreign(path: golden.displayPath, what: foreign)) }
        if let reason = golden.unreadable { return .refused(.notWritten(path: golden.displayPath, reason: reason)) }
        if tree.unverified {
            return .refused(.unverified(see: runFindings.first { $0.id == .validityUnknown }?.location))
        }
        switch tree.verdict {
        case .matches:
            guard let run = tree.run else { return .refused(.ranUncleanly(notRun(ordinal, runFindings: runFindings))) }
            return golden.contents == run.stdout ? .unchanged : .write(run.stdout)
        case .drifts:
            guard case .block(let expected) = tree.expected else {
                return .refused(.ranUncleanly(notRun(ordinal, runFindings: runFindings)))
            }
            return .refused(.contradicted(expectedLine: expected.opening.number))
        case .unrepresentable(let reason): return .refused(.unrepresentable(reason))
        case .failed(let ending): return .refused(.ranUncleanly(.failed(ending)))
        case .nondeterministic: return .refused(.ranUncleanly(.nondeterministic))
        case .notRun: return .refused(.ranUncleanly(notRun(ordinal, runFindings: runFindings)))
        }
    }

    /// Why the tree at `ordinal` did not run, as the finding that says it: the tree's own, else one
    /// of the lesson's located in the tree or its expected block, else one about the whole run.
    private func notRun(_ ordinal: Int, runFindings: [Diagnostic]) -> Diagnostic.Unclean {
        let tree = trees[ordinal]
        let end: Int
        if case .block(let expected) = tree.expected {
            end = expected.closing.number
        } else {
            end = tree.block.closing.number
        }
        let lines = tree.block.opening.number...end
        let own = findings.filter { $0.subject == .tree(ordinal) }.map(\.diagnostic)
        let within = findings.map(\.diagnostic).filter { $0.location.path == path && lines.contains($0.location.line) }
        for candidates in [own, within, runFindings] {
            guard let cause = candidates.first(where: { $0.severity == .error }) ?? candidates.first else { continue }
            return .notRun(see: cause.id, at: cause.location)
        }
        return .notRunUnexplained
    }
}
