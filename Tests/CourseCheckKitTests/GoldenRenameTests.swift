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
                + "--update' moves the golden to \(folder)\(typo) [golden-renamed]\n")
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
                + "golden-drift); if it is a rename and the new output is intended, 'coursecheck --update' moves the "
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
                + "'coursecheck --update --prune' removes it [golden-orphan]\n"
                + "\(folder)\(approved):1:1: error: golden has no tree: no tree of lessons/09-yerel-durum.md has this "
                + "name; 'coursecheck --update --prune' removes it [golden-orphan]\n"
                + "lessons/09-yerel-durum.md:120:1: error: tree has no approved golden (\(folder)\(typo)); check its "
                + "output, then run 'coursecheck --update' [golden-missing]\n")
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

    func testTheRuleAndTheDifference() {
        XCTAssertEqual(
            RenamedTrees.difference(old: "a-gorunumun-b.out", new: "a-gorunmun-b.out"), "'gorunmun' for 'gorunumun'")
        XCTAssertEqual(RenamedTrees.difference(old: "a-b.out", new: "a-c-b.out"), "'c' added")
        XCTAssertEqual(RenamedTrees.difference(old: "a-c-b.out", new: "a-b.out"), "'c' left out")
    }
}
