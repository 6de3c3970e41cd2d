import Foundation

/// Turns the command line's paths into the ordered list of lesson files to check.
///
/// A directory contributes its files named `<digits>-<slug>.md` (two or more digits), in name order;
/// `README.md` is the course index. A markdown file whose name starts with a digit but misses the
/// pattern is an error; any other gets a warning, never silence. Hidden files are ignored.
package struct CourseLoader: Sendable {
    /// One lesson file to read: how to show its path, and where it is on disk.
    package struct Entry: Sendable, Equatable {
        package var displayPath: String
        package var url: URL
    }

    /// What the paths expanded to.
    package struct Plan: Sendable {
        package var entries: [Entry]
        package var diagnostics: [Diagnostic]
        /// The directories given, whose every lesson is in `entries` (so their goldens can be swept for orphans).
        package var directories: [URL] = []
        /// The directories as the user wrote them, for display.
        package var directoryDisplayPaths: [String] = []
    }

    package var currentDirectory: URL

    package init(currentDirectory: URL) {
        self.currentDirectory = currentDirectory
    }

    /// True for a lesson file name such as `09-yerel-durum.md`.
    package static func isLessonFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".md") else { return false }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 2 else { return false }
        let rest = name.dropFirst(digits.count)
        return rest.hasPrefix("-") && rest.count > "-.md".count
    }

    /// Expands `paths`; throws `CourseCheckError` for paths that do not exist or hold no lessons.
    package func plan(_ paths: [String]) throws(CourseCheckError) -> Plan {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var directories: [URL] = []
        var directoryDisplayPaths: [String] = []
        let files = FileManager.default
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                var info = stat()
                let reason: CourseCheckError.IOCause = lstat(url.path, &info) == 0 ? .system(errno: ELOOP) : .noSuchFile
                throw .io(path: path, operation: .open, cause: stat(url.path, &info) == 0 ? .unreadable : reason)
            }
            guard isDirectory.boolValue else {
                guard path.hasSuffix(".md") else {
                    throw .usage("\(path): not a markdown file (expected a .md lesson or a directory)")
                }
                entries.append(Entry(displayPath: Self.display(path), url: url))
                continue
            }
            let names: [String]
            do {
                names = try files.contentsOfDirectory(atPath: url.path).sorted()
            } catch {
                throw .io(path: path, operation: .list, cause: IOReason.cause(error, at: url))
            }
            var found = 0
            // Hidden files are an editor's or a system's (`.#01-x.md` locks, `.DS_Store`), never the author's text.
            for name in names where name.hasSuffix(".md") && !name.hasPrefix(".") {
                let display = Self.display(path, name)
                if Self.isLessonFileName(name) {
                    entries.append(Entry(displayPath: display, url: url.appendingPathComponent(name)))
                    found += 1
                } else if name.first?.isASCII == true && name.first?.isNumber == true {
                    diagnostics.append(.notALesson(at: SourceLocation(path: display, line: 1), .misnamed))
                } else if name != "README.md" {
                    diagnostics.append(.uncheckedMarkdown(display))
                }
            }
            if found == 0 {
                throw .io(path: path, operation: .list, cause: .noLessonFiles)
            }
            directories.append(url)
            directoryDisplayPaths.append(path)
        }
        if entries.isEmpty {
            throw .usage("no lessons given")
        }
        // A lesson named twice (a file and its directory) is checked once. Paths compare as bytes, as
        // the file system compares them: two names that are one text in two Unicode forms are two files.
        var seen = Set<[UInt8]>()
        entries = entries.filter { seen.insert(Array($0.url.resolvingSymlinksInPath().path.utf8)).inserted }
        return Plan(
            entries: entries, diagnostics: diagnostics, directories: directories,
            directoryDisplayPaths: directoryDisplayPaths)
    }

    /// `path`, or `path/name`, without a leading "./" and without a doubled slash.
    static func display(_ path: String, _ name: String? = nil) -> String {
        var result = path
        if let name {
            if result == "." || result == "./" {
                result = name
            } else {
                result = result.hasSuffix("/") ? result + name : result + "/" + name
            }
        }
        while result.hasPrefix("./") { result.removeFirst(2) }
        return result
    }
}
