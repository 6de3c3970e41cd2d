import Foundation

/// Compiles trees with the installed Swift toolchain, together with the embedded core, and runs them.
///
/// All trees go into one merged program and one swiftc invocation; the binary runs one tree per
/// process. When the merged build fails, the trees it blames (or all, when it blames none) are
/// compiled one by one, and the report says so. Each tree runs with
/// `SWIFT_DETERMINISTIC_HASHING=1` and then with random seeds, to catch output that depends on them.
package struct ToolchainEngine: Sendable {
    /// Limits and switches for one evaluation.
    package struct Options: Sendable {
        /// Seconds a tree may run.
        package var timeout: Double = 10
        /// Bytes of output a tree may print.
        package var outputLimit = 1 << 20
        /// Seconds one swiftc invocation may take (`--compile-timeout`).
        package var compileTimeout: Double = 120
        /// Where compiled binaries and passing results are kept; nil turns the cache off.
        package var cache: Cache?
        /// Build all trees into one program (true) or compile each tree alone (false).
        package var merge = true
        /// Parallel tree runs.
        package var workers = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        /// The live loop's stop for this evaluation: every child (swiftc, a tree) is killed and the
        /// evaluation throws once it is stopped.
        package var stop: StopToken?
        /// The core's file name in the reader's program (`swiftc <core> main.swift`).
        package var coreFileName = EmbeddedCore.fileName

        package init() {}
    }

    /// How the trees were built.
    package struct BuildReport: Sendable, Equatable {
        /// Trees built in the merged program.
        package var merged = 0
        /// Trees compiled on their own after the merged build failed (or all, under `--build per-tree`).
        package var single = 0
        /// Trees built standalone because the merge could change what they print (`MergeSafety`).
        package var standalone = 0
        /// Why, as `count × reason`, most frequent first.
        package var standaloneReasons: [String] = []
        /// Why the merged build was abandoned for some trees: swiftc's first error, and the lesson
        /// line it blamed when it blamed one.
        package var fallback: Fallback?
        /// Binaries taken from the cache instead of compiled.
        package var cachedBinaries = 0
        /// Results taken from the cache instead of run.
        package var cachedResults = 0
    }

    /// The first error of a failed merged build.
    package struct Fallback: Sendable, Equatable {
        package var message: String
        package var location: SourceLocation?
        /// The first tree of the failed merged build: where the finding goes when swiftc blamed no line.
        package var tree: TreeID?
    }

    /// The outcome of evaluating a list of jobs, keyed by each job's tree identity.
    package struct Report: Sendable {
        /// The run of each tree that compiled.
        package var runs: [TreeID: TreeRun] = [:]
        /// Each tree's compile findings.
        package var treeDiagnostics: [TreeID: [Diagnostic]] = [:]
        package var diagnostics: [Diagnostic] { treeDiagnostics.sorted { $0.key < $1.key }.flatMap(\.value) }
        package var build = BuildReport()
        package var toolchain: Toolchain
    }

    package var options: Options
    package var core: String

    /// Merged builds tried before the trees left are all built alone.
    static let mergeRounds = 3

    /// Runs with a random hash seed per tree, after the deterministic one.
    static let seededRuns = 4

    package init(options: Options = Options(), core: String = EmbeddedCore.text) {
        self.options = options
        self.core = core
    }

    package func evaluate(_ jobs: [TreeJob], environment: [String: String]) throws(CourseCheckError) -> Report {
        var compiler = try Toolchain.locate(environment: environment, cache: options.cache)
        // Binaries and results are the compiler's as a wrapper calls it, flags included.
        compiler.identity = CompilerValidity.identity(of: compiler, options: options)
        let toolchain = compiler
        var report = Report(toolchain: toolchain)
        var pending: [Int] = []
        for (index, job) in jobs.enumerated() {
            if let stdout = options.cache?.data(resultKey(job, toolchain)) {
                report.runs[job.id] = TreeRun(
                    engine: .swiftc, ending: .exited(0), stdout: [UInt8](stdout), cached: true)
                report.build.cachedResults += 1
            } else {
                pending.append(index)
            }
        }
        guard !pending.isEmpty else { return report }

        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        // The binaries this run stored: a twin tree that then finds one in the cache was built by
        // this run too, so whether it counts as cached never depends on which compile ended first.
        let stored = Locked(Set<String>())
        let coreURL = scratch.url.appendingPathComponent(options.coreFileName)
        try scratch.write(core, to: coreURL)

        // The compiler's parser reads each pending tree as `main.swift`, and the core: the merge
        // decision, and where a tree declares a name it clashes on, come from its structure.
        let parsed = CompilerParser.parse(
            pending.map { CompilerParser.Source(text: jobs[$0].tree.source, isMain: true) }
                + [CompilerParser.Source(text: core, isMain: false, coreFileName: options.coreFileName)],
            toolchain: toolchain, cache: options.cache, scratch: scratch, timeout: options.compileTimeout,
            workers: options.workers, stop: options.stop)
        let structures = Dictionary(uniqueKeysWithValues: zip(pending, parsed))
        let coreStructure = parsed[pending.count]

        // Trees that could observe the merge are built standalone from the start, beside the merged build.
        var mergedTrees: [Int] = []
        var standalone: [Int] = []
        var reasons: [String: Int] = [:]
        for index in pending {
            if !options.merge {
                standalone.append(index)
            } else if let reason = MergeSafety.standaloneReason(
                jobs[index].tree.block.body, tree: structures[index] ?? .unavailable("not parsed"), core: coreStructure)
            {
                standalone.append(index)
                reasons[reason, default: 0] += 1
            } else {
                mergedTrees.append(index)
            }
        }
        if options.merge {
            report.build.standalone = standalone.count
            report.build.standaloneReasons = reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { "\($0.value) × \($0.key)" }
        } else {
            report.build.single = standalone.count
        }
        let built = Collector<(executable: URL, merged: Bool, program: TreeProgram)>(count: jobs.count + 1)
        let located = Collector<[Diagnostic]>(count: jobs.count)
        let failures = Collector<CourseCheckError>(count: 1)
        /// Builds one tree verbatim as `main.swift`.
        @Sendable func buildAlone(_ index: Int) {
            do {
                let program = TreeProgram.single(index: index, lines: jobs[index].tree.block.body)
                let build = try compile(
                    program, core: coreURL, toolchain: toolchain, in: scratch, name: "tree\(index + 1)",
                    stored: stored)
                if let executable = build.executable {
                    built.set(index + 1, (executable, false, program))
                    if build.cached { built.countCached() }
                } else if build.timedOut {
                    located.set(index, [self.compileTimeout(jobs[index])])
                } else if let cause = build.environmentFailure {
                    located.set(index, [.toolchainFailed(at: jobs[index].headerLocation, cause: cause)])
                } else {
                    located.set(
                        index,
                        self.located(
                            build.errors, program: program, jobs: jobs, fallback: jobs[index],
                            structure: structures[index]))
                }
            } catch {
                failures.set(0, error)
            }
        }
        // The merged build (call 0) runs beside the standalone builds, in a slot of its own.
        let merging = Collector<Result<Merging, CourseCheckError>>(count: 1)
        let (toMerge, alongside) = (mergedTrees, standalone)
        concurrently(alongside.count + 1, width: options.workers + 1) { call in
            guard call > 0 else {
                merging.set(
                    0,
                    Result { () throws(CourseCheckError) -> Merging in
                        try self.buildMerged(
                            toMerge, jobs: jobs, core: coreURL, toolchain: toolchain, scratch: scratch, built: built,
                            located: located, stored: stored)
                    })
                return
            }
            buildAlone(alongside[call - 1])
        }
        guard let merging = merging.values[0] else { throw CourseCheckError.system("the merged build did not report") }
        let merged = try merging.get()
        report.build.fallback = merged.fallback
        report.build.merged = merged.trees
        report.build.single += merged.alone.count
        let alone = merged.alone.sorted()
        concurrently(alone.count, width: options.workers) { buildAlone(alone[$0]) }
        if let failure = failures.values[0] { throw failure }
        let binaries = built.values.compactMap { $0 }
        report.build.cachedBinaries = built.cachedCount
        for (index, found) in located.values.enumerated() where found?.isEmpty == false {
            report.treeDiagnostics[jobs[index].id] = found
        }

        let tasks = binaries.flatMap { binary in
            binary.program.trees.map {
                (index: $0, executable: binary.executable, merged: binary.merged, program: binary.program)
            }
        }
        let runs = Collector<TreeRun>(count: jobs.count)
        concurrently(tasks.count, width: options.workers) { position in
            let task = tasks[position]
            do throws(CourseCheckError) {
                let arguments = task.merged ? [TreeProgram.argument(forTree: task.index)] : []
                // A tree built alone runs as the reader runs it: `./main` in its own directory.
                let directory = task.merged ? nil : scratch.url.appendingPathComponent("tree\(task.index + 1)")
                var run = try self.run(task.executable, arguments: arguments, in: scratch, directory: directory)
                run.stderr = Array(task.program.relocate(String(decoding: run.stderr, as: UTF8.self), jobs: jobs).utf8)
                runs.set(task.index, run)
            } catch {
                failures.set(0, error)
            }
        }
        if let failure = failures.values[0] { throw failure }
        for task in tasks {
            guard let run = runs.values[task.index] else { continue }
            report.runs[jobs[task.index].id] = run
            // Only what a run of this very tree produced is recorded.
            if run.ending == .exited(0) && run.divergentStdout == nil {
                options.cache?.store(data: Data(run.stdout), as: resultKey(jobs[task.index], toolchain))
            }
        }
        return report
    }

    /// What the merged build left: how many trees it holds, those to build alone, and why.
    private struct Merging: Sendable {
        var trees: Int
        var alone: [Int]
        var fallback: Fallback?
    }

    /// Builds `trees` into one program; on failure, retries without the blamed trees, which are
    /// left to be built alone.
    private func buildMerged(
        _ trees: [Int], jobs: [TreeJob], core coreURL: URL, toolchain: Toolchain, scratch: FileGate.Scratch,
        built: Collector<(executable: URL, merged: Bool, program: TreeProgram)>, located: Collector<[Diagnostic]>,
        stored: Locked<Set<String>>
    ) throws(CourseCheckError) -> Merging {
        var mergedTrees = trees
        var alone: [Int] = []
        var fallback: Fallback?
        var rounds = 0
        while !mergedTrees.isEmpty {
            rounds += 1
            let program = TreeProgram.merged(mergedTrees.map { (index: $0, lines: jobs[$0].tree.block.body) })
            let build = try compile(
                program, core: coreURL, toolchain: toolchain, in: scratch, name: "merged", stored: stored)
            if let executable = build.executable {
                built.set(0, (executable, true, program))
                if build.cached { built.countCached() }
                break
            }
            if let cause = build.environmentFailure {
                // Not the trees' fault, and no build of theirs would do better: each is told why.
                for tree in mergedTrees {
                    located.set(tree, [.toolchainFailed(at: jobs[tree].headerLocation, cause: cause)])
                }
                mergedTrees = []
                break
            }
            if build.timedOut && mergedTrees.count == 1 {
                // Alone in the program: compiling it again alone would only time out again.
                located.set(mergedTrees[0], [compileTimeout(jobs[mergedTrees[0]])])
                break
            }
            var blamed = Set(build.errors.compactMap { program.origin(of: $0)?.tree })
            // swiftc may stop at one tree's errors before it reaches another's, so a few rounds
            // without the blamed trees are worth a compile each; after that, every tree goes alone.
            if build.timedOut || blamed.isEmpty || blamed.count == mergedTrees.count || rounds >= Self.mergeRounds {
                blamed = Set(mergedTrees)
            }
            if fallback == nil {
                fallback =
                    build.timedOut
                    ? Fallback(
                        message:
                            "swiftc did not finish within \(Self.seconds(options.compileTimeout)) (--compile-timeout)",
                        location: nil)
                    : self.fallback(build.errors, program: program, jobs: jobs)
                fallback?.tree = jobs[mergedTrees[0]].id
            }
            alone += mergedTrees.filter(blamed.contains)
            mergedTrees = mergedTrees.filter { !blamed.contains($0) }
        }
        return Merging(trees: mergedTrees.count, alone: alone, fallback: fallback)
    }

    /// What every tree is handed, whoever runs coursecheck and wherever: this environment and no
    /// other variable, no argument beyond `./main` (a merged build's own selector aside, which
    /// only trees that cannot read it are given), `/dev/null` as stdin, and a fresh directory of
    /// its own as the working directory. None of it comes from the caller, so none of it is part
    /// of a result's cache key, and a warm run answers what a cold one would. The directory's path
    /// is the one thing that differs between runs, and each run of one tree is given another, so
    /// a tree that prints it is `nondeterministic`, never a result.
    package static let treeEnvironment = ["PATH": "/usr/local/bin:/usr/bin:/bin"]

    /// Runs a binary as the reader does (no deterministic hashing): that run's output is compared.
    /// More runs look for output that changes (at most `seededRuns`); when one differs, two runs
    /// with deterministic hashing tell a Set's order from randomness. A crash report is the tree's
    /// message, not the runtime's register dump (`SWIFT_BACKTRACE=enable=no`).
    private func run(
        _ executable: URL, arguments: [String], in scratch: FileGate.Scratch, directory: URL?
    )
        throws(CourseCheckError) -> TreeRun
    {
        var workingDirectory = directory
        if let candidate = directory, !FileManager.default.fileExists(atPath: candidate.path) { workingDirectory = nil }
        var runs = 0
        func child(deterministic: Bool) -> ChildProcess {
            var variables = Self.treeEnvironment
            // A reader's shell says where it runs the program.
            if let workingDirectory { variables["PWD"] = workingDirectory.path }
            if deterministic { variables["SWIFT_DETERMINISTIC_HASHING"] = "1" }
            // A program built alone lives in its directory, and moves with it.
            let program =
                directory.map { executable.deletingLastPathComponent().path == $0.path } == true
                ? workingDirectory?.appendingPathComponent(executable.lastPathComponent) ?? executable : executable
            var process = ChildProcess(
                executable: program, arguments: arguments, environment: variables,
                timeout: options.timeout, outputLimit: options.outputLimit)
            if directory != nil { process.name = "./main" }
            process.stop = options.stop
            return process
        }
        func launch(deterministic: Bool = false) throws(CourseCheckError) -> ChildProcess.Result {
            // Each run after the first in a fresh directory of another name, holding only the
            // reader's three files (links to the first's): what a run left there is not the next
            // run's, and output that depends on where it runs differs between runs.
            if runs > 0, let first = directory, workingDirectory != nil {
                let fresh = first.deletingLastPathComponent().appendingPathComponent(
                    first.lastPathComponent + "-run\(runs + 1)")
                try scratch.makeDirectory(fresh)
                for name in [options.coreFileName, "main.swift", executable.lastPathComponent] {
                    try scratch.link(fresh.appendingPathComponent(name), to: first.appendingPathComponent(name))
                }
                workingDirectory = fresh
            }
            runs += 1
            return try child(deterministic: deterministic).run(in: scratch, directory: workingDirectory)
        }
        let first = try launch()
        var run = TreeRun(engine: .swiftc, ending: first.ending, stdout: first.stdout, stderr: first.stderr)
        guard first.ending == .exited(0) else { return run }
        // A random seed can give the same order by chance (1 in 2 for a two-element Set), so
        // several runs must all agree before the output counts as deterministic.
        // A run that fails (out of time, a crash) is the tree's result, not a sign of nondeterminism:
        // with a tight --timeout, a tree that passed once and timed out once is a time-out.
        func failure(_ result: ChildProcess.Result) -> TreeRun? {
            result.ending == .exited(0)
                ? nil : TreeRun(engine: .swiftc, ending: result.ending, stdout: result.stdout, stderr: result.stderr)
        }
        for _ in 0..<Self.seededRuns {
            let again = try launch()
            if let failed = failure(again) { return failed }
            if again.stdout != first.stdout {
                run.divergentStdout = again.stdout
                break
            }
        }
        guard run.divergentStdout != nil else { return run }
        let one = try launch(deterministic: true)
        if let failed = failure(one) { return failed }
        let two = try launch(deterministic: true)
        if let failed = failure(two) { return failed }
        run.divergence = one.stdout == two.stdout ? .hashSeed : .fromRunToRun
        return run
    }

    private struct Build {
        var executable: URL?
        var errors: [CompilerDiagnostics.Entry]
        var cached: Bool
        /// swiftc ran past `--compile-timeout` and was stopped with its children.
        var timedOut = false
        /// swiftc failed for a reason outside the tree (killed, a full disk, no linker), in words.
        var environmentFailure: String?
    }

    private func compileTimeout(_ job: TreeJob) -> Diagnostic {
        .compileTimeout(at: job.headerLocation, seconds: Self.seconds(options.compileTimeout), fragment: false)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func compile(
        _ program: TreeProgram, core: URL, toolchain: Toolchain, in scratch: FileGate.Scratch, name: String,
        stored: Locked<Set<String>>
    )
        throws(CourseCheckError) -> Build
    {
        let key = binaryKey(program, toolchain)
        let directory = scratch.url.appendingPathComponent(name, isDirectory: true)
        // A tree built alone gets the reader's directory, cached or not: `Invalidation.swift`,
        // `main.swift` and the program `main`, compiled as `swiftc Invalidation.swift main.swift`.
        let alone = program.support.isEmpty
        let output = directory.appendingPathComponent(alone ? "main" : "trees")
        if alone {
            try scratch.makeDirectory(directory)
            try scratch.write(self.core, to: directory.appendingPathComponent(options.coreFileName))
            try scratch.write(program.main, to: directory.appendingPathComponent("main.swift"))
        }
        if let executable = options.cache?.executable(key) {
            let cached = !stored.get().contains(key)
            guard alone else { return Build(executable: executable, errors: [], cached: cached) }
            try scratch.link(output, to: executable)
            return Build(executable: output, errors: [], cached: cached)
        }
        let main = directory.appendingPathComponent("main.swift")
        var sources = [options.coreFileName]
        if !alone {
            try scratch.makeDirectory(directory)
            try scratch.write(program.main, to: main)
            sources = [core.path]
            for (file, text) in program.support.sorted(by: { $0.key < $1.key }) {
                let url = directory.appendingPathComponent(file)
                try scratch.write(text, to: url)
                sources.append(url.path)
            }
        }
        // Relative, as in `swiftc Invalidation.swift main.swift`: `#file` and `#filePath` print the
        // path as swiftc was given it (swiftc runs in `directory`).
        sources.append("main.swift")
        // The module cache lives with coursecheck's cache (or its scratch), never under $HOME: a
        // missing or read-only HOME does not fail a compile, and the cache persists between runs.
        // What the module cache or TMPDIR does to a compile is `CompileEnvironment`'s.
        let compiled = try CompileEnvironment(cache: options.cache, scratch: scratch).compile(linking: output) {
            moduleCache throws(CourseCheckError) in
            try ChildProcess.swiftc(
                toolchain.swiftc,
                // Warnings never decide whether a tree compiles, and a flood of them must not stop swiftc.
                ["-suppress-warnings", "-module-name", TreeProgram.moduleName, "-module-cache-path", moduleCache.path]
                    + ["-o", output.path] + sources, in: directory, scratch: scratch, timeout: options.compileTimeout,
                stop: options.stop)
        }
        let result = compiled.result
        if case .timedOut = result.ending {
            return Build(executable: nil, errors: [], cached: false, timedOut: true)
        }
        if let cause = compiled.failure {
            return Build(executable: nil, errors: [], cached: false, environmentFailure: cause)
        }
        let linked = FileManager.default.isExecutableFile(atPath: output.path)
        let text = result.compilerOutput
        guard result.ending == .exited(0), linked else {
            var errors = CompilerDiagnostics.errors(in: text).map { entry in
                var entry = entry
                if entry.file == main.path { entry.file = "main.swift" }
                return entry
            }
            // The linker's own words, each symbol once: what the reader's build stops at.
            var symbols: [String] = []
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: "undefined reference to ") else { continue }
                let symbol = String(line[range.lowerBound...])
                if !symbols.contains(symbol) { symbols.append(symbol) }
            }
            errors += symbols.map { .init(file: "", line: 0, column: 0, message: "the link fails: \($0)") }
            if errors.isEmpty {
                errors = [.init(file: "", line: 0, column: 0, message: "swiftc failed (\(result.ending)): \(text)")]
            }
            return Build(executable: nil, errors: errors, cached: false)
        }
        if let cache = options.cache {
            // Recorded before the entry exists, so no twin finds the entry without the record.
            stored.update { _ = $0.insert(key) }
            if let binary = cache.store(file: output, as: key) {
                guard alone else { return Build(executable: binary, errors: [], cached: false) }
            }
        }
        return Build(executable: output, errors: [], cached: false)
    }

    /// Compile errors as lesson diagnostics; errors outside the tree's lines go to its header.
    /// One `compile-error` per tree, at swiftc's first error in it; the errors that follow (often
    /// consequences of the first) are its notes, so one mistake stays one finding.
    func located(
        _ errors: [CompilerDiagnostics.Entry], program: TreeProgram, jobs: [TreeJob], fallback: TreeJob,
        structure: CompilerParser.Outcome? = nil
    ) -> [Diagnostic] {
        var found: [(tree: TreeID, diagnostic: Diagnostic)] = []
        for entry in errors {
            let tree = program.origin(of: entry).map { jobs[$0.tree].id } ?? fallback.id
            let diagnostic = locate(entry, program: program, jobs: jobs, fallback: fallback, structure: structure)
            if let first = found.firstIndex(where: { $0.tree == tree }) {
                // swiftc's other errors on a line an invisible character broke are that character's.
                if diagnostic.location == found[first].diagnostic.location,
                    diagnostic.message.hasPrefix(Diagnostic.invisibleInTreeLead)
                {
                    continue
                }
                found[first].diagnostic.notes.append(.init(diagnostic.location, "also: \(entry.message)"))
            } else {
                found.append((tree, diagnostic))
            }
        }
        return found.map(\.diagnostic)
    }

    private func locate(
        _ entry: CompilerDiagnostics.Entry, program: TreeProgram, jobs: [TreeJob], fallback: TreeJob,
        structure: CompilerParser.Outcome?
    ) -> Diagnostic {
        if let origin = program.origin(of: entry) {
            let job = jobs[origin.tree]
            // A character no reader sees on the error's line is the slip, not what swiftc guesses.
            if let invisible = Self.invisible(onLine: origin.line, in: job.tree.block) {
                return .invisibleInTree(
                    at: job.tree.location(line: origin.line, column: invisible.column, in: job.path),
                    invisible.scalar, swiftcMessage: entry.message)
            }
            let (line, column) =
                Self.fenceLine(before: origin.line, column: entry.column, in: job.tree.block)
                ?? (origin.line, entry.column)
            return .compileError(
                at: job.tree.location(line: line, column: column, in: job.path), entry.message, in: .tree)
        }
        let file = URL(fileURLWithPath: entry.file).lastPathComponent
        if file == options.coreFileName {
            // The tree clashes with the core (a redeclaration): at the tree's own declaration of
            // the name swiftc quotes, when it has one, naming the core's line as swiftc did.
            return .compileError(
                at: Self.declaration(quotedIn: entry.message, in: fallback, structure: structure)
                    ?? fallback.headerLocation, entry.message,
                in: .core(file: file, line: entry.line, column: entry.column))
        }
        return .compileError(
            at: fallback.headerLocation, entry.message, in: .elsewhere(file: entry.file.isEmpty ? "" : file))
    }

    /// The first format character (U+FEFF, U+200B, U+2060, U+00AD …) or control character on
    /// the tree's body line `line`, with its 1-based UTF-8 column: invisible on the page, and no
    /// space to swiftc. Asked only of a tree that does not compile.
    static func invisible(onLine line: Int, in block: FencedBlock) -> (scalar: Unicode.Scalar, column: Int)? {
        guard let text = block.body.first(where: { $0.number == line })?.text,
            text.utf8.contains(where: { $0 >= 0x80 || ($0 < 0x20 && $0 != 0x09) })
        else { return nil }
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .format || (scalar.value < 0x20 && scalar != "\t") {
                return (scalar, offset + 1)
            }
            offset += String(scalar).utf8.count
        }
        return nil
    }

    /// A fence line of the other character typed in a tree (`~~~` in a backtick block) is code to
    /// swiftc, an operator whose error it puts at the next line's first token (past blank and comment
    /// lines): the error is the fence line's, at its first character.
    static func fenceLine(before line: Int, column: Int, in block: FencedBlock) -> (line: Int, column: Int)? {
        guard let index = block.body.firstIndex(where: { $0.number == line }), index > 0 else { return nil }
        let text = block.body[index].text
        guard text.prefix(while: { $0 == " " || $0 == "\t" }).count + 1 == column,
            // The token before it: blank lines and `//` comment lines between are none.
            let fence = block.body[..<index].last(where: {
                let code = $0.text.drop { $0 == " " || $0 == "\t" }
                return !code.isEmpty && !code.hasPrefix("//")
            }),
            let opened = CodeFence.opening(fence), opened.character != block.fence.character
        else { return nil }
        return (fence.number, opened.indent + 1)
    }

    /// Where the tree declares, at file scope, the first name quoted in `message` (`'countCauses'`),
    /// as the compiler's parser located it.
    static func declaration(quotedIn message: String, in job: TreeJob, structure: CompilerParser.Outcome?)
        -> SourceLocation?
    {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[1].isEmpty, case .parsed(let parsed) = structure,
            let item = parsed.items.first(where: { $0.name.map { $0 == parts[1] } ?? false }),
            item.line >= 1, item.line <= job.tree.block.body.count
        else { return nil }
        // The parser's range of a type or function starts at its keyword; the name follows on the line.
        let line = job.tree.block.body[item.line - 1]
        let bytes = Array(line.text.utf8)
        let name = Array(parts[1].utf8)
        var column = item.column
        if let start = (max(item.column - 1, 0)..<max(bytes.count - name.count + 1, 0)).first(where: { start in
            bytes[start..<start + name.count].elementsEqual(name)
        }) {
            column = start + 1
        }
        return job.tree.location(line: line.number, column: column, in: job.path)
    }

    private func fallback(_ errors: [CompilerDiagnostics.Entry], program: TreeProgram, jobs: [TreeJob]) -> Fallback {
        guard let first = errors.first else { return Fallback(message: "swiftc failed", location: nil) }
        let location = program.origin(of: first).map {
            jobs[$0.tree].tree.location(line: $0.line, column: first.column, in: jobs[$0.tree].path)
        }
        return Fallback(message: first.message, location: location)
    }

    /// Bumped whenever what coursecheck builds or runs for a tree changes meaning, so no cached
    /// result of an older coursecheck is trusted.
    static let semanticsVersion = "6"

    private func binaryKey(_ program: TreeProgram, _ toolchain: Toolchain) -> String {
        Self.binaryKey(program, core: core, toolchainVersion: toolchain.identity)
    }

    /// The cache key of a program's binary. Public to the package so the differential corpus's
    /// oracle, which compiles the very program a per-tree build compiles (`Invalidation.swift` and
    /// the tree verbatim as `main.swift`), files its binary where a build would find it.
    package static func binaryKey(_ program: TreeProgram, core: String, toolchainVersion: String) -> String {
        "bin-"
            + SHA256.hex(
                Self.semanticsVersion, toolchainVersion, core, program.main,
                program.support.sorted { $0.key < $1.key }.map { $0.key + "\n" + $0.value }.joined())
    }

    private func resultKey(_ job: TreeJob, _ toolchain: Toolchain) -> String {
        // Whether an automatic build merges the tree follows from the key's other parts.
        let mode = options.merge ? "auto" : "per-tree"
        return "out-"
            + SHA256.hex(
                Self.semanticsVersion, toolchain.identity, core, job.tree.source, mode, "\(options.timeout)",
                "\(options.outputLimit)")
    }
}

extension TreeProgram {
    /// The module name of the real program (`swiftc Invalidation.swift main.swift` names it after
    /// `main.swift`), so type names (`main.Recompute`) and `#fileID` print as they do there.
    static let moduleName = "main"

    /// Rewrites `main/main.swift:LINE` in runtime messages (such as `fatalError`) to the lesson line.
    func relocate(_ text: String, jobs: [TreeJob]) -> String {
        let marker = "\(Self.moduleName)/main.swift:"
        guard text.contains(marker) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            result += rest[..<range.lowerBound]
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let line = Int(digits), line >= 1, line <= origins.count, let origin = origins[line - 1] {
                result += "\(jobs[origin.tree].path):\(origin.line)"
            } else {
                result += rest[range.lowerBound..<range.upperBound] + digits
            }
            rest = rest[range.upperBound...].dropFirst(digits.count)
        }
        return result + rest
    }

    /// The lesson line a compiler error in `main.swift` points at, if it came from a tree. The
    /// line after a tree built alone (an `expected '}'` at the end of the file) is its closing fence.
    func origin(of entry: CompilerDiagnostics.Entry) -> Origin? {
        guard entry.file == "main.swift", entry.line >= 1 else { return nil }
        if entry.line == origins.count + 1, support.isEmpty, let last = origins.last ?? nil {
            return Origin(tree: last.tree, line: last.line + 1)
        }
        guard entry.line <= origins.count else { return nil }
        return origins[entry.line - 1]
    }
}
