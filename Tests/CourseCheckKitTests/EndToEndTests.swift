import CourseCheckKit
import Foundation
import XCTest

/// Runs the built `coursecheck` binary on the real course in `lessons/`.
final class EndToEndTests: XCTestCase {
    let lessons = Binary.packageRoot.appendingPathComponent("lessons")

    /// By default 48 trees run embedded and the 2 Observation trees on swiftc; all print exactly their expected blocks.
    /// Everything afresh but the compiler's verdicts, which `scripts/run-tests` asked of the
    /// compiler for the real course before the suites started (or this run asks, alone).
    func testTheRealCourseIsClean() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cache = try CompilerVerdicts.cache(in: scratch.url)
        let result = try Binary.run(["--cache-dir", cache.path, "lessons/"], in: Binary.packageRoot)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            "21 lessons: 21 core, 50 trees, 42 fragments; compiler: 50 trees accepted; embedded: 48 trees; swiftc: 2 "
                + "trees, standalone "
                + "(2 × imports a module) [2 × import Observation]; goldens: 50 compared; claims: 8 checked; 0 errors\n"
        )
        XCTAssertEqual(result.status, 0)
    }

    /// 47 trees compile in one merged build, the 2 Observation trees (their own types) and the
    /// function tree of lesson 20 standalone, as the real program; the 48 embedded ones print the same on both engines.
    /// A differential run of the whole course, cold (8 s, a sixteenth of make test's work): `make
    /// soak` runs it with the corpus, and `make verify` runs the same cross-check on every CI run.
    func testCrossCheckOverTheRealCourse() throws {
        try XCTSkipUnless(
            DifferentialTests.live, "COURSECHECK_DIFFERENTIAL=live (make soak) cross-checks the real course")
        let result = try Binary.run(["--cross-check", "--no-cache", "lessons/"], in: Binary.packageRoot)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            "21 lessons: 21 core, 50 trees, 42 fragments; compiler: 50 trees accepted; embedded: 48 trees; swiftc: 50 "
                + "trees, 47 merged + 3 "
                + "standalone (2 × imports a module, 1 × declares a function) [2 × import Observation]; cross-check: 48 trees agree; goldens: 50 compared; claims: 8 checked; 0 errors\n"
        )
        XCTAssertEqual(result.status, 0)
    }

    /// Only the two Observation trees leave the embedded engine; the plain-function tree of lesson 20 stays.
    func testOnlyTheObservationTreesNeedTheToolchain() throws {
        let result = try Binary.run(["list", "lessons/"], in: Binary.packageRoot)
        let trees = result.stdout.split(separator: "\n").filter { $0.contains(" tree ") }
        XCTAssertEqual(trees.count, 50)
        let toolchain = trees.filter { $0.contains("swiftc") }.map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(toolchain, ["lessons/11-gozlemlenebilir-nesneler.md:183", "lessons/18-gecisler.md:188"])
        let functionTree = trees.first { $0.contains("bicimleme saf bir islevdir") }.map(String.init) ?? ""
        XCTAssertTrue(functionTree.hasPrefix("lessons/20-yerellestirme.md:"), functionTree)
        XCTAssertTrue(functionTree.contains(" embedded "), functionTree)
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
        let scratch = try CourseCopy.make(for: self)
        let copy = scratch.url.appendingPathComponent("lessons")
        let lesson = copy.appendingPathComponent("09-yerel-durum.md")
        var lines = try String(contentsOf: lesson, encoding: .utf8).components(separatedBy: "\n")
        let target = "            return \"kural-disi\""
        let index = try XCTUnwrap(lines.firstIndex(of: target))
        lines[index] = "            return \"kural-dis1\""
        try lines.joined(separator: "\n").write(to: lesson, atomically: true, encoding: .utf8)

        // Everything afresh but the compiler's verdicts, as in `testTheRealCourseIsClean`.
        let cache = try CompilerVerdicts.cache(in: scratch.url)
        let result = try Binary.run(["--cache-dir", cache.path, "lessons"], in: scratch.url)
        XCTAssertEqual(result.status, 1)
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        let column = target.utf8.count - 1  // the "i" before the closing quote
        XCTAssertEqual(
            first,
            "lessons/09-yerel-durum.md:\(index + 1):\(column): error: core block differs from the embedded core "
                + "at core line 49 [core-drift]")
        XCTAssertTrue(
            result.stderr.contains("-            return \"kural-disi\"\n+            return \"kural-dis1\"\n"))
        XCTAssertEqual(
            result.stdout,
            "21 lessons: 21 core, 50 trees, 42 fragments; compiler: 50 trees accepted; embedded: 48 trees; swiftc: 2 "
                + "trees, standalone "
                + "(2 × imports a module) [2 × import Observation]; goldens: 50 compared; claims: 8 checked; 1 error\n")
    }

    /// The same edit to every lesson's core block (an author changing the core in the lessons alone)
    /// is one finding, at the first lesson, saying where this course's core lives and what
    /// `--promote` does; `--promote` then writes the built-in core back into every lesson. One
    /// lesson edited otherwise keeps a finding in each lesson.
    func testTheSameCoreEditInEveryLessonIsOneFinding() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for name in names {
            try CourseCopy.replace(
                "return \"ortam\"", with: "return \"cevre\"", in: lessons.appendingPathComponent(name))
        }
        func findings() -> [String] {
            courseFindings(in: scratch.url)
        }
        let line = try XCTUnwrap(
            String(contentsOf: lessons.appendingPathComponent(names[0]), encoding: .utf8)
                .components(separatedBy: "\n").firstIndex { $0.hasSuffix("return \"cevre\"") })
        XCTAssertEqual(
            findings(),
            [
                "lessons/\(names[0]):\(line + 1):21: error: core block differs from the embedded core at core line 43; "
                    + "every lesson's core block (all 21) differs from it the same way, but this course's core is the "
                    + "one built into coursecheck from Sources/InvalidationCore/Invalidation.swift: to change it, "
                    + "change that file and rebuild coursecheck, then the lessons' copies; 'coursecheck --promote "
                    + "lessons/' writes the built-in core back into every lesson [core-drift]"
            ])
        // One lesson's copy otherwise: each lesson's own finding, as for any drift.
        try CourseCopy.replace(
            "return \"cevre\"", with: "return \"cevre2\"", in: lessons.appendingPathComponent(names[3]))
        XCTAssertEqual(findings().count, 21)
        XCTAssertEqual(InProcess.run(["--promote", "lessons/"], in: scratch.url).status, .clean)
        XCTAssertEqual(findings(), [])
        XCTAssertEqual(CourseCopy.findingsIfAsCommitted(scratch.url), [])
    }

    /// A lesson's core block whose first line names another file: one finding at that line, with the
    /// line to write back, and writing it gives the course back.
    func testACoreBlockUnderAnotherNameIsOneFindingAtItsFirstLine() throws {
        let scratch = try CourseCopy.make(for: self)
        let lesson = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// Invalidation.swift") })
        try CourseCopy.replace("\n// Invalidation.swift", with: "\n// Stock.swift", in: lesson)
        func findings() -> [String] {
            courseFindings(in: scratch.url)
        }
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:\(header + 1):1: error: lesson has no core block (a ```swift block "
                    + "starting '// Invalidation.swift'); found '// Stock.swift' here; if this block is the core, start "
                    + "it with '// Invalidation.swift' [core-count]"
            ])
        try CourseCopy.replace("\n// Stock.swift", with: "\n// Invalidation.swift", in: lesson)
        XCTAssertEqual(try String(contentsOf: lesson, encoding: .utf8), text)
    }

    func testUsageErrorExitsTwo() throws {
        let result = try Binary.run(["--no-such-flag", "lessons"], in: Binary.packageRoot)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr, "coursecheck: error: unknown option '--no-such-flag'\nRun 'coursecheck --help' for usage.\n")
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

    /// No compiler where one is needed is a clear I/O error (exit 2), never a silent pass.
    func testAMissingCompilerIsExitTwo() throws {
        let result = try Binary.run(
            ["--engine", "swiftc", "--no-cache", "--no-claims", "lessons/"], in: Binary.packageRoot,
            environment: ["SWIFTC": "/nonexistent/swiftc"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "coursecheck: error: SWIFTC=/nonexistent/swiftc is not an executable file\n")
    }

    /// Without a compiler the fragment claim is skipped with a note, and the summary says so.
    func testFragmentSyntaxIsSkippedWithANoteWithoutACompiler() throws {
        let result = try Binary.run(
            ["--engine", "embedded", "--no-goldens", "--no-cache", "lessons/"], in: Binary.packageRoot,
            environment: ["SWIFTC": "/nonexistent/swiftc"])
        XCTAssertTrue(
            result.stderr.contains(
                "lessons/01-bildirimsel-sozdizim.md:150:1: note: 42 display fragments were not parsed: no swiftc "
                    + "(SWIFTC=/nonexistent/swiftc is not an executable file) [claim-skipped]"), result.stderr)
        XCTAssertTrue(result.stdout.contains("claims: 7 checked, 1 skipped (fragment-syntax)"), result.stdout)
    }
}
