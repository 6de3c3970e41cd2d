import Foundation

/// Whose file it is: a file in a lessons directory (or one folder down) that is not named like a
/// lesson, or whose number is not its own, is the lesson the course's records name, when they
/// name one. The one owner of "which lesson is this file" for a name that slipped.
///
/// The records are the index's links (`README.md` beside the lessons), the goldens' folders, and
/// the file's own `source:` slug; a name is never guessed from the pattern alone. A recorded lesson
/// name no lesson file has is missing; a file is that lesson when its name is a slip or two from
/// it (or its `source:` slug is the lesson's), and it alone is near that one missing name. Such a
/// file is one finding at it and is not read: its lesson is unread (the cross-lesson claims wait
/// for it, as for an empty file), and its goldens are its own, never orphans, never pruned.
///
/// Cheap on the default path: the records are read only when the directory holds a candidate (a
/// markdown-like name that is not a lesson's, a lesson one folder down, a lesson number taken
/// twice or written with a leading zero, an extension typed twice), which a course as it should
/// be never does.
///
/// A lesson file given by name alone (`coursecheck lessons/10_baglama.md`) is checked as asked:
/// only a directory's listing is judged here.
package enum LessonRecords {
    /// A file under a slipped name, and the lesson name the records give it.
    package struct Slipped: Sendable, Equatable {
        /// The file's name within the lessons directory (`10_baglama.md`, `taslak/10-baglama.md`).
        package var name: String
        /// The lesson's name as recorded (`10-baglama.md`).
        package var recorded: String
        /// What says so, in words (`the index links that name`, `goldens/10-baglama/ holds its goldens`).
        package var witnesses: [String]
        /// The lesson file whose number the file's name takes, when that is the slip.
        package var numberOf: String?
        /// The recorded lesson this file is an old copy of (its number and `source:` are that
        /// lesson's, its own name is recorded nowhere): `recorded` is then its own name.
        package var copyOf: String? = nil
    }

    /// Where the goldens' folders are looked for: beside the lessons directory, in a directory
    /// given, or nowhere (`--no-goldens`).
    package enum Goldens: Sendable, Equatable {
        case beside
        case directory(path: String, display: String)
        case none
    }

    /// Whether `name` (a name in a lessons directory, not hidden) may be a lesson's under a slip:
    /// a markdown-like name (`.md` in any case, `.markdown`, trailing white space) that is not a
    /// lesson's name and not the index.
    static func isCandidate(_ name: String) -> Bool {
        guard !LessonName.isLessonFile(name), name != "README.md", !isIndexName(name) else { return false }
        return markdownStem(name) != nil
    }

    /// A name GitHub shows as a folder's README (`readme.md`, `README.MD`, `Readme.markdown`).
    static func isIndexName(_ name: String) -> Bool {
        markdownStem(name).map { $0.count == "readme".count && $0.lowercased() == "readme" } ?? false
    }

    /// The name of the course index in the lessons directory at `path`: `README.md`, or when there is
    /// none, the one file GitHub shows as the folder's README in its place (`readme.md`, `Readme.md`,
    /// `README.MD`, `README.markdown`). GitHub picks a folder's README by its name in any case and
    /// renders any Markdown extension in any case, so a reader sees the index under each of these
    /// names, and its links work from any of them: the index is read there, never "not applicable".
    /// `names`, the directory's listing when the caller has it.
    package static func indexName(in path: String, names: [String]? = nil) -> String {
        var info = stat()
        if let names {
            if names.contains("README.md") { return "README.md" }
        } else if stat(path + "/README.md", &info) == 0 {
            return "README.md"
        }
        let others = (names ?? CourseLoader.names(in: path) ?? []).filter(isIndexName).sortedDeterministically()
        return others.count == 1 ? others[0] : "README.md"
    }

    /// A file that holds the course index under a name coursecheck does not read it from, in a
    /// lessons directory with no index (`names`, its listing, has no `indexName`): `README` or
    /// `README.txt` in any case (GitHub shows it as the folder's README, but as plain text, so its
    /// links are not links), or `index.md` (GitHub does not show it beside the lessons at all). It is
    /// the index when it has the index's shape: front matter with `lessons:`, or a link to a lesson
    /// file. Read only when no index stands, which a course as it should be never is.
    static func indexStandIn(in path: String, names: [String]) -> String? {
        guard !names.contains("README.md"), !names.contains(where: isIndexName) else { return nil }
        let standIns = names.filter { name in
            ["readme", "readme.txt", "index.md"].contains(name.lowercased())
        }.sortedDeterministically()
        return standIns.first { name in
            guard let data = FileManager.default.contents(atPath: path + "/" + name) else { return false }
            return holdsIndex(String(decoding: data, as: UTF8.self))
        }
    }

    /// Whether `text` has the index's shape: front matter with `lessons:`, or a link to a lesson file.
    private static func holdsIndex(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            lines.dropFirst().prefix(while: { $0.trimmingCharacters(in: .whitespaces) != "---" }).contains(where: {
                $0.hasPrefix("lessons:")
            })
        {
            return true
        }
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            var target = rest[open.upperBound...].prefix { $0 != ")" && $0 != "#" && !$0.isWhitespace }
            if target.hasPrefix("./") { target = target.dropFirst(2) }
            if LessonName.isLessonFile(String(target)) { return true }
            rest = rest[open.upperBound...]
        }
        return false
    }

    /// The name without its markdown extension (`.md` in any case, `.markdown`) and trailing white
    /// space, or nil when it has none.
    static func markdownStem(_ name: String) -> String? {
        var trimmed = Substring(name)
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        let lower = trimmed.lowercased()
        for ext in [".markdown", ".md"] where lower.hasSuffix(ext) && lower.count > ext.count {
            return String(trimmed.dropLast(ext.count))
        }
        return nil
    }

    /// The number a lesson file name starts with, and whether it is written with a leading zero
    /// beyond the two digits (`010`).
    static func number(_ name: String) -> (value: Int, paddedBeyondTwo: Bool)? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard let value = Int(digits) else { return nil }
        return (value, digits.count > 2 && digits.first == "0")
    }

    /// The slipped names of the lessons directory at `path` (shown as `shown`): `names`, its files
    /// (hidden ones aside); `nested`, the lesson files one folder down (`folder/name`).
    static func slipped(
        in path: String, shown: String, names: [String], nested: [String], goldens: Goldens
    ) -> [Slipped] {
        let lessons = names.filter(LessonName.isLessonFile)
        var numbers: [Int: [String]] = [:]
        for name in lessons { if let number = number(name) { numbers[number.value, default: []].append(name) } }
        // The pre-trigger: without a candidate, no record is read.
        let loose = names.filter(isCandidate)
        // A lesson name with a number not its own: another lesson's, written with a leading zero, or
        // with its extension typed twice (`10-baglama.md.md`).
        let doubled = lessons.filter { name in
            guard let number = number(name) else { return false }
            return number.paddedBeyondTwo || (numbers[number.value]?.count ?? 0) > 1
                || markdownStem(String(name.dropLast(".md".count))) != nil
        }
        guard !loose.isEmpty || !nested.isEmpty || !doubled.isEmpty else { return [] }
        // As text: a recorded name a lesson file holds in another Unicode form is that file's (its
        // form is another finding's), never a second lesson's place.
        let present = Set(lessons)
        // The recorded names no lesson file has, each with what records it.
        var missing: [String: [String]] = [:]
        var order: [String] = []
        // The lesson files the records name: a copy beside one of them is the copy.
        var recordedPresent: Set<String> = []
        func record(_ name: String, _ witness: String) {
            guard !present.contains(name) else {
                recordedPresent.insert(name)
                return
            }
            if missing[name] == nil { order.append(name) }
            if missing[name]?.contains(witness) != true { missing[name, default: []].append(witness) }
        }
        for link in indexLinks(in: path) { record(link, "the index links that name") }
        let goldensFolder: (path: String, display: String)? =
            switch goldens {
            case .beside:
                {
                    let store = GoldenStore.beside(
                        lessonEntry: CourseLoader.Entry(
                            displayPath: CourseLoader.display(shown, "-.md"), path: path + "/-.md"))
                    return (store.rootPath, store.displayRoot)
                }()
            case .directory(let path, let display): (path, display)
            case .none: nil
            }
        if let goldensFolder {
            for folder in (CourseLoader.names(in: goldensFolder.path) ?? []).sortedDeterministically()
            where !folder.hasPrefix(".") && LessonName.isLessonFile(folder + ".md") {
                var info = stat()
                guard stat(goldensFolder.path + "/" + folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    continue
                }
                record(folder + ".md", "\(goldensFolder.display)/\(folder)/ holds its goldens")
            }
        }
        // Each candidate with the one missing name it is near; a doubled number only when the
        // file's own name is recorded nowhere.
        var matches: [(name: String, recorded: String, numberOf: String?)] = []
        func match(_ name: String, stem: String, file: String) -> String? {
            let slug = sourceSlug(of: file)
            let near = order.filter { recorded in
                let recordedStem = String(recorded.dropLast(".md".count))
                if EditDistance.between(stem, recordedStem, atMost: 2) != nil { return true }
                guard let slug, let dash = recordedStem.firstIndex(of: "-") else { return false }
                return recordedStem[recordedStem.index(after: dash)...] == slug
            }
            return near.count == 1 ? near[0] : nil
        }
        for name in loose {
            guard let stem = markdownStem(name), let recorded = match(name, stem: stem, file: path + "/" + name)
            else { continue }
            matches.append((name, recorded, nil))
        }
        for name in nested {
            let file = name.lastPathComponent
            guard let recorded = match(name, stem: String(file.dropLast(".md".count)), file: path + "/" + name)
            else { continue }
            matches.append((name, recorded, nil))
        }
        var copies: [Slipped] = []
        for name in doubled where !recordedPresent.contains(name) {
            let owner = number(name).flatMap { numbers[$0.value] }?.first { $0 != name }
            let stem = String(name.dropLast(".md".count))
            let doubledExtension = markdownStem(stem)
            if let recorded = match(name, stem: doubledExtension ?? stem, file: path + "/" + name),
                number(recorded)?.value != number(name)?.value || number(name)?.paddedBeyondTwo == true
                    || doubledExtension != nil
            {
                matches.append((name, recorded, owner))
                continue
            }
            // An old copy beside the lesson: its number and its source are a recorded lesson's.
            let slug = sourceSlug(of: path + "/" + name)
            let originals = (number(name).flatMap { numbers[$0.value] } ?? []).filter {
                $0 != name && recordedPresent.contains($0) && slug != nil && sourceSlug(of: path + "/" + $0) == slug
            }
            if originals.count == 1 {
                copies.append(Slipped(name: name, recorded: name, witnesses: [], numberOf: nil, copyOf: originals[0]))
            }
        }
        // One file to one recorded name: two files near one name are not decided here.
        return matches.filter { candidate in matches.count { $0.recorded == candidate.recorded } == 1 }.map {
            Slipped(name: $0.name, recorded: $0.recorded, witnesses: missing[$0.recorded] ?? [], numberOf: $0.numberOf)
        } + copies
    }

    /// The lesson file names the index beside the lessons (`indexName`) links, by their targets'
    /// last component, percent-decoded: a record, read by bytes (`](target)`), not a rendering.
    static func indexLinks(in path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path + "/" + indexName(in: path)) else { return [] }
        let bytes = [UInt8](data)
        var links: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "(") else { continue }
            var end = index + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else { continue }
            var target = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
            if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
            let name = PercentEncoding.removing(from: target.lastPathComponent) ?? target.lastPathComponent
            if LessonName.isLessonFile(name), !links.contains(name) { links.append(name) }
        }
        return links
    }

    /// The last path component of the file's front matter `source:` URL, when it has one.
    static func sourceSlug(of file: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        for line in head.split(separator: "\n", omittingEmptySubsequences: false).prefix(40) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("source:") else { continue }
            var value = text.dropFirst("source:".count).trimmingCharacters(in: .whitespaces)
            if let quote = value.first, quote == "'" || quote == "\"", value.count >= 2, value.last == quote {
                value = String(value.dropFirst().dropLast())
            }
            while value.hasSuffix("/") { value.removeLast() }
            let slug = value.lastPathComponent
            return slug.isEmpty ? nil : slug
        }
        return nil
    }
}
