import Foundation
import XCTest

/// A note reference in running text (not bold) whose number has a letter made to look like a
/// digit (`GVӀ2`, Cyrillic palochka; `GV1З`, Cyrillic ZE; `GVl2`, a Latin `l`): readers see the
/// label, a search finds nothing. Read as the bold label is read (`labelSkeleton`,
/// `OtherDigits.labelLetterDigits`), it is one finding at the letter; a reading that names no
/// note the course defines is a word, not a reference. Each case is the complete list.
final class PlainReferenceLookAlikeTests: XCTestCase {
    private static let file = "04-duzen-sistemi.md"
    private static let path = "lessons/04-duzen-sistemi.md"

    func testALetterReadAsADigitInAPlainReferenceIsOneFinding() throws {
        let cases: [(written: String, column: Int, has: String, wanted: String)] = [
            ("GV\u{4C0}2'de", 208, "U+04C0 CYRILLIC LETTER PALOCHKA", "1"),
            ("`GV\u{4C0}2`'de", 209, "U+04C0 CYRILLIC LETTER PALOCHKA", "1"),
            ("GV1\u{417}'de", 209, "U+0417 CYRILLIC CAPITAL LETTER ZE", "3"),
            ("GVl2'de", 208, "'l'", "1"),
            ("GVI2'de", 208, "'I'", "1"),
        ]
        for (written, column, has, wanted) in cases {
            let label =
                written.hasPrefix("`") ? String(written.dropFirst().prefix { $0 != "`" }) : String(written.prefix(4))
            let note = "GV1" + (wanted == "3" ? "3" : "2")
            let (found, fixed) = try findingsAndAfterTheFix([(Self.file, "GV12'de", written)])
            XCTAssertEqual(
                found,
                [
                    "\(Self.path):157:\(column): error: note '\(label)' reads as \(note) but has \(has) where "
                        + "\(note) has '\(wanted)'; write \(note) [note-series]"
                ], written)
            XCTAssertEqual(fixed, [], written)
        }
    }

    /// A prefix with a look-alike letter and a digit that names no defined note is a word.
    func testAReadingOfNoDefinedNoteIsAWord() throws {
        XCTAssertEqual(try findings(after: [(Self.file, "GV12'de", "GV12'de ve GVl99'da, GVIX ile GVI99")]), [])
    }
}
