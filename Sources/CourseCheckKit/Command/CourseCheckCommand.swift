import Foundation

/// The whole command-line program, as a function from arguments and environment to an exit status.
///
/// The executable is a thin wrapper around `run`; tests call it directly.
public struct CourseCheckCommand {
    /// What the program sees of its surroundings.
    public struct Environment: Sendable {
        public var currentDirectory: URL
        public var variables: [String: String]
        public var stderrIsTerminal: Bool

        public init(currentDirectory: URL, variables: [String: String], stderrIsTerminal: Bool) {
            self.currentDirectory = currentDirectory
            self.variables = variables
            self.stderrIsTerminal = stderrIsTerminal
        }
    }

    /// Exit statuses.
    public enum ExitStatus: Int32, Sendable {
        case clean = 0
        case findings = 1
        case failure = 2
    }

    public var environment: Environment
    public var stdout: OutputSink
    public var stderr: OutputSink

    public init(environment: Environment, stdout: OutputSink, stderr: OutputSink) {
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
    }

    public func run(_ arguments: [String]) -> ExitStatus {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch let error as CourseCheckError {
            reporter(.auto).report(error)
            stderr.write("Run 'coursecheck --help' for usage.\n")
            return .failure
        } catch {
            return .failure
        }
        let reporter = reporter(invocation.color)
        do {
            switch invocation.action {
            case .help:
                stdout.write(Invocation.help)
                return .clean
            case .version:
                stdout.write(Invocation.version + "\n")
                return .clean
            case .list:
                let plan = try CourseLoader(currentDirectory: environment.currentDirectory).plan(invocation.paths)
                var configuration = configuration(invocation)
                configuration.evaluate = false
                configuration.claims = false
                let result = try CourseChecker(configuration: configuration).check(plan)
                stdout.write(RoleListing(lessons: result.lessons).text)
                result.diagnostics.forEach(reporter.report)
                return result.summary.errors > 0 ? .findings : .clean
            case .check:
                let plan = try CourseLoader(currentDirectory: environment.currentDirectory).plan(invocation.paths)
                let checker = CourseChecker(configuration: configuration(invocation))
                if invocation.update || invocation.promote {
                    try refuseUnderCI(invocation)
                }
                if invocation.promote {
                    return try promote(plan, checker: checker, invocation: invocation, reporter: reporter)
                }
                if invocation.update {
                    return try update(plan, checker: checker, invocation: invocation, reporter: reporter)
                }
                return try report(try checker.check(plan), invocation: invocation, reporter: reporter)
            case .run:
                return try TreeRunner(command: self, reporter: reporter).run(invocation, configuration(invocation))
            case .importCourse:
                try refuseUnderCI(invocation)
                return try importCourse(invocation)
            }
        } catch let error as CourseCheckError {
            reporter.report(error)
            return .failure
        } catch {
            reporter.report(CourseCheckError.io("\(error)"))
            return .failure
        }
    }

    /// Writes findings and the summary in the chosen format; the exit status follows the errors.
    func report(_ result: CourseChecker.Result, invocation: Invocation, reporter: TextReporter) throws -> ExitStatus {
        switch invocation.format {
        case .text:
            result.diagnostics.forEach(reporter.report)
            reporter.report(result.summary)
        case .github:
            result.diagnostics.forEach(reporter.report)
            for diagnostic in result.diagnostics { stdout.write(GitHubReporter.command(diagnostic) + "\n") }
            reporter.report(result.summary)
        case .json:
            stdout.write(JSONReporter.encode(result.diagnostics))
            stderr.write(result.summary.description + "\n")
        }
        if let path = invocation.junitPath {
            let url = URL(fileURLWithPath: path, relativeTo: environment.currentDirectory)
            let xml = JUnitReport(lessons: result.lessons, diagnostics: result.diagnostics).xml
            try AtomicFile.write(Data(xml.utf8), to: url)
        }
        return result.summary.errors > 0 ? .findings : .clean
    }

    /// `--update` and `--promote` never record on CI unless forced: a rerun must not pass by recording.
    private func refuseUnderCI(_ invocation: Invocation) throws {
        guard !invocation.force, let value = environment.variables["CI"], !value.isEmpty else { return }
        let flag = invocation.action == .importCourse ? "import" : invocation.update ? "--update" : "--promote"
        throw CourseCheckError.usage(
            "refusing \(flag) because CI=\(value): approving outputs on CI would let a rerun pass by recording; "
                + "run it locally, or pass --force")
    }

    private func update(_ plan: CourseLoader.Plan, checker: CourseChecker, invocation: Invocation, reporter: TextReporter)
        throws -> ExitStatus
    {
        let result = try checker.check(plan)
        let (changes, refusals) = try GoldenUpdater(checker: checker).update(
            result, plan: plan, toolchain: result.toolchainVersion)
        refusals.forEach(reporter.report)
        stdout.write(changes.lines)
        // An update must settle in one step: check again and fail unless clean.
        return try report(try checker.check(plan), invocation: invocation, reporter: reporter)
    }

    private func promote(_ plan: CourseLoader.Plan, checker: CourseChecker, invocation: Invocation, reporter: TextReporter)
        throws -> ExitStatus
    {
        var firstPass = checker
        firstPass.configuration.goldens = .off
        let rewrites = LessonPromoter.rewrites(try firstPass.check(plan), plan: plan)
        if invocation.dryRun {
            for rewrite in rewrites {
                stdout.write(Patch.file(path: rewrite.path, old: rewrite.old, new: rewrite.new))
            }
            stderr.write("would promote \(SummaryLine.count(rewrites.count, "lesson"))\n")
            return .clean
        }
        for rewrite in rewrites {
            for name in [rewrite.url.deletingLastPathComponent()] { AtomicFile.sweep(name) }
            try AtomicFile.write(rewrite.data, to: rewrite.url, environment: environment.variables)
            stdout.write(
                "promoted \(rewrite.path): \(SummaryLine.count(rewrite.expectedBlocks, "expected block")), "
                    + "\(SummaryLine.count(rewrite.coreBlocks, "core block"))\n")
        }
        if rewrites.isEmpty { stdout.write("promote: every expected and core block already matches\n") }
        return try report(try checker.check(plan), invocation: invocation, reporter: reporter)
    }

    private func importCourse(_ invocation: Invocation) throws -> ExitStatus {
        let exportURL = URL(fileURLWithPath: invocation.paths[0], relativeTo: environment.currentDirectory)
        guard let data = FileManager.default.contents(atPath: exportURL.path) else {
            throw CourseCheckError.io("\(invocation.paths[0]): cannot read the export")
        }
        let file: SourceFile
        switch SourceFile.decode([UInt8](data), path: invocation.paths[0]) {
        case .success(let decoded): file = decoded
        case .failure(let diagnostic): throw CourseCheckError.usage("\(diagnostic.location): \(diagnostic.message)")
        }
        let importer = try CourseImporter(file: file)
        let directory = URL(fileURLWithPath: invocation.paths[1], relativeTo: environment.currentDirectory).standardizedFileURL
        let written = try importer.write(into: directory, environment: environment.variables)
        for (name, changed) in written where changed {
            stdout.write("wrote \(CourseLoader.display(invocation.paths[1], name))\n")
        }
        let changed = written.filter(\.changed).count
        stdout.write(
            "imported \(SummaryLine.count(written.count - 1, "lesson")) into \(invocation.paths[1]) "
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
        configuration.router.toolchain.merge = invocation.mergedBuild
        configuration.router.choice = invocation.engine
        configuration.router.crossCheck = invocation.crossCheck
        configuration.claims = !invocation.noClaims
        if invocation.noGoldens {
            configuration.goldens = .off
        } else if let directory = invocation.goldensDirectory {
            configuration.goldens = .directory(
                URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory).standardizedFileURL,
                display: directory.hasSuffix("/") ? String(directory.dropLast()) : directory)
        }
        if invocation.useCache {
            let directory = invocation.cacheDirectory ?? environment.variables["COURSECHECK_CACHE_DIR"]
                ?? ".build/coursecheck-cache"
            configuration.router.toolchain.cache = Cache(
                directory: URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory).standardizedFileURL)
        }
        return configuration
    }

    private func reporter(_ color: Invocation.ColorChoice) -> TextReporter {
        let style: Style = switch color {
        case .always: Style(enabled: true)
        case .never: Style(enabled: false)
        case .auto: .automatic(isTerminal: environment.stderrIsTerminal, environment: environment.variables)
        }
        return TextReporter(diagnostics: stderr, summary: stdout, style: style)
    }
}
