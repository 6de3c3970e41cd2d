import Foundation

/// `--update`: approves the current outputs as goldens, removes orphans, then checks again.
///
/// Only a tree whose output equals its lesson's expected block is approved, so an update never
/// records a wrong course text; the others are refused at their location.
public struct GoldenUpdater {
    /// What an update changed, for the report.
    public struct Changes: Sendable, Equatable {
        public var added: [String] = []
        public var changed: [String] = []
        public var removed: [String] = []
        public var refused = 0

        public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

        public var lines: String {
            var text = ""
            for path in added { text += "added    \(path)\n" }
            for path in changed { text += "changed  \(path)\n" }
            for path in removed { text += "removed  \(path)\n" }
            text += "goldens: \(added.count) added, \(changed.count) changed, \(removed.count) removed"
            if refused > 0 { text += ", \(SummaryLine.count(refused, "tree")) refused" }
            return text + "\n"
        }
    }

    public var checker: CourseChecker

    public init(checker: CourseChecker) {
        self.checker = checker
    }

    /// Writes the goldens the check's result approves; returns what changed and the refusals.
    public func update(_ result: CourseChecker.Result, plan: CourseLoader.Plan, toolchain: String?) throws
        -> (changes: Changes, refusals: [Diagnostic])
    {
        var changes = Changes()
        var refusals: [Diagnostic] = []
        let environment = checker.configuration.environment
        var roots: [String: GoldenStore] = [:]
        for (lesson, runs) in zip(result.lessons, CourseChecker.runsByLesson(result.lessons, result.runs)) {
            guard let entry = plan.entries.first(where: { $0.displayPath == lesson.path }),
                let store = checker.store(for: entry)
            else { continue }
            roots[store.root.path] = store
            AtomicFile.sweep(store.root.appendingPathComponent(GoldenStore.stem(of: lesson.path)))
            for ((tree, golden), run) in zip(zip(lesson.trees, store.entries(lesson: lesson)), runs) {
                let header = tree.headerLocation(in: lesson.path)
                guard let run, run.ending == .exited(0), run.divergentStdout == nil else {
                    changes.refused += 1
                    refusals.append(.error(
                        .updateRefused, at: header, "not approved: the tree did not run cleanly (see its other findings)"))
                    continue
                }
                guard run.stdout == Array(tree.expected.content.utf8) else {
                    changes.refused += 1
                    refusals.append(.error(
                        .updateRefused, at: header,
                        "not approved: the tree's output differs from the lesson's expected block at line "
                            + "\(tree.expected.opening.number); fix the lesson, or run --promote, then --update"))
                    continue
                }
                guard golden.contents != run.stdout else { continue }
                try AtomicFile.write(Data(run.stdout), to: golden.url, environment: environment)
                if golden.contents == nil { changes.added.append(golden.displayPath) } else { changes.changed.append(golden.displayPath) }
            }
            for orphan in store.orphans(lesson: lesson) {
                try AtomicFile.remove(orphan.url)
                changes.removed.append(orphan.displayPath)
            }
        }
        for (_, orphan) in checker.orphanFolders(plan) {
            try AtomicFile.remove(orphan.url)
            changes.removed.append(orphan.displayPath)
            let folder = orphan.url.deletingLastPathComponent()
            if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        if let toolchain {
            for store in roots.values.sorted(by: { $0.root.path < $1.root.path }) where store.recordedToolchain != toolchain {
                let existed = store.recordedToolchain != nil
                try AtomicFile.write(Data((toolchain + "\n").utf8), to: store.toolchainURL, environment: environment)
                if existed { changes.changed.append(store.toolchainDisplayPath) } else { changes.added.append(store.toolchainDisplayPath) }
            }
        }
        return (changes, refusals)
    }
}
