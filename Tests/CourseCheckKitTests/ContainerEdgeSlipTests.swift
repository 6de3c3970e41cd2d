import Foundation
import XCTest

@testable import CourseCheckKit

/// Block slips at the edge of a container or a table: both fences of a block lost in a list item
/// whose first line was the opening fence (`1. ```swift`), a paragraph or `===` typed right under
/// the closing table's last row, a `-` or `--` typed under a paragraph. Each case is the complete
/// list of a run's findings in a copy of the real course: one finding at the slipped line, whose
/// fix, followed, gives the lesson back with none; the nearby correct form is none.
final class ContainerEdgeSlipTests: XCTestCase {
    /// Lines `first`–`last` (1-based) of `lines` put in a list item whose first line is line
    /// `first` behind `marker`, the others indented as its content (`prefix`; blank lines stay).
    private static func itemize(_ lines: inout [String], _ first: Int, _ last: Int, marker: String, prefix: String) {
        for index in (first - 1)...(last - 1) {
            lines[index] =
                index == first - 1 ? marker + lines[index] : lines[index].isEmpty ? "" : prefix + lines[index]
        }
    }

    /// Lesson 9's tree (fences at 119 and 136, its output 138–144) and its display fragment (100
    /// and 113), each in a list item whose first line is the opening fence (`1. ```swift`,
    /// `- ```swift`), both fences deleted: the item's first line now holds the block's first line
    /// (cmark-gfm: `<li><p>// main.swift — …` and the lines after it as text). One finding at that
    /// line, naming the block from it, whose fix writes the fence back after the marker and the
    /// code under it; the output under the tree is not called a stray.
    func testBothFencesOfABlockLostInAListItemWhoseFirstLineWasTheFenceAreOneFindingThere() throws {
        let file = "09-yerel-durum.md"
        for (marker, prefix) in [("1. ", "   "), ("- ", "  "), ("10. ", "    ")] {
            let column = prefix.count + 1
            let cases = [
                (
                    (119, 144), [119, 136],
                    "119:\(column): error: lines 119–134 are a tree with no fences around it: readers see '// main.swift "
                        + "— gorunumun kendi durumu y…' and the lines after it as text; write line 119 as "
                        + "'\(marker)```swift' and move its text to a new line under it, after '\(prefix)'; insert "
                        + "'\(prefix)```' after line 134 [unterminated-fence]"
                ),
                (
                    (100, 113), [100, 113],
                    "100:\(column): error: lines 100–111 are Swift code with no fences around it: readers see 'import "
                        + "SwiftUI' and the lines after it as text; write line 100 as '\(marker)```swift' and move its "
                        + "text to a new line under it, after '\(prefix)'; insert '\(prefix)```' after line 111 "
                        + "[unterminated-fence]"
                ),
            ]
            for ((first, last), fences, message) in cases {
                let contained = { (lines: inout [String]) in
                    Self.itemize(&lines, first, last, marker: marker, prefix: prefix)
                }
                let (_, _, control, _) = try edited(file, contained)
                XCTAssertEqual(control, [], "'\(marker)' \(first)")
                var clean: [String] = []
                let (_, lines, found, rerun) = try edited(file) { lines in
                    contained(&lines)
                    clean = lines
                    // The opening fence's line keeps the marker, now before the block's first line.
                    lines[fences[0] - 1] = marker + String(lines[fences[0]].dropFirst(prefix.count))
                    lines.remove(at: fences[1] - 1)
                    lines.remove(at: fences[0])
                }
                XCTAssertEqual(found, ["lessons/\(file):\(message)"], "'\(marker)' \(first)")
                let fixed = try followed(found, in: lines)
                XCTAssertEqual(fixed, clean, "'\(marker)' \(first)")
                XCTAssertEqual(try rerun(fixed), [], "'\(marker)' \(first)")
            }
        }
    }

    /// The same in a block quote's list item (`> 1. ```swift`): the fence goes back after the
    /// quote's and the item's markers, the code under it after `>` and the item's indentation.
    func testBothFencesLostInAQuotedListItemWhoseFirstLineWasTheFenceAreOneFindingThere() throws {
        let file = "09-yerel-durum.md"
        let contained = { (lines: inout [String]) in
            for index in 118...143 {
                lines[index] =
                    index == 118 ? "> 1. " + lines[index] : lines[index].isEmpty ? ">" : ">    " + lines[index]
            }
        }
        let (_, _, control, _) = try edited(file, contained)
        XCTAssertEqual(control, [])
        var clean: [String] = []
        let (_, lines, found, rerun) = try edited(file) { lines in
            contained(&lines)
            clean = lines
            lines[118] = "> 1. " + String(lines[119].dropFirst(">    ".count))
            lines.remove(at: 135)
            lines.remove(at: 119)
        }
        XCTAssertEqual(
            found,
            [
                "lessons/\(file):119:6: error: lines 119–134 are a tree with no fences around it: readers see "
                    + "'// main.swift — gorunumun kendi durumu y…' and the lines after it as text; write line 119 as "
                    + "'> 1. ```swift' and move its text to a new line under it, after '>    '; insert '>    ```' after "
                    + "line 134 [unterminated-fence]"
            ])
        let fixed = try followed(found, in: lines)
        XCTAssertEqual(fixed, clean)
        XCTAssertEqual(try rerun(fixed), [])
    }

    /// Lesson 21: the closing table's last row is line 265, the blank line 266, the sentence
    /// that counts the triggers 267. A line with no pipe right under the last row is a row to
    /// GitHub (cmark-gfm: `<tr><td>Açılış dersi …</td><td></td>…`, `<td>===</td>`), and each line
    /// of a paragraph typed there is one more. One finding at the first such line, naming it as
    /// that: prose gets the blank line back, `===` goes; followed, none.
    func testALineTypedRightUnderTheClosingTableIsOneFindingNamingItAsARow() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let row =
            "lessons/\(file):266:1: error: this line continues the closing table as a row (GitHub reads a line right "
            + "under a table as a row); "
        let cases: [(String, (inout [String]) -> Void, String, Bool)] = [
            ("the blank line lost", { $0.remove(at: 265) }, "put a blank line before it", true),
            (
                "two lines glued", { $0[265] = "Tablo kursun kısa özetidir." }, "put a blank line before it",
                false
            ),
            ("'===' typed under the row", { $0.insert("===", at: 265) }, "delete this line", true),
            ("' ===' typed under the row", { $0.insert(" ===", at: 265) }, "delete this line", true),
        ]
        for (what, edit, fix, restores) in cases {
            let (clean, lines, found, rerun) = try edited(file, edit)
            XCTAssertEqual(found, [row + fix + " [closing-table]"], what)
            let fixed = try followed(found, in: lines)
            if restores { XCTAssertEqual(fixed, clean, what) }
            XCTAssertEqual(try rerun(fixed), [], what)
        }
        // Two lines glued: the typed line and the distribution sentence both rows, one finding.
        let (_, _, both, _) = try edited(file) {
            $0.remove(at: 265)
            $0.insert("Tablo kursun kısa özetidir.", at: 265)
        }
        XCTAssertEqual(both, [row + "put a blank line before it [closing-table]"])
        // The controls: the blank line there, a paragraph typed after it.
        let (_, _, control, _) = try edited(file) {
            $0.insert(contentsOf: ["", "Tablo kursun kısa özetidir."], at: 265)
        }
        XCTAssertEqual(control, [])
    }

    /// A `-` or `--` typed right under a paragraph underlines it as a heading (cmark-gfm: `<h2>`).
    /// The fix is to delete it; a blank line between would not make a rule (cmark-gfm: `-` after
    /// a blank line is an empty bullet, `--` a paragraph), so no rule alternative is offered, as
    /// it is for `---`.
    func testAShortDashUnderlineUnderAParagraphOffersOnlyTheFixThatConverges() throws {
        let file = "07-gorsel-bilesenler.md"
        for written in ["-", "--", " -"] {
            let (clean, lines, found, rerun) = try edited(file) { $0.insert(written, at: 14) }
            XCTAssertEqual(
                found,
                [
                    "lessons/\(file):15:1: error: '\(written.trimmingCharacters(in: .whitespaces))' right under line 14 underlines its sentence as a "
                        + "heading, so readers see the paragraph as a heading, not as text; delete this line "
                        + "[stray-underline]"
                ], written)
            let fixed = try followed(found, in: lines)
            XCTAssertEqual(fixed, clean, written)
            XCTAssertEqual(try rerun(fixed), [], written)
        }
        let (_, _, rule, _) = try edited(file) { $0.insert("---", at: 14) }
        XCTAssertEqual(
            rule,
            [
                "lessons/\(file):15:1: error: '---' right under line 14 underlines its sentence as a heading, so "
                    + "readers see the paragraph as a heading, not as text; delete this line, or, if a rule is meant "
                    + "here, put a blank line between the paragraph and '---' [stray-underline]"
            ])
        // The control: a rule after a blank line.
        let (_, _, control, _) = try edited(file) { $0.insert(contentsOf: ["", "---"], at: 14) }
        XCTAssertEqual(control, [])
    }

    /// Lesson 21's closing table: header 243, delimiter row 244. A slip in the delimiter row (a
    /// cell lost, an em dash as autocorrect types `---`, `|===|`) renders no table (cmark-gfm: a
    /// paragraph of pipes): one finding at line 244, the slipped line, whose fix writes it; a
    /// header a cell short over a right delimiter row stays at the header.
    func testASlippedDelimiterRowIsOneFindingAtItsLine() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let here =
            "lessons/\(file):244:1: error: the closing table's delimiter row is here, but GitHub does not read it as "
            + "one, so it renders no table: "
        let fix = "; write '|---|---|---|---|' [closing-table]"
        let cases = [
            ("|---|---|---|", here + "its header has 4 cells and its delimiter row has 3" + fix),
            ("|---|---|-\u{2014}-|---|", here + "a delimiter cell is not dashes with optional colons" + fix),
            (
                "|===|===|===|===|",
                here + "a delimiter cell is dashes ('-') with optional colons, not '|===|===|===|===|'" + fix
            ),
        ]
        for (written, finding) in cases {
            let (clean, lines, found, rerun) = try edited(file) { $0[243] = written }
            XCTAssertEqual(found, [finding], written)
            let fixed = try followed(found, in: lines)
            XCTAssertEqual(fixed, clean, written)
            XCTAssertEqual(try rerun(fixed), [], written)
        }
        // The header's slip stays at the header.
        let (_, _, header, _) = try edited(file) { $0[242] = "| Ders | Değişiklik | Tetik |" }
        XCTAssertEqual(
            header,
            [
                "lessons/\(file):243:1: error: the closing table's header row has 3 cells but the delimiter row under "
                    + "it 4, so GitHub shows the table as a paragraph of pipes; the header lost a cell: write it back "
                    + "[closing-table]"
            ])
    }
}
