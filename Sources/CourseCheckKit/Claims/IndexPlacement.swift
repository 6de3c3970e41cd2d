/// Where each lesson of the index stands: its part (the `## ` heading its item is under), and the
/// items pasted or moved into the wrong part. Decided once, from the index and the lessons' notes,
/// for course-index (which reports the items) and note-series (which judges each series within its
/// part), so one slipped item is one finding at that item and no note is judged against it.
///
/// A lesson's notes tell its part: a series belongs to the part that lists most of the lessons
/// holding its notes, and a lesson whose notes are all of series at home in one part belongs to
/// that part. The index gives the parts' sizes; lessons fill them in course order, so an item
/// listed out of order moves no lesson to another part. Only when that filling contradicts a
/// lesson's notes is an item taken to stand in the wrong part: the item whose lesson's notes name
/// another part, where the lesson fits (between its neighbours in course order, its notes
/// continuing their series there).
struct IndexPlacement: Sendable {
    /// Item positions (in `CourseIndexClaim.items` order) that copy another item of the same
    /// file: the copy's position to the original's. The original is the item in its lesson's
    /// part, else the one in course order, else the first.
    var copies: [Int: Int] = [:]
    /// Part headings that lost their `## ` (`Listing.lostHeadings`).
    var lostHeadings: [(line: Int, name: String, above: String?, level: Int?, underline: Int?, item: Int?)] = []
    /// Part headings indented into the item above (`Listing.headingsInItems`).
    var headingsInItems: [(line: Int, name: String, spaces: Int, item: Int?)] = []
    /// Items listed in a part other than their lesson's, by position.
    var wrongPart: [Int: Misplaced] = [:]
    /// The part of each listed lesson, by its resolved path.
    var parts: [String: String] = [:]
    /// The part each item is under, by position (nil before the first `## ` heading).
    var partOfItem: [String?] = []
    /// The index's items as `Listing.read` reads them: a slipped link target read as the lesson
    /// its title names.
    var items: [CourseIndexClaim.Item] = []
    /// Items whose link was read as another lesson's, by position: the destination as written.
    var retargeted: [Int: String] = [:]
    /// Part headings that split one note series between the part above them and theirs (a part
    /// added to the index whose lessons keep the series of the part they came from). The lessons
    /// are read as in the series' part, so the split is one finding at the heading, never one at
    /// each note or item; `Split` says what the fix renumbers.
    var splits: [Split] = []

    struct Split {
        /// The heading's line, the part it opens and the part above it.
        var line: Int
        var part: String
        var above: String
        var series: String
        /// The lessons under the heading (their numbers in course order) and the series' notes they hold.
        var lessons: ClosedRange<Int>
        var first: Int
        var last: Int
    }

    /// The index's lesson items in reading order, with the part each is under. An item whose link
    /// opens a lesson its title does not name, while the lesson its title names is linked by no
    /// item carrying that lesson's title, has a slip in its link target (one edit, say a
    /// destination pasted from the next item): it is read as the lesson its title names, so the
    /// slip is one finding at the item (course-index's), and the lesson it left is neither
    /// unlisted nor listed twice. A true swap of two items' targets is two such items.
    struct Listing {
        var items: [CourseIndexClaim.Item] = []
        var parts: [String?] = []
        var retargeted: [Int: String] = [:]
        /// Part headings that lost their `## `: the line that stands where a part starts (after the
        /// last item of the part above, or after the index's title for the first part, and before
        /// the part's items, with no `## ` heading between), where the index's other parts open
        /// with a `## ` heading. It is a line of text (`Name`, `##Name`) or a heading of another
        /// level (`### Name`, `# Name`): read as the heading it was, so the slip is one finding at
        /// the line and no lesson moves to the part above. `level` is the heading's, nil for
        /// text; `above` is the part above, nil for the first part; `underline` is the line of a
        /// one-line setext heading's underline, which the fix deletes too; `item` is the number of
        /// the list item a setext heading with no blank line above runs on from (`Name` over `---`
        /// right after item 8 is that item's text and a rule).
        var lostHeadings: [(line: Int, name: String, above: String?, level: Int?, underline: Int?, item: Int?)] = []
        /// Part headings indented into the list item above them (`    ## Name` after item 8): read
        /// as the part heading they are meant as; `spaces` is the indentation, `item` the number
        /// shown on the item that holds them.
        var headingsInItems: [(line: Int, name: String, spaces: Int, item: Int?)] = []
        /// Each part's heading line, by name (the first heading of that name).
        var headingLines: [String: Int] = [:]

        init(_ course: CourseFacts) {
            guard let index = course.index else { return }
            let pairs = Array(zip(index.prose.blocks, index.blockItems))
            // The other parts open with `## `: some `## ` heading has an item after it.
            let firstHeading = pairs.firstIndex { $0.0.kind == .heading(level: 2) }
            let headed = firstHeading.map { first in pairs[first...].contains { $0.1 != nil } } ?? false
            var current: String?
            /// The line standing where the next part starts: the last `#` heading of another level
            /// in the run before the part's items, else its last one-line paragraph that ends no
            /// sentence (a part's description, after its heading, ends one).
            var candidate: (line: Int, name: String, level: Int?, underline: Int?, item: Int?)?
            /// True where a part may start: after an item, or before the first item (after the title).
            var open = headed
            var titled = false
            var lastItem: Prose.TextBlock?
            for (block, item) in pairs {
                if block.kind == .heading(level: 2) {
                    // Indented as far as the item's text above, it is a heading inside that item.
                    let spaces = block.firstLine.text.prefix { $0 == " " }.count
                    let column = lastItem.map { above in
                        above.firstLine.text.utf8.prefix(while: {
                            $0 == 0x20 || $0.isASCIIDigit || $0 == 0x2E || $0 == 0x29
                        }).count
                    }
                    if spaces >= 3, let above = lastItem, let column, column <= spaces {
                        headingsInItems.append((block.firstLine.number, block.text, spaces, above.itemNumber))
                    }
                    current = block.text
                    if headingLines[block.text] == nil { headingLines[block.text] = block.firstLine.number }
                    candidate = nil
                    open = false
                } else if item == nil, open, case .heading(let level) = block.kind {
                    if level == 1, !titled, items.isEmpty, current == nil {
                        // The index's title: the first part starts after it.
                        titled = true
                        candidate = nil
                    } else if block.firstLine.text.drop(while: { $0 == " " }).hasPrefix("#") {
                        candidate = (block.firstLine.number, block.text, level, nil, nil)
                    } else if level == 1, block.segments.count == 1 {
                        // `Name` over `====`: the same `<h1>`, its underline one more line to delete.
                        candidate = (block.firstLine.number, block.text, level, block.firstLine.number + 1, nil)
                    }
                } else if item == nil, open, block.kind == .paragraph, block.itemMarker == nil,
                    block.segments.count == 1, candidate?.level == nil, candidate?.item == nil
                {
                    // Invisible characters before its `## ` (U+200B, U+00A0) are not the part's name.
                    let shown = Invisible.leading(block.text).map {
                        String(decoding: block.text.utf8.dropFirst($0.length), as: UTF8.self)
                    }
                    let name = String((shown ?? block.text).drop { $0 == "#" || $0 == " " }).trimmingWhitespaces
                    let end = name.last.map { ".:;,!?".contains($0) } ?? true
                    if !end && name.count <= 80 { candidate = (block.firstLine.number, String(name), nil, nil, nil) }
                }
                if item != nil { lastItem = block } else if block.kind != .heading(level: 2) { lastItem = nil }
                if let item {
                    if let lost = candidate {
                        if let level = lost.level, level >= 3, let above = current,
                            IndexPlacement.continuesPart(above, at: items.count, in: pairs, parts: parts, course)
                        {
                            // A sub-heading inside the part: readers see its items in the part above.
                            candidate = nil
                        } else {
                            lostHeadings.append((lost.line, lost.name, current, lost.level, lost.underline, lost.item))
                            current = lost.name
                            candidate = nil
                        }
                    }
                    open = headed
                    items.append(item)
                    parts.append(current)
                    if headed, let lost = IndexPlacement.underlinedRunOn(block, lines: index.file.lines) {
                        candidate = (lost.line, lost.name, nil, lost.underline, block.itemNumber ?? items.count)
                    }
                }
            }
            // A lesson an item links after its own is listed there when no item of its own lists it.
            let own = Set(items.map(\.resolved))
            if items.contains(where: { !$0.others.isEmpty }) {
                var expanded: [(CourseIndexClaim.Item, String?)] = []
                for (item, part) in zip(items, parts) {
                    expanded.append((item, part))
                    for other in item.others
                    where !own.contains(other.resolved)
                        && !expanded.contains(where: { $0.0.resolved == other.resolved })
                    {
                        var listed = other
                        listed.linkedAfterAnother = true
                        expanded.append((listed, part))
                    }
                }
                (items, parts) = (expanded.map(\.0), expanded.map(\.1))
            }
            let keys = course.lessons.map { CourseIndexClaim.normalized($0.path) }
            let lessonOf = items.map { item in keys.firstIndex { $0.sameBytes(item.resolved) } }
            for (position, item) in items.enumerated() {
                guard let linked = lessonOf[position], !course.lessons[linked].isTitled(item.title) else { continue }
                let named = course.lessons.indices.filter { $0 != linked && course.lessons[$0].isTitled(item.title) }
                guard named.count == 1, let lesson = named.first,
                    !items.indices.contains(where: { other in
                        other != position && lessonOf[other] == lesson
                            && course.lessons[lesson].isTitled(items[other].title)
                    })
                else { continue }
                retargeted[position] = item.file
                items[position].resolved = keys[lesson]
                items[position].file = course.lessons[lesson].path.fileName
            }
        }
    }

    /// Whether the items from position `start` on (up to the next `## ` heading) continue the part
    /// `above`: their lessons hold notes, all of series the part's items above them hold. A
    /// `### Name` there is then a sub-heading inside the part (readers see its items in it, and
    /// as a `## ` it would split the series), not a part heading that lost a `#`; a lesson of
    /// another series under it (`### Etkileşim` over lessons of series EK) is that lost heading.
    /// Asked only for a `###` (or deeper) heading between two items, so its notes are read rarely.
    static func continuesPart(
        _ above: String, at start: Int, in pairs: [(Prose.TextBlock, CourseIndexClaim.Item?)], parts: [String?],
        _ course: CourseFacts
    ) -> Bool {
        let keys = course.lessons.map { CourseIndexClaim.normalized($0.path) }
        func series(_ item: CourseIndexClaim.Item) -> Set<String>? {
            guard let lesson = keys.firstIndex(where: { $0.sameBytes(item.resolved) }) else { return nil }
            let notes = NoteSeriesClaim.notesAndReferences(in: course.lessons[lesson]).notes
            return notes.isEmpty ? nil : Set(notes.map(\.prefix))
        }
        // The part's series: those of its items above the heading.
        let listed = pairs.compactMap(\.1)
        var held = Set<String>()
        for position in listed.indices.prefix(start) where parts[position] == above {
            held.formUnion(series(listed[position]) ?? [])
        }
        // The items under the heading, up to the next part's `## `.
        var under: [CourseIndexClaim.Item] = []
        var position = 0
        for (block, item) in pairs {
            if let item {
                if position >= start { under.append(item) }
                position += 1
            } else if position > start, block.kind == .heading(level: 2) {
                break
            }
        }
        guard !held.isEmpty, !under.isEmpty else { return false }
        return under.allSatisfy { item in series(item).map { $0.isSubset(of: held) } ?? false }
    }

    /// A part heading written setext-style (`Name` over `---`) right after an item, its blank line
    /// lost: the item's last line, text that ends no sentence and links nothing, with a line of
    /// dashes after it, which closes the list as a rule. Its line, its name and the underline's line.
    static func underlinedRunOn(_ block: Prose.TextBlock, lines: [Line]) -> (line: Int, name: String, underline: Int)? {
        guard block.segments.count >= 2, let last = block.segments.last else { return nil }
        let name = last.text.trimmingWhitespaces
        guard !name.isEmpty, name.count <= 80, !".:;,!?)".contains(name.last ?? "."), !name.contains("]("),
            let next = lines.first(where: { $0.number == last.line.number + 1 })
        else { return nil }
        let marks = next.text.filter { $0 != " " && $0 != "\t" }
        guard marks.count >= 3, marks.allSatisfy({ $0 == "-" }), !next.text.hasPrefix("    ") else { return nil }
        return (last.line.number, String(name), next.number)
    }

    struct Misplaced {
        /// The part the item is listed in, and the part its lesson's notes belong to.
        var listed: String
        var part: String
        var series: String
    }

    init(_ course: CourseFacts) {
        guard course.index != nil else { return }
        let keys = course.lessons.map { CourseIndexClaim.normalized($0.path) }
        let listing = Listing(course)
        let items = listing.items
        var itemPart = listing.parts
        self.items = items
        retargeted = listing.retargeted
        lostHeadings = listing.lostHeadings
        headingsInItems = listing.headingsInItems
        partOfItem = itemPart
        let lessonOf = items.map { item in keys.firstIndex { $0.sameBytes(item.resolved) } }
        // The parts in reading order: a lesson fits a part between its neighbours' parts.
        var partOrder: [String: Int] = [:]
        for part in itemPart.compactMap({ $0 }) where partOrder[part] == nil { partOrder[part] = partOrder.count }

        // Each series' home: the part listing most of the lessons holding its notes (ties: the
        // first). A lesson listed twice has no say: which of its items counts is being decided.
        let notes = course.lessons.map { NoteSeriesClaim.notesAndReferences(in: $0).notes }
        var listings = [Int](repeating: 0, count: keys.count)
        for lesson in lessonOf.compactMap({ $0 }) { listings[lesson] += 1 }
        var votes: [String: [String: Int]] = [:]
        var firstPart: [String: String] = [:]
        for (position, lesson) in lessonOf.enumerated() {
            guard let lesson, listings[lesson] == 1, let part = itemPart[position] else { continue }
            for prefix in Set(notes[lesson].map(\.prefix)) {
                votes[prefix, default: [:]][part, default: 0] += 1
                if firstPart[prefix] == nil { firstPart[prefix] = part }
            }
        }
        var home: [String: String] = [:]
        for (prefix, byPart) in votes {
            let first = firstPart[prefix]
            home[prefix] = byPart.max { ($0.value, $0.key == first ? 1 : 0) < ($1.value, $1.key == first ? 1 : 0) }?.key
        }
        let split = Self.splits(
            itemPart: itemPart, lessonOf: lessonOf, notes: notes, home: home, partOrder: partOrder,
            headingLines: listing.headingLines)
        splits = split.splits
        if !split.merged.isEmpty {
            // Read as if the splitting headings were not there: the lessons under them in their series' part.
            itemPart = itemPart.map { $0.map { split.merged[$0] ?? $0 } }
            for (prefix, byPart) in votes {
                var merged: [String: Int] = [:]
                for (part, count) in byPart { merged[split.merged[part] ?? part, default: 0] += count }
                votes[prefix] = merged
                if let first = firstPart[prefix] { firstPart[prefix] = split.merged[first] ?? first }
            }
            for (prefix, byPart) in votes {
                let first = firstPart[prefix]
                home[prefix] =
                    byPart.max { ($0.value, $0.key == first ? 1 : 0) < ($1.value, $1.key == first ? 1 : 0) }?.key
            }
        }
        /// The part a lesson's notes name: the one home of all its series, if they have one.
        func notesPart(_ lesson: Int) -> (part: String, series: String)? {
            let prefixes = Set(notes[lesson].map(\.prefix))
            let homes = Set(prefixes.compactMap { home[$0] })
            guard let part = homes.first, homes.count == 1, prefixes.allSatisfy({ home[$0] != nil }) else { return nil }
            return (part, prefixes.sorted().joined(separator: ", "))
        }

        // Copies: every item of a file but its original.
        let inOrder = Self.inCourseOrder(lessonOf)
        var byFile: [String: [Int]] = [:]
        var fileOrder: [String] = []
        for (position, item) in items.enumerated() {
            if byFile[item.resolved] == nil { fileOrder.append(item.resolved) }
            byFile[item.resolved, default: []].append(position)
        }
        var originals: [Int] = []
        for file in fileOrder {
            let positions = byFile[file] ?? []
            var original = positions[0]
            if positions.count > 1, let lesson = lessonOf[original] {
                let atHome = positions.filter { itemPart[$0] != nil && itemPart[$0] == notesPart(lesson)?.part }
                let ordered = positions.filter { inOrder.contains($0) }
                if atHome.count == 1 {
                    original = atHome[0]
                } else if ordered.count == 1 {
                    original = ordered[0]
                }
            }
            for position in positions where position != original { copies[position] = original }
            if lessonOf[original] != nil { originals.append(original) }
        }
        originals.sort()

        // The parts' sizes, filled in course order.
        var sizes: [(part: String, count: Int)] = []
        for position in originals {
            guard let part = itemPart[position] else { continue }
            if sizes.last?.part == part { sizes[sizes.count - 1].count += 1 } else { sizes.append((part, 1)) }
        }
        if sizes.reduce(0, { $0 + $1.count }) == keys.count {
            var filled: [String: String] = [:]
            var remaining = keys[...]
            for (part, count) in sizes {
                for key in remaining.prefix(count) { filled[key] = part }
                remaining = remaining.dropFirst(count)
            }
            if keys.indices.allSatisfy({ lesson in notesPart(lesson).map { filled[keys[lesson]] == $0.part } ?? true })
            {
                parts = filled
                return
            }
        }
        // Else each lesson is in the part its item is under, unless its notes name another part
        // where it fits: then the item is in the wrong part.
        var listedPart: [Int: String] = [:]
        for position in originals {
            if let lesson = lessonOf[position], let part = itemPart[position] { listedPart[lesson] = part }
        }
        for position in originals {
            guard let lesson = lessonOf[position], let listed = itemPart[position] else { continue }
            parts[keys[lesson]] = listed
            guard let (part, series) = notesPart(lesson), part != listed, let rank = partOrder[part] else { continue }
            let fitsBetween = listedPart.allSatisfy { other, otherPart in
                guard other != lesson, let otherRank = partOrder[otherPart] else { return true }
                return other < lesson ? otherRank <= rank : otherRank >= rank
            }
            // Its notes continue their series there: each opens at one past the notes before it.
            let continues = Set(notes[lesson].map(\.prefix)).allSatisfy { prefix in
                let before = notes[..<lesson].joined().filter { $0.prefix == prefix }.count
                return notes[lesson].first { $0.prefix == prefix }?.number == before + 1
            }
            guard fitsBetween, continues else { continue }
            wrongPart[position] = Misplaced(listed: listed, part: part, series: series)
            parts[keys[lesson]] = part
        }
    }

    /// The part headings that split a series: a part no series has as its home, whose lessons'
    /// notes are all of one series at home in the part right above or below it, the two parts'
    /// lessons listed in course order with none left out. The heading between the two parts is the
    /// split (`merged` maps the part under it to the part above); cheap: one pass over the items.
    static func splits(
        itemPart: [String?], lessonOf: [Int?], notes: [[NoteSeriesClaim.Note]], home: [String: String],
        partOrder: [String: Int], headingLines: [String: Int]
    ) -> (splits: [Split], merged: [String: String]) {
        let homes = Set(home.values)
        guard partOrder.keys.contains(where: { !homes.contains($0) }) else { return ([], [:]) }
        let byRank = partOrder.sorted { $0.value < $1.value }.map(\.key)
        func lessons(_ part: String) -> [Int] {
            itemPart.indices.compactMap { itemPart[$0] == part ? lessonOf[$0] : nil }
        }
        var splits: [Split] = []
        var merged: [String: String] = [:]
        for part in byRank where !homes.contains(part) {
            let own = lessons(part)
            let prefixes = Set(own.flatMap { notes[$0].map(\.prefix) })
            guard !own.isEmpty, own.allSatisfy({ !notes[$0].isEmpty }), prefixes.count == 1,
                let series = prefixes.first, let seriesHome = home[series], let rank = partOrder[part],
                let homeRank = partOrder[seriesHome], abs(rank - homeRank) == 1
            else { continue }
            let (upper, lower) = homeRank < rank ? (seriesHome, part) : (part, seriesHome)
            let both = lessons(upper) + lessons(lower)
            guard zip(both, both.dropFirst()).allSatisfy({ $1 == $0 + 1 }), let line = headingLines[lower] else {
                continue
            }
            let under = lessons(lower)
            let numbers = under.flatMap { notes[$0].filter { $0.prefix == series }.map(\.number) }
            guard let first = under.first, let last = under.last, let low = numbers.min(), let high = numbers.max()
            else { continue }
            splits.append(
                Split(
                    line: line, part: lower, above: upper, series: series, lessons: (first + 1)...(last + 1),
                    first: low, last: high))
            merged[part] = seriesHome
        }
        return (splits, merged)
    }

    /// The positions of `lessons` (each item's lesson in course order, nil for another file) that a
    /// shortest edit script to course order keeps: one item of each lesson at most.
    static func inCourseOrder(_ lessons: [Int?]) -> Set<Int> {
        let listed = lessons.enumerated().compactMap { position, lesson in lesson.map { (position, $0) } }
        let course = Set(listed.map(\.1)).sorted()
        var kept = Set<Int>()
        for case .keep(_, let position) in UnifiedDiff.edits(course.map(String.init), listed.map { String($0.1) }) {
            kept.insert(listed[position].0)
        }
        return kept
    }
}
