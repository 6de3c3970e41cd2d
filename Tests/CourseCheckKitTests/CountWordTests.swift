import Foundation
import XCTest

@testable import CourseCheckKit

/// The number words that scale (`yüz`, `bin`, `milyon`) in the closing lesson's counts of lessons:
/// a run of number words right before a lesson word is read composed (`yirmi bin ders` is 20 000),
/// a wrong count is one finding at the number with the number to write, and a run that composes no
/// number (`yirmi on`) is one finding naming it. The same words where no count of lessons stands
/// (`bin kez`, `yüzde`) are no finding.
final class CountWordTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }
    private let closing = "21-on-izleme-ve-yineleme.md"

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self, ["lessons"])
    }

    /// Replaces the first `target` in the closing lesson, checks every finding of the course
    /// against `expected` (given the replacement's line), and puts the file back.
    private func expectAll(
        _ target: String, _ replacement: String, _ expected: (Int) -> [String], sourceLine: UInt = #line
    ) throws {
        let url = lessons.appendingPathComponent(closing)
        let original = try Data(contentsOf: url)
        let line = try CourseCopy.replace(target, with: replacement, in: url)
        let err = InProcess.run(["--no-goldens", "lessons"], in: scratch.url).stderr
        let found = err.findingLines
        XCTAssertEqual(found, expected(line).map { "lessons/\(closing):" + $0 }, replacement, line: sourceLine)
        try original.write(to: url)
    }

    /// `yirmi bin`, `bin`, `yüz`, `bir milyon` before a lesson word: the composed number, one
    /// finding at its first word with the course's number to write.
    func testAScaledNumberOfLessonsIsReadComposed() throws {
        let cases: [(String, String, Int, String)] = [
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca yirmi bin ders", 14,
                "20000 lessons, but it has 21; write 'yirmi bir' for 'yirmi bin'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca bin ders", 14,
                "1000 lessons, but it has 21; write 'yirmi bir' for 'bin'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca yüz ders", 14,
                "100 lessons, but it has 21; write 'yirmi bir' for 'yüz'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca bir milyon ders", 14,
                "1000000 lessons, but it has 21; write 'yirmi bir' for 'bir milyon'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca iki yüz on ders", 14,
                "210 lessons, but it has 21; write 'yirmi bir' for 'iki yüz on'"
            ),
            (
                "Yirmi bir dersin her biri", "Yirmi bin dersin her biri", 3,
                "20000 lessons, but it has 21; write 'Yirmi bir' for 'Yirmi bin'"
            ),
        ]
        for (target, slip, column, message) in cases {
            try expectAll(target, slip) { line in
                ["\(line):\(column): error: says the course has \(message) [trigger-distribution]"]
            }
        }
        // The distribution sentence's number of lessons, scaled: judged as its number of lessons.
        try expectAll("dışındaki yirmi dersin tetik", "dışındaki yirmi bin dersin tetik") { line in
            ["\(line):31: error: says 20000 lessons, but 20 lessons declare one trigger [trigger-distribution]"]
        }
    }

    /// Number words that compose no number (`yirmi on`, `on yirmi`, `bin bin`): one finding naming them.
    func testNumberWordsComposingNoNumberAreOneFinding() throws {
        let cases: [(String, String, Int, String)] = [
            (
                "kursun yirmi bir derslik", "kursun yirmi on derslik", 198,
                "'yirmi on' is no number ('on' cannot follow 'yirmi'); write 'yirmi bir' for 'yirmi on'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca on yirmi ders", 14,
                "'on yirmi' is no number ('yirmi' cannot follow 'on'); write 'yirmi bir' for 'on yirmi'"
            ),
            (
                "Kurs boyunca yirmi bir ders", "Kurs boyunca bin bin ders", 14,
                "'bin bin' is no number ('bin' cannot follow 'bin'); write 'yirmi bir' for 'bin bin'"
            ),
        ]
        for (target, slip, column, message) in cases {
            try expectAll(target, slip) { line in ["\(line):\(column): error: \(message) [trigger-distribution]"] }
        }
    }

    /// The same words where no count of the course stands, and units side by side (`bir iki ders`,
    /// "a lesson or two"): no finding.
    func testScaleWordsOutsideACountOfTheCourseAreNoFinding() throws {
        for prose in [
            "Kurs boyunca yirmi bir ders, bin kez", "Kurs boyunca yirmi bir ders, yüzde on",
            "Kurs boyunca yirmi bir ders, on iki ders eder", "Kurs boyunca yirmi bir ders; son yüz ders",
            "Kurs boyunca yirmi bir ders; bin ders önce",
        ] {
            try expectAll("Kurs boyunca yirmi bir ders", prose) { _ in [] }
        }
    }

    /// A letter of another script typed alone for a count (`ortam б`, Cyrillic be for 6), and a
    /// distributive count typed with a slip (`altışr`): one finding at it, naming it, with what to write.
    func testALookAlikeOrMisspeltCountIsNamed() throws {
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let cases: [(String, Int, String)] = [
            (
                "yerel 6, ebeveyn 4, gözlem 4, ortam \u{431}.", 112,
                "the count '\u{431}' is written with U+0431 CYRILLIC SMALL LETTER BE, which the course's numbers are "
                    + "not read in; write '6'"
            ),
            (
                "yerel 6, ebeveyn \u{447}, gözlem 4, ortam 6.", 92,
                "the count '\u{447}' is written with U+0447 CYRILLIC SMALL LETTER CHE, which the course's numbers "
                    + "are not read in; write '4'"
            ),
            (
                "yerel ve ortam altışr, ebeveyn ve gözlem dörder.", 90,
                "'altışr' is a misspelling of 'altışar'; write 'altışar'"
            ),
            (
                "yerel ve ortam altışar, ebeveyn ve gözlem dördr.", 120,
                "'dördr' is a misspelling of 'dörder'; write 'dörder'"
            ),
        ]
        for (slip, column, message) in cases {
            try expectAll(sentence, slip) { line in ["\(line):\(column): error: \(message) [trigger-distribution]"] }
        }
        // The fixes as written: no finding.
        try expectAll(sentence, "yerel ve ortam altışar, ebeveyn ve gözlem dörder.") { _ in [] }
    }

    /// A count in the distribution paragraph that goes on into a place other than lessons
    /// (`Ebeveyn tetiği on ağaçta göründü`, in ten trees) counts that place: no finding. Into a
    /// word for lessons (`10 derste`) it is a count of the trigger, judged.
    func testACountOfAnotherPlaceIsNoCountOfLessons() throws {
        let sentence = "gözlem 4, ortam 6."
        for added in [
            "Ebeveyn tetiği on ağaçta göründü.", "Ebeveyn on ağaçta göründü.", "Ebeveyn tetiği 10 ağaçta göründü.",
        ] {
            try expectAll(sentence, sentence + " " + added) { _ in [] }
        }
        try expectAll(sentence, sentence + " Ebeveyn tetiği 10 derste göründü.") { line in
            ["\(line):131: error: says ebeveyn 10, but 4 lessons declare ebeveyn [trigger-distribution]"]
        }
    }
}
