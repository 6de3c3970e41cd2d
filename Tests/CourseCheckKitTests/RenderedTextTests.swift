import Foundation
import XCTest

@testable import CourseCheckKit

/// What a reader sees is what coursecheck checks: promote in containers, YAML scalars, inline
/// emphasis and code spans, invisible characters, the cause at the first differing column.
final class RenderedTextTests: XCTestCase {
    /// --promote in a block quote and a list item keeps every prefix byte, and the result checks clean.
    func testPromoteInContainersKeepsPrefixesAndSettles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Fixture.copy(
            from: Fixture.root.appendingPathComponent("container-promote"), to: scratch.url,
            skipping: Fixture.expectationFiles)
        let promoted = InProcess.run(["--promote", "--no-goldens", "--no-claims", "."], in: scratch.url)
        XCTAssertEqual(promoted.status.rawValue, 0, promoted.stderr)
        let text = try String(contentsOf: scratch.url.appendingPathComponent("01-promote.md"), encoding: .utf8)
        let expectedTail = """
            > ```swift
            > // main.swift — alinti
            > print("bir")
            > print("iki")
            > ```
            >
            > ```
            > bir
            > iki
            > ```

            1. Liste:

               ```swift
               // main.swift — liste
               print("")
               print("uc")
               ```

               ```

            """ + "\n   uc\n   ```\n"
        XCTAssertTrue(text.hasSuffix("\n\n" + expectedTail), text)
        let checked = InProcess.run(["--no-goldens", "--no-claims", "."], in: scratch.url)
        XCTAssertEqual(checked.stderr, "")
        XCTAssertEqual(checked.status.rawValue, 0)
    }

    /// A block quote written `>` without its space keeps that spelling on rewritten and added lines.
    func testPromoteKeepsAnAuthorsTightQuotePrefix() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text =
            "---\ntitle: 'X'\n---\n\n# X\n\n```swift\n\(EmbeddedCore.text)```\n\n"
            + ">```swift\n>// main.swift — alinti\n>print(\"a\")\n>print(\"  b\")\n>```\n>\n>```\n>x\n>```\n"
        try text.write(to: scratch.url.appendingPathComponent("01-x.md"), atomically: true, encoding: .utf8)
        let promoted = InProcess.run(["--promote", "--no-goldens", "--no-claims", "01-x.md"], in: scratch.url)
        XCTAssertEqual(promoted.status.rawValue, 0, promoted.stderr)
        let after = try String(contentsOf: scratch.url.appendingPathComponent("01-x.md"), encoding: .utf8)
        // `>  b` would render as " b": a line starting with a blank gets the marker's space.
        XCTAssertTrue(after.hasSuffix(">\n>```\n>a\n>   b\n>```\n"), after)
    }

    func testFrontMatterScalarsFollowYAML() {
        XCTAssertEqual(FrontMatter.scalar(" 21 # yirmi bir"), "21")
        XCTAssertEqual(FrontMatter.scalar(" C# dersi"), "C# dersi")
        XCTAssertEqual(FrontMatter.scalar(" 'it''s' # yorum"), "it's")
        XCTAssertEqual(FrontMatter.scalar(#" "a \"b\" \u00E7" # yorum"#), "a \"b\" ç")
        XCTAssertEqual(FrontMatter.scalar(" # only a comment"), "")
        XCTAssertEqual(FrontMatter.scalar("   "), "")
        let parsed = FrontMatter.parse(LineScanner.lines(of: "---\nlessons: 21 # yirmi bir\ntitle: \"Kurs\"\n---\n"))
        XCTAssertEqual(parsed?["lessons"]?.value, "21")
        XCTAssertEqual(parsed?["title"]?.value, "Kurs")
    }

    func testFrontMatterBlockScalarsFoldAndChompAsYAML() {
        let value = { (yaml: String) in FrontMatter.parse(LineScanner.lines(of: "---\n\(yaml)\n---\n"))?["k"]?.value }
        XCTAssertEqual(value("k: >\n  a\n  b\n\n  c\n"), "a b\nc\n")
        XCTAssertEqual(value("k: >-\n  a\n    b\n  c"), "a\n  b\nc")
        XCTAssertEqual(value("k: |\n  a\n  b"), "a\nb\n")
        XCTAssertEqual(value("k: |+\n  a\n"), "a\n\n")
        XCTAssertEqual(value("k: |\n  a\n\nx: 1"), "a\n")
        XCTAssertEqual(value("k: |2-\n    a"), "  a")
        XCTAssertEqual(value("k: >-  # yorum\n  a"), "a")
        XCTAssertEqual(value("'k' : \"a\"\nx: 1"), "a")
        XCTAssertEqual(value("k: a\n  b\n\n  c"), "a b\nc")
    }

    /// Definitions render nothing: a paragraph of only definitions is no block, leading ones leave
    /// the rest of their paragraph, and an underline after only definitions makes no heading.
    func testLinkReferenceDefinitionsAreNotParagraphs() {
        let prose = { (text: String) in Prose(file: SourceFile(path: "x.md", text: text)) }
        XCTAssertTrue(prose("[a]: /u\n\n[b]:\n  /v 'başlık'\n").blocks.isEmpty)
        let rest = prose("[a]: /u\nmetin [bağ][A] ve [a]\n")
        XCTAssertEqual(rest.blocks.map(\.text), ["metin bağ ve a"])
        XCTAssertEqual(rest.blocks.first?.firstLine.number, 2)
        XCTAssertEqual(rest.blocks.first?.inline.links.map(\.destination), ["/u", "/u"])
        XCTAssertEqual(prose("[a]: /u\n===\n").blocks.map(\.kind), [.paragraph])
        XCTAssertEqual(prose("[a]: /u\n===\n").blocks.map(\.text), ["==="])
        XCTAssertEqual(prose("[x]\n\n[a]: /u\n").blocks.first?.inline.links.count, 0)
        XCTAssertEqual(
            prose("[a] [b][]\n\n[a]: /1\n[a]: /2\n[b]: <3>\n").blocks.first?.inline.links.map(\.destination),
            ["/1", "3"])
    }

    func testInlineStrongInBothSpellingsButNotInCodeOrWords() {
        let strong = { (text: String) -> [String] in
            let inline = Inline(text)
            return inline.emphasis.filter(\.strong).map { inline.text($0.content) }
        }
        XCTAssertEqual(strong("a **GV3.** b __GV4.__ c"), ["GV3.", "GV4."])
        XCTAssertEqual(strong("snake__case__word and `**code**`"), [])
        XCTAssertEqual(strong("** not strong **"), [])
        XCTAssertEqual(Inline("**ebeveyn**").plain(), "ebeveyn")
        XCTAssertEqual(Inline("a \\*b\\* `c|d`").plain(), "a *b* c|d")
        let link = Inline("[Başlık *bir*](./03-x.md \"t\")").links.first
        XCTAssertEqual(link?.destination, "./03-x.md")
        XCTAssertEqual(CourseIndexClaim.normalized("lessons/./03-x.md"), "lessons/03-x.md")
        XCTAssertEqual(CourseIndexClaim.normalized("lessons/../lessons/03-x.md"), "lessons/03-x.md")
    }

    func testLabelsAreKebabCaseInAnyScript() {
        XCTAssertTrue(LabelReferenceClaim.isKebab("görev-eklendi"))
        XCTAssertTrue(LabelReferenceClaim.isKebab("adım-2"))
        XCTAssertFalse(LabelReferenceClaim.isKebab("Görev-eklendi"))
        XCTAssertFalse(LabelReferenceClaim.isKebab("tek"))
        XCTAssertFalse(LabelReferenceClaim.isKebab("a--b"))
        XCTAssertFalse(LabelReferenceClaim.isKebab("a-b c"))
    }

    func testInvisibleCharactersAreNamed() {
        XCTAssertEqual(Invisible.name("\u{200B}"), "U+200B ZERO WIDTH SPACE")
        XCTAssertEqual(Invisible.name("\u{A0}"), "U+00A0 NO-BREAK SPACE")
        XCTAssertEqual(Invisible.marked("a\u{200B}b ç"), "a⟨U+200B ZERO WIDTH SPACE⟩b ç")
        XCTAssertEqual(Line(number: 1, text: "c\u{327}\t ", ending: .lf).visible, "c⟨U+0327 COMBINING CEDILLA⟩→·")
    }

    /// The cause is the one at the first differing column, not a tab or blank elsewhere on the line.
    func testTheCauseIsTheOneAtTheFirstDifference() {
        func mismatch(_ lesson: String, _ output: String) -> LineMismatch? {
            LineMismatch.first(
                block: [Line(number: 1, text: lesson, ending: .lf)],
                expected: [Line(number: 1, text: output, ending: .lf)],
                reference: "the output")
        }
        XCTAssertEqual(mismatch("ebevyn\tx", "ebeveyn    x"), LineMismatch(index: 0, column: 5, cause: nil))
        XCTAssertEqual(
            mismatch("a\tb", "a    b"),
            LineMismatch(index: 0, column: 2, cause: "the line has a tab where the output has a space"))
        XCTAssertEqual(
            mismatch("ab  ", "ab"), LineMismatch(index: 0, column: 3, cause: "the line has trailing whitespace"))
        XCTAssertEqual(
            mismatch("x y", "x\u{A0}y")?.cause, "the output has U+00A0 NO-BREAK SPACE where the line has a space")
        // Two-byte characters differing in their second byte are pointed at their first byte.
        XCTAssertEqual(mismatch("a\u{A0}", "a\u{A7}")?.column, 2)
        XCTAssertNil(mismatch("çiçek", "çiçek"))
        XCTAssertNotNil(mismatch("c\u{327}", "ç"), "canonically equivalent text is not byte-equal")
    }

    /// A tab a container takes only in part shows as spaces the file does not hold: the drift is
    /// named as that tab, at its column, for a core in a block quote as for an expected block.
    func testATabAContainerTakesInPartIsNamedInCoreDrift() throws {
        let core = CourseCore.embedded.text
        let indentedLine = try XCTUnwrap(LineScanner.lines(of: core).firstIndex { $0.text.hasPrefix("    ") })
        var lines = LineScanner.lines(of: core).map { "> " + $0.text }
        // `>` then a tab at column 1, three columns wide: the quote takes one of them as its space, and
        // two remain where the core has four spaces (cmark-gfm shows the same).
        let original = LineScanner.lines(of: core)[indentedLine].text
        lines[indentedLine] = ">\t" + original.dropFirst(4)
        let text = "> ```swift\n" + lines.joined(separator: "\n") + "\n> ```\n"
        let block = try XCTUnwrap(MarkdownScanner.scan(SourceFile(path: "x.md", text: text)).blocks.first)
        let finding = try XCTUnwrap(CoreDriftCheck().check(block, in: "x.md"))
        XCTAssertEqual(finding.location.description, "x.md:\(indentedLine + 2):2")
        XCTAssertEqual(
            finding.message,
            "core block differs from the embedded core at core line \(indentedLine + 1); the line starts with a tab "
                + "(U+0009), which the block quote takes only in part, so it shows 2 spaces where the embedded core "
                + "has 4; indent it with spaces, as the block's other lines are")
    }

    /// Hostile nesting is bounded: a line of 100,000 `>` or 50,000 list markers does not overflow the
    /// stack; the line past the limit is reported.
    func testDeepContainersAreBounded() {
        let text = String(repeating: ">", count: 100_000) + " a\n\n" + String(repeating: "- ", count: 50_000) + "b\n"
        let file = SourceFile(path: "x.md", text: text)
        let scanned = MarkdownScanner.scan(file)
        XCTAssertEqual(scanned.document.tooDeep, [0, 2])
        XCTAssertEqual(scanned.diagnostics.map(\.location.description), ["x.md:1:1"])
        XCTAssertEqual(scanned.diagnostics.map(\.id), [.markdownNesting])
    }
}
