/// Compares each tree's actual output with its approved golden, and finds goldens no tree has.
public struct GoldenCheck: Sendable {
    public var store: GoldenStore

    public init(store: GoldenStore) {
        self.store = store
    }

    /// Findings for one lesson: golden drift and missing goldens at the tree, orphans at the golden.
    /// `orphans: false` while the lesson has a structural error: a tree may be hidden by it, so a
    /// golden no recognised tree names is unknown, not an orphan.
    public func check(_ lesson: Lesson, runs: [TreeRun?], orphans reportOrphans: Bool = true) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let names = GoldenName.names(for: lesson)
        for ((tree, golden), run) in zip(zip(lesson.trees, store.entries(lesson: lesson, names: names.trees)), runs) {
            let header = tree.headerLocation(in: lesson.path)
            guard let golden, let run, run.ending == .exited(0), run.divergentStdout == nil else { continue }
            if let foreign = golden.foreign {
                findings.append(.goldenMissing(at: header, .foreign(path: golden.displayPath, what: foreign)))
                continue
            }
            guard let approved = golden.contents else {
                findings.append(.goldenMissing(at: header, .unapproved(path: golden.displayPath)))
                continue
            }
            guard approved != run.stdout else { continue }
            let goldenLines = LineScanner.lines(of: String(decoding: approved, as: UTF8.self))
            let actualLines = LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self))
            let mismatch = LineMismatch.first(block: goldenLines, expected: actualLines)
            let goldenLine = min((mismatch?.index ?? 0) + 1, max(goldenLines.count, 1))
            let diff = UnifiedDiff(
                old: .init(label: golden.displayPath, lines: goldenLines.map(\.visible), firstLine: 1),
                new: .init(label: "actual output of tree at line \(tree.header.number)", lines: actualLines.map(\.visible), firstLine: 1)
            ).hunks()
            findings.append(.goldenDrift(
                at: header, treeLine: tree.header.number,
                golden: SourceLocation(path: golden.displayPath, line: goldenLine), diff: diff))
        }
        for orphan in store.orphans(lesson: lesson, names: names) where reportOrphans {
            findings.append(orphanFinding(orphan, lesson: lesson.path))
        }
        return findings
    }

    func orphanFinding(_ orphan: GoldenStore.Entry, lesson: String?) -> Diagnostic {
        .goldenOrphan(orphan.displayPath, lesson: lesson)
    }

    /// A note when the goldens were approved with another compiler than this run's.
    public func toolchainNote(current: String?) -> Diagnostic? {
        guard let current, let recorded = store.recordedToolchain, recorded != current else { return nil }
        return .environmentDrift(store.toolchainDisplayPath, recorded: recorded, current: current)
    }
}
