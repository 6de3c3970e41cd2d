import CourseCheckKit
import XCTest

final class InvocationTests: XCTestCase {
    func testDefaultsToCheck() throws {
        let invocation = try Invocation.parse(["lessons/"])
        XCTAssertEqual(invocation.action, .check)
        XCTAssertEqual(invocation.paths, ["lessons/"])
    }

    func testListAndOptions() throws {
        let invocation = try Invocation.parse(["list", "--color=never", "--strict", "a.md", "--", "-b.md"])
        XCTAssertEqual(invocation.action, .list)
        XCTAssertEqual(invocation.color, .never)
        XCTAssertTrue(invocation.strict)
        XCTAssertEqual(invocation.paths, ["a.md", "-b.md"])
    }

    func testUsageErrors() {
        XCTAssertThrowsError(try Invocation.parse([])) {
            XCTAssertEqual($0 as? CourseCheckError, .usage("no lessons given; pass a lessons directory or .md files"))
        }
        XCTAssertThrowsError(try Invocation.parse(["--color"]))
        XCTAssertThrowsError(try Invocation.parse(["--color", "pink", "x"]))
    }

    func testHelpNeedsNoPaths() throws {
        XCTAssertEqual(try Invocation.parse(["--help"]).action, .help)
        XCTAssertEqual(try Invocation.parse(["-h"]).action, .help)
    }

    func testLessonFileNames() {
        XCTAssertTrue(CourseLoader.isLessonFileName("09-yerel-durum.md"))
        XCTAssertTrue(CourseLoader.isLessonFileName("100-yeni.md"))
        XCTAssertFalse(CourseLoader.isLessonFileName("9-yerel.md"))
        XCTAssertFalse(CourseLoader.isLessonFileName("README.md"))
        XCTAssertFalse(CourseLoader.isLessonFileName("09-.md"))
        XCTAssertFalse(CourseLoader.isLessonFileName("09-x.txt"))
    }
}
