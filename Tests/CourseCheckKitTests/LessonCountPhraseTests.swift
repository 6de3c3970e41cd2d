import Foundation
import XCTest

@testable import CourseCheckKit

/// The course's number of lessons stated in the closing lesson or the index's prose, in the Turkish
/// forms an author writes (`her birinde`, `her birinin`, `dersinin her biri`, a comma before the
/// number), and the distribution sentence's number of lessons said again (`dağılım ise açılış
/// dışındaki yirmi dersin`): a wrong number is one finding at it with the number to write, a right
/// one none, and a number that picks some of the lessons (`bu iki dersin her birinde`) none.
final class LessonCountPhraseTests: XCTestCase {
    private static let closing = "21-on-izleme-ve-yineleme.md"
    private static let index =
        (try? String(contentsOf: RealCourseFacts.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The distribution claim's findings (the claim that reads the lesson count) with the closing
    /// lesson's text `closing` and the index's `index`, as headlines.
    private func findings(closing: String? = nil, index: String? = nil) -> [String] {
        let lessons = RealCourseFacts.lessons.map { lesson in
            lesson.name == Self.closing && closing != nil ? RealCourseFacts.facts(lesson.name, closing!) : lesson.facts
        }
        let file = SourceFile(path: "lessons/README.md", text: index ?? Self.index)
        let scanned = MarkdownScanner.scan(file)
        let facts = CourseFacts(
            lessons: lessons,
            index: CourseFacts.Index(
                file: file, prose: Prose(file: file, document: scanned.document), frontMatter: scanned.frontMatter),
            isWholeCourse: true, cache: nil, environment: [:])
        guard case .checked(let found) = TriggerDistributionClaim().check(facts) else {
            XCTFail("the distribution claim did not judge")
            return []
        }
        return found.map(\.headline)
    }

    /// `text` with the first `target` replaced, and the line and byte column of `at` in the replacement.
    private func replacing(_ target: String, with replacement: String, in text: String, at: String) throws -> (
        String, line: Int, column: Int
    ) {
        let range = try XCTUnwrap(text.range(of: target), target)
        let edited = text.replacingCharacters(in: range, with: replacement)
        let start = try XCTUnwrap(edited.range(of: replacement)).lowerBound
        let offset = try XCTUnwrap(edited[start...].range(of: at), at).lowerBound
        let before = edited[..<offset]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { edited.index(after: $0) } ?? edited.startIndex
        return (edited, line, edited[lineStart..<offset].utf8.count + 1)
    }

    private static func courseCount(
        _ file: String, _ line: Int, _ column: Int, stated: Int, written: String, write: String
    ) -> String {
        "lessons/\(file):\(line):\(column): error: says the course has \(stated) lessons, but it has 21; "
            + "write '\(write)' for '\(written)' [trigger-distribution]"
    }

    private static func total(_ line: Int, _ column: Int, stated: Int) -> String {
        "lessons/\(closing):\(line):\(column): error: says \(stated) lessons, but 20 lessons declare one trigger "
            + "[trigger-distribution]"
    }

    /// The round's slips, each alone: one finding at the number, with the number to write.
    func testTheInflectedPhrasesAreOneFindingAtTheNumber() throws {
        let closing = try XCTUnwrap(RealCourseFacts.lessons.first { $0.name == Self.closing }?.text)
        let cases: [(target: String, replacement: String, at: String, stated: Int, write: String)] = [
            (
                "tablo her dersin ölçtüğü", "tablo, yirmi iki dersin her biri için ölçülen", "yirmi iki", 22,
                "yirmi bir"
            ),
            ("- Yirmi bir dersin her biri", "- Yirmi iki dersin her birinde", "Yirmi iki", 22, "Yirmi bir"),
            ("tablo her dersin ölçtüğü", "tablo 22 dersin her birinin ölçtüğü", "22", 22, "21"),
            (
                "Kurs boyunca yirmi bir ders, her biri", "Kursun yirmi iki dersinin her biri", "yirmi iki", 22,
                "yirmi bir"
            ),
            ("Kurs boyunca yirmi bir ders, her biri", "Kursun 20 dersinin her birinde", "20", 20, "21"),
        ]
        for item in cases {
            let (text, line, column) = try replacing(item.target, with: item.replacement, in: closing, at: item.at)
            XCTAssertEqual(
                findings(closing: text),
                [
                    Self.courseCount(
                        Self.closing, line, column, stated: item.stated, written: item.at, write: item.write)
                ], item.replacement)
        }
        // The index's visible prose, read as the closing lesson's is.
        let (index, line, column) = try replacing(
            "aynı çerçeveden geçirilir.", with: "aynı çerçeveden geçirilir. Kurs yirmi iki dersten oluşur.",
            in: Self.index, at: "yirmi iki")
        XCTAssertEqual(
            findings(index: index),
            [Self.courseCount("README.md", line, column, stated: 22, written: "yirmi iki", write: "yirmi bir")])
    }

    /// The author round's slips together, in one run of the whole course: one finding each, at
    /// its number, and nothing else.
    func testTheRoundsSlipsInOneRunAreOneFindingEach() throws {
        let closing = Self.closing
        let found = try findings(after: [
            (closing, "Kurs boyunca yirmi bir ders, her biri", "Kursun yirmi iki dersinin her biri"),
            (closing, "tablo her dersin ölçtüğü", "tablo, yirmi iki dersin her biri için ölçülen"),
            (closing, "dağılım ise açılış dışındaki yirmi dersin", "dağılım ise açılış dışındaki on dokuz dersin"),
            (
                closing, "2/2/2/2 dağılımını verdi.",
                "2/2/2/2 dağılımını verdi. Açılış dersi dışındaki on dokuz ders de bir tetik bildirir."
            ),
            (closing, "- Yirmi bir dersin her biri", "- Yirmi iki dersin her birinde"),
            ("README.md", "aynı çerçeveden geçirilir.", "aynı çerçeveden geçirilir. Kurs yirmi iki dersten oluşur."),
        ])
        let lesson = "lessons/\(closing):"
        func course(_ at: String, _ written: String) -> String {
            "\(at): error: says the course has 22 lessons, but it has 21; write '\(written.prefix(1))irmi bir' for "
                + "'\(written)' [trigger-distribution]"
        }
        let others = ": error: says 19 lessons, but 20 lessons declare one trigger [trigger-distribution]"
        XCTAssertEqual(
            found,
            [
                "lessons/README.md:" + course("18:576", "yirmi iki"),
                lesson + course("241:8", "yirmi iki"), lesson + course("241:101", "yirmi iki"),
                lesson + "267:216" + others, lesson + "267:362" + others, lesson + course("275:3", "Yirmi iki"),
            ])
    }

    /// The distribution paragraph's number of lessons said again, and a sentence added that says it:
    /// each mention judged, once.
    func testEveryMentionOfTheOtherLessonsInTheDistributionParagraphIsJudged() throws {
        let closing = try XCTUnwrap(RealCourseFacts.lessons.first { $0.name == Self.closing }?.text)
        let (second, line, column) = try replacing(
            "dağılım ise açılış dışındaki yirmi dersin", with: "dağılım ise açılış dışındaki on dokuz dersin",
            in: closing, at: "on dokuz")
        XCTAssertEqual(findings(closing: second), [Self.total(line, column, stated: 19)])
        let (added, addedLine, addedColumn) = try replacing(
            "2/2/2/2 dağılımını verdi.",
            with: "2/2/2/2 dağılımını verdi. Açılış dersi dışındaki on dokuz ders de bir tetik bildirir.",
            in: closing, at: "on dokuz")
        XCTAssertEqual(findings(closing: added), [Self.total(addedLine, addedColumn, stated: 19)])
        // Both, and the first mention: three findings, one each.
        let (all, _, _) = try replacing(
            "Açılış dersi dışındaki yirmi dersin tetik", with: "Açılış dersi dışındaki on dokuz dersin tetik",
            in: added, at: "on dokuz")
        let (both, _, _) = try replacing(
            "dağılım ise açılış dışındaki yirmi dersin", with: "dağılım ise açılış dışındaki 19 dersin", in: all,
            at: "19")
        XCTAssertEqual(findings(closing: both).count, 3, findings(closing: both).joined(separator: "\n"))
    }

    /// Numbers that count some of the lessons, beside the phrases: no finding.
    func testANumberThatPicksSomeLessonsIsNoFinding() throws {
        let closing = try XCTUnwrap(RealCourseFacts.lessons.first { $0.name == Self.closing }?.text)
        let sentences = [
            "Bu iki dersin her birinde ortam ölçüldü.",
            "Yukarıdaki iki dersin her birinde ortam ölçüldü.",
            "Son üç dersin her biri ortamı ölçtü.",
            "Bölümün üç dersinin her biri ortamı ölçtü.",
            "Kursun son iki dersinin her birinde ortam ölçüldü.",
            "Kursun bu iki dersinin her biri ortamı ölçtü.",
            "İki ders önce her biri ölçüldü.",
            "Üç dersin birincisi ortamı ölçtü.",
            "Kursun iki dersi ortamı ölçtü.",
            "Açılış dersi dışındaki dört ders gözlemi ölçer.",
        ]
        for sentence in sentences {
            let (text, _, _) = try replacing("## Özet", with: sentence + "\n\n## Özet", in: closing, at: sentence)
            XCTAssertEqual(findings(closing: text), [], sentence)
        }
        // In the distribution paragraph, some of the other lessons picked, or placed in time.
        for sentence in ["Açılış dersi dışındaki son iki ders ortamı ölçer.", "Açılış dışındaki iki ders önce."] {
            let (text, _, _) = try replacing(
                "2/2/2/2 dağılımını verdi.", with: "2/2/2/2 dağılımını verdi. " + sentence, in: closing, at: sentence)
            XCTAssertEqual(findings(closing: text), [], sentence)
        }
        XCTAssertEqual(findings(), [])
    }

    /// Seeded: a phrase, a number (words or digits, capitalised at a sentence's start) and a count
    /// right or wrong. Wrong is exactly one finding at the number with the number to write; right none.
    func testEveryPhraseFormAndCountIsJudgedAtTheNumber() throws {
        let closing = try XCTUnwrap(RealCourseFacts.lessons.first { $0.name == Self.closing }?.text)
        // The phrase with `{N}` for the number, and whether it is the course's (21) or the other lessons' (20).
        let phrases: [(phrase: String, course: Bool)] = [
            ("Kurs boyunca {N} ders, her biri bir tetik ölçtü.", true),
            ("Aşağıdaki tablo, {N} dersin her biri için ölçülen değişikliği gösterir.", true),
            ("{N} dersin her birinde bir tetik ölçüldü.", true),
            ("Tablo {N} dersin her birinin tetiğini verir.", true),
            ("Kursun {N} dersinin her biri bir tetik ölçtü.", true),
            ("Kursun {N} dersinin her birinde bir tetik ölçüldü.", true),
            ("Kurs {N} dersten oluşur.", true),
            ("Tüm {N} ders bir tetik ölçer.", true),
            ("Bu, kursun {N} derslik özetidir.", true),
            ("Açılış dersi dışındaki {N} ders de bir tetik bildirir.", false),
        ]
        let units = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
        let tens = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"]
        func words(_ value: Int) -> String {
            [tens[value / 10], units[value % 10]].filter { !$0.isEmpty }.joined(separator: " ")
        }
        let (count, seed) = PropertySeeds.stream(defaultCount: 24, defaultSeed: 0x42C0_0175)
        var random = BlockStructurePropertyTests.Generator(state: seed)
        for _ in 0..<count {
            let (phrase, course) = phrases[Int(random.next() % UInt64(phrases.count))]
            let actual = course ? 21 : 20
            let right = random.next() % 3 == 0
            var value = actual
            while !right && value == actual { value = 2 + Int(random.next() % 98) }
            let digits = random.next() % 2 == 0
            let opens = phrase.hasPrefix("{N}")
            func spelled(_ value: Int) -> String {
                guard !digits else { return String(value) }
                let text = words(value)
                // Turkish capitals: `i` is `İ` (`Iki` is a misspelling of `iki`).
                let first = text.hasPrefix("i") ? "İ" : text.prefix(1).uppercased()
                return opens ? first + text.dropFirst() : text
            }
            let written = spelled(value)
            let sentence = phrase.replacingOccurrences(of: "{N}", with: written)
            let what = "\(sentence) (COURSECHECK_PROPERTY_SEED=\(seed))"
            // The course's count as a paragraph of its own; the other lessons' in the distribution paragraph.
            let (text, line, column) =
                course
                ? try replacing("## Özet", with: sentence + "\n\n## Özet", in: closing, at: written)
                : try replacing(
                    "2/2/2/2 dağılımını verdi.", with: "2/2/2/2 dağılımını verdi. " + sentence, in: closing,
                    at: written)
            let expected =
                right
                ? []
                : course
                    ? [
                        Self.courseCount(
                            Self.closing, line, column, stated: value, written: written, write: spelled(actual))
                    ]
                    : [Self.total(line, column, stated: value)]
            XCTAssertEqual(findings(closing: text), expected, what)
        }
    }
}
