import Foundation
import XCTest

@testable import CourseCheckKit

/// Two fences typed around the lesson's own text (its title, `## Özet`, a note, the trigger
/// bullet, a paragraph): GitHub pairs them with each other and shows that text as a code block
/// (cmark-gfm: `<pre><code>## Özet</code></pre>`, `<pre><code class="language-swift">**DR1.** …`).
/// One finding at the first fence, naming what they hide, whose fix deletes both; nothing
/// downstream (no second fence "running on", no Swift parse errors, no note or claim finding
/// about the hidden text). And an empty `swift` pair is one finding too, as a bare one is.
extension SlipRegressionTests {
    /// The finding at a pair, `written` at `line` and `closer` at `closing`, around `what`.
    static func wrappedText(_ line: Int, written: String, closer: String, closing: Int, what: String) -> String {
        "\(line):1 [unterminated-fence] '\(written)' here and '\(closer)' at line \(closing) wrap \(what) in a code "
            + "block no one meant: readers see it as code, not as the lesson's text; delete this line and line "
            + "\(closing)"
    }

    /// Author round 27's U2 and U10: a bare, tilde or `swift` pair around lesson 9's title,
    /// `## Özet`, its note DR1, its trigger bullet and a paragraph. One finding each; deleting the
    /// two lines gives the lesson back, with none.
    func testAFencePairAroundTheLessonsTextIsOneFinding() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let targets: [(prefix: String, what: String)] = [
            ("# Yerel", "the title"), ("## Özet", "the heading '## Özet'"), ("**DR1.**", "the note DR1"),
            ("- Bu dersin tetiği", "the trigger bullet"), ("Yerel durumun getirisi", "a paragraph"),
        ]
        for target in targets {
            let index = try XCTUnwrap(clean.firstIndex { $0.hasPrefix(target.prefix) }, target.prefix)
            for (written, closer) in [("```", "```"), ("~~~", "~~~"), ("```swift", "```"), ("````text", "````")] {
                let (_, lines, found) = try Self.edited(name) {
                    $0.insert(closer, at: index + 1)
                    $0.insert(written, at: index)
                }
                XCTAssertEqual(
                    found,
                    [
                        Self.wrappedText(
                            index + 1, written: written, closer: closer, closing: index + 3, what: target.what)
                    ],
                    "\(target.prefix) \(written)")
                var followed = lines
                followed.removeSubrange(index...index)
                followed.remove(at: index + 1)
                XCTAssertEqual(followed, clean)
            }
        }
    }

    /// The whole check (claims and fragments' parse included) of a `swift` pair around note DR1:
    /// the one finding, no `fragment-syntax` cascade and no `note-series` 'DR2 skips DR1'.
    func testASwiftPairAroundANoteIsOneFindingInTheWholeCheck() throws {
        let scratch = try CourseCopy.make(for: self)
        let name = "09-yerel-durum.md"
        let url = scratch.url.appendingPathComponent("lessons/\(name)")
        let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("**DR1.**") })
        var lines = clean
        lines.insert("```", at: index + 1)
        lines.insert("```swift", at: index)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let finding = Self.wrappedText(index + 1, written: "```swift", closer: "```", closing: index + 3, what: "x")
        XCTAssertEqual(
            FenceSlipPropertyTests.findings(in: scratch.url),
            [
                Substring(
                    "lessons/\(name):\(index + 1):1: error: "
                        + Self.message(finding).replacingOccurrences(of: "wrap x", with: "wrap the note DR1")
                        + " [unterminated-fence]")
            ])
    }

    /// The course index: a pair around one item of its list (round 27's p05) is one finding at
    /// the first fence, and no claim about the item it hides; deleting both gives none.
    func testAFencePairAroundAnIndexItemIsOneFinding() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/README.md")
        let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("10. [") })
        var lines = clean
        lines.insert("```", at: index + 1)
        lines.insert("```", at: index)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            FenceSlipPropertyTests.findings(in: scratch.url),
            [
                Substring(
                    "lessons/README.md:\(index + 1):1: error: '```' here and '```' at line \(index + 3) wrap a list item "
                        + "in a code block no one meant: readers see it as code, not as the index's text; delete this "
                        + "line and line \(index + 3) [unterminated-fence]")
            ])
        try clean.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [])
    }

    /// Author round 27's U1: an empty ```` ```swift ```` pair typed after the core, between two
    /// paragraphs and before a heading is one finding, as the bare pair is.
    func testAnEmptySwiftPairIsOneFinding() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let index = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("Yerel durumun getirisi") })
        let (_, lines, found) = try Self.edited(name) { $0.insert(contentsOf: ["```swift", "```", ""], at: index) }
        XCTAssertEqual(found, [Self.emptyPair(index + 1, written: "```swift", closing: index + 2)])
        let followed = try XCTUnwrap(
            FollowTheFix.apply([(index + 1, Self.message(try XCTUnwrap(found.first)))], to: lines))
        XCTAssertEqual(Self.classified(name, followed), [])
    }

    /// The controls: Swift shown on purpose in a `swift` block (a declaration, a call with a
    /// Turkish string, a comment in Turkish) is a fragment, no slip; nor is text the lesson quotes
    /// in a bare block that follows a tree (its expected output).
    func testSwiftShownOnPurposeIsNoWrappedText() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let index = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("Yerel durumun getirisi") })
        for code in [
            ["var ad: String?"], ["Text(\"Güncelle.\")"], ["// Sayaç burada artar."],
            ["#if DEBUG", "print(1)", "#endif"],
            ["@State private var sayaç = 0"],
        ] {
            let (_, _, found) = try Self.edited(name) {
                $0.insert(contentsOf: ["```swift"] + code + ["```", ""], at: index)
            }
            XCTAssertEqual(found, [], code[0])
        }
    }
}
