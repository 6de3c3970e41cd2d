/// The commands that write: `--update` (goldens) and `--promote` (expected blocks).
extension Diagnostic {
    /// Why `--update` did not approve a tree, or left a lesson's or the toolchain file alone.
    package enum UpdateRefused: Sendable, Equatable {
        /// The lesson's `id` error at `line` makes its trees uncertain (at line 1 of the lesson).
        case structural(id: DiagnosticID, line: Int)
        /// The golden at `path` is something coursecheck did not make.
        case foreign(path: String, what: String)
        /// The tree has no clean run to approve, for this reason.
        case ranUncleanly(Unclean)
        /// The compiler could not be asked whether the tree compiles; the `validity-unknown` finding
        /// that says why is at this location (nil when the check made none, as the live loop does).
        case unverified(see: SourceLocation?)
        case unrepresentable(Unrepresentable)
        /// The output differs from the expected block at `expectedLine`.
        case contradicted(expectedLine: Int)
        /// The toolchain file at `path` is a link or a folder.
        case toolchainFile(path: String)
        /// `FileGate` refused to write the golden at `path` (changed on disk, read-only, ...).
        case notWritten(path: String, reason: String)
        /// `FileGate` refused to remove the orphan at `path`.
        case notRemoved(path: String, reason: String)
        /// The tree has no golden: goldens are off, or its header gives it no name.
        case noGolden
        /// Nothing was written into the goldens directory `store`, `trees` trees' approvals
        /// included: its record (`record`) does not let this run write there.
        case storeRecord(store: String, record: String, trees: Int)
    }

    /// Why a tree has no clean run to approve: said in words, or by the finding of the same report
    /// that says it (its id and location), never by a finding that may not be there.
    package enum Unclean: Sendable, Equatable {
        /// It ran and did not end with status 0: a crash, a status, a time-out, too much output.
        case failed(ChildProcess.Ending)
        /// Its output changes from run to run.
        case nondeterministic
        /// It did not run; the finding `id` at `location` says why (a compile error, say).
        case notRun(see: DiagnosticID, at: SourceLocation)
        /// It did not run and the check made no finding that says why (the live loop's approve).
        case notRunUnexplained
    }

    static func updateRefused(at location: SourceLocation, _ reason: UpdateRefused) -> Diagnostic {
        let message =
            switch reason {
            case .structural(let id, let line):
                "goldens of this lesson left as they are: the \(id.rawValue) error at line \(line) makes its trees "
                    + "uncertain; fix it, then run --update again"
            case .foreign(let path, let what): "not approved: \(path) is not coursecheck's to write: \(what)"
            case .ranUncleanly(.failed(let ending)):
                "not approved: \(OutputVerdict.failed(ending).promoteSkipReason ?? "the tree failed"), so it has no "
                    + "output to approve"
            case .ranUncleanly(.nondeterministic):
                "not approved: the tree's output changes from run to run, so it has no one output to approve"
            case .ranUncleanly(.notRun(let id, let at)):
                "not approved: the tree has no clean run to approve; see \(id.rawValue) at \(at)"
            case .ranUncleanly(.notRunUnexplained): "not approved: the tree has no clean run to approve"
            case .unverified(let at):
                "not approved: the compiler could not be asked whether the tree compiles, so nothing is approved"
                    + (at.map { "; see validity-unknown at \($0)" } ?? "")
            case .unrepresentable(.invalidUTF8):
                "not approved: no lesson block can show this tree's output exactly: it is not valid UTF-8"
            case .unrepresentable(.nulByte):
                "not approved: no lesson block can show this tree's output exactly: it holds a NUL byte"
            case .unrepresentable(.noFinalNewline):
                "not approved: no lesson block can show this tree's output exactly: it does not end with a newline"
            case .unrepresentable(.carriageReturn):
                "not approved: no lesson block can show this tree's output exactly: it holds a carriage return (CR)"
            case .contradicted(let expectedLine):
                "not approved: the tree's output differs from the lesson's expected block at line \(expectedLine); fix "
                    + "the lesson, or run --promote, then --update"
            case .toolchainFile(let path):
                "\(path) is not a regular file (a link or a folder), so it is left as it is"
            case .notWritten(let path, let reason): "not written: \(path): \(reason)"
            case .notRemoved(let path, let reason): "not removed: \(path): \(reason)"
            case .noGolden:
                "not approved: the tree has no golden of its own (goldens are off, or its header names none)"
            case .storeRecord(let store, let record, let trees):
                "nothing written into \(store)\(trees > 0 ? ", \(Plural.count(trees, "tree"))' approvals included" : ""): "
                    + "its record of the lessons directories it serves does not allow it; see golden-record at "
                    + record
            }
        return Diagnostic(.updateRefused, at: location, message)
    }

    /// Why `--promote` left a whole lesson as it is.
    enum PromoteRefused {
        /// The lesson's structural error: its message, at `line`, which the refusal repeats in words.
        case structural(id: DiagnosticID, line: Int, message: String)
        /// `FileGate` refused to write the lesson file.
        case notWritten(reason: String)
    }

    static func promoteRefused(at location: SourceLocation, _ reason: PromoteRefused) -> Diagnostic {
        let message =
            switch reason {
            case .structural(let id, let line, let message):
                "lesson not promoted: line \(line): \(message) [\(id.rawValue)]; fix it, then run --promote again"
            case .notWritten(let reason): "lesson not promoted: \(reason)"
            }
        return Diagnostic(.promoteRefused, at: location, message)
    }

    /// `--promote` left the tree's expected block as it is, for `reason`.
    static func promoteSkipped(at location: SourceLocation, reason: String) -> Diagnostic {
        Diagnostic(.promoteSkipped, at: location, "not promoted: \(reason)")
    }
}

/// `init`: why it wrote nothing, and what it did.
extension CourseCheckError {
    /// The target folder is a file, or holds something (`first`, and `more` besides).
    static func initRefused(_ shown: String, isFile: Bool, first: String = "", more: Bool = false) -> CourseCheckError {
        .usage(
            isFile
                ? "init: \(shown) is a file; init starts a course in a new or empty folder"
                : "init: \(shown) is not empty (it holds \(first)\(more ? ", …" : "")); init starts a course in a "
                    + "new or empty folder, and writes nothing here")
    }
}

extension CourseStarter {
    /// What `init` says once the course passes its own check; `make verify` runs the coursecheck
    /// on PATH, so the way to name another is said too.
    static func started(_ shown: String, core: String) -> String {
        "started a course in \(shown) (core \(core)): 'make verify' checks it (with coursecheck on PATH, or "
            + "'make verify COURSECHECK=/path/to/coursecheck')\n"
    }
}
