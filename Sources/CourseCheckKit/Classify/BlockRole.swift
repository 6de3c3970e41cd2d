/// What a fenced block is for in a lesson.
package enum BlockRole: String, Sendable, Equatable {
    /// The course's core, a `swift` block starting `// <Name>.swift` with one name in every lesson
    /// (`CourseCore`): `// Invalidation.swift` in this course.
    case core
    /// A program built on the core, a `swift` block starting `// main.swift`.
    case tree
    /// The bare fence right after a tree, holding the tree's exact stdout.
    case expected
    /// Any other `swift` block: SwiftUI or UIKit source, shown and never run.
    case fragment
    /// A block that fits no role: a stray bare fence or another language. Always reported as an error.
    case none

    /// The marker a `swift` block's first line starts with to be the embedded course's core; another
    /// course's core marker is `CourseCore.marker`.
    static let coreMarker = "// Invalidation.swift"
    static let treeMarker = "// main.swift"
}
