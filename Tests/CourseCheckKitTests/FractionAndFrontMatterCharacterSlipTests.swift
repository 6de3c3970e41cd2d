import Foundation
import XCTest

@testable import CourseCheckKit

/// Slips a reader cannot see, and a true sentence written another ordinary way: the distribution
/// sentence's counts written as fractions (`yerel 6/20`), an invisible character after a front
/// matter key's colon, before its value, in the index's count or in a lesson's `source` slug, an
/// empty index, `core:` written with another case, and a no-break space in the trigger lead. Each
/// case is the complete list of a run's findings in a copy of the real course; where a slip is
/// found, following the fix gives a run with none.
final class FractionAndFrontMatterCharacterSlipTests: XCTestCase {
    private let closing = "21-on-izleme-ve-yineleme.md"
    private let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6"
    /// The sentence's line in the closing lesson, the byte column its counts start at (`yerel 6`),
    /// and the column of its first count.
    private let line = 267
    private let counts = 75
    private let start = 81

    // MARK: - The distribution written as fractions

    /// `N/T` after a trigger is N lessons of T: the true sentence in fractions (slashes spaced or
    /// not, listed after the names) gives no finding; a wrong numerator is one finding at it, a
    /// wrong total one at it, and the same wrong total after every count one finding, at the first.
    func testADistributionWrittenAsFractionsIsReadAsCountsOverTheirTotal() throws {
        for rewrite in PropertySeeds.sampled(
            [
                "yerel 6/20, ebeveyn 4/20, gözlem 4/20, ortam 6/20",
                "yerel 6 / 20, ebeveyn 4 / 20, gözlem 4 / 20, ortam 6 / 20",
                "yerel 6/20, ebeveyn 4/20, gözlem 4/20 ve ortam 6/20",
                "yerel, ebeveyn, gözlem ve ortam: 6/20, 4/20, 4/20, 6/20",
                "6/20 yerel, 4/20 ebeveyn, 4/20 gözlem, 6/20 ortam",
                "yerel (6/20), ebeveyn (4/20), gözlem (4/20), ortam (6/20)",
            ], minimum: 2)
        {
            XCTAssertEqual(try findings(after: [(closing, sentence, rewrite)]), [], rewrite)
        }
        let cases: [(String, [String])] = PropertySeeds.sampled(
            [
                (
                    "yerel 7/20, ebeveyn 4/20, gözlem 4/20, ortam 6/20",
                    ["\(start): error: says yerel 7, but 6 lessons declare yerel [trigger-distribution]"]
                ),
                (
                    "yerel 6/21, ebeveyn 4/20, gözlem 4/20, ortam 6/20",
                    [
                        "\(start + 2): error: says yerel 6/21, out of 21 lessons, but 20 lessons declare one trigger; "
                            + "write /20 [trigger-distribution]"
                    ]
                ),
                (
                    "yerel 6/21, ebeveyn 4/21, gözlem 4/21, ortam 6/21",
                    [
                        "\(start + 2): error: says every count out of 21 lessons, but 20 lessons declare one trigger; "
                            + "write /20 after each count [trigger-distribution]"
                    ]
                ),
                (
                    "yerel 12/20, ebeveyn 4/20, gözlem 4/20, ortam 6/20",
                    ["\(start): error: says yerel 12, but 6 lessons declare yerel [trigger-distribution]"]
                ),
                (
                    "6/21 yerel, 4/20 ebeveyn, 4/20 gözlem, 6/20 ortam",
                    [
                        "\(counts + 2): error: says yerel 6/21, out of 21 lessons, but 20 lessons declare one trigger; "
                            + "write /20 [trigger-distribution]"
                    ]
                ),
            ], minimum: 3)
        for (rewrite, expected) in cases {
            XCTAssertEqual(
                try findings(after: [(closing, sentence, rewrite)]),
                expected.map { "lessons/\(closing):\(line):\($0)" }, rewrite)
        }
        // (A slash between two near counts still reads as either, `gözlem 4/5`: NoteAndTitleSlipTests.)
    }

    /// Shares of the lessons (`yerel %30`, `30%`, the sign before or after, the name before or
    /// after) are read as the share of the twenty lessons the counts cover: the true ones give no
    /// finding, a wrong one is one finding at its number, saying the share the lessons give.
    func testADistributionWrittenInSharesIsJudgedAsShares() throws {
        for rewrite in PropertySeeds.sampled(
            [
                "yerel %30, ebeveyn %20, gözlem %20, ortam %30", "yerel 30%, ebeveyn 20%, gözlem 20%, ortam 30%",
                "%30 yerel, %20 ebeveyn, %20 gözlem, %30 ortam",
            ], minimum: 1)
        {
            XCTAssertEqual(try findings(after: [(closing, sentence, rewrite)]), [], rewrite)
        }
        XCTAssertEqual(
            try findings(after: [(closing, sentence, "yerel 30%, ebeveyn 20%, gözlem 25%, ortam 30%")]),
            [
                "lessons/\(closing):\(line):\(counts + 32): error: says gözlem %25, but 4 of the 20 lessons that "
                    + "declare one trigger declare gözlem: %20 [trigger-distribution]"
            ])
    }

    /// A random rewrite of the sentence into fractions: the four triggers in any order, the slash
    /// spaced or not, commas or `ve` between them, some counts plain; the reader reads each count
    /// and each total, and one slipped numerator or total is read at its word. Reader-level, many
    /// seeds; then one sampled rewrite and one sampled slip through a whole run.
    func testFractionRewritesReadAsTheirCountsAndASlipAtItsWord() throws {
        let (count, seed) = PropertySeeds.stream(defaultCount: 300, defaultSeed: 0x4652_4143)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        var last: (rewrite: String, slipped: String, column: Int, message: String)?
        for _ in 0..<count {
            let written = Self.fractions(&generator)
            let read = Self.read(written.text)
            XCTAssertEqual(read.counts, [6, 4, 4, 6], "seed \(seed): \(written.text)")
            XCTAssertEqual(read.totals, written.totals, "seed \(seed): \(written.text)")
            // One slip: a numerator or a total, at its word.
            let slip = written.numbers[Int(generator.next() % UInt64(written.numbers.count))]
            let value = slip.value + 1 + Int(generator.next() % 3)
            let slipped =
                String(written.text.utf8.prefix(slip.offset))!
                + "\(value)" + String(written.text.utf8.dropFirst(slip.offset + "\(slip.value)".utf8.count))!
            let reread = Self.read(slipped)
            if slip.total {
                XCTAssertEqual(reread.counts, [6, 4, 4, 6], "seed \(seed): \(slipped)")
                XCTAssertTrue(reread.totals.contains(value), "seed \(seed): \(slipped)")
            } else {
                var expected = [6, 4, 4, 6]
                expected[slip.trigger] = value
                XCTAssertEqual(reread.counts, expected, "seed \(seed): \(slipped)")
            }
            let name = Triggers.names[slip.trigger].declared
            let message =
                slip.total
                ? "says \(name) \(Self.numerator(of: slip, in: written))/\(value), out of \(value) lessons, but 20 "
                    + "lessons declare one trigger; write /20"
                : "says \(name) \(value), but \(slip.value) lessons declare \(name)"
            last = (written.text, slipped, counts + slip.offset, message)
        }
        // Through a run: the last rewrite is silent, its slip one finding at it.
        let run = try XCTUnwrap(last)
        XCTAssertEqual(try findings(after: [(closing, sentence, run.rewrite)]), [], "seed \(seed): \(run.rewrite)")
        XCTAssertEqual(
            try findings(after: [(closing, sentence, run.slipped)]),
            ["lessons/\(closing):\(line):\(run.column): error: \(run.message) [trigger-distribution]"],
            "seed \(seed): \(run.slipped)")
    }

    /// A number of a rewrite: its byte offset, its value, its trigger (`Triggers.names` order) and
    /// whether it is a total.
    private typealias Number = (offset: Int, value: Int, trigger: Int, total: Bool)

    /// A rewrite of the sentence: the four triggers shuffled, each `N/T` (`N / T`) or, at most one,
    /// `N` alone; its numbers, and the totals it writes in order.
    private static func fractions(_ generator: inout BlockStructurePropertyTests.Generator) -> (
        text: String, numbers: [Number], totals: [Int]
    ) {
        var order = [0, 1, 2, 3]
        order.shuffle(using: &generator)
        let plain = generator.next() % 3 == 0 ? Int(generator.next() % 4) : -1
        var text = ""
        var numbers: [Number] = []
        var totals: [Int] = []
        let counts = [6, 4, 4, 6]
        // The name first (`yerel 6/20`) or the count first (`6/20 yerel`), the sentence throughout.
        let countFirst = generator.next() % 3 == 0
        for (position, trigger) in order.enumerated() {
            if position > 0 { text += position == 3 && generator.next() % 2 == 0 ? " ve " : ", " }
            if !countFirst { text += Triggers.names[trigger].declared + " " }
            numbers.append((text.utf8.count, counts[trigger], trigger, false))
            text += "\(counts[trigger])"
            if position != plain {
                text += generator.next() % 2 == 0 ? "/" : " / "
                numbers.append((text.utf8.count, 20, trigger, true))
                totals.append(20)
                text += "20"
            }
            if countFirst { text += " " + Triggers.names[trigger].declared }
        }
        return (text, numbers, totals)
    }

    /// The numerator right before a total `slip` in `written`.
    private static func numerator(of slip: Number, in written: (text: String, numbers: [Number], totals: [Int])) -> Int
    {
        written.numbers.last { !$0.total && $0.offset < slip.offset }?.value ?? 0
    }

    /// What the distribution reader reads in the sentence with `counts` in place of the four
    /// counts: each trigger's first count, and the totals of its fractions in reading order.
    private static func read(_ counts: String) -> (counts: [Int], totals: [Int]) {
        let text = "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: \(counts)."
        var characters: [(character: Character, offset: Int)] = []
        var offset = 0
        for character in text {
            characters.append((character, offset))
            offset += character.utf8.count
        }
        let candidate = TriggerDistributionClaim.reading(TriggerDistributionClaim.words(characters))
        return (candidate.counts.map { $0.first?.value ?? -1 }, candidate.fractions.map(\.value))
    }

    // MARK: - Invisible characters in the front matter

    /// A no-break space (Option+Space on a Mac) or a zero-width space after a key's colon, in a
    /// lesson or the index: one finding naming it, at it, the key read as meant (nothing
    /// downstream); the fix it says (replace it with a space, or delete it when a space follows)
    /// gives the line back. Before the value, after the colon's space, it is named there too.
    /// Slips in different files are independent: one run holds a slip in each.
    func testAnInvisibleCharacterAfterAKeysColonIsNamedAtItAndTheFixClearsIt() throws {
        let keys: [(file: String, key: String, value: String, line: Int)] = [
            // In the order a run reports them: the index first.
            ("README.md", "lessons", "21", 7),
            ("09-yerel-durum.md", "title", "'Yerel Durum'", 2),
            ("12-ortam-degerleri.md", "language", "tr", 5),
        ]
        for (written, fix) in [
            ("\u{A0}", "replace that character with a space"), ("\u{200B} ", "delete that character"),
        ] {
            let name = written.hasPrefix("\u{A0}") ? "U+00A0 NO-BREAK SPACE" : "U+200B ZERO WIDTH SPACE"
            XCTAssertEqual(
                try findings(
                    after: keys.map { ($0.file, "\($0.key): \($0.value)", "\($0.key):\(written)\($0.value)") }),
                keys.map { file, key, _, line in
                    "lessons/\(file):\(line):\(key.utf8.count + 2): error: front matter line cannot be read: '\(key):' "
                        + "has \(name) after its ':', which YAML does not read as a space, so it reads the line as "
                        + "one text, not as '\(key)'; \(fix) [front-matter]"
                }, name)
            // The fix, followed, is the line as committed.
            for (_, key, value, _) in keys {
                let slipped = "\(key):\(written)\(value)"
                let fixed =
                    fix.hasPrefix("replace")
                    ? slipped.replacingOccurrences(of: "\u{A0}", with: " ")
                    : slipped.replacingOccurrences(of: "\u{200B}", with: "")
                XCTAssertEqual(fixed, "\(key): \(value)")
            }
        }
        XCTAssertEqual(
            try findings(after: keys.map { ($0.file, "\($0.key): \($0.value)", "\($0.key): \u{A0}\($0.value)") }),
            keys.map { file, key, _, line in
                "lessons/\(file):\(line):\(key.utf8.count + 3): error: front matter value of '\(key)' opens with "
                    + "U+00A0 NO-BREAK SPACE, which YAML reads as part of the value, not as a space; delete that "
                    + "character [front-matter]"
            })
    }

    /// A no-break space or a zero-width space after a key's name, before its colon (`title\u{A0}:`),
    /// in a lesson or the index: YAML reads it as part of the key; one finding naming it, at it,
    /// the key read as meant (never a misspelt key `'title '`).
    func testAnInvisibleCharacterBeforeAKeysColonIsNamedAtIt() throws {
        let keys: [(file: String, key: String, value: String, line: Int, written: String, name: String)] = [
            ("README.md", "lessons", "21", 7, "\u{200B}", "U+200B ZERO WIDTH SPACE"),
            ("09-yerel-durum.md", "title", "'Yerel Durum'", 2, "\u{A0}", "U+00A0 NO-BREAK SPACE"),
        ]
        XCTAssertEqual(
            try findings(
                after: keys.map { ($0.file, "\($0.key): \($0.value)", "\($0.key)\($0.written): \($0.value)") }),
            keys.map { file, key, _, line, _, name in
                "lessons/\(file):\(line):\(key.utf8.count + 1): error: this front matter line has \(name) after "
                    + "'\(key)', before its ':', which YAML reads as part of the key, so the front matter has no "
                    + "'\(key)'; delete that character [front-matter]"
            })
    }

    /// A zero-width space inside the index's count (`lessons: 2\u{200B}1`): named at it, not
    /// `lessons: 2​1, but the directory holds 21`; a wrong number read through it says so too.
    func testAnInvisibleCharacterInTheLessonsCountIsNamedAtIt() throws {
        XCTAssertEqual(
            try findings(after: [("README.md", "lessons: 21", "lessons: 2\u{200B}1")]),
            [
                "lessons/README.md:7:11: error: the number of 'lessons: 2\u{200B}1' has U+200B ZERO WIDTH SPACE "
                    + "after '2', which YAML reads as text, not as a number; delete that character [course-index]"
            ])
        XCTAssertEqual(
            try findings(after: [("README.md", "lessons: 21", "lessons: 2\u{2060}2")]),
            [
                "lessons/README.md:7:11: error: the number of 'lessons: 2\u{2060}2' has U+2060 WORD JOINER after "
                    + "'2', which YAML reads as text, not as a number; delete that character, and the directory "
                    + "holds 21 lesson files, not 22 [course-index]"
            ])
    }

    /// A `source` slug with an invisible or look-alike character: the URL is the slip, named at the
    /// character; no file name holding it is ever suggested. A slug a letter away stays the
    /// rename-or-rewrite finding it was.
    func testASourceSlugWithAnInvisibleOrLookAlikeCharacterIsTheURLsSlip() throws {
        let file = "09-yerel-durum.md"
        let url = "https://academia.sh/tr/kurslar/swiftui/yerel-durum"
        for (written, column, difference) in PropertySeeds.sampled(
            [
                ("yerel-durum\u{200B}", 60, "it has U+200B ZERO WIDTH SPACE after 'yerel-durum'"),
                ("yerel-dur\u{443}m", 58, "it has U+0443 CYRILLIC SMALL LETTER U where the file's slug has 'u'"),
                ("yerel\u{2011}durum", 54, "it has U+2011 NON-BREAKING HYPHEN where the file's slug has '-'"),
            ], minimum: 1)
        {
            XCTAssertEqual(
                try findings(after: [(file, "swiftui/yerel-durum'", "swiftui/\(written)'")]),
                [
                    "lessons/\(file):3:\(column): error: source URL ends in '\(written)', not the file's slug "
                        + "'yerel-durum': \(difference); write source: '\(url)' [front-matter]"
                ], written)
        }
    }

    /// An empty index, or one of blanks alone, lists nothing: one finding at line 1, none at line 0
    /// and none per lesson.
    func testAnEmptyIndexIsOneFindingAtItsFirstLine() throws {
        for text in ["", "  \n\n"] {
            let copy = try CourseCopy.make(for: self)
            try text.write(
                to: copy.url.appendingPathComponent("lessons/README.md"), atomically: true, encoding: .utf8)
            XCTAssertEqual(
                courseFindings(in: copy.url),
                [
                    "lessons/README.md:1:1: error: the index is empty; write its front matter (with 'lessons: 21'), "
                        + "its title and an item linking each lesson [course-index]"
                ], text.debugDescription)
        }
    }

    /// `core: Invalidation.Swift` in the index: refused as written (not as `Invalidation.Swift.swift`),
    /// with the name only its case sets apart.
    func testACoreNameOfAnotherCaseIsQuotedAsWrittenWithTheNameMeant() throws {
        let copy = try CourseCopy.make(for: self)
        try CourseCopy.replace(
            "lessons: 21", with: "lessons: 21\ncore: Invalidation.Swift",
            in: copy.url.appendingPathComponent("lessons/README.md"))
        let result = InProcess.run(["lessons/"], in: copy.url)
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: lessons/README.md:8: core: Invalidation.Swift names no lesson's core block; the "
                + "```swift blocks name 'Invalidation.swift'; did you mean 'Invalidation.swift'? (only the case "
                + "differs)\n")
    }

    /// A no-break space before the trigger lead's colon (`tetiği\u{A0}:`) is named, as a
    /// zero-width space there is; a space there is the same finding without a character to name.
    func testANoBreakSpaceInTheTriggerLeadIsNamed() throws {
        let file = "09-yerel-durum.md"
        XCTAssertEqual(
            try findings(after: [(file, "Bu dersin tetiği:", "Bu dersin tetiği\u{A0}:")]),
            [
                "lessons/\(file):266:3: error: this bullet opens 'Bu dersin tetiği\u{A0}:', not 'Bu dersin tetiği:', "
                    + "so it does not read as the lesson's trigger bullet; write 'Bu dersin tetiği:' (it has U+00A0 "
                    + "NO-BREAK SPACE after 'Bu dersin tetiği', which 'Bu dersin tetiği:' does not have) "
                    + "[declared-trigger]"
            ])
    }
}
