import CourseCheckKit
import Foundation
import XCTest

/// Raw HTML an author typed in the real course, as a reader sees it (cmark-gfm, then a browser): a
/// tag line right above a line a claim reads takes that line into its HTML block as raw text, a
/// `<details>` never closed folds the rest of the page away, and a backslash before a closing-table
/// row's pipe escapes it. Each is one finding at the slip, with the complete list asserted, and
/// following its fix gives none; the forms that render as meant stay silent.
final class HTMLBlockSlipTests: XCTestCase {
    private static let dr1 = "**DR1.** Bu ölçüm tek bir değişiklik"
    private static let ek1 = "**EK1.** Bu ölçüm yalnız"
    private static let trigger12 = "- Bu dersin tetiği: **ortam**."
    private static let sentence = "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir:"
    private static let item13 = "13. [Gezinme Yığıtı ve Yolu](13-gezinme-yigiti-ve-yolu.md)"

    /// A tag alone on its line right above a note (in place of the blank line, or after it: kinds
    /// 6 and 7), the trigger bullet, a heading, the sentence that counts the triggers and an index
    /// item: each is one finding at the line the HTML block took, not "DR2 skips DR1" or "no
    /// trigger bullet" downstream, and its fix (a blank line between the two) gives none.
    func testAnHTMLLineAboveAClaimsLineIsOneFindingThere() throws {
        func edits(blank: String) -> [(file: String, text: String, with: String)] {
            [
                ("09-yerel-durum.md", "\n\n" + Self.dr1, "\n<div id=\"dr1\"></div>\n" + blank + Self.dr1),
                ("16-hareketler.md", "\n\n" + Self.ek1, "\n\n<br>\n" + blank + Self.ek1),
                ("12-ortam-degerleri.md", "\n" + Self.trigger12, "\n<p></p>\n" + blank + Self.trigger12),
                ("13-gezinme-yigiti-ve-yolu.md", "\n\n## Özet", "\n<hr>\n" + blank + "## Özet"),
                ("21-on-izleme-ve-yineleme.md", "\n\n" + Self.sentence, "\n\n<span>\n" + blank + Self.sentence),
                ("README.md", "\n" + Self.item13, "\n<p></p>\n" + blank + Self.item13),
            ]
        }
        func raw(_ what: String, _ start: Int, _ shown: String, _ noun: String) -> String {
            "error: \(what) is inside the HTML block that starts at line \(start), so readers see '\(shown)' as raw "
                + "text; put a blank line between the HTML and \(noun) [raw-html]"
        }
        XCTAssertEqual(
            try findings(after: edits(blank: "")),
            [
                "lessons/README.md:42:1: " + raw("the index item", 41, Self.item13, "the item"),
                "lessons/09-yerel-durum.md:150:1: " + raw("the note DR1", 149, "**DR1.**", "the note"),
                "lessons/12-ortam-degerleri.md:309:1: "
                    + raw("the trigger bullet", 308, Self.trigger12, "the bullet"),
                "lessons/13-gezinme-yigiti-ve-yolu.md:272:1: " + raw("the heading", 271, "## Özet", "the heading"),
                "lessons/16-hareketler.md:190:1: " + raw("the note EK1", 189, "**EK1.**", "the note"),
                "lessons/21-on-izleme-ve-yineleme.md:268:1: "
                    + raw(
                        "the sentence that counts the triggers", 267,
                        "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyled…", "the sentence"),
            ])
        XCTAssertEqual(try findings(after: edits(blank: "\n")), [])
    }

    /// HTML that leaves the Markdown after it rendered is silent: an anchor in the note's
    /// paragraph (`<a id="dr1"></a>`, inline HTML), a tag line followed by a blank line, a `<div>`
    /// around a note with blank lines inside it, and a closed `<details>` around a note.
    func testHTMLThatLeavesTheLineRenderedIsSilent() throws {
        XCTAssertEqual(
            try findings(after: [
                ("09-yerel-durum.md", "\n\n" + Self.dr1, "\n\n<a id=\"dr1\"></a>\n" + Self.dr1),
                ("16-hareketler.md", "\n\n" + Self.ek1, "\n<div id=\"ek1\"></div>\n\n" + Self.ek1),
                ("12-ortam-degerleri.md", "\n" + Self.trigger12, "\n\n<hr>\n\n" + Self.trigger12),
                ("10-baglama.md", "\n\n**DR4.**", "\n\n<div>\n\n**DR4.**"),
                ("10-baglama.md", "\n\n**DR5.**", "\n\n</div>\n\n**DR5.**"),
                (
                    "13-gezinme-yigiti-ve-yolu.md", "\n\n## Özet",
                    "\n\n<details>\n<summary>Not</summary>\n\nEk bir not.\n\n</details>\n\n## Özet"
                ),
            ]), [])
    }

    /// A tag line typed between two rows of the closing table ends the table, and its HTML block
    /// takes the rows after it as raw text: one finding at the tag line, whose fix deletes it, not
    /// one "no row" per lesson whose row went with it. A `<br>` there is a row of its own to
    /// cmark-gfm, which names no lesson.
    func testAnHTMLLineBetweenTheClosingTablesRowsIsOneFindingAtIt() throws {
        let row = "| Görsel Bileşenler | renk şeması değişti |"
        XCTAssertEqual(
            try findings(after: [("21-on-izleme-ve-yineleme.md", "\n" + row, "\n<div id=\"x\"></div>\n" + row)]),
            [
                "lessons/21-on-izleme-ve-yineleme.md:251:1: error: this line of HTML ends the closing table, and the "
                    + "HTML block it opens to the next blank line takes the 15 rows after it as raw text, not as rows; "
                    + "delete it (or move it above the table) [closing-table]"
            ])
    }

    /// A `<details>` left open above `## Özet` folds the rest of the lesson (the trigger bullet,
    /// `Sonraki Adım`) into a closed disclosure: one finding at the tag; `</details>` where the
    /// folded part ends gives none, and `<details open>` (shown open) is silent.
    func testADetailsLeftOpenIsOneFindingAtIt() throws {
        let open = "<details>\n<summary>Ayrıntılar</summary>\n\n"
        XCTAssertEqual(
            try findings(after: [("09-yerel-durum.md", "\n\n## Özet", "\n" + open + "\n## Özet")]),
            [
                "lessons/09-yerel-durum.md:258:1: error: '<details>' is never closed ('</details>'), so everything "
                    + "after it (lines 262–273, with the 'Bu dersin tetiği:' bullet and the headings 'Özet' and "
                    + "'Sonraki Adım') is folded away until a reader opens it; add '</details>' where the hidden part "
                    + "ends [raw-html]"
            ])
        XCTAssertEqual(
            try findings(after: [
                ("09-yerel-durum.md", "\n\n## Özet", "\n" + open + "\n## Özet"),
                ("09-yerel-durum.md", "\n\n## Sonraki Adım", "\n\n</details>\n\n## Sonraki Adım"),
                ("10-baglama.md", "\n\n## Özet", "\n\n<details open>\n<summary>Özet</summary>\n\n## Özet"),
            ]), [])
    }

    /// A backslash typed before a closing-table row's pipe escapes it (cmark-gfm: whatever comes
    /// before the backslash, so `\\|` too): the row is a cell short, and the one finding is at the
    /// backslashes, whose deletion restores the row, not "a '|' is missing" at column 1.
    func testAnEscapedPipeInAClosingTableRowIsOneFindingAtItsBackslash() throws {
        let row = "| Yerel Durum | dokunuldu | yerel | kardeşin durumu okunamaz |"
        func escaped(_ backslashes: String) -> String {
            row.replacingOccurrences(of: "yerel |", with: "yerel \(backslashes)|")
        }
        func finding(_ backslashes: String, _ why: String) -> String {
            "lessons/21-on-izleme-ve-yineleme.md:253:35: error: '\(backslashes)|' is an escaped pipe\(why), so cells "
                + "3 and 4 of row 9 run together and GitHub shows its last cell empty; delete the '\(backslashes)' "
                + "[closing-table]"
        }
        XCTAssertEqual(
            try findings(after: [("21-on-izleme-ve-yineleme.md", row, escaped("\\"))]), [finding("\\", "")])
        XCTAssertEqual(
            try findings(after: [("21-on-izleme-ve-yineleme.md", row, escaped("\\\\"))]),
            [
                finding(
                    "\\\\",
                    " to GitHub (a backslash right before a '|' escapes it, whatever comes before the backslash)")
            ])
    }
}
