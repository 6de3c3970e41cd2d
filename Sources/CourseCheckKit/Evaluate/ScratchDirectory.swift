import Foundation

/// A private temporary directory for one run's generated sources, binaries and outputs.
/// The owner calls `remove()` (usually in a `defer`), so nothing is left behind; a signal removes
/// it too (`ProcessGroups`).
public struct ScratchDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("coursecheck-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CourseCheckError.system("cannot create a temporary directory: \(error.localizedDescription)")
        }
        ProcessGroups.register(scratch: url.path)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
        ProcessGroups.unregister(scratch: url.path)
    }
}
