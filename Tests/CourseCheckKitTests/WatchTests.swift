import CourseCheckKit
import Foundation
import XCTest

/// Runs the built `coursecheck watch` on a copy of the course, edits a lesson, and stops it.
final class WatchTests: XCTestCase {
    /// How `watch` hears of changes: inotify on the Linux path, polling on the portable path, which
    /// this process and the runs it starts take under `COURSECHECK_PORTABLE=1`.
    static let mechanism = Platform.isPortable ? "polling every 500 ms" : "inotify"

    /// A running `watch` whose output goes to files.
    final class Watch {
        let process = Process()
        let scratch: Scratch
        let outURL: URL
        let errURL: URL

        init(
            _ arguments: [String], in scratch: Scratch, environment: [String: String],
            standardError: FileHandle? = nil, standardOutput: FileHandle? = nil
        ) throws {
            self.scratch = scratch
            outURL = scratch.url.appendingPathComponent("watch.stdout")
            errURL = scratch.url.appendingPathComponent("watch.stderr")
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.executableURL = try Binary.url()
            process.arguments = ["watch"] + arguments
            process.currentDirectoryURL = scratch.url
            process.environment = Binary.environment(environment)
            process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: outURL)
            process.standardError = try standardError ?? FileHandle(forWritingTo: errURL)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        /// Stopped on every exit path: a watch left polling after a failed test loads every later one.
        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

        /// Waits until `condition` holds on (stdout, stderr).
        func wait(for what: String, timeout: Double = 120, _ condition: (String, String) -> Bool) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if condition(stdout, stderr) { return }
                usleep(20_000)
            }
            let state = process.isRunning ? "still running" : "exited with status \(process.terminationStatus)"
            XCTFail("timed out waiting for \(what); watch \(state)\nstdout:\n\(stdout)\nstderr:\n\(stderr)")
            throw CancellationError()
        }

        /// The process's descendants, from `/proc`.
        func descendants() -> [pid_t] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            var children: [pid_t: [pid_t]] = [:]
            for name in names {
                guard let pid = pid_t(name),
                    let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
            }
            var found: [pid_t] = []
            var queue = [process.processIdentifier]
            while let next = queue.popLast() {
                found += children[next] ?? []
                queue += children[next] ?? []
            }
            return found
        }

        func stop(_ signal: Int32) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private var scratch: Scratch!

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    /// Drifts the first line of lesson 09's first expected block; returns that line's number.
    private func drift() throws -> (line: Int, tree: Int) {
        let url = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("dokunuldu: tapCount degisti") })
        let tree = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// main.swift — gorunumun kendi") })
        lines[index] = "X" + lines[index]
        // As an editor saves: a temporary file renamed over the lesson, then a chmod: one re-check.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".09-yerel-durum.md.swp")
        try Data(lines.joined(separator: "\n").utf8).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, url.path), 0)
        chmod(url.path, 0o644)
        return (index + 1, tree + 1)
    }

    private func block(after header: String, in stderr: String) -> String? {
        guard let start = stderr.range(of: header) else { return nil }
        let rest = stderr[start.upperBound...]
        let end =
            rest.range(of: "────")?.lowerBound ?? rest.range(of: "coursecheck watch: stopped")?.lowerBound
            ?? rest.endIndex
        return String(rest[..<end])
    }

    /// `watch` follows the tree: lessons/ deleted and made again (`rm -rf`, then a checkout) is
    /// watched again, with inotify and with polling, and a later edit there is re-checked.
    func testADirectoryDeletedAndMadeAgainIsWatchedAgain() throws {
        for mechanism in ["inotify", "poll"] {
            let scratch = try CourseCopy.make(for: self)
            let watch = try Watch(
                ["lessons/"], in: scratch,
                environment: ["COURSECHECK_WATCH": mechanism])
            try watch.wait(for: "the first check (\(mechanism))") { out, _ in out.contains("checked in") }
            let lessons = scratch.url.appendingPathComponent("lessons")
            let saved = scratch.url.appendingPathComponent("saved")
            XCTAssertEqual(rename(lessons.path, saved.path), 0)
            try watch.wait(for: "lessons/ reported gone (\(mechanism))") { out, _ in
                out.hasSuffix(
                    "coursecheck watch: lessons/ is gone (moved or deleted); checking again when it returns at that "
                        + "path\n")
            }
            let checks = watch.stdout.components(separatedBy: "\n").count
            try FileManager.default.copyItem(at: saved, to: lessons)
            try watch.wait(for: "the check of the new lessons/ (\(mechanism))") { out, _ in
                out.components(separatedBy: "\n").count > checks
            }
            usleep(300_000)
            let url = lessons.appendingPathComponent("09-yerel-durum.md")
            let text = try String(contentsOf: url, encoding: .utf8)
            try text.replacingOccurrences(of: "\ndokunuldu: tapCount degisti", with: "\nXdokunuldu: tapCount degisti")
                .write(to: url, atomically: true, encoding: .utf8)
            try watch.wait(for: "the edit in the new lessons/ (\(mechanism))") { _, err in
                err.components(separatedBy: "[output-drift]").count > 1
            }
            XCTAssertEqual(watch.stop(SIGINT), 130)
        }
    }

    func testReChecksAnEditedLessonAndStopsCleanlyOnSIGINT() throws {
        // A cache of its own: the Observation trees compile in the background while the lesson changes.
        let watch = try Watch(
            ["lessons/"], in: scratch,
            environment: ["COURSECHECK_CACHE_DIR": scratch.url.appendingPathComponent("cache").path])
        try watch.wait(for: "the first check") { out, _ in out.contains("checked in") }
        XCTAssertTrue(
            watch.stderr.hasPrefix(
                "coursecheck watch: watching 21 lessons, their goldens and the course index with \(Self.mechanism); Ctrl-C stops\n"
                    + "──── coursecheck watch: check 1 at "), watch.stderr)
        let (line, tree) = try drift()
        let header = "(lessons/09-yerel-durum.md changed) ────\n"
        try watch.wait(for: "the re-check") { _, err in
            self.block(after: header, in: err)?.contains("[output-drift]") == true
        }
        let drifted = "dokunuldu: tapCount degisti | yeniden CounterCard yerel | atlanan DashboardView,StatusLabel"
        XCTAssertEqual(
            block(after: header, in: watch.stderr),
            """
            lessons/09-yerel-durum.md:\(line):1: error: output of tree at line \(tree) differs from the lesson [output-drift]
            lessons/09-yerel-durum.md:\(tree):1: note: tree 'gorunumun kendi durumu yalniz kendini yeniden hesaplatir' starts here
            --- lessons/09-yerel-durum.md (expected)
            +++ actual output of tree at line \(tree)
            @@ -\(line),4 +\(line),4 @@
            -X\(drifted)
            +\(drifted)
             yerel: 1
             ebeveyn: 0
             gozlem: 0

            """)
        // One burst (write, rename, chmod), one re-check.
        XCTAssertEqual(watch.stderr.components(separatedBy: "lessons/09-yerel-durum.md changed").count, 2, watch.stderr)
        let children = watch.descendants()
        XCTAssertEqual(watch.stop(SIGINT), 130)
        XCTAssertTrue(watch.stderr.hasSuffix("coursecheck watch: stopped (SIGINT)\n"), watch.stderr)
        for child in children {
            XCTAssertFalse(
                ProcStat.isAlive(child), "child \(child) outlived watch")
        }
        // watch writes nothing: the goldens are as they were.
        let goldens = try Binary.run(["--no-claims", "lessons/"], in: scratch.url).stderr
        XCTAssertFalse(goldens.contains("golden"), goldens)
    }

    func testPollingFallbackAndSIGTERM() throws {
        let watch = try Watch(["lessons/"], in: scratch, environment: ["COURSECHECK_WATCH": "poll"])
        try watch.wait(for: "the first check") { out, _ in out.contains("checked in") }
        XCTAssertTrue(
            watch.stderr.hasPrefix(
                "coursecheck watch: watching 21 lessons, their goldens and the course index with polling every 500 ms; "
                    + "Ctrl-C stops\n"), watch.stderr)
        _ = try drift()
        try watch.wait(for: "the re-check") { _, err in
            err.contains("(lessons/09-yerel-durum.md changed)") && err.contains("[output-drift]")
        }
        XCTAssertEqual(watch.stop(SIGTERM), 143)
        XCTAssertTrue(watch.stderr.hasSuffix("coursecheck watch: stopped (SIGTERM)\n"), watch.stderr)
    }

    func testSIGINTStopsTheBackgroundSwiftcRunWithoutOrphans() throws {
        // A tree only swiftc runs, which sleeps: its compile and then its run are children of watch.
        let core = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("Sources/InvalidationCore/Invalidation.swift"),
            encoding: .utf8)
        let lesson =
            "# Uyku\n\n```swift\n\(core)```\n\n```swift\n// main.swift — uyku\nimport Foundation\n"
            + "Thread.sleep(forTimeInterval: 300)\nprint(\"uyandi\")\n```\n\n```\nuyandi\n```\n"
        let solo = scratch.url.appendingPathComponent("solo")
        try FileManager.default.createDirectory(at: solo, withIntermediateDirectories: true)
        try Data(lesson.utf8).write(to: solo.appendingPathComponent("01-uyku.md"))
        let watch = try Watch(
            ["--no-goldens", "--no-claims", "--timeout", "600", "solo/01-uyku.md"], in: scratch,
            environment: ["COURSECHECK_CACHE_DIR": scratch.url.appendingPathComponent("cache").path])
        try watch.wait(for: "the first check") { out, _ in out.contains("; 1 tree running in the background") }
        let lines = watch.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 3, watch.stdout)
        XCTAssertEqual(
            lines.first,
            "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree pending; swiftc: 1 tree [1 × import Foundation]; 0 "
                + "errors")
        XCTAssertTrue(
            lines[1].hasPrefix("checked in ")
                && lines[1].hasSuffix(" ms with \(Self.mechanism); 1 tree running in the background, results follow"),
            lines[1])
        var children: [pid_t] = []
        try watch.wait(for: "a child") { _, _ in
            children = watch.descendants()
            return !children.isEmpty
        }
        XCTAssertEqual(watch.stop(SIGINT), 130)
        XCTAssertTrue(watch.stderr.hasSuffix("coursecheck watch: stopped (SIGINT)\n"), watch.stderr)
        for child in children {
            XCTAssertFalse(
                ProcStat.isAlive(child), "child \(child) outlived watch")
        }
    }

    /// A markdown file beside the lessons that is not named like one comes and goes with its finding,
    /// as the CLI reports it (watch compared only the lessons' and goldens' bytes).
    func testANotesFileBesideTheLessonsComesAndGoesWithItsFinding() throws {
        let notes = scratch.url.appendingPathComponent("lessons/notlar.md")
        let watch = try Watch(["--no-claims", "lessons/"], in: scratch, environment: [:])
        // Idle first: a background result's re-check would find the file without the event.
        try watch.wait(for: "an idle watch") { out, _ in
            out.split(separator: "\n").last.map { $0.hasPrefix("checked in") && !$0.contains("background") } ?? false
        }
        usleep(300_000)
        try "# Notlar\n".write(to: notes, atomically: true, encoding: .utf8)
        try watch.wait(for: "the notes file's finding") { _, err in
            err.contains("lessons/notlar.md:1:1: warning: markdown file is not named like a lesson")
        }
        let checks = watch.stdout.components(separatedBy: "checked in").count
        try FileManager.default.removeItem(at: notes)
        try watch.wait(for: "a check after the notes file went") { out, _ in
            out.components(separatedBy: "checked in").count > checks
        }
        try watch.wait(for: "the last check's summary") { out, _ in out.hasSuffix("\n") }
        let last = watch.stdout.split(separator: "\n").last { $0.contains(" lessons: ") }
        XCTAssertEqual(last.map { $0.hasSuffix("0 errors") }, true, watch.stdout)
        XCTAssertEqual(watch.stop(SIGINT), 130)
    }

    /// A shell glob of a lessons directory (`lessons/*.md`, the index and every lesson named one by
    /// one) is that directory: a lesson added later is checked too.
    func testAGlobFollowsItsDirectory() throws {
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try FileManager.default.contentsOfDirectory(atPath: lessons.path).filter { $0.hasSuffix(".md") }
            .sorted()
        let watch = try Watch(["--no-claims"] + names.map { "lessons/" + $0 }, in: scratch, environment: [:])
        try watch.wait(for: "the first check") { out, _ in out.contains("checked in") }
        XCTAssertTrue(watch.stdout.hasPrefix("21 lessons: "), watch.stdout)
        // A new lesson, a copy of lesson 09 with its first expected line drifted.
        let text = try String(contentsOf: lessons.appendingPathComponent("09-yerel-durum.md"), encoding: .utf8)
        let drifted = text.replacingOccurrences(
            of: "\ndokunuldu: tapCount degisti", with: "\nXdokunuldu: tapCount degisti")
        XCTAssertNotEqual(drifted, text)
        try drifted.write(to: lessons.appendingPathComponent("22-yeni.md"), atomically: true, encoding: .utf8)
        let header = "(lessons/22-yeni.md changed) ────\n"
        try watch.wait(for: "the check of the new lesson") { out, err in
            self.block(after: header, in: err) != nil && out.components(separatedBy: "22 lessons: ").count == 2
        }
        let findings = (block(after: header, in: watch.stderr) ?? "").components(separatedBy: "\n")
            .filter { $0.hasSuffix("]") }
        // Each of its trees: drifted from the lesson, and without an approved golden.
        var expected: [String] = []
        for (tree, line, slug) in [
            (120, 139, "gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir"),
            (186, 205, "durum-ataya-kaldirilinca-ayni-anahtar-ebeveyn-tetigi-uretir"),
            (229, 248, "kardesin-durumunu-okuyan-gorunum-kural-disi-kalir"),
        ] {
            expected.append(
                "lessons/22-yeni.md:\(tree):1: error: tree has no approved golden (goldens/22-yeni/\(slug).out), and "
                    + "its lesson's expected block differs from its output; check the output, then run 'coursecheck "
                    + "--promote lessons/', then 'coursecheck --update lessons/' [golden-missing]")
            expected.append(
                "lessons/22-yeni.md:\(line):1: error: output of tree at line \(tree) differs from the lesson "
                    + "[output-drift]")
        }
        XCTAssertEqual(findings, expected, watch.stderr)
        XCTAssertEqual(watch.stop(SIGINT), 130)
    }

    /// The course folder moved away is said in words; made again at its path, it is checked again
    /// and followed.
    func testACourseFolderMovedAwayIsReportedAndCheckedWhenItReturns() throws {
        let course = scratch.url.appendingPathComponent("course")
        try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
        try CourseCopy.copy(into: course)
        let watch = try Watch(["--no-claims", "course/lessons/"], in: scratch, environment: [:])
        try watch.wait(for: "the first check") { out, _ in out.contains("checked in") }
        let away = scratch.url.appendingPathComponent("away")
        XCTAssertEqual(rename(course.path, away.path), 0)
        let gone =
            "coursecheck watch: course/lessons/ is gone (moved or deleted); checking again when it returns at that "
            + "path\n"
        try watch.wait(for: "the folder reported gone") { out, _ in out.hasSuffix(gone) }
        XCTAssertFalse(watch.stdout.contains("check failed"), watch.stdout)
        // Checked out again: new folders, none of them the one watched before.
        try FileManager.default.copyItem(at: away, to: course)
        try watch.wait(for: "the check of the returned folder") { _, err in
            err.contains("(course/lessons/ returned) ────\n")
        }
        try watch.wait(for: "its status") { out, _ in out.components(separatedBy: "checked in").count == 3 }
        usleep(200_000)
        let url = course.appendingPathComponent("lessons/09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "\ndokunuldu: tapCount degisti", with: "\nXdokunuldu: tapCount degisti")
            .write(to: url, atomically: true, encoding: .utf8)
        try watch.wait(for: "the edit in the returned folder") { _, err in
            err.contains("(course/lessons/09-yerel-durum.md changed) ────\n") && err.contains("[output-drift]")
        }
        XCTAssertEqual(watch.stop(SIGINT), 130)
    }

    /// The pseudo-terminal calls, which Glibc's module leaves out (they need `_XOPEN_SOURCE`);
    /// Darwin declares them (and its `dlsym` takes no null handle).
    #if canImport(Darwin)
        private enum PseudoTerminal {
            static func open(_ flags: Int32) -> Int32 { posix_openpt(flags) }
            static func grant(_ descriptor: Int32) -> Int32 { grantpt(descriptor) }
            static func unlock(_ descriptor: Int32) -> Int32 { unlockpt(descriptor) }
            static func name(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>? { ptsname(descriptor) }
        }
        private static let pty = PseudoTerminal.self
    #else
        private static let pty = (
            open: unsafeBitCast(dlsym(nil, "posix_openpt"), to: (@convention(c) (Int32) -> Int32).self),
            grant: unsafeBitCast(dlsym(nil, "grantpt"), to: (@convention(c) (Int32) -> Int32).self),
            unlock: unsafeBitCast(dlsym(nil, "unlockpt"), to: (@convention(c) (Int32) -> Int32).self),
            name: unsafeBitCast(
                dlsym(nil, "ptsname"), to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        )
    #endif

    /// The screen is cleared only on a terminal that can take an escape code, with stdout one too:
    /// never on `TERM=dumb`, never with stdout in a file or a pipe.
    func testNoEscapeCodesOnADumbTerminalOrWhenStdoutIsNotOne() throws {
        for (term, stdoutIsTerminal, clears) in [("xterm", true, true), ("dumb", true, false), ("xterm", false, false)]
        {
            let primary = Self.pty.open(O_RDWR | O_NOCTTY)
            XCTAssertGreaterThanOrEqual(primary, 0)
            XCTAssertEqual(Self.pty.grant(primary), 0)
            XCTAssertEqual(Self.pty.unlock(primary), 0)
            let secondary = open(String(cString: try XCTUnwrap(Self.pty.name(primary))), O_RDWR | O_NOCTTY)
            XCTAssertGreaterThanOrEqual(secondary, 0)
            _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
            let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
            let watch = try Watch(
                ["--no-claims", "lessons/09-yerel-durum.md"], in: scratch, environment: ["TERM": term],
                standardError: terminal, standardOutput: stdoutIsTerminal ? terminal : nil)
            var shown: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline && !String(decoding: shown, as: UTF8.self).contains("checked in")
                && !watch.stdout.contains("checked in")
            {
                let count = read(primary, &buffer, buffer.count)
                if count > 0 { shown += buffer[..<count] } else { usleep(20_000) }
            }
            usleep(100_000)
            while case let count = read(primary, &buffer, buffer.count), count > 0 { shown += buffer[..<count] }
            let text = String(decoding: shown, as: UTF8.self)
            XCTAssertTrue(text.contains("──── coursecheck watch: check 1 at "), "TERM=\(term): \(text)")
            XCTAssertEqual(text.contains("\u{1B}"), clears, "TERM=\(term), stdout a terminal: \(stdoutIsTerminal)")
            XCTAssertEqual(watch.stop(SIGINT), 130)
            close(primary)
        }
    }
}
