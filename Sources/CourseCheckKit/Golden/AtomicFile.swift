import Foundation

/// Writes files so that a reader, or a crash, only ever sees the old or the new content:
/// the bytes go to a temporary file in the same directory, which is then renamed over the target.
public enum AtomicFile {
    /// The marker in temporary file names; leftovers from a killed run are swept by `sweep(_:)`.
    public static let temporaryMarker = ".coursecheck-tmp-"

    /// Set `COURSECHECK_FAULT=before-rename` to die between writing and renaming (atomicity tests).
    static let faultVariable = "COURSECHECK_FAULT"

    public static func write(_ data: Data, to url: URL, environment: [String: String] = [:]) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(
                "\(temporaryMarker)\(url.lastPathComponent)-\(UUID().uuidString)")
            try data.write(to: temporary)
            if environment[faultVariable] == "before-rename" {
                kill(getpid(), SIGKILL)
            }
            guard rename(temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw CourseCheckError.io("cannot replace \(url.path): \(reason)")
            }
        } catch let error as CourseCheckError {
            throw error
        } catch {
            throw CourseCheckError.io("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Removes a file (the removal itself is atomic).
    public static func remove(_ url: URL) throws {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw CourseCheckError.io("cannot remove \(url.path): \(error.localizedDescription)")
        }
    }

    /// Deletes temporary files a killed run left in `directory` (never the targets themselves).
    public static func sweep(_ directory: URL) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(temporaryMarker) {
            try? files.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
