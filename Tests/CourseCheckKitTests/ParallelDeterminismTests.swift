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
    /// The heaviest-first map starts the heaviest items first (ties in the items' order), returns
    /// the values in the items' order, and throws the first failing item's error by position, as
    /// the plain map does, at every width: over random weights and failures.
    func testHeaviestFirstOnlyChangesTheOrderOfTheWork() {
        struct Failed: Error, Equatable { let position: Int }
        for seed in PropertySeeds.seeds(defaultCases: 20) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let count = Int(random.next() % 12)
            let weights = (0..<count).map { _ in Int(random.next() % 4) }
            let failing = Set((0..<count).filter { _ in random.next() % 5 == 0 })
            for width in [1, 2, 4] {
                let started = Locked<[Int]>([])
                let outcome = Result { () throws(Failed) -> [Int] in
                    try parallelMap(Array(0..<count), width: width, heaviestFirst: { weights[$0] }) {
                        position throws(Failed) -> Int in
                        started.update { $0.append(position) }
                        if failing.contains(position) { throw Failed(position: position) }
                        return position * 10
                    }
                }
                let context = "seed \(seed), width \(width), weights \(weights), failing \(failing.sorted())"
                if let first = failing.min() {
                    XCTAssertEqual(outcome.failure, Failed(position: first), context)
                } else {
                    XCTAssertEqual(try? outcome.get(), (0..<count).map { $0 * 10 }, context)
                }
                let schedule = (0..<count).sorted { (-weights[$0], $0) < (-weights[$1], $1) }
                if width == 1 {
                    XCTAssertEqual(started.get(), schedule, context)
                } else {
                    XCTAssertEqual(started.get().sorted(), Array(0..<count), context)
                }
            }
        }
    }

    func testEveryWidthGivesTheReportOfOneThread() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons", "goldens"])
        let lessons = scratch.url.appendingPathComponent("lessons")
        let originals = try Self.lessonTexts(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            for (name, text) in originals {
                // About one lesson in four edited: most of a real run is lessons that pass.
                let edited = random.next() % 4 == 0 ? VerdictPropertyTests.edit(text, &random) : text
                try edited.write(to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let goldens = scratch.url.appendingPathComponent("goldens")
            // The lessons' folders alone: the store's files (TOOLCHAIN, LESSONS) threw when picked.
            let folders = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted().filter {
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: goldens.appendingPathComponent($0).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            }
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
            // Afresh (each run a cache of its own holding only the compiler's verdicts the warm-up
            // read: every tree interpreted), then warm.
            for afresh in [true, false] {
                func arguments() throws -> [String] {
                    let options =
                        afresh
                        ? ["--format", "text", "--cache-dir", try CompilerVerdicts.cache(in: scratch.url).path]
                        : ["--format", "json"]
                    return options + ["--engine", "embedded", "lessons/"]
                }
                let options = afresh ? "afresh" : "warm"
                let serial = try check(try arguments(), in: scratch.url, width: 1)
                XCTAssertFalse(serial.isEmpty, "seed \(seed): the run printed nothing")
                for width in [4] {
                    let parallel = try check(try arguments(), in: scratch.url, width: width)
                    XCTAssertEqual(
                        parallel, serial,
                        "seed \(seed), \(options): \(width) threads reported otherwise than one")
                }
            }
        }
    }

    /// The read stage builds each lesson's text facts (prose, front matter, trigger bullets,
    /// titles) when claims are checked, and never under `--no-claims`; they are the facts a lesson
    /// gives when built afresh after the run, at every width.
    func testTheReadStageBuildsTheClaimTextOnlyWhenClaimsAreChecked() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons", "goldens"])
        for (arguments, claims) in [
            (["--engine", "embedded", "lessons/"], true), (["--no-claims", "lessons/"], false),
        ] {
            for width in [1, 4] {
                let command = CourseCheckCommand(
                    environment: .init(
                        currentDirectory: scratch.url, variables: InProcess.environment, stderrIsTerminal: false),
                    stdout: BufferSink(), stderr: BufferSink())
                let invocation = try Invocation.parse(arguments)
                var configuration = command.configuration(invocation)
                configuration.router.toolchain.workers = width
                let result = try CourseChecker(configuration: configuration).check(try command.loadPlan(invocation))
                let context = "\(arguments), width \(width)"
                XCTAssertEqual(result.lessonResults.count, 21, context)
                for lesson in result.lessonResults {
                    guard claims else {
                        XCTAssertNil(lesson.claimText, context)
                        continue
                    }
                    let built = try XCTUnwrap(lesson.claimText, "\(lesson.path): \(context)")
                    let fresh = CourseFacts.LessonFacts.Text(try XCTUnwrap(lesson.lesson))
                    XCTAssertEqual(built.titles, fresh.titles, lesson.path)
                    XCTAssertEqual(built.declarations.map(\.value), fresh.declarations.map(\.value), lesson.path)
                    XCTAssertEqual(built.prose.blocks.map(\.source), fresh.prose.blocks.map(\.source), lesson.path)
                    XCTAssertEqual(built.frontMatter?["title"]?.value, fresh.frontMatter?["title"]?.value, lesson.path)
                    XCTAssertFalse(built.declarations.isEmpty, lesson.path)
                }
            }
        }
    }

    /// The claims that read no tree output start on the facts of the text alone, beside the trees'
    /// runs: over random edits of the real course (lessons, goldens, the index), the check reports
    /// the claims' findings and summary that every claim checked after the run, on the whole facts,
    /// gives (what the check did before the split), at widths 1 and 4. A claim declared text-only
    /// that reads an output stops the process, so this also fails for a wrong declaration.
    func testTextOnlyClaimsStartedEarlyReportWhatTheWholeFactsGive() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons", "goldens"])
        let lessons = scratch.url.appendingPathComponent("lessons")
        let originals = try Self.lessonTexts(in: lessons)
        XCTAssertEqual(
            CourseClaims.all.filter { !$0.readsTreeOutputs }.map(\.id),
            [.frontMatter, .courseIndex, .noteSeries, .labelReference, .fragmentSyntax])
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            for (name, text) in originals {
                var edited = random.next() % 3 == 0 ? VerdictPropertyTests.edit(text, &random) : text
                // A break of each kind, so both groups have findings to report: a title the index
                // and the heading do not give (text only), a trigger the trees refute (outputs).
                edited = edited.replacingOccurrences(of: "title: 'Yığıt Düzenleri'", with: "title: 'Yığıt Düzeni'")
                    .replacingOccurrences(of: "- Bu dersin tetiği: **ortam**.", with: "- Bu dersin tetiği: **yerel**.")
                try edited.write(to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            for width in [1, 4] {
                let command = CourseCheckCommand(
                    environment: .init(
                        currentDirectory: scratch.url, variables: InProcess.environment, stderrIsTerminal: false),
                    stdout: BufferSink(), stderr: BufferSink())
                let invocation = try Invocation.parse(["--engine", "embedded", "lessons/"])
                let plan = try command.loadPlan(invocation)
                var configuration = command.configuration(invocation)
                configuration.router.toolchain.workers = width
                let result = try CourseChecker(configuration: configuration).check(plan)
                var facts = CourseFacts.gather(
                    result.lessonResults, index: CourseFacts.readIndex(plan: plan, overlay: [:]), plan: plan,
                    cache: configuration.router.toolchain.cache, environment: configuration.environment)
                facts.compileTimeout = configuration.router.toolchain.compileTimeout
                let whole = CourseClaims.check(facts, width: 1)
                let context = "seed \(seed), width \(width)"
                XCTAssertEqual(result.summary.claims, whole.summary, context)
                let reported = result.findings.compactMap { finding -> Diagnostic? in
                    if case .claim = finding.subject { return finding.diagnostic }
                    return nil
                }
                // Placed in their lessons and ordered by line by the check: compared as sets, in full.
                func order(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
                    diagnostics.sorted {
                        ($0.location.path, $0.location.line, $0.location.column, $0.message)
                            < ($1.location.path, $1.location.line, $1.location.column, $1.message)
                    }
                }
                XCTAssertEqual(order(reported), order(whole.diagnostics), context)
                let ids = Set(whole.diagnostics.map(\.id))
                XCTAssertTrue(ids.contains(.frontMatter) || ids.contains(.courseIndex), "\(context): \(ids)")
                XCTAssertTrue(ids.contains(.declaredTrigger) || ids.contains(.closingTable), "\(context): \(ids)")
            }
        }
    }

    /// Each lesson file of `lessons` with its text, in name order: what the random edits start from.
    static func lessonTexts(in lessons: URL) throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: lessons.path).sorted()
            .filter { $0.hasSuffix(".md") }
            .map { ($0, try String(contentsOf: lessons.appendingPathComponent($0), encoding: .utf8)) }
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
        _ = try command.report(
            result, invocation: invocation, reporter: command.reporter(invocation.color), targets: .init())
        return out.text
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
