import Foundation

/// A renamed lesson keeps its approvals: an orphan folder belongs to the lesson whose trees it
/// matches (every file's name is a golden name of that lesson, or within `RenamedTrees`' few
/// letters of one when a title changed in the same edit, the lesson has no golden of that name yet,
/// and one file at least holds its tree's current output). `--update` moves such a folder's goldens
/// (then approves a changed output the lesson says)
/// and the check says so at each tree (`golden-renamed`), both from this one rule, so the advice is
/// what the update does.
package enum RenamedLessons {
    /// One orphan folder and the lesson it belongs to.
    package struct Match {
        package var lesson: LessonResult
        /// The folder's orphans in order, each with the tree that takes it and its bytes as read.
        package var goldens: [(orphan: GoldenStore.Entry, tree: TreeResult, snapshot: FileGate.Snapshot)]
    }

    /// Matches the orphans' folders, in the order they first appear, to `lessons`, each lesson to one
    /// folder at most; `left` are the orphans of the folders no lesson matches.
    package static func match(_ orphans: [GoldenStore.Entry], among lessons: [LessonResult]) -> (
        matched: [Match], left: [GoldenStore.Entry]
    ) {
        var byFolder: [String: [GoldenStore.Entry]] = [:]
        var order: [String] = []
        for orphan in orphans {
            let folder = orphan.url.deletingLastPathComponent().path
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(orphan)
        }
        var matched: [Match] = []
        var left: [GoldenStore.Entry] = []
        var claimed: Set<String> = []
        for folder in order {
            let orphans = byFolder[folder] ?? []
            let read = orphans.map { FileGate.read($0.url, followingLinks: false).snapshot }
            var match: Match?
            for lesson in lessons where lesson.lesson != nil && lesson.structuralError == nil {
                guard !claimed.contains(lesson.path) else { continue }
                let goldens = pair(orphans, read: read, with: lesson)
                // Every golden has its tree, and one at least still holds its output: the lesson's own.
                if goldens.count == orphans.count,
                    goldens.contains(where: { $0.tree.run?.stdout == $0.snapshot.bytes })
                {
                    match = Match(lesson: lesson, goldens: goldens)
                    break
                }
            }
            guard let match else {
                left += orphans
                continue
            }
            claimed.insert(match.lesson.path)
            matched.append(match)
        }
        return (matched, left)
    }

    /// The folder's orphans each with the tree of `lesson` that takes it: the tree of its name, else
    /// the one whose name is that close (`RenamedTrees.pairs`: a title's typo made with the rename),
    /// among the trees without a golden that ran to a clean end (the output may have changed too).
    private static func pair(_ orphans: [GoldenStore.Entry], read: [FileGate.Snapshot?], with lesson: LessonResult)
        -> [(orphan: GoldenStore.Entry, tree: TreeResult, snapshot: FileGate.Snapshot)]
    {
        let open = lesson.trees.filter { tree in
            guard tree.goldenName != nil, let golden = tree.golden else { return false }
            return golden.contents == nil && golden.foreign == nil && golden.unreadable == nil
        }
        var taken: [Int?] = orphans.map { orphan in
            open.firstIndex { $0.goldenName == orphan.url.lastPathComponent }
        }
        let loose = orphans.indices.filter { taken[$0] == nil && orphans[$0].rawName == nil }
        let free = open.indices.filter { !taken.contains($0) }
        for close in RenamedTrees.pairs(
            trees: free.map { open[$0].goldenName ?? "" }, orphans: loose.map { orphans[$0].url.lastPathComponent })
        {
            taken[loose[close.orphan]] = free[close.tree]
        }
        return orphans.indices.compactMap { index in
            guard let tree = taken[index].map({ open[$0] }), let snapshot = read[index], tree.ranCleanly
            else { return nil }
            return (orphans[index], tree, snapshot)
        }
    }
}
