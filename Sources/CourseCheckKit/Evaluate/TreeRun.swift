/// What running one tree produced.
package struct TreeRun: Sendable {
    /// The engine that produced the output.
    package var engine: EngineKind
    /// How the program ended.
    package var ending: ChildProcess.Ending
    /// Standard output, from a run whose environment is the reader's (no deterministic hashing).
    package var stdout: [UInt8]
    /// The tail of standard error, for crash reports.
    package var stderr: [UInt8]
    /// The output of another run, when it differs from `stdout`.
    package var divergentStdout: [UInt8]?
    /// Why the output changes, when it does: told apart by runs with deterministic hashing.
    package var divergence: Divergence = .fromRunToRun

    /// What makes a tree's output change between runs.
    package enum Divergence: Sendable, Equatable {
        /// Stable with deterministic hashing, different without: a Set or Dictionary's order.
        case hashSeed
        /// Different even with deterministic hashing: random numbers, the time, addresses.
        case fromRunToRun
    }
    /// True when the result came from the cache instead of a run.
    package var cached: Bool

    package init(
        engine: EngineKind, ending: ChildProcess.Ending, stdout: [UInt8], stderr: [UInt8] = [],
        divergentStdout: [UInt8]? = nil, cached: Bool = false
    ) {
        self.engine = engine
        self.ending = ending
        self.stdout = stdout
        self.stderr = stderr
        self.divergentStdout = divergentStdout
        self.cached = cached
    }
}

/// The engines that can run a tree.
package enum EngineKind: String, Sendable, CaseIterable {
    /// Evaluate in-process through the compiled core; runs no lesson code.
    case embedded
    /// Compile with the installed Swift toolchain and run the binary.
    case swiftc
}
