import Foundation
import XCTest

@testable import CourseCheckKit

/// Two fence lines typed where no block was meant, which GitHub pairs with each other: an empty
/// code block (cmark-gfm: `<pre><code></code></pre>`), after which every later fence pairs as
/// before. One finding at the first, whose fix deletes both; followed, the lesson has none.
extension SlipRegressionTests {
    /// The finding at an empty pair, `written` at `line`, `closer` at `closing`.
    static func emptyPair(_ line: Int, column: Int = 1, written: String = "```", closer: String = "```", closing: Int)
        -> String
    {
        "\(line):\(column) [unterminated-fence] '\(written)' here and '\(closer)' at line \(closing) fence an empty "
            + "code block, which readers see as an empty box where no block was meant; delete lines \(line)–\(closing)"
    }

    /// Author round 25's S4: ```` ``` ```` typed twice over the blank line between lesson 2's tree and
    /// its expected block was two findings describing a pairing GitHub does not make.
    func testAnEmptyFencePairBetweenATreeAndItsExpectedBlockIsOneFinding() throws {
        let (_, lines, found) = try Self.edited("02-gorunumler-ve-degistiriciler.md") {
            $0.replaceSubrange(141...141, with: ["```", "```"])
        }
        XCTAssertEqual(found, [Self.emptyPair(142, closing: 143)])
        let followed = try XCTUnwrap(FollowTheFix.apply([(142, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(Self.classified("02-gorunumler-ve-degistiriciler.md", followed), [])
    }

    /// The neighbours: the pair between the core and a tree, before a tree, between a tree and its
    /// expected block, after an expected block (right under a prose paragraph's line too), with
    /// tildes, an info string, a blank line inside, in a list item and a block quote. One finding
    /// each, and deleting the lines it names gives the lesson back.
    func testAnEmptyFencePairAnywhereIsOneFindingAtItsFirstLine() throws {
        let name = "02-gorunumler-ve-degistiriciler.md"
        // 0-based blank lines: after the core, before a tree, between a tree and its expected block, after one.
        let places = [85, 114, 141, 152]
        let forms: [(lines: [String], written: String, closer: String, column: Int)] = [
            (["```", "```"], "```", "```", 1), (["~~~", "~~~"], "~~~", "~~~", 1),
            (["```swift", "```"], "```swift", "```", 1), (["```", "", "```"], "```", "```", 1),
        ]
        for place in places {
            for form in forms {
                // Typed over the blank line, right between the blocks or right above a paragraph.
                // (An empty `swift` block is no fragment: readers see an empty box, and it shows nothing.)
                let (_, over, overFound) = try Self.edited(name) { $0.replaceSubrange(place...place, with: form.lines) }
                XCTAssertEqual(
                    overFound,
                    [
                        Self.emptyPair(
                            place + 1, written: form.written, closer: form.closer, closing: place + form.lines.count)
                    ],
                    "over \(place) \(form.lines)")
                let overFollowed = try XCTUnwrap(
                    FollowTheFix.apply([(place + 1, Self.message(try XCTUnwrap(overFound.first)))], to: over))
                XCTAssertEqual(Self.classified(name, overFollowed), [], "over \(place) \(form.lines)")
                // Inserted after the blank line, with one of its own: deleting the pair's lines and
                // that blank line gives the lesson back.
                let (clean, lines, found) = try Self.edited(name) {
                    $0.insert(contentsOf: form.lines + [""], at: place + 1)
                }
                let closing = place + 1 + form.lines.count
                XCTAssertEqual(
                    found, [Self.emptyPair(place + 2, written: form.written, closer: form.closer, closing: closing)],
                    "\(place) \(form.lines)")
                let followed = try XCTUnwrap(
                    FollowTheFix.apply([(place + 2, Self.message(try XCTUnwrap(found.first)))], to: lines))
                XCTAssertEqual(Self.classified(name, followed), [], "\(place) \(form.lines)")
                XCTAssertEqual(followed, Array(clean[...place]) + [""] + clean[(place + 1)...], "\(place)")
            }
        }
        for container in [["- Madde:", "", "  ```", "  ```"], ["> Alıntı:", ">", "> ```", "> ```"]] {
            let (_, lines, found) = try Self.edited(name) { $0.insert(contentsOf: container + [""], at: 153) }
            XCTAssertEqual(found, [Self.emptyPair(156, column: 3, closing: 157)], container[0])
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(156, Self.message(try XCTUnwrap(found.first)))], to: lines))
            XCTAssertEqual(Self.classified(name, followed), [], container[0])
        }
    }

    /// The control: a tree's expected block left empty (for `--promote` to fill) is no pair typed
    /// where no block was meant: the classification has no finding (the run's drift says the rest).
    func testAnEmptyExpectedBlockIsNoEmptyPair() throws {
        let (_, _, found) = try Self.edited("02-gorunumler-ve-degistiriciler.md") {
            $0.replaceSubrange(143...150, with: [])
        }
        XCTAssertEqual(found, [])
    }
}
