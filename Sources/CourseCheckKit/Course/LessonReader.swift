import Foundation

/// Reads one lesson file from disk and runs it through scan and classify.
package enum LessonReader {
    /// What reading and classifying one file produced.
    package struct Outcome: Sendable {
        /// The classified lesson, or nil when the file could not be decoded.
        package var lesson: Lesson?
        package var diagnostics: [Diagnostic]
    }

    /// Reads `entry`; throws `CourseCheckError.io` when the file cannot be read at all.
    package static func read(_ entry: CourseLoader.Entry) throws(CourseCheckError) -> Outcome {
        // Only regular files: a FIFO would block the read forever, a directory cannot be read.
        var info = stat()
        guard stat(entry.url.path, &info) == 0 else {
            throw .io(path: entry.displayPath, operation: .read, cause: .system(errno: errno))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .io(path: entry.displayPath, operation: .read, cause: .notRegularFile)
        }
        let data: Data
        do {
            data = try Data(contentsOf: entry.url)
        } catch {
            throw .io(path: entry.displayPath, operation: .read, cause: Self.reason(error))
        }
        return classify(bytes: [UInt8](data), path: entry.displayPath)
    }

    /// Reads `entry` from `overlay` when it holds the entry's standardized path (an editor's
    /// unsaved text), else from disk.
    package static func read(_ entry: CourseLoader.Entry, overlay: [String: [UInt8]]) throws(CourseCheckError)
        -> Outcome
    {
        guard let bytes = overlay[entry.url.standardizedFileURL.path] else { return try read(entry) }
        return classify(bytes: bytes, path: entry.displayPath)
    }

    /// Decodes, scans and classifies a file's bytes.
    package static func classify(bytes: [UInt8], path: String) -> Outcome {
        let file: SourceFile
        switch SourceFile.decode(bytes, path: path) {
        case .failure(let diagnostic):
            return Outcome(lesson: nil, diagnostics: [diagnostic])
        case .success(let decoded):
            file = decoded
        }
        var diagnostics: [Diagnostic] = []
        if file.hadByteOrderMark {
            diagnostics.append(.byteOrderMark(in: path))
        }
        if bytes.isEmpty {
            diagnostics.append(.notALesson(at: SourceLocation(path: path, line: 1), .empty))
            return Outcome(lesson: nil, diagnostics: diagnostics)
        }
        let scanned = MarkdownScanner.scan(file)
        // The classifier sees the scanner's findings too: a cause it finds replaces their consequences.
        let (lesson, classified) = Classifier.classify(file, scanned: scanned)
        diagnostics += classified
        return Outcome(lesson: lesson, diagnostics: diagnostics)
    }

    private static func reason(_ error: Error) -> CourseCheckError.IOCause {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return .system(errno: code.rawValue)
        }
        return IOReason.cause(error, at: URL(fileURLWithPath: "/"))
    }
}
