import Foundation
import XCTest

@testable import CourseCheckKit

/// Where GitHub (cmark-gfm) and the CommonMark reference (commonmark.js) read a code block's text
/// differently, the block parser knows both readings: 400 generated documents mixing tabs and
/// spaces in block-quote and list prefixes and in a fence's indentation, with both renderers'
/// text committed (`Fixtures/github-fence-tabs.json`, from `Fixtures/github-fence-tabs.py`).
final class GitHubParityTests: XCTestCase {
    struct Case: Decodable {
        var markdown: String
        var github: [String]
        var reference: [String]
    }

    /// Each code block's text, as the spec reads it and as GitHub does.
    static func readings(_ markdown: String) -> (reference: [String], github: [String]) {
        var reference: [String] = []
        var github: [String] = []
        BlockParser.parse(LineScanner.lines(of: markdown)).walk { node, _ in
            switch node.kind {
            case .fencedCode, .indentedCode:
                reference.append(node.content.map { $0.text + "\n" }.joined())
                github.append(node.content.map { ($0.gitHubText ?? $0.text) + "\n" }.joined())
            default: break
            }
        }
        return (reference, github)
    }

    func testBothReadingsOfTabsTakenInPart() throws {
        let url = Fixture.root.appendingPathComponent("github-fence-tabs.json")
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        XCTAssertEqual(cases.count, 400, "the parity set went missing")
        // The set must hold the cases it is about.
        XCTAssertEqual(cases.count { $0.github != $0.reference }, 17)
        var failures: [String] = []
        for item in cases {
            let (reference, github) = Self.readings(item.markdown)
            if reference != item.reference {
                failures.append("reference \(item.markdown.debugDescription): \(reference) ≠ \(item.reference)")
            }
            if github != item.github {
                failures.append("GitHub \(item.markdown.debugDescription): \(github) ≠ \(item.github)")
            }
        }
        XCTAssert(
            failures.isEmpty, "\(failures.count) of \(cases.count):\n" + failures.prefix(10).joined(separator: "\n"))
    }
}

/// Pipe tables as GitHub renders them: 300 generated paragraphs (outer pipes or none, delimiter
/// rows right and a slip wrong, short and long rows, escaped pipes in text and code, emphasis and
/// references in cells), with cmark-gfm's tables committed (`Fixtures/gfm-tables.json`, from
/// `Fixtures/gfm-tables.py`). A reader sees a row's missing cells as empty and not its extra ones.
final class GFMTableParityTests: XCTestCase {
    struct Table: Decodable, Equatable {
        var header: [String]
        var rows: [[String]]
    }

    struct Case: Decodable {
        var markdown: String
        var tables: [Table]
    }

    func testTablesReadAsGitHubRendersThem() throws {
        let url = Fixture.root.appendingPathComponent("gfm-tables.json")
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        XCTAssertEqual(cases.count, 300, "the table set went missing")
        XCTAssertEqual(cases.count { !$0.tables.isEmpty }, 207)
        var failures: [String] = []
        for item in cases {
            guard case .success(let file) = SourceFile.decode(Array(item.markdown.utf8), path: "t.md") else {
                failures.append("undecodable \(item.markdown.debugDescription)")
                continue
            }
            let tables = Prose(file: file).tables.map { table in
                Table(
                    header: table.header,
                    rows: table.rows.map { row in
                        (0..<table.header.count).map { $0 < row.cells.count ? row.cells[$0].text : "" }
                    })
            }
            if tables != item.tables {
                failures.append("\(item.markdown.debugDescription)\n  GitHub \(item.tables)\n  read   \(tables)")
            }
        }
        XCTAssert(
            failures.isEmpty, "\(failures.count) of \(cases.count):\n" + failures.prefix(8).joined(separator: "\n"))
    }
}
