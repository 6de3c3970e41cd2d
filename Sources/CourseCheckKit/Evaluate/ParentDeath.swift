import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child that dies with coursecheck even when coursecheck is killed with SIGKILL, which no
/// handler sees: the executable starts each child through itself (`/proc/self/exe` with `flag`),
/// and that copy asks the kernel for SIGKILL when its parent dies (`PR_SET_PDEATHSIG`), then
/// `execv`s the real program, which keeps the request. A compiled tree, a sleeping one included,
/// and swiftc die with the run. Linux only; elsewhere, and in a process that did not `enable` it
/// (a test runner), children start directly.
package enum ParentDeath {
    /// The first argument of a copy of coursecheck that only starts a child: `flag`, the parent's
    /// pid, the program, then the child's `argv` (its own name first).
    package static let flag = "--coursecheck-exec-child"

    private static let enabled = Locked(false)

    /// Children start through the running executable from now on. Only the executable calls it.
    package static func enable() {
        #if os(Linux)
            enabled.set(access("/proc/self/exe", X_OK) == 0)
        #endif
    }

    /// The program and `argv` to spawn for `executable` with `arguments` (`arguments[0]` the
    /// child's own name): through the executable when enabled.
    static func command(_ executable: String, _ arguments: [String]) -> (path: String, arguments: [String]) {
        guard enabled.get() else { return (executable, arguments) }
        return ("/proc/self/exe", ["coursecheck", flag, String(getpid()), executable] + arguments)
    }

    /// Run first thing in `main`, before any signal is blocked: when this process was started
    /// as a child's launcher, asks for SIGKILL at the parent's death and becomes the child, or
    /// exits 127 with a message. Otherwise returns.
    package static func execIfLauncher(_ arguments: [String]) {
        #if os(Linux)
            guard arguments.count >= 5, arguments[1] == flag, let parent = pid_t(arguments[2]) else { return }
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            // prctl is variadic in C, so Swift does not import it; 1 is PR_SET_PDEATHSIG.
            if let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") {
                _ = unsafeBitCast(symbol, to: Prctl.self)(1, UInt(SIGKILL), 0, 0, 0)
            }
            // The parent died before the request: nobody waits for this child.
            guard getppid() == parent else { _exit(127) }
            let argv = arguments.dropFirst(4).map { strdup($0) } + [nil]
            execv(arguments[3], argv)
            let message = "coursecheck: cannot start \(arguments[3]): \(String(cString: strerror(errno)))\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(127)
        #endif
    }
}
