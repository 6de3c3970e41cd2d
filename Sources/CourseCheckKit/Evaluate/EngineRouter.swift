import Foundation

/// Sends every tree to an engine and gathers the runs: the evaluate stage of the pipeline.
///
/// `auto` evaluates each tree embedded and sends to swiftc only those that import a module or
/// leave the tree language, counting why. `--cross-check` also runs every tree on swiftc and
/// fails where the engines disagree.
package struct EngineRouter: Sendable {
    /// Which engine runs the trees.
    package enum Choice: String, Sendable, CaseIterable {
        /// Embedded where the tree language allows, swiftc for the rest.
        case auto
        /// Embedded only; a tree that needs the toolchain is an error.
        case embedded
        /// swiftc for every tree.
        case swiftc
    }

    /// Where a tree was sent.
    package enum Route: Sendable, Equatable {
        case embedded
        /// To swiftc, with the reason when the embedded engine let go of it (nil under `--engine swiftc`).
        case swiftc(reason: String?)
    }

    /// What the evaluate stage learned about one tree.
    package struct TreeOutcome: Sendable {
        /// The run compared with the tree's expected block, or nil.
        package var run: TreeRun?
        /// Where the tree was sent; nil when it went nowhere (`--engine embedded` refused it).
        package var route: Route?
        /// The findings about the tree.
        package var diagnostics: [Diagnostic] = []
        /// True when the compiler could not be asked whether the tree compiles: its run stands
        /// unverified, and nothing approves or writes it.
        package var unverified = false

        package init(run: TreeRun? = nil, route: Route? = nil, diagnostics: [Diagnostic] = []) {
            self.run = run
            self.route = route
            self.diagnostics = diagnostics
        }
    }

    /// The evaluate stage's result, keyed by each tree's identity.
    package struct Report: Sendable {
        package var trees: [TreeID: TreeOutcome] = [:]
        /// Findings about the run as a whole, such as a merged build that fell back.
        package var diagnostics: [Diagnostic] = []
        package var engines: [EngineSummary] = []
        /// The compiler's version line, when the toolchain engine or the compiler's check ran.
        package var toolchainVersion: String?
        /// What the compiler's check decided, for the summary.
        package var validity: ValiditySummary?
        /// The course's core's own errors, in its file's lines, when it does not compile: the
        /// checker places them at a lesson's core block (`CompilerValidity.Decision.coreErrors`).
        package var coreErrors: [CompilerDiagnostics.Entry] = []

        package init() {}

        /// One tree's outcome (empty when the stage learned nothing about it).
        package subscript(id: TreeID) -> TreeOutcome {
            get { trees[id] ?? TreeOutcome() }
            set { trees[id] = newValue }
        }

        /// Every finding: each tree's in tree order, then the run's.
        package var allDiagnostics: [Diagnostic] {
            trees.sorted { $0.key < $1.key }.flatMap(\.value.diagnostics) + diagnostics
        }
    }

    /// What the embedded engine decided for a batch: the routing `evaluate` and the live loop share.
    package struct Routing: Sendable {
        package var report = Report()
        /// The trees that go to swiftc, in job order, and why, as counts per reason.
        package var toSwiftc: [TreeJob] = []
        package var reasons: [String: Int] = [:]
        /// Trees the embedded engine ran, and those it stopped (a trap, a cycle).
        package var embeddedRuns: [TreeID: TreeRun] = [:]
        package var embeddedFailures: Set<TreeID> = []
        package var embeddedCount = 0
        /// Why the whole course went to swiftc (another course's core), said once, not per tree.
        package var courseReason: String?

        /// The swiftc engine's summary line, with the reasons, most frequent first.
        package func swiftcSummary(build: ToolchainEngine.BuildReport? = nil) -> EngineSummary {
            var summary = EngineSummary(engine: .swiftc, trees: toSwiftc.count, build: build)
            summary.reasons = reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
                "\($0.value) × \($0.key)"
            }
            if let courseReason { summary.reasons.insert(courseReason, at: 0) }
            return summary
        }
    }

    package var choice: Choice = .auto
    package var crossCheck = false
    package var toolchain = ToolchainEngine.Options()

    package init() {}

    /// Routes each job by its embedded evaluation (`evaluations[i]` is job i's; nil under
    /// `--engine swiftc`, where every tree goes to swiftc): the one routing policy.
    package func route(_ jobs: [TreeJob], _ evaluations: [EmbeddedEngine.Evaluation]?) -> Routing {
        var routing = Routing()
        var cached = 0
        guard let evaluations else {
            routing.toSwiftc = jobs
            for job in jobs { routing.report[job.id].route = .swiftc(reason: nil) }
            return routing
        }
        for (job, evaluation) in zip(jobs, evaluations) {
            switch evaluation {
            case .ran(let run, let lints):
                routing.embeddedCount += 1
                if run.cached { cached += 1 }
                routing.embeddedRuns[job.id] = run
                routing.report[job.id] = TreeOutcome(run: run, route: .embedded, diagnostics: lints)
            case .failed(let findings):
                routing.embeddedCount += 1
                routing.embeddedFailures.insert(job.id)
                routing.report[job.id] = TreeOutcome(route: .embedded, diagnostics: findings)
            case .needsToolchain(let reason):
                if choice == .embedded {
                    routing.report[job.id].diagnostics.append(
                        .needsToolchain(at: reason.location, .embeddedOnly(reason: reason.reason)))
                } else {
                    routing.report[job.id].route = .swiftc(reason: reason.reason)
                    routing.toSwiftc.append(job)
                    routing.reasons[reason.reason, default: 0] += 1
                }
            }
        }
        if choice == .embedded || routing.embeddedCount > 0 || routing.reasons.isEmpty {
            var summary = EngineSummary(engine: .embedded, trees: routing.embeddedCount)
            summary.cachedResults = cached
            routing.report.engines.append(summary)
        }
        return routing
    }

    /// The embedded engine under this router's limits: the one `evaluate` runs and `routes` asks.
    private var embedded: EmbeddedEngine { EmbeddedEngine(outputLimit: toolchain.outputLimit) }

    /// Why every tree of a course goes to swiftc: the embedded engine serves only its own core.
    static func otherCoreReason(_ core: CourseCore) -> String {
        "the course's core \(core.fileName) is not the embedded core"
    }

    /// Where each tree would go, from the embedded engine alone: nothing is compiled (`list`).
    package func routes(_ jobs: [TreeJob], core: CourseCore = .embedded) -> Report {
        var report = Report()
        guard core.isEmbedded else {
            for job in jobs { report[job.id].route = .swiftc(reason: Self.otherCoreReason(core)) }
            return report
        }
        for (job, evaluation) in zip(jobs, embedded.interpreted(jobs, width: toolchain.workers)) {
            switch evaluation {
            case .ran, .failed: report[job.id].route = .embedded
            case .needsToolchain(let routing): report[job.id].route = .swiftc(reason: routing.reason)
            }
        }
        return report
    }

    /// Asks the compiler whether each tree compiles, then runs those it accepts: a tree it rejects
    /// is its `compile-error` alone, in every mode, and no engine runs it. When the compiler cannot
    /// be asked, the trees run unverified and one `validity-unknown` finding says why.
    ///
    /// `core` is the course's: the embedded engine runs trees only on its own core, so another
    /// course's trees all go to swiftc (under `--engine embedded`, each is `needs-toolchain`).
    package func evaluate(_ jobs: [TreeJob], environment: [String: String], core: CourseCore = .embedded)
        throws(CourseCheckError) -> Report
    {
        if !core.isEmbedded, choice == .embedded, !jobs.isEmpty {
            throw .usage(
                "--engine embedded runs only the course coursecheck is built with, and \(Self.otherCoreReason(core)); "
                    + "run with --engine auto or swiftc")
        }
        var router = self
        router.toolchain.coreFileName = core.fileName
        return try router.evaluateWithCore(jobs, environment: environment, core: core)
    }

    private func evaluateWithCore(_ jobs: [TreeJob], environment: [String: String], core: CourseCore)
        throws(CourseCheckError) -> Report
    {
        var rejected: [TreeID: [Diagnostic]] = [:]
        var coreErrors: [CompilerDiagnostics.Entry] = []
        let validity: ValiditySummary
        var unverified = false
        var version: String?
        // Each tree's text hashed once, on the worker threads, for both caches' keys.
        let digests = parallelMap(jobs, width: toolchain.workers) { $0.programDigest }
        do throws(CourseCheckError) {
            let decision = try CompilerValidity.decide(
                jobs, core: core.text, environment: environment, options: toolchain, digests: digests)
            for (id, verdict) in decision.verdicts {
                if case .rejected(let findings) = verdict { rejected[id] = findings }
            }
            validity = ValiditySummary(
                accepted: decision.accepted, rejected: decision.rejected, unanswered: decision.unanswered,
                blocked: decision.blocked)
            coreErrors = decision.coreErrors
            version = decision.toolchain.version
        } catch {
            validity = ValiditySummary(undecided: error.message)
            unverified = true
        }
        let kept = jobs.indices.filter { rejected[jobs[$0].id] == nil }
        var report = try run(
            kept.map { jobs[$0] }, digests: kept.map { digests[$0] }, environment: environment, core: core)
        for (id, findings) in rejected { report[id] = TreeOutcome(diagnostics: findings) }
        if unverified, let first = jobs.first {
            for job in jobs { report[job.id].unverified = true }
            report.diagnostics.insert(
                .validityUnknown(at: first.headerLocation, reason: validity.undecided ?? "", trees: jobs.count), at: 0)
        }
        report.validity = validity
        report.coreErrors = coreErrors
        report.toolchainVersion = report.toolchainVersion ?? version
        return report
    }

    /// Runs trees the compiler has accepted (or could not be asked about): the engines' part.
    private func run(_ jobs: [TreeJob], digests: [String], environment: [String: String], core: CourseCore)
        throws(CourseCheckError) -> Report
    {
        guard !jobs.isEmpty else { return Report() }
        // A large-stack thread per core for the whole batch.
        let routing =
            core.isEmbedded
            ? route(
                jobs,
                choice == .swiftc
                    ? nil : embedded.evaluate(jobs, width: toolchain.workers, cache: toolchain.cache, digests: digests))
            : otherCoreRouting(jobs, core: core)
        var report = routing.report
        // Every tree the embedded engine handled, including those it stopped (a trap, a cycle).
        let crossChecked =
            crossCheck
            ? jobs.filter { routing.embeddedRuns[$0.id] != nil || routing.embeddedFailures.contains($0.id) } : []
        let swiftcIDs = Set(routing.toSwiftc.map(\.id)).union(crossChecked.map(\.id))
        let swiftcJobs = jobs.filter { swiftcIDs.contains($0.id) }
        guard !swiftcJobs.isEmpty else { return report }

        let toolchainReport = try ToolchainEngine(options: toolchain, core: core.text).evaluate(
            swiftcJobs, environment: environment)
        for (id, findings) in toolchainReport.treeDiagnostics { report[id].diagnostics += findings }
        report.toolchainVersion = toolchainReport.toolchain.version
        // A tree the embedded engine stopped keeps its embedded findings, not a second report.
        for (id, run) in toolchainReport.runs where !routing.embeddedFailures.contains(id) { report[id].run = run }
        var swiftc = routing.swiftcSummary(build: toolchainReport.build)
        swiftc.trees = swiftcJobs.count
        report.engines.append(swiftc)
        if let (_, finding) = Self.fallbackFinding(toolchainReport, jobs: swiftcJobs) {
            report.diagnostics.append(finding)
        }
        // Another course's trees have no embedded run to compare with: the summary says so.
        if crossCheck && !core.isEmbedded {
            report.engines.append(EngineSummary(unavailableCrossCheck: "no second engine runs the course's core"))
        }
        if crossCheck && core.isEmbedded {
            var disagreements = 0
            var notCompared = 0
            for job in crossChecked {
                guard let compiled = toolchainReport.runs[job.id] else {
                    notCompared += 1
                    continue
                }
                let mismatch: Diagnostic?
                if let embedded = routing.embeddedRuns[job.id] {
                    mismatch = Self.compare(embedded, compiled, job: job)
                } else if compiled.ending == .exited(0) {
                    mismatch = .engineMismatch(at: job.headerLocation, treeLine: job.tree.header.number, diff: nil)
                } else {
                    mismatch = nil
                }
                if let mismatch {
                    report[job.id].diagnostics.append(mismatch)
                    disagreements += 1
                }
            }
            report.engines.append(
                EngineSummary(
                    crossChecked: crossChecked.count - notCompared, disagreements: disagreements,
                    notCompared: notCompared))
        }
        return report
    }

    /// Another course's routing: the embedded engine serves only its own core, so every tree goes
    /// to swiftc, and the summary says why, once (`--engine embedded` is refused before this).
    private func otherCoreRouting(_ jobs: [TreeJob], core: CourseCore) -> Routing {
        let reason = Self.otherCoreReason(core)
        var routing = Routing()
        routing.courseReason = reason
        for job in jobs {
            routing.report[job.id].route = .swiftc(reason: reason)
            routing.toSwiftc.append(job)
        }
        return routing
    }

    /// The `merged-fallback` finding of a toolchain report, and the tree it is located in (the one
    /// swiftc blamed, else the first), so the live loop can keep it with that tree's results.
    static func fallbackFinding(_ report: ToolchainEngine.Report, jobs: [TreeJob]) -> (TreeJob, Diagnostic)? {
        guard let fallback = report.build.fallback, let first = jobs.first else { return nil }
        let merged = jobs.first { $0.id == fallback.tree } ?? first
        let location = fallback.location ?? merged.headerLocation
        let owner =
            jobs.first {
                $0.path == location.path
                    && ($0.tree.block.opening.number...$0.tree.block.closing.number).contains(location.line)
            } ?? merged
        return (owner, .mergedFallback(at: location, reason: fallback.message, single: report.build.single))
    }

    /// An `engine-mismatch` finding when the engines printed different things.
    static func compare(_ embedded: TreeRun, _ compiled: TreeRun, job: TreeJob) -> Diagnostic? {
        guard embedded.stdout != compiled.stdout || embedded.ending != compiled.ending else { return nil }
        func lines(_ run: TreeRun) -> [String] {
            LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self)).map(\.visible)
        }
        let diff = UnifiedDiff(
            old: .init(label: "swiftc (\(compiled.ending))", lines: lines(compiled), firstLine: 1),
            new: .init(label: "embedded (\(embedded.ending))", lines: lines(embedded), firstLine: 1)
        ).hunks()
        return .engineMismatch(at: job.headerLocation, treeLine: job.tree.header.number, diff: diff)
    }
}
