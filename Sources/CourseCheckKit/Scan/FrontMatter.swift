/// The YAML front matter of a lesson or of the course index: `key: value` lines and `key:` lists
/// of `- item`, between two `---` lines at the top of the file, read as YAML reads them (block
/// scalars `>-` and `|`, quoted and spaced keys, comments, multi-line flow scalars).
package struct FrontMatter: Sendable, Equatable {
    /// A scalar or list value, with the line it is on.
    package struct Entry: Sendable, Equatable {
        package var value: String
        package var items: [String]
        package var line: Int
    }

    /// A line or value coursecheck cannot read as YAML text: the claims report it where it is,
    /// rather than treat the key as missing or the value as its raw spelling.
    package struct Unreadable: Sendable, Equatable {
        package enum Reason: Sendable, Equatable {
            /// A line that is neither `key: value`, a list item, a comment nor an indented continuation.
            case notAKey
            /// A code fence (```` ``` ````, `~~~`): Markdown typed into the YAML, never a key.
            case fenceLine
            /// A list item indented with a tab, which YAML forbids in indentation.
            case tabIndentation
            /// `[…]` or `{…}`: a flow collection, not text.
            case flowCollection
            /// `*name`: an alias coursecheck does not resolve.
            case alias
            /// A quoted scalar whose closing quote never comes.
            case unterminatedQuote
            /// Text after a quoted scalar's closing quote (`'a' b`), which YAML rejects.
            case textAfterQuote(String)
            /// A backslash escape YAML does not have (`\q`) in a double-quoted value.
            case invalidEscape(Character)
            /// A control character (other than a tab) in the value, which YAML rejects.
            case controlCharacter(Unicode.Scalar)
            /// `key: - item`: a list entry where a value goes.
            case sequenceInValue
            /// A plain scalar starting with a character YAML reserves (`@`, `` ` ``, `%`).
            case reservedIndicator(Character)
            /// `|` or `>` followed by text: a block scalar's text goes on the lines below.
            case blockScalarHeader(Character)
            /// `: ` inside a plain scalar, which YAML reads as a nested mapping.
            case colonInPlainScalar
            /// ` #` inside an unquoted list item, which starts a YAML comment: the item is `kept` alone.
            case commentInItem(kept: String)
            /// `key:value`: a key's colon with no space after it, so YAML reads the line as one
            /// text, not as `key`; the name before the colon.
            case noSpaceAfterColon(String)
            /// `key: value` indented (`indentation`: `1 space`, `a tab`) after the value of `after`,
            /// which YAML reads as more of that value and rejects; the key is read as meant.
            case indentedKey(key: String, indentation: String, after: String?)
            /// `key: value` with invisible characters before the key (U+200B, U+2060, U+00A0,
            /// U+FEFF), which YAML reads as part of its name: the key is read as meant.
            case invisibleBeforeKey(key: String, scalars: [Unicode.Scalar])
            /// `key:` with invisible characters (U+00A0, U+200B) right after its colon where the
            /// space belongs (`spaced`: a space after them), which YAML reads as no space, so the
            /// line as one text: the key is read as meant.
            case invisibleAfterColon(key: String, scalars: [Unicode.Scalar], spaced: Bool)
            /// `key\u{A0}: value`: invisible characters after the key's name, before its colon, which
            /// YAML reads as part of the name: the key is read as meant.
            case invisibleAfterKey(key: String, scalars: [Unicode.Scalar])
            /// `key: value` whose value opens with invisible characters (`title: \u{A0}'x'`), which
            /// YAML reads as text of the value: the value is read as meant.
            case invisibleBeforeValue(key: String, scalars: [Unicode.Scalar])
            /// `key: value` behind a container's marker (`> title:`, `- source:`, `1. title:`), read
            /// by `Leftover.container`: YAML reads no such key, a reader sees the key. The key is read as meant.
            case containerBeforeKey(key: String, marker: Leftover.Container)
        }

        /// The key, or nil for a line that has none.
        package var key: String?
        package var line: Int
        package var reason: Reason
        /// The 1-based byte column of the slip, when it is not the line's start.
        package var column: Int = 1
    }

    package var entries: [String: Entry]
    package var unreadable: [Unreadable] = []
    /// `key: value` behind YAML's comment sign (`# course: …`, `#course: …`), by key: a comment to
    /// YAML, so the key is gone. The claims decide: one a page needs and then lacks is the slip,
    /// any other a comment.
    package var commented: [String: Commented] = [:]

    package struct Commented: Sendable, Equatable {
        /// The `#` (or `##`…) and the blanks after it, which the fix deletes.
        package var marker: Leftover.Container
        package var entry: Entry
    }
    /// A key given again after its first line, with the later value: YAML allows a key once, and
    /// `entries` holds the first. The claims decide which of the values is the slip.
    package var duplicates: [Duplicate] = []

    package struct Duplicate: Sendable, Equatable {
        package var key: String
        package var entry: Entry
    }
    /// The line of the closing `---` (for front matter read as if closed, the line it belongs at,
    /// or the line before it when the closing line is missing).
    package var closingLine: Int
    /// For a front matter whose closing `---` is missing or slipped, read as if it were there
    /// (`repairingClose`): where it belongs.
    package var unclosed: Unclosed? = nil
    /// For a front matter whose opening line is a near form of `---` (`----`, `--`, `—`, `+++`), read
    /// as if it were `---` (`repairingOpen`): that line as written.
    package var opened: String? = nil
    /// For a front matter under a fence typed above its opening `---` (`repairingStrayFence`):
    /// that fence, which hides it.
    package var strayFence: StrayFence? = nil

    /// A fence typed as a file's first line, above its front matter: to a reader the front matter
    /// is not there (only a file that opens with `---` has one), and the block the fence opens
    /// shows its keys and what follows as code.
    package struct StrayFence: Sendable, Equatable {
        /// The line as written.
        package var written: String
        /// The line of the fence that closes its block, as a reader pairs them; nil when it runs
        /// to the end of the file.
        package var runsTo: Int?
        /// True when that fence comes right after the front matter (blank lines aside): the two
        /// wrap it as one code block, typed where no block was meant, and the page goes on after it.
        package var wraps = false
    }

    /// The line the page's blocks start after: the closing `---`, or the fence right after it
    /// that closes a block wrapping the front matter (`StrayFence.wraps`).
    package var bodyStart: Int {
        strayFence.flatMap { $0.wraps ? $0.runsTo : nil } ?? closingLine
    }

    /// Where an unclosed front matter stops reading as front matter.
    package struct Unclosed: Sendable, Equatable {
        /// The 1-based line the closing `---` belongs before; one past the last line when every
        /// line reads as front matter.
        package var before: Int
        /// That line as written, when it is a near form of the closing line (`--`, `----`, `—`, `+++`,
        /// `---` indented): it stands where `---` belongs.
        package var written: String?
    }

    package subscript(key: String) -> Entry? { entries[key] }

    /// The entry of `key` written with one or two characters left before it (`\ttitle:`, a tab as
    /// code writes one; `` `title: ``, `xtitle:`), when no entry has `key` itself: YAML reads another
    /// key, which a reader takes for `key`. The key as written, what is before `key`, and the
    /// entry. Read by `Leftover`, at most two characters: a word of letters before it
    /// (`subtitle:`) or a longer prefix (`og:title:`, `alt_title:`) names another key.
    package func leftoverKey(_ key: String) -> (written: String, leftover: String, entry: Entry)? {
        guard entries[key] == nil else { return nil }
        for (written, entry) in entries.sorted(by: { $0.value.line < $1.value.line })
        where written.utf8.count > key.utf8.count && written.hasSuffix(key) {
            guard let leftover = Leftover.reading(written.dropLast(key.count), atMost: 2) else { continue }
            return (written, leftover, entry)
        }
        return nil
    }

    /// Reads the front matter, or nil when the file does not start with `---` or it never closes.
    /// True for a line that ends front matter as Jekyll (and so GitHub Pages) reads it: `---` or
    /// YAML's document end `...`, with spaces or tabs after it.
    static func closes(_ text: String) -> Bool {
        let marker = text.prefix(3)
        return (marker == "---" || marker == "...") && text.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// A file that opens with `---` and never closes, read as if its closing line were where the
    /// front matter stops reading as front matter: one slip, so the claims report it once, at
    /// that line, and judge the keys as written. Nil when the file has no such front matter.
    package static func repairingClose(_ lines: [Line]) -> FrontMatter? {
        guard lines.first?.text == "---", parse(lines) == nil else { return nil }
        let place = closingPlace(lines)
        // The closing line where it belongs: a slipped one replaced, a missing one put before `before`.
        var repaired = Array(lines.prefix(place.before - 1))
        let number = place.written == nil ? place.before - 1 : place.before
        repaired.append(Line(number: number, text: "---", ending: .lf))
        guard var frontMatter = parse(repaired) else { return nil }
        frontMatter.unclosed = place
        return frontMatter
    }

    /// A file whose first line is a near form of `---` (`nearlyCloses`: `----`, `--`, `—`, `+++`) and
    /// whose next line is a key, read as if that line were `---` (its closing line repaired too
    /// when it is lost): one slip, so the claims report it once, at line 1, and judge the keys
    /// as written. Nil otherwise (a page that opens with a thematic break has no key after it).
    package static func repairingOpen(_ lines: [Line]) -> FrontMatter? {
        // `---  `: the opening line with trailing blanks, a near form too (the closing line may have them).
        let trailing = { (text: String) in text.hasPrefix("---") && text != "---" && closes(text) }
        guard let first = lines.first, nearlyCloses(first.text) || trailing(first.text), lines.count > 1,
            let key = keyAndValue(lines[1].text)?.0, isKeyName(key)
        else { return nil }
        var repaired = lines
        repaired[0].text = "---"
        guard var frontMatter = parse(repaired) ?? repairingClose(repaired), !frontMatter.entries.isEmpty else {
            return nil
        }
        frontMatter.opened = first.text
        return frontMatter
    }

    /// The front matter a bare fence typed for its opening or closing `---` hides (`~~~`, a backtick
    /// run): a code block that takes the page after it, so the reader sees no front matter and the
    /// lesson as code. Read as if that line were `---` (`repairingClose`, `repairingOpen`), so the
    /// scan starts after it and the slip is the front matter's one finding, not a block no one
    /// meant. So is one under a fence typed above its `---` (`repairingStrayFence`). Nil for any
    /// other front matter, or none.
    package static func repairingFence(_ lines: [Line]) -> FrontMatter? {
        // Cheap first: the first line is `---` or a fence.
        guard let first = lines.first?.text.utf8.first(where: { $0 != UInt8(ascii: " ") }),
            first == UInt8(ascii: "-") || first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        if first != UInt8(ascii: "-"), let repaired = repairingStrayFence(lines) { return repaired }
        guard let repaired = repairingClose(lines) ?? repairingOpen(lines),
            [repaired.opened, repaired.unclosed?.written].contains(where: { $0.map(isBareFence) ?? false })
        else { return nil }
        return repaired
    }

    /// The front matter under a fence typed above its `---` (`` ``` ``, `~~~`, `` ```yaml ``): a
    /// block no one meant, which hides it and runs on over the lesson. Read as if the fence were
    /// not there, so the scan starts after the front matter and the fence is the front matter's one
    /// finding, not a block that takes in the keys and pairs every later fence wrongly. A block
    /// that closes right after the front matter wraps it (two fences typed around it: a page shows
    /// no front matter, so no lesson or index means one as code): the scan starts after its
    /// closing fence, and the pair is the one finding. Nil when the file opens otherwise.
    package static func repairingStrayFence(_ lines: [Line]) -> FrontMatter? {
        guard lines.count > 2, lines[1].text == "---", let fence = CodeFence.opening(lines[0]),
            var frontMatter = parse(Array(lines.dropFirst()))
        else { return nil }
        let closes = { (line: Line) -> Bool in
            let bytes = Array(line.text.utf8)
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            guard indent <= 3, let run = CodeFence.closingRun(bytes[indent...]) else { return false }
            return run.character == fence.character && run.length >= fence.length
        }
        let closing = lines.dropFirst().first(where: closes)
        let wraps =
            closing != nil
            && lines.dropFirst(frontMatter.closingLine).first(where: { !$0.text.allSatisfy(\.isWhitespace) })?.number
                == closing?.number
        frontMatter.strayFence = StrayFence(written: lines[0].text, runsTo: closing?.number, wraps: wraps)
        return frontMatter
    }

    /// True for a line that is a bare code fence (three or more backticks or tildes, indented at
    /// most three spaces, nothing but blanks after them): one opens a code block, and closes one.
    package static func isBareFence(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        return indent <= 3 && CodeFence.closingRun(bytes[indent...]) != nil
    }

    /// The line an unclosed front matter's `---` belongs before: the first line after `---` that
    /// is no front matter (a paragraph's line, a key with spaces in it, a `# ` heading after a
    /// blank line), the blank and comment lines before it left out, so the closing goes right
    /// after the last key, list item or value line (before the blank line and the `# ` heading
    /// that follow the keys). A line that is a near form of the closing line is the place itself.
    static func closingPlace(_ lines: [Line]) -> Unclosed {
        var pending: Int?
        var blankPending = false
        for line in lines.dropFirst() {
            let text = line.text
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty {
                pending = pending ?? line.number
                blankPending = true
                continue
            }
            // `#---` is a YAML comment, but where the closing line belongs it is that line with a `#` left before it.
            if leftoverBeforeDelimiter(text) != nil || containerBeforeDelimiter(text) != nil {
                return Unclosed(before: line.number, written: text)
            }
            if trimmed.hasCharacterPrefix("#") {
                // A `# ` heading after a blank line is the lesson's, not a comment of the front matter.
                let marks = text.prefix { $0 == "#" }.count
                if blankPending, (1...6).contains(marks), text.dropFirst(marks).hasCharacterPrefix(" "),
                    let pending
                {
                    return Unclosed(before: pending, written: nil)
                }
                pending = pending ?? line.number
                continue
            }
            // A fence after a blank line is a block of the lesson's: the closing line is missing before it.
            if nearlyCloses(text), !(blankPending && isBareFence(text)) {
                return Unclosed(before: line.number, written: text)
            }
            let isContent =
                text.hasCharacterPrefix(" ") || text.hasCharacterPrefix("\t") || trimmed == "-"
                || trimmed.hasCharacterPrefix("- ")
                || keyAndValue(text).map {
                    text.hasCharacterPrefix("'") || text.hasCharacterPrefix("\"") || isKeyName($0.0)
                }
                    ?? false
            if isContent {
                pending = nil
                blankPending = false
                continue
            }
            return Unclosed(before: pending ?? line.number, written: nil)
        }
        return Unclosed(before: pending ?? (lines.last?.number ?? 0) + 1, written: nil)
    }

    /// True for a key as a front matter writes one unquoted: a word of ASCII letters, digits, `_`
    /// and `-` (a paragraph's line with a colon has spaces or Turkish letters before it).
    static func isKeyName(_ key: String) -> Bool {
        guard let first = key.utf8.first, first.isASCIILetter || first == UInt8(ascii: "_") else { return false }
        return key.utf8.allSatisfy {
            $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// True for a line a reader takes for the closing `---` that does not close: a line of
    /// dashes, dots, underscores, asterisks, plus or equals signs, or any one character
    /// that draws a line (a dash, a minus sign, a box-drawing or fullwidth line), two or more, or
    /// one that is no ASCII; perhaps spaced or indented, an invisible character among them (what
    /// a setext underline or a thematic break makes of the keys above it, or text); or `---` with
    /// text after it; or a bare code fence (`~~~`, a backtick run), typed for `---` from a code
    /// block's habit. `+++` is TOML's front matter, which GitHub does not read.
    static func nearlyCloses(_ text: String) -> Bool {
        guard !closes(text) else { return false }
        if text.hasPrefix("---") || isBareFence(text) || leftoverBeforeDelimiter(text) != nil
            || containerBeforeDelimiter(text) != nil
        {
            return true
        }
        let marks = Array(text.unicodeScalars).filter {
            $0 != " " && $0 != "\t" && $0 != "\u{A0}" && $0.properties.generalCategory != .format
        }
        guard !marks.isEmpty, marks.allSatisfy(drawsALine) else { return false }
        // One `=` is a setext underline too; one `-` is a YAML list item.
        return marks.count >= 2 || !marks[0].isASCII || marks[0] == "="
    }

    /// A delimiter line with printable characters left before its `---` (`x---`, `\t---` as code
    /// writes a tab, `` `--- ``), read by `Leftover`, the one reader of what is left before a
    /// line's marker: Jekyll opens and closes front matter only at a line of `---`, so the line is
    /// text, and deleting them is the fix. What is left, and the blanks between it and `---`.
    package static func leftoverBeforeDelimiter(_ text: String) -> (leftover: String, blanks: String)? {
        // Cheap first: a `-` within the line's first bytes, and not at its start.
        // Not indented: deleting what is left would leave `---` indented, which closes nothing.
        guard let first = text.utf8.first, first != UInt8(ascii: " "),
            let dash = text.utf8.prefix(16).firstIndex(of: UInt8(ascii: "-")), dash > text.utf8.startIndex,
            let (leftover, blanks) = Leftover.before("-", in: text)
        else { return nil }
        let rest = text.drop { $0 == " " }.dropFirst(leftover.count + blanks.count)
        guard rest.hasPrefix("---"), closes(String(rest)) else { return nil }
        return (leftover, blanks)
    }

    /// A delimiter line with a container's marker before its `---` (`> ---`, `>---`, `- ---`), read
    /// by `Leftover.container`, the one reader of such markers: Jekyll reads no front matter there,
    /// and Markdown shows the line quoted or as an item, so deleting them is the fix. A byte read
    /// for most lines. Not indented, as `leftoverBeforeDelimiter`.
    package static func containerBeforeDelimiter(_ text: String) -> Leftover.Container? {
        guard let first = text.utf8.first, first != UInt8(ascii: " "),
            let container = Leftover.container(text, before: "---")
        else { return nil }
        let rest = String(decoding: text.utf8.dropFirst(container.length), as: UTF8.self)
        return closes(rest) && rest.hasPrefix("---") ? container : nil
    }

    /// A character a line of which reads as a rule: ASCII's `-._*+=`, a dash or hyphen of
    /// another code point, a minus sign, an overline or low line, a box-drawing horizontal, and
    /// their fullwidth forms.
    static func drawsALine(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return "-._*+=".unicodeScalars.contains(scalar) }
        if scalar.properties.generalCategory == .dashPunctuation { return true }
        switch scalar.value {
        case 0x2017, 0x203E, 0x2212, 0x23AF, 0x2500, 0x2501, 0x2504...0x2509, 0x2550, 0x2574, 0x2576, 0x2578,
            0x257A, 0x257C, 0x257E, 0xFE4D...0xFE4F, 0xFF0A, 0xFF0B, 0xFF0E, 0xFF1D, 0xFF3F, 0xFFE3:
            return true
        default: return false
        }
    }

    /// A `key: value` line behind a container's marker or YAML's comment sign (`> title: …`,
    /// `>title: …`, `- source: …`, `1. title: …`, `# course: …`, `#course: …`): the marker, read
    /// by `Leftover.container` (the one reader of such markers; `#` glued to the key is a comment
    /// too), the key, and the line after the marker. Not indented: an indented line is another
    /// key's value. A byte read for most lines.
    package static func markerBeforeKey(_ text: String) -> (marker: Leftover.Container, key: String, line: String)? {
        guard let first = text.utf8.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else { return nil }
        let marker: Leftover.Container
        if let container = Leftover.container(text, startingWith: opensKey) {
            marker = container
        } else if first == UInt8(ascii: "#"), opensKey(Array(text.utf8.prefix(48)).dropFirst()) {
            marker = Leftover.Container(written: "#", blanks: "", indent: 0, opens: "a comment")
        } else {
            return nil
        }
        let rest = String(decoding: text.utf8.dropFirst(marker.length), as: UTF8.self)
        guard let (key, _) = keyAndValue(rest), isKeyName(key) else { return nil }
        return (marker, key, rest)
    }

    /// True for bytes that open a key: a key name, its colon, a blank or the line's end after it.
    static func opensKey(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first.isASCIILetter || first == UInt8(ascii: "_") else { return false }
        let name = bytes.prefix {
            $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
        let after = bytes.dropFirst(name.count)
        guard after.first == UInt8(ascii: ":") else { return false }
        let next = after.dropFirst().first
        return next == nil || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
    }

    package static func parse(_ lines: [Line]) -> FrontMatter? {
        guard lines.first?.text == "---" else { return nil }
        var entries: [String: Entry] = [:]
        var unreadable: [Unreadable] = []
        var commented: [String: Commented] = [:]
        var duplicates: [Duplicate] = []
        var currentList: String?
        var currentDuplicate: Int?
        /// The last key read, whose value an indented key line would continue.
        var lastKey: String?
        var index = 1
        func isBlank(_ text: String) -> Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }
        func indentation(_ text: String) -> Int { text.prefix { $0 == " " }.count }
        while index < lines.count {
            let line = lines[index]
            index += 1
            if Self.closes(line.text) {
                return FrontMatter(
                    entries: entries, unreadable: unreadable, commented: commented, duplicates: duplicates,
                    closingLine: line.number)
            }
            var text = line.text
            // A marker typed before a key (`> title:`, `# course:`): one finding here, the key read as
            // meant; a `- key:` under an open list is an item of it.
            if let (marker, key, rest) = Self.markerBeforeKey(line.text),
                !(marker.written.hasPrefix("-") && (currentList != nil || currentDuplicate != nil))
            {
                if marker.written.hasPrefix("#") {
                    if commented[key] == nil, let (_, value) = keyAndValue(rest),
                        case .success(let read) = read(String(value.drop { $0 == " " || $0 == "\t" }), [])
                    {
                        commented[key] = Commented(
                            marker: marker, entry: Entry(value: read, items: [], line: line.number))
                    }
                    continue
                }
                unreadable.append(
                    Unreadable(key: nil, line: line.number, reason: .containerBeforeKey(key: key, marker: marker)))
                text = rest
            }
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasCharacterPrefix("#") { continue }
            if trimmed == "-" || trimmed.hasCharacterPrefix("- ") {
                if line.text.utf8.first != UInt8(ascii: "-"), line.text.prefix(while: { $0 != "-" }).contains("\t") {
                    unreadable.append(Unreadable(key: nil, line: line.number, reason: .tabIndentation))
                }
                if let key = currentList {
                    entries[key]?.items.append(scalar(String(trimmed.dropFirst())))
                    if let reason = Self.itemReadsOtherwise(String(trimmed.dropFirst())) {
                        unreadable.append(Unreadable(key: key, line: line.number, reason: reason))
                    }
                } else if let duplicate = currentDuplicate {
                    duplicates[duplicate].entry.items.append(scalar(String(trimmed.dropFirst())))
                } else {
                    unreadable.append(Unreadable(key: nil, line: line.number, reason: .notAKey))
                }
                continue
            }
            // An indented line under `key:` with no value is nested content (a mapping) no claim reads.
            if line.text.hasCharacterPrefix(" ") || line.text.hasCharacterPrefix("\t") {
                guard currentList == nil && currentDuplicate == nil else { continue }
                // `key: value` indented where no list is open: one finding here, and the key read as meant.
                guard let indentation = Self.indentedKey(line.text) else {
                    unreadable.append(Unreadable(key: nil, line: line.number, reason: .notAKey))
                    continue
                }
                text = String(trimmed)
                unreadable.append(
                    Unreadable(
                        key: nil, line: line.number,
                        reason: .indentedKey(key: indentation.key, indentation: indentation.described, after: lastKey)))
            }
            // `title:\u{A0}'x'`: an invisible character (a no-break space, Option+Space on a Mac) where
            // the colon's space belongs, which YAML does not read as one: one finding, at it, and
            // the key read as meant.
            if let (name, invisible, column) = Self.invisibleAfterColon(text) {
                unreadable.append(
                    Unreadable(
                        key: nil, line: line.number,
                        reason: .invisibleAfterColon(key: name, scalars: invisible.scalars, spaced: invisible.spaced),
                        column: column + line.text.utf8.count - text.utf8.count))
                text =
                    name + ": "
                    + String(decoding: text.utf8.dropFirst(name.utf8.count + 1 + invisible.length), as: UTF8.self)
            }
            guard let (written, rest) = keyAndValue(text) else {
                // `title:'x'`: a key's name and its colon, the space after it lost.
                let name = String(text.prefix { $0 != ":" })
                let written = name.count < text.count && isKeyName(name)
                let fence = text.hasPrefix("```") || text.hasPrefix("~~~")
                unreadable.append(
                    Unreadable(
                        key: nil, line: line.number,
                        reason: written ? .noSpaceAfterColon(name) : fence ? .fenceLine : .notAKey))
                currentList = nil
                currentDuplicate = nil
                continue
            }
            // Invisible characters before the key (`\u{200B}title:`): YAML reads another key, one no
            // reader sees; one finding here, and the key read as meant. A byte read for most lines.
            var key = written
            if let first = key.utf8.first, first >= 0x80, let invisible = Invisible.leading(key),
                case let name = String(decoding: key.utf8.dropFirst(invisible.length), as: UTF8.self),
                isKeyName(name)
            {
                unreadable.append(
                    Unreadable(
                        key: nil, line: line.number, reason: .invisibleBeforeKey(key: name, scalars: invisible.scalars))
                )
                key = name
            }
            // Invisible characters after the key, before its colon (`title\u{A0}:`): YAML reads them
            // as part of the key's name; one finding, at them, and the key read as meant.
            if let last = key.utf8.last, last >= 0x80 {
                let scalars = Array(key.unicodeScalars)
                let name = scalars.prefix { $0.isASCII && $0 != " " && $0 != "\t" }
                let after = scalars.dropFirst(name.count)
                let invisible = after.filter { !$0.isASCII }
                if !invisible.isEmpty,
                    after.allSatisfy({
                        $0 == " " || $0 == "\t"
                            || !$0.isASCII
                                && [.spaceSeparator, .format].contains($0.properties.generalCategory)
                    }),
                    case let plain = String(String.UnicodeScalarView(name)), isKeyName(plain)
                {
                    var named: [Unicode.Scalar] = []
                    for scalar in invisible where !named.contains(scalar) { named.append(scalar) }
                    let column =
                        line.text.utf8.count - text.utf8.count + plain.utf8.count
                        + after.prefix { $0.isASCII }.reduce(0) { $0 + UTF8.width($1) } + 1
                    unreadable.append(
                        Unreadable(
                            key: nil, line: line.number, reason: .invisibleAfterKey(key: plain, scalars: named),
                            column: column))
                    key = plain
                }
            }
            lastKey = key
            var value = rest.drop { $0 == " " || $0 == "\t" }
            // A value opening with invisible characters (`title: \u{A0}'x'`), which YAML reads as its
            // text: one finding, at them, and the value read as meant.
            if let first = value.utf8.first, first >= 0x80, let invisible = Invisible.leading(value) {
                let column = line.text.utf8.count - value.utf8.count + 1
                unreadable.append(
                    Unreadable(
                        key: nil, line: line.number,
                        reason: .invisibleBeforeValue(key: key, scalars: invisible.scalars),
                        column: column))
                value = Substring(String(decoding: value.utf8.dropFirst(invisible.length), as: UTF8.self))
                    .drop { $0 == " " || $0 == "\t" }
            }
            let opensList = value.isEmpty || value.hasCharacterPrefix("#")
            // A value whole on its line (a quote closed there); an open quote runs on over the lines
            // below. Read only when an indented key line follows: most values have no line under them.
            var whole: Bool?
            func runsOn() -> Bool {
                if value.hasCharacterPrefix("|") || value.hasCharacterPrefix(">") { return true }
                if whole == nil {
                    if case .success = read(String(value), []) { whole = true } else { whole = false }
                }
                return whole == false
            }
            // The value's continuation: the more-indented and blank lines that follow, up to the next
            // key (an indented `key: value` line after a one-line value is a key slipped, not more text).
            var continuation: [String] = []
            while index < lines.count, !Self.closes(lines[index].text),
                isBlank(lines[index].text) || indentation(lines[index].text) > 0
                    || lines[index].text.hasCharacterPrefix("\t"),
                !lines[index].text.drop(while: { $0 == " " || $0 == "\t" }).hasCharacterPrefix("- ") || !opensList,
                opensList || Self.indentedKey(lines[index].text) == nil || runsOn()
            {
                continuation.append(lines[index].text)
                index += 1
            }
            currentList = nil
            currentDuplicate = nil
            // A key given again: its value is kept aside, and a list's items go to that value.
            if entries[key] != nil {
                let entry: Entry
                if opensList {
                    entry = Entry(value: "", items: [], line: line.number)
                } else if case .success(let text) = read(String(value), continuation) {
                    entry = Entry(value: text, items: [], line: line.number)
                } else {
                    entry = Entry(value: String(value), items: [], line: line.number)
                }
                duplicates.append(Duplicate(key: key, entry: entry))
                if opensList { currentDuplicate = duplicates.count - 1 }
                continue
            }
            if opensList {
                entries[key] = Entry(value: "", items: [], line: line.number)
                currentList = key
                continue
            }
            switch read(String(value), continuation) {
            case .success(let text): entries[key] = Entry(value: text, items: [], line: line.number)
            case .failure(let reason):
                // `tags: ['durum', state]` in a key no claim reads, or in a list-valued one
                // (`objectives: [a, b]`): a list, as YAML reads it and GitHub's table shows it.
                if reason.reason == .flowCollection, !Self.readKeys.contains(key) || Self.listKeys.contains(key),
                    continuation.allSatisfy(isBlank), let items = Self.flowSequence(value)
                {
                    entries[key] = Entry(value: "", items: items, line: line.number)
                } else {
                    unreadable.append(Unreadable(key: key, line: line.number, reason: reason.reason))
                }
            }
        }
        return nil
    }

    /// The keys every lesson's front matter must have (`FrontMatterClaim`).
    package static let requiredKeys = ["title", "source", "course", "language", "updated", "license"]

    /// The keys a claim reads as text or as a block list: a flow collection there stays unreadable,
    /// but in a list-valued one (`listKeys`).
    static let readKeys = Set(requiredKeys + ["objectives", "lessons"])

    /// The read keys whose value is a list: a one-line flow sequence of scalars there is the same
    /// list as the block form.
    static let listKeys: Set<String> = ["objectives"]

    /// The items of a one-line flow sequence of plain or quoted scalars (`[a, 'b c', "d"]`, a
    /// comment after it), or nil for anything else YAML may read otherwise or reject (a nested
    /// collection, a mapping, an open quote, text after the `]`).
    static func flowSequence(_ value: Substring) -> [String]? {
        guard value.first == "[" else { return nil }
        var items: [String] = []
        var rest = value.dropFirst()
        func skipBlanks() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        skipBlanks()
        if rest.first == "]" {
            rest = rest.dropFirst()
        } else {
            while true {
                skipBlanks()
                guard let first = rest.first else { return nil }
                if first == "'" || first == "\"" {
                    var text = ""
                    var index = rest.index(after: rest.startIndex)
                    var closed = false
                    while index < rest.endIndex {
                        let character = rest[index]
                        index = rest.index(after: index)
                        if character == "\\" && first == "\"" {
                            guard index < rest.endIndex, "\"\\/".contains(rest[index]) else { return nil }
                            text.append(rest[index])
                            index = rest.index(after: index)
                        } else if character == first {
                            if first == "'", index < rest.endIndex, rest[index] == "'" {
                                text.append("'")
                                index = rest.index(after: index)
                            } else {
                                closed = true
                                break
                            }
                        } else {
                            text.append(character)
                        }
                    }
                    guard closed else { return nil }
                    items.append(text)
                    rest = rest[index...]
                    skipBlanks()
                } else {
                    let plain = rest.prefix { $0 != "," && $0 != "]" }
                    let text = plain.trimmingBlanks()
                    guard !text.isEmpty, !"[]{}#&*!|>'\"%@`-?:".contains(text.first!),
                        !text.contains(": "), !text.hasSuffix(":"), !text.contains(" #"),
                        !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                    else { return nil }
                    items.append(String(text))
                    rest = rest.dropFirst(plain.count)
                }
                guard let separator = rest.first else { return nil }
                rest = rest.dropFirst()
                if separator == "]" { break }
                guard separator == "," else { return nil }
            }
        }
        skipBlanks()
        return rest.isEmpty || rest.first == "#" ? items : nil
    }

    /// The key of `text` when it is a `key: value` line (a key name, its colon and a space) indented
    /// with blanks, and how: `1 space`, `2 spaces`, `a tab`.
    static func indentedKey(_ text: String) -> (key: String, described: String)? {
        let blanks = text.prefix { $0 == " " || $0 == "\t" }
        guard !blanks.isEmpty, let (key, rest) = keyAndValue(String(text.dropFirst(blanks.count))), isKeyName(key),
            !rest.allSatisfy({ $0 == " " || $0 == "\t" })
        else { return nil }
        let described =
            blanks.contains("\t")
            ? (blanks.count == 1 ? "with a tab" : "with tabs and spaces")
            : (blanks.count == 1 ? "1 space" : "\(blanks.count) spaces")
        return (key, described)
    }

    /// The key of a top-level `key: value` line (plain, spaced `key :`, or quoted) and the text
    /// after its colon; nil when the line has no mapping colon.
    /// A key name, its colon and right after it invisible characters (`Invisible.leading`: a
    /// no-break space, a zero-width space) where YAML needs a space or a tab: the name, the
    /// characters (with the UTF-8 bytes they take, blanks among them, and whether a blank follows
    /// them) and the 1-based byte column of the first. A byte read for most lines.
    static func invisibleAfterColon(_ text: String) -> (
        name: String, invisible: (scalars: [Unicode.Scalar], length: Int, spaced: Bool), column: Int
    )? {
        let bytes = text.utf8
        guard let colon = bytes.prefix(48).firstIndex(of: UInt8(ascii: ":")),
            bytes.index(after: colon) < bytes.endIndex,
            bytes[bytes.index(after: colon)] >= 0x80
        else { return nil }
        let name = String(decoding: bytes[..<colon], as: UTF8.self)
        let after = Substring(String(decoding: bytes[bytes.index(after: colon)...], as: UTF8.self))
        guard isKeyName(name), let invisible = Invisible.leading(after) else { return nil }
        let next = after.utf8.dropFirst(invisible.length).first
        let spaced = next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == nil
        return (name, (invisible.scalars, invisible.length, spaced), name.utf8.count + 2)
    }

    static func keyAndValue(_ text: String) -> (String, Substring)? {
        if let quote = text.first, quote == "'" || quote == "\"" {
            guard let close = text.dropFirst().firstIndex(of: quote) else { return nil }
            let after = text[text.index(after: close)...].drop { $0 == " " || $0 == "\t" }
            guard after.first == ":", after.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true else {
                return nil
            }
            return (scalar(String(text[...close])), after.dropFirst())
        }
        var index = text.startIndex
        while let colon = text[index...].firstIndex(of: ":") {
            let next = text.index(after: colon)
            if next == text.endIndex || text[next] == " " || text[next] == "\t" {
                // Trailing blanks by bytes, not through reversed Characters (slow per character).
                let head = text[..<colon].utf8
                let blanks = head.reversed().prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
                let key = String(decoding: head.dropLast(blanks), as: UTF8.self)
                return key.isEmpty ? nil : (key, text[next...])
            }
            index = next
        }
        return nil
    }

    struct Failure: Error {
        var reason: Unreadable.Reason
    }

    /// A value as YAML reads it: a block scalar (`|`, `>`, with chomping and indentation
    /// indicators) from its continuation lines, or a flow scalar folded over them.
    static func read(_ value: String, _ continuation: [String]) -> Result<String, Failure> {
        var value = Substring(value)
        // A tag (`!!str`) or an anchor (`&name`) before the value does not change its text.
        while let first = value.first, first == "!" || first == "&" {
            value = value.drop { $0 != " " }.drop { $0 == " " }
        }
        guard let first = value.first else { return .success("") }
        if first == "|" || first == ">" {
            let header = value.prefix { $0 != " " && $0 != "\t" }
            let comment = value.dropFirst(header.count).drop { $0 == " " || $0 == "\t" }
            let indicators = header.dropFirst()
            guard comment.isEmpty || comment.hasPrefix("#"), indicators.count <= 2,
                indicators.allSatisfy({ $0 == "+" || $0 == "-" || ("1"..."9").contains($0) })
            else { return .failure(Failure(reason: .blockScalarHeader(first))) }
            return .success(
                blockScalar(
                    literal: first == "|", chomping: indicators.first { $0 == "+" || $0 == "-" },
                    indent: indicators.first { $0.isNumber }.flatMap { Int(String($0)) }, continuation))
        }
        // By bytes: the control characters refused (C0 but tab, and DEL) are one byte each.
        if let control = value.utf8.first(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) {
            return .failure(Failure(reason: .controlCharacter(Unicode.Scalar(control))))
        }
        if first == "-", value.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true {
            return .failure(Failure(reason: .sequenceInValue))
        }
        if first == "\"" {
            // YAML's escapes: anything else after a backslash is an error.
            var scalars = value.dropFirst().unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                if scalar == "\"" { break }
                guard scalar == "\\", let escaped = scalars.next() else { continue }
                if !"0abt\tnvfre \"/\\N_LPxuU".unicodeScalars.contains(escaped) {
                    return .failure(Failure(reason: .invalidEscape(Character(escaped))))
                }
            }
        }
        if first == "*" { return .failure(Failure(reason: .alias)) }
        if first == "[" || first == "{" { return .failure(Failure(reason: .flowCollection)) }
        if first == "@" || first == "`" || first == "%" { return .failure(Failure(reason: .reservedIndicator(first))) }
        // A flow scalar over several lines: each line break folds to a space, a blank line to a newline.
        var raw = String(value)
        let lines = continuation.reversed().drop { $0.allSatisfy { $0 == " " || $0 == "\t" } }.reversed()
        for text in lines {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            raw += trimmed.isEmpty ? "\n" : (raw.hasSuffix("\n") ? "" : " ") + trimmed
        }
        if first == "'" || first == "\"" {
            let text = scalar(raw)
            guard let rest = afterClosingQuote(raw) else { return .failure(Failure(reason: .unterminatedQuote)) }
            // Only blanks or a comment may follow the closing quote.
            let trailing = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard trailing.isEmpty || (trailing.hasPrefix("#") && rest.first != "#") else {
                return .failure(Failure(reason: .textAfterQuote(String(trailing.prefix { $0 != "\n" }))))
            }
            return .success(text)
        }
        let text = scalar(raw)
        // By bytes, as YAML reads code points (Foundation's `contains` compares graphemes).
        if text.utf8Offset(of: ": ") != nil || text.hasSuffix(":") {
            return .failure(Failure(reason: .colonInPlainScalar))
        }
        return .success(text)
    }

    /// A literal (`|`) or folded (`>`) block scalar's text from its lines: the indentation of the
    /// first non-blank line (or the indicator's) is removed; folding joins two plain lines with a
    /// space, and blank lines give the line breaks (more-indented lines keep theirs); chomping `-`
    /// strips the final line break, `+` keeps the trailing ones, and the default keeps one.
    static func blockScalar(literal: Bool, chomping: Character?, indent: Int?, _ lines: [String]) -> String {
        let width = indent ?? lines.first { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count } ?? 0
        var text = ""
        var breaks = 0
        var started = false
        var previousPlain = false
        for raw in lines {
            let line = raw.count >= width ? String(raw.dropFirst(width)) : ""
            if line.isEmpty {
                breaks += 1
                continue
            }
            let plain = !line.hasPrefix(" ") && !line.hasPrefix("\t")
            if !started {
                text += String(repeating: "\n", count: breaks)
            } else if !literal && plain && previousPlain {
                text += breaks == 0 ? " " : String(repeating: "\n", count: breaks)
            } else {
                text += String(repeating: "\n", count: breaks + 1)
            }
            text += line
            started = true
            previousPlain = plain
            breaks = 0
        }
        guard started else { return "" }
        switch chomping {
        case "-": return text
        case "+": return text + String(repeating: "\n", count: breaks + 1)
        default: return text + "\n"
        }
    }

    /// What follows a quoted scalar's closing quote, or nil when it never closes.
    static func afterClosingQuote(_ raw: String) -> Substring? {
        // By bytes, as YAML reads code points: the quotes and the backslash are ASCII, and walking
        // Characters cost ~10 K instructions a value.
        let text = raw.drop { $0 == " " || $0 == "\t" }
        let bytes = text.utf8
        guard let quote = bytes.first else { return nil }
        var index = bytes.index(after: bytes.startIndex)
        while index < bytes.endIndex {
            let byte = bytes[index]
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                index = bytes.index(after: index)
                if index < bytes.endIndex { index = bytes.index(after: index) }
                continue
            }
            if byte == quote {
                let next = bytes.index(after: index)
                // `''` inside single quotes is one quote.
                if quote == UInt8(ascii: "'"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "'") {
                    index = bytes.index(after: next)
                    continue
                }
                return text[next...]
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// A YAML flow scalar as the front matter uses them: `'it''s'` → `it's`; `"a\"b"` → `a"b`
    /// (with YAML's escapes); a plain scalar up to a comment (` # …`, a `#` after a blank), trimmed.
    /// Why YAML reads a list item (`raw`, after its `- `) as something else than the text typed: a
    /// value `read` refuses (`: ` makes a nested mapping, `[` a flow collection), or a plain item
    /// cut short by a comment (` #`); nil when it reads as typed. A nested list (`- - x`) is no slip.
    static func itemReadsOtherwise(_ raw: String) -> Unreadable.Reason? {
        let text = raw.drop { $0 == " " || $0 == "\t" }
        // Cheap first: most items are quoted, and a plain one needs a `:`, `#` or a leading indicator.
        // (`#` asked of the bytes: Foundation's `contains` took ten thousand instructions an item.)
        guard let first = text.first, first != "'" && first != "\"" || text.utf8.contains(UInt8(ascii: "#")) else {
            return nil
        }
        // A plain item that opens with no indicator and holds no `:`, `#` or control character
        // reads as typed (every item of a course's objectives, on every check): one pass over bytes.
        if !"[]{}&*!|>%@`-?".utf8.contains(text.utf8.first ?? 0),
            !text.utf8.contains(where: {
                $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "#") || $0 < 0x20 && $0 != 0x09 || $0 == 0x7F
            })
        {
            return nil
        }
        if case .failure(let failure) = read(String(text), []) {
            if case .sequenceInValue = failure.reason { return nil }
            return failure.reason
        }
        guard first != "'" && first != "\"" else { return nil }
        let kept = scalar(String(text))
        let trailing = Substring(text.utf8.dropFirst(kept.utf8.count)).drop { $0 == " " || $0 == "\t" }
        guard trailing.hasPrefix("#"), trailing.count > 1 else { return nil }
        return .commentInItem(kept: kept)
    }

    static func scalar(_ raw: String) -> String {
        let text = Array(raw.utf8.drop { $0 == 0x20 || $0 == 0x09 })
        guard let first = text.first else { return "" }
        if first == UInt8(ascii: "'") {
            var value: [UInt8] = []
            var index = 1
            while index < text.count {
                if text[index] == UInt8(ascii: "'") {
                    guard index + 1 < text.count, text[index + 1] == UInt8(ascii: "'") else {
                        return String(decoding: value, as: UTF8.self)
                    }
                    index += 1
                }
                value.append(text[index])
                index += 1
            }
            return raw  // unterminated: not a quoted scalar; keep the text as written
        }
        if first == UInt8(ascii: "\"") {
            var value = ""
            var scalars = String(decoding: text.dropFirst(), as: UTF8.self).unicodeScalars.makeIterator()
            let escapes: [Unicode.Scalar: String] = [
                "n": "\n", "t": "\t", "\\": "\\", "\"": "\"", "/": "/", "0": "\0", "r": "\r", " ": " ", "_": "\u{A0}",
            ]
            while let scalar = scalars.next() {
                if scalar == "\"" { return value }
                guard scalar == "\\" else {
                    value.unicodeScalars.append(scalar)
                    continue
                }
                guard let escaped = scalars.next() else { break }
                if let replacement = escapes[escaped] {
                    value += replacement
                } else if escaped == "u" || escaped == "x" || escaped == "U" {
                    var hex = ""
                    for _ in 0..<(escaped == "x" ? 2 : escaped == "u" ? 4 : 8) {
                        if let digit = scalars.next() { hex.unicodeScalars.append(digit) }
                    }
                    if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) {
                        value.unicodeScalars.append(decoded)
                    }
                } else {
                    value += "\\" + String(escaped)
                }
            }
            return raw  // unterminated
        }
        // Plain scalar: a comment starts at a `#` that follows a blank.
        var end = text.count
        for index in 1..<max(text.count, 1)
        where text[index] == UInt8(ascii: "#") && (text[index - 1] == 0x20 || text[index - 1] == 0x09) {
            end = index
            break
        }
        if first == UInt8(ascii: "#") { end = 0 }
        while end > 0 && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        return String(decoding: text[..<end], as: UTF8.self)
    }
}
