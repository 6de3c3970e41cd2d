import CourseCheckKit
import Foundation
import XCTest

/// Runs the built `coursecheck` binary on the real course in `lessons/`.
final class EndToEndTests: XCTestCase {
    let lessons = Binary.packageRoot.appendingPathComponent("lessons")

    /// All 50 trees compile in one merged build, run, and print exactly their expected blocks.
    func testTheRealCourseIsClean() throws {
        let result = try Binary.run(["--no-cache", "lessons/"], in: Binary.packageRoot)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, "21 lessons: 21 core, 50 trees, 42 fragments; swiftc: 50 trees, merged; 0 errors\n")
        XCTAssertEqual(result.status, 0)
    }

    func testListGivesEveryBlockItsRole() throws {
        let result = try Binary.run(["list", "lessons"], in: Binary.packageRoot)
        XCTAssertEqual(result.status, 0)
        let rows = result.stdout.split(separator: "\n")
        XCTAssertEqual(rows.count, 21 + 50 + 50 + 42)
        let first = rows.first { $0.contains(" tree ") }.map(String.init) ?? ""
        XCTAssertTrue(first.hasPrefix("lessons/01-bildirimsel-sozdizim.md:"), first)
        XCTAssertTrue(first.contains("expected:"), first)
    }

    /// Editing one character of one lesson's core block fails at exactly that line and column.
    func testOneCharacterEditInOneCoreFailsAtThatLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let copy = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.copyItem(at: lessons, to: copy)
        let lesson = copy.appendingPathComponent("09-yerel-durum.md")
        var lines = try String(contentsOf: lesson, encoding: .utf8).components(separatedBy: "\n")
        let target = "            return \"kural-disi\""
        let index = try XCTUnwrap(lines.firstIndex(of: target))
        lines[index] = "            return \"kural-dis1\""
        try lines.joined(separator: "\n").write(to: lesson, atomically: true, encoding: .utf8)

        let result = try Binary.run(["--no-cache", "lessons"], in: scratch.url)
        XCTAssertEqual(result.status, 1)
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        let column = target.utf8.count - 1  // the "i" before the closing quote
        XCTAssertEqual(
            first,
            "lessons/09-yerel-durum.md:\(index + 1):\(column): error: core block differs from the embedded core "
                + "at core line 49 [core-drift]")
        XCTAssertTrue(result.stderr.contains("-            return \"kural-disi\"\n+            return \"kural-dis1\"\n"))
        XCTAssertEqual(result.stdout, "21 lessons: 21 core, 50 trees, 42 fragments; swiftc: 50 trees, merged; 1 error\n")
    }

    func testUsageErrorExitsTwo() throws {
        let result = try Binary.run(["--no-such-flag", "lessons"], in: Binary.packageRoot)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "coursecheck: error: unknown option '--no-such-flag'\nRun 'coursecheck --help' for usage.\n")
    }

    func testColourOnlyWhenAskedAndNeverWithNoColor() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "no fences\n".write(to: scratch.url.appendingPathComponent("01-x.md"), atomically: true, encoding: .utf8)
        let coloured = try Binary.run(["--color", "always", "."], in: scratch.url)
        XCTAssertTrue(coloured.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"), coloured.stderr)
        let plain = try Binary.run(["."], in: scratch.url, environment: ["NO_COLOR": "1"])
        XCTAssertFalse(plain.stderr.contains("\u{1B}["), plain.stderr)
    }
}
