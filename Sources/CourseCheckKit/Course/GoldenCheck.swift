import Foundation

/// Compares each tree's actual output with its approved golden, and finds goldens no tree has.
package struct GoldenCheck: Sendable {
    package var store: GoldenStore
    /// The lessons as `--promote` leaves them (`CourseChecker.Configuration.afterPromotion`).
    package var afterPromotion = false

    package init(store: GoldenStore, afterPromotion: Bool = false) {
        self.store = store
        self.afterPromotion = afterPromotion
    }

    /// Whether the tree's expected block differs from its output, so the advice names `--promote`
    /// before `--update`: after a promotion, only for a tree it skips.
    private func driftsFromLesson(_ tree: TreeResult) -> Bool {
        guard case .drifts = tree.verdict else { return false }
        return !afterPromotion || tree.promoteSkipReason != nil
    }

    /// Findings for one lesson: golden drift and missing goldens at the tree, orphans at the golden.
    /// No orphans while the lesson has a structural error: a tree may be hidden by it, so a golden
    /// no recognised tree names is unknown, not an orphan.
    /// `orphans` false when the store's record does not let this run judge them (`StoreOwnership`).
    /// A tree whose title changed by a few letters (`RenamedTrees`) is one `golden-renamed` at the
    /// tree, in place of its missing golden and its old golden's orphan.
    package func check(_ lesson: LessonResult, orphans judged: Bool) -> [Finding] {
        var findings: [Finding] = []
        let orphans = judged ? orphans(of: lesson) : []
        let renamed = RenamedTrees.match(lesson, orphans: orphans)
        let swapped = swappedTitles(lesson)
        for (index, tree) in lesson.trees.enumerated() {
            if let other = swapped[index] {
                guard other > index, let header = tree.tree?.headerLocation(in: lesson.path),
                    let otherHeader = lesson.trees[other].tree?.headerLocation(in: lesson.path)
                else { continue }
                findings.append(Finding(.tree(index), .goldenTitlesSwapped(at: header, other: otherHeader)))
                continue
            }
            if let match = renamed.first(where: { $0.tree == index }),
                let header = tree.tree?.headerLocation(in: lesson.path),
                let golden = tree.golden
            {
                findings.append(Finding(.tree(index), renaming(match, tree: tree, golden: golden, at: header)))
                continue
            }
            guard let golden = tree.golden, let run = tree.run, tree.ranCleanly,
                let header = tree.tree?.headerLocation(in: lesson.path)
            else { continue }
            if let foreign = golden.foreign {
                findings.append(
                    Finding(.tree(index), .goldenMissing(at: header, .foreign(path: golden.displayPath, what: foreign)))
                )
                continue
            }
            if let reason = golden.unreadable {
                findings.append(
                    Finding(.tree(index), .goldenUnreadable(at: header, path: golden.displayPath, reason: reason)))
                continue
            }
            let lessonDrifts = driftsFromLesson(tree)
            guard let approved = golden.contents else {
                findings.append(
                    Finding(
                        .tree(index),
                        .goldenMissing(at: header, .unapproved(path: golden.displayPath, lessonDrifts: lessonDrifts))))
                continue
            }
            guard approved != run.stdout else { continue }
            findings.append(
                Finding(.tree(index), drift(approved, run, golden: golden, at: header, lessonDrifts: lessonDrifts)))
        }
        if let reason = store.unlistable(folder(of: lesson)) {
            findings.append(
                Finding(
                    .golden(store.displayFolder(lesson: lesson.path)),
                    .goldenFolderUnreadable(store.displayFolder(lesson: lesson.path), reason: reason)))
        }
        for orphan in orphans where !renamed.contains(where: { $0.orphan.url == orphan.url }) {
            findings.append(Finding(.golden(orphan.displayPath), orphanFinding(orphan, lesson: lesson.path)))
        }
        return findings
    }

    /// Trees whose titles were swapped, each by the index of the other: both drift from their own
    /// goldens, each prints exactly the other's approved output, and neither's expected block drifts
    /// (so `--update` would approve both, swapping the goldens). Only drifting trees are compared.
    private func swappedTitles(_ lesson: LessonResult) -> [Int: Int] {
        let drifting = lesson.trees.indices.filter { index in
            let tree = lesson.trees[index]
            guard let run = tree.run, tree.ranCleanly, tree.tree != nil, let golden = tree.golden,
                golden.foreign == nil, golden.unreadable == nil, let approved = golden.contents
            else { return false }
            if case .drifts = tree.verdict { return false }
            return approved != run.stdout
        }
        guard drifting.count >= 2 else { return [:] }
        var swapped: [Int: Int] = [:]
        for (position, first) in drifting.enumerated() where swapped[first] == nil {
            let one = lesson.trees[first]
            for second in drifting[(position + 1)...] where swapped[second] == nil {
                let two = lesson.trees[second]
                guard one.run?.stdout == two.golden?.contents, two.run?.stdout == one.golden?.contents else { continue }
                swapped[first] = second
                swapped[second] = first
                break
            }
        }
        return swapped
    }

    /// The goldens of the lesson's folder that no tree of it names; none while the lesson is uncertain.
    package func orphans(of lesson: LessonResult) -> [GoldenStore.Entry] {
        guard lesson.structuralError == nil, !lesson.trees.contains(where: { $0.goldenName == nil }) else { return [] }
        return store.orphans(in: folder(of: lesson), keeping: lesson.goldenNames)
    }

    /// The lesson's golden folder as the read stage listed it, or listed now.
    private func folder(of lesson: LessonResult) -> GoldenStore.Folder {
        lesson.goldenFolder ?? store.folder(listing: lesson.path)
    }

    /// Why there are no goldens to compare with: the goldens directory is missing or is a file.
    package func missingStore(lesson path: String) -> Diagnostic {
        let at = SourceLocation(path: path, line: 1)
        return GoldenStore.kind(store.root) != .missing
            ? .goldenMissing(at: at, .rootIsFile(root: store.displayRoot))
            : .goldenMissing(at: at, .noDirectory(root: store.displayRoot))
    }

    /// The `golden-renamed` finding of a tree and the golden approved under its old name.
    private func renaming(
        _ match: RenamedTrees.Match, tree: TreeResult, golden: GoldenStore.Entry, at header: SourceLocation
    ) -> Diagnostic {
        let output: Diagnostic.RenamedOutput
        if let run = tree.run, tree.ranCleanly {
            if run.stdout == match.snapshot.bytes {
                output = .same
            } else {
                let (at, diff) = difference(match.snapshot.bytes, run, golden: match.orphan, at: header)
                let lessonDrifts = driftsFromLesson(tree)
                output = .differs(lessonDrifts: lessonDrifts, golden: at, diff: diff)
            }
        } else {
            output = .unknown
        }
        return .goldenRenamed(
            at: header, old: match.orphan.displayPath, new: golden.displayPath,
            difference: RenamedTrees.difference(
                old: match.orphan.url.lastPathComponent, new: golden.url.lastPathComponent),
            output: output)
    }

    /// What a renamed lesson's tree prints against the golden approved under the old folder.
    func renamedOutput(_ tree: TreeResult, approved: [UInt8], golden: GoldenStore.Entry, at header: SourceLocation)
        -> Diagnostic.RenamedOutput
    {
        guard let run = tree.run, tree.ranCleanly else { return .unknown }
        guard run.stdout != approved else { return .same }
        let (at, diff) = difference(approved, run, golden: golden, at: header)
        let lessonDrifts = driftsFromLesson(tree)
        return .differs(lessonDrifts: lessonDrifts, golden: at, diff: diff)
    }

    /// The drift of a tree's output from its approved golden, with the diff.
    private func drift(
        _ approved: [UInt8], _ run: TreeRun, golden: GoldenStore.Entry, at header: SourceLocation, lessonDrifts: Bool
    ) -> Diagnostic {
        let (at, diff) = difference(approved, run, golden: golden, at: header)
        return .goldenDrift(at: header, treeLine: header.line, golden: at, diff: diff, lessonDrifts: lessonDrifts)
    }

    /// Where a tree's output first differs from `approved` (in the golden), and the diff.
    private func difference(
        _ approved: [UInt8], _ run: TreeRun, golden: GoldenStore.Entry, at header: SourceLocation
    ) -> (SourceLocation, DiffHunks) {
        let goldenLines = LineScanner.lines(of: String(decoding: approved, as: UTF8.self))
        let actualLines = LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self))
        let mismatch = LineMismatch.first(block: goldenLines, expected: actualLines)
        let goldenLine = min((mismatch?.index ?? 0) + 1, max(goldenLines.count, 1))
        let diff = UnifiedDiff(
            old: .init(label: golden.displayPath, lines: goldenLines.map(\.visible), firstLine: 1),
            new: .init(
                label: "actual output of tree at line \(header.line)", lines: actualLines.map(\.visible), firstLine: 1)
        ).hunks()
        return (SourceLocation(path: golden.displayPath, line: goldenLine), diff)
    }

    /// `served`: for a golden of no lesson, the lessons directories that keep their goldens here.
    func orphanFinding(_ orphan: GoldenStore.Entry, lesson: String?, served: [String] = []) -> Diagnostic {
        .goldenOrphan(orphan.displayPath, lesson: lesson, served: served)
    }

    /// A note when the goldens were approved with another compiler than this run's.
    /// What the goldens' record of the compiler says against this run's: nothing when they agree,
    /// the `environment-drift` note when they differ, and `golden-missing` when there is no record
    /// (which `--update` would write: a check that passes leaves `--update` nothing to do).
    /// `lesson`: a lesson of the run that keeps its goldens here, whose directory the fix names.
    package func toolchainNote(current: String?, lesson: String? = nil) -> Diagnostic? {
        guard let current else { return nil }
        guard let recorded = store.recordedToolchain else {
            guard store.toolchainSnapshot == nil, store.toolchainIsWritable else { return nil }
            return .goldenMissing(
                at: SourceLocation(path: store.toolchainDisplayPath, line: 1),
                .noToolchain(path: store.toolchainDisplayPath, current: current, lesson: lesson))
        }
        guard recorded != current else { return nil }
        return .environmentDrift(store.toolchainDisplayPath, recorded: recorded, current: current)
    }
}
