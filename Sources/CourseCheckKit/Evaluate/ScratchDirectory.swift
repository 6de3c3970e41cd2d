import Foundation

/// A private temporary directory for one run's generated sources, binaries and outputs.
/// The owner calls `remove()` (usually in a `defer`), so nothing is left behind; a signal removes
/// it too (`ProcessGroups`).
package struct ScratchDirectory: Sendable {
    package let url: URL

    package init() throws(CourseCheckError) {
        _ = Self.sweptOnce
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("coursecheck-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(
                path: url.path, operation: .createDirectory,
                cause: IOReason.cause(error, at: url.deletingLastPathComponent()))
        }
        ProcessGroups.register(scratch: url.path)
    }

    /// A run killed with SIGKILL cannot remove its scratch directory; the next run does, once: every
    /// `coursecheck-<pid>-…` of this user whose process is gone.
    private static let sweptOnce: Void = {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix("coursecheck-") {
            let parts = name.split(separator: "-", maxSplits: 2)
            guard parts.count == 3, let pid = Int32(parts[1]), pid != getpid() else { continue }
            let path = temporary.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }()

    /// Writes a generated source file into the scratch directory.
    static func write(_ text: String, to url: URL) throws(CourseCheckError) {
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw .io(
                path: url.path, operation: .write, cause: IOReason.cause(error, at: url.deletingLastPathComponent()))
        }
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
        ProcessGroups.unregister(scratch: url.path)
    }
}
