import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells the watch loop that something in the watched directories may have changed: inotify on
/// Linux's path (`Platform`), else polling the directories' entries (modification time, size, inode).
///
/// Neither is trusted for *what* changed: the loop compares file contents afterwards, so a touch,
/// a chmod or an editor's write-rename-chmod burst never causes a re-check by itself.
final class FileEvents {
    enum Mechanism: String {
        case inotify
        case polling
    }

    let mechanism: Mechanism
    /// Seconds between two polls (polling only).
    let interval: Double
    /// The inotify descriptor, readable when events are queued; -1 when polling.
    let fd: Int32
    /// Each watched directory, with the file it was when watched (device, inode): a directory
    /// deleted and made again (`rm -rf`, `git checkout`, a branch switch) is another file, whose
    /// inotify watch must be added again.
    private var watched: [String: [UInt64]] = [:]
    private var lastSnapshot: [String: [Int64]] = [:]

    /// inotify unless `preferPolling`, the portable path, or inotify cannot start.
    init(preferPolling: Bool, interval: Double = 0.5) {
        self.interval = interval
        if !preferPolling, let descriptor = Platform.startFileNotifications() {
            fd = descriptor
            mechanism = .inotify
            return
        }
        fd = -1
        mechanism = .polling
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Watches `directories` (not recursively) from now on, and their parents, so a directory
    /// deleted and made again is seen. Call it again after every change: a directory that is now
    /// another file (same path, new inode) is watched again. A directory that is not there has its
    /// nearest existing ancestor watched instead: a course folder moved away or deleted whole is
    /// seen when it returns at its path, however many of the folders above it went with it.
    func watch(_ directories: [URL]) {
        let paths = directories.map { $0.standardizedFileURL.path }
        for path in paths + paths.map({ $0.parentPath }).filter({ !$0.isEmpty })
            + paths.compactMap(Self.nearestAncestor)
        {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                watched.removeValue(forKey: path)
                continue
            }
            let identity = [UInt64(truncatingIfNeeded: info.st_dev), UInt64(info.st_ino)]
            // inotify is asked every time: a directory deleted and made again often gets the inode
            // it had (the file system reuses it at once), so equal numbers do not prove it is the
            // directory watched; adding a watch that exists costs one call and changes nothing.
            guard watched[path] != identity || mechanism == .inotify else { continue }
            if mechanism == .inotify {
                guard Platform.notify(fd, about: path) else { continue }
            }
            watched[path] = identity
        }
        if mechanism == .polling { lastSnapshot = snapshot() }
    }

    /// The nearest existing directory above `path` when `path` itself is not there; nil when it is.
    static func nearestAncestor(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        var ancestor = path.parentPath
        while !ancestor.isEmpty, stat(ancestor, &info) != 0 { ancestor = ancestor.parentPath }
        return ancestor.isEmpty ? "/" : ancestor
    }

    /// Whether the files a check read (`after`, read when it ended) changed while it ran, against
    /// `before` (read when it began): a file whose stamp differs or that went away, or one that
    /// appeared with a status change (ctime, which no one can set back) at or after `began`. An
    /// event can be lost for a folder made during the check (it is watched only afterwards, as
    /// `rm -r goldens && git checkout goldens` does), so the files themselves are asked again.
    static func changed(before: [String: [Int64]], after: [String: [Int64]], began: timespec) -> Bool {
        for (path, stamp) in after {
            if let earlier = before[path] {
                if earlier != stamp { return true }
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0 else { return true }
            #if canImport(Darwin)
                let changed = info.st_ctimespec
            #else
                let changed = info.st_ctim
            #endif
            if changed.tv_sec > began.tv_sec || (changed.tv_sec == began.tv_sec && changed.tv_nsec >= began.tv_nsec) {
                return true
            }
        }
        return before.keys.contains { after[$0] == nil && !FileManager.default.fileExists(atPath: $0) }
    }

    /// The wall clock now, as file times are kept.
    static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time
    }

    /// Consumes the queued inotify events; true when there were any.
    func drain() -> Bool {
        guard fd >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var any = false
        while read(fd, &buffer, buffer.count) > 0 { any = true }
        return any
    }

    /// Polling: true when any entry of a watched directory changed since the last call.
    func pollChanged() -> Bool {
        let now = snapshot()
        defer { lastSnapshot = now }
        return now != lastSnapshot
    }

    private func snapshot() -> [String: [Int64]] {
        var entries: [String: [Int64]] = [:]
        for directory in watched.keys {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names {
                let path = directory + "/" + name
                // An entry with no content stamp (a directory) is there all the same: a course
                // folder that returns is an entry of its parent that appears.
                entries[path] = FileGate.Identity.of(path)?.contentStamp ?? []
            }
        }
        return entries
    }
}
