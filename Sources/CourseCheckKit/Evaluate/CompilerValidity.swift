import Foundation
import Synchronization

/// Whether each tree compiles as the reader's program, asked of the compiler itself: the core as
/// `Invalidation.swift` and the tree verbatim as `main.swift`, module `main`, through the front
/// end's diagnostics up to SIL's (`swift-frontend -emit-sil`, both files primary: one process a
/// tree, where a build is a driver, two front ends and a link).
///
/// The embedded engine and the merged build are faster than the real program and, being other
/// programs, can be more lenient; so no engine's output counts for a tree this check has not
/// accepted. The front end is started with the driver's own arguments for that program (read once
/// per compiler from `swiftc -###`), so plug-ins such as the Observation macros resolve as they do
/// in `swiftc Invalidation.swift main.swift`. The answer, an acceptance or the errors, is cached
/// by the compiler's version, the core and the tree's text; a time-out or the machine's failure is
/// never kept.
package enum CompilerValidity {
    /// What the compiler decided about one tree.
    package enum Verdict: Sendable, Equatable {
        /// It compiles.
        case accepted
        /// It does not, or the check could not finish: the findings that stand instead of a run
        /// (`compile-error`, `compile-timeout`, `toolchain-failed`).
        case rejected([Diagnostic])
    }

    /// The verdicts of one batch.
    package struct Decision: Sendable {
        package var verdicts: [TreeID: Verdict] = [:]
        package var toolchain: Toolchain

        /// The core's own errors when it does not compile with an empty tree (another course's core
        /// with a typo): the course's one finding, placed at a lesson's core block by the checker.
        package var coreErrors: [CompilerDiagnostics.Entry] = []

        package var accepted: Int { verdicts.values.count { $0 == .accepted } }
        /// Trees the broken core stopped: rejected with no finding of their own.
        package var blocked: Int { coreErrors.isEmpty ? 0 : verdicts.values.count { $0 == .rejected([]) } }
        /// Trees the compiler rejected: a `compile-error`.
        package var rejected: Int {
            verdicts.values.count {
                if case .rejected(let findings) = $0 { return findings.contains { $0.id == .compileError } }
                return false
            }
        }
        /// Trees it did not answer for (out of time, the machine's failure).
        package var unanswered: Int { verdicts.count - accepted - rejected - blocked }
    }

    /// Bumped when what the check runs, or how its answer is read, changes meaning.
    static let version = "1"

    /// What the compiler said of one tree, before it is placed in a lesson: a pure function of the
    /// compiler, the core and the tree, so it is what the cache keeps, either way.
    package enum Answer: Sendable, Equatable, Codable {
        case accepted
        /// Its errors as the reader's swiftc prints them, first the core's job's, else the tree's.
        case rejected([CompilerDiagnostics.Entry])
    }

    /// Decides every job. Throws (exit 2) only for what stops the whole run: swiftc missing, or
    /// its driver unable to say how it would compile the program.
    package static func decide(
        _ jobs: [TreeJob], core: String = EmbeddedCore.text, environment: [String: String],
        options: ToolchainEngine.Options, digests: [String]? = nil
    ) throws(CourseCheckError) -> Decision {
        let toolchain = try Toolchain.locate(environment: environment, cache: options.cache)
        var decision = Decision(toolchain: toolchain)
        // The front end's words are part of every key: a `SWIFTC` wrapper that adds a flag
        // (`-D`, `-warnings-as-errors`) is another compiler, with another version line or not.
        let frontend: [String]
        switch try command(toolchain, options: options) {
        case .success(let words):
            frontend = words
        case .failure(.machine(let cause)):
            // The machine's failure, not the trees': each is told why, as a failed build tells it.
            for job in jobs {
                decision.verdicts[job.id] = .rejected([.toolchainFailed(at: job.headerLocation, cause: cause)])
            }
            return decision
        case .failure(.unreadable(let message)):
            throw CourseCheckError.system(message)
        }
        let prefix = keyPrefix(core: core, toolchainVersion: identity(toolchain.version, frontend))
        let keys = jobs.indices.map { key(prefix, digest: digests?[$0] ?? jobs[$0].programDigest) }
        var answers = [Answer?](repeating: nil, count: jobs.count)
        var pending: [Int] = []
        // Read on the worker threads, an acceptance by its bytes: on a warm run this is all the work.
        let cached = parallelMap(keys, width: options.workers) { key -> Answer? in
            guard let bytes = options.cache?.bytes(key) else { return nil }
            if bytes.elementsEqual(acceptedEntry.utf8) { return .accepted }
            return read(String(decoding: bytes, as: UTF8.self))
        }
        for index in jobs.indices {
            if let answer = cached[index] {
                answers[index] = answer
            } else {
                pending.append(index)
            }
        }
        // A scratch only when the compiler is asked, or a rejection placed (its parse).
        let needsScratch = !pending.isEmpty || answers.contains { $0 != nil && $0 != .accepted }
        guard needsScratch else {
            for job in jobs { decision.verdicts[job.id] = .accepted }
            return decision
        }
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        let engine = ToolchainEngine(options: options, core: core)
        // A program asked once a run, however many trees are it (a tree copied between lessons).
        var first: [String: Int] = [:]
        var twins: [(index: Int, of: Int)] = []
        pending = pending.filter { index in
            if let earlier = first[keys[index]] {
                twins.append((index, earlier))
                return false
            }
            first[keys[index]] = index
            return true
        }
        if !pending.isEmpty {
            let asked = Collector<Result<Result<Answer, Stop>, CourseCheckError>>(count: pending.count)
            concurrently(pending.count, width: options.workers) { [pending] position in
                asked.set(
                    position,
                    Result { () throws(CourseCheckError) -> Result<Answer, Stop> in
                        try engine.frontendAnswer(pending[position], jobs: jobs, frontend: frontend, scratch: scratch)
                    })
            }
            for (position, index) in pending.enumerated() {
                guard let result = asked.values[position] else {
                    throw CourseCheckError.system("the compiler's check did not report")
                }
                switch try result.get() {
                case .success(let answer):
                    answers[index] = answer
                    if let entry = entry(answer) { options.cache?.store(text: entry, as: keys[index]) }
                case .failure(let stop):
                    // A time-out or the machine's failure is this run's, never kept.
                    decision.verdicts[jobs[index].id] = .rejected([stop.finding])
                }
            }
        }
        for (index, earlier) in twins {
            if let answer = answers[earlier] {
                answers[index] = answer
            } else if case .rejected(let findings)? = decision.verdicts[jobs[earlier].id] {
                decision.verdicts[jobs[index].id] = .rejected(
                    findings.map { finding in
                        var moved = finding
                        moved.location = jobs[index].headerLocation
                        moved.notes = []
                        return moved
                    })
            }
        }
        decision.coreErrors = try coreErrors(
            answers, prefix: prefix, engine: engine, location: jobs[0].headerLocation, frontend: frontend,
            scratch: scratch, options: options)
        for (index, answer) in answers.enumerated() {
            switch answer {
            case nil: continue
            case .accepted: decision.verdicts[jobs[index].id] = .accepted
            case .rejected(let errors)
            where !decision.coreErrors.isEmpty && errors.allSatisfy({ $0.file == options.coreFileName }):
                decision.verdicts[jobs[index].id] = .rejected([])
            case .rejected(let errors):
                decision.verdicts[jobs[index].id] = .rejected(
                    engine.placed(errors, index: index, jobs: jobs, toolchain: toolchain, scratch: scratch))
            }
        }
        return decision
    }

    /// The core's own errors, when a tree was rejected for an error in the core and the core does
    /// not compile with an empty `main.swift` either: then it is the core's mistake, made once,
    /// and not each tree's (a tree that redeclares a core name is rejected in the core's file too,
    /// but the core alone compiles). Asked only on that path, and kept as any answer is.
    private static func coreErrors(
        _ answers: [Answer?], prefix: String, engine: ToolchainEngine, location: SourceLocation, frontend: [String],
        scratch: FileGate.Scratch, options: ToolchainEngine.Options
    ) throws(CourseCheckError) -> [CompilerDiagnostics.Entry] {
        let core = options.coreFileName
        guard
            answers.contains(where: {
                if case .rejected(let errors)? = $0 { return errors.contains { $0.file == core } }
                return false
            })
        else { return [] }
        // No tree's digest (hex) is this word, so the empty program's answer has a key of its own.
        let key = key(prefix, digest: "empty main.swift")
        var answer = options.cache?.bytes(key).flatMap { read(String(decoding: $0, as: UTF8.self)) }
        if answer == nil {
            guard
                case .success(let asked) = try engine.frontendAnswer(
                    main: "", directory: "core", location: location, frontend: frontend, scratch: scratch)
            else { return [] }
            answer = asked
            if let entry = entry(asked) { options.cache?.store(text: entry, as: key) }
        }
        guard case .rejected(let errors)? = answer else { return [] }
        return errors.filter { $0.file == core }
    }

    /// The positions of `jobs` whose acceptance is already in the cache, asking the compiler
    /// nothing (the live loop's first look): empty when the compiler or its words are unknown.
    package static func cachedAcceptances(
        _ jobs: [TreeJob], core: String = EmbeddedCore.text, environment: [String: String],
        options: ToolchainEngine.Options
    ) -> Set<Int> {
        guard let cache = options.cache,
            let toolchain = try? Toolchain.locate(environment: environment, cache: cache),
            case .success(let words)? = try? command(toolchain, options: options)
        else { return [] }
        let prefix = keyPrefix(core: core, toolchainVersion: identity(toolchain.version, words))
        return Set(
            jobs.indices.filter { index in
                cache.bytes(key(prefix, digest: jobs[index].programDigest))?.elementsEqual(acceptedEntry.utf8) ?? false
            })
    }

    /// An answer as its cache entry (`accepted`, or `rejected` and the errors as JSON), or nil.
    static func entry(_ answer: Answer) -> String? {
        switch answer {
        case .accepted: return acceptedEntry
        case .rejected(let errors):
            guard let data = try? JSONEncoder().encode(errors) else { return nil }
            return rejectedPrefix + String(decoding: data, as: UTF8.self)
        }
    }

    /// A cache entry as an answer, or nil for anything else (another layout: asked again).
    static func read(_ entry: String) -> Answer? {
        if entry == acceptedEntry { return .accepted }
        guard entry.hasPrefix(rejectedPrefix),
            let errors = try? JSONDecoder().decode(
                [CompilerDiagnostics.Entry].self, from: Data(entry.dropFirst(rejectedPrefix.count).utf8)),
            !errors.isEmpty
        else { return nil }
        return .rejected(errors)
    }

    static let acceptedEntry = "accepted"
    static let rejectedPrefix = "rejected\n"

    private static func keyPrefix(core: String, toolchainVersion: String) -> String {
        SHA256.hex(version, toolchainVersion, core)
    }

    /// A tree's key: the program the compiler reads (its digest, `TreeJob.programDigest`), so a
    /// lesson saved with CRLF shares its verdicts with the same lesson saved with LF.
    private static func key(_ prefix: String, digest: String) -> String {
        "valid-" + SHA256.hex(prefix, digest)
    }

    /// The cache key and entry that record the compiler's `answer` for `tree` (its text as the
    /// engines see it): public to the package so a test can plant what the real program said.
    /// `compiler` is the compiler's identity (`identity(of:options:)`).
    package static func record(
        _ answer: Answer, for tree: Tree, core: String = EmbeddedCore.text, compiler: String
    ) -> (key: String, entry: String) {
        (
            key(keyPrefix(core: core, toolchainVersion: compiler), digest: TreeJob(path: "", tree: tree).programDigest),
            entry(answer) ?? ""
        )
    }

    /// A compiler's identity for cache keys: its version line and the front end's words for the
    /// reader's program (what a wrapper adds shows there), or the version alone when the driver
    /// does not say.
    package static func identity(of toolchain: Toolchain, options: ToolchainEngine.Options) -> String {
        guard case .success(let words)? = try? command(toolchain, options: options) else { return toolchain.version }
        return identity(toolchain.version, words)
    }

    private static func identity(_ version: String, _ words: [String]) -> String {
        version + "\n" + words.joined(separator: " ")
    }

    /// Why the driver did not say how it compiles the program.
    enum CommandFailure: Error {
        /// For the machine's reasons (killed, a full disk), in words.
        case machine(String)
        /// It answered, but not with a front end job this coursecheck reads.
        case unreadable(String)
    }

    /// The front end and its arguments for `swiftc Invalidation.swift main.swift` compiling
    /// `main.swift`, with the compile turned into `-emit-sil` to nowhere: read from the driver
    /// (`swiftc -###`), once per compiler in a process and then from the cache.
    static func command(_ toolchain: Toolchain, options: ToolchainEngine.Options)
        throws(CourseCheckError) -> Result<[String], CommandFailure>
    {
        // The compiler file's own stamp too: a wrapper script edited in place says other words.
        let file = FileGate.Identity.of(toolchain.swiftc.resolvingSymlinksInPath().path)
        let stamp = file.map { "\($0.size) \($0.modified).\($0.modifiedNanoseconds)" } ?? "-"
        let core = options.coreFileName
        // The embedded core's name is left out of the key, which was made before a core had another.
        let key =
            "frontend-"
            + (core == EmbeddedCore.fileName
                ? SHA256.hex(version, toolchain.version, toolchain.swiftc.path, stamp)
                : SHA256.hex(version, toolchain.version, toolchain.swiftc.path, stamp, core))
        if let known = commands.withLock({ $0[key] }) { return .success(known) }
        if let text = options.cache?.text(key) {
            let words = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            if words.count > 1 {
                commands.withLock { $0[key] = words }
                return .success(words)
            }
        }
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        let result = try ChildProcess.swiftc(
            toolchain.swiftc, ["-###", core, "main.swift", "-module-name", TreeProgram.moduleName],
            in: scratch.url, scratch: scratch, timeout: options.compileTimeout, outputLimit: 1 << 20,
            stop: options.stop)
        let output = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        guard result.ending == .exited(0),
            let line = output.split(separator: "\n").first(where: { $0.contains("-primary-file main.swift") }),
            let words = frontendArguments(String(line), core: core)
        else {
            if case .timedOut = result.ending {
                return .failure(
                    .unreadable(
                        "\(toolchain.swiftc.path) -### did not finish within "
                            + "\(ToolchainEngine.seconds(options.compileTimeout)) (--compile-timeout)"))
            }
            if result.ending != .exited(0) {
                switch CompileEnvironment.classify(
                    result.ending, output: output, moduleCache: nil, temporary: nil, program: nil)
                {
                case .machine(let cause)?, .crash(let cause?)?: return .failure(.machine(cause))
                default: break
                }
            }
            return .failure(
                .unreadable(
                    "\(toolchain.swiftc.path) -### did not say how it compiles main.swift ("
                        + (output.split(separator: "\n").first.map(String.init) ?? "no output") + ")"))
        }
        options.cache?.store(text: words.joined(separator: "\0"), as: key)
        commands.withLock { $0[key] = words }
        return .success(words)
    }

    private static let commands = Mutex<[String: [String]]>([:])

    /// A front end job that ended the check with a finding instead of a verdict.
    struct Stop: Error {
        var finding: Diagnostic
    }

    /// The two-primary words as the driver's job for `file` alone: the other file secondary, one output.
    static func onlyPrimary(_ file: String, in words: [String]) -> [String] {
        var result: [String] = []
        var outputs = 0
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-primary-file", index + 1 < words.count, words[index + 1] != file {
                index += 1
                continue
            }
            if word == "-o" {
                outputs += 1
                if outputs > 1 {
                    index += 2
                    continue
                }
            }
            result.append(word)
            index += 1
        }
        return result
    }

    /// The driver's line for `main.swift`'s front end job, as the words to start one job for both
    /// files: `-c` becomes `-emit-sil`, the core is a primary file too (the driver's job for it
    /// type-checks the core against the tree: a tree's global `print` breaks the core, not itself),
    /// and each primary's output goes to `/dev/null`. Nil when the line is not such a job.
    static func frontendArguments(_ line: String, core coreFile: String = EmbeddedCore.fileName) -> [String]? {
        guard var words = ShellWords.split(line), words.count > 2, words[1] == "-frontend",
            let compile = words.firstIndex(of: "-c"), let core = words.firstIndex(of: coreFile),
            words[core - 1] != "-primary-file", words.contains("-primary-file")
        else { return nil }
        words[compile] = "-emit-sil"
        words.insert("-primary-file", at: core)
        guard let output = words.firstIndex(of: "-o"), output + 1 < words.count else { return nil }
        words.replaceSubrange(output...(output + 1), with: ["-o", "/dev/null", "-o", "/dev/null"])
        // Warnings never decide, unless the compiler was told they do (a wrapper's own flags).
        return words.contains("-warnings-as-errors") ? words : words + ["-suppress-warnings"]
    }
}

extension ToolchainEngine {
    /// What the front end says of job `index`, in a directory of its own holding the reader's two
    /// files: one job with both files primary, and when it fails, the driver's two jobs (the
    /// core's, then the tree's only if the core's passed), whose errors are what swiftc prints.
    /// What the module cache or TMPDIR does to a job is `CompileEnvironment`'s, as for a build.
    fileprivate func frontendAnswer(
        _ index: Int, jobs: [TreeJob], frontend: [String], scratch: FileGate.Scratch
    ) throws(CourseCheckError) -> Result<CompilerValidity.Answer, CompilerValidity.Stop> {
        try frontendAnswer(
            main: TreeProgram.single(index: index, lines: jobs[index].tree.block.body).main,
            directory: "valid\(index + 1)", location: jobs[index].headerLocation, frontend: frontend, scratch: scratch)
    }

    /// What the front end says of the reader's program whose `main.swift` is `main`; a stop is
    /// reported at `location`.
    fileprivate func frontendAnswer(
        main: String, directory name: String, location: SourceLocation, frontend: [String], scratch: FileGate.Scratch
    ) throws(CourseCheckError) -> Result<CompilerValidity.Answer, CompilerValidity.Stop> {
        let directory = scratch.url.appendingPathComponent(name, isDirectory: true)
        try scratch.makeDirectory(directory)
        try scratch.write(core, to: directory.appendingPathComponent(options.coreFileName))
        try scratch.write(main, to: directory.appendingPathComponent("main.swift"))
        let environment = CompileEnvironment(cache: options.cache, scratch: scratch)
        /// One front end job: its output, or the finding that stands instead of any verdict.
        func frontendJob(_ words: [String]) throws(CourseCheckError) -> Result<
            ChildProcess.Result, CompilerValidity.Stop
        > {
            let compiled = try environment.compile { moduleCache throws(CourseCheckError) in
                try ChildProcess.swiftc(
                    URL(fileURLWithPath: words[0]),
                    Array(words.dropFirst()) + ["-module-cache-path", moduleCache.path],
                    in: directory, scratch: scratch, timeout: options.compileTimeout, stop: options.stop)
            }
            if case .timedOut = compiled.result.ending {
                return .failure(
                    .init(
                        finding: .compileTimeout(
                            at: location, seconds: Self.seconds(options.compileTimeout),
                            fragment: false)))
            }
            if let cause = compiled.failure {
                return .failure(.init(finding: .toolchainFailed(at: location, cause: cause)))
            }
            return .success(compiled.result)
        }
        let both: ChildProcess.Result
        switch try frontendJob(frontend) {
        case .success(let result): both = result
        case .failure(let stop): return .failure(stop)
        }
        guard both.ending != .exited(0) else { return .success(.accepted) }
        // The driver's jobs one after the other, stopping at the first that fails, as it does.
        var errors: [CompilerDiagnostics.Entry] = []
        for primary in [options.coreFileName, "main.swift"] where errors.isEmpty {
            switch try frontendJob(CompilerValidity.onlyPrimary(primary, in: frontend)) {
            case .success(let result): errors = CompilerDiagnostics.errors(in: result.compilerOutput)
            case .failure(let stop): return .failure(stop)
            }
        }
        if errors.isEmpty { errors = CompilerDiagnostics.errors(in: both.compilerOutput) }
        // Only an error located in a Swift source (the reader's two files, or code a macro expanded
        // in them) is the tree's; one located nowhere or in a C header (a damaged module, memory)
        // is the machine's, reported as such and never kept.
        let inSources = errors.filter { $0.file.hasSuffix(".swift") && $0.line >= 1 }
        guard !inSources.isEmpty else {
            let first = errors.first?.message ?? "\(both.ending) without an error in the tree or the core"
            return .failure(
                .init(finding: .toolchainFailed(at: location, cause: "swiftc failed: \(first)")))
        }
        return .success(.rejected(inSources))
    }

    /// A rejection's errors as the tree's findings, at its lesson lines: a clash with the core at
    /// the tree's own declaration of the name, which the parser finds.
    fileprivate func placed(
        _ errors: [CompilerDiagnostics.Entry], index: Int, jobs: [TreeJob], toolchain: Toolchain,
        scratch: FileGate.Scratch
    ) -> [Diagnostic] {
        var structure: CompilerParser.Outcome?
        if errors.contains(where: { $0.file == options.coreFileName }) {
            structure =
                CompilerParser.parse(
                    [CompilerParser.Source(text: jobs[index].tree.source, isMain: true)], toolchain: toolchain,
                    cache: options.cache, scratch: scratch, timeout: options.compileTimeout, workers: 1,
                    stop: options.stop
                ).first
        }
        let program = TreeProgram.single(index: index, lines: jobs[index].tree.block.body)
        return located(errors, program: program, jobs: jobs, fallback: jobs[index], structure: structure)
    }
}

/// Splits a command line as a POSIX shell reads its words (the driver's `-###` quotes what needs it).
enum ShellWords {
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }
}

/// The compiler's check in the summary line: `compiler: 50 trees accepted`, `compiler: 49 trees
/// accepted, 1 rejected`, `compiler: 2 trees pending` (the live loop's, until it has answered), or
/// `compiler: not asked` (the `validity-unknown` finding says why). A verdict is the compiler's
/// whether it was asked now or read from the cache, so the line does not tell them apart: it reads
/// the same warm and cold.
package struct ValiditySummary: Sendable, Equatable, CustomStringConvertible {
    package var accepted = 0
    package var rejected = 0
    /// Trees the live loop is still asking about.
    package var pending = 0
    /// Trees the compiler did not answer for (out of time, the machine's failure).
    package var unanswered = 0
    /// Trees not compiled because the course's core does not compile (its one finding says why).
    package var blocked = 0
    /// Why the compiler could not be asked, when it could not.
    package var undecided: String?

    package init(accepted: Int, rejected: Int, pending: Int = 0, unanswered: Int = 0, blocked: Int = 0) {
        self.accepted = accepted
        self.rejected = rejected
        self.pending = pending
        self.unanswered = unanswered
        self.blocked = blocked
    }

    package init(undecided: String) {
        self.undecided = undecided
    }

    package var description: String {
        if undecided != nil { return "compiler: not asked" }
        var parts: [String] = []
        for (count, word) in [
            (accepted, "accepted"), (rejected, "rejected"), (pending, "pending"), (unanswered, "not answered"),
            (blocked, "not compiled (the core does not compile)"),
        ] where count > 0 || (word == "accepted" && rejected + pending + unanswered + blocked == 0) {
            parts.append(parts.isEmpty ? "\(Plural.count(count, "tree")) \(word)" : "\(count) \(word)")
        }
        return "compiler: " + parts.joined(separator: ", ")
    }
}
