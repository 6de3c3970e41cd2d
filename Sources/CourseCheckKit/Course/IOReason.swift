import Foundation

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
