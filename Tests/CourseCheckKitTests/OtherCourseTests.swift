import Foundation
import XCTest

@testable import CourseCheckKit

/// A second course in the house style (`Fixtures/other-course`: three English lessons on a
/// `Counter.swift` core), checked end to end beside the fixtures' single runs: warm and
/// `--no-cache`, goldens approved and pruned, and `init`.
final class OtherCourseTests: XCTestCase {
    /// The second course in a scratch folder of its own, with a cache of its own, so what the
    /// summaries say came from the cache is this test's doing.
    private func course() throws -> (root: URL, cache: String) {
        let scratch = try Scratch()
        addTeardownBlock { scratch.remove() }
        let source = Fixture.root.appendingPathComponent("other-course")
        for folder in ["lessons", "goldens"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(folder), to: scratch.url.appendingPathComponent(folder))
        }
        return (scratch.url, scratch.url.appendingPathComponent("cache").path)
    }

    private static let engine = "[4 × core Counter.swift is not the embedded core]"

    /// One story, in order, on one cache: a cold check, a warm one and one without the cache; a
    /// drift, a core edited in one lesson and a tree that does not compile; a new tree approved
    /// and its golden pruned; then `init`, whose example tree and core are the course's own, so
    /// it is answered from the cache.
    func testTheSecondCourseEndToEnd() throws {
        let (root, cache) = try course()
        let check = { (arguments: [String]) in InProcess.run(["--cache-dir", cache] + arguments, in: root) }
        let summary = { (swiftc: String) in
            "3 lessons: 3 core, 4 trees, 1 fragment; compiler: 4 trees accepted; \(swiftc) \(Self.engine); "
                + "goldens: 4 compared; claims: 2 checked; 0 errors\n"
        }
        let cold = check(["lessons"])
        let warm = check(["lessons"])
        let fresh = InProcess.run(["--no-cache", "lessons"], in: root)
        // The embedded engine runs none of its trees, so there is nothing to cross-check.
        let crossed = check(["--cross-check", "lessons"])
        XCTAssertEqual([cold.stdout, cold.stderr], [summary("swiftc: 4 trees, merged"), ""])
        XCTAssertEqual([warm.stdout, warm.stderr], [summary("swiftc: 4 trees (cached: 4 results)"), ""])
        XCTAssertEqual([fresh.stdout, fresh.stderr], [summary("swiftc: 4 trees, merged"), ""])
        XCTAssertEqual([crossed.stdout, crossed.stderr], [summary("swiftc: 4 trees (cached: 4 results)"), ""])
        XCTAssertEqual([cold.status, warm.status, fresh.status], [.clean, .clean, .clean])

        // Three slips in three lessons: one finding each, where each is.
        let lessons = root.appendingPathComponent("lessons")
        let originals = try ["01-start.md", "02-steps.md", "03-many.md"].map {
            ($0, try String(contentsOf: lessons.appendingPathComponent($0), encoding: .utf8))
        }
        try CourseCopy.replace(
            "show(counter)\n```", with: "show(counter, twice: true)\n```",
            in: lessons.appendingPathComponent("01-start.md"))
        try CourseCopy.replace("value: 5\n", with: "value: 6\n", in: lessons.appendingPathComponent("02-steps.md"))
        try CourseCopy.replace(
            "value += step\n", with: "value += step * 1\n", in: lessons.appendingPathComponent("03-many.md"))
        let slips = check(["lessons"])
        XCTAssertEqual(slips.status, .findings)
        XCTAssertEqual(slips.stderr, Self.slipFindings)
        XCTAssertEqual(
            slips.stdout,
            "3 lessons: 3 core, 4 trees, 1 fragment; compiler: 3 trees accepted, 1 rejected; swiftc: 3 trees "
                + "(cached: 3 results) [3 × core Counter.swift is not the embedded core]; goldens: 3 compared; claims: 2 checked; 3 errors\n"
        )
        for (name, text) in originals {
            try text.write(to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        // A new tree: approved by `--update`; once it is gone, `--update --prune` removes its golden.
        let lesson = lessons.appendingPathComponent("03-many.md")
        let original = try String(contentsOf: lesson, encoding: .utf8)
        let tree =
            "```swift\n// main.swift — three steps\nvar c = Counter()\nc.increment(by: 3)\nshow(c)\n```\n\n```\nvalue: 3\n```\n"
        try (original + "\n" + tree).write(to: lesson, atomically: true, encoding: .utf8)
        let golden = root.appendingPathComponent("goldens/03-many/three-steps.out")
        let missing = check(["lessons"])
        XCTAssertEqual(
            missing.stderr,
            "lessons/03-many.md:40:1: error: tree has no approved golden (goldens/03-many/three-steps.out); "
                + "check its output, then run 'coursecheck --update' [golden-missing]\n")
        let update = check(["--update", "lessons"])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertEqual(try String(contentsOf: golden, encoding: .utf8), "value: 3\n")
        try original.write(to: lesson, atomically: true, encoding: .utf8)
        let orphan = check(["lessons"])
        XCTAssertEqual(orphan.status, .findings)
        XCTAssertTrue(orphan.stderr.hasPrefix("goldens/03-many/three-steps.out:"), orphan.stderr)
        XCTAssertEqual(orphan.stderr.components(separatedBy: "\n").filter { $0.contains(": error: ") }.count, 1)
        let prune = check(["--update", "--prune", "lessons"])
        XCTAssertEqual(prune.status, .clean, prune.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden.path))
        XCTAssertEqual(check(["lessons"]).status, .clean)

        // `init` starts a course that passes its own check, and refuses a folder holding anything.
        let started = InProcess.run(["init", "course"], in: root, extra: ["COURSECHECK_CACHE_DIR": cache])
        XCTAssertEqual(started.status, .clean, started.stderr)
        XCTAssertEqual(started.stderr, "")
        XCTAssertEqual(
            started.stdout,
            """
            wrote course/lessons/01-first-steps.md
            wrote course/Makefile
            wrote course/.github/workflows/coursecheck.yml
            wrote course/README.md
            added    course/goldens/01-first-steps/two-steps-of-one.out
            added    course/goldens/LESSONS
            added    course/goldens/TOOLCHAIN
            goldens: 3 added, 0 changed, 0 removed
            1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; swiftc: 1 tree (cached: 1 result) \
            [1 × core Counter.swift is not the embedded core]; goldens: 1 compared; claims: 0 checked; 0 errors
            started a course in course (core Counter.swift): 'make verify' checks it

            """)
        let course = root.appendingPathComponent("course")
        let written = try FileManager.default.subpathsOfDirectory(atPath: course.path).sorted()
        XCTAssertEqual(check(["course/lessons"]).status, .clean)
        let again = InProcess.run(["init", "--core", "Tally", "course"], in: root)
        XCTAssertEqual(again.status, .failure)
        XCTAssertTrue(again.stderr.hasPrefix("coursecheck: error: init: course is not empty (it holds "), again.stderr)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: course.path).sorted(), written)
    }

    static let slipFindings = """
        lessons/01-start.md:27:22: error: tree does not compile: extra argument 'twice' in call [compile-error]
        lessons/02-steps.md:51:8: error: output of tree at line 44 differs from the lesson [output-drift]
        lessons/02-steps.md:44:1: note: tree 'one step of five' starts here
        --- lessons/02-steps.md (expected)
        +++ actual output of tree at line 44
        @@ -51 +51 @@
        -value: 6
        +value: 5
        lessons/03-many.md:13:22: error: core block differs from the course's core at core line 6 [core-drift]
        --- course core (Counter.swift)
        +++ lessons/03-many.md
        @@ -3,7 +10,7 @@
             private(set) var value = 0
         
             mutating func increment(by step: Int = 1) {
        -        value += step
        +        value += step * 1
             }
         }
         

        """

    /// `--core` names the example's core; the parse refuses a name that is no core's.
    func testInitsCoreAndTheCoreOption() throws {
        XCTAssertTrue(
            CourseStarter(core: "Tally.swift").lesson.contains(
                "```swift\n// Tally.swift — the model every lesson of this course prints whole\n"))
        XCTAssertEqual(try Invocation.parse(["init", "--core", "Tally"]).core, "Tally.swift")
        XCTAssertEqual(try Invocation.parse(["init"]).action, .initCourse(directory: nil))
        XCTAssertThrowsError(try Invocation.parse(["--core", "main", "lessons"]))
        XCTAssertThrowsError(try Invocation.parse(["init", "a", "b"]))
    }

    /// The course coursecheck is built with is its core's: its claims run, and its embedded
    /// engine, whatever the course's other files say; another course lists no claim as not
    /// applicable.
    func testTheCourseIsDecidedByItsCore() throws {
        XCTAssertTrue(CourseCore.embedded.isEmbedded)
        XCTAssertFalse(CourseCore(fileName: "Counter.swift", text: EmbeddedCore.text).isEmbedded)
        XCTAssertFalse(CourseCore(fileName: EmbeddedCore.fileName, text: EmbeddedCore.text + " ").isEmbedded)
        XCTAssertEqual(CourseClaims.switchedOn(forEmbeddedCourse: true).map(\.id), CourseClaims.all.map(\.id))
        XCTAssertEqual(
            CourseClaims.switchedOn(forEmbeddedCourse: false).map(\.id), [.courseIndex, .fragmentSyntax])
        XCTAssertEqual(CourseCore.fileName(namedBy: "// Counter.swift — the model"), "Counter.swift")
        XCTAssertEqual(CourseCore.fileName(namedBy: "// Über.swift"), "Über.swift")
        for line in ["// main.swift — a tree", "//Counter.swift", "// .swift", "// a/B.swift", "// Counter.swiftx", ""]
        {
            XCTAssertNil(CourseCore.fileName(namedBy: line), line)
        }
        XCTAssertEqual(CourseCore.fileName(given: "Counter"), "Counter.swift")
        XCTAssertEqual(CourseCore.fileName(given: "Counter.swift"), "Counter.swift")
        XCTAssertNil(CourseCore.fileName(given: "main"))
        XCTAssertNil(CourseCore.fileName(given: "a/B.swift"))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [["A.swift", "B.swift"], ["B.swift"]], given: nil), .success("B.swift"))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [["A.swift", "B.swift"], ["A.swift", "B.swift"]], given: nil),
            .failure(CourseCore.Ambiguity(names: ["A.swift", "B.swift"], lessons: 2)))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [["A.swift", "B.swift"]], given: "B.swift"), .success("B.swift"))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [[EmbeddedCore.fileName, "B.swift"]], given: nil),
            .success(EmbeddedCore.fileName))
        XCTAssertEqual(CourseCore.decideName(lessons: [[], []], given: nil), .success(EmbeddedCore.fileName))
        // The text most lessons hold is the course's; the first among equals.
        XCTAssertEqual(CourseCore.decide(fileName: "C.swift", texts: ["a", "b", "b"]).text, "b")
        XCTAssertEqual(CourseCore.decide(fileName: "C.swift", texts: ["a", "b"]).text, "a")
        XCTAssertEqual(CourseCore.decide(fileName: EmbeddedCore.fileName, texts: ["a", "a"]), .embedded)
    }

    /// A lesson of this course is this course, by its core, whatever its text says: with no index
    /// and its front matter gone, its claims are still on, and say what the lesson lacks.
    func testThisCoursesClaimsStayOnWithoutItsIndexOrFrontMatter() throws {
        let scratch = try Scratch()
        addTeardownBlock { scratch.remove() }
        try CourseCopy.copyLesson("01-bildirimsel-sozdizim", into: scratch.url)
        let lesson = scratch.url.appendingPathComponent("lessons/01-bildirimsel-sozdizim.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let body = text.components(separatedBy: "\n---\n").dropFirst().joined(separator: "\n---\n")
        try body.write(to: lesson, atomically: true, encoding: .utf8)
        let run = InProcess.run(["--no-goldens", "--no-cache", "lessons"], in: scratch.url)
        XCTAssertEqual(
            run.stdout,
            "1 lesson: 1 core, 2 trees, 4 fragments; compiler: 2 trees accepted; embedded: 2 trees; claims: 4 checked, "
                + "4 not applicable (front-matter, course-index, closing-table, trigger-distribution); 0 errors\n")
        XCTAssertEqual(run.stderr, "")
    }
}
