import XCTest

@testable import CourseCheckKit

/// Seeded random documents built from the characters that decide block structure: the scanner,
/// the prose reader and the inline reader never trap, and what they return stays inside the file.
final class BlockStructurePropertyTests: XCTestCase {
    /// SplitMix64: a fixed sequence, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// `count` pieces picked at random, joined: a property test's random text. A loop, not a
        /// `map` over an untyped literal, which took the type checker up to 1.5 s a test.
        mutating func text(_ pieces: [String], count: Int, separator: String = "") -> String {
            var parts: [String] = []
            for _ in 0..<count { parts.append(pieces[Int(next() % UInt64(pieces.count))]) }
            return parts.joined(separator: separator)
        }
    }

    static let pieces = [
        "> ", ">", "- ", "* ", "+ ", "1. ", "2) ", "   ", "    ", "\t", "```", "~~~", "```swift", "<!--", "-->",
        "<div>",
        "</div>", "<pre>", "</pre>", "<a href=\"x\">", "# ", "## ", "---", "===", "**", "__", "*", "_", "`", "``", "\\",
        "[t](./a.md)", "[", "](", ")", "|", "|---|", "x", "çğ", "\u{200B}", "// main.swift — t", "print(1)",
        "yerel 1, ",
        "Bu dersin tetiği: ", "`a-b`", "title: ", "t :", "\"k\": ", ">-", "|+", "|2", " # c", "*a", "&a ", "!!str ",
        "[t]: ./a.md", "[t]:", " <a b>", " \"t", "'", "[t][]", "[x][t]", "[T]", "]:",
    ]

    func testRandomDocumentsNeverTrapAndStayInsideTheFile() {
        let (count, seed) = PropertySeeds.stream(defaultCount: 1_000, defaultSeed: 11)
        var generator = Generator(state: seed)
        for _ in 0..<count {
            var text = ""
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                text += Self.pieces.randomElement(using: &generator)!
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    text += Bool.random(using: &generator) ? "\n" : "\r\n"
                }
            }
            let file = SourceFile(path: "r.md", text: text)
            let scanned = MarkdownScanner.scan(file)
            for block in scanned.blocks {
                XCTAssertEqual(
                    block.body.count, block.bodyPrefixLengths.count, "seed \(seed): \(text.debugDescription)")
                XCTAssertEqual(
                    block.body.map(\.number),
                    Array(stride(from: block.opening.number + 1, to: block.closing.number, by: 1)))
                for (line, prefix) in zip(block.body, block.bodyPrefixLengths) {
                    XCTAssertLessThanOrEqual(
                        prefix, file.lines[line.number - 1].text.utf8.count, "seed \(seed): \(text.debugDescription)")
                }
            }
            let prose = Prose(file: file, document: scanned.document)
            for block in prose.blocks {
                let inline = block.inline
                for span in inline.codeSpans { XCTAssertLessThanOrEqual(span.range.upperBound, inline.source.count) }
                for span in inline.emphasis { XCTAssertLessThanOrEqual(span.content.upperBound, inline.source.count) }
                for link in inline.links { XCTAssertLessThanOrEqual(link.range.upperBound, inline.source.count) }
                _ = block.text
                _ = block.location(of: block.source.utf8.count, in: "r.md")
            }
            _ = prose.tables
            _ = FrontMatter.parse(LineScanner.lines(of: "---\n" + text + "\n---\n"))
            _ = Classifier.classify(file, scanned: scanned)
        }
    }
}
