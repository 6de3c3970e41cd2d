import Foundation

/// A failure that stops the run before or outside the course checks: exit status 2.
///
/// An I/O failure carries the path and the cause; its words are made when it is printed, so a
/// caller can tell causes apart without reading messages.
package enum CourseCheckError: Error, Equatable, Sendable {
    /// The command line is wrong.
    case usage(String)
    /// `path`, as the user named it, could not be used for `operation` because of `cause`.
    case io(path: String, operation: IOOperation, cause: IOCause)
    /// What coursecheck runs failed outside any one file: swiftc, a child process, a pipe.
    case system(String)

    /// What coursecheck was doing with a path when it failed.
    package enum IOOperation: Sendable, Equatable {
        /// Opening a path given on the command line.
        case open
        /// Listing a lessons directory.
        case list
        /// Reading a lesson.
        case read
        /// Reading a course or lesson export.
        case readExport
        /// Creating the directory a file goes in.
        case createDirectory
        /// Writing a file, through a temporary file beside it.
        case write
        /// Renaming the temporary file over the target.
        case replace
        case remove
        /// Appending to the GitHub Actions job summary.
        case appendSummary
        /// Choosing the `--junit` report's path, before the run: the path is refused.
        case junitTarget
        /// Choosing the job summary's path (`GITHUB_STEP_SUMMARY`), before the run: the path is refused.
        case summaryTarget
        /// Choosing the directory `import` writes into: the directory is refused.
        case importInto
        /// Replacing a file `import` would write: the file is not import's to replace.
        case importFile
        /// Finding the temporary directory (`TMPDIR`).
        case temporaryDirectory
        /// Taking the lock of a directory a writing run writes.
        case lock
    }

    /// Why the path could not be used, in words when printed: never an error domain or code.
    package enum IOCause: Sendable, Equatable, CustomStringConvertible {
        /// A file a lessons directory holds that starts like a lesson (`1-intro.md`), with the
        /// lesson name it takes (`01-intro.md`) when a second digit is all it lacks.
        package struct Misnamed: Sendable, Equatable {
            package var name: String
            package var rename: String?
            package init(name: String, rename: String?) {
                self.name = name
                self.rename = rename
            }
        }

        /// A system call failed; printed as `strerror` words.
        case system(errno: Int32)
        /// A file stands where a directory must be.
        case fileInTheWay(String)
        case permissionDenied
        case noSpace
        case readOnly
        case noSuchFile
        /// The file system refused without a cause coursecheck recognises.
        case refused
        /// The path exists but cannot be read.
        case unreadable
        case notRegularFile
        /// A golden is never written through a link.
        case linkOrNotRegularFile
        /// A lessons directory holds no file named like a lesson: `misnamed`, the names that start
        /// with a digit (each with the lesson name it takes, when one digit was all it lacked), and
        /// `subfolders`, its folders (as shown, ending in `/`) that do hold lesson files.
        case noLessonFiles(misnamed: [Misnamed] = [], subfolders: [String] = [])
        /// The system gave no cause.
        case unknown
        /// coursecheck never creates anything directly at `/`.
        case atRoot
        case notADirectory
        /// The write gate refused, for the reason given in words.
        case refusedBecause(String)
        /// Another coursecheck holds the lock.
        case busy

        /// The lesson-like names a lessons directory holds and what to rename them to.
        private static func misnamed(_ names: [Misnamed]) -> String {
            guard !names.isEmpty else { return "" }
            let renames = names.compactMap { entry in entry.rename.map { "\(entry.name) to \($0)" } }
            let listed = names.map(\.name).joined(separator: ", ")
            let verb = names.count == 1 ? "starts" : "start"
            return "; \(listed) \(verb) like a lesson but a lesson's number has two or more digits: "
                + (renames.isEmpty
                    ? "rename \(names.count == 1 ? "it" : "them") NN-slug.md"
                    : "rename \(renames.joined(separator: ", "))")
        }

        /// The sub-folders that hold lesson files, and the command that checks them.
        private static func lessonsIn(_ folders: [String]) -> String {
            guard !folders.isEmpty else { return "" }
            let verb = folders.count == 1 ? "holds" : "hold"
            return
                "; \(folders.joined(separator: ", ")) \(verb) lesson files: give \(folders.count == 1 ? "it" : "them") "
                + "to coursecheck (coursecheck \(folders.joined(separator: " ")))"
        }

        package var description: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .fileInTheWay(let path): "\(path) is a file, not a directory"
            case .permissionDenied: "permission denied"
            case .noSpace: "no space left on the device"
            case .readOnly: "the file system is read-only"
            case .noSuchFile: "no such file or directory"
            case .refused: "the file system refused the write"
            case .unreadable: "cannot read"
            case .notRegularFile: "it is not a regular file"
            case .linkOrNotRegularFile: "it is a link or not a regular file"
            case .noLessonFiles(let misnamed, let subfolders):
                "no lesson files (named like 01-slug.md) in this directory" + Self.misnamed(misnamed)
                    + Self.lessonsIn(subfolders)
            case .unknown: "no cause given"
            case .atRoot: "coursecheck never creates anything directly in /"
            case .notADirectory: "it is not a directory"
            case .refusedBecause(let reason): reason
            case .busy: "another coursecheck is writing there; try again when it is done"
            }
        }
    }

    package var message: String {
        switch self {
        case .usage(let message), .system(let message): message
        case .io(let path, let operation, let cause): Self.message(path: path, operation: operation, cause: cause)
        }
    }

    /// The id reports give the failure: `usage-error` or `io-error`.
    package var id: String {
        switch self {
        case .usage: "usage-error"
        case .io, .system: "io-error"
        }
    }

    /// Reading names the path first (`lessons: cannot list ...`), as swiftc names a file; writing
    /// names the action first (`cannot write ...`).
    private static func message(path: String, operation: IOOperation, cause: IOCause) -> String {
        switch (operation, cause) {
        case (_, .noLessonFiles), (.open, _): "\(path): \(cause)"
        case (.list, _): "\(path): cannot list the directory (\(cause))"
        case (.read, .notRegularFile): "\(path): not a regular file"
        case (.read, _): "\(path): cannot read the file (\(cause))"
        case (.readExport, _): "\(path): cannot read the export"
        case (.createDirectory, _): "cannot create the directory \(path): \(cause)"
        case (.write, _): "cannot write \(path): \(cause)"
        case (.replace, _): "cannot replace \(path): \(cause)"
        case (.remove, _): "cannot remove \(path): \(cause)"
        case (.appendSummary, _): "cannot write the job summary \(path): \(cause)"
        case (.junitTarget, _): "refusing --junit \(path): \(cause); write the report elsewhere"
        case (.summaryTarget, _): "refusing GITHUB_STEP_SUMMARY=\(path): \(cause); the job summary goes elsewhere"
        case (.importInto, _): "refusing to import into \(path): \(cause)"
        case (.importFile, _): "refusing to replace \(path): \(cause)"
        case (.temporaryDirectory, _): "\(path): cannot use it as the temporary directory (\(cause))"
        case (.lock, _): "cannot lock \(path) for writing: \(cause)"
        }
    }

}
