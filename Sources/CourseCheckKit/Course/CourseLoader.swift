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
        /// The file's absolute path. Kept as text, the URL made only when asked: `URL`'s path
        /// operations cost thousands of instructions each, and the plan (made before anything runs
        /// in parallel) named every lesson by `appendingPathComponent`, then asked for its path.
        package let path: String

        /// Where the course's records put a file under a slipped name (`LessonRecords`): the
        /// lesson it is, not read until renamed, whose goldens and directory are that name's.
        package var recorded: Recorded? = nil

        /// A lesson's place as the records give it: the path it belongs at, absolute and as shown.
        package struct Recorded: Sendable, Equatable {
            package var path: String
            package var displayPath: String
        }

        package var url: URL { URL(fileURLWithPath: path, isDirectory: false) }

        /// The name of the lesson's golden folder: the recorded name's stem, else the file's.
        package var stem: String { GoldenStore.stem(of: recorded?.displayPath ?? displayPath) }
        /// The lesson's path: where the records put it, else the file's.
        package var lessonPath: String { recorded?.path ?? path }
        /// The lesson's path as shown: where the records put it, else the file's.
        package var lessonDisplayPath: String { recorded?.displayPath ?? displayPath }

        package init(displayPath: String, url: URL) {
            self.init(displayPath: displayPath, path: url.path)
        }

        package init(displayPath: String, path: String, recorded: Recorded? = nil) {
            self.displayPath = displayPath
            self.path = path
            self.recorded = recorded
        }
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
    /// Where the goldens' folders, one of the records of whose file a slipped name is, are looked for.
    package var goldens: LessonRecords.Goldens = .beside

    package init(currentDirectory: URL, goldens: LessonRecords.Goldens = .beside) {
        self.currentDirectory = currentDirectory
        self.goldens = goldens
    }

    /// Expands `paths`; throws `CourseCheckError` for paths that do not exist or hold no lessons.
    package func plan(_ paths: [String]) throws(CourseCheckError) -> Plan {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var directories: [URL] = []
        var directoryDisplayPaths: [String] = []
        let files = FileManager.default
        // Directories by what the OS resolves them to: `lessons lessons/` or a link to it is one.
        var seenDirectories = Set<String>()
        // `README.md` given as a file (a shell glob, `lessons/*.md`) is the index of its directory.
        var indexDirectories: [(url: URL, display: String)] = []
        // Lesson files in the sub-folders of the directories given: (folder resolved, the lessons
        // directory and the folder as shown, the files as shown).
        var nested: [(String, String, String, [String])] = []
        for path in paths {
            // As the OS resolves it: `link/../lessons` goes through the link, not around it.
            let given = path.hasPrefix("/") ? path : currentDirectory.path + "/" + path
            // A `.` or `..` component is resolved by the OS (through any link before it); other
            // paths stay as written, so a linked lessons folder keeps its goldens beside the link.
            let dots = given.split(separator: "/").contains { $0 == "." || $0 == ".." }
            let absolute = dots ? Self.resolved(given) : given
            let url = URL(fileURLWithPath: absolute)
            var info = stat()
            guard stat(absolute, &info) == 0 else {
                let code = errno
                throw .io(path: path, operation: .open, cause: code == ENOENT ? .noSuchFile : .system(errno: code))
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                guard path.hasSuffix(".md") else {
                    throw .usage("\(path): not a markdown file (expected a .md lesson or a directory)")
                }
                if url.lastPathComponent == "README.md"
                    || url.lastPathComponent
                        == LessonRecords.indexName(in: url.deletingLastPathComponent().path)
                {
                    let parent = path.parentPath
                    indexDirectories.append((url.deletingLastPathComponent(), parent.isEmpty ? "." : parent))
                    continue
                }
                entries.append(Entry(displayPath: Self.display(path), url: url))
                continue
            }
            guard seenDirectories.insert(Self.resolved(absolute)).inserted else { continue }
            var names: [String]
            do {
                // Two names in two Unicode forms by their bytes (`sortedDeterministically`): sorted as
                // text alone they kept the directory's order, which differs from one file system to another.
                names = try (Self.names(in: url.path) ?? files.contentsOfDirectory(atPath: url.path))
                    .sortedDeterministically()
            } catch {
                throw .io(path: path, operation: .list, cause: IOReason.cause(error, at: url))
            }
            // A markdown name that is not UTF-8 cannot be named in a report or opened by its decoded
            // text (which another file may hold): said, and left out, never silently skipped.
            let listing = DirectoryListings.entries(in: url.path) ?? []
            let undecodable = listing.map(\.name).filter {
                String(validating: $0, as: UTF8.self) == nil && $0.last == UInt8(ascii: "d")
                    && $0.suffix(3).elementsEqual(".md".utf8) && $0.first != UInt8(ascii: ".")
            }
            for name in undecodable.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                diagnostics.append(
                    .notALesson(
                        at: SourceLocation(path: Self.display(path, GoldenStore.shown(name)), line: 1), .nameNotUTF8))
            }
            if !undecodable.isEmpty {
                let repaired = Set(undecodable.map { String(decoding: $0, as: UTF8.self) })
                names.removeAll {
                    repaired.contains($0) && !FileManager.default.fileExists(atPath: url.path + "/" + $0)
                }
            }
            var found = 0
            var misnamed: [CourseCheckError.IOCause.Misnamed] = []
            let directoryPath = url.path
            let subfolders = Self.foldersHoldingLessons(in: directoryPath, listing: listing)
            let index = LessonRecords.indexName(in: directoryPath, names: names)
            // The index saved under a name it is not read from (`README.txt`, `index.md`): one finding at it.
            let standIn = LessonRecords.indexStandIn(in: directoryPath, names: names)
            if let standIn {
                diagnostics.append(.indexStandIn(Self.display(path, standIn), name: standIn))
            }
            // A file under a slipped name is the lesson the records name: one finding, and an entry
            // that keeps its goldens (`LessonRecords`).
            let slipped = LessonRecords.slipped(
                in: directoryPath, shown: path, names: names.filter { !$0.hasPrefix(".") },
                nested: subfolders.flatMap { folder in folder.lessons.map { folder.folder + "/" + $0 } },
                goldens: goldens)
            var directoryEntries: [(key: String, entry: Entry)] = []
            for slip in slipped {
                let display = Self.display(path, slip.name)
                diagnostics.append(
                    .notALesson(
                        at: SourceLocation(path: display, line: 1),
                        slip.copyOf.map { .copy(of: $0) }
                            ?? .slippedName(
                                file: slip.name.contains("/") ? display : slip.name,
                                recorded: slip.name.contains("/") ? Self.display(path, slip.recorded) : slip.recorded,
                                move: slip.name.contains("/"), witnesses: slip.witnesses, numberOf: slip.numberOf)))
                directoryEntries.append(
                    (
                        slip.recorded,
                        Entry(
                            displayPath: display,
                            path: (directoryPath.hasSuffix("/") ? directoryPath : directoryPath + "/") + slip.name,
                            recorded: Entry.Recorded(
                                path: (directoryPath.hasSuffix("/") ? directoryPath : directoryPath + "/")
                                    + slip.recorded,
                                displayPath: Self.display(path, slip.recorded)))
                    ))
            }
            let slippedNames = Set(slipped.map(\.name))
            // Hidden files are an editor's or a system's (`.#01-x.md` locks, `.DS_Store`), never the author's text.
            for name in names where name.hasSuffix(".md") && !name.hasPrefix(".") {
                let display = Self.display(path, name)
                if let slip = slipped.first(where: { $0.name == name }) {
                    // Said at the file (above); named too if the directory turns out to have no lesson.
                    if name.first?.isASCII == true && name.first?.isNumber == true, slip.copyOf == nil {
                        misnamed.append(.init(name: name, rename: slip.recorded))
                    }
                } else if LessonName.isLessonFile(name) {
                    // A file by its name, its path joined as text (a directory named so is found
                    // when it is read).
                    directoryEntries.append(
                        (
                            name,
                            Entry(
                                displayPath: display,
                                path: directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name)
                        ))
                    found += 1
                } else if name.first?.isASCII == true && name.first?.isNumber == true {
                    let rename = LessonName.renamed(name)
                    diagnostics.append(
                        .notALesson(at: SourceLocation(path: display, line: 1), .misnamed(rename: rename)))
                    misnamed.append(.init(name: name, rename: rename))
                } else if name != index && name != standIn {
                    diagnostics.append(.uncheckedMarkdown(display))
                }
            }
            // In the order of the lessons' names, a slipped file at its recorded name's place.
            if slipped.isEmpty {
                entries += directoryEntries.map(\.entry)
            } else {
                // As `sortedDeterministically` orders names, never keyed by text: a recorded name and a
                // lesson's in two Unicode forms are two entries.
                entries += directoryEntries.sorted { left, right in
                    left.key != right.key
                        ? left.key < right.key : Array(left.key.utf8).lexicographicallyPrecedes(right.key.utf8)
                }.map(\.entry)
            }
            if found == 0 {
                throw .io(
                    path: path, operation: .list,
                    cause: .noLessonFiles(
                        misnamed: misnamed, subfolders: subfolders.map { Self.display(path, $0.folder) + "/" }))
            }
            for (folder, lessons) in subfolders {
                nested.append(
                    (
                        Self.resolved(directoryPath + "/" + folder), Self.display(path), Self.display(path, folder),
                        lessons.filter { !slippedNames.contains(folder + "/" + $0) }.map {
                            Self.display(Self.display(path, folder), $0)
                        }
                    ))
            }
            directories.append(url)
            directoryDisplayPaths.append(path)
        }
        // A lesson file one folder down is not read (a course's lessons are the files of the
        // directories given): each is said, unless its folder was given too.
        for (folder, parent, shown, lessons) in nested where !seenDirectories.contains(folder) {
            for lesson in lessons {
                diagnostics.append(.nestedLesson(lesson, folder: shown, lessons: parent))
            }
        }
        // Named one by one beside lessons of its directory (a shell glob, `lessons/*.md`), a file
        // is what it would be in that directory: a hidden one is skipped, and one not named like a
        // lesson gets the directory's finding. Named alone, a file is checked as asked.
        let lessonFolders = Set(
            entries.filter { LessonName.isLessonFile($0.path.lastPathComponent) }.map(\.path.parentPath))
        entries = entries.filter { entry in
            let name = entry.path.lastPathComponent
            guard entry.recorded == nil, !LessonName.isLessonFile(name), lessonFolders.contains(entry.path.parentPath)
            else { return true }
            if !name.hasPrefix(".") {
                diagnostics.append(
                    name.first?.isASCII == true && name.first?.isNumber == true
                        ? .notALesson(
                            at: SourceLocation(path: entry.displayPath, line: 1),
                            .misnamed(rename: LessonName.renamed(name)))
                        : .uncheckedMarkdown(entry.displayPath))
            }
            return false
        }
        if entries.isEmpty {
            throw .usage("no lessons given")
        }
        // A lesson named twice (a file and its directory) is checked once. Paths compare as bytes, as
        // the file system compares them: two names that are one text in two Unicode forms are two files.
        var seen = Set<[UInt8]>()
        let kept = zip(entries, Self.resolved(entries.map(\.path))).filter { seen.insert(Array($1.utf8)).inserted }
        entries = kept.map(\.0)
        // A directory whose index and every lesson were given one by one is that directory, whole.
        let resolvedEntries = Set(kept.map(\.1))
        for index in indexDirectories where !seenDirectories.contains(Self.resolved(index.url.path)) {
            let lessons = (Self.names(in: index.url.path) ?? []).filter(LessonName.isLessonFile)
            let given = Set(lessons.map { Self.resolved(index.url.appendingPathComponent($0).path) })
            guard !given.isEmpty, given.isSubset(of: resolvedEntries) else { continue }
            seenDirectories.insert(Self.resolved(index.url.path))
            directories.append(index.url)
            directoryDisplayPaths.append(index.display)
        }
        // Names that differ only in case are two lessons here, and one file on macOS and Windows.
        var byFolded: [String: Entry] = [:]
        for entry in entries {
            let key = entry.path.parentPath + "/" + entry.path.lastPathComponent.lowercased()
            if let first = byFolded[key] {
                diagnostics.append(
                    .caseCollision(at: SourceLocation(path: entry.displayPath, line: 1), other: first.displayPath))
            } else {
                byFolded[key] = entry
            }
        }
        return Plan(
            entries: entries, diagnostics: diagnostics, directories: directories,
            directoryDisplayPaths: directoryDisplayPaths)
    }

    /// The visible sub-folders of the directory at `path` that hold files named like lessons, with
    /// those names, sorted: one listing per sub-folder, of a lessons directory that rarely has any
    /// (`listing`, the directory's own, is the plan's).
    static func foldersHoldingLessons(
        in path: String, listing: [(name: [UInt8], type: UInt8)]
    ) -> [(folder: String, lessons: [String])] {
        var found: [(folder: String, lessons: [String])] = []
        for (name, type) in listing where name.first != UInt8(ascii: ".") {
            guard let folder = String(validating: name, as: UTF8.self) else { continue }
            var info = stat()
            guard
                type == UInt8(DT_DIR)
                    || ((type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK))
                        && stat(path + "/" + folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
            else { continue }
            let lessons = (names(in: path + "/" + folder) ?? []).filter {
                !$0.hasPrefix(".") && LessonName.isLessonFile($0)
            }
            if !lessons.isEmpty { found.append((folder, lessons.sortedDeterministically())) }
        }
        return found.sorted { $0.folder.utf8.lexicographicallyPrecedes($1.folder.utf8) }
    }

    /// The names in the directory at `path` as FileManager lists them (not `.` or `..`, each read
    /// as UTF-8 with repairs), by `readdir` (`DirectoryListings.entries`): FileManager's first
    /// listing in a process looked a generic type up by name, a scan of every conformance in the
    /// binary, on the serial path before any lesson is read. Nil when the directory cannot be
    /// opened: FileManager then says why.
    static func names(in path: String) -> [String]? {
        DirectoryListings.entries(in: path)?.map { String(decoding: $0.name, as: UTF8.self) }
    }

    /// The path the OS resolves `path` to (links followed, `..` after them), or `path` itself
    /// when it cannot be resolved.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `resolved` of each path, with each parent directory resolved once: a file that is not a link
    /// resolves to its resolved parent and its name (one `lstat`, where `realpath` reads every
    /// component of the path).
    static func resolved(_ paths: [String]) -> [String] {
        var parents: [String: String] = [:]
        return paths.map { path in
            let parent = path.parentPath
            let name = path.lastPathComponent
            var info = stat()
            // A trailing slash makes lstat follow a final link: such a path takes realpath.
            guard path.hasPrefix("/"), !path.hasSuffix("/"), !parent.isEmpty, name != ".", name != "..",
                lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK
            else { return resolved(path) }
            let real = parents[parent] ?? resolved(parent)
            parents[parent] = real
            return real == "/" ? "/" + name : real + "/" + name
        }
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
