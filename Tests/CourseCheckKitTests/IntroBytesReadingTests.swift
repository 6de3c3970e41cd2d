import Foundation
import XCTest

@testable import CourseCheckKit

/// `Triggers.writtenIntro`, the intro read from a paragraph's bytes, answers only where rendering
/// the paragraph (`Triggers.intro(in:path:)`) answers the same: on every lesson of the course, on
/// the forms it takes, and on neighbours whose rendering differs (which it must leave to the
/// rendering reader).
final class IntroBytesReadingTests: XCTestCase {
    private static let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lessons")

    /// Both readers' answers for every paragraph of `text` that may hold the intro.
    private func answers(_ text: String) -> [(bytes: String?, rendered: String?)] {
        let prose = Prose(file: SourceFile(path: "l.md", text: text))
        func show(_ declaration: Triggers.Declaration?) -> String? {
            declaration.map { "\($0.value) \($0.location.line):\($0.location.column)" }
        }
        return prose.blocks.filter { Triggers.mayHoldIntro($0.source) }.map {
            (show(Triggers.writtenIntro(in: $0, path: "l.md")), show(Triggers.intro(in: $0, path: "l.md")))
        }
    }

    func testTheBytesAnswerAsRenderingDoesOnEveryLesson() throws {
        var read = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.lessons.path).sorted()
        where LessonName.isLessonFile(name) {
            let text = try String(contentsOf: Self.lessons.appendingPathComponent(name), encoding: .utf8)
            for (bytes, rendered) in answers(text) where bytes != nil {
                XCTAssertEqual(bytes, rendered, name)
                read += 1
            }
        }
        // Most lessons write the intro plainly: the bytes read it (a test that cannot fail proves nothing).
        XCTAssertGreaterThanOrEqual(read, 15)
    }

    func testFormsAndNeighbours() {
        let plain = [
            "Bu derste bakılan tetik **yerel**: x.", "Önce **soru?** Bu derste bakılan tetik, **ortam**.",
            "Bu derste bakılan tetik yine **gözlem**;", "Bu derste bakılan tetik **dördünün de dağılımı**:",
            "a **b Bu derste bakılan tetik **ebeveyn**.",
        ]
        for text in plain {
            let found = answers("# T\n\n\(text)\n")
            XCTAssertEqual(found.count, 1, text)
            XCTAssertNotNil(found.first?.bytes, text)
            XCTAssertEqual(found.first?.bytes, found.first?.rendered, text)
        }
        // Each renders otherwise, or names no value the bytes read: the rendering reader answers.
        let others = [
            "Bu derste bakılan tetik ***yerel***.", "`x` Bu derste bakılan tetik **yerel**.",
            "Bu derste bakılan tetik **yerel**.<br>", "~~Bu derste bakılan tetik **yerel**~~.",
            "Bu derste bakılan tetik **yerl**.", "Bu derste bakılan tetik **Yerel**.",
            "xBu derste bakılan tetik **yerel**.", "Bu derste bakılan tetik\n**yerel**.",
            "Bu derste bakılan tetik &#42;*yerel**.", "[Bu derste bakılan tetik **yerel**](u).",
        ]
        for text in others {
            XCTAssertNil(answers("# T\n\n\(text)\n").first?.bytes ?? nil, text)
        }
    }
}
