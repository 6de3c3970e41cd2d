import Foundation

/// A tree whose title changed by a few letters keeps its approval: its golden, approved under the
/// old name, is the lesson's orphan whose name is that close to the tree's golden name.
///
/// The rule: in one lesson, a tree without a golden and an orphan of the lesson's folder belong
/// together when their names (without `.out`) differ by at most `maximumDistance` characters
/// inserted, deleted or replaced (a letter lost, doubled, mistyped, or two swapped), and neither has
/// another such partner among the lesson's unpaired trees and orphans. Anything else (two close
/// orphans, two close trees, a title rewritten) stays an orphan and a missing golden, as before:
/// only `--update --prune` removes an approval, and only when the author asks. The check
/// (`golden-renamed`, one finding at the tree) and `--update` (which renames the file) both ask
/// this one rule, so the advice is what the update does.
package enum RenamedTrees {
    /// One tree of a lesson, by its index, and the orphan approved under its old name.
    package struct Match: Sendable {
        package var tree: Int
        package var orphan: GoldenStore.Entry
        /// The orphan as read: moved only while it is still this file.
        package var snapshot: FileGate.Snapshot
    }

    /// The most characters a title's slug may change by and still name the same tree.
    static let maximumDistance = 3

    /// The renamed trees of `lesson` among its `orphans` (those `GoldenCheck.orphans(of:)` found).
    package static func match(_ lesson: LessonResult, orphans: [GoldenStore.Entry]) -> [Match] {
        guard !orphans.isEmpty else { return [] }
        let unpaired = lesson.trees.indices.filter { index in
            let tree = lesson.trees[index]
            guard tree.tree != nil, tree.goldenName != nil, let golden = tree.golden else { return false }
            return golden.contents == nil && golden.snapshot == nil && golden.foreign == nil
                && golden.unreadable == nil
        }
        guard !unpaired.isEmpty else { return [] }
        // A name that is not UTF-8 is no tree's old name: a slug is ASCII.
        let candidates = orphans.filter { $0.rawName == nil }
        let close = pairs(
            trees: unpaired.map { lesson.trees[$0].goldenName ?? "" },
            orphans: candidates.map(\.url.lastPathComponent))
        return close.compactMap { pair in
            guard let snapshot = FileGate.read(candidates[pair.orphan].url, followingLinks: false).snapshot
            else { return nil }
            return Match(tree: unpaired[pair.tree], orphan: candidates[pair.orphan], snapshot: snapshot)
        }
    }

    /// The rule on names alone: each tree's golden name (by index in `trees`) with the one orphan
    /// name (by index in `orphans`) within `maximumDistance` of it, when neither has another such
    /// partner. Shared by a renamed lesson (`RenamedLessons`), whose old folder's goldens may carry a
    /// title's typo too.
    package static func pairs(trees: [String], orphans: [String]) -> [(tree: Int, orphan: Int)] {
        var close: [(tree: Int, orphan: Int)] = []
        for (tree, name) in trees.enumerated() {
            let name = stem(name)
            for (index, orphan) in orphans.enumerated()
            where EditDistance.between(name.utf8, stem(orphan).utf8, atMost: maximumDistance) != nil {
                close.append((tree, index))
            }
        }
        return close.filter { pair in
            close.count(where: { $0.tree == pair.tree }) == 1 && close.count(where: { $0.orphan == pair.orphan }) == 1
        }
    }

    /// How two names differ, in the title's words: `'gorunmun' for 'gorunumun'`, `'yeni' added`,
    /// `'eski' left out`.
    package static func difference(old: String, new: String) -> String {
        // One name in two Unicode forms: no word changed, a letter's form did (never "'' added").
        if !old.sameBytes(new), Decomposed.canonicallyEqual(old, new) {
            let (side, letter) =
                Decomposed.letters(in: old[...]).map { ("old", $0.first) }
                ?? ("new", Decomposed.letters(in: new[...])?.first ?? "?")
            return "the \(side) name has \(Decomposed.describe(letter))"
        }
        let oldWords = stem(old).split(separator: "-").map(String.init)
        let newWords = stem(new).split(separator: "-").map(String.init)
        var prefix = 0
        while prefix < min(oldWords.count, newWords.count) && oldWords[prefix] == newWords[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(oldWords.count, newWords.count) - prefix
            && oldWords[oldWords.count - 1 - suffix] == newWords[newWords.count - 1 - suffix]
        {
            suffix += 1
        }
        let was = oldWords[prefix..<(oldWords.count - suffix)].joined(separator: " ")
        let now = newWords[prefix..<(newWords.count - suffix)].joined(separator: " ")
        if was.isEmpty { return "'\(now)' added" }
        if now.isEmpty { return "'\(was)' left out" }
        return "'\(now)' for '\(was)'"
    }

    private static func stem(_ name: String) -> String {
        name.hasSuffix(".out") ? String(name.dropLast(4)) : name
    }
}
