import Foundation
import XCTest

@testable import CourseCheckKit

/// The live loop's evaluate stage never holds the loop: a tree that runs long moves to a
/// background lane, a newer text of its lesson stops it, and at most one compile per tree is in
/// flight. Each test decides by state, never by a timing: the runaway here has no step limit, so
/// only a stop ends it.
final class LiveEvaluatorTests: XCTestCase {
    /// Tree jobs of a lesson at `path`, one per body.
    private func jobs(_ bodies: [String], path: String = "l.md") -> [TreeJob] {
        let text = bodies.enumerated().map { index, body in
            "```swift\n// main.swift — t\(index)\n\(body)\n```\n\n```\nx\n```\n\n"
        }.joined()
        let file = SourceFile(path: path, text: text)
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        return lesson.trees.enumerated().map { TreeJob(path: path, tree: $1, id: TreeID(lesson: 0, ordinal: $0)) }
    }

    /// Exponential recursion: without a step limit it outlives any test.
    private let runaway = "func f(_ n: Int) -> Int { n < 2 ? n : f(n - 1) + f(n - 2) }\nprint(f(90))"

    private func unbounded() -> Interpreter.Limits {
        var limits = Interpreter.Limits()
        limits.steps = .max
        return limits
    }

    /// Waits (at most `seconds`) for `condition`; false when it never held.
    private func eventually(_ seconds: Double = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// `COURSECHECK_LIVE_SLICE_MS` sets a tree's slice; anything but a positive finite number is the default.
    func testTheSliceComesFromTheEnvironmentOrIsTheDefault() {
        XCTAssertEqual(LiveChecker.slice(["COURSECHECK_LIVE_SLICE_MS": "2000"]), 2)
        XCTAssertEqual(LiveChecker.slice(["COURSECHECK_LIVE_SLICE_MS": "12.5"]), 0.0125)
        for text in ["", "0", "-5", "abc", "inf", "nan"] {
            XCTAssertEqual(LiveChecker.slice(["COURSECHECK_LIVE_SLICE_MS": text]), LiveEvaluator.defaultSlice, text)
        }
        XCTAssertEqual(LiveChecker.slice([:]), LiveEvaluator.defaultSlice)
    }

    func testARunawayTreeIsPendingAndANewerTextStopsIt() {
        let results = Locked(0)
        let evaluator = LiveEvaluator(router: EngineRouter(), slice: 0.02, limits: unbounded(), asksCompiler: false) {
            results.update { $0 += 1 }
        }
        defer { evaluator.cancel() }
        let first = jobs(["print(1)", runaway])
        let outcome = evaluator.evaluate(first, environment: [:])
        // The quick tree ran on the caller's thread; the runaway left for the lane, with no finding.
        XCTAssertEqual(outcome.report[first[0].id].run?.stdout, Array("1\n".utf8))
        XCTAssertEqual(outcome.pending.map(\.id), [first[1].id])
        XCTAssertNil(outcome.report[first[1].id].run)
        XCTAssertEqual(outcome.report[first[1].id].diagnostics, [])
        XCTAssertTrue(evaluator.isBusy)
        // While it runs, another check of the same text leaves it running: it is not started twice.
        XCTAssertEqual(evaluator.evaluate(first, environment: [:]).pending.map(\.id), [first[1].id])
        XCTAssertTrue(evaluator.isBusy)

        // The author fixes the tree: the runaway is superseded and stopped.
        let second = jobs(["print(1)", "print(2)"])
        let fixed = evaluator.evaluate(second, environment: [:])
        XCTAssertEqual(fixed.pending.map(\.id), [])
        XCTAssertEqual(fixed.report[second[1].id].run?.stdout, Array("2\n".utf8))
        XCTAssertTrue(eventually { !evaluator.isBusy }, "the superseded runaway was never stopped")
        XCTAssertFalse(evaluator.hasResult(for: first[1]))
        XCTAssertEqual(results.get(), 0, "a stopped evaluation must not be reported as a result")
    }

    func testAnotherLessonsTextDoesNotStopARunawayTree() {
        let evaluator = LiveEvaluator(router: EngineRouter(), slice: 0.02, limits: unbounded(), asksCompiler: false) {}
        defer { evaluator.cancel() }
        let running = jobs([runaway], path: "a.md")
        XCTAssertEqual(evaluator.evaluate(running, environment: [:]).pending.count, 1)
        let other = jobs(["print(3)"], path: "b.md")
        XCTAssertEqual(evaluator.evaluate(other, environment: [:]).report[other[0].id].run?.stdout, Array("3\n".utf8))
        usleep(100_000)
        XCTAssertTrue(evaluator.isBusy, "a check of lesson b stopped lesson a's tree")
        evaluator.cancel()
        XCTAssertTrue(eventually { !evaluator.isBusy }, "cancel did not stop the lane")
    }

    func testTreesPastTheSliceArriveThroughTheLane() {
        // A slice of zero: nothing runs on the caller's thread, everything arrives as a result.
        let results = Locked(0)
        let evaluator = LiveEvaluator(router: EngineRouter(), slice: 0, asksCompiler: false) {
            results.update { $0 += 1 }
        }
        defer { evaluator.cancel() }
        let trees = jobs(["print(1)", "print(2)", "print(3)"])
        let outcome = evaluator.evaluate(trees, environment: [:])
        XCTAssertEqual(outcome.pending.map(\.id), trees.map(\.id))
        XCTAssertTrue(eventually { results.get() == 3 }, "results: \(results.get())")
        let again = evaluator.evaluate(trees, environment: [:])
        XCTAssertEqual(again.pending.map(\.id), [])
        XCTAssertEqual(trees.map { again.report[$0.id].run?.stdout }, ["1\n", "2\n", "3\n"].map { Array($0.utf8) })
    }

    func testASupersededCompileIsKilledAndOnlyTheNewestTextIsCompiled() throws {
        guard (try? Toolchain.locate(environment: InProcess.environment, cache: nil)) != nil else {
            throw XCTSkip("no swiftc on PATH: the swiftc lane is not exercised")
        }
        let results = Locked(0)
        let evaluator = LiveEvaluator(router: EngineRouter(), asksCompiler: false) { results.update { $0 += 1 } }
        defer { evaluator.cancel() }
        let slow = jobs(["import Foundation\nThread.sleep(forTimeInterval: 300)\nprint(\"a\")"])
        XCTAssertEqual(evaluator.evaluate(slow, environment: InProcess.environment).pending.count, 1)
        // Its compile (or its run) is a child of this process.
        XCTAssertTrue(eventually { !Descendants.list().isEmpty }, "the swiftc lane started nothing")
        let newer = jobs(["_ = #line\nprint(\"b\")"])
        XCTAssertEqual(evaluator.evaluate(newer, environment: InProcess.environment).pending.count, 1)
        XCTAssertTrue(eventually { results.get() == 1 && !evaluator.isBusy }, "the newest text never arrived")
        XCTAssertEqual(results.get(), 1, "the superseded compile delivered a result")
        XCTAssertFalse(evaluator.hasResult(for: slow[0]))
        let done = evaluator.evaluate(newer, environment: InProcess.environment)
        XCTAssertEqual(done.pending.count, 0)
        XCTAssertEqual(done.report[newer[0].id].run?.stdout, Array("b\n".utf8))
        XCTAssertEqual(Descendants.list(), [], "a child of the superseded compile outlived it")
    }

    /// Ten keystrokes in a tree only swiftc runs, faster than the quiet period: one compile, of the
    /// last text, once the edits stop; the embedded tree beside it is answered at every keystroke.
    func testABurstOfEditsIsOneCompileOfTheLastText() throws {
        guard (try? Toolchain.locate(environment: InProcess.environment, cache: nil)) != nil else {
            throw XCTSkip("no swiftc on PATH: the swiftc lane is not exercised")
        }
        let results = Locked(0)
        var router = EngineRouter()
        router.toolchain.cache = nil
        let evaluator = LiveEvaluator(router: router, asksCompiler: false) { results.update { $0 += 1 } }
        defer { evaluator.cancel() }
        var last: [TreeJob] = []
        // A magic literal makes the tree swiftc's, as an import does, without a module to load.
        for keystroke in 0..<10 {
            last = jobs(["print(\(keystroke))", "_ = #line\nprint(\"v\(keystroke)\")"])
            let outcome = evaluator.evaluate(last, environment: InProcess.environment)
            XCTAssertEqual(outcome.report[last[0].id].run?.stdout, Array("\(keystroke)\n".utf8))
            XCTAssertEqual(outcome.pending.map(\.id), [last[1].id])
            usleep(20_000)
        }
        XCTAssertTrue(eventually { results.get() == 1 && !evaluator.isBusy }, "the last text never arrived")
        XCTAssertEqual(evaluator.compiles.swiftc, 1, "a burst of ten edits started more than one compile")
        XCTAssertEqual(results.get(), 1)
        let done = evaluator.evaluate(last, environment: InProcess.environment)
        XCTAssertEqual(done.pending.map(\.id), [])
        XCTAssertEqual(done.report[last[1].id].run?.stdout, Array("v9\n".utf8))
        XCTAssertEqual(evaluator.compiles.swiftc, 1)
    }

    /// The compiler decides in the live loop too: until it has answered, a tree's run is shown and
    /// the tree is unverified; then a tree it accepts is plain, and one it rejects (a label out of
    /// order, which no engine may accept) is its `compile-error` alone, at its line.
    func testTheCompilerDecidesEachTreeInItsOwnLane() throws {
        guard (try? Toolchain.locate(environment: InProcess.environment, cache: nil)) != nil else {
            throw XCTSkip("no swiftc on PATH: the compiler's lane is not exercised")
        }
        let results = Locked(0)
        var router = EngineRouter()
        router.toolchain.cache = nil
        let evaluator = LiveEvaluator(router: router) { results.update { $0 += 1 } }
        defer { evaluator.cancel() }
        let trees = jobs(["print(1)", "print(2, terminator: \"\\n\", separator: \" \")"])
        let first = evaluator.evaluate(trees, environment: InProcess.environment)
        XCTAssertEqual(first.unverified.map(\.id), trees.map(\.id))
        XCTAssertEqual(first.report[trees[0].id].run?.stdout, Array("1\n".utf8))
        XCTAssertEqual(first.report.validity, ValiditySummary(accepted: 0, rejected: 0, pending: 2))
        XCTAssertTrue(eventually { results.get() >= 1 && !evaluator.isBusy }, "the compiler never answered")
        let decided = evaluator.evaluate(trees, environment: InProcess.environment)
        XCTAssertEqual(decided.pending.map(\.id), [])
        XCTAssertEqual(decided.unverified.map(\.id), [])
        XCTAssertEqual(decided.report.validity, ValiditySummary(accepted: 1, rejected: 1))
        XCTAssertEqual(decided.report[trees[0].id].run?.stdout, Array("1\n".utf8))
        XCTAssertEqual(decided.report[trees[0].id].diagnostics, [])
        XCTAssertNil(decided.report[trees[1].id].run)
        XCTAssertEqual(
            decided.report[trees[1].id].diagnostics.map(\.headline),
            [
                "l.md:12:28: error: tree does not compile: argument 'separator' must precede argument 'terminator' "
                    + "[compile-error]"
            ])
    }

    func testTheCacheIsBoundedByEntriesAndBytes() {
        typealias Cache = LiveEvaluator.Bounded<Int>
        var cache = Cache()
        // A tree printing a megabyte per keystroke: the bytes bound holds.
        for index in 0..<100 { cache.insert(index, for: Array("tree \(index)".utf8), size: 1 << 20) }
        XCTAssertLessThanOrEqual(cache.bytes, Cache.maxBytes)
        XCTAssertEqual(cache[Array("tree 99".utf8)], 99, "the newest text was evicted")
        // Many small texts: the entry bound holds.
        for index in 0..<(3 * Cache.maxEntries) { cache.insert(index, for: Array("small \(index)".utf8), size: 8) }
        XCTAssertLessThanOrEqual(cache.entries.count, Cache.maxEntries)
        // Replacing an entry's value does not count its bytes twice.
        var again = Cache()
        for _ in 0..<10 { again.insert(1, for: [1], size: 100) }
        XCTAssertEqual(again.bytes, 101)
    }
}
