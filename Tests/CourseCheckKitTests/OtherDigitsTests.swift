import Foundation
import XCTest

@testable import CourseCheckKit

/// A number the course states written with another script's digits (`٩.`, `lessons: ٢١`, `yerel ٦`,
/// `(٢/٢/٢/٢)`, `**DR³**`, `` `DR٣` ``), with number-form characters (`⑨.`, `lessons: ⅩⅪ`,
/// `ortam Ⅵ`, `**GV①②**`) or a letter for a digit (`lessons: 2l`): readers read the ASCII number, no claim does. Each is one
/// finding at the digit, naming its code point and the ASCII form to write; following that fix
/// leaves no finding.
final class OtherDigitsTests: XCTestCase {
    /// One edit of the real course: `text` replaced by `with` in `file`, and the text the fix
    /// writes in place of `written` (the slipped text as a message quotes it).
    struct Case {
        var file: String
        var text: String
        var with: String
        var written: String
        var expected: [String]
    }

    /// The findings of the edited course, and those after following each finding's `write X`
    /// (quotes dropped) in place of the case's `written`.
    func findingsAndAfterTheFix(_ slip: Case) throws -> (found: [String], fixed: [String]) {
        let copy = try CourseCopy.make(for: self)
        let url = copy.url.appendingPathComponent("lessons/\(slip.file)")
        try CourseCopy.replace(slip.text, with: slip.with, in: url)
        func run() -> [String] {
            courseFindings(in: copy.url)
        }
        let found = run()
        var text = try String(contentsOf: url, encoding: .utf8)
        for finding in found {
            var message = finding
            if let id = message.range(of: #" \[[a-z-]+\]$"#, options: .regularExpression) {
                message.removeSubrange(id)
            }
            let write = try XCTUnwrap(message.range(of: "; write ", options: .backwards), finding)
            var meant = message[write.upperBound...]
            if meant.hasPrefix("'"), meant.hasSuffix("'") { meant = meant.dropFirst().dropLast() }
            let range = try XCTUnwrap(text.range(of: slip.written), finding)
            text.replaceSubrange(range, with: meant)
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        return (found, run())
    }

    func check(_ slip: Case, line: UInt = #line) throws {
        let result = try findingsAndAfterTheFix(slip)
        XCTAssertEqual(result.found, slip.expected, slip.with, line: line)
        XCTAssertEqual(result.fixed, [], slip.with, line: line)
    }

    func testAnIndexItemNumberedInAnotherScriptIsThatItem() throws {
        let item = "9. [Yerel Durum](09-yerel-durum.md)"
        for (digit, name) in [
            ("\u{669}", "U+0669 ARABIC-INDIC DIGIT NINE"), ("\u{FF19}", "U+FF19 FULLWIDTH DIGIT NINE"),
            ("\u{96F}", "U+096F DEVANAGARI DIGIT NINE"), ("\u{2079}", "U+2079 SUPERSCRIPT NINE"),
        ] {
            try check(
                Case(
                    file: "README.md", text: item, with: digit + item.dropFirst(), written: "\(digit). [",
                    expected: [
                        "lessons/README.md:37:1: error: '\(digit). [' opens no list item: its number is written with "
                            + "\(name), a digit of another script, which is no list number to CommonMark, so readers "
                            + "see this line as text, not as an item of the index; write '9. [' [course-index]"
                    ]))
        }
        // One digit of two (`1٠.`), in an item inside the list.
        try check(
            Case(
                file: "README.md", text: "10. [Bağlama]", with: "1\u{660}. [Bağlama]", written: "1\u{660}. [",
                expected: [
                    "lessons/README.md:38:1: error: '1\u{660}. [' opens no list item: its number is written with "
                        + "U+0660 ARABIC-INDIC DIGIT ZERO, a digit of another script, which is no list number to "
                        + "CommonMark, so readers see this line as text, not as an item of the index; write '10. [' "
                        + "[course-index]"
                ]))
    }

    func testTheIndexLessonCountInAnotherScript() throws {
        for (number, name) in [
            ("\u{662}\u{661}", "U+0662 ARABIC-INDIC DIGIT TWO"), ("２１", "U+FF12 FULLWIDTH DIGIT TWO"),
        ] {
            try check(
                Case(
                    file: "README.md", text: "lessons: 21", with: "lessons: \(number)", written: "lessons: \(number)",
                    expected: [
                        "lessons/README.md:7:10: error: the number of 'lessons: \(number)' is written with \(name), a "
                            + "digit of another script, which YAML reads as text, not as a number; write 'lessons: 21' "
                            + "[course-index]"
                    ]))
        }
        // A number that is also wrong: the fix writes the directory's count.
        try check(
            Case(
                file: "README.md", text: "lessons: 21", with: "lessons: 2\u{660}", written: "lessons: 2\u{660}",
                expected: [
                    "lessons/README.md:7:11: error: the number of 'lessons: 2\u{660}' is written with U+0660 "
                        + "ARABIC-INDIC DIGIT ZERO, a digit of another script, which YAML reads as text, not as a "
                        + "number, and the directory holds 21 lesson files, not 20; write 'lessons: 21' [course-index]"
                ]))
    }

    func testTriggerCountsInAnotherScript() throws {
        try check(
            Case(
                file: "21-on-izleme-ve-yineleme.md", text: "yerel 6, ebeveyn", with: "yerel \u{666}, ebeveyn",
                written: "\u{666}",
                expected: [
                    "lessons/21-on-izleme-ve-yineleme.md:267:81: error: the count '\u{666}' is written with U+0666 "
                        + "ARABIC-INDIC DIGIT SIX, a digit of another script, which the course's numbers are not read "
                        + "in; write '6' [trigger-distribution]"
                ]))
        let declared = "**dördünün de dağılımı (2/2/2/2)**"
        for digits in ["\u{662}/\u{662}/\u{662}/\u{662}", "2/２/2/2"] {
            let written = "**dördünün de dağılımı (\(digits))**"
            let first = digits.unicodeScalars.first { !$0.isASCII }!
            try check(
                Case(
                    file: "01-bildirimsel-sozdizim.md", text: declared, with: written, written: written,
                    expected: [
                        "lessons/01-bildirimsel-sozdizim.md:299:24: error: 'dördünün de dağılımı (\(digits))' reads as "
                            + "a distribution, but a count is written with \(Invisible.name(first)), a digit of "
                            + "another script, which no count of the course is read in; write \(declared) "
                            + "[declared-trigger]"
                    ]))
        }
    }

    func testNoteReferencesWithASuperscriptOrInCode() throws {
        try check(
            Case(
                file: "09-yerel-durum.md", text: "Yerel durumun getirisi budur:",
                with: "Yerel durumun getirisi budur (bkz. **DR\u{B3}**):", written: "**DR\u{B3}**",
                expected: [
                    "lessons/09-yerel-durum.md:148:40: error: note 'DR\u{B3}' reads as DR3 but has U+00B3 SUPERSCRIPT "
                        + "THREE where DR3 has '3'; write **DR3** [note-series]"
                ]))
        try check(
            Case(
                file: "09-yerel-durum.md", text: "Yerel durumun getirisi budur:",
                with: "Yerel durumun getirisi budur (`DR\u{663}`):", written: "DR\u{663}",
                expected: [
                    "lessons/09-yerel-durum.md:148:34: error: note 'DR\u{663}' reads as DR3 but has U+0663 ARABIC-INDIC "
                        + "DIGIT THREE where DR3 has '3'; write DR3 [note-series]"
                ]))
    }

    func testAnIndexItemNumberedWithANumberForm() throws {
        let item = "9. [Yerel Durum](09-yerel-durum.md)"
        for (form, name) in [
            ("\u{2468}", "U+2468 CIRCLED DIGIT NINE"), ("\u{2168}", "U+2168 ROMAN NUMERAL NINE"),
            ("\u{2490}", "U+2490 DIGIT NINE FULL STOP"),
        ] {
            let written = form == "\u{2490}" ? "\(form) [" : "\(form). ["
            try check(
                Case(
                    file: "README.md", text: item, with: written + item.dropFirst(4), written: written,
                    expected: [
                        "lessons/README.md:37:1: error: '\(written)' opens no list item: its number is written with "
                            + "\(name), which is no list number to CommonMark, so readers see this line as text, not "
                            + "as an item of the index; write '9. [' [course-index]"
                    ]))
        }
        // The first item, which opens the list.
        try check(
            Case(
                file: "README.md", text: "1. [Bildirimsel", with: "\u{2460}. [Bildirimsel", written: "\u{2460}. [",
                expected: [
                    "lessons/README.md:24:1: error: '\u{2460}. [' opens no list item: its number is written with "
                        + "U+2460 CIRCLED DIGIT ONE, which is no list number to CommonMark, so readers see this line as "
                        + "text, not as an item of the index; write '1. [' [course-index]"
                ]))
    }

    func testTheIndexLessonCountWithANumberFormOrALetter() throws {
        for (number, column, why) in [
            ("\u{2169}\u{216A}", 10, "U+2169 ROMAN NUMERAL TEN"), ("\u{3251}", 10, "U+3251 CIRCLED NUMBER TWENTY ONE"),
            ("2l", 11, "'l' (U+006C LATIN SMALL LETTER L) for the digit '1'"),
        ] {
            try check(
                Case(
                    file: "README.md", text: "lessons: 21", with: "lessons: \(number)", written: "lessons: \(number)",
                    expected: [
                        "lessons/README.md:7:\(column): error: the number of 'lessons: \(number)' is written with "
                            + "\(why), which YAML reads as text, not as a number; write 'lessons: 21' [course-index]"
                    ]))
        }
        try check(
            Case(
                file: "README.md", text: "lessons: 21", with: "lessons: 2O", written: "lessons: 2O",
                expected: [
                    "lessons/README.md:7:11: error: the number of 'lessons: 2O' is written with 'O' (U+004F LATIN "
                        + "CAPITAL LETTER O) for the digit '0', which YAML reads as text, not as a number, and the "
                        + "directory holds 21 lesson files, not 20; write 'lessons: 21' [course-index]"
                ]))
    }

    func testTriggerCountsWithANumberForm() throws {
        for (text, form, column, name, ascii) in [
            ("yerel 6, ebeveyn", "yerel \u{2465}, ebeveyn", 81, "U+2465 CIRCLED DIGIT SIX", "6"),
            ("ortam 6", "ortam \u{2165}", 112, "U+2165 ROMAN NUMERAL SIX", "6"),
        ] {
            let number = String(form.unicodeScalars.first { !$0.isASCII }!)
            try check(
                Case(
                    file: "21-on-izleme-ve-yineleme.md", text: text, with: form, written: number,
                    expected: [
                        "lessons/21-on-izleme-ve-yineleme.md:267:\(column): error: the count '\(number)' is written "
                            + "with \(name), which the course's numbers are not read in; write '\(ascii)' "
                            + "[trigger-distribution]"
                    ]))
        }
        let declared = "**dördünün de dağılımı (2/2/2/2)**"
        for (digits, name) in [
            ("\u{2161}/2/2/2", "U+2161 ROMAN NUMERAL TWO"), ("2/2/\u{2461}/2", "U+2461 CIRCLED DIGIT TWO"),
        ] {
            let written = "**dördünün de dağılımı (\(digits))**"
            try check(
                Case(
                    file: "01-bildirimsel-sozdizim.md", text: declared, with: written, written: written,
                    expected: [
                        "lessons/01-bildirimsel-sozdizim.md:299:24: error: 'dördünün de dağılımı (\(digits))' reads as "
                            + "a distribution, but a count is written with \(name), which no count of the course is "
                            + "read in; write \(declared) [declared-trigger]"
                    ]))
        }
    }

    /// Number forms in the distribution sentence that stand for no count: enumerators before the
    /// counted names (`① yerel 6`, `(ⅱ) ebeveyn 4`) and a reference after them (`Ⅱ. bölüm`).
    func testNumberFormsBesideCountedTriggersAreNoCounts() throws {
        let sentence = "şöyledir: yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        for text in [
            "şöyledir: \u{2460} yerel 6, \u{2461} ebeveyn 4, \u{2462} gözlem 4, \u{2463} ortam 6.",
            "şöyledir: (\u{2170}) yerel 6, (\u{2171}) ebeveyn 4, (\u{2172}) gözlem 4, (\u{2173}) ortam 6.",
            "şöyledir: yerel 6, ebeveyn 4, gözlem 4, ortam 6 (bkz. \u{2161}. bölüm).",
        ] {
            let copy = try CourseCopy.make(for: self)
            try CourseCopy.replace(
                sentence, with: text, in: copy.url.appendingPathComponent("lessons/21-on-izleme-ve-yineleme.md"))
            let found = courseFindings(in: copy.url)
            XCTAssertEqual(found, [], text)
        }
    }

    func testNoteReferencesWithANumberForm() throws {
        let sentence = "okuma varsayımdır ve GV12'de belirtilir"
        for (label, why) in [
            (
                "GV\u{2460}\u{2461}",
                "'\u{2460}\u{2461}' where GV12 has '12': U+2460 CIRCLED DIGIT ONE + U+2461 CIRCLED DIGIT TWO"
            ),
            ("GV\u{246B}", "U+246B CIRCLED NUMBER TWELVE where GV12 has '12'"),
            ("GV\u{216B}", "U+216B ROMAN NUMERAL TWELVE where GV12 has '12'"),
            (
                "GV\u{2169}\u{2161}",
                "'\u{2169}\u{2161}' where GV12 has '12': U+2169 ROMAN NUMERAL TEN + U+2161 ROMAN NUMERAL TWO"
            ),
        ] {
            try check(
                Case(
                    file: "04-duzen-sistemi.md", text: sentence,
                    with: sentence.replacing("GV12", with: "**\(label)**"), written: "**\(label)**",
                    expected: [
                        "lessons/04-duzen-sistemi.md:157:206: error: this reference is written '**\(label)**', a near "
                            + "form of the note label GV12 (\(why)): readers see it as written, and searching the course "
                            + "for it finds no note; write **GV12** [note-series]"
                    ]))
        }
        // In running text, and a Roman numeral that stands for a letter (`GⅤ12`) is the look-alike's.
        try check(
            Case(
                file: "04-duzen-sistemi.md", text: sentence, with: sentence.replacing("GV12", with: "GV1\u{2461}"),
                written: "GV1\u{2461}",
                expected: [
                    "lessons/04-duzen-sistemi.md:157:206: error: this reference is written 'GV1\u{2461}', a near form "
                        + "of the note label GV12 ('1\u{2461}' where GV12 has '12': U+2461 CIRCLED DIGIT TWO): readers "
                        + "see it as written, and searching the course for it finds no note; write GV12 [note-series]"
                ]))
        try check(
            Case(
                file: "04-duzen-sistemi.md", text: sentence, with: sentence.replacing("GV12", with: "G\u{2164}12"),
                written: "G\u{2164}12",
                expected: [
                    "lessons/04-duzen-sistemi.md:157:207: error: note 'G\u{2164}12' reads as GV12 but has U+2164 ROMAN "
                        + "NUMERAL FIVE where GV12 has 'V'; write GV12 [note-series]"
                ]))
        // In code, as written in running text.
        try check(
            Case(
                file: "04-duzen-sistemi.md", text: sentence,
                with: sentence.replacing("GV12", with: "`GV\u{2460}\u{2461}`"),
                written: "GV\u{2460}\u{2461}",
                expected: [
                    "lessons/04-duzen-sistemi.md:157:206: error: this reference is written 'GV\u{2460}\u{2461}', a near "
                        + "form of the note label GV12 ('\u{2460}\u{2461}' where GV12 has '12': U+2460 CIRCLED DIGIT ONE "
                        + "+ U+2461 CIRCLED DIGIT TWO): readers see it as written, and searching the course for it finds "
                        + "no note; write GV12 [note-series]"
                ]))
    }

    /// Digits of another script where the course states no number it reads: no finding.
    func testOtherDigitsOutsideTheCourseNumbersAreSilent() throws {
        let copy = try CourseCopy.make(for: self)
        try CourseCopy.replace(
            "Yerel durumun getirisi budur:",
            with:
                "Arapça \u{663} ve ３ rakamları; `DR3` ve x\u{B2}; \u{2460} ve \u{2461} adımları. Yerel durumun getirisi budur:",
            in: copy.url.appendingPathComponent("lessons/09-yerel-durum.md"))
        let found = courseFindings(in: copy.url)
        XCTAssertEqual(found, [])
    }

    func testTheReader() {
        XCTAssertNil(OtherDigits.leading("21"))
        XCTAssertNil(OtherDigits.leading("yerel"))
        XCTAssertEqual(
            OtherDigits.leading("1\u{662}. x"),
            OtherDigits.Number(written: "1\u{662}", ascii: "12", other: "\u{662}", otherOffset: 1))
        XCTAssertEqual(OtherDigits.leading("\u{B3}\u{B9}")?.ascii, "31")
        XCTAssertEqual(OtherDigits.leading("\u{FF10}")?.ascii, "0")
        // Number forms: a Roman run is one numeral, circled ones their digits; no fraction.
        XCTAssertEqual(OtherDigits.leading("\u{2169}\u{216A}")?.ascii, "21")
        XCTAssertEqual(OtherDigits.leading("\u{2160}\u{2164}")?.ascii, "4")
        XCTAssertEqual(OtherDigits.leading("\u{2460}\u{2461}")?.ascii, "12")
        XCTAssertEqual(OtherDigits.leading("\u{246B}")?.form, .numeral)
        XCTAssertEqual(OtherDigits.leading("2\u{2169}")?.ascii, nil)
        XCTAssertNil(OtherDigits.leading("\u{BD}"))
        // Letters only where a number is due.
        XCTAssertNil(OtherDigits.leading("2l"))
        XCTAssertEqual(OtherDigits.leading("2l", letters: true)?.ascii, "21")
        XCTAssertEqual(OtherDigits.leading("2l", letters: true)?.form, .letter)
    }
}
