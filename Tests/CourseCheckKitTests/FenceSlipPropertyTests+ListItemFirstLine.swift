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
}
