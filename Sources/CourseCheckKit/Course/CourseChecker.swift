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
        /// The compiler's version line, when the toolchain engine ran.
        public var toolchainVersion: String?
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
        /// Where the approved outputs are.
        public var goldens: GoldenMode = .beside
        /// Check the course's claims (closing table, triggers, notes, index, front matter, fragments).
        public var claims = true
        /// Lesson texts that replace the files on disk, by the lesson's standardized path: an
        /// editor's unsaved buffers (`coursecheck lsp`). Empty for every other command.
        public var overlay: [String: [UInt8]] = [:]
        /// Evaluates the trees instead of `router`: the live loop's evaluator, which caches runs by
        /// tree text and leaves swiftc trees pending. Nil for every other command.
        public var evaluator: (@Sendable ([TreeJob], [String: String]) throws -> EngineRouter.Report)?

        /// Where goldens are looked up.
        public enum GoldenMode: Sendable, Equatable {
            /// `goldens/` beside each lesson's directory.
            case beside
            /// One directory for all lessons (`--goldens DIR`), with its display path.
            case directory(URL, display: String)
            /// No golden check (`--no-goldens`).
            case off
        }

        public init() {}
    }

    public var configuration: Configuration
    public var coreCheck = CoreDriftCheck()

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Reads and checks every planned lesson; throws `CourseCheckError` on I/O failure.
    public func check(_ plan: CourseLoader.Plan) throws -> Result {
        try validateStores(plan)
        var lessons: [Lesson] = []
        var stores: [String: GoldenStore] = [:]
        var findings: [String: [Diagnostic]] = [:]
        var order: [String] = []
        var loose = plan.diagnostics
        for entry in plan.entries {
            let outcome = try LessonReader.read(entry, overlay: configuration.overlay)
            order.append(entry.displayPath)
            var found = outcome.diagnostics
            if let lesson = outcome.lesson {
                lessons.append(lesson)
                stores[lesson.path] = store(for: entry)
                found += lesson.cores.compactMap { coreCheck.check($0, in: lesson.path) }
                found += GoldenName.names(for: lesson).findings
            }
            findings[entry.displayPath, default: []] += found
        }

        let jobs = lessons.flatMap { lesson in lesson.trees.map { TreeJob(path: lesson.path, tree: $0) } }
        var runs: [(job: TreeJob, run: TreeRun?)] = jobs.map { ($0, nil) }
        var summary = SummaryLine()
        var toolchainVersion: String?
        if configuration.evaluate && !jobs.isEmpty {
            let report = try configuration.evaluator?(jobs, configuration.environment)
                ?? configuration.router.evaluate(jobs, environment: configuration.environment)
            for diagnostic in report.diagnostics {
                findings[diagnostic.location.path, default: []].append(diagnostic)
            }
            for (index, job) in jobs.enumerated() {
                runs[index].run = report.runs[index]
                guard let run = report.runs[index] else { continue }
                findings[job.path, default: []] += OutputCheck.check(run, for: job)
            }
            summary.engines = report.engines
            toolchainVersion = report.toolchainVersion
            if configuration.goldens != .off {
                var compared = 0
                loose += checkGoldens(
                    lessons, runs: runs, stores: stores, plan: plan, toolchain: report.toolchainVersion,
                    into: &findings, compared: &compared)
                summary.goldens = "goldens: \(compared) compared"
            }
        }

        if configuration.claims {
            var facts = CourseFacts.gather(
                lessons: lessons, runs: runs, plan: plan, cache: configuration.router.toolchain.cache,
                environment: configuration.environment, overlay: configuration.overlay)
            facts.compileTimeout = configuration.router.toolchain.compileTimeout
            let report = CourseClaims.check(facts)
            for diagnostic in report.diagnostics {
                if order.contains(diagnostic.location.path) {
                    findings[diagnostic.location.path, default: []].append(diagnostic)
                } else {
                    loose.append(diagnostic)
                }
            }
            summary.claims = report.summary
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
        return Result(
            lessons: lessons, diagnostics: diagnostics, summary: summary, runs: runs, toolchainVersion: toolchainVersion)
    }

    /// The runs of each lesson's trees: `runs` is in course order, lesson after lesson.
    static func runsByLesson(_ lessons: [Lesson], _ runs: [(job: TreeJob, run: TreeRun?)]) -> [[TreeRun?]] {
        var offset = 0
        return lessons.map { lesson in
            defer { offset += lesson.trees.count }
            return runs[offset..<(offset + lesson.trees.count)].map(\.run)
        }
    }

    /// For each goldens directory of a whole lessons directory checked, the golden folders of lessons
    /// that no longer exist. Every lesson of the run that shares the goldens directory keeps its
    /// folder, so two lessons directories with one `goldens/` never orphan each other.
    func orphanFolders(_ plan: CourseLoader.Plan) -> [(store: GoldenStore, orphan: GoldenStore.Entry)] {
        var stores: [String: GoldenStore] = [:]
        var order: [String] = []
        var stems: [String: Set<String>] = [:]
        for entry in plan.entries {
            guard let store = store(for: entry) else { continue }
            let key = GoldenStore.canonicalPath(store.root)
            if stores[key] == nil { order.append(key) }
            stores[key] = stores[key] ?? store
            stems[key, default: []].insert(GoldenStore.stem(of: entry.displayPath))
        }
        let wholeDirectories = plan.directories.compactMap { directory in
            plan.entries.first {
                $0.url.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL
            }.flatMap { store(for: $0) }.map { GoldenStore.canonicalPath($0.root) }
        }
        var found: [(GoldenStore, GoldenStore.Entry)] = []
        for key in order where wholeDirectories.contains(key) {
            guard let store = stores[key], store.exists else { continue }
            found += store.orphanFolders(keeping: stems[key] ?? []).map { (store, $0) }
        }
        return found
    }

    /// Every directory holding a lesson of the run, as the user would name it.
    static func lessonDirectories(_ plan: CourseLoader.Plan) -> [(url: URL, display: String)] {
        zip(plan.directories, plan.directoryDisplayPaths).map { ($0, $1) }
            + plan.entries.map { entry in
                let parent = (entry.displayPath as NSString).deletingLastPathComponent
                return (entry.url.deletingLastPathComponent(), parent.isEmpty ? "." : parent)
            }
    }

    /// Refuses a goldens directory coursecheck must not write in, and two lessons that would share
    /// one golden folder, before anything is read or written.
    func validateStores(_ plan: CourseLoader.Plan) throws {
        let lessonDirectories = Self.lessonDirectories(plan)
        var checked: Set<String> = []
        var owners: [String: String] = [:]
        for entry in plan.entries {
            guard let store = store(for: entry) else { continue }
            let key = GoldenStore.canonicalPath(store.root)
            if checked.insert(key).inserted, let reason = store.refusal(lessonDirectories: lessonDirectories) {
                throw CourseCheckError.usage(
                    "refusing the goldens directory \(store.displayRoot): \(reason); coursecheck creates and deletes "
                        + "golden files there, so give it a directory of its own (such as goldens/ beside lessons/)")
            }
            let folder = key + "/" + GoldenStore.stem(of: entry.displayPath)
            if let other = owners[folder] {
                throw CourseCheckError.usage(
                    "\(other) and \(entry.displayPath) would share the golden folder "
                        + "\(store.displayRoot)/\(GoldenStore.stem(of: entry.displayPath)); check them with separate --goldens directories")
            }
            owners[folder] = entry.displayPath
        }
    }

    /// The golden store of one lesson under the configured mode.
    func store(for entry: CourseLoader.Entry) -> GoldenStore? {
        switch configuration.goldens {
        case .beside: GoldenStore.beside(lessonEntry: entry)
        case .directory(let url, let display): GoldenStore(root: url, displayRoot: display)
        case .off: nil
        }
    }

    /// The golden half of the three-way verdict; returns findings not located in a lesson.
    private func checkGoldens(
        _ lessons: [Lesson], runs: [(job: TreeJob, run: TreeRun?)], stores: [String: GoldenStore],
        plan: CourseLoader.Plan, toolchain: String?, into findings: inout [String: [Diagnostic]], compared: inout Int
    ) -> [Diagnostic] {
        var loose: [Diagnostic] = []
        var reportedRoots: Set<String> = []
        for (lesson, lessonRuns) in zip(lessons, Self.runsByLesson(lessons, runs)) {
            guard let store = stores[lesson.path] else { continue }
            guard store.exists else {
                let first = reportedRoots.insert(store.root.path).inserted
                if first, GoldenStore.kind(store.root) != .missing {
                    findings[lesson.path, default: []].append(.goldenMissing(
                        at: SourceLocation(path: lesson.path, line: 1), .rootIsFile(root: store.displayRoot)))
                } else if first {
                    findings[lesson.path, default: []].append(.goldenMissing(
                        at: SourceLocation(path: lesson.path, line: 1), .noDirectory(root: store.displayRoot)))
                }
                continue
            }
            let uncertain = (findings[lesson.path] ?? []).contains { GoldenUpdater.structuralIDs.contains($0.id) }
            findings[lesson.path, default: []] += GoldenCheck(store: store).check(lesson, runs: lessonRuns, orphans: !uncertain)
            compared += zip(lessonRuns, GoldenName.names(for: lesson).trees).count { run, name in
                name != nil && (run.map { $0.ending == .exited(0) && $0.divergentStdout == nil } ?? false)
            }
            if reportedRoots.insert(store.root.path).inserted, let note = GoldenCheck(store: store).toolchainNote(current: toolchain) {
                loose.append(note)
            }
        }
        for (store, orphan) in orphanFolders(plan) {
            loose.append(GoldenCheck(store: store).orphanFinding(orphan, lesson: nil))
        }
        return loose
    }
}
