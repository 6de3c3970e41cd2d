import ChildSupervisor
import Foundation
import Synchronization

/// A self-pipe: background threads and signal handlers wake the loop's `poll` by writing a byte
/// (the signal number, or 0 for "results arrived"). The write end never blocks.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws(CourseCheckError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw CourseCheckError.system("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func wake(_ byte: UInt8 = 0) {
        var value = byte
        _ = write(writeEnd, &value, 1)
    }

    /// The bytes written since the last drain.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}

/// SIGINT and SIGTERM, delivered as bytes on a wake pipe so the loop can stop between steps and
/// clean up, instead of dying with children still running.
/// The process's one set of signal sources lives in `ProcessGroups`; this routes SIGINT and SIGTERM
/// to the loop while it runs.
final class StopSignals {
    init(into pipe: WakePipe) {
        ProcessGroups.installSignalHandlers()
        ProcessGroups.intercept { number in pipe.wake(UInt8(number)) }
    }

    deinit {
        ProcessGroups.intercept(nil)
    }
}

/// This process's descendants (swiftc, a tree binary), found in the system's process list, so a
/// stop leaves no orphan whatever started them. None on the portable path (`Platform.processes`).
enum Descendants {
    static func list() -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for process in Platform.processes() { children[process.parent, default: []].append(process.pid) }
        var found: [pid_t] = []
        var queue = [getpid()]
        while let next = queue.popLast() {
            for child in children[next] ?? [] where !found.contains(child) {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// Kills every descendant until `busy` turns false (the background work noticed and returned)
    /// or `seconds` pass.
    static func stop(while busy: () -> Bool, seconds: Double = 5) {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            for pid in list() { kill(pid, SIGKILL) }
            guard busy() else { break }
            usleep(20_000)
        } while Date() < deadline
    }
}
