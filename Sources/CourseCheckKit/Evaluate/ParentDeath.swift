import ChildSupervisor
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where coursecheck's children get their supervisor (`ChildSupervisor`): the small
/// `coursecheck-supervisor` beside the running binary, else a copy of coursecheck itself. In a
/// process that did not `enable` it (a test runner), children start directly. On the portable
/// path the supervisor is the portable one (it watches its parent instead of asking the kernel).
package enum ParentDeath {
    /// Whether `enable` was called.
    private static let enabled = Locked(false)

    /// Children start supervised from now on. Only the executable calls it. The supervisor is
    /// found when the first child starts: a warm check starts none, and finding it (a `realpath`,
    /// two `stat`s, a standardised URL) was 2% of such a run's main thread.
    package static func enable() {
        enabled.set(true)
    }

    /// The supervisor's program, or nil when there is none to run.
    ///
    /// The running binary is the file the kernel runs (`Platform.runningExecutable`, which a
    /// rebuild during the run does not change) when `argv[0]` names that same file; else the file `argv[0]`
    /// names: under valgrind the kernel runs valgrind's tool, which knows no supervisor flag.
    private static let launcher: String? = {
        guard let running = Platform.runningExecutable else { return nil }
        var binary = running
        if let named = EmbeddedEngine.argumentZero().map({ URL(fileURLWithPath: $0).standardizedFileURL.path }),
            access(named, X_OK) == 0,
            let mine = FileGate.Identity.of(running), let theirs = FileGate.Identity.of(named),
            mine.device != theirs.device || mine.inode != theirs.inode
        {
            binary = named
        }
        let directory = URL(fileURLWithPath: FileGate.canonicalPath(path: binary)).deletingLastPathComponent()
        let small = directory.appendingPathComponent("coursecheck-supervisor").path
        return access(small, X_OK) == 0 ? small : binary
    }()

    /// The program and `argv` to spawn for `executable` with `arguments` (`arguments[0]` the
    /// child's own name): its supervisor when enabled, which sets `processorSeconds` on itself
    /// before the program starts, so the program and all it starts inherit the limit.
    static func command(_ executable: String, _ arguments: [String], processorSeconds: Int) -> (
        path: String, arguments: [String], supervised: Bool
    ) {
        guard enabled.get(), let path = launcher else { return (executable, arguments, false) }
        let supervisor = ChildSupervisor.arguments(
            parent: getpid(), processorSeconds: processorSeconds, program: executable, argv: arguments,
            portable: Platform.isPortable)
        return (path, ["coursecheck-supervisor"] + supervisor, true)
    }

    /// Run first thing in `main`, before any signal is blocked: a copy of coursecheck asked to
    /// supervise a child does only that.
    package static func superviseIfAsked(_ arguments: [String]) {
        ChildSupervisor.superviseIfAsked(arguments)
    }
}
