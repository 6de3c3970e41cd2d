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

    /// The evaluate stage's result.
    package struct Report: Sendable {
        /// `runs[i]` is the run compared with job i's expected block, or nil.
        package var runs: [TreeRun?]
        /// `routes[i]` is where job i was sent; nil when it went nowhere (`--engine embedded` refused it).
        package var routes: [Route?]
        /// `treeDiagnostics[i]` are the findings about job i.
        package var treeDiagnostics: [[Diagnostic]]
        /// Findings about the run as a whole, such as a merged build that fell back.
        package var diagnostics: [Diagnostic]
        package var engines: [EngineSummary]
        /// The compiler's version line, when the toolchain engine ran.
        package var toolchainVersion: String?

        package init(jobs count: Int) {
            runs = Array(repeating: nil, count: count)
            routes = Array(repeating: nil, count: count)
            treeDiagnostics = Array(repeating: [], count: count)
            diagnostics = []
            engines = []
        }

        /// Every finding: each tree's in job order, then the run's.
        package var allDiagnostics: [Diagnostic] { treeDiagnostics.flatMap { $0 } + diagnostics }
    }

    package var choice: Choice = .auto
    package var crossCheck = false
    package var toolchain = ToolchainEngine.Options()

    package init() {}

    /// Where each tree would go, from the embedded engine alone: nothing is compiled (`list`).
    package func routes(_ jobs: [TreeJob]) -> Report {
        var report = Report(jobs: jobs.count)
        let engine = EmbeddedEngine(outputLimit: toolchain.outputLimit)
        let evaluations = LargeStack.run { jobs.map(engine.evaluate) }
        for (index, evaluation) in evaluations.enumerated() {
            switch evaluation {
            case .ran, .failed: report.routes[index] = .embedded
            case .needsToolchain(let routing): report.routes[index] = .swiftc(reason: routing.reason)
            }
        }
        return report
    }

    package func evaluate(_ jobs: [TreeJob], environment: [String: String]) throws(CourseCheckError) -> Report {
        var report = Report(jobs: jobs.count)
        var embeddedRuns: [Int: TreeRun] = [:]
        var embeddedFailures: Set<Int> = []
        var embeddedCount = 0
        var toSwiftc: [Int] = []
        var reasons: [String: Int] = [:]
        if choice == .swiftc {
            toSwiftc = Array(jobs.indices)
            report.routes = Array(repeating: .swiftc(reason: nil), count: jobs.count)
        } else {
            let engine = EmbeddedEngine(outputLimit: toolchain.outputLimit)
            // One large-stack thread for the whole batch.
            let evaluations = LargeStack.run { jobs.map(engine.evaluate) }
            for (index, evaluation) in evaluations.enumerated() {
                switch evaluation {
                case .ran(let run, let lints):
                    embeddedCount += 1
                    embeddedRuns[index] = run
                    report.runs[index] = run
                    report.routes[index] = .embedded
                    report.treeDiagnostics[index] += lints
                case .failed(let findings):
                    embeddedCount += 1
                    embeddedFailures.insert(index)
                    report.routes[index] = .embedded
                    report.treeDiagnostics[index] += findings
                case .needsToolchain(let routing):
                    if choice == .embedded {
                        report.treeDiagnostics[index].append(
                            .needsToolchain(at: routing.location, .embeddedOnly(reason: routing.reason)))
                    } else {
                        report.routes[index] = .swiftc(reason: routing.reason)
                        toSwiftc.append(index)
                        reasons[routing.reason, default: 0] += 1
                    }
                }
            }
            if choice == .embedded || embeddedCount > 0 || reasons.isEmpty {
                report.engines.append(EngineSummary(engine: .embedded, trees: embeddedCount))
            }
        }
        // Every tree the embedded engine handled, including those it stopped (a trap, a cycle).
        let crossChecked = crossCheck ? (Array(embeddedRuns.keys) + Array(embeddedFailures)).sorted() : []
        let swiftcJobs = Array(Set(toSwiftc + crossChecked)).sorted()
        guard !swiftcJobs.isEmpty else { return report }

        let toolchainReport = try ToolchainEngine(options: toolchain)
            .evaluate(swiftcJobs.map { jobs[$0] }, environment: environment)
        for (position, index) in swiftcJobs.enumerated() {
            report.treeDiagnostics[index] += toolchainReport.treeDiagnostics[position]
        }
        report.toolchainVersion = toolchainReport.toolchain.version
        var compiledRuns: [Int: TreeRun] = [:]
        for (position, index) in swiftcJobs.enumerated() {
            compiledRuns[index] = toolchainReport.runs[position]
            // A tree the embedded engine stopped keeps its embedded findings, not a second report.
            if !embeddedFailures.contains(index) { report.runs[index] = toolchainReport.runs[position] }
        }
        var swiftc = EngineSummary(engine: .swiftc, trees: swiftcJobs.count, build: toolchainReport.build)
        swiftc.reasons = reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) × \($0.key)" }
        report.engines.append(swiftc)
        if let fallback = toolchainReport.build.fallback {
            report.diagnostics.append(
                .mergedFallback(
                    at: fallback.location ?? jobs[swiftcJobs[0]].headerLocation, reason: fallback.message,
                    single: toolchainReport.build.single))
        }
        if crossCheck {
            var disagreements = 0
            var notCompared = 0
            for index in crossChecked {
                guard let compiled = compiledRuns[index] else {
                    notCompared += 1
                    continue
                }
                let mismatch: Diagnostic?
                if let embedded = embeddedRuns[index] {
                    mismatch = Self.compare(embedded, compiled, job: jobs[index])
                } else if compiled.ending == .exited(0) {
                    mismatch = .engineMismatch(
                        at: jobs[index].headerLocation, treeLine: jobs[index].tree.header.number, diff: nil)
                } else {
                    mismatch = nil
                }
                if let mismatch {
                    report.treeDiagnostics[index].append(mismatch)
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
