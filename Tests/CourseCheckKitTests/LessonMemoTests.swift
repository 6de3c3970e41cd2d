import Foundation
import XCTest

@testable import CourseCheckKit

/// The classification memo (`LessonReader.classify` answering from the last text of a path) never
/// changes a run: over random sequences of saves to one lesson, texts edited, reverted to an
/// earlier one, emptied or made undecodable, each check prints what the same check prints with the
/// memo emptied first.
final class LessonMemoTests: XCTestCase {
    func testARunFromTheMemoPrintsWhatAFreshRunPrints() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let lessons = scratch.url.appendingPathComponent("lessons")
        let name = "09-yerel-durum.md"
        let lesson = lessons.appendingPathComponent(name)
        let original = try String(contentsOf: lesson, encoding: .utf8)
        // One lesson alone: the memo's answer is the whole of what differs between the two runs.
        for other in try FileManager.default.contentsOfDirectory(atPath: lessons.path) where other != name {
            try FileManager.default.removeItem(at: lessons.appendingPathComponent(other))
        }
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            var saved: [Data] = [Data(original.utf8)]
            for step in 0..<6 {
                let bytes: Data
                switch random.next() % 5 {
                case 0: bytes = saved[Int(random.next() % UInt64(saved.count))]
                case 1: bytes = Data()
                case 2: bytes = Data([0xFF, 0xFE]) + Data(original.utf8.prefix(64))
                default:
                    let base = String(decoding: saved[Int(random.next() % UInt64(saved.count))], as: UTF8.self)
                    bytes = Data(VerdictPropertyTests.edit(base, &random).utf8)
                }
                saved.append(bytes)
                try bytes.write(to: lesson)
                // First with whatever the memo holds (the text before, or this one again), then
                // fresh, then surely from the memo: the fresh run left this text there.
                let first = InProcess.run(["--no-goldens", "lessons/"], in: scratch.url)
                LessonReader.forget()
                let fresh = InProcess.run(["--no-goldens", "lessons/"], in: scratch.url)
                XCTAssertTrue(
                    LessonReader.remembers(Array(bytes), path: "lessons/\(name)"), "step \(step), seed \(seed)")
                let remembered = InProcess.run(["--no-goldens", "lessons/"], in: scratch.url)
                // The first run of a text computes its trees' results, which the next runs take
                // from the cache, and the summary says so.
                func uncached(_ summary: String) -> String {
                    summary.replacingOccurrences(of: #" \(cached: [^)]*\)"#, with: "", options: .regularExpression)
                }
                for (label, run) in [("first", first), ("remembered", remembered)] {
                    let context = "\(label) run, step \(step), seed \(seed)"
                    XCTAssertEqual(run.stderr, fresh.stderr, context)
                    XCTAssertEqual(uncached(run.stdout), uncached(fresh.stdout), context)
                    XCTAssertEqual(run.status, fresh.status, context)
                }
                XCTAssertEqual(remembered.stdout, fresh.stdout, "step \(step), seed \(seed)")
            }
        }
    }

    func testTheMemoIsBounded() {
        LessonReader.forget()
        for index in 0...(LessonReader.memoLimit + 10) {
            _ = LessonReader.classify(bytes: Array("# \(index)\n".utf8), path: "l\(index).md")
        }
        XCTAssertLessThanOrEqual(LessonReader.memoCount, LessonReader.memoLimit)
        let last = LessonReader.memoLimit + 10
        XCTAssertTrue(LessonReader.remembers(Array("# \(last)\n".utf8), path: "l\(last).md"))
    }
}
