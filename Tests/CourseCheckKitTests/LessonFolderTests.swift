import CourseCheckKit
import Foundation
import XCTest

/// Which files of a lessons directory are lessons, said for every file that looks like one: a
/// lesson file one folder down is a warning naming it (never skipped in silence), a directory with
/// no lesson of its own names the sub-folders that hold some, and the single-digit names it holds
/// with the names they take. Each fix given converges.
final class LessonFolderTests: XCTestCase {
    private var scratch: Scratch!
    /// A course `coursecheck init` started.
    private var root: URL { scratch.url.resolvingSymlinksInPath().appendingPathComponent("course") }
    private var lesson: Data!

    override func setUpWithError() throws {
        scratch = try Scratch()
        let scratch = scratch!
        addTeardownBlock { scratch.remove() }
        let started = InProcess.run(["init", "course"], in: scratch.url)
        XCTAssertEqual(started.status, .clean, started.stderr)
        lesson = try Data(contentsOf: root.appendingPathComponent("lessons/01-first-steps.md"))
    }

    private func write(_ relative: String, _ data: Data? = nil) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (data ?? lesson).write(to: url)
    }

    private func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
    }

    private func run(_ arguments: [String]) -> InProcess.Result {
        InProcess.run(arguments, in: root)
    }

    func testALessonInASubFolderIsOneWarningAndMovingItUpChecksIt() throws {
        try write("lessons/extra/02-nested.md")
        let check = run(["lessons/"])
        XCTAssertEqual(
            check.stderr,
            "lessons/extra/02-nested.md:1:1: warning: lesson file in a sub-folder is not checked: coursecheck reads "
                + "the lessons of lessons/ itself, not of its sub-folders (lessons/extra/); move it into lessons/, or "
                + "out of lessons/ if it is not a lesson [unchecked-markdown]\n")
        XCTAssertEqual(check.status, .clean)
        XCTAssertEqual(run(["--strict", "lessons/"]).status, .findings)

        try move("lessons/extra/02-nested.md", "lessons/02-nested.md")
        XCTAssertEqual(run(["--update", "lessons/"]).status, .clean)
        let fixed = run(["lessons/"])
        XCTAssertEqual(fixed.stderr, "")
        XCTAssertTrue(fixed.stdout.hasPrefix("2 lessons: "), fixed.stdout)
    }

    /// The controls: a sub-folder's files that are not named like lessons (notes, images) are not
    /// the lessons directory's business, and a sub-folder given as well is checked, not warned of.
    func testASubFolderWithoutLessonNamesOrGivenTooIsNoFinding() throws {
        try write("lessons/images/notes.md", Data("notes\n".utf8))
        try write("lessons/images/1-draft.md", Data("draft\n".utf8))
        let check = run(["lessons/"])
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(check.status, .clean)
    }

    func testACourseOfPartFoldersNamesThemAndTheirCommandChecksThem() throws {
        try move("lessons/01-first-steps.md", "part1.md")
        try write("lessons/part1/01-first-steps.md")
        try write("lessons/part2/02-second.md")
        try FileManager.default.removeItem(at: root.appendingPathComponent("part1.md"))
        let check = run(["lessons/"])
        XCTAssertEqual(
            check.stderr,
            "coursecheck: error: lessons/: no lesson files (named like 01-slug.md) in this directory; lessons/part1/, "
                + "lessons/part2/ hold lesson files: give them to coursecheck (coursecheck lessons/part1/ "
                + "lessons/part2/)\n")
        XCTAssertEqual(check.status, .failure)

        XCTAssertEqual(run(["--update", "lessons/part1/", "lessons/part2/"]).status, .clean)
        let fixed = run(["lessons/part1/", "lessons/part2/"])
        XCTAssertEqual(fixed.stderr, "")
        XCTAssertEqual(fixed.status, .clean)
    }

    func testSingleDigitLessonNamesAreNamedWithTheirRenames() throws {
        try move("lessons/01-first-steps.md", "lessons/1-first-steps.md")
        try write("lessons/2-selling.md")
        let check = run(["lessons/"])
        XCTAssertEqual(
            check.stderr,
            "coursecheck: error: lessons/: no lesson files (named like 01-slug.md) in this directory; 1-first-steps.md, "
                + "2-selling.md start like a lesson but a lesson's number has two or more digits: rename "
                + "1-first-steps.md to 01-first-steps.md, 2-selling.md to 02-selling.md\n")
        XCTAssertEqual(check.status, .failure)

        try move("lessons/1-first-steps.md", "lessons/01-first-steps.md")
        try move("lessons/2-selling.md", "lessons/02-selling.md")
        XCTAssertEqual(run(["--update", "lessons/"]).status, .clean)
        let fixed = run(["lessons/"])
        XCTAssertEqual(fixed.stderr, "")
        XCTAssertEqual(fixed.status, .clean)
    }

    /// Beside a lesson, a single-digit name is a located `not-a-lesson` naming the name it takes.
    func testASingleDigitNameBesideALessonIsOneFindingWithItsRename() throws {
        try write("lessons/2-selling.md")
        let check = run(["lessons/"])
        XCTAssertEqual(
            check.stderr,
            "lessons/2-selling.md:1:1: error: file name starts like a lesson's but does not match NN-slug.md (two or "
                + "more digits, a hyphen, a name); it is not checked: rename it to 02-selling.md, or give it a name "
                + "that does not start with a digit [not-a-lesson]\n")
        XCTAssertEqual(check.status, .findings)

        try move("lessons/2-selling.md", "lessons/02-selling.md")
        XCTAssertEqual(run(["--update", "lessons/"]).status, .clean)
        XCTAssertEqual(run(["lessons/"]).stderr, "")
    }
}
