import Foundation
import XCTest

@testable import CourseCheckKit

/// A fence slip's fix is one step: followed once, the course checks clean. Blanks typed before a
/// fence mix tabs and spaces; a fix that deleted only the tabs would leave an opening fence
/// indented (a second finding, `indented-fence`), so the fix names every blank that matters.
extension FenceSlipPropertyTests {
    /// What an author's keyboard types before a fence: blanks four or more columns deep (tabs
    /// alone, spaces alone, the two mixed in either order), a list marker or a `>`.
    static let typedBefore = [
        "    ", "\t", "  \t", " \t", "\t\t", "\t \t", "   \t", "\t  ", "- ", "* ", "1. ", "> ",
    ]

    /// One fence of a core, tree, expected block or fragment, opening or closing, with blanks,
    /// a marker or a `>` typed before it, or written with another character, length or quote
    /// style: one finding, at that line, whose fix followed once gives no finding.
    func testAFenceSlipIsFixedInOneStep() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let closing = random.next() % 2 == 0
            let at = (closing ? picked.block.fenced.closing.number : picked.block.fenced.opening.number) - 1
            var lines = picked.lines
            if random.next() % 3 == 0 {
                // The fence's run written otherwise, an opening fence's info string kept.
                let slips = closing ? Self.closingSlips : Self.openingSlips
                let slip = slips[Int(random.next() % UInt64(slips.count))]
                lines[at] = closing ? slip : slip + lines[at].drop { $0 == "`" || $0 == "~" }
            } else {
                lines[at] = Self.typedBefore[Int(random.next() % UInt64(Self.typedBefore.count))] + lines[at]
            }
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "\(picked.block.role) \(closing ? "closing" : "opening") fence written "
                + "'\(lines[at].debugDescription)': \(found)"
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
