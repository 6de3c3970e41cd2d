import Foundation

/// One check of the live loop: `CourseChecker` with the caching evaluator and, for `lsp`, the
/// editor's unsaved lessons as an overlay.
package struct LiveChecker: Sendable {
    /// A check's result, the trees still waiting for swiftc, and how long it took.
    package struct Outcome: Sendable {
        package var result: CourseChecker.Result
        package var pending: [TreeJob]
        package var milliseconds: Double
        /// Trees whose runs are shown before the compiler has said whether they compile.
        package var unverified: [TreeJob] = []

        /// What the live loop keeps of this check until the next one: the lessons' lines, blocks
        /// and tree results, which requests (hover, quick fixes, approving) read, without the block
        /// structure and the claims' reading of the prose (with its inline parse), which only the
        /// check itself reads and which hold about twenty times the lesson's text.
        package var retained: Outcome {
            var kept = self
            for index in kept.result.lessonResults.indices {
                kept.result.lessonResults[index].claimText = nil
                kept.result.lessonResults[index].lesson?.document = nil
            }
            return kept
        }

        /// The pending job of the tree at `header` in the lesson at `path`, if it is one.
        package func pending(_ path: String, header: Int) -> TreeJob? {
            pending.first { $0.path == path && $0.tree.header.number == header }
        }

        /// The unverified job of the tree at `header` in the lesson at `path`, if it is one.
        package func unverified(_ path: String, header: Int) -> TreeJob? {
            unverified.first { $0.path == path && $0.tree.header.number == header }
        }
    }

    package var checker: CourseChecker
    package let evaluator: LiveEvaluator

    package init(configuration: CourseChecker.Configuration, onResults: @escaping @Sendable () -> Void) {
        checker = CourseChecker(configuration: configuration)
        evaluator = LiveEvaluator(
            router: configuration.router, slice: Self.slice(configuration.environment), onResults: onResults)
    }

    /// `COURSECHECK_LIVE_SLICE_MS`, the milliseconds a tree may run inside a check before it moves
    /// to the background lane (its finding then comes in a later publish); the default suits an
    /// ordinary machine. A slow or loaded one (a CI runner, a test suite) may ask for more.
    static func slice(_ environment: [String: String]) -> Double {
        guard let text = environment["COURSECHECK_LIVE_SLICE_MS"], let milliseconds = Double(text),
            milliseconds > 0, milliseconds.isFinite
        else { return LiveEvaluator.defaultSlice }
        return milliseconds / 1000
    }

    /// `8.4 ms`, or `23 ms` from 10 ms on.
    package static func milliseconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f ms", value) : "\(Int(value.rounded())) ms"
    }

    /// Checks `plan` with `overlay` in place of the files it names.
    /// `claims: false` leaves the course claims out whatever the configuration says (a quick check
    /// of one edited lesson).
    package func check(_ plan: CourseLoader.Plan, overlay: [String: [UInt8]] = [:], claims: Bool = true)
        throws(CourseCheckError) -> Outcome
    {
        let started = DispatchTime.now().uptimeNanoseconds
        let pending = Locked<[TreeJob]>([])
        let unverified = Locked<[TreeJob]>([])
        var configured = checker
        configured.configuration.overlay = overlay
        if !claims { configured.configuration.claims = false }
        configured.configuration.evaluator = { [evaluator] jobs, environment in
            let outcome = evaluator.evaluate(jobs, environment: environment)
            pending.set(outcome.pending)
            unverified.set(outcome.unverified)
            return outcome.report
        }
        var result = try configured.check(plan)
        let waiting = pending.get()
        if !waiting.isEmpty {
            // A declared trigger may be printed only by a pending tree: that claim waits for swiftc
            // rather than report a cause that is merely not computed yet.
            let lessons = Set(waiting.map(\.path))
            result.removeFindings { finding, _ in
                finding.diagnostic.id == .declaredTrigger && lessons.contains(finding.diagnostic.location.path)
            }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        return Outcome(result: result, pending: waiting, milliseconds: elapsed, unverified: unverified.get())
    }
}
