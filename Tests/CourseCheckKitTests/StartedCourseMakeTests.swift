import CourseCheckKit
import Foundation
import XCTest

/// The Makefile `init` writes: `make verify` without coursecheck on PATH says what to do (put it
/// there, or name it with `COURSECHECK=`), exit 2, rather than make's bare "No such file"; named,
/// it checks the course.
final class StartedCourseMakeTests: XCTestCase {
    func testVerifyWithoutCoursecheckSaysHowToNameIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else {
            throw XCTSkip("make is not installed")
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let root = scratch.url.resolvingSymlinksInPath()
        let started = InProcess.run(["init", "course"], in: root)
        XCTAssertEqual(started.status, .clean, started.stderr)
        let course = root.appendingPathComponent("course")
        // Run as an author's shell would, not as a make inside `make test`.
        let make = "unset MAKEFLAGS MFLAGS MAKELEVEL; make --no-print-directory -s verify"
        let missing = try Binary.run(["-c", "PATH=/usr/bin:/bin " + make], in: course, shell: true)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        let lines = missing.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(
            lines.first,
            "make verify: 'coursecheck' is not a command here; put coursecheck on PATH ('make install PREFIX=...' in "
                + "coursecheck's repository) or name it: make verify COURSECHECK=/path/to/coursecheck")
        // Then make's own line for the failed recipe, and nothing else.
        XCTAssertEqual(lines.count, 3, missing.stderr)
        XCTAssertTrue(lines[1].hasPrefix("make: *** "), missing.stderr)
        XCTAssertEqual(lines.last, "")

        let named = try Binary.run(
            ["-c", make + " COURSECHECK='\(try Binary.url().path)'"], in: course, shell: true)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stderr, "")
        XCTAssertTrue(named.stdout.hasSuffix("; 0 errors\n"), named.stdout)
    }
}
