import Foundation
import XCTest

@testable import CourseCheckKit

/// A cached "fragment parses" is only stored for a result swiftc produced for that fragment.
final class FragmentCacheTests: XCTestCase {
    /// An unterminated `/*` in a later fragment makes `swiftc -parse` report only that error, so
    /// the broken fragment before it would look clean. Both errors are found, cold and warm.
    func testAFragmentSwiftcSaidNothingAboutIsParsedAgainNotCachedAsClean() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let source = Fixture.root.appendingPathComponent("claim-fragment-syntax")
        try Fixture.copy(from: source, to: scratch.url, skipping: Fixture.expectationFiles)
        let lesson = scratch.url.appendingPathComponent("lessons/02-yerel.md")
        var text = try String(contentsOf: lesson, encoding: .utf8)
        let summary = try XCTUnwrap(text.range(of: "## Özet"))
        text.insert(contentsOf: "```swift\nlet acik = 1\n/* acik yorum\n```\n\n", at: summary.lowerBound)
        try Data(text.utf8).write(to: lesson)
        let lines = text.components(separatedBy: "\n")
        let comment = try XCTUnwrap(lines.firstIndex(of: "/* acik yorum")) + 1
        let expected = """
            lessons/02-yerel.md:113:5: error: display fragment does not parse: expected ')' in expression list [fragment-syntax]
            lessons/02-yerel.md:\(comment):14: error: display fragment does not parse: unterminated '/*' comment [fragment-syntax]

            """
        let cache = scratch.url.appendingPathComponent("cache").path
        for run in ["cold", "warm"] {
            let result = InProcess.run(["--no-goldens", "--cache-dir", cache, "lessons"], in: scratch.url)
            XCTAssertEqual(result.stderr, expected, "\(run) run")
            XCTAssertEqual(
                result.stdout,
                "3 lessons: 3 core, 3 trees, 4 fragments; compiler: 3 trees accepted; "
                    + "embedded: 3 trees\(run == "warm" ? " (cached: 3 results)" : ""); "
                    + "claims: 8 checked; 2 errors\n",
                "\(run) run")
        }
    }

    /// One slip in a fragment is one finding, in a run that parses it among many fragments and in
    /// one that parses it alone because the others are cached. Past 25 files the driver split the
    /// batch across the cores, and each frontend reported the file-scope errors of every file (a
    /// function body's only in its own file's frontend): a run afresh of 33 fragments on two cores
    /// said a file-scope slip twice, a warm one once.
    func testOneSlipAmongManyFragmentsIsOneFindingAfreshAndWarm() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Fixture.copy(
            from: Fixture.root.appendingPathComponent("claim-fragment-syntax"), to: scratch.url,
            skipping: Fixture.expectationFiles)
        let first = scratch.url.appendingPathComponent("lessons/01-acilis.md")
        let fragments = (1...30).map { "```swift\nlet sayi\($0) = \($0)\n```\n\n" }.joined()
        try CourseCopy.replace("## Özet", with: fragments + "## Özet", in: first)
        let lesson = scratch.url.appendingPathComponent("lessons/02-yerel.md")
        try CourseCopy.replace("Text(title\n", with: "Text(title)\n", in: lesson)
        let cache = scratch.url.appendingPathComponent("cache").path
        let clean = InProcess.run(["--no-goldens", "--cache-dir", cache, "lessons"], in: scratch.url)
        XCTAssertEqual(clean.stderr, "")
        XCTAssertEqual(
            clean.stdout,
            "3 lessons: 3 core, 3 trees, 33 fragments; compiler: 3 trees accepted; embedded: 3 trees; claims: 8 checked; "
                + "0 errors\n")
        let slip =
            try CourseCopy.replace("import SwiftUI\n", with: "import SwiftUI\nlet dizi = [1, 2\n", in: lesson) + 1
        for (run, options) in [("warm", ["--cache-dir", cache]), ("afresh", ["--no-cache"])] {
            let result = InProcess.run(["--no-goldens"] + options + ["lessons"], in: scratch.url)
            XCTAssertEqual(
                result.stderr,
                "lessons/02-yerel.md:\(slip):17: error: display fragment does not parse: expected ']' in container "
                    + "literal expression [fragment-syntax]\n", "\(run) run")
            XCTAssertEqual(
                result.stdout,
                "3 lessons: 3 core, 3 trees, 33 fragments; compiler: 3 trees accepted; "
                    + "embedded: 3 trees\(run == "warm" ? " (cached: 3 results)" : ""); claims: 8 checked; 1 error\n",
                "\(run) run")
        }
    }

    /// An error swiftc gives twice for a fragment (as a split batch's frontends did) is one finding,
    /// in the run that parses it and in the warm run that reads what that run stored.
    func testAnErrorSwiftcGivesTwiceIsOneFinding() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Fixture.copy(
            from: Fixture.root.appendingPathComponent("claim-fragment-syntax"), to: scratch.url,
            skipping: Fixture.expectationFiles)
        let real = try Toolchain.locate(environment: InProcess.environment, cache: nil).swiftc.path
        // A compiler that says everything `-parse` says twice.
        let swiftc = scratch.url.appendingPathComponent("twice-swiftc")
        try Data(
            """
            #!/bin/sh
            [ "$1" = -parse ] || exec '\(real)' "$@"
            '\(real)' "$@" 2>"$TMPDIR/said"; status=$?
            cat "$TMPDIR/said" "$TMPDIR/said" >&2
            exit $status

            """.utf8
        ).write(to: swiftc)
        chmod(swiftc.path, 0o755)
        let cache = scratch.url.appendingPathComponent("cache").path
        for run in ["afresh", "warm"] {
            let result = InProcess.run(
                ["--no-goldens", "--cache-dir", cache, "lessons"], in: scratch.url, extra: ["SWIFTC": swiftc.path])
            XCTAssertEqual(
                result.stderr,
                "lessons/02-yerel.md:113:5: error: display fragment does not parse: expected ')' in expression list "
                    + "[fragment-syntax]\n", "\(run) run")
            XCTAssertEqual(
                result.stdout,
                "3 lessons: 3 core, 3 trees, 3 fragments; compiler: 3 trees accepted; "
                    + "embedded: 3 trees\(run == "warm" ? " (cached: 3 results)" : ""); claims: 8 checked; 1 error\n",
                "\(run) run")
        }
    }

    /// A `swiftc -parse` that never finishes is stopped at `--compile-timeout`: each fragment gets a
    /// located `compile-timeout` error (the batch, then each alone), and the trees are still checked.
    func testFragmentParsingPastTheCompileTimeoutIsLocated() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Fixture.copy(
            from: Fixture.root.appendingPathComponent("claim-fragment-syntax"), to: scratch.url,
            skipping: Fixture.expectationFiles)
        // A compiler that answers --version and then hangs on everything else.
        let swiftc = scratch.url.appendingPathComponent("slow-swiftc")
        try Data(
            "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Swift version 0.0 (slow)'; exit 0; fi\nexec sleep 600\n"
                .utf8
        )
        .write(to: swiftc)
        chmod(swiftc.path, 0o755)
        let result = InProcess.run(
            ["--no-goldens", "--no-cache", "--compile-timeout", "0.5", "lessons"], in: scratch.url,
            extra: ["SWIFTC": swiftc.path])
        let fragments = [("01-acilis", 105), ("02-yerel", 105), ("03-kapanis", 105)]
        // The compiler cannot be asked whether the trees compile either: said once, at the first tree.
        var expected =
            "lessons/01-acilis.md:86:1: error: whether the trees compile cannot be decided: \(swiftc.path) -### did "
            + "not finish within 0.5 s (--compile-timeout); 3 trees ran unverified, and none is approved or promoted "
            + "[validity-unknown]\n"
        for (lesson, line) in fragments {
            expected +=
                "lessons/\(lesson).md:\(line):1: error: swiftc -parse did not finish this display fragment within "
                + "0.5 s (--compile-timeout); it was stopped [compile-timeout]\n"
        }
        XCTAssertEqual(result.stderr, expected)
        XCTAssertEqual(
            result.stdout,
            "3 lessons: 3 core, 3 trees, 3 fragments; compiler: not asked; embedded: 3 trees; claims: 8 checked; 4 "
                + "errors\n")
    }
}
