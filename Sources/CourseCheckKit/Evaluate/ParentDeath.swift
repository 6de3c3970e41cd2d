import ChildSupervisor
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where coursecheck's children get their supervisor (`ChildSupervisor`): the small
/// `coursecheck-supervisor` beside the running binary, else a copy of coursecheck itself. In a
/// process that did not `enable` it (a test runner), and off Linux, children start directly.
package enum ParentDeath {
    /// The supervisor's program, once `enable` found it.
    private static let launcher = Locked<String?>(nil)

    /// Children start supervised from now on. Only the executable calls it.
    ///
    /// The running binary is the file the kernel runs (`/proc/self/exe`, which a rebuild during
    /// the run does not change) when `argv[0]` names that same file; else the file `argv[0]`
    /// names: under valgrind the kernel runs valgrind's tool, which knows no supervisor flag.
    package static func enable() {
        #if os(Linux)
            let running = "/proc/self/exe"
            guard access(running, X_OK) == 0 else { return }
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
            launcher.set(access(small, X_OK) == 0 ? small : binary)
        #endif
    }

    /// The program and `argv` to spawn for `executable` with `arguments` (`arguments[0]` the
    /// child's own name): its supervisor when enabled, which sets `processorSeconds` on itself
    /// before the program starts, so the program and all it starts inherit the limit.
    static func command(_ executable: String, _ arguments: [String], processorSeconds: Int) -> (
        path: String, arguments: [String], supervised: Bool
    ) {
        guard let path = launcher.get() else { return (executable, arguments, false) }
        let supervisor = ChildSupervisor.arguments(
            parent: getpid(), processorSeconds: processorSeconds, program: executable, argv: arguments)
        return (path, ["coursecheck-supervisor"] + supervisor, true)
    }

    /// Run first thing in `main`, before any signal is blocked: a copy of coursecheck asked to
    /// supervise a child does only that.
    package static func superviseIfAsked(_ arguments: [String]) {
        ChildSupervisor.superviseIfAsked(arguments)
    }
}
