import Foundation

@testable import CourseCheckKit

/// The committed course's lessons as the claims read them, each read once per test process: the
/// claim suites that judge one lesson's edited text against the others start from these.
enum RealCourseFacts {
    static let root = Binary.packageRoot.appendingPathComponent("lessons")

    /// Every lesson file's name, text and facts, in name order.
    static let lessons: [(name: String, text: String, facts: CourseFacts.LessonFacts)] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.filter(LessonName.isLessonFile)
            .sorted() ?? []
        return names.map { name in
            let text = (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return (name, text, facts(name, text))
        }
    }()

    /// The facts of lesson `name` with the text `text`. Each tree's output is its expected block's:
    /// in the real course they agree (the claims read the outputs for the declarations they judge).
    static func facts(_ name: String, _ text: String) -> CourseFacts.LessonFacts {
        let file = SourceFile(path: "lessons/\(name)", text: text)
        let lesson = Classifier.classify(file, scanned: MarkdownScanner.scan(file)).0
        return CourseFacts.LessonFacts(
            lesson: lesson, text: .init(lesson), outputs: lesson.trees.map { $0.expected.content })
    }
}
