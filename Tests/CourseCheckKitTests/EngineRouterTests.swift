import XCTest

@testable import CourseCheckKit

final class EngineRouterTests: XCTestCase {
    private func job() -> TreeJob {
        let file = SourceFile(path: "l.md", text: "```swift\n// main.swift — t\nprint(1)\n```\n\n```\n1\n```\n")
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        return TreeJob(path: "l.md", tree: lesson.trees[0])
    }

    /// A clean embedded run is cached by the tree's text, the limits and the binary: a second run
    /// reads it (and says so), while another text or another output limit runs the tree again;
    /// a tree that fails is never cached. Each run's findings are the same, cached or not.
    /// The merged build's fallback, met only by the toolchain engine alone: through the router the
    /// compiler rejects such a tree first. The note is at the tree swiftc blamed, and the tree that
    /// does compile still runs, built one by one.
    func testAFailedMergedBuildFallsBackWithOneNote() throws {
        let text =
            "```swift\n// main.swift — iyi\nprint(1)\n```\n\n```\n1\n```\n\n"
            + "```swift\n// main.swift — bozuk\nlet n: Int = \"iki\"\nprint(n)\n```\n\n```\n2\n```\n"
        let file = SourceFile(path: "l.md", text: text)
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let jobs = lesson.trees.enumerated().map { TreeJob(path: "l.md", tree: $1, id: TreeID(lesson: 0, ordinal: $0)) }
        var options = ToolchainEngine.Options()
        options.cache = nil
        let report = try ToolchainEngine(options: options).evaluate(jobs, environment: InProcess.environment)
        XCTAssertEqual(report.runs[jobs[0].id]?.stdout, Array("1\n".utf8))
        XCTAssertNil(report.runs[jobs[1].id])
        XCTAssertEqual(report.build.merged, 1)
        XCTAssertEqual(report.build.single, 1)
        let (owner, note) = try XCTUnwrap(EngineRouter.fallbackFinding(report, jobs: jobs))
        XCTAssertEqual(owner.id, jobs[1].id)
        XCTAssertEqual(
            note.headline,
            "l.md:12:14: note: merged build failed here (cannot convert value of type 'String' to specified type "
                + "'Int'); compiled 1 tree one by one [merged-fallback]")
    }

    /// The compiler's answer is cached by the compiler (its version and the front end's words), the
    /// core and the tree's program: a run with an answer planted in its cache reports the planted
    /// answer (it asked nothing), `--no-cache` asks the compiler, and so does another tree text.
    func testTheCompilersVerdictIsCachedByCompilerCoreAndTree() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lesson = scratch.url.appendingPathComponent("01-ders.md")
        func write(_ tree: String) throws {
            try Data(
                ("---\ntitle: 'Ders'\n---\n\n# Ders\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n// main.swift — t\n"
                    + tree + "```\n\n```\n1\n```\n").utf8
            ).write(to: lesson)
        }
        func check(_ extra: [String] = ["--cache-dir", "cache"]) -> String {
            let result = InProcess.run(["--no-goldens", "--no-claims"] + extra + ["."], in: scratch.url)
            return result.stderr + result.stdout
        }
        try write("print(1)\n")
        let clean = "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; embedded: 1 tree; 0 errors\n"
        XCTAssertEqual(check(), clean)
        let read = try LessonReader.read(
            try CourseLoader(currentDirectory: scratch.url).plan(["01-ders.md"]).entries[0])
        let tree = try XCTUnwrap(read.lesson?.trees.first)
        let compiler = CompilerValidity.identity(
            of: try Toolchain.locate(environment: InProcess.environment, cache: nil), options: ToolchainEngine.Options()
        )
        let planted = CompilerValidity.record(
            .rejected([.init(file: "main.swift", line: 2, column: 7, message: "planted in the cache")]), for: tree,
            compiler: compiler)
        let cache = scratch.url.appendingPathComponent("cache")
        XCTAssertTrue(Cache(directory: cache).store(text: planted.entry, as: planted.key))
        // The pack the last check kept holds the old entry, and is read first: it goes.
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name.hasPrefix("pack-") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        XCTAssertEqual(
            check(),
            "01-ders.md:80:7: error: tree does not compile: planted in the cache [compile-error]\n"
                + "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree rejected; 1 error\n")
        XCTAssertEqual(check(["--no-cache"]), clean)
        try write("print(1 )\n")
        XCTAssertEqual(
            check(), clean.replacingOccurrences(of: "embedded: 1 tree;", with: "embedded: 1 tree;"),
            "another text is asked")
    }

    func testEmbeddedRunsAreCachedByTextLimitsAndBinary() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lesson = scratch.url.appendingPathComponent("01-ders.md")
        func write(_ tree: String, _ expected: String) throws {
            try Data(
                ("---\ntitle: 'Ders'\n---\n\n# Ders\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n// main.swift — t\n"
                    + tree + "```\n\n```\n" + expected + "```\n").utf8
            ).write(to: lesson)
        }
        func check(_ extra: [String] = []) -> String {
            let result = InProcess.run(
                ["--no-goldens", "--no-claims", "--cache-dir", "cache"] + extra + ["."], in: scratch.url)
            return result.stderr + result.stdout
        }
        let cold = "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; embedded: 1 tree; 0 errors\n"
        let warm =
            "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; embedded: 1 tree "
            + "(cached: 1 result); 0 errors\n"
        try write("print(1)\n", "1\n")
        XCTAssertEqual(check(), cold)
        XCTAssertEqual(check(), warm)
        XCTAssertEqual(check(["--output-limit", "1000"]), cold, "another limit is another key")
        XCTAssertEqual(check(["--no-cache"]), cold, "--no-cache reads nothing")
        try write("print(2)\n", "1\n")
        let drift = check()
        XCTAssertTrue(drift.contains("[output-drift]"), drift)
        XCTAssertTrue(drift.hasSuffix("embedded: 1 tree; 1 error\n"), drift)
        XCTAssertEqual(
            check(),
            drift.replacingOccurrences(of: "embedded: 1 tree;", with: "embedded: 1 tree (cached: 1 result);"))
        try write("let x: [Int] = []\nprint(x[1])\n", "\n")
        let trap = check()
        XCTAssertTrue(trap.contains("[tree-failed]"), trap)
        XCTAssertEqual(check(), trap, "a failing tree is evaluated every time")
    }

    /// Three identical trees built alone on one worker beside the (empty) merged build: two compile
    /// at once, and the third starts once one of them stored its binary, and finds it. It counts as
    /// built, not cached, so a cold run's summary never depends on which twin's compile ended first
    /// (a helper saw `(cached: binary)` come and go between identical cold runs). A binary in the
    /// cache before the run is cached. The import sends each twin standalone; Glibc, since the core
    /// imports it too, where Foundation cost each twin 1.8 s of building Clang modules.
    func testATwinBuiltInTheSameRunIsNotCountedCached() throws {
        guard (try? Toolchain.locate(environment: InProcess.environment, cache: nil)) != nil else {
            throw XCTSkip("swiftc is not on PATH")
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = "```swift\n// main.swift — ikiz\nimport \(CLibrary.module)\nprint(\"ikiz\")\n```\n\n```\nikiz\n```\n"
        let file = SourceFile(path: "l.md", text: text + "\n" + text + "\n" + text)
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let jobs = lesson.trees.enumerated().map {
            TreeJob(path: "l.md", tree: $0.element, id: TreeID(lesson: 0, ordinal: $0.offset))
        }
        XCTAssertEqual(jobs.count, 3)
        var options = ToolchainEngine.Options()
        options.workers = 1
        options.cache = Cache(directory: scratch.url.appendingPathComponent("cache"))
        let cold = try ToolchainEngine(options: options).evaluate(jobs, environment: InProcess.environment)
        XCTAssertEqual(cold.runs.values.map(\.stdout), Array(repeating: Array("ikiz\n".utf8), count: 3))
        XCTAssertEqual(cold.build.cachedBinaries, 0)
        // The binary alone in the cache (the passing results removed): the next run reads it, cached.
        for name in try FileManager.default.contentsOfDirectory(atPath: options.cache!.directory.path)
        where name.hasPrefix("out-") {
            try FileManager.default.removeItem(at: options.cache!.directory.appendingPathComponent(name))
        }
        let warm = try ToolchainEngine(options: options).evaluate(jobs, environment: InProcess.environment)
        XCTAssertEqual(warm.build.cachedResults, 0)
        XCTAssertEqual(warm.build.cachedBinaries, 3)
    }

    /// A compiled tree that passes its first run and runs out of time on a later one (the repeat
    /// runs that look for nondeterminism) fails with the time-out, never as "nondeterministic",
    /// and its pass is not cached: the next run fails the same way. The tree uses Glibc, as the core
    /// does: Foundation made its compile build Foundation's Clang modules (1.8 s).
    func testATreeThatTimesOutOnARepeatRunIsATimeOut() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let marker = scratch.url.appendingPathComponent("ran-once").path
        let tree = """
            // main.swift — bir kez hizli
            import \(CLibrary.module)
            if access("\(marker)", F_OK) == 0 {
                sleep(30)
            } else {
                close(creat("\(marker)", 0o644))
            }
            print("tamam")

            """
        try Data(
            ("---\ntitle: 'Ders'\n---\n\n# Ders\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n" + tree
                + "```\n\n```\ntamam\n```\n").utf8
        ).write(to: scratch.url.appendingPathComponent("01-ders.md"))
        for run in ["first", "second"] {
            let result = InProcess.run(
                ["--no-goldens", "--no-claims", "--timeout", "0.5", "."], in: scratch.url)
            let findings = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
            XCTAssertEqual(findings.count, 1, "\(run) run: \(result.stderr)")
            XCTAssertTrue(findings.first?.hasSuffix("[tree-failed]") ?? false, "\(run) run: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("0.5 s"), "\(run) run names the limit: \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("nondeterministic"), "\(run) run: \(result.stderr)")
        }
    }

    func testEnginesThatPrintTheSameAgree() {
        let run = TreeRun(engine: .embedded, ending: .exited(0), stdout: Array("1\n".utf8))
        XCTAssertNil(EngineRouter.compare(run, run, job: job()))
    }

    func testADifferentOutputIsAMismatchAtTheTreeWithADiff() throws {
        let embedded = TreeRun(engine: .embedded, ending: .exited(0), stdout: Array("1\n2\n".utf8))
        let compiled = TreeRun(engine: .swiftc, ending: .exited(0), stdout: Array("1\n3\n".utf8))
        let finding = try XCTUnwrap(EngineRouter.compare(embedded, compiled, job: job()))
        XCTAssertEqual(finding.id, .engineMismatch)
        XCTAssertEqual(finding.location.description, "l.md:2:1")
        XCTAssertEqual(finding.message, "engines disagree on the output of tree at line 2")
        XCTAssertEqual(
            finding.attachment?.text,
            """
            --- swiftc (exited(0))
            +++ embedded (exited(0))
            @@ -1,2 +1,2 @@
             1
            -3
            +2

            """)
    }

    func testADifferentEndingIsAMismatchToo() throws {
        let embedded = TreeRun(engine: .embedded, ending: .exited(0), stdout: [])
        let compiled = TreeRun(engine: .swiftc, ending: .signalled(4), stdout: [])
        let finding = try XCTUnwrap(EngineRouter.compare(embedded, compiled, job: job()))
        XCTAssertEqual(finding.attachment, .sentence("the outputs are equal; the runs ended differently"))
    }

    func testImportsRouteToTheToolchainAtTheImportLine() {
        let file = SourceFile(
            path: "l.md", text: "```swift\n// main.swift — t\n\nimport Observation\nprint(1)\n```\n\n```\n1\n```\n")
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let routing = EmbeddedEngine.staticRouting(TreeJob(path: "l.md", tree: lesson.trees[0]))
        XCTAssertEqual(routing, .init(reason: "import Observation", location: SourceLocation(path: "l.md", line: 4)))
    }
}
