import ChildSupervisor
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
    import MachO
#endif

/// The one place coursecheck asks the operating system for something only Linux has:
/// `renameat2`, inotify, `prctl` and files under `/proc`. Every other file asks this enum, and a
/// test fails when one of them names such a call.
///
/// Two paths, chosen once at start-up. The Linux path makes those calls. The portable path uses
/// POSIX alone, as macOS must: it is the only path off Linux, and `COURSECHECK_PORTABLE=1` makes
/// a Linux build take it, so it runs and is tested here. Where the portable path knows less (no
/// process start times, no boot id), it decides so that nothing is removed on a guess.
///
/// On Darwin the portable path uses Darwin's own calls where it has them, each under
/// `#if canImport(Darwin)` with the Linux path's signature: `renamex_np` for the exclusive rename,
/// `sysctl` for process start times and the boot, `_NSGetExecutablePath` for the running binary.
/// Everything else (polling for file events, process groups for stops) is the portable path's.
package enum Platform {
    /// The environment variable that makes a Linux build take the portable path.
    package static let portableVariable = "COURSECHECK_PORTABLE"
    /// Set to 1 to have every Linux-only call named on stderr as it is made (the tests' proof that
    /// the portable path makes none).
    package static let traceVariable = "COURSECHECK_PLATFORM_TRACE"

    /// Whether this process takes the portable path.
    package static let isPortable: Bool = {
        #if os(Linux)
            return ProcessInfo.processInfo.environment[portableVariable] == "1"
        #else
            return true
        #endif
    }()

    private static let tracing = ProcessInfo.processInfo.environment[traceVariable] == "1"

    /// Names one Linux-only call on stderr when tracing.
    private static func note(_ call: String) {
        if tracing { FileHandle.standardError.write(Data("coursecheck: platform: \(call)\n".utf8)) }
    }

    // MARK: Renames

    /// `renameat2`'s flags.
    package static let renameNoReplace: UInt32 = 1
    package static let renameExchange: UInt32 = 2

    package typealias ExclusiveRename = @Sendable (_ from: String, _ to: String, _ flags: UInt32) -> Int32

    /// `renameat2(AT_FDCWD, from, AT_FDCWD, to, flags)`, for `FileGate` to call; nil on the
    /// portable path or where glibc lacks it, and the caller then renames with a check before
    /// and after. Looked up at run time: Swift's Glibc module does not declare it.
    package static let exclusiveRename: ExclusiveRename? = {
        #if canImport(Darwin)
            // `renamex_np` (macOS 10.12): RENAME_EXCL (0x4) where nothing may be replaced,
            // RENAME_SWAP (0x2) for the exchange; ENOTSUP on a file system without them.
            return { from, to, flags in renamex_np(from, to, flags == renameExchange ? 0x2 : 0x4) }
        #elseif os(Linux)
            guard !isPortable else { return nil }
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
            let call = unsafeBitCast(symbol, to: RenameAt2.self)
            return { from, to, flags in
                note("renameat2")
                return call(AT_FDCWD, from, AT_FDCWD, to, flags)
            }
        #else
            return nil
        #endif
    }()

    // MARK: File events

    /// A new inotify descriptor (non-blocking, close-on-exec); nil on the portable path or when
    /// inotify cannot start, and the watcher then polls.
    package static func startFileNotifications() -> Int32? {
        guard !isPortable else { return nil }
        #if os(Linux)
            note("inotify_init1")
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            return descriptor >= 0 ? descriptor : nil
        #else
            return nil
        #endif
    }

    /// Asks `descriptor` (from `startFileNotifications`) for the events of the directory at
    /// `path` that can change what it holds; false when it cannot be watched.
    package static func notify(_ descriptor: Int32, about path: String) -> Bool {
        #if os(Linux)
            note("inotify_add_watch")
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            return inotify_add_watch(descriptor, path, mask) >= 0
        #else
            return false
        #endif
    }

    // MARK: Children

    /// Makes orphaned descendants this process's children instead of init's
    /// (`PR_SET_CHILD_SUBREAPER`); false on the portable path or when it failed.
    package static func becomeSubreaper() -> Bool {
        guard !isPortable else { return false }
        #if os(Linux)
            note("prctl(PR_SET_CHILD_SUBREAPER)")
            return ChildSupervisor.prctl(36, 1)
        #else
            return false
        #endif
    }

    /// Every process the system lists, with its parent and session; empty on the portable path,
    /// where stops rely on process groups alone.
    package static func processes() -> [ChildSupervisor.Process] {
        guard !isPortable else { return [] }
        note("/proc (processes)")
        return ChildSupervisor.processes()
    }

    /// The fields of a process's `stat` after its command name (state, ppid, pgrp, session, …);
    /// nil on the portable path or when there is no such process.
    package static func statFields(_ pid: pid_t) -> [Substring]? {
        guard !isPortable else { return nil }
        note("/proc/PID/stat")
        guard let text = readSmall("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// This user's processes whose working directory is `path` or inside it (compilers a killed
    /// run left behind in its scratch directory); empty on the portable path.
    package static func processesWorking(inside path: String) -> [pid_t] {
        guard !isPortable else { return [] }
        note("/proc/PID/cwd")
        var found: [pid_t] = []
        for process in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(process), pid != getpid() else { continue }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/\(pid)/cwd", &buffer, buffer.count - 1)
            guard count > 0 else { continue }
            let cwd = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var owner = stat()
            if cwd == path || cwd.hasPrefix(path + "/"), stat("/proc/\(pid)", &owner) == 0, owner.st_uid == geteuid() {
                found.append(pid)
            }
        }
        return found
    }

    /// The descriptors this process has open above stderr. Linux lists `/proc/self/fd`; the
    /// portable path asks each number up to the limit (at most 4096) whether it is open.
    package static func openDescriptors() -> [Int32] {
        if !isPortable {
            note("/proc/self/fd")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return names.compactMap { Int32($0) }.filter { $0 > 2 }
        }
        let limit = Int32(min(max(sysconf(Int32(_SC_OPEN_MAX)), 256), 4096))
        return (3..<limit).filter { fcntl($0, F_GETFD) != -1 }
    }

    // MARK: The compiler

    /// The swiftc the developer tools select, as an editor finds it on a Mac where neither `SWIFTC`
    /// nor `PATH` names one (an app started from the Dock has a bare `PATH`): `xcrun --find swiftc`,
    /// which follows `DEVELOPER_DIR`, `TOOLCHAINS` and `xcode-select`. Nil elsewhere, or when it
    /// finds none.
    package static func developerToolsCompiler(environment: [String: String]) -> String? {
        #if canImport(Darwin)
            let xcrun = Process()
            xcrun.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
            xcrun.arguments = ["--find", "swiftc"]
            xcrun.environment = environment
            let output = Pipe()
            xcrun.standardOutput = output
            xcrun.standardError = FileHandle.nullDevice
            xcrun.standardInput = FileHandle.nullDevice
            guard (try? xcrun.run()) != nil else { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            xcrun.waitUntilExit()
            let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard xcrun.terminationStatus == 0, path.hasPrefix("/"), access(path, X_OK) == 0 else { return nil }
            return path
        #else
            return nil
        #endif
    }

    // MARK: Identity

    /// The running binary as a path the file system resolves: on Linux the file the kernel runs
    /// (`/proc/self/exe`, which a rebuild during the run does not change), else the executable's
    /// path. Nil when it cannot be told.
    package static let runningExecutable: String? = {
        #if canImport(Darwin)
            return darwinExecutable()
        #else
            if !isPortable {
                note("/proc/self/exe")
                let running = "/proc/self/exe"
                return access(running, X_OK) == 0 ? running : nil
            }
            return Bundle.main.executablePath
        #endif
    }()

    /// The first 8 hex digits of the kernel's boot id; "0" where it cannot be told (the portable
    /// path), which proves nothing about another process's marker.
    package static let bootID: String = {
        #if canImport(Darwin)
            return darwinBootID()
        #else
            guard !isPortable else { return "0" }
            note("/proc/sys/kernel/random/boot_id")
            let hex = (readSmall("/proc/sys/kernel/random/boot_id") ?? "").filter(\.isHexDigit)
            return hex.isEmpty ? "0" : String(hex.prefix(8))
        #endif
    }()

    /// This process's PID namespace, by its inode; "0" where there is none (the portable path).
    package static let pidNamespace: String = {
        guard !isPortable else { return "0" }
        note("/proc/self/ns/pid")
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/self/ns/pid", &buffer, buffer.count - 1)
        guard count > 0 else { return "0" }
        let digits = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self).filter(
            \.isNumber)
        return digits.isEmpty ? "0" : digits
    }()

    /// A process's start time in clock ticks since boot (field 22 of its `stat`); nil when there
    /// is no such process, or on the portable path.
    package static func processStart(_ pid: pid_t) -> String? {
        #if canImport(Darwin)
            return darwinStart(pid)
        #else
            guard let fields = statFields(pid) else { return nil }
            return fields.count > 19 ? String(fields[19]) : nil
        #endif
    }

    /// A small file's text (at most 4 KiB), read with one descriptor; nil when it cannot be read.
    private static func readSmall(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }
}

#if canImport(Darwin)
    extension Platform {
        /// The path dyld started, resolved: its size asked first, then the path.
        fileprivate static func darwinExecutable() -> String? {
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return Bundle.main.executablePath }
            let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            guard let resolved = realpath(path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        }

        /// The boot session's UUID, shortened as Linux's boot id is (`kern.boottime` would move
        /// with the clock); "0" when it cannot be read.
        fileprivate static func darwinBootID() -> String {
            var buffer = [CChar](repeating: 0, count: 64)
            var size = buffer.count - 1
            guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return "0" }
            let hex = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.filter(\.isHexDigit)
            return hex.isEmpty ? "0" : String(hex.prefix(8)).lowercased()
        }

        /// `kinfo_proc`'s start time, seconds and microseconds; nil when there is no such process
        /// (for which `sysctl` succeeds with no bytes).
        fileprivate static func darwinStart(_ pid: pid_t) -> String? {
            var query: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            guard sysctl(&query, UInt32(query.count), &info, &size, nil, 0) == 0, size > 0 else { return nil }
            let start = info.kp_proc.p_un.__p_starttime
            return "\(start.tv_sec)u\(start.tv_usec)"
        }
    }
#endif
