import Foundation
import XCTest

@testable import CourseCheckKit

/// A fence pair typed around the front matter (one above its opening `---`, one right after its
/// closing `---`): GitHub shows the keys as one code block and the page after it as written. One
/// finding at line 1, whose fix deletes both fences; followed, none.
extension SlipRegressionTests {
    func testAFencePairWrappingTheFrontMatterIsOneFinding() throws {
        let scratch = try CourseCopy.make(for: self)
        let name = "02-gorunumler-ve-degistiriciler.md"
        let url = scratch.url.appendingPathComponent("lessons/\(name)")
        let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        for (written, closer, blank) in [("```", "```", false), ("~~~yaml", "~~~", true)] {
            // The front matter's closing `---` is line 8.
            var lines = [written] + clean[..<8] + (blank ? [""] : []) + [closer] + clean[8...]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let closing = blank ? 11 : 10
            XCTAssertEqual(
                FenceSlipPropertyTests.findings(in: scratch.url),
                [
                    "lessons/\(name):1:1: error: '\(written)' here and the fence at line \(closing) wrap the front "
                        + "matter in a code block no one meant: readers see no front matter, only its keys as code "
                        + "above the lesson; delete this line and line \(closing) [front-matter]"
                ])
            lines.remove(at: closing - 1)
            lines.remove(at: 0)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], written)
        }
        // The control: the front matter as written.
        try clean.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [])
    }

    /// `===` typed under lesson 2's and the index's `# ` title: GitHub shows it as text under the
    /// heading. One finding at it, `delete this line`; `---` there is a rule, as meant: none.
    func testAnUnderlineUnderTheTitleIsOneFinding() throws {
        let scratch = try CourseCopy.make(for: self)
        for (name, title) in [("02-gorunumler-ve-degistiriciler.md", 10), ("README.md", 16)] {
            let url = scratch.url.appendingPathComponent("lessons/\(name)")
            let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            XCTAssertTrue(clean[title - 1].hasPrefix("# "), name)
            for (typed, found) in [
                (
                    "===",
                    [
                        "lessons/\(name):\(title + 1):1: error: '===' under the '# ' heading underlines nothing: a '# ' "
                            + "heading takes no underline, so readers see '===' as a line of text under the title; "
                            + "delete this line [front-matter]"
                    ]
                ), ("---", []),
            ] {
                var lines = clean
                lines.insert(typed, at: title)
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), found.map { Substring($0) }, typed)
            }
            // The title written setext-style renders the same `<h1>`: its underline is no slip.
            var setext = clean
            setext[title - 1] = String(clean[title - 1].dropFirst(2))
            setext.insert(String(repeating: "=", count: setext[title - 1].count), at: title)
            try setext.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], "\(name) setext")
            try clean.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [])
    }
}
