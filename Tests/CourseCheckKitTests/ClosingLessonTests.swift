import CourseCheckKit
import Foundation
import XCTest

/// The course-wide claims are read where the course sums itself up: the lesson holding the
/// closing table. A lesson added after it, as the README's quick start adds one, leaves the
/// distribution sentence where it is and judged, never "not applicable".
final class ClosingLessonTests: XCTestCase {
    /// A copy of the course with a twenty-second lesson declaring `yerel`, listed in the index (and
    /// its list of sources) and given its closing-table row, as an author following the quick
    /// start leaves it.
    private func courseWithALessonAdded() throws -> Scratch {
        let copy = try CourseCopy.make(for: self)
        let lessons = copy.url.appendingPathComponent("lessons")
        let opening = try String(contentsOf: lessons.appendingPathComponent("09-yerel-durum.md"), encoding: .utf8)
        let coreStart = try XCTUnwrap(opening.range(of: "```swift\n// Invalidation.swift"))
        let coreEnd = try XCTUnwrap(opening.range(of: "\n```\n", range: coreStart.upperBound..<opening.endIndex))
        let core = String(opening[coreStart.lowerBound..<coreEnd.upperBound])
        let lesson = """
            ---
            title: 'Durum Özeti'
            source: 'https://academia.sh/tr/kurslar/swiftui/durum-ozeti'
            course: 'SwiftUI ile Arayüz'
            language: tr
            updated: '2026-10-21T05:03:14+00:00'
            license: 'CC BY-SA 4.0'
            ---

            # Durum Özeti

            Yerel durumun kısa bir tekrarı.

            \(core)
            ```swift
            // main.swift — tek sayac yerel olarak yeniden hesaplanir
            let storage: [String: Storage] = ["count": .state(owner: "Counter")]
            let tree = ViewTree(nodes: [ViewNode("Counter", parent: nil, reads: ["count"])], storage: storage)
            countCauses(tree.change("dokunuldu", key: "count"))
            ```

            ```
            dokunuldu: count degisti | yeniden Counter yerel | atlanan yok
            yerel: 1
            ebeveyn: 0
            gozlem: 0
            ortam: 0
            ```

            ## Özet

            - Yerel durum değişince yalnız sahip görünüm yeniden hesaplanır.
            - Bu dersin tetiği: **yerel**.

            """
        try lesson.write(to: lessons.appendingPathComponent("22-durum-ozeti.md"), atomically: true, encoding: .utf8)
        let index = lessons.appendingPathComponent("README.md")
        _ = try CourseCopy.replace("lessons: 21", with: "lessons: 22", in: index)
        _ = try CourseCopy.replace(
            "21. [Ön İzleme ve Yineleme](21-on-izleme-ve-yineleme.md)\n",
            with: "21. [Ön İzleme ve Yineleme](21-on-izleme-ve-yineleme.md)\n22. [Durum Özeti](22-durum-ozeti.md)\n",
            in: index)
        _ = try CourseCopy.replace(
            "swiftui/on-izleme-ve-yineleme>\n",
            with:
                "swiftui/on-izleme-ve-yineleme>\n- Durum Özeti: <https://academia.sh/tr/kurslar/swiftui/durum-ozeti>\n",
            in: index)
        _ = try CourseCopy.replace(
            "| ön izleme yeni başlangıçtır |\n",
            with: "| ön izleme yeni başlangıçtır |\n| Durum Özeti | dokunuldu | yerel | tekrar dersidir |\n",
            in: lessons.appendingPathComponent("21-on-izleme-ve-yineleme.md"))
        return copy
    }

    private func findings(in copy: Scratch) -> (lines: [String], summary: String) {
        let result = InProcess.run(["--no-goldens", "lessons/"], in: copy.url)
        return (
            result.stderr.findingLines,
            (result.stdout + result.stderr).split(separator: "\n").last(where: { $0.contains(" lessons: ") })
                .map(String.init) ?? ""
        )
    }

    /// The sentence left as it was now miscounts: its number of lessons and the added lesson's
    /// trigger count, off by one each, are one finding naming both (one slip: the sentence not
    /// updated), in the closing lesson, and the claim is checked, not "not applicable". So do the closing lesson's
    /// statements of the course's lesson count (its abstract, the line above the table, a summary
    /// item): one finding each, at its number.
    func testALessonAddedAfterTheClosingOneLeavesTheSentenceJudged() throws {
        let copy = try courseWithALessonAdded()
        let found = findings(in: copy)
        func courseCount(_ at: String, _ written: String) -> String {
            "lessons/21-on-izleme-ve-yineleme.md:\(at): error: says the course has 21 lessons, but it has 22; "
                + "write '\(written.prefix(1))irmi iki' for '\(written)' [trigger-distribution]"
        }
        XCTAssertEqual(
            found.lines,
            [
                courseCount("12:198", "yirmi bir"), courseCount("241:14", "yirmi bir"),
                "lessons/21-on-izleme-ve-yineleme.md:268:31: error: says 20 lessons, but 21 lessons declare one "
                    + "trigger, and says yerel 6, but 7 lessons declare yerel: a lesson added changes both; update "
                    + "both, to 21 lessons and yerel 7 [trigger-distribution]",
                // The same number of the other lessons said again in the paragraph: stale too, at it.
                "lessons/21-on-izleme-ve-yineleme.md:268:295: error: says 20 lessons, but 21 lessons declare one "
                    + "trigger [trigger-distribution]",
                courseCount("276:3", "Yirmi bir"),
            ])
        XCTAssertTrue(found.summary.contains("claims: 8 checked; 5 errors"), found.summary)
    }

    /// The sentence brought up to date is clean; moved into the new last lesson, it is read there.
    func testTheSentenceUpdatedOrMovedToTheLastLessonIsRead() throws {
        let copy = try courseWithALessonAdded()
        let closing = copy.url.appendingPathComponent("lessons/21-on-izleme-ve-yineleme.md")
        let sentence =
            "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        _ = try CourseCopy.replace(
            sentence,
            with: "Açılış dersi dışındaki yirmi bir dersin tetik dağılımı şöyledir: yerel 7, ebeveyn 4, gözlem 4, "
                + "ortam 6.",
            in: closing)
        for (old, new) in [
            ("kursun yirmi bir derslik", "kursun yirmi iki derslik"),
            ("Kurs boyunca yirmi bir", "Kurs boyunca yirmi iki"),
            ("- Yirmi bir dersin", "- Yirmi iki dersin"),
            ("açılış dışındaki yirmi dersin", "açılış dışındaki yirmi bir dersin"),
        ] {
            _ = try CourseCopy.replace(old, with: new, in: closing)
        }
        let updated = findings(in: copy)
        XCTAssertEqual(updated.lines, [])
        XCTAssertTrue(updated.summary.contains("claims: 8 checked; 0 errors"), updated.summary)

        // Moved: the closing lesson keeps its table, the new last lesson holds the (now wrong) sentence.
        let text = try String(contentsOf: closing, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "Açılış dersi dışındaki yirmi bir dersin"))
        let end = try XCTUnwrap(text.range(of: "\n\n", range: start.upperBound..<text.endIndex))
        let paragraph = String(text[start.lowerBound..<end.lowerBound]).replacingOccurrences(
            of: "yerel 7", with: "yerel 9")
        try text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "").write(
            to: closing, atomically: true, encoding: .utf8)
        _ = try CourseCopy.replace(
            "## Özet\n\n- Yerel durum değişince", with: paragraph + "\n\n## Özet\n\n- Yerel durum değişince",
            in: copy.url.appendingPathComponent("lessons/22-durum-ozeti.md"))
        let moved = findings(in: copy)
        let last = try String(contentsOf: copy.url.appendingPathComponent("lessons/22-durum-ozeti.md"), encoding: .utf8)
        let line = try XCTUnwrap(
            last.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.hasPrefix("Açılış dersi dışındaki")
            })
        let at = try XCTUnwrap(paragraph.range(of: "yerel 9")).lowerBound  // the finding stands at the count
        let column = paragraph[..<at].utf8.count + "yerel ".utf8.count + 1
        XCTAssertEqual(
            moved.lines,
            [
                "lessons/22-durum-ozeti.md:\(line + 1):\(column): error: says yerel 9, "
                    + "but 7 lessons declare yerel [trigger-distribution]"
            ])
    }
}
