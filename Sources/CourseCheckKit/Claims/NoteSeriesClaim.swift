/// Bold notes (`**GV1.**`, `**DR4.**` opening a paragraph) form one series per prefix, numbered
/// 1, 2, 3 … without gaps or repeats in reading order, and each series stays within one part of the
/// course. The same label in bold elsewhere is a reference, and names a note the course defines.
package struct NoteSeriesClaim: ClaimCheck {
    package let id = DiagnosticID.noteSeries
    package let spansCourse = true
    package let cost = 7
    package let readsTreeOutputs = false
    package let readsOnlyText = true

    package init() {}

    /// A note marker found in prose.
    struct Note {
        var prefix: String
        var number: Int
        var path: String
        var line: Int
        var column: Int
        /// For a marker a reader takes for a note but typed with a look-alike (`**GV５.**`): as written,
        /// the look-alike, the character it stands for, and its column.
        var lookAlike: (written: String, has: Unicode.Scalar, wanted: Unicode.Scalar, column: Int)?
        /// A definition a reader takes for the note, written so it does not read as one.
        var slip: DefinitionSlip?
        /// For a reference whose number has a leading zero (`**DR01**`, `DR01'de`): the label as
        /// written and as meant, bold as written (`**DR01**`, `**DR1**`). Readers see the zero,
        /// and a search for that label finds no note.
        var padded: (written: String, meant: String)? = nil
        /// For a reference in another near form (`**dr1**`, `**GV 3**`, `**DRl**`): as written, as
        /// meant, and what differs. Reported only where the note meant is defined.
        var near: (written: String, meant: String, why: String)? = nil
        /// True for a label in running text, not in bold (`ЕK2'de`): its fix is written plain.
        var plain = false
        /// A reference whose number has a letter read as a digit (`GVӀ2`, `GVl2`): a label only
        /// when the course defines the note it reads as, else a word, not judged.
        var letterDigit = false
        /// True for a near form read loosely (any mark for its full stop or between its letters and
        /// number, `**DR5…**`, `**DR_5.**`; a letter of its series' dropped, doubled or changed,
        /// `**D5.**`): the note only where the series is due that number, else no note at all.
        var tentative = false
        /// For a bold label after a few characters of text at its paragraph's start (`⚠️ **DR5.**`),
        /// read as a near-form definition: where the label is, for the reference it is where its
        /// series is not due that number.
        var referenceAt: (line: Int, column: Int)? = nil
        /// For a near-form definition whose number holds letters (`**GVS.**`, `**DRs.**`,
        /// `**DR5x.**`): the slip as written, the number's characters as written, the other
        /// differences, and where among them the number's goes. A reader takes it for the note its
        /// series is due, whatever the letters read as: the check names that number.
        var lettered: Lettered? = nil
        /// For a near-form definition with no space after it (`**GV8.**Bu`): the word glued to it,
        /// which the fix writes after a space.
        var glued: String? = nil
    }

    /// What a near form's number `written` is where the note `label` has `due`: the characters
    /// as written, those not in ASCII by code point and name (`Ⅱ` alone is U+2161 ROMAN NUMERAL
    /// TWO), or that it has none.
    /// The character a reader sees, as one scalar where it composes to one: `İ` saved decomposed
    /// (`I` + U+0307) is named as the `İ` it shows, not as its `I`.
    static func composedScalar(_ character: Character) -> Unicode.Scalar? {
        guard character.unicodeScalars.count > 1 else { return character.unicodeScalars.first }
        let composed = Decomposed.composed(String(character)).unicodeScalars
        return composed.count == 1 ? composed.first : character.unicodeScalars.first
    }

    static func describeNumber(_ written: String, label: String, due: Int) -> String {
        if written.isEmpty { return "no number where \(label) has '\(due)'" }
        let scalars = Array(written.unicodeScalars)
        if scalars.count == 1, let scalar = scalars.first, !scalar.isASCII {
            return "\(Invisible.describe(scalar)) where \(label) has '\(due)'"
        }
        return "'\(written)' where \(label) has '\(due)'" + Self.named(written)
    }

    /// A near-form definition's number that holds letters (`Note.lettered`).
    struct Lettered {
        var written: String
        var number: String
        var differences: [String]
        var at: Int
    }

    enum DefinitionSlip: Equatable {
        /// A paragraph opening with the label `label` not in bold (`` `GV2.` ``, `GV2.`, `**GV2.*`):
        /// as rendered; `written` is the source as typed, which the message quotes.
        case notBold(written: String, label: String)
        /// The bold label starts a line inside the paragraph above (the blank line before it is gone).
        case merged(String)
        /// A heading opening with the label; `underline`: the line of its setext underline (`---`
        /// or `===` typed right under the note's paragraph), which is the slip then.
        case heading(String, underline: Int? = nil)
        /// A line inside an HTML comment (`<!-- **DR1.** … -->`) that opens with the bold label
        /// `label`: readers see nothing of the note.
        case inComment(String)
        /// A paragraph opening with the bold label `label`, indented `written` (4 columns or more)
        /// after a blank line: an indented code block, which GitHub shows as code.
        case indented(String, written: String)
        /// A paragraph opening with a near form (`written`, in the source) of `label`: what differs.
        case nearForm(written: String, label: String, [String])
        /// A paragraph opening with a code span, `written`, that holds the bold label `label` and
        /// the text after it, `meant`: the label shows its asterisks in code font.
        case codeRunsOn(written: String, label: String, meant: String)
    }

    /// The line of a setext heading's underline (`---` or `===` under its text), the line after
    /// its last; nil for a heading written with `#`, which its first line's prefix holds.
    static func setextUnderline(_ block: Prose.TextBlock) -> Int? {
        guard case .heading = block.kind, let first = block.segments.first, let last = block.segments.last,
            !first.line.text.utf8.prefix(max(first.column - 1, 0)).contains(UInt8(ascii: "#"))
        else { return nil }
        return last.line.number + 1
    }

    /// A lesson's bold labels, read once and split: the notes it defines (a paragraph that opens
    /// with strong emphasis, `**GV1.**` or `__GV1.__`, holding one to four capital letters, a number
    /// and a full stop, in reading order) and the notes it refers to (the same label in bold
    /// anywhere but at a paragraph's start: `as **GV3.** shows`, `see **GV3**`).
    static func notesAndReferences(in lesson: CourseFacts.LessonFacts) -> Labels {
        lesson.noteLabels.once { notesAndReferences(in: lesson.prose) }
    }

    typealias Labels = (notes: [Note], references: [Note])

    static func notesAndReferences(in prose: Prose) -> Labels {
        var notes: [Note] = []
        var references: [Note] = []
        for label in labels(in: prose) {
            if label.opensParagraph || label.note.slip != nil {
                notes.append(label.note)
            } else {
                references.append(label.note)
            }
        }
        return (notes, references)
    }

    /// Where `written` has a letter that `labelSkeleton` read as a digit or an `I` (`skeleton`): a
    /// Turkish `İ` or `ı`, or another script's letter of `OtherDigits.labelLetterDigits` (`Ӏ`), the
    /// first such: the scalar, what it reads as, and its UTF-8 offset.
    static func turkishI(_ written: String, _ skeleton: String) -> (
        has: Unicode.Scalar, wanted: Unicode.Scalar, offset: Int
    )? {
        var offset = 0
        for (mine, theirs) in zip(written.unicodeScalars, skeleton.unicodeScalars) {
            if mine != theirs {
                let letter =
                    mine.value == 0x130 || mine.value == 0x131
                    || OtherDigits.labelLetterDigits[Character(mine)] == String(theirs)
                return letter ? (mine, theirs, offset) : nil
            }
            offset += UTF8.width(mine)
        }
        return nil
    }

    /// A label as a reader reads it: look-alikes as what they look like, invisible characters gone.
    static func labelSkeleton(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        let read = Array(Invisible.skeleton(text).unicodeScalars.filter { $0.properties.generalCategory != .format })
        for (offset, scalar) in read.enumerated() {
            // A superscript digit (`DR³`), which the skeleton keeps, reads as its digit too.
            if !scalar.isASCII, let digit = OtherDigits.value(scalar) {
                scalars.append(Unicode.Scalar(0x30 + digit))
            } else if scalar.value == 0x130 || scalar.value == 0x131,
                let last = scalars.last, last.isASCII, last.properties.isUppercase || last.properties.numericType != nil
            {
                // A Turkish keyboard's `İ` or `ı` after a label's capitals or digits: before a digit
                // it is the number's 1 (`GVİ2`); else the `I` a number typed as a letter is read from (`DRİ`).
                let next = offset + 1 < read.count ? read[offset + 1] : nil
                scalars.append(next.map { $0.isASCII && $0.properties.numericType != nil } == true ? "1" : "I")
            } else if !scalar.isASCII, let last = scalars.last, last.isASCII,
                last.properties.isUppercase || last.properties.numericType != nil,
                let digit = OtherDigits.labelLetterDigits[Character(scalar)]?.unicodeScalars.first
            {
                // Another script's letter a label's number reads as a digit (`GVӀ2`, Cyrillic
                // palochka for 1; `OtherDigits.labelLetterDigits`, the table labels are read by):
                // after the capitals or digits, a reference reads it so too.
                scalars.append(digit)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// What a lesson's text says of the series `prefixes` outside bold labels: paragraphs that open
    /// with a label not in bold (the anchor is on the page, so they are definitions with a slip),
    /// and labels in running text, plain or in code (`GV22'de`, `` `GV3` ``), which are references.
    /// `opened`: the first lines of the paragraphs a bold note opens (`notesAndReferences`).
    typealias PlainLabels = (definitions: [Note], references: [Note])

    /// What a lesson's plain labels are read against: the course's series and the lesson's bold notes.
    struct PlainContext: Equatable, Sendable {
        var prefixes: Set<String>
        var opened: Set<Int>
    }

    static func plainLabels(in lesson: CourseFacts.LessonFacts, prefixes: Set<String>, opened: Set<Int> = [])
        -> PlainLabels
    {
        var definitions: [Note] = []
        var references: [Note] = []
        // A byte scan first: a block can hold a label only where a prefix's first letter is
        // followed by the prefix's second byte, a digit, or a multi-byte character (a look-alike,
        // an invisible one, an entity's `&` aside, which the rendered text resolves).
        let firsts = Set(prefixes.compactMap(\.utf8.first)).sorted()
        /// True when the block may hold a label outside its bold spans (those are `labels`'s).
        /// The bold spans are read only once a candidate is seen: most blocks have none. Each
        /// first letter is found by memchr (a loop over every byte of every block cost 1.5 M).
        func mayHoldLabel(_ source: String, strongSpans: () -> [Range<Int>]) -> Bool {
            var source = source
            return source.withUTF8 { bytes in
                if ByteSearch.firstOffset(of: UInt8(ascii: "&"), in: bytes) != nil { return true }
                // A label may open with a look-alike capital: Greek or Cyrillic (lead bytes CE–D1), fullwidth (EF BC).
                // By memchr, one lead byte at a time: `contains(where:)` is a closure call a byte in
                // the debug build.
                for lead: UInt8 in 0xCE...0xD1 where ByteSearch.firstOffset(of: lead, in: bytes) != nil { return true }
                var from = 0
                while let at = ByteSearch.firstOffset(of: 0xEF, in: bytes, from: from), at + 1 < bytes.count {
                    if bytes[at + 1] == 0xBC { return true }
                    from = at + 1
                }
                var bold: [Range<Int>]? = nil
                for first in firsts {
                    var from = 0
                    while let at = ByteSearch.firstOffset(of: first, in: bytes, from: from), at + 1 < bytes.count {
                        from = at + 1
                        let byte = bytes[at + 1]
                        // Turkish letters (ö ü ç: C3, ğ ı İ: C4, ş: C5) are no look-alikes of a capital or a digit.
                        guard
                            (byte >= 0x80 && !(0xC3...0xC5).contains(byte)) || byte.isASCIIDigit
                                || (byte >= 0x41 && byte <= 0x5A)
                        else { continue }
                        let spans = bold ?? strongSpans()
                        bold = spans
                        if !spans.contains(where: { $0.contains(at) }) { return true }
                    }
                }
                return false
            }
        }
        for block in lesson.prose.blocks {
            // A paragraph that opens with a near form of a label defines that note, with a slip;
            // the label is not also a reference.
            var openingEnd = 0
            if block.kind == .paragraph, !opened.contains(block.firstLine.number),
                let (note, end) = nearFormOpening(block, prefixes: prefixes, path: lesson.path)
            {
                definitions.append(note)
                openingEnd = end
            }
            // The inline structure is parsed only for a block the byte scan cannot clear.
            let strongSpans = { block.inline.emphasis.filter(\.strong).map(\.content) }
            guard mayHoldLabel(block.source, strongSpans: strongSpans) else { continue }
            let inline = block.inline
            let bold = strongSpans()
            let characters = inline.readable()
            // A character as a reader reads it: nil for an invisible one (skipped), a look-alike as
            // what it looks like. Only the few characters of a candidate label pay for this.
            func read(_ character: Character) -> Character? {
                if character.isASCII { return character }
                // A joiner after a letter is part of its Character (`G` + U+200D): left out too.
                let visible = Self.visible(character)
                guard !visible.isEmpty else { return nil }
                let plain = Invisible.skeleton(visible)
                // A superscript digit (`DR³`), which the skeleton keeps, reads as its digit.
                if let scalar = plain.unicodeScalars.first, plain.unicodeScalars.count == 1, !scalar.isASCII,
                    let digit = OtherDigits.value(scalar)
                {
                    return Character(Unicode.Scalar(0x30 + digit))
                }
                return plain.count == 1 ? plain.first : character
            }
            var index = 0
            while index < characters.count {
                // A label starts a word with a capital letter.
                let first = read(characters[index].character)
                guard let first, first.isASCII, first.isUppercase,
                    index == 0
                        || !characters[index - 1].character.isLetterOrNumber
                else {
                    index += 1
                    continue
                }
                let start = index
                var letters = ""
                var typed: [Unicode.Scalar] = []
                var digits = ""
                var next: Character?
                var cursor = index
                /// A run of number-form characters that ends the label (`GV②②`, `GVⅩⅡ`), as written.
                var numerals = ""
                /// The letter read as a digit of the number (`GVӀ2`), by its index in `characters`.
                var letterDigit: (index: Int, has: Unicode.Scalar, wanted: Unicode.Scalar)?
                while cursor < characters.count {
                    // A letter a label's number reads as a digit (`GVӀ2`, `GV1З`, `GVl2`), as the bold
                    // label is read (`labelSkeleton`, `OtherDigits.labelLetterDigits`): once the capitals
                    // are a series' prefix, one such letter (an ASCII capital, which may go on the
                    // prefix, only after a whole prefix and before a digit: `GVI2`); the number must
                    // have a digit too (checked below).
                    let original = characters[cursor].character
                    let capital = original.isASCII && original.isUppercase && digits.isEmpty
                    if letterDigit == nil, !letters.isEmpty, digits.count < 3, original.unicodeScalars.count == 1,
                        let has = original.unicodeScalars.first,
                        let digit = OtherDigits.labelLetterDigits[original]?.unicodeScalars.first,
                        capital
                            ? prefixes.contains(letters) && cursor + 1 < characters.count
                                && characters[cursor + 1].character.isASCII
                                && characters[cursor + 1].character.isNumber
                            : Self.series(typed: typed, read: letters, in: prefixes) != nil
                    {
                        letterDigit = (cursor, has, digit)
                        digits.unicodeScalars.append(digit)
                        cursor += 1
                        continue
                    }
                    if !letters.isEmpty, digits.count < 3, !characters[cursor].character.isASCII,
                        let run = Self.numeralRun(characters.lazy.map(\.character), from: cursor),
                        digits.count + run.digits.count <= 3
                    {
                        digits += run.digits
                        numerals += run.written
                        cursor += run.count
                        next = cursor < characters.count ? read(characters[cursor].character) : nil
                        break
                    }
                    guard let character = read(characters[cursor].character) else {
                        cursor += 1
                        continue
                    }
                    if digits.isEmpty, character.isASCII, character.isUppercase, letters.count < 5 {
                        letters.append(character)
                        typed += Self.visible(characters[cursor].character).unicodeScalars
                    } else if character.isASCII, character.isNumber, !letters.isEmpty, digits.count < 4 {
                        digits.append(character)
                    } else if !character.isASCII, !letters.isEmpty, let read = OtherDigits.digits(character),
                        digits.count + read.count < 4
                    {
                        // A number-form character (`GV②②`, `GV⑫`) reads as its digits; named below.
                        digits += read
                    } else {
                        next = character
                        break
                    }
                    cursor += 1
                }
                index = max(cursor, start + 1)
                guard (1...4).contains(letters.count), (1...3).contains(digits.count),
                    !(next?.isLetterOrNumber ?? false), letterDigit == nil || digits.count > 1
                else { continue }
                let offset = characters[start].offset
                guard let prefix = Self.series(typed: typed, read: letters, in: prefixes), offset >= openingEnd,
                    !bold.contains(where: { $0.contains(offset) }), let number = Int(digits)
                else { continue }
                let at = block.location(of: offset, in: lesson.path)
                var note = Note(
                    prefix: prefix, number: number, path: lesson.path, line: at.line, column: at.column, lookAlike: nil)
                // A look-alike or invisible character inside the label (`ЕK2`, `EK\u{200B}2`): named where it is.
                let token = characters[start..<cursor]
                let written = String(token.map(\.character))
                if !numerals.isEmpty,
                    written.utf8.count - numerals.utf8.count == written.utf8.prefix(while: { $0 < 0x80 }).count
                {
                    // `GV②②'de`: read as the number it is, and named by code point, as in bold.
                    let label = "\(prefix)\(number)"
                    note.near = (
                        written, label,
                        Self.describeNumber(
                            String(written.drop { $0.isASCII && $0.isLetter }), label: label, due: number)
                    )
                    note.plain = true
                } else if written.utf8.contains(where: { $0 >= 0x80 }) || letterDigit != nil,
                    let alike = LabelReferenceClaim.firstLookAlike(written, "\(prefix)\(digits)")
                        ?? letterDigit.map({ letter in
                            (
                                letter.has, letter.wanted,
                                token.prefix(letter.index - start).reduce(0) { $0 + $1.character.utf8.count }
                            )
                        })
                {
                    note.letterDigit = letterDigit != nil
                    // In code (`` `DR٣` ``) every character has the span's offset: the label is found
                    // in the source from there.
                    let exact = token.last.map { $0.offset > characters[start].offset } ?? false
                    let from = characters[start].offset
                    let found =
                        exact
                        ? token.first(where: { $0.offset - from >= alike.offset })?.offset
                        : block.source.utf8.dropFirst(from).firstRange(of: written.utf8).map {
                            block.source.utf8.distance(from: block.source.utf8.startIndex, to: $0.lowerBound)
                                + alike.offset
                        } ?? from
                    if let found {
                        note.lookAlike = (
                            written, alike.has, alike.wanted, block.location(of: found, in: lesson.path).column
                        )
                        note.plain = true
                    }
                }
                if digits.count > 1, digits.first == "0", note.lookAlike == nil {
                    note.padded = (written, "\(prefix)\(number)")
                }
                if case .heading = block.kind, start == 0, next == "." {
                    // At the block's start, where the bold belongs.
                    let start = block.location(of: 0, in: lesson.path)
                    (note.line, note.column) = (start.line, start.column)
                    note.slip = .heading("\(prefix)\(number).", underline: Self.setextUnderline(block))
                    definitions.append(note)
                } else {
                    references.append(note)
                }
            }
        }
        return (definitions + commentedLabels(in: lesson, prefixes: prefixes), references)
    }

    /// The notes a block the rendering does not read as prose hides: a note paragraph indented 4
    /// columns after a blank line is an indented code block, one finding at that line, and the
    /// note is read as defined there, so the series after it is not called broken; so is a note in
    /// a comment (`hiddenLabels`). (A line that opens with a closed comment, `<!-- x -->**DR1.**`,
    /// is the comment owner's finding, and the lesson is read without the comment.) Only the
    /// document's top-level blocks are read: a lesson has a few at most.
    static func commentedLabels(in lesson: CourseFacts.LessonFacts, prefixes: Set<String>) -> [Note] {
        guard let document = lesson.lesson.document else { return [] }
        var found: [Note] = []
        for node in document.children {
            if case .htmlBlock(2) = node.kind {
                found += hiddenLabels(in: node, lesson: lesson, prefixes: prefixes)
            }
            guard case .indentedCode = node.kind else { continue }
            let line = lesson.lesson.file.lines[node.lines.lowerBound]
            let blank = line.text.prefix { $0 == " " || $0 == "\t" }
            let columns = blank.reduce(0) { $1 == "\t" ? ($0 / 4 + 1) * 4 : $0 + 1 }
            let indent =
                blank.allSatisfy { $0 == " " } ? "\(columns) spaces" : "\(Plural.count(columns, "column")) (with a tab)"
            let text = String(decoding: line.text[...].utf8.dropFirst(blank.utf8.count), as: UTF8.self)
            guard text.hasPrefix("**") || text.hasPrefix("__") else { continue }
            let prose = Prose(file: SourceFile(path: lesson.path, text: text))
            guard var note = labels(in: prose).first(where: \.opensParagraph)?.note, prefixes.contains(note.prefix)
            else { continue }
            (note.line, note.column) = (line.number, 1)
            let label = "\(note.prefix)\(note.number)."
            note.slip = .indented(label, written: indent)
            found.append(note)
        }
        return found
    }

    /// The notes inside the comment block `node`: a line of it (the first after its `<!--`) that
    /// opens with a bold label. Each is one finding at its line (where a comment left open hides
    /// it, that comment's finding stands for it), and the note is read as defined there, so the
    /// series after it is not called broken.
    static func hiddenLabels(in node: BlockNode, lesson: CourseFacts.LessonFacts, prefixes: Set<String>) -> [Note] {
        var found: [Note] = []
        for (offset, content) in node.content.enumerated() {
            var text = content.text.drop { $0 == " " || $0 == "\t" }
            if offset == 0 {
                guard text.hasPrefix("<!--") else { return [] }
                text = text.dropFirst(4).drop { $0 == " " || $0 == "\t" }
            }
            guard text.hasPrefix("**") || text.hasPrefix("__") else { continue }
            let prose = Prose(file: SourceFile(path: lesson.path, text: String(text)))
            guard var note = labels(in: prose).first(where: \.opensParagraph)?.note, prefixes.contains(note.prefix)
            else { continue }
            (note.line, note.column) = (content.index + 1, 1)
            note.slip = .inComment("\(note.prefix)\(note.number).")
            found.append(note)
        }
        return found
    }

    /// `character` without its format scalars (a zero-width joiner extends the letter before it).
    static func visible(_ character: Character) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: character.unicodeScalars.filter { $0.properties.generalCategory != .format })
        return String(scalars)
    }

    /// Characters a reader may take for a digit inside a label's number: the one table's.
    static var letterDigits: [Character: String] { OtherDigits.labelLetterDigits }

    /// Latin capitals a reader takes for another one in a label's letters (`ĐR1` for DR1), which
    /// `Invisible.skeleton` leaves as they are: they are letters of Latin alphabets of their own.
    static let latinLookAlikes: [Character: Character] = ["\u{110}": "D"]

    /// A capital letter of another script than Latin (`Д`), one scalar: in a label's letters it is
    /// a slip for the series' letter, whether or not it looks like it.
    static func isForeignCapital(_ character: Character) -> Bool {
        guard !character.isASCII, character.isUppercase, character.unicodeScalars.count == 1,
            let scalar = character.unicodeScalars.first
        else { return false }
        return !scalar.isLatinLetter
    }

    /// A hyphen or dash a label may be slipped with between its letters and number (`GV-12`, `GV–12`).
    static func isDash(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return scalar == "-" || (0x2010...0x2015).contains(scalar.value)
            || [0x2212, 0xFE63, 0xFF0D].contains(scalar.value)
    }

    /// A punctuation mark or symbol, one scalar (`…`, `!`, `·`, `_`, `#`), but not the bold's own
    /// `*`: where a label's full stop belongs, or between its letters and number, a slip for it.
    static func isMark(_ character: Character) -> Bool {
        guard character != "*", character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first
        else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default: return false
        }
    }

    /// The one series of `prefixes` whose letters `read` (capitals) are with one letter dropped,
    /// added or changed (`D`, `DRR`, `DT` for DR); nil when none or more than one is.
    static func editedSeries(_ read: String, in prefixes: Set<String>) -> String? {
        guard !read.isEmpty, read.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        let fits = prefixes.filter { EditDistance.distance(read.utf8, $0.utf8) == 1 }
        return fits.count == 1 ? fits.first : nil
    }

    /// The series of `prefixes` a label's letters name: `read` (its letters as a reader takes them)
    /// when that is a series; else, when look-alikes were read (`typed` differs from `read` there),
    /// the one series that matches every other letter. Cyrillic VE looks like B, but `GВ12` where GB
    /// is no series and GV is, is the note GV12 typed with a look-alike.
    static func series(typed: [Unicode.Scalar], read: String, in prefixes: Set<String>) -> String? {
        if prefixes.contains(read) { return read }
        let reading = Array(read.unicodeScalars)
        guard typed.count == reading.count, typed.contains(where: { !$0.isASCII }) else { return nil }
        let matches = prefixes.filter { prefix in
            let letters = Array(prefix.unicodeScalars)
            return letters.count == reading.count
                && reading.indices.allSatisfy { !typed[$0].isASCII || letters[$0] == reading[$0] }
        }
        return matches.count == 1 ? matches.first : nil
    }

    /// True when `source` may open with a note label: after any bold, emphasis or code markers, spaces
    /// and one HTML tag, a letter (or an entity, a non-Turkish letter, a no-break space) with a
    /// digit (or a character that may stand for one) within the next 24 bytes. Most paragraphs
    /// open with a Turkish word and no digit: a byte scan clears them before any parsing.
    static func mayOpenWithLabel(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            var at = 0
            // Marks a label may be wrapped in: bold, emphasis, code, a link's `[` (an image's `!`), a
            // strikethrough's `~`.
            let marks: [UInt8] = [0x2A, 0x5F, 0x60, 0x20, 0x09, 0x5B, 0x21, 0x7E]
            while at < bytes.count, marks.contains(bytes[at]) { at += 1 }
            if at < bytes.count, bytes[at] == UInt8(ascii: "<"),
                let close = bytes[at...].firstIndex(of: UInt8(ascii: ">"))
            {
                at = close + 1
                while at < bytes.count, marks.contains(bytes[at]) { at += 1 }
            }
            guard at < bytes.count else { return false }
            // A number typed as letters (`DRI.`, `DRl**`): capitals, then l, I or O right before the stop.
            var end = at
            while end < min(at + 6, bytes.count), bytes[end].isASCIILetter { end += 1 }
            if end > at + 2, end < bytes.count, [0x2E, 0x2A, 0x5F].contains(bytes[end]),
                Array("lIOLZSB".utf8).contains(bytes[end - 1])
            {
                return true
            }
            // A bar for the number's 1 (`DR|.`).
            if end > at + 1, end < bytes.count, bytes[end] == UInt8(ascii: "|") { return true }
            // A Turkish keyboard's `İ` or `ı` (C4 B0, C4 B1) for it, before the stop (`DRİ.`).
            if end > at + 1, end + 2 < bytes.count, bytes[end] == 0xC4, bytes[end + 1] | 1 == 0xB1,
                [0x2E, 0x2A, 0x5F].contains(bytes[end + 2])
            {
                return true
            }
            let first = bytes[at]
            // `Đ` (C4 90) for D; the other C4 letters are Turkish.
            let dStroke = first == 0xC4 && at + 1 < bytes.count && bytes[at + 1] == 0x90
            guard
                (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) || first == UInt8(ascii: "&") || first == 0xC2
                    || first >= 0xC6 || first == UInt8(ascii: "\\") || dStroke
            else { return false }
            // A digit, an entity, a non-Turkish letter, or a superscript digit (C2 B2/B3/B9, E2 81 Bx).
            let window = bytes[at..<min(at + 24, bytes.count)]
            for offset in window.indices {
                let byte = window[offset]
                if byte.isASCIIDigit || byte == UInt8(ascii: "&") || byte >= 0xC6 { return true }
                guard offset + 1 < bytes.count else { continue }
                let next = bytes[offset + 1]
                if byte == 0xC2, [0xB2, 0xB3, 0xB9].contains(next) { return true }
                if byte == 0xE2, next == 0x81 { return true }
            }
            return false
        }
    }

    /// A paragraph that opens with a near form of the label of a note of the series `prefixes`,
    /// the form a reader still takes for the label but that does not read as one: not in bold,
    /// other punctuation than its full stop (`**GV3:**`, `**GV3 -**`, `**GV3**`) or its full stop
    /// outside the bold (`**GV3**.`), a space inside it (`**GV 3.**`, a no-break one too), another
    /// case (`**gv3.**`), a leading zero (`**GV03.**`), a look-alike or invisible character. Bold (or no bold) as rendered: `__GV3:__` is bold. Not bold, the label needs
    /// punctuation after it (`GV3 ile` is a sentence naming the note); either way a space or the
    /// paragraph's end follows it. The note as it should read, at the paragraph's start, with
    /// what differs, and the UTF-8 offset where the label ends in the source.
    static func nearFormOpening(_ block: Prose.TextBlock, prefixes: Set<String>, path: String) -> (
        note: Note, end: Int
    )? {
        if mayOpenWithLabel(block.source), let found = readNearForm(block, prefixes: prefixes, path: path) {
            return found
        }
        return letteredOpening(block, prefixes: prefixes, path: path)
    }

    /// The strikethrough or image a paragraph opens with, through the bold, emphasis or link it
    /// opens with (`~~**DR4.**~~`, `**~~DR4.~~**`, `<del>DR4.</del>`, `![**DR4.**](x)`): its source
    /// range, and what it makes of a label. GitHub shows the label in it crossed out, or as an
    /// image's alt text, so it does not read as a note; nil when there is none.
    static func wrappedOpening(_ inline: Inline) -> (range: Range<Int>, why: String)? {
        // The one reading of wrappers (`Inline.wrapper`); a code span and a comment have their own owners.
        switch inline.wrapper() {
        case let wrapper? where wrapper.kind == .struck: (wrapper.range, "struck through")
        case let wrapper? where wrapper.kind == .image: (wrapper.range, "as an image's alt text")
        default: nil
        }
    }

    /// True when `source` may open with a `wrappedOpening`: a `~`, `<` or `!` in its first bytes.
    static func mayBeWrapped(_ source: String) -> Bool {
        source.utf8.prefix(8).contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "!") }
    }

    /// `nearFormOpening` for a label whose number reads as a number (look-alikes read as digits).
    static func readNearForm(_ block: Prose.TextBlock, prefixes: Set<String>, path: String) -> (
        note: Note, end: Int
    )? {
        let inline = block.inline
        // A strikethrough's `~`, a raw tag or an image's `!` before the label: struck through, it
        // is read too.
        let wrapped = Self.mayBeWrapped(block.source) ? Self.wrappedOpening(inline) : nil
        let characters = inline.readable(keepingStruck: wrapped != nil)
        var index = 0
        while index < characters.count, characters[index].character.isWhitespace { index += 1 }
        // Asterisks shown as written: a bold that does not close (an invisible character after it).
        let shownMarks = characters[index...].prefix { $0.character == "*" || $0.character == "_" }.count
        index += shownMarks
        let firstMark = index - shownMarks
        // A space after the asterisks keeps them from opening bold (`** GV3.**`): they show.
        let spacedMarks =
            shownMarks > 0 && index < characters.count && characters[index].character.isWhitespace
            ? String(characters[index - shownMarks..<index].map(\.character)) : nil
        while shownMarks > 0, index < characters.count, characters[index].character.isWhitespace { index += 1 }
        // Asterisks typed escaped (`\*\*DR5.\*\*`, `\**DR5.**`, what a rich-text export makes of bold)
        // or as character references (`&#42;&#42;DR5.&#42;&#42;`, `&ast;`), before the label or after
        // it: they show, around the label and after it alike. Read from the source's first word.
        let literalMarks =
            shownMarks > 0 && spacedMarks == nil
            ? Inline.literalMarks(
                in: Array(block.source.utf8)[...].drop { $0 == 0x20 || $0 == 0x09 }.prefix {
                    $0 != 0x20 && $0 != 0x09 && $0 != 0x0A
                }) : nil
        let escapedMarks = literalMarks != nil
        // The label and its marks in a code span at the paragraph's start (`` `**DR4.**` ``): the marks
        // show, in code font, as escaped ones do. (`<code>**DR4.**</code>` is bold in code font: a note.)
        let code =
            shownMarks > 0
            ? inline.codeSpans.first { span in
                span.range.lowerBound == characters[firstMark].offset
                    && inline.plain(0..<span.range.lowerBound).allSatisfy(\.isWhitespace)
            } : nil
        // A backslash before the label, which is no escape before a letter and shows.
        let backslash = index < characters.count && characters[index].character == "\\"
        var leftover = "\\"
        if backslash { index += 1 }
        // `\t` typed before it (a tab as code writes one; `\n`, `\r` alike): the letter is the
        // backslash's, not the label's, when no lower-case letter follows it.
        if backslash, index + 1 < characters.count, ["t", "n", "r"].contains(characters[index].character),
            !(characters[index + 1].character.isASCII && characters[index + 1].character.isLowercase)
        {
            leftover.append(characters[index].character)
            index += 1
        }
        let start = index
        /// The character a reader takes `character` for, when it is one scalar that maps to one.
        func plain(_ character: Character) -> Character? {
            if character.isASCII { return character }
            if let latin = Self.latinLookAlikes[character] { return latin }
            let mapped = Invisible.skeleton(String(character))
            return mapped.count == 1 ? mapped.first : nil
        }
        func isFormat(_ character: Character) -> Bool {
            character.unicodeScalars.count == 1 && character.unicodeScalars.first?.properties.generalCategory == .format
        }
        var letters = ""
        var typed: [Unicode.Scalar] = []
        /// Each letter as written, one per letter of `letters`: a look-alike's compatibility form
        /// may be another letter (`Ⅰ` reads as I), and its scalars are not one per letter.
        var lettersWritten: [Character] = []
        /// Each look-alike, and the index of the letter it stands for (nil for a digit).
        var lookAlikes: [(has: Unicode.Scalar, wanted: Unicode.Scalar, letter: Int?)] = []
        var invisibles: [Unicode.Scalar] = []
        /// Spaces and dashes between the letters and the number (`GV 3`, `GV-3`).
        var between: [Unicode.Scalar] = []
        /// A space inside the letters (`D R1`): the letter count before it.
        var split: Int? = nil
        /// True once the label is read loosely (`Note.tentative`).
        var loose = false
        var digits = ""
        /// True once a space was read between two digits of the number (`DR1 7`).
        var spaceInNumber = false
        /// The number's characters as written (`S` in `GVS`, `l5` in `GVl5`).
        var numberWritten = ""
        /// The bold the paragraph opens with, holding the label's start: its number ends where the
        /// bold does (`**GV8**Bu` is GV8 with a word glued to it, not GV88 with `B` for a digit).
        let openingBold =
            start < characters.count
            ? inline.emphasis.first { span in
                span.strong && span.content.contains(characters[start].offset)
                    && inline.plain(0..<span.open).allSatisfy(\.isWhitespace)
            } : nil
        while index < characters.count {
            if !digits.isEmpty, let openingBold, characters[index].offset >= openingBold.content.upperBound { break }
            var character = characters[index].character
            // A joiner after a letter is part of its Character (`G` + U+200D): named, and the letter read.
            if !character.isASCII, !isFormat(character), let letter = Self.visible(character).first,
                character.unicodeScalars.contains(where: { $0.properties.generalCategory == .format })
            {
                invisibles += character.unicodeScalars.filter { $0.properties.generalCategory == .format }
                character = letter
            }
            let mapped = plain(character)
            if isFormat(character), let scalar = character.unicodeScalars.first {
                invisibles.append(scalar)
            } else if digits.isEmpty, split == nil, between == [" "], letters.count < 4, let mapped, mapped.isASCII,
                mapped.isUppercase, mapped == character
            {
                // A space inside the letters (`D R1`): the letters after it are the label's too.
                split = letters.count
                between = []
                letters.append(mapped)
                lettersWritten.append(character)
                typed += character.unicodeScalars
            } else if !letters.isEmpty, between.isEmpty, digits.count < 4, !(character.isASCII && character.isLetter),
                let digit = Self.letterDigits[character], let has = Self.composedScalar(character),
                let wanted = digit.unicodeScalars.first
            {
                // A character that is no letter of a label typed for a digit (`DR|`, `DR¹`, Cyrillic `DRЗ`).
                lookAlikes.append((has, wanted, nil))
                digits.append(digit)
                numberWritten.append(character)
            } else if digits.isEmpty, between.isEmpty, letters.count < 5, let mapped, mapped.isASCII,
                mapped.isLetter
            {
                if mapped != character, let has = character.unicodeScalars.first,
                    let wanted = mapped.uppercased().unicodeScalars.first
                {
                    lookAlikes.append((has, wanted, letters.count))
                }
                letters.append(mapped)
                lettersWritten.append(character)
                typed += character.unicodeScalars
            } else if digits.isEmpty, between.isEmpty, letters.count < 5, Self.isForeignCapital(character),
                let has = character.unicodeScalars.first
            {
                // A capital of another script a reader may take for the series' letter (`ДR1`): read
                // as any letter, so the one series its other letters fit names it.
                lookAlikes.append((has, has, letters.count))
                letters.append("?")
                lettersWritten.append(character)
                typed.append(has)
            } else if !letters.isEmpty, digits.isEmpty,
                character.isWhitespace || Self.isDash(character)
                    || Self.isMark(character) && index + 1 < characters.count
                        && characters[index + 1].character.isASCII && characters[index + 1].character.isNumber,
                between.count < 2, let scalar = character.unicodeScalars.first
            {
                // Another mark than a space or a dash, before a digit (`DR_5`, `DR#5`, `DR.5`): loosely.
                if !character.isWhitespace, !Self.isDash(character) { loose = true }
                between.append(scalar)
            } else if !letters.isEmpty, digits.count < 4, let mapped, mapped.isASCII, mapped.isNumber {
                if mapped != character, let has = character.unicodeScalars.first,
                    let wanted = mapped.unicodeScalars.first
                {
                    lookAlikes.append((has, wanted, nil))
                }
                digits.append(mapped)
                numberWritten.append(character)
            } else if !digits.isEmpty, digits.count < 3, !spaceInNumber, character == " ",
                index + 1 < characters.count, characters[index + 1].character.isASCII,
                characters[index + 1].character.isNumber
            {
                // A space between two digits (`DR1 7`): one number, the space a slip inside it.
                spaceInNumber = true
            } else if !digits.isEmpty, digits.count < 4, let digit = Self.letterDigits[character],
                let has = Self.composedScalar(character), let wanted = digit.unicodeScalars.first
            {
                // A letter typed for a digit inside the number (`EK2l`).
                lookAlikes.append((has, wanted, nil))
                digits.append(digit)
                numberWritten.append(character)
            } else {
                break
            }
            index += 1
        }
        // Letters typed for the number's first digits (`DRI.`, `DRl2.`): read as the letters of no
        // series, they are the digits of the one their other letters name.
        if between.isEmpty, Self.series(typed: typed, read: letters.uppercased(), in: prefixes) == nil {
            let run = letters.reversed().prefix { Self.letterDigits[$0] != nil }.count
            if run > 0, run < letters.count, digits.count + run <= 3,
                Self.series(
                    typed: Array(typed.dropLast(lettersWritten.suffix(run).reduce(0) { $0 + $1.unicodeScalars.count })),
                    read: String(letters.dropLast(run)).uppercased(), in: prefixes)
                    != nil
            {
                let taken = letters.suffix(run)
                let written = lettersWritten.suffix(run)
                // The letters taken are the number's: a look-alike read as one of them (`Ⅰ`, U+2160,
                // read as I) is named as the number's character, by what was typed.
                let kept = letters.count - run
                lookAlikes.removeAll { $0.letter.map { $0 >= kept } ?? false }
                for (character, typedCharacter) in zip(taken, written).reversed() {
                    if let has = typedCharacter.unicodeScalars.first,
                        let wanted = Self.letterDigits[character]?.unicodeScalars.first
                    {
                        lookAlikes.insert((has, wanted, nil), at: 0)
                    }
                }
                digits = taken.compactMap { Self.letterDigits[$0] }.joined() + digits
                numberWritten = String(written) + numberWritten
                letters.removeLast(run)
                typed.removeLast(written.reduce(0) { $0 + $1.unicodeScalars.count })
                lettersWritten.removeLast(run)
            }
        }
        guard (1...4).contains(letters.count), (1...3).contains(digits.count),
            letters.contains(where: { $0 != "?" }), let number = Int(digits), number > 0
        else { return nil }
        var differences: [String] = []
        // Its letters a series' with one dropped, doubled or changed (`D5`, `DRR5` for DR5): loosely.
        let named = Self.series(typed: typed, read: letters.uppercased(), in: prefixes)
        let edited = named == nil && lookAlikes.isEmpty ? Self.editedSeries(letters.uppercased(), in: prefixes) : nil
        guard let prefix = named ?? edited else { return nil }
        if let edited {
            loose = true
            differences.append("'\(letters)' for \(edited)")
        }
        // A look-alike stands for the letter of the series it is read in (Cyrillic VE in `GВ3` for V).
        let prefixLetters = Array(prefix.unicodeScalars)
        lookAlikes = lookAlikes.map { alike in
            guard let letter = alike.letter, prefixLetters.indices.contains(letter) else { return alike }
            return (alike.has, prefixLetters[letter], letter)
        }
        // Punctuation after the number, perhaps after a space: the label's full stop or its stand-in.
        var end = index
        while end < characters.count, characters[end].character == " " || characters[end].character == "\u{A0}" {
            end += 1
        }
        // The bold the label opens with, read once before its number.
        let strong = openingBold
        // Any mark stands for the full stop (`**DR5…**`, `**DR5!**`, `*DR5!*`), and in bold a
        // number typed twice over it too (`**DR5.5.**`): loosely.
        var punctuation = ""
        while end < characters.count, punctuation.count < 6 {
            let character = characters[end].character
            if punctuation.count < 2, let mapped = plain(character), ".:-\u{2013}\u{2014}),;".contains(mapped) {
            } else if character != "_",
                Self.isMark(character)
                    || (strong != nil && !punctuation.isEmpty && character.isASCII && character.isNumber)
            {
                loose = true
            } else {
                break
            }
            punctuation.append(character)
            end += 1
        }
        if punctuation.isEmpty { end = index }
        // The closing asterisks shown as written, and what kept them from closing: an invisible
        // character between them and the space (`**EK21.**` and U+200B).
        var after: [Unicode.Scalar] = []
        /// True when the code span holding the label runs on into the text after it.
        var codeRunsOn = false
        /// The index of the first character of a word glued to the label, no space between (`**GV8.**Bu`): after
        /// a full stop and before a letter the closing asterisks cannot close, so readers see them.
        var gluedAt: Int? = nil
        if shownMarks > 0 {
            var cursor = end
            while cursor < characters.count, cursor - end < shownMarks,
                characters[cursor].character == "*" || characters[cursor].character == "_"
            {
                cursor += 1
            }
            while cursor < characters.count, isFormat(characters[cursor].character),
                let scalar = characters[cursor].character.unicodeScalars.first
            {
                after.append(scalar)
                cursor += 1
            }
            // In code, the span ends with the marks, or runs on past them with a blank and the text
            // after the label (`` `**DR4.** Bu` ``): the label and its sentence in code font.
            if let code, cursor < characters.count, characters[cursor].offset < code.range.upperBound {
                guard characters[cursor].character.isWhitespace else { return nil }
                codeRunsOn = true
            }
            if after.isEmpty, cursor - end == shownMarks, cursor < characters.count,
                !characters[cursor].character.isWhitespace
            {
                gluedAt = cursor
            }
            if !after.isEmpty || spacedMarks != nil || escapedMarks || code != nil || gluedAt != nil { end = cursor }
        }
        // The opening bold lost a mark (`*DR5.**`, `_DR5.__`): emphasis closes after the label and the
        // closing pair's other mark shows after it, as the one before it shows in `**DR5.*`. Not in bold.
        if shownMarks == 0, strong == nil, end > start, end < characters.count,
            let mark = characters[end].character as Character?, mark == "*" || mark == "_",
            inline.source.first(where: { $0 != 0x20 && $0 != 0x09 }) == mark.asciiValue
        {
            var cursor = end
            while cursor < characters.count, cursor - end < 2, characters[cursor].character == mark { cursor += 1 }
            if cursor == characters.count || characters[cursor].character.isWhitespace { end = cursor }
        }
        // In bold that closes (`**GV8**Bu`, `**GV8**.Bu`), a letter or digit right after the bold, or
        // after a full stop after it: the word is glued to a label that has no full stop in bold.
        if gluedAt == nil, let openingBold, end > start, end < characters.count,
            characters[end].character.isLetter || characters[end].character.isNumber,
            characters[end].offset >= openingBold.content.upperBound,
            characters[start..<end].allSatisfy({
                $0.offset < openingBold.content.upperBound || $0.character == "."
            })
        {
            gluedAt = end
            // `**GV8**de` may be a reference with its suffix: the note only where its series is due it.
            loose = true
        }
        guard end == characters.count || characters[end].character.isWhitespace || gluedAt != nil else {
            return nil
        }
        let tail = String(characters[index..<end].map(\.character))
        guard strong != nil || !punctuation.isEmpty else { return nil }
        let label = "\(prefix)\(number)."
        if let wrapped { differences.append(wrapped.why) }
        if backslash { differences.append("'\(leftover)' before it, which shows") }
        if let split, split > 0, split < prefix.count {
            differences.append("a space between \(prefix.prefix(split)) and \(prefix.dropFirst(split))")
        }
        if code != nil {
            let mark = characters[firstMark].character
            differences.append(
                "in a code span, so readers see its \(mark == "*" ? "asterisks" : "underscores") in code font")
        } else if let spacedMarks {
            differences.append("a space after its opening '\(spacedMarks)', which keeps it from opening bold")
        } else if let literalMarks {
            let mark = characters[start - 1].character
            let marks = mark == "*" ? "asterisks" : "underscores"
            differences.append(
                literalMarks == .entities
                    ? "its \(marks) written as entities, so readers see them"
                    : "written with escaped '\\\(mark)', so readers see the \(marks)")
        } else if strong == nil, after.isEmpty, gluedAt == nil || shownMarks == 1 {
            differences.append("not in bold")
        }
        if letters != letters.uppercased(), edited == nil { differences.append("in lower case") }
        if digits.count > 1, digits.first == "0" { differences.append("a leading zero in its number") }
        // Each separator once: two spaces (`DR  5`) are one difference.
        for (offset, separator) in between.enumerated() where !between[..<offset].contains(separator) {
            differences.append("\(Invisible.describe(separator)) between \(prefix) and \(number)")
        }
        /// The differences that name a letter typed for a digit of the number (`Note.lettered`).
        var letterInNumber: [Int] = []
        for (has, wanted, letter) in lookAlikes {
            if letter == nil, has.properties.isAlphabetic { letterInNumber.append(differences.count) }
            differences.append("\(Invisible.describe(has)) where \(prefix)\(number) has \(Invisible.describe(wanted))")
        }
        if spaceInNumber { differences.append("a space inside its number") }
        for invisible in invisibles { differences.append("\(Invisible.name(invisible)) inside it") }
        let stop = String(tail.prefix { !"*_".contains($0) && !isFormat($0) })
        if stop != "." {
            // A mark not in ASCII by its code point and name (`…`, U+2026 HORIZONTAL ELLIPSIS).
            let named = stop.count == 1 && !stop.allSatisfy(\.isASCII) ? stop.first.map(Invisible.describe) : nil
            differences.append(
                stop.isEmpty ? "no full stop" : "\(named ?? "'\(stop)'") for its full stop")
        }
        if stop == ".", let strong, punctuation.count == 1, characters[end - 1].offset >= strong.content.upperBound {
            differences.append("its full stop outside the bold")
        }
        for invisible in after {
            differences.append("\(Invisible.name(invisible)) after it, which keeps its bold from closing")
        }
        if gluedAt != nil {
            // Shown for no other reason, the marks show because of it.
            let shownByGlue = shownMarks > 0 && spacedMarks == nil && literalMarks == nil && code == nil
            let mark = shownMarks > 0 ? characters[firstMark].character : "*"
            let marks = (mark == "*" ? "asterisk" : "underscore") + (shownMarks == 1 ? "" : "s")
            differences.append("no space after it" + (shownByGlue ? ", so readers see its \(marks)" : ""))
        }
        // Else text the bold holds after the label (`**DR5. Not:**`): the label is the bold's start only.
        if differences.isEmpty, let strong, end > 0 {
            let labelEnd = characters[end - 1].offset + characters[end - 1].character.utf8.count
            if strong.content.upperBound > labelEnd {
                differences.append("'\(inline.text(labelEnd..<strong.content.upperBound))' after it inside the bold")
            }
        }
        // The source up to the label's end, its closing bold included.
        var endOffset = end > 0 ? characters[end - 1].offset + characters[end - 1].character.utf8.count : 0
        if let strong, strong.content.upperBound >= endOffset {
            endOffset = strong.content.upperBound
            while endOffset < inline.source.count, [0x2A, 0x5F].contains(inline.source[endOffset]) { endOffset += 1 }
        } else if strong == nil, shownMarks == 0, end > start,
            inline.source.first(where: { $0 != 0x20 && $0 != 0x09 }).map({ [0x2A, 0x5F].contains($0) }) == true
        {
            // In emphasis (`*DR5!*`): its closing mark too.
            while endOffset < inline.source.count, [0x2A, 0x5F].contains(inline.source[endOffset]) { endOffset += 1 }
        }
        // The written form the message quotes runs to the closing marks of the italics the label
        // is in (`**DR10.*`, a bold mark lost: `*` then `<em>DR10.</em>`), to the closing
        // backticks of a code span it is in (`` `DR10.` ``).
        if strong == nil, code == nil, endOffset > 0, start < characters.count,
            let italic = inline.emphasis.first(where: {
                !$0.strong && $0.content.lowerBound <= characters[start].offset && $0.content.upperBound >= endOffset
            })
        {
            endOffset = max(endOffset, min(italic.content.upperBound + 1, inline.source.count))
        }
        if code == nil, endOffset > 0, let span = inline.codeSpans.first(where: { $0.range.contains(endOffset - 1) }) {
            endOffset = max(endOffset, span.range.upperBound)
        }
        // And to the end of a link whose text it is (`[DR4.](x)`).
        if strong == nil, endOffset > 0, let link = inline.links.first(where: { $0.text.contains(endOffset - 1) }) {
            endOffset = max(endOffset, link.range.upperBound)
        }
        if let code { endOffset = code.range.upperBound }
        if let wrapped { endOffset = max(endOffset, wrapped.range.upperBound) }
        /// The glued word as read, to the next blank: the fix writes it after a space.
        var glued: String? = nil
        if let gluedAt {
            let word = characters[gluedAt...].prefix { !$0.character.isWhitespace }
            glued = String(word.map(\.character))
            let from = characters[gluedAt].offset
            endOffset = max(
                endOffset,
                inline.source[from...].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A } ?? inline.source.count)
        }
        // Escapes make the offsets those of their text node: the label is the source's first word.
        if escapedMarks {
            let blanks = inline.source.prefix { $0 == 0x20 || $0 == 0x09 }.count
            endOffset =
                inline.source[blanks...].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A } ?? inline.source.count
        }
        let at = block.location(of: 0, in: path)
        var note = Note(prefix: prefix, number: number, path: path, line: at.line, column: at.column, lookAlike: nil)
        note.tentative = loose
        let written = inline.text(0..<min(endOffset, inline.source.count))
        note.glued = glued
        note.slip =
            differences == ["not in bold"]
            ? .notBold(written: written, label: label) : .nearForm(written: written, label: label, differences)
        // The code span runs on past the label: the fix takes the span's content out of code, whole,
        // its first word the label as meant (`` `**DR4:** Bu` `` is `**DR4.** Bu`).
        if codeRunsOn, let code {
            note.slip = .codeRunsOn(
                written: written, label: label,
                meant: "**\(label)**" + code.content.drop { !$0.isWhitespace })
        }
        if let first = letterInNumber.first {
            note.lettered = Lettered(
                written: written, number: numberWritten,
                differences: differences.indices.filter { !letterInNumber.contains($0) }.map { differences[$0] },
                at: first)
        }
        return (note, endOffset)
    }

    /// A paragraph that opens with a label whose number holds letters that read as no number
    /// (`**DRs.**`, `**DR5x.**`, `**DRsekiz.**`): the series' letters, then one to eight letters
    /// and digits, at least one a letter (several capitals alone are a word, `**DRAFT.**`), then
    /// a full stop or a mark for it. In bold, or not in bold with its full stop or a colon
    /// (`DRs.`); its series' letters in lower case only with a digit in its number (`**dr5x.**`:
    /// `**Ekler.**` is a word). A reader takes it for the note its series is due: the note, its
    /// number left to the check (`Note.lettered`), and where the label ends in the source.
    static func letteredOpening(_ block: Prose.TextBlock, prefixes: Set<String>, path: String) -> (
        note: Note, end: Int
    )? {
        /// True when `word` opens with the series' letters `prefix`, in either case unless `exact`.
        func opens(_ word: some Collection<UInt8>, with prefix: String, exact: Bool) -> Bool {
            word.count > prefix.utf8.count
                && zip(word, prefix.utf8).allSatisfy { exact ? $0 == $1 : $0 | 0x20 == $1 | 0x20 }
        }
        // A byte scan first: bold marks (or none, and a full stop or colon after the word), then
        // a series' letters and a letter or digit more.
        var source = block.source
        let mayBe = source.withUTF8 { bytes -> Bool in
            var at = 0
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
            let marks = at
            while at < bytes.count, bytes[at] == 0x2A || bytes[at] == 0x5F { at += 1 }
            guard at - marks != 1 else { return false }
            var end = at
            while end < bytes.count, end - at < 13, bytes[end].isASCIILetter || bytes[end].isASCIIDigit { end += 1 }
            let word = bytes[at..<end]
            // The series' letters alone, then a character not in ASCII (`**GVⅡ.**`, `**GV①.**`)
            // or, in bold, the full stop (`**GV.**`): a number of other characters, or none.
            if end < bytes.count, end - at <= 4, bytes[at] >= 0x41, bytes[at] <= 0x5A,
                bytes[end] >= 0x80 || (at > marks && bytes[end] == UInt8(ascii: ".")),
                prefixes.contains(where: { $0.utf8.elementsEqual(word) })
            {
                return true
            }
            if at == marks {
                guard end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ":") else {
                    return false
                }
            }
            return prefixes.contains { opens(word, with: $0, exact: at == marks) }
        }
        guard mayBe else { return nil }
        let inline = block.inline
        let strong = inline.emphasis.first { span in
            span.strong && inline.plain(0..<span.open).allSatisfy(\.isWhitespace)
        }
        /// The label's text (in bold, the bold's), and the source offset where it ends.
        let content: String
        var end: Int
        if let strong {
            content = inline.text(strong.content)
            end = strong.content.upperBound
            while end < inline.source.count, [0x2A, 0x5F].contains(inline.source[end]) { end += 1 }
        } else {
            let bytes = inline.source
            guard bytes.first.map({ $0.isASCIILetter }) == true else { return nil }
            // Not in bold, the number's characters may be other characters (`GVⅡ.`), up to the stop.
            let stop =
                bytes.firstIndex { !($0.isASCIILetter || $0.isASCIIDigit || $0 >= 0x80) } ?? bytes.count
            guard stop < bytes.count, bytes[stop] == UInt8(ascii: ".") || bytes[stop] == UInt8(ascii: ":") else {
                return nil
            }
            content = String(decoding: bytes[...stop], as: UTF8.self)
            end = stop + 1
        }
        let upper = content.uppercased()
        guard
            let prefix = prefixes.filter({ (strong == nil ? content : upper).hasPrefix($0) }).max(by: {
                $0.count < $1.count
            })
        else { return nil }
        let lower = !content.hasPrefix(prefix)
        let rest = content.dropFirst(prefix.count)
        let number = rest.prefix { $0.isASCII ? $0.isLetter || $0.isNumber : OtherDigits.isNumberForm($0) }
        // A number of other characters than ASCII digits (`Ⅱ`, `①`, `½`, `₁`, `1` with a combining
        // mark or as a keycap, another script's digit or numeral) reads as no number; in bold, a
        // label with its number left out (`**GV.**`) too.
        let other = number.contains { !$0.isASCII }
        guard (strong != nil && number.isEmpty) || (1...8).contains(number.count),
            number.isEmpty || other || number.contains(where: \.isLetter),
            number.count <= 1 || other || number.contains(where: { !$0.isUppercase }),
            !lower || number.contains(where: \.isNumber)
        else { return nil }
        let inside = rest.dropFirst(number.count)
        guard inside.count <= 1, inside.allSatisfy({ Self.isMark($0) }) else { return nil }
        // A full stop right after the bold is the label's.
        var outside = false
        if strong != nil, inside.isEmpty, end < inline.source.count, inline.source[end] == UInt8(ascii: ".") {
            outside = true
            end += 1
        }
        guard end == inline.source.count || [0x20, 0x09, 0x0A].contains(inline.source[end]) else { return nil }
        var differences: [String] = []
        if strong == nil { differences.append("not in bold") }
        if lower { differences.append("in lower case") }
        let at = differences.count
        if outside {
            differences.append("its full stop outside the bold")
        } else if inside != "." {
            let stop = inside.first.map { $0.isASCII ? "'\($0)'" : Invisible.describe($0) }
            differences.append(stop.map { "\($0) for its full stop" } ?? "no full stop")
        }
        let written = inline.text(0..<end)
        let location = block.location(of: 0, in: path)
        var note = Note(
            prefix: prefix, number: 0, path: path, line: location.line, column: location.column, lookAlike: nil)
        note.slip = .nearForm(written: written, label: "", differences)
        note.lettered = Lettered(written: written, number: String(number), differences: differences, at: at)
        return (note, end)
    }

    /// Every bold note label of a lesson, and whether it opens its paragraph. A reference may go
    /// without the full stop a definition carries.
    static func labels(in lesson: CourseFacts.LessonFacts) -> [(note: Note, opensParagraph: Bool)] {
        labels(in: lesson.prose)
    }

    /// The bold labels of `prose`. `filtered` false parses every block: the property test's
    /// reference for the byte prefilter.
    static func labels(in prose: Prose, filtered: Bool = true) -> [(note: Note, opensParagraph: Bool)] {
        var notes: [(note: Note, opensParagraph: Bool)] = []
        // A label needs bold and a digit as rendered: an ASCII one, an entity's, or a look-alike's.
        for block in prose.blocks
        where !filtered
            || (block.source.containsByte(UInt8(ascii: "*")) || block.source.containsByte(UInt8(ascii: "_"))
                || block.source.containsByte(UInt8(ascii: "<")))
                && (block.source.utf8.contains { $0.isASCIIDigit || $0 == UInt8(ascii: "&") }
                    || Invisible.mayHoldLookAlike(block.source) || Self.mayHoldLetterNumber(block.source))
        {
            let inline = block.inline
            for span in inline.emphasis where span.strong {
                // The label as rendered: `**GV&#49;.**` is the note GV1.
                var bytes = ArraySlice(inline.plain(span.content).utf8)
                var lookAlike: (written: String, has: Unicode.Scalar, wanted: Unicode.Scalar, column: Int)?
                // Opening as rendered: `***GV2.***` (strong in emphasis) opens its paragraph too.
                let opens = block.kind == .paragraph && inline.plain(0..<span.open).allSatisfy(\.isWhitespace)
                // Struck through at the paragraph's start (`~~**DR4.**~~`): a near form (`readNearForm`).
                if opens, span.struck || Self.mayBeWrapped(block.source),
                    Self.wrappedOpening(inline)?.range.overlaps(span.content) == true
                {
                    continue
                }
                if bytes.contains(where: { $0 >= 0x80 }), !opens,
                    let near = Self.numeralReference(String(decoding: bytes, as: UTF8.self))
                {
                    // `see **GV①②**`, `**GVⅡ**`: a reference whose number is written with number-form
                    // characters, read as the number they are and named by code point.
                    let at = block.location(of: span.open, in: prose.path)
                    var note = Note(
                        prefix: near.prefix, number: near.number, path: prose.path, line: at.line, column: at.column,
                        lookAlike: nil)
                    let stop = bytes.last == UInt8(ascii: ".") ? "." : ""
                    note.near = (
                        "**\(near.written)\(stop)**", "**\(near.prefix)\(near.number)\(stop)**", near.why
                    )
                    notes.append((note, false))
                    continue
                }
                if bytes.contains(where: { $0 >= 0x80 }) {
                    // Read as the reader does: `GV５.` is the note GV5, typed with a look-alike, and
                    // `GV\u{200B}5.` with an invisible character; composed, as `GVİ` saved decomposed shows.
                    let written = Decomposed.composed(String(decoding: bytes, as: UTF8.self))
                    let skeleton = Self.labelSkeleton(written)
                    // Another script's letter for a digit in a label opening its paragraph is
                    // `readNearForm`'s, as the Latin letters are: a reference's is read here.
                    guard
                        let (has, wanted, offset) = LabelReferenceClaim.firstLookAlike(written, skeleton)
                            ?? Self.turkishI(written, skeleton),
                        !opens || !has.properties.isAlphabetic || has.value == 0x130 || has.value == 0x131
                            || OtherDigits.labelLetterDigits[Character(has)] == nil
                            || Invisible.looksAlike(has, wanted)
                    else {
                        continue
                    }
                    lookAlike = (
                        written, has, wanted,
                        block.location(of: span.content.lowerBound + offset, in: prose.path).column
                    )
                    bytes = ArraySlice(skeleton.utf8)
                }
                let letters = bytes.prefix { $0 >= 65 && $0 <= 90 }.count
                let digits = bytes.dropFirst(letters).prefix { $0 >= 48 && $0 <= 57 }.count
                var stop = bytes.last == UInt8(ascii: ".") ? 1 : 0
                let stopInBold = stop == 1
                // `see **GV2**.`: the sentence's full stop after a reference. Opening a paragraph,
                // `**GV2**.` renders unlike every other label: a near form (`nearFormOpening`).
                if stop == 0, !opens, span.content.upperBound + 2 < inline.source.count,
                    inline.source[span.content.upperBound + 2] == UInt8(ascii: ".")
                {
                    bytes.append(UInt8(ascii: "."))
                    stop = 1
                }
                // Capitals and no digit (`**DRI**`) are no label, but may be one with a letter for its number.
                // So may a look-alike read as such a letter (`**GVⅠ**`, U+2160 read as I): named by code point.
                if !opens,
                    lookAlike.map({ alike in
                        // The sentence's full stop after the bold (`**DRⅠ**.`) is no character of it.
                        // Or one read as a digit (`**GV1О**`, Cyrillic O): the table that reads labels'.
                        (digits == 0 || Self.letterDigits[Character(alike.has)] != nil)
                            && alike.written.unicodeScalars.count == bytes.count - (stopInBold ? 0 : stop)
                            && alike.written.unicodeScalars.count { !$0.isASCII } == 1
                    }) ?? true,
                    letters == 0 || digits == 0 || letters + digits + stop != bytes.count,
                    var near = Self.nearReference(bytes.dropLast(stop))
                {
                    var written = String(decoding: bytes.dropLast(stop), as: UTF8.self)
                    if let lookAlike {
                        written = String(lookAlike.written.dropLast(stopInBold ? stop : 0))
                        near.why = near.why.replacing(
                            "'\(lookAlike.wanted)' where", with: "\(Invisible.describe(lookAlike.has)) where")
                        // A space of another kind (`GV\u{A0}12`) named by code point, as a label's is.
                        if lookAlike.wanted == " " {
                            near.why = near.why.replacing(
                                "a space between", with: "\(Invisible.name(lookAlike.has)) between")
                        }
                    }
                    let at = block.location(of: span.open, in: prose.path)
                    var note = Note(
                        prefix: near.prefix, number: near.number, path: prose.path, line: at.line, column: at.column,
                        lookAlike: nil)
                    let end = stopInBold ? "." : ""
                    note.near = ("**\(written)\(end)**", "**\(near.prefix)\(near.number)\(end)**", near.why)
                    notes.append((note, false))
                    continue
                }
                // A label opening its paragraph with a leading zero (`**DR01.**`) is a near form too.
                let leadingZero = digits > 1 && bytes[bytes.startIndex + letters] == UInt8(ascii: "0")
                guard (1...4).contains(letters), (1...9).contains(digits), letters + digits + stop == bytes.count,
                    stop == 1 || !opens, !(opens && leadingZero),
                    let number = Int(String(decoding: bytes.dropFirst(letters).prefix(digits), as: UTF8.self))
                else { continue }
                let at = block.location(of: span.open, in: prose.path)
                var note = Note(
                    prefix: String(decoding: bytes.prefix(letters), as: UTF8.self), number: number,
                    path: prose.path, line: at.line, column: at.column, lookAlike: lookAlike)
                if leadingZero, !opens, lookAlike == nil {
                    let (written, meant) = (
                        String(decoding: bytes.prefix(letters + digits), as: UTF8.self), "\(note.prefix)\(number)"
                    )
                    let stop = stopInBold ? "." : ""
                    note.padded = ("**\(written)\(stop)**", "**\(meant)\(stop)**")
                }
                let label = "\(note.prefix)\(number)."
                let before = inline.plain(0..<span.open)
                // A mark typed after the label's closing bold (`**EK2.***`, `__EK2.___`): a blank after
                // it, it can open nothing, and no opener is left before it, so it shows after the label,
                // as the one before it shows in `***EK2.**`.
                let closed = min(span.content.upperBound + 2, inline.source.count)
                let stray =
                    opens && stop == 1
                        && inline.source[..<max(0, span.content.lowerBound - 2)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                    ? inline.source[closed...].prefix { $0 == 0x2A || $0 == 0x5F }.count : 0
                let strayEnd = closed + stray
                if case .heading = block.kind, stop == 1, before.allSatisfy(\.isWhitespace) {
                    note.slip = .heading(label, underline: Self.setextUnderline(block))
                } else if block.kind == .paragraph, (1...2).contains(stray),
                    strayEnd == inline.source.count || [0x20, 0x09, 0x0A].contains(inline.source[strayEnd])
                {
                    note.slip = .nearForm(
                        written: inline.text(0..<strayEnd), label: label,
                        ["'\(inline.text(closed..<strayEnd))' after it, which shows"])
                } else if !opens, stop == 1, block.kind == .paragraph,
                    let lineStart = inline.source[..<span.open].lastIndex(of: UInt8(ascii: "\n")),
                    inline.source[(lineStart + 1)..<span.open].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
                {
                    note.slip = .merged(label)
                } else if !opens, stop == 1, stopInBold, lookAlike == nil, !leadingZero, block.kind == .paragraph,
                    let leading = Self.leadingText(before, source: inline.source[..<span.open])
                {
                    // A few characters before it (`⚠️ `, `(`, `Not: `): a note with a slip where its
                    // series is due that number (`tentative`), else the reference it reads as.
                    var end = span.content.upperBound
                    while end < inline.source.count, [0x2A, 0x5F].contains(inline.source[end]) { end += 1 }
                    // Invisible characters alone are named by code point only: quoted, they show nothing.
                    let invisible = leading.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
                    var differences = [
                        invisible
                            ? leading.unicodeScalars.map(Invisible.name).joined(separator: " + ") + " before it"
                            : "'\(leading)' before it" + Self.named(leading)
                    ]
                    if let closer = Self.closers[leading.last ?? " "],
                        inline.source[end...].starts(with: String(closer).utf8)
                    {
                        end += String(closer).utf8.count
                        differences = ["'\(leading)' before it and '\(closer)' after it" + Self.named(leading)]
                    }
                    let start = block.location(of: 0, in: prose.path)
                    note.referenceAt = (note.line, note.column)
                    (note.line, note.column) = (start.line, start.column)
                    note.tentative = true
                    note.slip = .nearForm(written: inline.text(0..<end), label: label, differences)
                }
                notes.append((note, opens))
            }
        }
        return notes
    }

    /// The text before a bold label on its paragraph's first line when it is a few characters
    /// (an emoji, a bracket or quote, a word like `Not:`), with no letter or digit right before
    /// the bold unless it is all there is, a leftover (`1**DR1.**`, `1x**DR1.**`, `Leftover.reading`):
    /// what keeps the label from opening its paragraph. A word glued to the bold (`bkz**DR1.**`)
    /// names it.
    static func leadingText(_ before: String, source: ArraySlice<UInt8>) -> String? {
        guard !source.contains(UInt8(ascii: "\n")), !before.allSatisfy(\.isWhitespace), before.count <= 8,
            let last = before.last
        else { return nil }
        let leading = String(before.drop(while: \.isWhitespace))
        guard !last.isLetter && !last.isNumber || Leftover.reading(leading) != nil else { return nil }
        return leading
    }

    /// The closing bracket or quote of an opening one before a label (`(**DR5.**)`).
    static let closers: [Character: Character] = ["(": ")", "[": "]", "\"": "\"", "'": "'", "“": "”", "«": "»"]

    /// The characters of leading text a message cannot show plainly (an emoji's variation
    /// selector), by code point and name.
    static func named(_ text: String) -> String {
        let hidden = text.unicodeScalars.filter { !$0.isASCII }
        guard !hidden.isEmpty else { return "" }
        return ": " + hidden.map(Invisible.name).joined(separator: " + ")
    }

    /// A bold reference whose number is written with number-form characters (`GV①②`, `GV⑫`,
    /// `GVⅡ`, and a full stop after it): its capitals, the number `OtherDigits` reads, the label
    /// as written without its stop, and what differs; nil for any other.
    static func numeralReference(_ text: String) -> (prefix: String, number: Int, written: String, why: String)? {
        let body = text.hasSuffix(".") ? text.dropLast() : Substring(text)
        let letters = body.utf8.prefix { $0 >= 65 && $0 <= 90 }.count
        let rest = body.dropFirst(letters)
        // Digits of another script alone (`GV𝟏𝟐`) are the look-alike reading's.
        guard (1...4).contains(letters), let read = OtherDigits.leading(rest),
            rest.unicodeScalars.contains(where: {
                OtherDigits.numeral($0) != nil || OtherDigits.romanLetters($0) != nil
            }),
            read.utf8Count == rest.utf8.count, read.ascii.count <= 3, let number = Int(read.ascii), number > 0
        else { return nil }
        let prefix = String(body.prefix(letters))
        return (
            prefix, number, String(body), Self.describeNumber(String(rest), label: "\(prefix)\(number)", due: number)
        )
    }

    /// The run of number-form characters at `from` (`②②`, `ⅩⅡ`, `⑫`) when it ends a label (no
    /// letter or digit after it): its digits as `OtherDigits` reads them, as written, and how many
    /// characters it takes. A Roman one followed by digits (`GⅤ12`) is a look-alike letter, not this.
    static func numeralRun<Characters: RandomAccessCollection<Character>>(_ characters: Characters, from: Int) -> (
        digits: String, written: String, count: Int
    )? where Characters.Index == Int {
        func isNumeral(_ character: Character) -> Bool {
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, !scalar.isASCII
            else { return false }
            return OtherDigits.numeral(scalar) != nil || OtherDigits.romanLetters(scalar) != nil
        }
        guard from < characters.count, isNumeral(characters[from]) else { return nil }
        var count = 0
        while from + count < characters.count, count < 6, OtherDigits.digits(characters[from + count]) != nil {
            count += 1
        }
        let written = String(characters[from..<(from + count)])
        guard from + count == characters.count || !characters[from + count].isLetterOrNumber,
            let number = OtherDigits.leading(written), number.utf8Count == written.utf8.count
        else { return nil }
        return (number.ascii, written, count)
    }

    /// True when `source` holds a capital, then `l`, `I`, `O`, `İ` or `ı` right before a bold's end or a
    /// full stop (`DRl**`, `DRI.`): a note's number typed as a letter, with no digit in the block.
    static func mayHoldLetterNumber(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 1..<(bytes.count - 1) {
                // `İ` and `ı` are two bytes (C4 B0, C4 B1), and `İ` saved decomposed three (`I`, CC
                // 87): the byte after them is the one that counts.
                let decomposed =
                    bytes[index] == UInt8(ascii: "I") && index + 3 < bytes.count && bytes[index + 1] == 0xCC
                    && bytes[index + 2] == 0x87
                let width =
                    decomposed
                    ? 3
                    : bytes[index] == UInt8(ascii: "l") || bytes[index] == UInt8(ascii: "I")
                        || bytes[index] == UInt8(ascii: "O")
                        ? 1
                        : bytes[index] == 0xC4 && index + 2 < bytes.count && (bytes[index + 1] | 1) == 0xB1 ? 2 : 0
                guard width > 0 else { continue }
                let (before, after) = (bytes[index - 1], bytes[index + width])
                if before >= 65, before <= 90,
                    after == UInt8(ascii: "*") || after == UInt8(ascii: "_") || after == UInt8(ascii: ".")
                {
                    return true
                }
            }
            return false
        }
    }

    /// A bold reference a reader takes for a note label but that is none as written: its letters
    /// in lower case (`dr1`), a space before its number (`GV 3`), a letter for a digit of its
    /// number (`DRl`, `DRI`) or one or two letters after it (`DR5x`), one of them. The label meant
    /// and what differs; nil otherwise.
    static func nearReference(_ bytes: ArraySlice<UInt8>) -> (prefix: String, number: Int, why: String)? {
        let text = Array(bytes)
        var letters = text.prefix { $0.isASCIILetter }.count
        var rest = text[letters...]
        let spaced = rest.first == 0x20
        if spaced { rest = rest.dropFirst() }
        var number = rest.map { Character(UnicodeScalar($0)) }
        // `GVl2`: capitals, then a lower-case letter for a digit before the number's other digits.
        if !number.isEmpty, !spaced {
            let run = text[..<letters].reversed().prefix { letterDigits[Character(UnicodeScalar($0))] != nil }.count
            let capitals = text[..<(letters - run)]
            if run > 0, run < letters, capitals.allSatisfy({ $0 >= 65 && $0 <= 90 }),
                text[(letters - run)..<letters].contains(where: { $0 >= 97 && $0 <= 122 })
            {
                letters -= run
                number = text[letters...].map { Character(UnicodeScalar($0)) }
            }
        }
        // `DRl`: the letters run took the number typed as letters.
        if number.isEmpty, !spaced {
            let run = text[..<letters].reversed().prefix { letterDigits[Character(UnicodeScalar($0))] != nil }.count
            guard run > 0, run < letters else { return nil }
            letters -= run
            number = text[letters...].map { Character(UnicodeScalar($0)) }
        }
        // `DR5x`: lower-case letters typed after the number's digits, which no digit looks like.
        var after = ""
        if !spaced, let first = number.firstIndex(where: { $0.isLetter && letterDigits[$0] == nil }), first > 0,
            number.count - first <= 2, number[..<first].allSatisfy({ $0.isASCII && $0.isNumber }),
            number[first...].allSatisfy({ $0.isASCII && $0.isLowercase && letterDigits[$0] == nil })
        {
            after = String(number[first...])
            number.removeSubrange(first...)
        }
        let prefix = String(decoding: text[..<letters], as: UTF8.self)
        guard (1...4).contains(letters), (1...3).contains(number.count),
            number.allSatisfy({ $0.isASCII && ($0.isNumber || letterDigits[$0] != nil) })
        else { return nil }
        let typed = number.filter { letterDigits[$0] != nil }
        let digits = number.map { letterDigits[$0] ?? String($0) }.joined()
        guard let value = Int(digits), value > 0, digits.first != "0" else { return nil }
        let meant = prefix.uppercased()
        var why: [String] = []
        if prefix != meant { why.append("in lower case") }
        if spaced { why.append("a space between \(meant) and \(value)") }
        for letter in typed { why.append("'\(letter)' where \(meant)\(value) has '\(letterDigits[letter] ?? "")'") }
        if !after.isEmpty { why.append("'\(after)' after its number") }
        guard why.count == 1 else { return nil }
        return (meant, value, why[0])
    }

    /// The series the note at `index` continues when its own series is a rename left behind: its
    /// series starts here past 1 (`DR19`, no DR1–DR18 anywhere before), in the part it belongs to,
    /// and one other series of that part ran up to the number before it and has no note after it.
    static func renamedFrom(
        _ index: Int, _ notes: [Note], _ partOf: [String?], home: [String: String], order: [String],
        _ lastNumber: [String: Int]
    ) -> String? {
        let note = notes[index]
        guard note.number > 1, lastNumber[note.prefix] == nil, !note.tentative, let part = partOf[index],
            home[note.prefix] == part
        else { return nil }
        let candidates = order.filter { series in
            series != note.prefix && home[series] == part && (lastNumber[series] ?? 0) + 1 == note.number
                && !notes[(index + 1)...].contains { $0.prefix == series }
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The series of the part at `index` (`local`) whose due note the note at `index` stands for:
    /// the one series whose next note in that part comes after it, numbered one past the note due
    /// (the note is the gap). Nil when no series or more than one fits.
    static func gapFilled(
        by index: Int, _ notes: [Note], _ partOf: [String?], local: [String], _ lastNumber: [String: Int]
    ) -> (series: String, due: Int)? {
        let fits = local.compactMap { series -> (String, Int)? in
            let due = (lastNumber[series] ?? 0) + 1
            guard
                let next = notes.indices.dropFirst(index + 1).first(where: {
                    notes[$0].prefix == series && partOf[$0] == partOf[index]
                }), notes[next].number == due + 1
            else { return nil }
            return (series, due)
        }
        return fits.count == 1 ? fits[0] : nil
    }

    /// `note` read in the series `series` names, when its bold label has a look-alike and reads as
    /// no series of `prefixes` (`series(typed:read:in:)`); the look-alike then stands for that series' letter.
    static func resolved(_ note: Note, in prefixes: Set<String>) -> Note {
        guard let lookAlike = note.lookAlike, !prefixes.contains(note.prefix) else { return note }
        let typed = Array(
            lookAlike.written.unicodeScalars.filter { $0.properties.generalCategory != .format }.prefix(
                note.prefix.count))
        guard let prefix = series(typed: typed, read: note.prefix, in: prefixes) else { return note }
        var resolved = note
        resolved.prefix = prefix
        if let letter = typed.firstIndex(of: lookAlike.has) {
            resolved.lookAlike?.wanted = Array(prefix.unicodeScalars)[letter]
        }
        return resolved
    }

    /// True when a lesson from `from` (the previous note's, or the first) to `to` has fences that
    /// may pair wrongly: the missing notes may be hidden in one of them.
    static func uncertainBetween(_ from: String?, _ to: String, _ course: CourseFacts, _ uncertain: Set<String>)
        -> Bool
    {
        guard !uncertain.isEmpty else { return false }
        let paths = course.lessons.map(\.path)
        let start = from.flatMap { paths.firstIndex(of: $0) } ?? 0
        guard let end = paths.firstIndex(of: to), start <= end else { return uncertain.contains(to) }
        return paths[start...end].contains { uncertain.contains($0) }
    }

    /// One mistake, one finding. A series belongs to the part that holds most of its notes; a note
    /// elsewhere is one finding, and when it fits the gap of the series at home in its part (a
    /// `**DR3.**` where `GV3` is due) it is read as that note, so neither series reports it again.
    /// Numbering is checked against the note before (a typo between two good neighbours is one
    /// finding, a gap is one finding, a repeat is one finding), never against a running count that
    /// one slip would throw off for the rest of the course.
    /// The one paragraph of `note`'s lesson between the series' previous note (if in that lesson)
    /// and `note` that opens with the words most notes open with (at least half of them, after
    /// the label): a note whose label was deleted. Nil when no such opening is shared or the
    /// paragraph is not one.
    static func unlabelled(before note: Note, after previous: Note?, _ notes: [Note], _ course: CourseFacts) -> (
        location: SourceLocation, opening: String
    )? {
        func opening(_ text: Substring) -> String? {
            let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).prefix(2)
            return words.count == 2 ? words.joined(separator: " ") : nil
        }
        let lessons = Dictionary(course.lessons.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var openings: [String: Int] = [:]
        var labelled = 0
        for other in notes where other.slip == nil && other.lookAlike == nil {
            guard let block = lessons[other.path]?.prose.blocks.first(where: { $0.firstLine.number == other.line }),
                let label = block.source.firstRange(of: "\(other.prefix)\(other.number).")
            else { continue }
            labelled += 1
            var rest = block.source[label.upperBound...].drop { $0 == "*" || $0 == "_" }
            rest = rest.drop { $0 == " " }
            if let words = opening(rest) { openings[words, default: 0] += 1 }
        }
        guard let (shared, count) = openings.max(by: { $0.value < $1.value }), count * 2 >= labelled,
            let lesson = lessons[note.path]
        else { return nil }
        let from = previous?.path == note.path ? previous!.line : 0
        let found = lesson.prose.blocks.filter {
            $0.kind == .paragraph && $0.firstLine.number > from && $0.firstLine.number < note.line
                && opening($0.source[...]) == shared
        }
        guard found.count == 1 else { return nil }
        return (found[0].location(of: 0, in: note.path), shared)
    }

    /// The series whose notes hold each number from 1 to their count once, but not in reading
    /// order: lessons swapped or moved with their notes, two notes swapped. Each later note would
    /// be "expected" the number after the highest so far, advice that writes one number many
    /// times; the one fix is to renumber the series in reading order. `positions`: each such note's
    /// number in reading order; `findings`: one per series, at its first note out of place, naming
    /// the runs as they stand and each run's new numbers. Only a series of plain notes (none read
    /// loosely or with letters for its number, all in their series' part) is judged so.
    static func reordered(_ notes: [Note], partOf: [String?], home: [String: String], references: [Note]) -> (
        positions: [Int: Int], findings: [Int: Diagnostic]
    ) {
        var positions: [Int: Int] = [:]
        var findings: [Int: Diagnostic] = [:]
        // Cheap first, one pass: a course whose series all run upward (every course's, every
        // slip's but a swap) ends here.
        var last: [String: Int] = [:]
        var backward: Set<String> = []
        for note in notes {
            if let before = last[note.prefix], note.number <= before { backward.insert(note.prefix) }
            last[note.prefix] = note.number
        }
        guard !backward.isEmpty else { return (positions, findings) }
        let series = Dictionary(grouping: notes.indices.filter { backward.contains(notes[$0].prefix) }) {
            notes[$0].prefix
        }
        for (prefix, indices) in series {
            let numbers = indices.map { notes[$0].number }
            guard numbers.sorted() == Array(1...numbers.count),
                indices.allSatisfy({
                    !notes[$0].tentative && notes[$0].lettered == nil
                        && (partOf[$0] == nil || partOf[$0] == home[prefix])
                })
            else { continue }
            // Runs: maximal stretches of consecutive numbers in reading order.
            var runs: [Range<Int>] = []
            var start = 0
            for offset in 1...numbers.count where offset == numbers.count || numbers[offset] != numbers[offset - 1] + 1
            {
                runs.append(start..<offset)
                start = offset
            }
            func label(_ first: Int, _ count: Int) -> String {
                count == 1 ? "\(prefix)\(first)" : "\(prefix)\(first)–\(prefix)\(first + count - 1)"
            }
            var renames: [Diagnostic.NoteSeries.Rename] = []
            for run in runs where numbers[run.lowerBound] != run.lowerBound + 1 {
                var lessons: [String] = []
                for offset in run {
                    let name = notes[indices[offset]].path.split(separator: "/").last.map(String.init) ?? ""
                    if !lessons.contains(name) { lessons.append(name) }
                }
                renames.append(
                    .init(
                        from: label(numbers[run.lowerBound], run.count), to: label(run.lowerBound + 1, run.count),
                        lessons: lessons))
            }
            let moved = Set(indices.indices.filter { numbers[$0] != $0 + 1 }.map { numbers[$0] })
            let referenced = references.contains { $0.prefix == prefix && moved.contains($0.number) }
            let first = indices[numbers.indices.first { numbers[$0] != $0 + 1 }!]
            for (position, index) in indices.enumerated() { positions[index] = position + 1 }
            findings[first] = .noteSeries(
                at: SourceLocation(path: notes[first].path, line: notes[first].line, column: notes[first].column),
                .reordered(
                    prefix: prefix, runs: runs.map { label(numbers[$0.lowerBound], $0.count) }, renames: renames,
                    referenced: referenced))
        }
        return (positions, findings)
    }

    /// Where the note at `index` was pasted before in its lesson, word for word (its paragraph the
    /// same as an earlier note's of its series and number): `at line N`. Nil when its text differs
    /// (a new note numbered so, which the series is renumbered around) or the earlier one is in
    /// another lesson (a lesson copied as a template keeps its notes' text, and is renumbered).
    static func pastedTwice(_ index: Int, _ notes: [Note], excluded: Set<Int>, _ course: CourseFacts) -> String? {
        let note = notes[index]
        func text(_ note: Note) -> String? {
            course.lessons.first { $0.path == note.path }?.prose.blocks.first { $0.firstLine.number == note.line }?
                .source
        }
        guard note.slip == nil, note.lookAlike == nil, let mine = text(note) else { return nil }
        let earlier = notes[..<index].indices.last {
            !excluded.contains($0) && notes[$0].prefix == note.prefix && notes[$0].number == note.number
        }
        guard let earlier, notes[earlier].path == note.path, text(notes[earlier]) == mine else { return nil }
        return "at line \(notes[earlier].line)"
    }

    /// The one finding for a note whose number neither follows the note before it nor is a typo
    /// between good neighbours: the series from it on renumbered in reading order, up to the first
    /// later note that then fits again (the end of the series when none does), as runs `EK3–EK24
    /// as EK4–EK25`. Following it is one step; "expected EK4" at each note would write one number
    /// many times. `numbers`: each later note of the window and the number it gets.
    static func renumbered(
        from index: Int, expected: Int, _ notes: [Note], partOf: [String?], home: [String: String],
        previous: Note?, references: [Note]
    ) -> (finding: Diagnostic, numbers: [Int: Int]) {
        let note = notes[index]
        let prefix = note.prefix
        let series =
            [index]
            + notes.indices.dropFirst(index + 1).filter {
                notes[$0].prefix == prefix && !notes[$0].tentative && notes[$0].lettered == nil
                    && (partOf[$0] == nil || partOf[$0] == home[prefix])
            }
        var end = 0
        while end + 1 < series.count, notes[series[end + 1]].number != expected + end + 1 { end += 1 }
        let window = Array(series[...end])
        func label(_ first: Int, _ count: Int) -> String {
            count == 1 ? "\(prefix)\(first)" : "\(prefix)\(first)–\(prefix)\(first + count - 1)"
        }
        func file(_ note: Note) -> String { note.path.split(separator: "/").last.map(String.init) ?? note.path }
        // Runs: stretches of consecutive numbers, each moved by one amount.
        var renames: [Diagnostic.NoteSeries.Rename] = []
        var runs: [Range<Int>] = []
        var start = 0
        for offset in 1...window.count
        where offset == window.count || notes[window[offset]].number != notes[window[offset - 1]].number + 1 {
            runs.append(start..<offset)
            start = offset
        }
        var moved = Set<Int>()
        for run in runs where notes[window[run.lowerBound]].number != expected + run.lowerBound {
            var lessons: [String] = []
            for offset in run where !lessons.contains(file(notes[window[offset]])) {
                lessons.append(file(notes[window[offset]]))
            }
            for offset in run { moved.insert(notes[window[offset]].number) }
            renames.append(
                .init(
                    from: label(notes[window[run.lowerBound]].number, run.count),
                    to: label(expected + run.lowerBound, run.count), lessons: lessons))
        }
        let first = runs[0]
        let number = note.number
        let why: Diagnostic.NoteSeries.Renumbering
        if number > expected {
            if window.count > 1, notes[window[1]].number == expected {
                why = .comesBefore(note: label(number, 1), due: label(expected, 1), line: notes[window[1]].line)
            } else {
                why = .skips(note: label(number, 1), missing: label(expected, number - expected))
            }
        } else if let previous, previous.number == number {
            why = .repeats(
                note: label(number, 1),
                earlier: previous.path == note.path ? "at line \(previous.line)" : "of \(file(previous))")
        } else {
            // A run that repeats one earlier lesson's notes: that lesson copied with them.
            let numbers = Set(first.map { notes[window[$0]].number })
            let lessons = Set(
                notes[..<index].filter { $0.prefix == prefix && numbers.contains($0.number) }.map(\.path))
            if lessons.count == 1, let lesson = lessons.first, lesson != note.path {
                let name = lesson.split(separator: "/").last.map(String.init) ?? lesson
                why =
                    first.count > 1
                    ? .repeatsRun(notes: label(number, first.count), lesson: name)
                    : .repeats(note: label(number, 1), earlier: "of \(name)")
            } else {
                why = .goesBack(note: label(number, 1), after: label(previous?.number ?? expected - 1, 1))
            }
        }
        var numbers: [Int: Int] = [:]
        for (offset, later) in window.enumerated().dropFirst() { numbers[later] = expected + offset }
        let referenced = references.contains { $0.prefix == prefix && moved.contains($0.number) }
        return (
            .noteSeries(
                at: SourceLocation(path: note.path, line: note.line, column: note.column),
                .renumbered(why, renames: renames, referenced: referenced)),
            numbers
        )
    }

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        // A series is one some note's label writes plainly; a label with a look-alike that reads as
        // no series is read in the one series it matches (`GВ12`, Cyrillic VE, is GV12).
        var labels = course.lessons.map(Self.notesAndReferences)
        let plainly = Set(labels.flatMap { $0.notes.filter { $0.lookAlike == nil }.map(\.prefix) })
        labels = labels.map {
            ($0.notes.map { Self.resolved($0, in: plainly) }, $0.references.map { Self.resolved($0, in: plainly) })
        }
        // A series of one note whose letters are another series' and a letter a reader takes for a
        // digit (`**GVI4.**` for GV14) is that series' note with a slip: the near-form reading of
        // the paragraph (`plainLabels`) names it, and no series `GVI` skips its first three.
        let written = labels.flatMap(\.notes)
        let known = Set(written.map(\.prefix))
        let sizes = Dictionary(grouping: written, by: \.prefix).mapValues(\.count)
        // So is a series of one note whose letters are another's with one dropped, doubled or
        // changed (`**D5.**`, `**DRR5.**`), numbered where that series has a gap.
        let numbers = Dictionary(grouping: written, by: \.prefix).mapValues { Set($0.map(\.number)) }
        let typedDigit = known.filter { prefix in
            guard sizes[prefix] == 1 else { return false }
            if prefix.last.map({ Self.letterDigits[$0] != nil }) == true, known.contains(String(prefix.dropLast())) {
                return true
            }
            guard let number = numbers[prefix]?.first,
                let series = Self.editedSeries(prefix, in: known.filter { (sizes[$0] ?? 0) > 1 }),
                let held = numbers[series]
            else { return false }
            return !held.contains(number) && (number == 1 || held.contains(number - 1))
        }
        let bold = labels.map { $0.notes.filter { !typedDigit.contains($0.prefix) } }
        let prefixes = known.subtracting(typedDigit)
        let plain = zip(course.lessons, bold).map { lesson, notes in
            // A bold label after a few characters (`⚠️ **DR5.**`, an invisible one) is already read
            // as the paragraph's near form: not read again past the invisible character.
            let context = PlainContext(
                prefixes: prefixes, opened: Set(notes.filter { $0.slip == nil || $0.referenceAt != nil }.map(\.line)))
            return lesson.plainLabels.value(for: context) {
                Self.plainLabels(in: lesson, prefixes: context.prefixes, opened: context.opened)
            }
        }
        // In reading order, lesson by lesson: a label not in bold that opens a paragraph is a note too.
        var notes = zip(bold, plain).flatMap { bold, plain in
            (bold + plain.definitions).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        var references = labels.flatMap(\.references) + plain.flatMap(\.references)
        guard !notes.isEmpty || !references.isEmpty else { return .notApplicable("no bold note labels") }
        // The part of each lesson, an item in the wrong part read where it belongs (course-index reports it).
        let parts = course.placement.parts
        let partOf = notes.map { parts[CourseIndexClaim.normalized($0.path)] }
        var counts: [String: [String: Int]] = [:]
        var order: [String] = []
        for (note, part) in zip(notes, partOf) {
            guard let part else { continue }
            if counts[note.prefix] == nil { order.append(note.prefix) }
            counts[note.prefix, default: [:]][part, default: 0] += 1
        }
        var home: [String: String] = [:]
        for prefix in order {
            let byPart = counts[prefix] ?? [:]
            // Ties go to the part the series starts in.
            let first = zip(notes, partOf).first { $0.0.prefix == prefix && $0.1 != nil }?.1 ?? ""
            home[prefix] = byPart.max { ($0.value, $0.key == first ? 1 : 0) < ($1.value, $1.key == first ? 1 : 0) }?.key
        }

        let reordered = Self.reordered(notes, partOf: partOf, home: home, references: references)
        var findings: [Diagnostic] = []
        var excluded = Set<Int>()
        var lastNumber: [String: Int] = [:]
        let uncertain = Set(course.lessons.filter(\.lesson.fencesAreUncertain).map(\.path))
        /// The lesson of each series' previous note, and the note.
        var previous: [String: String] = [:]
        var previousNote: [String: Note] = [:]
        var recovered: [String] = []
        /// A series renamed in all lessons but one (`DR` left where the part's series is `DS`): the one read.
        var renamed: [String: String] = [:]
        /// Loose near forms read where their series is not due that number: no notes.
        var dropped = Set<Int>()
        /// The notes after a renumbering finding that it renumbers, and their numbers.
        var renumbering: [Int: Int] = [:]
        for index in notes.indices {
            // A number that holds letters is the number the series is due: named so, one finding.
            if let lettered = notes[index].lettered, notes[index].number != (lastNumber[notes[index].prefix] ?? 0) + 1 {
                let due = (lastNumber[notes[index].prefix] ?? 0) + 1
                let label = "\(notes[index].prefix)\(due)"
                var differences = lettered.differences
                differences.insert(
                    Self.describeNumber(lettered.number, label: label, due: due),
                    at: min(lettered.at, differences.count))
                notes[index].number = due
                notes[index].tentative = false
                notes[index].slip = .nearForm(written: lettered.written, label: label + ".", differences)
            }
            if let series = renamed[notes[index].prefix] {
                recovered.append("\(notes[index].prefix)\(notes[index].number)")
                notes[index].prefix = series
            } else if let series = Self.renamedFrom(index, notes, partOf, home: home, order: order, lastNumber),
                notes.count(where: { $0.prefix == series }) < notes.count(where: { $0.prefix == notes[index].prefix }),
                let first = notes.firstIndex(where: { $0.prefix == series })
            {
                // The rename was left behind in the first lessons, the fewer notes: the finding is at
                // their first note, and the series read from here is the new name.
                let prefix = notes[index].prefix
                let last = lastNumber[series] ?? 0
                let runOn = notes[index...].filter { $0.prefix == prefix }.map(\.number).max() ?? notes[index].number
                findings.append(
                    .noteSeries(
                        at: SourceLocation(
                            path: notes[first].path, line: notes[first].line, column: notes[first].column),
                        .renamedSeriesBefore(
                            note: "\(series)\(notes[first].number)", part: partOf[index] ?? "", series: prefix,
                            runs: (notes[index].number, runOn),
                            later: (2...max(2, last)).filter { _ in last > 1 }.map { "\(prefix)\($0)" })))
                recovered += (1...max(1, last)).map { "\(prefix)\($0)" }
                lastNumber[prefix] = last
            } else if let series = Self.renamedFrom(index, notes, partOf, home: home, order: order, lastNumber) {
                let prefix = notes[index].prefix
                let later = notes[(index + 1)...].filter { $0.prefix == prefix }.map { "\(series)\($0.number)" }
                findings.append(
                    .noteSeries(
                        at: SourceLocation(
                            path: notes[index].path, line: notes[index].line, column: notes[index].column),
                        .renamedSeries(
                            note: "\(prefix)\(notes[index].number)", part: partOf[index] ?? "", series: series,
                            last: lastNumber[series] ?? 0, later: later)))
                renamed[prefix] = series
                recovered.append("\(prefix)\(notes[index].number)")
                notes[index].prefix = series
            }
            let note = notes[index]
            if note.tentative, note.number != (lastNumber[note.prefix] ?? 0) + 1 {
                dropped.insert(index)
                excluded.insert(index)
                if let at = note.referenceAt {
                    var reference = note
                    (reference.line, reference.column, reference.slip) = (at.line, at.column, nil)
                    references.append(reference)
                }
                continue
            }
            defer {
                previous[notes[index].prefix] = note.path
                previousNote[notes[index].prefix] = notes[index]
            }
            let at = SourceLocation(path: note.path, line: note.line, column: note.column)
            switch note.slip {
            case .notBold(let written, let label):
                findings.append(.noteSeries(at: at, .notBold(written: written, label: label)))
            case .merged(let written): findings.append(.noteSeries(at: at, .merged(written: written)))
            case .heading(let written, let underline):
                // Typed right under the note's paragraph, a setext underline made it a heading: the
                // underline is the slip, named where it is.
                if let underline, let file = course.lessons.first(where: { $0.path == note.path })?.lesson.file,
                    file.lines.indices.contains(underline - 1)
                {
                    let text = file.lines[underline - 1].text
                    let blanks = text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
                    findings.append(
                        .noteSeries(
                            at: SourceLocation(path: note.path, line: underline, column: blanks + 1),
                            .setextUnderline(
                                written: written, underline: String(text.dropFirst(blanks)).trimmingWhitespaces,
                                paragraph: note.line)))
                } else {
                    findings.append(.noteSeries(at: at, .heading(written: written)))
                }
            case .inComment(let label): findings.append(.noteSeries(at: at, .inComment(label: label)))
            case .indented(let label, let written):
                findings.append(.noteSeries(at: at, .indented(label: label, written: written)))
            case .nearForm(let written, let label, let differences):
                findings.append(
                    .noteSeries(
                        at: at, .nearForm(written: written, label: label, differences: differences, then: note.glued)))
            case .codeRunsOn(let written, let label, let meant):
                findings.append(.noteSeries(at: at, .codeRunsOn(written: written, label: label, meant: meant)))
            case nil: break
            }
            if let lookAlike = note.lookAlike {
                findings.append(
                    .noteSeries(
                        at: SourceLocation(path: note.path, line: note.line, column: lookAlike.column),
                        .lookAlike(
                            written: lookAlike.written, note: "\(note.prefix)\(note.number)", has: lookAlike.has,
                            wanted: lookAlike.wanted, bold: !note.plain)))
            }
            if let part = partOf[index], let owner = home[note.prefix], part != owner {
                let local = order.filter { home[$0] == part && $0 != note.prefix }
                    .filter { (lastNumber[$0] ?? 0) + 1 == note.number }
                if local.count == 1, let series = local.first {
                    findings.append(
                        .noteSeries(
                            at: at,
                            .otherSeries(
                                note: "\(note.prefix)\(note.number)", part: part, series: series, number: note.number,
                                prefix: note.prefix, owner: owner)))
                    notes[index].prefix = series
                    lastNumber[series] = note.number
                } else if let (series, due) = Self.gapFilled(
                    by: index, notes, partOf, local: order.filter { home[$0] == part }, lastNumber)
                {
                    // Another series' number too (`**GV26.**` where DR1 is due and DR2 follows):
                    // the one gap of the part's own series it stands in is the note meant.
                    findings.append(
                        .noteSeries(
                            at: at,
                            .otherSeries(
                                note: "\(note.prefix)\(note.number)", part: part, series: series, number: due,
                                prefix: note.prefix, owner: owner)))
                    notes[index].prefix = series
                    notes[index].number = due
                    lastNumber[series] = due
                } else {
                    findings.append(
                        .noteSeries(
                            at: at,
                            .otherPart(
                                note: "\(note.prefix)\(note.number)", part: part, prefix: note.prefix, owner: owner,
                                held: counts[note.prefix]?[owner] ?? 0)))
                }
                excluded.insert(index)
                continue
            }
            if let position = renumbering[index] {
                // A note of a run a finding above renumbers: read as the number it gives.
                notes[index].number = position
                lastNumber[note.prefix] = position
                continue
            }
            if let position = reordered.positions[index] {
                // A series out of reading order is one finding, at its first note out of place;
                // each note is read as the number the renumbering gives it.
                if let finding = reordered.findings[index] { findings.append(finding) }
                notes[index].number = position
                lastNumber[note.prefix] = position
                continue
            }
            let expected = (lastNumber[note.prefix] ?? 0) + 1
            defer { lastNumber[note.prefix] = notes[index].number }
            guard note.number != expected else { continue }
            if note.number < expected, let earlier = Self.pastedTwice(index, notes, excluded: excluded, course) {
                // The same note pasted a second time: deleting it is the fix, not renumbering the rest.
                findings.append(
                    .noteSeries(at: at, .pastedTwice(note: "\(note.prefix)\(note.number)", earlier: earlier)))
                excluded.insert(index)
                notes[index].number = expected - 1
                continue
            }
            let next = notes[(index + 1)...].enumerated().first { offset, later in
                later.prefix == note.prefix && !excluded.contains(index + 1 + offset)
            }?.element
            if next?.number == expected + 1 {
                // A slip between two good neighbours: read it as the note it should be.
                findings.append(
                    .noteSeries(
                        at: at,
                        .outOfSequence(note: "\(note.prefix)\(note.number)", expected: "\(note.prefix)\(expected)")))
                notes[index].number = expected
            } else if note.number > expected, Self.uncertainBetween(previous[note.prefix], note.path, course, uncertain)
            {
                // The missing notes may be hidden in a block whose fences pair wrongly: unknown, not a gap.
                continue
            } else if note.number == expected + 1,
                let lost = Self.unlabelled(before: note, after: previousNote[note.prefix], notes, course)
            {
                // One note missing, and one paragraph between its neighbours opens as the notes do: its label is lost.
                let missing = "\(note.prefix)\(expected)"
                recovered.append(missing)
                findings.append(
                    .noteSeries(
                        at: lost.location,
                        .lostLabel(
                            missing: missing, after: previousNote[note.prefix].map { "\($0.prefix)\($0.number)" },
                            before: "\(note.prefix)\(note.number)", opening: lost.opening)))
            } else {
                // A gap, a repeat or a step back moves every note after it: one finding naming the
                // runs to renumber, and the notes read as renumbered, so none is reported again.
                let renumbered = Self.renumbered(
                    from: index, expected: expected, notes, partOf: partOf, home: home,
                    previous: previousNote[note.prefix], references: references)
                findings.append(renumbered.finding)
                for (later, number) in renumbered.numbers { renumbering[later] = number }
                notes[index].number = expected
            }
        }
        // A reference names a note the course defines; one that names none is a finding of its own.
        // Notes are taken as read above: a slipped number (`GV90` where `GV22` is due) is read as
        // the note it should be, so a reference to GV22 is not a second finding of that slip.
        let defined = Set(
            notes.indices.filter { !dropped.contains($0) }.map { "\(notes[$0].prefix)\(notes[$0].number)" }
                + recovered)
        var referenceFindings: [Diagnostic] = []
        // A look-alike or invisible character in a reference is named: one finding, either way.
        for reference in references {
            let note = "\(reference.prefix)\(reference.number)"
            if let near = reference.near {
                // A near form of no note the course defines is no reference (`**mp3**`).
                guard defined.contains(note) else { continue }
                referenceFindings.append(
                    .noteSeries(
                        at: SourceLocation(path: reference.path, line: reference.line, column: reference.column),
                        .nearReference(written: near.written, note: note, why: near.why, fix: near.meant)))
            } else if !defined.contains(note) {
                // A letter read as a digit where no such note is defined: a word, not a reference.
                if reference.letterDigit { continue }
                // Its definition may be in text a slip hides (a comment left open, fences that pair
                // wrongly) between the series' notes around it: not judged until the slip is fixed.
                let series = notes.filter { $0.prefix == reference.prefix }
                let before = series.last { $0.number < reference.number }?.path
                let after = series.first { $0.number > reference.number }?.path ?? course.lessons.last?.path
                if let after, Self.uncertainBetween(before, after, course, uncertain) { continue }
                referenceFindings.append(
                    .noteSeries(
                        at: SourceLocation(path: reference.path, line: reference.line, column: reference.column),
                        .unknownReference(note: note, has: reference.lookAlike?.has)))
            } else if let padded = reference.padded {
                referenceFindings.append(
                    .noteSeries(
                        at: SourceLocation(path: reference.path, line: reference.line, column: reference.column),
                        .paddedReference(written: padded.written, note: note, fix: padded.meant)))
            } else if let lookAlike = reference.lookAlike {
                referenceFindings.append(
                    .noteSeries(
                        at: SourceLocation(path: reference.path, line: reference.line, column: lookAlike.column),
                        .lookAlike(
                            written: lookAlike.written, note: note, has: lookAlike.has, wanted: lookAlike.wanted,
                            bold: !reference.plain)
                    ))
            }
        }
        // In reading order, references among the series' findings.
        let lessonOrder = Dictionary(course.lessons.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        func key(_ diagnostic: Diagnostic) -> [Int] {
            [lessonOrder[diagnostic.location.path] ?? 0, diagnostic.location.line, diagnostic.location.column]
        }
        let all = (findings + referenceFindings).enumerated().sorted {
            (left: (Int, Diagnostic), right: (Int, Diagnostic)) in
            let (a, b) = (key(left.1) + [left.0], key(right.1) + [right.0])
            return a.lexicographicallyPrecedes(b)
        }
        return .checked(all.map(\.1))
    }
}
