import Foundation

/// The approved outputs: `goldens/<lesson-stem>/<tree-slug>.out`, each holding exactly one tree's
/// stdout, plus `goldens/TOOLCHAIN` with the compiler that produced them.
package struct GoldenStore: Sendable {
    /// Where the store lives on disk, and how to show it in messages.
    package let root: URL
    package var displayRoot: String
    /// `root.path`, read once: a `URL`'s path costs thousands of instructions, and every golden,
    /// listing and `lstat` of a run is named from it.
    package let rootPath: String
    /// What a name inside the store is appended to: `rootPath`, or nothing at `/`.
    private var prefix: String { rootPath == "/" ? "" : rootPath }

    package static let toolchainFile = "TOOLCHAIN"

    package init(root: URL, displayRoot: String) {
        self.init(root: root, rootPath: root.path, displayRoot: displayRoot)
    }

    /// A store whose root's path is known already (`root.path` is what it must be).
    init(root: URL, rootPath: String, displayRoot: String) {
        self.root = root
        self.displayRoot = displayRoot
        self.rootPath = rootPath
    }

    /// One tree's golden: where it is and what it holds (nil when missing).
    package struct Entry: Sendable, Equatable {
        package var url: URL
        package var displayPath: String
        package var contents: [UInt8]?
        /// Why coursecheck may not write this golden, when something it did not make stands there:
        /// a symbolic link (which could point anywhere), a folder, or a golden folder that is a link.
        package var foreign: String? = nil
        /// The file as read, for compare-and-swap: a rewrite happens only while it is still this file.
        package var snapshot: FileGate.Snapshot? = nil
        /// Why an existing golden could not be read (never reported as missing).
        package var unreadable: String? = nil
        /// The file's name as the file system has it, when it is not UTF-8: `url` and `displayPath`
        /// then show it (each invalid byte as `\x{FF}`), and only this names the file.
        package var rawName: [UInt8]? = nil

        /// The path that names the file on disk, whatever bytes its name holds.
        package var rawPath: FileGate.RawPath {
            guard let rawName else { return FileGate.RawPath(url.path) }
            return FileGate.RawPath(folder: url.deletingLastPathComponent().path, name: rawName, shown: displayPath)
        }

        /// What `FileGate` must still find at the golden when it writes: nothing, or the file read.
        package var expectation: FileGate.Expectation {
            snapshot.map { .unchanged($0) } ?? .absent
        }
    }

    /// The stem of a lesson file: `09-yerel-durum` for `lessons/09-yerel-durum.md`, composed (NFC):
    /// one folder for every name that is one text in two Unicode forms, so a lesson whose name a
    /// Mac saved decomposed keeps the goldens approved under its composed name, and the check and
    /// `--update` look in one folder.
    package static func stem(of path: String) -> String {
        let name = path.lastPathComponent
        return Decomposed.composed(name.hasSuffix(".md") ? String(name.dropLast(3)) : name)
    }

    package var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The golden folder of the lesson at `path`.
    package func folder(lesson path: String) -> URL {
        URL(fileURLWithPath: prefix + "/" + Self.stem(of: path), isDirectory: true)
    }

    /// A lesson's golden folder as one `lstat` and one listing found it. A check asks it for each
    /// tree's golden, the folder's orphans and whether it can be listed, so each folder is stat'ed
    /// and listed once a run, not once a question.
    package struct Folder: Sendable {
        /// The lesson's stem: the folder's name.
        package let stem: String
        let path: String
        /// What `lstat` found at the folder.
        let kind: Kind
        /// The folder's entries (their names' bytes, as the file system names files, and what
        /// each is), or nil when it is not a directory or could not be listed.
        let entries: [[UInt8]: Kind]?
        /// Why a directory could not be listed (`opendir`'s errno).
        let listError: Int32?
    }

    /// Lists the golden folder of the lesson at `path`: one `lstat`, then the entries' names and
    /// kinds (`DirectoryListings`), from `listings` when the check listed the folder already.
    package func folder(listing path: String, listings: DirectoryListings = DirectoryListings()) -> Folder {
        folder(stem: Self.stem(of: path), listings: listings)
    }

    private func folder(stem: String, listings: DirectoryListings = DirectoryListings()) -> Folder {
        let directory = prefix + "/" + stem
        let kind = Self.kind(path: directory)
        guard kind == .directory else {
            return Folder(stem: stem, path: directory, kind: kind, entries: nil, listError: nil)
        }
        let listing = listings.list(directory)
        if let error = listing.error {
            return Folder(stem: stem, path: directory, kind: kind, entries: nil, listError: error)
        }
        var entries: [[UInt8]: Kind] = [:]
        for (name, kind) in listing.entries { entries[name] = kind }
        return Folder(stem: stem, path: directory, kind: kind, entries: entries, listError: nil)
    }

    /// The golden named `name` of the lesson at `path`: where it is, and what it holds.
    package func golden(lesson path: String, name: String) -> Entry {
        let stem = Self.stem(of: path)
        let directory = prefix + "/" + stem
        return golden(
            name,
            in: Folder(stem: stem, path: directory, kind: Self.kind(path: directory), entries: nil, listError: nil))
    }

    /// The golden named `name` in a lesson's folder: its kind from the folder's listing (from
    /// `lstat` when the folder was not listed), then the file as read.
    package func golden(_ name: String, in folder: Folder) -> Entry {
        let stem = folder.stem
        let file = folder.path + "/" + name
        let url = URL(fileURLWithPath: file, isDirectory: false)
        let display = "\(displayRoot)/\(stem)/\(name)"
        // A folder that cannot be searched hides whether the golden is there: never "missing".
        func unsearchable(_ code: Int32) -> Entry {
            Entry(
                url: url, displayPath: display, contents: nil,
                unreadable: "its folder cannot be searched: \(String(cString: strerror(code)))")
        }
        let fileKind: Kind =
            folder.kind != .directory
            ? .missing : folder.entries.map { $0[Array(name.utf8)] ?? .missing } ?? Self.kind(path: file)
        switch (folder.kind, fileKind) {
        case (.unreadable(let code), _), (.directory, .unreadable(let code)):
            return unsearchable(code)
        case (.missing, _), (.directory, .missing):
            return Entry(url: url, displayPath: display, contents: nil)
        case (.directory, .regular):
            switch FileGate.read(path: file, followingLinks: false) {
            case .file(let snapshot):
                return Entry(url: url, displayPath: display, contents: snapshot.bytes, snapshot: snapshot)
            case .unreadable(let code):
                // Listed but not searchable (read permission without search): as `lstat` says it.
                if case .unreadable(let search) = Self.kind(path: file) { return unsearchable(search) }
                return Entry(
                    url: url, displayPath: display, contents: nil, unreadable: String(cString: strerror(code)))
            case .missing:
                return Entry(url: url, displayPath: display, contents: nil)
            case .notRegular:
                return Entry(
                    url: url, displayPath: display, contents: nil,
                    foreign: "it is not a regular file (a link or a folder)")
            }
        case (.directory, _):
            return Entry(
                url: url, displayPath: display, contents: nil, foreign: "it is not a regular file (a link or a folder)")
        default:
            return Entry(
                url: url, displayPath: display, contents: nil,
                foreign: "its folder \(displayRoot)/\(stem) is not a plain directory (a link or a file)")
        }
    }

    /// Golden files in a lesson's folder not named in `names`: only files coursecheck owns.
    /// (`GoldenCheck.orphans(of:)` decides when a lesson may have orphans.)
    package func orphans(in folder: Folder, keeping names: [String]) -> [Entry] {
        // By bytes, as the file system names files: one text in two Unicode forms is two names.
        let wanted = Set(names.map { Array($0.utf8) })
        return ownedFiles(in: folder).filter { !wanted.contains($0) }.map { entry(stem: folder.stem, name: $0) }
    }

    /// A name as the file system has it, shown: UTF-8 as it is, each byte that is not as `\x{FF}`.
    package static func shown(_ name: [UInt8]) -> String {
        if let text = String(validating: name, as: UTF8.self) { return text }
        var result = ""
        var rest = name[...]
        while !rest.isEmpty {
            // The longest valid prefix (a scalar is at most four bytes), then one invalid byte.
            var taken = 0
            for length in (1...min(4, rest.count)).reversed() {
                if let scalar = String(validating: rest.prefix(length), as: UTF8.self), scalar.unicodeScalars.count == 1
                {
                    result += scalar
                    taken = length
                    break
                }
            }
            if taken == 0 {
                result += "\\x{\(String(rest.first!, radix: 16, uppercase: true))}"
                taken = 1
            }
            rest = rest.dropFirst(taken)
        }
        return result
    }

    /// Why the goldens directory exists but cannot be listed, or nil: then its orphan folders are
    /// not known, which is a finding, never "none".
    package func unlistableRoot() -> String? {
        guard Self.kind(path: rootPath) == .directory, opendir(rootPath).map({ closedir($0) }) == nil else {
            return nil
        }
        return String(cString: strerror(errno))
    }

    /// Why a lesson's golden folder exists but cannot be listed, or nil: then its orphans are not
    /// known, which is a finding, never "none".
    package func unlistable(_ folder: Folder) -> String? {
        guard folder.kind == .directory, let code = folder.listError else { return nil }
        return String(cString: strerror(code))
    }

    /// How the folder of the lesson at `path`, or the goldens directory, is shown.
    package func displayFolder(lesson path: String?) -> String {
        path.map { "\(displayRoot)/\(Self.stem(of: $0))" } ?? displayRoot
    }

    /// Golden folders whose lesson is not among `stems`: only folders named like a lesson
    /// (`NN-slug`), and in them only the files coursecheck owns. The goldens directory is read from
    /// `listings`, each entry's kind with it, never following a link.
    package func orphanFolders(keeping stems: Set<String>, listings: DirectoryListings = DirectoryListings())
        -> [Entry]
    {
        let kept = Set(stems.map { Array($0.utf8) })
        let entries = listings.list(rootPath).entries
        // A name that is not UTF-8 is no lesson's stem, and decoded it would name another folder.
        let names = entries.compactMap { name, kind -> String? in
            guard kind == .directory, !kept.contains(name), let text = String(validating: name, as: UTF8.self),
                LessonName.isLessonFile(text + ".md")
            else { return nil }
            // A decomposed name of a kept stem is that lesson's folder where the file system finds
            // it by the composed name too (macOS keeps the form a name was written in, and finds
            // it in either); where it does not (Linux), it is a second folder, an orphan that
            // `RenamedLessons` carries into the composed one.
            if Decomposed.mayHold(name) {
                let composed = Decomposed.composed(text)
                if kept.contains(Array(composed.utf8)),
                    !entries.contains(where: { $0.name.elementsEqual(composed.utf8) }),
                    Self.kind(path: prefix + "/" + composed) == .directory
                {
                    return nil
                }
            }
            return text
        }
        return names.sortedDeterministically().flatMap { stem in
            ownedFiles(in: folder(stem: stem, listings: listings)).map { entry(stem: stem, name: $0) }
        }
    }

    private func entry(stem: String, name: [UInt8]) -> Entry {
        let text = Self.shown(name)
        return Entry(
            url: URL(fileURLWithPath: prefix + "/" + stem + "/" + text, isDirectory: false),
            displayPath: "\(displayRoot)/\(stem)/\(text)", contents: nil,
            rawName: String(validating: name, as: UTF8.self) == nil ? name : nil)
    }

    /// Whether coursecheck owns a file of this name in a lesson's golden folder: it writes only
    /// `<slug>.out` there, so anything else (notes, a README, a nested folder) belongs to the author.
    package static func isOwnedName(_ name: String) -> Bool {
        isOwnedName(Array(name.utf8))
    }

    /// By bytes: a `*.out` name that is not UTF-8 (another tool's) is an orphan like any other.
    static func isOwnedName(_ name: [UInt8]) -> Bool {
        name.count > 4 && name.suffix(4).elementsEqual(".out".utf8) && name.first != UInt8(ascii: ".")
    }

    /// The regular `*.out` files directly in a lesson's golden folder (never a link or a folder), by
    /// their names' bytes. A golden folder that is a link leads outside the goldens: nothing there
    /// is coursecheck's.
    private func ownedFiles(in folder: Folder) -> [[UInt8]] {
        guard folder.kind == .directory, let entries = folder.entries else { return [] }
        return entries.compactMap { name, kind in kind == .regular && Self.isOwnedName(name) ? name : nil }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }

    enum Kind: Equatable, Sendable {
        case regular, directory, other, missing
        case unreadable(Int32)
    }

    /// What is at `url`, without following a final symbolic link; `unreadable` when a folder on the
    /// way cannot be searched, so whether anything is there is not known.
    static func kind(_ url: URL) -> Kind { kind(path: url.path) }

    static func kind(path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Why coursecheck must not write here, or nil. A goldens directory is a directory of its own:
    /// never a lessons directory, one holding or inside one, a repository's top or a git directory,
    /// since `--update` creates and deletes files in it.
    package func refusal(
        lessonDirectories: [(url: URL, display: String)], listings: DirectoryListings = DirectoryListings()
    ) -> String? {
        let mine = canonicalRoot
        let components = mine.split(separator: "/")
        if components.contains(".git") { return "it lies inside a git directory" }
        if FileManager.default.fileExists(atPath: mine + "/.git") {
            return "it holds a git directory (.git), so it is a repository, not a goldens directory"
        }
        if let nested = Self.nestedGitDirectory(in: mine, listings: listings) {
            return "it holds a git repository (\(nested))"
        }
        var goldens = stat()
        let identified = stat(mine, &goldens) == 0
        for directory in lessonDirectories {
            let lessons = Self.canonicalPath(directory.url)
            // By identity too: a bind mount shows one directory at two paths.
            var other = stat()
            if lessons == mine
                || (identified && stat(lessons, &other) == 0 && other.st_dev == goldens.st_dev
                    && other.st_ino == goldens.st_ino)
            {
                return "it is the lessons directory \(directory.display)"
            }
            if mine == "/" || lessons.hasPrefix(mine + "/") {
                return "it holds the lessons directory \(directory.display)"
            }
            if mine.hasPrefix(lessons + "/") { return "it lies inside the lessons directory \(directory.display)" }
        }
        return nil
    }

    /// A `.git` below `path` (a nested repository), without following links; the walk stops early.
    /// `readdir` directly: FileManager's enumerator cost more than the rest of the golden check.
    static func nestedGitDirectory(
        in path: String, limit: Int = 100_000, listings: DirectoryListings = DirectoryListings()
    ) -> String? {
        var queue = [""]
        var seen = 0
        while let relative = queue.popLast() {
            let listing = listings.list(relative.isEmpty ? path : path + "/" + relative)
            guard listing.error == nil else { continue }
            for entry in listing.entries {
                seen += 1
                guard seen <= limit else { return nil }
                let name = String(decoding: entry.name, as: UTF8.self)
                let child = relative.isEmpty ? name : relative + "/" + name
                if name == ".git" { return child }
                // Links are not followed (a link's kind is `other`).
                if entry.kind == .directory { queue.append(child) }
            }
        }
        return nil
    }

    /// The root with every symbolic link resolved: what two stores are compared by.
    var canonicalRoot: String { FileGate.canonicalPath(path: rootPath) }

    /// The canonical root of each store, a root several stores share resolved once: every lesson
    /// of a directory has a store of its own for the one `goldens/` (a `realpath` is a system call
    /// for each component of the path).
    static func canonicalRoots(_ stores: [GoldenStore?]) -> [String?] {
        var resolved: [String: String] = [:]
        return stores.map { store in
            store.map { store in
                if let known = resolved[store.rootPath] { return known }
                let root = store.canonicalRoot
                resolved[store.rootPath] = root
                return root
            }
        }
    }

    /// The absolute path with every symbolic link resolved, as far as the path exists.
    static func canonicalPath(_ url: URL) -> String {
        FileGate.canonicalPath(url)
    }

    package var toolchainURL: URL { root.appendingPathComponent(Self.toolchainFile) }

    /// Whether `TOOLCHAIN` may be written: absent, or a regular file (never a link).
    package var toolchainIsWritable: Bool { [.missing, .regular].contains(Self.kind(toolchainURL)) }
    package var toolchainDisplayPath: String { "\(displayRoot)/\(Self.toolchainFile)" }

    /// The toolchain line recorded with the goldens, if any, without trailing whitespace or CR and
    /// without a byte order mark: a checkout that converts line endings, or an editor, must not make
    /// it another compiler.
    package var recordedToolchain: String? {
        // By bytes: a CRLF is one Character, which a split at "\n" does not split.
        guard
            let bytes = toolchainSnapshot.map({ StoreRecord.withoutByteOrderMark($0.bytes) }),
            let first = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first
        else { return nil }
        let line = Substring(String(decoding: first, as: UTF8.self))
        var end = line.endIndex
        while end > line.startIndex, [" ", "\t", "\r"].contains(line[line.index(before: end)]) {
            end = line.index(before: end)
        }
        return String(line[..<end])
    }

    /// `TOOLCHAIN` as read (never through a link), for compare-and-swap.
    package var toolchainSnapshot: FileGate.Snapshot? {
        FileGate.read(toolchainURL, followingLinks: false).snapshot
    }
}
