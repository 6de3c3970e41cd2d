import CourseCheckKit
import Foundation
import XCTest

/// Nothing coursecheck did not write is ever lost: each case is a way `--update`, `--promote` or a
/// report once destroyed an author's files, run on a copy of the real course inside a fake repository.
final class ConfinedWritesTests: XCTestCase {
    private var scratch: Scratch!
    private var root: URL { scratch.url }
    private var lessons: URL { root.appendingPathComponent("lessons") }
    private var goldens: URL { root.appendingPathComponent("goldens") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write(".git/objects/ab/cdef", "blob")
    }

    private func write(_ path: String, _ text: String, mode: Int? = nil) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path) }
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) -> InProcess.Result {
        InProcess.run(arguments, in: root, extra: environment)
    }

    /// Every file and link under the scratch root: its bytes and permission bits.
    private func snapshot(excluding excluded: (String) -> Bool = { _ in false }) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            guard !excluded(relative) else { continue }
            let path = root.appendingPathComponent(relative).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                files[relative] = "link -> " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
            } else if attributes[.type] as? FileAttributeType == .typeDirectory {
                files[relative] = "dir \(mode)"
            } else {
                let data = FileManager.default.contents(atPath: path) ?? Data()
                files[relative] = "\(mode) \(SHA256.hex(data.base64EncodedString()))"
            }
        }
        return files
    }

    private func replace(in lesson: String, _ old: String, with new: String) throws {
        let url = lessons.appendingPathComponent(lesson)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try XCTUnwrap(text.range(of: old), "'\(old)' is not in \(lesson)")
        try text.replacingCharacters(in: range, with: new).write(to: url, atomically: false, encoding: .utf8)
    }

    // MARK: - Goldens directories coursecheck must not write in

    func testUpdateRefusesTheRepositoryRootAsGoldens() throws {
        let before = try snapshot()
        let result = run(["--update", "--goldens", ".", "lessons/"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: refusing the goldens directory .: it holds a git directory (.git), so it is a "
                + "repository, not a goldens directory; coursecheck creates and deletes golden files there, so give "
                + "it a directory of its own (such as goldens/ beside lessons/)\n")
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try snapshot(), before)
    }

    /// A check validates the goldens directory while it reads the lessons; its refusal is still the
    /// one error, ahead of a lesson the read stage cannot read, as when it ran before the reading.
    func testACheckRefusesTheGoldensDirectoryAheadOfALessonsReadError() throws {
        try FileManager.default.createDirectory(
            at: lessons.appendingPathComponent("22-klasor.md"), withIntermediateDirectories: true)
        let before = try snapshot()
        let refusal =
            "coursecheck: error: refusing the goldens directory .: it holds a git directory (.git), so it is a "
            + "repository, not a goldens directory; coursecheck creates and deletes golden files there, so give "
            + "it a directory of its own (such as goldens/ beside lessons/)\n"
        let result = run(["--goldens", ".", "lessons/"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(result.stderr, refusal)
        XCTAssertEqual(result.stdout, "")
        // Ahead of a refused report path too (found by a helper's differential run: the report's
        // refusal had come first once the goldens were validated while reading).
        let both = run(["--goldens", ".", "--junit", "out.xml", "lessons/"])
        XCTAssertEqual(both.status, .failure)
        XCTAssertEqual(both.stderr, refusal)
        XCTAssertEqual(both.stdout, "")
        // Without the refusal, the lesson's read error is the run's.
        let plain = run(["lessons/"])
        XCTAssertEqual(plain.status, .failure)
        XCTAssertEqual(plain.stderr, "coursecheck: error: lessons/22-klasor.md: not a regular file\n")
        XCTAssertEqual(try snapshot(), before)
    }

    func testUpdateRefusesADirectoryHoldingTheLessons() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        let before = try snapshot()
        let result = run(["--update", "--goldens", ".", "lessons/"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "coursecheck: error: refusing the goldens directory .: it holds the lessons directory lessons/;"),
            result.stderr)
        XCTAssertEqual(try snapshot(), before)
    }

    func testUpdateRefusesTheLessonsDirectoryAndGitDirectoriesAsGoldens() throws {
        try write("lessons/images/fig.png", "PNG")
        let before = try snapshot()
        for (goldensPath, reason) in [
            ("lessons", "it is the lessons directory lessons/"),
            ("lessons/images", "it lies inside the lessons directory lessons/"),
            (".git", "it lies inside a git directory"),
        ] {
            let result = run(["--update", "--goldens", goldensPath, "lessons/"])
            XCTAssertEqual(result.status, .failure, goldensPath)
            XCTAssertTrue(
                result.stderr.hasPrefix("coursecheck: error: refusing the goldens directory \(goldensPath): \(reason)"),
                result.stderr)
            // A check is refused too: it would call the author's files orphans.
            XCTAssertEqual(run(["--goldens", goldensPath, "lessons/"]).status, .failure)
        }
        XCTAssertEqual(try snapshot(), before)
    }

    /// Foreign files in the goldens directory survive every update; only owned orphans go, and they are listed first.
    func testUpdateKeepsEveryForeignFileInGoldens() throws {
        try write("goldens/notlar.txt", "yazarin notlari\n")
        try write("goldens/09-yerel-durum/notlar.txt", "not\n")
        try write("goldens/09-yerel-durum/README.md", "# okuyun\n")
        try write("goldens/09-yerel-durum/sub/data.out", "iç içe\n")
        try write("goldens/09-yerel-durum/.gizli.out", "gizli\n")
        try write("goldens/images/fig.png", "PNG")
        try write("goldens/images/old.out", "bir ders klasoru degil\n")
        try write("goldens/99-silinen/eski.out", "eski\n")
        try write("goldens/99-silinen/notlar.txt", "kalsin\n")
        try write("goldens/09-yerel-durum/kaldirilan.out", "x\n")
        try FileManager.default.createSymbolicLink(
            atPath: goldens.appendingPathComponent("09-yerel-durum/baglanti.out").path,
            withDestinationPath: "../notlar.txt")
        let owned = ["goldens/99-silinen/eski.out", "goldens/09-yerel-durum/kaldirilan.out"]
        let before = try snapshot(excluding: { owned.contains($0) })

        let check = run(["lessons/"])
        XCTAssertEqual(
            check.stderr,
            "goldens/99-silinen/eski.out:1:1: error: golden has no tree: no lesson has this name; "
                + "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n"
                + "goldens/09-yerel-durum/kaldirilan.out:1:1: error: golden has no tree: no tree of lessons/09-yerel-durum.md "
                + "has this name; 'coursecheck --update --prune lessons/' removes it [golden-orphan]\n")

        // `--update` alone never deletes: the orphans stay, reported, and the update fails on them.
        let everything = try snapshot()
        let keep = run(["--update", "lessons/"])
        XCTAssertEqual(keep.stderr, check.stderr)
        XCTAssertEqual(keep.status, .findings)
        XCTAssertTrue(keep.stdout.hasPrefix("goldens: 0 added, 0 changed, 0 removed\n"), keep.stdout)
        XCTAssertEqual(try snapshot(), everything, "nothing was deleted")

        let update = run(["--update", "--prune", "lessons/"])
        XCTAssertEqual(
            update.stdout,
            "will remove goldens/09-yerel-durum/kaldirilan.out (no tree of lessons/09-yerel-durum.md has this name)\n"
                + "will remove goldens/99-silinen/eski.out (no lesson has this name)\n"
                + "removed  goldens/09-yerel-durum/kaldirilan.out\n"
                + "removed  goldens/99-silinen/eski.out\n"
                + "goldens: 0 added, 0 changed, 2 removed\n"
                + "21 lessons: 21 core, 50 trees, 42 fragments; compiler: 50 trees accepted; embedded: 48 "
                + "trees (cached: 48 results); swiftc: 2 trees "
                + "(cached: 2 results) "
                + "[2 × import Observation]; goldens: 50 compared; claims: 8 checked; 0 errors\n")
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertEqual(try snapshot(), before, "every foreign file, folder and link is as it was")
    }

    /// Two lessons directories with one goldens directory keep each other's goldens.
    func testLessonsDirectoriesSharingGoldensAreNotOrphans() throws {
        let second = root.appendingPathComponent("lessons2")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: lessons.path) where name.hasPrefix("1") {
            try FileManager.default.moveItem(
                at: lessons.appendingPathComponent(name), to: second.appendingPathComponent(name))
        }
        // The record names one directory: the other is said once, and `--update` adds it.
        let unnamed = run(["--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(
            unnamed.stderr,
            "goldens/LESSONS:1:1: error: goldens/LESSONS does not name lessons2, whose lessons keep their goldens in "
                + "goldens/; 'coursecheck --update lessons2' adds it [golden-record]\n")
        let adding = run(["--update", "--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(adding.status, .clean, adding.stderr)
        XCTAssertEqual(adding.stdout.split(separator: "\n").first, "changed  goldens/LESSONS")
        XCTAssertEqual(
            try String(contentsOf: root.appendingPathComponent("goldens/LESSONS"), encoding: .utf8),
            try String(contentsOf: Binary.packageRoot.appendingPathComponent("goldens/LESSONS"), encoding: .utf8)
                + "lessons2\n")
        let before = try snapshot()
        let check = run(["--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(check.status, .clean)
        // Either directory checked alone judges none of the other's goldens.
        for directory in ["lessons/", "lessons2/"] {
            let alone = run(["--update", "--prune", "--no-claims", directory])
            XCTAssertEqual(alone.status, .clean, alone.stderr)
            XCTAssertEqual(alone.stdout.split(separator: "\n").first, "goldens: 0 added, 0 changed, 0 removed")
        }
        let update = run(["--update", "--prune", "--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(update.status, .clean, update.stderr)
        // The summary line after it depends on what the shared result cache holds.
        XCTAssertEqual(update.stdout.split(separator: "\n").first, "goldens: 0 added, 0 changed, 0 removed")
        XCTAssertEqual(try snapshot(), before)
    }

    /// The advice for a golden of no lesson names the lessons directories its goldens directory
    /// serves, so it runs as typed: `'coursecheck --update --prune lessons/'`, both directories when
    /// two share the store (typed without one, it was a usage error). Following it leaves nothing.
    func testAGoldenOfNoLessonsAdviceRunsAsTyped() throws {
        try write("goldens/99-silinen/eski.out", "eski\n")
        let check = run(["--no-claims", "lessons/"])
        XCTAssertEqual(
            check.stderr,
            "goldens/99-silinen/eski.out:1:1: error: golden has no tree: no lesson has this name; "
                + "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n")
        func advised(_ stderr: String) throws -> [String] {
            let start = try XCTUnwrap(stderr.range(of: "'coursecheck ")).upperBound
            let end = try XCTUnwrap(stderr[start...].firstIndex(of: "'"))
            return stderr[start..<end].split(separator: " ").map(String.init)
        }
        let typed = run(try advised(check.stderr))
        XCTAssertEqual(typed.status, .clean, typed.stderr)
        XCTAssertEqual(run(["--no-claims", "lessons/"]).stderr, "")

        // Two directories sharing the store: the advice names both, and runs as typed.
        let second = root.appendingPathComponent("lessons2")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: lessons.path) where name.hasPrefix("1") {
            try FileManager.default.moveItem(
                at: lessons.appendingPathComponent(name), to: second.appendingPathComponent(name))
        }
        XCTAssertEqual(run(["--update", "--no-claims", "lessons/", "lessons2/"]).status, .clean)
        try write("goldens/98-silinen/eski.out", "eski\n")
        let shared = run(["--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(
            shared.stderr,
            "goldens/98-silinen/eski.out:1:1: error: golden has no tree: no lesson has this name; "
                + "'coursecheck --update --prune lessons/ lessons2/' removes it [golden-orphan]\n")
        let both = run(try advised(shared.stderr) + ["--no-claims"])
        XCTAssertEqual(both.status, .clean, both.stderr)
        XCTAssertEqual(run(["--no-claims", "lessons/", "lessons2/"]).stderr, "")
    }

    /// A second lessons directory beside the first, checked alone with the store's record naming only
    /// the first, never calls the first's goldens orphans; nor does a store with no record, whose
    /// goldens a check cannot attribute: one finding, and nothing written or pruned.
    func testAnotherDirectorysGoldensAreNeverPruned() throws {
        let drafts = root.appendingPathComponent("drafts")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: lessons.appendingPathComponent("09-yerel-durum.md"), to: drafts.appendingPathComponent("30-taslak.md"))
        let record = root.appendingPathComponent("goldens/LESSONS")
        let text = try Data(contentsOf: record)
        for recorded in [false, true] {
            if recorded { try text.write(to: record) } else { try FileManager.default.removeItem(at: record) }
            let before = try snapshot()
            let pruned = run(["--update", "--prune", "--no-claims", "drafts/"])
            XCTAssertEqual(pruned.status, recorded ? .clean : .findings, pruned.stderr)
            let after = try snapshot()
            let goneOrChanged = before.keys.filter { !$0.hasPrefix("drafts") && after[$0] != before[$0] }.sorted()
            XCTAssertEqual(goneOrChanged, recorded ? ["goldens/LESSONS"] : [], pruned.stdout)
            if recorded {
                XCTAssertEqual(pruned.stderr, "", "the record named lessons: drafts is added, nothing else judged")
            } else {
                XCTAssertEqual(
                    pruned.stderr.split(separator: "\n").map { String($0.prefix(56)) },
                    [
                        "goldens/LESSONS:1:1: error: goldens/ has no record of th",
                        "goldens/LESSONS:1:1: error: nothing written into goldens",
                        "drafts/30-taslak.md:120:1: error: tree has no approved g",
                        "drafts/30-taslak.md:186:1: error: tree has no approved g",
                        "drafts/30-taslak.md:229:1: error: tree has no approved g",
                    ])
            }
        }
    }

    /// A prune lists every name on one line, whatever it holds, and a folder it cannot remove (a
    /// mount point) is a finding that fails the run, never silence.
    func testAPruneSaysWhatItCouldNotRemoveAndEscapesNames() throws {
        let orphans = root.appendingPathComponent("goldens/02-silinen-ders")
        try FileManager.default.createDirectory(at: orphans, withIntermediateDirectories: true)
        let mounted = try Binary.run(
            ["-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", orphans.path], in: root, shell: true)
        try XCTSkipIf(mounted.status != 0, "cannot mount a tmpfs here (\(mounted.stderr)); needs root")
        defer { _ = try? Binary.run(["-c", "umount \"$0\"", orphans.path], in: root, shell: true) }
        try Data("x\n".utf8).write(to: orphans.appendingPathComponent("iki\nsatir.out"))
        let pruned = run(["--update", "--prune", "--no-claims", "lessons/"])
        XCTAssertEqual(pruned.status, .findings, pruned.stderr)
        XCTAssertEqual(
            pruned.stderr,
            "goldens/02-silinen-ders/:1:1: error: not removed: goldens/02-silinen-ders/: Device or resource busy "
                + "[update-refused]\n")
        XCTAssertEqual(
            pruned.stdout.split(separator: "\n").prefix(4),
            [
                "will remove goldens/02-silinen-ders/iki\\u{A}satir.out (no lesson has this name)",
                "will remove goldens/02-silinen-ders/ (empty once its orphans go)",
                "removed  goldens/02-silinen-ders/iki\\u{A}satir.out",
                "goldens: 0 added, 0 changed, 1 removed",
            ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: orphans.path), [])
    }

    /// A report path that a bind mount makes another name of a golden store's file, or of a lessons
    /// directory, is refused by identity before the run, whatever its path says.
    func testAReportThroughABindMountIsRefusedByIdentity() throws {
        let summary = root.appendingPathComponent("ozet.md")
        try Data().write(to: summary)
        let record = root.appendingPathComponent("goldens/LESSONS")
        let folder = root.appendingPathComponent("baglanti")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = try Binary.run(
            [
                "-c", "mount --bind \"$0\" \"$1\" && mount --bind \"$2\" \"$3\"", record.path, summary.path,
                lessons.path, folder.path,
            ],
            in: root, shell: true)
        try XCTSkipIf(mounted.status != 0, "cannot bind-mount here (\(mounted.stderr)); needs root")
        defer {
            _ = try? Binary.run(
                ["-c", "umount \"$0\"; umount \"$1\"", summary.path, folder.path], in: root, shell: true)
        }
        let before = try Data(contentsOf: record)
        let appended = run(
            ["--format", "github", "--no-claims", "lessons/"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(appended.status, .failure)
        XCTAssertEqual(
            appended.stderr.split(separator: "\n").first,
            "coursecheck: error: refusing GITHUB_STEP_SUMMARY=\(summary.path): it is goldens/LESSONS under another "
                + "name; the job summary goes elsewhere")
        XCTAssertEqual(try Data(contentsOf: record), before)
        let junit = run(["--no-claims", "--junit", folder.appendingPathComponent("rapor.xml").path, "lessons/"])
        XCTAssertEqual(junit.status, .failure)
        XCTAssertEqual(
            junit.stderr,
            "coursecheck: error: refusing --junit \(folder.path)/rapor.xml: it lies inside the lessons directory "
                + "lessons/; write the report elsewhere\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: lessons.appendingPathComponent("rapor.xml").path))
    }

    /// The store's record is read from where the store is on disk: a checkout whose `goldens` is a
    /// link to another checkout's store reads the owner's directories, so its own run judges none
    /// of the owner's goldens (here it is refused: both hold a lesson of one name).
    func testAStoreReachedThroughALinkIsReadAsItsOwnerRecordsIt() throws {
        let other = root.appendingPathComponent("baska")
        try FileManager.default.createDirectory(
            at: other.appendingPathComponent("lessons"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: lessons.appendingPathComponent("09-yerel-durum.md"),
            to: other.appendingPathComponent("lessons/09-yerel-durum.md"))
        try FileManager.default.createSymbolicLink(
            atPath: other.appendingPathComponent("goldens").path,
            withDestinationPath: root.appendingPathComponent("goldens").path)
        let before = try snapshot(excluding: { $0.hasPrefix("baska") })
        let pruned = InProcess.run(["--update", "--prune", "--no-claims", "lessons/"], in: other)
        XCTAssertEqual(pruned.status, .failure, pruned.stderr)
        XCTAssertEqual(
            pruned.stderr,
            "coursecheck: error: lessons/09-yerel-durum.md and lessons/09-yerel-durum.md would share the golden folder "
                + "goldens/09-yerel-durum: goldens/LESSONS says both directories keep their goldens there; rename one "
                + "of the lessons, or give one directory its own --goldens\n")
        XCTAssertEqual(try snapshot(excluding: { $0.hasPrefix("baska") }), before)
    }

    /// Two directories whose names are one text in two Unicode forms are two directories here: the
    /// record naming one never lets a run of the other judge its goldens.
    func testARecordLineInOneUnicodeFormNamesOnlyThatDirectory() throws {
        let composed = root.appendingPathComponent("x-\u{E7}")
        let decomposed = root.appendingPathComponent("x-c\u{327}")
        for (folder, lesson) in [(composed, "09-yerel-durum"), (decomposed, "10-baglama")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: lessons.appendingPathComponent("\(lesson).md"),
                to: folder.appendingPathComponent(lesson == "09-yerel-durum" ? "23-bir.md" : "24-iki.md"))
        }
        try XCTSkipIf(
            Set(try FileManager.default.contentsOfDirectory(atPath: root.path).map { Array($0.utf8) }).count
                < 4, "this file system folds Unicode forms")
        let record = root.appendingPathComponent("goldens/LESSONS")
        try (try Data(contentsOf: record) + Data("x-\u{E7}\n".utf8)).write(to: record)
        XCTAssertEqual(run(["--update", "--no-claims", "lessons/", "x-\u{E7}/"]).status, .clean)
        let before = try snapshot(excluding: { !$0.hasPrefix("goldens/23-bir") })
        XCTAssertEqual(before.count, 4, "the composed directory's goldens")
        let pruned = run(["--update", "--prune", "--no-claims", "lessons/", "x-c\u{327}/"])
        XCTAssertEqual(pruned.status, .clean, pruned.stderr)
        XCTAssertEqual(try snapshot(excluding: { !$0.hasPrefix("goldens/23-bir") }), before)
    }

    /// `--promote` rewrites a linked lesson at its target, but never inside a git directory.
    func testPromoteNeverWritesThroughALessonLinkIntoGit() throws {
        let git = root.appendingPathComponent(".git")
        try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
        let lesson = lessons.appendingPathComponent("09-yerel-durum.md")
        var lines = try String(contentsOf: lesson, encoding: .utf8).components(separatedBy: "\n")
        lines[139] = "X"
        try Data(lines.joined(separator: "\n").utf8).write(to: git.appendingPathComponent("ders.md"))
        try FileManager.default.removeItem(at: lesson)
        try FileManager.default.createSymbolicLink(atPath: lesson.path, withDestinationPath: "../.git/ders.md")
        let before = try Data(contentsOf: git.appendingPathComponent("ders.md"))
        let promoted = run(["--promote", "--no-claims", "lessons/"])
        XCTAssertEqual(promoted.status, .findings)
        XCTAssertEqual(
            promoted.stderr.split(separator: "\n").first.map(String.init),
            "lessons/09-yerel-durum.md:1:1: error: lesson not promoted: it is a link to "
                + "\(FileGate.canonicalPath(git.appendingPathComponent("ders.md"))), inside a git directory [promote-refused]"
        )
        XCTAssertEqual(try Data(contentsOf: git.appendingPathComponent("ders.md")), before)
    }

    /// A report path ending in a slash names a directory: refused, never written as a file.
    func testAReportPathEndingInASlashIsRefused() throws {
        let result = run(["--no-claims", "--junit", "rapor.xml/", "lessons/"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(result.stderr, "coursecheck: error: cannot write rapor.xml/: it is not a regular file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("rapor.xml").path))
    }

    /// The author's record is theirs: a CRLF one is read line by line, and `--update` appends the
    /// directory it lacks in its line endings, every other byte (comments, blank lines, order) kept.
    func testAnUpdateAppendsToTheAuthorsRecordKeepingEveryByte() throws {
        let second = root.appendingPathComponent("lessons2")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: lessons.appendingPathComponent("13-gezinme-yigiti-ve-yolu.md"),
            to: second.appendingPathComponent("13-gezinme-yigiti-ve-yolu.md"))
        let record = root.appendingPathComponent("goldens/LESSONS")
        let written = "# baslik  \r\n\r\nlessons\r\n# not\r\n  "
        try Data(written.utf8).write(to: record)
        let check = run(["--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(
            check.stderr,
            "goldens/LESSONS:1:1: error: goldens/LESSONS does not name lessons2, whose lessons keep their goldens in "
                + "goldens/; 'coursecheck --update lessons2' adds it [golden-record]\n")
        let update = run(["--update", "--no-claims", "lessons/", "lessons2/"])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), written + "\r\nlessons2\r\n")
    }

    /// A file that was not read as a lesson (emptied) keeps its goldens, and the update says why.
    func testAnUnreadLessonKeepsItsGoldensAndTheUpdateSaysSo() throws {
        try Data().write(to: lessons.appendingPathComponent("09-yerel-durum.md"))
        let before = try snapshot(excluding: { !$0.hasPrefix("goldens/") })
        let update = run(["--update", "--prune", "--no-claims", "lessons/"])
        XCTAssertEqual(
            update.stderr,
            "lessons/09-yerel-durum.md:1:1: error: goldens of this lesson left as they are: the not-a-lesson error at "
                + "line 1 makes its trees uncertain; fix it, then run --update again [update-refused]\n"
                + "lessons/09-yerel-durum.md:1:1: error: file is empty; it is not a lesson [not-a-lesson]\n")
        XCTAssertEqual(try snapshot(excluding: { !$0.hasPrefix("goldens/") }), before)
    }

    /// An orphan the system will not remove (a file bind-mounted over it) is refused on its own, a
    /// finding that fails the run, and the prune goes on with the rest.
    func testAnOrphanTheSystemWillNotRemoveIsRefusedAndThePruneGoesOn() throws {
        let folder = root.appendingPathComponent("goldens/09-yerel-durum")
        let source = root.appendingPathComponent("kaynak")
        try Data("k\n".utf8).write(to: source)
        for name in ["a-baglanti.out", "b-eski.out"] {
            try Data("x\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        let bound = folder.appendingPathComponent("a-baglanti.out")
        let mounted = try Binary.run(
            ["-c", "mount --bind \"$0\" \"$1\"", source.path, bound.path], in: root, shell: true)
        try XCTSkipIf(mounted.status != 0, "cannot bind-mount here (\(mounted.stderr)); needs root")
        defer { _ = try? Binary.run(["-c", "umount \"$0\"", bound.path], in: root, shell: true) }
        let pruned = run(["--update", "--prune", "--no-claims", "lessons/"])
        XCTAssertEqual(pruned.status, .findings, pruned.stderr)
        XCTAssertEqual(
            pruned.stderr,
            "goldens/09-yerel-durum/a-baglanti.out:1:1: error: not removed: goldens/09-yerel-durum/a-baglanti.out: the "
                + "system will not remove it: Device or resource busy [update-refused]\n"
                + "goldens/09-yerel-durum/a-baglanti.out:1:1: error: golden has no tree: no tree of "
                + "lessons/09-yerel-durum.md has this name; 'coursecheck --update --prune lessons/' removes it [golden-orphan]\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b-eski.out").path))
    }

    /// An orphan whose name is not UTF-8 is listed (each such byte shown as `\x{FF}`) and pruned like
    /// any other, by its own bytes: never a file whose name only decodes to the same text.
    func testAnOrphanWhoseNameIsNotUTF8IsListedAndPruned() throws {
        let folder = root.appendingPathComponent("goldens/09-yerel-durum")
        let name = Array("eski".utf8) + [0xFF, 0xC3] + Array(".out".utf8)
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let written = path.withUnsafeBufferPointer { buffer -> Int32 in
            let text = buffer.map { CChar(bitPattern: $0) } + [0]
            let descriptor = open(text, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            defer { close(descriptor) }
            return descriptor >= 0 ? Int32(Glibc.write(descriptor, "x\n", 2)) : -1
        }
        XCTAssertEqual(written, 2)
        let shown = "goldens/09-yerel-durum/eski\\x{FF}\\x{C3}.out"
        let check = run(["--no-claims", "lessons/"])
        XCTAssertEqual(
            check.stderr,
            "\(shown):1:1: error: golden has no tree: no tree of lessons/09-yerel-durum.md has this name; "
                + "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n")
        let pruned = run(["--update", "--prune", "--no-claims", "lessons/"])
        XCTAssertEqual(pruned.status, .clean, pruned.stderr)
        XCTAssertEqual(
            pruned.stdout.split(separator: "\n").prefix(3),
            [
                "will remove \(shown) (no tree of lessons/09-yerel-durum.md has this name)", "removed  \(shown)",
                "goldens: 0 added, 0 changed, 1 removed",
            ])
        XCTAssertEqual(DirectoryListingsProbe.names(in: folder.path).filter { $0.contains(0xFF) }, [])
    }

    func testTwoLessonsOfOneNameCannotShareAGoldenFolder() throws {
        let second = root.appendingPathComponent("lessons2")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: lessons.appendingPathComponent("09-yerel-durum.md"),
            to: second.appendingPathComponent("09-yerel-durum.md"))
        let before = try snapshot()
        let result = run(["--update", "lessons/", "lessons2/"])
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: lessons/09-yerel-durum.md and lessons2/09-yerel-durum.md would share the golden folder "
                + "goldens/09-yerel-durum; check them with separate --goldens directories\n")
        XCTAssertEqual(try snapshot(), before)
    }

    func testGoldensAsAFileIsNamedInWords() throws {
        try FileManager.default.removeItem(at: goldens)
        try write("goldens", "bir dosya\n")
        let before = try snapshot()
        let check = run(["--no-claims", "lessons/09-yerel-durum.md"])
        XCTAssertEqual(
            check.stderr,
            "lessons/09-yerel-durum.md:1:1: error: goldens is a file, not a directory; the goldens need a directory of "
                + "their own [golden-missing]\n")
        let update = run(["--update", "--no-claims", "lessons/09-yerel-durum.md"])
        XCTAssertEqual(update.status, .failure)
        XCTAssertFalse(update.stderr.contains("Domain"), update.stderr)
        XCTAssertTrue(update.stderr.contains("goldens is a file, not a directory"), update.stderr)
        XCTAssertEqual(try snapshot(), before)
    }

    /// `--update` never deletes or rewrites the goldens of a lesson whose trees it cannot be sure of.
    func testUpdateLeavesTheGoldensOfAStructurallyBrokenLesson() throws {
        try replace(
            in: "09-yerel-durum.md", "countCauses(recomputes)\n```\n\n```\n",
            with: "countCauses(recomputes)\n```\n\nAraya bir satir.\n\n```\n")
        let before = try snapshot(excluding: { $0.hasPrefix("lessons") })
        let update = run(["--update", "--no-claims", "lessons/"])
        XCTAssertEqual(update.status, .findings)
        // One mistake, one finding: the tree's golden is not an orphan while the tree is there.
        XCTAssertEqual(
            update.stderr,
            "lessons/09-yerel-durum.md:1:1: error: goldens of this lesson left as they are: the missing-expected "
                + "error at line 120 makes its trees uncertain; fix it, then run --update again [update-refused]\n"
                + "lessons/09-yerel-durum.md:120:1: error: tree's expected block at line 140 does not follow it: only "
                + "blank lines may stand between a tree and its expected output [missing-expected]\n")
        XCTAssertFalse(update.stdout.contains("will remove"), update.stdout)
        XCTAssertEqual(try snapshot(excluding: { $0.hasPrefix("lessons") }), before)
    }

    /// Links in goldens belong to the author: never followed for a write, never a way out of goldens.
    func testLinksInGoldensAreNeverWrittenThrough() throws {
        let golden = "goldens/01-bildirimsel-sozdizim/alti-degisiklik-dort-tetik.out"
        try FileManager.default.removeItem(at: root.appendingPathComponent(golden))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(golden).path,
            withDestinationPath: "../../lessons/02-gorunumler-ve-degistiriciler.md")
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("TOOLCHAIN"))
        try write("NOTES.md", "yazarin notlari\n")
        try FileManager.default.createSymbolicLink(
            atPath: goldens.appendingPathComponent("TOOLCHAIN").path, withDestinationPath: "../NOTES.md")
        try write("other/notes.out", "precious\n")
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("02-gorunumler-ve-degistiriciler"))
        try FileManager.default.createSymbolicLink(
            atPath: goldens.appendingPathComponent("02-gorunumler-ve-degistiriciler").path,
            withDestinationPath: "../other")
        let before = try snapshot()

        let update = run(["--update", "--no-claims", "lessons/"])
        XCTAssertEqual(update.status, .findings)
        let refusals = update.stderr.split(separator: "\n").filter { $0.hasSuffix("[update-refused]") }
        // Findings outside the lessons come first in a report.
        XCTAssertEqual(
            refusals,
            [
                "goldens/TOOLCHAIN:1:1: error: goldens/TOOLCHAIN is not a regular file (a link or a folder), so it is left as "
                    + "it is [update-refused]",
                "lessons/01-bildirimsel-sozdizim.md:96:1: error: not approved: \(golden) is not coursecheck's to write: it is "
                    + "not a regular file (a link or a folder) [update-refused]",
                "lessons/02-gorunumler-ve-degistiriciler.md:117:1: error: not approved: goldens/02-gorunumler-ve-degistiriciler/"
                    + "kapsayiciya-konan-degisiklik-alt-agaca-ortam-olarak-yayilir.out is not coursecheck's to write: its folder "
                    + "goldens/02-gorunumler-ve-degistiriciler is not a plain directory (a link or a file) [update-refused]",
                "lessons/02-gorunumler-ve-degistiriciler.md:201:1: error: not approved: goldens/02-gorunumler-ve-degistiriciler/"
                    + "kendi-fontunu-koyan-gorunum-ortam-anahtarini-okumaz.out is not coursecheck's to write: its folder "
                    + "goldens/02-gorunumler-ve-degistiriciler is not a plain directory (a link or a file) [update-refused]",
            ].map { Substring($0) })
        XCTAssertFalse(update.stdout.contains("will remove"), update.stdout)
        XCTAssertEqual(try snapshot(), before, "no file behind a link changed, and no link was replaced")
    }

    func testEmptyAndRepeatedValuesAreUsageErrors() throws {
        let before = try snapshot()
        for (arguments, message) in [
            (["--update", "--goldens=", "lessons/"], "--goldens needs a value"),
            (["--format", "json", "--junit=", "lessons/"], "--junit needs a value"),
            (["--engine=embedded", "--engine=swiftc", "lessons/"], "--engine is given twice"),
        ] {
            let result = run(arguments)
            XCTAssertEqual(result.status, .failure, "\(arguments)")
            XCTAssertEqual(result.stderr, "coursecheck: error: \(message)\nRun 'coursecheck --help' for usage.\n")
        }
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(run(["--update", "lessons/"], environment: ["CI": " "]).status, .clean, "CI=' ' is not CI")
    }

    func testGoldensHoldingANestedRepositoryOrTheCacheAreRefused() throws {
        try write("nested/inner/.git/HEAD", "ref: refs/heads/main\n")
        let before = try snapshot()
        let nested = run(["--update", "--goldens", "nested", "lessons/"])
        XCTAssertEqual(nested.status, .failure)
        XCTAssertTrue(
            nested.stderr.hasPrefix(
                "coursecheck: error: refusing the goldens directory nested: it holds a git repository (inner/.git)"),
            nested.stderr)
        let cache = run(["--update", "--cache-dir", "goldens", "lessons/"])
        XCTAssertEqual(cache.status, .failure)
        XCTAssertTrue(
            cache.stderr.hasPrefix("coursecheck: error: refusing the cache directory "), cache.stderr)
        XCTAssertTrue(cache.stderr.hasSuffix(": it overlaps the goldens directory goldens\n"), cache.stderr)
        XCTAssertEqual(try snapshot(), before)
    }

    // MARK: - Reports never overwrite inputs

    func testJUnitPathMayNotBeALessonOrLieInLessonsOrGoldens() throws {
        let before = try snapshot()
        for (path, reason) in [
            ("lessons/09-yerel-durum.md", "it is the lesson lessons/09-yerel-durum.md"),
            ("lessons/report.xml", "it lies inside the lessons directory lessons"),
            ("goldens/report.xml", "it lies inside the goldens directory goldens"),
        ] {
            let result = run(["--junit", path, "lessons/09-yerel-durum.md", "lessons/10-baglama.md"])
            XCTAssertEqual(result.status, .failure, path)
            XCTAssertEqual(
                result.stderr, "coursecheck: error: refusing --junit \(path): \(reason); write the report elsewhere\n")
        }
        XCTAssertEqual(try snapshot(), before)
    }

    /// A report goes nowhere near git, and replaces only a report coursecheck wrote.
    func testJUnitNeverOverwritesGitOrAnAuthorsFile() throws {
        try write("README.md", "# Kurs\n")
        let before = try snapshot()
        for (path, reason) in [
            (".git/config", "it lies inside a git directory"),
            ("goldens/../.git/HEAD", "it lies inside a git directory"),
            ("README.md", "the file exists and is not a coursecheck report"),
        ] {
            let result = run(["--junit", path, "--no-claims", "lessons/09-yerel-durum.md"])
            XCTAssertEqual(result.status, .failure, path)
            XCTAssertEqual(
                result.stderr, "coursecheck: error: refusing --junit \(path): \(reason); write the report elsewhere\n")
        }
        // A folder is an I/O error: nothing is written there, and the run says so once.
        let folder = run(["--junit", "lessons", "--no-claims", "lessons/09-yerel-durum.md"])
        XCTAssertEqual(folder.status, .failure)
        XCTAssertEqual(folder.stderr, "coursecheck: error: cannot write lessons: it is not a regular file\n")
        // Nor when the run fails before any lesson is read.
        XCTAssertEqual(run(["--junit", "README.md", "missing/"]).status, .failure)
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(run(["--junit", "report.xml", "--no-claims", "lessons/09-yerel-durum.md"]).status, .clean)
        XCTAssertEqual(
            run(["--junit", "report.xml", "--no-claims", "lessons/09-yerel-durum.md"]).status, .clean,
            "its own report is replaced")
    }

    /// Exit status 2 still leaves CI something to show: a JUnit error, a JSON error, an annotation.
    func testFailuresReachEveryReport() throws {
        let junit = run(["--junit", "report.xml", "missing/"])
        XCTAssertEqual(junit.status, .failure)
        let xml = try String(contentsOf: root.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertEqual(
            xml,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="coursecheck" tests="1" failures="0" errors="1">
              <testsuite name="coursecheck" tests="1" failures="0" errors="1" skipped="0">
                <testcase classname="coursecheck" name="run">
                  <error type="io-error" message="missing/: no such file or directory">missing/: no such file or directory</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        let json = run(["--format", "json", "missing/"])
        XCTAssertEqual(json.status, .failure)
        XCTAssertEqual(
            json.stdout,
            """
            [
              {
                "column" : null,
                "detail" : null,
                "file" : null,
                "id" : "io-error",
                "line" : null,
                "message" : "missing/: no such file or directory",
                "notes" : [

                ],
                "severity" : "error"
              }
            ]

            """)
        let github = run(["--format=github", "--updte", "lessons/"])
        XCTAssertEqual(github.status, .failure)
        XCTAssertEqual(
            github.stdout, "::error title=coursecheck::unknown option '--updte'; did you mean '--update'?\n")
    }

    func testJSONAlwaysHasEveryKey() throws {
        try replace(in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        let result = run(["--format", "json", "lessons/"])
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertFalse(findings.isEmpty)
        for finding in findings {
            XCTAssertEqual(
                Set(finding.keys), ["severity", "id", "file", "line", "column", "message", "notes", "detail"])
        }
    }

    func testControlCharactersAreEscapedInTextAndGitHubOutput() throws {
        try replace(
            in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 1\u{1B}[2J\u{01}\nebeveyn: 0\n")
        let result = run(["--format", "github", "--no-goldens", "--no-claims", "lessons/09-yerel-durum.md"])
        XCTAssertEqual(result.status, .findings)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
        XCTAssertFalse(result.stderr.contains("\u{01}"))
        // The drift names the first control character, and the diff marks both.
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "lessons/09-yerel-durum.md:140:9: error: output of tree at line 120 differs from the lesson; the line has "
                    + "U+001B ESCAPE where the output has the end of the line [output-drift]\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("yerel: 1⟨U+001B ESCAPE⟩[2J⟨U+0001 START OF HEADING⟩"), result.stderr)
        XCTAssertTrue(result.stdout.contains("yerel: 1⟨U+001B ESCAPE⟩[2J⟨U+0001 START OF HEADING⟩"), result.stdout)
    }

    /// On GitHub, `--format github` also appends a job summary: a row per lesson, diffs folded.
    func testGitHubStepSummary() throws {
        try replace(in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        let summary = root.appendingPathComponent("step-summary.md")
        try "## earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        let result = run(
            ["--format", "github", "--no-claims", "lessons/09-yerel-durum.md", "lessons/10-baglama.md"],
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(result.status, .findings)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("## earlier step\n## coursecheck\n\n`2 lessons: 2 core, "), text)
        XCTAssertTrue(
            text.contains("\n| `lessons/09-yerel-durum.md` | 1 core, 3 trees, 2 fragments | **1** | 0 |\n"), text)
        XCTAssertTrue(text.contains("\n| `lessons/10-baglama.md` | 1 core, "), text)
        XCTAssertTrue(
            text.contains(
                "<details><summary><code>lessons/09-yerel-durum.md:140:8: error: output of tree at line 120 differs from the lesson"
            ),
            text)
        XCTAssertTrue(text.contains("```diff\nlessons/09-yerel-durum.md:120:1: note: tree "), text)
    }

    // MARK: - Promote

    func testPromoteFollowsALinkAndKeepsModes() throws {
        let real = root.appendingPathComponent("kaynak/09-yerel-durum.md")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: lessons.appendingPathComponent("09-yerel-durum.md"), to: real)
        try FileManager.default.createSymbolicLink(
            atPath: lessons.appendingPathComponent("09-yerel-durum.md").path,
            withDestinationPath: "../kaynak/09-yerel-durum.md")
        let original = try Data(contentsOf: real)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o775], ofItemAtPath: lessons.appendingPathComponent("10-baglama.md").path)
        try replace(in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        try replace(in: "10-baglama.md", "\nyerel: 2\nebeveyn: 1\n", with: "\nyerel: 2\nebeveyn: 9\n")

        let promoted = run(["--promote", "--no-goldens", "--no-claims", "lessons/"])
        XCTAssertEqual(promoted.status, .clean, promoted.stderr)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: lessons.appendingPathComponent("09-yerel-durum.md").path),
            "../kaynak/09-yerel-durum.md", "the link stays a link")
        XCTAssertEqual(try Data(contentsOf: real), original, "the link's target is promoted")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: lessons.appendingPathComponent("10-baglama.md").path)[
                .posixPermissions]
                as? Int, 0o775)
    }

    func testUpdateKeepsTheModeOfAGolden() throws {
        let golden = goldens.appendingPathComponent(
            "09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        try "eski\n".write(to: golden, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: golden.path)
        XCTAssertEqual(run(["--update", "--no-claims", "lessons/"]).status, .clean)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: golden.path)[.posixPermissions] as? Int, 0o640)
    }

    /// The dry-run patch of an absolute lessons path names the files relative to the repository, and `git apply` takes it.
    func testDryRunPatchPathsAreRelativeAndApply() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        try XCTSkipUnless(git(["init", "-q"]) == 0, "git is not installed")
        try replace(in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        let broken = try Data(contentsOf: lessons.appendingPathComponent("09-yerel-durum.md"))
        let result = run(["--promote", "--dry-run", "--no-goldens", "--no-claims", lessons.path])
        XCTAssertEqual(result.status, .clean, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "diff --git a/lessons/09-yerel-durum.md b/lessons/09-yerel-durum.md\n--- a/lessons/09-yerel-durum.md\n"),
            result.stdout)
        try result.stdout.write(to: root.appendingPathComponent("promote.patch"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try Data(contentsOf: lessons.appendingPathComponent("09-yerel-durum.md")), broken,
            "a dry run writes nothing")
        XCTAssertEqual(git(["apply", "promote.patch"]), 0)
        XCTAssertEqual(run(["--no-goldens", "--no-claims", "lessons/09-yerel-durum.md"]).status, .clean)
    }

    /// A lesson whose name holds a tab: the patch quotes it as git does, and `git apply` takes it.
    func testDryRunPatchQuotesANameWithATabAsGitDoes() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        try XCTSkipUnless(git(["init", "-q"]) == 0, "git is not installed")
        try replace(in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        try FileManager.default.moveItem(
            at: lessons.appendingPathComponent("09-yerel-durum.md"),
            to: lessons.appendingPathComponent("09-yerel\tdurum.md"))
        let result = run(["--promote", "--dry-run", "--no-goldens", "--no-claims", lessons.path])
        XCTAssertEqual(result.status, .clean, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "diff --git \"a/lessons/09-yerel\\tdurum.md\" \"b/lessons/09-yerel\\tdurum.md\"\n"
                    + "--- \"a/lessons/09-yerel\\tdurum.md\"\n+++ \"b/lessons/09-yerel\\tdurum.md\"\n"),
            result.stdout)
        try result.stdout.write(to: root.appendingPathComponent("promote.patch"), atomically: true, encoding: .utf8)
        XCTAssertEqual(git(["apply", "promote.patch"]), 0)
        XCTAssertEqual(run(["--no-goldens", "--no-claims", "lessons/09-yerel\tdurum.md"]).status, .clean)
    }

    /// Run from outside the repository (another directory, an absolute path), the patch still names
    /// the files relative to the lesson's repository; under `--format json` it is one JSON document
    /// with the findings, and `git apply` takes its patch.
    func testDryRunFromOutsideTheRepositoryAndAsJSON() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        try XCTSkipUnless(git(["init", "-q"]) == 0, "git is not installed")
        try replace(in: "09-yerel-durum.md", "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        let outside = try Scratch()
        defer { outside.remove() }
        let result = InProcess.run(
            ["--promote", "--dry-run", "--no-goldens", "--no-claims", "--format", "json", lessons.path], in: outside.url
        )
        XCTAssertEqual(result.status, .clean, result.stderr)
        let plan = try JSONDecoder().decode(JSONReporter.PromotionPlan.self, from: Data(result.stdout.utf8))
        XCTAssertEqual(plan.findings, [])
        XCTAssertTrue(
            plan.patch.hasPrefix("diff --git a/lessons/09-yerel-durum.md b/lessons/09-yerel-durum.md\n"), plan.patch)
        XCTAssertEqual(result.stderr, "would promote 1 lesson\n")
        try plan.patch.write(to: root.appendingPathComponent("promote.patch"), atomically: true, encoding: .utf8)
        XCTAssertEqual(git(["apply", "promote.patch"]), 0)
        XCTAssertEqual(run(["--no-goldens", "--no-claims", "lessons/09-yerel-durum.md"]).status, .clean)
    }

    /// A dry run says what the patch leaves: a golden that disagrees with its tree still does.
    func testDryRunReportsTheGoldenDriftItLeaves() throws {
        let golden = root.appendingPathComponent(
            "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        try Data("bozuk\n".utf8).write(to: golden)
        let result = run(["--promote", "--dry-run", "--no-claims", "lessons/"])
        XCTAssertEqual(result.status, .findings, result.stderr)
        let findings = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(findings.count, 1, result.stderr)
        XCTAssertTrue(findings.first?.hasSuffix("[golden-drift]") == true, result.stderr)
        XCTAssertEqual(result.stdout, "", "nothing to patch")
    }

    private func git(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// `--promote` converges: for every tree whose output drifts and that a fence can hold, a promote
/// followed by a check reports no drift for it, and a second promote changes nothing.
final class PromoteConvergenceTests: XCTestCase {
    /// Awkward outputs, as Swift string literals printed by a tree, each under a wrong expected block.
    /// (An output with a CR is not here: a lesson reads CR and CRLF as line endings, so it is
    /// unrepresentable-output, as the output-carriage-return fixture shows.)
    static let outputs: [(literal: String, fence: String)] = [
        (#""```""#, "```"),
        (#""````\n```""#, "```"),
        (#""~~~""#, "```"),
        (#""~~~~~""#, "~~~~"),
        (#""   ```""#, "```"),
        (#""    ```""#, "```"),
        (#""``` ""#, "```"),
        (#""```swift""#, "```"),
        (#""""#, "```"),
        (#""a\tb  ""#, "```"),
        (#""c\u{0327} K ;""#, "```"),
        (#""\n\n""#, "```"),
        // A run of the other character with an info string (lengthening never passes it), and a
        // fence behind an invisible character (a reader takes it for the closing line).
        (#""~~~`""#, "```"),
        (#""\u{00A0}```""#, "```"),
        (#""\u{200B}```\n```swift""#, "```"),
    ]

    func testPromoteThenCheckIsCleanForEveryRepresentableOutput() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var text = "---\ntitle: 'Promote'\n---\n\n# Promote\n\n```swift\n\(EmbeddedCore.text)```\n"
        for (index, output) in Self.outputs.enumerated() {
            text +=
                "\n```swift\n// main.swift — cikti \(index + 1)\nprint(\(output.literal))\n```\n\n\(output.fence)\nyanlis\n\(output.fence)\n"
        }
        text += "\n```swift\n// main.swift — bos\nlet x = 1\n```\n\n```\nyanlis\n```\n"
        text += "\n```swift\n// main.swift — satir sonu yok\nprint(\"son\", terminator: \"\")\n```\n\n```\nson\n```\n"
        let lesson = scratch.url.appendingPathComponent("lessons/01-promote.md")
        try FileManager.default.createDirectory(
            at: lesson.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: lesson, atomically: true, encoding: .utf8)

        // What is asked is how outputs are written, not whether these one-line trees compile: a
        // compiler that accepts every tree spares seventeen compiles.
        let accepting = ["SWIFTC": try AcceptingCompiler.make(in: scratch.url).path]
        let before = InProcess.run(
            ["--no-goldens", "--no-claims", "lessons/01-promote.md"], in: scratch.url, extra: accepting)
        XCTAssertEqual(before.status, .findings)
        XCTAssertEqual(
            before.stderr.components(separatedBy: "[output-drift]").count - 1, Self.outputs.count + 1, before.stderr)

        let promoted = InProcess.run(
            ["--promote", "--no-goldens", "--no-claims", "lessons/01-promote.md"], in: scratch.url, extra: accepting)
        XCTAssertEqual(promoted.status, .findings)
        let expectedFindings = [
            // Located before the rewrite, then after it (longer outputs moved the tree down).
            "lessons/01-promote.md:223:1: note: not promoted: no lesson block can show its output exactly [promote-skipped]",
            "lessons/01-promote.md:226:1: error: tree's output does not end with a newline, so no fenced block can show it exactly; "
                + "end the last print with a newline (print's default terminator) [unrepresentable-output]",
        ]
        XCTAssertEqual(promoted.stderr.split(separator: "\n").map(String.init), expectedFindings)

        // --update does not send the author back to --promote for it: it says why.
        let update = InProcess.run(
            ["--update", "--no-claims", "lessons/01-promote.md"], in: scratch.url, extra: accepting)
        XCTAssertEqual(
            update.stderr.split(separator: "\n").first.map(String.init),
            "lessons/01-promote.md:226:1: error: not approved: no lesson block can show this tree's output exactly: it "
                + "does not end with a newline [update-refused]")

        let again = InProcess.run(
            ["--promote", "--no-goldens", "--no-claims", "lessons/01-promote.md"], in: scratch.url, extra: accepting)
        XCTAssertEqual(again.stdout.split(separator: "\n").first, "promote: nothing to rewrite; 1 tree skipped")
        let promotedText = try String(contentsOf: lesson, encoding: .utf8)
        XCTAssertTrue(promotedText.contains("\n````\n```\n````\n"), "a fence longer than the output's backtick lines")
        XCTAssertTrue(promotedText.contains("\n`````\n````\n```\n`````\n"))
        XCTAssertTrue(promotedText.contains("\n~~~~~~\n~~~~~\n~~~~~~\n"), "a tilde fence stays a tilde fence")
        XCTAssertTrue(promotedText.contains("\n```\n    ```\n```\n"), "an indented code line does not close a fence")
    }
}

/// A folder's names as bytes (FileManager would repair a name that is not UTF-8).
enum DirectoryListingsProbe {
    static func names(in path: String) -> [[UInt8]] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        return names
    }
}
