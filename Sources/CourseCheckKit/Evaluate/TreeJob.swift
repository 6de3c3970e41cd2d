/// A tree's identity within a run: its lesson (by position in the run) and its ordinal among the
/// lesson's tree blocks (`LessonResult.trees[ordinal]`, `Subject.tree(ordinal)`). Engines take and
/// return results keyed by it, so no stage translates between index spaces.
package struct TreeID: Sendable, Hashable, Comparable {
    package var lesson: Int
    package var ordinal: Int

    package init(lesson: Int, ordinal: Int) {
        self.lesson = lesson
        self.ordinal = ordinal
    }

    package static func < (left: TreeID, right: TreeID) -> Bool {
        (left.lesson, left.ordinal) < (right.lesson, right.ordinal)
    }
}

/// One tree to evaluate: its identity, the lesson it is in and the tree itself.
package struct TreeJob: Sendable {
    package var id: TreeID
    package var path: String
    package var tree: Tree

    /// `id` defaults to the first tree of the first lesson: a caller with one job needs no other.
    package init(path: String, tree: Tree, id: TreeID = TreeID(lesson: 0, ordinal: 0)) {
        self.id = id
        self.path = path
        self.tree = tree
    }

    package var headerLocation: SourceLocation { tree.headerLocation(in: path) }

    /// `lessons/09-yerel-durum.md:59`, for messages.
    package var name: String { "\(path):\(tree.header.number)" }
}
