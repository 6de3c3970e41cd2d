import Foundation
import XCTest

/// A line typed right under the closing table's last row, as cmark-gfm reads it: a table takes no
/// setext underline, so `===` is a row of its own (named as a line
/// that continues the table, which goes) and `---` (or `***`) a rule after the table.
extension SlipRegressionTests {
    func testAnUnderlineUnderTheClosingTablesLastRowIsARowOrARule() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/21-on-izleme-ve-yineleme.md")
        let clean = try String(contentsOf: url, encoding: .utf8)
        let last = "| Ön İzleme ve Yineleme | örnek ad değişti | gözlem | ön izleme yeni başlangıçtır |\n"
        let line = try XCTUnwrap(clean.components(separatedBy: "\n").firstIndex { $0 + "\n" == last }) + 2
        for (typed, found) in [
            (
                "===",
                [
                    "lessons/21-on-izleme-ve-yineleme.md:\(line):1: error: this line continues the closing table as "
                        + "a row (GitHub reads a line right under a table as a row); delete this line [closing-table]"
                ]
            ),
            ("---", []), ("***", []), ("- - -", []),
        ] {
            try clean.replacingOccurrences(of: last, with: last + typed + "\n").write(
                to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), found.map { Substring($0) }, typed)
        }
        // The claim stays checked with a rule under the table: a wrong trigger in a row is found.
        try clean.replacingOccurrences(
            of: last, with: last.replacingOccurrences(of: "| gözlem |", with: "| yerel |") + "---\n"
        )
        .write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            FenceSlipPropertyTests.findings(in: scratch.url),
            [
                "lessons/21-on-izleme-ve-yineleme.md:\(line - 1):51: error: row 21 gives the trigger 'yerel'; "
                    + "lessons/21-on-izleme-ve-yineleme.md declares 'gözlem' [closing-table]"
            ])
    }
}
