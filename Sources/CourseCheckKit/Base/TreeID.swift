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
