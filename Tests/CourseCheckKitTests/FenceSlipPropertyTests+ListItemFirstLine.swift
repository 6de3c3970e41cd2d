import Foundation
import XCTest

@testable import CourseCheckKit

/// A tree and its expected block in a list item, the item's first line (its marker and the
/// tree's opening fence, `- ```swift`) deleted: the tree's lines, indented as the item's are, read
/// as a paragraph, and its closing fence opens a block. One finding, at the first orphaned line,
/// whose fix writes the line back; followed, the lesson as it was, with no finding.
extension FenceSlipPropertyTests {
    func testAListItemsDeletedMarkerAndFenceLineGivesOneFindingThatWritesItBack() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let trees = Self.runBlocks(text, path: file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            guard !trees.isEmpty else { continue }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            let clean = text.components(separatedBy: "\n")
            let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            var contained = clean
            for index in first...last {
                contained[index] =
                    index == first ? "- " + clean[index] : clean[index].isEmpty ? "" : "  " + clean[index]
            }
            var lines = contained
            lines.remove(at: first)
            let picked = Picked(file: file, url: url, text: text, lines: lines, block: tree)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(first + 1): a list item's "
                + "'\(contained[first])' deleted: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(first + 1):1: error: the opening fence is missing") ?? false,
                message)
            XCTAssertTrue(
                found.first?.hasSuffix("; insert a line '\(contained[first])' before this one [unterminated-fence]")
                    ?? false, message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, contained, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// A tree (with its expected block) or a display fragment put in a list item whose first line
    /// is the block's opening fence (a random marker: `- `, `* `, `1. `, `3) `, `10. `), both
    /// fences of the code deleted: the item's first line holds the code's first line, and readers
    /// see the code as the item's text (cmark-gfm). One finding, at that line, after the marker,
    /// whose fix writes the fence back after the marker and the code under it; followed, the
    /// lesson as it was (in the item), with no finding.
    func testBothFencesLostInAListItemWhoseFirstLineWasTheFenceGiveOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let clean = text.components(separatedBy: "\n")
            // Top-level trees with an expected block, and display fragments whose code starts as
            // Swift does; the line after the block blank, so the item ends with it.
            let blocks = Self.runBlocks(text, path: file).filter { block in
                guard block.fenced.containers.isEmpty, let body = block.fenced.body.first,
                    block.role == .tree ? block.expected != nil : block.role == .fragment
                else { return false }
                let end = (block.expected ?? block.fenced).closing.number
                return Classifier.startsSwift(body.text) && block.fenced.body.count >= 2
                    && (end >= clean.count || clean[end].isEmpty)
            }
            guard !blocks.isEmpty else { continue }
            let block = blocks[Int(random.next() % UInt64(blocks.count))]
            let marker = ["- ", "* ", "1. ", "3) ", "10. "][Int(random.next() % 5)]
            let prefix = String(repeating: " ", count: marker.count)
            let (opening, closing) = (block.fenced.opening.number, block.fenced.closing.number)
            let last = (block.expected ?? block.fenced).closing.number
            var contained = clean
            for index in (opening - 1)...(last - 1) {
                contained[index] =
                    index == opening - 1 ? marker + clean[index] : clean[index].isEmpty ? "" : prefix + clean[index]
            }
            var lines = contained
            lines[opening - 1] = marker + clean[opening]
            lines.remove(at: closing - 1)
            lines.remove(at: opening)
            let picked = Picked(file: file, url: url, text: text, lines: lines, block: block)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(opening): "
            XCTAssertEqual(try picked.findings(with: contained, in: scratch.url), [], message + "in the item")
            let found = try picked.findings(with: lines, in: scratch.url)
            let described = message + "'\(marker)' item, both fences lost: \(found)"
            XCTAssertEqual(found.count, 1, described)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(opening):\(marker.count + 1): error: lines \(opening)–")
                    ?? false,
                described)
            XCTAssertTrue(
                found.first?.hasSuffix(
                    "; write line \(opening) as '\(marker)```swift' and move its text to a new line under it, after "
                        + "'\(prefix)'; insert '\(prefix)```' after line \(closing - 2) [unterminated-fence]") ?? false,
                described)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, contained, described)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], described)
        }
    }
}
