import Foundation
import XCTest

/// The closing table's header row with an empty cell or a lost one. An empty header cell still
/// renders a table (cmark-gfm: an empty `<th>`), so it is one finding at that cell, naming the
/// column where the claim knows it (`Ders`, `Tetik`) by the rows under it; a header a cell short
/// of its delimiter row renders no table, and the finding says so, not "insert a header row".
/// Each case is the run's complete list of findings, and following the fix leaves none.
final class ClosingTableHeaderSlipTests: XCTestCase {
    private static let file = "21-on-izleme-ve-yineleme.md"
    private static let path = "lessons/21-on-izleme-ve-yineleme.md"
    private static let header = "| Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm |"

    private func error(_ line: Int, _ column: Int, _ message: String) -> String {
        "\(Self.path):\(line):\(column): error: \(message) [closing-table]"
    }

    func testAnEmptyTetikOrDersHeaderCellIsOneFindingAtIt() throws {
        let cases: [(written: String, column: Int, cell: Int, name: String)] = [
            ("| Ders | Değişiklik | | Sınırlayıcı ölçüm |", 24, 3, "Tetik"),
            ("| | Değişiklik | Tetik | Sınırlayıcı ölçüm |", 2, 1, "Ders"),
            ("|  | Değişiklik | Tetik | Sınırlayıcı ölçüm |", 2, 1, "Ders"),
        ]
        for (written, column, cell, name) in cases {
            let (found, fixed) = try findingsAndAfterTheFix([(Self.file, Self.header, written)])
            XCTAssertEqual(
                found,
                [
                    error(
                        243, column,
                        "the closing table's header cell \(cell) is empty, so GitHub shows the '\(name)' column "
                            + "without a title; write the header row as '\(Self.header)'")
                ], written)
            XCTAssertEqual(fixed, [], written)
        }
    }

    /// Both `Ders` and `Tetik` left empty: the columns are known by their rows, one finding each,
    /// and either fix writes the whole header.
    func testBothNamedHeaderCellsEmptyAreOneFindingEach() throws {
        let fix = "without a title; write the header row as '\(Self.header)'"
        let (found, fixed) = try findingsAndAfterTheFix([
            (Self.file, Self.header, "| | Değişiklik | | Sınırlayıcı ölçüm |")
        ])
        XCTAssertEqual(
            found,
            [
                error(243, 2, "the closing table's header cell 1 is empty, so GitHub shows the 'Ders' column \(fix)"),
                error(243, 19, "the closing table's header cell 3 is empty, so GitHub shows the 'Tetik' column \(fix)"),
            ])
        XCTAssertEqual(fixed, [])
    }

    /// Another column's header left empty is as much a slip as an empty body cell in it.
    func testAnEmptyOtherHeaderCellIsOneFinding() throws {
        for (written, column, cell) in [
            ("| Ders | Değişiklik | Tetik | |", 32, 4), ("| Ders | | Tetik | Sınırlayıcı ölçüm |", 9, 2),
        ] {
            XCTAssertEqual(
                try findings(after: [(Self.file, Self.header, written)]),
                [
                    error(
                        243, column,
                        "the closing table's header cell \(cell) is empty, so GitHub shows column \(cell) without a "
                            + "title; write its title in it")
                ], written)
        }
    }

    /// A header a cell short of its delimiter row is a paragraph of pipes to GitHub: the finding
    /// names the count and the lost cell, and writing the header back renders the table whole.
    func testAHeaderThatLostACellNamesTheCell() throws {
        let cases: [(String, String)] = [
            ("| Ders | Değişiklik | Sınırlayıcı ölçüm |", "Tetik"),
            ("| Değişiklik | Tetik | Sınırlayıcı ölçüm |", "Ders"),
        ]
        for (written, name) in cases {
            let (found, fixed) = try findingsAndAfterTheFix([(Self.file, Self.header, written)])
            XCTAssertEqual(
                found,
                [
                    error(
                        243, 1,
                        "the closing table's header row has 3 cells but the delimiter row under it 4, so GitHub "
                            + "shows the table as a paragraph of pipes; the header lost its '\(name)' cell: write the "
                            + "header row as '\(Self.header)'")
                ], written)
            XCTAssertEqual(fixed, [], written)
        }
    }

    /// An empty body cell in a column whose header is empty too: two slips, each named, the cell's
    /// column as untitled (not `''`).
    func testAnEmptyCellUnderAnEmptyHeaderIsNamedAsUntitled() throws {
        let row = "| Yığıt Düzenleri | aralık değişti | ebeveyn | kardeş katman değeri okuyamaz |"
        XCTAssertEqual(
            try findings(after: [
                (Self.file, Self.header, "| Ders | Değişiklik | Tetik | |"),
                (Self.file, row, "| Yığıt Düzenleri | aralık değişti | ebeveyn | |"),
            ]),
            [
                error(
                    243, 32,
                    "the closing table's header cell 4 is empty, so GitHub shows column 4 without a title; write its "
                        + "title in it"),
                error(247, 55, "row 3 shows nothing in the untitled column: its cell is empty; write it"),
            ])
    }

    /// A header that lost (or gained) a cell other than `Ders` and `Tetik`: the rows under the
    /// delimiter row have its cells, so the header is the slip, not the delimiter row (rewriting
    /// that to three cells would leave every row a cell over).
    func testAHeaderThatLostAnotherCellIsTheSlip() throws {
        for (written, cells, fix) in [
            ("| Ders | Tetik | Sınırlayıcı ölçüm |", 3, "the header lost a cell: write it back"),
            ("| Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm | Not |", 5, "the header has a cell too many: delete it"),
        ] {
            XCTAssertEqual(
                try findings(after: [(Self.file, Self.header, written)]),
                [
                    error(
                        243, 1,
                        "the closing table's header row has \(cells) cells but the delimiter row under it 4, so "
                            + "GitHub shows the table as a paragraph of pipes; \(fix)")
                ], written)
        }
    }

    /// Rendering-preserving neighbours: the header's cells padded or its outer pipes left off.
    func testHeadersThatRenderTheSameAreClean() throws {
        for written in ["|Ders|Değişiklik|Tetik|Sınırlayıcı ölçüm|", "Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm"] {
            XCTAssertEqual(try findings(after: [(Self.file, Self.header, written)]), [], written)
        }
    }
}
