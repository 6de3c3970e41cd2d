import CourseCheckKit
import Foundation
import XCTest

/// A tree whose title changed by a few letters keeps the golden approved under its old name: one
/// `golden-renamed` finding at the tree, and `--update` moves the file (never `--prune`'s removal).
final class GoldenRenameTests: XCTestCase {
    private var scratch: Scratch!
    private var root: URL { scratch.url }
    private let folder = "goldens/09-yerel-durum/"
    private let approved = "gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"
    private let typo = "gorunmun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"

    override func setUpWithError() throws {
        scratch = try Scratch()
        let scratch = scratch!
        addTeardownBlock { scratch.remove() }
        try CourseCopy.copyLesson("09-yerel-durum", into: root)
        for record in ["goldens/LESSONS", "goldens/TOOLCHAIN"] {
            try FileManager.default.copyItem(
                at: Binary.packageRoot.appendingPathComponent(record), to: root.appendingPathComponent(record))
        }
        let url = root.appendingPathComponent("lessons/09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingFirst("// main.swift — gorunumun kendi", with: "// main.swift — gorunmun kendi")
            .write(to: url, atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) -> InProcess.Result {
        InProcess.run(arguments + ["--no-claims", "lessons/"], in: root, extra: environment)
    }

    private func contents(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relative).path)
    }

    func testATitleTypoIsOneFindingAtTheTreeAndUpdateMovesTheApprovedGolden() throws {
        let bytes = try XCTUnwrap(contents(folder + approved))
        let check = run([])
        XCTAssertEqual(
            check.stderr,
            "lessons/09-yerel-durum.md:120:1: error: tree's title changed its golden's name ('gorunmun' for "
                + "'gorunumun'); the golden approved under the old name, \(folder)\(approved), holds exactly this "
                + "tree's output and is kept: if the title is a typo, fix the title; if it is a rename, 'coursecheck "
                + "--update lessons/' moves the golden to \(folder)\(typo) [golden-renamed]\n")
        XCTAssertEqual(check.status, .findings)

        let update = run(["--update"])
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(2),
            [
                "renamed  \(folder)\(approved) -> \(folder)\(typo)",
                "goldens: 0 added, 0 changed, 0 removed, 1 renamed",
            ])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertNil(contents(folder + approved))
        XCTAssertEqual(contents(folder + typo), bytes, "the approved bytes, under the new name")

        let again = run([])
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(again.status, .clean)
    }

    /// The old golden no longer holds the tree's output: still one finding, with the diff, and
    /// `--update` moves the golden, then approves the output the lesson says.
    func testARenameWithAChangedOutputIsOneFindingWithTheDiff() throws {
        let old = root.appendingPathComponent(folder + approved)
        let bytes = try XCTUnwrap(contents(folder + approved))
        try Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "yerel: 1", with: "yerel: 2").utf8)
            .write(to: old)
        let check = run([])
        XCTAssertEqual(
            check.stderr,
            "lessons/09-yerel-durum.md:120:1: error: tree's title changed its golden's name ('gorunmun' for "
                + "'gorunumun'); the golden approved under the old name, \(folder)\(approved), is kept, but the "
                + "tree's output changed too: if the title is a typo, fix the title (the change then shows as "
                + "golden-drift); if it is a rename and the new output is intended, 'coursecheck --update lessons/' moves the "
                + "golden to \(folder)\(typo) and approves the output [golden-renamed]\n"
                + "\(folder)\(approved):2:1: note: the approved output\n"
                + "--- \(folder)\(approved)\n"
                + "+++ actual output of tree at line 120\n"
                + "@@ -1,5 +1,5 @@\n"
                + " dokunuldu: tapCount degisti | yeniden CounterCard yerel | atlanan DashboardView,StatusLabel\n"
                + "-yerel: 2\n+yerel: 1\n ebeveyn: 0\n gozlem: 0\n ortam: 0\n")
        XCTAssertEqual(check.status, .findings)
        let update = run(["--update"])
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(3),
            [
                "renamed  \(folder)\(approved) -> \(folder)\(typo)",
                "changed  \(folder)\(typo)",
                "goldens: 0 added, 1 changed, 0 removed, 1 renamed",
            ])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertNil(contents(folder + approved))
        XCTAssertEqual(contents(folder + typo), bytes, "the tree's output, approved under the new name")
        XCTAssertEqual(run([]).status, .clean)
    }

    /// Two orphans as close to the tree's name: no pairing is clear, so today's two findings stand
    /// and `--update` moves nothing.
    func testTwoCloseOrphansAreAmbiguousAndKeepTheOrphanAndMissingFindings() throws {
        let other = "gorunumum-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"
        try XCTUnwrap(contents(folder + approved)).write(to: root.appendingPathComponent(folder + other))
        let check = run([])
        XCTAssertEqual(
            check.stderr,
            "\(folder)\(other):1:1: error: golden has no tree: no tree of lessons/09-yerel-durum.md has this name; "
                + "'coursecheck --update --prune lessons/' removes it [golden-orphan]\n"
                + "\(folder)\(approved):1:1: error: golden has no tree: no tree of lessons/09-yerel-durum.md has this "
                + "name; 'coursecheck --update --prune lessons/' removes it [golden-orphan]\n"
                + "lessons/09-yerel-durum.md:120:1: error: tree has no approved golden (\(folder)\(typo)); check its "
                + "output, then run 'coursecheck --update lessons/' [golden-missing]\n")
        XCTAssertEqual(check.status, .findings)
        let update = run(["--update"])
        XCTAssertEqual(update.stdout.split(separator: "\n").first, "added    \(folder)\(typo)")
        XCTAssertNotNil(contents(folder + approved), "an ambiguous orphan is never moved")
    }

    /// On CI the move is refused like every other write.
    func testTheMoveIsRefusedOnCIUnlessForced() throws {
        let before = WritePropertyTests.files(root)
        let update = run(["--update"], environment: ["CI": "true"])
        XCTAssertEqual(update.status.rawValue, 2)
        XCTAssertEqual(WritePropertyTests.files(root), before)
    }

    /// A lesson renamed (`git mv`, its `source` fixed) in the same edit as a tree title's typo: one
    /// `golden-renamed` at each tree (the typo's naming both changes), and `--update` carries every
    /// approved golden, bytes kept, to the new folder, which the check then finds clean.
    func testARenamedLessonWithATitleTypoCarriesEveryGolden() throws {
        try renameLesson()
        let old = "goldens/09-yerel-durum/"
        let new = "goldens/09-yerel-durumlar/"
        let lesson = "lessons/09-yerel-durumlar.md"
        let names = [
            approved, "durum-ataya-kaldirilinca-ayni-anahtar-ebeveyn-tetigi-uretir.out",
            "kardesin-durumunu-okuyan-gorunum-kural-disi-kalir.out",
        ]
        let bytes = try names.map { try XCTUnwrap(contents(old + $0)) }
        let check = run([])
        let pure = { (line: Int, name: String) -> String in
            "\(lesson):\(line):1: error: lesson's file name changed its goldens' folder ('durumlar' for 'durum'); "
                + "the golden approved under the old name, \(old)\(name), holds exactly this tree's output and is "
                + "kept: if the file name is a typo, rename the file back; if it is a rename, 'coursecheck --update lessons/' "
                + "moves the golden to \(new)\(name) [golden-renamed]\n"
        }
        let typoFinding: String =
            "\(lesson):120:1: error: lesson's file name changed its goldens' folder ('durumlar' for 'durum') and the "
            + "tree's title its golden's name ('gorunmun' for 'gorunumun'); the golden approved under the old "
            + "name, \(old)\(approved), holds exactly this tree's output and is kept: if the file name is a typo, "
            + "rename the file back; if the title is a typo, fix the title; if both are renames, 'coursecheck "
            + "--update lessons/' moves the golden to \(new)\(typo) [golden-renamed]\n"
        XCTAssertEqual(check.stderr, typoFinding + pure(186, names[1]) + pure(229, names[2]))
        XCTAssertEqual(check.status, .findings)

        let update = run(["--update"])
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(5),
            [
                "will remove \(old) (empty once its goldens are carried to the lesson's new name)",
                "renamed  \(old)\(names[1]) -> \(new)\(names[1])",
                "renamed  \(old)\(approved) -> \(new)\(typo)",
                "renamed  \(old)\(names[2]) -> \(new)\(names[2])",
                "goldens: 0 added, 0 changed, 0 removed, 3 renamed",
            ])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(old).path))
        XCTAssertEqual(
            try [typo, names[1], names[2]].map { try XCTUnwrap(contents(new + $0)) }, bytes,
            "the approved bytes, under the new names")
        let again = run([])
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(again.status, .clean)
    }

    /// The renamed tree's output changed in the same edit (its old golden says `yerel: 2`): still one
    /// finding there, with the diff, and `--update` moves the approved golden before approving the
    /// output the lesson says over it, never adding it beside an orphan.
    func testARenamedLessonWhoseTreeOutputChangedMovesThenApproves() throws {
        let old = "goldens/09-yerel-durum/"
        let new = "goldens/09-yerel-durumlar/"
        let bytes = try XCTUnwrap(contents(old + approved))
        try Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "yerel: 1", with: "yerel: 2").utf8)
            .write(to: root.appendingPathComponent(old + approved))
        try renameLesson()
        let check = run([])
        let lines = check.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected: String =
            "lessons/09-yerel-durumlar.md:120:1: error: lesson's file name changed its goldens' folder ('durumlar' "
            + "for 'durum') and the tree's title its golden's name ('gorunmun' for 'gorunumun'); the golden approved "
            + "under the old name, \(old)\(approved), is kept, but the tree's output changed too: if the file name "
            + "or the title is a typo, set it back (the change then shows as golden-renamed or golden-drift); if it "
            + "is a rename and the new output is intended, 'coursecheck --update lessons/' moves the golden to \(new)\(typo) "
            + "and approves the output [golden-renamed]"
        XCTAssertEqual(lines.first, expected)
        XCTAssertEqual(
            Array(lines.dropFirst().prefix(9)),
            [
                "\(old)\(approved):2:1: note: the approved output", "--- \(old)\(approved)",
                "+++ actual output of tree at line 120", "@@ -1,5 +1,5 @@",
                " dokunuldu: tapCount degisti | yeniden CounterCard yerel | atlanan DashboardView,StatusLabel",
                "-yerel: 2", "+yerel: 1", " ebeveyn: 0", " gozlem: 0",
            ])
        XCTAssertEqual(lines.filter { $0.hasSuffix("[golden-renamed]") }.count, 3, check.stderr)
        XCTAssertEqual(lines.filter { $0.hasSuffix("]") }.count, 3, check.stderr)
        let update = run(["--update"])
        XCTAssertEqual(
            update.stdout.split(separator: "\n").filter { !$0.hasPrefix("renamed  ") }.prefix(3),
            [
                "will remove \(old) (empty once its goldens are carried to the lesson's new name)",
                "changed  \(new)\(typo)",
                "goldens: 0 added, 1 changed, 0 removed, 3 renamed",
            ])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertEqual(contents(new + typo), bytes, "the tree's output, approved under the new name")
        XCTAssertEqual(run([]).stderr, "")
    }

    /// Following the finding's advice for a typo in the title (fix it) leaves the lesson's rename
    /// alone: one pure `golden-renamed` at each tree, and `--update` carries them.
    func testFixingTheTitleOfARenamedLessonLeavesThePureRename() throws {
        try renameLesson()
        let url = root.appendingPathComponent("lessons/09-yerel-durumlar.md")
        try CourseCopy.replace("// main.swift — gorunmun kendi", with: "// main.swift — gorunumun kendi", in: url)
        let check = run([])
        XCTAssertEqual(check.stderr.split(separator: "\n").count, 3, check.stderr)
        XCTAssertEqual(
            check.stderr.split(separator: "\n").filter { $0.contains("'durumlar' for 'durum'); the golden") }.count, 3)
        XCTAssertEqual(run(["--update"]).status, .clean)
        XCTAssertEqual(run([]).stderr, "")
    }

    /// A second tree's title changed instead (a letter left out), the first as approved: only that
    /// tree names the title's change, and every golden is carried.
    func testARenamedLessonWithAnotherTreesTypoCarriesEveryGolden() throws {
        try renameLesson()
        let url = root.appendingPathComponent("lessons/09-yerel-durumlar.md")
        try CourseCopy.replace("// main.swift — gorunmun kendi", with: "// main.swift — gorunumun kendi", in: url)
        try CourseCopy.replace("ayni anahtar ebeveyn tetigi", with: "ayni anahtar ebevyn tetigi", in: url)
        let check = run([])
        let lines = check.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, check.stderr)
        let expected: String =
            "lessons/09-yerel-durumlar.md:186:1: error: lesson's file name changed its goldens' folder ('durumlar' "
            + "for 'durum') and the tree's title its golden's name ('ebevyn' for 'ebeveyn'); the golden approved "
            + "under the old name, goldens/09-yerel-durum/durum-ataya-kaldirilinca-ayni-anahtar-ebeveyn-tetigi-"
            + "uretir.out, holds exactly this tree's output and is kept: if the file name is a typo, rename the "
            + "file back; if the title is a typo, fix the title; if both are renames, 'coursecheck --update lessons/' "
            + "moves the golden to goldens/09-yerel-durumlar/durum-ataya-kaldirilinca-ayni-anahtar-ebevyn-tetigi-"
            + "uretir.out [golden-renamed]"
        XCTAssertEqual(String(lines[1]), expected)
        let update = run(["--update"])
        XCTAssertEqual(update.stdout.split(separator: "\n")[4], "goldens: 0 added, 0 changed, 0 removed, 3 renamed")
        XCTAssertEqual(run([]).stderr, "")
    }

    /// Two trees' titles swapped: each prints what was approved under the other's title. One
    /// finding at the first names both; swapping back is clean, and so is `--update`, which swaps
    /// the goldens' bytes. A title that only drifts stays a plain `golden-drift` (the control).
    func testSwappedTitlesAreOneFindingAndEitherFixIsClean() throws {
        let url = root.appendingPathComponent("lessons/09-yerel-durum.md")
        let first = "// main.swift — gorunumun kendi durumu yalniz kendini yeniden hesaplatir"
        let second = "// main.swift — kardesin durumunu okuyan gorunum kural disi kalir"
        func swap() throws {
            try CourseCopy.replace(first, with: "//@@", in: url)
            try CourseCopy.replace(second, with: first, in: url)
            try CourseCopy.replace("//@@", with: second, in: url)
        }
        try CourseCopy.replace("// main.swift — gorunmun kendi", with: "// main.swift — gorunumun kendi", in: url)
        let names = [approved, "kardesin-durumunu-okuyan-gorunum-kural-disi-kalir.out"]
        let bytes = try names.map { try XCTUnwrap(contents(folder + $0)) }
        try swap()
        let check = run([])
        XCTAssertEqual(
            check.stderr,
            "lessons/09-yerel-durum.md:120:1: error: the titles of the trees at lines 120 and 229 were swapped: each "
                + "prints the output approved under the other's title; swap the titles back, or 'coursecheck "
                + "--update lessons/' swaps their goldens [golden-drift]\n"
                + "lessons/09-yerel-durum.md:229:1: note: the tree whose title this one took\n")
        XCTAssertEqual(check.status, .findings)
        try swap()
        XCTAssertEqual(run([]).stderr, "", "the titles swapped back")
        try swap()
        let update = run(["--update"])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertEqual(try names.map { try XCTUnwrap(contents(folder + $0)) }, bytes.reversed())
        XCTAssertEqual(run([]).stderr, "")
        // Control: one golden changed by hand no longer holds the other's output: two plain drifts.
        try swap()
        try Data("yerel: 7\n".utf8).write(to: root.appendingPathComponent(folder + names[0]))
        let drifts = run([]).stderr.split(separator: "\n").filter { $0.hasSuffix("[golden-drift]") }
        XCTAssertEqual(drifts.count, 2, drifts.joined(separator: "\n"))
        XCTAssertFalse(drifts.contains { $0.contains("swapped") })
    }

    /// The lesson's file renamed as `git mv` does, its `source` following the new name.
    private func renameLesson() throws {
        let from = root.appendingPathComponent("lessons/09-yerel-durum.md")
        let to = root.appendingPathComponent("lessons/09-yerel-durumlar.md")
        try FileManager.default.moveItem(at: from, to: to)
        try CourseCopy.replace("swiftui/yerel-durum'", with: "swiftui/yerel-durumlar'", in: to)
    }

    func testTheRuleAndTheDifference() {
        XCTAssertEqual(
            RenamedTrees.difference(old: "a-gorunumun-b.out", new: "a-gorunmun-b.out"), "'gorunmun' for 'gorunumun'")
        XCTAssertEqual(RenamedTrees.difference(old: "a-b.out", new: "a-c-b.out"), "'c' added")
        XCTAssertEqual(RenamedTrees.difference(old: "a-c-b.out", new: "a-b.out"), "'c' left out")
    }
}
