import Foundation

/// `--update`: approves the current outputs as goldens, removes orphans, then checks again.
///
/// Only a tree whose output equals its lesson's expected block is approved, so an update never
/// records a wrong course text; the others are refused at their location. Deletions are planned
/// first and announced before any of them happens; only files coursecheck owns are ever deleted.
package struct GoldenUpdater {
    /// What an update changed, for the report.
    package struct Changes: Sendable, Equatable {
        package var added: [String] = []
        package var changed: [String] = []
        package var removed: [String] = []
        package var refused = 0

        package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

        package var lines: String {
            var text = ""
            for path in added { text += "added    \(path)\n" }
            for path in changed { text += "changed  \(path)\n" }
            for path in removed { text += "removed  \(path)\n" }
            text += "goldens: \(added.count) added, \(changed.count) changed, \(removed.count) removed"
            if refused > 0 { text += ", \(Plural.count(refused, "tree")) refused" }
            return text + "\n"
        }
    }

    /// A file the update will delete, and why.
    package struct Deletion: Sendable, Equatable {
        package var entry: GoldenStore.Entry
        package var reason: String
    }

    /// The ids of findings that leave a lesson's trees uncertain: while one stands, the lesson's
    /// goldens are neither rewritten nor deleted, since a tree may have lost its expected block.
    static let structuralIDs: Set<DiagnosticID> = [
        .missingExpected, .strayOutput, .unterminatedFence, .noRole, .treeIdentity,
    ]

    package var checker: CourseChecker

    package init(checker: CourseChecker) {
        self.checker = checker
    }

    /// Writes the goldens the check's result approves; returns what changed and the refusals.
    /// `announce` receives every deletion before the first one happens.
    package func update(
        _ result: CourseChecker.Result, plan: CourseLoader.Plan, toolchain: String?,
        announce: ([Deletion]) -> Void = { _ in }
    ) throws(CourseCheckError) -> (changes: Changes, refusals: [Diagnostic]) {
        var changes = Changes()
        var refusals: [Diagnostic] = []
        var writes: [(entry: GoldenStore.Entry, data: [UInt8])] = []
        var deletions: [Deletion] = []
        var roots: [String: GoldenStore] = [:]
        for lesson in result.lessonResults {
            guard lesson.lesson != nil, let store = lesson.store else { continue }
            roots[store.root.path] = store
            if let blocking = lesson.structuralError {
                changes.refused += lesson.trees.count { $0.tree != nil }
                refusals.append(
                    .updateRefused(
                        at: SourceLocation(path: lesson.path, line: 1),
                        .structural(id: blocking.id, line: blocking.location.line)))
                continue
            }
            for result in lesson.trees {
                guard let tree = result.tree, let golden = result.golden else { continue }
                let header = tree.headerLocation(in: lesson.path)
                if let foreign = golden.foreign {
                    changes.refused += 1
                    refusals.append(.updateRefused(at: header, .foreign(path: golden.displayPath, what: foreign)))
                    continue
                }
                guard let run = result.run, result.ranCleanly else {
                    changes.refused += 1
                    refusals.append(.updateRefused(at: header, .ranUncleanly))
                    continue
                }
                guard OutputCheck.unrepresentable(run.stdout) == nil else {
                    changes.refused += 1
                    refusals.append(.updateRefused(at: header, .unrepresentable))
                    continue
                }
                guard run.stdout == Array(tree.expected.content.utf8) else {
                    changes.refused += 1
                    refusals.append(
                        .updateRefused(at: header, .contradicted(expectedLine: tree.expected.opening.number)))
                    continue
                }
                guard golden.contents != run.stdout else { continue }
                writes.append((golden, run.stdout))
            }
            for orphan in GoldenCheck(store: store).orphans(of: lesson) {
                deletions.append(Deletion(entry: orphan, reason: "no tree of \(lesson.path) has this name"))
            }
        }
        for (_, orphan) in checker.orphanFolders(plan) {
            deletions.append(Deletion(entry: orphan, reason: "no lesson has this name"))
        }
        if !deletions.isEmpty { announce(deletions) }

        let environment = checker.configuration.environment
        for folder in Set(writes.map { $0.entry.url.deletingLastPathComponent() }) { AtomicFile.sweep(folder) }
        for (golden, data) in writes {
            try AtomicFile.write(Data(data), to: golden.url, environment: environment, followingLinks: false)
            if golden.contents == nil {
                changes.added.append(golden.displayPath)
            } else {
                changes.changed.append(golden.displayPath)
            }
        }
        for deletion in deletions {
            try AtomicFile.remove(deletion.entry.url)
            changes.removed.append(deletion.entry.displayPath)
        }
        // A lesson folder goes only when nothing at all is left in it (rmdir cannot delete more).
        for folder in Set(deletions.map { $0.entry.url.deletingLastPathComponent().path }).sorted() {
            rmdir(folder)
        }
        if let toolchain {
            for store in roots.values.sorted(by: { $0.root.path < $1.root.path })
            where store.recordedToolchain != toolchain {
                guard store.toolchainIsWritable else {
                    refusals.append(
                        .updateRefused(
                            at: SourceLocation(path: store.toolchainDisplayPath, line: 1),
                            .toolchainFile(path: store.toolchainDisplayPath)))
                    continue
                }
                let existed = store.recordedToolchain != nil
                try AtomicFile.write(
                    Data((toolchain + "\n").utf8), to: store.toolchainURL, environment: environment,
                    followingLinks: false)
                if existed {
                    changes.changed.append(store.toolchainDisplayPath)
                } else {
                    changes.added.append(store.toolchainDisplayPath)
                }
            }
        }
        return (changes, refusals)
    }
}
