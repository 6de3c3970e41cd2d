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
