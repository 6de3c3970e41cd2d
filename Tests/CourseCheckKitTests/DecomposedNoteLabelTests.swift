import Foundation
import XCTest

@testable import CourseCheckKit

/// A note label or a bold reference typed with a Turkish keyboard's `İ` for a `1` of its number
/// and saved decomposed (`I` + U+0307): one mistake, one finding. The note's near-form finding, whose fix writes the
/// label over, fixes the form too, so the page's `decomposed` finding is left out while the label
/// holds the page's only decomposed letters; other decomposed text keeps it, naming both places.
final class DecomposedNoteLabelTests: XCTestCase {
    /// The near form's finding, naming the `İ` a reader sees (as the composed one is named).
    private static func near(_ written: String, _ label: String, _ wanted: String) -> String {
        "error: this paragraph opens with '**\(written).**', a near form of the note label \(label). (U+0130 LATIN "
            + "CAPITAL LETTER I WITH DOT ABOVE where \(label) has '\(wanted)'), so it does not read as a note; write "
            + "**\(label).** [note-series]"
    }

    /// `İ` before a digit: the composed one's finding (`testALabelNumberTypedWithTurkishILettersIsTheDueNote`).
    private static let readsAs =
        "error: note 'GV\u{130}2.' reads as GV12 but has U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE where GV12 "
        + "has '1'; write **GV12.** [note-series]"

    /// The label, or a bold reference (`**GVİ**` for GV1), alone holds the page's decomposed
    /// letter: the note's one finding, as for the composed `İ`; followed, none.
    func testADecomposedDottedIInALabelIsTheNotesOneFinding() throws {
        let result = try findingsAndAfterTheFix([
            ("16-hareketler.md", "**EK1.** Bu", "**EKI\u{307}.** Bu"),
            ("04-duzen-sistemi.md", "**GV12.** Bu", "**GVI\u{307}2.** Bu"),
            ("10-baglama.md", "**DR5.** Bu", "**DR5.** Bkz. **GVI\u{307}**. Bu"),
        ])
        XCTAssertEqual(
            result.found,
            [
                "lessons/04-duzen-sistemi.md:159:5: " + Self.readsAs,
                "lessons/10-baglama.md:221:15: error: this reference is written '**GV\u{130}**', a near form of the "
                    + "note label GV1 (U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE where GV1 has '1'): readers see it "
                    + "as written, and searching the course for it finds no note; write **GV1** [note-series]",
                "lessons/16-hareketler.md:189:1: " + Self.near("EK\u{130}", "EK1", "1"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// Another decomposed letter on the page: the page's `decomposed` finding stays, counting it,
    /// beside the note's.
    func testOtherDecomposedTextOnThePageKeepsItsFinding() throws {
        let found = try findings(after: [("04-duzen-sistemi.md", "**GV12.** Bu", "**GVI\u{307}2.** Bu o\u{308}")])
        XCTAssertEqual(
            found,
            [
                "lessons/04-duzen-sistemi.md:159:5: error: 'İ' is saved decomposed (I + U+0307 COMBINING DOT ABOVE), "
                    + "here and in 1 more place of this file; write it composed, or save the file as NFC [decomposed]",
                "lessons/04-duzen-sistemi.md:159:5: " + Self.readsAs,
            ])
    }
}
