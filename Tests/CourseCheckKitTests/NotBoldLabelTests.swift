import Foundation
import XCTest

/// A note label that opens its paragraph but not in bold (plain, in italics, in a code span, a
/// bold mark lost at either end): one finding at it that quotes the label as written, as the near
/// forms' messages do, so following its fix gives the course as committed. `__DR10.__` is bold.
final class NotBoldLabelTests: XCTestCase {
    private func notBold(_ written: String) -> String {
        "lessons/12-ortam-degerleri.md:184:1: error: this paragraph opens with '\(written)', the note label DR10. "
            + "but not in bold, so it does not read as a note; write **DR10.** [note-series]"
    }

    func testEachNotBoldFormIsQuotedAsWritten() throws {
        for written in PropertySeeds.sampled(["**DR10.*", "*DR10.**", "*DR10.*", "_DR10._", "DR10.", "`DR10.`"]) {
            let (found, fixed) = try findingsAndAfterTheFix([("12-ortam-degerleri.md", "**DR10.** Bu", "\(written) Bu")]
            )
            XCTAssertEqual(found, [notBold(written)], written)
            XCTAssertEqual(fixed, [], written)
        }
    }

    /// `__DR10.__` renders bold (cmark-gfm: `<strong>DR10.</strong>`): the note, no finding.
    func testUnderscoreBoldIsTheNote() throws {
        XCTAssertEqual(try findings(after: [("12-ortam-degerleri.md", "**DR10.** Bu", "__DR10.__ Bu")]), [])
    }
}
