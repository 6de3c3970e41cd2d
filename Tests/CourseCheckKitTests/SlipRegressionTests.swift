import Foundation
import XCTest

@testable import CourseCheckKit

/// Slips the property suites (`FenceSlipPropertyTests`, `StructureSlipPropertyTests`) found
/// reported wrongly at random, kept as the edits their seeds made to a lesson of the real course,
/// so that they stay checked whatever seeds a run draws. Each asserts the classification's
/// complete list of findings: one at each slip, nothing downstream of it.
final class SlipRegressionTests: XCTestCase {
    /// The lesson `name` of the real course with `edit` made to its lines (nil: the line deleted),
    /// given its run blocks (core, trees, expected blocks, fragments), and its findings as
    /// `line [id]`.
    static func findings(_ name: String, _ edit: (inout [String?], [Lesson.Block]) -> Void) throws -> [String] {
        try diagnostics(name, edit).map { "\($0.location.line) [\($0.id.rawValue)]" }
    }

    /// The same findings, whole (their messages hold the fix).
    static func diagnostics(_ name: String, _ edit: (inout [String?], [Lesson.Block]) -> Void) throws -> [Diagnostic] {
        let url = Binary.packageRoot.appendingPathComponent("lessons/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n").map { Optional($0) }
        edit(&lines, FenceSlipPropertyTests.runBlocks(text, path: name))
        let file = SourceFile(path: name, text: lines.compactMap { $0 }.joined(separator: "\n"))
        return Classifier.classify(file, scanned: MarkdownScanner.scan(file)).1
    }

    /// The findings of `diagnostics(name, edit)`, and the classification's findings after
    /// following each one's fix (`FollowTheFix`) in the edited lesson.
    static func foundAndFixed(_ name: String, _ edit: (inout [String?], [Lesson.Block]) -> Void) throws -> (
        found: [Diagnostic], fixed: [Diagnostic]
    ) {
        let url = Binary.packageRoot.appendingPathComponent("lessons/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n").map { Optional($0) }
        edit(&lines, FenceSlipPropertyTests.runBlocks(text, path: name))
        let file = SourceFile(path: name, text: lines.compactMap { $0 }.joined(separator: "\n"))
        let found = Classifier.classify(file, scanned: MarkdownScanner.scan(file)).1
        let followed = try XCTUnwrap(
            FollowTheFix.apply(
                found.map { ($0.location.line, $0.message) }, to: lines.compactMap { $0 }),
            "a finding without a fix")
        let fixedFile = SourceFile(path: name, text: followed.joined(separator: "\n"))
        return (found, Classifier.classify(fixedFile, scanned: MarkdownScanner.scan(fixedFile)).1)
    }

    /// Seed 688788291 of `testTwoSlipsInOneLessonGiveTwoFindings`: two expected blocks' opening
    /// fences both written `"""`. Each block's own closing fence comes before the second, so the
    /// two are two blocks' openings, two slips, not one block fenced `"""` at both ends.
    func testTwoOpeningsWrittenAlikeAreTwoSlips() throws {
        var expected: [String] = []
        let found = try Self.findings("04-duzen-sistemi.md") { lines, blocks in
            let openings = blocks.compactMap { $0.expected?.opening.number }.filter { [145, 185].contains($0) }
            for number in openings { lines[number - 1] = "\"\"\"" }
            expected = openings.map { "\($0) [unterminated-fence]" }
        }
        XCTAssertEqual(expected.count, 2)
        XCTAssertEqual(found, expected)
    }

    /// Seed 3196527937 of `testTwoSlipsInOneLessonGiveTwoFindings`: two expected blocks' opening
    /// fences both written `~~~`. CommonMark pairs them into one tilde block over the first
    /// block's closing fence and a whole tree (its `swift` fence and closing fence); that block
    /// swallowed the tree, and is no output fenced with tildes on purpose, so the two are two
    /// slips, not one stray fence after the second and an output that differs. Writing each as
    /// the lesson's fences are leaves no finding.
    func testTwoExpectedOpeningsWrittenWithTildesAreTwoSlips() throws {
        var expected: [String] = []
        let edit = { (lines: inout [String?], blocks: [Lesson.Block], fence: String) in
            let openings = blocks.compactMap { $0.expected?.opening.number }.filter { [204, 247].contains($0) }
            for number in openings { lines[number - 1] = fence }
            expected = openings.map {
                "\($0) [unterminated-fence] '~~~' opens a block that the '```' at line \($0 + 6) cannot close: a "
                    + "closing fence repeats the opening's tildes, so the block runs on and every later fence pairs "
                    + "wrongly; write '```', as the lesson's other fences are"
            }
        }
        let found = try Self.diagnostics("09-yerel-durum.md") { edit(&$0, $1, "~~~") }
        XCTAssertEqual(expected.count, 2)
        XCTAssertEqual(found.map { "\($0.location.line) [\($0.id.rawValue)] \($0.message)" }, expected)
        let fixed = try Self.diagnostics("09-yerel-durum.md") { edit(&$0, $1, "```") }
        XCTAssertEqual(fixed.map(\.message), [])
    }

    /// Seed 170845652 of `testTwoSlipsInOneLessonGiveTwoFindings`: the core's opening fence
    /// deleted, and a tree's opening fence indented with a tab. Every `swift` block of the lesson
    /// then pairs wrongly or is indented code, so the fence the core's block lost is one the lesson
    /// still writes (`swift`, on the swallowed and indented lines), not one of the blocks it opens.
    func testCoreOpeningDeletedAndATabIndentedTreeOpening() throws {
        var expected: [String] = []
        let found = try Self.findings("19-erisilebilirlik.md") { lines, blocks in
            let core = try! XCTUnwrap(blocks.first { $0.role == .core })
            let tree = try! XCTUnwrap(blocks.first { $0.role == .tree })
            lines[tree.fenced.opening.number - 1] = "\t" + lines[tree.fenced.opening.number - 1]!
            lines[core.fenced.opening.number - 1] = nil
            // The deleted line's place, and the tree's opening moved up by it.
            expected = [
                "\(core.fenced.opening.number) [unterminated-fence]",
                "\(tree.fenced.opening.number - 1) [unterminated-fence]",
            ]
        }
        XCTAssertEqual(found, expected)
    }

    /// The index of the first line after the closing table of the last lesson (its blank line).
    static func afterTable(_ lines: [String?]) throws -> Int {
        let delimiter = try XCTUnwrap(lines.firstIndex { $0?.hasPrefix("|---") == true })
        return try XCTUnwrap(lines[delimiter...].firstIndex { $0?.isEmpty == true })
    }

    /// A fence left over at the end of the last lesson, after its closing table and its last
    /// sentence: deleting it and writing an opening fence before the table both pair the lesson's
    /// fences, but only the deletion leaves the table and the sentences as a reader sees them.
    /// One finding, at the fence, "delete it".
    func testAFenceLeftOverAtTheEndIsDeletedNotTheTableFenced() throws {
        var at = 0
        let found = try Self.diagnostics("21-on-izleme-ve-yineleme.md") { lines, _ in
            // The text ends with a line break: its last line is empty.
            lines.insert(contentsOf: ["", "```"], at: lines.count - 1)
            at = lines.count - 1
        }
        XCTAssertEqual(
            found.map { "\($0.location.line) [\($0.id.rawValue)] \($0.message)" },
            [
                "\(at) [unterminated-fence] '```' opens a code block where no block was meant: it runs on to the end "
                    + "of the file and every later fence pairs wrongly; delete it"
            ])
    }

    /// A bare fence typed as a bullet after the last item of the last lesson's summary list: its
    /// list item ends it empty. It is left over, as at the top level: one finding at the fence,
    /// "delete the line" (closing it in the item would leave an output block that follows no
    /// tree), and the lesson with the line deleted has no finding.
    func testAFenceLeftOverAsTheLastBulletIsDeleted() throws {
        var at = 0
        let found = try Self.diagnostics("21-on-izleme-ve-yineleme.md") { lines, _ in
            let trigger = try! XCTUnwrap(lines.firstIndex { $0?.hasPrefix("- Bu dersin tetiği:") == true })
            lines.insert("- ```", at: trigger + 1)
            at = trigger + 2
        }
        XCTAssertEqual(
            found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
            [
                "\(at):3 [unterminated-fence] '- ```' opens a code block where no block was meant (its list item "
                    + "ends it after line \(at + 1), with no closing fence); delete the line"
            ])
        let fixed = try Self.diagnostics("21-on-izleme-ve-yineleme.md") { lines, _ in
            let trigger = try! XCTUnwrap(lines.firstIndex { $0?.hasPrefix("- Bu dersin tetiği:") == true })
            lines.insert("- ```", at: trigger + 1)
            lines[trigger + 1] = nil
        }
        XCTAssertEqual(fixed.map(\.message), [])
    }

    /// The same fence right after the closing table: it opens a block that runs to the end, and
    /// writing an opening fence before the table would turn the table into code.
    func testAFenceLeftOverRightAfterTheClosingTableIsDeleted() throws {
        var at = 0
        let found = try Self.findings("21-on-izleme-ve-yineleme.md") { lines, _ in
            at = try! Self.afterTable(lines)
            lines.insert(contentsOf: ["", "```"], at: at)
        }
        XCTAssertEqual(found, ["\(at + 2) [unterminated-fence]"])
    }

    /// A tree and its expected block set in a list item (`- ` before the tree's opening fence, two
    /// spaces before the other lines), with the expected block's opening fence indented six
    /// spaces, not two: the item reads it as indented code. One finding at the line, whose fix is
    /// the item's indentation, not a second one for the line as the first repair left it.
    func testAListItemFenceIndentedTooFarIsOneFindingWithTheItemsIndentation() throws {
        var at = 0
        let edit: (inout [String?], [Lesson.Block]) -> Void = { lines, blocks in
            let tree = blocks.first { $0.role == .tree && $0.expected != nil }!
            let (first, last) = (tree.fenced.opening.number - 1, tree.expected!.closing.number - 1)
            for index in first...last where lines[index]?.isEmpty == false {
                lines[index] = (index == first ? "- " : "  ") + lines[index]!
            }
            at = tree.expected!.opening.number
            lines[at - 1] = "    " + lines[at - 1]!
        }
        XCTAssertEqual(
            try Self.diagnostics("09-yerel-durum.md", edit).map {
                "\($0.location.line) [\($0.id.rawValue)] \($0.message)"
            },
            [
                "\(at) [unterminated-fence] this line would open a code block, but it is indented 6 columns, not the 2 of the other lines of its "
                    + "list item, so a reader sees it as indented code and every later fence pairs wrongly; indent it 2 "
                    + "spaces, as they are"
            ])
    }

    /// The tree's closing fence in that list item indented six spaces: one finding, as for its opening.
    func testAListItemClosingFenceIndentedTooFarIsOneFindingWithTheItemsIndentation() throws {
        var (at, opening) = (0, 0)
        let found = try Self.diagnostics("09-yerel-durum.md") { lines, blocks in
            let tree = blocks.first { $0.role == .tree && $0.expected != nil }!
            let (first, last) = (tree.fenced.opening.number - 1, tree.expected!.closing.number - 1)
            for index in first...last where lines[index]?.isEmpty == false {
                lines[index] = (index == first ? "- " : "  ") + lines[index]!
            }
            (at, opening) = (tree.fenced.closing.number, first + 1)
            lines[at - 1] = "    " + lines[at - 1]!
        }
        XCTAssertEqual(
            found.map { "\($0.location.line):\($0.location.column) \($0.message)" },
            [
                "\(at):7 this line would close the fence opened at line \(opening), but it is indented 6 columns, not "
                    + "the 2 of the other lines of its list item, so the block runs on and every later fence pairs "
                    + "wrongly; indent it 2 spaces, as they are"
            ])
    }

    /// An HTML comment opened in a bullet of the summary list and never closed. CommonMark ends
    /// its HTML block with the list item, but the page GitHub serves is that HTML read by an HTML
    /// parser, whose comment runs to the next '-->' or the end of the text: the trigger bullet
    /// and the heading after it are hidden too. One finding, at the `<!--`, naming them.
    func testAnUnclosedCommentInAListItemHidesTheRestOfThePage() throws {
        var at = 0
        var last = 0
        let found = try Self.diagnostics("21-on-izleme-ve-yineleme.md") { lines, _ in
            let trigger = lines.firstIndex { $0?.hasPrefix("- Bu dersin tetiği:") == true } ?? 0
            lines.insert("- <!-- todo", at: trigger)
            at = trigger + 1
            last = (lines.lastIndex { !($0 ?? "").isEmpty } ?? 0) + 1
        }
        XCTAssertEqual(
            found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
            [
                "\(at):3 [unclosed-comment] this HTML comment is never closed ('-->'), so it hides everything "
                    + "after it from readers (lines \(at + 1)–\(last), with the 'Bu dersin tetiği:' bullet and the heading "
                    + "'Sonraki Adım'), and "
                    + "nothing there is judged until it is closed; close it with '-->' at the end of line \(at)"
            ])
    }

    /// A fence with an info string left over (```` ```swift ````, `~~~swift`) at the end of the
    /// last lesson, before its summary's heading (a blank line between or none), or before a
    /// heading mid-lesson, where its block swallows the next tree's opening: one finding at the
    /// fence, named as written, whose fix is the bare fence's, "delete it" (not a closing fence
    /// that would fence the heading as code); following it leaves no finding. A bare fence right
    /// before a heading is the same slip.
    func testAFenceWithAnInfoStringLeftOverIsDeletedAsABareOneIs() throws {
        let places: [(lesson: String, heading: String?, blank: Bool)] = [
            ("21-on-izleme-ve-yineleme.md", nil, true),
            ("21-on-izleme-ve-yineleme.md", "## Özet", true),
            ("21-on-izleme-ve-yineleme.md", "## Özet", false),
            ("09-yerel-durum.md", "## Durumu Ataya Kaldırmak", true),
            ("09-yerel-durum.md", "## Durumu Ataya Kaldırmak", false),
        ]
        for fence in ["```swift", "~~~swift", "``` swift", "```"] {
            for place in places {
                var (at, runsTo) = (0, "the end of the file")
                let (found, fixed) = try Self.foundAndFixed(place.lesson) { lines, blocks in
                    guard let heading = place.heading else {
                        // The text ends with a line break: its last line is empty.
                        lines.insert(contentsOf: ["", fence], at: lines.count - 1)
                        at = lines.count - 1
                        return
                    }
                    let before = lines.firstIndex { $0 == heading } ?? 0
                    lines.insert(contentsOf: place.blank ? [fence, ""] : [fence], at: before)
                    at = before + 1
                    // A backtick fence runs on to the closing fence of the next block (a `swift` one), if one follows.
                    let next = blocks.first { $0.fenced.opening.number > before }
                    if fence.hasPrefix("`"), let closing = next?.fenced.closing.number {
                        runsTo = "line \(closing + (place.blank ? 2 : 1))"
                    }
                }
                XCTAssertEqual(
                    found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
                    [
                        "\(at):1 [unterminated-fence] '\(fence)' opens a code block where no block was meant: it runs "
                            + "on to \(runsTo) and every later fence pairs wrongly; delete it"
                    ], "\(fence) in \(place)")
                XCTAssertEqual(fixed.map(\.message), [], "\(fence) in \(place)")
            }
        }
    }

    /// A tree and its expected block set in a list item, the tree's opening fence typed with two
    /// or three spaces or a tab after the `-` (`-   ```swift`): the item's text starts past the
    /// two columns its next lines are indented, so they end the item, and the block with it. With
    /// five spaces the fence is indented code in the item, and its next lines the item's text.
    /// One finding at the fence, whose fix is the line with one space after the marker; following
    /// it leaves no finding.
    func testAListItemFenceWithExtraSpacesAfterItsMarkerIsOneFindingThere() throws {
        let cases: [(blanks: String, said: String, column: Int?)] = [
            ("  ", "2 spaces", 4), ("   ", "3 spaces", 5), ("\t", "a tab", 5), ("     ", "5 spaces", nil),
        ]
        for (blanks, said, column) in cases {
            var at = 0
            let (found, fixed) = try Self.foundAndFixed("09-yerel-durum.md") { lines, blocks in
                let tree = blocks.first { $0.role == .tree && $0.expected != nil }!
                let (first, last) = (tree.fenced.opening.number - 1, tree.expected!.closing.number - 1)
                for index in first...last where lines[index]?.isEmpty == false {
                    lines[index] = (index == first ? "-" + blanks : "  ") + lines[index]!
                }
                at = first + 1
            }
            let consequence =
                if let column {
                    "so the item's text starts at column \(column) and its next lines, indented 2, end the item "
                        + "and with it the code block opened here: its lines show as text"
                } else {
                    "so the fence is indented code in the item, not a fence, and opens no code block: the lines "
                        + "after it show as text"
                }
            XCTAssertEqual(
                found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
                [
                    "\(at):1 [unterminated-fence] '-\(blanks)```swift' has \(said) after its list marker, "
                        + "\(consequence) and every later fence pairs wrongly; write '- ```swift'"
                ], said)
            XCTAssertEqual(fixed.map(\.message), [], said)
        }
    }

    /// A `swift` fence left over between a tree and its expected block (right after the tree's
    /// closing fence, or after the blank line): the expected block's opening fence closes it, so
    /// the output shows as text. One finding, at the left-over line, whose fix (delete it)
    /// converges in one step, not "the expected output must be a bare fence" there.
    func testASwiftFenceLeftOverBeforeAnExpectedBlockIsDeleted() throws {
        for (blank, lesson) in [(true, "09-yerel-durum.md"), (false, "09-yerel-durum.md"), (true, "10-baglama.md")] {
            var (at, runsTo) = (0, 0)
            let (found, fixed) = try Self.foundAndFixed(lesson) { lines, blocks in
                let tree = blocks.first { $0.role == .tree && $0.expected != nil }!
                let closing = tree.fenced.closing.number
                lines.insert("```swift", at: blank ? closing + 1 : closing)
                at = (blank ? closing + 1 : closing) + 1
                runsTo = tree.expected!.opening.number + 1
            }
            XCTAssertEqual(
                found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
                [
                    "\(at):1 [unterminated-fence] '```swift' opens a code block where no block was meant: it runs on "
                        + "to line \(runsTo) and every later fence pairs wrongly; delete it"
                ], "\(lesson), blank \(blank)")
            XCTAssertEqual(fixed.map(\.message), [], "\(lesson), blank \(blank)")
        }
    }

    /// A `swift` fence left over before the summary's bullets (before the first, or between two)
    /// or before the closing table: its block runs to the end and turns them into code. A closing
    /// fence added after them explains the lesson's fences too, but keeps them code; one finding at
    /// the fence, whose fix (delete it) converges in one step.
    func testASwiftFenceLeftOverBeforeBulletsOrATableIsDeleted() throws {
        let places = [
            ("09-yerel-durum.md", "- Görünümün kendi durumu"), ("09-yerel-durum.md", "- Durumu ataya kaldırmak"),
            ("21-on-izleme-ve-yineleme.md", "| Ders |"),
        ]
        for (lesson, before) in places {
            var at = 0
            let (found, fixed) = try Self.foundAndFixed(lesson) { lines, _ in
                let index = lines.firstIndex { $0?.hasPrefix(before) == true }!
                lines.insert("```swift", at: index)
                at = index + 1
            }
            XCTAssertEqual(
                found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
                [
                    "\(at):1 [unterminated-fence] '```swift' opens a code block where no block was meant: it runs on "
                        + "to the end of the file and every later fence pairs wrongly; delete it"
                ], before)
            XCTAssertEqual(fixed.map(\.message), [], before)
        }
    }

    /// A tree's or a fragment's opening fence typed twice: the second is the block's first line
    /// of code (a fence with an info string closes nothing), so the tree is no tree and the
    /// fragment does not parse. One finding at the second line, whose fix (delete it) converges;
    /// not a closing fence written there and the block's own closing fence deleted.
    func testAnOpeningFenceTypedTwiceIsOneFindingThere() throws {
        for role in [BlockRole.tree, .fragment] {
            var at = 0
            let (found, fixed) = try Self.foundAndFixed("09-yerel-durum.md") { lines, blocks in
                let block = blocks.first { $0.role == role }!
                at = block.fenced.opening.number + 1
                lines.insert("```swift", at: at - 1)
            }
            XCTAssertEqual(
                found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
                [
                    "\(at):1 [unterminated-fence] '```swift' repeats the opening fence at line \(at - 1) right above "
                        + "it, and a fence with an info string closes no block, so readers see it as the first line "
                        + "of the block's code, which does not run as written; delete it"
                ], "\(role)")
            XCTAssertEqual(fixed.map(\.message), [], "\(role)")
        }
    }

    /// A bare fence left between two rows of the closing table: it turns the rows after it into
    /// code. One finding there whose fix is to delete it (closing it would keep the rows code).
    func testAFenceLeftBetweenTwoTableRowsIsDeleted() throws {
        var at = 0
        let (found, fixed) = try Self.foundAndFixed("21-on-izleme-ve-yineleme.md") { lines, _ in
            let header = lines.firstIndex { $0?.hasPrefix("| Ders |") == true }!
            lines.insert("```", at: header + 5)
            at = header + 6
        }
        XCTAssertEqual(
            found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
            [
                "\(at):1 [unterminated-fence] '```' opens a code block where no block was meant: it runs on to the "
                    + "end of the file and every later fence pairs wrongly; delete it"
            ])
        XCTAssertEqual(fixed.map(\.message), [])
    }

    /// The real lesson `name`'s text, and its first tree that has an expected block, with that block.
    static func firstTreeWithItsExpectedBlock(in name: String) throws -> (
        text: String, tree: Lesson.Block, expected: FencedBlock
    ) {
        let text = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("lessons/\(name)"), encoding: .utf8)
        let tree = try XCTUnwrap(
            FenceSlipPropertyTests.runBlocks(text, path: name).first { $0.role == .tree && $0.expected != nil })
        return (text, tree, try XCTUnwrap(tree.expected))
    }

    /// A tree and its expected block in a list item in a block quote (`> - ` before the tree's
    /// opening fence, `>   ` before its other lines), with the tree's closing fence or a line of
    /// the expected block short of the item's spaces after the `>` (`>  ````, `>yerel: 1`): one
    /// finding at the line, whose fix is the line as meant (the spaces go after the `>`, not at
    /// its start); following it gives none, in the whole course.
    func testALineShortOfAQuotedItemsSpacesIsOneFindingWithTheLineAsMeant() throws {
        let name = "09-yerel-durum.md"
        let (text, tree, expected) = try Self.firstTreeWithItsExpectedBlock(in: name)
        let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
        let lines = text.components(separatedBy: "\n")
        let output = try XCTUnwrap(
            ((expected.opening.number)..<(expected.closing.number - 1)).first { !lines[$0].isEmpty })
        for (at, written, opening) in [
            (tree.fenced.closing.number - 1, ">  ```", tree.fenced.opening.number),
            (output, ">  " + lines[output], expected.opening.number),
            (output, ">" + lines[output], expected.opening.number),
        ] {
            func nest(_ lines: inout [String]) {
                for index in first...last {
                    lines[index] =
                        index == first ? "> - " + lines[index] : lines[index].isEmpty ? ">" : ">   " + lines[index]
                }
            }
            let (found, messages) = try courseFindings(name) { lines in
                nest(&lines)
                lines[at] = written
            }
            let lacks = String(repeating: " ", count: 4 - written.prefix { $0 == ">" || $0 == " " }.count)
            XCTAssertEqual(found, ["lessons/\(name):\(at + 1):1 [unterminated-fence]"], "\(messages)")
            XCTAssertEqual(
                messages,
                [
                    "lessons/\(name):\(at + 1):1: error: this line lacks the '\(lacks)' the other lines of its list item "
                        + "begin with ('>   '), so it ends the list item and with it the code block opened at line "
                        + "\(opening), and every later fence pairs wrongly; write it as '>   \(lines[at])' "
                        + "[unterminated-fence]"
                ])
            let meant = ">   " + lines[at]
            let (after, fixed) = try courseFindings(name) { lines in
                nest(&lines)
                lines[at] = meant
            }
            XCTAssertEqual(after, [], "after the fix: \(fixed)")
        }
    }

    /// A tree and its expected block set in a block quote (`> ` before each line, `>` on the
    /// blank ones), with a fence of the expected block indented four columns after the `> `
    /// (`>     ````): a reader sees indented code. One finding at the fence, counting the columns
    /// after the `> ` (its one space is the quote's), whose fix is the line as meant, its `> `
    /// kept; following it leaves no finding. The opening fence reads as indented code, the
    /// closing one as a line of the block.
    func testABlockQuoteFenceIndentedTooFarIsOneFindingWithTheLineAsMeant() throws {
        for closing in [false, true] {
            var (at, opening) = (0, 0)
            let (found, fixed) = try Self.foundAndFixed("09-yerel-durum.md") { lines, blocks in
                let tree = blocks.first { $0.role == .tree && $0.expected != nil }!
                let (first, last) = (tree.fenced.opening.number - 1, tree.expected!.closing.number - 1)
                for index in first...last {
                    lines[index] = lines[index]!.isEmpty ? ">" : "> " + lines[index]!
                }
                opening = tree.expected!.opening.number
                at = closing ? tree.expected!.closing.number : opening
                lines[at - 1] = ">     ```"
            }
            let fix = "after its block quote's '> ' (a fence may have at most 3), so "
            XCTAssertEqual(
                found.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" },
                [
                    closing
                        ? "\(at):7 [unterminated-fence] this line would close the fence opened at line \(opening), "
                            + "but it is indented 4 columns \(fix)the block runs on and every later fence pairs "
                            + "wrongly; write '> ```'"
                        : "\(at):7 [unterminated-fence] this line would open a code block, but it is indented 4 "
                            + "columns \(fix)a reader sees it as indented code and every later fence pairs wrongly; "
                            + "write '> ```'"
                ])
            XCTAssertEqual(fixed.map(\.message), [])
        }
    }

    /// A whole run of a copy of the real course with `edit` made to lesson `name`'s lines: its
    /// findings as `path:line:col [id]`, and the messages.
    func courseFindings(_ name: String, _ edit: (inout [String]) -> Void) throws -> (
        found: [String], messages: [String]
    ) {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/\(name)")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        edit(&lines)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let found = StructureSlipPropertyTests.findings(scratch.url)
        return (
            found.map { line in
                let place = line.prefix { $0 != " " }.dropLast()
                return "\(place) \(line.split(separator: " ").last ?? "")"
            },
            found.map(String.init)
        )
    }

    /// An unclosed comment in a list item, a block quote or at the top level, with a slip in the
    /// text it hides (`**DR01.**`, `tetigi`): the comment is the one finding, since readers see
    /// nothing of that text; in a container, a comment closed later ends it in the browser, and a
    /// slip after that close is judged again (`**DR02.**`).
    func testWhatAnUnclosedCommentHidesIsNotJudgedAndAfterALaterCloseIs() throws {
        let lesson = "09-yerel-durum.md"
        for (opening, column) in [(["- Not:", "  <!-- todo"], 3), (["> Not:", "> <!-- todo"], 3), (["<!-- todo"], 1)] {
            for closedLater in opening.count == 1 ? [false] : [false, true] {
                var at = 0
                var second = 0
                let (found, messages) = try courseFindings(lesson) { lines in
                    let first = lines.firstIndex { $0.hasPrefix("**DR1.**") } ?? 0
                    lines[first] = lines[first].replacingOccurrences(of: "**DR1.**", with: "**DR01.**")
                    lines.insert(contentsOf: opening + [""], at: first)
                    at = first + opening.count
                    guard closedLater else { return }
                    let later = lines.firstIndex { $0.hasPrefix("**DR2.**") } ?? 0
                    lines[later] = lines[later].replacingOccurrences(of: "**DR2.**", with: "**DR02.**")
                    lines.insert(contentsOf: ["<!-- ölçüm sonu -->", ""], at: later)
                    second = later + 3
                }
                let message = "\(opening) closed later: \(closedLater): \(messages)"
                XCTAssertEqual(
                    found,
                    ["lessons/\(lesson):\(at):\(column) [unclosed-comment]"]
                        + (closedLater ? ["lessons/\(lesson):\(second):1 [note-series]"] : []),
                    message)
                if closedLater {
                    XCTAssertTrue(
                        messages.first?.contains(
                            "so the browser runs it on to the '-->' at line \(second - 2), column 20, and it hides "
                                + "everything up to there from readers (lines \(at + 1)–\(second - 4), with a tree, "
                                + "the note DR01 and the heading 'Durumu Ataya Kaldırmak')") ?? false, message)
                }
            }
        }
        // In the summary list, over the trigger bullet (`tetigi`) and the heading after it.
        let summary = "21-on-izleme-ve-yineleme.md"
        var at = 0
        let (found, messages) = try courseFindings(summary) { lines in
            let trigger = lines.firstIndex { $0.hasPrefix("- Bu dersin tetiği:") } ?? 0
            lines[trigger] = lines[trigger].replacingOccurrences(of: "tetiği", with: "tetigi")
            lines.insert("- <!-- todo", at: trigger)
            at = trigger + 1
        }
        XCTAssertEqual(found, ["lessons/\(summary):\(at):3 [unclosed-comment]"], "\(messages)")
    }

    /// Text written almost as an HTML comment, before a note of the real course: one finding at
    /// each, with the comment meant; what is no such slip (a real comment, a declaration, arrows,
    /// the text in code or escaped) gives none.
    func testCommentLookAlikesAreOneFindingEachAndNothingElseIs() throws {
        let lesson = "09-yerel-durum.md"
        let slips: [(String, [String])] = [
            ("<!- eski -->", ["1 '<!- eski -->' … '<!-- eski -->'"]),
            ("<! -- eski -->", ["1 '<! -- eski -->' … '<!-- eski -->'"]),
            ("Not: <!-x--> burada.", ["6 '<!-x-->' … '<!--x-->'"]),
            ("‹!-- eski -->", ["1 '‹!-- eski -->' … '<!-- eski -->'"]),
            ("<!—eski —>", ["1 '<!—eski —>' … '<!--eski -->'"]),
            ("<!- todo", ["1 '<!- todo' … '<!-- todo -->'"]),
            ("<!-- gerçek -->", []), ("<!DOCTYPE html>", []), ("a <- b -> c, x --> y", []),
            ("`<!- kod -->` ve ``<! -- kod -->``", []), ("\\<!- kaçış -->", []), ("&lt;!- varlık -->", []),
            ("    <!- girintili kod -->", []), ("<a title=\"<!- öznitelik\">x</a>", []),
            ("```swift\nlet html = \"<!- çitli kod -->\"\n```", []), ("Ünlem! - ve tire", []),
        ]
        for (text, expected) in slips {
            var at = 0
            let found = try Self.diagnostics(lesson) { lines, _ in
                at = lines.firstIndex { $0?.hasPrefix("**DR1.**") == true } ?? 0
                lines.insert(contentsOf: text.components(separatedBy: "\n").map { $0 } + [""], at: at)
            }
            XCTAssertEqual(
                found.map { finding -> String in
                    let quoted = finding.message.split(separator: "'")
                    let written = quoted.first.map(String.init) ?? ""
                    let meant = quoted.last.map(String.init) ?? ""
                    return "\(finding.location.line == at + 1 ? "" : "line \(finding.location.line) ")"
                        + "\(finding.location.column) '\(written)' … '\(meant)' [\(finding.id.rawValue)]"
                },
                expected.map { $0 + " [comment-look-alike]" }, text)
        }
        let whole = try Self.diagnostics(lesson) { lines, _ in
            let at = lines.firstIndex { $0?.hasPrefix("**DR1.**") == true } ?? 0
            lines.insert(contentsOf: ["<!- eski -->", ""], at: at)
        }
        XCTAssertEqual(
            whole.map(\.message),
            [
                "'<!- eski -->' is not an HTML comment (it needs '<!--'), so readers see it as text; write '<!-- eski -->'"
            ])
    }

    /// Seed 1940359589 of `StructureSlipPropertyTests`: a comment a later comment's `-->` ends,
    /// hiding the lesson's `# ` title. The comment is the one finding; "no '# ' heading" is its
    /// consequence.
    func testACommentOverTheTitleIsOneFindingAtIt() throws {
        let lesson = "16-hareketler.md"
        var at = 0
        let (found, messages) = try courseFindings(lesson) { lines in
            let title = lines.firstIndex { $0 == "# Hareketler" } ?? 0
            lines.insert(contentsOf: ["<!-- ölçüm notu -->", ""], at: title + 4)
            lines.insert(contentsOf: ["<!-- ölçüm", ""], at: title)
            at = title + 1
        }
        XCTAssertEqual(found, ["lessons/\(lesson):\(at):1 [unclosed-comment]"], "\(messages)")
    }
}
