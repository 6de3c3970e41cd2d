import Foundation

/// Runs the pipeline over a course: scan → classify → evaluate → compare, collecting findings per lesson.
public struct CourseChecker: Sendable {
    /// Everything one run found.
    public struct Result: Sendable {
        public var lessons: [Lesson]
        /// Findings, grouped by lesson in course order and sorted by line within a lesson.
        public var diagnostics: [Diagnostic]
        public var summary: SummaryLine
        /// Each tree's run, in course order; nil where a tree did not compile or nothing ran.
        public var runs: [(job: TreeJob, run: TreeRun?)]
    }

    /// What to check and how.
    public struct Configuration: Sendable {
        /// Report warnings as errors.
        public var strict = false
        /// Run the trees; off for `list`, which only reports roles.
        public var evaluate = true
        /// Which engines run the trees, with their options.
        public var router = EngineRouter()
        /// The environment trees and swiftc see.
        public var environment: [String: String] = [:]

        public init() {}
    }

    public var configuration: Configuration
    public var coreCheck = CoreDriftCheck()

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Reads and checks every planned lesson; throws `CourseCheckError` on I/O failure.
    public func check(_ plan: CourseLoader.Plan) throws -> Result {
        var lessons: [Lesson] = []
        var findings: [String: [Diagnostic]] = [:]
        var order: [String] = []
        let loose = plan.diagnostics
        for entry in plan.entries {
            let outcome = try LessonReader.read(entry)
            order.append(entry.displayPath)
            var found = outcome.diagnostics
            if let lesson = outcome.lesson {
                lessons.append(lesson)
                found += lesson.cores.compactMap { coreCheck.check($0, in: lesson.path) }
            }
            findings[entry.displayPath, default: []] += found
        }

        let jobs = lessons.flatMap { lesson in lesson.trees.map { TreeJob(path: lesson.path, tree: $0) } }
        var runs: [(job: TreeJob, run: TreeRun?)] = jobs.map { ($0, nil) }
        var summary = SummaryLine()
        if configuration.evaluate && !jobs.isEmpty {
            let report = try configuration.router.evaluate(jobs, environment: configuration.environment)
            for diagnostic in report.diagnostics {
                findings[diagnostic.location.path, default: []].append(diagnostic)
            }
            for (index, job) in jobs.enumerated() {
                runs[index].run = report.runs[index]
                guard let run = report.runs[index] else { continue }
                findings[job.path, default: []] += OutputCheck.check(run, for: job)
            }
            summary.engines = report.engines
        }

        var diagnostics = loose.filter { !order.contains($0.location.path) }
        for path in order {
            let found = (findings[path] ?? []) + loose.filter { $0.location.path == path }
            diagnostics += found.enumerated()
                .sorted { ($0.element.location.line, $0.offset) < ($1.element.location.line, $1.offset) }
                .map(\.element)
        }
        if configuration.strict {
            diagnostics = diagnostics.map { finding in
                var finding = finding
                if finding.severity == .warning { finding.severity = .error }
                return finding
            }
        }
        summary.lessons = plan.entries.count
        summary.cores = lessons.reduce(0) { $0 + $1.count(of: .core) }
        summary.trees = lessons.reduce(0) { $0 + $1.count(of: .tree) }
        summary.fragments = lessons.reduce(0) { $0 + $1.count(of: .fragment) }
        summary.errors = diagnostics.count { $0.severity == .error }
        summary.warnings = diagnostics.count { $0.severity == .warning }
        return Result(lessons: lessons, diagnostics: diagnostics, summary: summary, runs: runs)
    }
}
