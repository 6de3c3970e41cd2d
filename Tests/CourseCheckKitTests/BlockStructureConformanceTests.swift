import Foundation
import XCTest

@testable import CourseCheckKit

/// The block structure against CommonMark 0.31.2: every example of the spec (those on tabs, indented
/// and fenced code, HTML blocks, block quotes, list items and lists decide where code blocks are; the
/// others that there are none), with the code and HTML blocks a compliant renderer shows
/// (`Fixtures/commonmark-blocks.json`, generated once by `Fixtures/commonmark-blocks.py` with
/// markdown-it-py and checked against the spec's HTML).
final class BlockStructureConformanceTests: XCTestCase {
    struct Case: Decodable {
        var example: Int
        var section: String
        var markdown: String
        var blocks: [Block]
    }

    struct Block: Decodable, Equatable, CustomStringConvertible {
        var kind: String
        var line: Int
        var info: String
        var content: String

        var description: String { "\(kind)@\(line) info=\(info.debugDescription) content=\(content.debugDescription)" }
    }

    static func blocks(in markdown: String) -> [Block] {
        let lines = LineScanner.lines(of: markdown)
        var found: [Block] = []
        BlockParser.parse(lines).walk { node, _ in
            let text = node.content.map { $0.text + "\n" }.joined()
            switch node.kind {
            case .fencedCode(let fence, _):
                found.append(Block(kind: "fenced", line: node.lines.lowerBound + 1, info: fence.info, content: text))
            case .indentedCode:
                found.append(Block(kind: "indented", line: node.lines.lowerBound + 1, info: "", content: text))
            case .htmlBlock:
                found.append(Block(kind: "html", line: node.lines.lowerBound + 1, info: "", content: ""))
            default:
                break
            }
        }
        return found
    }

    func testEverySpecExampleGivesTheRenderersCodeAndHTMLBlocks() throws {
        let url = Fixture.root.appendingPathComponent("commonmark-blocks.json")
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        XCTAssertEqual(cases.count, 652, "the conformance set went missing")
        XCTAssertEqual(cases.reduce(0) { $0 + $1.blocks.count }, 146)
        var failures: [String] = []
        for item in cases {
            let actual = Self.blocks(in: item.markdown)
            if actual != item.blocks {
                failures.append(
                    "example \(item.example) (\(item.section)): \(item.markdown.debugDescription)\n  expected \(item.blocks)\n  actual   \(actual)"
                )
            }
        }
        XCTAssertEqual(failures.count, 0, failures.joined(separator: "\n"))
    }
}
