import CourseCheckKit
import Foundation
import XCTest

/// Another course's index (held to its links alone) names the lesson a broken link means, as this
/// course's does: a typo in a file name, and a link left stale by a `git mv` of its lesson (the
/// title the link shows is still the lesson's). That lesson is then not also unlisted.
final class OtherCourseIndexSuggestionTests: XCTestCase {
    func testABrokenLinkNamesTheLessonItMeans() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let root = scratch.url
        let source = Fixture.root.appendingPathComponent("other-course")
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("lessons"), to: root.appendingPathComponent("lessons"))
        let index = root.appendingPathComponent("lessons/README.md")
        let original = try String(contentsOf: index, encoding: .utf8)
        func check(_ text: String) throws -> String {
            try text.write(to: index, atomically: true, encoding: .utf8)
            // The tests' shared cache: the course's trees compile once per test run.
            let run = InProcess.run(["--no-goldens", "lessons"], in: root)
            return run.stderr + run.stdout.components(separatedBy: "; ").suffix(1).joined()
        }
        let typo = try check(original.replacingOccurrences(of: "(02-steps.md)", with: "(02-stpes.md)"))
        let elsewhere = try check(original + "\nLater: [the next one](04-later.md).\n")
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("lessons/02-steps.md"),
            to: root.appendingPathComponent("lessons/02-counting-in-steps.md"))
        let renamed = try check(original)
        XCTAssertEqual(
            [typo, elsewhere, renamed],
            [
                "lessons/README.md:11:5: error: the index links 02-stpes.md, which is not a lesson file; did you mean "
                    + "02-steps.md? [course-index]\n1 error\n",
                // Every lesson is linked: nothing is meant.
                "lessons/README.md:14:9: error: the index links 04-later.md, which is not a lesson file "
                    + "[course-index]\n1 error\n",
                "lessons/README.md:11:5: error: the index links 02-steps.md, which is not a lesson file; did you mean "
                    + "02-counting-in-steps.md? [course-index]\n1 error\n",
            ])
    }
}
