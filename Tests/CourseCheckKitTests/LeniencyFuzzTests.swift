import Foundation
import XCTest

@testable import CourseCheckKit

/// A differential fuzzer aimed at leniency: the course's own trees, mutated at the token level
/// (`TreeMutator`), run through every mode coursecheck has, against the real program
/// (`swiftc Invalidation.swift main.swift`, the mutant verbatim as `main.swift`, run as `./main`).
///
/// The property: whenever a mode accepts a mutant (runs it, whatever it prints), the real program
/// compiled it and printed the same stdout; when the real program rejects it, every mode reports
/// `compile-error` at its first error, or refuses it (`needs-toolchain`, …), never passes it.
///
/// - `make test`: 2 mutants from fixed seeds. The divergences the fuzzer found are corpus trees of
///   `DifferentialTests` (`Differential/1NN-leniency-*.swift`), whose real programs are committed.
/// - `COURSECHECK_LENIENCY_CASES=N` (or `COURSECHECK_PROPERTY_CASES`): N mutants from random seeds;
///   `COURSECHECK_LENIENCY_SECONDS=S`: as many as S seconds allow (the count is printed).
/// - `COURSECHECK_LENIENCY_SEED=<seed>` (or `COURSECHECK_PROPERTY_SEED`) replays one mutant;
///   `COURSECHECK_LENIENCY_KIND=a,b` draws only those mutation kinds (`TreeMutator.kinds`).
///
/// Every divergence names the mode, the mutation, the seed and the mutant, and the real program's
/// verdict. The real program's results are cached by the SHA-256 of the mutant, the core and the
/// compiler's version in the tests' cache directory.
final class LeniencyFuzzTests: XCTestCase {
    static let environment = ProcessInfo.processInfo.environment

    /// One tree to judge: a mutant, with its seed.
    struct Case {
        var name: String
        var seed: UInt64?
        var mutation: String
        var tree: String
    }

    /// What the real program did.
    struct Oracle: Codable {
        /// Compile errors as `main.swift:L:C: message` (or `Invalidation.swift:…`); empty when it compiled.
        var errors: [String]
        var status: Int32
        var stdout: String

        var compiled: Bool { errors.isEmpty && status != -999 }
    }

    /// What one mode did with one tree.
    enum Verdict: CustomStringConvertible {
        case passed
        case drift(String)
        case rejected(line: Int, column: Int, message: String)
        case refused(String)
        case failed(String)
        case other(String)

        var description: String {
            switch self {
            case .passed: "passed (ran it and printed the expected block)"
            case .drift(let detail): "ran it and printed something else [output-drift]\n\(detail)"
            case .rejected(let line, let column, let message): "compile-error at \(line):\(column): \(message)"
            case .refused(let why): "refused: \(why)"
            case .failed(let why): "tree-failed: \(why)"
            case .other(let what): "other: \(what)"
            }
        }
    }

    struct Divergence {
        var mode: String
        var kind: String
        var oracle: String
        var verdict: Verdict
    }

    static let modes: [(name: String, arguments: [String])] = [
        ("auto", []), ("embedded", ["--engine", "embedded"]), ("swiftc", ["--engine", "swiftc"]),
        ("per-tree", ["--engine", "swiftc", "--build", "per-tree"]), ("cross-check", ["--cross-check"]),
    ]

    // MARK: - The tests

    /// Mutants of the course's trees: in `make test` the known divergences (one file each) and two
    /// mutants from fixed seeds, in one course; many random ones under `make soak`.
    func testMutantsOfTheCourseAgreeWithTheRealProgram() throws {
        try requireToolchain()
        let trees = try Self.courseTrees()
        XCTAssertGreaterThanOrEqual(trees.count, 40, "the course's trees went missing")
        let variables = Self.environment
        let kinds = variables["COURSECHECK_LENIENCY_KIND"].map { $0.split(separator: ",").map(String.init) }
        if let seed = (variables["COURSECHECK_LENIENCY_SEED"] ?? variables["COURSECHECK_PROPERTY_SEED"]).flatMap(
            UInt64.init)
        {
            try check([Self.mutant(seed: seed, trees: trees, kinds: kinds)], label: "replay")
            return
        }
        if let seconds = variables["COURSECHECK_LENIENCY_SECONDS"].flatMap(Double.init) {
            let start = Date()
            var run = 0
            var failed = 0
            var tally: [String: Int] = [:]
            while Date().timeIntervalSince(start) < seconds {
                let batch = (0..<12).map { _ in
                    Self.mutant(seed: UInt64.random(in: 1...UInt64(UInt32.max)), trees: trees, kinds: kinds)
                }
                let found = try check(batch, label: "timed")
                run += batch.count
                failed += found.count
                for (name, divergences) in found.map({ ($0.kind, $0.divergences) }) {
                    for divergence in divergences { tally["\(divergence.mode) \(name)", default: 0] += 1 }
                }
            }
            print(
                "LeniencyFuzzTests: \(run) mutants in \(Int(Date().timeIntervalSince(start))) s, \(failed) divergent; "
                    + "by mode and kind: \(tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }); "
                    + "compiled/rejected by the real program: \(Self.tallyText())")
            return
        }
        let asked = Int(variables["COURSECHECK_LENIENCY_CASES"] ?? variables["COURSECHECK_PROPERTY_CASES"] ?? "")
        let seeds: [UInt64] =
            asked.map { count in (0..<count).map { _ in UInt64.random(in: 1...UInt64(UInt32.max)) } }
            ?? [0x6C65_6E69, 0x656E_6379]
        // The divergences it found are corpus trees of the differential test (`1NN-leniency-*.swift`),
        // with the real program's results committed; here, fresh mutants only.
        var cases = seeds.map { Self.mutant(seed: $0, trees: trees, kinds: kinds) }
        // Twelve to a course: one merged build for them all, and a failing one does not hide the rest.
        var run = 0
        while !cases.isEmpty {
            let batch = Array(cases.prefix(12))
            cases.removeFirst(batch.count)
            try check(batch, label: "mutants")
            run += batch.count
        }
        print("LeniencyFuzzTests: \(run) mutants checked; compiled/rejected by the real program: \(Self.tallyText())")
    }

    /// The mutator is seeded: one seed, one mutant, and a mutant differs from its tree.
    func testTheMutatorIsReproducible() throws {
        let trees = try Self.courseTrees()
        for seed: UInt64 in 1...200 {
            let one = Self.mutant(seed: seed, trees: trees, kinds: nil)
            let again = Self.mutant(seed: seed, trees: trees, kinds: nil)
            XCTAssertEqual(one.tree, again.tree, "seed \(seed)")
            XCTAssertEqual(one.mutation, again.mutation, "seed \(seed)")
            XCTAssertFalse(trees.contains(one.tree), "seed \(seed): \(one.mutation) left the tree as it was")
            XCTAssertTrue(one.tree.hasPrefix("// main.swift"), "seed \(seed): the marker line stays")
        }
        for kind in TreeMutator.kinds {
            let made = (1...40).compactMap { seed -> TreeMutator.Mutant? in
                var mutator = TreeMutator(seed: UInt64(seed))
                return mutator.mutate(trees[seed % trees.count], kind: kind)
            }
            XCTAssertFalse(made.isEmpty, "\(kind) never applies to the course's trees")
        }
    }

    // MARK: - Cases

    /// The trees of `lessons/*.md`: each ```swift block whose first line is `// main.swift`.
    static func courseTrees() throws -> [String] {
        let lessons = Binary.packageRoot.appendingPathComponent("lessons")
        var trees: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: lessons.path).sorted()
        where name.hasSuffix(".md") && name.first?.isNumber == true {
            let text = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
            var current: [String]?
            for line in text.components(separatedBy: "\n") {
                if var lines = current {
                    if line == "```" {
                        if lines.first?.hasPrefix("// main.swift") == true { trees.append(lines.joined()) }
                        current = nil
                    } else {
                        lines.append(line + "\n")
                        current = lines
                    }
                } else if line == "```swift" {
                    current = []
                }
            }
        }
        return trees
    }

    /// The mutant a seed names: its tree, its kind (from `kinds` when given) and the mutation.
    static func mutant(seed: UInt64, trees: [String], kinds: [String]?) -> Case {
        var mutator = TreeMutator(seed: seed)
        let pool = kinds ?? TreeMutator.kinds
        for _ in 0..<50 {
            let tree = mutator.pick(trees) ?? ""
            let kind = mutator.pick(pool) ?? ""
            if let mutant = mutator.mutate(tree, kind: kind), mutant.tree != tree {
                return Case(name: kind, seed: seed, mutation: mutant.mutation, tree: mutant.tree)
            }
        }
        return Case(name: "none", seed: seed, mutation: "no mutation applied", tree: trees.first ?? "")
    }

    func requireToolchain() throws {
        guard (try? Toolchain.locate(environment: InProcess.environment, cache: nil)) != nil else {
            throw XCTSkip("swiftc is not on PATH")
        }
    }

    // MARK: - The check

    /// Runs `cases` as one course (a lesson each) in every mode and against the real program, and
    /// fails once per divergent case, naming everything needed to replay it. Returns the divergences.
    @discardableResult
    func check(_ cases: [Case], label: String) throws -> [(kind: String, divergences: [Divergence])] {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let version = try DifferentialTests.toolchain()
        let started = Date()
        let oracles = Collector<Oracle>(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            oracles.set(index, Self.oracle(cases[index].tree, toolchain: version, in: scratch.url, index: index))
        }
        var timings = ["real programs \(String(format: "%.1f", Date().timeIntervalSince(started))) s"]
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        var openings: [Int] = []
        for (index, item) in cases.enumerated() {
            let oracle = oracles.values[index]!
            let head =
                "---\ntitle: 'Leniency \(index)'\n---\n\n# Leniency \(index)\n\n```swift\n\(EmbeddedCore.text)```\n\n"
            openings.append(head.count { $0 == "\n" } + 1)
            // An output without its last line break still gets a closing fence of its own; a NUL,
            // which no lesson holds (`encoding`), is written as U+2400 and the output is not compared.
            let stdout = oracle.stdout.replacingOccurrences(of: "\0", with: "\u{2400}")
            let expected = stdout.isEmpty || stdout.hasSuffix("\n") ? stdout : stdout + "\n"
            let lesson = head + "```swift\n" + item.tree + "```\n\n```\n" + expected + "```\n"
            try Data(lesson.utf8).write(to: lessons.appendingPathComponent(Self.lessonName(index)))
        }
        var verdicts: [[String: Verdict]] = Array(repeating: [:], count: cases.count)
        for mode in Self.modes {
            let started = Date()
            defer { timings.append("\(mode.name) \(String(format: "%.1f", Date().timeIntervalSince(started))) s") }
            let run = InProcess.run(
                mode.arguments + ["--no-goldens", "--no-claims", "--format", "json", "lessons"], in: scratch.url)
            let findings = (try? JSONDecoder().decode([JSONReporter.Finding].self, from: Data(run.stdout.utf8))) ?? []
            if findings.isEmpty && run.status != .clean {
                XCTFail("\(mode.name): no findings read, yet status \(run.status): \(run.stdout)\(run.stderr)")
            }
            for index in cases.indices {
                let mine = findings.filter { $0.file == "lessons/" + Self.lessonName(index) }
                verdicts[index][mode.name] = Self.verdict(mine, opening: openings[index])
            }
        }
        if Self.environment["COURSECHECK_LENIENCY_SHOW"] == "1" {
            print("LeniencyFuzzTests: \(cases.count) cases: \(timings.joined(separator: ", "))")
        }
        var found: [(kind: String, divergences: [Divergence])] = []
        for (index, item) in cases.enumerated() {
            let oracle = oracles.values[index]!
            Self.tally.update { $0[item.name, default: (0, 0)].compiled += oracle.compiled ? 1 : 0 }
            Self.tally.update { $0[item.name, default: (0, 0)].rejected += oracle.compiled ? 0 : 1 }
            if Self.environment["COURSECHECK_LENIENCY_SHOW"] == "1" {
                let first = oracle.errors.first.map { " (\($0))" } ?? ""
                print(
                    "LeniencyFuzzTests: \(item.seed.map(String.init) ?? item.name) \(item.name): \(item.mutation): "
                        + (oracle.compiled ? "compiles, exit \(oracle.status)" : "rejected\(first)"))
            }
            // A mode that saw the output change between runs (a Dictionary's order) makes the real
            // program's one run one draw of several: another mode's other draw is no divergence.
            let random = verdicts[index].values.contains {
                if case .refused(let reason) = $0 { return reason.hasSuffix("[nondeterministic]") }
                return false
            }
            let divergences = Self.modes.compactMap { mode -> Divergence? in
                Self.judge(verdicts[index][mode.name]!, oracle: oracle, random: random).map {
                    Divergence(
                        mode: mode.name, kind: $0, oracle: Self.describe(oracle), verdict: verdicts[index][mode.name]!)
                }
            }
            guard !divergences.isEmpty else { continue }
            found.append((item.name, divergences))
            let replay = item.seed.map { "seed \($0) (COURSECHECK_LENIENCY_SEED=\($0) replays it)" } ?? "no seed"
            var message = "\(label): \(item.name): \(item.mutation); \(replay)\n"
            message += "real program: \(Self.describe(oracle))\n"
            for mode in Self.modes {
                let mark = divergences.contains { $0.mode == mode.name } ? "DIVERGES" : "agrees"
                let kind = divergences.first { $0.mode == mode.name }.map { " (\($0.kind))" } ?? ""
                message += "  \(mode.name): \(mark)\(kind): \(verdicts[index][mode.name]!)\n"
            }
            message += "mutant:\n" + Self.visible(item.tree)
            XCTFail(message)
        }
        return found
    }

    /// Per mutation kind, how many mutants the real program compiled and rejected in this process.
    static let tally = Locked<[String: (compiled: Int, rejected: Int)]>([:])

    static func tallyText() -> String {
        tally.get().sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.compiled)/\($0.value.rejected)" }
            .joined(separator: ", ")
    }

    static func lessonName(_ index: Int) -> String {
        String(format: "%02d-leniency.md", index + 1)
    }

    /// One mode's verdict on one tree, from its findings (warnings and notes aside).
    static func verdict(_ findings: [JSONReporter.Finding], opening: Int) -> Verdict {
        let errors = findings.filter { $0.severity == "error" }
        if let error = errors.first(where: { $0.id == "compile-error" }) {
            return .rejected(
                line: (error.line ?? 0) - opening, column: error.column ?? 0,
                message: error.message.replacingOccurrences(of: "tree does not compile: ", with: ""))
        }
        let refusals: Set<String> = [
            "needs-toolchain", "engine-mismatch", "unrepresentable-output", "nondeterministic", "compile-timeout",
            "toolchain-failed",
        ]
        if let refusal = errors.first(where: { refusals.contains($0.id) }) {
            return .refused("\(refusal.message) [\(refusal.id)]")
        }
        if let failure = errors.first(where: { $0.id == "tree-failed" }) {
            return .failed(failure.message)
        }
        if let drift = errors.first(where: { $0.id == "output-drift" }) {
            return .drift(visible(drift.detail ?? drift.message))
        }
        if let other = errors.first {
            return .other("\(other.message) [\(other.id)]")
        }
        return .passed
    }

    /// Why a verdict breaks the property against the real program's result, or nil when it holds.
    static func judge(_ verdict: Verdict, oracle: Oracle, random: Bool = false) -> String? {
        if !oracle.compiled {
            switch verdict {
            case .rejected(let line, let column, let message):
                // The first error, at the lesson's line and column, as the differential corpus holds.
                guard let first = oracle.errors.first else { return nil }
                let parts = first.split(separator: ":", maxSplits: 3).map(String.init)
                if parts.count == 4, parts[0] == "main.swift",
                    Int(parts[1]) != line || Int(parts[2]) != column
                        || !message.contains(parts[3].trimmingCharacters(in: .whitespaces))
                {
                    return "another compile error"
                }
                return nil
            case .refused: return nil
            case .passed, .drift: return "accepts a tree the real program rejects"
            case .failed: return "runs a tree the real program rejects"
            case .other: return "another finding for a tree the real program rejects"
            }
        }
        let crashed = oracle.status != 0
        switch verdict {
        case .passed: return crashed ? "passes a tree whose real program fails" : nil
        case .drift:
            if (oracle.stdout.contains("\0") || random) && !crashed { return nil }
            return crashed ? "runs a tree whose real program fails" : "prints other output"
        case .rejected: return "rejects a tree the real program compiles"
        case .refused: return nil
        case .failed: return crashed ? nil : "fails a tree the real program runs"
        case .other: return "another finding for a tree the real program runs"
        }
    }

    static func describe(_ oracle: Oracle) -> String {
        if oracle.status == -999 { return "could not be run: \(oracle.stdout)" }
        if !oracle.compiled { return "does not compile:\n    " + oracle.errors.joined(separator: "\n    ") }
        return "compiles, exits \(oracle.status), prints:\n" + visible(oracle.stdout)
    }

    /// Text with every control, invisible and non-ASCII scalar written as an escape, indented.
    static func visible(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            "    |"
                + line.unicodeScalars.map {
                    $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : $0.escaped(asASCII: true)
                }
                .joined()
        }.joined(separator: "\n") + "\n"
    }

    // MARK: - The real program

    /// `swiftc Invalidation.swift main.swift -o main` in a directory of its own, and `./main` there
    /// (10 s at most), cached by the SHA-256 of the tree, the core and the compiler's version.
    static func oracle(_ tree: String, toolchain: String, in scratch: URL, index: Int) -> Oracle {
        let cacheDirectory = InProcess.cacheDirectory.appendingPathComponent("leniency-oracle", isDirectory: true)
        let cached = cacheDirectory.appendingPathComponent(SHA256.hex(tree, EmbeddedCore.text, toolchain) + ".json")
        if let data = try? Data(contentsOf: cached), let oracle = try? JSONDecoder().decode(Oracle.self, from: data) {
            return oracle
        }
        let directory = scratch.appendingPathComponent("oracle-\(index)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(EmbeddedCore.text.utf8).write(to: directory.appendingPathComponent("Invalidation.swift"))
            try Data(tree.utf8).write(to: directory.appendingPathComponent("main.swift"))
            let compile = try DifferentialTests.run(
                "/usr/bin/timeout",
                ["300", DifferentialTests.swiftc(), "Invalidation.swift", "main.swift", "-o", "main"],
                in: directory)
            let oracle: Oracle
            if compile.status != 0 {
                let errors = compile.output.split(separator: "\n").compactMap { line -> String? in
                    guard line.hasPrefix("main.swift:") || line.hasPrefix("Invalidation.swift:"),
                        let range = line.range(of: ": error:")
                    else { return nil }
                    return "\(line[..<range.lowerBound]):\(line[range.upperBound...])"
                }
                oracle = Oracle(
                    errors: errors.isEmpty ? ["swiftc: \(compile.output)"] : errors, status: compile.status, stdout: "")
            } else {
                let ran = try DifferentialTests.run(
                    "/bin/sh", ["-c", "exec timeout 10 env -u SWIFT_BACKTRACE -u SWIFT_DETERMINISTIC_HASHING ./main"],
                    in: directory)
                oracle = Oracle(errors: [], status: ran.status, stdout: ran.stdout)
            }
            try? FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            try? JSONEncoder().encode(oracle).write(to: cached, options: .atomic)
            return oracle
        } catch {
            return Oracle(errors: [], status: -999, stdout: "\(error)")
        }
    }
}
