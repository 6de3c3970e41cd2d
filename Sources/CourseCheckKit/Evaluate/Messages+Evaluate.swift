/// Running trees: compiling them, how a run ended, and what the engines said about it.
extension Diagnostic {
    /// Where a compile error swiftc reported lies: in the tree, in the core, or elsewhere (`file`
    /// empty when swiftc named none).
    enum CompileErrorOrigin {
        case tree
        case core(file: String, line: Int, column: Int)
        case elsewhere(file: String)
    }

    static func compileError(at location: SourceLocation, _ swiftcMessage: String, in origin: CompileErrorOrigin)
        -> Diagnostic
    {
        let message =
            switch origin {
            case .tree: "tree does not compile: \(swiftcMessage)"
            case .core(let file, let line, let column):
                "tree does not compile: \(swiftcMessage) (in the core, \(file):\(line):\(column))"
            case .elsewhere(let file): "tree does not compile: \(swiftcMessage) (in \(file.isEmpty ? "swiftc" : file))"
            }
        return Diagnostic(.compileError, at: location, message)
    }

    /// How `invisibleInTree`'s message starts: its consequences are no notes of it.
    static let invisibleInTreeLead = "tree does not compile: the line holds "

    /// A tree that does not compile for a character no reader sees on the line swiftc names.
    static func invisibleInTree(at location: SourceLocation, _ scalar: Unicode.Scalar, swiftcMessage: String)
        -> Diagnostic
    {
        Diagnostic(
            .compileError, at: location,
            invisibleInTreeLead + "\(Invisible.name(scalar)) here, which readers do not see and "
                + "swiftc reads as no space (it says: \(swiftcMessage)); delete \(Invisible.name(scalar))")
    }

    /// The course's core does not compile (swiftc's first error in it, at `coreLine` of the core's
    /// file): the one finding for the mistake, at the core block, however many trees it stopped.
    /// `lessons` is how many lessons hold this core text, each of which the fix must reach.
    static func coreDoesNotCompile(
        at location: SourceLocation, _ swiftcMessage: String, core: String, coreLine: Int, column: Int, lessons: Int,
        trees: Int
    ) -> Diagnostic {
        let fix =
            lessons > 1
            ? "fix it the same way in the core block of each of the \(lessons) lessons that hold it"
            : "fix it in this core block"
        return Diagnostic(
            .compileError, at: location,
            "the course's core does not compile: \(swiftcMessage) (\(core):\(coreLine):\(column)); \(fix); "
                + "\(Plural.count(trees, "tree")) not compiled until it does")
    }

    /// swiftc failed for `cause`, which is the machine's, not the tree's.
    static func toolchainFailed(at location: SourceLocation, cause: String) -> Diagnostic {
        Diagnostic(
            .toolchainFailed, at: location,
            "tree was not compiled: \(cause); this is the machine's, not the tree's: fix it and run again")
    }

    /// swiftc ran past `--compile-timeout` (`seconds`, as printed) on a tree or on a display fragment.
    static func compileTimeout(at location: SourceLocation, seconds: String, fragment: Bool) -> Diagnostic {
        Diagnostic(
            .compileTimeout, at: location,
            fragment
                ? "swiftc -parse did not finish this display fragment within \(seconds) (--compile-timeout); it was stopped"
                : "tree did not compile within \(seconds) (--compile-timeout); swiftc and its children were stopped")
    }

    /// How a tree failed: a process ending other than status 0, or the embedded engine's trap.
    enum TreeFailure {
        case ended(ChildProcess.Ending)
        case wouldCrash(String)
    }

    /// The one builder of `tree-failed`, for both engines, with the output captured before it ended.
    static func treeFailed(at location: SourceLocation, _ failure: TreeFailure, output: OutputExcerpt) -> Diagnostic {
        let message =
            switch failure {
            case .ended(.exited(let status)): "tree exited with status \(status)"
            case .ended(.signalled(let signal)): "tree crashed (\(OutputCheck.signalName(signal)))"
            case .ended(.timedOut(let seconds)):
                "tree did not finish within \(OutputCheck.format(seconds)) s; stopped it"
            case .ended(.outputLimit(let bytes)): "tree printed more than \(ByteSize.describe(bytes)); stopped it"
            case .wouldCrash(let reason): "tree would crash here: \(reason)"
            }
        return Diagnostic(.treeFailed, at: location, message, attachment: .excerpt(output))
    }

    /// The first output line (1-based) that changed when the tree ran again with another hash seed.
    static func nondeterministic(at location: SourceLocation, line: Int, cause: TreeRun.Divergence) -> Diagnostic {
        switch cause {
        case .hashSeed:
            Diagnostic(
                .nondeterministic, at: location,
                "tree output is nondeterministic: output line \(line) changes with the hash seed "
                    + "(does it print a Set or a Dictionary?); it is stable with SWIFT_DETERMINISTIC_HASHING=1")
        case .fromRunToRun:
            Diagnostic(
                .nondeterministic, at: location,
                "tree output is nondeterministic: output line \(line) changes from run to run, even with "
                    + "deterministic hashing (random numbers, the time, addresses, the directory it runs in?)")
        }
    }

    /// The merged build failed at `location` for `reason`; `single` trees were compiled one by one.
    static func mergedFallback(at location: SourceLocation, reason: String, single: Int) -> Diagnostic {
        Diagnostic(
            .mergedFallback, at: location,
            "merged build failed here (\(reason)); compiled \(Plural.count(single, "tree")) one by one")
    }

    /// The parents of nodes form a cycle; `message` is the embedded engine's account of it.
    static func parentCycle(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.parentCycle, at: location, message)
    }

    /// A warning about a tree's shape (`unknown-parent`, `duplicate-node`, `unread-storage-key`)
    /// that the embedded engine found while running it.
    static func treeShape(_ lint: Interpreter.Lint, at location: SourceLocation) -> Diagnostic {
        assert(
            [.unknownParent, .duplicateNode, .unreadStorageKey].contains(lint.id), "not a tree-shape id: \(lint.id)")
        return Diagnostic(lint.id, at: location, lint.message)
    }

    /// Why a tree that needs swiftc got none.
    enum NeedsToolchain {
        /// `--engine embedded` was asked for; `reason` says what the embedded engine cannot run.
        case embeddedOnly(reason: String)
        /// The toolchain engine failed as a whole (the live check).
        case toolchainFailed(String)
    }

    /// The compiler could not be asked whether the trees compile (`reason`): said once, at the first tree.
    static func validityUnknown(at location: SourceLocation, reason: String, trees: Int) -> Diagnostic {
        Diagnostic(
            .validityUnknown, at: location,
            "whether the trees compile cannot be decided: \(reason); \(Plural.count(trees, "tree")) ran unverified, "
                + "and none is approved or promoted")
    }

    static func needsToolchain(at location: SourceLocation, _ cause: NeedsToolchain) -> Diagnostic {
        let message =
            switch cause {
            case .embeddedOnly(let reason):
                "tree needs the toolchain engine (\(reason)); run with --engine auto or swiftc"
            case .toolchainFailed(let failure): "tree needs swiftc, which failed: \(failure)"
            }
        return Diagnostic(.needsToolchain, at: location, message)
    }

    /// Under `--cross-check`: the engines printed different things (`diff` from swiftc's output
    /// to the embedded one; empty when only the endings differ), or (`diff` nil) the embedded
    /// engine stopped a tree swiftc ran to the end.
    static func engineMismatch(at location: SourceLocation, treeLine: Int, diff: DiffHunks?) -> Diagnostic {
        guard let diff else {
            return Diagnostic(
                .engineMismatch, at: location,
                "engines disagree on tree at line \(treeLine): the embedded engine stopped it (see its finding), "
                    + "swiftc ran it to the end")
        }
        return Diagnostic(
            .engineMismatch, at: location, "engines disagree on the output of tree at line \(treeLine)",
            attachment: diff.isEmpty ? .sentence("the outputs are equal; the runs ended differently") : .diff(diff))
    }
}
