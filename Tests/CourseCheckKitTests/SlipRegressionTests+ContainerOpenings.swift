import Foundation
import XCTest

@testable import CourseCheckKit

/// Opening fences of a tree set in a list item or block quote: typed twice (author round 27's
/// U8), or with the list marker glued to the fence (`-```swift`, U9). One finding each, at the
/// slip, whose fix converges; the tree written right in its container is the control.
extension SlipRegressionTests {
    /// Lesson 9 with its first tree and expected block (lines 119–144) in a list item (`- `,
    /// two spaces on the lines after) or a block quote (`> `).
    static func containedTree(_ quote: Bool) throws -> [String] {
        var lines = try Self.edited("09-yerel-durum.md") { _ in }.lines
        XCTAssertEqual(lines[118], "```swift")
        XCTAssertEqual(lines[143], "```")
        for index in 118...143 {
            let line = lines[index]
            lines[index] =
                quote
                ? (line.isEmpty ? ">" : "> " + line) : index == 118 ? "- " + line : line.isEmpty ? "" : "  " + line
        }
        return lines
    }

    func testAnOpeningFenceTypedTwiceInAContainerIsOneFinding() throws {
        for quote in [false, true] {
            let contained = try Self.containedTree(quote)
            // The control: the tree in its container as written.
            XCTAssertEqual(Self.classified("09-yerel-durum.md", contained), [], "quote: \(quote)")
            var lines = contained
            lines.insert((quote ? "> " : "  ") + "```swift", at: 119)
            XCTAssertEqual(
                Self.classified("09-yerel-durum.md", lines),
                [
                    "120:3 [unterminated-fence] '```swift' repeats the opening fence at line 119 right above it, and a "
                        + "fence with an info string closes no block, so readers see it as the first line of the "
                        + "block's code, which does not run as written; delete it"
                ], "quote: \(quote)")
            lines.remove(at: 119)
            XCTAssertEqual(lines, contained)
        }
    }

    func testAListMarkerGluedToItsFenceIsOneFinding() throws {
        let contained = try Self.containedTree(false)
        for (written, marker) in [("-```swift", "-"), ("*```swift", "*"), ("1.```swift", "1.")] {
            var lines = contained
            lines[118] = written
            // A `1.` item's text starts a column further: its lines take three spaces.
            if marker == "1." {
                for index in 119...143 where !lines[index].isEmpty { lines[index] = " " + lines[index] }
            }
            let found = Self.classified("09-yerel-durum.md", lines)
            XCTAssertEqual(
                found,
                [
                    "119:1 [unterminated-fence] '\(written)' has no space after its list marker, so it opens neither "
                        + "a list item nor a code block: it and the lines after it show as text, and every later "
                        + "fence pairs wrongly; write '\(marker) ```swift'"
                ], written)
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(119, Self.message(try XCTUnwrap(found.first)))], to: lines))
            XCTAssertEqual(followed[118], "\(marker) ```swift")
            XCTAssertEqual(Self.classified("09-yerel-durum.md", followed), [], written)
        }
    }
}
