import Foundation
import XCTest

@testable import CourseCheckKit

/// The inline parser against CommonMark 0.31.2 and GFM. `Fixtures/commonmark-inlines.json` is
/// generated once by `Fixtures/commonmark-inlines.py`: every spec example whose document is only
/// paragraphs and headings, with the spec's HTML (checked there against markdown-it-py; where
/// cmark-gfm differs its output is kept with the reason), and hand-written GFM examples rendered by
/// cmark-gfm with strikethrough, autolinks and footnotes. Each example goes through `BlockParser`
/// (blocks and link reference definitions), then `InlineParser` and `InlineRenderer`.
final class InlineConformanceTests: XCTestCase {
    struct Fixture: Decodable {
        var spec: [SpecCase]
        var gfm: [GFMCase]
    }

    struct SpecCase: Decodable {
        var example: Int
        var section: String
        var markdown: String
        var html: String
    }

    struct GFMCase: Decodable {
        var name: String
        var markdown: String
        var footnotes: [String]
        var html: String
    }

    /// Examples this parser does not pass, each with the reason. Empty: all pass.
    static let knownFailures: [Int: String] = [:]

    static func load() throws -> Fixture {
        let url = CourseCheckKitTests.Fixture.root.appendingPathComponent("commonmark-inlines.json")
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    /// The document's paragraphs and headings as cmark renders them.
    static func render(_ markdown: String, footnotes: Set<String> = [], options: InlineParser.Options) -> String {
        let document = BlockParser.parse(LineScanner.lines(of: markdown))
        var numbering = InlineRenderer.FootnoteNumbering()
        var html = ""
        for block in document.children {
            let text = block.content.map(\.text).joined(separator: "\n")
            let nodes = InlineParser.parse(
                text, definitions: document.linkReferences, footnotes: footnotes, options: options)
            let body = InlineRenderer.html(nodes, footnotes: &numbering)
            switch block.kind {
            case .paragraph: html += "<p>\(body)</p>\n"
            case .heading(let level): html += "<h\(level)>\(body)</h\(level)>\n"
            default: html += "<!-- not a paragraph or heading: \(block.kind) -->\n"
            }
        }
        return html
    }

    func testSpecExamplesRenderAsTheSpecSays() throws {
        let cases = try Self.load().spec
        XCTAssertEqual(cases.count, 430, "the conformance set went missing")
        var failures: [String] = []
        var failed: Set<Int> = []
        var perSection: [(section: String, passed: Int, total: Int)] = []
        for item in cases {
            if perSection.last?.section != item.section { perSection.append((item.section, 0, 0)) }
            perSection[perSection.count - 1].total += 1
            let actual = Self.render(item.markdown, options: .commonMark)
            if actual == item.html {
                perSection[perSection.count - 1].passed += 1
            } else {
                failed.insert(item.example)
                if Self.knownFailures[item.example] == nil {
                    failures.append(
                        "example \(item.example) (\(item.section)): \(item.markdown.debugDescription)\n"
                            + "  expected \(item.html.debugDescription)\n  actual   \(actual.debugDescription)")
                }
            }
        }
        let summary = perSection.map { "\($0.section): \($0.passed)/\($0.total)" }.joined(separator: "\n")
        print("CommonMark 0.31.2 inline conformance, passed/total per section:\n\(summary)")
        XCTAssertEqual(failures.count, 0, failures.joined(separator: "\n"))
        for (example, reason) in Self.knownFailures where !failed.contains(example) {
            XCTFail("example \(example) passes now; take it off the known failures (\(reason))")
        }
    }

    func testGFMExamplesRenderAsCmarkGFMDoes() throws {
        let cases = try Self.load().gfm
        XCTAssertGreaterThanOrEqual(cases.count, 10)
        for item in cases {
            let footnotes = Set(item.footnotes.map { LinkDefinition.normalizedLabel($0) })
            let actual = Self.render(item.markdown, footnotes: footnotes, options: .gfm)
            XCTAssertEqual(actual, item.html, item.name)
        }
    }
}
