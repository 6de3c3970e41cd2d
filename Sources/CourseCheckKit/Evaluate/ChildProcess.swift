import ChildSupervisor
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program with a time limit and an output cap, never hanging the caller.
///
/// Output goes to files in a scratch directory, not pipes, so a child that floods its output
/// cannot block on a full pipe; the parent polls the child's time and output size.
package struct ChildProcess: Sendable {
    /// How a child ended.
    package enum Ending: Sendable, Equatable {
        case exited(Int32)
        /// Killed by a signal it raised itself (a crash, e.g. `fatalError` traps).
        case signalled(Int32)
        /// Killed by us after the time limit.
        case timedOut(seconds: Double)
        /// Killed by us after writing more than the cap.
        case outputLimit(bytes: Int)
    }

    package struct Result: Sendable {
        package var ending: Ending
        /// At most the cap's worth of stdout.
        package var stdout: [UInt8]
        package var stderr: [UInt8]

        /// What a compiler said, its diagnostics first.
        var compilerOutput: String { String(decoding: stderr + stdout, as: UTF8.self) }
    }

    package var executable: URL
    package var arguments: [String]
    package var environment: [String: String]
    package var timeout: Double
    package var outputLimit: Int
    /// The program's own name (`argv[0]`), when it is not the executable's path: `./main`, as a
    /// reader runs a tree.
    package var name: String?
    /// Stops the child, its session killed, and throws: nobody wants its result any more.
    package var stop: StopToken?

    package init(
        executable: URL, arguments: [String], environment: [String: String],
        timeout: Double, outputLimit: Int
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// Runs swiftc (a compile, `-parse`, `--version`) in `directory`, a scratch directory, with
    /// `TMPDIR` there too: the driver's temporary directories go when the scratch goes (a killed
    /// compile leaves its `TemporaryDirectory.*` behind otherwise).
    static func swiftc(
        _ swiftc: URL, _ arguments: [String], in directory: URL, scratch: FileGate.Scratch, timeout: Double,
        outputLimit: Int = 16 << 20, stop: StopToken? = nil
    ) throws(CourseCheckError) -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory.path
        var process = ChildProcess(
            executable: swiftc, arguments: arguments, environment: environment, timeout: timeout,
            outputLimit: outputLimit)
        process.stop = stop
        return try process.run(in: scratch, directory: directory)
    }

    /// Runs the child in `directory` (default: `scratch`, a directory the caller owns and removes);
    /// its output goes to files in `scratch`.
    ///
    /// The child starts in a new session (`ProcessGroups`); a time or output limit kills the
    /// whole session, so a killed swiftc leaves no swift-frontend behind.
    package func run(in scratch: FileGate.Scratch, directory: URL? = nil) throws(CourseCheckError) -> Result {
        if stop?.isStopped == true { throw Self.stopped(executable) }
        let token = UUID().uuidString
        let outURL = scratch.url.appendingPathComponent("\(token).out")
        let errURL = scratch.url.appendingPathComponent("\(token).err")
        defer {
            scratch.remove(outURL)
            scratch.remove(errURL)
        }
        let out = try scratch.createOutput(outURL)
        defer { close(out) }
        let err = try scratch.createOutput(errURL)
        defer { close(err) }
        let (pid, supervised) = try spawn(stdout: out, stderr: err, directory: directory ?? scratch.url)
        defer { ProcessGroups.finish(pid) }
        // A supervisor set the limit on itself before its program started.
        if !supervised { Self.limitProcessorTime(of: pid, seconds: Self.processorSeconds(timeout)) }

        // Readable when the child ends: the wait below wakes then, not at its next poll.
        let exitDescriptor = Self.pidfdOpen?(pid, 0) ?? -1
        defer { if exitDescriptor >= 0 { close(exitDescriptor) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var ending: Ending?
        var pause: UInt32 = 200
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped == -1 && errno != EINTR {
                throw CourseCheckError.system("cannot wait for \(executable.path): errno \(errno)")
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed > timeout {
                ending = .timedOut(seconds: timeout)
            } else if Self.size(of: outURL) + Self.size(of: errURL) > outputLimit {
                ending = .outputLimit(bytes: outputLimit)
            }
            let stopped = stop?.isStopped == true
            if ending != nil || stopped {
                ProcessGroups.killSession(pid)
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                if stopped && ending == nil { throw Self.stopped(executable) }
                break
            }
            if exitDescriptor >= 0 {
                var exit = pollfd(fd: exitDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&exit, 1, Int32(max(pause / 1000, 1)))
            } else {
                usleep(pause)
            }
            pause = min(pause * 2, 10_000)
        }
        if ending == nil && Self.size(of: outURL) > outputLimit {
            ending = .outputLimit(bytes: outputLimit)
        }
        if ending == nil {
            // The wait status: low 7 bits the signal (0 for a normal exit), then the exit code.
            let signalNumber = status & 0x7f
            ending = signalNumber == 0 ? .exited((status >> 8) & 0xff) : .signalled(signalNumber)
        }
        return Result(
            ending: ending!, stdout: try Self.read(outURL, limit: outputLimit),
            stderr: try Self.read(errURL, limit: 1 << 20))
    }

    private static func stopped(_ executable: URL) -> CourseCheckError {
        .system("stopped \(executable.lastPathComponent): a newer text superseded this run")
    }

    /// posix_spawn in a new session, stdin from /dev/null, stdout and stderr to files, in `directory`.
    private func spawn(stdout: Int32, stderr: Int32, directory: URL) throws(CourseCheckError) -> (
        pid: pid_t, supervised: Bool
    ) {
        #if canImport(Darwin)
            var actions: ChildSupervisor.SpawnFileActions = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        guard let addChdir = Self.addChdir else {
            throw CourseCheckError.system(
                "posix_spawn_file_actions_addchdir_np is missing (glibc 2.29 or later is needed)")
        }
        _ = addChdir(&actions, directory.path)
        Self.closeInherited(&actions)
        // Default signal handling in the child: coursecheck ignores SIGINT/SIGTERM/SIGHUP itself.
        var attributes = ChildSupervisor.childAttributes(flags: ProcessGroups.spawnNewSession)
        defer { posix_spawnattr_destroy(&attributes) }
        let command = ParentDeath.command(
            executable.path, [name ?? executable.path] + arguments, processorSeconds: Self.processorSeconds(timeout))
        // Through the supervisor the program's own failure to start would come late, as the
        // supervisor's exit: found here, it is the error posix_spawn gives.
        if command.supervised, access(executable.path, X_OK) != 0 {
            throw CourseCheckError.system("cannot start \(executable.path): \(String(cString: strerror(errno)))")
        }
        let argv = command.arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let pid = try ProcessGroups.spawn { () throws(CourseCheckError) -> pid_t in
            var pid: pid_t = 0
            let code = posix_spawn(&pid, command.path, &actions, &attributes, argv, envp)
            guard code == 0 else {
                throw CourseCheckError.system("cannot start \(executable.path): \(String(cString: strerror(code)))")
            }
            return pid
        }
        return (pid, command.supervised)
    }

    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<ChildSupervisor.SpawnFileActions>, UnsafePointer<CChar>) -> Int32

    /// glibc declares `posix_spawn_file_actions_addchdir_np` under `_GNU_SOURCE` only, which Swift's
    /// Glibc module does not import, so it is looked up at run time.
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np")
        else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    private typealias AddCloseFrom =
        @convention(c) (UnsafeMutablePointer<ChildSupervisor.SpawnFileActions>, Int32) -> Int32

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, under `_GNU_SOURCE` too.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// The child gets stdin, stdout and stderr and nothing else coursecheck holds or inherited.
    /// A descriptor left open in a compiler outlives coursecheck's own: a test runner that waits
    /// for EOF on a socket it gave coursecheck, or an editor on the LSP's pipe, would wait as long
    /// as a runaway frontend runs. Without `addclosefrom_np` (glibc before 2.34) each descriptor
    /// open now is closed by name; glibc ignores a close that finds one already gone.
    private static func closeInherited(_ actions: inout ChildSupervisor.SpawnFileActions) {
        if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
        for descriptor in Platform.openDescriptors() {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// glibc 2.36's `pidfd_open` (Linux 5.3): a descriptor that becomes readable when the process
    /// ends. Without it the wait polls.
    private static let pidfdOpen: PidfdOpen? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: PidfdOpen.self)
    }()

    private typealias Prlimit =
        @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32

    private static let prlimit: Prlimit? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prlimit") else { return nil }
        return unsafeBitCast(symbol, to: Prlimit.self)
    }()

    /// The kernel's own bound on a child, inherited by what it starts: a processor limit that no
    /// child using every core could reach within its time limit, so it never decides a run, but
    /// ends a spinning process that outlives coursecheck. 0 for none.
    static func processorSeconds(_ wallSeconds: Double) -> Int {
        guard wallSeconds.isFinite, wallSeconds > 0 else { return 0 }
        let cores = Double(max(ProcessInfo.processInfo.activeProcessorCount, 1))
        return Int(min((wallSeconds * cores).rounded(.up) + 1, 1e9))
    }

    /// Sets the processor limit on a child just started (a supervised one set it itself, before
    /// its program started). Linux only; best effort.
    private static func limitProcessorTime(of pid: pid_t, seconds: Int) {
        guard let prlimit, seconds > 0 else { return }
        var limit = rlimit(rlim_cur: rlim_t(seconds), rlim_max: rlim_t(seconds))
        #if canImport(Glibc)
            _ = prlimit(pid, Int32(RLIMIT_CPU.rawValue), &limit, nil)
        #else
            _ = prlimit(pid, RLIMIT_CPU, &limit, nil)
        #endif
    }

    private static func size(of url: URL) -> Int {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
    }

    private static func read(_ url: URL, limit: Int) throws(CourseCheckError) -> [UInt8] {
        switch FileGate.read(url, limit: limit) {
        case .file(let snapshot): return snapshot.bytes
        case .unreadable(let code): throw .io(path: url.path, operation: .read, cause: .system(errno: code))
        case .missing, .notRegular: throw .io(path: url.path, operation: .read, cause: .unreadable)
        }
    }
}
