import Foundation
import XCTest

@testable import CourseCheckKit

/// A fence pair typed right under (or over) a paragraph's line, with no blank line between:
/// GitHub still pairs the two fences (a fence interrupts a paragraph), so the page shows the
/// paragraph, then a code box. Deleting such a fence would join the paragraph to the text across
/// it (cmark-gfm: one `<p>`), so the fix makes that fence a blank line instead. One finding at the
/// first fence; following its fix gives the lesson back, line for line.
extension SlipRegressionTests {
    /// Lesson 9's paragraphs with a paragraph two lines above and below (blank lines between).
    static func paragraphsBetweenParagraphs(_ clean: [String]) -> [Int] {
        clean.indices.filter { index in
            index >= 2 && index + 2 < clean.count && clean[index - 1].isEmpty && clean[index + 1].isEmpty
                && [index - 2, index, index + 2].allSatisfy {
                    Classifier.wrappedText([clean[$0]]) == "a paragraph"
                }
        }
    }

    /// Three ways of typing the pair around a paragraph: over the blank line above and below,
    /// over the one above with the closer right under the text, and right under the paragraph
    /// above with the blank line kept inside. Bare, tilde and `swift` pairs alike.
    func testAFencePairTypedRightUnderAParagraphIsOneFindingThatConverges() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let targets = Self.paragraphsBetweenParagraphs(clean)
        XCTAssertFalse(targets.isEmpty)
        for target in targets.prefix(2) {
            for (written, closer) in [("```", "```"), ("~~~", "~~~"), ("```swift", "```")] {
                // (the edit, the opener's 1-based line, the closer's, the fix's words)
                let forms: [(edit: (inout [String]) -> Void, opener: Int, closing: Int, fix: String)] = [
                    (
                        {
                            $0[target - 1] = written
                            $0[target + 1] = closer
                        }, target, target + 2,
                        "replace this line and line \(target + 2) with blank lines"
                    ),
                    (
                        {
                            $0.insert(closer, at: target + 1)
                            $0[target - 1] = written
                        }, target, target + 2,
                        "replace this line with a blank line and delete line \(target + 2)"
                    ),
                    (
                        {
                            $0[target + 1] = closer
                            $0.insert(written, at: target - 1)
                        }, target, target + 3,
                        "delete this line and replace line \(target + 3) with a blank line"
                    ),
                ]
                for form in forms {
                    let (_, lines, found) = try Self.edited(name, form.edit)
                    XCTAssertEqual(
                        found,
                        [
                            "\(form.opener):1 [unterminated-fence] '\(written)' here and '\(closer)' at line "
                                + "\(form.closing) wrap a paragraph in a code block no one meant: readers see it as "
                                + "code, not as the lesson's text; \(form.fix)"
                        ], "\(target) \(written) \(form.fix)")
                    let followed = try XCTUnwrap(
                        FollowTheFix.apply([(form.opener, Self.message(try XCTUnwrap(found.first)))], to: lines))
                    XCTAssertEqual(followed, clean, "\(target) \(written) \(form.fix)")
                }
            }
        }
    }

    /// An empty pair typed over the blank line between two paragraphs: deleting it would join
    /// them, so the fix puts one blank line in its place; typed under the paragraph with the
    /// blank line kept, deleting it is the fix.
    func testAnEmptyPairBetweenTwoParagraphsIsReplacedWithABlankLine() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let target = try XCTUnwrap(Self.paragraphsBetweenParagraphs(clean).first)
        for (written, closer) in [("```", "```"), ("~~~", "~~~"), ("```swift", "```")] {
            let (_, over, overFound) = try Self.edited(name) {
                $0.replaceSubrange(target - 1...target - 1, with: [written, closer])
            }
            XCTAssertEqual(
                overFound,
                [
                    "\(target):1 [unterminated-fence] '\(written)' here and '\(closer)' at line \(target + 1) fence "
                        + "an empty code block, which readers see as an empty box where no block was meant; replace "
                        + "lines \(target)–\(target + 1) with one blank line"
                ], written)
            XCTAssertEqual(
                FollowTheFix.apply([(target, Self.message(try XCTUnwrap(overFound.first)))], to: over), clean, written)
            let (_, under, underFound) = try Self.edited(name) {
                $0.insert(contentsOf: [written, closer], at: target - 1)
            }
            XCTAssertEqual(underFound, [Self.emptyPair(target, written: written, closer: closer, closing: target + 1)])
            XCTAssertEqual(
                FollowTheFix.apply([(target, Self.message(try XCTUnwrap(underFound.first)))], to: under), clean, written
            )
        }
    }

    /// The control: Swift shown on purpose right under a paragraph's line, no blank line between
    /// (a display fragment GitHub shows as the author meant), is no slip.
    func testSwiftRightUnderAParagraphIsNoSlip() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let target = try XCTUnwrap(Self.paragraphsBetweenParagraphs(clean).first)
        let (_, _, found) = try Self.edited(name) {
            $0.insert(contentsOf: ["```swift", "@State private var sayaç = 0", "```"], at: target + 1)
        }
        XCTAssertEqual(found, [])
    }
}
