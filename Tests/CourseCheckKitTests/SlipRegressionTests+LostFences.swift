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
    /// a word, an output-like line of prose under a tree with its expected block, and one line of
    /// Swift-like text on its own: none is a block that lost its fences.
    func testProseThatLooksLikeCodeIsNoLostBlock() throws {
        let name = "09-yerel-durum.md"
        let paragraphs = [
            ["Sözdizimi şöyledir: `struct Ad: View {` ile açılır."], ["Değer { ve } arasında durur:"],
            ["import edilen modül: SwiftUI"], ["let ile tanımlanan değer değişmez."], ["import SwiftUI"],
            ["yerel: 1"],
        ]
        for paragraph in paragraphs {
            let (_, _, found) = try Self.edited(name) { $0.insert(contentsOf: paragraph + [""], at: 145) }
            XCTAssertEqual(found, [], "\(paragraph)")
        }
    }
}
