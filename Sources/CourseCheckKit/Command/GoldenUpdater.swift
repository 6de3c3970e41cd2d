import Foundation

/// `--update`: approves the current outputs as goldens, then checks again. `--update --prune` also
/// deletes the orphans it lists.
///
/// Only a tree whose output equals its lesson's expected block is approved, so an update never
/// records a wrong course text; the others are refused at their location. An update adds,
/// changes and moves goldens (to a renamed tree's or lesson's new name) and never deletes one,
/// except the orphans `--prune` lists before it deletes any, and a renamed lesson's golden folder
/// once its goldens are moved out of it. Every
/// write goes through `FileGate`: a golden that changed on disk since it was read, or that may not
/// be written, is refused on its own and the rest goes on.
package struct GoldenUpdater {
    /// What an update changed, for the report.
    package struct Changes: Sendable, Equatable {
        package var added: [String] = []
        package var changed: [String] = []
        package var removed: [String] = []
        /// Goldens given a renamed tree's new name: the file moved, its bytes as approved.
        package var renamed: [Renaming] = []
        package var refused = 0

        package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty && renamed.isEmpty }

        package var lines: String {
            var text = ""
            // One line each, whatever a name holds (a newline, a control character).
            // A move first: a renamed golden whose output changed too is then `changed` under its new name.
            for move in renamed { text += "renamed  \(Escape.path(move.from)) -> \(Escape.path(move.to))\n" }
            for path in added { text += "added    \(Escape.path(path))\n" }
            for path in changed { text += "changed  \(Escape.path(path))\n" }
            for path in removed { text += "removed  \(Escape.path(path))\n" }
            text += "goldens: \(added.count) added, \(changed.count) changed, \(removed.count) removed"
            if !renamed.isEmpty { text += ", \(renamed.count) renamed" }
            if refused > 0 { text += ", \(Plural.count(refused, "tree")) refused" }
            return text + "\n"
        }
    }

    /// A golden moved to a renamed tree's new name.
    package struct Renaming: Sendable, Equatable {
        package var from: String
        package var to: String
    }

    /// A golden the update moves to its tree's new name (`RenamedTrees`), then rewrites with `data`
    /// when the tree's approved output changed too.
    private struct Move {
        var from: GoldenStore.Entry
        var snapshot: FileGate.Snapshot
        var to: GoldenStore.Entry
        var data: [UInt8]?
        var at: SourceLocation
    }

    /// A file the update will delete, and why.
    package struct Deletion: Sendable, Equatable {
        package var entry: GoldenStore.Entry
        package var reason: String
        /// The file as read when it was found to be an orphan: it is deleted only while unchanged.
        package var snapshot: FileGate.Snapshot
    }

    /// A golden the update will write, and where a refusal is reported.
    private struct Write {
        var entry: GoldenStore.Entry
        var data: [UInt8]
        var at: SourceLocation
    }

    package var checker: CourseChecker
    /// `--prune`: delete the orphans, after listing them.
    package var prune: Bool

    package init(checker: CourseChecker, prune: Bool = false) {
        self.checker = checker
        self.prune = prune
    }

    /// Writes the goldens the check's result approves; returns what changed and the refusals.
    /// `announce` receives every deletion before the first one happens; when a write fails,
    /// `interrupted` receives what had already changed before the error is thrown.
    package func update(
        _ result: CourseChecker.Result, plan: CourseLoader.Plan, toolchain: String?,
        announce: ([Deletion]) -> Void = { _ in }, interrupted: (Changes) -> Void = { _ in }
    ) throws(CourseCheckError) -> (changes: Changes, refusals: [Diagnostic]) {
        var changes = Changes()
        var refusals: [Diagnostic] = []
        var writes: [Write] = []
        var deletions: [Deletion] = []
        var moves: [Move] = []
        var roots: [String: GoldenStore] = [:]
        // Stores whose record lets nothing be written, by canonical root: the trees that would have
        // been approved there.
        var closed: [String: (store: GoldenStore, trees: Int)] = [:]
        // Each store's root resolved (a `realpath`), and what its record lets the update write
        // decided, once a store rather than once a lesson or an orphan.
        let permissions = result.ownership.mapValues { $0.writePermission() }
        var resolved: [String: String] = [:]
        func root(of store: GoldenStore) -> String {
            if let known = resolved[store.rootPath] { return known }
            let root = store.canonicalRoot
            resolved[store.rootPath] = root
            return root
        }
        for lesson in result.lessonResults {
            // A file not read as a lesson (empty, not UTF-8) has no store of its own in the result.
            guard
                let store = lesson.store
                    ?? plan.entries.first(where: { $0.displayPath == lesson.path }).flatMap(checker.store(for:))
            else { continue }
            // The temporaries a killed coursecheck left in any golden folder of the run go now (of
            // ended processes only), not only in the folders this update writes.
            FileGate.sweepTemporaries(in: store.folder(lesson: lesson.entry.stem + ".md"))
            let root = root(of: store)
            let owned = result.ownership[root]
            if permissions[root] == .refused {
                closed[root, default: (store, 0)].trees += lesson.trees.count {
                    if case .write = $0.approval { true } else { false }
                }
                continue
            }
            roots[store.root.path] = store
            guard lesson.lesson != nil else {
                // Not read as a lesson (empty, not UTF-8): its goldens stay, and the update says so.
                let kept = store.orphans(in: store.folder(listing: lesson.entry.stem + ".md"), keeping: [])
                let blocking =
                    (lesson.findings.map(\.diagnostic) + result.courseFindings.map(\.diagnostic)).first {
                        $0.location.path == lesson.path && $0.severity == .error
                    }
                if !kept.isEmpty, let blocking {
                    refusals.append(
                        .updateRefused(
                            at: SourceLocation(path: lesson.path, line: 1),
                            .structural(id: blocking.id, line: blocking.location.line)))
                }
                continue
            }
            if let blocking = lesson.structuralError {
                changes.refused += lesson.trees.count { $0.tree != nil }
                refusals.append(
                    .updateRefused(
                        at: SourceLocation(path: lesson.path, line: 1),
                        .structural(id: blocking.id, line: blocking.location.line)))
                continue
            }
            // A tree whose title changed a little takes the golden approved under the old name.
            let orphans = owned?.judgesOrphans == true ? GoldenCheck(store: store).orphans(of: lesson) : []
            let renamed = RenamedTrees.match(lesson, orphans: orphans)
            // The check decided each tree's approval; the update only carries it out.
            for (index, result) in lesson.trees.enumerated() {
                guard let tree = result.tree, let golden = result.golden else { continue }
                let header = tree.headerLocation(in: lesson.path)
                if let match = renamed.first(where: { $0.tree == index }) {
                    var move = Move(from: match.orphan, snapshot: match.snapshot, to: golden, data: nil, at: header)
                    if case .write(let data) = result.approval, data != match.snapshot.bytes { move.data = data }
                    moves.append(move)
                }
                switch result.approval {
                case .unchanged: continue
                case .write(let data):
                    if !renamed.contains(where: { $0.tree == index }) {
                        writes.append(Write(entry: golden, data: data, at: header))
                    }
                case .refused(let reason):
                    changes.refused += 1
                    refusals.append(.updateRefused(at: header, reason))
                }
            }
            if prune, owned?.judgesOrphans == true {
                for orphan in orphans where !renamed.contains(where: { $0.orphan.url == orphan.url }) {
                    guard let snapshot = FileGate.read(orphan.rawPath, followingLinks: false).snapshot else { continue }
                    deletions.append(
                        Deletion(entry: orphan, reason: "no tree of \(lesson.path) has this name", snapshot: snapshot))
                }
            }
        }
        for (root, (store, trees)) in closed.sorted(by: { $0.value.store.rootPath < $1.value.store.rootPath })
        where trees > 0 || prune {
            changes.refused += trees
            let finding = result.ownership[root]?.findings().first?.location
            let record = "\(finding ?? SourceLocation(path: "\(store.displayRoot)/\(StoreRecord.file)", line: 1))"
            refusals.append(
                .updateRefused(
                    at: SourceLocation(path: "\(store.displayRoot)/\(StoreRecord.file)", line: 1),
                    .storeRecord(store: store.displayRoot, record: record, trees: trees)))
        }
        // Only folders of stores whose record agrees with the disk are orphans, carried or pruned.
        let orphanFolders = checker.orphanFolders(plan, ownership: result.ownership).filter {
            result.ownership[root(of: $0.store)]?.judgesOrphanFolders == true
        }
        let (carried, leftOrphans) = carry(result, orphanFolders: orphanFolders)
        // A carried golden is moved, not written anew: the tree's own approval holds the same bytes.
        let carriedTo = Set(carried.map(\.to.url.path))
        writes.removeAll { carriedTo.contains($0.entry.url.path) }
        moves += carried
        if prune {
            deletions += leftOrphans.compactMap { orphan in
                FileGate.read(orphan.rawPath, followingLinks: false).snapshot.map {
                    Deletion(entry: orphan, reason: "no lesson has this name", snapshot: $0)
                }
            }
        }

        // Plan, then write: a golden that cannot be written is refused before anything changes.
        writes = writes.filter { write in
            guard
                let refusal = FileGate.refusal(for: write.entry.url, expecting: write.entry.expectation, links: .refuse)
            else { return true }
            changes.refused += 1
            refusals.append(
                .updateRefused(at: write.at, .notWritten(path: write.entry.displayPath, reason: refusal.description)))
            return false
        }
        moves = moves.filter { move in
            guard let refusal = FileGate.refusal(moving: move.from.url, to: move.to.url, expecting: move.snapshot)
            else { return true }
            changes.refused += 1
            refusals.append(
                .updateRefused(
                    at: move.at,
                    .notWritten(path: move.to.displayPath, reason: "moving \(move.from.displayPath) there: \(refusal)"))
            )
            return false
        }
        deletions = deletions.filter { deletion in
            guard
                let refusal = FileGate.refusal(
                    removing: deletion.entry.rawPath, in: deletion.entry.url.deletingLastPathComponent(),
                    expecting: deletion.snapshot)
            else { return true }
            refusals.append(
                .updateRefused(
                    at: SourceLocation(path: deletion.entry.displayPath, line: 1),
                    .notRemoved(path: deletion.entry.displayPath, reason: refusal.description)))
            return false
        }
        // A folder goes too when these deletions leave it empty: it is listed like a file.
        // By the names' bytes, as the folder lists them: a name that is not UTF-8 is one too.
        // A renamed lesson's old folder goes too once its goldens are moved out.
        let going = Set(deletions.map(\.entry.rawPath.bytes) + moves.map(\.from.rawPath.bytes))
        let leaving = deletions + moves.map { Deletion(entry: $0.from, reason: "", snapshot: $0.snapshot) }
        // A folder this update writes or moves a golden into stays: emptied by the plan's own
        // removals, it would be refilled by the plan's own writes, which its removal would then
        // take for someone else's (an update refused over its own golden).
        // By bytes: a composed folder receiving a decomposed one's goldens is another folder on
        // Linux, which the move empties (a `String` set takes one for the other).
        let arriving = Set(
            (writes.map(\.entry.url) + moves.map(\.to.url)).map {
                Array($0.deletingLastPathComponent().standardizedFileURL.path.utf8)
            })
        var folders: [Deletion] = []
        for folder in Set(leaving.map { $0.entry.url.deletingLastPathComponent() }).sorted(by: { $0.path < $1.path })
        where !arriving.contains(Array(folder.standardizedFileURL.path.utf8)) {
            let names = DirectoryListings.entries(in: folder.path)?.map(\.name) ?? [Array("?".utf8)]
            guard
                names.allSatisfy({
                    going.contains(FileGate.RawPath(folder: folder.path, name: $0, shown: "").bytes)
                }),
                let sample = leaving.first(where: { $0.entry.url.deletingLastPathComponent() == folder })
            else { continue }
            let display = sample.entry.displayPath.parentPath + "/"
            folders.append(
                Deletion(
                    entry: GoldenStore.Entry(url: folder, displayPath: display, contents: nil),
                    reason: deletions.contains { $0.entry.url.deletingLastPathComponent() == folder }
                        ? "empty once its orphans go" : "empty once its goldens are carried to the lesson's new name",
                    snapshot: sample.snapshot))
        }
        if !deletions.isEmpty || !folders.isEmpty { announce(deletions + folders) }

        do {
            try apply(
                moves, writes, deletions, folders: folders.map { ($0.entry.url, $0.entry.displayPath) },
                toolchain: toolchain,
                roots: roots,
                permissions: roots.mapValues { permissions[root(of: $0)] ?? nil }, &changes, &refusals)
        } catch {
            interrupted(changes)
            throw error
        }
        return (changes, refusals)
    }

    /// The findings of `result` that its trees' refusals point at (by id and location), for the
    /// report of the check that follows an update: a refusal is reported there, and so is its
    /// cause, even when that check, run again, no longer finds it (a tree that crashes once in a while).
    package static func causes(of result: CourseChecker.Result) -> [Diagnostic] {
        var pointed: [(id: DiagnosticID, at: SourceLocation)] = []
        for lesson in result.lessonResults where lesson.lesson != nil && lesson.structuralError == nil {
            for tree in lesson.trees {
                switch tree.approval {
                case .refused(.ranUncleanly(.notRun(let id, let at))): pointed.append((id, at))
                case .refused(.unverified(let at?)): pointed.append((.validityUnknown, at))
                default: continue
                }
            }
        }
        let diagnostics = result.diagnostics
        var seen: Set<String> = []
        return pointed.compactMap { id, at in
            guard seen.insert("\(id.rawValue) \(at)").inserted else { return nil }
            return diagnostics.first { $0.id == id && $0.location == at }
        }
    }

    /// The writes and removals, in plan order; `changes` holds what happened when one throws.
    private func apply(
        _ moves: [Move], _ writes: [Write], _ deletions: [Deletion], folders: [(url: URL, displayPath: String)],
        toolchain: String?,
        roots: [String: GoldenStore],
        permissions: [String: StoreOwnership.WritePermission?], _ changes: inout Changes,
        _ refusals: inout [Diagnostic]
    ) throws(CourseCheckError) {
        let environment = checker.configuration.environment
        // Moves first: a renamed tree's approval is never written beside its old golden.
        for move in moves {
            try FileGate.makeDirectories(move.to.url.deletingLastPathComponent())
            if let refusal = try FileGate.move(move.from.url, to: move.to.url, expecting: move.snapshot) {
                changes.refused += 1
                refusals.append(
                    .updateRefused(
                        at: move.at,
                        .notWritten(
                            path: move.to.displayPath, reason: "moving \(move.from.displayPath) there: \(refusal)")))
                continue
            }
            changes.renamed.append(Renaming(from: move.from.displayPath, to: move.to.displayPath))
            guard let data = move.data else { continue }
            if let refusal = try FileGate.replace(
                move.to.url, with: data, expecting: .unchanged(move.snapshot), links: .refuse, environment: environment)
            {
                changes.refused += 1
                refusals.append(
                    .updateRefused(at: move.at, .notWritten(path: move.to.displayPath, reason: refusal.description)))
                continue
            }
            changes.changed.append(move.to.displayPath)
        }
        for write in writes {
            try FileGate.makeDirectories(write.entry.url.deletingLastPathComponent())
            if let refusal = try FileGate.replace(
                write.entry.url, with: write.data, expecting: write.entry.expectation, links: .refuse,
                environment: environment)
            {
                changes.refused += 1
                refusals.append(
                    .updateRefused(
                        at: write.at, .notWritten(path: write.entry.displayPath, reason: refusal.description)))
                continue
            }
            if write.entry.contents == nil {
                changes.added.append(write.entry.displayPath)
            } else {
                changes.changed.append(write.entry.displayPath)
            }
        }
        for deletion in deletions {
            if let refusal = try FileGate.remove(
                deletion.entry.rawPath, in: deletion.entry.url.deletingLastPathComponent(),
                expecting: deletion.snapshot)
            {
                refusals.append(
                    .updateRefused(
                        at: SourceLocation(path: deletion.entry.displayPath, line: 1),
                        .notRemoved(path: deletion.entry.displayPath, reason: refusal.description)))
                continue
            }
            changes.removed.append(deletion.entry.displayPath)
        }
        // A listed folder goes only when nothing at all is left in it (rmdir cannot delete more).
        // A folder that cannot go (a mount point, a file added since) is a refusal, never silence.
        for folder in folders {
            guard let reason = FileGate.removeIfEmpty(folder.url) else { continue }
            refusals.append(
                .updateRefused(
                    at: SourceLocation(path: folder.displayPath, line: 1),
                    .notRemoved(path: folder.displayPath, reason: reason)))
        }
        // The record names every directory the run wrote for: written once the store is the run's.
        for store in roots.values.sorted(by: { $0.root.path < $1.root.path }) {
            guard case .allowed(let text?, let expecting) = permissions[store.root.path] ?? nil
            else { continue }
            let record = store.root.appendingPathComponent(StoreRecord.file)
            let display = "\(store.displayRoot)/\(StoreRecord.file)"
            try FileGate.makeDirectories(store.root)
            if let refusal = try FileGate.replace(
                record, with: text, expecting: expecting.map { .unchanged($0) } ?? .absent, links: .refuse,
                environment: environment)
            {
                refusals.append(
                    .updateRefused(
                        at: SourceLocation(path: display, line: 1),
                        .notWritten(path: display, reason: refusal.description)))
                continue
            }
            if expecting != nil { changes.changed.append(display) } else { changes.added.append(display) }
        }
        guard let toolchain else { return }
        for store in roots.values.sorted(by: { $0.root.path < $1.root.path })
        where store.recordedToolchain != toolchain {
            let at = SourceLocation(path: store.toolchainDisplayPath, line: 1)
            guard store.toolchainIsWritable else {
                refusals.append(.updateRefused(at: at, .toolchainFile(path: store.toolchainDisplayPath)))
                continue
            }
            let snapshot = store.toolchainSnapshot
            try FileGate.makeDirectories(store.root)
            if let refusal = try FileGate.replace(
                store.toolchainURL, with: Array((toolchain + "\n").utf8),
                expecting: snapshot.map { .unchanged($0) } ?? .absent, links: .refuse, environment: environment)
            {
                refusals.append(
                    .updateRefused(at: at, .notWritten(path: store.toolchainDisplayPath, reason: refusal.description)))
                continue
            }
            if snapshot != nil {
                changes.changed.append(store.toolchainDisplayPath)
            } else {
                changes.added.append(store.toolchainDisplayPath)
            }
        }
    }

    /// A renamed lesson keeps its approvals: the goldens of an orphan folder are moved to the lesson
    /// whose trees they match (`RenamedLessons`), and the folder goes once empty. Folders that
    /// match no lesson are returned as orphans, for `--prune`.
    private func carry(
        _ result: CourseChecker.Result, orphanFolders: [(store: GoldenStore, orphan: GoldenStore.Entry)]
    ) -> (carried: [Move], left: [GoldenStore.Entry]) {
        let (matched, left) = RenamedLessons.match(orphanFolders.map(\.orphan), among: result.lessonResults)
        var moves: [Move] = []
        for match in matched {
            for (orphan, tree, snapshot) in match.goldens {
                guard let golden = tree.golden, let block = tree.tree else { continue }
                // The approved bytes move first; an output the lesson says approves over them after.
                var data: [UInt8]?
                if case .write(let approved) = tree.approval, approved != snapshot.bytes { data = approved }
                moves.append(
                    Move(
                        from: orphan, snapshot: snapshot, to: golden, data: data,
                        at: block.headerLocation(in: match.lesson.path)))
            }
        }
        return (moves, left)
    }
}
