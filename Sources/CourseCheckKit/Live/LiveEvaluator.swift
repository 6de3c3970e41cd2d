import Foundation
import Synchronization

/// The evaluate stage of the live loop (`watch`, `lsp`): the same routing as `EngineRouter`, with
/// every result cached by the tree's text, and nothing that may run long on the loop's thread.
///
/// An edit re-evaluates only the trees whose text changed; a tree that only moved gets its cached
/// findings shifted to its new lines. Each embedded tree runs on the calling thread for at most
/// `slice` seconds, and all of them for at most `budget`; a tree still running then (a runaway
/// recursion) and those not reached move to a background lane. swiftc trees always run on a background lane, one batch at
/// a time, once its queue has been quiet for `quiet` (a burst of edits is one compile of the last text). A tree in a lane is pending (no run, no finding); when a lane caches a result,
/// `onResults` asks the loop for another check, which finds it in the cache.
///
/// Whether a tree compiles is the compiler's, as in a check: a third lane asks it of each tree
/// text once (`CompilerValidity`, one compile at a time, so a core stays the loop's). Until it
/// has answered, the tree's run is shown and the tree is unverified (the summary says so, and an
/// approval asks the compiler first); a tree it rejects is then its `compile-error` alone.
///
/// A newer text of a lesson supersedes its trees' older texts: a superseded tree leaves its
/// lane's queue, and a running one is stopped (the interpreter between steps, swiftc and the tree
/// binaries by killing their session), so at most one compile per tree is ever in flight.
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

    /// A tree waiting for or running in a lane.
    struct Work: Sendable {
        var job: TreeJob
        var key: Key
    }

    /// Background work of one kind: a queue and what one thread is running from it.
    struct Lane: Sendable {
        var queue: [Work] = []
        var running: [Work] = []
        var token: StopToken?
        /// A thread serves the lane (it ends when the queue is empty).
        var active = false
        /// When work last joined or left the queue (uptime nanoseconds): a compiling lane starts
        /// only once this is `quiet` seconds old.
        var changed: UInt64 = 0
        /// The batches this lane has started (compiles, for the compiling lanes).
        var started = 0

        func holds(_ key: Key) -> Bool {
            queue.contains { $0.key == key } || running.contains { $0.key == key }
        }

        mutating func enqueue(_ work: [Work]) {
            for item in work where !holds(item.key) {
                queue.append(item)
                changed = DispatchTime.now().uptimeNanoseconds
            }
        }

        /// Drops the superseded trees; stops the running ones when one of them is, and queues the
        /// rest of them again, first.
        mutating func supersede(where superseded: (Work) -> Bool) {
            let waiting = queue.count
            queue.removeAll(where: superseded)
            if queue.count != waiting { changed = DispatchTime.now().uptimeNanoseconds }
            guard running.contains(where: superseded) else { return }
            changed = DispatchTime.now().uptimeNanoseconds
            token?.stop()
            let survivors = running.filter { !superseded($0) && !queue.map(\.key).contains($0.key) }
            queue.insert(contentsOf: survivors, at: 0)
            running = []
        }

        mutating func stop() {
            token?.stop()
            queue = []
            running = []
        }
    }

    /// Results by tree text, bounded by entries and by bytes (texts, outputs, messages): past
    /// either bound it starts again empty and the next check fills it with the course's current
    /// trees, so a day of edits (or a tree printing a megabyte per keystroke) never grows it.
    struct Bounded<Value: Sendable>: Sendable {
        private(set) var entries: [Key: Value] = [:]
        private(set) var bytes = 0
        static var maxEntries: Int { 4096 }
        static var maxBytes: Int { 16 << 20 }

        subscript(key: Key) -> Value? { entries[key] }

        mutating func insert(_ value: Value, for key: Key, size: Int) {
            if entries[key] == nil && (entries.count >= Self.maxEntries || bytes + size + key.count > Self.maxBytes) {
                entries = [:]
                bytes = 0
            }
            if entries.updateValue(value, forKey: key) == nil { bytes += size + key.count }
        }
    }

    typealias EmbeddedEntry = (evaluation: EmbeddedEngine.Evaluation, path: String, line: Int)
    typealias ValidityEntry = (verdict: CompilerValidity.Verdict, path: String, line: Int)

    struct State: Sendable {
        var embedded = Bounded<EmbeddedEntry>()
        var swiftc = Bounded<Cached>()
        var embeddedLane = Lane()
        var swiftcLane = Lane()
        var validity = Bounded<ValidityEntry>()
        var validityLane = Lane()
        /// Why the compiler cannot be asked, once a lane has found it cannot.
        var undecided: String?
        var environment: [String: String] = [:]
        var toolchainVersion: String?
        var cancelled = false
    }

    private let state = Mutex(State())
    let router: EngineRouter
    /// Seconds one embedded tree may run on the calling thread; nil for no limit.
    let slice: Double?
    /// Seconds all of a check's embedded trees may run on the calling thread (two slices): with
    /// the rest of a whole-course check, a request waits well under 100 ms for the loop.
    var budget: Double? { slice.map { $0 * 2 } }
    let onResults: @Sendable () -> Void
    /// The embedded engine's limits; the output cap always comes from the router's options.
    let limits: Interpreter.Limits
    /// Whether the compiler is asked about each tree: always, but in the tests of the other lanes.
    let asksCompiler: Bool
    /// Seconds a compiling lane (swiftc, the compiler's verdicts) waits after the last change to
    /// its queue before it compiles: a burst of keystrokes is one compile of the last text, not
    /// one per keystroke. The embedded lane never waits.
    let quiet: Double

    /// The default quiet period: longer than the pause between two keystrokes of a typist.
    package static let defaultQuiet = 0.3

    /// The default slice: long enough for any ordinary tree, in a debug build too (a few ms), so
    /// only a runaway leaves the loop; a check waits at most two slices for its trees.
    package static let defaultSlice = 0.025

    package init(
        router: EngineRouter, slice: Double? = defaultSlice, limits: Interpreter.Limits = Interpreter.Limits(),
        asksCompiler: Bool = true, quiet: Double = defaultQuiet, onResults: @escaping @Sendable () -> Void
    ) {
        self.router = router
        self.quiet = quiet
        self.asksCompiler = asksCompiler
        self.slice = slice
        self.onResults = onResults
        var limits = limits
        limits.outputBytes = router.toolchain.outputLimit
        self.limits = limits
    }

    /// True when a final result for `job`'s text is cached: an embedded run or failure, or swiftc's.
    func hasResult(for job: TreeJob) -> Bool {
        let key = Self.key(job)
        return state.withLock { state in
            if state.swiftc[key] != nil { return true }
            if case .needsToolchain = state.embedded[key]?.evaluation { return false }
            return state.embedded[key] != nil
        }
    }

    /// The compiles the swiftc lane and the compiler's lane have started (stopped ones included).
    package var compiles: (swiftc: Int, validity: Int) {
        state.withLock { ($0.swiftcLane.started, $0.validityLane.started) }
    }

    /// True while a background lane has work (a tree being evaluated, compiled or run).
    package var isBusy: Bool {
        state.withLock { $0.embeddedLane.active || $0.swiftcLane.active || $0.validityLane.active }
    }

    /// Stops every lane and caches nothing more: the loop is shutting down.
    package func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.embeddedLane.stop()
            state.swiftcLane.stop()
            state.validityLane.stop()
        }
    }

    /// The trees of the last `evaluate` that are still waiting for a lane.
    package struct Outcome: Sendable {
        package var report: EngineRouter.Report
        package var pending: [TreeJob]
        /// Trees the compiler has not yet answered for: their runs are shown, unverified.
        package var unverified: [TreeJob] = []
    }

    /// Evaluates `jobs`: each from the cache where its text is known, embedded trees on this
    /// thread within the slice, the rest pending in a background lane.
    package func evaluate(_ jobs: [TreeJob], environment: [String: String]) -> Outcome {
        let allKeys = jobs.map(Self.key)
        supersede(jobs, allKeys)
        // Acceptances already in the on-disk cache are known at once (nothing is compiled here):
        // a warm start shows no tree unverified, and only new texts wait for the lane.
        if asksCompiler {
            let unknown = state.withLock { state in
                state.undecided == nil ? jobs.indices.filter { state.validity[allKeys[$0]] == nil } : []
            }
            if !unknown.isEmpty {
                let found = CompilerValidity.cachedAcceptances(
                    unknown.map { jobs[$0] }, environment: environment, options: router.toolchain)
                state.withLock { state in
                    for (position, index) in unknown.enumerated() where found.contains(position) {
                        Self.remember(.accepted, of: jobs[index], key: allKeys[index], in: &state)
                    }
                }
            }
        }
        // The compiler's verdicts first: a rejected tree runs nowhere, an unanswered one is pending.
        var rejected: [(TreeJob, [Diagnostic])] = []
        var unanswered: [TreeJob] = []
        let (undecided, startValidity) = state.withLock { state -> (String?, Bool) in
            var waiting: [Work] = []
            for (job, key) in zip(jobs, allKeys) {
                switch state.validity[key] {
                case .some((.rejected(let findings), let path, let line)):
                    rejected.append((job, Self.shift(findings, from: (path, line), to: job)))
                case .some((.accepted, _, _)):
                    break
                case .none:
                    guard asksCompiler, state.undecided == nil else { continue }
                    unanswered.append(job)
                    waiting.append(Work(job: job, key: key))
                }
            }
            state.environment = environment
            state.validityLane.enqueue(waiting)
            return (state.undecided, Self.claim(&state.validityLane, cancelled: state.cancelled))
        }
        if startValidity { serveValidity() }
        // A rejected tree runs nowhere; an unanswered one runs, shown as unverified until the answer.
        let refused = Set(rejected.map(\.0.id))
        var outcome = run(jobs.filter { !refused.contains($0.id) }, environment: environment)
        for (job, findings) in rejected { outcome.report[job.id] = EngineRouter.TreeOutcome(diagnostics: findings) }
        outcome.unverified = unanswered
        if let undecided, let first = jobs.first {
            for job in jobs { outcome.report[job.id].unverified = true }
            outcome.report.diagnostics.insert(
                .validityUnknown(at: first.headerLocation, reason: undecided, trees: jobs.count), at: 0)
            outcome.report.validity = ValiditySummary(undecided: undecided)
        } else if asksCompiler {
            outcome.report.validity = ValiditySummary(
                accepted: jobs.count - rejected.count - unanswered.count, rejected: rejected.count,
                pending: unanswered.count)
        }
        return outcome
    }

    /// The engines' part of `evaluate`, for the trees the compiler has not rejected.
    private func run(_ jobs: [TreeJob], environment: [String: String]) -> Outcome {
        let keys = jobs.map(Self.key)
        var pending: [TreeJob] = []
        var evaluations = [EmbeddedEngine.Evaluation?](repeating: nil, count: jobs.count)
        if router.choice != .swiftc {
            var toRun: [Int] = []
            state.withLock { state in
                for index in jobs.indices {
                    if let entry = state.embedded[keys[index]] {
                        evaluations[index] = Self.shift(
                            entry.evaluation, from: (entry.path, entry.line), to: jobs[index])
                    } else if state.embeddedLane.holds(keys[index]) {
                        pending.append(jobs[index])
                    } else {
                        toRun.append(index)
                    }
                }
            }
            if !toRun.isEmpty {
                let engine = EmbeddedEngine(limits: limits)
                let (slice, budget) = (slice, budget)
                let fresh = LargeStack.run { [toRun] in
                    let check = budget.map { StopToken(seconds: $0) }
                    return toRun.map { index -> EmbeddedEngine.Evaluation? in
                        // Past the check's budget nothing more starts; each tree stops at its slice.
                        guard check?.isStopped != true, slice != 0 else { return nil }
                        return engine.evaluate(jobs[index], stop: slice.map { StopToken(seconds: $0, within: check) })
                    }
                }
                // Those not reached go first: they are likely quick, and the one that ran out the
                // slice is not.
                var notReached: [Work] = []
                var stopped: [Work] = []
                for (position, index) in toRun.enumerated() {
                    if let evaluation = fresh[position] {
                        evaluations[index] = evaluation
                    } else {
                        pending.append(jobs[index])
                        let work = Work(job: jobs[index], key: keys[index])
                        if position == 0 || fresh[position - 1] != nil {
                            stopped.append(work)
                        } else {
                            notReached.append(work)
                        }
                    }
                }
                let start = state.withLock { state in
                    for (position, index) in toRun.enumerated() {
                        guard let evaluation = fresh[position], state.embedded[keys[index]] == nil else { continue }
                        state.embedded.insert(
                            (evaluation, jobs[index].path, jobs[index].tree.header.number), for: keys[index],
                            size: Self.size(evaluation))
                    }
                    state.embeddedLane.enqueue(notReached + stopped)
                    return Self.claim(&state.embeddedLane, cancelled: state.cancelled)
                }
                if start { serveEmbedded() }
            }
        }
        // The router's own routing, of the trees that have an evaluation (all of them under
        // `--engine swiftc`): the live loop differs only in where results come from.
        let ready = router.choice == .swiftc ? Array(jobs.indices) : jobs.indices.filter { evaluations[$0] != nil }
        let routing = router.route(
            ready.map { jobs[$0] }, router.choice == .swiftc ? nil : ready.map { evaluations[$0]! })
        var report = routing.report
        guard !routing.toSwiftc.isEmpty else { return Outcome(report: report, pending: pending) }

        let start = state.withLock { state in
            var waiting: [Work] = []
            for job in routing.toSwiftc {
                let key = Self.key(job)
                if let cached = state.swiftc[key] {
                    report[job.id].run = cached.run
                    report[job.id].diagnostics += Self.shift(
                        cached.diagnostics, from: (cached.path, cached.headerLine), to: job)
                } else {
                    pending.append(job)
                    waiting.append(Work(job: job, key: key))
                }
            }
            report.toolchainVersion = state.toolchainVersion
            state.environment = environment
            state.swiftcLane.enqueue(waiting)
            return Self.claim(&state.swiftcLane, cancelled: state.cancelled)
        }
        report.engines.append(routing.swiftcSummary())
        if start { serveSwiftc() }
        return Outcome(report: report, pending: pending)
    }

    /// True when the lane has work and no thread: the caller starts one.
    private static func claim(_ lane: inout Lane, cancelled: Bool) -> Bool {
        guard !cancelled, !lane.active, !lane.queue.isEmpty else { return false }
        lane.active = true
        return true
    }

    /// A lesson's trees in `jobs` are its current texts: any other text of that lesson in a lane
    /// is superseded.
    private func supersede(_ jobs: [TreeJob], _ keys: [Key]) {
        var current: [String: Set<Key>] = [:]
        for (job, key) in zip(jobs, keys) { current[job.path, default: []].insert(key) }
        let superseded: (Work) -> Bool = { work in current[work.job.path].map { !$0.contains(work.key) } ?? false }
        state.withLock { state in
            state.embeddedLane.supersede(where: superseded)
            state.swiftcLane.supersede(where: superseded)
            state.validityLane.supersede(where: superseded)
        }
    }

    /// Takes the next batch from a lane (`whole`: all of it, else one tree), or ends the lane's
    /// thread when there is none.
    private func next(
        _ lane: WritableKeyPath<State, Lane>, whole: Bool, atMost limit: Int = .max, waitsForQuiet: Bool = false
    ) -> (work: [Work], token: StopToken)? {
        if waitsForQuiet { awaitQuiet(lane) }
        return state.withLock { state in
            state[keyPath: lane].running = []
            state[keyPath: lane].token = nil
            guard !state.cancelled, !state[keyPath: lane].queue.isEmpty else {
                state[keyPath: lane].active = false
                return nil
            }
            let count = min(whole ? state[keyPath: lane].queue.count : 1, limit)
            let work = Array(state[keyPath: lane].queue.prefix(count))
            state[keyPath: lane].queue.removeFirst(count)
            let token = StopToken()
            state[keyPath: lane].running = work
            state[keyPath: lane].token = token
            state[keyPath: lane].started += 1
            return (work, token)
        }
    }

    /// Sleeps until the lane's queue has not changed for `quiet` seconds (or the loop is cancelled).
    private func awaitQuiet(_ lane: WritableKeyPath<State, Lane>) {
        let quietNanoseconds = UInt64(max(0, quiet) * 1e9)
        while true {
            let remaining = state.withLock { state -> UInt64 in
                let now = DispatchTime.now().uptimeNanoseconds
                let since = now &- state[keyPath: lane].changed
                guard !state.cancelled, state[keyPath: lane].changed != 0, since < quietNanoseconds else { return 0 }
                return quietNanoseconds - since
            }
            guard remaining > 0 else { return }
            usleep(UInt32(min(remaining / 1000, 1_000_000)))
        }
    }

    /// Evaluates the embedded lane's trees one at a time, without the slice, until it is empty.
    private func serveEmbedded() {
        let engine = EmbeddedEngine(limits: limits)
        Thread.detachNewThread { [self] in
            LargeStack.run { [self] in
                while let (work, token) = next(\.embeddedLane, whole: false) {
                    guard let item = work.first, let evaluation = engine.evaluate(item.job, stop: token) else {
                        continue
                    }
                    let kept = state.withLock { state in
                        guard !state.cancelled, !token.wasStopped else { return false }
                        state.embedded.insert(
                            (evaluation, item.job.path, item.job.tree.header.number), for: item.key,
                            size: Self.size(evaluation))
                        return true
                    }
                    if kept { onResults() }
                }
            }
        }
    }

    /// Asks the compiler about one tree now, on the caller's thread (an approval must not wait for
    /// the lane): from the cache when it is there, else one compile. Nil when it cannot be asked.
    package func verify(_ job: TreeJob, environment: [String: String]) -> CompilerValidity.Verdict? {
        var alone = job
        alone.id = TreeID(lesson: 0, ordinal: 0)
        var options = router.toolchain
        options.workers = 1
        guard let decision = try? CompilerValidity.decide([alone], environment: environment, options: options),
            let verdict = decision.verdicts[alone.id]
        else { return nil }
        state.withLock { state in Self.remember(verdict, of: job, key: Self.key(job), in: &state) }
        return verdict
    }

    /// Asks the compiler about the validity lane's trees, all that wait as one batch, until it is
    /// empty; caches each verdict by tree text and calls `onResults` after each batch.
    private func serveValidity() {
        Thread.detachNewThread { [self] in
            // A few trees a batch, each batch's verdicts kept and published: the lesson just opened
            // or edited (its trees queued first) is answered in a second, not after the course.
            while let (work, token) = next(\.validityLane, whole: true, atMost: 4, waitsForQuiet: true) {
                var options = router.toolchain
                options.stop = token
                // One compile at a time: the loop and the embedded lane keep a core.
                options.workers = 1
                // Numbered afresh: a batch may gather trees of several checks, whose ids could meet.
                let jobs = work.enumerated().map { position, item in
                    var job = item.job
                    job.id = TreeID(lesson: 0, ordinal: position)
                    return job
                }
                let environment = state.withLock { $0.environment }
                let decided: Result<CompilerValidity.Decision, CourseCheckError> = Result {
                    () throws(CourseCheckError) -> CompilerValidity.Decision in
                    try CompilerValidity.decide(jobs, environment: environment, options: options)
                }
                let kept = state.withLock { state in
                    guard !state.cancelled, !token.wasStopped else { return false }
                    switch decided {
                    case .success(let decision):
                        for (job, item) in zip(jobs, work) {
                            guard let verdict = decision.verdicts[job.id] else { continue }
                            Self.remember(verdict, of: item.job, key: item.key, in: &state)
                        }
                    case .failure(let error):
                        state.undecided = error.message
                        state.validityLane.queue = []
                    }
                    return true
                }
                if kept { onResults() }
            }
        }
    }

    /// Compiles and runs the swiftc lane's trees, all that wait as one batch, until it is empty;
    /// caches each result by tree text and calls `onResults` after each batch.
    private func serveSwiftc() {
        Thread.detachNewThread { [self] in
            while let (work, token) = next(\.swiftcLane, whole: true, waitsForQuiet: true) {
                var options = router.toolchain
                options.stop = token
                let jobs = work.map(\.job)
                let environment = state.withLock { $0.environment }
                let (results, version) = Self.compile(jobs, options: options, environment: environment)
                let kept = state.withLock { state in
                    guard !state.cancelled, !token.wasStopped else { return false }
                    for (key, cached) in results {
                        state.swiftc.insert(
                            cached, for: key,
                            size: (cached.run.map { $0.stdout.count + $0.stderr.count } ?? 0)
                                + Self.size(cached.diagnostics))
                    }
                    state.toolchainVersion = version ?? state.toolchainVersion
                    return true
                }
                if kept { onResults() }
            }
        }
    }

    private static func compile(_ jobs: [TreeJob], options: ToolchainEngine.Options, environment: [String: String])
        -> (results: [Key: Cached], version: String?)
    {
        var results: [Key: Cached] = [:]
        do throws(CourseCheckError) {
            let report = try ToolchainEngine(options: options).evaluate(jobs, environment: environment)
            // The merged build's fallback stays with the tree it is located in, as the router places it.
            let fallback = EngineRouter.fallbackFinding(report, jobs: jobs)
            for job in jobs {
                var diagnostics = report.treeDiagnostics[job.id] ?? []
                if let (owner, finding) = fallback, owner.id == job.id { diagnostics.append(finding) }
                results[key(job)] = Cached(
                    run: report.runs[job.id], diagnostics: diagnostics, path: job.path,
                    headerLine: job.tree.header.number)
            }
            return (results, report.toolchain.version)
        } catch {
            let message = error.message
            for job in jobs {
                results[key(job)] = Cached(
                    run: nil, diagnostics: [.needsToolchain(at: job.headerLocation, .toolchainFailed(message))],
                    path: job.path, headerLine: job.tree.header.number)
            }
            return (results, nil)
        }
    }

    /// Keeps the compiler's verdict on a tree text, with the header line its findings are at.
    private static func remember(_ verdict: CompilerValidity.Verdict, of job: TreeJob, key: Key, in state: inout State)
    {
        var size = 64
        if case .rejected(let findings) = verdict { size += Self.size(findings) }
        state.validity.insert((verdict, job.path, job.tree.header.number), for: key, size: size)
    }

    /// About what an evaluation holds in memory, for the cache's byte bound.
    static func size(_ evaluation: EmbeddedEngine.Evaluation) -> Int {
        switch evaluation {
        case .ran(let run, let lints): run.stdout.count + size(lints)
        case .failed(let findings): size(findings)
        case .needsToolchain(let routing): routing.reason.utf8.count + 64
        }
    }

    static func size(_ diagnostics: [Diagnostic]) -> Int {
        diagnostics.reduce(0) { $0 + 64 + $1.message.utf8.count + ($1.attachment?.text.utf8.count ?? 0) }
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
