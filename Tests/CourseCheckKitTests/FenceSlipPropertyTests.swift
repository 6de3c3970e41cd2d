import Foundation
import XCTest

@testable import CourseCheckKit

/// One fence slip, one finding, at the slip. In a copy of the real course, one random fence of a
/// core, tree, expected block or display fragment is slipped the way an author's keyboard does
/// it: a closing fence a backtick short, a closing fence given an info string, an invisible
/// character typed before a fence, a closing fence indented four spaces or a tab. Whatever pairs wrongly after it, the run
/// reports exactly one finding, on the slipped line.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of slipped courses (`make soak` runs many); a
/// failure names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class FenceSlipPropertyTests: XCTestCase {
    typealias Generator = BlockStructurePropertyTests.Generator

    func testOneFenceSlipGivesOneFindingThere() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 6)
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try FileManager.default.contentsOfDirectory(atPath: lessons.path).filter {
                LessonName.isLessonFile($0)
            }.sorted()
            let file = names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            // The run blocks of the lesson, as the scanner sees them.
            let (lesson, _) = Classifier.classify(
                SourceFile(path: file, text: text), scanned: MarkdownScanner.scan(SourceFile(path: file, text: text)))
            let blocks = lesson.blocks.filter { [.core, .tree, .expected, .fragment].contains($0.role) }
            let block = blocks[Int(random.next() % UInt64(blocks.count))]
            let opening = block.fenced.opening.number - 1
            let closing = block.fenced.closing.number - 1
            let slip: String
            let line: Int
            switch random.next() % 5 {
            case 0:
                lines[closing] = String(lines[closing].dropLast())
                (slip, line) = ("closing fence a backtick short", closing + 1)
            case 1:
                lines[closing] += "swift"
                (slip, line) = ("closing fence with an info string", closing + 1)
            case 2:
                let at = random.next() % 2 == 0 ? opening : closing
                let invisible = ["\u{200B}", "\u{FEFF}", "\u{2060}", "\u{00A0}"][Int(random.next() % 4)]
                let indent = lines[at].prefix { $0 == " " || $0 == ">" }
                lines[at] = indent + invisible + lines[at].dropFirst(indent.count)
                (slip, line) = ("\(Invisible.name(invisible.unicodeScalars.first!)) before a fence", at + 1)
            case 3:
                lines[closing] = "    " + lines[closing]
                (slip, line) = ("\(block.role) closing fence indented four spaces", closing + 1)
            default:
                lines[closing] = "\t" + lines[closing]
                (slip, line) = ("\(block.role) closing fence indented with a tab", closing + 1)
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = InProcess.run(["lessons/"], in: scratch.url).stderr.split(separator: "\n")
                .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(line): \(slip): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line):") ?? false, message)
        }
    }
}
