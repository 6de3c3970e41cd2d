import Foundation
import XCTest

@testable import CourseCheckKit

/// Comment slips through containers, at random in a copy of the real course, each checked against
/// cmark-gfm: a comment in a list item or block quote (nested either way) whose `-->` lost the
/// container's prefix, and a comment opened on a claim's line and never closed.
extension StructureSlipPropertyTests {
    /// A container of a random shape (an item, an item the comment opens, a quote, a quote in a
    /// quote, a list in a quote, a quote in an item) holding a comment over up to three lines,
    /// before a random block of a lesson: two times in three its `-->` (alone, or after words)
    /// lost the innermost container's prefix, the item's indentation or the quote's `>`. Where
    /// cmark-gfm shows that `-->` as text, exactly one finding, at that `-->`; following its fix
    /// gives none and the page as written with the prefix. With the prefix, none.
    func testACommentClosedOutsideItsContainerIsOneFindingAtTheClose() throws {
        let tool = try Self.cmarkGFM()
        // Each shape: the lines before the comment, the `<!--` line, a comment line's prefix, and
        // the prefix of a line outside the innermost container.
        let shapes: [(lead: [String], opener: String, prefix: String, outside: String)] = [
            (["- Madde metni."], "  <!-- yorum", "  ", ""),
            ([], "- <!-- yorum", "  ", ""),
            (["1. Madde metni."], "   <!-- yorum", "   ", " "),
            (["> Alıntı metni.", ">"], "> <!-- yorum", "> ", ""),
            ([], "> <!-- yorum", "> ", ""),
            (["> Alıntı metni.", ">"], "> > <!-- yorum", "> > ", "> "),
            (["> - Madde metni."], ">   <!-- yorum", ">   ", ">"),
            (["- Madde metni.", "  > alıntı"], "  > <!-- yorum", "  > ", "  "),
        ]
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let starts = Self.blockStarts(text, path: file)
            let at = starts[Int(random.next() % UInt64(starts.count))]
            let shape = shapes[Int(random.next() % UInt64(shapes.count))]
            let middle = Array(["ikinci satır", "üçüncü satır"].prefix(Int(random.next() % 3)))
            let close = random.next() % 3 == 0 ? "son -->" : "-->"
            let slipped = random.next() % 3 != 0
            let block = shape.lead + [shape.opener] + middle.map { shape.prefix + $0 }
            let meant = block + [shape.prefix + close, ""]
            var lines = text.components(separatedBy: "\n")
            let clean = lines
            lines.insert(contentsOf: slipped ? block + [shape.outside + close, ""] : meant, at: at)
            let written = lines.joined(separator: "\n")
            try written.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let closer = at + block.count
            let column = shape.outside.utf8.count + close.utf8.count - 2
            let message =
                "seed \(seed): \(file):\(closer + 1) \(slipped ? "slipped" : "as meant") \(block + [close]): \(found)"
            var asMeant = clean
            asMeant.insert(contentsOf: meant, at: at)
            // cmark-gfm's HTML, not `seen`: the comment left open runs on in it past the `-->` shown as
            // text (`--&gt;`), which strips no tag.
            guard slipped,
                try Self.render(written, with: tool, tables: true)
                    != Self.render(asMeant.joined(separator: "\n"), with: tool, tables: true)
            else {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(closer + 1):\(column): error: ") ?? false, message)
            XCTAssertTrue(
                found.first?.contains(
                    "this '-->' is meant to close the HTML comment at line \(at + shape.lead.count + 1)")
                    ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unclosed-comment]") ?? false, message)
            // The fix, as the message words it.
            let finding = String(found.first ?? "")
            if let write = finding.range(of: "; write it as '"), let end = finding.range(of: "' [unclosed-comment]") {
                lines[closer] = String(finding[write.upperBound..<end.lowerBound])
            } else if let indent = finding.range(of: "; indent it "),
                let count = Int(finding[indent.upperBound...].prefix { $0.isNumber })
            {
                lines[closer] = String(repeating: " ", count: count) + close
            } else {
                XCTFail("no fix: \(message)")
            }
            try Self.expectFixed(
                lines, at: url, in: scratch.url, readAs: asMeant.joined(separator: "\n"), tool, message)
        }
    }

    /// The same in the course index: a comment under a random lesson's item, indented as the item's
    /// text, whose `-->` two times in three has fewer spaces. Where cmark-gfm shows that `-->` as
    /// text, exactly one finding at it (the lessons after it hidden, none "not listed"), and its fix
    /// gives none; indented as meant, none.
    func testACommentClosedOutsideAnIndexItemIsOneFindingAtTheClose() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let url = scratch.url.appendingPathComponent("lessons/README.md")
            let text = try String(contentsOf: url, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            let clean = lines
            let items = lines.indices.filter { lines[$0].first?.isNumber == true && lines[$0].contains(". [") }
            let item = items[Int(random.next() % UInt64(items.count))]
            let width = lines[item].prefix { $0 != "[" }.count
            let pad = String(repeating: " ", count: width)
            let middle = Array(["ikinci satır", "üçüncü satır"].prefix(Int(random.next() % 3)))
            let close = random.next() % 3 == 0 ? "son -->" : "-->"
            let slipped = random.next() % 3 != 0
            let outside = String(repeating: " ", count: Int(random.next() % UInt64(width)))
            let block = [pad + "<!-- yorum"] + middle.map { pad + $0 }
            let meant = block + [pad + close]
            lines.insert(contentsOf: slipped ? block + [outside + close] : meant, at: item + 1)
            let written = lines.joined(separator: "\n")
            try written.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let closer = item + 1 + block.count
            let message =
                "seed \(seed): README.md:\(closer + 1) \(slipped ? "slipped" : "as meant") '\(outside + close)': \(found)"
            var asMeant = clean
            asMeant.insert(contentsOf: meant, at: item + 1)
            guard slipped,
                try Self.render(written, with: tool, tables: true)
                    != Self.render(asMeant.joined(separator: "\n"), with: tool, tables: true)
            else {
                XCTAssertEqual(found, [], message)
                continue
            }
            let column = outside.utf8.count + close.utf8.count - 2
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/README.md:\(closer + 1):\(column): error: ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix(
                    "indent it \(width) spaces\(outside.isEmpty ? "" : ", not \(outside.count)"), "
                        + "as the item's text is [unclosed-comment]") ?? false, message)
            lines[closer] = pad + close
            try Self.expectFixed(
                lines, at: url, in: scratch.url, readAs: asMeant.joined(separator: "\n"), tool, message)
        }
    }

    /// `<!-- ` put at the start of a random claim's line (the trigger bullet, a note, a heading, an
    /// opening fence, a closing table's row, the distribution sentence, an index item's link) and
    /// never closed: the comment hides the claim, so exactly one finding, the comment's, at its
    /// `<!--`; its fix drops the `<!--` and the blank after it and gives none, and the clean page.
    func testACommentNeverClosedOnAClaimsLineIsOneFinding() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            var lines = text.components(separatedBy: "\n")
            // Not a line of a code block or its closing fence: there a `<!--` is code.
            var code = Set<Int>()
            MarkdownScanner.scan(SourceFile(path: file, text: text)).document.walk { node, _ in
                if case .fencedCode = node.kind { code.formUnion(node.lines.dropFirst()) }
            }
            let claims = lines.indices.filter { index in
                let line = lines[index]
                guard !code.contains(index) else { return false }
                return Classifier.holdsClaim(line[...], lesson: file != "README.md")
                    || (file == "README.md" && line.first?.isNumber == true && line.contains("](")
                        && line.contains(".md)"))
            }
            guard !claims.isEmpty else { continue }
            let at = claims[Int(random.next() % UInt64(claims.count))]
            let clean = lines[at]
            lines[at] = "<!-- " + clean
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1) '\(lines[at])': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: error: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("delete this '<!--' and the blank after it") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unclosed-comment]") ?? false, message)
            lines[at] = clean
            try Self.expectFixed(lines, at: url, in: scratch.url, readAs: text, tool, message)
        }
    }
}
