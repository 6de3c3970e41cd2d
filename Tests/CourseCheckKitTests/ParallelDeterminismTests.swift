import Foundation
import XCTest

@testable import CourseCheckKit

/// The stages that run on the worker threads (reading lessons, the embedded engine's lookups and
/// judgements, the goldens, the claims' facts and the claims) give the report a run on one thread
/// gives, byte for byte and in the same order, over random edits of the real course: its lessons,
/// its goldens and its index. A width above the core count shakes the scheduling.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of random courses (`make soak` runs many); a
/// failure names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class ParallelDeterminismTests: XCTestCase {
    func testEveryWidthGivesTheReportOfOneThread() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons", "goldens"])
        let lessons = scratch.url.appendingPathComponent("lessons")
        let originals = try FileManager.default.contentsOfDirectory(atPath: lessons.path).sorted()
            .filter { $0.hasSuffix(".md") }
            .map { ($0, try String(contentsOf: lessons.appendingPathComponent($0), encoding: .utf8)) }
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            for (name, text) in originals {
                // About one lesson in four edited: most of a real run is lessons that pass.
                let edited = random.next() % 4 == 0 ? VerdictPropertyTests.edit(text, &random) : text
                try edited.write(to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let goldens = scratch.url.appendingPathComponent("goldens")
            let folders = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
            if random.next() % 2 == 0, let folder = folders.randomElement(using: &random) {
                // A golden drifted or gone: the goldens stage has findings to order too.
                let url = goldens.appendingPathComponent(folder)
                if let file = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().first {
                    try Data("elle yazılmış\n".utf8).write(to: url.appendingPathComponent(file))
                }
            }
            // A cold run (every tree interpreted) and a warm one (every clean tree read from the
            // cache), the cache warmed first so that every run of a pair reads the same entries.
            _ = try check(["--engine", "embedded", "lessons/"], in: scratch.url, width: 1)
            for options in [["--format", "text", "--no-cache"], ["--format", "json"]] {
                let arguments = options + ["--engine", "embedded", "lessons/"]
                let serial = try check(arguments, in: scratch.url, width: 1)
                XCTAssertFalse(serial.isEmpty, "seed \(seed): the run printed nothing")
                for width in [4] {
                    let parallel = try check(arguments, in: scratch.url, width: width)
                    XCTAssertEqual(
                        parallel, serial,
                        "seed \(seed), \(options.joined(separator: " ")): \(width) threads reported otherwise than one")
                }
            }
        }
    }

    /// What the check command prints for `arguments`, its stages `width` threads wide.
    private func check(_ arguments: [String], in directory: URL, width: Int) throws -> String {
        let out = BufferSink()
        let command = CourseCheckCommand(
            environment: .init(currentDirectory: directory, variables: InProcess.environment, stderrIsTerminal: false),
            stdout: out, stderr: BufferSink())
        let invocation = try Invocation.parse(arguments)
        let plan = try command.loadPlan(invocation)
        var configuration = command.configuration(invocation)
        configuration.router.toolchain.workers = width
        let result = try CourseChecker(configuration: configuration).check(plan)
        _ = try command.report(result, invocation: invocation, reporter: command.reporter(invocation.color))
        return out.text
    }
}
