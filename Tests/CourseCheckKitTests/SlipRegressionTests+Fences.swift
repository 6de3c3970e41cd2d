import Foundation
import XCTest

@testable import CourseCheckKit

/// Fences an author slipped in the real course: an opening fence closed on the line under it (a
/// bare fence typed there), its block's own closing fence deleted or still there, and a
/// `> ```swift` left at the end of a block quote. Each is one finding at the slip, with the
/// complete list asserted, and following its fix gives the lesson as it was, with none.
extension SlipRegressionTests {
    /// The lesson `name` of the real course, its lines as `edit` leaves them (lines may be inserted
    /// and removed), and the classification's findings as `line:column [id] message`.
    static func edited(_ name: String, _ edit: (inout [String]) -> Void) throws -> (
        clean: [String], lines: [String], found: [String]
    ) {
        let url = Binary.packageRoot.appendingPathComponent("lessons/\(name)")
        let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var lines = clean
        edit(&lines)
        return (clean, lines, Self.classified(name, lines))
    }

    /// The classification's findings of `lines` as the lesson `name`, as `line:column [id] message`,
    /// in the order of their lines (as the report gives them).
    static func classified(_ name: String, _ lines: [String]) -> [String] {
        let file = SourceFile(path: name, text: lines.joined(separator: "\n"))
        return Classifier.classify(file, scanned: MarkdownScanner.scan(file)).1.sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }.map {
            "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)"
        }
    }

    /// A finding's message, from `line:column [id] message`.
    static func message(_ finding: String) -> String {
        finding.range(of: "] ").map { String(finding[$0.upperBound...]) } ?? finding
    }

    /// The finding at a fence typed right under a block's opening fence (line `opening`).
    static func closedAtOnce(_ line: Int, column: Int = 1, opening: Int) -> String {
        "\(line):\(column) [unterminated-fence] '```' closes the code block opened at line \(opening) on the line right "
            + "under its opening fence, so the block is empty and the lines after it, meant as its code, show as "
            + "text; delete this line"
    }

    /// A bare fence typed under the opening fence of a display fragment (lessons 9 and 21), the
    /// tree of lesson 9, the core, and the tree's expected block, with the block's own closing
    /// fence still there: it opens a block of its own that runs on, and every later fence pairs
    /// wrongly. One finding, at the typed line; deleting it gives the lesson back, with none.
    func testAFenceClosedAtOnceIsOneFindingThere() throws {
        // (lesson, the block's opening fence, its closing fence), 1-based.
        let places = [
            ("09-yerel-durum.md", 100, 113), ("21-on-izleme-ve-yineleme.md", 95, 150), ("09-yerel-durum.md", 119, 136),
            ("09-yerel-durum.md", 23, 92), ("09-yerel-durum.md", 138, 144),
        ]
        for (lesson, opening, _) in places {
            let (clean, lines, found) = try Self.edited(lesson) { $0.insert("```", at: opening) }
            XCTAssertEqual(found, [Self.closedAtOnce(opening + 1, opening: opening)], "\(lesson):\(opening + 1)")
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(opening + 1, Self.message(try XCTUnwrap(found.first)))], to: lines))
            XCTAssertEqual(followed, clean, "\(lesson):\(opening + 1)")
            XCTAssertEqual(Self.classified(lesson, followed), [], "\(lesson):\(opening + 1)")
        }
    }

    /// The report's cases: the same bare fence with the block's own closing fence deleted (the
    /// closing fence moved up). The block closed at once is one finding, and the fence missing
    /// where the block ends is another, where it belongs; following both gives the lesson back.
    func testAFenceClosedAtOnceWithItsClosingFenceDeletedIsTwoSlips() throws {
        let places = [
            ("09-yerel-durum.md", 100, 113), ("21-on-izleme-ve-yineleme.md", 95, 150), ("09-yerel-durum.md", 119, 136),
        ]
        for (lesson, opening, closing) in places {
            let (clean, lines, found) = try Self.edited(lesson) { lines in
                lines.remove(at: closing - 1)
                lines.insert("```", at: opening)
            }
            // The deleted fence belongs before the line that took its place.
            let missing = { (line: Int, opening: Int) in
                "\(line):1 [unterminated-fence] the closing fence is missing before this line: the code block opened "
                    + "at line \(opening) runs on over this line and what follows, and every later fence pairs "
                    + "wrongly; insert a line '```' before this one"
            }
            XCTAssertEqual(
                found, [Self.closedAtOnce(opening + 1, opening: opening), missing(closing + 1, opening + 1)],
                "\(lesson):\(opening + 1)")
            var followed = lines
            followed.insert("```", at: closing)
            followed.remove(at: opening)
            XCTAssertEqual(followed, clean, "\(lesson):\(opening + 1)")
            // Only the first followed: the other slip alone is left, where it belongs.
            var first = lines
            first.remove(at: opening)
            XCTAssertEqual(Self.classified(lesson, first), [missing(closing, opening)], "\(lesson):\(opening + 1)")
        }
    }

    /// The finding at a fence typed under a block's opening fence (line `opening`) after `blanks`
    /// blank lines: the fix deletes it and the blank lines.
    static func closedAfterBlanks(_ line: Int, column: Int = 1, opening: Int, blanks: Int) -> String {
        "\(line):\(column) [unterminated-fence] '```' closes the code block opened at line \(opening) after only "
            + "blank lines, so the block is empty and the lines after it, meant as its code, show as text; delete "
            + "lines \(opening + 1)–\(line)"
    }

    /// The same fence typed after one or two blank lines, in a display fragment, the tree, the core
    /// and the expected block: one finding at it, whose fix deletes it with the blank lines and gives
    /// the lesson back. With the block's own closing fence deleted too, one more where it belongs;
    /// following both gives the lesson back, with none.
    func testAFenceClosedAfterBlankLinesIsOneFindingThere() throws {
        let places = [
            ("09-yerel-durum.md", 100, 113), ("21-on-izleme-ve-yineleme.md", 95, 150), ("09-yerel-durum.md", 119, 136),
            ("09-yerel-durum.md", 23, 92), ("09-yerel-durum.md", 138, 144),
        ]
        let missing = { (line: Int, opening: Int) in
            "\(line):1 [unterminated-fence] the closing fence is missing before this line: the code block opened "
                + "at line \(opening) runs on over this line and what follows, and every later fence pairs "
                + "wrongly; insert a line '```' before this one"
        }
        for (lesson, opening, closing) in places {
            for blanks in 1...2 {
                let at = "\(lesson):\(opening + 1), \(blanks) blank lines"
                let fence = opening + blanks + 1
                let kept = try Self.edited(lesson) {
                    $0.insert(contentsOf: Array(repeating: "", count: blanks) + ["```"], at: opening)
                }
                XCTAssertEqual(kept.found, [Self.closedAfterBlanks(fence, opening: opening, blanks: blanks)], at)
                let followed = try XCTUnwrap(
                    FollowTheFix.apply([(fence, Self.message(try XCTUnwrap(kept.found.first)))], to: kept.lines))
                XCTAssertEqual(followed, kept.clean, at)
                XCTAssertEqual(Self.classified(lesson, followed), [], at)
                let deleted = try Self.edited(lesson) { lines in
                    lines.remove(at: closing - 1)
                    lines.insert(contentsOf: Array(repeating: "", count: blanks) + ["```"], at: opening)
                }
                XCTAssertEqual(
                    deleted.found,
                    [
                        Self.closedAfterBlanks(fence, opening: opening, blanks: blanks),
                        missing(closing + blanks + 1, fence),
                    ], at)
                var both = deleted.lines
                both.insert("```", at: closing + blanks)
                both = try XCTUnwrap(
                    FollowTheFix.apply([(fence, Self.message(try XCTUnwrap(deleted.found.first)))], to: both))
                XCTAssertEqual(both, deleted.clean, at)
            }
        }
    }

    /// A tree and its expected block in a list item (lesson 9's, `- ` and two spaces), its opening
    /// fence closed at once or after a blank line and its own closing fence deleted: the finding at
    /// the typed fence and the missing fence, which an item's line takes with its indentation.
    /// Following both gives the item back, with no finding.
    func testAFenceClosedAtOnceInAListItemGivesBothFixes() throws {
        let url = Binary.packageRoot.appendingPathComponent("lessons/09-yerel-durum.md")
        let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var item = clean
        for index in 118..<144 where !item[index].isEmpty { item[index] = (index == 118 ? "- " : "  ") + item[index] }
        XCTAssertEqual(Self.classified("09-yerel-durum.md", item), [])
        let missing = { (line: Int, opening: Int) in
            "\(line):1 [unterminated-fence] the closing fence is missing before this line: the code block opened "
                + "at line \(opening) runs on over this line and what follows, and every later fence pairs "
                + "wrongly; insert a line '  ```' before this one"
        }
        for blanks in 0...1 {
            var lines = item
            lines.remove(at: 135)
            lines.insert(contentsOf: Array(repeating: "", count: blanks) + ["  ```"], at: 119)
            let found = Self.classified("09-yerel-durum.md", lines)
            let fence = 120 + blanks
            XCTAssertEqual(
                found,
                [
                    blanks == 0
                        ? Self.closedAtOnce(120, column: 3, opening: 119)
                        : Self.closedAfterBlanks(121, column: 3, opening: 119, blanks: 1),
                    missing(137 + blanks, fence),
                ], "\(blanks) blank lines")
            lines.insert("  ```", at: 136 + blanks)
            let followed = try XCTUnwrap(FollowTheFix.apply([(fence, Self.message(found[0]))], to: lines))
            XCTAssertEqual(followed, item, "\(blanks) blank lines")
        }
    }

    /// The expected block closed after a blank line, its old closing fence deleted: `--promote`
    /// refuses the lesson and writes nothing (filled, the emptied block would hold the output and
    /// the old output lines would still show as text under it).
    func testPromoteRefusesALessonWithABlockClosedAfterABlankLine() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        lines.remove(at: 143)
        lines.insert(contentsOf: ["", "```"], at: 138)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let lesson = try Data(contentsOf: url)
        let promote = InProcess.run(["--promote", "lessons/"], in: scratch.url)
        XCTAssertEqual(try Data(contentsOf: url), lesson, promote.stdout + promote.stderr)
        XCTAssertEqual(
            promote.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map {
                String($0.split(separator: " ").last ?? "")
            },
            ["[promote-refused]", "[unterminated-fence]", "[unterminated-fence]"], promote.stderr)
    }

    /// What follows an empty block decides: an expected block left empty for `--promote` (a blank
    /// line in it), with a blank line and the lesson's next paragraph under it, is no slip; a
    /// `swift` block closed at once, with a blank line and code under it, is one, and its fix
    /// deletes the fence and the blank line.
    func testWhatFollowsAnEmptyBlockDecides() throws {
        let emptied = try Self.edited("09-yerel-durum.md") { lines in
            lines.removeSubrange(138..<143)
            lines.insert("", at: 138)
        }
        XCTAssertEqual(emptied.lines[137...140], ["```", "", "```", ""])
        XCTAssertEqual(emptied.found, [])
        let code = try Self.edited("09-yerel-durum.md") { lines in
            lines.insert(contentsOf: ["Alıntı:", "", "```swift", "```", "", "let x = 1", "```", ""], at: 149)
        }
        XCTAssertEqual(
            code.found,
            [
                "153:1 [unterminated-fence] '```' closes the code block opened at line 152 on the line right under its "
                    + "opening fence, so the block is empty and the lines after it, meant as its code, show as text; "
                    + "delete lines 153–154"
            ])
        let followed = try XCTUnwrap(FollowTheFix.apply([(153, Self.message(code.found[0]))], to: code.lines))
        XCTAssertEqual(
            followed, code.clean[..<149] + ["Alıntı:", "", "```swift", "let x = 1", "```", ""] + code.clean[149...])
        XCTAssertEqual(Self.classified("09-yerel-durum.md", followed), [])
    }

    /// The same in a block quote: the fence typed as `> ```` under `> ```swift` is one finding at its
    /// column, and deleting it gives the quote's block back.
    func testAFenceClosedAtOnceInABlockQuoteIsOneFindingThere() throws {
        let (clean, lines, found) = try Self.edited("09-yerel-durum.md") { lines in
            lines.insert(contentsOf: ["> Alıntı:", ">", "> ```swift", "> ```", "> let x = 1", "> ```", ""], at: 149)
        }
        XCTAssertEqual(found, [Self.closedAtOnce(153, column: 3, opening: 152)])
        var followed = lines
        followed.remove(at: 152)
        XCTAssertEqual(Self.classified("09-yerel-durum.md", followed), [])
        XCTAssertEqual(
            followed, clean[..<149] + ["> Alıntı:", ">", "> ```swift", "> let x = 1", "> ```", ""] + clean[149...])
    }

    /// Controls: an empty block an author means stays silent. An expected block emptied for
    /// `--promote` to fill (the tree's output is compared later, not here), with a blank line
    /// under it; and a block quote's fragment written whole. (An empty `swift` block there is no
    /// block closed at once, but a pair typed where no block was meant: an empty box, one finding.)
    func testAnEmptyBlockFollowedByABlankLineIsNoSlip() throws {
        let emptied = try Self.edited("09-yerel-durum.md") { $0.removeSubrange(138..<143) }
        XCTAssertEqual(emptied.lines[137...139], ["```", "```", ""])
        XCTAssertEqual(emptied.found, [])
        let empty = try Self.edited("09-yerel-durum.md") { $0.insert(contentsOf: ["```swift", "```", ""], at: 149) }
        XCTAssertEqual(empty.found, [Self.emptyPair(150, written: "```swift", closing: 151)])
        let quoted = try Self.edited("09-yerel-durum.md") {
            $0.insert(contentsOf: ["> Alıntı.", "> ```swift", "> let x = 1", "> ```", ""], at: 149)
        }
        XCTAssertEqual(quoted.found, [])
    }

    /// A `> ```swift` left at the end of a block quote (`> Alıntı.` above it), which the quote ends
    /// with nothing in it: a fence left over, as before a list or a table, so its fix deletes it.
    /// Closing it inside the quote would leave an empty code block there. Following it gives the
    /// quote as meant, with no finding.
    func testASwiftFenceLeftAtTheEndOfABlockQuoteIsDeleted() throws {
        let (_, lines, found) = try Self.edited("09-yerel-durum.md") { lines in
            lines.insert(contentsOf: ["> Alıntı.", "> ```swift", ""], at: 149)
        }
        XCTAssertEqual(
            found,
            [
                "151:3 [unterminated-fence] '> ```swift' opens a code block where no block was meant (its block quote "
                    + "ends it after line 151, with no closing fence); delete the line"
            ])
        let followed = try XCTUnwrap(FollowTheFix.apply([(151, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(followed[149...150], ["> Alıntı.", ""])
        XCTAssertEqual(Self.classified("09-yerel-durum.md", followed), [])
    }

    /// A bare fence typed in the middle of a tree (after a blank line, or between two lines of
    /// code), of a display fragment, and of the core (with a blank line typed before it): one finding
    /// at it, nothing the cut block or the mispaired fences after it cause, and following its fix
    /// gives the lesson back, with none.
    func testAFenceTypedInTheMiddleOfABlockIsOneFindingThere() throws {
        // (lesson, the lines typed, where (1-based, before it), the block's opening, the fence meant to close it)
        let places = [
            ("14-sunum-ve-kapatma.md", ["```"], 132, 126, 143), ("09-yerel-durum.md", ["```"], 125, 119, 136),
            ("09-yerel-durum.md", ["```"], 127, 119, 136),
            ("14-sunum-ve-kapatma.md", ["```"], 110, 100, 122),
            ("21-on-izleme-ve-yineleme.md", ["", "```"], 24, 20, 89),
        ]
        for (lesson, typed, before, opening, closing) in places {
            let at = "\(lesson):\(before)"
            let (clean, lines, found) = try Self.edited(lesson) { $0.insert(contentsOf: typed, at: before - 1) }
            let fence = before + typed.count - 1
            let fix = typed.count == 1 ? "this line" : "lines \(before)–\(fence)"
            XCTAssertEqual(
                found,
                [
                    "\(fence):1 [unterminated-fence] '```' closes the code block opened at line \(opening) in the middle "
                        + "of its code: lines \(fence + 1)–\(closing + typed.count - 1), meant as its code, show as text and "
                        + "the fence at line \(closing + typed.count) opens a new block; delete \(fix)"
                ], at)
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(fence, Self.message(try XCTUnwrap(found.first)))], to: lines))
            XCTAssertEqual(followed, clean, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
    }

    /// Two blocks meant apart, code-like text between them: no finding, as the page shows them so.
    func testTwoBlocksWithCodeBetweenThemAreNoSlip() throws {
        let (_, _, found) = try Self.edited("14-sunum-ve-kapatma.md") {
            $0.insert(contentsOf: ["", "let ayri = 1", "", "```swift", "let ikinci = 2", "```"], at: 122)
        }
        XCTAssertEqual(found, [])
    }

    /// Seeds 3949371601, 1829635556 and 4020212875 of `testADeletedFenceLineGivesOneFindingWhereItBelongs`:
    /// the opening fence of lesson 2's second fragment deleted. Its code stands after a blank line
    /// under the first fragment's closing fence: a block that lost its opening fence, not the first
    /// fragment's code cut by a fence typed in it. One finding, where the fence belongs; writing it
    /// there gives the lesson back.
    func testADeletedOpeningFenceAfterABlockIsNoFenceTypedInIt() throws {
        let (clean, lines, found) = try Self.edited("02-gorunumler-ve-degistiriciler.md") { $0.remove(at: 176) }
        XCTAssertEqual(
            found,
            [
                "177:1 [unterminated-fence] the opening fence is missing before this line: it and the lines after it "
                    + "read as text, and the '```' at line 187, meant to close their block, opens one, so every later "
                    + "fence pairs wrongly; insert a line '```swift' before this one"
            ])
        var followed = lines
        followed.insert("```swift", at: 176)
        XCTAssertEqual(followed, clean)
        XCTAssertEqual(Self.classified("02-gorunumler-ve-degistiriciler.md", followed), [])
    }

    /// A tree and its expected block after a line `Ağaç:` in two nested containers (`> 1.`,
    /// `> -`, `1. >`, `- >`), with the tree's or the expected block's opening fence a space short
    /// of the prefix the block's other lines have, or without its `> `, or with the two in the
    /// other order: the fence ends the inner container and its block stands outside it (with the
    /// fence trouble of a shifted tree, or none: a block quote it starts takes the rest). One
    /// finding at the fence, whose fix is the line as meant; following it gives none in the whole
    /// course, and the blocks are in both containers again.
    func testAnOpeningFenceShortOfItsNestedContainersPrefixIsOneFindingWithTheLineAsMeant() throws {
        let name = "13-gezinme-yigiti-ve-yolu.md"
        let (text, tree, expected) = try Self.firstTreeWithItsExpectedBlock(in: name)
        let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
        // The lines as numbered with `Ağaç:` and a blank line of the containers above the tree.
        let (treeOpening, expectedOpening) = (first + 2, expected.opening.number + 1)
        let lacks = { (missing: String, container: String, prefix: String) in
            "this fence lacks the '\(missing)' the other lines of its \(container) begin with ('\(prefix)')"
        }
        for (opener, prefix, at, written, said) in [
            ("> 1. ", ">    ", treeOpening, ">   ```swift", lacks(" ", "list item", ">    ")),
            ("> - ", ">   ", treeOpening, ">  ```swift", lacks(" ", "list item", ">   ")),
            ("> 1. ", ">    ", expectedOpening, ">   ```", lacks(" ", "list item", ">    ")),
            ("1. > ", "   > ", treeOpening, "  > ```swift", lacks(" ", "list item", "   > ")),
            ("1. > ", "   > ", expectedOpening, "   ```", lacks("> ", "block quote", "   > ")),
            ("- > ", "  > ", treeOpening, "  ```swift", lacks("> ", "block quote", "  > ")),
            (
                "- > ", "  > ", treeOpening, ">   ```swift",
                "this fence begins '>   ', not '  > ' as the other lines "
                    + "of its list item do"
            ),
        ] {
            let blank = String(prefix.reversed().drop { $0 == " " }.reversed())
            func nest(_ lines: inout [String]) {
                for index in first...last { lines[index] = lines[index].isEmpty ? blank : prefix + lines[index] }
                lines.insert(contentsOf: [opener + "Ağaç:", blank], at: first)
            }
            let fence = String(written.drop { $0 == " " || $0 == ">" })
            let (found, messages) = try courseFindings(name) { lines in
                nest(&lines)
                lines[at] = written
            }
            XCTAssertEqual(found, ["lessons/\(name):\(at + 1):1 [unterminated-fence]"], "\(messages)")
            XCTAssertEqual(
                messages,
                [
                    "lessons/\(name):\(at + 1):1: error: \(said), so it ends the "
                        + "\(said.contains("list item") ? "list item" : "block quote") and its block stands outside "
                        + "it; write it as '\(prefix)\(fence)' [unterminated-fence]"
                ])
            var fixed = text.components(separatedBy: "\n")
            nest(&fixed)
            fixed[at] = prefix + fence
            let (after, remaining) = try courseFindings(name) { lines in nest(&lines) }
            XCTAssertEqual(after, [], "the nesting: \(remaining)")
            let (followed, left) = try courseFindings(name) { lines in
                nest(&lines)
                lines[at] = prefix + fence
            }
            XCTAssertEqual(followed, [], "after the fix: \(left)")
            let blocks = MarkdownScanner.scan(SourceFile(path: name, text: fixed.joined(separator: "\n"))).blocks
            XCTAssertEqual(
                blocks.filter { [treeOpening + 1, expectedOpening + 1].contains($0.opening.number) }.map(
                    \.containers.count), [2, 2])
        }
    }

    /// The fix of `testAnOpeningFenceShortOfItsNestedContainersPrefixIsOneFindingWithTheLineAsMeant`
    /// followed on the lines under the fence too: the tree's or the expected block's opening fence
    /// and the line under it (or two) written with the prefix a space or a `> ` short. The fence ends
    /// the inner container, its block stands outside it and its later lines show a space more
    /// (cmark-gfm); one finding at the fence naming those lines and the prefix, and following it
    /// gives none in the whole course. A block with all its lines at that short prefix stands
    /// outside the container as written: none. So in one container (`- `, `> `, `1. `): the
    /// block stands outside it, its lines shown with a stray indentation or, `>` and all, as code.
    func testAnOpeningFenceAndTheLinesUnderItShortOfTheNestedPrefixAreOneFindingAtTheFence() throws {
        let name = "13-gezinme-yigiti-ve-yolu.md"
        let (_, tree, expected) = try Self.firstTreeWithItsExpectedBlock(in: name)
        let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
        let (treeOpening, expectedOpening) = (first + 2, expected.opening.number + 1)
        for (opener, prefix, at, written, under, said) in [
            ("> 1. ", ">    ", treeOpening, ">   ", 1, "the ' ' the other lines of its list item begin with ('>    ')"),
            ("> 1. ", ">    ", treeOpening, ">   ", 2, "the ' ' the other lines of its list item begin with ('>    ')"),
            (
                "> 1. ", ">    ", expectedOpening, ">   ", 1,
                "the ' ' the other lines of its list item begin with ('>    ')"
            ),
            ("> - ", ">   ", treeOpening, ">  ", 1, "the ' ' the other lines of its list item begin with ('>   ')"),
            ("1. > ", "   > ", treeOpening, "  > ", 1, "the ' ' the other lines of its list item begin with ('   > ')"),
            ("- > ", "  > ", treeOpening, "  ", 1, "the '> ' the other lines of its block quote begin with ('  > ')"),
            (
                "1. > ", "   > ", expectedOpening, "   ", 1,
                "the '> ' the other lines of its block quote begin with ('   > ')"
            ),
            // One container: its opening fence alone is the slip search's; with the lines under it, this.
            ("- ", "  ", treeOpening, " ", 1, "the ' ' the other lines of its list item begin with ('  ')"),
            ("- ", "  ", treeOpening, "", 1, "the '  ' the other lines of its list item begin with"),
            ("> ", "> ", treeOpening, "", 1, "the '> ' the other lines of its block quote begin with"),
            ("1. ", "   ", expectedOpening, "  ", 1, "the ' ' the other lines of its list item begin with ('   ')"),
        ] {
            let blank = String(prefix.reversed().drop { $0 == " " }.reversed())
            func nest(_ lines: inout [String]) {
                for index in first...last { lines[index] = lines[index].isEmpty ? blank : prefix + lines[index] }
                lines.insert(contentsOf: [opener + "Ağaç:", blank], at: first)
            }
            var slipped: [String] = []
            let (_, messages) = try courseFindings(name) { lines in
                nest(&lines)
                for line in at...(at + under) { lines[line] = written + lines[line].dropFirst(prefix.count) }
                slipped = lines
            }
            let container = said.contains("list item") ? "list item" : "block quote"
            let subject = under == 1 ? "this fence and the line under it" : "this fence and the lines under it"
            XCTAssertEqual(
                messages,
                [
                    "lessons/\(name):\(at + 1):1: error: \(subject) lack \(said), so the fence ends the \(container) "
                        + "and its block stands outside it; begin lines \(at + 1)–\(at + under + 1) with '\(prefix)'"
                        + (written.isEmpty ? "" : ", not '\(written)'") + " [unterminated-fence]"
                ], "\(opener) \(at) \(under)")
            let followed = try XCTUnwrap(FollowTheFix.apply([(at + 1, messages.first ?? "")], to: slipped))
            let (after, left) = try courseFindings(name) { $0 = followed }
            XCTAssertEqual(after, [], "after the fix: \(left)")
        }
        // Control: the whole tree at the short prefix is a block in the block quote, as written.
        let (found, _) = try courseFindings(name) { lines in
            for index in first...last { lines[index] = lines[index].isEmpty ? ">" : ">   " + lines[index] }
            lines.insert(contentsOf: ["> 1. Ağaç:", ">"], at: first)
        }
        XCTAssertEqual(found, [])
    }
}

extension SlipRegressionTests {
    /// A closing fence slipped in a block quote or list item (a space splitting its backticks, too
    /// few of them, tildes, an info string): one finding at the column after the container's
    /// prefix, whose fix is the whole line as meant, the prefix kept (`write '> ```'`), as the
    /// other container fixes are; following it gives the lesson back, with none.
    func testAClosingFenceSlipInAContainerWritesTheWholeLine() throws {
        let lesson = "14-sunum-ve-kapatma.md"
        let quote = { (lines: inout [String]) in
            for index in 125..<152 { lines[index] = lines[index].isEmpty ? ">" : "> " + lines[index] }
        }
        let item = { (lines: inout [String]) in
            for index in 125..<152 where !lines[index].isEmpty {
                lines[index] = (index == 125 ? "- " : "  ") + lines[index]
            }
        }
        let closes = "does not close the '```' fence opened at line 145: "
        let runs = "so the block runs on and every later fence pairs wrongly"
        let cases: [(container: (inout [String]) -> Void, prefix: String, written: String, why: String)] = [
            (quote, "> ", "`` `", "a space splits its characters, \(runs)"),
            (quote, "> ", "``", "a closing fence needs at least as many characters, \(runs)"),
            (
                quote, "> ", "~~~",
                "it is written with tildes, and a closing fence repeats the opening's backticks, \(runs)"
            ),
            (item, "  ", "`` `", "a space splits its characters, \(runs)"),
            (item, "  ", "``", "a closing fence needs at least as many characters, \(runs)"),
        ]
        for (container, prefix, written, why) in cases {
            let at = "'\(prefix)\(written)'"
            let contained = try Self.edited(lesson, container)
            XCTAssertEqual(contained.found, [], at)
            XCTAssertEqual(contained.lines[151], prefix + "```", at)
            let (_, lines, found) = try Self.edited(lesson) { lines in
                container(&lines)
                lines[151] = prefix + written
            }
            let finding = "152:3 [unterminated-fence] '\(written)' \(closes)\(why); write '\(prefix)```'"
            XCTAssertEqual(found, [finding], at)
            let followed = try XCTUnwrap(FollowTheFix.apply([(152, Self.message(finding))], to: lines), at)
            XCTAssertEqual(followed, contained.lines, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
    }
}

extension SlipRegressionTests {
    /// A tree's or an expected block's closing fence deleted in a block quote or list item: one
    /// finding at the blank line where it belongs, whose fix inserts the whole line, the
    /// containers' prefix with the fence (`insert a line '> ```'`: a bare '```' there would end
    /// the quote); following it gives the lesson back, with none. At the top level, the fence alone.
    /// The expected block's, the quote's last line: the quote ends the block unclosed, one finding
    /// at the blank line after the quote (not the tree's lost expected block too). An opening
    /// fence deleted there is one finding at the first line it belongs before, `'> ```swift'`.
    func testAFenceMissingInAContainerIsInsertedWithItsPrefix() throws {
        let lesson = "14-sunum-ve-kapatma.md"
        let quote = { (lines: inout [String]) in
            for index in 125..<152 { lines[index] = lines[index].isEmpty ? ">" : "> " + lines[index] }
        }
        let item = { (lines: inout [String]) in
            for index in 125..<152 where !lines[index].isEmpty {
                lines[index] = (index == 125 ? "- " : "  ") + lines[index]
            }
        }
        let missing = { (line: Int, opening: Int, fence: String) in
            "\(line):1 [unterminated-fence] the closing fence is missing before this line: the code block opened "
                + "at line \(opening) runs on over this line and what follows, and every later fence pairs "
                + "wrongly; insert a line '\(fence)' before this one"
        }
        let opening = { (line: Int, closing: Int, fence: String) in
            "\(line):1 [unterminated-fence] the opening fence is missing before this line: it and the lines after it "
                + "read as text, and the '```' at line \(closing), meant to close their block, opens one, so every "
                + "later fence pairs wrongly; insert a line '\(fence)' before this one"
        }
        let cases: [(container: ((inout [String]) -> Void)?, deleted: Int, finding: String)] = [
            (quote, 143, missing(143, 126, "> ```")),
            (item, 143, missing(143, 126, "  ```")),
            (item, 152, missing(152, 145, "  ```")),
            (
                quote, 152,
                "152:1 [unterminated-fence] the closing fence is missing before this line: its block quote ends the "
                    + "code block opened at line 145 after line 151, unclosed; insert a line '> ```' before this one"
            ),
            (nil, 143, missing(143, 126, "```")),
            (quote, 145, opening(145, 151, "> ```")),
            (item, 145, opening(145, 151, "  ```")),
            (quote, 126, opening(126, 142, "> ```swift")),
        ]
        for (container, deleted, finding) in cases {
            let at = "line \(deleted) deleted"
            let contained = try Self.edited(lesson) { container?(&$0) }
            XCTAssertEqual(contained.found, [], at)
            let (_, lines, found) = try Self.edited(lesson) { lines in
                container?(&lines)
                lines.remove(at: deleted - 1)
            }
            XCTAssertEqual(found, [finding], at)
            let followed = try XCTUnwrap(FollowTheFix.apply([(deleted, Self.message(finding))], to: lines), at)
            XCTAssertEqual(followed, contained.lines, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
    }
}
