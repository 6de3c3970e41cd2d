import CourseCheckKit
import Foundation
import XCTest

/// `--promote` changes the drifted lines of an expected block and nothing else: a line the drift
/// left alone keeps the line break its author typed (LF, CRLF or a lone CR, mixed in one block),
/// which the reader and the check read alike.
extension WritePropertyTests {
    func testPromoteKeepsEachUndriftedLinesOwnLineBreak() throws {
        let breaks = ["\n", "\r\n", "\r"]
        for seed in PropertySeeds.seeds(defaultCases: 3) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let scratch = try Scratch()
            defer { scratch.remove() }
            let course = try OneLessonCourse(scratch)
            let lesson = course.root.appendingPathComponent(OneLessonCourse.lesson)
            let head = try String(contentsOf: lesson, encoding: .utf8)
            let count = 3 + Int(random.next() % 5)
            let texts = (0..<count).map { "satır \($0)" }
            let typed = texts.map { _ in breaks[Int(random.next() % 3)] }
            let tree =
                "## Satırlar\n\n```swift\n// main.swift — satırlar\n"
                + texts.map { "print(\"\($0)\")\n" }.joined() + "```\n\n```\n"
            func text(_ lines: [(String, String)]) -> String {
                head + "\n" + tree + lines.map { $0.0 + $0.1 }.joined() + "```\n"
            }
            func write(_ lines: [(String, String)]) throws { try Data(text(lines).utf8).write(to: lesson) }
            let pristine = Array(zip(texts, typed))
            try write(pristine)
            // The mixed breaks render as the same block: the check agrees, and the golden is approved.
            let approved = course.run(["--update"])
            XCTAssertEqual(approved.status, .clean, "seed \(seed): \(approved.stderr)")

            var drifted = pristine
            var restored = pristine
            let at = Int(random.next() % UInt64(count))
            let what: String
            switch random.next() % 3 {
            case 0:
                what = "line \(at) changed"
                drifted[at].0 = "kayma \(at)"
                restored[at].1 = "\n"
            case 1:
                what = "line \(at) deleted"
                drifted.remove(at: at)
                restored[at].1 = "\n"
            default:
                what = "a line inserted at \(at)"
                drifted.insert(("fazla", breaks[Int(random.next() % 3)]), at: at)
            }
            try write(drifted)
            let promoted = course.run(["--promote"])
            XCTAssertEqual(promoted.status, .clean, "seed \(seed), \(what): \(promoted.stderr)")
            // A line the promote writes takes the block's own break (its fence's, LF); every other
            // line keeps its own.
            XCTAssertEqual(
                String(decoding: try Data(contentsOf: lesson), as: UTF8.self).debugDescription,
                text(restored).debugDescription, "seed \(seed), \(what), breaks \(typed.map(\.debugDescription))")
            XCTAssertEqual(course.run([]).status, .clean, "seed \(seed), \(what)")
        }
    }
}
