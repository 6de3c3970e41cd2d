import Foundation

/// The index's list of sources (`## Lisans ve kaynak`: `- Kurs: <…>`, then `- Title: <source>` per
/// lesson, in course order): the same lessons, titles and order the numbered list holds, each with
/// the lesson's own `source` URL, so a reader who follows a link reaches that lesson's page.
extension CourseIndexClaim {
    /// One item of the list: `Label: URL`, as a reader sees it (the URL a link's destination, an
    /// autolink's, or bare text GitHub links).
    struct SourceItem {
        var label: String
        var url: String
        var line: Int
        var labelAt: SourceLocation
        var urlAt: SourceLocation
        var bullet: Character
    }

    /// What the list is held to for one lesson: the URLs that are right (its `source`, and when
    /// front-matter calls that wrong, the URL its slug gives too: that slip is front-matter's one
    /// finding), the first the URL to write.
    private struct Expected {
        var accepted: [String]
        /// The folder of its `source` URL (the course's address), or the one most lessons share.
        var folder: String?
    }

    /// The list is found by its shape, not its heading: a bullet list at the index's top level whose
    /// items read `Label: URL`, at least two of them, and at least half the lessons, a lesson's title
    /// or `source`. An index without one is not judged (another course's, or one that dropped it).
    static func checkSources(_ course: CourseFacts, index: CourseFacts.Index) -> [Diagnostic] {
        guard course.lessons.count >= 2 else { return [] }
        let path = index.file.path
        let lessons = course.lessons
        let expected = expectedSources(lessons)
        let address = courseAddress(expected: expected, index: index)
        func sourceOf(_ url: String) -> Int? {
            expected.firstIndex { $0.accepted.contains { sameURL($0, url) } }
        }
        // Each lesson's titles read once (asking `isTitled` of each lesson copied its facts each
        // time, every field retained): the lesson a label names, as `isTitled` reads it.
        let titles = lessons.indices.map { lessons[$0].titles }
        func titled(_ label: String) -> Int? {
            let name = Prose.collapsed(label)
            if let lesson = titles.firstIndex(where: { $0.contains { $0.sameBytes(name) } }) { return lesson }
            guard let bare = Quotation.unquotedAtBothEnds(name) else { return nil }
            return titles.firstIndex { $0.contains { $0.sameBytes(bare) } }
        }
        /// The title to write for a lesson, and its file: read only for a finding.
        func title(_ lesson: Int) -> String? {
            (lessons[lesson].frontMatter?["title"]?.value ?? lessons[lesson].title?.text).map(Prose.collapsed)
        }
        func file(_ lesson: Int) -> String { lessons[lesson].path.fileName }
        // The candidate lists: runs of top-level bullet items, an item read only when its bytes
        // hold a URL's `://` (a byte scan; the rest of the index is never rendered here).
        var lists: [[SourceItem]] = []
        var current: [SourceItem] = []
        var inList = false
        for block in index.prose.blocks {
            guard block.listDepth >= 1 else {
                if inList { lists.append(current) }
                current = []
                inList = false
                continue
            }
            guard block.listDepth == 1, block.kind == .paragraph, let marker = block.itemMarker,
                marker == "-" || marker == "*" || marker == "+"
            else { continue }
            inList = true
            if block.source.utf8Offset(of: "://") != nil, let item = sourceItem(block, path: path, bullet: marker) {
                current.append(item)
            }
        }
        if inList { lists.append(current) }
        let needed = max(2, (lessons.count + 1) / 2)
        guard
            let (items, named) = lists.map({ list in
                let named = list.map { titled($0.label) }
                return (list, named, list.indices.filter { named[$0] != nil || sourceOf(list[$0].url) != nil }.count)
            }).filter({ $0.2 >= needed }).max(by: { $0.2 < $1.2 }).map({ ($0.0, $0.1) })
        else { return [] }

        // Each item's lesson: its title first (a wrong URL is the item's slip), then its URL (a
        // title mistyped or stale after a rename), then a title or URL a slip away, each among the
        // lessons no item has claimed yet.
        var lessonOf: [Int?] = Array(repeating: nil, count: items.count)
        var claimed = Set<Int>()
        var courseItems = Set<Int>()
        for position in items.indices {
            if let lesson = named[position] {
                lessonOf[position] = lesson
                claimed.insert(lesson)
            }
        }
        for (position, item) in items.enumerated() where lessonOf[position] == nil {
            if let lesson = sourceOf(item.url), !claimed.contains(lesson) {
                lessonOf[position] = lesson
                claimed.insert(lesson)
            } else if let address, sameURL(item.url, address.url) || address.also.map({ sameURL(item.url, $0) }) == true
            {
                courseItems.insert(position)
            }
        }
        for (position, item) in items.enumerated() where lessonOf[position] == nil && !courseItems.contains(position) {
            let open = lessons.indices.filter { !claimed.contains($0) }
            // The nearest title a few letters off (a look-alike, a letter dropped), else a URL whose
            // slug is a typo of an open lesson's, in its folder.
            let label = Array(item.label.unicodeScalars)
            let near =
                open.compactMap { lesson -> (lesson: Int, distance: Int)? in
                    lessons[lesson].titles.compactMap { title in
                        EditDistance.between(
                            label, Array(title.unicodeScalars), atMost: max(2, title.unicodeScalars.count / 4))
                    }.min().map { (lesson, $0) }
                }.min { $0.distance < $1.distance }?.lesson
                ?? open.first { lesson in
                    let parts = split(item.url)
                    return EditDistance.between(parts.last, lessons[lesson].slug[...], atMost: 3) != nil
                        && parts.folder.map { String($0) == expected[lesson].folder } == true
                }
            if let near {
                lessonOf[position] = near
                claimed.insert(near)
            }
        }
        // What is left names no lesson still: a URL of a lesson another item has (a copy, its title
        // mistyped too), the course's own item with a wrong address (the first item, naming no
        // lesson), or an item no lesson has (one left from a lesson since deleted).
        var findings: [Diagnostic] = []
        for (position, item) in items.enumerated() where lessonOf[position] == nil && !courseItems.contains(position) {
            if position == 0, courseItems.isEmpty, named[position] == nil {
                // The course's own item (`- Kurs: …`), before the lessons', its address slipped.
                courseItems.insert(position)
                if let address {
                    findings.append(.courseIndex(at: item.urlAt, .courseSource(given: item.url, address: address.url)))
                }
            } else if let lesson = sourceOf(item.url) ?? named[position] {
                lessonOf[position] = lesson
            } else {
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: item.line),
                        .sourceUnknown(label: item.label, url: item.url))
                )
            }
        }

        // The items aligned to course order (a shortest edit script): an item out of place, a copy
        // or a lesson left out is named once, where it is or where it belongs.
        let listed = items.indices.filter { lessonOf[$0] != nil }
        let keys = lessons.indices.map(String.init)
        var kept = Set<Int>()
        var missing: [Int] = []
        for edit in UnifiedDiff.edits(keys, listed.map { String(lessonOf[$0]!) }) {
            switch edit {
            case .keep(_, let at): kept.insert(listed[at])
            case .insert: break
            case .delete(let lesson): missing.append(lesson)
            }
        }
        let keptLessons = Dictionary(kept.map { (lessonOf[$0]!, $0) }, uniquingKeysWith: { a, _ in a })
        /// The kept item a lesson's item belongs before (the next lesson's in course order), or after.
        func neighbour(of lesson: Int) -> (line: Int, after: Bool)? {
            if let next = lessons.indices.dropFirst(lesson + 1).compactMap({ keptLessons[$0] }).first {
                return (items[next].line, false)
            }
            return lessons.indices.prefix(lesson).reversed().compactMap { keptLessons[$0] }.first.map {
                (items[$0].line, true)
            }
        }
        for position in items.indices {
            guard let lesson = lessonOf[position] else { continue }
            let item = items[position]
            let lessonTitle = title(lesson) ?? item.label
            if !kept.contains(position) {
                if let original = items.indices.first(where: { $0 != position && lessonOf[$0] == lesson }) {
                    // A copy: the one out of place is the slip, whatever else it gets wrong.
                    let keptOne = items.indices.first { kept.contains($0) && lessonOf[$0] == lesson } ?? original
                    if keptOne != position {
                        findings.append(
                            .courseIndex(
                                at: SourceLocation(path: path, line: item.line),
                                .sourceRepeated(title: lessonTitle, itemLine: items[keptOne].line)))
                        continue
                    }
                } else {
                    let place = neighbour(of: lesson)
                    findings.append(
                        .courseIndex(
                            at: SourceLocation(path: path, line: item.line),
                            .sourceOutOfOrder(
                                title: lessonTitle, lesson: lesson + 1, line: place?.line, after: place?.after ?? false)
                        )
                    )
                }
            }
            if named[position] != lesson, let written = title(lesson), !lessons[lesson].isTitled(item.label) {
                findings.append(
                    .courseIndex(
                        at: item.labelAt,
                        .sourceTitle(file: file(lesson), listed: item.label, title: written)))
            }
            if let source = expected[lesson].accepted.first,
                !expected[lesson].accepted.contains(where: { sameURL($0, item.url) })
            {
                let other = sourceOf(item.url).flatMap(title)
                findings.append(
                    .courseIndex(
                        at: item.urlAt, .sourceURL(title: lessonTitle, given: item.url, source: source, other: other)))
            }
        }
        let lastLine = items.last?.line ?? 1
        for lesson in missing where !lessonOf.contains(lesson) {
            guard let url = expected[lesson].accepted.first, let title = title(lesson) else { continue }
            let place = neighbour(of: lesson) ?? (lastLine, true)
            let bullet = items.first?.bullet ?? "-"
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: place.line),
                    .sourceUnlisted(
                        file: file(lesson), item: "\(bullet) \(title): <\(url)>", after: place.after)))
        }
        return findings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// The item a bullet's first paragraph is when it reads `Label: URL` and nothing after the URL.
    /// `parsing`: rendered by the inline parser even when the bytes alone read it (for the test
    /// that the two agree).
    static func sourceItem(_ block: Prose.TextBlock, path: String, bullet: Character, parsing: Bool = false)
        -> SourceItem?
    {
        let labelAt = block.location(of: 0, in: path)
        let label: String
        let url: String
        let urlOffset: Int
        if !parsing, let plain = plainAutolinkItem(block.source) {
            (label, url, urlOffset) = plain
        } else if case let inline = block.inline, let link = inline.links.last {
            let after = inline.plain(link.range.upperBound..<inline.source.count)
            guard after.allSatisfy(\.isWhitespace), link.destination.contains("://") else { return nil }
            label = inline.plain(0..<link.range.lowerBound)
            url = link.destination
            // At the URL, past an autolink's `<`.
            urlOffset = link.range.lowerBound + (inline.source[link.range.lowerBound] == UInt8(ascii: "<") ? 1 : 0)
        } else {
            // A bare URL (GitHub links it): the last word, after the label.
            let text = block.inline.plain()
            guard let space = text.lastIndex(where: \.isWhitespace) else { return nil }
            let word = text[text.index(after: space)...]
            guard word.contains("://") else { return nil }
            label = String(text[..<space])
            url = String(word)
            urlOffset = block.source.utf8Offset(of: url) ?? 0
        }
        var name = Prose.collapsed(label)
        if name.hasSuffix(":") { name = Prose.collapsed(String(name.dropLast())) }
        guard !name.isEmpty else { return nil }
        return SourceItem(
            label: name, url: url, line: block.firstLine.number, labelAt: labelAt,
            urlAt: block.location(of: urlOffset, in: path), bullet: bullet)
    }

    /// `Label: <URL>` on one line, the label free of markup and the URL an autolink's (a scheme, then
    /// no blank, `<`, `>`, `&` or `\\`): what CommonMark renders, read from the bytes. The list's items
    /// are written so, and this spares the inline parser for each. The label (its `:` kept), the
    /// URL and its offset; nil for any other form, which the parser reads.
    static func plainAutolinkItem(_ source: String) -> (label: String, url: String, offset: Int)? {
        let bytes = Array(source.utf8)
        guard bytes.count > 4, bytes[bytes.count - 1] == UInt8(ascii: ">"),
            let open = bytes.lastIndex(of: UInt8(ascii: "<")), open > 0, bytes[open - 1] == 0x20
        else { return nil }
        let markup = Prose.TextBlock.markup
        guard !bytes[..<open].contains(where: { markup[Int($0)] }) else { return nil }
        let url = bytes[(open + 1)..<(bytes.count - 1)]
        guard
            !url.contains(where: {
                $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                    || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\\")
            })
        else { return nil }
        // A scheme: a letter, then 1 to 31 letters, digits, `+`, `.` or `-`, then `://`.
        guard let colon = url.firstIndex(of: UInt8(ascii: ":")), case let scheme = url[url.startIndex..<colon],
            (2...32).contains(scheme.count), scheme.first.map({ $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A }) == true,
            scheme.allSatisfy({
                ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2E || $0 == 0x2D
            }),
            url[colon...].starts(with: "://".utf8)
        else { return nil }
        return (
            String(decoding: bytes[..<(open - 1)], as: UTF8.self), String(decoding: url, as: UTF8.self), open + 1
        )
    }

    /// Per lesson, the URLs the list may give for it. By bytes, and by index (a lesson's facts
    /// copied retain every field): the lessons' URLs and slugs are read for every check.
    private static func expectedSources(_ lessons: [CourseFacts.LessonFacts]) -> [Expected] {
        let slugs = lessons.indices.map { lessons[$0].slug }
        let written = lessons.indices.map { position -> (url: String, folder: Substring?, last: Substring)? in
            // A blank value is front-matter's finding (bytes: a Character walk cost ~0.1 M a lesson).
            guard let value = lessons[position].frontMatter?["source"]?.value,
                value.utf8.contains(where: { $0 > 0x20 })
            else { return nil }
            let parts = split(value)
            return (value, parts.folder, parts.last)
        }
        // The folder most lessons' sources share, for a lesson that gives none.
        // (A count by pairs: there are a few dozen lessons at most, and no dictionary to build.)
        var folders: [Substring] = []
        for (slug, url) in zip(slugs, written) {
            guard let url, let folder = url.folder, url.last.utf8.elementsEqual(slug.utf8) else { continue }
            folders.append(folder)
        }
        let common = folders.lazy.map { folder in (folder, folders.filter { $0 == folder }.count) }
            .first { $0.1 * 2 > folders.count }.map { String($0.0) }
        return lessons.indices.map { position in
            var accepted: [String] = []
            var folder = common
            if let url = written[position] {
                folder = url.folder.map(String.init)
                if url.last.utf8.elementsEqual(slugs[position].utf8)
                    || Decomposed.canonicallyEqual(String(url.last), slugs[position])
                {
                    accepted = [url.url]
                } else {
                    // Front-matter's finding: either fix it offers leaves the list right.
                    accepted = [FrontMatterClaim.source(url.url, slug: slugs[position]), url.url]
                }
            } else if let common {
                accepted = [common + "/" + slugs[position]]
            }
            return Expected(accepted: accepted, folder: folder)
        }
    }

    /// The course's own address: the folder all lessons' sources are in (the index's `source`
    /// when they share none), and the index's `source` as a second right answer.
    private static func courseAddress(expected: [Expected], index: CourseFacts.Index) -> (url: String, also: String?)? {
        let own = index.frontMatter?["source"]?.value.trimmingWhitespaces
        if let folder = expected.first?.folder, expected.allSatisfy({ $0.folder == folder }) { return (folder, own) }
        return own.flatMap { $0.isEmpty ? nil : ($0, nil) }
    }

    /// A URL's path (a query or fragment aside) at its last `/`: the folder before it (nil when
    /// that is only the scheme and host's start, `https:/`) and the last part (the slug).
    static func split(_ url: String) -> (folder: Substring?, last: Substring) {
        let utf8 = url.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        guard let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) else { return (nil, url[..<end]) }
        let folder = url[..<slash]
        let last = url[utf8.index(after: slash)..<end]
        guard folder.utf8.last != UInt8(ascii: "/"), let colon = folder.utf8.firstIndex(of: UInt8(ascii: ":")),
            folder.utf8[colon...].starts(with: "://".utf8)
        else { return (nil, last) }
        return (folder, last)
    }

    /// Two URLs a reader's click takes to one page: the same text, a trailing `/` aside, in either
    /// Unicode form (a decomposed URL is its page's `decomposed` finding, not a second here).
    static func sameURL(_ a: String, _ b: String) -> Bool {
        let x = a.utf8.last == UInt8(ascii: "/") ? a.utf8.dropLast() : a.utf8[...]
        let y = b.utf8.last == UInt8(ascii: "/") ? b.utf8.dropLast() : b.utf8[...]
        if x.count == y.count, x.elementsEqual(y) { return true }
        guard x.contains(where: { $0 >= 0x80 }) || y.contains(where: { $0 >= 0x80 }) else { return false }
        return Decomposed.canonicallyEqual(String(Substring(x)), String(Substring(y)))
    }
}
