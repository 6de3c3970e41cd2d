import CourseCheckKit
import Foundation
import XCTest

/// The author's workflow on a copy of the real course: break, see, promote, update, settle.
final class GoldenWorkflowTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }
    private var goldens: URL { scratch.url.appendingPathComponent("goldens") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let result = InProcess.run(arguments, in: scratch.url, extra: environment)
        return (result.status.rawValue, result.stdout, result.stderr)
    }

    private func edit(_ lesson: String, _ transform: (String) throws -> String) throws {
        let url = lessons.appendingPathComponent(lesson)
        try transform(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    private func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path), !url.hasDirectoryPath {
                files[String(url.path.dropFirst(directory.path.count))] = data
            }
        }
        return files
    }

    /// Under `--format json`, stdout is one JSON array even for `--update`: what it changed goes to
    /// stderr, and its refusals are findings of the array, counted in the summary.
    func testUpdateInJSONKeepsStdoutOneDocument() throws {
        try edit("09-yerel-durum.md") {
            try $0.replacingFirst("dokunuldu: tapCount degisti", with: "dokunuldu: tapCount degismedi")
        }
        let result = run(["--update", "--format", "json", "--no-claims", "lessons/"])
        XCTAssertEqual(result.status, 1)
        let findings = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(findings?.compactMap { $0["id"] as? String }, ["update-refused", "output-drift"])
        XCTAssertTrue(
            result.stderr.hasPrefix("goldens: 0 added, 0 changed, 0 removed, 1 tree refused\n"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("; 2 errors\n"), result.stderr)
    }

    func testTheCommittedGoldensMatchTheCourse() {
        let result = run(["lessons"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
    }

    /// A behaviour change edited into the tree alone drifts from the lesson and from the golden; the
    /// golden's finding names both steps, since `--update` refuses until the lesson says the new output.
    func testAChangedTreeIsPromotedThenUpdated() throws {
        try edit("09-yerel-durum.md") { text in
            try text.replacingFirst(
                "countCauses(recomputes)\n```", with: "print(\"ek satir\")\ncountCauses(recomputes)\n```")
        }
        let before = run(["lessons"])
        XCTAssertEqual(
            before.stderr.split(separator: "\n").filter { $0.contains(": error: ") },
            [
                "lessons/09-yerel-durum.md:120:1: error: output of tree at line 120 differs from its approved golden; "
                    + "if the change is intended, run 'coursecheck --promote lessons/', then 'coursecheck --update lessons/' [golden-drift]",
                "lessons/09-yerel-durum.md:141:1: error: output of tree at line 120 differs from the lesson [output-drift]",
            ])
        XCTAssertEqual(run(["--promote", "lessons"]).status, 1, "the golden still drifts")
        XCTAssertEqual(run(["--update", "lessons"]).status, 0)
        XCTAssertEqual(run(["lessons"]).status, 0)
    }

    /// A behaviour change edited into both the tree and its expected block still fails until --update approves it.
    func testUpdateApprovesALessonConsistentChangeAndSettles() throws {
        // Only the first tree of lesson 9: it prints one more line, and its expected block says so.
        try edit("09-yerel-durum.md") { text in
            try text.replacingFirst(
                "countCauses(recomputes)\n```", with: "print(\"ek satir\")\ncountCauses(recomputes)\n```"
            )
            .replacingFirst(
                "| atlanan DashboardView,StatusLabel\n", with: "| atlanan DashboardView,StatusLabel\nek satir\n")
        }
        let before = run(["lessons"])
        XCTAssertEqual(before.status, 1)
        XCTAssertEqual(
            before.stderr.split(separator: "\n").first,
            "lessons/09-yerel-durum.md:120:1: error: output of tree at line 120 differs from its approved golden; "
                + "if the change is intended, run 'coursecheck --update lessons/' [golden-drift]")
        XCTAssertFalse(before.stderr.contains("[output-drift]"), before.stderr)

        let update = run(["--update", "lessons"])
        XCTAssertEqual(
            update.stdout.split(separator: "\n").first,
            "changed  goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        XCTAssertTrue(update.stdout.contains("goldens: 0 added, 1 changed, 0 removed\n"), update.stdout)
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(update.status, 0, "an update settles in one step")

        let golden = goldens.appendingPathComponent(
            "09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        XCTAssertTrue(try String(contentsOf: golden, encoding: .utf8).contains("ek satir\nyerel: 1\n"))
        XCTAssertEqual(run(["lessons"]).status, 0)
        XCTAssertEqual(try snapshot(goldens).keys.filter { $0.contains(FileGate.temporaryPrefix) }, [])
    }

    /// A temporary a killed writer left in a golden folder goes with the next `--update`, even one
    /// that writes nothing there (the course is clean); a live process's and an author's file stay.
    func testAnUpdateSweepsTheTemporariesOfEndedWritersFromEveryGoldenFolder() throws {
        // As markers name them, on the path this process and the runs it starts take.
        let (boot, namespace) = (Platform.bootID, Platform.pidNamespace)
        let folder = goldens.appendingPathComponent("05-izgara-ve-geometri")
        let dead = folder.appendingPathComponent("\(FileGate.temporaryPrefix)\(boot)-\(namespace)-999999-1-abc")
        let live = folder.appendingPathComponent("\(FileGate.temporaryPrefix)\(boot)-\(namespace)-\(getpid())-1-abc")
        let authors = folder.appendingPathComponent("\(FileGate.temporaryPrefix)notes.md")
        for file in [dead, live, authors] { try "x\n".write(to: file, atomically: false, encoding: .utf8) }
        let update = run(["--update", "lessons"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.contains("goldens: 0 added, 0 changed, 0 removed\n"), update.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead.path), "the ended writer's temporary stayed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "a live process's temporary went")
        XCTAssertTrue(FileManager.default.fileExists(atPath: authors.path), "an author's file went")
    }

    func testUpdateRemovesOrphansAndAddsMissingGoldens() throws {
        let orphan = goldens.appendingPathComponent("01-bildirimsel-sozdizim/eski.out")
        try "x\n".write(to: orphan, atomically: true, encoding: .utf8)
        let missing = goldens.appendingPathComponent("20-yerellestirme/bicimleme-saf-bir-islevdir.out")
        try FileManager.default.removeItem(at: missing)
        let update = run(["--update", "--prune", "lessons/"])
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(4),
            [
                "will remove goldens/01-bildirimsel-sozdizim/eski.out (no tree of lessons/01-bildirimsel-sozdizim.md has this name)",
                "added    goldens/20-yerellestirme/bicimleme-saf-bir-islevdir.out",
                "removed  goldens/01-bildirimsel-sozdizim/eski.out",
                "goldens: 1 added, 0 changed, 1 removed",
            ])
        XCTAssertEqual(update.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: orphan.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: missing.path))
    }

    /// A golden folder whose name is not UTF-8 is no lesson's, and is never decoded into another
    /// folder's name: beside `22-g\u{FFFD}` (an orphan of its own) it used to report that orphan once
    /// for each of them, and `--update --prune` then failed on the second removal (a helper's
    /// adversarial round). Its file is the author's, left alone.
    func testAFolderNamedInBytesThatAreNotUTF8IsNoOrphansAlias() throws {
        let raw = Array(goldens.path.utf8) + Array("/22-g".utf8) + [0xFF]
        let inBytes = raw + Array("/a.out".utf8)
        XCTAssertTrue(BytePath.makeFolder(raw))
        XCTAssertTrue(BytePath.makeFile(inBytes))
        let replaced = goldens.appendingPathComponent("22-g\u{FFFD}", isDirectory: true)
        try FileManager.default.createDirectory(at: replaced, withIntermediateDirectories: false)
        try "x\n".write(to: replaced.appendingPathComponent("b.out"), atomically: true, encoding: .utf8)
        let check = run(["lessons"])
        XCTAssertEqual(
            check.stderr,
            "goldens/22-g\u{FFFD}/b.out:1:1: error: golden has no tree: no lesson has this name; "
                + "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n")
        XCTAssertEqual(check.status, 1)
        let update = run(["--update", "--prune", "lessons"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertTrue(update.stdout.contains("goldens: 0 added, 0 changed, 1 removed\n"), update.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: replaced.appendingPathComponent("b.out").path))
        XCTAssertTrue(BytePath.exists(inBytes), "the author's file went")
    }

    /// Two goldens, and two golden folders, named by one text in two Unicode forms are reported in
    /// one order, by their bytes (NFD's `c` before NFC's `ç`), whatever order the per-process hash
    /// seed gave the folder's listing: they came out either way from run to run (a helper's
    /// adversarial round). The order function itself is checked on both input orders.
    func testNamesInTwoUnicodeFormsAreReportedInOneOrder() throws {
        let (composed, decomposed) = ("\u{E7}", "c\u{327}")
        // Compared as bytes: `==` on strings holds the two forms equal, so it could not tell the orders apart.
        func bytes(_ names: [String]) -> [[UInt8]] { names.map { Array($0.utf8) } }
        let sorted = bytes(["a.out", decomposed + ".out", composed + ".out"])
        XCTAssertEqual(bytes([composed + ".out", decomposed + ".out", "a.out"].sortedDeterministically()), sorted)
        XCTAssertEqual(bytes([decomposed + ".out", composed + ".out", "a.out"].sortedDeterministically()), sorted)
        let folder = goldens.appendingPathComponent("09-yerel-durum", isDirectory: true)
        for name in [composed, decomposed] {
            try "x\n".write(to: folder.appendingPathComponent(name + ".out"), atomically: true, encoding: .utf8)
            let orphan = goldens.appendingPathComponent("22-" + name, isDirectory: true)
            try FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: false)
            try "x\n".write(to: orphan.appendingPathComponent("a.out"), atomically: true, encoding: .utf8)
        }
        let prune = "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n"
        func folderOrphan(_ name: String) -> String {
            "goldens/22-" + name + "/a.out:1:1: error: golden has no tree: no lesson has this name; "
                + "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n"
        }
        func lessonOrphan(_ name: String) -> String {
            "goldens/09-yerel-durum/" + name + ".out:1:1: error: golden has no tree: no tree of "
                + "lessons/09-yerel-durum.md has this name; " + prune
        }
        let check = run(["--no-claims", "lessons"])
        let expected: [String] = [
            folderOrphan(decomposed), folderOrphan(composed), lessonOrphan(decomposed), lessonOrphan(composed),
        ]
        XCTAssertEqual(Array(check.stderr.utf8), Array(expected.joined().utf8), check.stderr)
        XCTAssertEqual(check.status, 1)
    }

    func testUpdateAndPromoteRefuseUnderCIUnlessForced() throws {
        let before = try snapshot(scratch.url)
        let reasons = [
            "--update": "approving outputs on CI would let a rerun pass by recording; run it locally, or pass --force",
            "--promote":
                "rewriting the lessons on CI would let a rerun pass by changing the course text; see the patch "
                + "with --promote --dry-run, run it locally, or pass --force",
        ]
        for (flag, reason) in reasons.sorted(by: { $0.key < $1.key }) {
            for value in ["true", "1", "yes", "TRUE"] {
                let refused = run([flag, "lessons"], environment: ["CI": value])
                XCTAssertEqual(refused.status, 2)
                XCTAssertEqual(refused.stderr, "coursecheck: error: refusing \(flag) because CI=\(value): \(reason)\n")
            }
        }
        XCTAssertEqual(try snapshot(scratch.url), before, "nothing was written")
        XCTAssertEqual(run(["--update", "--force", "lessons"], environment: ["CI": "true"]).status, 0)
    }

    /// `CI` unset, empty, `0` or `false` is not CI; a dry run writes nothing, so it runs on CI too.
    func testCIConventionAndDryRunOnCI() throws {
        for value in ["", "0", "false", "False", "no", "off"] {
            let update = run(["--update", "lessons"], environment: ["CI": value])
            XCTAssertEqual(update.status, 0, "CI=\(value): \(update.stderr)")
        }
        let dryRun = run(["--promote", "--dry-run", "lessons"], environment: ["CI": "true"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertEqual(dryRun.stderr, "would promote 0 lessons\n")
        XCTAssertEqual(dryRun.stdout, "")
    }

    /// --promote rewrites only expected and core block bodies; every other byte stays identical.
    func testPromoteRewritesOnlyBlockBodies() throws {
        let original = try String(contentsOf: lessons.appendingPathComponent("12-ortam-degerleri.md"), encoding: .utf8)
        try edit("12-ortam-degerleri.md") { text in
            try text.replacingEvery("            return \"ortam\"", with: "            return \"ORTAM\"")
                .replacingEvery("ortam: 1\n```", with: "ortam: 7\n```")
        }
        let broken = try String(contentsOf: lessons.appendingPathComponent("12-ortam-degerleri.md"), encoding: .utf8)
        XCTAssertNotEqual(broken, original)
        let others = try snapshot(lessons).filter { !$0.key.hasSuffix("12-ortam-degerleri.md") }

        let promoted = run(["--promote", "--no-goldens", "lessons"])
        XCTAssertEqual(
            promoted.stdout.split(separator: "\n").first,
            "promoted lessons/12-ortam-degerleri.md: 1 expected block, 1 core block")
        XCTAssertEqual(promoted.status, 0, promoted.stderr)
        let after = try String(contentsOf: lessons.appendingPathComponent("12-ortam-degerleri.md"), encoding: .utf8)
        XCTAssertEqual(after, original, "the whole file is back to the course text, byte for byte")
        XCTAssertEqual(try snapshot(lessons).filter { !$0.key.hasSuffix("12-ortam-degerleri.md") }, others)
    }

    func testPromoteDryRunPrintsAPatchGitApplies() throws {
        try edit("03-yigit-duzenleri.md") {
            try $0.replacingFirst("ebeveyn: 5\ngozlem: 0", with: "ebeveyn: 4\ngozlem: 0")
        }
        let before = try snapshot(lessons)
        let dryRun = run(["--promote", "--dry-run", "lessons"])
        XCTAssertEqual(dryRun.status, 0)
        XCTAssertEqual(try snapshot(lessons), before, "a dry run writes nothing")
        XCTAssertTrue(
            dryRun.stdout.hasPrefix("diff --git a/lessons/03-yigit-duzenleri.md b/lessons/03-yigit-duzenleri.md\n"),
            dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("\n-ebeveyn: 4\n+ebeveyn: 5\n"), dryRun.stdout)

        let patch = scratch.url.appendingPathComponent("promote.patch")
        try dryRun.stdout.write(to: patch, atomically: true, encoding: .utf8)
        for check in [true, false] {
            XCTAssertEqual(try gitApply(patch, check: check), 0, check ? "git apply --check" : "git apply")
        }
        XCTAssertEqual(run(["lessons"]).status, 0, "the applied patch fixes the lesson")
    }

    /// `git apply` (`--check` only, or for real) of `patch` in the course copy: its exit status.
    private func gitApply(_ patch: URL, check: Bool = false) throws -> Int32 {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "apply"] + (check ? ["--check"] : []) + [patch.path]
        git.currentDirectoryURL = scratch.url
        try git.run()
        git.waitUntilExit()
        return git.terminationStatus
    }

    /// A lesson saved with CR alone is one line to git: the patch says so, and applies.
    func testPromoteDryRunPatchesACROnlyLesson() throws {
        try edit("03-yigit-duzenleri.md") {
            try $0.replacingFirst("ebeveyn: 5\ngozlem: 0", with: "ebeveyn: 4\ngozlem: 0").replacingEvery(
                "\n", with: "\r")
        }
        let dryRun = run(["--promote", "--dry-run", "--no-goldens", "lessons"])
        XCTAssertEqual(dryRun.status, 0)
        let patch = scratch.url.appendingPathComponent("cr.patch")
        try dryRun.stdout.write(to: patch, atomically: true, encoding: .utf8)
        XCTAssertEqual(try gitApply(patch), 0, dryRun.stdout)
        XCTAssertEqual(run(["--no-goldens", "lessons"]).status, 0, "the applied patch fixes the lesson")
    }

    /// A CRLF lesson still gets a patch `git apply` accepts (CRLF is one Character in Swift).
    func testPromoteDryRunPatchesACRLFLesson() throws {
        try edit("03-yigit-duzenleri.md") {
            try $0.replacingFirst("ebeveyn: 5\ngozlem: 0", with: "ebeveyn: 4\ngozlem: 0").replacingEvery(
                "\n", with: "\r\n")
        }
        let dryRun = run(["--promote", "--dry-run", "--no-goldens", "lessons"])
        XCTAssertEqual(dryRun.status, 0)
        let patch = scratch.url.appendingPathComponent("crlf.patch")
        try dryRun.stdout.write(to: patch, atomically: true, encoding: .utf8)
        XCTAssertEqual(try gitApply(patch, check: true), 0, dryRun.stdout)
        // Promoting writes the new lines with the lesson's own CRLF, and the lesson then passes.
        XCTAssertEqual(run(["--promote", "--no-goldens", "lessons"]).status, 0)
        let promoted = try String(contentsOf: lessons.appendingPathComponent("03-yigit-duzenleri.md"), encoding: .utf8)
        XCTAssertTrue(promoted.contains("ebeveyn: 5\r\ngozlem: 0\r\n"))
        XCTAssertEqual(
            promoted.utf8.count { $0 == UInt8(ascii: "\n") }, promoted.utf8.count { $0 == UInt8(ascii: "\r") })
        XCTAssertEqual(run(["--no-goldens", "lessons"]).status, 0)
    }
}
