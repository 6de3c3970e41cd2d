import CourseCheckKit
import Foundation
import XCTest

/// Slips in the course index (lessons/README.md) and in a lesson's block quotes, each a complete
/// list of the run's findings in a copy of the real course: one finding at the slip, whose fix
/// leaves none, and nothing downstream; where GitHub shows what the author meant, none.
final class IndexSlipTests: XCTestCase {
    private static let introduction = "aynı çerçeveden geçirilir."
    private static let firstPart = "yeniden kullanılabilir görünüm kurucular."
    private static let licence = "dersin özgün adresini verir."
    private static let quoted = "Yerel durumun getirisi budur: değişikliğin kapsamı sahibin gövdesiyle sınırlıdır."

    /// A setext underline typed right under a paragraph of the index (its introduction, a part's
    /// description, the licence paragraph) or under a paragraph in a lesson's block quote makes
    /// the paragraph a heading (cmark-gfm: `<h2>`, `<h1>`, in the quote too): one stray-underline
    /// at the underline, as under a lesson's paragraph, whose fix (delete the line) leaves none.
    func testAnUnderlineUnderAnIndexOrQuotedParagraphIsOneStrayUnderline() throws {
        let sentence = { (line: Int, written: String) in
            "error: '\(written)' right under line \(line) underlines its sentence as a heading, so readers see the "
                + "paragraph as a heading, not as text; delete this line, or, if a rule is meant here, put a blank "
                + "line between the paragraph and '\(written)' [stray-underline]"
        }
        let title = { (line: Int) in
            "error: '===' under line \(line) underlines its paragraph as a second title: readers see it as a "
                + "heading like the page's title, not as text; delete this line [stray-underline]"
        }
        let result = try findingsAndAfterTheFix([
            ("README.md", Self.introduction, "\(Self.introduction)\n---"),
            ("README.md", Self.firstPart, "\(Self.firstPart)\n==="),
            ("README.md", Self.licence, "\(Self.licence)\n  ---"),
            ("09-yerel-durum.md", Self.quoted, "> \(Self.quoted)"),
            ("09-yerel-durum.md", "zorunda da kalmaz.", "zorunda da kalmaz.\n> ==="),
            ("10-baglama.md", "**DR4.**", "> Alıntı bir cümle.\n> ---\n\n**DR4.**"),
        ])
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:19:1: \(sentence(18, "---"))",
                "lessons/README.md:24:1: \(title(23))",
                "lessons/README.md:61:1: \(sentence(60, "---"))",
                "lessons/09-yerel-durum.md:149:1: \(title(148))",
                "lessons/10-baglama.md:162:1: \(sentence(161, "---"))",
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// Controls: a rule after a blank line (in the index and in a quote), a part heading written
    /// setext-style (`Name` over `---`), and a quoted paragraph alone render as meant: no finding.
    func testARuleOrASetextPartHeadingInTheIndexIsNoFinding() throws {
        let result = try findingsAndAfterTheFix([
            ("README.md", Self.introduction, "\(Self.introduction)\n\n---"),
            ("README.md", "## Durum ve Gezinme", "Durum ve Gezinme\n----------------"),
            ("README.md", Self.licence, "\(Self.licence)\n\n***"),
            ("09-yerel-durum.md", Self.quoted, "> \(Self.quoted)"),
            ("09-yerel-durum.md", "zorunda da kalmaz.", "zorunda da kalmaz.\n>\n> ---"),
        ])
        XCTAssertEqual(result.found, [])
    }

    /// A `###` (or deeper) heading between two items of one index part, over lessons whose notes
    /// continue the part's series, is a sub-heading: cmark-gfm shows two ordered lists (9–12, and
    /// 13–15 with `start="13"`) both under the part's `<h2>`, as the author meant. No finding, and
    /// nothing downstream reads it as a part (no item "in part 'Sunum'", no note judged against
    /// it); above the part's first item, too.
    func testASubHeadingInsideAnIndexPartIsNoFinding() throws {
        let item13 = "13. [Gezinme"
        for heading in ["\n### Sunum\n\n", "### Sunum\n", "\n#### Gezinme ve sunum\n\n"] {
            XCTAssertEqual(
                try findingsAndAfterTheFix([("README.md", item13, "\(heading)\(item13)")]).found, [], heading)
        }
        XCTAssertEqual(
            try findingsAndAfterTheFix([
                ("README.md", "1. [Bildirimsel", "### Temeller\n\n1. [Bildirimsel"),
                ("README.md", "21. [Ön", "\n### Son adım\n\n21. [Ön"),
            ]).found, [])
    }

    /// The same heading written `## Sunum`: a part that splits series DR, one finding at it,
    /// whose fixes include the sub-heading the author may have meant (`### Sunum`, no finding above).
    func testAPartThatSplitsASeriesOffersTheSubHeading() throws {
        let item13 = "13. [Gezinme"
        XCTAssertEqual(
            try findings(after: [("README.md", item13, "\n## Sunum\n\n\(item13)")]),
            [
                "lessons/README.md:42:1: error: part 'Sunum' splits note series DR with part 'Durum ve Gezinme': its "
                    + "lessons 13–15 hold DR13–DR21, and a series stays in one part; give them a series of their own (a "
                    + "new prefix, numbered 1–9), write '### Sunum' to make it a sub-heading inside part 'Durum ve "
                    + "Gezinme', or delete this heading [course-index]"
            ])
    }

    /// A part's own heading written at level 3 (its lessons hold another series than the part
    /// above's) stays one finding at the heading, `write '## …'`, which leaves none.
    func testAPartHeadingAtLevelThreeStaysOneFinding() throws {
        let result = try findingsAndAfterTheFix([
            ("README.md", "## Etkileşim ve Sunum Kalitesi", "### Etkileşim ve Sunum Kalitesi")
        ])
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:45:1: error: this line stands where a part's '## ' heading does, between two "
                    + "parts' items, but it is a level-3 heading, not level 2, so the index's outline of parts leaves "
                    + "'Etkileşim ve Sunum Kalitesi' out and readers see the items under it in part 'Durum ve "
                    + "Gezinme'; write '## Etkileşim ve Sunum Kalitesi' [course-index]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// An index item written as a bullet with blanks before it (`   - [Bağlama]` under item 9):
    /// nested in the item above when the blanks reach its text (cmark-gfm: a `<ul>` inside item
    /// 9), else a bullet list between two lists. One finding at the line whose fix writes the
    /// number in place of the blanks and the bullet, so one step gives the flat list back.
    func testAnIndentedBulletItemIsOneFindingWhoseFixConverges() throws {
        let bullet = { (line: Int, nested: Bool, written: String, fix: String) in
            "lessons/README.md:\(line):1: error: '\(written.first { $0 != " " }!)' makes this item a bullet"
                + (nested ? ", and the blanks before it nest it in the item above," : ",")
                + " which breaks the index's numbered list (readers see it unnumbered, "
                + (nested ? "inside that item" : "between two lists") + "); write '\(fix)' in place of '\(written)' "
                + "[course-index]"
        }
        let result = try findingsAndAfterTheFix([
            ("README.md", "10. [Bağlama]", "   - [Bağlama]"),
            ("README.md", "17. [Örtük", "    * [Örtük"),
            ("README.md", "4. [Düzen", " - [Düzen"),
        ])
        XCTAssertEqual(
            result.found,
            [
                bullet(27, false, " - [", "4. ["), bullet(38, true, "   - [", "10. ["),
                bullet(50, true, "    * [", "17. ["),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// An index item's number typed with a Turkish keyboard's `İ` or `ı` for the digit 1 (`İ0.`,
    /// `1ı.`): named as the look-alike digit by its code point, as a note label's is (the one
    /// table, `OtherDigits.lookAlikeDigits`), one finding whose fix writes the number.
    func testAnIndexItemNumberWithTurkishIForOneNamesTheLookAlike() throws {
        let marker = { (line: Int, written: String, has: String, name: String, fix: String) in
            "lessons/README.md:\(line):1: error: '\(written) [' opens no list item: its number has '\(has)' "
                + "(\(name)) for the digit '1', and CommonMark reads only digits as a list number, so readers see "
                + "this line as text, not as an item of the index; write '\(fix). [' [course-index]"
        }
        let result = try findingsAndAfterTheFix([
            ("README.md", "10. [Bağlama]", "İ0. [Bağlama]"),
            ("README.md", "11. [Gözlem", "1ı. [Gözlem"),
            ("README.md", "1. [Bildirimsel", "ı. [Bildirimsel"),
        ])
        XCTAssertEqual(
            result.found,
            [
                marker(24, "ı.", "ı", "U+0131 LATIN SMALL LETTER DOTLESS I", "1"),
                marker(38, "İ0.", "İ", "U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE", "10"),
                marker(39, "1ı.", "ı", "U+0131 LATIN SMALL LETTER DOTLESS I", "11"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A key of the index's front matter misspelt (`titel:`, `lesons:`, `sorce:`): GitHub shows
    /// the front matter as a table headed by the key as written. One finding at the key each,
    /// naming the key meant (no "no 'lessons: N'" after it: course-index reads the count as
    /// meant, and still judges it); writing the key leaves none. Keys no claim reads and no lesson
    /// writes, near no key the index lacks (`author:`, `tags: [a, b]`), are no finding.
    func testAMisspeltIndexFrontMatterKeyIsOneFindingThere() throws {
        let misspelt = { (line: Int, written: String, key: String) in
            "lessons/README.md:\(line):1: error: front matter key '\(written)' is a misspelling of '\(key)' (no "
                + "lesson writes it), so the index has no '\(key)'; write '\(key):' [front-matter]"
        }
        let edits = [
            ("title: 'Swift", "titel: 'Swift"), ("lessons: 21", "lesons: 21"), ("source: 'https", "sorce: 'https"),
        ]
        let found = try findings(after: edits.map { ("README.md", $0.0, $0.1) })
        XCTAssertEqual(
            found, [misspelt(2, "titel", "title"), misspelt(3, "sorce", "source"), misspelt(7, "lesons", "lessons")]
        )
        // Its fix, `write 'title:'` for the key, gives the index back as it was: no finding.
        XCTAssertEqual(try findings(after: []), [])
        // The count is still judged when its key is misspelt.
        XCTAssertEqual(
            try findings(after: [("README.md", "lessons: 21", "lesons: 22")]),
            [
                misspelt(7, "lesons", "lessons"),
                "lessons/README.md:7:1: error: lessons: 22, but the directory holds 21 lesson files [course-index]",
            ])
        XCTAssertEqual(
            try findings(after: [("README.md", "lessons: 21", "lessons: 21\nauthor: 'Ben'\ntags: [a, b]")]),
            [])
    }
}
