import Foundation

/// Whose goldens a golden store holds, read from its record (`StoreRecord`) against the lessons
/// directories a run checks: the one owner of whether a golden may be called an orphan, pruned, or
/// written. A lesson-named folder belongs to the directory whose lesson has its name; a directory
/// the record names keeps its folders whichever directories a run checks.
package struct StoreOwnership: Sendable {
    /// A lessons directory that keeps its goldens in the store.
    package struct Directory: Sendable, Equatable {
        /// Absolute, every link resolved: what the record's lines are compared with.
        package var path: String
        /// As the run or the record names it.
        package var display: String
        /// Its lessons' stems (the golden folders it claims).
        package var stems: Set<String>
    }

    package var store: GoldenStore
    /// The record as read before anything was judged.
    package var record: StoreRecord.State
    /// The run's lessons directories that keep their goldens here, in run order.
    package var checked: [Directory]
    /// The directories the record names that the run does not check.
    package var others: [Directory]
    /// Each record line whose directory is not there to list, and why.
    package var missingLines: [(line: StoreRecord.Line, reason: String)]
    /// The goldens here (shown as paths) that no lesson of a checked directory claims: orphans when
    /// the record agrees with the disk, and what keeps a missing record from being written.
    package var unclaimed: [String] = []

    /// The folders of lessons of directories this run does not check: never judged or written by it.
    package var otherStems: Set<String> { others.reduce(into: []) { $0.formUnion($1.stems) } }

    /// Whether the record was there, readable, and agreed with the disk when the run began: only
    /// then is a golden no served lesson names an orphan, listed and prunable.
    package var judgesOrphans: Bool {
        guard case .recorded = record else { return false }
        return missingLines.isEmpty
    }

    /// Whether a lesson-named folder no lesson claims may be called an orphan: only when the run
    /// checks every directory the store serves, since a lesson another one renamed still claims its
    /// old folder until that directory's own `--update` carries it.
    package var judgesOrphanFolders: Bool { judgesOrphans && others.isEmpty }

    /// The run's directories the record does not name (all of them when there is none).
    package var unrecorded: [Directory] {
        guard case .recorded(let lines, _) = record else { return checked }
        let named = Set(lines.map { Array($0.path.utf8) })
        return checked.filter { !named.contains(Array($0.path.utf8)) }
    }

    /// Reads `store`'s record and lists the other directories it names, for the run's lessons
    /// `entries` (those that keep their goldens in `store`).
    package static func read(_ store: GoldenStore, entries: [CourseLoader.Entry]) -> StoreOwnership {
        var checked: [Directory] = []
        // Paths by their bytes: two directories whose names are one text in two Unicode forms are two
        // directories on this file system (a `String` compares them equal).
        var index: [[UInt8]: Int] = [:]
        // Each directory resolved once, by its path as the plan names it (a `realpath` reads every
        // component of the path).
        var resolved: [String: String] = [:]
        for entry in entries {
            let parent = entry.lessonPath.parentPath
            let path =
                resolved[parent]
                ?? {
                    let path = FileGate.canonicalPath(path: parent.isEmpty ? "/" : parent)
                    resolved[parent] = path
                    return path
                }()
            let stem = entry.stem
            if let known = index[Array(path.utf8)] {
                checked[known].stems.insert(stem)
                continue
            }
            index[Array(path.utf8)] = checked.count
            let display = entry.lessonDisplayPath.parentPath
            checked.append(Directory(path: path, display: display.isEmpty ? "." : display, stems: [stem]))
        }
        // A checked directory's own lessons not in the run (one lesson checked alone) still claim theirs.
        for position in checked.indices {
            checked[position].stems.formUnion(CourseLoader.lessonStems(in: checked[position].path) ?? [])
        }
        let record = StoreRecord.read(store)
        var others: [Directory] = []
        var missing: [(StoreRecord.Line, String)] = []
        if case .recorded(let lines, _) = record {
            var seen = Set(checked.map { Array($0.path.utf8) })
            for line in lines where seen.insert(Array(line.path.utf8)).inserted {
                var info = stat()
                guard stat(line.path, &info) == 0 else {
                    missing.append((line, errno == ENOENT ? "does not exist" : String(cString: strerror(errno))))
                    continue
                }
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    missing.append((line, "is not a directory"))
                    continue
                }
                guard let stems = CourseLoader.lessonStems(in: line.path) else {
                    missing.append((line, "cannot be listed: \(String(cString: strerror(errno)))"))
                    continue
                }
                others.append(Directory(path: line.path, display: line.text, stems: stems))
            }
        }
        return StoreOwnership(store: store, record: record, checked: checked, others: others, missingLines: missing)
    }

    /// Where the record is shown.
    package var recordDisplayPath: String { "\(store.displayRoot)/\(StoreRecord.file)" }

    /// The record's findings: a missing record, a directory it does not name, a line the disk
    /// contradicts.
    package func findings() -> [Diagnostic] {
        let path = recordDisplayPath
        let root = store.displayRoot
        switch record {
        case .unreadable(let reason):
            return [.goldenRecord(path, store: root, .unreadable(reason: reason))]
        case .absent:
            let directories = checked.map(\.display)
            guard unclaimed.isEmpty else {
                // By folder: a lesson-named folder of another directory holds many.
                var folders: [String] = []
                var counts: [String: Int] = [:]
                for golden in unclaimed {
                    let folder = golden.parentPath
                    if counts[folder] == nil { folders.append(folder) }
                    counts[folder, default: 0] += 1
                }
                let shown = folders.prefix(3).map { "\($0)/ (\(Plural.count(counts[$0] ?? 0, "golden")))" }
                return [
                    .goldenRecord(
                        path, store: root,
                        .missingWithUnclaimed(
                            directories: directories,
                            line: checked.first.map { StoreRecord.line(naming: $0.path, in: store) },
                            unclaimed: shown, more: folders.count - shown.count))
                ]
            }
            return [.goldenRecord(path, store: root, .missing(directories: directories))]
        case .recorded:
            // The lessons directory renamed (`git mv lessons dersler`): the one line naming a directory
            // that is gone, and the one directory of the run not named, whose lessons already have
            // their folders here, are one fact, said once at the line with the text to write.
            let unnamed = unrecorded
            if missingLines.count == 1, unnamed.count == 1, missingLines[0].reason == "does not exist",
                unnamed[0].stems.contains(where: { store.folderExists(stem: $0) })
            {
                return [
                    .goldenRecord(
                        path, line: missingLines[0].line.number, store: root,
                        .renamed(
                            text: missingLines[0].line.text, directory: unnamed[0].display,
                            line: StoreRecord.line(naming: unnamed[0].path, in: store)))
                ]
            }
            var found = missingLines.map { missing in
                Diagnostic.goldenRecord(
                    path, line: missing.line.number, store: root,
                    .namedNotThere(text: missing.line.text, reason: missing.reason))
            }
            found += unnamed.map { .goldenRecord(path, store: root, .unnamed(directory: $0.display)) }
            return found
        }
    }

    /// What `--update` may do here: write (and the record's new text, when it must name more
    /// directories), or nothing (the record's finding says why). A missing record is written only
    /// when every golden here is claimed by a lesson of the run's directories.
    package func writePermission() -> WritePermission {
        switch record {
        case .unreadable: return .refused
        case .absent:
            guard unclaimed.isEmpty else { return .refused }
            return .allowed(
                record: StoreRecord.text(naming: checked.map(\.path), store: store, keeping: nil), expecting: nil)
        case .recorded(_, let snapshot):
            guard missingLines.isEmpty else { return .refused }
            let missing = unrecorded
            guard !missing.isEmpty else { return .allowed(record: nil, expecting: snapshot) }
            return .allowed(
                record: StoreRecord.text(naming: missing.map(\.path), store: store, keeping: snapshot.bytes),
                expecting: snapshot)
        }
    }

    package enum WritePermission: Sendable, Equatable {
        /// Writes may go ahead; `record` is the record's new text when it changes, written only while
        /// the file is still `expecting` (nil: absent).
        case allowed(record: [UInt8]?, expecting: FileGate.Snapshot?)
        /// Nothing may be written: the record's finding says why.
        case refused
    }
}

extension GoldenStore {
    /// Whether the store holds a folder named `stem`.
    func folderExists(stem: String) -> Bool {
        var info = stat()
        return stat(rootPath + "/" + stem, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

extension CourseLoader {
    /// The stems of the lesson files directly in `path` (hidden ones aside), or nil when it cannot be
    /// listed: the golden folders a lessons directory claims, by the names the loader takes.
    package static func lessonStems(in path: String) -> Set<String>? {
        guard let names = names(in: path) else { return nil }
        return Set(
            // Each as `GoldenStore.stem` names its folder: composed, so a set of them never holds a
            // name in both forms (a `String` set keeps whichever came first).
            names.filter { !$0.hasPrefix(".") && LessonName.isLessonFile($0) }.map { GoldenStore.stem(of: $0) })
    }
}
