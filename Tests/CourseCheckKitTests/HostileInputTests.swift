import CourseCheckKit
import Foundation
import XCTest

/// Hostile input: every case gives a clear diagnostic and exit 1 or 2, never a crash or a hang,
/// and never touches the lessons. Cases too large or too odd for a committed fixture are made here.
final class HostileInputTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }

    override func setUpWithError() throws {
        scratch = try Scratch()
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
    }

    override func tearDown() {
        scratch.remove()
    }

    private func lesson(prose: String = "", tree: String = "print(1)", expected: String = "1\n") -> String {
        "---\ntitle: 'Dusman'\n---\n\n# Dusman\n\n\(prose)```swift\n\(EmbeddedCore.text)```\n\n"
            + "```swift\n// main.swift — agac\n\(tree)\n```\n\n```\n\(expected)```\n"
    }

    private func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: lessons.path) {
            let url = lessons.appendingPathComponent(name)
            files[name] = FileManager.default.contents(atPath: url.path) ?? Data()
        }
        return files
    }

    /// Runs the binary on `lessons/`, checks it exited (no signal) with `status`, and left the lessons alone.
    @discardableResult
    private func check(_ arguments: [String] = ["lessons"], status: Int32) throws -> Binary.Result {
        let before = try snapshot()
        // A cache of this test's own: a summary says what came from the cache, and a shared one
        // would make that depend on which test ran first.
        let cache = scratch.url.appendingPathComponent(".cache").path
        let result = try Binary.run(["--no-goldens", "--cache-dir", cache] + arguments, in: scratch.url)
        XCTAssertEqual(result.status, status, result.stderr)
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
        XCTAssertEqual(try snapshot(), before, "the lessons were touched")
        return result
    }

    /// A new, empty lesson in a course with no goldens yet (no store record): findings, never a crash.
    func testAnEmptyLessonInACourseWithoutGoldensIsAFinding() throws {
        try lesson().write(to: lessons.appendingPathComponent("01-giris.md"), atomically: true, encoding: .utf8)
        try Data().write(to: lessons.appendingPathComponent("02-yeni.md"))
        let cache = scratch.url.appendingPathComponent(".cache").path
        func findings() throws -> [String] {
            let result = try Binary.run(["--no-claims", "--cache-dir", cache, "lessons"], in: scratch.url)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
            return result.stderr.findingLines
        }
        let empty = "lessons/02-yeni.md:1:1: error: file is empty; it is not a lesson [not-a-lesson]"
        XCTAssertEqual(
            try findings(),
            [
                "lessons/01-giris.md:1:1: error: no goldens directory at goldens/; run 'coursecheck --update lessons/' to "
                    + "approve the current outputs, or pass --no-goldens [golden-missing]",
                empty,
            ])
        // A goldens folder with no record yet (made by hand, or its LESSONS deleted).
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        let withFolder = try findings()
        // The compiler the real course's goldens name is this run's (the tests run on it).
        let pinned = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("goldens/TOOLCHAIN"), encoding: .utf8
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(
            withFolder,
            [
                "goldens/TOOLCHAIN:1:1: error: goldens/TOOLCHAIN is missing: the goldens do not say which compiler "
                    + "they were approved with; run 'coursecheck --update lessons/' to record '\(pinned)', which "
                    + "decided this run [golden-missing]",
                "goldens/LESSONS:1:1: error: goldens/ has no record of the lessons directories it serves "
                    + "(goldens/LESSONS); 'coursecheck --update lessons' records lessons [golden-record]",
                "lessons/01-giris.md:79:1: error: tree has no approved golden (goldens/01-giris/agac.out); check its "
                    + "output, then run 'coursecheck --update lessons/' [golden-missing]",
                empty,
            ])
    }

    func testATenMegabyteLessonIsChecked() throws {
        let line = "Uzun bir paragraf, `ornek-etiket` gibi bir şey anlatmıyor; yalnız yer kaplıyor.\n"
        let prose = String(repeating: line, count: 10_000_000 / line.utf8.count) + "\n"
        try lesson(prose: prose).write(
            to: lessons.appendingPathComponent("01-buyuk.md"), atomically: true, encoding: .utf8)
        let result = try check(["--no-claims", "lessons"], status: 0)
        XCTAssertEqual(
            result.stdout,
            "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; embedded: 1 tree; 0 errors\n")
    }

    func testATenThousandLineExpectedBlockIsADriftNotAHang() throws {
        let expected = (1...10_000).map { "satir \($0)\n" }.joined()
        let text = lesson(expected: expected)
        try text.write(to: lessons.appendingPathComponent("01-uzun.md"), atomically: true, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try XCTUnwrap(lines.firstIndex(of: "// main.swift — agac")) + 1
        let firstExpected = try XCTUnwrap(lines.firstIndex(of: "satir 1")) + 1
        let result = try check(["--no-claims", "lessons"], status: 1)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").first.map(String.init),
            "lessons/01-uzun.md:\(firstExpected):1: error: output of tree at line \(header) differs from the lesson [output-drift]"
        )
        // The diff is a screen and a count of the rest, not ten thousand lines.
        let shown = result.stderr.split(separator: "\n")
        XCTAssertEqual(shown.count, 2 + 2 + 100 + 1, result.stderr)
        XCTAssertEqual(shown.last, "... 9902 more diff lines")
    }

    /// A file-size limit (`ulimit -f 0`) is an I/O error naming the file, never a death by SIGXFSZ
    /// with nothing said. The output goes through a pipe, which the limit does not cover.
    func testAFileSizeLimitIsAnIOErrorNotASilentDeath() throws {
        try FileManager.default.copyItem(
            at: Binary.packageRoot.appendingPathComponent("lessons/09-yerel-durum.md"),
            to: lessons.appendingPathComponent("09-yerel-durum.md"))
        let result = try Binary.run(
            [
                "-c", "(ulimit -f 0; \"$0\" --no-goldens --no-cache lessons; echo \"status $?\") 2>&1 | cat",
                Binary.url().path,
            ],
            in: scratch.url, shell: true)
        // Where the limit is met first (the scratch's marker, a cache entry) decides whether it is the
        // run's I/O error (exit 2) or the trees' validity-unknown (exit 1); either names the file.
        let lines = result.stdout.split(separator: "\n")
        XCTAssertTrue(["status 1", "status 2"].contains(lines.last), result.stdout)
        XCTAssertTrue(result.stdout.contains("/.coursecheck-owner: File too large"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Fatal error"), result.stdout)
    }

    /// A lesson file whose name is not UTF-8 is a located error, never skipped unsaid nor read as the
    /// file its decoded name would be (here a twin holding U+FFFD where the name has 0xFF).
    func testALessonNameThatIsNotUTF8IsSaid() throws {
        let source = Binary.packageRoot.appendingPathComponent("lessons/09-yerel-durum.md")
        try FileManager.default.copyItem(at: source, to: lessons.appendingPathComponent("50-k\u{FFFD}z.md"))
        let path = Array(lessons.path.utf8) + Array("/50-k".utf8) + [0xFF] + Array("z.md".utf8)
        XCTAssertEqual(
            try Data(contentsOf: source).withUnsafeBytes { bytes -> Int in
                let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
                defer { close(descriptor) }
                return descriptor < 0 ? -1 : Glibc.write(descriptor, bytes.baseAddress, bytes.count)
            }, try Data(contentsOf: source).count)
        let result = try check(["--no-claims", "lessons"], status: 1)
        XCTAssertEqual(
            result.stderr,
            "lessons/50-k\\x{FF}z.md:1:1: error: file name is not UTF-8 (each byte that is not shown as \\x{..}); it "
                + "is not checked: rename it [not-a-lesson]\n")
        XCTAssertTrue(result.stdout.hasPrefix("1 lesson: 1 core, 3 trees"), result.stdout)
    }

    /// An argument that is not UTF-8 would reach the command repaired (U+FFFD), naming another path:
    /// refused by its bytes, exit 2, nothing written.
    func testAnArgumentThatIsNotUTF8IsRefused() throws {
        let result = try Binary.run(
            ["-c", "\"$0\" import export.md \"$(printf 'k\\377urs')\"", Binary.url().path], in: scratch.url,
            shell: true)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: argument 'k\\x{FF}urs' is not UTF-8 (each byte that is not shown as \\x{..}); give the "
                + "path a UTF-8 name\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted(), ["lessons"])
    }

    func testASymlinkLoopIsAnIOError() throws {
        try FileManager.default.createSymbolicLink(
            atPath: lessons.appendingPathComponent("01-dongu.md").path, withDestinationPath: "01-dongu.md")
        let result = try check(status: 2)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: lessons/01-dongu.md: cannot read the file (Too many levels of symbolic links)\n")
    }

    func testAFileThatIsNotRegularIsAnIOErrorNotAHang() throws {
        XCTAssertEqual(mkfifo(lessons.appendingPathComponent("01-boru.md").path, 0o644), 0)
        let result = try check(status: 2)
        XCTAssertEqual(result.stderr, "coursecheck: error: lessons/01-boru.md: not a regular file\n")
    }

    func testADirectoryNamedLikeALessonIsAnIOError() throws {
        try FileManager.default.createDirectory(
            at: lessons.appendingPathComponent("01-klasor.md"), withIntermediateDirectories: true)
        let result = try check(status: 2)
        XCTAssertEqual(result.stderr, "coursecheck: error: lessons/01-klasor.md: not a regular file\n")
    }

    func testAnEmptyLessonsDirectoryIsAnEmptyRun() throws {
        let result = try check(status: 2)
        XCTAssertEqual(
            result.stderr, "coursecheck: error: lessons: no lesson files (named like 01-slug.md) in this directory\n")
    }

    /// Root reads a mode-000 file anyway, so this case only runs for other users.
    func testAnUnreadableFileIsAnIOError() throws {
        try XCTSkipIf(getuid() == 0, "root can read a file whatever its mode")
        let url = lessons.appendingPathComponent("01-kapali.md")
        try lesson().write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(url.path, 0), 0)
        defer { chmod(url.path, 0o644) }
        let result = try check(status: 2)
        XCTAssertEqual(
            result.stderr, "coursecheck: error: lessons/01-kapali.md: cannot read the file (Permission denied)\n")
    }

    func testALessonNamedTwiceIsCheckedOnce() throws {
        try lesson().write(to: lessons.appendingPathComponent("01-ders.md"), atomically: true, encoding: .utf8)
        let result = try check(["--no-claims", "lessons", "lessons/01-ders.md"], status: 0)
        XCTAssertEqual(
            result.stdout,
            "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; embedded: 1 tree; 0 errors\n")
    }

    func testRunNeedsALessonFileNotADirectory() throws {
        let result = try Binary.run(["run", "lessons:3"], in: scratch.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.stderr, "coursecheck: error: run needs one lesson file, <lesson.md>:<line>, not 'lessons:3'\n")
    }

    func testNullBytesAndInvalidUTF8AreLocated() throws {
        try Data([0x23, 0x20, 0x41, 0x0A, 0x42, 0xFF, 0x0A]).write(to: lessons.appendingPathComponent("01-bozuk.md"))
        let result = try check(status: 1)
        XCTAssertEqual(
            result.stderr,
            "lessons/01-bozuk.md:2:2: error: file is not valid UTF-8 (byte 0xFF at offset 5) [encoding]\n")
    }
}

/// `--update` and `--promote` killed between writing and renaming leave every file whole: the old
/// version or the new one, never a truncated file; the next run sweeps the temporary file.
final class AtomicityTests: XCTestCase {
    private func temporaries(_ directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.contains(FileGate.temporaryPrefix) { found.append(path) }
        }
        return found
    }

    func testUpdateKilledBeforeRenameLeavesTheOldGolden() throws {
        let scratch = try CourseCopy.make(for: self)
        let golden = scratch.url.appendingPathComponent(
            "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        let old = try Data(contentsOf: golden)
        try "bayat\n".write(to: golden, atomically: true, encoding: .utf8)
        let stale = try Data(contentsOf: golden)

        let killed = try Binary.run(
            ["--update", "lessons"], in: scratch.url, environment: ["COURSECHECK_FAULT": "before-rename"])
        XCTAssertEqual(killed.status, 9, "the write hook kills the process (SIGKILL)")
        XCTAssertEqual(try Data(contentsOf: golden), stale, "the target is still the complete old version")
        XCTAssertEqual(temporaries(scratch.url.appendingPathComponent("goldens")).count, 1)

        let update = try Binary.run(["--update", "lessons"], in: scratch.url)
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(try Data(contentsOf: golden), old, "the complete new version")
        XCTAssertEqual(temporaries(scratch.url.appendingPathComponent("goldens")), [], "the leftover was swept")
    }

    func testPromoteKilledBeforeRenameLeavesTheOldLesson() throws {
        let scratch = try CourseCopy.make(for: self)
        let lesson = scratch.url.appendingPathComponent("lessons/03-yigit-duzenleri.md")
        let original = try String(contentsOf: lesson, encoding: .utf8)
        let broken = try original.replacingEvery("ebeveyn: 5\n", with: "ebeveyn: 4\n")
        try broken.write(to: lesson, atomically: true, encoding: .utf8)

        let killed = try Binary.run(
            ["--promote", "lessons"], in: scratch.url, environment: ["COURSECHECK_FAULT": "before-rename"])
        XCTAssertEqual(killed.status, 9)
        XCTAssertEqual(try String(contentsOf: lesson, encoding: .utf8), broken, "the complete old lesson")

        let promote = try Binary.run(["--promote", "lessons"], in: scratch.url)
        XCTAssertEqual(promote.status, 0, promote.stderr)
        XCTAssertEqual(try String(contentsOf: lesson, encoding: .utf8), original, "the complete new lesson")
        XCTAssertEqual(temporaries(scratch.url.appendingPathComponent("lessons")), [])
    }
}
