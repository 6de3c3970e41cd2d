import Foundation
import XCTest

@testable import CourseCheckKit

/// A fence indented one to three spaces, as cmark-gfm renders it: the same code block, each content
/// line with up to the opening fence's indentation taken off (a closing fence's indentation takes
/// nothing). What a reader sees then differs from the unindented block exactly when the opening
/// fence is indented and a content line starts with a space.
final class IndentedFencePropertyTests: XCTestCase {
    /// A random lesson, a random block of a random role (tree, expected block, fragment, core), its
    /// opening fence, its closing fence or both indented 1–3 spaces: the same rendering gives no
    /// finding; a different one exactly one, at the opening fence (`indented-fence` for a tree or a
    /// fragment, `output-drift` or `core-drift` for the blocks the lesson compares).
    func testAnIndentedFenceIsSilentOrOneFindingAtIt() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 3) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            var lines = text.components(separatedBy: "\n")
            // The fenced blocks at the top level: opening, closing, and the role read from them.
            var blocks: [(open: Int, close: Int, role: String)] = []
            var open: Int?
            for (index, line) in lines.enumerated() where line.hasPrefix("```") {
                if let start = open {
                    let first = lines[start + 1]
                    let role =
                        lines[start] == "```"
                        ? "expected"
                        : first.hasPrefix("// Invalidation.swift")
                            ? "core" : first.hasPrefix("// main.swift") ? "tree" : "fragment"
                    blocks.append((start, index, role))
                    open = nil
                } else {
                    open = index
                }
            }
            let block = blocks[Int(random.next() % UInt64(blocks.count))]
            let which = Int(random.next() % 3)
            let indent = 1 + Int(random.next() % 3)
            let pad = String(repeating: " ", count: indent)
            let opening = which != 1
            if opening { lines[block.open] = pad + lines[block.open] }
            if which != 0 {
                lines[block.close] = String(repeating: " ", count: 1 + Int(random.next() % 3)) + lines[block.close]
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let differs = opening && lines[(block.open + 1)..<block.close].contains { $0.hasPrefix(" ") }
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(block.open + 1): the "
                + "\(block.role)'s \(["opening", "closing", "opening and closing"][which]) fence indented"
            let found = courseFindings(in: scratch.url)
            if differs {
                let id = ["tree": "indented-fence", "fragment": "indented-fence", "core": "core-drift"][block.role]
                XCTAssertEqual(found.count, 1, "\(message): \(found)")
                XCTAssertTrue(
                    found.first?.hasPrefix("lessons/\(file):\(block.open + 1):1: error: ") ?? false,
                    "\(message): \(found)")
                XCTAssertTrue(found.first?.hasSuffix(" [\(id ?? "output-drift")]") ?? false, "\(message): \(found)")
                XCTAssertTrue(
                    found.first?.contains(
                        "delete \(indent == 1 ? "the space" : "the \(indent) spaces") before the fence") ?? false,
                    "\(message): \(found)")
            } else {
                XCTAssertEqual(found, [], message)
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A tree with a multi-line string, under an opening fence indented 2 spaces: readers see the
    /// string's line shifted, and the tree would print it so; the finding is at the fence, the tree
    /// runs as written, and no drift of its output against its block follows.
    func testATreesMultiLineStringUnderAnIndentedFenceIsOneFindingAtTheFence() throws {
        let tree = "```swift\n// main.swift — gorunumun kendi durumu"
        let end = "countCauses(recomputes)\n```\n\n```\ndokunuldu"
        let found = try findings(after: [
            ("09-yerel-durum.md", tree, "  " + tree),
            (
                "09-yerel-durum.md", end,
                "countCauses(recomputes)\nprint(\"\"\"\n  girinti\n\"\"\")\n```\n\n```\ndokunuldu"
            ),
            ("09-yerel-durum.md", "ortam: 0\n```\n\nTek", "ortam: 0\n  girinti\n```\n\nTek"),
        ])
        // The golden drift is the edit's own (the tree prints a line its approved golden lacks),
        // not the fence's: no output drift, since the tree runs as written and its block agrees.
        XCTAssertEqual(
            found,
            [
                "lessons/09-yerel-durum.md:119:1: error: this tree's opening fence is indented 2 spaces, so GitHub "
                    + "takes up to 2 spaces of indentation off each line of the tree (line 122 is the first it "
                    + "changes): readers see its code indented otherwise than written; delete the 2 spaces before the "
                    + "fence [indented-fence]",
                "lessons/09-yerel-durum.md:120:1: error: output of tree at line 120 differs from its approved golden; "
                    + "if the change is intended, run 'coursecheck --update lessons/' [golden-drift]",
            ])
    }

    /// A fragment indented whole with its fences renders as the unindented one: no finding. In a
    /// list item, its fence two spaces past the item's column over lines at that column: readers see
    /// its lines indented less, one finding at the fence, its column where the indentation starts.
    func testAWholeBlockIndentedIsSilentAndAFencePastItsListItemIsOneFinding() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let open = try XCTUnwrap(lines.indices.first { lines[$0] == "```swift" && lines[$0 + 1] == "import SwiftUI" })
        let close = try XCTUnwrap(lines[(open + 1)...].firstIndex(of: "```"))
        func write(_ edited: [String]) throws {
            try edited.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        var whole = lines
        for index in open...close where !lines[index].isEmpty { whole[index] = "  " + lines[index] }
        try write(whole)
        XCTAssertEqual(courseFindings(in: scratch.url), [])
        var item = whole
        item[open] = "    " + lines[open]
        item.insert(contentsOf: ["- Parça:", ""], at: open)
        try write(item)
        let found = courseFindings(in: scratch.url)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(
            found.first?.hasPrefix(
                "lessons/09-yerel-durum.md:\(open + 3):3: error: this fragment's opening fence is indented 2 spaces")
                ?? false, "\(found)")
        XCTAssertTrue(found.first?.hasSuffix(" [indented-fence]") ?? false, "\(found)")
    }
}
