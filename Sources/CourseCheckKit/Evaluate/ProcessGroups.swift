import ChildSupervisor
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every child coursecheck starts (swiftc, and through it swift-frontend; the trees) runs in a
/// session of its own, and every scratch directory is registered here, so a time limit or a
/// signal can end them all and leave nothing behind (`FileGate` removes what it registered).
///
/// A session, not only a process group: the Swift driver starts each swift-frontend job in a new
/// process group, so `kill(-pgid)` on swiftc's group would miss the frontend. The frontend stays in
/// the driver's session, which is ours.
package enum ProcessGroups {
    private struct State {
        var sessions: Set<pid_t> = []
        var terminating = false
        /// The signal thread runs (`installSignalHandlers`).
        var waiting = false
        var interceptor: (@Sendable (Int32) -> Void)?
        /// This process is a subreaper (`becomeSubreaper`): its children that are not sessions of
        /// its own were adopted, and are swept.
        var adopting = false
    }

    private static let state = Mutex(State())

    /// A long-running loop (`watch`, `lsp`) takes SIGINT and SIGTERM itself, to stop between steps
    /// and clean up; nil gives them back to the default: kill every session, remove scratch, exit.
    static func intercept(_ handler: (@Sendable (Int32) -> Void)?) {
        state.withLock { $0.interceptor = handler }
    }

    /// `posix_spawnattr_setflags` value for a new session (glibc's `POSIX_SPAWN_SETSID`, not
    /// always visible to Swift because it is declared under `_GNU_SOURCE`). Darwin's is 0x400:
    /// its 0x80 is `POSIX_SPAWN_START_SUSPENDED`, a child that would never run.
    #if canImport(Darwin)
        static let spawnNewSession: Int16 = 0x400
    #else
        static let spawnNewSession: Int16 = 0x80
    #endif

    /// Spawns under the lock, so a signal arriving meanwhile still finds the new session.
    static func spawn(_ body: () throws(CourseCheckError) -> pid_t) throws(CourseCheckError) -> pid_t {
        try state.withLock { (state: inout State) throws(CourseCheckError) -> pid_t in
            guard !state.terminating else { throw CourseCheckError.system("coursecheck is stopping") }
            let pid = try body()
            state.sessions.insert(pid)
            return pid
        }
    }

    /// Kills everything left in a child's session and forgets it; then ends and reaps every
    /// process re-parented to coursecheck that is no child of its own (a tree's daemon that left
    /// the session with `setsid`, a frontend whose driver died): see `becomeSubreaper`.
    static func finish(_ session: pid_t) {
        _ = state.withLock { $0.sessions.remove(session) }
        kill(-session, SIGKILL)
        let (members, adopted) = scan(session: session, parent: getpid())
        for pid in members where pid != getpid() { kill(pid, SIGKILL) }
        guard !adopted.isEmpty else { return }
        // Every child spawned before the scan is registered by now (spawn holds the lock), so a
        // child that is not registered was adopted. Most often every child is another run's
        // supervisor, and nothing needs a second scan of the process list.
        let (kept, adopting) = state.withLock { ($0.sessions, $0.adopting) }
        guard adopting, adopted.contains(where: { !kept.contains($0) }) else { return }
        ChildSupervisor.sweep(keeping: { state.withLock { $0.sessions } }, for: 5)
    }

    /// Linux: orphaned descendants are re-parented to coursecheck instead of init
    /// (`PR_SET_CHILD_SUBREAPER`), so `finish` and a stop find and end them, and none outlives
    /// coursecheck. Only the executable calls it: a process that starts children of its own
    /// some other way (a test runner) must not have them swept. On the portable path a no-op.
    package static func becomeSubreaper() {
        guard Platform.becomeSubreaper() else { return }
        state.withLock { $0.adopting = true }
    }

    /// SIGKILLs the session's group and every process still in the session (in the process list).
    static func killSession(_ session: pid_t) {
        kill(-session, SIGKILL)
        for pid in members(of: session) where pid != getpid() {
            kill(pid, SIGKILL)
        }
    }

    /// Processes whose session id is `session` (none known on the portable path).
    package static func members(of session: pid_t) -> [pid_t] {
        scan(session: session, parent: nil).members
    }

    /// One pass over the process list: the members of `session`, and the children of `parent`.
    static func scan(session: pid_t, parent: pid_t?) -> (members: [pid_t], children: [pid_t]) {
        let processes = Platform.processes()
        return (
            processes.filter { $0.session == session }.map(\.pid),
            parent.map { parent in processes.filter { $0.parent == parent }.map(\.pid) } ?? []
        )
    }

    /// The fields of a process's `stat` after the command name: state, ppid, pgrp, session, …
    package static func statFields(_ pid: pid_t) -> [Substring]? {
        Platform.statFields(pid)
    }

    /// On SIGINT, SIGTERM, SIGHUP and SIGQUIT: kill every child session, remove every scratch
    /// directory and temporary (`FileGate`), exit with 128 + the signal. Call once, first thing in
    /// the executable; idempotent.
    ///
    /// The signals are blocked in this thread, and so in every thread started after it, and one
    /// thread of ours takes them with `sigwait`. A blocked signal stays pending until that thread
    /// reads it, whenever it comes. Dispatch signal sources lost one in about a hundred early
    /// signals under load: the run went on, and a killed run left its compiler running. The
    /// dispositions stay the default: a thread that unblocked one would end the process, not
    /// swallow the signal. Children start with an empty mask and default actions (`ChildProcess`).
    package static func installSignalHandlers() {
        // A file-size limit (`ulimit -f`) makes a write past it fail with EFBIG, which is reported
        // with the file's name, instead of killing coursecheck with nothing said.
        signal(SIGXFSZ, SIG_IGN)
        state.withLock { state in
            guard !state.waiting else { return }
            state.waiting = true
            var blocked = Self.stopSignals
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            #if canImport(Darwin)
                var thread: pthread_t? = nil
            #else
                var thread = pthread_t()
            #endif
            let started = pthread_create(&thread, nil, { _ in ProcessGroups.waitForSignals() }, nil)
            precondition(started == 0, "coursecheck cannot start its signal thread")
            #if canImport(Darwin)
                pthread_detach(thread!)
            #else
                pthread_detach(thread)
            #endif
        }
    }

    private static var stopSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signalNumber) }
        return signals
    }

    private static func waitForSignals() -> Never {
        var signals = stopSignals
        while true {
            var signalNumber: Int32 = 0
            guard sigwait(&signals, &signalNumber) == 0 else { continue }
            if let handler = state.withLock({ $0.interceptor }), signalNumber != SIGHUP && signalNumber != SIGQUIT {
                handler(signalNumber)
            } else {
                stop(signal: signalNumber)
            }
        }
    }

    /// Exits with `status`, unless a signal's stop is under way: the stop holds the lock until it
    /// exits with the signal's own status, and a run that saw the stop kill its compiler (and failed
    /// for it, exit 2) must not exit first with a status of its own.
    package static func exit(_ status: Int32) -> Never {
        state.withLock { _ -> Never in Foundation.exit(status) }
    }

    private static func stop(signal signalNumber: Int32) -> Never {
        // The lock stays held: no child may start and no directory may appear while we exit.
        state.withLock { state in
            state.terminating = true
            for session in state.sessions { killSession(session) }
            // Orphans re-parented to us would go to init when we exit: end them, and theirs, first.
            if state.adopting { ChildSupervisor.sweep(keeping: { [] }, for: 2) }
            FileGate.removeRegisteredForExit()
            _exit(128 + signalNumber)
        }
    }
}
