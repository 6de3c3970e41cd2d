import Foundation
import XCTest

@testable import CourseCheckKit

/// The live loop's memory stays bounded: checks of ever-new texts (a tree edited keystroke by
/// keystroke, as `lsp` and `watch` see it) do not grow the process without bound. An earlier
/// build grew by about 170 KB per whole-course check; the bound here is far below that.
///
/// `COURSECHECK_MEMORY_CHECKS` sets the number of checks (200 in `make test`, 2,000 of the whole
/// course in `make soak`).
final class MemoryTests: XCTestCase {
    /// The resident set size of this process, in KiB (Linux; nil elsewhere).
    static func residentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    func testRepeatedChecksOfNewTextsStayBounded() throws {
        let checks = Int(ProcessInfo.processInfo.environment["COURSECHECK_MEMORY_CHECKS"] ?? "") ?? 200
        guard Self.residentKiB() != nil else { throw XCTSkip("no /proc/self/status: RSS is not measured here") }
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let environment = CourseCheckCommand.Environment(
            currentDirectory: scratch.url, variables: InProcess.environment, stderrIsTerminal: false)
        let configuration = CourseCheckCommand(environment: environment, stdout: BufferSink(), stderr: BufferSink())
            .configuration(Invocation())
        let live = LiveChecker(configuration: configuration) {}
        // `make test` checks the edited lesson alone (as the live loop's quick check does); `make
        // soak` checks the whole course each time (COURSECHECK_MEMORY_COURSE=1).
        let whole = ProcessInfo.processInfo.environment["COURSECHECK_MEMORY_COURSE"] == "1"
        let plan = try CourseLoader(currentDirectory: scratch.url).plan(
            [whole ? "lessons" : "lessons/09-yerel-durum.md"])
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        let header = try XCTUnwrap(original.range(of: "// main.swift"))
        let lineEnd = try XCTUnwrap(original[header.upperBound...].firstIndex(of: "\n"))
        func text(_ index: Int) -> [UInt8] {
            // A new comment line in the tree each time: a new tree text, as typing makes.
            Array((original[...lineEnd] + "// \(index)\n" + original[original.index(after: lineEnd)...]).utf8)
        }
        let overlayKey = url.standardizedFileURL.path
        // Warm up: caches, the allocator's pools, the first compile of the Observation trees.
        for index in 0..<20 { _ = try live.check(plan, overlay: [overlayKey: text(index)]) }
        let before = try XCTUnwrap(Self.residentKiB())
        for index in 20..<(20 + checks) {
            let outcome = try live.check(plan, overlay: [overlayKey: text(index)])
            XCTAssertEqual(outcome.result.summary.errors, 0)
        }
        let grown = try XCTUnwrap(Self.residentKiB()) - before
        // 170 KB a check would be 34 MB over 200; a content-keyed, bounded cache is far below.
        XCTAssertLessThan(grown, max(8_192, checks * 20), "RSS grew \(grown) KiB over \(checks) checks")
    }
}
