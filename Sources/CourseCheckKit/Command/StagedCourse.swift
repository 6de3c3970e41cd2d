import Foundation

/// What `--commit-hook` checks in a git work tree: the commit, not the working tree. The index's
/// copy of the lessons directories, their goldens and the directories `goldens/LESSONS` names is
/// exported to a scratch directory (as `scripts/pre-commit` exports this repository's), so an
/// edit left unstaged neither hides a staged break nor causes a finding. Git runs a hook with
/// `GIT_INDEX_FILE` set when the commit has an index of its own (`git commit -a`, `git commit
/// <path>`); the git this runs inherits it and reads that index.
struct StagedCourse {
    /// The scratch directory holding the export; removed by the caller.
    let scratch: FileGate.Scratch
    /// The scratch copy of the directory the command was run in.
    let currentDirectory: URL
    /// The work tree's top, to map an absolute path into the copy.
    let top: String
    /// The directory the command ran in, relative to `top` ("" at the top).
    let prefix: String
    /// The exported files, relative to `top`, in the copy under `tree`.
    var files: [String] = []
    /// The goldens directories the check reads, relative to `top`.
    var goldens: [String] = []
    /// The copy of the index's files.
    var tree: URL? = nil
    /// The caller's environment, for git.
    var environment: [String: String] = [:]

    /// The export, or nil when `directory` is not in a git work tree (or git is not there): the
    /// lessons are then checked as they are, e.g. an export `scripts/pre-commit` already made.
    static func export(
        in directory: URL, invocation: Invocation, environment: [String: String]
    ) throws(CourseCheckError) -> StagedCourse? {
        guard let git = Toolchain.onPath("git", environment: environment) else { return nil }
        let scratch = try FileGate.makeScratch()
        var done = false
        defer { if !done { scratch.remove() } }
        let runner = Git(executable: URL(fileURLWithPath: git), environment: environment, scratch: scratch)
        guard let located = try runner.lines(["rev-parse", "--show-toplevel", "--show-prefix"], in: directory),
            located.count == 2
        else { return nil }
        let top = Self.canonical(located[0])
        let prefix = located[1]
        let tree = scratch.url.appendingPathComponent("index", isDirectory: true)
        try scratch.makeDirectory(tree)
        // The directories the check reads, as the command line names them, by their real paths.
        var pathspecs: [String] = []
        for path in invocation.paths {
            let absolute = Self.canonical(path.hasPrefix("/") ? path : directory.path + "/" + path)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory)
            let lessons = exists && isDirectory.boolValue ? absolute : absolute.parentPath
            pathspecs.append(lessons)
            pathspecs.append(lessons.parentPath + "/goldens")
        }
        if case .directory(let goldens) = invocation.goldens {
            pathspecs.append(Self.canonical(goldens.hasPrefix("/") ? goldens : directory.path + "/" + goldens))
        }
        // The other lessons directories the staged goldens/LESSONS files name claim golden folders.
        for goldens in pathspecs where goldens.hasSuffix("/goldens") {
            guard let relative = Self.relative(goldens + "/LESSONS", to: top),
                let text = try runner.output(["cat-file", "blob", ":" + relative], in: URL(fileURLWithPath: top))
            else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                let entry = line.trimmingCharacters(in: .whitespaces)
                guard !entry.isEmpty, !entry.hasPrefix("#"), !entry.hasPrefix("/"), !entry.contains("..") else {
                    continue
                }
                pathspecs.append(goldens.parentPath + "/" + entry)
            }
        }
        let specs = pathspecs.compactMap { Self.relative($0, to: top) }.map { ":(top,literal)" + $0 }
        guard !specs.isEmpty,
            let listed = try runner.output(
                ["ls-files", "-z", "--cached", "--"] + specs, in: URL(fileURLWithPath: top))
        else { return nil }
        let files = Set(listed.split(separator: "\0").map(String.init)).sorted()
        // Nothing of them in the index: not this repository's lessons (a copy made in a temporary
        // directory inside a work tree), checked as they are.
        guard !files.isEmpty else { return nil }
        var start = 0
        while start < files.count {
            let chunk = Array(files[start..<min(start + 500, files.count)])
            guard
                try runner.output(
                    ["checkout-index", "--prefix=" + tree.path + "/", "--"] + chunk, in: URL(fileURLWithPath: top))
                    != nil
            else {
                throw .system("git checkout-index could not export the staged lessons to \(tree.path)")
            }
            start += chunk.count
        }
        let current = prefix.isEmpty ? tree : tree.appendingPathComponent(prefix, isDirectory: true)
        if !FileManager.default.fileExists(atPath: current.path) {
            // The directory the command ran in holds nothing staged: made (through the scratch
            // directory, which owns what is written in it), so relative paths resolve.
            var made = tree
            for part in prefix.split(separator: "/") {
                made = made.appendingPathComponent(String(part), isDirectory: true)
                try scratch.makeDirectory(made)
            }
        }
        done = true
        var staged = StagedCourse(scratch: scratch, currentDirectory: current, top: top, prefix: prefix)
        staged.files = files
        staged.goldens = pathspecs.filter { $0.hasSuffix("/goldens") }.compactMap { Self.relative($0, to: top) }
        if case .directory(let goldens) = invocation.goldens,
            let relative = Self.relative(
                Self.canonical(goldens.hasPrefix("/") ? goldens : directory.path + "/" + goldens), to: top)
        {
            staged.goldens.append(relative)
        }
        staged.tree = tree
        staged.environment = environment
        return staged
    }

    /// The copy of the directory the command ran in, in a second export that holds the index's
    /// lessons with the working tree's goldens, as `git add goldens/` would stage them (untracked
    /// goldens added, deleted ones removed, ignored ones left out); nil when the working tree's
    /// goldens are the index's, or cannot all be read. A check of it tells whether a refused
    /// commit only lacks the goldens an `--update` already wrote.
    func withWorkingGoldens() throws(CourseCheckError) -> URL? {
        guard let tree, !goldens.isEmpty, let git = Toolchain.onPath("git", environment: environment) else {
            return nil
        }
        let runner = Git(executable: URL(fileURLWithPath: git), environment: environment, scratch: scratch)
        let specs = goldens.map { ":(top,literal)" + $0 }
        guard
            let listed = try runner.output(
                ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"] + specs,
                in: URL(fileURLWithPath: top))
        else { return nil }
        func underGoldens(_ file: String) -> Bool {
            goldens.contains { $0.isEmpty || file.hasPrefix($0 + "/") }
        }
        var working: [String: Data] = [:]
        for file in Set(listed.split(separator: "\0").map(String.init)) {
            var isDirectory: ObjCBool = false
            let path = top + "/" + file
            // Deleted in the working tree: `git add` stages the removal.
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else { return nil }
            working[file] = data
        }
        var staged: [String: Data] = [:]
        for file in files where underGoldens(file) {
            guard let data = FileManager.default.contents(atPath: tree.path + "/" + file) else { return nil }
            staged[file] = data
        }
        guard working != staged else { return nil }
        let copy = scratch.url.appendingPathComponent("working", isDirectory: true)
        try scratch.makeDirectory(copy)
        var made: Set<String> = []
        func write(_ data: Data, to file: String) throws(CourseCheckError) {
            var folder = copy
            for part in file.split(separator: "/").dropLast() {
                folder = folder.appendingPathComponent(String(part), isDirectory: true)
                if made.insert(folder.path).inserted { try scratch.makeDirectory(folder) }
            }
            try scratch.write(bytes: [UInt8](data), to: copy.appendingPathComponent(file))
        }
        for file in files where !underGoldens(file) {
            guard let data = FileManager.default.contents(atPath: tree.path + "/" + file) else { return nil }
            try write(data, to: file)
        }
        for (file, data) in working.sorted(by: { $0.key < $1.key }) { try write(data, to: file) }
        var current = copy
        for part in prefix.split(separator: "/") {
            current = current.appendingPathComponent(String(part), isDirectory: true)
            if made.insert(current.path).inserted { try scratch.makeDirectory(current) }
        }
        return current
    }

    /// `path` with its links resolved, a part that does not exist kept as written (a goldens
    /// directory deleted in the working tree may still be staged).
    static func canonical(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while !existing.isEmpty, existing != "/", !FileManager.default.fileExists(atPath: existing) {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.parentPath
        }
        let real = CourseLoader.resolved(existing.isEmpty ? "/" : existing)
        return ([real == "/" ? "" : real] + rest).joined(separator: "/")
    }

    /// An absolute path into the work tree, as the copy holds it: relative to the directory the
    /// command ran in, so no report names the scratch directory.
    func mapped(_ path: String) -> String {
        guard path.hasPrefix("/"), let target = Self.relative(Self.canonical(path), to: top) else { return path }
        let here = prefix.split(separator: "/")
        let there = target.split(separator: "/")
        var common = 0
        while common < here.count, common < there.count, here[common] == there[common] { common += 1 }
        let steps = Array(repeating: "..", count: here.count - common) + there[common...].map(String.init)
        let relative = steps.isEmpty ? "." : steps.joined(separator: "/")
        return path.hasSuffix("/") && relative != "." ? relative + "/" : relative
    }

    /// The invocation as the export reads it: absolute paths into the work tree mapped into the
    /// copy; the cache and the JUnit report where the working tree's run would have them.
    func invocation(_ invocation: Invocation, from environment: CourseCheckCommand.Environment) -> Invocation {
        var mapped = invocation
        let here = environment.currentDirectory.path
        let absolute = { (path: String) in path.hasPrefix("/") ? path : here + "/" + path }
        mapped.paths = invocation.paths.map(self.mapped)
        if case .directory(let goldens) = invocation.goldens { mapped.goldens = .directory(self.mapped(goldens)) }
        switch invocation.cache {
        case .standard:
            mapped.cache = .directory(
                absolute(environment.variables["COURSECHECK_CACHE_DIR"] ?? ".build/coursecheck-cache"))
        case .directory(let directory): mapped.cache = .directory(absolute(directory))
        case .off: break
        }
        if let junit = invocation.junitPath { mapped.junitPath = absolute(junit) }
        return mapped
    }

    /// `path` relative to `top`, or nil when it is outside it; `.` and `..` resolved by the text.
    static func relative(_ path: String, to top: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let normal = "/" + parts.joined(separator: "/")
        if normal == top { return "" }
        guard normal.hasPrefix(top + "/") else { return nil }
        return String(normal.dropFirst(top.count + 1))
    }

    /// git, run with the caller's environment (so its `GIT_INDEX_FILE`, `GIT_DIR`), output kept in the scratch.
    private struct Git {
        let executable: URL
        let environment: [String: String]
        let scratch: FileGate.Scratch

        /// Standard output of a git that exited 0, else nil.
        func output(_ arguments: [String], in directory: URL) throws(CourseCheckError) -> String? {
            let process = ChildProcess(
                executable: executable, arguments: arguments, environment: environment, timeout: 120,
                outputLimit: 256 << 20)
            let result = try process.run(in: scratch, directory: directory)
            guard result.ending == .exited(0) else { return nil }
            return String(decoding: result.stdout, as: UTF8.self)
        }

        func lines(_ arguments: [String], in directory: URL) throws(CourseCheckError) -> [String]? {
            guard let text = try output(arguments, in: directory) else { return nil }
            // `--show-prefix` prints an empty line at the top: kept, as the prefix "".
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        }
    }
}
