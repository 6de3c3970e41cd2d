import Foundation
import XCTest

@testable import CourseCheckKit

/// A lesson's `license:` and `language:`, which GitHub shows in the table of its front matter, are
/// the course's: the index's, which the other lessons give too. The odd one out is one finding at
/// its value; an index every lesson contradicts is one finding at the index. Each case is a
/// complete list of the run's findings.
final class SharedFrontMatterTests: XCTestCase {
    private func lessonFinding(_ file: String, line: Int, _ key: String, _ value: String, _ expected: String)
        -> String
    {
        "lessons/\(file):\(line):1: error: the lesson's \(key) '\(value)' differs from the course's, '\(expected)', "
            + "which the index gives and 20 other lessons too; write '\(expected)' [front-matter]"
    }

    /// Another license in one lesson and another language in a second: one finding each. A language
    /// tag in capitals (`TR`) is the same tag: none.
    func testALessonsLicenseOrLanguageThatDiffersIsOneFindingAtIt() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "license: 'CC BY-SA 4.0'", "license: 'CC BY 4.0'"),
            ("12-ortam-degerleri.md", "language: tr", "language: en"),
            ("13-gezinme-yigiti-ve-yolu.md", "language: tr", "language: TR"),
        ])
        XCTAssertEqual(
            found,
            [
                lessonFinding("09-yerel-durum.md", line: 7, "license", "CC BY 4.0", "CC BY-SA 4.0"),
                lessonFinding("12-ortam-degerleri.md", line: 5, "language", "en", "tr"),
            ])
    }

    /// The index's license changed, every lesson's as committed: one finding, at the index.
    func testAnIndexEveryLessonContradictsIsOneFindingAtTheIndex() throws {
        XCTAssertEqual(
            try findings(after: [("README.md", "license: 'CC BY-SA 4.0'", "license: 'CC BY 4.0'")]),
            [
                "lessons/README.md:6:1: error: the course's license 'CC BY 4.0' differs from the one every lesson "
                    + "gives, 'CC BY-SA 4.0'; write 'CC BY-SA 4.0' [front-matter]"
            ])
    }
}
