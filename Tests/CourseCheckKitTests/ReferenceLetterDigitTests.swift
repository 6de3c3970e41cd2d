import Foundation
import XCTest

/// A bold note reference whose number has another script's letter that a label's number reads as
/// a digit (`**GVӀ2**'de`, Cyrillic palochka for 1): references read it as labels do
/// (`OtherDigits.labelLetterDigits`, through `labelSkeleton`), so it is one finding at the letter,
/// naming it by code point and the reference to write, not a silent word. Each case is a complete
/// list of the run's findings, and following the fix leaves none.
final class ReferenceLetterDigitTests: XCTestCase {
    func testAPalochkaInABoldReferenceIsOneFindingAtIt() throws {
        for (letter, name) in [
            ("\u{4C0}", "U+04C0 CYRILLIC LETTER PALOCHKA"), ("\u{4CF}", "U+04CF CYRILLIC SMALL LETTER PALOCHKA"),
        ] {
            let (found, fixed) = try findingsAndAfterTheFix([
                ("04-duzen-sistemi.md", "GV12'", "**GV\(letter)2**'")
            ])
            XCTAssertEqual(
                found,
                [
                    "lessons/04-duzen-sistemi.md:157:210: error: note 'GV\(letter)2' reads as GV12 but has \(name) "
                        + "where GV12 has '1'; write **GV12** [note-series]"
                ], name)
            XCTAssertEqual(fixed, [], name)
        }
    }

    /// A no-break space before a reference's number is named by code point, as a label's is.
    func testANoBreakSpaceInABoldReferenceIsNamed() throws {
        XCTAssertEqual(
            try findings(after: [("04-duzen-sistemi.md", "GV12'", "**GV\u{A0}12**'")]),
            [
                "lessons/04-duzen-sistemi.md:157:206: error: this reference is written '**GV\u{A0}12**', a near form "
                    + "of the note label GV12 (U+00A0 NO-BREAK SPACE between GV and 12): readers see it as written, "
                    + "and searching the course for it finds no note; write **GV12** [note-series]"
            ])
    }

    /// The same letter in a label opening its paragraph stays the near form the label reader names.
    func testAPalochkaInAnOpeningLabelStaysANearForm() throws {
        XCTAssertEqual(
            try findings(after: [("12-ortam-degerleri.md", "**DR10.** Bu", "**DR\u{4C0}0.** Bu")]),
            [
                "lessons/12-ortam-degerleri.md:184:1: error: this paragraph opens with '**DR\u{4C0}0.**', a near form "
                    + "of the note label DR10. (U+04C0 CYRILLIC LETTER PALOCHKA where DR10 has '1'), so it does not "
                    + "read as a note; write **DR10.** [note-series]"
            ])
    }
}
