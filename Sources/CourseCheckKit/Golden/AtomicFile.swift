import Foundation

/// Writes files so that a reader, or a crash, only ever sees the old or the new content:
/// the bytes go to a temporary file in the same directory, which is then renamed over the target.
///
/// A symbolic link is followed, so the file it names is rewritten and the link stays a link; an
/// existing file keeps its permission bits.
package enum AtomicFile {
    /// The marker in temporary file names; leftovers from a killed run are swept by `sweep(_:)`.
    package static let temporaryMarker = ".coursecheck-tmp-"

    /// Set `COURSECHECK_FAULT=before-rename` to die between writing and renaming (atomicity tests).
    static let faultVariable = "COURSECHECK_FAULT"

    /// `followingLinks: false` (goldens) refuses a target that is a link instead of writing where it points.
    package static func write(
        _ data: Data, to requested: URL, environment: [String: String] = [:], followingLinks: Bool = true
    ) throws(CourseCheckError) {
        try replace(requested, environment: environment, followingLinks: followingLinks) {
            temporary throws(CourseCheckError) in
            do {
                try data.write(to: temporary)
            } catch {
                throw .io(
                    path: requested.path, operation: .write,
                    cause: IOReason.cause(error, at: temporary.deletingLastPathComponent()))
            }
        }
    }

    /// Puts a copy of `file` (its bytes and permission bits, as a freshly linked binary has them) at `requested`.
    static func copy(_ file: URL, to requested: URL) throws(CourseCheckError) {
        try replace(requested, environment: [:], followingLinks: true) { temporary throws(CourseCheckError) in
            do {
                try FileManager.default.copyItem(at: file, to: temporary)
            } catch {
                throw .io(
                    path: requested.path, operation: .write,
                    cause: IOReason.cause(error, at: temporary.deletingLastPathComponent()))
            }
        }
    }

    /// Has `fill` write the new content to a temporary file beside the target, then renames it over the target.
    private static func replace(
        _ requested: URL, environment: [String: String], followingLinks: Bool,
        fill: (URL) throws(CourseCheckError) -> Void
    ) throws(CourseCheckError) {
        if !followingLinks, ![.missing, .regular].contains(GoldenStore.kind(requested)) {
            throw .io(path: requested.path, operation: .write, cause: .linkOrNotRegularFile)
        }
        let url = URL(fileURLWithPath: GoldenStore.canonicalPath(requested))
        let directory = url.deletingLastPathComponent()
        var existing = stat()
        let exists = stat(url.path, &existing) == 0
        if exists && existing.st_mode & S_IFMT != S_IFREG {
            throw .io(path: requested.path, operation: .write, cause: .notRegularFile)
        }
        let mode: mode_t? = exists ? existing.st_mode & 0o7777 : nil
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(path: directory.path, operation: .createDirectory, cause: IOReason.cause(error, at: directory))
        }
        let temporary = directory.appendingPathComponent(
            "\(temporaryMarker)\(url.lastPathComponent)-\(UUID().uuidString)")
        // Registered like a scratch directory, so SIGINT/SIGTERM/SIGHUP remove it too.
        ProcessGroups.register(scratch: temporary.path)
        defer { ProcessGroups.unregister(scratch: temporary.path) }
        try fill(temporary)
        if let mode { chmod(temporary.path, mode) }
        if environment[faultVariable] == "before-rename" {
            kill(getpid(), SIGKILL)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw .io(path: requested.path, operation: .replace, cause: .system(errno: code))
        }
    }

    /// Removes one regular file (the removal itself is atomic); never a directory.
    package static func remove(_ url: URL) throws(CourseCheckError) {
        guard unlink(url.path) == 0 else {
            throw .io(path: url.path, operation: .remove, cause: .system(errno: errno))
        }
    }

    /// Deletes temporary files a killed run left in `directory` (never the targets themselves).
    package static func sweep(_ directory: URL) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(temporaryMarker) {
            try? files.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// Turns a Foundation file error into a cause that prints in words, never an error domain or code.
enum IOReason {
    static func cause(_ error: any Error, at url: URL) -> CourseCheckError.IOCause {
        // The nearest existing ancestor of the directory tells whether a file stands in the way.
        var probe = url.standardizedFileURL
        while probe.path != "/" {
            var info = stat()
            if stat(probe.path, &info) == 0 {
                if info.st_mode & S_IFMT != S_IFDIR { return .fileInTheWay(probe.path) }
                break
            }
            probe.deleteLastPathComponent()
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return .system(errno: Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return .system(errno: Int32(nsError.code)) }
        switch nsError.code {
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return .permissionDenied
        case NSFileWriteOutOfSpaceError: return .noSpace
        case NSFileWriteVolumeReadOnlyError: return .readOnly
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return .noSuchFile
        default: return .refused
        }
    }
}
