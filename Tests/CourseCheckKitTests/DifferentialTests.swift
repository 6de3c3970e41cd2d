import Foundation
import XCTest

@testable import CourseCheckKit

/// The fidelity rule as a test: for every tree of `Differential/`, the merged build (with the
/// trees it builds standalone), the per-tree build and the embedded engine print what the real
/// program prints, `swiftc Invalidation.swift main.swift` with the tree verbatim as `main.swift`.
///
/// The real program's results are committed in `Differential/oracle.json`, each with the SHA-256
/// of its tree, the core and the compiler, so `make test` compiles only what coursecheck builds.
/// `make soak` (`COURSECHECK_DIFFERENTIAL=live`) rebuilds every real program and fails when the
/// committed oracle is not what it prints; `COURSECHECK_BLESS=1` with it rewrites the file. When
/// the installed compiler is not the oracle's, the oracle is rebuilt live, and the test says so.
final class DifferentialTests: XCTestCase {
    /// What the real program did with one tree.
    struct Oracle: Codable, Equatable {
        var name: String
        /// SHA-256 of the tree, the core and the compiler's version: a stale entry is never used.
        var key: String
        /// The tree's text, from its file (not committed twice).
        var tree = ""
        /// Its stdout, when it compiled.
        var stdout: String
        /// Compile errors as `main.swift:line:column: message` or `Invalidation.swift:…` (a clash
        /// with the core); empty when it compiled.
        var errors: [String]

        enum CodingKeys: String, CodingKey { case name, key, stdout, errors }
    }

    static let corpus = Binary.packageRoot.appendingPathComponent("Tests/CourseCheckKitTests/Differential")
    static let oracleFile = corpus.appendingPathComponent("oracle.json")
    static let environment = ProcessInfo.processInfo.environment
    static let live = environment["COURSECHECK_DIFFERENTIAL"] == "live"

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".swift") }.sorted()
    }

    static func key(tree: String, toolchain: String) -> String {
        SHA256.hex(tree, EmbeddedCore.text, toolchain)
    }

    static func toolchain() throws -> String {
        try Toolchain.locate(environment: environment, cache: nil).version
    }

    /// The committed oracle for every corpus file, or the real program rebuilt for those whose
    /// entry is missing or stale (a different compiler); `rebuilt` names them.
    static func oracles(in scratch: URL) throws -> (oracles: [Oracle], rebuilt: [String]) {
        let files = try files()
        let version = try toolchain()
        let committed = (try? JSONDecoder().decode([Oracle].self, from: Data(contentsOf: oracleFile))) ?? []
        let byName = Dictionary(committed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let results = Collector<Result<Oracle, any Error>>(count: files.count)
        let rebuilt = Collector<Bool>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.set(
                index,
                Result {
                    let tree = try String(contentsOf: corpus.appendingPathComponent(files[index]), encoding: .utf8)
                    if !live, var entry = byName[files[index]], entry.key == key(tree: tree, toolchain: version) {
                        entry.tree = tree
                        return entry
                    }
                    rebuilt.set(index, true)
                    return try oracle(files[index], in: scratch, toolchain: version)
                })
        }
        let oracles = try results.values.map { try $0!.get() }
        return (oracles, files.indices.filter { rebuilt.values[$0] == true }.map { files[$0] })
    }

    /// `make soak`: every real program rebuilt, and the committed oracle is exactly what they printed.
    func testTheCommittedOracleIsWhatTheRealProgramsPrint() throws {
        try XCTSkipUnless(Self.live, "COURSECHECK_DIFFERENTIAL=live (make soak) rebuilds the real programs")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (oracles, _) = try Self.oracles(in: scratch.url)
        if ProcessInfo.processInfo.environment["COURSECHECK_BLESS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try (encoder.encode(oracles) + Data("\n".utf8)).write(to: Self.oracleFile)
            XCTFail("blessed: Differential/oracle.json rewritten from the real programs; review the diff")
            return
        }
        let committed = try JSONDecoder().decode([Oracle].self, from: Data(contentsOf: Self.oracleFile))
        XCTAssertEqual(committed.map(\.name), oracles.map(\.name), "oracle.json names every corpus tree")
        for (have, var want) in zip(committed, oracles) {
            want.tree = ""
            XCTAssertEqual(have, want, want.name)
        }
        try assertEveryMode(oracles, builds: ["merged", "per-tree"], in: scratch.url)
    }

    /// `make test`: the merged build and the embedded engine against the committed oracle.
    func testEveryModePrintsWhatTheRealProgramPrints() throws {
        try XCTSkipIf(Self.live, "the live run covers every mode")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (oracles, rebuilt) = try Self.oracles(in: scratch.url)
        if !rebuilt.isEmpty {
            // Not a failure: another compiler prints its own truth. Said, so nobody mistakes it for speed.
            print(
                "DifferentialTests: oracle rebuilt live for \(rebuilt.count) tree(s) (stale or missing in oracle.json)")
        }
        // swiftc on a sample (each rejected tree costs a compile of its own); the embedded engine,
        // which compiles nothing, on every tree.
        try assertEveryMode(
            Self.sample(of: oracles), builds: ["merged"], embedded: false,
            in: scratch.url.appendingPathComponent("sample"))
        // The whole corpus reads the real programs' verdicts (committed, and rebuilt live by make
        // soak): the compiler's check itself is asked about the sample above, and by the fixtures.
        let sampled = Set(Self.sample(of: oracles).map(\.name))
        try assertEveryMode(
            oracles, builds: [], in: scratch.url.appendingPathComponent("whole"),
            planting: Self.live ? [] : oracles.filter { !sampled.contains($0.name) })
    }

    /// `make test` checks a random sample of 4 corpus trees (a new one each run), half of them
    /// trees the real program rejects (each costs a standalone compile, the most expensive part of
    /// the suite); `COURSECHECK_DIFFERENTIAL_CASES=all` (and the live run of
    /// `make soak`) takes every tree. The seed is printed, and `COURSECHECK_PROPERTY_SEED` replays it.
    static func sample(of oracles: [Oracle]) -> [Oracle] {
        let asked = environment["COURSECHECK_DIFFERENTIAL_CASES"] ?? "4"
        guard asked != "all", let count = Int(asked), count < oracles.count else { return oracles }
        let seed = PropertySeeds.seeds(defaultCases: 1).first ?? 1
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        let compiled = oracles.filter(\.errors.isEmpty).shuffled(using: &generator)
        let rejected = oracles.filter { !$0.errors.isEmpty }.shuffled(using: &generator)
        let chosen = Set((compiled.prefix(count - count / 2) + rejected.prefix(count / 2)).map(\.name))
        print(
            "DifferentialTests: \(chosen.count) of \(oracles.count) corpus trees (seed \(seed); "
                + "COURSECHECK_PROPERTY_SEED=\(seed) replays it, COURSECHECK_DIFFERENTIAL_CASES=all takes every tree)")
        return oracles.filter { chosen.contains($0.name) }
    }

    /// The corpus covers both outcomes, or the comparisons prove little.
    func testTheCorpusCoversBothOutcomes() throws {
        let files = try Self.files()
        XCTAssertGreaterThanOrEqual(files.count, 100, "the differential corpus went missing")
        let committed = try JSONDecoder().decode([Oracle].self, from: Data(contentsOf: Self.oracleFile))
        XCTAssertEqual(Set(committed.map(\.name)), Set(files), "oracle.json names every corpus tree")
        XCTAssertGreaterThanOrEqual(committed.filter { $0.errors.isEmpty }.count, 60)
        XCTAssertGreaterThanOrEqual(committed.filter { !$0.errors.isEmpty }.count, 15)
    }

    /// A finding at a character no reader sees quotes the real program's error (`(it says: …)`):
    /// the error as the real program gave it, at the finding's place, for the comparison.
    static func swiftcSays(_ line: String) -> String {
        guard let lead = line.range(of: "tree does not compile: the line holds "),
            let says = line.range(of: "(it says: ", range: lead.upperBound..<line.endIndex),
            let end = line.range(of: "); delete ", range: says.upperBound..<line.endIndex)
        else { return line }
        return line[..<lead.lowerBound] + "tree does not compile: " + line[says.upperBound..<end.lowerBound]
            + " [compile-error]"
    }

    /// `planting`: oracles whose real programs' verdicts are recorded as the compiler's check's
    /// answers before the check, so it reads them instead of asking.
    func assertEveryMode(
        _ oracles: [Oracle], builds: [String], embedded: Bool = true, in scratch: URL, planting: [Oracle] = []
    ) throws {

        // One lesson: the core, then each tree with the real program's stdout as its expected block.
        var lesson = "---\ntitle: 'Differential'\n---\n\n# Differential\n\n```swift\n\(EmbeddedCore.text)```\n"
        var expectedErrors: [String] = []
        // One compile-error per tree, at swiftc's first error; the errors after it are its notes.
        var expectedNotes = 0
        var treeLines: [ClosedRange<Int>] = []
        for oracle in oracles {
            lesson += "\n```swift\n"
            let opening = lesson.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            lesson += oracle.tree + "```\n\n```\n" + oracle.stdout + "```\n"
            let treeLineCount = oracle.tree.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            treeLines.append(opening + 1...opening + treeLineCount)
            expectedNotes += max(oracle.errors.count - 1, 0)
            for error in oracle.errors.prefix(1) {
                let parts = error.split(separator: ":", maxSplits: 3)
                if parts[0] == "main.swift", let number = Int(parts[1]) {
                    // main.swift line L is the lesson line after the opening fence, plus L - 1.
                    expectedErrors.append(
                        "lessons/01-differential.md:\(opening + number):\(parts[2]): error: tree does not compile:"
                            + "\(parts[3]) [compile-error]")
                } else {
                    // An error in the core is reported in the tree that clashes with it, naming the core's line.
                    expectedErrors.append(
                        "tree \(oracle.name): error: tree does not compile:\(parts[3]) (in the core, "
                            + "\(parts[0]):\(parts[1]):\(parts[2])) [compile-error]")
                }
            }
        }
        let lessons = scratch.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try Data(lesson.utf8).write(to: lessons.appendingPathComponent("01-differential.md"))
        if !planting.isEmpty {
            let planted = Set(planting.map(\.name))
            let read = try LessonReader.read(
                try CourseLoader(currentDirectory: scratch).plan(["lessons/01-differential.md"]).entries[0])
            let trees = try XCTUnwrap(read.lesson).trees
            XCTAssertEqual(trees.count, oracles.count)
            try CompilerVerdicts.plant(
                zip(trees, oracles).filter { planted.contains($0.1.name) }.map { ($0.0, $0.1.errors) },
                in: InProcess.cacheDirectory)
        }

        for build in builds {
            let run = InProcess.run(
                ["--engine", "swiftc", "--build", build, "--no-goldens", "--no-claims", "lessons"], in: scratch)
            let lines = run.stderr.split(separator: "\n").map(String.init)
            let errors = lines.filter { $0.contains(": error: ") }.map(Self.swiftcSays).map { line -> String in
                guard line.contains("(in the core, "), let number = Int(line.split(separator: ":")[1]),
                    let tree = treeLines.firstIndex(where: { $0.contains(number) }),
                    let range = line.range(of: ": error: ")
                else { return line }
                return "tree \(oracles[tree].name)" + line[range.lowerBound...]
            }
            XCTAssertEqual(errors.sorted(), expectedErrors.sorted(), "\(build): every error is the real program's")
            XCTAssertEqual(lines.count { $0.contains(": note: also: ") }, expectedNotes, "\(build): follow-on errors")
            // A merged build that fails falls back to standalone builds and says so in a note; nothing else.
            let others = lines.filter {
                !$0.contains(": error: ") && !$0.hasSuffix("[merged-fallback]") && !$0.contains(": note: also: ")
            }
            XCTAssertEqual(others, [], "\(build): no other finding")
        }

        guard embedded else { return }
        // The embedded engine runs a tree only when it prints the real program's output; a tree the
        // real program cannot compile is the compiler's `compile-error`, with the real program's
        // first error, and never runs; one outside the tree language is handed on (needs-toolchain).
        let embedded = InProcess.run(["--engine", "embedded", "--no-goldens", "--no-claims", "lessons"], in: scratch)
        var refused = Set<Int>()
        var embeddedErrors: [String] = []
        for line in embedded.stderr.split(separator: "\n").map(String.init).map(Self.swiftcSays)
        where line.hasPrefix("lessons/") {
            if line.contains(": note: also: ") { continue }
            let number = Int(line.split(separator: ":")[1]) ?? 0
            let tree = treeLines.firstIndex { $0.contains(number) }
            if let tree { refused.insert(tree) }
            if line.hasSuffix("[compile-error]") {
                if line.contains("(in the core, "), let tree, let range = line.range(of: ": error: ") {
                    embeddedErrors.append("tree \(oracles[tree].name)" + line[range.lowerBound...])
                } else {
                    embeddedErrors.append(line)
                }
            } else {
                XCTAssertTrue(line.hasSuffix("[needs-toolchain]"), "embedded: \(line)")
            }
        }
        XCTAssertEqual(embeddedErrors.sorted(), expectedErrors.sorted(), "embedded: every error is the real program's")
        for (index, oracle) in oracles.enumerated() where !oracle.errors.isEmpty {
            XCTAssertTrue(refused.contains(index), "embedded ran \(oracle.name), which does not compile")
        }
        // Of the trees the real program runs, the embedded engine takes those of its language.
        XCTAssertGreaterThanOrEqual(
            oracles.indices.filter { !refused.contains($0) }.count, 6,
            "embedded accepted the trees of its language")
    }

    /// Builds and runs the real program for one corpus file in its own directory.
    static func oracle(_ file: String, in scratch: URL, toolchain: String) throws -> Oracle {
        let tree = try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8)
        let directory = scratch.appendingPathComponent("oracle-\(file)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(EmbeddedCore.text.utf8).write(to: directory.appendingPathComponent("Invalidation.swift"))
        try Data(tree.utf8).write(to: directory.appendingPathComponent("main.swift"))
        let compile = try run(swiftc(), ["Invalidation.swift", "main.swift", "-o", "main"], in: directory)
        guard compile.status == 0 else {
            let errors = compile.output.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("main.swift:") || line.hasPrefix("Invalidation.swift:"),
                    let range = line.range(of: ": error:")
                else { return nil }
                return "\(line[..<range.lowerBound]):\(line[range.upperBound...])"
            }
            XCTAssertFalse(errors.isEmpty, "\(file): swiftc failed without a located error: \(compile.output)")
            return Oracle(
                name: file, key: key(tree: tree, toolchain: toolchain), tree: tree, stdout: "", errors: errors)
        }
        // Compile once, assert many times: a per-tree build compiles this very program, so its
        // binary goes where such a build looks for it (the in-process runs' cache); the build then
        // runs it as its own and compares what it prints.
        let program = TreeProgram.single(index: 0, lines: LineScanner.lines(of: tree))
        if program.main == tree {
            Cache(directory: InProcess.cacheDirectory).store(
                file: directory.appendingPathComponent("main"),
                as: ToolchainEngine.binaryKey(
                    program, core: EmbeddedCore.text,
                    toolchainVersion: CompilerValidity.identity(
                        of: try Toolchain.locate(environment: environment, cache: nil),
                        options: ToolchainEngine.Options())))
        }
        // Run as coursecheck hands a tree to a reader's shell: `./main`, in its own directory, with
        // the fixed environment and nothing of this process's.
        let variables = ToolchainEngine.treeEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }
        let ran = try run(
            "/bin/sh", ["-c", "exec env -i \(variables.joined(separator: " ")) PWD=\"$PWD\" ./main"], in: directory)
        XCTAssertEqual(ran.status, 0, "\(file): the corpus holds no crashing tree")
        return Oracle(
            name: file, key: key(tree: tree, toolchain: toolchain), tree: tree, stdout: ran.stdout, errors: [])
    }

    static func swiftc() -> String {
        if let explicit = ProcessInfo.processInfo.environment["SWIFTC"], !explicit.isEmpty { return explicit }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/swiftc"
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws
        -> (status: Int32, stdout: String, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        // Beside the program's directory, not in it: a tree may list its directory.
        let out = directory.deletingLastPathComponent().appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = directory.deletingLastPathComponent().appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let stdout = try String(contentsOf: out, encoding: .utf8)
        let stderr = try String(contentsOf: err, encoding: .utf8)
        return (process.terminationStatus, stdout, stderr + stdout)
    }
}
