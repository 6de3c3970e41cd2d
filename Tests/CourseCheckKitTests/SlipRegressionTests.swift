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
        let url = Binary.packageRoot.appendingPathComponent("lessons/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n").map { Optional($0) }
        edit(&lines, FenceSlipPropertyTests.runBlocks(text, path: name))
        let file = SourceFile(path: name, text: lines.compactMap { $0 }.joined(separator: "\n"))
        return Classifier.classify(file, scanned: MarkdownScanner.scan(file)).1.map {
            "\($0.location.line) [\($0.id.rawValue)]"
        }
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
}
