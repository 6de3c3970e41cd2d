import Foundation
import XCTest

@testable import CourseCheckKit

/// Author round 27's stray underlines GitHub shows as something else: `===` under a `##` heading
/// (text), under a paragraph (a second title), `---` under a paragraph (a heading). One finding at
/// each, `delete this line`; followed, the lesson as it was.
extension SlipRegressionTests {
    func testAStrayUnderlineIsOneFindingThere() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let heading = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("## Durumu Ataya") })
        let paragraph = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("Yerel durumun getirisi") })
        let cases: [(at: Int, written: String, finding: String)] = [
            (
                heading, "===",
                "'===' under the heading at line \(heading + 1) underlines nothing: a heading written with '#' takes no "
                    + "underline, so readers see '===' as a line of text under it; delete this line"
            ),
            (
                paragraph, "===",
                "'===' under line \(paragraph + 1) underlines its paragraph as a second title: readers see it as a "
                    + "heading like the page's title, not as text; delete this line"
            ),
            (
                paragraph, "---",
                "'---' right under line \(paragraph + 1) underlines its sentence as a heading, so readers see the "
                    + "paragraph as a heading, not as text; delete this line, or, if a rule is meant here, put a blank "
                    + "line between the paragraph and '---'"
            ),
        ]
        for (at, written, finding) in cases {
            let (_, lines, found) = try Self.edited(name) { $0.insert(written, at: at + 1) }
            XCTAssertEqual(found, ["\(at + 2):1 [stray-underline] \(finding)"], "\(at) \(written)")
            XCTAssertEqual(FollowTheFix.apply([(at + 2, Self.message(try XCTUnwrap(found.first)))], to: lines), clean)
        }
    }

    /// `===` after a blank line (between two paragraphs, at the end of the lesson): a paragraph
    /// of its own (cmark-gfm: `<p>===</p>`). One finding, `delete this line`; followed, the lesson
    /// as it was.
    func testAnUnderlineAfterABlankLineIsOneFindingThere() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let paragraph = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("Yerel durumun getirisi") })
        let finding =
            "'===' after a blank line underlines nothing: readers see '===' as a line of text; delete this line"
        for at in [paragraph + 2, clean.count] {
            let (_, lines, found) = try Self.edited(name) { $0.insert(contentsOf: ["===", ""], at: at) }
            XCTAssertEqual(found, ["\(at + 1):1 [stray-underline] \(finding)"], "\(at)")
            var followed = try XCTUnwrap(
                FollowTheFix.apply([(at + 1, Self.message(try XCTUnwrap(found.first)))], to: lines))
            followed.remove(at: at)
            XCTAssertEqual(followed, clean, "\(at)")
        }
    }

    /// The controls, each rendered as meant: a setext `##` section, the title written setext, a rule
    /// after a blank line, `***` under a paragraph (a rule), `---` under a `##` heading (a rule).
    func testUnderlinesReadAsMeantAreNoSlip() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let heading = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("## Durumu Ataya") })
        let title = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("# ") })
        let paragraph = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("Yerel durumun getirisi") })
        let edits: [(String, (inout [String]) -> Void)] = [
            ("setext section", { $0.replaceSubrange(heading...heading, with: ["Durumu Ataya Kaldırmak", "----"]) }),
            ("setext title", { $0.replaceSubrange(title...title, with: ["Yerel Durum", "==========="]) }),
            ("rule after a blank line", { $0.insert(contentsOf: ["", "---"], at: paragraph + 1) }),
            ("asterisks", { $0.insert("***", at: paragraph + 1) }),
            ("rule under a heading", { $0.insert("---", at: heading + 1) }),
        ]
        for (what, edit) in edits {
            XCTAssertEqual(try Self.edited(name, edit).found, [], what)
        }
    }
}
