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
                let result = try CourseChecker(configuration: configuration).check(plan)
                stdout.write(RoleListing(lessons: result.lessons).text)
                result.diagnostics.forEach(reporter.report)
                return result.summary.errors > 0 ? .findings : .clean
            case .check:
                let plan = try CourseLoader(currentDirectory: environment.currentDirectory).plan(invocation.paths)
                let result = try CourseChecker(configuration: configuration(invocation)).check(plan)
                result.diagnostics.forEach(reporter.report)
                reporter.report(result.summary)
                return result.summary.errors > 0 ? .findings : .clean
            case .run:
                return try TreeRunner(command: self, reporter: reporter).run(invocation, configuration(invocation))
            }
        } catch let error as CourseCheckError {
            reporter.report(error)
            return .failure
        } catch {
            reporter.report(CourseCheckError.io("\(error)"))
            return .failure
        }
    }

    /// The checker's configuration for an invocation.
    func configuration(_ invocation: Invocation) -> CourseChecker.Configuration {
        var configuration = CourseChecker.Configuration()
        configuration.strict = invocation.strict
        configuration.environment = environment.variables
        configuration.router.toolchain.timeout = invocation.timeout
        configuration.router.toolchain.outputLimit = invocation.outputLimit
        configuration.router.toolchain.merge = invocation.mergedBuild
        configuration.router.choice = invocation.engine
        configuration.router.crossCheck = invocation.crossCheck
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
