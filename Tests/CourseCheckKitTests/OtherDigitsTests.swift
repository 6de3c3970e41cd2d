import Foundation
import XCTest

@testable import CourseCheckKit

/// A number the course states written with another script's digits (`٩.`, `lessons: ٢١`, `yerel ٦`,
/// `(٢/٢/٢/٢)`, `**DR³**`, `` `DR٣` ``): readers read the ASCII number, no claim does. Each is one
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
            InProcess.run(["lessons/"], in: copy.url).stderr.split(separator: "\n")
                .filter { $0.contains(": error: ") || $0.contains(": warning: ") }.map(String.init)
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
                            + "a distribution, but its counts are written with \(Invisible.name(first)), a digit of "
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

    /// Digits of another script where the course states no number it reads: no finding.
    func testOtherDigitsOutsideTheCourseNumbersAreSilent() throws {
        let copy = try CourseCopy.make(for: self)
        try CourseCopy.replace(
            "Yerel durumun getirisi budur:",
            with: "Arapça \u{663} ve ３ rakamları; `DR3` ve x\u{B2}. Yerel durumun getirisi budur:",
            in: copy.url.appendingPathComponent("lessons/09-yerel-durum.md"))
        let found = InProcess.run(["lessons/"], in: copy.url).stderr.split(separator: "\n")
            .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
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
    }
}
