import Foundation

/// What the tests read of other processes, from /proc directly: `Platform` reads nothing there on
/// the portable path, which the test process takes too under `COURSECHECK_PORTABLE=1` (the soak's
/// portable run), while the tests still watch the processes they start as on Linux.
enum ProcStat {
    /// The fields of a process's `stat` after its command name (state, ppid, pgrp, session, …);
    /// nil when there is no such process.
    static func fields(_ pid: pid_t) -> [Substring]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let close = data.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        return String(decoding: data[data.index(after: close)...], as: UTF8.self).split(separator: " ")
            .map { $0 }
    }

    /// The processes whose session is `session`.
    static func members(of session: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = pid_t(entry), let fields = fields(pid), fields.count > 3, pid_t(fields[3]) == session
            else { return nil }
            return pid
        }
    }

    /// Running or sleeping: not gone, nor a zombie (on the portable path no subreaper reaps a
    /// killed grandchild, and init in a container may not either).
    static func isAlive(_ pid: pid_t) -> Bool {
        fields(pid).map { $0.first != "Z" } ?? false
    }
}
