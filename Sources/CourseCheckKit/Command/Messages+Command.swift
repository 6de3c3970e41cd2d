/// The commands that write: `--update` (goldens) and `--promote` (expected blocks).
extension Diagnostic {
    /// Why `--update` did not approve a tree, or left a lesson's or the toolchain file alone.
    package enum UpdateRefused: Sendable, Equatable {
        /// The lesson's `id` error at `line` makes its trees uncertain (at line 1 of the lesson).
        case structural(id: DiagnosticID, line: Int)
        /// The golden at `path` is something coursecheck did not make.
        case foreign(path: String, what: String)
        case ranUncleanly
        /// The compiler could not be asked whether the tree compiles.
        case unverified
        case unrepresentable
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

    static func updateRefused(at location: SourceLocation, _ reason: UpdateRefused) -> Diagnostic {
        let message =
            switch reason {
            case .structural(let id, let line):
                "goldens of this lesson left as they are: the \(id.rawValue) error at line \(line) makes its trees "
                    + "uncertain; fix it, then run --update again"
            case .foreign(let path, let what): "not approved: \(path) is not coursecheck's to write: \(what)"
            case .ranUncleanly: "not approved: the tree did not run cleanly (see its other findings)"
            case .unverified:
                "not approved: whether the tree compiles could not be decided (see the validity-unknown finding)"
            case .unrepresentable: "not approved: no lesson block can show this tree's output (see its other finding)"
            case .contradicted(let expectedLine):
                "not approved: the tree's output differs from the lesson's expected block at line \(expectedLine); fix "
                    + "the lesson, or run --promote, then --update"
            case .toolchainFile(let path):
                "\(path) is not a regular file (a link or a folder), so it is left as it is"
            case .notWritten(let path, let reason): "not written: \(path): \(reason)"
            case .notRemoved(let path, let reason): "not removed: \(path): \(reason)"
            case .noGolden: "not approved: the tree has no golden of its own (see its tree-identity finding)"
            case .storeRecord(let store, let record, let trees):
                "nothing written into \(store)\(trees > 0 ? ", \(Plural.count(trees, "tree"))' approvals included" : ""): "
                    + "its record of the lessons directories it serves does not allow it (see the golden-record "
                    + "finding at \(record))"
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
