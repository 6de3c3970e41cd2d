import Foundation
import XCTest

@testable import CourseCheckKit

/// Slips an adversarial round found reported as what they broke: a comment slip in an index item
/// that a marker slip above it had turned into text, a reference link's mistyped label in the
/// index, and a setext underline typed under a note. Each is one finding at the slip with the
/// complete list asserted, following the fixes gives none and the clean page (cmark-gfm), and
/// the forms that render as meant stay silent.
extension SlipRegressionTests {
    /// Readers of `lines` (the real course's `file` after `edit` and `fix`) see what readers of
    /// the clean file see.
    func assertRendersClean(_ file: String, _ edits: [Edit], line: UInt = #line) throws {
        let tool = try StructureSlipPropertyTests.cmarkGFM()
        let url = Binary.packageRoot.appendingPathComponent("lessons/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        for edit in edits { edit(&lines) }
        XCTAssertEqual(
            try StructureSlipPropertyTests.seen(lines.joined(separator: "\n"), tool),
            try StructureSlipPropertyTests.seen(text, tool), file, line: line)
    }

    /// A Devanagari digit on item 9 turns the rest of its list into a paragraph's text, where item
    /// 14's comment, closed on the next line, is inline HTML: the comment's slip is found in the
    /// index read as if the marker were fixed, so the two slips are two findings, each at its own
    /// line (never "the index does not list" item 14's lesson), and both fixes followed give none.
    func testAMarkerSlipAndACommentSlipInOneIndexListAreTwoFindings() throws {
        let index = "README.md"
        let link = "[Sunum ve Kapatma](14-sunum-ve-kapatma.md)"
        let marker: (edit: Edit, fix: Edit) = (
            { lines in lines[Self.line(lines, "9. [")] = "\u{96F}. " + lines[Self.line(lines, "9. [")].dropFirst(3) },
            { lines in
                lines[Self.line(lines, "\u{96F}. [")] = "9. " + lines[Self.line(lines, "\u{96F}. [")].dropFirst(3)
            }
        )
        let comment = Self.itemCommentedOverTwoLines
        try expectSlips(
            [(index, marker.edit, marker.fix), (index, comment.edit, comment.fix)],
            found: [
                "lessons/\(index):37:1: error: '\u{96F}. [' opens no list item: its number is written with U+096F "
                    + "DEVANAGARI DIGIT NINE, a digit of another script, which is no list number to CommonMark, so "
                    + "readers see this line as text, not as an item of the index; write '9. [' [course-index]",
                "lessons/\(index):42:5: error: this HTML comment runs on to the '-->' at line 43, column 7, and hides "
                    + "everything up to there from readers (line 43), but the rest of line 43 ('\(link)') is passed "
                    + "through as raw HTML: readers see it outside any paragraph, its Markdown not rendered, and "
                    + "nothing there is judged; to keep what the comment hides hidden and show that text as written, "
                    + "put '\(link)' on line 42 after '14. ' in place of the comment, and the comment (its '<!--' to "
                    + "its '-->') on lines of their own under it, indented 4 spaces as line 43 is [unclosed-comment]",
            ])
        try assertRendersClean(index, [marker.edit, comment.edit, marker.fix, comment.fix])
        // Silent: the marker slip's list with the comment under item 14's link, as the fix leaves it,
        // gives the marker's finding alone.
        let (found, messages) = try courseFindings(index) { lines in
            marker.edit(&lines)
            lines.insert(contentsOf: ["    <!-- x", "    y -->"], at: Self.line(lines, "14. [") + 1)
        }
        XCTAssertEqual(found, ["lessons/\(index):37:1 [course-index]"], "\(messages)")
    }

    /// An index item written as a reference link whose label is mistyped (`[l41]` where the index
    /// defines `[l14]`) is text, no link: one finding at the label, naming the defined one, never
    /// "the index does not list" its lesson at the next item. Following it gives none and the clean
    /// page; the label written right, in any case, is silent.
    func testAMistypedReferenceLabelInTheIndexIsOneFindingAtIt() throws {
        let index = "README.md"
        func written(_ label: String) -> Edit {
            { lines in
                let at = Self.line(lines, "14. [")
                lines[at] = "14. [Sunum ve Kapatma][\(label)]"
                lines.insert(contentsOf: ["", "[l14]: 14-sunum-ve-kapatma.md"], at: at + 2)
            }
        }
        let fix: Edit = { lines in
            let at = Self.line(lines, "14. [")
            lines[at] = lines[at].replacingOccurrences(of: "[l41]", with: "[l14]")
        }
        try expectSlips(
            [(index, written("l41"), fix)],
            found: [
                "lessons/\(index):42:24: error: no link reference definition has the label 'l41', so readers see "
                    + "'[Sunum ve Kapatma][l41]' as text, not as an item of the index; the index defines 'l14' at "
                    + "line 45: write [l14] for [l41] [course-index]"
            ])
        try assertRendersClean(index, [written("l41"), fix])
        for label in ["l14", "L14"] {
            let (found, messages) = try courseFindings(index, written(label))
            XCTAssertEqual(found, [], "[\(label)]: \(messages)")
        }
    }

    /// An index item written as a reference link whose label no definition has and none is near
    /// (`[qqzz]`, `[Title]` alone, with no definitions or with others of other lessons): one
    /// finding at the label, naming the labels the index defines and the item as meant (the link
    /// to the lesson its title names, or the one lesson no item lists when the title is mistyped
    /// too), never "the index does not list" its lesson at the next item. Following it gives
    /// none and the clean page.
    func testAReferenceLabelNoDefinitionIsNearIsOneFindingAtIt() throws {
        let index = "README.md"
        func written(_ item: String, definitions: [String] = []) -> Edit {
            { lines in
                let at = Self.line(lines, "14. [")
                lines[at] = "14. \(item)"
                if !definitions.isEmpty { lines.insert(contentsOf: [""] + definitions, at: at + 2) }
            }
        }
        let fix: Edit = { lines in
            let at = Self.line(lines, "14. [")
            lines[at] = "14. [Sunum ve Kapatma](14-sunum-ve-kapatma.md)"
        }
        let text = "error: no link reference definition has the label"
        let meant = "write [Sunum ve Kapatma](14-sunum-ve-kapatma.md) for"
        for (slip, column, says) in [
            (
                written("[Sunum ve Kapatma][qqzz]"), 24,
                "'qqzz', so readers see '[Sunum ve Kapatma][qqzz]' as text, not as an item of the index; the index "
                    + "defines no label: \(meant) [Sunum ve Kapatma][qqzz]"
            ),
            (
                written("[Sunum ve Kapatma]"), 6,
                "'Sunum ve Kapatma', so readers see '[Sunum ve Kapatma]' as text, not as an item of the index; the "
                    + "index defines no label: \(meant) [Sunum ve Kapatma]"
            ),
            (
                written("[Sunum ve Kapatmaa][qqzz]"), 25,
                "'qqzz', so readers see '[Sunum ve Kapatmaa][qqzz]' as text, not as an item of the index; the index "
                    + "defines no label: \(meant) [Sunum ve Kapatmaa][qqzz]"
            ),
            (
                written("[Sunum ve Kapatma][qqzz]", definitions: ["[giris]: 01-bildirimsel-sozdizim.md"]), 24,
                "'qqzz', so readers see '[Sunum ve Kapatma][qqzz]' as text, not as an item of the index; no label "
                    + "the index defines is near it (it defines 'giris' at line 45): \(meant) [Sunum ve Kapatma][qqzz]"
            ),
        ] {
            try expectSlips(
                [(index, slip, fix)], found: ["lessons/\(index):42:\(column): \(text) \(says) [course-index]"])
            try assertRendersClean(index, [slip, fix])
        }
        // The one definition of a lesson no line refers to, however far its label: the label to write.
        try expectSlips(
            [(index, written("[Sunum ve Kapatma][qqzz]", definitions: ["[sunum]: 14-sunum-ve-kapatma.md"]), fix)],
            found: [
                "lessons/\(index):42:24: \(text) 'qqzz', so readers see '[Sunum ve Kapatma][qqzz]' as text, not as an "
                    + "item of the index; the index defines 'sunum' at line 45: write [sunum] for [qqzz] [course-index]"
            ])
        // Controls: the label defined, and the link written inline, are silent.
        let (found, messages) = try courseFindings(
            index, written("[Sunum ve Kapatma][sunum]", definitions: ["[sunum]: 14-sunum-ve-kapatma.md"]))
        XCTAssertEqual(found, [], "\(messages)")
    }

    /// `---` (or `===`) typed right under a note's paragraph underlines it as a setext heading:
    /// one finding at the underline, saying to delete it (or, for `---` meant as a rule, to put a
    /// blank line above it); deleting it gives none and the clean page, and the rule after a
    /// blank line is silent.
    func testAnUnderlineTypedUnderANoteIsOneFindingAtIt() throws {
        let lesson = "14-sunum-ve-kapatma.md"
        func underlined(_ underline: String) -> Edit {
            { lines in lines.insert(underline, at: Self.line(lines, "**DR16.**") + 1) }
        }
        let delete: Edit = { lines in lines.remove(at: Self.line(lines, "**DR16.**") + 1) }
        try expectSlips(
            [(lesson, underlined("---"), delete)],
            found: [
                "lessons/\(lesson):159:1: error: this '---' right under the paragraph of note DR16. (line 158) "
                    + "underlines it as a heading, so the note does not read as a note; delete this line, or, if a "
                    + "rule is meant here, put a blank line between the paragraph and '---' [note-series]"
            ])
        try expectSlips(
            [(lesson, underlined("  ===="), delete)],
            found: [
                "lessons/\(lesson):159:3: error: this '====' right under the paragraph of note DR16. (line 158) "
                    + "underlines it as a heading, so the note does not read as a note; delete this line [note-series]"
            ])
        try assertRendersClean(lesson, [underlined("---"), delete])
        let (found, messages) = try courseFindings(lesson) { lines in
            lines.insert(contentsOf: ["", "---"], at: Self.line(lines, "**DR16.**") + 1)
        }
        XCTAssertEqual(found, [], "a rule after a blank line: \(messages)")
        // A note written as an ATX heading keeps its finding at the heading.
        let (heading, said) = try courseFindings(lesson) { lines in
            let at = Self.line(lines, "**DR16.**")
            lines[at] = "## " + lines[at]
        }
        XCTAssertEqual(heading, ["lessons/\(lesson):158:4 [note-series]"], "\(said)")
    }
}

extension SlipRegressionTests {
    /// An opening fence with an invisible character after its info string (`swift` and a no-break
    /// space) or as its only one (a bare fence and a zero-width space): one finding at the fence,
    /// naming the character by code point, whose fix is deleting it; following it gives none.
    func testAnInvisibleCharacterInAnOpeningFencesInfoStringIsNamed() throws {
        let lesson = "13-gezinme-yigiti-ve-yolu.md"
        let cases: [(at: Int, fence: String, written: String, message: String)] = [
            (
                127, "```swift", "```swift\u{A0}",
                "128:1: error: a tree is in a code block with info string 'swift' and an invisible U+00A0 NO-BREAK "
                    + "SPACE in it, so coursecheck cannot run it; delete that character [no-role]"
            ),
            (
                147, "```", "```\u{200B}",
                "148:1: error: the tree at line 129 is followed by a code block whose fence holds an invisible "
                    + "U+200B ZERO WIDTH SPACE, which CommonMark reads as an info string; its expected output must be "
                    + "a bare ``` fence: delete that character [missing-expected]"
            ),
        ]
        for slip in cases {
            let (_, messages) = try courseFindings(lesson) { lines in
                XCTAssertEqual(lines[slip.at], slip.fence)
                lines[slip.at] = slip.written
            }
            XCTAssertEqual(messages, ["lessons/\(lesson):\(slip.message)"])
            let (after, fixed) = try courseFindings(lesson) { lines in
                lines[slip.at] = slip.written.filter { $0.isASCII }
            }
            XCTAssertEqual(after, [], "after the fix: \(fixed)")
        }
    }

    /// A fragment's info string a typo from `swift` (`swfit`, `swif`, `swift5`), as `Swift` is:
    /// one finding at the fence with "did you mean 'swift'?", which is the fence as it was.
    func testAFragmentsInfoStringATypoFromSwiftAsksDidYouMean() throws {
        let lesson = "16-hareketler.md"
        for typo in ["swfit", "swif", "swift5", "Swift"] {
            let (_, messages) = try courseFindings(lesson) { lines in
                XCTAssertEqual(lines[94], "```swift")
                lines[94] = "```" + typo
            }
            XCTAssertEqual(
                messages,
                [
                    "lessons/\(lesson):95:1: error: code block with info string '\(typo)' has no role; did you mean "
                        + "'swift'? (lessons hold ```swift blocks: core, trees, fragments) [no-role]"
                ])
        }
    }
}
