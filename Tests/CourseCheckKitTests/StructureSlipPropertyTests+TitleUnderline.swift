import Foundation
import XCTest

@testable import CourseCheckKit

/// A setext underline typed under a page's `# ` title: a run of `=` (one to six, indented up to
/// three spaces, blanks after or not) underlines nothing, and GitHub shows it as a line of text
/// under the title (cmark-gfm: `<h1>…</h1><p>===</p>`); `---` there is a rule, as meant.
extension StructureSlipPropertyTests {
    /// In a random lesson or the index: exactly one finding, at the underline, `delete this line`;
    /// followed, none. A `---` there gives none.
    func testAnUnderlineUnderTheTitleGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            let title = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("# ") })
            let written = String(repeating: "=", count: 1 + Int(random.next() % 6))
            let line =
                String(repeating: " ", count: Int(random.next() % 4)) + written
                + String(repeating: " ", count: Int(random.next() % 2))
            var lines = clean
            lines.insert(line, at: title + 1)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(title + 2): '\(line)'"
            XCTAssertEqual(
                Self.findings(scratch.url),
                [
                    "lessons/\(file):\(title + 2):1: error: '\(written)' under the '# ' heading underlines nothing: a "
                        + "'# ' heading takes no underline, so readers see '\(written)' as a line of text under the "
                        + "title; delete this line [front-matter]"
                ], message)
            lines.remove(at: title + 1)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [], message)
            // The control: a rule under the title is one, as meant.
            lines.insert("---", at: title + 1)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [], message)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
