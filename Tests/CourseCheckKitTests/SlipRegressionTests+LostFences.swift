import Foundation
import XCTest

@testable import CourseCheckKit

/// Both fence lines of a block deleted: the fences left pair as before, and readers see the code
/// or output as text (cmark-gfm: `<p>// main.swift — …</p>`, `<p>import SwiftUI</p>` and an
/// indented code block). One finding at the block's first line, naming the two fences to insert;
/// followed, the lesson is as it was, with none.
extension SlipRegressionTests {
    /// The finding at lines `first`–`last`, `what` shown as text starting `shown`.
    static func lostFences(_ first: Int, _ last: Int, what: String, shown: String, opener: String = "```swift")
        -> String
    {
        "\(first):1 [unterminated-fence] lines \(first)–\(last) are \(what) with no fences around it: readers see "
            + "'\(shown)' and the lines after it as text; insert '\(opener)' before line \(first) and '```' after "
            + "line \(last)"
    }

    /// `lines` with the 1-based lines `numbers` removed.
    static func deleting(_ numbers: [Int], from lines: inout [String]) {
        for number in numbers.sorted(by: >) { lines.remove(at: number - 1) }
    }

    /// Author round 28's V11: lesson 9's first tree (fences at 119 and 136), its display fragment
    /// (100 and 113) and the tree's expected block (138 and 144), each with both fences deleted.
    func testATreeWhoseFencesAreBothDeletedIsOneFindingAtItsFirstLine() throws {
        let name = "09-yerel-durum.md"
        let (clean, lines, found) = try Self.edited(name) { Self.deleting([119, 136], from: &$0) }
        XCTAssertEqual(
            found, [Self.lostFences(119, 134, what: "a tree", shown: "// main.swift — gorunumun kendi durumu y…")])
        let followed = try XCTUnwrap(FollowTheFix.apply([(119, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(followed, clean)
    }

    func testAFragmentWhoseFencesAreBothDeletedIsOneFindingAtItsFirstLine() throws {
        let name = "09-yerel-durum.md"
        let (clean, lines, found) = try Self.edited(name) { Self.deleting([100, 113], from: &$0) }
        XCTAssertEqual(found, [Self.lostFences(100, 111, what: "Swift code", shown: "import SwiftUI")])
        let followed = try XCTUnwrap(FollowTheFix.apply([(100, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(followed, clean)
    }

    func testAnExpectedBlockWhoseFencesAreBothDeletedIsOneFindingAtItsFirstLine() throws {
        let name = "09-yerel-durum.md"
        let (clean, lines, found) = try Self.edited(name) { Self.deleting([138, 144], from: &$0) }
        XCTAssertEqual(
            found,
            [
                Self.lostFences(
                    138, 142, what: "the output of the tree at line 119",
                    shown: "dokunuldu: tapCount degisti | yeniden Co…", opener: "```")
            ])
        let followed = try XCTUnwrap(FollowTheFix.apply([(138, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(followed, clean)
    }

    /// The core's fences deleted (lesson 9's, at 23 and 92): one finding, not "no core".
    func testTheCoreWhoseFencesAreBothDeletedIsOneFindingAtItsFirstLine() throws {
        let name = "09-yerel-durum.md"
        let (clean, lines, found) = try Self.edited(name) { Self.deleting([23, 92], from: &$0) }
        XCTAssertEqual(
            found, [Self.lostFences(23, 90, what: "the core", shown: "// Invalidation.swift — bir degisikligin…")])
        let followed = try XCTUnwrap(FollowTheFix.apply([(23, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(followed, clean)
    }

    /// The controls: prose with a `{`, a `:` or code spans, a sentence starting with a keyword as
    /// a word (lines of English that start with `for`, `if`, `let`, `import`, `struct`), an
    /// output-like line of prose under a tree with its expected block, and one line of Swift-like
    /// text on its own: none is a block that lost its fences.
    func testProseThatLooksLikeCodeIsNoLostBlock() throws {
        let name = "09-yerel-durum.md"
        let paragraphs = [
            ["Sözdizimi şöyledir: `struct Ad: View {` ile açılır."], ["Değer { ve } arasında durur:"],
            ["import edilen modül: SwiftUI"], ["let ile tanımlanan değer değişmez."], ["import SwiftUI"],
            ["yerel: 1"], ["for each view the tree reads", "if the key is its own, and", "let the reader count"],
            ["import the module you need", "struct fields are values"],
        ]
        for paragraph in paragraphs {
            let (_, _, found) = try Self.edited(name) { $0.insert(contentsOf: paragraph + [""], at: 145) }
            XCTAssertEqual(found, [], "\(paragraph)")
        }
    }
}

/// A block pasted twice, right under itself: the core, a tree (before its expected block) or a
/// tree's expected block. One finding at the copy, whose fix deletes it (and the blank line it
/// brought); followed, the lesson as it was.
extension SlipRegressionTests {
    /// Lesson 9 with its lines `first`–`last` (1-based) pasted again after line `after`, a blank
    /// line after them: the findings, and the fix of the one followed.
    static func pastedTwice(_ first: Int, _ last: Int, after: Int) throws -> (
        found: [String], followed: [String]?, clean: [String]
    ) {
        let name = "09-yerel-durum.md"
        let (clean, lines, found) = try Self.edited(name) {
            $0.insert(contentsOf: Array($0[(first - 1)..<last]) + [""], at: after)
        }
        let fix = found.first.map { (after + 1, Self.message($0)) }
        return (found, fix.flatMap { FollowTheFix.apply([$0], to: lines) }, clean)
    }

    /// Author round 28's V13: the core (23–92) pasted again under itself.
    func testTheCorePastedTwiceIsOneFindingWhoseFixDeletesTheCopy() throws {
        let (found, followed, clean) = try Self.pastedTwice(23, 92, after: 93)
        let message =
            "lesson has more than one core block ('// Invalidation.swift'): this one repeats the core block at lines "
            + "23–92 right above it; delete lines 94–164"
        XCTAssertEqual(found, ["94:1 [core-count] \(message)"])
        XCTAssertEqual(followed, clean)
    }

    /// The first tree's expected block (138–144) pasted again under itself.
    func testAnExpectedBlockPastedTwiceIsOneFindingWhoseFixDeletesTheCopy() throws {
        let (found, followed, clean) = try Self.pastedTwice(138, 144, after: 145)
        let message =
            "bare code fence repeats the tree's expected block at lines 138–144 right above it, so it is nobody's "
            + "expected output; delete lines 146–153"
        XCTAssertEqual(found, ["146:1 [stray-output] \(message)"])
        XCTAssertEqual(followed, clean)
    }

    /// The first tree (119–136) pasted again under itself, before its expected block.
    func testATreePastedTwiceIsOneFindingAtTheCopyWhoseFixDeletesIt() throws {
        let (found, followed, clean) = try Self.pastedTwice(119, 136, after: 137)
        let message =
            "tree repeats the tree at lines 119–136 right above it, which is left without its expected block; "
            + "delete lines 138–156"
        XCTAssertEqual(found, ["138:1 [tree-identity] \(message)"])
        XCTAssertEqual(followed, clean)
    }

    /// The control: an expected block after another block whose lines differ by one is a stray
    /// output block as before, with no fix to delete.
    func testABlockUnlikeTheOneAboveIsNoCopy() throws {
        let name = "09-yerel-durum.md"
        let (_, _, found) = try Self.edited(name) {
            $0.insert(contentsOf: ["```", "yerel: 2", "```", ""], at: 145)
        }
        XCTAssertEqual(
            found,
            [
                "146:1 [stray-output] bare code fence does not follow a tree; expected output must come right after a "
                    + "```swift block starting '// main.swift'"
            ])
    }
}

/// A tree in a list item or block quote whose expected block, right under it, was left outside
/// the container (indented short of the item's content column, or typed without `> `): one
/// finding at the expected block, whose fix writes its lines with the tree's prefix; followed,
/// both sit in the container, with none.
extension SlipRegressionTests {
    /// Lesson 9 with its first tree (119–136) behind `treePrefix` (its first line behind
    /// `treeMarker`) and its expected block (138–144) behind `expectedPrefix`.
    static func containedTree(marker: String, treePrefix: String, expectedPrefix: String) throws -> (
        lines: [String], found: [String]
    ) {
        let (_, lines, found) = try Self.edited("09-yerel-durum.md") { lines in
            for index in 118...135 { lines[index] = (index == 118 ? marker : treePrefix) + lines[index] }
            for index in 137...143 { lines[index] = expectedPrefix + lines[index] }
        }
        return (lines, found)
    }

    /// Author round 28's V6: the tree in `1. `, its expected block indented 2.
    func testAnExpectedBlockShortOfItsTreesListItemIsOneFindingAtIt() throws {
        let (lines, found) = try Self.containedTree(marker: "1. ", treePrefix: "   ", expectedPrefix: "  ")
        let message =
            "the expected block of the tree at line 119 is at the top level, but the tree is in a list item, and a "
            + "tree and its expected block must sit in the same container; begin lines 138–144 with '   ', not '  '"
        XCTAssertEqual(found, ["138:3 [missing-expected] \(message)"])
        let followed = try XCTUnwrap(FollowTheFix.apply([(138, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(Self.classified("09-yerel-durum.md", followed), [])
    }

    /// The tree in `> `, its expected block typed without it (and the blank line between).
    func testAnExpectedBlockOutsideItsTreesBlockQuoteIsOneFindingAtIt() throws {
        let (lines, found) = try Self.containedTree(marker: "> ", treePrefix: "> ", expectedPrefix: "")
        let message =
            "the expected block of the tree at line 119 is at the top level, but the tree is in a block quote, and a "
            + "tree and its expected block must sit in the same container; begin lines 137–144 with '> '"
        XCTAssertEqual(found, ["138:1 [missing-expected] \(message)"])
        let followed = try XCTUnwrap(FollowTheFix.apply([(138, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(Self.classified("09-yerel-durum.md", followed), [])
    }

    /// The controls: the expected block at the item's content column: none.
    func testAnExpectedBlockInItsTreesContainerIsNoFinding() throws {
        XCTAssertEqual(try Self.containedTree(marker: "1. ", treePrefix: "   ", expectedPrefix: "   ").found, [])
        XCTAssertEqual(try Self.containedTree(marker: "- ", treePrefix: "  ", expectedPrefix: "  ").found, [])
    }
}
