/// The course's claims about itself: front matter, the index, triggers, the closing table, notes,
/// labels and display fragments.
extension Diagnostic {
    /// ` (it has U+00A0 NO-BREAK SPACE where 'Yerel Durum' has a space)` when `written` first differs
    /// from `expected` by a character a reader cannot tell apart (`Invisible.firstIndistinct`), else
    /// nothing: every message that says two texts differ ends with it, so two words that look the
    /// same are never left unexplained.
    static func unseen(_ written: String, _ expected: String) -> String {
        difference(written, expected).map { " (\($0))" } ?? ""
    }

    /// What sets `written` apart from `expected` where a reader may not spot it: an unseen
    /// character (`unseenDifference`), or letters without their marks (`unmarkedLetter`).
    static func difference(_ written: String, _ expected: String) -> String? {
        addedText(written, expected) ?? unseenDifference(written, expected) ?? unmarkedLetter(written, expected)
    }

    /// `it has '⚠️ ' before it: U+26A0 WARNING SIGN, U+FE0F VARIATION SELECTOR-16 and a space;
    /// delete them` when `written` is `expected` with text beyond ASCII added before or after it (an emoji, a
    /// mark): what was added, by code point, not a letter it stands where; nil otherwise.
    static func addedText(_ written: String, _ expected: String) -> String? {
        added(written, expected).map { "\($0.text); \($0.fix)" }
    }

    /// `addedText` in parts: what was added, its UTF-8 offset in `written`, and the fix.
    private static func added(_ written: String, _ expected: String) -> (text: String, offset: Int, fix: String)? {
        let (has, wanted) = (Array(written.unicodeScalars), Array(expected.unicodeScalars))
        guard !wanted.isEmpty, has.count > wanted.count else { return nil }
        let added: ArraySlice<Unicode.Scalar>
        let side: String
        if has.suffix(wanted.count).elementsEqual(wanted) {
            (added, side) = (has.prefix(has.count - wanted.count), "before")
        } else if has.prefix(wanted.count).elementsEqual(wanted) {
            (added, side) = (has.suffix(has.count - wanted.count), "after")
        } else {
            return nil
        }
        guard added.contains(where: { !$0.isASCII }) else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: added)
        let names = added.map(Invisible.describe)
        return (
            "it has '\(String(text))' \(side) it: \(names.listed())", side == "before" ? 0 : expected.utf8.count,
            "delete \(names.count == 1 ? "it" : "them")"
        )
    }

    /// Turkish's marked letters and the ASCII letter a keyboard without them writes.
    private static let turkishLetterBases: [Unicode.Scalar: UInt8] = [
        "ç": 0x63, "ğ": 0x67, "ı": 0x69, "ö": 0x6F, "ş": 0x73, "ü": 0x75, "â": 0x61, "î": 0x69, "û": 0x75,
        "Ç": 0x43, "Ğ": 0x47, "İ": 0x49, "Ö": 0x4F, "Ş": 0x53, "Ü": 0x55, "Â": 0x41, "Î": 0x49, "Û": 0x55,
    ]

    /// `it has 'o' where 'gözlem' has 'ö'` when `written` is `expected` with letters written without
    /// their marks (`o` for `ö`, `s` for `ş`, `i` for `ı`), as a keyboard without Turkish letters
    /// writes them; nil otherwise. A reader sees the difference, but may not spot it in a word.
    static func unmarkedLetter(_ written: String, _ expected: String) -> String? {
        let (has, wanted) = (Array(written), Array(expected))
        guard has.count == wanted.count else { return nil }
        let differ = has.indices.filter { has[$0] != wanted[$0] }
        guard !differ.isEmpty,
            differ.allSatisfy({ index in
                guard let plain = has[index].asciiValue, wanted[index].unicodeScalars.count == 1 else { return false }
                return turkishLetterBases[wanted[index].unicodeScalars.first!] == plain
            })
        else { return nil }
        let list = { (letters: [Character]) in letters.map { "'\($0)'" }.joined(separator: " and ") }
        return "it has \(list(differ.map { has[$0] })) where '\(expected)' has \(list(differ.map { wanted[$0] }))"
    }

    /// `it has U+0435 CYRILLIC SMALL LETTER IE where 'yerel' has 'e'`, or for a character a reader
    /// cannot see at all (a zero-width space, a soft hyphen) `it has U+200B ZERO WIDTH SPACE after
    /// 'or', which 'ortam' does not have`; nil when `firstIndistinct` finds no such difference.
    static func unseenDifference(_ written: String, _ expected: String) -> String? {
        unseenCharacter(written, expected)?.text
    }

    /// `unseenDifference` in parts: the words, the character's UTF-8 offset in `written`, and the
    /// fix (`delete that character`, `write 'e' in its place`).
    static func unseenCharacter(_ written: String, _ expected: String) -> (text: String, offset: Int, fix: String)? {
        guard let (has, wanted, found) = Invisible.firstIndistinct(written, expected) else { return nil }
        var offset = found
        let (mine, theirs) = (Array(has.unicodeScalars), Array(wanted.unicodeScalars))
        var single = mine.count == 1 ? mine[0] : nil
        // A joiner (U+200D, U+200C) after a letter is one Character with it: named as itself, after the letter.
        if mine.count == theirs.count + 1, mine.starts(with: theirs),
            mine[theirs.count].properties.generalCategory == .format
        {
            offset += String(wanted).utf8.count
            single = mine[theirs.count]
        }
        let before = String(decoding: written.utf8.prefix(offset), as: UTF8.self)
        // One character more than `expected` has (a zero-width one, or a no-break space put in): named where it is.
        if let single, case let rest = written.utf8.dropFirst(offset + UTF8.width(single)),
            single.properties.generalCategory == .format || (Array(before.utf8) + rest).elementsEqual(expected.utf8)
        {
            return (
                "it has \(Invisible.describe(single)) \(before.isEmpty ? "at its start" : "after '\(before)'"), "
                    + "which '\(expected)' does not have", offset, "delete that character"
            )
        }
        return (
            "it has \(Invisible.describe(has)) where '\(expected)' has \(Invisible.describe(wanted))", offset,
            "write \(Invisible.describe(wanted)) in its place"
        )
    }

    /// The character a reader cannot see or tell apart that sets `written` apart from `expected`:
    /// text added before or after it (`addedText`) or a character in it (`unseenCharacter`); the
    /// words, its UTF-8 offset in `written` (where a finding about it is), and the fix. Nil when
    /// the difference is one a reader sees.
    static func unseenSlip(_ written: String, _ expected: String) -> (text: String, offset: Int, fix: String)? {
        added(written, expected) ?? unseenCharacter(written, expected)
    }

    enum FrontMatter {
        case none
        /// The required keys the front matter lacks, in order.
        case lacks([String])
        /// A required key whose value is empty: present, but says nothing.
        case empty(key: String)
        /// The heading differs from the front matter's `title` at `titleLine`.
        case heading(String, title: String, titleLine: Int)
        /// The front matter's `title` differs from the heading at `headingLine`, which the rest of the course uses.
        case title(String, heading: String, headingLine: Int)
        case noHeading
        /// The title is a heading of level `level`, not 1.
        case titleLevel(level: Int, text: String, underline: Int? = nil)
        /// The title line `written` opens with `#` and no space, so it renders as a paragraph.
        case titleNoSpace(written: String, text: String)
        /// The title line's `#`s (`after`) are followed by `space`, which is no space to Markdown.
        case titleOtherSpace(after: String, space: String, text: String)
        /// The title written with printable characters (`leftover`, then `blanks`) before its `marks` (`x# Title`).
        case titleLeftover(leftover: String, blanks: String, marks: String, text: String)
        /// The title line opens with invisible characters (`scalars`) before its `#`s (`marks`),
        /// which CommonMark does not skip, so it renders as a paragraph.
        case titleInvisible(scalars: [Unicode.Scalar], marks: String, text: String)
        /// The title line opens with a container's marker before its `#` (`> # Title`), so the title
        /// renders inside a block quote, a list item or a heading.
        case titleInContainer(Leftover.Container)
        /// The title line is indented `written` (4 columns or more), so it renders as code.
        case titleIndented(written: String, text: String)
        /// `written`, a run of `=` (a setext underline), typed right under the `# ` title: a heading
        /// of its own takes no underline, so the line shows as a paragraph of its own.
        case underlinedTitle(written: String)
        /// A required key written `written`, in another case than `key`.
        case keyCase(written: String, key: String)
        /// A key no other lesson writes (`written`) within two edits of the required `key` the lesson lacks.
        case keyMisspelt(written: String, key: String)
        /// A key no list requires, misspelt: `lessons` are the lessons that write it as meant.
        case optionalKeyMisspelt(written: String, key: String, lessons: [Int])
        /// An index key no lesson writes (`written`) within two edits of a key the index lacks
        /// (`key`: one its claims read, or one the lessons write, `course` aside).
        case indexKeyMisspelt(written: String, key: String)
        /// A required key written `written`, `leftover` left before `key` (`\ttitle`).
        case keyLeftover(written: String, leftover: String, key: String)
        /// A required key behind YAML's comment sign (`# course: …`): a comment, so the key is gone.
        case keyCommented(key: String, marker: Leftover.Container)
        /// The value of `key` is in typographic quotes (`marks`), which YAML keeps: without them it is `inner`.
        case curlyQuoted(key: String, value: String, inner: String, marks: [Unicode.Scalar])
        /// The source URL's last part is not the file's slug: either is the slip, so the fix names
        /// both, the URL with the file's slug (`url`) and the file named after the URL's (`file`).
        /// `indexLine`: the index item that links `file`, which no lesson is; the file's name is
        /// then the slip the two agree on, and the fix says so first.
        case source(slug: String, fileSlug: String, url: String, file: String, indexLine: Int? = nil)
        /// The `source` URL's slug reads as the file's (`fileSlug`) but holds an invisible or
        /// look-alike character (`difference` names it): the URL with the file's slug (`url`) is the fix.
        case sourceUnseen(slug: String, fileSlug: String, difference: String, url: String)
        /// The `course` value is not the course title.
        case course(String, courseTitle: String)
        /// The index's `title` differs from the course every lesson names.
        case indexTitle(String, lessons: String)
        /// A lesson's `key` (`license`, `language`) is `value` where the course's is `expected`: the
        /// index's (`fromIndex`), or the one most lessons give; `others`: the other lessons giving it.
        case sharedValue(key: String, value: String, expected: String, fromIndex: Bool, others: Int)
        /// The index's `key` is `value` where every lesson gives `lessons`.
        case indexSharedValue(key: String, value: String, lessons: String)
        /// The index's `# ` heading differs from its `title` at `titleLine`.
        case indexHeading(String, title: String, titleLine: Int)
        /// The `---` at the top never closes, so a renderer shows it as markdown.
        case unclosed
        /// The first line, `written`, is a near form of `---`, so the front matter never opens.
        case notOpened(String)
        /// A fence (`written`) typed above the opening `---`, whose block runs to line `runsTo`
        /// (nil: the end of the file); `page`: "lesson" or "index"; `wraps`: that block's closing
        /// fence, at `runsTo`, comes right after the front matter, typed with it.
        case strayFenceAbove(written: String, runsTo: Int?, page: String, wraps: Bool)
        /// Both `---` lines typed as fences: `opening` (line 1) and `closing` (at line `line`), which
        /// closes the block the first opens (`closes`) or not.
        case fencedAsCode(opening: String, closing: String, line: Int, closes: Bool)
        /// The front matter stops reading as front matter at this line, and its closing line is
        /// missing (`written` nil; `atEnd`: after the file's last line) or written as `written`.
        case notClosed(written: String?, atEnd: Bool)
        /// `key` given a second time; the value kept is at `keptLine`.
        case duplicate(key: String, keptLine: Int)
        /// A value (of `key`) or a line (`key` nil) that coursecheck cannot read as YAML text.
        case unreadable(key: String?, CourseCheckKit.FrontMatter.Unreadable.Reason)
    }

    static func frontMatter(at location: SourceLocation, _ problem: FrontMatter) -> Diagnostic {
        let message =
            switch problem {
            case .none: "lesson has no front matter (a '---' block at the top)"
            case .lacks(let keys): "front matter lacks \(keys.map { "'\($0)'" }.joined(separator: ", "))"
            case .empty(let key): "front matter '\(key)' is empty; it needs a value"
            case .heading(let heading, let title, let line):
                "heading '\(heading)' differs from the front matter title '\(title)' (line \(line))"
                    + unseen(heading, title)
            case .title(let title, let heading, let line):
                "front matter title '\(title)' differs from the heading '\(heading)' (line \(line)), which the rest of "
                    + "the course uses" + unseen(title, heading)
            case .noHeading: "lesson has no '# ' heading"
            case .titleLevel(let level, let text, let underline):
                "this heading is level \(level) ('\(String(repeating: "#", count: level)) '), but a lesson's title is "
                    + "its '# ' heading, and the lesson has none; write '# \(text)'"
                    + (underline.map { " and delete the '---' underline at line \($0)" } ?? "")
            case .titleOtherSpace(let after, let space, let text):
                "'\(after)' is followed by \(space), not a space, so readers see this line as text and the lesson "
                    + "has no '# ' heading; write '# \(text)'"
            case .titleLeftover(let leftover, let blanks, let marks, let text):
                "this line is the lesson's title, but it opens with \(Leftover.described(leftover)) before its "
                    + "'\(marks)', which Markdown shows as text, so readers see it as text and the lesson has no '# ' "
                    + "heading; " + (marks == "#" ? Leftover.deleting(leftover, blanks) : "write '# \(text)'")
            case .titleInvisible(let scalars, let marks, let text):
                "this line is the lesson's title, but it starts with \(Invisible.named(scalars).names) before its "
                    + "'\(marks)', which CommonMark does not skip, so readers see '\(marks) \(text)' as text and the "
                    + "lesson has no '# ' heading; "
                    + (marks == "#" ? Invisible.named(scalars).fix : "write '# \(text)'")
            case .titleInContainer(let container):
                "this line is the lesson's title, but it opens with '\(container.written)' before its '#', which "
                    + "opens \(container.opens), so readers see the title inside it, not at the top of the lesson; "
                    + container.fix
            case .underlinedTitle(let written):
                "'\(written)' under the '# ' heading underlines nothing: a '# ' heading takes no underline, so "
                    + "readers see '\(written)' as a line of text under the title; delete this line"
            case .titleIndented(let written, let text):
                "this '# ' heading is indented \(written), so readers see it as code and the lesson has no '# ' "
                    + "heading; write '# \(text)' at the start of the line"
            case .titleNoSpace(let written, let text):
                "'\(written)' is no heading: '#' needs a space after it, so readers see this line as text and the "
                    + "lesson has no '# ' heading; write '# \(text)'"
            case .keyLeftover(let written, let leftover, let key):
                "front matter key '\(written)' has '\(leftover)' before '\(key)', which YAML reads as part of the key, "
                    + "so the front matter has no '\(key)'; write '\(key):'"
            case .keyCommented(let key, let marker):
                "'\(marker.written)' before '\(key):' makes the line a YAML comment, so the front matter has no "
                    + "'\(key)'; \(marker.fix)"
            case .indexKeyMisspelt(let written, let key):
                "front matter key '\(written)' is a misspelling of '\(key)' (no lesson writes it), so the index has "
                    + "no '\(key)'; write '\(key):'"
            case .keyMisspelt(let written, let key):
                "front matter key '\(written)' is a misspelling of '\(key)' (no other lesson writes it), so the "
                    + "lesson has no '\(key)'; write '\(key):'"
            case .optionalKeyMisspelt(let written, let key, let lessons):
                "front matter key '\(written)' is a misspelling of '\(key)' ("
                    + (lessons.count == 1
                        ? "lesson \(lessons[0]) writes it"
                        : lessons.count <= 3
                            ? "lessons \(lessons.map(String.init).listed()) write it"
                            : "\(lessons.count) other lessons write it")
                    + "); write '\(key):'"
            case .keyCase(let written, let key):
                "front matter key '\(written)' is not '\(key)' (YAML keys are case-sensitive), so the lesson has no "
                    + "'\(key)'; write '\(key):'"
            case .curlyQuoted(let key, let value, let inner, let marks):
                "front matter \(key) '\(value)' is quoted with \(marks.map(Invisible.describe).joined(separator: " and ")), "
                    + "which YAML keeps as part of the \(key); use straight quotes: \(key): "
                    + (inner.contains("'") ? "\"\(inner)\"" : "'\(inner)'")
            case .source(let slug, let fileSlug, let url, let file, nil):
                "source URL ends in '\(slug)', but the file's slug is '\(fileSlug)'; if the file was renamed, write "
                    + "source: '\(url)'; if its name is the slip, rename it to \(file)"
            case .source(let slug, let fileSlug, let url, let file, let line?):
                "the file's slug is '\(fileSlug)', but its source URL ends in '\(slug)' and the index links \(file) "
                    + "(line \(line)), so the file's name is the slip: rename it to \(file); if it was renamed, "
                    + "write source: '\(url)', link \(location.path.fileName) in the index, and "
                    + "\(command("--update", lessonAt: location.path)) carries its goldens"
            case .sourceUnseen(let slug, let fileSlug, let difference, let url):
                "source URL ends in '\(slug)', not the file's slug '\(fileSlug)': \(difference); "
                    + "write source: '\(url)'"
            case .course(let value, let courseTitle):
                "course '\(value)' differs from the course title '\(courseTitle)'" + unseen(value, courseTitle)
            case .sharedValue(let key, let value, let expected, let fromIndex, let others):
                "the lesson's \(key) '\(value)' differs from the course's, '\(expected)', which "
                    + (fromIndex
                        ? "the index gives" + (others > 0 ? " and \(Plural.count(others, "other lesson")) too" : "")
                        : "\(Plural.count(others, "other lesson")) give")
                    + "; write '\(expected)'" + unseen(value, expected)
            case .indexSharedValue(let key, let value, let lessons):
                "the course's \(key) '\(value)' differs from the one every lesson gives, '\(lessons)'; write "
                    + "'\(lessons)'" + unseen(value, lessons)
            case .indexTitle(let title, let lessons):
                "the course title '\(title)' differs from the course every lesson names, '\(lessons)'"
                    + unseen(title, lessons)
            case .indexHeading(let heading, let title, let line):
                "the index's heading '\(heading)' differs from its title '\(title)' (line \(line))"
                    + unseen(heading, title)
            case .unclosed: "front matter starts with '---' but has no closing '---' line"
            case .strayFenceAbove(let written, let runsTo?, let page, true):
                "'\(written)' here and the fence at line \(runsTo) wrap the front matter in a code block no one "
                    + "meant: readers see no front matter, only its keys as code above the \(page); delete this line "
                    + "and line \(runsTo)"
            case .strayFenceAbove(let written, let runsTo, let page, _):
                "'\(written)' above the front matter's '---' opens a code block where no block was meant: readers "
                    + "see no front matter, and its keys and the \(page) after them as code "
                    + (runsTo.map { "up to line \($0), and every later fence pairs wrongly" }
                        ?? "to the end of the file")
                    + "; delete it"
            case .fencedAsCode(let opening, let closing, let line, let closes):
                "'\(opening)' here and '\(closing)' at line \(line) stand for the front matter's '---' lines, but "
                    + "they are code fences, so readers see no front matter, and its keys "
                    + (closes
                        ? "in a code block"
                        : "and the lesson after them as code ('\(closing)' does not close the block '\(opening)' opens)")
                    + "; write '---' here and at line \(line)"
            case .notOpened(let written)
            where written.hasPrefix("---") && written.dropFirst(3).allSatisfy(\.isWhitespace):
                "the front matter's opening '---' has \(written.count - 3 == 1 ? "a blank" : "\(written.count - 3) blanks") "
                    + "after it, and coursecheck opens front matter only at a line of exactly '---'; write '---'"
            case .notOpened(let written) where CourseCheckKit.FrontMatter.containerBeforeDelimiter(written) != nil:
                containerDelimiter(written, "open")
            case .notOpened(let written) where CourseCheckKit.FrontMatter.leftoverBeforeDelimiter(written) != nil:
                leftoverDelimiter(written, "open")
            case .notOpened(let written) where CourseCheckKit.FrontMatter.isBareFence(written):
                "'\(written)' does not open the front matter but a code block, so readers see its keys and the "
                    + "lesson after them as code; write '---'"
            case .notOpened(let written):
                "'\(Invisible.marked(written))' does not open the front matter, so readers see its keys as text; "
                    + "write '---'"
            case .notClosed(let written?, _) where CourseCheckKit.FrontMatter.containerBeforeDelimiter(written) != nil:
                containerDelimiter(written, "close")
            case .notClosed(let written?, _) where CourseCheckKit.FrontMatter.leftoverBeforeDelimiter(written) != nil:
                leftoverDelimiter(written, "close")
            case .notClosed(let written?, _) where CourseCheckKit.FrontMatter.isBareFence(written):
                "'\(written)' does not close the front matter but opens a code block, so readers see its keys as "
                    + "text and the lesson after it as code; write '---'"
            case .notClosed(let written?, _):
                "'\(Invisible.marked(written))' does not close the front matter, so readers see its keys as text; "
                    + "write '---'"
            case .notClosed(nil, let atEnd):
                "the front matter is not closed, so readers see its keys as text: add '---' "
                    + (atEnd ? "after this line" : "before line \(location.line)")
            case .duplicate(let key, let line):
                "front matter gives '\(key)' twice (also at line \(line)); YAML allows a key once, so remove this line"
            case .unreadable(_, .invisibleBeforeKey(let key, let scalars)):
                "this front matter line starts with \(Invisible.named(scalars).names) before its '\(key):', which "
                    + "YAML reads as part of the key, so the front matter has no '\(key)'; \(Invisible.named(scalars).fix)"
            case .unreadable(_, .invisibleAfterKey(let key, let scalars)):
                "this front matter line has \(Invisible.named(scalars).names) after '\(key)', before its ':', which "
                    + "YAML reads as part of the key, so the front matter has no '\(key)'; \(Invisible.named(scalars).fix)"
            case .unreadable(_, .invisibleBeforeValue(let key, let scalars)):
                "front matter value of '\(key)' opens with \(Invisible.named(scalars).names), which YAML reads as "
                    + "part of the value, not as a space; \(Invisible.named(scalars).fix)"
            case .unreadable(_, .containerBeforeKey(let key, let marker)):
                "this front matter line opens with '\(marker.written)' before its '\(key):', which YAML does not "
                    + "read as the key, so the front matter has no '\(key)'; \(marker.fix)"
            case .unreadable(let key, .commentInItem(let kept)):
                "this item of '\(key ?? "")' is unquoted, and ' #' in it starts a YAML comment, so YAML reads the item "
                    + "as '\(kept)' alone; quote it"
            // A list-valued key (`objectives`) with a flow collection that is no list of texts
            // (nested, a mapping): the block list is the form to write, never one text.
            case .unreadable(let key?, .flowCollection) where CourseCheckKit.FrontMatter.listKeys.contains(key):
                "front matter value of '\(key)' cannot be read as a list of texts: it is a flow collection with a "
                    + "nested list or a mapping in it; write it as a block list, '\(key):' and then one indented "
                    + "'- ' item a line"
            case .unreadable(let key, let reason):
                (key.map { "front matter value of '\($0)' cannot be read as text: " }
                    ?? "front matter line cannot be read: ")
                    + unreadableReason(reason)
            }
        return Diagnostic(.frontMatter, at: location, message)
    }

    /// A front matter's `---` line written with characters left before it (`x---`): they are the
    /// slip, so the fix deletes them rather than writes the line anew.
    private static func leftoverDelimiter(_ written: String, _ verb: String) -> String {
        guard let (leftover, blanks) = CourseCheckKit.FrontMatter.leftoverBeforeDelimiter(written) else { return "" }
        return "'\(written)' does not \(verb) the front matter: it opens with \(Leftover.described(leftover)) "
            + "before its '---', which Markdown shows as text, so readers see its keys as text; "
            + Leftover.deleting(leftover, blanks)
    }

    /// A front matter's `---` line written with a container's marker before it (`> ---`): the
    /// marker is the slip, so the fix deletes it and the blanks after it.
    private static func containerDelimiter(_ written: String, _ verb: String) -> String {
        guard let container = CourseCheckKit.FrontMatter.containerBeforeDelimiter(written) else { return "" }
        return "'\(written)' does not \(verb) the front matter: it opens with '\(container.written)' before its "
            + "'---', which opens \(container.opens), so readers see its keys as text; \(container.fix)"
    }

    private static func unreadableReason(_ reason: CourseCheckKit.FrontMatter.Unreadable.Reason) -> String {
        switch reason {
        case .notAKey: "it is not 'key: value', a '- item' of a list, or a comment"
        case .fenceLine: "it is a code fence, not 'key: value', a '- item' of a list, or a comment; delete this line"
        case .tabIndentation: "a tab indents it, which YAML forbids (GitHub shows an error); indent it with spaces"
        case .flowCollection: "it is a flow collection ([…] or {…}); write the text, quoted if need be"
        case .alias: "it is an alias (*name), which coursecheck does not resolve; write the text"
        case .unterminatedQuote: "its quoted text has no closing quote"
        case .invalidEscape(let character):
            "'\\\(character)' is not an escape YAML has; write '\\\\\(character)' for a backslash, or use single quotes"
        case .controlCharacter(let scalar): "it holds \(Invisible.name(scalar)), which YAML rejects in a value"
        case .sequenceInValue:
            "'- ' starts a list entry, which YAML does not allow after 'key:' on the same line; quote the value"
        case .textAfterQuote(let text):
            "'\(text)' follows the closing quote, which YAML rejects; put it inside the quotes or remove it"
        case .reservedIndicator(let character): "YAML reserves '\(character)' at the start of a plain value; quote it"
        case .blockScalarHeader(let character):
            "'\(character)' starts a block scalar, whose text goes on the indented lines below"
        case .colonInPlainScalar: "': ' inside an unquoted value reads as a nested mapping; quote it"
        case .commentInItem(let kept):
            "' #' inside an unquoted list item starts a YAML comment, so the item reads '\(kept)' alone; quote it"
        case .indentedKey(let key, let indentation, let after):
            "'\(key):' is indented \(indentation), so YAML reads the line as "
                + (after.map { "more of the value of '\($0)'" } ?? "no key of the front matter")
                + " and rejects it; remove the indentation"
        case .noSpaceAfterColon(let key):
            "'\(key):' has no space after its ':', so YAML reads the line as one text, not as '\(key)'; "
                + "add a space after ':'"
        case .invisibleBeforeKey(let key, let scalars):
            "'\(key):' has \(Invisible.named(scalars).names) before it; \(Invisible.named(scalars).fix)"
        case .invisibleAfterColon(let key, let scalars, let spaced):
            "'\(key):' has \(Invisible.named(scalars).names) after its ':', which YAML does not read as a space, "
                + "so it reads the line as one text, not as '\(key)'; "
                + (spaced
                    ? Invisible.named(scalars).fix
                    : scalars.count == 1
                        ? "replace that character with a space" : "replace those characters with a space")
        case .invisibleAfterKey(let key, let scalars):
            "'\(key)' has \(Invisible.named(scalars).names) before its ':'; \(Invisible.named(scalars).fix)"
        case .invisibleBeforeValue(let key, let scalars):
            "the value of '\(key):' opens with \(Invisible.named(scalars).names), which YAML reads as part of "
                + "the value, not as a space; \(Invisible.named(scalars).fix)"
        case .containerBeforeKey(let key, let marker):
            "'\(key):' has '\(marker.written)' before it; \(marker.fix)"
        }
    }

    enum CourseIndex {
        /// `lessons: N` against the lesson files in the directory.
        case count(claimed: String, actual: Int)
        case noCount
        /// `lessons:` with characters a reader cannot see in its number (`2\u{200B}1`), named:
        /// the characters, the visible text before the first, and the number a reader reads.
        case countUnseen(written: String, scalars: [Unicode.Scalar], after: String, read: Int, actual: Int)
        /// An index with no text at all (or blanks alone): it lists none of the `lessons` lesson files.
        case empty(lessons: Int)
        /// `lessons:` with its number `written` in another script's digits (`why`), read as `read`.
        case countDigits(written: String, why: String, read: String, actual: Int)
        /// A file listed again: this item copies the one at `itemLine`, which stands where the
        /// lesson belongs; `parts` names both items' parts when they differ.
        case repeated(file: String, itemLine: Int, parts: (copy: String, item: String)? = nil)
        /// An item in part `listed` whose lesson's notes, series `series`, belong to part `part`.
        case wrongPart(file: String, listed: String, part: String, series: String)
        /// The part heading of `part` splits series `series` with part `above` (or below): the
        /// `lessons` under it hold its notes `first`–`last`, and a series stays in one part.
        /// Written `### `, the heading is a sub-heading inside the part above (`IndexPlacement.continuesPart`).
        case splitSeries(String, above: String, series: String, lessons: ClosedRange<Int>, first: Int, last: Int)
        /// The part heading `name` written without its `## ` (or as a heading of `level`), so its
        /// items read as part `above`'s (nil: the first part, with no part above). `underline`:
        /// the line of its setext underline, deleted by the fix too; `item`: the number of the item
        /// above it, whose text it runs on as (its blank line lost, its `---` underline a rule).
        case lostHeading(String, above: String?, level: Int? = nil, underline: Int? = nil, item: Int? = nil)
        /// A part heading `## name` behind invisible characters (`scalars`), which make it text.
        case invisibleBeforeHeading(String, above: String?, scalars: [Unicode.Scalar])
        /// A part heading `## name` behind printable characters left before it (`x## name`), which
        /// make it text.
        case leftoverBeforeHeading(String, above: String?, leftover: String, blanks: String)
        /// The part heading `name` written with a container's marker before its `##` (`> ## Name`):
        /// it renders inside a block quote or a list item, apart from the index's parts.
        /// `title`: the index's `# ` title, not a part heading.
        case headingInContainer(String, Leftover.Container, title: Bool)
        /// The part heading `name` indented `spaces`, as far as the text of the list item above
        /// (numbered `item`), so it renders inside that item.
        case headingInItem(String, spaces: Int, item: Int?)
        /// The part heading `name` indented as code (`indented`: `4 spaces`, `with a tab`).
        case headingAsCode(String, indented: String)
        /// The part heading `## name` stands inside an HTML comment.
        case headingInComment(String)
        /// A list number (`marker`) longer than CommonMark allows; `number` is the lesson's place.
        case overflow(marker: String, number: Int?)
        /// An item line whose marker, as `written`, opens no list item (`problem` says why).
        case marker(written: String, problem: String, fix: String)
        /// An item line with a container's `marker` left before its number (`>10. [`, `- 10. [`, as
        /// `written`): the block it `opens` holds the item, apart from the list. `fix` deletes it.
        case quotedItem(written: String, marker: String, opens: String, fix: String)
        /// An item line (`marker`) indented (`indented`) under item `item`: that item's text, or,
        /// after the blank line `blankAbove`, a list nested in it. The fix deletes the indentation
        /// (and the blank line, so the index's list stays tight).
        case indentedItem(marker: String, indented: String, item: Int?, nested: Bool, blankAbove: Int?)
        /// An item whose link has a space between `]` and `(` (`written`), so it links nothing.
        case spacedLink(written: String, title: String, file: String)
        /// An item whose link to `file` has no closing `)`, so it links nothing.
        case unclosedLink(title: String, file: String)
        /// An item whose text opens with invisible characters (`names`) between its marker and its
        /// link, as `written`: it renders, but they are typed by no one and hide in the title.
        case invisibleAfterMarker(written: String, names: String, fix: String)
        /// An item written as a reference link (`[Title][label]`) whose label `written` no
        /// definition has, so it links nothing; the index defines `near` (at line `line`), a slip away.
        case unknownLabel(link: String, written: String, near: String, line: Int)
        /// An item written as a reference link whose label `written` no definition has, none a
        /// slip away: the labels defined (with their lines), and the item as meant, `[title](file)`.
        case unlinkedLabel(
            link: String, written: String, defined: [(label: String, line: Int)], title: String?, file: String?)
        /// An item that links `file` and after it `others`, each with the line of its own item, if any.
        case severalLessons(file: String, others: [(file: String, ownLine: Int?)])
        /// This line runs on into the item at `itemLine` (numbered `marker`), which renders as its text.
        case runsOn(itemLine: Int, marker: String)
        /// An item written as a bullet (`-`, `*`, `+`) in the numbered index; `number` is the lesson's place.
        /// `indented`: the line as written up to the item's text (`- [`, `   - [`; `nested`: its
        /// blanks nest it in the item above); the fix writes the number in its place, in one step.
        case bullet(Character, number: Int?, indented: String? = nil, nested: Bool = false)
        /// An item titled `title`, the title of `file`, links `written`: a slip of its link target.
        case wrongTarget(written: String, title: String, file: String)
        case notALesson(file: String, meant: String? = nil)
        /// The item links `file`, a lesson's file with a character a reader cannot see or tell apart
        /// (`Diagnostic.unseenSlip`), which `slip` names.
        case unseenInTarget(file: String, slip: (text: String, offset: Int, fix: String))
        /// The item for `file` is written, but the rendering hides it (`reason`).
        case hidden(file: String, reason: String)
        /// The index's name for a lesson is not its title.
        case title(file: String, listed: String, title: String)
        case outOfOrder(file: String, lesson: Int)
        case unlisted(file: String)
        /// The first listed lesson shows the number `shown` (the list's first), but it is lesson `lesson`.
        case numbered(file: String, shown: Int, lesson: Int)
        /// The list of sources gives `given` for the lesson titled `title`, whose `source` is
        /// `source`; `other` is the lesson `given` is the source of, if any.
        case sourceURL(title: String, given: String, source: String, other: String?)
        /// The list of sources names `file` `listed`; its title is `title`.
        case sourceTitle(file: String, listed: String, title: String)
        /// The list of sources has no item for `file`: `item` is the line to insert, before this
        /// line or `after` it.
        case sourceUnlisted(file: String, item: String, after: Bool)
        /// The list of sources gives the source of `title` again; its item is at `itemLine`.
        case sourceRepeated(title: String, itemLine: Int)
        /// The list's item for `title` stands out of course order (lesson `lesson`): it belongs
        /// before the item at `line`, or `after` it.
        case sourceOutOfOrder(title: String, lesson: Int, line: Int?, after: Bool)
        /// An item of the list of sources that names no lesson by its title or its URL.
        case sourceUnknown(label: String, url: String)
        /// The list's course item gives `given`; the course's address is `address`.
        case courseSource(given: String, address: String)
    }

    static func courseIndex(at location: SourceLocation, _ problem: CourseIndex) -> Diagnostic {
        let message =
            switch problem {
            case .count(let claimed, let actual): "lessons: \(claimed), but the directory holds \(actual) lesson files"
            case .countUnseen(let written, let scalars, let after, let read, let actual):
                "the number of 'lessons: \(written)' has \(Invisible.named(scalars).names) "
                    + (after.isEmpty ? "before it" : "after '\(after)'")
                    + ", which YAML reads as text, not as a number; \(Invisible.named(scalars).fix)"
                    + (read == actual ? "" : ", and the directory holds \(actual) lesson files, not \(read)")
            case .noCount: "the index's front matter has no 'lessons: N'"
            case .empty(let lessons):
                "the index is empty; write its front matter (with 'lessons: \(lessons)'), its title and an item "
                    + "linking each lesson"
            case .countDigits(let written, let why, let read, let actual):
                "the number of 'lessons: \(written)' is \(why), which YAML reads as text, not as a number"
                    + (Int(read) == actual ? "" : ", and the directory holds \(actual) lesson files, not \(read)")
                    + "; write 'lessons: \(actual)'"
            case .repeated(let file, let line, nil):
                "the index lists \(file) again; its item is at line \(line), so remove this copy"
            case .repeated(let file, let line, let parts?):
                "the index lists \(file) again, in part '\(parts.copy)'; its item is at line \(line), in part "
                    + "'\(parts.item)', so remove this copy"
            case .wrongPart(let file, let listed, let part, let series):
                "\(file) is listed in part '\(listed)', but its notes are series \(series), which belongs to part "
                    + "'\(part)'; move its item there"
            case .splitSeries(let name, let above, let series, let lessons, let first, let last):
                "part '\(name)' splits note series \(series) with part '\(above)': "
                    + (lessons.count == 1
                        ? "its lesson \(lessons.lowerBound) holds "
                        : "its lessons \(lessons.lowerBound)–\(lessons.upperBound) hold ")
                    + (first == last ? "\(series)\(first)" : "\(series)\(first)–\(series)\(last)")
                    + ", and a series stays in one part; give \(lessons.count == 1 ? "it a series of its" : "them a series of their") "
                    + "own (a new prefix, numbered 1–\(last - first + 1)), "
                    + "write '### \(name)' to make it a sub-heading inside part '\(above)', "
                    + "or delete this heading"
            case .headingInComment(let name):
                "the part heading '## \(name)' is here, but readers do not see it: it is inside an HTML comment, so "
                    + "the items under it read as the part above's; take it out of the comment"
            case .lostHeading(let name, let above, _, let underline?, let item?):
                "this line stands where a part's '## ' heading does, between two parts' items, but no blank line "
                    + "separates it from item \(item) above it, so readers see '\(name)' as that item's text, its "
                    + "'---' underline as a rule, and the items under it"
                    + (above.map { " in part '\($0)'" } ?? " in no part")
                    + "; write '## \(name)' and delete the '---' underline at line \(underline)"
            case .lostHeading(let name, let above, let level, let underline, _):
                "this line stands where a part's '## ' heading does, "
                    + (above == nil ? "before the first part's items" : "between two parts' items")
                    + (level.map { level in
                        ", but it is a level-\(level) heading, not level 2, so the index's outline of parts "
                            + "leaves '\(name)' out"
                            // A level-1 heading stands beside the title, not in the part above.
                            + (level > 2
                                ? above.map { " and readers see the items under it in part '\($0)'" } ?? "" : "")
                    }
                        ?? ", but it has no '## ', so readers see '\(name)' as text and the items under it"
                        + (above.map { " in part '\($0)'" } ?? " in no part"))
                    + "; write '## \(name)'"
                    + (underline.map { " and delete the '===' underline at line \($0)" } ?? "")
            case .leftoverBeforeHeading(let name, let above, let leftover, let blanks):
                "this line stands where a part's '## ' heading does, but it opens with "
                    + "\(Leftover.described(leftover)) before its '##', which Markdown shows as text, so readers see "
                    + "it as text and the items under it" + (above.map { " in part '\($0)'" } ?? " in no part")
                    + " rather than in part '\(name)'; " + Leftover.deleting(leftover, blanks)
            case .headingInContainer(let name, let container, true):
                "the index's title '\(name)' opens with '\(container.written)' before its '#', which opens "
                    + "\(container.opens), so readers see it inside that, not at the top of the index; \(container.fix)"
            case .headingInContainer(let name, let container, false):
                "the part heading '\(name)' opens with '\(container.written)' before its '##', which opens "
                    + "\(container.opens), so readers see it inside that, not as a heading between the index's parts; "
                    + container.fix
            case .invisibleBeforeHeading(let name, let above, let scalars):
                "this line stands where a part's '## ' heading does, but it starts with "
                    + "\(Invisible.named(scalars).names) before its '##', which CommonMark does not skip, so readers "
                    + "see '## \(name)' as text and the items under it"
                    + (above.map { " in part '\($0)'" } ?? " in no part") + "; \(Invisible.named(scalars).fix)"
            case .headingAsCode(let name, let indented):
                "the part heading '## \(name)' is indented \(indented), so GitHub shows it as a line of code, not as "
                    + "a part of the index; remove the indentation"
            case .headingInItem(let name, let spaces, let item):
                "the part heading '## \(name)' is indented \(Plural.count(spaces, "space")), so GitHub shows it inside the list item "
                    + "above it\(item.map { " (item \($0))" } ?? ""), not as a part of the index, and spaces out "
                    + "that list's items; remove the indentation"
            case .overflow(let marker, let number):
                "'\(marker)' cannot open a list item (CommonMark allows at most nine digits), so readers see this "
                    + "line as plain text, not as an item of the index; write "
                    + (number.map { "'\($0)\(marker.suffix(1))'" } ?? "a number of at most nine digits")
            case .runsOn(let line, let marker):
                "no blank line separates this line from the index item at line \(line), so that item and the ones "
                    + "after it render as paragraph text, not as a list (a list that starts at \(marker.dropLast()) "
                    + "cannot interrupt a paragraph); add a blank line after this line"
            case .marker(let written, let problem, let fix):
                "'\(written)' opens no list item: \(problem), so readers see this line as text, not as an item of "
                    + "the index; write '\(fix)'"
            case .quotedItem(let written, let marker, let opens, let fix):
                "'\(written)': the '\(marker)' before its number opens \(opens), so readers see this item "
                    + (opens == "a block quote" ? "quoted" : opens == "a heading" ? "as a heading" : "inside it")
                    + ", apart from the index's list; \(fix)"
            case .indentedItem(let marker, let indented, let item, false, _):
                "'\(marker)' is indented \(indented), under \(item.map { "item \($0)" } ?? "the item above"), so readers "
                    + "see this line as that item's text, not as an item of the index; delete the indentation before "
                    + "'\(marker)'"
            case .indentedItem(let marker, let indented, let item, true, let blank):
                "'\(marker)' is indented \(indented), so readers see this item in a list of its own nested in "
                    + "\(item.map { "item \($0)" } ?? "the item above"), apart from the index's list; delete the "
                    + "indentation before '\(marker)'\(blank.map { " and the blank line above it (line \($0))" } ?? "")"
            case .spacedLink(let written, let title, let file):
                "'\(written)': the space between ']' and '(' makes this no link, so readers see '[\(title)]' and "
                    + "'(\(file))' as text; write [\(title)](\(file))"
            case .invisibleAfterMarker(let written, let names, let fix):
                "'\(written)': the item's text opens with \(names) before its link, which readers cannot see for "
                    + "what it is; \(fix)"
            case .unclosedLink(let title, let file):
                "this link has no closing ')', so readers see '[\(title)](\(file)' as text, not as an item of the "
                    + "index; write [\(title)](\(file))"
            case .unknownLabel(let link, let written, let near, let line):
                "no link reference definition has the label '\(written)', so readers see '\(link)' as text, not as "
                    + "an item of the index; the index defines '\(near)'\(line > 0 ? " at line \(line)" : ""): write [\(near)] for [\(written)]"
            case .unlinkedLabel(let link, let written, let defined, let title, let file):
                "no link reference definition has the label '\(written)', so readers see '\(link)' as text, not as "
                    + "an item of the index; "
                    + (defined.isEmpty
                        ? "the index defines no label"
                        : "no label the index defines is near it (it defines "
                            + defined.map { "'\($0.label)' at line \($0.line)" }.listed() + ")")
                    + ": write "
                    + (file.map { "[\(title ?? "")](\($0))" } ?? "a link to the lesson's file, [Title](file.md),")
                    + " for \(link)"
            case .severalLessons(let file, let others):
                "this item links \(file) and also "
                    + others.map { other in
                        other.ownLine.map { "\(other.file) (its own item is at line \($0))" } ?? other.file
                    }
                    .joined(separator: " and ")
                    + "; an item links one lesson, so "
                    + (others.allSatisfy { $0.ownLine != nil }
                        ? "remove the second link" : "give each lesson after the first an item of its own")
            case .bullet(let bullet, let number?, let indented?, let nested):
                "'\(bullet)' makes this item a bullet"
                    + (nested ? ", and the blanks before it nest it in the item above," : ",")
                    + " which breaks the index's numbered list (readers see it unnumbered, "
                    + (nested ? "inside that item" : "between two lists") + "); write "
                    + "'\(number). \(indented.last.map(String.init) ?? "")' in place of '\(indented)'"
            case .bullet(let bullet, let number, _, _):
                "'\(bullet)' makes this item a bullet, which breaks the index's numbered list (readers see it "
                    + "unnumbered, between two lists); write " + (number.map { "'\($0).'" } ?? "its number")
            case .wrongTarget(let written, let title, let file):
                "this item links \(written), but its title '\(title)' is the title of \(file), which no other item "
                    + "lists under its title; link \(file)"
            case .notALesson(let file, let meant):
                "the index links \(file), which is not a lesson file" + (meant.map { "; did you mean \($0)?" } ?? "")
            case .unseenInTarget(let file, let slip):
                "the index links \(file), which is not a lesson file: \(slip.text); \(slip.fix)"
            case .hidden(let file, let reason): "the index lists \(file) here, but readers do not see it: \(reason)"
            case .title(let file, let listed, let title):
                "the index calls \(file) '\(listed)'; its title is '\(title)'" + unseen(listed, title)
            case .outOfOrder(let file, let lesson): "\(file) is listed out of course order; it is lesson \(lesson)"
            case .unlisted(let file): "the index does not list \(file); add an item that links it"
            case .numbered(let file, let shown, let lesson):
                "readers see \(file) numbered \(shown) (an ordered list counts from its first item's number); "
                    + "it is lesson \(lesson)"
            case .sourceURL(let title, let given, let source, let other):
                "the source of '\(title)' is <\(source)>; this item gives <\(given)>"
                    + (other.map { ", the source of '\($0)'" } ?? "") + "; write '\(source)' in place of '\(given)'"
            case .sourceTitle(let file, let listed, let title):
                "the list of sources calls \(file) '\(listed)'; its title is '\(title)'" + unseen(listed, title)
                    + "; write '\(title)' in place of '\(listed)'"
            case .sourceUnlisted(let file, let item, let after):
                "the list of sources does not give the source of \(file); insert a line '\(item)' "
                    + (after ? "after" : "before") + " this one"
            case .sourceRepeated(let title, let line):
                "the list of sources gives the source of '\(title)' again (its item is at line \(line)); delete this line"
            case .sourceOutOfOrder(let title, let lesson, let line, let after):
                "the list of sources gives '\(title)' out of course order; it is lesson \(lesson)"
                    + (line.map { "; move this line \(after ? "after" : "before") line \($0)" } ?? "")
            case .sourceUnknown(let label, let url):
                "the list of sources gives '\(label): <\(url)>', but no lesson has that title or source; "
                    + "delete this line"
            case .courseSource(let given, let address):
                "the course's address is <\(address)>, the folder of the lessons' sources; this item gives "
                    + "<\(given)>; write '\(address)' in place of '\(given)'"
            }
        return Diagnostic(.courseIndex, at: location, message)
    }

    enum DeclaredTrigger: Equatable {
        /// The lesson has no trigger bullet.
        case none
        /// The bullet is there, but its value (`written`, as rendered) is not in bold.
        case notBold(written: String)
        /// The bullet's value, `written`, is wrapped in what shows it otherwise (`why`: struck through, an
        /// image, code, a comment, asterisks typed as entities); `trigger` is the one it names, if any.
        case wrapped(written: String, why: String, trigger: String?)
        /// No tree of the lesson recomputes a view with the declared cause; `shown` are the causes its trees show.
        case notShown(declared: String, printed: String, shown: [String])
        case noCounts
        /// The declared distribution against the first tree's counts; `later`: the line of a later
        /// tree that counts the declared distribution, when there is one, and `first` the first tree's.
        case distribution(declared: [Int], counted: [Int], later: Int? = nil, first: Int = 0)
        case unknown(String)
        /// The value reads as `trigger` but has the look-alike `has` where it has `wanted`, `offset`
        /// UTF-8 bytes into the value.
        case lookAlike(String, trigger: String, has: Character, wanted: Character, offset: Int)
        /// The bold names `trigger` and a distribution (`**yerel (1/0/0/0)**`).
        case triggerAndDistribution(String, trigger: String)
        /// The bold reads as a distribution, but is none as written (`reason`: a look-alike slash, three counts).
        case malformedDistribution(String, reason: String)
        /// A distribution with a count in another script's digits or number forms (`why`: the first), `fixed` in ASCII ones.
        case distributionDigits(String, why: String, fixed: String)
        /// The value is a trigger with punctuation or spaces inside the bold (`**ortam.**`).
        case punctuated(String, trigger: String)
        /// The bullet stands inside an HTML comment, so readers do not see it.
        case inComment
        /// A line opens with the lead, but renders as no bullet of its own (`reason`).
        case notABullet(reason: String)
        /// The bullet states a second trigger, `second`, after `first`.
        case twoTriggers(first: String, second: String)
        /// A bullet opens with `written`, a slip away from the lead `Bu dersin tetiği:`.
        case misspeltLead(written: String)
        /// `written` (`===`, `---`) typed right under the trigger bullet at line `bullet`: a setext
        /// underline that makes the bullet a heading (`heading`), or text at the bullet's end.
        case underline(String, bullet: Int, heading: Bool)
        /// The trigger bullet's line opens with printable characters (`leftover`, then `blanks`)
        /// before its `marker` (`1- Bu`).
        case leftoverBeforeMarker(leftover: String, blanks: String, marker: Character)
        /// The trigger bullet's line opens with a container's marker before its own `marker` (`> - Bu`).
        case containerBeforeMarker(Leftover.Container, marker: Character)
        /// The heading of the trigger bullet's section (`## Özet`) opens with a container's marker (`> ## Özet`).
        case containerBeforeSection(Leftover.Container, heading: String)
        /// The trigger bullet's line opens with invisible characters (`scalars`) before its `marker`.
        case invisibleBeforeMarker(scalars: [Unicode.Scalar], marker: Character)
        /// A second trigger bullet declares `value` where the first, at `firstLine`, declares `first`.
        case contradicts(String, first: String, firstLine: Int)
        /// A second trigger bullet declares `value` again, as the first at `firstLine` does.
        case repeated(String, firstLine: Int)
        /// The closing table's row (at `row`) gives `table`, and the distribution sentence counts it so.
        case outvoted(declared: String, table: String, row: SourceLocation)
        /// The intro's bold names `written` where the sound bullet at `bulletLine` declares what the
        /// intro writes `naming`; `trees`: the lesson's trees show it too (its first tree counts a
        /// `distribution`).
        case intro(written: String, naming: String, bulletLine: Int, distribution: Bool, trees: Bool)
        /// The intro's bold names `written` where the closing table's row (at `row`) gives `table`,
        /// which outvotes the lesson's bullet.
        case introOutvoted(written: String, table: String, row: SourceLocation)
        /// The bold names no trigger, and the distribution `counts` stands right after it, outside.
        case distributionAfterBold(String, counts: String)
    }

    static func declaredTrigger(at location: SourceLocation, _ problem: DeclaredTrigger) -> Diagnostic {
        func slashed(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: "/") }
        let message =
            switch problem {
            case .none: "lesson has no 'Bu dersin tetiği: **…**' bullet, which the other lessons have"
            case .notBold(let written):
                "the 'Bu dersin tetiği:' bullet is here, but its trigger is not in bold ('\(written)'), so it cannot be "
                    + "read; write it as "
                    + (Triggers.named(in: written).map { "'Bu dersin tetiği: **\($0)**'" }
                        ?? "**yerel**, **ebeveyn**, **gözlem** or **ortam**")
                    + named(inside: written)
            case .wrapped(let written, let why, let trigger):
                "the 'Bu dersin tetiği:' bullet is here, but its trigger '\(written)' is \(why), so it cannot be "
                    + "read; "
                    + (trigger.map { "write '**\($0)**' in place of '\(written)'" }
                        ?? "write **yerel**, **ebeveyn**, **gözlem** or **ortam** in its place")
            case .notShown(let declared, let printed, let shown):
                "declares the trigger '\(declared)', but no tree of this lesson recomputes a view with cause '\(printed)' "
                    + "(its trees show: \(shown.isEmpty ? "none" : shown.joined(separator: ", ")))"
            case .noCounts: "declares a distribution, but the first tree prints no countCauses lines"
            case .distribution(let declared, let counted, nil, _):
                "declares the distribution \(slashed(declared)), but the first tree counts \(slashed(counted))"
            case .distribution(let declared, let counted, let later?, let first):
                "declares the distribution \(slashed(declared)), but the first tree counts \(slashed(counted)); the "
                    + "tree at line \(later) counts \(slashed(declared)), and the distribution is read from the lesson's "
                    + "first tree: move the tree at line \(later) before the one at line \(first)"
            case .unknown(let value):
                "unknown trigger '\(value)'"
                    + (Triggers.near(value).map {
                        "; did you mean '\($0)'?" + (difference(value, $0).map { " \($0)" } ?? "")
                    } ?? "; expected yerel, ebeveyn, gözlem or ortam, or a distribution (a/b/c/d)")
            case .lookAlike(let value, let trigger, let has, let wanted, _):
                "unknown trigger '\(value)': "
                    + (unseenDifference(value, trigger)
                        ?? "it has \(Invisible.describe(has)) where '\(trigger)' has \(Invisible.describe(wanted))")
            case .triggerAndDistribution(let value, let trigger):
                "the bold '\(value)' names the trigger '\(trigger)' and a distribution; a lesson declares one of the "
                    + "two, so write **\(trigger)**, or the distribution alone"
            case .distributionDigits(let value, let why, let fixed):
                "'\(value)' reads as a distribution, but a count is \(why), which no count of the course is read "
                    + "in; write **\(fixed)**"
            case .malformedDistribution(let value, let reason):
                "'\(value)' reads as a distribution, but \(reason); write it as (a/b/c/d), the counts of yerel, "
                    + "ebeveyn, gözlem and ortam"
            case .punctuated(let value, let trigger):
                "unknown trigger '\(value)': the bold holds more than the trigger; write **\(trigger)** and leave the "
                    + "rest outside the asterisks"
            case .inComment:
                "the 'Bu dersin tetiği:' bullet is here, but readers do not see it: it is inside an HTML comment; take "
                    + "it out of the comment"
            case .notABullet(let reason):
                "the 'Bu dersin tetiği:' line is here, but \(reason), so it is not the lesson's trigger bullet; write it "
                    + "as a bullet of its own, '- Bu dersin tetiği: **…**', after a blank line or another bullet"
            case .twoTriggers(let first, let second):
                "the trigger bullet states two triggers, '\(first)' and '\(second)'; a lesson declares one, so keep "
                    + "the one its trees show"
            case .underline(let written, let bullet, let heading):
                "this '\(written)' right under the trigger bullet (line \(bullet)) "
                    + (heading
                        ? "underlines it as a heading, so it does not read as the lesson's trigger bullet"
                        : "cannot underline a list item's text, so readers see it as text at the bullet's end")
                    + "; delete this line"
            case .misspeltLead(let written):
                "this bullet opens '\(written)', not 'Bu dersin tetiği:', so it does not read as the lesson's trigger "
                    + "bullet; write 'Bu dersin tetiği:'" + unseen(written, Triggers.bulletLead)
            case .leftoverBeforeMarker(let leftover, let blanks, let marker):
                "the 'Bu dersin tetiği:' bullet is here, but it opens with \(Leftover.described(leftover)) before its "
                    + "'\(marker)', which Markdown shows as text, so the line renders as text, not as the lesson's "
                    + "trigger bullet; \(Leftover.deleting(leftover, blanks))"
            case .containerBeforeMarker(let container, let marker):
                "the 'Bu dersin tetiği:' bullet opens with '\(container.written)' before its '\(marker)', which opens "
                    + "\(container.opens), so readers see the bullet inside it, apart from the list it belongs to; "
                    + container.fix
            case .containerBeforeSection(let container, let heading):
                "the heading '\(heading)' of the 'Bu dersin tetiği:' bullet's section opens with '\(container.written)' "
                    + "before its '#', which opens \(container.opens), so readers see the heading inside it, apart "
                    + "from the section it heads; \(container.fix)"
            case .invisibleBeforeMarker(let scalars, let marker):
                "the 'Bu dersin tetiği:' bullet is here, but it starts with \(Invisible.named(scalars).names) before "
                    + "its '\(marker)', which CommonMark does not skip, so the line renders as text, not as the "
                    + "lesson's trigger bullet; \(Invisible.named(scalars).fix)"
            case .contradicts(let value, let first, let line):
                "declares the trigger '\(value)', but this lesson already declares '\(first)' (line \(line)); keep one declaration"
            case .repeated(let value, let line):
                "declares the trigger '\(value)' again, as the bullet at line \(line) does, so readers see the bullet "
                    + "twice (a lesson declares its trigger once); delete the line"
            case .outvoted(let declared, let table, let row):
                "declares the trigger '\(declared)', but the closing table (\(row.path):\(row.line)) gives '\(table)' and "
                    + "the distribution sentence counts it so; one of the three is a slip, most likely this one"
            case .intro(let written, let naming, let line, let distribution, let trees):
                introMessage(written, naming: naming, bulletLine: line, distribution: distribution, trees: trees)
            case .distributionAfterBold(let value, let counts):
                "unknown trigger '\(value)': its distribution \(counts) stands after the bold, so the bold reads as "
                    + "no trigger; move it inside, **\(value) \(counts)**"
            case .introOutvoted(let written, let table, let row):
                "the intro names '\(written)', but the closing table (\(row.path):\(row.line)) gives '\(table)' and the "
                    + "distribution sentence counts it so; write **\(table)**" + unseen(written, table)
            }
        return Diagnostic(.declaredTrigger, at: location, message)
    }

    /// The intro's bold against the bullet's trigger: a character a reader cannot tell apart (or a
    /// letter without its mark) named; a misspelt trigger "did you mean"; another trigger the fix.
    private static func introMessage(
        _ written: String, naming: String, bulletLine: Int, distribution: Bool, trees: Bool
    ) -> String {
        let declares = distribution ? "declares a distribution" : "'s trigger is '\(naming)'"
        let backing = distribution ? " and its first tree's counts" : " and its trees"
        let why = "the bullet at line \(bulletLine)" + (trees ? backing : "")
        if let difference = difference(written, naming) {
            return "the intro names '\(written)', not '\(naming)', which the lesson declares (\(why)): \(difference)"
        }
        if Triggers.names.allSatisfy({ !$0.declared.sameBytes(written) }),
            Suggestion.closest(to: written, among: [naming]) != nil
        {
            return "the intro names '\(written)', which is no trigger; did you mean '\(naming)', which the lesson "
                + "declares (\(why))?"
        }
        return "the intro names '\(written)', but the lesson\(distribution ? " " : "")\(declares) (\(why)); "
            + "write **\(naming)**"
    }

    /// Which line of the closing table.
    enum TableLine {
        case header, delimiter
        /// Row `n`, 1-based.
        case row(Int)
    }

    enum ClosingTable {
        /// Row `row` (1-based) gives `given` as the trigger of the lesson at `path`, which declares
        /// `declared` (in the table's form); `writes`: the bullet's own words for a distribution
        /// (`dördünün de dağılımı (2/2/2/2)`, which the table writes `dördü (2/2/2/2)`).
        case trigger(row: Int, given: String, path: String, declared: String, writes: String? = nil)
        /// Row `row` names `named` where lesson `lesson` (1-based) is `title`.
        case title(row: Int, named: String, lesson: Int, title: String)
        /// Row `row` gives its trigger as `written`, wrapped in what shows it otherwise (`why`); the
        /// lesson at `path` declares `declared`.
        case wrappedTrigger(row: Int, written: String, why: String, path: String, declared: String)
        case missingRow(title: String, lesson: Int)
        case notALesson(row: Int, named: String)
        /// A line with no pipe typed right under the last row (its blank line lost), which GitHub
        /// takes in as a row: `underline` when it is a `===` run, which goes, else text that needs
        /// the blank line back.
        case gluedUnder(underline: Bool)
        /// Row `row` names `named` again, a lesson another row already gives.
        case repeated(row: Int, named: String)
        /// The closing table's header is on the page, but GitHub renders no table (`reason`).
        case notRendered(String, fix: String?)
        /// The delimiter row under the header is there but slipped (`reason`): no table renders;
        /// `row` is the delimiter row the header needs.
        case slippedDelimiter(String, row: String)
        /// The delimiter row below the header is indented as code (`written`: `4 spaces`), so
        /// GitHub renders no table.
        case indentedDelimiter(written: String)
        /// The table's rows start here with no header row above them (`delimiter`: they start with
        /// the delimiter row; else it is lost too); `cells` columns, `ders` and `tetik` 1-based.
        case noHeader(cells: Int, ders: Int?, tetik: Int?, delimiter: Bool)
        /// A blank line ends the table here; the `rows` rows after it render as a paragraph.
        case brokenAt(rows: Int)
        /// A closed HTML comment ends the table here; the `rows` rows after it render as a paragraph.
        /// `hides`: the first cells of the rows between its `<!--` (line `open`) and its `-->` (line
        /// `close`), which readers do not see.
        case comment(rows: Int, hides: [String] = [], open: Int = 0, close: Int = 0)
        /// A line of raw HTML (a tag of kind 6, `<div>`, `<hr>`, `<p>`) ends the table here, and the
        /// HTML block it opens takes the `rows` rows after it as raw text.
        case htmlLine(rows: Int)
        /// The header row indented as code (`written`); `through`: the table lines after it indented
        /// with it, so the code block runs from line `first` to `last`, and `rest` when table lines
        /// follow it that GitHub shows as a paragraph of pipes. Nil: the header alone is code.
        case indentedHeader(written: String, through: (first: Int, last: Int, rest: Bool)?)
        /// A table line that begins with invisible characters (`scalars`) before its first pipe.
        case invisibleLead(line: TableLine, scalars: [Unicode.Scalar])
        /// A line (a row, the header or the delimiter row) opens with printable characters
        /// (`leftover`, then `blanks`) before its first `|`, which GitHub reads as a cell of its
        /// own, or which end in a backslash that escapes it.
        case leftoverLead(line: TableLine, leftover: String, blanks: String, escapes: Bool)
        /// This row is indented as code (`written`), which ends the table; `rowsAfter` rows follow.
        case indentedRow(written: String, rowsAfter: Int)
        /// A line (a row, the header or the delimiter row) opens with a container's marker (`> `,
        /// `- `, `# `): a row's ends the table there, `rowsAfter` rows following it as lazy lines
        /// of the block it opens; the header's or the delimiter row's leaves no table.
        case containerLead(line: TableLine, Leftover.Container, rowsAfter: Int)
        case outOfOrder(row: Int, named: String, lesson: Int)
        /// The header names a column `given`, a slip away from `name`.
        case header(given: String, name: String)
        /// The header's cell `column` (1-based) is empty, so GitHub shows that column untitled;
        /// `name`: the column's name when known (`Ders`, `Tetik`), and `row` the header row with it.
        case blankHeader(column: Int, name: String?, row: String?)
        /// The header row has `cells` cells where the delimiter row under it has `delimiter`, so
        /// GitHub renders no table; `name`: the cell it lost, when known (`Ders`, `Tetik`), and
        /// `row` the header row with it written back.
        case headerCells(cells: Int, delimiter: Int, name: String?, row: String?)
        /// Row `row` has `cells` cells where the header has `header`: a `|` typed inside a cell
        /// (more; GitHub drops the text past the header's cells) or lost between two (fewer).
        case cellCount(row: Int, cells: Int, header: Int)
        /// A row a cell short because a backslash (`backslashes`, as written) right before the pipe
        /// after its cell `cell` escapes it: that cell and the next run together.
        case escapedPipe(row: Int, backslashes: String, cell: Int)
        /// Row `row` shows nothing in its `column` cell: `holds` names what its source holds there
        /// (`'&nbsp;'`, a comment, an empty code span, a no-break space by code point; nil for
        /// blanks alone); `meant`, when known, is the text the cell needs.
        case emptyCell(row: Int, column: String, holds: String?, meant: String?)
        /// Row `row` ends before its cells of the columns `columns`, which GitHub shows empty;
        /// `meant`: the text the first of them needs, when known.
        case lostCells(row: Int, columns: [String], meant: String?)
        /// Row `row` shows nothing in any cell; `meant`: the title of the lesson whose row is due
        /// there, nil when the table has a row too many.
        case emptyRow(row: Int, meant: String?)
    }

    /// `with 'Ders' in column 1 and 'Tetik' in column 3`, or `naming 'Ders' and 'Tetik'` when
    /// their columns are not known.
    private static func named(columns: [(name: String, column: Int?)]) -> String {
        let placed = columns.compactMap { name, column in column.map { "'\(name)' in column \($0)" } }
        return placed.count == columns.count
            ? "with " + placed.joined(separator: " and ")
            : "naming " + columns.map { "'\($0.name)'" }.joined(separator: " and ")
    }

    /// `its 3 rows after it render`, or `the row after it renders`.
    private static func rowsAfter(_ rows: Int, _ determiner: String = "its") -> String {
        rows == 1 ? "the row after it renders" : "\(determiner) \(rows) rows after it render"
    }

    /// `the closing table's header row`, `row 3`.
    private static func leadSubject(_ line: TableLine) -> String {
        switch line {
        case .header: "the closing table's header row"
        case .delimiter: "the closing table's delimiter row"
        case .row(let row): "row \(row)"
        }
    }

    /// What a cell of its own before a closing-table line's first pipe does to the table.
    private static func leadEffect(_ line: TableLine) -> String {
        switch line {
        case .header:
            "so it has one cell more than its delimiter row and GitHub shows the table as a paragraph of pipes"
        case .delimiter: "so it is no delimiter row and GitHub shows the table as a paragraph of pipes"
        case .row: "so every cell of the row shows one column right of its column"
        }
    }

    /// A closing-table line that begins with `scalars`, which GitHub reads as a cell of its own.
    private static func invisibleLead(_ line: TableLine, _ scalars: [Unicode.Scalar]) -> String {
        let (subject, effect) = (leadSubject(line), leadEffect(line))
        return "\(subject) begins with \(scalars.map(Invisible.describe).joined(separator: " and ")) before its first "
            + "'|', which GitHub reads as a cell of its own, \(effect); delete "
            + (scalars.count == 1 ? "that character" : "those characters")
    }

    static func closingTable(at location: SourceLocation, _ problem: ClosingTable) -> Diagnostic {
        let message =
            switch problem {
            case .trigger(let row, let given, let path, let declared, let writes?):
                "row \(row) gives the trigger '\(given)'; \(path) declares the distribution '\(writes)', which the "
                    + "table writes '\(declared)'" + unseen(given, declared)
            case .trigger(let row, let given, let path, let declared, nil):
                "row \(row) gives the trigger '\(given)'; \(path) declares '\(declared)'" + unseen(given, declared)
            case .wrappedTrigger(let row, let written, let why, let path, let declared):
                "row \(row) gives the trigger '\(written)', which is \(why), so it cannot be read (\(path) declares "
                    + "'\(declared)'); write '\(declared)' in place of '\(written)'"
            case .title(let row, let named, let lesson, let title):
                "row \(row) names '\(named)'; lesson \(lesson) is '\(title)'" + unseen(named, title)
            case .cellCount(let row, let cells, let header) where cells > header:
                "row \(row) has \(cells) cells but the header has \(header), and GitHub drops the text past cell "
                    + "\(header): a '|' inside a cell splits it; delete that '|' (or write it '\\|' to show it)"
            case .escapedPipe(let row, let backslashes, let cell):
                "'\(backslashes)|' is an escaped pipe"
                    + (backslashes.count > 1
                        ? " to GitHub (a backslash right before a '|' escapes it, whatever comes before the backslash)"
                        : "")
                    + ", so cells \(cell) and \(cell + 1) of row \(row) run together and GitHub shows its last cell "
                    + "empty; delete the '\(backslashes)'"
            case .emptyCell(let row, let column, let holds, let meant):
                // A column whose header is empty too (that header its own finding) is named as untitled.
                (column.isEmpty ? "row \(row) shows nothing in the untitled column" : "row \(row) has no '\(column)'")
                    + ": its cell "
                    + (holds.map { "holds only \($0), which readers do not see" } ?? "is empty")
                    + "; write " + (meant.map { "'\($0)' in it" } ?? "it")
            case .lostCells(let row, let columns, let meant):
                "row \(row) has no " + columns.map { "'\($0)'" }.joined(separator: " and no ")
                    + ": the row ends before " + (columns.count == 1 ? "its cell" : "their cells")
                    + ", so GitHub shows " + (columns.count == 1 ? "it" : "them") + " empty; write "
                    + (columns.count == 1 ? (meant.map { "'\($0)'" } ?? "it") : "them") + " at the row's end"
            case .emptyRow(let row, let meant):
                "row \(row) shows nothing in any cell, so GitHub shows an empty row; "
                    + (meant.map { "write the row of '\($0)' in it" } ?? "delete it")
            case .cellCount(let row, let cells, let header):
                "row \(row) has \(cells) cells but the header has \(header), and GitHub shows its last "
                    + (header - cells == 1 ? "cell" : "\(header - cells) cells")
                    + " empty: a '|' between two cells is missing; write it back"
            case .slippedDelimiter(let reason, let row):
                "the closing table's delimiter row is here, but GitHub does not read it as one, so it renders no "
                    + "table: \(reason); write '\(row)'"
            case .notRendered(let reason, let fix):
                "the closing table's header row is here, but GitHub does not render it as a table: \(reason)"
                    + (fix.map { "; \($0)" } ?? "")
            case .noHeader(let cells, let ders, let tetik, let delimiter):
                (delimiter
                    ? "the closing table's delimiter row is here, but no header row is above it"
                    : "the closing table's rows start here, but no header row and no delimiter row are above them")
                    + ", so GitHub shows the table as a paragraph of pipes; insert a header row of \(cells) cells "
                    + named(columns: [("Ders", ders), ("Tetik", tetik)])
                    + (delimiter ? "" : " and the delimiter row '\(ClosingTableClaim.delimiterRow(cells))'")
                    + " before this line"
            case .brokenAt(let rows):
                "this blank line ends the closing table, so \(rowsAfter(rows)) as a paragraph of pipes, not as rows; "
                    + "remove the blank line"
            case .comment(let rows, let hides, let open, let close) where !hides.isEmpty:
                "this HTML comment hides the row" + (hides.count == 1 ? "" : "s") + " for "
                    + hides.map { "'\($0)'" }.joined(separator: ", ") + " (line"
                    + (close - open == 2 ? " \(open + 1)" : "s \(open + 1)–\(close - 1)")
                    + ") and ends the closing table, so \(rowsAfter(rows)) as a paragraph of pipes, not as rows; "
                    + "delete its '<!--' (line \(open)) and its '-->' (line \(close)), so the "
                    + (hides.count == 1 ? "row shows" : "rows show") + " in the table again"
            case .htmlLine(let rows):
                "this line of HTML ends the closing table, and the HTML block it opens to the next blank line takes "
                    + (rows == 1 ? "the row after it" : "the \(rows) rows after it")
                    + " as raw text, not as rows; delete it (or move it above the table)"
            case .comment(let rows, _, _, _):
                "this HTML comment ends the closing table, so \(rowsAfter(rows)) as a paragraph of pipes, not as rows; "
                    + "move the comment out of the table"
            case .indentedRow(let written, let rowsAfter):
                "this row is indented \(written), so GitHub shows it as code and ends the closing table there"
                    + (rowsAfter > 0 ? " (\(Self.rowsAfter(rowsAfter, "the")) as a paragraph of pipes)" : "")
                    + "; unindent it"
            case .containerLead(.row, let container, let rows):
                "this row opens with '\(container.written)' before its first '|', which opens \(container.opens), so "
                    + "GitHub ends the closing table here and shows this row"
                    + (rows == 0 ? "" : rows == 1 ? " and the one after it" : " and the \(rows) after it")
                    + " as text, not as rows; \(container.fix)"
            case .containerLead(let line, let container, _):
                "\(leadSubject(line)) opens with '\(container.written)' before its first '|', which opens "
                    + "\(container.opens), so GitHub renders no table and shows its lines as text; \(container.fix)"
            case .indentedDelimiter(let written):
                "the closing table's delimiter row is indented \(written), so GitHub does not read it as one and "
                    + "shows the whole table as a paragraph of pipes; remove the indentation"
            case .indentedHeader(let written, nil):
                "the closing table's header row is indented \(written), so GitHub shows it as code and the table as "
                    + "a paragraph of pipes; remove the indentation"
            case .indentedHeader(let written, let (first, last, rest)?):
                "the closing table's header row is indented \(written), and the lines after it through line \(last) "
                    + "are indented too, so GitHub shows lines \(first)–\(last) as code"
                    + (rest ? " and the rest of the table as a paragraph of pipes" : ", not as a table")
                    + "; remove the indentation of lines \(first)–\(last)"
            case .invisibleLead(let line, let scalars): invisibleLead(line, scalars)
            case .leftoverLead(let line, let leftover, let blanks, let escapes):
                "\(leadSubject(line)) opens with \(Leftover.described(leftover)) before its first '|', "
                    + (escapes
                        ? "which escapes it, so GitHub shows that '|' as text in the row's first cell; "
                        : "which GitHub reads as a cell of its own, \(leadEffect(line)); ")
                    + Leftover.deleting(leftover, blanks)
            case .blankHeader(let column, let name, let row):
                "the closing table's header cell \(column) is empty, so GitHub shows "
                    + (name.map { "the '\($0)' column" } ?? "column \(column)") + " without a title; "
                    + (row.map { "write the header row as '\($0)'" } ?? "write its title in it")
            case .headerCells(let cells, let delimiter, let name, let row):
                "the closing table's header row has \(cells) cells but the delimiter row under it \(delimiter), so "
                    + "GitHub shows the table as a paragraph of pipes; "
                    + (cells < delimiter
                        ? (name.map { "the header lost its '\($0)' cell" } ?? "the header lost a cell")
                        : "the header has a cell too many")
                    + (row.map { ": write the header row as '\($0)'" }
                        ?? (cells < delimiter ? ": write it back" : ": delete it"))
            case .header(let given, let name):
                "the closing table's column '\(given)' should be '\(name)'; the table is read as if it were"
            case .missingRow(let title, let lesson):
                "the closing table has no row for '\(title)' (lesson \(lesson)); expected one here"
            case .notALesson(let row, let named): "row \(row) names '\(named)', which is not a lesson of the course"
            case .gluedUnder(let underline):
                "this line continues the closing table as a row (GitHub reads a line right under a table as a row); "
                    + (underline ? "delete this line" : "put a blank line before it")
            case .repeated(let row, let named):
                "row \(row) repeats '\(named)', which another row already gives; one row per lesson"
            case .outOfOrder(let row, let named, let lesson):
                "row \(row) names '\(named)', lesson \(lesson), out of course order; its row belongs in place \(lesson)"
            }
        return Diagnostic(.closingTable, at: location, message)
    }

    /// The sentence says `claimed` lessons declare `trigger`; `actual` do.
    static func triggerDistribution(at location: SourceLocation, trigger: String, claimed: Int, actual: Int)
        -> Diagnostic
    {
        triggerDistribution(at: location, [(trigger, claimed, actual)])
    }

    /// What a count `stated` of `trigger` says against the `actual` lessons declaring it.
    static func triggerDistributionCountStated(trigger: String, stated: Int, actual: Int) -> String {
        "says \(trigger) \(stated), but \(Plural.count(actual, "lesson")) "
            + "\(Plural.form(actual, "declares", "declare")) \(trigger)"
    }

    /// A bound the sentence gives beside a count (`ortam 6 (en fazla 5)`, `ortam 6 (6'dan az)`)
    /// that the lessons' count breaks.
    static func triggerDistributionBound(
        at location: SourceLocation, trigger: String, bound: Int, upper: Bool, strict: Bool = false, actual: Int
    ) -> Diagnostic {
        let says = strict ? (upper ? "fewer than" : "more than") : (upper ? "at most" : "at least")
        return Diagnostic(
            .triggerDistribution, at: location,
            "says \(trigger) \(says) \(bound), but "
                + "\(Plural.count(actual, "lesson")) \(Plural.form(actual, "declares", "declare")) \(trigger); write "
                + "\(actual) or drop the bound")
    }

    /// A bound on `trigger` whose direction (`5'in altına`, to below 5) has no verb after it: it
    /// says neither a bound nor a count. `verb` is the one that makes it a bound that holds
    /// (`düşmez`: at least `bound`; `çıkmaz`: at most), nil when that one would not hold either.
    static func triggerDistributionVerblessBound(
        at location: SourceLocation, trigger: String, direction: String, verb: String?, bound: Int, upper: Bool
    ) -> Diagnostic {
        let fix =
            verb.map {
                "end it with a verb, '\(direction) \($0)' (\(trigger) \(upper ? "at most" : "at least") \(bound)), or drop it"
            }
            ?? "drop it"
        return Diagnostic(
            .triggerDistribution, at: location,
            "the bound on \(trigger) ends at '\(direction)' with no verb, so a reader cannot tell what it says; \(fix)")
    }

    /// One count of the sentence given to several triggers (`ebeveyn ve gözlem 5'er`), each wrong.
    static func triggerDistribution(
        at location: SourceLocation, _ counts: [(trigger: String, claimed: Int, actual: Int)]
    ) -> Diagnostic {
        let says = counts.map { "\($0.trigger) \($0.claimed)" }.joined(separator: " and ")
        let declare = counts.enumerated().map { index, count in
            index == 0
                ? "\(Plural.count(count.actual, "lesson")) \(Plural.form(count.actual, "declares", "declare")) \(count.trigger)"
                : "\(count.actual) \(count.trigger)"
        }.joined(separator: " and ")
        return Diagnostic(.triggerDistribution, at: location, "says \(says), but \(declare)")
    }

    /// ` (it has U+00A0 NO-BREAK SPACE)` for the characters of `text` a reader cannot see or tell
    /// apart, each named once; nothing when it has none.
    static func named(inside text: String) -> String {
        var seen: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where Invisible.isSuspicious(scalar) && !seen.contains(scalar) {
            seen.append(scalar)
        }
        guard !seen.isEmpty else { return "" }
        return " (it has \(seen.map(Invisible.describe).joined(separator: " and ")))"
    }

    enum DistributionName {
        /// The sentence names `written`, which reads as `trigger` but differs from it by a character
        /// a reader cannot see or tell apart.
        case unseen(written: String, trigger: String)
        /// The sentence counts `name`, which is not a trigger; `near`: a trigger it lacks, a slip away.
        case unknown(String, near: String?)
        /// The sentence writes `trigger` split in two (`ebe veyn`, `ebe-veyn`), over two lines when `wrapped`.
        case split(written: String, trigger: String, wrapped: Bool)
    }

    static func triggerDistributionName(at location: SourceLocation, _ problem: DistributionName) -> Diagnostic {
        let message =
            switch problem {
            case .unseen(let written, let trigger):
                "names the trigger '\(written)', which is not '\(trigger)' byte for byte"
                    + unseen(written, trigger) + "; write '\(trigger)'"
            case .unknown(let name, let near):
                "counts '\(name)', which is not a trigger"
                    + (near.map { " (did you mean '\($0)'?\(difference(name, $0).map { " \($0)" } ?? ""))" }
                        ?? "; the triggers are yerel, ebeveyn, gözlem and ortam")
            case .split(let written, let trigger, true):
                "'\(written)' splits the trigger '\(trigger)' over two lines, which readers see as two words; join "
                    + "the lines as '\(trigger)'"
            case .split(let written, let trigger, false):
                "'\(written)' splits the trigger '\(trigger)'; write '\(trigger)' in place of '\(written)'"
            }
        return Diagnostic(.triggerDistribution, at: location, message)
    }

    /// The sentence names `stated` lessons where its counts cover `actual`.
    /// The closing lesson states the course's number of lessons `stated` (`Kurs boyunca yirmi bir
    /// ders`, `written`); the course has `actual`, `write` as the statement writes numbers.
    static func courseLessonCount(
        at location: SourceLocation, stated: Int, written: String, actual: Int, write: String
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            courseLessonCountStated(stated, actual: actual) + "; write '\(write)' for '\(written)'")
    }

    /// Number words before a lesson word that compose no number (`yirmi on`: `broken`, a ten,
    /// cannot follow `after`, a ten); `write` the course's number of lessons.
    static func malformedNumber(
        at location: SourceLocation, written: String, broken: String, after: String?, write: String
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "'\(written)' is no number" + (after.map { " ('\(broken)' cannot follow '\($0)')" } ?? "")
                + "; write '\(write)' for '\(written)'")
    }

    /// What a statement of `stated` lessons says against the course's `actual`.
    static func courseLessonCountStated(_ stated: Int, actual: Int) -> String {
        "says the course has \(Plural.count(stated, "lesson")), but it has \(actual)"
    }

    /// A number word typed with a slip (`written`, `bri`, for `meant`, `bir`) in a count a claim
    /// reads; `wrong` what the number meant then states against the course (nil when it is right),
    /// `write` the number to write for the words as written (`phrase`).
    static func misspeltNumber(
        at location: SourceLocation, written: String, meant: String, wrong: String?, write: String, for phrase: String
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "'\(written)' is a misspelling of '\(meant)'" + (wrong.map { ", and \($0)" } ?? "")
                + "; write '\(write)'" + (phrase == written && wrong == nil ? "" : " for '\(phrase)'"))
    }

    static func triggerDistributionTotal(at location: SourceLocation, stated: Int, actual: Int) -> Diagnostic {
        Diagnostic(.triggerDistribution, at: location, triggerDistributionTotalStated(stated, actual: actual))
    }

    /// The sentence's number of lessons (`stated`, `actual`) and one trigger's count off by as much:
    /// a lesson added or removed, and the sentence not updated for it.
    static func triggerDistributionNotUpdated(
        at location: SourceLocation, stated: Int, actual: Int, count: (trigger: String, claimed: Int, actual: Int)
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            triggerDistributionTotalStated(stated, actual: actual) + ", and "
                + triggerDistributionCountStated(trigger: count.trigger, stated: count.claimed, actual: count.actual)
                + ": a lesson " + (actual > stated ? "added" : "removed") + " changes both; update both, to "
                + "\(Plural.count(actual, "lesson")) and \(count.trigger) \(count.actual)")
    }

    /// What the sentence's number of lessons `stated` says against the `actual` lessons declaring one trigger.
    static func triggerDistributionTotalStated(_ stated: Int, actual: Int) -> String {
        "says \(Plural.count(stated, "lesson")), but \(Plural.count(actual, "lesson")) "
            + "\(Plural.form(actual, "declares", "declare")) one trigger"
    }

    /// A share (`yerel %35`, as `written`, `stated` percent) of the `lessons` the counts cover, where
    /// `actual` of them declare `trigger`.
    static func triggerDistributionShare(
        at location: SourceLocation, trigger: String, written: String, stated: Int, actual: Int, of lessons: Int
    ) -> Diagnostic {
        // One decimal, written as the sentence writes one (`%28,6`).
        let tenths = Int((Double(actual * 1000) / Double(max(lessons, 1))).rounded())
        let share = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10),\(tenths % 10)"
        return Diagnostic(
            .triggerDistribution, at: location,
            "says \(trigger) %\(stated), but \(actual) of the \(Plural.count(lessons, "lesson")) that declare one "
                + "trigger \(Plural.form(actual, "declares", "declare")) \(trigger): %\(share)")
    }

    /// A count written as a fraction over the total `stated` (`written`: `yerel 6/21`), where
    /// `actual` lessons declare one trigger; nil `written`: every count of the sentence is over it.
    static func triggerDistributionFractionTotal(
        at location: SourceLocation, written: String?, stated: Int, actual: Int
    ) -> Diagnostic {
        let says = written.map { "says \($0), out of \(stated) lessons" } ?? "says every count out of \(stated) lessons"
        return Diagnostic(
            .triggerDistribution, at: location,
            "\(says), but \(Plural.count(actual, "lesson")) \(Plural.form(actual, "declares", "declare")) one trigger; "
                + "write /\(actual)" + (written == nil ? " after each count" : ""))
    }

    /// The sentence gives its counts the total `stated` (`toplam 21`); `actual` lessons declare one trigger.
    static func triggerDistributionSum(at location: SourceLocation, stated: Int, actual: Int) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "says the total is \(stated), but \(Plural.count(actual, "lesson")) "
                + "\(Plural.form(actual, "declares", "declare")) one trigger")
    }

    /// The sentence gives the opening lesson's distribution as `stated`; the lesson at `path` declares `declared`.
    static func triggerDistributionOpening(at location: SourceLocation, stated: [Int], path: String, declared: [Int])
        -> Diagnostic
    {
        func slashed(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: "/") }
        return Diagnostic(
            .triggerDistribution, at: location,
            "says the distribution \(slashed(stated)), but \(path) declares \(slashed(declared))")
    }

    /// Beside the opening lesson's distribution, the sentence says it makes `stated` recomputations;
    /// the distribution the lesson at `path` declares, `declared`, adds up to another number.
    static func triggerDistributionRecomputations(
        at location: SourceLocation, stated: Int, path: String, declared: [Int]
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            triggerDistributionRecomputationsStated(stated, path: path, declared: declared))
    }

    /// A count of the opening lesson's own sentence (`yerel 3`) against its first tree's
    /// `countCauses` line (at `tree`, the tree's line): `write` the count to write for `written`.
    static func openingCount(
        at location: SourceLocation, trigger: String, stated: Int, counted: Int, printed: String, tree: Int,
        write: String, written: String
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "says \(trigger) \(stated), but the tree at line \(tree) prints '\(printed): \(counted)'; "
                + "write '\(write)' for '\(written)'")
    }

    /// The recomputations the opening lesson's own sentence states (`dokuz yeniden hesaplama`)
    /// against its first tree's four counts (`counted`), at `tree`.
    static func openingRecomputations(
        at location: SourceLocation, stated: Int, counted: [Int], tree: Int, write: String, written: String
    ) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "says \(Plural.count(stated, "recomputation")), but the tree at line \(tree) counts "
                + "\(counted.reduce(0, +)) (\(counted.map(String.init).joined(separator: "/"))); "
                + "write '\(write)' for '\(written)'")
    }

    /// What `stated` recomputations say against the distribution `declared` at `path`.
    static func triggerDistributionRecomputationsStated(_ stated: Int, path: String, declared: [Int]) -> String {
        "says \(Plural.count(stated, "recomputation")), but the distribution "
            + "\(declared.map(String.init).joined(separator: "/")) that \(path) declares makes \(declared.reduce(0, +))"
    }

    /// The distribution sentence counts some triggers but not `missing`.
    /// The sentence is in the source, but the rendering hides it from readers (`reason`).
    /// How the sentence that counts the triggers became a heading.
    enum DistributionHeading {
        /// `### ` (or `# `, `> ## `) typed before it.
        case marker(Leftover.Container)
        /// `written` (`---`, `===`) typed right under it, the sentence at line `sentence`.
        case underline(String, sentence: Int)
    }

    static func triggerDistributionHeading(at location: SourceLocation, _ how: DistributionHeading) -> Diagnostic {
        let message =
            switch how {
            case .marker(let marker):
                "the sentence that counts the triggers opens with '\(marker.written)', so readers see it as a heading, "
                    + "not as a sentence; \(marker.fix)"
            case .underline(let written, let sentence):
                "this '\(written)' right under the sentence that counts the triggers (line \(sentence)) underlines it "
                    + "as a heading, so readers see it as a heading, not as a sentence; delete this line"
                    + ruleAlternative(written, under: "the sentence")
            }
        return Diagnostic(.triggerDistribution, at: location, message)
    }

    static func triggerDistributionHidden(at location: SourceLocation, reason: String) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "the sentence that counts the triggers is here, but readers do not see it: \(reason)")
    }

    /// A number a claim reads, written with another script's digits (`yerel ٦`): named by its
    /// code point, with the ASCII form to write. `what` says what the number is (`the count`).
    static func otherDigits(_ id: DiagnosticID, at location: SourceLocation, _ number: OtherDigits.Number, what: String)
        -> Diagnostic
    {
        Diagnostic(
            id, at: location,
            "\(what) '\(number.written)' is \(number.why), which the course's numbers are not read in; write "
                + "'\(number.ascii)'")
    }

    static func triggerDistributionUnreadable(at location: SourceLocation, missing: [String]) -> Diagnostic {
        Diagnostic(
            .triggerDistribution, at: location,
            "this paragraph counts triggers, but no count can be read for \(missing.joined(separator: ", ")); give "
                + "each of yerel, ebeveyn, gözlem and ortam its number, right before or after its name")
    }

    /// A list of `names` followed by fewer `counts` (`yerel, ebeveyn, gözlem, ortam: 6, 4, 4`).
    static func triggerDistributionShortList(at location: SourceLocation, names: [String], counts: [String])
        -> Diagnostic
    {
        Diagnostic(
            .triggerDistribution, at: location,
            "the list names \(names.count) triggers (\(names.joined(separator: ", "))) but gives \(counts.count) "
                + "counts (\(counts.joined(separator: ", "))); give one count for each name, in the order of the names")
    }

    enum NoteSeries {
        /// A run of notes out of reading order: its labels, the labels reading order gives them, and
        /// the lessons (file names) that hold it.
        struct Rename: Sendable {
            var from: String
            var to: String
            var lessons: [String]
        }

        /// `note` stands in `part`, whose own series `series` it continues (as `series` + `number`);
        /// its prefix belongs to part `owner`.
        case otherSeries(note: String, part: String, series: String, number: Int, prefix: String, owner: String)
        /// `note` starts its series past 1 where part `part`'s series `series` ran to `last` before
        /// it: a rename left behind; `later` are the series' notes after it, renamed.
        case renamedSeries(note: String, part: String, series: String, last: Int, later: [String])
        /// The same, left behind in the part's first lessons: `note` (the first) is the series that
        /// the part's notes run on from in series `series`, numbered `runs`.
        case renamedSeriesBefore(note: String, part: String, series: String, runs: (Int, Int), later: [String])
        /// `note` stands in `part`, but its series `prefix` belongs to part `owner`, which holds `held` of its notes.
        case otherPart(note: String, part: String, prefix: String, owner: String, held: Int)
        case outOfSequence(note: String, expected: String)
        /// Why a run of notes takes other numbers (`renumbered`): the note at the finding and what
        /// sets it apart from the notes before it.
        enum Renumbering: Sendable {
            /// `note` repeats the series' previous note, `earlier` (`at line 201`, `of 16-hareketler.md`).
            case repeats(note: String, earlier: String)
            /// The run `notes` (`EK1–EK4`) repeats the same run of the lesson `lesson`: a lesson copied with its notes.
            case repeatsRun(notes: String, lesson: String)
            /// `note` is lower than `after`, the series' previous note.
            case goesBack(note: String, after: String)
            /// `missing`: one note or a range of them.
            case skips(note: String, missing: String)
            /// `note` stands before `due`, the note its series is due, at line `line`: inserted there.
            case comesBefore(note: String, due: String, line: Int)
        }
        /// One slip that moves the numbers of every note after it (a note inserted, deleted, a
        /// lesson copied with its notes): `renames`, the runs to renumber from the finding on, in
        /// reading order; `referenced`: a reference names a note renumbered.
        case renumbered(Renumbering, renames: [Rename], referenced: Bool)
        /// `note` is a note of the series pasted a second time in its lesson, word for word: the
        /// first is `earlier` (`at line 201`).
        case pastedTwice(note: String, earlier: String)
        /// Note `missing` is due between `after` and `before`, and this paragraph opens as the notes do (`opening`).
        case lostLabel(missing: String, after: String?, before: String, opening: String)
        /// The notes of series `prefix` hold each number once but run out of reading order, in
        /// `runs` (`EK5–EK8`, `EK1–EK4`, `EK9–EK24`); `renames`: each run out of place and the
        /// numbers reading order gives it; `referenced`: a reference names a note renumbered.
        case reordered(prefix: String, runs: [String], renames: [Rename], referenced: Bool)
        /// A marker `written` with the look-alike `has` where the note `note` has `wanted`; `bold`
        /// as written, so the fix is too (`**DR٣**`: write **DR3**; `ЕK2'de`: write EK2).
        case lookAlike(written: String, note: String, has: Unicode.Scalar, wanted: Unicode.Scalar, bold: Bool)
        /// A bold label in the middle of text (a reference) naming a note no paragraph defines.
        /// `has`: a look-alike or invisible character in the reference, named too.
        case unknownReference(note: String, has: Unicode.Scalar? = nil)
        /// A reference written `written`, with a leading zero in the number of the note `note`;
        /// `fix` is the reference as meant.
        case paddedReference(written: String, note: String, fix: String)
        /// A reference written `written`, a near form of the note `note` (`why`: in lower case, a
        /// space before its number, a letter for a digit); `fix` is the reference as meant.
        case nearReference(written: String, note: String, why: String, fix: String)
        /// A paragraph opens with `written`, the label `label` of a known series but not in bold
        /// (plain, in italics, a bold mark lost: `**DR10.*`), quoted as the near forms are.
        case notBold(written: String, label: String)
        /// The bold label `written` starts a line inside the paragraph above.
        case merged(written: String)
        /// A heading opens with the label `written`.
        case heading(written: String)
        /// The note `written`'s paragraph (at line `paragraph`) is a setext heading: `underline`
        /// (`---`, `===`), typed right under it, is the slip.
        case setextUnderline(written: String, underline: String, paragraph: Int)
        /// The note `label` stands inside an HTML comment, so readers do not see it.
        case inComment(label: String)
        /// A paragraph opening with the note label `label` is indented `written`, so it is indented code.
        case indented(label: String, written: String)
        /// A paragraph opens with `written`, a near form of the note label `label`; `differences` says how.
        /// `then`: the word glued to it (no space between), which the fix writes after the label and a space.
        case nearForm(written: String, label: String, differences: [String], then: String? = nil)
        /// A paragraph opens with the code span `written`, which holds the label `label` and the text
        /// after it (`meant`, its content).
        case codeRunsOn(written: String, label: String, meant: String)
    }

    static func noteSeries(at location: SourceLocation, _ problem: NoteSeries) -> Diagnostic {
        let message =
            switch problem {
            case .unknownReference(let note, let has):
                "refers to note \(note), which no paragraph of the course defines (a note opens its paragraph with "
                    + "its bold label)" + (has.map { "; its label also has \(Invisible.describe($0))" } ?? "")
            case .paddedReference(let written, let note, let fix):
                "this reference is written '\(written)', a near form of the note label \(note) (a leading zero in "
                    + "its number): readers see the zero, and searching the course for it finds no note; write \(fix)"
            case .nearReference(let written, let note, let why, let fix):
                "this reference is written '\(written)', a near form of the note label \(note) (\(why)): readers see "
                    + "it as written, and searching the course for it finds no note; write \(fix)"
            case .merged(let written):
                "the note \(written) starts a line inside the paragraph above, so it does not open a paragraph and "
                    + "does not read as a note; put a blank line before it"
            case .heading(let written):
                "this heading opens with the note label '\(written)'; a note is a paragraph that opens with its bold "
                    + "label, so write it as a paragraph: **\(written)** …"
            case .setextUnderline(let written, let underline, let paragraph):
                "this '\(underline)' right under the paragraph of note \(written) (line \(paragraph)) underlines it as "
                    + "a heading, so the note does not read as a note; delete this line"
                    + ruleAlternative(underline, under: "the paragraph")
            case .inComment(let label):
                "the note **\(label)** is here, but readers do not see it: it is inside an HTML comment; take it out "
                    + "of the comment (or, if the note is meant to go, delete it and renumber the notes after it)"
            case .indented(let label, let written):
                "this paragraph opens with the note label **\(label)** but is indented \(written), so GitHub shows "
                    + "it as code, not as a note; remove the indentation"
            case .codeRunsOn(let written, let label, let meant):
                "this paragraph opens with a code span, '\(written)', that holds the note label \(label) and the text "
                    + "after it, so readers see the label's marks in code font and it does not read as a note; write "
                    + "'\(meant)' in place of '\(written)'"
            case .nearForm(let written, let label, let differences, let then):
                "this paragraph opens with '\(written)', a near form of the note label \(label) (\(differences.joined(separator: ", "))), "
                    + "so it does not read as a note; write "
                    + (then.map { "'**\(label)** \($0)' in place of '\(written)'" } ?? "**\(label)**")
            case .notBold(let written, let label):
                "this paragraph opens with '\(written)', the note label \(label) but not in bold, so it does not read as "
                    + "a note; write **\(label)**"
            case .otherSeries(let note, let part, let series, let number, let prefix, let owner):
                "note \(note) is in part '\(part)', whose series is \(series), where \(series)\(number) is due (series "
                    + "\(prefix) belongs to part '\(owner)'); write **\(series)\(number).**"
            case .renamedSeries(let note, let part, let series, let last, let later):
                "note \(note) is in part '\(part)', whose notes run \(series)1"
                    + (last > 1 ? "–\(series)\(last)" : "") + " before it; write **\(series)\(last + 1).**"
                    + (later.isEmpty ? "" : " (and \(later.listed()) after it)")
            case .renamedSeriesBefore(let note, let part, let series, let runs, let later):
                "note \(note) is in part '\(part)', whose notes after it run on as \(series)\(runs.0)"
                    + (runs.1 > runs.0 ? "–\(series)\(runs.1)" : "") + "; write **\(series)1.**"
                    + (later.isEmpty ? "" : " (and \(later.listed()) after it)")
            case .otherPart(let note, let part, let prefix, let owner, let held):
                "note \(note) is in part '\(part)', but series \(prefix) belongs to part '\(owner)', which holds \(held) "
                    + "of its notes"
            case .outOfSequence(let note, let expected): "note \(note) is out of sequence; expected \(expected)"
            case .renumbered(let why, let renames, let referenced):
                renumbering(why) + "; renumber the notes from here in reading order: " + listed(renames)
                    + (referenced ? ", and the references to those notes likewise" : "")
            case .pastedTwice(let note, let earlier):
                "note \(note) repeats the note \(note) \(earlier) word for word; delete it"
            case .lostLabel(let missing, let after, let before, let opening):
                "note \(missing) is missing \(after.map { "between \($0) and \(before)" } ?? "before \(before)"), and this "
                    + "paragraph opens as the notes do ('\(opening) …') without a label; if it is \(missing), write "
                    + "**\(missing).** at its start"
            case .reordered(let prefix, let runs, let renames, let referenced):
                "the \(prefix) notes are out of reading order: they run \(runs.joined(separator: ", ")); renumber them in "
                    + "reading order: "
                    + listed(renames) + (referenced ? ", and the references to those notes likewise" : "")
            case .lookAlike(let written, let note, let has, let wanted, let bold):
                "note '\(written)' reads as \(note) but has \(Invisible.describe(has)) "
                    + (has.properties.generalCategory == .format
                        ? "inside it" : "where \(note) has \(Invisible.describe(wanted))")
                    // Its full stop as read: a look-alike one (U+FF0E) is the stop a note needs.
                    + "; write "
                    + (bold ? "**\(note)\(NoteSeriesClaim.labelSkeleton(written).hasSuffix(".") ? "." : "")**" : note)
            }
        return Diagnostic(.noteSeries, at: location, message)
    }

    /// Runs to renumber as the note-series findings list them: `EK3–EK24 (16-hareketler.md, …) as EK4–EK25`.
    private static func listed(_ renames: [NoteSeries.Rename]) -> String {
        renames.map { "\($0.from) (\($0.lessons.joined(separator: ", "))) as \($0.to)" }.joined(separator: ", ")
    }

    private static func renumbering(_ why: NoteSeries.Renumbering) -> String {
        switch why {
        case .repeats(let note, let earlier): "note \(note) repeats \(note) \(earlier)"
        case .repeatsRun(let notes, let lesson): "notes \(notes) repeat \(notes) of \(lesson)"
        case .goesBack(let note, let after): "note \(note) goes back after \(after)"
        case .skips(let note, let missing):
            "note \(note) skips \(missing) (or, if deleted by mistake, put \(missing) back)"
        case .comesBefore(let note, let due, let line): "note \(note) comes before \(due) (line \(line))"
        }
    }

    /// A backticked kebab-case word no tree passes to `change`, with the closest label, if any, and
    /// the look-alike character that sets it apart from that label (`has` where the label has `wanted`).
    static func labelReference(
        at location: SourceLocation, word: String, closest: String?,
        lookAlike: (has: Character, wanted: Character)? = nil, turkish: [Character] = [], wrapped: Bool = false
    ) -> Diagnostic {
        let folded = turkish.map { String(LabelReferenceClaim.foldedTurkish(String($0))) }
        let why =
            wrapped
            ? " it has a space after its '-', which the label does not have: a line break inside code reads as a "
                + "space, so join the lines"
            : !turkish.isEmpty
                ? " it is that label typed with Turkish letters: "
                    + "\(turkish.map { "'\($0)'" }.listed()) where it has \(folded.map { "'\($0)'" }.listed())"
                : lookAlike.map {
                    " it has \(Invisible.describe($0.has)) where the label has \(Invisible.describe($0.wanted))"
                } ?? ""
        return Diagnostic(
            .labelReference, at: location,
            "`\(word)` is not a label any tree passes to change\(closest.map { " (did you mean `\($0)`?\(why))" } ?? "")"
        )
    }

    /// swiftc's `-parse` error for a display fragment.
    static func fragmentSyntax(at location: SourceLocation, _ swiftcMessage: String) -> Diagnostic {
        Diagnostic(.fragmentSyntax, at: location, "display fragment does not parse: \(swiftcMessage)")
    }

    /// The display fragments were not parsed; `count` of them when swiftc is missing, nil when it failed.
    static func claimSkipped(at location: SourceLocation, fragments count: Int?, because reason: String) -> Diagnostic {
        let message =
            if let count {
                "\(Plural.count(count, "display fragment")) were not parsed: no swiftc (\(reason))"
            } else {
                "display fragments were not parsed: \(reason)"
            }
        return Diagnostic(.claimSkipped, at: location, message)
    }
}
