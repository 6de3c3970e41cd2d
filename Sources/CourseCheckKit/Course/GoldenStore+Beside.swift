import Foundation

/// Where a lesson's goldens are by default: a course decision, so it lives with the course.
extension GoldenStore {
    /// The default store of a lesson file: `goldens/` beside the lesson's directory.
    package static func beside(lessonEntry entry: CourseLoader.Entry) -> GoldenStore {
        // By path: `URL`'s own path operations cost tens of thousands of instructions each.
        let above = entry.lessonPath.parentPath.parentPath
        let rootPath = (above == "/" ? "" : above) + "/goldens"
        let root = URL(fileURLWithPath: rootPath, isDirectory: true)
        let displayLessons = entry.lessonDisplayPath.parentPath
        let parent = displayLessons.parentPath
        let display = displayLessons.isEmpty ? "../goldens" : (parent.isEmpty ? "goldens" : parent + "/goldens")
        return GoldenStore(root: root, rootPath: rootPath, displayRoot: display)
    }
}
