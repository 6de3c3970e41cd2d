import Foundation

/// Whether a report may be written at a path: the one rule the `--junit` report and the job
/// summary share, asked before the run starts (a refusal is an `io-error`, exit 2, in words).
///
/// A report goes only where nothing is (in a folder that exists), or over a regular file with one
/// name that lies outside the lessons, goldens, cache and `.git` directories and is no file the run
/// reads (a lesson, the course index, `TOOLCHAIN`, the other report); the JUnit report replaces
/// only a coursecheck report. What was found is kept as the write's expectation, so `FileGate`
/// writes only while the path still holds it (a hard link made during the run is refused there).
package struct ReportTarget: Sendable {
    package enum Report: Sendable {
        case junit
        case summary
    }

    /// What the run reads, and the directories a report never goes into.
    package struct Inputs: Sendable {
        package var lessons: [CourseLoader.Entry]
        package var lessonDirectories: [(url: URL, display: String)]
        package var stores: [GoldenStore]
        package var cache: URL?

        package init(
            lessons: [CourseLoader.Entry] = [], lessonDirectories: [(url: URL, display: String)] = [],
            stores: [GoldenStore] = [], cache: URL? = nil
        ) {
            self.lessons = lessons
            self.lessonDirectories = lessonDirectories
            self.stores = stores
            self.cache = cache
        }
    }

    package let report: Report
    /// The path as the user gave it, as messages show it.
    package let shown: String
    package let url: URL
    /// What stood at the path when it was checked: the write compares and swaps against it.
    package let expectation: FileGate.Expectation

    /// The report path `path`, checked; throws the refusal. `otherReport` is the `--junit` path
    /// when this is the job summary: the two at one path would make the report invalid XML.
    package static func check(
        _ report: Report, path: String, in currentDirectory: URL, inputs: Inputs, otherReport: String? = nil
    ) throws(CourseCheckError) -> ReportTarget {
        let url = URL(fileURLWithPath: path, relativeTo: currentDirectory)
        // A path ending in a slash names a directory, never the file a URL would make of it.
        if path.hasSuffix("/") {
            throw .io(path: path, operation: report == .junit ? .write : .appendSummary, cause: .notRegularFile)
        }
        func refused(_ reason: String) -> CourseCheckError {
            .io(path: path, operation: report == .junit ? .junitTarget : .summaryTarget, cause: .refusedBecause(reason))
        }
        func unusable(_ cause: CourseCheckError.IOCause) -> CourseCheckError {
            .io(path: path, operation: report == .junit ? .write : .appendSummary, cause: cause)
        }
        // Where it lies, by the path every link resolved: a link into the lessons is named as such.
        let target = GoldenStore.canonicalPath(url)
        if let reason = location(of: target, inputs) ?? folderIdentity(of: url, inputs) { throw refused(reason) }
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            var folder = stat()
            guard errno == ENOENT, stat(url.deletingLastPathComponent().path, &folder) == 0,
                folder.st_mode & S_IFMT == S_IFDIR
            else { throw unusable(errno == ENOENT || errno == ENOTDIR ? .noSuchFile : .system(errno: errno)) }
            try refuseOther(target, otherReport, currentDirectory, refused)
            return ReportTarget(report: report, shown: path, url: url, expectation: .absent)
        }
        // A link is never written through: a failed write would otherwise remove a file elsewhere.
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw unusable(.linkOrNotRegularFile)
        default: throw unusable(.notRegularFile)
        }
        if let reason = input(FileGate.Identity(info), inputs) { throw refused(reason) }
        if info.st_nlink != 1 { throw refused(FileGate.Refusal.sharedFile(UInt64(info.st_nlink)).description) }
        try refuseOther(target, otherReport, currentDirectory, refused)
        // The summary is only appended to: its identity is all the write compares. The JUnit report
        // is replaced: its bytes too, and only a report coursecheck wrote.
        switch FileGate.read(url, followingLinks: false, limit: report == .junit ? .max : 0) {
        case .file(let snapshot):
            if report == .junit,
                !String(decoding: snapshot.bytes.prefix(512), as: UTF8.self).contains(
                    "<testsuites name=\"coursecheck\"")
            {
                throw refused("the file exists and is not a coursecheck report")
            }
            return ReportTarget(report: report, shown: path, url: url, expectation: .unchanged(snapshot))
        case .unreadable(let code): throw unusable(.system(errno: code))
        case .missing, .notRegular: throw refused(FileGate.Refusal.changedOnDisk.description)
        }
    }

    /// Why `target` (every link resolved) lies where no report goes, or nil.
    private static func location(of target: String, _ inputs: Inputs) -> String? {
        if target.split(separator: "/").contains(".git") { return "it lies inside a git directory" }
        for entry in inputs.lessons where GoldenStore.canonicalPath(entry.url) == target {
            return "it is the lesson \(entry.displayPath)"
        }
        for directory in inputs.lessonDirectories
        where target.hasPrefix(GoldenStore.canonicalPath(directory.url) + "/") {
            return "it lies inside the lessons directory \(directory.display)"
        }
        for store in inputs.stores where target.hasPrefix(GoldenStore.canonicalPath(store.root) + "/") {
            return "it lies inside the goldens directory \(store.displayRoot)"
        }
        if let cache = inputs.cache, target.hasPrefix(GoldenStore.canonicalPath(cache) + "/") {
            return "it lies inside the cache directory \(cache.path)"
        }
        return nil
    }

    /// The input the file `identity` is under another name (a hard link, or a link's target), or nil.
    private static func input(_ identity: FileGate.Identity, _ inputs: Inputs) -> String? {
        func same(_ path: String) -> Bool {
            FileGate.Identity.of(path).map { $0.device == identity.device && $0.inode == identity.inode } ?? false
        }
        for entry in inputs.lessons where same(entry.path) {
            return "it is the lesson \(entry.displayPath) under another name"
        }
        for directory in inputs.lessonDirectories {
            let index = LessonRecords.indexName(in: directory.url.path)
            guard same(directory.url.appendingPathComponent(index).path) else { continue }
            return "it is the course index \(CourseLoader.display(directory.display, index)) under another name"
        }
        for store in inputs.stores where same(store.toolchainURL.path) {
            return "it is \(store.toolchainDisplayPath) under another name"
        }
        // Every file of a golden store (a golden, the record): a bind mount shows one at any path.
        for store in inputs.stores {
            for (name, _) in DirectoryListings.entries(in: store.rootPath) ?? [] {
                let top = store.rootPath + "/" + String(decoding: name, as: UTF8.self)
                if same(top) { return "it is \(store.displayRoot)/\(GoldenStore.shown(name)) under another name" }
                for (inner, _) in DirectoryListings.entries(in: top) ?? [] {
                    let path = FileGate.RawPath(folder: top, name: inner, shown: "")
                    if let found = FileGate.Identity.of(path), found.device == identity.device,
                        found.inode == identity.inode
                    {
                        return
                            "it is \(store.displayRoot)/\(GoldenStore.shown(name))/\(GoldenStore.shown(inner)) under "
                            + "another name"
                    }
                }
            }
        }
        return nil
    }

    /// Why the folder `url` would go into is, by its identity (device and inode, as the folder and
    /// each above it is), a lessons, goldens, cache or git directory that a path does not show (a
    /// bind mount shows one directory at two paths), or nil.
    private static func folderIdentity(of url: URL, _ inputs: Inputs) -> String? {
        var protected: [(FileGate.Identity, String)] = []
        func add(_ path: String, _ reason: String) {
            if let identity = FileGate.Identity.of(path) { protected.append((identity, reason)) }
        }
        for directory in inputs.lessonDirectories {
            add(directory.url.path, "it lies inside the lessons directory \(directory.display)")
        }
        for store in inputs.stores { add(store.rootPath, "it lies inside the goldens directory \(store.displayRoot)") }
        if let cache = inputs.cache { add(cache.path, "it lies inside the cache directory \(cache.path)") }
        var folder = url.deletingLastPathComponent().standardizedFileURL.path
        var seen = 0
        while seen < 256 {
            seen += 1
            if let here = FileGate.Identity.of(folder) {
                for (identity, reason) in protected
                where identity.device == here.device && identity.inode == here.inode {
                    return reason
                }
                // A folder named `.git` or holding `HEAD` and `objects` is a git directory.
                if folder.hasSuffix("/.git")
                    || (FileGate.Identity.of(folder + "/HEAD") != nil
                        && FileGate.Identity.of(folder + "/objects") != nil
                        && FileGate.Identity.of(folder + "/refs") != nil)
                {
                    return "it lies inside a git directory"
                }
            }
            guard folder != "/" else { break }
            folder = folder.parentPath.isEmpty ? "/" : folder.parentPath
        }
        return nil
    }

    private static func refuseOther(
        _ target: String, _ other: String?, _ currentDirectory: URL, _ refused: (String) -> CourseCheckError
    ) throws(CourseCheckError) {
        guard let other, GoldenStore.canonicalPath(URL(fileURLWithPath: other, relativeTo: currentDirectory)) == target
        else { return }
        throw refused("it is the --junit report, which would then not be XML")
    }
}
