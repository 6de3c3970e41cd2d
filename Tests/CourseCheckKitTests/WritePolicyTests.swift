import CourseCheckKit
import Foundation
import XCTest

/// The write policy as an author and a CI maintainer meet it: each case is a way an earlier version
/// lost an author's file, run on a copy of the real course.
final class WritePolicyTests: XCTestCase {
    private var scratch: Scratch!
    private var root: URL { scratch.url }
    private var lessons: URL { root.appendingPathComponent("lessons") }
    private var goldens: URL { root.appendingPathComponent("goldens") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) -> InProcess.Result {
        InProcess.run(arguments, in: root, extra: environment)
    }

    /// Starts coursecheck on the course copy (in `Binary.environment(extra)`), its output on pipes.
    private func start(_ arguments: [String], extra: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = try Binary.url()
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = Binary.environment(extra)
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Starts a writer that stops itself before its first rewrite of an author's file
    /// (`stop-before-write`), and waits until it has: the test then acts as an editor would.
    /// `fault: "stop-before-report"` stops before each report is written instead.
    private func startStopped(
        _ arguments: [String], fault: String = "stop-before-write", extra: [String: String] = [:]
    ) throws -> (Process, Pipe, Pipe) {
        let started = try start(arguments, extra: extra.merging(["COURSECHECK_FAULT": fault]) { $1 })
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, ProcessGroupsState.state(started.0.processIdentifier) != "T" { usleep(20_000) }
        XCTAssertEqual(ProcessGroupsState.state(started.0.processIdentifier), "T", "the writer never reached its write")
        return started
    }

    private func bytes(_ relative: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relative))
    }

    static let yerel = "lessons/09-yerel-durum.md"
    static let yerelGolden = "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"

    // MARK: 5. No writer acts on a broken lesson

    /// An author's diagram between a tree and its output, in a lesson whose other tree drifted:
    /// `--promote` leaves the whole lesson as it is and names the mistake.
    func testPromoteRefusesALessonWithAStructuralError() throws {
        let url = root.appendingPathComponent(Self.yerel)
        var text = try String(contentsOf: url, encoding: .utf8)
        text = try text.replacingFirst("yerel: 1\n", with: "yerel: 7\n")
        let lines = text.components(separatedBy: "\n")
        let opening = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("// main.swift") })
        let closing = try XCTUnwrap(lines[opening...].firstIndex { $0 == "```" })
        var edited = lines
        edited.insert(contentsOf: ["", "```text", "Ekran", " └─ Satır", "```"], at: closing + 1)
        let broken = edited.joined(separator: "\n")
        try Data(broken.utf8).write(to: url)

        let result = run(["--promote", "--no-claims", "--no-goldens", Self.yerel])
        XCTAssertEqual(result.status, .findings)
        XCTAssertEqual(String(decoding: try bytes(Self.yerel), as: UTF8.self), broken, "not a byte changed")
        let findings = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map {
            String($0.split(separator: "[").last ?? "")
        }
        XCTAssertEqual(findings, ["promote-refused]", "output-drift]", "missing-expected]", "stray-output]"])
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "lessons/09-yerel-durum.md:1:1: error: lesson not promoted: line \(closing + 3): the tree at line "),
            result.stderr)
    }

    /// The editor saves the lesson while `--promote` runs: the save wins, and the run says so.
    func testPromoteNeverOverwritesASaveMadeWhileItRan() throws {
        let url = root.appendingPathComponent("lessons/03-yigit-duzenleri.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        try Data(try original.replacingEvery("ebeveyn: 5\n", with: "ebeveyn: 4\n").utf8).write(to: url)

        let (process, _, errors) = try startStopped(
            ["--promote", "--no-claims", "--no-goldens", "lessons/03-yigit-duzenleri.md"])
        let saved = original + "\nYazarın yeni paragrafı.\n"
        try Data(saved.utf8).write(to: url)
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(String(decoding: try bytes("lessons/03-yigit-duzenleri.md"), as: UTF8.self), saved)
        XCTAssertEqual(process.terminationStatus, 1, stderr)
        XCTAssertTrue(
            stderr.hasPrefix(
                "lessons/03-yigit-duzenleri.md:1:1: error: lesson not promoted: it changed on disk while coursecheck "
                    + "ran; run again [promote-refused]\n"), stderr)
    }

    // MARK: 4. Delete only when asked

    /// Lessons whose trees are gone or unreadable keep every golden, even under `--prune`.
    func testStructurallyBrokenLessonsKeepEveryGoldenUnderPrune() throws {
        let before = FileTree.contents(of: goldens)
        // Every fence indented into code, an empty lesson, and one that is not UTF-8.
        let indented = root.appendingPathComponent("lessons/03-yigit-duzenleri.md")
        let text = try String(contentsOf: indented, encoding: .utf8)
        try Data(
            text.components(separatedBy: "\n").map { $0.hasPrefix("```") ? "    " + $0 : $0 }
                .joined(separator: "\n").utf8
        ).write(to: indented)
        try Data().write(to: root.appendingPathComponent("lessons/04-duzen-sistemi.md"))
        try Data([0x2D, 0x2D, 0xFF, 0x0A]).write(to: root.appendingPathComponent("lessons/05-izgara-ve-geometri.md"))

        let result = run(["--update", "--prune", "--no-claims", "lessons/"])
        XCTAssertEqual(result.status, .findings)
        XCTAssertFalse(result.stdout.contains("will remove"), result.stdout)
        XCTAssertEqual(FileTree.contents(of: goldens), before, "every golden kept")
    }

    /// A renamed lesson keeps its approvals: one `golden-renamed` at each tree, and `--update` moves
    /// its goldens (the files themselves) to the new name, then the emptied folder goes.
    func testARenamedLessonCarriesItsGoldens() throws {
        let old = goldens.appendingPathComponent("09-yerel-durum")
        let approved = FileTree.contents(of: old)
        try FileManager.default.moveItem(
            at: root.appendingPathComponent(Self.yerel),
            to: root.appendingPathComponent("lessons/09-yerel-durum-yeni.md"))
        let check = run(["--no-claims", "lessons/"])
        XCTAssertEqual(
            check.stderr.split(separator: "\n").map { String($0.split(separator: "[").last ?? "") },
            Array(repeating: "golden-renamed]", count: approved.count), check.stderr)
        XCTAssertTrue(
            check.stderr.hasPrefix(
                "lessons/09-yerel-durum-yeni.md:120:1: error: lesson's file name changed its goldens' folder ('yeni' "
                    + "added); the golden approved under the old name, goldens/09-yerel-durum/"), check.stderr)
        let result = run(["--update", "--no-claims", "lessons/"])
        XCTAssertEqual(result.status, .clean, result.stderr)
        XCTAssertEqual(FileTree.contents(of: goldens.appendingPathComponent("09-yerel-durum-yeni")), approved)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "the old folder went once carried")
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(
            lines.first,
            "will remove goldens/09-yerel-durum/ (empty once its goldens are carried to the lesson's new name)")
        XCTAssertEqual(lines.count { $0.hasPrefix("renamed  goldens/09-yerel-durum/") }, approved.count, result.stdout)
        XCTAssertTrue(
            lines.contains("goldens: 0 added, 0 changed, 0 removed, \(approved.count) renamed"), result.stdout)
        XCTAssertEqual(run(["--no-claims", "lessons/"]).status, .clean)
    }

    /// A backup folder the author made beside the goldens is never deleted by `--update`.
    func testABackupFolderSurvivesUpdate() throws {
        let backup = goldens.appendingPathComponent("09-yerel-durum-yedek")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("09-yerel-durum"), to: backup)
        let copy = FileTree.contents(of: backup)
        let result = run(["--update", "--no-claims", "lessons/"])
        XCTAssertEqual(result.status, .findings)
        XCTAssertEqual(FileTree.contents(of: backup), copy)
        XCTAssertEqual(
            Set(result.stderr.split(separator: "\n").map { String($0.split(separator: "[").last ?? "") }),
            ["golden-orphan]"])
    }

    /// Plan, then write: a read-only golden is refused with its reason, and the rest is written.
    func testAReadOnlyGoldenIsRefusedAndTheRestWritten() throws {
        let url = root.appendingPathComponent(Self.yerelGolden)
        try Data("bayat\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        let other = root.appendingPathComponent("goldens/20-yerellestirme/bicimleme-saf-bir-islevdir.out")
        let expected = try Data(contentsOf: other)
        try FileManager.default.removeItem(at: other)

        let result = run(["--update", "--no-claims", "lessons/"])
        XCTAssertEqual(try Data(contentsOf: url), Data("bayat\n".utf8))
        XCTAssertEqual(try Data(contentsOf: other), expected)
        XCTAssertEqual(result.status, .findings)
        XCTAssertTrue(
            result.stderr.contains(
                "error: not written: \(Self.yerelGolden): its owner has no write permission; make it writable to let "
                    + "coursecheck rewrite it [update-refused]"), result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("added    goldens/20-yerellestirme/bicimleme-saf-bir-islevdir.out\n"))
    }

    /// A write that fails part-way (a full disk: the goldens on a tmpfs with one free page) names
    /// what had already changed, leaves no temporary, and exits 2.
    func testAFailedUpdateSaysWhatItHadChanged() throws {
        let disk = root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mounted = try Binary.run(
            ["-c", "mount -t tmpfs -o size=1m tmpfs \"$0\"", disk.path], in: root, shell: true)
        try XCTSkipIf(mounted.status != 0, "cannot mount a tmpfs here (\(mounted.stderr)); needs root")
        defer { _ = try? Binary.run(["-c", "umount \"$0\"", disk.path], in: root, shell: true) }
        try FileManager.default.moveItem(at: goldens, to: disk.appendingPathComponent("goldens"))
        try FileManager.default.createSymbolicLink(
            at: goldens, withDestinationURL: disk.appendingPathComponent("goldens"))
        // The record belongs to the store where it is on disk: from the tmpfs, the lessons are here.
        try Data("\(FileGate.canonicalPath(root.appendingPathComponent("lessons")))\n".utf8).write(
            to: disk.appendingPathComponent("goldens/LESSONS"))
        let first = "goldens/02-gorunumler-ve-degistiriciler/kendi-fontunu-koyan-gorunum-ortam-anahtarini-okumaz.out"
        let second = "goldens/08-gorunum-kurucular/kosul-ebeveyn-kurucu-bilesenin-basili-durumu-yerel.out"
        for golden in [first, second] { try FileManager.default.removeItem(at: root.appendingPathComponent(golden)) }
        // Fill the disk but for one page: the first golden fits, the second does not.
        var info = statvfs()
        XCTAssertEqual(statvfs(disk.path, &info), 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: free - Int(info.f_frsize)).write(to: disk.appendingPathComponent("filler"))

        let result = try Binary.run(["--update", "--no-claims", "lessons/"], in: root)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stdout,
            "the update stopped at an error after these changes:\nadded    \(first)\n"
                + "goldens: 1 added, 0 changed, 0 removed\n")
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: cannot write \(root.path)/goldens/08-gorunum-kurucular/kosul-ebeveyn-kurucu-bilesenin-basili-durumu-yerel.out: no space left on the device\n"
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(first).path))
        XCTAssertEqual(FileTree.contents(of: disk).keys.filter { $0.contains(".coursecheck-tmp") }, [])
    }

    /// A golden that cannot be read is an I/O finding at its tree, never "missing".
    func testAnUnreadableGoldenIsNamedNotMissing() throws {
        let setpriv = "/usr/bin/setpriv"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setpriv), "setpriv is not installed")
        try XCTSkipUnless(geteuid() == 0, "setpriv needs root to become another user; as a user, chmod 000 suffices")
        let url = root.appendingPathComponent(Self.yerelGolden)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        // The scratch copy is the test's; let nobody read everything else in it.
        _ = try Binary.run(["-c", "chmod -R a+rX . && chmod 000 \"$0\"", url.path], in: root, shell: true)
        let binary = try Binary.url().path
        let result = try Binary.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", binary, "--no-claims", "--no-cache",
                Self.yerel,
            ], in: root, executable: setpriv)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").filter { $0.contains("[") },
            [
                "lessons/09-yerel-durum.md:120:1: error: tree's golden \(Self.yerelGolden) cannot be read (Permission "
                    + "denied); make it readable, coursecheck never treats it as missing [golden-unreadable]"
            ])
    }

    // MARK: 6. A cache is a hint

    func testADamagedCacheEntryIsAMissAndSaidOnce() throws {
        let cache = root.appendingPathComponent("cache")
        XCTAssertEqual(
            run(["--no-goldens", "--cache-dir", "cache", "lessons/11-gozlemlenebilir-nesneler.md"]).status, .clean)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".v3") }
        XCTAssertFalse(entries.isEmpty)
        for entry in entries {
            let url = cache.appendingPathComponent(entry)
            let data = try Data(contentsOf: url)
            try data.prefix(data.count / 2).write(to: url)
        }
        let result = run(["--no-goldens", "--cache-dir", "cache", "lessons/11-gozlemlenebilir-nesneler.md"])
        XCTAssertEqual(result.status, .clean, result.stderr)
        let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("coursecheck: note:") }
        XCTAssertEqual(notes.count, 1, result.stderr)
        XCTAssertTrue(notes.first?.contains("did not hold what its key promised") ?? false, result.stderr)
        let again = run(["--no-goldens", "--cache-dir", "cache", "lessons/11-gozlemlenebilir-nesneler.md"])
        XCTAssertEqual(again.stderr, "", "the entries were replaced")
    }

    func testAnUnwritableCacheMeansNoCacheSaidOnce() throws {
        try Data("a file where the cache should be\n".utf8).write(to: root.appendingPathComponent("blocked"))
        let result = run(["--no-goldens", "--cache-dir", "blocked/cache", Self.yerel])
        XCTAssertEqual(result.status, .clean, result.stderr)
        let notes = result.stderr.split(separator: "\n").filter { $0.hasPrefix("coursecheck: note:") }
        // Said of the cache directory, never of whichever entry failed first (a race between threads).
        let blocked = root.appendingPathComponent("blocked").path
        XCTAssertEqual(
            notes,
            [
                "coursecheck: note: the cache cannot be written (cannot create the directory \(blocked)/cache: "
                    + "\(blocked) is a file, not a directory); this run went on without storing results"
            ])
    }

    /// A cache entry that cannot be written is said of the cache directory: entries are written
    /// from several threads, and naming whichever failed first made the note differ between runs
    /// on a full disk.
    func testACacheEntryThatCannotBeWrittenIsSaidOfTheDirectory() throws {
        let directory = root.appendingPathComponent("entries")
        // A folder holding a file where the entry belongs: never removed, so the write fails.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("k1.v3/kept"), withIntermediateDirectories: true)
        _ = Cache.notes()
        XCTAssertFalse(Cache(directory: directory).store(text: "x", as: "k1"))
        let notes = Cache.notes()
        XCTAssertEqual(notes.count, 1, "\(notes)")
        XCTAssertTrue(notes.first?.contains("cannot write an entry in \(directory.path):") ?? false, "\(notes)")
        XCTAssertFalse(notes.first?.contains("k1.v3") ?? true, "\(notes)")
    }

    // MARK: 8. Reports never lie, crash or hang

    func testAReportPathThatIsNotAFileIsAnIOError() throws {
        XCTAssertEqual(mkfifo(root.appendingPathComponent("fifo").path, 0o644), 0)
        for (path, message) in [
            ("fifo", "cannot write fifo: it is not a regular file"),
            ("missing/report.xml", "cannot write missing/report.xml: no such file or directory"),
        ] {
            let result = run(["--junit", path, "--no-claims", Self.yerel])
            XCTAssertEqual(result.status, .failure, path)
            XCTAssertEqual(result.stderr, "coursecheck: error: \(message)\n", path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("missing").path))
    }

    /// A job summary that is no file to append to is found before the run, which then writes only
    /// the failure into the JUnit report.
    func testASummaryThatIsNoFileIsRefusedBeforeTheRun() throws {
        let missing = root.appendingPathComponent("no/summary.md").path
        for (summary, reason) in [
            ("/dev/full", "it is not a regular file"), (root.path, "it is not a regular file"),
            (missing, "no such file or directory"),
        ] {
            let result = run(
                ["--junit", "report.xml", "--no-claims", Self.yerel, "--format", "github"],
                environment: ["GITHUB_STEP_SUMMARY": summary])
            XCTAssertEqual(result.status, .failure, summary)
            XCTAssertEqual(
                result.stderr, "coursecheck: error: cannot write the job summary \(summary): \(reason)\n", summary)
            let junit = try String(contentsOf: root.appendingPathComponent("report.xml"), encoding: .utf8)
            XCTAssertTrue(junit.contains("<error type=\"io-error\" message=\"cannot write the job summary"), junit)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("no").path))
    }

    /// Each file a run reads, and each directory it owns, refused as either report before the run
    /// (exit 2, `io-error`), by a hard link placed anywhere as by its own path; nothing changes.
    func testReportsRefuseEveryInputAndOwnedDirectory() throws {
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("ref: refs/heads/main\n".utf8).write(to: root.appendingPathComponent(".git/HEAD"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("cache"), withIntermediateDirectories: true)
        try Data("entry\n".utf8).write(to: root.appendingPathComponent("cache/entry"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("notes"), withIntermediateDirectories: true)
        for (link, file) in [
            ("golden.md", Self.yerelGolden), ("toolchain.md", "goldens/TOOLCHAIN"), ("index.md", "lessons/README.md"),
            ("notes/head.md", ".git/HEAD"), ("lesson.md", Self.yerel),
        ] {
            try FileManager.default.linkItem(
                at: root.appendingPathComponent(file), to: root.appendingPathComponent(link))
        }
        let cache = root.appendingPathComponent("cache").path
        let shared = "it has 2 hard links, so writing it would change another file"
        let cases = [
            ("golden.md", "it is \(Self.yerelGolden) under another name"),
            ("toolchain.md", "it is goldens/TOOLCHAIN under another name"),
            ("index.md", "it is the course index lessons/README.md under another name"), ("notes/head.md", shared),
            ("lesson.md", "it is the lesson lessons/09-yerel-durum.md under another name"),
            ("cache/entry", "it lies inside the cache directory \(cache)"),
            ("cache/new.xml", "it lies inside the cache directory \(cache)"),
            (".git/HEAD", "it lies inside a git directory"), (Self.yerel, "it is the lesson \(Self.yerel)"),
            ("lessons/README.md", "it lies inside the lessons directory lessons/"),
            ("goldens/TOOLCHAIN", "it lies inside the goldens directory goldens"),
            ("goldens/new.xml", "it lies inside the goldens directory goldens"),
        ]
        let before = FileTree.contents(of: root)
        for (path, reason) in cases {
            let junit = run(["--junit", path, "--cache-dir", "cache", "--no-claims", "lessons/"])
            XCTAssertEqual(junit.status, .failure, path)
            XCTAssertEqual(
                junit.stderr, "coursecheck: error: refusing --junit \(path): \(reason); write the report elsewhere\n")
            let summary = run(
                ["--format", "github", "--cache-dir", "cache", "--no-claims", "lessons/"],
                environment: ["GITHUB_STEP_SUMMARY": path])
            XCTAssertEqual(summary.status, .failure, path)
            XCTAssertEqual(
                summary.stderr,
                "coursecheck: error: refusing GITHUB_STEP_SUMMARY=\(path): \(reason); the job summary goes elsewhere\n")
            XCTAssertEqual(
                summary.stdout,
                "::error title=coursecheck::refusing GITHUB_STEP_SUMMARY=\(path): \(reason); the job summary goes "
                    + "elsewhere\n")
        }
        let json = run(["--format", "json", "--junit", "golden.md", "--no-claims", "lessons/"])
        XCTAssertEqual(json.status, .failure)
        XCTAssertTrue(json.stdout.contains("\"id\" : \"io-error\""), json.stdout)
        XCTAssertEqual(FileTree.contents(of: root), before)
    }

    /// The job summary becomes a second name of another file while the run works: the append is
    /// refused (exit 2, the file named), neither name changes, and the JUnit report keeps the findings.
    func testASummaryThatBecameAHardLinkDuringTheRunIsRefused() throws {
        try Data(
            try String(contentsOf: root.appendingPathComponent(Self.yerel), encoding: .utf8)
                .replacingFirst("yerel: 1\n", with: "yerel: 2\n").utf8
        ).write(to: root.appendingPathComponent(Self.yerel))
        let findings = run(["--format", "github", "--no-claims", Self.yerel]).stderr
        try Data("## earlier step\n".utf8).write(to: root.appendingPathComponent("summary.md"))
        let (process, _, errors) = try startStopped(
            ["--format", "github", "--junit", "report.xml", "--no-claims", Self.yerel], fault: "stop-before-report",
            extra: ["GITHUB_STEP_SUMMARY": "summary.md"])
        // Stopped before the JUnit report; then before the summary, once the report is there.
        kill(process.processIdentifier, SIGCONT)
        let deadline = Date().addingTimeInterval(60)
        let report = root.appendingPathComponent("report.xml").path
        while Date() < deadline,
            !FileManager.default.fileExists(atPath: report)
                || ProcessGroupsState.state(process.processIdentifier) != "T"
        {
            usleep(20_000)
        }
        try FileManager.default.linkItem(
            at: root.appendingPathComponent("summary.md"), to: root.appendingPathComponent("elsewhere.md"))
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 2, stderr)
        XCTAssertEqual(
            stderr,
            findings + "coursecheck: error: cannot write the job summary summary.md: it has 2 hard links, so writing "
                + "it would change another file\n")
        XCTAssertEqual(try bytes("summary.md"), Data("## earlier step\n".utf8))
        let junit = try String(contentsOf: URL(fileURLWithPath: report), encoding: .utf8)
        XCTAssertTrue(junit.contains("<failure type=\"output-drift\""), junit)
    }

    /// The JUnit report, once checked, changes before its write (a hard link made to it, or another
    /// file put in its place): the write is refused, naming the file, and nothing changes.
    func testAJUnitReportThatChangedDuringTheRunIsRefused() throws {
        XCTAssertEqual(run(["--junit", "report.xml", "--no-claims", Self.yerel]).status, .clean)
        let earlier = try bytes("report.xml")
        for (change, reason) in [
            ("link", "it has 2 hard links, so writing it would change another file"),
            ("replace", "it changed on disk while coursecheck ran; run again"),
        ] {
            let (process, _, errors) = try startStopped(
                ["--junit", "report.xml", "--engine", "embedded", "--no-claims", Self.yerel],
                fault: "stop-before-report")
            let other = root.appendingPathComponent("other.xml")
            if change == "link" {
                try FileManager.default.linkItem(at: root.appendingPathComponent("report.xml"), to: other)
            } else {
                try earlier.write(to: other)
                XCTAssertEqual(rename(other.path, root.appendingPathComponent("report.xml").path), 0)
            }
            kill(process.processIdentifier, SIGCONT)
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 2, change)
            XCTAssertEqual(stderr, "coursecheck: error: cannot write report.xml: \(reason)\n", change)
            XCTAssertEqual(try bytes("report.xml"), earlier, change)
            try? FileManager.default.removeItem(at: other)
        }
    }

    func testAFailedJUnitWriteRemovesTheStaleReport() throws {
        XCTAssertEqual(run(["--junit", "report.xml", "--no-claims", "lessons/"]).status, .clean)
        let report = root.appendingPathComponent("report.xml")
        let size = try Data(contentsOf: report).count
        try XCTSkipIf(size < 4096, "the report is too small for a file-size limit")
        let binary = try Binary.url().path
        let result = try Binary.run(
            ["-c", "trap '' XFSZ; ulimit -f 2; exec \"$0\" --junit report.xml --no-claims lessons/", binary],
            in: root, shell: true)
        XCTAssertEqual(result.status, 2, result.stderr)
        // The green report is gone; what stands there now (when it fits) is the run's failure.
        let now = FileManager.default.contents(atPath: report.path).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(
            now.map { $0.contains("io-error") && !$0.contains("failures=\"0\" errors=\"0\"") } ?? true, now ?? "")
    }

    // MARK: 9. Runs that overlap

    func testASecondUpdateWaitsForTheFirst() throws {
        let lock = try FileGate.lockForWriting([goldens]) { _ in }
        let (process, _, errors) = try start(["--update", "--no-claims", "lessons/"])
        let handle = errors.fileHandleForReading
        var said = Data()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !String(decoding: said, as: UTF8.self).contains("waiting") {
            said += handle.availableData
        }
        XCTAssertTrue(process.isRunning, "the second run waits")
        lock.release()
        process.waitUntilExit()
        said += handle.readDataToEndOfFile()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(
            String(decoding: said, as: UTF8.self),
            "coursecheck: another coursecheck is writing \(FileGate.canonicalPath(goldens)); waiting for it to finish\n"
        )
    }

    // MARK: 11. The environment

    func testTMPDIRIsNeverCreatedAndEmptyMeansUnset() throws {
        let missing = root.appendingPathComponent("no-such-tmp").path
        let result = run(["--no-claims", Self.yerel], environment: ["TMPDIR": missing])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: TMPDIR=\(missing): cannot use it as the temporary directory (No such file or directory)\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertEqual(run(["--no-claims", Self.yerel], environment: ["TMPDIR": ""]).status, .clean)
    }

    // MARK: Found by trying to break it

    /// The job summary is appended to, but never when it is a lesson, a lesson's hard link, or a
    /// file in lessons/ or goldens/.
    func testTheJobSummaryIsNeverALessonOrAGolden() throws {
        try FileManager.default.linkItem(
            at: root.appendingPathComponent(Self.yerel), to: root.appendingPathComponent("hard-link.md"))
        let before = FileTree.contents(of: root)
        for (path, reason) in [
            (Self.yerel, "it is the lesson lessons/09-yerel-durum.md"),
            ("goldens/TOOLCHAIN", "it lies inside the goldens directory goldens"),
            ("lessons/new.md", "it lies inside the lessons directory lessons/"),
            ("hard-link.md", "it is the lesson lessons/09-yerel-durum.md under another name"),
        ] {
            let result = run(
                ["--format", "github", "--no-claims", "lessons/"], environment: ["GITHUB_STEP_SUMMARY": path])
            XCTAssertEqual(result.status, .failure, path)
            XCTAssertEqual(
                result.stderr,
                "coursecheck: error: refusing GITHUB_STEP_SUMMARY=\(path): \(reason); the job summary goes elsewhere\n")
        }
        XCTAssertEqual(FileTree.contents(of: root), before)
    }

    /// A `--junit` path that is a link is refused, so a failed write can never remove its target.
    func testAJUnitLinkIsRefusedAndItsTargetKept() throws {
        XCTAssertEqual(run(["--junit", "last-good.xml", "--no-claims", Self.yerel]).status, .clean)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("report.xml").path, withDestinationPath: "last-good.xml")
        let good = try bytes("last-good.xml")
        let result = run(["--junit", "report.xml", "--no-claims", Self.yerel])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr, "coursecheck: error: cannot write report.xml: it is a link or not a regular file\n")
        XCTAssertEqual(try bytes("last-good.xml"), good)
    }

    /// A goldens directory that is the lessons directory under another path (a bind mount) is
    /// refused, not locked twice.
    func testGoldensBoundOntoTheLessonsAreRefused() throws {
        let mount = root.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let bound = try Binary.run(["-c", "mount --bind lessons g"], in: root, shell: true)
        try XCTSkipIf(bound.status != 0, "cannot bind-mount here (\(bound.stderr)); needs root")
        defer { _ = try? Binary.run(["-c", "umount g"], in: root, shell: true) }
        let result = run(["--update", "--goldens", "g", "lessons/"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "coursecheck: error: refusing the goldens directory g: it is the lessons directory"),
            result.stderr)
    }

    /// Two lesson names that are one text in two Unicode forms are both read, and refused as one
    /// golden folder, never one of them dropped in silence.
    func testLessonNamesInTwoUnicodeFormsAreNamed() throws {
        let composed = "lessons/01-\u{F6}.md"
        let decomposed = "lessons/01-o\u{308}.md"
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("lessons/01-bildirimsel-sozdizim.md"),
            to: root.appendingPathComponent(composed))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("lessons/02-gorunumler-ve-degistiriciler.md"),
            to: root.appendingPathComponent(decomposed))
        let result = run(["--no-claims", "lessons/"])
        XCTAssertEqual(result.status, .failure)
        // In one order whatever the directory's (by bytes: `o` before `ö`), compared as bytes, since
        // `==` on strings holds the two forms equal.
        let expected =
            "coursecheck: error: \(decomposed) and \(composed) would share the golden folder goldens/01-\u{F6} "
            + "(their names are one text in two Unicode forms); check them with separate --goldens directories\n"
        XCTAssertEqual(Array(result.stderr.utf8), Array(expected.utf8), result.stderr)
    }

    /// `--prune` lists the folder its deletions empty before removing it.
    func testPruneListsTheFolderItEmpties() throws {
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent("99-eski"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: goldens.appendingPathComponent("99-eski/x.out"))
        let result = run(["--update", "--prune", "--no-claims", "lessons/"])
        XCTAssertEqual(result.status, .clean, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "will remove goldens/99-eski/x.out (no lesson has this name)\n"
                    + "will remove goldens/99-eski/ (empty once its orphans go)\n"), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("99-eski").path))
    }

    /// A second `--promote` waits for the first, then reads what the first wrote: nothing left to do.
    func testASecondPromoteReadsAfterTheLock() throws {
        let url = root.appendingPathComponent(Self.yerel)
        let fixed = try bytes(Self.yerel)
        try Data(String(decoding: fixed, as: UTF8.self).replacingFirst("yerel: 1\n", with: "yerel: 2\n").utf8)
            .write(to: url)
        let lock = try FileGate.lockForWriting([root.appendingPathComponent("lessons"), goldens]) { _ in }
        let (process, output, _) = try start(["--promote", "--no-claims", "lessons/"])
        Thread.sleep(forTimeInterval: 1)
        // What the first writer did while the second waited.
        try fixed.write(to: url)
        lock.release()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).hasPrefix(
                "promote: every expected and core block already matches\n"))
    }

    /// A golden folder that cannot be searched is unreadable, not missing.
    func testAnUnsearchableGoldenFolderIsNamedNotMissing() throws {
        let setpriv = "/usr/bin/setpriv"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setpriv), "setpriv is not installed")
        try XCTSkipUnless(geteuid() == 0, "setpriv needs root to become another user")
        _ = try Binary.run(
            ["-c", "chmod -R a+rX . && chmod 000 goldens/09-yerel-durum"], in: root, shell: true)
        let result = try Binary.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", try Binary.url().path, "--no-claims",
                "--no-cache", Self.yerel,
            ], in: root, executable: setpriv)
        let ids = Set(result.stderr.split(separator: "\n").compactMap { $0.split(separator: "[").last })
        XCTAssertEqual(ids, ["golden-unreadable]"], result.stderr)
    }

    /// A golden folder that can be searched but not listed: its goldens compare, and its orphans
    /// being unknown is one finding, never "no orphans".
    func testAnUnlistableGoldenFolderIsOneFinding() throws {
        let setpriv = "/usr/bin/setpriv"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setpriv), "setpriv is not installed")
        try XCTSkipUnless(geteuid() == 0, "setpriv needs root to become another user")
        _ = try Binary.run(["-c", "chmod -R a+rX . && chmod 311 goldens/09-yerel-durum"], in: root, shell: true)
        let result = try Binary.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", try Binary.url().path, "--no-claims",
                "--no-cache", Self.yerel,
            ], in: root, executable: setpriv)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").filter { $0.contains("[") },
            [
                "goldens/09-yerel-durum:1:1: error: golden folder cannot be listed (Permission denied), so its "
                    + "orphans are not known; make it readable [golden-unreadable]"
            ])
    }

    // MARK: Found in the second round

    /// Extended attributes (an ACL, say) go with a rewritten lesson: a rewrite never widens who may
    /// write it.
    func testARewriteKeepsExtendedAttributes() throws {
        // Darwin's calls take a position and options, and a rewrite does not copy them there yet.
        #if canImport(Darwin)
            let darwin = true
        #else
            let darwin = false
        #endif
        try XCTSkipIf(darwin, "a rewrite keeps extended attributes on Linux only (Documentation/Platforms.md)")
        typealias Set =
            @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
        typealias Get =
            @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        let process = dlopen(nil, RTLD_NOW)
        let set = unsafeBitCast(try XCTUnwrap(dlsym(process, "setxattr")), to: Set.self)
        let get = unsafeBitCast(try XCTUnwrap(dlsym(process, "getxattr")), to: Get.self)
        let url = root.appendingPathComponent(Self.yerel)
        try Data(try String(contentsOf: url, encoding: .utf8).replacingFirst("yerel: 1\n", with: "yerel: 2\n").utf8)
            .write(to: url)
        let value = Array("etiket".utf8)
        try XCTSkipIf(
            set(url.path, "user.coursecheck-test", value, value.count, 0) != 0,
            "this file system keeps no user attributes")
        XCTAssertEqual(run(["--promote", "--no-claims", "--no-goldens", Self.yerel]).status, .clean)
        var read = [UInt8](repeating: 0, count: 16)
        let count = get(url.path, "user.coursecheck-test", &read, read.count)
        XCTAssertEqual(Array(read.prefix(max(count, 0))), value, "the attribute went with the rewrite")
    }

    /// A golden folder replaced by a link after the check read it is never written through.
    func testAGoldenFolderThatBecameALinkIsNotWrittenThrough() throws {
        let golden = root.appendingPathComponent(Self.yerelGolden)
        try Data("bayat\n".utf8).write(to: golden)
        let (process, _, errors) = try startStopped(["--update", "--no-claims", "lessons/"])
        let moved = root.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: goldens.appendingPathComponent("09-yerel-durum"), to: moved)
        try FileManager.default.createSymbolicLink(
            at: goldens.appendingPathComponent("09-yerel-durum"), withDestinationURL: moved)
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(
            try String(contentsOf: moved.appendingPathComponent(golden.lastPathComponent), encoding: .utf8), "bayat\n",
            stderr)
        XCTAssertTrue(stderr.contains("it is a link or not a regular file"), stderr)
    }

    /// Root writing new goldens into another user's checkout gives them the folder's owner.
    func testNewGoldensTakeTheirFoldersOwnerUnderRoot() throws {
        try XCTSkipUnless(geteuid() == 0, "only root creates files for another user")
        XCTAssertEqual(chown(goldens.path, 1234, 2345), 0)
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("20-yerellestirme"))
        XCTAssertEqual(run(["--update", "--no-claims", "lessons/"]).status, .clean)
        for path in ["goldens/20-yerellestirme", "goldens/20-yerellestirme/bicimleme-saf-bir-islevdir.out"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path)
            XCTAssertEqual(attributes[.ownerAccountID] as? Int, 1234, path)
            XCTAssertEqual(attributes[.groupOwnerAccountID] as? Int, 2345, path)
        }
    }

    /// A report and a job summary at one path would make the report invalid XML: refused.
    func testTheJobSummaryIsNotTheJUnitReport() throws {
        let result = run(
            ["--format", "github", "--junit", "report.xml", "--no-claims", Self.yerel],
            environment: ["GITHUB_STEP_SUMMARY": "report.xml"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: refusing GITHUB_STEP_SUMMARY=report.xml: it is the --junit report, which would then "
                + "not be XML; the job summary goes elsewhere\n")
    }

    /// An expected block whose fence is indented: `--promote` writes every line so it reads as
    /// the output (a fence-like line, a line starting with blanks), in one run.
    func testPromoteConvergesInAnIndentedFence() throws {
        for output in ["   ```", "  two", "```", "x"] {
            let lesson = root.appendingPathComponent("lessons/09-yerel-durum.md")
            let original = try String(contentsOf: lesson, encoding: .utf8)
            defer { try? Data(original.utf8).write(to: lesson) }
            var lines = original.components(separatedBy: "\n")
            let tree = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("// main.swift") })
            let closing = try XCTUnwrap(lines[tree...].firstIndex(of: "```"))
            lines.insert("print(\"\(output.replacingOccurrences(of: "\"", with: "\\\""))\")", at: closing)
            let opening = try XCTUnwrap(lines[(closing + 1)...].firstIndex(of: "```"))
            let end = try XCTUnwrap(lines[(opening + 1)...].firstIndex(of: "```"))
            lines[opening] = "  ```"
            lines[end] = "  ```"
            try Data(lines.joined(separator: "\n").utf8).write(to: lesson)
            let promote = run(["--promote", "--no-claims", "--no-goldens", Self.yerel])
            XCTAssertEqual(promote.status, .clean, "\(output): \(promote.stderr)")
            let again = run(["--promote", "--no-claims", "--no-goldens", Self.yerel])
            XCTAssertTrue(
                again.stdout.hasPrefix("promote: every expected and core block already matches\n"), "\(output)")
        }
    }

}

/// A process's state letter (R, S, T, Z) from /proc.
enum ProcessGroupsState {
    static func state(_ pid: pid_t) -> String? {
        ProcStat.fields(pid)?.first.map(String.init)
    }
}
