import CourseCheckKit
import Foundation
import XCTest

/// Every course claim fails when a copy of the real course breaks it, at the exact line.
final class ClaimTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self, ["lessons"])
    }

    /// Replaces the first `target` in a lesson and returns the 1-based line it was on.
    @discardableResult
    private func mutate(_ file: String, _ target: String, _ replacement: String) throws -> Int {
        try CourseCopy.replace(target, with: replacement, in: lessons.appendingPathComponent(file))
    }

    /// The findings of one claim on the mutated course (goldens are not the subject here).
    private func findings(_ id: String) -> [String] {
        let err = InProcess.run(["--no-goldens", "lessons"], in: scratch.url).stderr
        return err.split(separator: "\n").filter { $0.hasSuffix("[\(id)]") }.map(String.init)
    }

    func testTheRealCourseMakesNoFalseAlarm() {
        for id in ["front-matter", "course-index", "declared-trigger", "closing-table", "trigger-distribution",
                   "note-series", "label-reference", "fragment-syntax"] {
            XCTAssertEqual(findings(id), [], id)
        }
    }

    func testClosingTableRowNamesTheWrongLesson() throws {
        let line = try mutate("21-on-izleme-ve-yineleme.md", "| Yerel Durum | dokunuldu |", "| Yerel Durumlar | dokunuldu |")
        XCTAssertEqual(findings("closing-table"), [
            "lessons/21-on-izleme-ve-yineleme.md:\(line):3: error: row 9 names 'Yerel Durumlar'; lesson 9 is 'Yerel Durum' [closing-table]"
        ])
    }

    /// One deleted row is one finding at the place it belongs, not a shift of every row after it.
    func testClosingTableMissingRowIsNamedOnce() throws {
        let url = lessons.appendingPathComponent("21-on-izleme-ve-yineleme.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let row = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.hasPrefix("| Izgara ve Geometri |") })
        let line = try mutate("21-on-izleme-ve-yineleme.md", row + "\n", "")
        XCTAssertEqual(findings("closing-table"), [
            "lessons/21-on-izleme-ve-yineleme.md:\(line):1: error: the closing table has no row for 'Izgara ve Geometri' "
                + "(lesson 5); expected one here [closing-table]"
        ])
    }

    func testDeclaredTriggerWithoutAMatchingCause() throws {
        let line = try mutate("09-yerel-durum.md", "- Bu dersin tetiği: **yerel**", "- Bu dersin tetiği: **gözlem**")
        XCTAssertEqual(findings("declared-trigger"), [
            "lessons/09-yerel-durum.md:\(line):24: error: declares the trigger 'gözlem', but no tree of this lesson "
                + "recomputes a view with cause 'gozlem' (its trees show: ebeveyn, kural-disi, yerel) [declared-trigger]"
        ])
    }

    func testOpeningDistributionMustEqualTheFirstTree() throws {
        let line = try mutate("01-bildirimsel-sozdizim.md", "**dördünün de dağılımı (2/2/2/2)**", "**dördünün de dağılımı (2/3/2/2)**")
        XCTAssertEqual(findings("declared-trigger"), [
            "lessons/01-bildirimsel-sozdizim.md:\(line):24: error: declares the distribution 2/3/2/2, but the first tree counts 2/2/2/2 [declared-trigger]"
        ])
    }

    func testDistributionSentenceCountsTheDeclaredTriggers() throws {
        let line = try mutate("21-on-izleme-ve-yineleme.md", "yerel 6, ebeveyn 4", "yerel 6, ebeveyn 5")
        XCTAssertEqual(findings("trigger-distribution"), [
            "lessons/21-on-izleme-ve-yineleme.md:\(line):92: error: says ebeveyn 5, but 4 lessons declare ebeveyn [trigger-distribution]"
        ])
    }

    func testNoteSeriesGap() throws {
        let line = try mutate("02-gorunumler-ve-degistiriciler.md", "**GV", "**GV9")
        XCTAssertEqual(findings("note-series"), [
            "lessons/02-gorunumler-ve-degistiriciler.md:\(line):1: error: note GV94 is out of sequence; expected GV4 [note-series]"
        ])
    }

    func testLabelReferenceTypo() throws {
        let line = try mutate("09-yerel-durum.md", "`satir-acildi`", "`satir-acild`")
        XCTAssertEqual(findings("label-reference"), [
            "lessons/09-yerel-durum.md:\(line):221: error: `satir-acild` is not a label any tree passes to change "
                + "(did you mean `satir-acildi`?) [label-reference]"
        ])
    }

    func testCourseIndexCount() throws {
        let line = try mutate("README.md", "lessons: 21", "lessons: 20")
        XCTAssertEqual(findings("course-index"), [
            "lessons/README.md:\(line):1: error: lessons: 20, but the directory holds 21 lesson files [course-index]"
        ])
    }

    /// A lesson left out of the index is one finding, at the item that now stands in its place.
    func testCourseIndexMissingItemIsNamedOnce() throws {
        let line = try mutate("README.md", "5. [Izgara ve Geometri](05-izgara-ve-geometri.md)\n", "")
        XCTAssertEqual(findings("course-index"), [
            "lessons/README.md:\(line):1: error: the index does not list 05-izgara-ve-geometri.md [course-index]"
        ])
    }

    func testFrontMatterTitleAndHeading() throws {
        let line = try mutate("14-sunum-ve-kapatma.md", "# Sunum ve Kapatma\n", "# Sunum ve Kapanış\n")
        XCTAssertEqual(findings("front-matter"), [
            "lessons/14-sunum-ve-kapatma.md:\(line):3: error: heading 'Sunum ve Kapanış' differs from the front matter "
                + "title 'Sunum ve Kapatma' (line 2) [front-matter]"
        ])
    }

    func testBrokenDisplayFragment() throws {
        let line = try mutate("09-yerel-durum.md", "struct CounterCard: View {", "struct CounterCard: View {{")
        // swiftc's own words, at the extra brace and where the struct it left open ends.
        XCTAssertEqual(findings("fragment-syntax"), [
            "lessons/09-yerel-durum.md:\(line):27: error: display fragment does not parse: expected declaration [fragment-syntax]",
            "lessons/09-yerel-durum.md:\(line + 10):1: error: display fragment does not parse: expected '}' in struct [fragment-syntax]",
        ])
    }
}
