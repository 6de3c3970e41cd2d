import Foundation
import Synchronization

/// The evaluate stage of the live loop (`watch`, `lsp`): the same routing as `EngineRouter`, with
/// every result cached by the tree's text, and swiftc trees run in the background.
///
/// An edit re-evaluates only the trees whose text changed; a tree that only moved gets its cached
/// findings shifted to its new lines. A swiftc tree not in the cache is left pending (no run, no
/// finding) and compiled on a background thread; `onSwiftcDone` then asks the loop for a second
/// check, which finds its result in the cache.
package final class LiveEvaluator: Sendable {
    /// One cached outcome, with the header line it was computed at (findings are shifted from there).
    struct Cached: Sendable {
        var run: TreeRun?
        var diagnostics: [Diagnostic]
        var path: String
        var headerLine: Int
    }

    /// A tree's text as UTF-8 bytes: hashing bytes skips the Unicode normalization a `String` key
    /// costs on every Turkish letter.
    typealias Key = [UInt8]

    struct State: Sendable {
        var embedded: [Key: (evaluation: EmbeddedEngine.Evaluation, path: String, line: Int)] = [:]
        var swiftc: [Key: Cached] = [:]
        var inFlight: Set<Key> = []
        var toolchainVersion: String?
        var cancelled = false
    }

    private let state = Mutex(State())
    let router: EngineRouter
    let onSwiftcDone: @Sendable () -> Void

    package init(router: EngineRouter, onSwiftcDone: @escaping @Sendable () -> Void) {
        self.router = router
        self.onSwiftcDone = onSwiftcDone
    }

    /// True while a background swiftc run is going on.
    package var isRunningSwiftc: Bool { state.withLock { !$0.inFlight.isEmpty } }

    /// Stops caching background results: the loop is shutting down.
    package func cancel() { state.withLock { $0.cancelled = true } }

    /// The trees of the last `evaluate` that are still waiting for swiftc.
    package struct Outcome: Sendable {
        package var report: EngineRouter.Report
        package var pending: [TreeJob]
    }

    /// Evaluates `jobs`: embedded trees now (from the cache where the text is unchanged), swiftc
    /// trees from the cache or, when missing, pending and started in the background.
    package func evaluate(_ jobs: [TreeJob], environment: [String: String]) -> Outcome {
        var evaluations: [EmbeddedEngine.Evaluation]?
        if router.choice != .swiftc {
            let engine = EmbeddedEngine(outputLimit: router.toolchain.outputLimit)
            let keys = jobs.map(Self.key)
            var cached: [EmbeddedEngine.Evaluation?] = state.withLock { state in
                zip(jobs, keys).map { job, key in
                    state.embedded[key].map { Self.shift($0.evaluation, from: ($0.path, $0.line), to: job) }
                }
            }
            let missing = cached.indices.filter { cached[$0] == nil }
            if !missing.isEmpty {
                let fresh = LargeStack.run { missing.map { engine.evaluate(jobs[$0]) } }
                for (index, evaluation) in zip(missing, fresh) { cached[index] = evaluation }
            }
            let all = cached.compactMap { $0 }
            // New texts join the cache; when edits have grown it well past the course, it restarts
            // from this check's trees, so it never grows without bound.
            state.withLock { state in
                if state.embedded.count > 4 * max(jobs.count, 256) { state.embedded = [:] }
                for (index, key) in keys.enumerated() where state.embedded[key] == nil {
                    state.embedded[key] = (all[index], jobs[index].path, jobs[index].tree.header.number)
                }
            }
            evaluations = all
        }
        // The router's own routing: the live loop differs only in where swiftc's results come from.
        let routing = router.route(jobs, evaluations)
        var report = routing.report
        guard !routing.toSwiftc.isEmpty else { return Outcome(report: report, pending: []) }

        var pending: [TreeJob] = []
        var toStart: [TreeJob] = []
        state.withLock { state in
            for job in routing.toSwiftc {
                if let cached = state.swiftc[Self.key(job)] {
                    report[job.id].run = cached.run
                    report[job.id].diagnostics += Self.shift(
                        cached.diagnostics, from: (cached.path, cached.headerLine), to: job)
                } else {
                    pending.append(job)
                    if state.inFlight.insert(Self.key(job)).inserted { toStart.append(job) }
                }
            }
            report.toolchainVersion = state.toolchainVersion
        }
        report.engines.append(routing.swiftcSummary())
        if !toStart.isEmpty { start(toStart, environment: environment) }
        return Outcome(report: report, pending: pending)
    }

    /// Compiles and runs `jobs` on a background thread, caches each result by tree text, then calls
    /// `onSwiftcDone`.
    private func start(_ jobs: [TreeJob], environment: [String: String]) {
        let options = router.toolchain
        Thread.detachNewThread { [self] in
            var results: [Key: Cached] = [:]
            var version: String?
            do throws(CourseCheckError) {
                let report = try ToolchainEngine(options: options).evaluate(jobs, environment: environment)
                version = report.toolchain.version
                // The merged build's fallback stays with the tree it is located in, as the router places it.
                let fallback = EngineRouter.fallbackFinding(report, jobs: jobs)
                for job in jobs {
                    var diagnostics = report.treeDiagnostics[job.id] ?? []
                    if let (owner, finding) = fallback, owner.id == job.id { diagnostics.append(finding) }
                    results[Self.key(job)] = Cached(
                        run: report.runs[job.id], diagnostics: diagnostics, path: job.path,
                        headerLine: job.tree.header.number)
                }
            } catch {
                let message = error.message
                for job in jobs {
                    results[Self.key(job)] = Cached(
                        run: nil,
                        diagnostics: [.needsToolchain(at: job.headerLocation, .toolchainFailed(message))],
                        path: job.path, headerLine: job.tree.header.number)
                }
            }
            let keep = state.withLock { state in
                for job in jobs { state.inFlight.remove(Self.key(job)) }
                guard !state.cancelled else { return false }
                state.swiftc.merge(results) { $1 }
                state.toolchainVersion = version ?? state.toolchainVersion
                return true
            }
            if keep { onSwiftcDone() }
        }
    }

    /// The body lines' bytes, terminators included: what the engines see of a tree.
    static func key(_ job: TreeJob) -> Key {
        var bytes: [UInt8] = []
        for line in job.tree.block.body {
            bytes += line.text.utf8
            bytes += line.ending.rawValue.utf8
        }
        return bytes
    }

    /// A cached evaluation moved to where the tree now stands.
    static func shift(_ evaluation: EmbeddedEngine.Evaluation, from: (path: String, line: Int), to job: TreeJob)
        -> EmbeddedEngine.Evaluation
    {
        switch evaluation {
        case .ran(let run, let lints): .ran(run, lints: shift(lints, from: from, to: job))
        case .failed(let findings): .failed(shift(findings, from: from, to: job))
        case .needsToolchain(var routing):
            .needsToolchain(
                {
                    routing.location = moved(routing.location, from: from, to: job)
                    return routing
                }())
        }
    }

    static func shift(_ diagnostics: [Diagnostic], from: (path: String, line: Int), to job: TreeJob) -> [Diagnostic] {
        guard from.path != job.path || from.line != job.tree.header.number else { return diagnostics }
        return diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.location = moved(diagnostic.location, from: from, to: job)
            diagnostic.notes = diagnostic.notes.map { .init(moved($0.location, from: from, to: job), $0.message) }
            return diagnostic
        }
    }

    private static func moved(_ location: SourceLocation, from: (path: String, line: Int), to job: TreeJob)
        -> SourceLocation
    {
        guard location.path == from.path else { return location }
        var location = location
        location.path = job.path
        location.line += job.tree.header.number - from.line
        return location
    }
}
