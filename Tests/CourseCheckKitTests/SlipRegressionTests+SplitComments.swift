import Foundation
import XCTest

@testable import CourseCheckKit

/// A two-line comment in a block that is one line (a heading, a table's row) or closed on a line
/// that lost its list item's indentation: one finding at the `<!--`, with the complete message,
/// and its fix followed literally gives none. The same comments written as meant are silent.
extension SlipRegressionTests {
    func testACommentClosedOnAnUnindentedLineOfItsItemPutsTheItemsTextBack() throws {
        try expectSlip(
            "14-sunum-ve-kapatma.md",
            { lines in
                let at = Self.line(lines, "- Bu dersin tetiği")
                lines[at...at] = ["- <!-- x", "y --> Bu dersin tetiği: **yerel**."]
            },
            found: ["lessons/14-sunum-ve-kapatma.md:273:3 [unclosed-comment]"],
            holds: [
                "lessons/14-sunum-ve-kapatma.md:273:3: error: this HTML comment is not closed in its list item: "
                    + "line 274, which holds its '-->', is not indented as the item's text is, so it stands outside "
                    + "the item and its '-->' closes nothing; the comment hides everything after it from readers "
                    + "(lines 274–278, with the heading 'Sonraki Adım'); to keep the comment and show the text after "
                    + "its '-->' as the item's, put 'Bu dersin tetiği: **yerel**.' on line 273 after '- ' in place of "
                    + "the comment, and the comment (its '<!--' to its '-->') on lines of their own under it, "
                    + "indented 2 spaces as the item's text is [unclosed-comment]"
            ],
            fix: { lines in
                lines[272...273] = ["- Bu dersin tetiği: **yerel**.", "  <!-- x", "  y -->"]
            })
    }

    func testACommentSplitAcrossAHeadingsLineEndIsJoinedOntoIt() throws {
        for (second, shown) in [("y --> Ölçüm", "y --> Ölçüm"), ("-->", "-->")] {
            let heading = second == "-->" ? "## Sınırlayıcı Ölçüm <!-- x" : "## Sınırlayıcı <!-- x"
            let column = second == "-->" ? 22 : 13
            try expectSlip(
                "14-sunum-ve-kapatma.md",
                { lines in
                    let at = Self.line(lines, "## Sınırlayıcı Ölçüm")
                    lines[at...at] = [heading, second]
                },
                found: ["lessons/14-sunum-ve-kapatma.md:216:\(column + 7) [comment-look-alike]"],
                holds: [
                    "lessons/14-sunum-ve-kapatma.md:216:\(column + 7): error: this '<!--' is not closed ('-->') on "
                        + "its line, and a heading is one line, so the '-->' on line 217 closes nothing: readers see "
                        + "'<!-- x' as text, and line 217 ('\(shown)') as a paragraph under it; join line 217 onto "
                        + "the end of this line, so that the comment closes there [comment-look-alike]"
                ],
                fix: { lines in lines[215...216] = [lines[215] + " " + lines[216]] })
        }
    }

    func testACommentSplitAcrossARowOrTheHeaderOfTheClosingTableIsJoinedOntoIt() throws {
        let lesson = "21-on-izleme-ve-yineleme.md"
        let path = "lessons/\(lesson)"
        let cases: [(line: Int, from: String, to: [String], column: Int, name: String, after: String)] = [
            (
                257, "| yerel | kapatma", ["| yerel <!-- x", "y --> | kapatma"], 46, "table's row",
                "line 259 ('y --> | kapatma eylemi değer değildir |') as a row of its own"
            ),
            (
                242, "| Tetik | Sınırlayıcı", ["| Tetik <!-- x", "y --> | Sınırlayıcı"], 31,
                "table's header row",
                "no table: line 244 ('y --> | Sınırlayıcı ölçüm |') stands between the header row and its delimiter row"
            ),
        ]
        for slip in cases {
            let line = slip.line
            try expectSlip(
                lesson,
                { lines in
                    let parts = lines[line].components(separatedBy: slip.from)
                    lines[line...line] = [parts[0] + slip.to[0], slip.to[1] + parts[1]]
                },
                found: ["\(path):\(line + 1):\(slip.column) [comment-look-alike]"],
                holds: [
                    "\(path):\(line + 1):\(slip.column): error: this '<!--' is not closed ('-->') on its line, and a "
                        + "\(slip.name) is one line, so the '-->' on line \(line + 2) closes nothing: readers see "
                        + "'<!-- x' as text, and \(slip.after); join line \(line + 2) onto the end of this line, so "
                        + "that the comment closes there [comment-look-alike]"
                ],
                fix: { lines in lines[line...(line + 1)] = [lines[line] + " " + lines[line + 1]] })
        }
    }

    /// After the header row's last pipe, a comment joined onto the row would be a cell of its own,
    /// which the delimiter row does not match: the fix moves it above the table.
    func testACommentSplitAfterTheHeaderRowsLastPipeGoesAboveTheTable() throws {
        let path = "lessons/21-on-izleme-ve-yineleme.md"
        try expectSlip(
            "21-on-izleme-ve-yineleme.md",
            { lines in lines[242...242] = [lines[242] + " <!-- x", "y -->"] },
            found: ["\(path):243:60 [comment-look-alike]"],
            holds: [
                "\(path):243:60: error: this '<!--' is not closed ('-->') on its line, and a table's header row is "
                    + "one line, so the '-->' on line 244 closes nothing: readers see '<!-- x' as text, and no table: "
                    + "line 244 ('y -->') stands between the header row and its delimiter row; move the comment (its "
                    + "'<!--' to its '-->') onto lines of their own above the table: at the end of the header row it "
                    + "would be a cell of its own, which the delimiter row does not match [comment-look-alike]"
            ],
            fix: { lines in
                lines[242...243] = ["<!-- x", "y -->", String(lines[242].dropLast(" <!-- x".count))]
            })
    }

    /// While a comment split in the closing table (in a row, across the header) or one ending it
    /// (`<!-- a` over `b --> | row |`) stands, the summary says the table waits for it, and the
    /// slip is the one finding.
    func testTheClosingTableWaitsForACommentSlipInIt() throws {
        let path = "lessons/21-on-izleme-ve-yineleme.md"
        let edits: [(place: String, edit: Edit)] = [
            (
                "258:46",
                { lines in
                    let parts = lines[257].components(separatedBy: "| yerel | kapatma")
                    lines[257...257] = [parts[0] + "| yerel <!-- x", "y --> | kapatma" + parts[1]]
                }
            ),
            (
                "243:31",
                { lines in
                    let parts = lines[242].components(separatedBy: "| Tetik | Sınırlayıcı")
                    lines[242...242] = [parts[0] + "| Tetik <!-- x", "y --> | Sınırlayıcı" + parts[1]]
                }
            ),
            ("258:1", { lines in lines[257...257] = ["<!-- a", "b --> " + lines[257]] }),
        ]
        for (place, edit) in edits {
            let scratch = try CourseCopy.make(for: self)
            let url = scratch.url.appendingPathComponent(path)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            edit(&lines)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let run = InProcess.run(["--no-goldens", "lessons"], in: scratch.url)
            let found = run.stderr.findingLines
            XCTAssertEqual(found.count, 1, "\(place): \(run.stderr)")
            XCTAssertTrue(found.first?.hasPrefix("\(path):\(place): error: ") ?? false, "\(place): \(run.stderr)")
            XCTAssertTrue(
                run.stdout.hasSuffix("claims: 7 checked, 1 waiting for a slip (closing-table); 1 error\n"),
                "\(place): \(run.stdout)")
        }
    }

    /// The same comments as meant: in the heading's or row's own line, or under the item indented.
    func testACommentClosedInItsHeadingRowOrItemIsSilent() throws {
        try expectSlip(
            "14-sunum-ve-kapatma.md",
            { lines in
                let heading = Self.line(lines, "## Sınırlayıcı Ölçüm")
                lines[heading] = "## Sınırlayıcı <!-- x y --> Ölçüm"
                let at = Self.line(lines, "- Bu dersin tetiği")
                lines.insert(contentsOf: ["  <!-- x", "  y -->"], at: at + 1)
            }, found: [])
        try expectSlip(
            "21-on-izleme-ve-yineleme.md",
            { lines in
                let at = Self.line(lines, "| Sunum ve Kapatma")
                lines[at] = lines[at].replacingOccurrences(of: "| yerel |", with: "| yerel <!-- x y --> |")
                let row = Self.line(lines, "| Bildirimsel")
                lines[row] = lines[row].replacingOccurrences(of: "dördü (", with: "dördü <!-- x --> (")
            }, found: [])
    }
}
