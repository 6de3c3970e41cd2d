import Foundation

/// A private temporary directory for one run's generated sources, binaries and outputs.
/// The owner calls `remove()` (usually in a `defer`), so nothing is left behind.
public struct ScratchDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("coursecheck-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CourseCheckError.io("cannot create a temporary directory: \(error.localizedDescription)")
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
