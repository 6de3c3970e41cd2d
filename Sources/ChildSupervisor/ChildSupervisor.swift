#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child's supervisor, so that the child dies with coursecheck, with everything it started, even
/// when coursecheck is killed with SIGKILL, which no handler sees.
///
/// coursecheck starts each child through a supervisor, in the child's session. The supervisor is a
/// subreaper, asks the kernel for a signal at coursecheck's death (`PR_SET_PDEATHSIG`), starts the
/// program in its own session and waits for either. When the program ends it exits the same way,
/// and what the program left is coursecheck's to sweep. When coursecheck dies first it kills every
/// process of the session (a driver's frontends, a tree's background jobs) and every process
/// re-parented to it (a tree's daemons), then exits.
///
/// On the portable path (`portableFlag`: macOS, and Linux under `COURSECHECK_PORTABLE=1`) there is
/// no parent-death signal and no subreaper: the supervisor looks at its parent while it waits
/// (`getppid` changes when coursecheck dies), and at coursecheck's death kills its own process
/// group, which the program and what it starts share unless they leave it. The program stays in
/// the supervisor's group there, so that coursecheck's `kill(-session)` at a time limit ends both:
/// without a process list, that group is all coursecheck can name.
///
/// Only the C library: the small `coursecheck-supervisor` executable starts in about 2 ms where a
/// debug coursecheck takes 10 (its libraries' loading); coursecheck supervises with a copy of
/// itself when that executable is not beside it.
public enum ChildSupervisor {
    #if canImport(Darwin)
        /// Darwin's spawn attributes and file actions are opaque pointers, made by their `_init`
        /// calls (glibc's are structs): declared `nil`, passed as `&` either way.
        public typealias SpawnAttributes = posix_spawnattr_t?
        public typealias SpawnFileActions = posix_spawn_file_actions_t?
    #else
        public typealias SpawnAttributes = posix_spawnattr_t
        public typealias SpawnFileActions = posix_spawn_file_actions_t
    #endif

    /// The first argument of a supervisor: `flag`, coursecheck's pid, the processor limit in
    /// seconds (0: none), the program, then the child's `argv` (its own name first).
    public static let flag = "--coursecheck-supervise-child"
    /// `flag` on the portable path: POSIX calls alone.
    public static let portableFlag = "--coursecheck-supervise-child-portably"

    /// The supervisor's arguments for `program` with `argv`, after the supervisor's own name.
    public static func arguments(
        parent: Int32, processorSeconds: Int, program: String, argv: [String], portable: Bool
    ) -> [String] {
        [portable ? portableFlag : flag, String(parent), String(processorSeconds), program] + argv
    }

    /// When `arguments` (a process's own, its name first) ask for a supervisor, supervises and
    /// exits as the program did. Otherwise returns. Run first thing, before any signal is blocked.
    public static func superviseIfAsked(_ arguments: [String]) {
        guard arguments.count >= 6, arguments[1] == flag || arguments[1] == portableFlag,
            let parent = pid_t(arguments[2]), let seconds = rlim_t(arguments[3])
        else { return }
        let argv = Array(arguments.dropFirst(5))
        #if os(Linux)
            if arguments[1] == flag {
                supervise(parent: parent, processorSeconds: seconds, program: arguments[4], argv: argv)
            }
        #endif
        supervisePortably(parent: parent, processorSeconds: seconds, program: arguments[4], argv: argv)
    }

    /// One process as /proc lists it.
    public struct Process: Sendable {
        public var pid: pid_t
        public var parent: pid_t
        public var session: pid_t
    }

    /// The asynchronous signals a supervisor ignores, and a child (of coursecheck or of its
    /// supervisor) starts with at their default actions.
    public static let defaultedSignals =
        [
            SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU,
            SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
        ] + extraSignals

    #if os(Linux)
        private static let extraSignals = [SIGPWR]
    #else
        private static let extraSignals: [Int32] = []
    #endif

    /// Spawn attributes that start a child as coursecheck wants every child: `defaultedSignals`
    /// at their default actions, nothing blocked, and `flags` besides (a new session, a group of
    /// its own). Destroy them after the spawn.
    public static func childAttributes(flags: Int16) -> SpawnAttributes {
        #if canImport(Darwin)
            var attributes: SpawnAttributes = nil
        #else
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in defaultedSignals { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))
        return attributes
    }

    /// `prctl(option, value)`: variadic in C, so Swift does not import it. False when it failed
    /// or is missing.
    @discardableResult
    public static func prctl(_ option: Int32, _ value: UInt) -> Bool {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(option, value, 0, 0, 0) == 0
    }

    /// Every process /proc lists: its pid, its parent and its session (fields 4 and 6 of its
    /// `stat`, counted after the command name, which may hold spaces and parentheses).
    public static func processes() -> [Process] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [Process] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name) else { continue }
            let descriptor = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
                let session = pid_t(String(decoding: fields[3], as: UTF8.self))
            else { continue }
            found.append(Process(pid: pid, parent: parent, session: session))
        }
        return found
    }

    /// Kills and reaps, round after round, every child of this process that `keeping` does not
    /// name, with every process of its session (not this process's own), and with `session`
    /// given, every other process of that session too; until a round finds nothing, or `seconds`
    /// pass. Rounds, because a killed process's own children come to a subreaper only once it has
    /// died. Only the children it kills are reaped: a kept child is its waiter's to reap.
    public static func sweep(session: pid_t? = nil, keeping: () -> Set<pid_t>, for seconds: Int) {
        let me = getpid()
        let own = getsid(0)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            let processes = Self.processes()
            let members = session.map { session in processes.filter { $0.session == session && $0.pid != me } } ?? []
            let kept = keeping()
            let strays = processes.filter { $0.parent == me && !kept.contains($0.pid) }
            if members.isEmpty && strays.isEmpty { return }
            for process in members { kill(process.pid, SIGKILL) }
            for stray in strays {
                if stray.session > 1, stray.session != own, !kept.contains(stray.session) {
                    kill(-stray.session, SIGKILL)
                    for other in processes where other.session == stray.session && other.pid != me {
                        kill(other.pid, SIGKILL)
                    }
                }
                kill(stray.pid, SIGKILL)
            }
            var reaped = false
            for stray in strays {
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(stray.pid, &status, WNOHANG) } while result == -1 && errno == EINTR
                if result == stray.pid { reaped = true }
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if now.tv_sec - start.tv_sec >= seconds { return }
            if !reaped { usleep(500) }
        }
    }

    #if os(Linux)
        /// The signal the kernel sends at coursecheck's death.
        private static let parentDied = SIGUSR1

        private static func supervise(parent: pid_t, processorSeconds: rlim_t, program: String, argv: [String]) -> Never
        {
            // Both stay pending until the wait below takes them, whenever they come: a handler
            // that ran just before a blocking wait would leave the supervisor waiting forever.
            var awaited = sigset_t()
            sigemptyset(&awaited)
            sigaddset(&awaited, parentDied)
            sigaddset(&awaited, SIGCHLD)
            pthread_sigmask(SIG_BLOCK, &awaited, nil)
            // A signal meant for the program (the tree's `kill(0, …)` reaches its own group only,
            // below, but a `kill(getppid(), …)` reaches this process) must not end the supervisor
            // and report the program as killed: coursecheck ends it with SIGKILL.
            for signalNumber in defaultedSignals where signalNumber != parentDied { signal(signalNumber, SIG_IGN) }
            prctl(36, 1)  // PR_SET_CHILD_SUBREAPER
            prctl(1, UInt(parentDied))  // PR_SET_PDEATHSIG
            // coursecheck died before the request: nobody waits for this child.
            guard getppid() == parent else { _exit(127) }
            limitProcessorTime(processorSeconds)
            let child = spawn(program, argv, ownGroup: true)
            var status: Int32 = 0
            // Both conditions are looked at after every wake-up, and every second besides.
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

        /// Kills every other process of this session, and every process re-parented here and
        /// its session, then exits as SIGKILL would.
        private static func endEverything() -> Never {
            sweep(session: getsid(0), keeping: { [] }, for: 5)
            _exit(128 + SIGKILL)
        }

    #endif

    /// The portable supervisor: as `supervise`, with POSIX calls alone. Its parent is looked at
    /// while the program runs (at first every half millisecond, backing off to every 20, so a
    /// short program's end is seen at once); when coursecheck has died, the group the program
    /// shares with the supervisor is killed, the supervisor with it.
    private static func supervisePortably(parent: pid_t, processorSeconds: rlim_t, program: String, argv: [String])
        -> Never
    {
        for signalNumber in defaultedSignals { signal(signalNumber, SIG_IGN) }
        guard getppid() == parent else { _exit(127) }
        limitProcessorTime(processorSeconds)
        let child = spawn(program, argv, ownGroup: false)
        var status: Int32 = 0
        var pause: useconds_t = 500
        while true {
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child { break }
            if reaped == -1 && errno != EINTR { _exit(127) }
            if getppid() != parent {
                kill(0, SIGKILL)
                _exit(128 + SIGKILL)
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        exitAs(status)
    }

    /// Sets the processor limit (seconds; 0 for none) on this process, for the program to inherit.
    private static func limitProcessorTime(_ seconds: rlim_t) {
        guard seconds > 0 else { return }
        var limit = rlimit(rlim_cur: seconds, rlim_max: seconds)
        #if os(Linux)
            setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        #else
            setrlimit(RLIMIT_CPU, &limit)
        #endif
    }

    /// posix_spawn of the program in this session, its signals as coursecheck would have
    /// started it; with `ownGroup`, in a process group of its own (a tree that signals its group,
    /// `kill(0, …)`, reaches itself and its children, as when run by hand, not the supervisor).
    private static func spawn(_ program: String, _ argv: [String], ownGroup: Bool) -> pid_t {
        var attributes = childAttributes(flags: ownGroup ? Int16(POSIX_SPAWN_SETPGROUP) : 0)
        if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        let pointers = argv.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let code = posix_spawn(&pid, program, nil, &attributes, pointers, environment)
        guard code == 0 else {
            let message = "coursecheck: cannot start \(program): \(String(cString: strerror(code)))\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(127)
        }
        return pid
    }

    /// Exits as the program did: its code, or its signal raised again (no core file: the
    /// program's own, if any, is written already).
    private static func exitAs(_ status: Int32) -> Never {
        let signalNumber = status & 0x7f
        guard signalNumber != 0 else { _exit((status >> 8) & 0xff) }
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
            setrlimit(RLIMIT_CORE, &none)
        #endif
        signal(signalNumber, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }
}
