import Foundation
import XCTest

/// A closing-table row whose cell shows nothing: the row ends before it (GitHub fills it in
/// empty), or it holds blanks, `&nbsp;`, an empty code span or a comment alone. Each is one
/// finding at the cell (at the row's end for lost cells) naming its column by its header, and the
/// row's title and trigger are not judged again as the empty text they show. Each case is a
/// complete list of the run's findings.
final class ClosingTableCellTests: XCTestCase {
    private static let file = "21-on-izleme-ve-yineleme.md"
    private static let path = "lessons/21-on-izleme-ve-yineleme.md"
    private static let header = ["Ders", "Değişiklik", "Tetik", "Sınırlayıcı ölçüm"]

    private func error(_ line: Int, _ column: Int, _ message: String) -> String {
        "\(Self.path):\(line):\(column): error: \(message) [closing-table]"
    }

    func testALostLastCellIsOneFindingAtTheRowsEnd() throws {
        let row = "| Yığıt Düzenleri | aralık değişti | ebeveyn | kardeş katman değeri okuyamaz |"
        let found = try findings(after: [(Self.file, row, "| Yığıt Düzenleri | aralık değişti | ebeveyn |")])
        XCTAssertEqual(
            found,
            [
                error(
                    247, 54,
                    "row 3 has no 'Sınırlayıcı ölçüm': the row ends before its cell, so GitHub shows it empty; "
                        + "write it at the row's end")
            ])
    }

    /// An empty trigger cell is an empty cell, with the declared trigger to write, not a trigger ''.
    func testAnEmptyTriggerOrTitleCellIsAnEmptyCell() throws {
        let row = "| Yığıt Düzenleri | aralık değişti | ebeveyn | kardeş katman değeri okuyamaz |"
        XCTAssertEqual(
            try findings(after: [
                (Self.file, row, "| Yığıt Düzenleri | aralık değişti | | kardeş katman değeri okuyamaz |")
            ]),
            [error(247, 45, "row 3 has no 'Tetik': its cell is empty; write 'ebeveyn' in it")])
        XCTAssertEqual(
            try findings(after: [(Self.file, row, "| | aralık değişti | ebeveyn | kardeş katman değeri okuyamaz |")]),
            [error(247, 3, "row 3 has no 'Ders': its cell is empty; write 'Yığıt Düzenleri' in it")])
    }

    /// What shows nothing is named as written; a comment around the trigger keeps its own message.
    func testCellsThatShowNothingAreNamed() throws {
        let row = "| Yığıt Düzenleri | aralık değişti | ebeveyn | kardeş katman değeri okuyamaz |"
        let cases: [(String, String)] = [
            ("&nbsp;", "holds only '&nbsp;', which readers do not see"),
            ("` `", "holds only '` `', which readers do not see"),
            ("<!-- x -->", "holds only '<!-- x -->', which readers do not see"),
            ("\u{A0}", "holds only U+00A0 NO-BREAK SPACE, which readers do not see"),
        ]
        for (written, holds) in cases {
            XCTAssertEqual(
                try findings(after: [(Self.file, row, "| Yığıt Düzenleri | aralık değişti | ebeveyn | \(written) |")]),
                [error(247, 55, "row 3 has no 'Sınırlayıcı ölçüm': its cell \(holds); write it")], written)
        }
        // Rendering-preserving neighbours: an empty cell past the header's (GitHub drops it) and
        // `` `` `` (no code span: the backticks show) are no finding.
        XCTAssertEqual(try findings(after: [(Self.file, row, row + " |")]), [])
        XCTAssertEqual(try findings(after: [(Self.file, "kardeş katman değeri okuyamaz |", "`` |")]), [])
    }

    func testARowShowingNothingIsOneFinding() throws {
        let row = "| Yığıt Düzenleri | aralık değişti | ebeveyn | kardeş katman değeri okuyamaz |"
        XCTAssertEqual(
            try findings(after: [(Self.file, row, "| | | | |")]),
            [
                "\(Self.path):247:1: error: row 3 shows nothing in any cell, so GitHub shows an empty row; write the "
                    + "row of 'Yığıt Düzenleri' in it [closing-table]"
            ])
    }

    /// Random row, column and shape (lost, empty, blanks, `&nbsp;`): exactly one finding, at the
    /// cell's line and column (the row's end for a lost one), naming its column.
    func testAnyBlankCellIsOneFindingAtIt() throws {
        let copy = try CourseCopy.make(for: self)
        let url = copy.url.appendingPathComponent("lessons/\(Self.file)")
        let original = try String(contentsOf: url, encoding: .utf8)
        let lines = original.components(separatedBy: "\n")
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| Ders |") }) + 2
        let rows = lines[first...].prefix { $0.hasPrefix("|") }.count
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var generator = BlockStructurePropertyTests.Generator(state: seed)
            let row = Int(generator.next() % UInt64(rows))
            let column = Int(generator.next() % 4)
            // A row cannot lose its first cell (a lone `|` ends the table): that one is emptied.
            var shape = ["lost", "", "   ", "&nbsp;"][Int(generator.next() % 4)]
            if shape == "lost", column == 0 { shape = "" }
            var cells = lines[first + row].split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
            let (title, trigger) = (cells[0], cells[2])
            let prefix = "| " + cells[..<column].map { $0 + " | " }.joined()
            if shape == "lost" { cells.removeSubrange(column...) } else { cells[column] = shape }
            let edited = "| " + cells.joined(separator: " | ") + " |"
            var changed = lines
            changed[first + row] = edited
            try changed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let line = first + row + 1
            let expected: String
            if shape == "lost" {
                let names = Self.header[column...].map { "'\($0)'" }.joined(separator: " and no ")
                let one = column == 3
                expected = error(
                    line, edited.utf8.count + 1,
                    "row \(row + 1) has no \(names): the row ends before \(one ? "its cell" : "their cells"), so "
                        + "GitHub shows \(one ? "it" : "them") empty; write \(one ? "it" : "them") at the row's end")
            } else {
                // A cell of blanks is found at its closing pipe, one with text at its text.
                let at = prefix.utf8.count + (shape == "&nbsp;" ? 1 : shape.utf8.count + 2)
                let holds = shape == "&nbsp;" ? "holds only '&nbsp;', which readers do not see" : "is empty"
                let fix = column == 0 ? "'\(title)' in it" : column == 2 ? "'\(trigger)' in it" : "it"
                expected = error(
                    line, at, "row \(row + 1) has no '\(Self.header[column])': its cell \(holds); write \(fix)")
            }
            XCTAssertEqual(courseFindings(in: copy.url), [expected], "seed \(seed): \(edited)")
            try original.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
