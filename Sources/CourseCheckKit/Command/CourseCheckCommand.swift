import Foundation

/// The whole command-line program, as a function from arguments and environment to an exit status.
///
/// The executable is a thin wrapper around `run`; tests call it directly.
package struct CourseCheckCommand {
    /// What the program sees of its surroundings.
    package struct Environment: Sendable {
        package var currentDirectory: URL
        package var variables: [String: String]
        package var stderrIsTerminal: Bool

        package init(currentDirectory: URL, variables: [String: String], stderrIsTerminal: Bool) {
            // A directory URL, so relative paths resolve inside it and not beside it.
            self.currentDirectory = URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
            self.variables = variables
            self.stderrIsTerminal = stderrIsTerminal
        }
    }

    /// Exit statuses.
    package enum ExitStatus: Int32, Sendable {
        case clean = 0
        case findings = 1
        case failure = 2
        /// `watch` or `lsp` stopped by SIGINT (128 + 2, as a shell reports it).
        case interrupted = 130
        /// `watch` or `lsp` stopped by SIGTERM (128 + 15).
        case terminated = 143
    }

    package var environment: Environment
    package var stdout: OutputSink
    package var stderr: OutputSink
    /// Set on the command `--commit-hook` runs in its export of the index (`StagedCourse`), which is
    /// checked as it is.
    var checksExport = false
    /// That export, so a refused commit can be told from one that only lacks its goldens' staging.
    var staged: StagedCourse? = nil

    package init(environment: Environment, stdout: OutputSink, stderr: OutputSink) {
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The plan of a check or list; a first path that is neither a file nor a directory but looks
    /// like a mistyped subcommand gets a suggestion instead of "no such file".
    func loadPlan(_ invocation: Invocation) throws(CourseCheckError) -> CourseLoader.Plan {
        if let first = invocation.paths.first, !first.contains("/"), !first.hasSuffix(".md"),
            !FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: first, relativeTo: environment.currentDirectory).path),
            let suggestion = Suggestion.closest(to: first, among: Invocation.subcommands.keys.sorted())
        {
            throw .usage("unknown subcommand '\(first)'; did you mean '\(suggestion)'?")
        }
        let goldens: LessonRecords.Goldens =
            switch invocation.goldens {
            case .beside: .beside
            case .directory(let directory):
                .directory(
                    path: directory.hasPrefix("/") ? directory : environment.currentDirectory.path + "/" + directory,
                    display: directory)
            case .off: .none
            }
        return try CourseLoader(currentDirectory: environment.currentDirectory, goldens: goldens).plan(invocation.paths)
    }

    /// Reports a failure that ends the run (exit 2) in every format the invocation asked for, so CI
    /// sees it: the text line, a JSON error object, a GitHub annotation, a JUnit error testcase.
    /// `junit: false` when this run's JUnit report already holds its findings (a failed job summary
    /// never replaces them). The JUnit path is checked again (`ReportTarget`): a failure about that
    /// path itself, or a path the rule refuses (said by the run's own failure, or moot after it),
    /// gets no report.
    func fail(
        _ failure: CourseCheckError, invocation: Invocation, reporter: TextReporter, plan: CourseLoader.Plan?,
        junit: Bool = true
    ) {
        output(invocation, reporter).fail(failure)
        guard junit, let path = invocation.junitPath else { return }
        if case .io(let failed, _, _) = failure, failed == path { return }
        let checker = CourseChecker(configuration: configuration(invocation))
        do throws(CourseCheckError) {
            let target = try ReportTarget.check(
                .junit, path: path, in: environment.currentDirectory, inputs: reportInputs(plan, checker: checker))
            try FileGate.writeReport(
                Array(JUnitReport.failure(failure).utf8), to: target.url, shownAs: target.shown,
                expecting: target.expectation, environment: environment.variables)
        } catch .io(_, .junitTarget, _) {
        } catch  where error != failure {
            reporter.report(error)
        } catch {}
    }

    static func rawFormat(_ arguments: [String]) -> Invocation.Format {
        rawValue(of: "--format", in: arguments).flatMap(Invocation.Format.init(rawValue:)) ?? .text
    }

    static func rawValue(of option: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == option, index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
        }
        return nil
    }

    /// The run's report paths, each checked by `ReportTarget` before the run starts.
    struct ReportTargets {
        var junit: ReportTarget?
        var summary: ReportTarget?
    }

    /// Checks the `--junit` path and, under `--format github`, `$GITHUB_STEP_SUMMARY`.
    func reportTargets(_ invocation: Invocation, plan: CourseLoader.Plan, checker: CourseChecker)
        throws(CourseCheckError) -> ReportTargets
    {
        var targets = ReportTargets()
        let summaryPath = environment.variables["GITHUB_STEP_SUMMARY"].flatMap {
            invocation.format == .github && !$0.isEmpty ? $0 : nil
        }
        // Nothing to look at on the default run, which names no report (its cost is measured).
        guard invocation.junitPath != nil || summaryPath != nil else { return targets }
        let inputs = reportInputs(plan, checker: checker)
        if let path = invocation.junitPath {
            targets.junit = try ReportTarget.check(.junit, path: path, in: environment.currentDirectory, inputs: inputs)
        }
        if let path = summaryPath {
            targets.summary = try ReportTarget.check(
                .summary, path: path, in: environment.currentDirectory, inputs: inputs,
                otherReport: invocation.junitPath)
        }
        return targets
    }

    /// What a report may not overwrite: the plan's lessons, their directories and goldens, the cache.
    private func reportInputs(_ plan: CourseLoader.Plan?, checker: CourseChecker) -> ReportTarget.Inputs {
        var stores: [GoldenStore] = []
        for entry in plan?.entries ?? [] {
            if let store = checker.store(for: entry), !stores.contains(where: { $0.rootPath == store.rootPath }) {
                stores.append(store)
            }
        }
        return ReportTarget.Inputs(
            lessons: plan?.entries ?? [], lessonDirectories: plan.map(CourseChecker.lessonDirectories) ?? [],
            stores: stores, cache: checker.configuration.router.toolchain.cache?.directory)
    }

    /// The cache holds coursecheck's binaries and results: it may not share a directory with the
    /// lessons or the goldens, or either would fill with the other's files.
    func validateCache(_ checker: CourseChecker, plan: CourseLoader.Plan, stores: CourseChecker.PlannedStores)
        throws(CourseCheckError)
    {
        guard let cache = checker.configuration.router.toolchain.cache else { return }
        let mine = GoldenStore.canonicalPath(cache.directory)
        func overlaps(_ path: String) -> Bool {
            path == mine || path.hasPrefix(mine + "/") || mine.hasPrefix(path + "/")
        }
        // A cache below the lessons (the default `.build/` when run inside them) is fine: it is hidden
        // and never read as a lesson. The lessons inside the cache are not.
        func holdsLessons(_ other: URL) -> Bool {
            let path = GoldenStore.canonicalPath(other)
            return path == mine || path.hasPrefix(mine + "/")
        }
        for directory in CourseChecker.lessonDirectories(plan) where holdsLessons(directory.url) {
            throw .usage(
                "refusing the cache directory \(cache.directory.path): it is or holds the lessons directory \(directory.display)"
            )
        }
        for (store, root) in zip(stores.stores, stores.roots) {
            guard let store, let root, overlaps(root) else { continue }
            throw .usage(
                "refusing the cache directory \(cache.directory.path): it overlaps the goldens directory \(store.displayRoot)"
            )
        }
    }

    /// Writes findings and the summary in the chosen format; the exit status follows the errors.
    /// The reports go only to the `targets` checked before the run, and only while each path still
    /// holds what was found there (`FileGate` compares).
    func report(
        _ result: CourseChecker.Result, invocation: Invocation, reporter: TextReporter, targets: ReportTargets
    ) throws(CourseCheckError) -> ExitStatus {
        output(invocation, reporter).report(result.diagnostics, summary: result.summary)
        // The JUnit report first: a job summary that then fails to write never replaces its findings.
        if let target = targets.junit {
            let xml = JUnitReport(result: result).xml
            try FileGate.writeReport(
                Array(xml.utf8), to: target.url, shownAs: target.shown, expecting: target.expectation,
                environment: environment.variables)
        }
        if let target = targets.summary {
            do throws(CourseCheckError) {
                // GitHub's 1 MiB counts what earlier steps wrote to the summary file too.
                var written = stat()
                let earlier = stat(target.url.path, &written) == 0 ? Int(written.st_size) : 0
                let summary = StepSummary(result: result, limit: max(0, 1_048_576 - earlier))
                try FileGate.appendReport(
                    Array(summary.markdown.utf8), to: target.url, shownAs: target.shown,
                    expecting: target.expectation, environment: environment.variables)
            } catch {
                fail(error, invocation: invocation, reporter: reporter, plan: nil, junit: false)
                return .failure
            }
        }
        // A machine that could not compile is not a course with findings: exit 2, as for I/O.
        if result.diagnostics.contains(where: { $0.id == .toolchainFailed }) { return .failure }
        return result.summary.errors > 0 ? .findings : .clean
    }

    /// `--update` and `--promote` never write on CI unless forced: a rerun must not pass by recording.
    /// `--promote --dry-run` only prints a patch, so it runs anywhere.
    func refuseUnderCI(_ action: Invocation.Action) throws(CourseCheckError) {
        guard Invocation.isCI(environment.variables) else { return }
        let value = environment.variables["CI"] ?? ""
        switch action {
        case .update(force: false, _):
            throw .usage(
                "refusing --update because CI=\(value): approving outputs on CI would let a rerun pass "
                    + "by recording; run it locally, or pass --force")
        case .promote(dryRun: false, force: false):
            throw .usage(
                "refusing --promote because CI=\(value): rewriting the lessons on CI would let a rerun pass by "
                    + "changing the course text; see the patch with --promote --dry-run, run it locally, or pass --force"
            )
        default:
            break
        }
    }

    func update(
        _ plan: CourseLoader.Plan, checker: CourseChecker, prune: Bool, invocation: Invocation,
        reporter: TextReporter, targets: ReportTargets
    )
        throws(CourseCheckError) -> ExitStatus
    {
        let lock = try lockForWriting(plan, checker: checker, invocation: invocation)
        defer { withExtendedLifetime(lock) {} }
        let result = try checker.check(plan)
        let (changes, refusals) = try GoldenUpdater(checker: checker, prune: prune).update(
            result, plan: plan, toolchain: result.toolchainVersion,
            announce: { deletions in
                // Listed before the first deletion: the author sees everything that goes, and nothing else goes.
                for deletion in deletions {
                    progress(
                        "will remove \(Escape.path(deletion.entry.displayPath)) (\(Escape.path(deletion.reason)))\n",
                        invocation)
                }
            },
            interrupted: { changes in
                // A write failed part-way: what had already changed is said before the error.
                progress("the update stopped at an error after these changes:\n" + changes.lines, invocation)
            })
        progress(changes.lines, invocation)
        // An update must settle in one step: check again and fail unless clean. Its refusals are
        // findings of that report, in every format, and count in its summary, and so is each finding
        // a refusal points at, should the second check not make it again.
        let again = try checker.check(plan)
        let present = Set(again.diagnostics.map { "\($0.id.rawValue) \($0.location)" })
        let causes = GoldenUpdater.causes(of: result).filter { !present.contains("\($0.id.rawValue) \($0.location)") }
        return try report(
            again.adding(causes + refusals), invocation: invocation, reporter: reporter, targets: targets)
    }

    func promote(
        _ plan: CourseLoader.Plan, checker: CourseChecker, dryRun: Bool, invocation: Invocation, reporter: TextReporter,
        targets: ReportTargets
    ) throws(CourseCheckError) -> ExitStatus {
        // The lock comes before the reading: a second writer forms its verdict on what the first wrote.
        let lock = dryRun ? nil : try lockForWriting(plan, checker: checker, invocation: invocation)
        defer { withExtendedLifetime(lock) {} }
        var firstPass = checker
        firstPass.configuration.goldens = .off
        let first = try firstPass.check(plan)
        let promotion = LessonPromoter.rewrites(first)
        if dryRun {
            // What the patch does not fix stays visible, next to the trees it leaves alone.
            // What the patch leaves: the first pass's other findings, and the goldens' (the patch
            // writes no golden, so a golden that disagrees with its tree still does after it).
            let goldenIDs: Set<DiagnosticID> = [
                .goldenDrift, .goldenMissing, .goldenOrphan, .goldenRenamed, .goldenUnreadable,
            ]
            var afterPatch = checker
            afterPatch.configuration.afterPromotion = true
            let goldens =
                checker.configuration.goldens == .off
                ? [] : try afterPatch.check(plan).diagnostics.filter { goldenIDs.contains($0.id) }
            let unfixed =
                (first.diagnostics.filter { ![.outputDrift, .coreDrift].contains($0.id) } + promotion.skipped + goldens)
                .sorted { ($0.location.path, $0.location.line) < ($1.location.path, $1.location.line) }
            let patch = promotion.rewrites.map {
                Patch.file(path: patchPath($0.url), old: $0.old, new: $0.new)
            }.joined()
            output(invocation, reporter).dryRun(
                unfixed, patch: patch,
                summary: "would promote \(Plural.count(promotion.rewrites.count, "lesson"))"
                    + (promotion.skipped.isEmpty ? "" : "; \(Plural.count(promotion.skipped.count, "tree")) skipped")
                    + "\n")
            return promotion.skipped.isEmpty && !unfixed.contains { $0.severity == .error } ? .clean : .findings
        }
        // Located in the lessons as they are before the rewrite, so said before it.
        promotion.skipped.forEach(reporter.report)
        var refusals = promotion.refused
        // A lesson that is a link is rewritten at its target, but never inside a git directory or a
        // goldens directory: those are git's and coursecheck's, not the author's lesson folders.
        let storeRoots = Set(plan.entries.compactMap { checker.store(for: $0) }.map { $0.canonicalRoot })
        for rewrite in promotion.rewrites {
            let refusal: FileGate.Refusal?
            let target = FileGate.canonicalPath(rewrite.url)
            let store = storeRoots.first { target.hasPrefix($0 + "/") }
            let inside: String? =
                target.split(separator: "/").contains(".git")
                ? "a git directory" : store.map { "the goldens directory \($0)" }
            if let inside {
                let reason = "it is a link to \(target), inside \(inside)"
                refusals.append(
                    .promoteRefused(at: SourceLocation(path: rewrite.path, line: 1), .notWritten(reason: reason)))
                continue
            }
            if let snapshot = rewrite.snapshot {
                refusal = try FileGate.replace(
                    rewrite.url, with: Array(rewrite.data), expecting: .unchanged(snapshot), links: .follow,
                    environment: environment.variables)
            } else {
                refusal = .changedOnDisk
            }
            if let refusal {
                refusals.append(
                    .promoteRefused(
                        at: SourceLocation(path: rewrite.path, line: 1), .notWritten(reason: refusal.description)))
                continue
            }
            progress(
                "promoted \(rewrite.path): \(Plural.count(rewrite.expectedBlocks, "expected block")), "
                    + "\(Plural.count(rewrite.coreBlocks, "core block"))\n", invocation)
        }
        if promotion.rewrites.isEmpty && promotion.refused.isEmpty {
            progress(
                promotion.skipped.isEmpty
                    ? "promote: every expected and core block already matches\n"
                    : "promote: nothing to rewrite; \(Plural.count(promotion.skipped.count, "tree")) skipped\n",
                invocation)
        }
        // Refusals are findings of the report, as an update's are.
        return try report(
            try checker.check(plan).adding(refusals), invocation: invocation, reporter: reporter, targets: targets)
    }

    /// The advisory locks of a writing run: the lessons directories and the goldens directories
    /// (or, before the first update, the folder that will hold them). A second run waits, and says so.
    private func lockForWriting(_ plan: CourseLoader.Plan, checker: CourseChecker, invocation: Invocation)
        throws(CourseCheckError) -> FileGate.WriteLock
    {
        let stores = plan.entries.compactMap { checker.store(for: $0) }.map { store in
            store.exists ? store.root : store.root.deletingLastPathComponent()
        }
        return try lock(CourseChecker.lessonDirectories(plan).map(\.url) + stores)
    }

    /// Locks `directories` for writing; a run that must wait says so.
    private func lock(_ directories: [URL]) throws(CourseCheckError) -> FileGate.WriteLock {
        try FileGate.lockForWriting(directories) { path in
            stderr.write("coursecheck: another coursecheck is writing \(path); waiting for it to finish\n")
        }
    }

    /// What `--update` and `--promote` did, for the author: on stdout beside the text summary, on
    /// stderr under `--format json`, so stdout stays one JSON document.
    private func progress(_ text: String, _ invocation: Invocation) {
        output(invocation, reporter(invocation.color)).progress(text)
    }

    /// The reporter of the invocation's format: everything a format decides goes through it.
    func output(_ invocation: Invocation, _ text: TextReporter) -> any FormatReporter {
        invocation.format.reporter(text: text, stdout: stdout, stderr: stderr)
    }

    /// A patch path `git apply` accepts: relative to the repository holding the file, else to the
    /// current directory (never absolute, which would give `a//tmp/...`).
    func patchPath(_ url: URL) -> String {
        let file = GoldenStore.canonicalPath(url)
        let current = GoldenStore.canonicalPath(environment.currentDirectory)
        // The lesson's own repository, where `git apply` will be run, wherever this run started.
        var top: String? = file.parentPath
        while let candidate = top, !FileManager.default.fileExists(atPath: candidate + "/.git") {
            top = candidate == "/" ? nil : candidate.parentPath
        }
        for base in [top, current].compactMap({ $0 }) where file.hasPrefix(base == "/" ? "/" : base + "/") {
            return String(file.dropFirst(base == "/" ? 1 : base.count + 1))
        }
        // Outside both: climb from the current directory.
        let fileParts = file.split(separator: "/")
        let baseParts = current.split(separator: "/")
        let common = zip(fileParts, baseParts).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: baseParts.count - common) + fileParts[common...].map(String.init))
            .joined(separator: "/")
    }

    /// `init`: writes a new course's files into `directory` (nil: the current folder), refused
    /// when it is not empty; returns how to name it and its lessons.
    func startCourse(in directory: String?, core: String?) throws(CourseCheckError) -> (
        shown: String, lessons: String, core: String
    ) {
        let shown = directory ?? "."
        let url = URL(fileURLWithPath: shown, relativeTo: environment.currentDirectory).standardizedFileURL
        let starter = CourseStarter(core: core ?? CourseStarter.defaultCore)
        for path in try starter.write(into: url, shown: shown, environment: environment.variables) {
            stdout.write("wrote \(path)\n")
        }
        return (shown, CourseLoader.display(shown, "lessons"), starter.core)
    }

    /// `import`: plans every file first (`ImportTarget`), and writes only when nothing is refused;
    /// each refused file is named, then the import fails (exit 2) having written nothing.
    func importCourse(export: String, into lessons: String, color: Invocation.ColorChoice)
        throws(CourseCheckError) -> ExitStatus
    {
        let exportURL = URL(fileURLWithPath: export, relativeTo: environment.currentDirectory)
        guard let data = FileManager.default.contents(atPath: exportURL.path) else {
            throw .io(path: export, operation: .readExport, cause: .unknown)
        }
        let file: SourceFile
        switch SourceFile.decode([UInt8](data), path: export) {
        case .success(let decoded): file = decoded
        case .failure(let diagnostic): throw .usage("\(diagnostic.location): \(diagnostic.message)")
        }
        let directory = URL(fileURLWithPath: lessons, relativeTo: environment.currentDirectory).standardizedFileURL
        let lock = try lock([directory])
        defer { withExtendedLifetime(lock) {} }
        let single = file.lines.contains(where: { $0.text.hasPrefix("### ") }) ? nil : LessonImporter(file: file)
        let plan: ImportTarget.Plan
        if let single {
            plan = try single.plan(into: directory, shown: lessons)
        } else {
            let importer: CourseImporter
            do throws(CourseCheckError) {
                importer = try CourseImporter(file: file)
            } catch .usage(let message) where message.hasSuffix("the export has no '### ' lessons") {
                throw .usage(
                    "\(export): not an export import reads; it takes a course export (front matter, "
                        + "'## ' parts, '### ' lessons each with a 'Source:' line) or a lesson export (front matter with "
                        + "title and source, then '# Title')")
            }
            plan = try importer.plan(into: directory, shown: lessons)
        }
        if let last = plan.refusals.last {
            plan.refusals.dropLast().forEach(reporter(color).report)
            reporter(color).report(last)
            throw .io(
                path: lessons, operation: .importInto,
                cause: .refusedBecause(
                    "\(Plural.count(plan.refusals.count, "file")) there \(plan.refusals.count == 1 ? "is" : "are") "
                        + "not import's to replace (named above); nothing was written"))
        }
        let written = try plan.write(environment: environment.variables) { done in
            // A write failed part-way (a full disk): what is already written is said before the error.
            stdout.write(
                "the import stopped at an error after writing \(Plural.count(done.count, "file"))"
                    + done.map { "\nwrote \($0)" }.joined() + "\n")
        }
        if single != nil, let only = written.first {
            let shown = CourseLoader.display(lessons, only.name)
            stdout.write(only.changed ? "wrote \(shown)\n" : "\(shown) is already the export's text\n")
            return .clean
        }
        for (name, changed) in written where changed {
            stdout.write("wrote \(CourseLoader.display(lessons, name))\n")
        }
        let changed = written.filter(\.changed).count
        stdout.write(
            "imported \(Plural.count(written.count - 1, "lesson")) into \(lessons) "
                + "(\(changed) of \(written.count) files changed)\n")
        return .clean
    }

    /// The checker's configuration for an invocation.
    func configuration(_ invocation: Invocation) -> CourseChecker.Configuration {
        var configuration = CourseChecker.Configuration()
        configuration.strict = invocation.strict
        configuration.environment = environment.variables
        configuration.router.toolchain.timeout = invocation.timeout
        configuration.router.toolchain.outputLimit = invocation.outputLimit
        configuration.router.toolchain.compileTimeout = invocation.compileTimeout
        configuration.router.toolchain.merge = invocation.build == .merged
        configuration.router.choice = invocation.engine
        configuration.router.crossCheck = invocation.crossCheck
        configuration.claims = !invocation.noClaims
        configuration.coreName = invocation.core
        switch invocation.goldens {
        case .beside: break
        case .off: configuration.goldens = .off
        case .directory(let directory):
            configuration.goldens = .directory(
                URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory).standardizedFileURL,
                display: directory.hasSuffix("/") ? String(directory.dropLast()) : directory)
        }
        let cacheDirectory: String? =
            switch invocation.cache {
            case .off: nil
            case .directory(let directory): directory
            case .standard:
                environment.variables["COURSECHECK_CACHE_DIR"]
                    ?? Self.defaultCacheDirectory(
                        lessons: Self.lessonPath(invocation), in: environment.currentDirectory)
            }
        if let directory = cacheDirectory {
            configuration.router.toolchain.cache = Cache(
                directory: URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory).standardizedFileURL
            )
        }
        return configuration
    }

    /// The first lesson path an invocation names (`run`'s target without its `:line`), if any.
    static func lessonPath(_ invocation: Invocation) -> String? {
        if let first = invocation.paths.first { return first }
        guard case .run(let target) = invocation.action else { return nil }
        guard let colon = target.lastIndex(of: ":"), target[target.index(after: colon)...].allSatisfy(\.isNumber)
        else { return target }
        return String(target[..<colon])
    }

    /// The default cache, `.build/coursecheck-cache` in the course's folder: the one holding the
    /// lessons' directory, where `goldens/` is and where `init`'s `.gitignore` keeps `.build/` out
    /// of the repository, from whichever folder the check runs. Without a lesson path (`lsp`), or
    /// for one that does not exist, the current folder's.
    static func defaultCacheDirectory(lessons path: String?, in currentDirectory: URL) -> String {
        let relative = ".build/coursecheck-cache"
        guard let path else { return relative }
        let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
        var info = stat()
        guard stat(url.path, &info) == 0 else { return relative }
        let lessons = info.st_mode & S_IFMT == S_IFDIR ? url : url.deletingLastPathComponent()
        return lessons.deletingLastPathComponent().appendingPathComponent(relative).path
    }

    func reporter(_ color: Invocation.ColorChoice) -> TextReporter {
        let style: Style =
            switch color {
            case .always: Style(enabled: true)
            case .never: Style(enabled: false)
            case .auto: .automatic(isTerminal: environment.stderrIsTerminal, environment: environment.variables)
            }
        return TextReporter(diagnostics: stderr, summary: stdout, style: style)
    }
}
