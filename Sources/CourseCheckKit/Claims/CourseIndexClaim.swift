import Foundation

/// The course index (`README.md` beside the lessons): `lessons: N` counts the lesson files, and its
/// ordered list links every lesson once, in order, with its title.
package struct CourseIndexClaim: ClaimCheck {
    package let id = DiagnosticID.courseIndex
    package let spansCourse = true
    package let readsTreeOutputs = false
    package let readsOnlyText = true

    package init() {}

    /// An item `N. [Title](file.md)` of the index's ordered list.
    struct Item {
        var title: String
        /// The link's destination as written.
        var file: String
        /// The destination resolved against the index's directory and normalised (`./`, `..`).
        var resolved: String
        var line: Line
        var titleLocation: SourceLocation
        /// The number a reader sees on the item, and whether its list counts from it.
        var number: Int?
        var startsList: Bool
    }

    /// The item an ordered list item's first paragraph holds: a link at its start.
    /// `indexPath` is the index's own path, which relative links resolve against.
    static func item(_ block: Prose.TextBlock, indexPath: String) -> Item? {
        guard let marker = block.itemMarker, marker == "." || marker == ")", block.kind == .paragraph,
            block.source.hasPrefix("[") || block.source.lowercased().hasPrefix("<a ")
        else { return nil }
        let inline = block.inline
        guard let link = inline.links.first, link.range.lowerBound == 0 else { return nil }
        // The file a reader's click opens: a query (`?plain=1`) or a fragment (`#top`) is not part
        // of it, and a percent-encoded name is the name.
        var target = String(link.destination.prefix { $0 != "?" && $0 != "#" })
        target = PercentEncoding.removing(from: target) ?? target
        // The index's folder: its path up to the last slash (`lessons/README.md` → `lessons`).
        let directory = indexPath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(indexPath[..<$0]) } ?? ""
        let resolved =
            target.hasPrefix("/")
            ? normalized(target) : normalized(directory.isEmpty ? target : directory + "/" + target)
        return Item(
            title: inline.plain(link.text), file: link.destination, resolved: resolved, line: block.firstLine,
            titleLocation: block.location(of: link.text.lowerBound, in: indexPath), number: block.itemNumber,
            startsList: block.startsList)
    }

    static func items(_ index: CourseFacts.Index) -> [Item] {
        index.blockItems.compactMap { $0 }
    }

    /// A path with `.` segments dropped and `..` applied, so `./03-x.md` and `lessons/03-x.md`
    /// name the same file when the index is `lessons/README.md`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        // Split by bytes: by Characters it cost about 13 K instructions a path.
        for part in path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        // Joined by hand: `joined(separator:)` over Substrings runs the standard library's
        // unspecialised generic code (~2,300 instructions a path).
        var joined = path.hasCharacterPrefix("/") ? "/" : ""
        for (index, part) in parts.enumerated() {
            if index > 0 { joined += "/" }
            // String's own `append(contentsOf: Substring)`: `+=` takes the generic one, which looked
            // up a generic type by name on its first call (a scan of every conformance).
            joined.append(contentsOf: part)
        }
        return joined
    }

    /// A line of the index that links `file` where the rendering hides it, with why.
    static func hiddenItem(_ file: String, in index: CourseFacts.Index) -> (line: Int, reason: String)? {
        let document = MarkdownScanner.scan(index.file).document
        for line in index.file.lines where line.text.contains("(" + file) || line.text.contains("(./" + file) {
            if let reason = HiddenText.reason(line: line.number, text: file, document: document, file: index.file) {
                return (line.number, reason)
            }
        }
        return nil
    }

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        guard let index = course.index else { return .notApplicable("no README.md beside the lessons") }
        // Merge-conflict markers hold both sides of the index: they are its finding, until resolved.
        if !index.conflicts.isEmpty { return .checked(index.conflicts) }
        let path = index.file.path
        var findings: [Diagnostic] = []
        if let count = index.frontMatter?["lessons"] {
            if Int(count.value) != course.lessons.count {
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: count.line),
                        .count(claimed: count.value, actual: course.lessons.count)))
            }
        } else if !(index.frontMatter?.unreadable.contains { $0.key == "lessons" || $0.key == nil } ?? false) {
            // An unreadable `lessons` value is front-matter's finding.
            findings.append(.courseIndex(at: SourceLocation(path: path, line: 1), .noCount))
        }
        let items = Self.items(index)
        let files = course.lessons.map(\.path.fileName)
        let keys = course.lessons.map { Self.normalized($0.path) }
        let linked = Set(items.map(\.resolved))
        // A link a slip away from a lesson no item links (`09-yerel-durumu.md`) is that lesson's
        // item with a typo: one finding at it, and the lesson is not also unlisted.
        var meant: [Int: Int] = [:]
        for (position, item) in items.enumerated() where !keys.contains(where: { $0.sameBytes(item.resolved) }) {
            let candidates = keys.indices.filter { !linked.contains(keys[$0]) && !meant.values.contains($0) }
            if let lesson = candidates.first(where: {
                Suggestion.distance(Array(files[$0]), Array(item.file.fileName)) <= 3
            }) {
                meant[position] = lesson
            }
        }
        var seen: [String: Int] = [:]
        var listed: [Item] = []
        for (position, item) in items.enumerated() {
            let at = SourceLocation(path: path, line: item.line.number)
            if let first = seen[item.resolved] {
                findings.append(.courseIndex(at: at, .repeated(file: item.file, firstLine: first)))
                continue
            }
            seen[item.resolved] = item.line.number
            guard let lessonIndex = keys.firstIndex(where: { $0.sameBytes(item.resolved) }) else {
                findings.append(
                    .courseIndex(at: at, .notALesson(file: item.file, meant: meant[position].map { files[$0] })))
                continue
            }
            listed.append(item)
            let title =
                course.lessons[lessonIndex].frontMatter?["title"]?.value ?? course.lessons[lessonIndex].title?.text
            if let title, !course.lessons[lessonIndex].isTitled(item.title) {
                findings.append(
                    .courseIndex(at: item.titleLocation, .title(file: item.file, listed: item.title, title: title)))
            }
        }
        // The listed lessons aligned to course order (a shortest edit script): an item out of place
        // or a lesson left out is named once, where it is or where it belongs.
        let lastLine = items.last?.line.number ?? index.file.lines.count
        var misplaced = Set<Int>()
        for edit in UnifiedDiff.edits(keys, listed.map(\.resolved)) {
            switch edit {
            case .insert(let position):
                misplaced.insert(position)
                let item = listed[position]
                let lesson = (keys.firstIndex(of: item.resolved) ?? 0) + 1
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: item.line.number),
                        .outOfOrder(file: item.file, lesson: lesson)))
            case .delete(let lesson) where seen[keys[lesson]] == nil && !meant.values.contains(lesson):
                // Written but hidden from readers (a comment, an HTML block): there, saying why.
                if let hidden = Self.hiddenItem(files[lesson], in: index) {
                    findings.append(
                        .courseIndex(
                            at: SourceLocation(path: path, line: hidden.line),
                            .hidden(file: files[lesson], reason: hidden.reason)))
                    continue
                }
                let next = keys[(lesson + 1)...].compactMap { seen[$0] }.first ?? lastLine
                findings.append(
                    .courseIndex(at: SourceLocation(path: path, line: next), .unlisted(file: files[lesson])))
            default:
                continue
            }
        }
        // The numbers readers see run on from each list's first: one finding when a list starts
        // with a number that is not its lesson's place in the course (its later numbers follow),
        // unless the item itself is out of order (that finding says it).
        for (position, item) in listed.enumerated() where item.startsList && !misplaced.contains(position) {
            guard let number = item.number, let lesson = keys.firstIndex(where: { $0.sameBytes(item.resolved) }),
                number != lesson + 1
            else { continue }
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: item.line.number),
                    .numbered(file: item.file, shown: number, lesson: lesson + 1)))
        }
        return .checked(findings)
    }
}

extension String {
    /// The file name a display path ends in (its last `/`-separated component; the path itself when it has none).
    var fileName: String { split(separator: "/").last.map(String.init) ?? self }
}
