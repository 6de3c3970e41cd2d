import Foundation
import XCTest

@testable import CourseCheckKit

/// The claims read what a reader reads: a number word typed with a slip where a claim reads a count
/// is one finding at the slipped word, with the number to write; a word of its own near a number
/// word, and a slip where no count is read, are none.
final class ReaderWordingTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }
    private let closing = "21-on-izleme-ve-yineleme.md"

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self, ["lessons"])
    }

    /// Replaces the first `target` in `file`, checks every finding of the course against
    /// `expected` (given the replacement's line), and puts the file back.
    private func expectAll(
        _ file: String, _ target: String, _ replacement: String, _ expected: (Int) -> [String],
        sourceLine: UInt = #line
    ) throws {
        let url = lessons.appendingPathComponent(file)
        let original = try Data(contentsOf: url)
        let line = try CourseCopy.replace(target, with: replacement, in: url)
        let err = InProcess.run(["--no-goldens", "lessons"], in: scratch.url).stderr
        let found = err.findingLines
        XCTAssertEqual(found, expected(line).map { "lessons/\(file):" + $0 }, replacement, line: sourceLine)
        try original.write(to: url)
    }

    /// A slipped number word in the closing lesson's statements of the lesson count (one letter
    /// swapped, left out, or a Turkish letter typed as its twin): one finding at it; the number
    /// meant judged too, so the fix converges whether it was right or not.
    func testAMisspeltNumberWordInTheLessonCountIsOneFindingAtIt() throws {
        let cases: [(String, String, String, Int, String)] = [
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca yirmi bri ders", "bri", 20,
                "'bri' is a misspelling of 'bir'; write 'yirmi bir' for 'yirmi bri'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca yirmi bır ders", "bır", 20,
                "'bır' is a misspelling of 'bir'; write 'yirmi bir' for 'yirmi bır'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca yrmi bir ders", "yrmi", 14,
                "'yrmi' is a misspelling of 'yirmi'; write 'yirmi bir' for 'yrmi bir'"
            ),
            (
                "kursun yirmi bir derslik", "kursun yirmi br derslik", "br", 204,
                "'br' is a misspelling of 'bir'; write 'yirmi bir' for 'yirmi br'"
            ),
            (
                "Yirmi bir dersin her biri", "Yirmi bri dersin her biri", "bri", 9,
                "'bri' is a misspelling of 'bir'; write 'Yirmi bir' for 'Yirmi bri'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca yirmi ikı ders", "ikı", 20,
                "'ikı' is a misspelling of 'iki', and 'yirmi iki' says the course has 22 lessons, but it has 21; "
                    + "write 'yirmi bir' for 'yirmi ikı'"
            ),
        ]
        for (target, slip, _, column, message) in cases {
            try expectAll(closing, target, slip) { line in
                ["\(line):\(column): error: \(message) [trigger-distribution]"]
            }
        }
        // The right number fused into one word reads as that number.
        try expectAll(closing, "kursun yirmi bir derslik", "kursun yirmibir derslik") { _ in [] }
    }

    /// The distribution sentence's number of lessons, the recomputations beside the opening
    /// lesson's distribution, and a count after a trigger's name: a slipped number word in each
    /// is one finding at it.
    func testAMisspeltNumberWordInTheDistributionSentenceIsOneFindingAtIt() throws {
        let cases: [(String, String, Int, String)] = [
            (
                "dışındaki yirmi dersin tetik dağılımı", "dışındaki yrmi dersin tetik dağılımı", 31,
                "'yrmi' is a misspelling of 'yirmi'; write 'yirmi'"
            ),
            (
                "dışındaki yirmi dersin tetiğini", "dışındaki yrmi dersin tetiğini", 295,
                "'yrmi' is a misspelling of 'yirmi'; write 'yirmi'"
            ),
            (
                "dışındaki yirmi dersin tetik dağılımı", "dışındaki on dokz dersin tetik dağılımı", 34,
                "'dokz' is a misspelling of 'dokuz', and 'on dokuz' says 19 lessons, but 20 lessons declare one "
                    + "trigger; write 'yirmi' for 'on dokz'"
            ),
            (
                "çekirdek sekiz yeniden", "çekirdek sekz yeniden", 225,
                "'sekz' is a misspelling of 'sekiz'; write 'sekiz'"
            ),
            (
                "çekirdek sekiz yeniden", "çekirdek dokz yeniden", 225,
                "'dokz' is a misspelling of 'dokuz', and 'dokuz' says 9 recomputations, but the distribution 2/2/2/2 "
                    + "that lessons/01-bildirimsel-sozdizim.md declares makes 8; write 'sekiz' for 'dokz'"
            ),
            ("yerel 6,", "yerel alti,", 81, "'alti' is a misspelling of 'altı'; write 'altı'"),
            ("yerel 6,", "yerel atlı,", 81, "'atlı' is a misspelling of 'altı'; write 'altı'"),
            ("ebeveyn 4,", "ebeveyn dort,", 92, "'dort' is a misspelling of 'dört'; write 'dört'"),
            (
                "ebeveyn 4,", "ebeveyn bes,", 92,
                "'bes' is a misspelling of 'beş', and 'beş' says ebeveyn 5, but 4 lessons declare ebeveyn; "
                    + "write 'dört' for 'bes'"
            ),
        ]
        for (target, slip, column, message) in cases {
            try expectAll(closing, target, slip) { line in
                ["\(line):\(column): error: \(message) [trigger-distribution]"]
            }
        }
    }

    /// The one reader of a slipped number word: a Turkish letter and its twin swapped, any number of
    /// them; one letter left out, added, changed, or two swapped in a word of three letters or more;
    /// never a number word, a possessive, a word of its own, or a word as near two number words.
    func testTheSlippedNumberWordReader() {
        let meant: [(String, String?)] = [
            ("bri", "bir"), ("bır", "bir"), ("br", "bir"), ("yrmi", "yirmi"), ("yirmı", "yirmi"), ("sekz", "sekiz"),
            ("alti", "altı"), ("atlı", "altı"), ("dort", "dört"), ("dröt", "dört"), ("uc", "üç"), ("bes", "beş"),
            ("ıkı", "iki"), ("dokz", "dokuz"), ("otz", "otuz"), ("kirk", "kırk"), ("altmis", "altmış"),
            ("bir", nil), ("on", nil), ("altısı", nil), ("biri", nil), ("onu", nil), ("yeni", nil), ("ilk", nil),
            ("bin", nil), ("o", nil), ("an", nil), ("ön", nil), ("son", nil), ("baş", nil), ("ki", nil),
            ("alt", nil), ("elle", nil), ("ders", nil), ("her", nil), ("bu", nil), ("ve", nil), ("2x", nil),
            ("yirmiiki", nil), ("ise", nil), ("iyi", nil), ("sır", nil), ("beri", nil), ("yeri", nil),
        ]
        for (word, expected) in meant {
            XCTAssertEqual(TriggerDistributionClaim.meantNumber(word), expected, word)
        }
    }

    /// Words of their own one slip from a number word (`yeni`/`yedi`, `ilk`/`iki`, `o`/`on`,
    /// `baş`/`beş`) where a count would stand, and a slipped number word where no claim reads a
    /// count: no finding. (`bin` right before a lesson word is a thousand: `CountWordTests`.)
    func testWordsNearANumberWordAreNoSlip() throws {
        for prose in [
            "Kurs boyunca yeni ders", "Kurs boyunca ilk ders", "Kurs boyunca o ders", "Kurs boyunca baş ders",
            "Kurs boyunca an ders", "Kurs boyunca her ders",
        ] {
            try expectAll(closing, "Kurs boyunca yirmi bir ders", prose) { _ in [] }
        }
        // A slipped number word outside the phrases that state the count: a sentence of its own.
        try expectAll(closing, "Kurs boyunca yirmi bir ders", "Kurs boyunca yirmi bir ders (yrmi kez)") { _ in [] }
        try expectAll(closing, "Kurs boyunca yirmi bir ders", "Kurs boyunca yirmi bir ders, bu iki bri ders") { _ in []
        }
    }

    /// Every finding of a check of the copy.
    private func allFindings() -> [String] {
        courseFindings(in: scratch.url, ["--no-goldens", "lessons"])
    }

    /// The index saved under a name GitHub does not render as the index (`README.txt`, `README`:
    /// plain text; `index.md`: not shown) is one error at it whose rename converges, never the index
    /// checks silently off; a file of another shape under such a name stays what it was.
    func testTheIndexUnderANameItIsNotReadFromIsOneFindingAtIt() throws {
        let readme = lessons.appendingPathComponent("README.md")
        for name in ["README.txt", "README", "readme.TXT", "index.md"] {
            let moved = lessons.appendingPathComponent(name)
            try FileManager.default.moveItem(at: readme, to: moved)
            let shown =
                name == "index.md"
                ? "GitHub shows only a README beside the lessons"
                : "GitHub shows \(name) as plain text, so its links are not links"
            XCTAssertEqual(
                allFindings(),
                [
                    "lessons/\(name):1:1: error: rename \(name) to README.md: it holds the course index, which "
                        + "coursecheck reads from README.md, and \(shown) [course-index]"
                ], name)
            try FileManager.default.moveItem(at: moved, to: readme)
            XCTAssertEqual(allFindings(), [], "\(name) renamed to README.md")
        }
        // Beside the index, or without the index's shape, such a file is no index.
        let notes = lessons.appendingPathComponent("index.md")
        try "# Notlar\n\nKendi notlarım.\n".write(to: notes, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            allFindings(),
            [
                "lessons/index.md:1:1: warning: markdown file is not named like a lesson (NN-slug.md) and is not "
                    + "checked: move it out of the lessons directory, or name it NN-slug.md to check it as a lesson "
                    + "[unchecked-markdown]"
            ])
        try FileManager.default.removeItem(at: notes)
        try "lisans: CC BY-SA 4.0\n".write(
            to: lessons.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(allFindings(), [])
    }

    /// Tabs around the closing table's trigger cell are trimmed as GitHub trims them: the cell reads
    /// as the trigger. A backslash and `t` typed there are text a reader sees: a finding.
    func testTabsAroundAClosingTableCellAreTrimmed() throws {
        let row = "| kitap eklendi | gözlem |"
        try expectAll(closing, row, "| kitap eklendi |\tgözlem\t|") { _ in [] }
        try expectAll(closing, row, "| kitap eklendi |\\tgözlem\\t|") { line in
            [
                "\(line):46: error: row 11 gives the trigger '\\tgözlem\\t'; "
                    + "lessons/11-gozlemlenebilir-nesneler.md declares 'gözlem' [closing-table]"
            ]
        }
    }

    /// `objectives` as a one-line flow list of scalars is the same list as the block form; one
    /// that nests a list or a mapping is one finding whose fix is the block list.
    func testObjectivesAsAFlowListIsTheList() throws {
        let lesson = "09-yerel-durum.md"
        let url = lessons.appendingPathComponent(lesson)
        let original = try String(contentsOf: url, encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        let key = try XCTUnwrap(lines.firstIndex(of: "objectives:"))
        let items = lines[(key + 1)...].prefix { $0.hasPrefix("    - ") }
        for flow in [
            "objectives: [" + items.map { $0.dropFirst(6) }.joined(separator: ", ") + "]",
            "objectives: ['Bir', \"İki\", üç]  # hedefler", "objectives: []",
        ] {
            lines = original.components(separatedBy: "\n")
            lines.replaceSubrange(key..<(key + 1 + items.count), with: [flow])
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(allFindings(), [], flow)
        }
        for flow in ["objectives: [a, [b]]", "objectives: {a: b}", "objectives: [a: b]"] {
            lines = original.components(separatedBy: "\n")
            lines.replaceSubrange(key..<(key + 1 + items.count), with: [flow])
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(
                allFindings(),
                [
                    "lessons/\(lesson):\(key + 1):1: error: front matter value of 'objectives' cannot be read as a "
                        + "list of texts: it is a flow collection with a nested list or a mapping in it; write it as "
                        + "a block list, 'objectives:' and then one indented '- ' item a line [front-matter]"
                ], flow)
        }
        try original.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(allFindings(), [])
    }
}
