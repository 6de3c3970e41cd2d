import Foundation
import XCTest

@testable import CourseCheckKit

/// The neighbours of a near comment opener: a `<--` and its `-->` each between words of their
/// lines read as two arrows in prose (silent), while a comment's marks open a line, close one or
/// touch their text (the slip); a near opener's line right above a note is read as the comment
/// block it was meant to be, so the note is no second finding.
final class CommentArrowSlipTests: XCTestCase {
    /// A pair of arrows between words, on one line or across two of a paragraph: silent.
    func testArrowsBetweenWordsAreSilent() throws {
        let tails = [
            " Geri <-- git, **DR1** notuna bak; ileri --> git.", " A <-- B --> C", " A\t<-- B -->\tC",
            " A <-- B\nC --> D",
        ]
        for tail in tails {
            let found = try CommentOpenerSlipTests.found { $0[CommentOpenerSlipTests.noteLine($0)] += tail }
            XCTAssertEqual(found, [], tail)
        }
    }

    /// The neighbours that read as a comment stay one finding at the opener: a `-->` ending its
    /// line, a `<--` opening its line, marks touching their text, and the other near forms
    /// between words.
    func testCommentShapedNeighboursStayTheSlip() throws {
        let lesson = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("lessons/\(CommentOpenerSlipTests.lesson)"),
            encoding: .utf8)
        let note = CommentOpenerSlipTests.noteLine(lesson.components(separatedBy: "\n"))
        let cases: [(edit: (String) -> String, written: String)] = [
            ({ "\($0) A <-- B -->" }, "<--"),
            ({ "\($0)\n<-- B --> C" }, "<--"),
            ({ "\($0) (<-- B -->) C" }, "<--"),
            ({ "\($0) A <--B --> C" }, "<--"),
            ({ "\($0) A < !-- B --> C" }, "< !--"),
            ({ "\($0) A !-- B --> C" }, "!--"),
        ]
        for (edit, written) in cases {
            var edited = ""
            let found = try CommentOpenerSlipTests.found { lines in
                lines[note] = edit(lines[note])
                edited = lines[note]
            }
            let parts = edited.components(separatedBy: "\n")
            let part = try XCTUnwrap(parts.firstIndex { $0.utf8Offset(of: written) != nil })
            let column = try XCTUnwrap(parts[part].utf8Offset(of: written)) + 1
            let close = try XCTUnwrap(parts[part].utf8Offset(of: "-->", from: column + written.utf8.count - 1)) + 1
            XCTAssertEqual(
                found, [CommentOpenerSlipTests.finding(note + 1 + part, column, written, closeColumn: close)], edited)
        }
    }

    /// A near opener's line right above a note (no blank line between): written `<!--`, it is an
    /// HTML block ending at its line, so the note opens its own paragraph. One finding, and
    /// following it leaves none.
    func testANearCommentLineAboveANoteIsOneFinding() throws {
        let dr2 = "**DR2.** Bu ölçüm"
        let (found, fixed) = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", dr2, "<-- eski **DR9.** -->\n" + dr2),
            ("03-yigit-duzenleri.md", "**GV7.** Bu ölçüm", "!-- eski\nnot -->\n**GV7.** Bu ölçüm"),
        ])
        XCTAssertEqual(
            found,
            [
                "lessons/03-yigit-duzenleri.md:118:1: error: this reads as '<!--' written as '!--', which opens no "
                    + "HTML comment, so the comment's text shows on GitHub, up to its '-->' (line 119, column 5); "
                    + "write '<!--' in place of '!--' [comment-look-alike]",
                "lessons/09-yerel-durum.md:216:1: error: this reads as '<!--' written as '<--', which opens no HTML "
                    + "comment, so the comment's text shows on GitHub, up to its '-->' (column 19); write '<!--' in "
                    + "place of '<--' [comment-look-alike]",
            ])
        XCTAssertEqual(fixed, [])
    }

    /// cmark-gfm, the oracle: the arrows show as text; `<!--` opening a line above a note is a
    /// block of its own, and the note a paragraph of its own.
    func testTheOracleReadsTheseShapes() throws {
        let tool = try StructureSlipPropertyTests.cmarkGFM()
        let arrows = try StructureSlipPropertyTests.render("Geri <-- git; ileri --> git.\n", with: tool)
        XCTAssertEqual(arrows, "<p>Geri &lt;-- git; ileri --&gt; git.</p>\n")
        let above = try StructureSlipPropertyTests.render("Metin.\n<!-- eski -->\n**DR2.** Bu\n", with: tool)
        XCTAssertEqual(above, "<p>Metin.</p>\n<!-- eski -->\n<p><strong>DR2.</strong> Bu</p>\n")
    }
}
