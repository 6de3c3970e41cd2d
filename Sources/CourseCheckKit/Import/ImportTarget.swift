import Foundation

/// Where `import` may write, and what it may replace there: the one rule both importers share.
///
/// The directory is new, empty, or a lessons directory (lesson files `NN-slug.md`, a `README.md`,
/// hidden files, folders), never a repository's top, a goldens directory or anything inside one
/// or inside `.git`. An existing file is replaced only when it is one import writes: a lesson
/// whose front matter names the same `source`, or the course index whose front matter names the
/// course's `title` (and `source`), and only while it is unchanged since it was read. Every file
/// is planned before the first is written, so a refusal leaves everything as it was.
package enum ImportTarget {
    /// Whose a file at a name import writes must be, for import to replace it.
    package enum Owner: Sendable, Equatable {
        /// A lesson of the export: its front matter's `source` is this URL.
        case lesson(title: String, source: String)
        /// The course index: its front matter's `title` is the course's, and its `source` too.
        case index(title: String, source: String?)
    }

    /// One file import would write, with what was at its path when it was read.
    package struct File: Sendable {
        package var name: String
        package var data: [UInt8]
        package var found: FileGate.ReadResult
        package var owner: Owner

        package init(name: String, data: [UInt8], found: FileGate.ReadResult, owner: Owner) {
            self.name = name
            self.data = data
            self.found = found
            self.owner = owner
        }
    }

    /// What an import will do: each file's write (nil when its bytes are already there), or the
    /// refusals that keep it from writing anything.
    package struct Plan: Sendable {
        package var directory: URL
        package var shown: String
        package var writes: [(file: File, expectation: FileGate.Expectation?)] = []
        package var refusals: [CourseCheckError] = []

        /// Writes every planned file, compare and swap against what was read; returns each file's
        /// name and whether it changed. A file that changed since it was read stops the import,
        /// naming it and the files already written.
        /// A write that fails (a full disk) gives `interrupted` the files already written, before the
        /// error is thrown.
        package func write(
            environment: [String: String], interrupted: ([String]) -> Void = { _ in }
        ) throws(CourseCheckError) -> [(name: String, changed: Bool)] {
            var done: [(name: String, changed: Bool)] = []
            for (file, expectation) in writes {
                guard let expectation else {
                    done.append((file.name, false))
                    continue
                }
                let url = directory.appendingPathComponent(file.name)
                let refused: FileGate.Refusal?
                do {
                    try FileGate.makeDirectories(directory)
                    refused = try FileGate.replace(
                        url, with: file.data, expecting: expectation, links: .follow, environment: environment)
                } catch {
                    interrupted(done.filter(\.changed).map { CourseLoader.display(shown, $0.name) })
                    throw error
                }
                if let refusal = refused {
                    let written = done.filter(\.changed).map { CourseLoader.display(shown, $0.name) }
                    let reason =
                        refusal.description
                        + (written.isEmpty ? "" : "; already written: " + written.joined(separator: ", "))
                    throw .io(
                        path: CourseLoader.display(shown, file.name), operation: .write,
                        cause: .refusedBecause(reason))
                }
                done.append((file.name, true))
            }
            return done
        }
    }

    /// Plans `files` into `directory` (`shown` as the user named it): the directory refused as a
    /// whole, or each file that may not be replaced refused by name.
    package static func plan(_ files: [File], into directory: URL, shown: String) throws(CourseCheckError) -> Plan {
        if let reason = refusal(ofDirectory: directory, shown: shown) {
            throw .io(path: shown, operation: .importInto, cause: .refusedBecause(reason))
        }
        var plan = Plan(directory: directory, shown: shown)
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let display = CourseLoader.display(shown, file.name)
            let expectation: FileGate.Expectation
            var info = stat()
            switch file.found {
            case .missing where lstat(url.path, &info) == 0:
                // A link that leads nowhere: writing through it would create a file elsewhere.
                plan.refusals.append(
                    .io(
                        path: display, operation: .importFile, cause: .refusedBecause("it is a link that leads nowhere")
                    ))
                continue
            case .missing: expectation = .absent
            case .notRegular:
                plan.refusals.append(
                    .io(path: display, operation: .importFile, cause: .refusedBecause("it is not a regular file")))
                continue
            case .unreadable(let code):
                plan.refusals.append(.io(path: display, operation: .importFile, cause: .system(errno: code)))
                continue
            case .file(let snapshot):
                if snapshot.bytes == file.data {
                    plan.writes.append((file, nil))
                    continue
                }
                // A lesson that is a link is rewritten at its target: only where import may write.
                if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    let target = FileGate.canonicalPath(url)
                    let folder = target.parentPath.isEmpty ? "/" : target.parentPath
                    if let reason = refusal(ofDirectory: URL(fileURLWithPath: folder, isDirectory: true), shown: folder)
                    {
                        plan.refusals.append(
                            .io(
                                path: display, operation: .importFile,
                                cause: .refusedBecause("it is a link to \(target), and its folder: \(reason)")))
                        continue
                    }
                }
                if let reason = refusal(snapshot.bytes, path: display, owner: file.owner) {
                    plan.refusals.append(.io(path: display, operation: .importFile, cause: .refusedBecause(reason)))
                    continue
                }
                expectation = .unchanged(snapshot)
            }
            if let refusal = FileGate.refusal(for: url, expecting: expectation, links: .follow) {
                plan.refusals.append(
                    .io(path: display, operation: .importFile, cause: .refusedBecause(refusal.description)))
                continue
            }
            plan.writes.append((file, expectation))
        }
        return plan
    }

    /// Why `directory` is no place for lessons, or nil.
    /// `shown` is the directory as the user named it, for naming a goldens directory above it.
    static func refusal(ofDirectory directory: URL, shown: String) -> String? {
        let path = FileGate.canonicalPath(directory)
        if path.split(separator: "/").contains(".git") { return "it lies inside a git directory" }
        // A goldens directory above it (a new folder inside one included).
        var above = path.parentPath
        var up = 1
        while !above.isEmpty && above != "/" {
            if above.split(separator: "/").last == "goldens"
                || FileManager.default.fileExists(atPath: above + "/" + GoldenStore.toolchainFile)
            {
                let parts = shown.split(separator: "/")
                let prefix = (shown.hasPrefix("/") ? "/" : "") + parts.dropLast(up).joined(separator: "/")
                // As the user named it, unless a link on the way makes that name another folder.
                let named =
                    parts.count > up && !parts.contains("..")
                        && FileGate.canonicalPath(
                            URL(
                                fileURLWithPath: "/"
                                    + directory.path.split(separator: "/").dropLast(up).joined(separator: "/")))
                            == above
                    ? prefix : above
                return "it lies inside the goldens directory \(named)"
            }
            above = above.parentPath
            up += 1
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return directory.lastPathComponent == "goldens" ? goldensName : nil }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "it is not a directory" }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return "it cannot be listed"
        }
        if names.contains(".git") { return "it holds .git, so it is a repository's top, not a lessons directory" }
        if names.contains(GoldenStore.toolchainFile) {
            return "it holds \(GoldenStore.toolchainFile), so it is a goldens directory, not a lessons directory"
        }
        if path.split(separator: "/").last == "goldens" { return goldensName }
        let others = names.filter { name in
            guard !name.hasPrefix("."), name != "README.md", !LessonName.isLessonFile(name) else { return false }
            var entry = stat()
            return lstat(path + "/" + name, &entry) != 0 || entry.st_mode & S_IFMT != S_IFDIR
        }.sorted()
        if !others.isEmpty {
            let listed = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            return "it holds \(listed), which \(others.count == 1 ? "is" : "are") neither a lesson file (NN-slug.md) "
                + "nor the course index README.md, so it is not a lessons directory"
        }
        return nil
    }

    private static let goldensName = "it is named goldens, the goldens directory of the lessons beside it"

    /// Why the file at `path`, holding `bytes`, is not the file import wrote there, or nil.
    static func refusal(_ bytes: [UInt8], path: String, owner: Owner) -> String? {
        let values: FrontMatter?
        if case .success(let file) = SourceFile.decode(bytes, path: path) {
            values = FrontMatter.parse(file.lines)
        } else {
            values = nil
        }
        switch owner {
        case .lesson(let title, let source):
            let what = "it is not the lesson '\(title)' import writes there"
            guard let found = values?["source"]?.value else { return what + " (no front matter with its source)" }
            return found == source ? nil : what + " (its source is \(found), not \(source))"
        case .index(let title, let source):
            let what = "it is not the index of the course '\(title)' import writes there"
            guard let values else { return what + " (no front matter with its title)" }
            if values["title"]?.value != title {
                return what + " (its title is \(values["title"].map { "'\($0.value)'" } ?? "missing"))"
            }
            if values["source"]?.value != source {
                return what + " (its source is \(values["source"]?.value ?? "missing"))"
            }
            return nil
        }
    }
}
