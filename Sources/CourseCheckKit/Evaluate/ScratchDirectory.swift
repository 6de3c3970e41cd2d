import Foundation

/// A private temporary directory for one run's generated sources, binaries and outputs.
/// The owner calls `remove()` (usually in a `defer`), so nothing is left behind; a signal removes
/// it too (`ProcessGroups`).
public struct ScratchDirectory: Sendable {
    public let url: URL

    public init() throws(CourseCheckError) {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("coursecheck-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: url.path, operation: .createDirectory, cause: IOReason.cause(error, at: url.deletingLastPathComponent()))
        }
        ProcessGroups.register(scratch: url.path)
    }

    /// Writes a generated source file into the scratch directory.
    static func write(_ text: String, to url: URL) throws(CourseCheckError) {
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw .io(path: url.path, operation: .write, cause: IOReason.cause(error, at: url.deletingLastPathComponent()))
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
        ProcessGroups.unregister(scratch: url.path)
    }
}
