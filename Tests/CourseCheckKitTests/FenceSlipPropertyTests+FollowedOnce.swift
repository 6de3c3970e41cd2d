import Foundation
import XCTest

@testable import CourseCheckKit

/// A fence slip's fix is one step: followed once, the course checks clean. Blanks typed before a
/// fence mix tabs and spaces; a fix that deleted only the tabs would leave an opening fence
/// indented (a second finding, `indented-fence`), so the fix names every blank that matters.
extension FenceSlipPropertyTests {
    /// Blanks before a fence that make it four or more columns deep: tabs alone, spaces alone,
    /// and the two mixed in either order.
    static let deepBlanks = ["    ", "\t", "  \t", " \t", "\t\t", "\t \t", "   \t", "\t  "]

    /// One fence of a core, tree, expected block or fragment, opening or closing, indented with
    /// blanks four or more columns deep: one finding, at that line, whose fix followed once gives
    /// no finding.
    func testAFenceIndentedWithTabsAndSpacesIsFixedInOneStep() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let closing = random.next() % 2 == 0
            let at = (closing ? picked.block.fenced.closing.number : picked.block.fenced.opening.number) - 1
            let blanks = Self.deepBlanks[Int(random.next() % UInt64(Self.deepBlanks.count))]
            var lines = picked.lines
            lines[at] = blanks + lines[at]
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "\(picked.block.role) \(closing ? "closing" : "opening") fence written '\(lines[at].debugDescription)': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):") ?? false, message)
            let parsed = try XCTUnwrap(found.first.flatMap { FollowTheFix.parse(String($0)) }, message)
            // "indent it less" names no count: four spaces are taken off, as the author would.
            var followed = lines
            if parsed.message.hasSuffix("; indent it less [unterminated-fence]") {
                followed[at] = String(lines[at].dropFirst(4))
            } else {
                followed = try XCTUnwrap(FollowTheFix.apply([(parsed.line, parsed.message)], to: lines), message)
            }
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }
}
