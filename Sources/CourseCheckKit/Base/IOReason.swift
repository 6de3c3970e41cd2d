import Foundation

/// Turns a Foundation file error into a cause that prints in words, never an error domain or code.
enum IOReason {
    static func cause(_ error: any Error, at url: URL) -> CourseCheckError.IOCause {
        if let blocker = fileInTheWay(of: url) { return blocker }
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

    /// A file where `url` or a folder above it should be: the nearest existing ancestor that is
    /// not a directory, or nil.
    static func fileInTheWay(of url: URL) -> CourseCheckError.IOCause? {
        var probe = url.standardizedFileURL
        while probe.path != "/" {
            var info = stat()
            if stat(probe.path, &info) == 0 {
                return info.st_mode & S_IFMT != S_IFDIR ? .fileInTheWay(probe.path) : nil
            }
            probe.deleteLastPathComponent()
        }
        return nil
    }
}
