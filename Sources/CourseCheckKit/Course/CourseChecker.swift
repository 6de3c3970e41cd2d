/// Runs the pipeline over a course: scan → classify → compare, collecting findings per lesson.
public struct CourseChecker: Sendable {
    /// Everything one run found.
    public struct Result: Sendable {
        public var lessons: [Lesson]
        /// Findings, grouped by lesson in course order and sorted by line within a lesson.
        public var diagnostics: [Diagnostic]
        public var summary: SummaryLine
    }

    public var coreCheck = CoreDriftCheck()
    /// Report warnings as errors.
    public var strict = false

    public init(strict: Bool = false) {
        self.strict = strict
    }

    /// Reads and checks every planned lesson; throws `CourseCheckError` on I/O failure.
    public func check(_ plan: CourseLoader.Plan) throws -> Result {
        var lessons: [Lesson] = []
        var diagnostics = plan.diagnostics
        for entry in plan.entries {
            let outcome = try LessonReader.read(entry)
            var found = outcome.diagnostics
            if let lesson = outcome.lesson {
                lessons.append(lesson)
                found += lesson.cores.compactMap { coreCheck.check($0, in: lesson.path) }
            }
            diagnostics += found.enumerated()
                .sorted { ($0.element.location.line, $0.offset) < ($1.element.location.line, $1.offset) }
                .map(\.element)
        }
        if strict {
            diagnostics = diagnostics.map { finding in
                var finding = finding
                if finding.severity == .warning { finding.severity = .error }
                return finding
            }
        }
        var summary = SummaryLine()
        summary.lessons = plan.entries.count
        summary.cores = lessons.reduce(0) { $0 + $1.count(of: .core) }
        summary.trees = lessons.reduce(0) { $0 + $1.count(of: .tree) }
        summary.fragments = lessons.reduce(0) { $0 + $1.count(of: .fragment) }
        summary.errors = diagnostics.count { $0.severity == .error }
        summary.warnings = diagnostics.count { $0.severity == .warning }
        return Result(lessons: lessons, diagnostics: diagnostics, summary: summary)
    }
}
