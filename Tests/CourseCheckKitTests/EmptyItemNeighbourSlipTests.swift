import Foundation
import XCTest

@testable import CourseCheckKit

/// The neighbours of a lone list marker, as cmark-gfm renders them: right under a table's last
/// row (`-`, `*`, `1.`, `2.`) the table ends and an empty item follows it (a table is no
/// paragraph, so no row is added and no text joined); right under a paragraph's line a number
/// (`1.`, `2.`, `1)`) continues its text as `*` does; an item on one line holding only a comment
/// (`- <!-- x -->`) shows an empty bullet. Each is one `empty-item` at the marker, and following
/// its fix leaves none.
final class EmptyItemNeighbourSlipTests: XCTestCase {
    private static let lastRow = "| Ön İzleme ve Yineleme | örnek ad değişti | gözlem | ön izleme yeni başlangıçtır |"
    private static let table = "| a | b |\n|---|---|\n| c | d |\n"

    private static func alone(_ place: String, _ marker: String) -> String {
        let shown = marker.count == 1 ? "a bullet with nothing after it" : "the number \(marker) with nothing after it"
        return "lessons/\(place): error: '\(marker)' alone on its line is a list of one empty item: readers see "
            + "\(shown); delete this line [empty-item]"
    }

    private static func continues(_ place: String, _ marker: String, under line: Int) -> String {
        "lessons/\(place): error: '\(marker)' right under line \(line) is no list item (an empty item cannot "
            + "interrupt a paragraph): it continues that line's text, so readers see '\(marker)' at its end; "
            + "delete this line [empty-item]"
    }

    private static func comment(_ place: String, _ written: String, among: Bool) -> String {
        let marker = written.prefix { $0 != " " }
        let shown = marker.count == 1 ? "a bullet with nothing after it" : "the number \(marker) with nothing after it"
        return "lessons/\(place): error: '\(written)' is a list item holding only a comment, which readers do not "
            + "see: they see \(shown)\(among ? " among the list's items" : "") (a comment to keep goes on a line of "
            + "its own, without the '\(marker)'); delete this line [empty-item]"
    }

    /// The closing table and tables typed into other lessons, each with a marker under its last
    /// row: one `empty-item` each (not a row of the closing table, not text joined), and deleting
    /// the line, as told, leaves nothing.
    func testAMarkerUnderATableIsOneEmptyItem() throws {
        let (found, fixed) = try findingsAndAfterTheFix([
            ("21-on-izleme-ve-yineleme.md", Self.lastRow, Self.lastRow + "\n-"),
            ("09-yerel-durum.md", "**DR1.** Bu ölçüm", Self.table + "1.\n\n**DR1.** Bu ölçüm"),
            ("03-yigit-duzenleri.md", "**GV7.** Bu ölçüm", Self.table + "*\n\n**GV7.** Bu ölçüm"),
            ("04-duzen-sistemi.md", "## Özet", "| a | b |\n|:-|-:|\n| c | d |\n2.   \n\n## Özet"),
        ])
        XCTAssertEqual(
            found,
            [
                Self.alone("03-yigit-duzenleri.md:121:1", "*"),
                Self.alone("04-duzen-sistemi.md:201:1", "2."),
                Self.alone("09-yerel-durum.md:153:1", "1."),
                Self.alone("21-on-izleme-ve-yineleme.md:266:1", "-"),
            ])
        XCTAssertEqual(fixed, [])
    }

    /// A number alone right under a paragraph's line continues its text, as `*` does: one finding,
    /// and deleting the line leaves nothing.
    func testANumberUnderAParagraphLineContinuesIt() throws {
        let (found, fixed) = try findingsAndAfterTheFix([
            ("03-yigit-duzenleri.md", "**GV7.** Bu ölçüm", "Bu ölçüm tablo:\n1.\n\n**GV7.** Bu ölçüm"),
            ("09-yerel-durum.md", "**DR1.** Bu ölçüm", "Bu ölçüm tablo:\n2.\n\n**DR1.** Bu ölçüm"),
            ("04-duzen-sistemi.md", "## Özet", "Metin:\n1)\n\n## Özet"),
        ])
        XCTAssertEqual(
            found,
            [
                Self.continues("03-yigit-duzenleri.md:119:1", "1.", under: 118),
                Self.continues("04-duzen-sistemi.md:199:1", "1)", under: 198),
                Self.continues("09-yerel-durum.md:151:1", "2.", under: 150),
            ])
        XCTAssertEqual(fixed, [])
    }

    /// An item on one line holding only comments: alone, among items, under a table, in the
    /// index, `<!-->` (an HTML block's comment, empty to a browser). One finding each, and
    /// deleting the line leaves nothing.
    func testAnItemHoldingOnlyACommentIsOneEmptyItem() throws {
        let (found, fixed) = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "\n\n**DR1.**", "\n\n- <!-- x -->\n\n**DR1.**"),
            ("03-yigit-duzenleri.md", "sınıflar.\n- Bu dersin", "sınıflar.\n- <!-- x --> <!-- y -->\n- Bu dersin"),
            ("21-on-izleme-ve-yineleme.md", Self.lastRow, Self.lastRow + "\n* <!-- eski satır -->"),
            ("04-duzen-sistemi.md", "## Özet", "- <!-->\n\n## Özet"),
            (
                "README.md", "3. [Yığıt Düzenleri](03-yigit-duzenleri.md)",
                "3. [Yığıt Düzenleri](03-yigit-duzenleri.md)\n4. <!-- x -->"
            ),
        ])
        XCTAssertEqual(
            found,
            [
                Self.comment("README.md:27:1", "4. <!-- x -->", among: true),
                Self.comment("03-yigit-duzenleri.md:237:1", "- <!-- x --> <!-- y -->", among: true),
                Self.comment("04-duzen-sistemi.md:198:1", "- <!-->", among: false),
                Self.comment("09-yerel-durum.md:150:1", "- <!-- x -->", among: false),
                Self.comment("21-on-izleme-ve-yineleme.md:266:1", "* <!-- eski satır -->", among: false),
            ])
        XCTAssertEqual(fixed, [])
    }

    /// A comment item hiding what a claim reads (the trigger bullet, an index link) is that
    /// claim's one finding, not an empty bullet too.
    func testACommentHidingAClaimIsItsClaimsFinding() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "- Bu dersin tetiği: **yerel**.", "- <!-- Bu dersin tetiği: **yerel**. -->"),
            (
                "README.md", "3. [Yığıt Düzenleri](03-yigit-duzenleri.md)",
                "3. <!-- [Yığıt Düzenleri](03-yigit-duzenleri.md) -->"
            ),
        ])
        XCTAssertEqual(
            found,
            [
                "lessons/README.md:26:1: error: the index lists 03-yigit-duzenleri.md here, but readers do not see it: "
                    + "it is inside an HTML comment [course-index]",
                "lessons/09-yerel-durum.md:266:1: error: the 'Bu dersin tetiği:' bullet is here, but readers do not "
                    + "see it: it is inside an HTML comment; take it out of the comment [declared-trigger]",
            ])
    }

    /// What renders as meant: an item with text under a table (`- Not …`, `2. madde`: a list after
    /// the table), a list starting at 1 under a paragraph's line, a comment item with text under it.
    func testNeighboursThatRenderAsMeantAreSilent() throws {
        XCTAssertEqual(
            try findings(after: [
                ("21-on-izleme-ve-yineleme.md", Self.lastRow, Self.lastRow + "\n- Not: tablo yirmi satırdır."),
                ("09-yerel-durum.md", "**DR1.** Bu ölçüm", Self.table + "2. madde\n\n**DR1.** Bu ölçüm"),
                ("03-yigit-duzenleri.md", "**GV7.** Bu ölçüm", "Bu ölçüm tablo:\n1. madde\n\n**GV7.** Bu ölçüm"),
                ("04-duzen-sistemi.md", "## Özet", "- <!-- x -->\n  metin\n\n## Özet"),
            ]), [])
    }

    /// cmark-gfm, the oracle: under a table's last row each marker is an empty item after the
    /// table; under a paragraph's line a number is its text; a comment item is an empty bullet.
    func testTheOracleShowsTheseShapes() throws {
        let tool = try StructureSlipPropertyTests.cmarkGFM()
        let shapes = [("-", "<ul>"), ("*", "<ul>"), ("1.", "<ol>"), ("2.", "<ol start=\"2\">"), ("1)", "<ol>")]
        for (marker, list) in shapes {
            let shown = try StructureSlipPropertyTests.render(Self.table + marker + "\n", with: tool, tables: true)
            XCTAssertTrue(shown.contains("</table>\n\(list)\n<li></li>"), "\(marker): \(shown)")
            let text = try StructureSlipPropertyTests.render("Metin:\n\(marker)\n", with: tool)
            if marker != "-" { XCTAssertEqual(text, "<p>Metin:\n\(marker)</p>\n", marker) }
        }
        let item = try StructureSlipPropertyTests.render("- <!-- x -->\n", with: tool)
        XCTAssertEqual(item, "<ul>\n<li>\n<!-- x -->\n</li>\n</ul>\n")
    }
}
