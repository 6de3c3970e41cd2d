import CourseCheckKit
import Foundation
import XCTest

/// Slips at a note label's edges and in its number that a reader still takes for the label: a
/// lost opening mark, a stray mark after the closing bold, a letter of another script for a digit.
/// Each is one finding at the slip, nothing downstream (no "skips", no unknown reference), and
/// following its fix leaves none. Each case is a complete list of the run's findings.
final class LabelEdgeTests: XCTestCase {
    private func notBold(_ label: String, _ written: String) -> String {
        "error: this paragraph opens with '\(written)', the note label \(label). but not in bold, so it does not read "
            + "as a note; write **\(label).** [note-series]"
    }

    /// A label that lost its opening mark (`*DR10.**`, `_GV14.__`, quoted `> *EK2.**`): cmark-gfm
    /// shows `<em>DR10.</em>*`, the label in italics and a star after it. Read as the label not in
    /// bold, as `**DR10.*` is. Controls: the label as meant and in plain italics (`*DR10.*` is
    /// the same one finding) give nothing else.
    func testALabelThatLostItsOpeningMarkIsOneFindingAtIt() throws {
        // The message quotes the label as written, so following its fix gives the course as committed.
        let (found, fixed) = try findingsAndAfterTheFix([
            ("12-ortam-degerleri.md", "**DR10.** Bu", "*DR10.** Bu"),
            ("05-izgara-ve-geometri.md", "**GV14.** Bu", "_GV14.__ Bu"),
            ("16-hareketler.md", "**EK2.** Bu", "> *EK2.** Bu"),
        ])
        XCTAssertEqual(
            found,
            [
                "lessons/05-izgara-ve-geometri.md:115:1: \(notBold("GV14", "_GV14.__"))",
                "lessons/12-ortam-degerleri.md:184:1: \(notBold("DR10", "*DR10.**"))",
                "lessons/16-hareketler.md:191:3: \(notBold("EK2", "*EK2.**"))",
            ])
        XCTAssertEqual(fixed, [])
        let control = try findings(after: [("12-ortam-degerleri.md", "**DR10.** Bu", "*DR10.* Bu")])
        XCTAssertEqual(control, ["lessons/12-ortam-degerleri.md:184:1: \(notBold("DR10", "*DR10.*"))"])
    }

    /// A Cyrillic or Greek O typed for a label's 0 (`**DR1О.**`, U+041E) reads as the digit, as a
    /// Latin O does: one finding at the paragraph naming the code point, not a "skips" at the next
    /// note; in a bold reference (`**GV1ο**'de`) the same near form a Latin O gives. A stray mark
    /// after the closing bold (`**EK2.***`, cmark-gfm `<strong>EK2.</strong>*`) shows: one finding.
    func testAnOtherScriptOAndAStrayMarkAfterTheBoldAreOneFindingEach() throws {
        let result = try findingsAndAfterTheFix([
            ("12-ortam-degerleri.md", "**DR10.** Bu", "**DR1\u{41E}.** Bu"),
            ("16-hareketler.md", "**EK2.** Bu", "**EK2.*** Bu"),
            ("04-duzen-sistemi.md", "GV12'de", "**GV1\u{3BF}**'de"),
        ])
        XCTAssertEqual(
            result.found,
            [
                "lessons/04-duzen-sistemi.md:157:206: error: this reference is written '**GV1\u{3BF}**', a near form "
                    + "of the note label GV10 (U+03BF GREEK SMALL LETTER OMICRON where GV10 has '0'): readers see it "
                    + "as written, and searching the course for it finds no note; write **GV10** [note-series]",
                "lessons/12-ortam-degerleri.md:184:1: error: this paragraph opens with '**DR1\u{41E}.**', a near form "
                    + "of the note label DR10. (U+041E CYRILLIC CAPITAL LETTER O where DR10 has '0'), so it does not "
                    + "read as a note; write **DR10.** [note-series]",
                "lessons/16-hareketler.md:191:1: error: this paragraph opens with '**EK2.***', a near form of the "
                    + "note label EK2. ('*' after it, which shows), so it does not read as a note; write **EK2.** "
                    + "[note-series]",
            ])
        XCTAssertEqual(result.fixed, [])
        // Controls: emphasis around the whole bold (`***EK2.***`) and a starred word after it render
        // as written: no finding.
        let controls = try findingsAndAfterTheFix([
            ("16-hareketler.md", "**EK2.** Bu", "***EK2.*** Bu"),
            ("12-ortam-degerleri.md", "**DR10.** Bu", "**DR10.** *Bu*"),
        ])
        XCTAssertEqual(controls.found, [])
    }
}
