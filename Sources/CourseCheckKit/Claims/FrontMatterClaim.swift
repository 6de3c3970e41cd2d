/// Every lesson's front matter has the required keys, its `title` is the `# ` heading, the
/// `source` URL ends in the file's slug, and `course` is the course title.
package struct FrontMatterClaim: ClaimCheck {
    package let id = DiagnosticID.frontMatter
    package let spansCourse = false
    package let readsTreeOutputs = false
    package let readsOnlyText = true
    package static let requiredKeys = FrontMatter.requiredKeys

    package init() {}

    /// The index's misspelt keys (`titel:`, `lesons:`), by the key meant: a key no lesson writes
    /// and no claim reads, within two edits of a key the index lacks, the nearest. The keys meant
    /// are those its claims read (`title`, `lessons`) and the lessons' required ones (`course`
    /// aside: the index is the course). Course-index reads `lessons` so written as meant.
    static func indexMisspelt(_ frontMatter: FrontMatter, lessons: [CourseFacts.LessonFacts]) -> [(
        key: String, written: String
    )] {
        let meant = requiredKeys.filter { $0 != "course" } + ["lessons"]
        // (A key with a leftover before it, behind `#` or with a value unreadable is there: its own finding.)
        let missing = meant.filter { key in
            frontMatter[key] == nil && frontMatter.leftoverKey(key) == nil && frontMatter.commented[key] == nil
                && !frontMatter.unreadable.contains { $0.key == key }
        }
        guard !missing.isEmpty else { return [] }
        let lessonKeys = Set(lessons.flatMap { $0.frontMatter?.entries.keys.map { $0 } ?? [] })
        var found: [(key: String, written: String)] = []
        for key in missing {
            let near = frontMatter.entries.keys.compactMap { written in
                lessonKeys.contains(written) || FrontMatter.readKeys.contains(written)
                    || found.contains(where: { $0.written == written })
                    ? nil : EditDistance.between(written.utf8, key.utf8, atMost: 2).map { (written, $0) }
            }
            guard let (written, _) = near.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { continue }
            found.append((key, written))
        }
        return found
    }

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        func opens(_ file: SourceFile) -> Bool { file.lines.first?.text == "---" }
        guard course.lessons.contains(where: { $0.frontMatter != nil || opens($0.lesson.file) }) else {
            return .notApplicable("no lesson has front matter")
        }
        var findings: [Diagnostic] = []
        // An index with merge-conflict markers is course-index's one finding; its values are not read.
        let index = course.index.flatMap { $0.conflicts.isEmpty ? $0 : nil }
        // The index's values are read too (its `title` is the course title): one finding each, there.
        // The keys the course writes: `key:value` with one of them is that key with its space lost.
        var known = Set(Self.requiredKeys)
        /// How many lessons write each key: a key one lesson alone writes may be a misspelling.
        var keyLessons: [String: Int] = [:]
        for frontMatter in course.lessons.map(\.frontMatter) + [index?.frontMatter] {
            if let keys = frontMatter?.entries.keys { known.formUnion(keys) }
        }
        /// The lessons (by number) that write each key: an optional key has no list to be checked
        /// against, so a misspelt one is told by the lessons that spell it right.
        var writers: [String: [Int]] = [:]
        for (number, frontMatter) in course.lessons.map(\.frontMatter).enumerated() {
            for key in frontMatter?.entries.keys ?? [:].keys {
                keyLessons[key, default: 0] += 1
                writers[key, default: []].append(number + 1)
            }
        }
        if let index {
            // The index's own keys: `lessons:21` is `lessons` with its space lost.
            known.formUnion(["title", "lessons"])
            if let stray = index.frontMatter?.strayFence {
                findings.append(Self.strayFence(stray, path: index.file.path, page: "index"))
            }
            if let fenced = index.frontMatter.flatMap(Self.fencedAsCode) {
                findings.append(.frontMatter(at: SourceLocation(path: index.file.path, line: 1), fenced))
            } else {
                if let opened = index.frontMatter?.opened {
                    findings.append(
                        .frontMatter(at: SourceLocation(path: index.file.path, line: 1), .notOpened(opened)))
                }
                if let unclosed = index.frontMatter?.unclosed {
                    findings.append(Self.notClosed(unclosed, path: index.file.path, lines: index.file.lines.count))
                }
            }
            for entry in Self.reported(index.frontMatter?.unreadable ?? [], known: known) {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: index.file.path, line: entry.line, column: entry.column),
                        .unreadable(key: entry.key, entry.reason)))
            }
            if let frontMatter = index.frontMatter {
                // `\tlessons: 21`: one finding here; course-index reads the count as meant.
                if let slipped = frontMatter.leftoverKey("lessons") {
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: index.file.path, line: slipped.entry.line),
                            .keyLeftover(written: slipped.written, leftover: slipped.leftover, key: "lessons")))
                }
                // `# lessons: 21`: a comment, the count gone; one finding here, course-index reads it as meant.
                if frontMatter["lessons"] == nil, let commented = frontMatter.commented["lessons"] {
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: index.file.path, line: commented.entry.line),
                            .keyCommented(key: "lessons", marker: commented.marker)))
                }
                findings += Self.duplicates(frontMatter, path: index.file.path) { _, _ in false }.findings
                for (key, written) in Self.indexMisspelt(frontMatter, lessons: course.lessons) {
                    guard let entry = frontMatter[written] else { continue }
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: index.file.path, line: entry.line),
                            .indexKeyMisspelt(written: written, key: key)))
                }
            }
        }
        // The index's name for each lesson: a title is stated three times (the front matter, the
        // heading, the index), and the one the other two do not agree with is the slip.
        var indexTitles: [String: [String]] = [:]
        for item in IndexPlacement.Listing(course).items { indexTitles[item.resolved, default: []].append(item.title) }
        // Without an index, the lessons must at least agree with each other on the course title.
        var courseTitle = (index == nil ? nil : course.courseTitle) ?? mostCommonCourse(course)
        if let index, let title = index.frontMatter?["title"] {
            // One typo in the index's title is one finding there, not one in every lesson.
            let named = Set(course.lessons.compactMap { $0.frontMatter?["course"]?.value })
            if course.lessons.count > 1, named.count == 1, let only = named.first,
                !Prose.rendersSame(only, title.value),
                course.lessons.allSatisfy({ $0.frontMatter?["course"] != nil })
            {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: index.file.path, line: title.line).atUnseen(
                            title.value, only, on: index.file.lines[title.line - 1].text),
                        .indexTitle(title.value, lessons: only)))
                courseTitle = only
            } else if let heading = CourseFacts.LessonFacts.Text.title(in: index.prose, after: index.frontMatter),
                !Prose.rendersSame(heading.text, title.value),
                // (`# # Title`: a marker typed before the title's is course-index's finding.)
                Leftover.container(index.file.lines[heading.line - 1].text, before: "#") == nil
            {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: index.file.path, line: heading.line, column: heading.column).atUnseen(
                            heading.text, title.value, on: index.file.lines[heading.line - 1].text),
                        .indexHeading(heading.text, title: title.value, titleLine: title.line)))
            }
        }
        if let index, let heading = CourseFacts.LessonFacts.Text.title(in: index.prose, after: index.frontMatter),
            let written = Self.underline(index.file, under: heading.line)
        {
            findings.append(
                .frontMatter(
                    at: SourceLocation(path: index.file.path, line: heading.line + 1),
                    .underlinedTitle(written: written)))
        }
        let shared = sharedValues(course, index: index, findings: &findings)
        for lesson in course.lessons {
            let path = lesson.path
            // A file name saved decomposed is one finding at the file: its goldens' folder, the
            // index's link and the source URL are all compared with its composed name.
            let name = path.fileName
            if let decomposed = Decomposed.letters(in: name[...]) {
                findings.append(
                    .decomposedName(
                        at: SourceLocation(path: path, line: 1), letter: decomposed.first,
                        composed: Decomposed.composed(name)))
            }
            // Merge-conflict markers in the front matter are that lesson's one finding.
            if let conflict = lesson.lesson.uncertainFrom,
                conflict <= (lesson.frontMatter?.closingLine ?? lesson.lesson.file.lines.count),
                Classifier.conflictMarkers(lesson.lesson.file).contains(where: { $0.location.line == conflict })
            {
                continue
            }
            guard var frontMatter = lesson.frontMatter else {
                findings.append(
                    .frontMatter(at: SourceLocation(path: path, line: 1), opens(lesson.lesson.file) ? .unclosed : .none)
                )
                continue
            }
            // A fence typed above the `---` is one finding there; the front matter under it is read as written.
            if let stray = frontMatter.strayFence {
                findings.append(Self.strayFence(stray, path: path, page: "lesson"))
            }
            // An opening line typed as a near form of `---` is one finding there; the keys are read as written.
            // Both lines typed as fences are one finding, at the first: they fence the keys as code.
            if let fenced = Self.fencedAsCode(frontMatter) {
                findings.append(.frontMatter(at: SourceLocation(path: path, line: 1), fenced))
            } else {
                if let opened = frontMatter.opened {
                    findings.append(.frontMatter(at: SourceLocation(path: path, line: 1), .notOpened(opened)))
                }
                if let unclosed = frontMatter.unclosed {
                    findings.append(Self.notClosed(unclosed, path: path, lines: lesson.lesson.file.lines.count))
                }
            }
            let named = indexTitles[CourseIndexClaim.normalized(path)] ?? []
            // A key given twice: one finding at the value the rest of the course does not confirm,
            // and the one it does is the value judged.
            let duplicates = Self.duplicates(frontMatter, path: path) { key, value in
                switch key {
                case "title":
                    ([lesson.title?.text].compactMap { $0 } + named).contains { Prose.rendersSame($0, value) }
                case "course": courseTitle.map { Prose.rendersSame($0, value) } ?? false
                case "source": Self.slug(of: value).sameBytes(lesson.slug)
                case "license", "language": shared[key].map { Self.sameShared(key, $0.value, value) } ?? false
                default: false
                }
            }
            findings += duplicates.findings
            frontMatter = duplicates.kept
            for entry in Self.reported(frontMatter.unreadable, known: known) {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: entry.line, column: entry.column),
                        .unreadable(key: entry.key, entry.reason)))
            }
            // A required key written in another case (`Title:`) is one finding there; its value is
            // read as the key's, so nothing that reads it is judged without it.
            for key in Self.requiredKeys where frontMatter[key] == nil {
                guard
                    let written = frontMatter.entries.keys.sorted().first(where: {
                        $0 != key && TriggerDistributionClaim.lowercased($0).sameBytes(key)
                    }), let entry = frontMatter[written]
                else { continue }
                findings.append(
                    .frontMatter(at: SourceLocation(path: path, line: entry.line), .keyCase(written: written, key: key))
                )
                frontMatter.entries[key] = entry
            }
            // So is one with a character or two left before it (`\ttitle:`, `` `title: ``).
            for key in Self.requiredKeys {
                guard let slipped = frontMatter.leftoverKey(key) else { continue }
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: slipped.entry.line),
                        .keyLeftover(written: slipped.written, leftover: slipped.leftover, key: key)))
                frontMatter.entries[key] = slipped.entry
            }
            // So is one behind YAML's comment sign (`# course: …`): a comment that names a key the
            // lesson then lacks is that key commented out, not a note.
            for key in Self.requiredKeys where frontMatter[key] == nil {
                guard let commented = frontMatter.commented[key] else { continue }
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: commented.entry.line),
                        .keyCommented(key: key, marker: commented.marker)))
                frontMatter.entries[key] = commented.entry
            }
            // So is one misspelt (`titel:`, `lisense:`): a key no other lesson writes, within two
            // edits of the required key the lesson lacks (the nearest), read as that key.
            for key in Self.requiredKeys where frontMatter[key] == nil {
                let near = frontMatter.entries.keys.compactMap { written in
                    (keyLessons[written] ?? 0) > 1 || Self.requiredKeys.contains(written)
                        ? nil : EditDistance.between(written.utf8, key.utf8, atMost: 2).map { (written, $0) }
                }
                guard let (written, _) = near.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), let entry = frontMatter[written]
                else { continue }
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: entry.line), .keyMisspelt(written: written, key: key)))
                frontMatter.entries[key] = entry
                frontMatter.entries[written] = nil
            }
            if let slip = Self.optionalKeyMisspelt(frontMatter, writers: writers) {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: slip.line),
                        .optionalKeyMisspelt(written: slip.written, key: slip.key, lessons: slip.lessons)))
            }
            // A key whose value or line is unreadable is reported as that, not again as missing.
            let missing = Self.requiredKeys.filter { key in
                frontMatter[key] == nil && !frontMatter.unreadable.contains { $0.key == key }
            }
            if !missing.isEmpty, !frontMatter.unreadable.contains(where: { $0.key == nil }) {
                // Where the closing line is, or belongs.
                let end = frontMatter.unclosed.map { min($0.before, lesson.lesson.file.lines.count) }
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: end ?? frontMatter.closingLine), .lacks(missing)))
            }
            for key in Self.requiredKeys {
                // YAML's null (`~`, `null`) is no value either.
                guard let entry = frontMatter[key], entry.items.isEmpty,
                    entry.value.allSatisfy({ $0 == " " || $0 == "\t" })
                        || ["~", "null", "Null", "NULL"].contains(entry.value)
                else { continue }
                findings.append(.frontMatter(at: SourceLocation(path: path, line: entry.line), .empty(key: key)))
            }
            if let title = frontMatter["title"], !title.value.allSatisfy(\.isWhitespace) {
                if let heading = lesson.title,
                    let container = Leftover.container(lesson.lesson.file.lines[heading.line - 1].text, before: "#")
                {
                    // A container's marker before the `# ` (`> # Title`): the title shows quoted or as an item.
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: path, line: heading.line, column: container.indent + 1),
                            .titleInContainer(container)))
                } else if let heading = lesson.title {
                    // The one the index does not agree with is the typo; when it agrees with
                    // neither (or there is none), the one the rest of the course uses less.
                    // Compared as rendered: spacing HTML collapses is no difference.
                    let differs = !Prose.rendersSame(heading.text, title.value)
                    // Asked only when the two differ: counting mentions reads the whole course, and
                    // asked for every lesson it made a check of many lessons quadratic.
                    let headingIsTitle =
                        differs
                        && (named.contains { Prose.rendersSame($0, heading.text) }
                            || !named.contains { Prose.rendersSame($0, title.value) }
                                && course.mentions(of: heading.text, outside: path)
                                    > course.mentions(of: title.value, outside: path))
                    if differs, let (inner, marks) = Self.curlyUnquoted(title.value),
                        Prose.rendersSame(heading.text, inner)
                    {
                        // Typographic quotes around the heading's text: the quotes are the slip.
                        findings.append(
                            .frontMatter(
                                at: SourceLocation(path: path, line: title.line),
                                .curlyQuoted(key: "title", value: title.value, inner: inner, marks: marks)))
                    } else if differs, headingIsTitle {
                        findings.append(
                            .frontMatter(
                                at: SourceLocation(path: path, line: title.line).atUnseen(
                                    title.value, heading.text, on: lesson.lesson.file.lines[title.line - 1].text),
                                .title(title.value, heading: heading.text, headingLine: heading.line)))
                    } else if differs {
                        findings.append(
                            .frontMatter(
                                at: SourceLocation(path: path, line: heading.line, column: heading.column).atUnseen(
                                    heading.text, title.value, on: lesson.lesson.file.lines[heading.line - 1].text),
                                .heading(heading.text, title: title.value, titleLine: title.line)))
                    }
                } else if let slipped = Self.slippedTitle(in: lesson.prose, title: title.value) {
                    // The title is there but renders as no '# ' heading: the finding is at it.
                    findings.append(.frontMatter(at: slipped.location, slipped.problem))
                } else if let indented = Self.indentedTitle(lesson.lesson.file, after: frontMatter.closingLine) {
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: path, line: indented.line),
                            .titleIndented(written: indented.written, text: indented.text)))
                } else if lesson.lesson.uncertainFrom == nil, !Self.headingHidden(in: lesson.lesson) {
                    // (A slip that hides the rest of the lesson, a comment left open or a fence, may
                    // hide its heading too, and so may a comment a later line closes: the slip is the
                    // finding.)
                    findings.append(
                        .frontMatter(at: SourceLocation(path: path, line: frontMatter.closingLine + 1), .noHeading))
                }
            }
            if let heading = lesson.title, let written = Self.underline(lesson.lesson.file, under: heading.line) {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: heading.line + 1), .underlinedTitle(written: written)))
            }
            if let source = frontMatter["source"], !source.value.allSatisfy(\.isWhitespace) {
                let slug = Self.slug(of: source.value)
                // The file's slug is composed (`GoldenStore.stem`): a decomposed URL is the page's
                // text finding, a decomposed file name the name's, neither a second story here.
                if !slug.sameBytes(lesson.slug), !Decomposed.canonicallyEqual(slug, lesson.slug),
                    let unseen = Self.unseenInSlug(slug, fileSlug: lesson.slug, line: source.line, in: lesson)
                {
                    // The URL's slug reads as the file's but holds an invisible or look-alike
                    // character: the character is the slip, at it; no file is named after it.
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: lesson.path, line: source.line, column: unseen.column),
                            .sourceUnseen(
                                slug: slug, fileSlug: lesson.slug, difference: unseen.difference,
                                url: Self.source(source.value, slug: lesson.slug))))
                } else if !slug.sameBytes(lesson.slug), !Decomposed.canonicallyEqual(slug, lesson.slug) {
                    let file = Self.fileName(of: lesson.path, slug: slug)
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: lesson.path, line: source.line),
                            .source(
                                slug: slug, fileSlug: lesson.slug, url: Self.source(source.value, slug: lesson.slug),
                                file: file, indexLine: Self.indexLine(linking: file, path: lesson.path, in: course))))
                }
            }
            for key in Self.sharedKeys {
                // A value YAML cannot read is its own finding, not a second one here.
                guard let entry = frontMatter[key], !Self.saysNothing(entry.value), let expected = shared[key],
                    !frontMatter.unreadable.contains(where: { $0.line == entry.line }),
                    !Self.sameShared(key, entry.value, expected.value)
                else { continue }
                let others = course.lessons.count {
                    $0.path != path
                        && $0.frontMatter?[key].map { Self.sameShared(key, $0.value, expected.value) } == true
                }
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: entry.line),
                        .sharedValue(
                            key: key, value: entry.value, expected: expected.value, fromIndex: expected.fromIndex,
                            others: others)))
            }
            if let value = frontMatter["course"], !value.value.allSatisfy(\.isWhitespace), let courseTitle,
                !Prose.rendersSame(value.value, courseTitle)
            {
                if let (inner, marks) = Self.curlyUnquoted(value.value), Prose.rendersSame(inner, courseTitle) {
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: path, line: value.line),
                            .curlyQuoted(key: "course", value: value.value, inner: inner, marks: marks)))
                    continue
                }
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: value.line).atUnseen(
                            value.value, courseTitle, on: lesson.lesson.file.lines[value.line - 1].text),
                        .course(value.value, courseTitle: courseTitle)))
            }
        }
        return .checked(findings)
    }

    /// The ATX heading a paragraph's first line would be from byte `offset` on, past what was left
    /// before it (printable or invisible characters): its marks (`#` to `######`, then a blank) and
    /// its text as rendered. Nil when no heading starts there.
    private static func heading(in source: String, after offset: Int) -> (marks: String, text: String)? {
        let rest = source.utf8.dropFirst(offset)
        let marks = rest.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(marks), let blank = rest.dropFirst(marks).first,
            blank == UInt8(ascii: " ") || blank == UInt8(ascii: "\t")
        else { return nil }
        let line = String(decoding: rest.dropFirst(marks).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return (String(repeating: "#", count: marks), Inline(line.trimmingWhitespaces).plain())
    }

    /// The lesson's title written so it renders as no `# ` heading: a heading of another level
    /// (`## Yerel Durum`), or a paragraph opening with `#` and no space after it (`#Yerel Durum`),
    /// whichever comes first of those that read as the front matter's `title` (or, first in the
    /// lesson, a `#` line, or a heading a slip or two away from the title).
    static func slippedTitle(in prose: Prose, title: String) -> (
        location: SourceLocation, problem: Diagnostic.FrontMatter
    )? {
        for (position, block) in prose.blocks.enumerated() {
            let candidate: (text: String, problem: Diagnostic.FrontMatter)?
            switch block.kind {
            case .heading(let level) where level > 1 && Leftover.container(block.firstLine.text, before: "#") != nil:
                // `## # Title`: a heading's marker typed before the title's, which it takes in as text.
                guard let container = Leftover.container(block.firstLine.text, before: "#") else { continue }
                candidate = (String(block.text.drop { $0 == "#" }.drop { $0 == " " }), .titleInContainer(container))
            case .heading(let level) where level > 1:
                // Written setext-style (`Yerel Durum` over `---`), its underline goes too.
                let setext =
                    level == 2 && block.segments.count == 1
                    && !block.firstLine.text.drop(while: { $0 == " " }).hasPrefix("#")
                candidate = (
                    block.text,
                    .titleLevel(level: level, text: block.text, underline: setext ? block.firstLine.number + 1 : nil)
                )
            case .paragraph where block.source.hasPrefix("#"):
                let marks = block.source.prefix { $0 == "#" }
                let rest = block.source.dropFirst(marks.count)
                guard marks.count <= 6, let first = rest.first, first != " ", first != "\t", first != "\n" else {
                    continue
                }
                // A space that is not one to Markdown (a no-break space) is named: it looks like one.
                let other = first.isWhitespace ? first.unicodeScalars.first : nil
                let text = Inline(String(rest.dropFirst(other == nil ? 0 : 1).prefix { $0 != "\n" })).plain()
                candidate = (
                    text,
                    other.map { .titleOtherSpace(after: String(marks), space: Invisible.name($0), text: text) }
                        ?? .titleNoSpace(written: String(block.segments[0].text), text: text)
                )
            case .paragraph where Invisible.leading(block.source) == nil:
                // A `# ` line behind printable characters left there (`x# `, `\t# `, `` `# ``, `x # `): text.
                guard let left = Leftover.before("#", in: block.source.prefix { $0 != "\n" }),
                    let (marks, text) = Self.heading(
                        in: block.source, after: left.leftover.utf8.count + left.blanks.utf8.count)
                else { continue }
                candidate = (
                    text, .titleLeftover(leftover: left.leftover, blanks: left.blanks, marks: marks, text: text)
                )
            case .paragraph:
                // A `# ` line behind an invisible character (U+2060, U+200B): text, the character named.
                guard let invisible = Invisible.leading(block.source),
                    let (marks, text) = Self.heading(in: block.source, after: invisible.length)
                else { continue }
                candidate = (text, .titleInvisible(scalars: invisible.scalars, marks: marks, text: text))
            default:
                candidate = nil
            }
            // A `#Title` line first in the lesson is its title; a heading of another level only when
            // it reads as the title, or nearly so when first (a `## Giriş` is a section).
            guard let candidate,
                Prose.rendersSame(candidate.text, title)
                    || position == 0
                        && (block.kind == .paragraph
                            || EditDistance.between(candidate.text, title, atMost: 2) != nil)
            else { continue }
            // At the line's `#`s: a heading's text starts after them.
            let at = block.location(of: 0, in: prose.path)
            return (
                SourceLocation(path: at.path, line: at.line, column: block.kind == .paragraph ? at.column : 1),
                candidate.problem
            )
        }
        return nil
    }

    /// True when a comment slip hides a line that opens a `# ` heading.
    static func headingHidden(in lesson: Lesson) -> Bool {
        guard let hidden = lesson.hidden else { return false }
        return lesson.file.lines.indices.contains { index in
            lesson.file.lines[index].text.hasPrefix("# ") && hidden.contains(line: index + 1, column: 1)
        }
    }

    /// The lesson's first line after its front matter, when it is a `# ` heading indented 4
    /// columns or more, which renders as code: its line, its indentation in words, and its text.
    static func indentedTitle(_ file: SourceFile, after closingLine: Int) -> (line: Int, written: String, text: String)?
    {
        guard let line = file.lines.dropFirst(closingLine).first(where: { !$0.text.allSatisfy(\.isWhitespace) })
        else { return nil }
        let blank = line.text.prefix { $0 == " " || $0 == "\t" }
        let columns = blank.reduce(0) { $1 == "\t" ? ($0 / 4 + 1) * 4 : $0 + 1 }
        let heading = line.text.dropFirst(blank.count)
        guard columns >= 4, heading.hasPrefix("# ") else { return nil }
        return (
            line.number,
            blank.allSatisfy { $0 == " " } ? "\(columns) spaces" : "\(Plural.count(columns, "column")) (with a tab)",
            Inline(String(heading.dropFirst(2)).trimmingWhitespaces).plain()
        )
    }

    /// `value` without the typographic quotation marks around it (`‘…’`, `“…”`, `«…»`, one at
    /// either end, a straight one at the other end too), and those marks; nil when it has none.
    /// YAML quotes only with straight quotes: a title typed in curly ones keeps them.
    static func curlyUnquoted(_ value: String) -> (inner: String, marks: [Unicode.Scalar])? {
        var scalars = Array(value.unicodeScalars)
        var marks: [Unicode.Scalar] = []
        if let first = scalars.first, first.properties.isQuotationMark {
            if !first.isASCII { marks.append(first) }
            scalars.removeFirst()
        }
        if let last = scalars.last, last.properties.isQuotationMark {
            if !last.isASCII { marks.append(last) }
            scalars.removeLast()
        }
        guard !marks.isEmpty, !scalars.isEmpty else { return nil }
        var inner = String.UnicodeScalarView()
        inner.append(contentsOf: scalars)
        return (String(inner), marks)
    }

    /// The slug a `source` URL ends in: its path's last part (a query, `?ref=x`, or a fragment,
    /// `#top`, is not the slug).
    static func slug(of source: String) -> String {
        let path = source.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// Where a `source` URL's slug holds an invisible or look-alike character the file's slug does
    /// not, and reads as the file's slug but for it (`Invisible.reading`, a slip of two letters at
    /// most: Cyrillic `у` reads as `y`): the 1-based byte column of that character on the
    /// `source:` line, and the difference in words (`it has U+200B ZERO WIDTH SPACE after
    /// 'yerel-durum'`). The URL is then the slip: no file is ever named after such a slug. Nil
    /// otherwise (a rename, a typo).
    static func unseenInSlug(_ slug: String, fileSlug: String, line: Int, in lesson: CourseFacts.LessonFacts) -> (
        column: Int, difference: String
    )? {
        guard slug.unicodeScalars.contains(where: Invisible.isSuspicious),
            !fileSlug.unicodeScalars.contains(where: Invisible.isSuspicious),
            EditDistance.between(Invisible.reading(slug), fileSlug, atMost: 2) != nil
        else { return nil }
        let offset: Int
        let difference: String
        if let (has, wanted, at) = Invisible.firstIndistinct(slug, fileSlug),
            !Invisible.isSuspicious(wanted.unicodeScalars.first!)
        {
            let before = String(decoding: slug.utf8.prefix(at), as: UTF8.self)
            let typedIn = has.unicodeScalars.allSatisfy {
                $0.properties.generalCategory == .format || $0.properties.generalCategory == .spaceSeparator
            }
            difference =
                typedIn
                ? "it has \(Invisible.describe(has)) " + (before.isEmpty ? "at its start" : "after '\(before)'")
                : "it has \(Invisible.describe(has)) where the file's slug has \(Invisible.describe(wanted))"
            offset = at
        } else {
            let before = slug.unicodeScalars.prefix { !Invisible.isSuspicious($0) }
            let scalar = slug.unicodeScalars.dropFirst(before.count).first!
            difference = "it has \(Invisible.describe(scalar)) after '\(String(String.UnicodeScalarView(before)))'"
            offset = before.reduce(0) { $0 + UTF8.width($1) }
        }
        let lines = lesson.lesson.file.lines
        guard lines.indices.contains(line - 1) else { return (1, difference) }
        // The slug's last place on the line, by bytes: the URL's last path part.
        let text = Array(lines[line - 1].text.utf8)
        let wanted = Array(slug.utf8)
        guard text.count >= wanted.count,
            let at = (0...(text.count - wanted.count)).reversed().first(where: {
                text[$0..<($0 + wanted.count)].elementsEqual(wanted)
            })
        else { return (1, difference) }
        return (at + offset + 1, difference)
    }

    /// `source` with its last path part (the slug) replaced by `slug`, its query and fragment kept.
    static func source(_ source: String, slug: String) -> String {
        let path = source.prefix { $0 != "?" && $0 != "#" }
        let rest = source[path.endIndex...]
        guard let slash = path.lastIndex(of: "/") else { return slug + rest }
        return String(path[...slash]) + slug + rest
    }

    /// The file a lesson's `source` URL names (`09-yerel-durum.md` for `lessons/09-yerel-durm.md` and
    /// `…/yerel-durum`), when its slug is a typo away from the file's (two edits at most): the
    /// file's name may be the slip. Nil when they agree, differ more (a rename), or there is no URL.
    static func fileNamedBySource(path: String, frontMatter: FrontMatter?) -> String? {
        guard let source = frontMatter?["source"], !source.value.allSatisfy(\.isWhitespace) else { return nil }
        let file = fileName(of: path, slug: slug(of: source.value))
        guard !Decomposed.canonicallyEqual(file, path.fileName),
            EditDistance.between(file, path.fileName, atMost: 2) != nil
        else {
            return nil
        }
        return file
    }

    /// The line of the index item that links `file`, a name no lesson has, a typo away from the
    /// lesson's at `path`: with the lesson's `source` URL, a second witness that the lesson's own
    /// file name is the slip.
    static func indexLine(linking file: String, path: String, in course: CourseFacts) -> Int? {
        guard let index = course.index, EditDistance.between(file, path.fileName, atMost: 2) != nil,
            !course.lessons.contains(where: { $0.path.fileName.sameBytes(file) })
        else {
            return nil
        }
        return index.blockItems.lazy.compactMap { $0 }.first { $0.resolved.fileName.sameBytes(file) }?.line.number
    }

    /// The file name of the lesson at `path` with its slug replaced by `slug`, its number kept
    /// (`22-durum-ozeti.md` for `lessons/22-durum-tekrari.md` and `durum-ozeti`).
    static func fileName(of path: String, slug: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        return (digits.isEmpty ? "" : digits + "-") + slug + ".md"
    }

    /// Each key the front matter gives more than once: one finding at every value but the one
    /// kept, which is the one value `confirms` (what the rest of the course says) when exactly one
    /// is, else the first; and the front matter with the kept values, for the checks after.
    static func duplicates(
        _ frontMatter: FrontMatter, path: String, confirms: (String, String) -> Bool
    ) -> (findings: [Diagnostic], kept: FrontMatter) {
        guard !frontMatter.duplicates.isEmpty else { return ([], frontMatter) }
        var findings: [Diagnostic] = []
        var kept = frontMatter
        var keys: [String] = []
        for duplicate in frontMatter.duplicates where !keys.contains(duplicate.key) { keys.append(duplicate.key) }
        for key in keys {
            guard let first = frontMatter[key] else { continue }
            let values = [first] + frontMatter.duplicates.filter { $0.key == key }.map(\.entry)
            let confirmed = values.filter { confirms(key, $0.value) }
            let keep = confirmed.count == 1 ? confirmed[0] : first
            kept.entries[key] = keep
            for value in values where value.line != keep.line {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: value.line), .duplicate(key: key, keptLine: keep.line)))
            }
        }
        return (findings, kept)
    }

    /// Every unreadable value, but only the first line that is not YAML at all: after one, the
    /// rest are most likely its consequences. A `name:value` line says its space is lost only
    /// when `known` (the keys the course writes) holds the name.
    static func reported(_ unreadable: [FrontMatter.Unreadable], known: Set<String>) -> [FrontMatter.Unreadable] {
        guard let first = unreadable.firstIndex(where: { $0.key == nil }) else { return unreadable }
        return unreadable.enumerated().filter { $0.offset == first || $0.element.key != nil }.map { _, entry in
            guard case .noSpaceAfterColon(let name) = entry.reason, !known.contains(name) else { return entry }
            var unknown = entry
            unknown.reason = .notAKey
            return unknown
        }
    }

    /// The one finding of a front matter whose closing line is missing or slipped: at the line
    /// where it stops reading as front matter (the last line, when the closing belongs after it).
    static func notClosed(_ unclosed: FrontMatter.Unclosed, path: String, lines: Int) -> Diagnostic {
        let atEnd = unclosed.before > lines
        return .frontMatter(
            at: SourceLocation(path: path, line: atEnd ? max(lines, 1) : unclosed.before),
            .notClosed(written: unclosed.written, atEnd: atEnd))
    }

    /// Both of the front matter's `---` lines typed as bare fences: one slip, made twice, and one
    /// finding at the first (that the second closes the block the first opens, or not, is what a
    /// reader sees). Nil otherwise.
    static func fencedAsCode(_ frontMatter: FrontMatter) -> Diagnostic.FrontMatter? {
        guard let opening = frontMatter.opened, let unclosed = frontMatter.unclosed, let closing = unclosed.written,
            FrontMatter.isBareFence(opening), FrontMatter.isBareFence(closing)
        else { return nil }
        let run = { (text: String) in text.drop { $0 == " " }.prefix { $0 == "`" || $0 == "~" } }
        let (open, close) = (run(opening), run(closing))
        return .fencedAsCode(
            opening: opening, closing: closing, line: unclosed.before,
            closes: open.first == close.first && close.count >= open.count)
    }

    /// The line under the `# ` title (1-based `line`) when it is a run of `=` a setext underline is
    /// written with (at most three spaces before it, blanks after): under a `# ` heading it
    /// underlines nothing, and GitHub shows it as a paragraph. (`---` there is a rule, as meant.)
    /// A title written setext-style (`Yerel Durum` over `===`) is its own underline, no slip.
    static func underline(_ file: SourceFile, under line: Int) -> String? {
        // Cheap first: the line's first byte past its blanks is `=`, the title's is `#`.
        guard line >= 1, line < file.lines.count,
            file.lines[line].text.utf8.first(where: { $0 != 0x20 }) == UInt8(ascii: "="),
            file.lines[line - 1].text.utf8.first(where: { $0 != 0x20 }) == UInt8(ascii: "#")
        else { return nil }
        let text = file.lines[line].text
        let indent = text.utf8.prefix { $0 == 0x20 }.count
        let run = text.utf8.dropFirst(indent).prefix { $0 == UInt8(ascii: "=") }
        guard indent <= 3, text.utf8.dropFirst(indent + run.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        return String(decoding: run, as: UTF8.self)
    }

    /// The finding of a fence typed above the front matter: at it, delete it.
    static func strayFence(_ stray: FrontMatter.StrayFence, path: String, page: String) -> Diagnostic {
        .frontMatter(
            at: SourceLocation(path: path, line: 1),
            .strayFenceAbove(written: stray.written, runsTo: stray.runsTo, page: page, wraps: stray.wraps))
    }

    /// The keys every page of the course gives one value (GitHub shows a page's front matter as a
    /// table, so a reader sees a lesson's own): the lesson that differs is the slip.
    static let sharedKeys = ["license", "language"]

    /// Whether a value is none, which the empty-value finding or none is about: blank, or YAML's
    /// null (`~`, `null`).
    static func saysNothing(_ value: String) -> Bool {
        value.allSatisfy(\.isWhitespace) || ["~", "null", "Null", "NULL"].contains(value)
    }

    /// Whether two values of a shared `key` are one: a language tag in either case.
    static func sameShared(_ key: String, _ a: String, _ b: String) -> Bool {
        let (a, b) = (a.trimmingWhitespaces, b.trimmingWhitespaces)
        return key == "language" ? a.lowercased() == b.lowercased() : a.sameBytes(b)
    }

    /// The course's value of each shared key: the index's, unless every lesson gives another (then
    /// the index is the one finding, and the lessons' value the course's); without an index, the
    /// one more than half of a whole course's lessons give.
    private func sharedValues(
        _ course: CourseFacts, index: CourseFacts.Index?, findings: inout [Diagnostic]
    ) -> [String: (value: String, fromIndex: Bool)] {
        var shared: [String: (value: String, fromIndex: Bool)] = [:]
        for key in Self.sharedKeys {
            let written = course.lessons.compactMap { $0.frontMatter?[key]?.value }
                .filter { !Self.saysNothing($0) }
            if let index, let entry = index.frontMatter?[key], !Self.saysNothing(entry.value) {
                if course.isWholeCourse, course.lessons.count > 1, written.count == course.lessons.count,
                    let first = written.first, written.allSatisfy({ Self.sameShared(key, $0, first) }),
                    !Self.sameShared(key, entry.value, first)
                {
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: index.file.path, line: entry.line),
                            .indexSharedValue(key: key, value: entry.value, lessons: first)))
                    shared[key] = (first, false)
                } else {
                    shared[key] = (entry.value, true)
                }
                continue
            }
            guard course.isWholeCourse,
                let value = written.first(where: { value in
                    2 * written.count { Self.sameShared(key, $0, value) } > written.count
                }), written.count >= 3
            else { continue }
            shared[key] = (value, false)
        }
        return shared
    }

    private func mostCommonCourse(_ course: CourseFacts) -> String? {
        var counts: [String: Int] = [:]
        for lesson in course.lessons {
            if let value = lesson.frontMatter?["course"]?.value { counts[value, default: 0] += 1 }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }
}

extension FrontMatterClaim {
    /// An optional key misspelt (`objektives:` where another lesson writes `objectives:`): a key
    /// no other lesson writes, one edit away from a key other lessons write and this one lacks (or
    /// that key in another case, or with a look-alike letter). No list of optional keys exists, so
    /// the course is the list; of two keys one lesson each writes, the one a claim reads is meant,
    /// and when neither is, nothing tells which is the slip. The first such key, or nil.
    static func optionalKeyMisspelt(_ frontMatter: FrontMatter, writers: [String: [Int]]) -> (
        line: Int, written: String, key: String, lessons: [Int]
    )? {
        // Cheap first: most lessons write only keys other lessons write too.
        let lone = frontMatter.entries.keys.filter { writers[$0]?.count == 1 && !requiredKeys.contains($0) }
        guard !lone.isEmpty else { return nil }
        for written in lone.sorted() {
            guard let entry = frontMatter[written] else { continue }
            let lowered = Array(TriggerDistributionClaim.lowercased(written).unicodeScalars)
            let read = Invisible.reading(written)
            let near = writers.compactMap { key, lessons -> (key: String, distance: Int, lessons: [Int])? in
                guard key != written, frontMatter[key] == nil, !requiredKeys.contains(key),
                    key.unicodeScalars.count >= 4,
                    lessons.count > 1 || FrontMatter.readKeys.contains(key) && !FrontMatter.readKeys.contains(written)
                else { return nil }
                if read != written, read.sameBytes(key) { return (key, 0, lessons) }
                guard let distance = EditDistance.between(lowered, Array(key.unicodeScalars), atMost: 1) else {
                    return nil
                }
                return (key, distance, lessons)
            }
            guard
                let best = near.min(by: {
                    ($0.distance, -$0.lessons.count, $0.key) < ($1.distance, -$1.lessons.count, $1.key)
                })
            else { continue }
            return (entry.line, written, best.key, best.lessons)
        }
        return nil
    }
}
