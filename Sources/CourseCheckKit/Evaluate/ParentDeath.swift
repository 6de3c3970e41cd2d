import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child that dies with coursecheck, with everything it started, even when coursecheck is
/// killed with SIGKILL, which no handler sees.
///
/// The executable starts each child through a copy of itself, the child's supervisor, in the
/// child's session. The supervisor is a subreaper, asks the kernel for a signal when coursecheck
/// dies (`PR_SET_PDEATHSIG`), starts the program in its own session and waits for either. When the program
/// ends it exits the same way, and what the program left is coursecheck's to sweep as before.
/// When coursecheck dies first it kills every process of the session (a driver's frontends, a
/// tree's background jobs) and every process re-parented to it (a tree's daemons), then exits.
/// Linux only; elsewhere, and in a process that did not `enable` it (a test runner), children
/// start directly.
package enum ParentDeath {
    /// The first argument of a supervisor: `flag`, coursecheck's pid, the processor limit in
    /// seconds (0: none), the program, then the child's `argv` (its own name first).
    package static let flag = "--coursecheck-supervise-child"

    /// The coursecheck binary that supervises children, once `enable` found it.
    private static let launcher = Locked<String?>(nil)

    /// Children start supervised from now on. Only the executable calls it.
    ///
    /// The file the kernel runs (`/proc/self/exe`, which a rebuild during the run does not
    /// change) when `argv[0]` names that same file; else the file `argv[0]` names: under valgrind
    /// the kernel runs valgrind's tool, which knows no supervisor flag.
    package static func enable() {
        #if os(Linux)
            let running = "/proc/self/exe"
            guard access(running, X_OK) == 0 else { return }
            guard
                let named = EmbeddedEngine.argumentZero().map({ URL(fileURLWithPath: $0).standardizedFileURL.path }),
                access(named, X_OK) == 0
            else { return launcher.set(running) }
            let same = FileGate.Identity.of(named).map { named in
                FileGate.Identity.of(running).map { $0.device == named.device && $0.inode == named.inode } ?? false
            }
            launcher.set(same == false ? named : running)
        #endif
    }

    /// The program and `argv` to spawn for `executable` with `arguments` (`arguments[0]` the
    /// child's own name): its supervisor when enabled, which sets `processorSeconds` on itself
    /// before the program starts, so the program and all it starts inherit the limit.
    static func command(_ executable: String, _ arguments: [String], processorSeconds: Int) -> (
        path: String, arguments: [String], supervised: Bool
    ) {
        guard let path = launcher.get() else { return (executable, arguments, false) }
        return (
            path, ["coursecheck", flag, String(getpid()), String(processorSeconds), executable] + arguments, true
        )
    }

    /// Run first thing in `main`, before any signal is blocked: when this process is a child's
    /// supervisor, supervises it and exits as it did. Otherwise returns.
    package static func superviseIfAsked(_ arguments: [String]) {
        #if os(Linux)
            guard arguments.count >= 6, arguments[1] == flag, let parent = pid_t(arguments[2]),
                let seconds = rlim_t(arguments[3])
            else { return }
            supervise(
                parent: parent, processorSeconds: seconds, program: arguments[4], argv: Array(arguments.dropFirst(5)))
        #endif
    }

    #if os(Linux)
        /// The signal the kernel sends at coursecheck's death.
        private static let parentDied = SIGUSR1

        private static func supervise(parent: pid_t, processorSeconds: rlim_t, program: String, argv: [String]) -> Never
        {
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            // prctl is variadic in C, so Swift does not import it.
            let prctl = dlsym(dlopen(nil, RTLD_NOW), "prctl").map { unsafeBitCast($0, to: Prctl.self) }
            // Both stay pending until the wait below takes them, whenever they come: a handler
            // that ran just before a blocking wait would leave the supervisor waiting forever.
            var awaited = sigset_t()
            sigemptyset(&awaited)
            sigaddset(&awaited, parentDied)
            sigaddset(&awaited, SIGCHLD)
            pthread_sigmask(SIG_BLOCK, &awaited, nil)
            _ = prctl?(36, 1, 0, 0, 0)  // PR_SET_CHILD_SUBREAPER
            _ = prctl?(1, UInt(parentDied), 0, 0, 0)  // PR_SET_PDEATHSIG
            // coursecheck died before the request: nobody waits for this child.
            guard getppid() == parent else { _exit(127) }
            if processorSeconds > 0 {
                var limit = rlimit(rlim_cur: processorSeconds, rlim_max: processorSeconds)
                setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
            }
            let child = spawn(program, argv)
            var status: Int32 = 0
            // Checked after every wake-up and every second: a signal merged with one already
            // pending is not lost, as both conditions are looked at again.
            var second = timespec(tv_sec: 1, tv_nsec: 0)
            while true {
                let reaped = waitpid(child, &status, WNOHANG)
                if reaped == child { break }
                if reaped == -1 && errno != EINTR { _exit(127) }
                if getppid() != parent { endEverything() }
                _ = sigtimedwait(&awaited, nil, &second)
            }
            exitAs(status)
        }

        /// posix_spawn of the program in this session, with default signal actions and an empty
        /// mask, as coursecheck would have started it.
        private static func spawn(_ program: String, _ argv: [String]) -> pid_t {
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, parentDied] {
                sigaddset(&defaults, signalNumber)
            }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))
            let pointers = argv.map { strdup($0) } + [nil]
            var pid: pid_t = 0
            let code = posix_spawn(&pid, program, nil, &attributes, pointers, environ)
            guard code == 0 else {
                let message = "coursecheck: cannot start \(program): \(String(cString: strerror(code)))\n"
                _ = message.withCString { write(2, $0, strlen($0)) }
                _exit(127)
            }
            return pid
        }

        /// Kills every other process of this session, and every process re-parented here and
        /// its session, round after round until none is left (a process's own children come to
        /// a subreaper only once it has died), then exits as SIGKILL would.
        private static func endEverything() -> Never {
            let me = getpid()
            let start = DispatchTime.now().uptimeNanoseconds
            while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < 5 {
                let (members, children) = ProcessGroups.scan(session: getsid(0), parent: me)
                for pid in members where pid != me { kill(pid, SIGKILL) }
                for pid in children {
                    if let fields = ProcessGroups.statFields(pid), fields.count > 3, let session = pid_t(fields[3]),
                        session > 1, session != getsid(0)
                    {
                        ProcessGroups.killSession(session)
                    }
                    kill(pid, SIGKILL)
                }
                var reaped = false
                var status: Int32 = 0
                while waitpid(-1, &status, WNOHANG) > 0 { reaped = true }
                if members.allSatisfy({ $0 == me }) && children.isEmpty { break }
                if !reaped { usleep(1000) }
            }
            _exit(128 + SIGKILL)
        }

        /// Exits as the program did: its code, or its signal raised again (no core file: the
        /// program's own, if any, is written already).
        private static func exitAs(_ status: Int32) -> Never {
            let signalNumber = status & 0x7f
            guard signalNumber != 0 else { _exit((status >> 8) & 0xff) }
            var none = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
            signal(signalNumber, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signalNumber)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(signalNumber)
            _exit(128 + signalNumber)
        }
    #endif
}
