import Foundation

/// Evaluates trees in-process through the core compiled into coursecheck. Nothing from a lesson
/// is compiled or executed: the tree language interpreter only calls the core.
package struct EmbeddedEngine: Sendable {
    /// What happened to one tree.
    package enum Evaluation: Sendable {
        /// The tree ran; lints are warnings about its shape.
        case ran(TreeRun, lints: [Diagnostic])
        /// The tree ran into a guard or a trap (cycle, crash, runaway); reported as errors.
        case failed([Diagnostic])
        /// The tree is outside the tree language; only the toolchain can run it.
        case needsToolchain(Routing)
    }

    /// Why a tree left the embedded engine, and where.
    package struct Routing: Sendable, Equatable {
        /// Short, groupable: "import Observation" or "unsupported in the tree language: 'for' statement".
        package var reason: String
        package var location: SourceLocation
    }

    package var limits: Interpreter.Limits

    package init(limits: Interpreter.Limits = Interpreter.Limits()) {
        self.limits = limits
    }

    package init(outputLimit: Int) {
        var limits = Interpreter.Limits()
        limits.outputBytes = outputLimit
        self.limits = limits
    }

    /// The reason a tree cannot run embedded, decided from its text alone: a line that starts with
    /// `import`. The embedded engine never emulates a system module. Such a line inside a string
    /// only hands the tree to the toolchain, which is never wrong.
    package static func staticRouting(_ job: TreeJob) -> Routing? {
        for line in job.tree.block.body {
            // Bytes first: splitting every line into words cost more than the rest of routing.
            let bytes = line.text.utf8
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            guard bytes.dropFirst(indent).starts(with: "import".utf8) else { continue }
            let words = line.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.first == "import", words.count >= 2 else { continue }
            return Routing(
                reason: "import \(words[1])",
                location: job.tree.location(line: line.number, column: indent + 1, in: job.path))
        }
        return nil
    }

    /// Bumped whenever what the embedded engine prints for a tree may change without the binary
    /// changing (it never should: the binary's identity is in the key too).
    static let semanticsVersion = "1"

    /// The running coursecheck binary as the file system names it (device, inode, size,
    /// modification time to the nanosecond), as ccache names a compiler: the interpreter and the
    /// core are compiled into it, so a rebuilt binary misses every cached result. It is the file
    /// the kernel runs (`Platform.runningExecutable`), so no `argv[0]` can
    /// lend another build's results, and also the file `argv[0]` names when there is one: under
    /// valgrind the kernel runs valgrind's tool, and `argv[0]` tells one build from another. Nil
    /// when the running file cannot be told, and nothing is then cached.
    static let binaryIdentity: String? = {
        func stamp(_ path: String) -> String? {
            guard let identity = FileGate.Identity.of(path) else { return nil }
            return "\(identity.device):\(identity.inode):\(identity.size):\(identity.modified)."
                + "\(identity.modifiedNanoseconds)"
        }
        guard let running = Platform.runningExecutable.flatMap(stamp) else { return nil }
        return running + "|" + (argumentZero().flatMap(stamp) ?? "")
    }()

    /// The file `argv[0]` names: a path as it is, a bare name through `PATH`.
    static func argumentZero() -> String? {
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        return first.contains("/") ? first : Toolchain.onPath(first, environment: ProcessInfo.processInfo.environment)
    }

    /// The hasher after the parts every tree's key shares, hashed once per evaluation.
    private func keyBase(identity: String) -> SHA256 {
        var base = SHA256()
        base.feed([
            Self.semanticsVersion, identity, "\(limits.steps)", "\(limits.callDepth)", "\(limits.outputBytes)",
        ])
        return base
    }

    /// The cache key of a tree's clean run: its program (its digest), the limits that bound it,
    /// and the binary. The interpreter reads each line's text, never its ending.
    private func resultKey(digest: String, base: SHA256) -> String {
        var hasher = base
        hasher.feed([digest])
        return "emb-" + hasher.finalize()
    }

    /// Each job's evaluation, `width` at a time. A tree that ran clean (no failure, no lint) with
    /// the same text, limits and binary before is read from `cache`, as the toolchain engine reads
    /// a passing result: the interpreter is deterministic, and on a warm run this was about a
    /// fifth of all the work. Everything else is evaluated, and clean runs are stored.
    package func evaluate(_ jobs: [TreeJob], width: Int, cache: Cache?, digests: [String]? = nil) -> [Evaluation] {
        guard let cache, let identity = Self.binaryIdentity else { return interpreted(jobs, width: width) }
        let base = keyBase(identity: identity)
        // Keys hashed and entries read on the worker threads: on a warm run this is all the work.
        let looked = parallelMap(Array(jobs.indices), width: width) { index in
            let key = resultKey(digest: digests?[index] ?? jobs[index].programDigest, base: base)
            return (key, cache.bytes(key))
        }
        let keys = looked.map(\.0)
        var evaluations: [Evaluation?] = looked.map { _, bytes in
            bytes.map {
                .ran(TreeRun(engine: .embedded, ending: .exited(0), stdout: Array($0), cached: true), lints: [])
            }
        }
        let missing = jobs.indices.filter { evaluations[$0] == nil }
        for (index, evaluation) in zip(missing, interpreted(missing.map { jobs[$0] }, width: width)) {
            evaluations[index] = evaluation
            if case .ran(let run, let lints) = evaluation, lints.isEmpty, run.ending == .exited(0) {
                cache.store(data: Data(run.stdout), as: keys[index])
            }
        }
        return evaluations.map { $0! }
    }

    /// Each job's evaluation without the cache, `width` at a time on large-stack threads. A tree
    /// routed by its text alone (an `import`) needs neither the interpreter nor those threads: on a
    /// warm run, starting them for the two `import Observation` trees was the evaluate stage's
    /// largest cost.
    func interpreted(_ jobs: [TreeJob], width: Int) -> [Evaluation] {
        var evaluations = jobs.map { Self.staticRouting($0).map(Evaluation.needsToolchain) }
        let rest = jobs.indices.filter { evaluations[$0] == nil }
        for (index, evaluation) in zip(rest, LargeStack.map(rest.map { jobs[$0] }, width: width, evaluate)) {
            evaluations[index] = evaluation
        }
        return evaluations.map { $0! }
    }

    package func evaluate(_ job: TreeJob) -> Evaluation {
        // Without a token nothing stops the evaluation but its own limits.
        evaluate(job, stop: nil)!
    }

    /// The evaluation, or nil when `stop` stopped it first (it then has no result to keep).
    package func evaluate(_ job: TreeJob, stop: StopToken?) -> Evaluation? {
        if let routing = Self.staticRouting(job) { return .needsToolchain(routing) }
        var limits = limits
        limits.stop = stop
        let outcome = Interpreter.run(job.tree.block.body, limits: limits)
        let lints = outcome.lints.map { lint in
            Diagnostic.treeShape(lint, at: location(lint.position, job))
        }
        guard let failure = outcome.failure else {
            let run = TreeRun(engine: .embedded, ending: .exited(0), stdout: Array(outcome.output.utf8))
            return .ran(run, lints: lints)
        }
        let at = job.tree.location(line: failure.position.line, column: failure.position.column, in: job.path)
        let message = failure.message
        switch failure.kind {
        case .unsupported, .invalid, .limit:
            return .needsToolchain(Routing(reason: failure.message, location: at))
        case .trap:
            return .failed(lints + [.treeFailed(at: at, .wouldCrash(message), output: partial(outcome.output))])
        case .outputLimit:
            // The same finding as a compiled tree that printed too much, at the print that crossed the limit.
            return .failed(
                lints + [
                    .treeFailed(
                        at: at, .ended(.outputLimit(bytes: limits.outputBytes)), output: partial(outcome.output))
                ])
        case .cycle:
            return .failed(lints + [.parentCycle(at: at, message)])
        case .stopped:
            return nil
        }
    }

    private func location(_ position: SyntaxPosition, _ job: TreeJob) -> SourceLocation {
        job.tree.location(line: position.line, column: position.column, in: job.path)
    }

    private func partial(_ output: String) -> OutputExcerpt {
        OutputExcerpt(sections: [OutputExcerpt.section("partial output", Array(output.utf8))].compactMap { $0 })
    }
}
