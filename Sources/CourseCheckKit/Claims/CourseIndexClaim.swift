import Foundation

/// The course index (`README.md` beside the lessons): `lessons: N` counts the lesson files, and its
/// ordered list links every lesson once, in order, with its title.
package struct CourseIndexClaim: ClaimCheck {
    package let id = DiagnosticID.courseIndex
    package let spansCourse = true
    package let readsTreeOutputs = false
    package let readsOnlyText = true

    /// True for another course: only what every course's index claims is checked (`checkLinks`).
    let linksOnly: Bool

    package init(linksOnly: Bool = false) {
        self.linksOnly = linksOnly
    }

    /// An item `N. [Title](file.md)` of the index's ordered list.
    struct Item: Sendable {
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
        /// The bullet (`-`, `*`, `+`) of an item written as a bullet list item; nil for an ordered one.
        var bullet: Character?
        /// The other lessons the item links after its own, each as an item of its own (a line run
        /// on into this one, a second link): one finding at the item, and each such lesson that no
        /// item of its own lists is read as listed here.
        var others: [Item] = []
        /// True for such a lesson read as listed at the item that links it after its own.
        var linkedAfterAnother = false
    }

    /// The item an ordered list item's first paragraph holds: a link at its start. A bullet list
    /// item linking a lesson file is an item too, written with the wrong marker (course-index says
    /// so at it). `indexPath` is the index's own path, which relative links resolve against.
    static func item(_ block: Prose.TextBlock, indexPath: String) -> Item? {
        guard let marker = block.itemMarker, block.kind == .paragraph,
            block.source.hasPrefix("[") || opensWithAnchor(block.source)
        else { return nil }
        let inline = block.inline
        guard let link = inline.links.first, link.range.lowerBound == 0 else { return nil }
        let resolved = Self.resolved(link.destination, indexPath: indexPath)
        let title = inline.plain(link.text)
        let titleLocation = block.location(of: link.text.lowerBound, in: indexPath)
        // Other lessons the item links (`8. [A](08-a.md) 9. [B](09-b.md)`, a line run on into it).
        let others = inline.links.dropFirst().compactMap { other -> Item? in
            let resolved = Self.resolved(other.destination, indexPath: indexPath)
            guard LessonName.isLessonFile(resolved.fileName) else { return nil }
            return Item(
                title: inline.plain(other.text), file: other.destination, resolved: resolved, line: block.firstLine,
                titleLocation: block.location(of: other.text.lowerBound, in: indexPath), number: nil,
                startsList: false)
        }
        if marker == "." || marker == ")" {
            return Item(
                title: title, file: link.destination, resolved: resolved, line: block.firstLine,
                titleLocation: titleLocation, number: block.itemNumber, startsList: block.startsList, others: others)
        }
        guard LessonName.isLessonFile(resolved.fileName) else { return nil }
        return Item(
            title: title, file: link.destination, resolved: resolved, line: block.firstLine,
            titleLocation: titleLocation, number: nil, startsList: block.startsList, bullet: marker, others: others)
    }

    /// `source.lowercased().hasPrefix("<a ")`, by its first bytes when they are ASCII (each its own
    /// character): lowering a whole item's text cost ~0.8 M instructions a run.
    static func opensWithAnchor(_ source: String) -> Bool {
        let utf8 = source.utf8
        // No character lowers to one starting `<`, nor is one canonically equivalent to it.
        guard utf8.first == UInt8(ascii: "<") else { return false }
        guard utf8.prefix(4).contains(where: { $0 >= 0x80 }) else {
            return utf8.starts(with: "<a ".utf8) || utf8.starts(with: "<A ".utf8)
        }
        return source.lowercased().hasPrefix("<a ")
    }

    /// A link's destination as the file a reader's click opens, resolved against the index's
    /// directory: a query (`?plain=1`) or a fragment (`#top`) is not part of it, and a
    /// percent-encoded name is the name. A destination from the root (`/lessons/…`) opens, on
    /// GitHub, the file at that path in the repository: with `repositoryFolder`, the index's
    /// folder below the repository's root, it is resolved as the index's folder climbed to the
    /// root, then down.
    static func resolved(_ destination: String, indexPath: String, repositoryFolder: String? = nil) -> String {
        var target = String(destination.prefix { $0 != "?" && $0 != "#" })
        target = PercentEncoding.removing(from: target) ?? target
        // The index's folder: its path up to the last slash (`lessons/README.md` → `lessons`).
        let directory = indexPath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(indexPath[..<$0]) } ?? ""
        if target.hasPrefix("/"), let repositoryFolder {
            // Below the index's folder: the rest of the path from there; else climbed to the root.
            let fromRoot = normalized(String(target.dropFirst()))
            let relative =
                repositoryFolder.isEmpty
                ? fromRoot
                : fromRoot.hasPrefix(repositoryFolder + "/")
                    ? String(fromRoot.dropFirst(repositoryFolder.count + 1))
                    : String(repeating: "../", count: repositoryFolder.split(separator: "/").count) + fromRoot
            return normalized(directory.isEmpty ? relative : directory + "/" + relative)
        }
        return target.hasPrefix("/")
            ? normalized(target) : normalized(directory.isEmpty ? target : directory + "/" + target)
    }

    /// An item line that does not open an item as written: its line, the column of its number,
    /// and the marker as written (`1234567890.`, `4.`).
    struct Overflow: Sendable {
        var line: Int
        var column: Int
        var marker: String
        /// For an item a paragraph runs on into (a list that does not start at 1 cannot interrupt
        /// one), the paragraph's line it runs on from, which lacks a blank line after it; nil for
        /// a number longer than CommonMark allows.
        var runsOnFrom: Int? = nil
        /// A slip in the line as written that the renderer does not forgive: its marker (`9.[`,
        /// `9,`, `9.` and a no-break space) or its link (`[Title] (file.md)`); nil for the above.
        var slip: LineSlip? = nil
    }

    /// What keeps an index line from being the item it is meant to be.
    enum LineSlip: Sendable {
        /// The marker `written` opens no list item: `problem` says why.
        case marker(written: String, problem: String, fix: String)
        /// A `>` left before the item's number (`>10. [`): the item renders in a block quote.
        case quotedItem(written: String, marker: String, opens: String, fix: String)
        /// A space between the link's `]` and `(`: no link, the text shown as written.
        case spacedLink(written: String, title: String, file: String)
        /// The link's destination has no closing `)`: no link, the text shown as written.
        case unclosedLink(title: String, file: String)
        /// An item line indented under the item above it (`    10. [`): with no blank line between,
        /// a number other than 1 cannot open a nested list, so the line is the item above's text;
        /// after a blank line (`blankAbove`), or numbered 1, it opens a list of its own inside that
        /// item (`nested`). `indented` says how (`4 spaces`, `with a tab`), `item` is the number
        /// shown on the item above.
        case indentedItem(marker: String, indented: String, item: Int?, nested: Bool, blankAbove: Int?)
        /// Invisible characters between the marker and the link (`9. ⁠[`, U+2060): the item renders,
        /// but its text opens with them, so the link is no item's link at its start.
        case invisibleAfterMarker(written: String, names: String, fix: String)
        /// A reference link whose label no definition has, one a slip away from a definition's.
        case unknownLabel(link: String, written: String, near: String, line: Int)
        /// A reference link whose label no definition has, none a slip away (`[Title][qqzz]`):
        /// the labels the index defines, each with its line, and the label's column. The line is
        /// read as an item that links the lesson its title names (the check names its file).
        case unlinkedLabel(link: String, written: String, defined: [(label: String, line: Int)], column: Int)
    }

    /// One repair of a line: the UTF-8 range of the line's text replaced, and whether the item's
    /// title comes after it (its column then moves by the difference).
    private struct Edit {
        var range: Range<Int>
        var with: [UInt8]
        var beforeTitle: Bool
    }

    /// Letters a reader takes for a digit at an item's number (`l2.` for `12.`), ASCII only: a
    /// line opening with one is read as an item's only when a lesson's link follows the marker.
    static var letterDigits: [UInt8: UInt8] { OtherDigits.letterDigits }

    /// The letter not in ASCII that `bytes` open with, when `OtherDigits.lookAlikeDigits` reads it
    /// as a digit (`İ`, `ı` for 1): the letter, its digit and its UTF-8 length.
    private static func lookAlikeDigit(_ bytes: ArraySlice<UInt8>) -> (has: Unicode.Scalar, wanted: UInt8, length: Int)?
    {
        let length = bytes.first.map { $0 >= 0xF0 ? 4 : $0 >= 0xE0 ? 3 : 2 } ?? 0
        guard bytes.count >= length,
            let scalar = String(decoding: bytes.prefix(length), as: UTF8.self).unicodeScalars.first,
            let digit = OtherDigits.lookAlikeDigits[Character(scalar)]?.asciiValue
        else { return nil }
        return (scalar, digit, length)
    }

    /// The punctuation a reader may type around or for an item's `.` (`12 .`, `12..`, `12:`, `12.)`, `12-`).
    private static let markPunctuation: Set<UInt8> = Set(".),:;-".utf8)

    /// Characters a reader takes for an item's `.` or `)` that CommonMark does not: a fullwidth or
    /// small full stop (`９．`, typed with a CJK input method), a middle dot or a dot leader
    /// (`9·`, `9․`), an ideographic full stop, a fullwidth or small parenthesis.
    static let lookAlikeDelimiters: [Unicode.Scalar: UInt8] = [
        "\u{FF0E}": UInt8(ascii: "."), "\u{FE52}": UInt8(ascii: "."), "\u{00B7}": UInt8(ascii: "."),
        "\u{0387}": UInt8(ascii: "."), "\u{2024}": UInt8(ascii: "."), "\u{2027}": UInt8(ascii: "."),
        "\u{2219}": UInt8(ascii: "."), "\u{22C5}": UInt8(ascii: "."), "\u{3002}": UInt8(ascii: "."),
        "\u{FF61}": UInt8(ascii: "."), "\u{FF09}": UInt8(ascii: ")"), "\u{FE5A}": UInt8(ascii: ")"),
    ]

    /// The marker a line opens with, when it is meant as an item's (`9.` and a link after it) but
    /// opens none: a letter for a digit in its number (`l2.`), a number of another script's digits,
    /// no delimiter, another or a doubled one (`9,`, `9:`, `9..`, `9.)`), a space before it
    /// (`9 .`), no space after it or a Unicode one. The marker as written, why, and the repair
    /// that makes it `9. `.
    private static func nearMarker(_ text: String, column: Int) -> (
        written: String, problem: String, fix: String, edit: Edit
    )? {
        // A letter read as a digit (`l2.`) or another script's number (`٩.`) is the number first;
        // only when that reads no marker are the characters before the digits a leftover (`li9.`).
        nearMarker(text, column: column, leftover: false) ?? nearMarker(text, column: column, leftover: true)
    }

    private static func nearMarker(_ text: String, column: Int, leftover: Bool) -> (
        written: String, problem: String, fix: String, edit: Edit
    )? {
        // Invisible characters before the number (U+200B, U+00A0): CommonMark skips only spaces
        // and tabs before a marker, so the line is text; the repair writes the marker without them.
        // Printable ones left there (`\t9.`, `` `9. ``, `x9.`) are the same slip, seen.
        let invisible = Invisible.leading(text)
        let stray = leftover && invisible == nil ? strayBeforeNumber(text) : nil
        if leftover, stray == nil { return nil }
        let skipped = invisible?.length ?? stray ?? 0
        let full = Array(text.utf8)
        let bytes = Array(full[skipped...])
        let body = String(decoding: bytes, as: UTF8.self)
        // A number in another script's digits (`٩.`) or number-form characters (`Ⅸ.`, `⑨.`)
        // reads as its ASCII one, and is the slip.
        let other = OtherDigits.leading(body)
        var digits = other?.utf8Count ?? 0
        var number = other?.ascii ?? ""
        var alikes: [(has: Unicode.Scalar, wanted: UInt8)] = []
        if other == nil {
            while digits < bytes.count {
                if bytes[digits].isASCIIDigit || letterDigits[bytes[digits]] != nil {
                    let wanted = letterDigits[bytes[digits]] ?? bytes[digits]
                    if wanted != bytes[digits] { alikes.append((Unicode.Scalar(bytes[digits]), wanted)) }
                    number.append(Character(Unicode.Scalar(wanted)))
                    digits += 1
                } else if bytes[digits] >= 0xC0, let alike = lookAlikeDigit(bytes[digits...]) {
                    // A Turkish keyboard's `İ` or `ı` for 1 (`İ0.`, `1ı.`): the same table as a note label's.
                    alikes.append((alike.has, alike.wanted))
                    number.append(Character(Unicode.Scalar(alike.wanted)))
                    digits += alike.length
                } else {
                    break
                }
            }
        }
        guard (1...9).contains(number.count), digits < bytes.count else { return nil }
        // What stands between the number and the link: blanks (any Unicode space, a no-break one
        // looks like a space) and the punctuation typed for the delimiter.
        let rest = String(decoding: bytes[digits...], as: UTF8.self)
        var marks: [UInt8] = []
        // Look-alikes typed for the delimiter (`9．`), each read as the one it looks like.
        var lookAlikes: [Unicode.Scalar] = []
        var spaceBefore = false
        var blank = ""
        for character in rest {
            if character == "[" || character == "<" { break }
            let alike = character.unicodeScalars.count == 1 ? lookAlikeDelimiters[character.unicodeScalars.first!] : nil
            if let ascii = character.asciiValue.flatMap({ markPunctuation.contains($0) ? $0 : nil }) ?? alike,
                blank.isEmpty || marks.isEmpty
            {
                if !blank.isEmpty { spaceBefore = true }
                blank = ""
                marks.append(ascii)
                if alike != nil { lookAlikes.append(character.unicodeScalars.first!) }
            } else if character.isWhitespace, character != "\n" {
                blank.append(character)
            } else {
                return nil
            }
            if marks.count > 3 || blank.unicodeScalars.count > 3 { return nil }
        }
        let region = rest.utf8.count - rest.drop { $0 != "[" && $0 != "<" }.utf8.count
        // A letter's run with no delimiter (`I[`) is text, not a number typed as one.
        guard region < rest.utf8.count, region > 0 || alikes.count < number.count else { return nil }
        let after = rest.dropFirst(rest.prefix { $0 != "[" && $0 != "<" }.count)
        let mark: Character = marks.allSatisfy { $0 == UInt8(ascii: ")") } && !marks.isEmpty ? ")" : "."
        let typed = String(decoding: marks, as: UTF8.self)
        let problem: String
        if let invisible {
            let (names, _) = Invisible.named(invisible.scalars)
            problem = "it starts with \(names) before its number, which CommonMark does not skip before a list marker"
        } else if let stray {
            let typed = String(decoding: full.prefix(stray), as: UTF8.self)
            problem = "it starts with '\(typed)' before its number, and a list marker starts with the number"
        } else if let other {
            problem = "its number is \(other.why), which is no list number to CommonMark"
        } else if !alikes.isEmpty {
            problem =
                "its number has "
                + alikes.map {
                    "'\(Character($0.has))' (\(Invisible.name($0.has))) for the digit "
                        + "'\(Character(Unicode.Scalar($0.wanted)))'"
                }
                .joined(separator: " and ") + ", and CommonMark reads only digits as a list number"
        } else if let alike = lookAlikes.first {
            let meant = Character(Unicode.Scalar(lookAlikeDelimiters[alike]!))
            problem =
                "its '\(Character(alike))' is \(Invisible.name(alike)), which looks like '\(meant)' but is no list "
                + "marker's '\(meant)' to CommonMark"
        } else if marks.isEmpty {
            problem = "a list marker needs '.' or ')' after the number, and there is none"
        } else if marks.count > 1 || ![UInt8(ascii: "."), UInt8(ascii: ")")].contains(marks[0]) {
            problem = "'\(number)\(typed)' is no list marker (a number and \(marks.count > 1 ? "one " : "")'.' or ')')"
        } else if spaceBefore {
            problem =
                "a list marker is a number and '\(typed)' with no space between them, and '\(number) \(typed)' has one"
        } else if blank.isEmpty {
            problem = "a list marker needs a space after '\(number)\(mark)', and there is none"
        } else if let other = blank.unicodeScalars.first(where: { $0 != " " && $0 != "\t" }) {
            problem = "a list marker needs a space after '\(number)\(mark)', and \(Invisible.name(other)) is none"
        } else {
            return nil
        }
        let replaced = skipped + digits + region
        let written = String(decoding: full.prefix(replaced), as: UTF8.self) + String(after.prefix(1))
        let marker = Array("\(number)\(mark) ".utf8)
        return (
            written, problem, String(decoding: marker, as: UTF8.self) + String(after.prefix(1)),
            Edit(range: (column - 1)..<(column - 1 + replaced), with: marker, beforeTitle: true)
        )
    }

    /// A part's name as a heading that took in its `## ` shows it (`## Durum`): the marks dropped.
    static func partName(_ text: String) -> String {
        String(text.drop { $0 == "#" }.drop { $0 == " " || $0 == "\t" })
    }

    /// The UTF-8 length of the few characters left before an item's number, as in `\t9.` (a tab
    /// typed as code writes one), `` `9. ``, `x9.`, `\9.`, `li9.`: visible, but a list marker
    /// starts with its number, so the line is text. Read by `Leftover`, at most three characters,
    /// letters too (no sentence runs into an item's number). Nil when the line opens with a
    /// digit, a blank or `>` (a quote's marker: `quotedItem`), or holds a bracket or `<` (a
    /// link's, the item's text) before it, or no digit within its first characters: at most four
    /// scalars read.
    static func strayBeforeNumber(_ text: some StringProtocol) -> Int? {
        let scalars = text.unicodeScalars.prefix(4)
        guard let digit = scalars.firstIndex(where: { $0.isASCII && UInt8($0.value).isASCIIDigit }) else { return nil }
        let before = scalars[..<digit]
        guard !before.contains(where: { $0 == "[" || $0 == "<" }),
            let leftover = Leftover.reading(String(String.UnicodeScalarView(before)), atMost: 3, word: 3)
        else { return nil }
        return leftover.utf8.count
    }

    /// An item line with a container's marker left before its number (`>10. [`, `> 10. [`,
    /// `>>10. [`, `- 10. [`, `1. 10. [`), read by `Leftover.container`: `Leftover.reading` leaves
    /// such markers alone, but here they are no quote or list anyone meant: the item renders in a
    /// block quote or nested in another item, apart from the list. What is written and the repair
    /// that deletes the markers and the blanks after them. A few bytes read for most items: their
    /// number and the `[` after it.
    private static func quotedItem(_ block: Prose.TextBlock) -> (LineSlip, Edit)? {
        guard
            let container = Leftover.container(
                block.firstLine.text,
                startingWith: { rest in
                    let digits = rest.prefix { $0.isASCIIDigit }.count
                    return digits > 0 && rest.dropFirst(digits).first.map { $0 == 0x2E || $0 == 0x29 } == true
                })
        else { return nil }
        let line = Array(block.firstLine.text.utf8)
        let cut = block.segments[0].column - 1
        let written = String(decoding: line.prefix(cut + 1), as: UTF8.self)
        return (
            .quotedItem(written: written, marker: container.written, opens: container.opens, fix: container.fix),
            Edit(range: container.indent..<(container.indent + container.length), with: [], beforeTitle: true)
        )
    }

    /// An item line with a heading's marker before its number (`# 10. [`, `## 10. [`, `> # 10. [`): the item
    /// renders as a heading, out of the list, and the index's outline reads it as a part. Read
    /// by `Leftover.container` as `quotedItem` is, the same finding and repair; only a heading whose
    /// first link, at its start, links a lesson file. A byte read for most headings.
    private static func headedItem(_ block: Prose.TextBlock) -> (LineSlip, Edit)? {
        let text = block.firstLine.text
        guard
            let container = Leftover.container(
                text,
                startingWith: { rest in
                    let digits = rest.prefix { $0.isASCIIDigit }.count
                    return digits > 0 && rest.dropFirst(digits).first.map { $0 == 0x2E || $0 == 0x29 } == true
                }),
            let bracket = text.utf8.firstIndex(of: UInt8(ascii: "[")),
            let link = block.inline.links.first, LessonName.isLessonFile(link.destination.fileName)
        else { return nil }
        let written = String(decoding: text.utf8[...bracket], as: UTF8.self)
        return (
            .quotedItem(written: written, marker: container.written, opens: container.opens, fix: container.fix),
            Edit(range: container.indent..<(container.indent + container.length), with: [], beforeTitle: true)
        )
    }

    /// An item line indented past the column of the item above it (`    10. [` under `9. [`), so
    /// that it is no item of the index's list: the item above's text, or, after a blank line, a
    /// list nested in that item. Read only for a line that opens with blanks, then the number and
    /// `delimiter`, the index's items at the top level (`above`, the line's block or the one
    /// before it, an item of a list at the top). The repair deletes the blanks.
    private static func indentedItem(
        _ line: Line, delimiter: Character?, above: Int, _ prose: Prose, lines: [Line], nested: Bool
    ) -> (
        LineSlip, Edit
    )? {
        let bytes = Array(line.text.utf8)
        let lead = bytes.prefix { $0 == 0x20 || $0 == 0x09 }.count
        let digits = bytes.dropFirst(lead).prefix { $0.isASCIIDigit }.count
        guard lead > 0, (1...9).contains(digits), let delimiter, lead + digits < bytes.count,
            Character(Unicode.Scalar(bytes[lead + digits])) == delimiter
        else { return nil }
        // The item it sits under: the last top-level item before the line.
        let parent = prose.blocks[...above].last {
            $0.listDepth == 1 && $0.itemNumber != nil && $0.firstLine.number < line.number
        }
        guard let parent, parent.firstLine.text.utf8.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count < lead else {
            return nil
        }
        let blanks = bytes.prefix(lead)
        let indented =
            blanks.allSatisfy { $0 == 0x20 }
            ? Plural.count(lead, "space") : blanks.count == 1 ? "with a tab" : "with tabs"
        // A blank line right above it: the nested list's, deleted too so the list stays tight.
        let blankAbove =
            line.number >= 2 && lines[line.number - 2].text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            ? line.number - 1 : nil
        return (
            .indentedItem(
                marker: String(decoding: bytes[lead...(lead + digits)], as: UTF8.self), indented: indented,
                item: parent.itemNumber, nested: nested, blankAbove: blankAbove),
            Edit(range: 0..<lead, with: [], beforeTitle: true)
        )
    }

    /// An item whose text opens with invisible characters before its link (`9. ⁠[`, U+2060, U+200B,
    /// U+00A0): it renders as the item, but its text holds them before the title. What is
    /// written, the characters' names and their fix, and the repair that deletes them.
    private static func invisibleAfterMarker(_ block: Prose.TextBlock) -> (LineSlip, Edit)? {
        let segment = block.segments[0]
        guard let invisible = Invisible.leading(segment.text) else { return nil }
        let rest = segment.text.utf8.dropFirst(invisible.length).drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.first == UInt8(ascii: "[") || rest.first == UInt8(ascii: "<") else { return nil }
        let cut = segment.text.utf8.count - rest.count
        let marker = block.firstLine.text.utf8.prefix(segment.column - 1)
        let written =
            String(decoding: marker, as: UTF8.self) + String(decoding: segment.text.utf8.prefix(cut + 1), as: UTF8.self)
        let (names, fix) = Invisible.named(invisible.scalars)
        let at = segment.column - 1
        return (
            .invisibleAfterMarker(written: written, names: names, fix: fix),
            Edit(range: at..<(at + cut), with: [], beforeTitle: true)
        )
    }

    /// An item whose link has a space between its `]` and `(` (`[Yerel Durum] (09-yerel-durum.md)`):
    /// the text is shown as written and links nothing. What is written, and the repair.
    private static func spacedLink(_ segment: Prose.TextBlock.Segment) -> (LineSlip, Edit)? {
        let bytes = Array(segment.text.utf8)
        guard bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
        let spaces = bytes[(close + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }.count
        let open = close + 1 + spaces
        guard spaces > 0, open < bytes.count, bytes[open] == UInt8(ascii: "("),
            let end = bytes[open...].firstIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let file = String(decoding: bytes[(open + 1)..<end], as: UTF8.self)
        guard LessonName.isLessonFile(file.fileName) else { return nil }
        let title = String(decoding: bytes[1..<close], as: UTF8.self)
        let at = segment.column - 1 + close + 1
        return (
            .spacedLink(written: String(decoding: bytes[close..<(open + 1)], as: UTF8.self), title: title, file: file),
            Edit(range: at..<(at + spaces), with: [], beforeTitle: false)
        )
    }

    /// An item whose link lost its closing parenthesis (`[Title](file.md`): the text is shown as
    /// written and links nothing. The title, the file, and the repair.
    private static func unclosedLink(_ segment: Prose.TextBlock.Segment) -> (LineSlip, Edit)? {
        let bytes = Array(segment.text.utf8)
        guard bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")),
            close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "("),
            !bytes[(close + 2)...].contains(UInt8(ascii: ")"))
        else { return nil }
        let destination = bytes[(close + 2)...].prefix { $0 != 0x20 && $0 != 0x09 }
        let file = String(decoding: destination, as: UTF8.self)
        guard LessonName.isLessonFile(file.fileName) else { return nil }
        let at = segment.column - 1 + close + 2 + destination.count
        return (
            .unclosedLink(title: String(decoding: bytes[1..<close], as: UTF8.self), file: file),
            Edit(range: at..<at, with: [UInt8(ascii: ")")], beforeTitle: false)
        )
    }

    /// An item written as a reference link (`[Title][label]`, `[Title][]`, `[Title]`) whose label
    /// matches no link reference definition, so the text is shown as written and links nothing,
    /// where the index defines a label a slip away from it (`l14` for `l41`): what is written, and
    /// the repair that writes the defined label.
    private static func unknownLabel(_ segment: Prose.TextBlock.Segment, prose: Prose, file: SourceFile) -> (
        LineSlip, Edit
    )? {
        let bytes = Array(segment.text.utf8)
        guard bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
        // The label: the second brackets' text, or the first's when they are empty or absent.
        var label = 1..<close
        var end = close + 1
        if end < bytes.count, bytes[end] == UInt8(ascii: "(") { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: "["),
            let second = bytes[(end + 1)...].firstIndex(of: UInt8(ascii: "]"))
        {
            if second > end + 1 { label = (end + 1)..<second }
            end = second + 1
        }
        let written = String(decoding: bytes[label], as: UTF8.self)
        let key = LinkReferenceDefinition.normalized(written)
        guard !key.isEmpty, prose.linkDefinitions[key] == nil else { return nil }
        // Each definition as written, for its spelling and its line.
        let definitions = file.lines.compactMap { line -> (label: String, key: String, line: Int)? in
            let text = line.text.drop { $0 == " " }
            guard text.hasPrefix("["), let stop = text.firstIndex(of: "]"),
                text[text.index(after: stop)...].hasPrefix(":")
            else { return nil }
            let label = text[text.index(after: text.startIndex)..<stop]
            let key = LinkReferenceDefinition.normalized(label)
            return prose.linkDefinitions[key] == nil ? nil : (String(label), key, line.number)
        }
        func linksLesson(_ key: String) -> Bool {
            prose.linkDefinitions[key].map {
                LessonName.isLessonFile(resolved($0.destination, indexPath: file.path).fileName)
            }
                ?? false
        }
        /// The one definition of a lesson that no other line of the index refers to or links
        /// inline, when only one is.
        func unused() -> String? {
            let keys = definitions.filter { definition in
                guard linksLesson(definition.key), let destination = prose.linkDefinitions[definition.key]?.destination
                else { return false }
                return !file.lines.contains { line in
                    line.number != definition.line
                        && (LinkReferenceDefinition.normalized(line.text).contains("[\(definition.key)]")
                            || line.text.contains("](\(destination)"))
                }
            }.map(\.key)
            return keys.count == 1 ? keys.first : nil
        }
        guard
            let near = Suggestion.closest(to: key, among: Array(prose.linkDefinitions.keys)).flatMap({
                linksLesson($0) ? $0 : nil
            }) ?? unused()
        else {
            // No label a slip away: the item, when the link is all its line holds, is read as a
            // link to its title, which the check reads as the lesson so titled; the finding names
            // the labels there are.
            guard bytes[end...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
            let title = String(decoding: bytes[1..<close], as: UTF8.self)
            let placeholder = String(title.map { $0.isLetter || $0.isNumber ? $0 : "-" })
            return (
                .unlinkedLabel(
                    link: String(decoding: bytes[..<end], as: UTF8.self), written: written,
                    defined: definitions.map { ($0.label, $0.line) }, column: segment.column + label.lowerBound),
                Edit(
                    range: (segment.column - 1 + close + 1)..<(segment.column - 1 + end),
                    with: Array("(\(placeholder))".utf8), beforeTitle: false)
            )
        }
        let defined = definitions.first { $0.key == near }.map { ($0.label, $0.line) }
        let at = segment.column - 1 + label.lowerBound
        return (
            .unknownLabel(
                link: String(decoding: bytes[..<end], as: UTF8.self), written: written, near: defined?.0 ?? near,
                line: defined?.1 ?? 0),
            Edit(range: at..<(at + label.count), with: Array((defined?.0 ?? near).utf8), beforeTitle: false)
        )
    }

    /// The index's prose and items read as if every line that should open an item did: a line
    /// that opens with a number of ten or more digits and a delimiter (`1234567890. [Title](file.md)`),
    /// the first item line a paragraph runs on into (`4. [Title](file.md)` right after a
    /// paragraph or a link reference definition, with no blank line between: only a list starting
    /// at 1 may interrupt a paragraph, so the rest renders as the paragraph's text), a line whose
    /// marker opens no item (`9.[Title](file.md)`, `9, [`, `9.` and a no-break space) and an item
    /// whose link is no link (`[Title] (file.md)`). The first two are read with the number
    /// shortened to `1`, which continues a list and may interrupt a paragraph; the others as they
    /// were meant. Only a line that then reads as an item counts, and any but an overflow only
    /// when it links a lesson file; the items' title columns are those of the text as written.
    static func repairingOverflows(_ file: SourceFile, prose: Prose) -> (
        prose: Prose, items: [Item?], overflows: [Overflow], file: SourceFile
    ) {
        let items = prose.blocks.map { item($0, indexPath: file.path) }
        /// The slipped lines of `prose`, whose items are `items`.
        func detect(_ prose: Prose, _ items: [Item?]) -> [(overflow: Overflow, edit: Edit)] {
            var found: [(overflow: Overflow, edit: Edit)] = []
            for (position, block) in prose.blocks.enumerated() {
                guard block.kind == .paragraph else {
                    if let (slip, edit) = headedItem(block) {
                        found.append((Overflow(line: block.firstLine.number, column: 1, marker: "", slip: slip), edit))
                    }
                    continue
                }
                // An ordered item that links nothing at its start: its link may have a space after `]`.
                if items[position] == nil, block.itemMarker == "." || block.itemMarker == ")",
                    let (slip, edit) = invisibleAfterMarker(block) ?? spacedLink(block.segments[0])
                        ?? unclosedLink(block.segments[0]) ?? unknownLabel(block.segments[0], prose: prose, file: file)
                {
                    // At the `]` a space follows, where the missing `)` goes, or at the label.
                    let column =
                        if case .unknownLabel = slip {
                            edit.range.lowerBound + 1
                        } else if case .invisibleAfterMarker = slip {
                            edit.range.lowerBound + 1
                        } else if case .unlinkedLabel(_, _, _, let column) = slip {
                            column
                        } else {
                            edit.range.lowerBound + (edit.with.isEmpty ? 0 : 1)
                        }
                    found.append(
                        (Overflow(line: block.firstLine.number, column: column, marker: "", slip: slip), edit))
                    continue
                }
                // An item nested in the one above it: its list renders inside that item.
                if block.listDepth > 1, items[position] != nil, block.itemMarker == "." || block.itemMarker == ")",
                    let (slip, edit) = indentedItem(
                        block.firstLine, delimiter: block.itemMarker, above: position, prose, lines: file.lines,
                        nested: true)
                {
                    found.append((Overflow(line: block.firstLine.number, column: 1, marker: "", slip: slip), edit))
                    continue
                }
                if items[position] != nil, let (slip, edit) = quotedItem(block) {
                    found.append((Overflow(line: block.firstLine.number, column: 1, marker: "", slip: slip), edit))
                    continue
                }
                // One paragraph runs on into one list: its later item lines continue that list.
                var covered = false
                for (offset, segment) in block.segments.enumerated()
                where segment.text.utf8.first.map({
                    $0.isASCIIDigit || letterDigits[$0] != nil
                        || $0 >= 0x80
                            && (OtherDigits.leading(segment.text) != nil || Invisible.leading(segment.text) != nil
                                || lookAlikeDigit(Array(segment.text.utf8.prefix(4))[...]) != nil)
                        || strayBeforeNumber(segment.text) != nil
                }) ?? false {
                    if offset > 0 || block.itemMarker == nil,
                        let near = nearMarker(segment.text, column: segment.column)
                    {
                        found.append(
                            (
                                Overflow(
                                    line: segment.line.number, column: segment.column, marker: near.written,
                                    slip: .marker(written: near.written, problem: near.problem, fix: near.fix)),
                                near.edit
                            ))
                        covered = true
                        continue
                    }
                    let bytes = segment.text.utf8
                    let digits = bytes.prefix { $0.isASCIIDigit }.count
                    let rest = bytes.dropFirst(digits)
                    let text = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
                    guard let mark = rest.first, mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")"),
                        text.count < rest.count - 1, text.first == UInt8(ascii: "[") || text.first == UInt8(ascii: "<")
                    else { continue }
                    let marker = String(decoding: bytes.prefix(digits + 1), as: UTF8.self)
                    let at = Overflow(line: segment.line.number, column: segment.column, marker: marker)
                    let shortened = Edit(
                        range: (segment.column - 1)..<(segment.column - 1 + digits), with: [UInt8(ascii: "1")],
                        beforeTitle: true)
                    if digits > 9 {
                        found.append((at, shortened))
                        covered = true
                    } else if offset > 0, block.listDepth == 1, block.itemMarker == Character(Unicode.Scalar(mark)),
                        let (slip, edit) = indentedItem(
                            segment.line, delimiter: block.itemMarker, above: position, prose, lines: file.lines,
                            nested: false)
                    {
                        // An item line indented under the item above it: that item's text.
                        found.append((Overflow(line: at.line, column: 1, marker: marker, slip: slip), edit))
                        covered = true
                    } else if !covered, offset > 0 || block.itemMarker == nil, segment.line.number > 1 {
                        // The first segment of a paragraph that opens no item follows a link reference
                        // definition the paragraph lost: that is the line it runs on from.
                        found.append(
                            (
                                Overflow(line: at.line, column: at.column, marker: marker, runsOnFrom: at.line - 1),
                                shortened
                            ))
                        covered = true
                    }
                }
            }
            return found
        }
        var found = detect(prose, items)

        guard !found.isEmpty else { return (prose, items, [], file) }
        /// True when the repaired text reads `found`'s line as an item (any but an overflow: a lesson's).
        func reads(_ found: (overflow: Overflow, edit: Edit), in items: [Item?]) -> Bool {
            items.contains { item in
                guard let item, item.line.number == found.overflow.line else { return false }
                if case .unlinkedLabel = found.overflow.slip { return true }
                return found.overflow.runsOnFrom == nil && found.overflow.slip == nil
                    || LessonName.isLessonFile(item.resolved.fileName)
            }
        }
        func repair(_ found: [(overflow: Overflow, edit: Edit)]) -> (Prose, [Item?], kept: Int, SourceFile) {
            var lines = file.lines
            for (overflow, edit) in found {
                var text = Array(lines[overflow.line - 1].text.utf8)
                text.replaceSubrange(edit.range, with: edit.with)
                lines[overflow.line - 1].text = String(decoding: text, as: UTF8.self)
            }
            let repairedFile = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
            let repaired = Prose(file: repairedFile)
            let repairedItems = repaired.blocks.map { item($0, indexPath: file.path) }
            return (repaired, repairedItems, found.count { reads($0, in: repairedItems) }, repairedFile)
        }
        var (repaired, repairedItems, kept, repairedFile) = repair(found)
        // A slip may hide another (an item of a list that ran on into a paragraph): read the
        // repaired text again, a few rounds at most.
        for _ in 0..<3 where kept == found.count {
            let lines = Set(found.map(\.overflow.line))
            let more = detect(repaired, repairedItems).filter { !lines.contains($0.overflow.line) }
            guard !more.isEmpty else { break }
            found += more
            (repaired, repairedItems, kept, repairedFile) = repair(found)
        }
        if kept < found.count {
            // A line the repair does not make a lesson's item was none: the text stays as written.
            found = found.filter { reads($0, in: repairedItems) }
            guard !found.isEmpty else { return (prose, items, [], file) }
            (repaired, repairedItems, kept, repairedFile) = repair(found)
            guard kept == found.count else { return (prose, items, [], file) }
        }
        let shift = Dictionary(
            found.map { ($0.overflow.line, $0.edit.beforeTitle ? $0.edit.range.count - $0.edit.with.count : 0) },
            uniquingKeysWith: { a, _ in a })
        for position in repairedItems.indices {
            guard var item = repairedItems[position], let by = shift[item.titleLocation.line] else { continue }
            item.titleLocation.column += by
            item.line = file.lines[item.line.number - 1]
            repairedItems[position] = item
        }
        // In line order: a slip a later round found (a line that ran on into another's text) is
        // reported where it stands among the others.
        return (repaired, repairedItems, found.map(\.overflow).sorted { $0.line < $1.line }, repairedFile)
    }

    /// Where `written`, an item's link destination, is on its line (after its title); the line's
    /// start when it is not found there (a reference link's destination is elsewhere).
    static func destination(of written: String, in item: Item) -> SourceLocation {
        let text = Array(item.line.text.utf8)
        let needle = Array(("(" + written).utf8)
        var start = max(item.titleLocation.column - 1, 0)
        while start + needle.count <= text.count {
            if text[start..<(start + needle.count)].elementsEqual(needle) {
                return SourceLocation(path: item.titleLocation.path, line: item.line.number, column: start + 2)
            }
            start += 1
        }
        return SourceLocation(path: item.titleLocation.path, line: item.line.number)
    }

    /// The column of a bullet item's marker: the first `bullet` on its line (a container's
    /// prefix, `> `, holds none).
    static func column(of bullet: Character, before item: Item) -> Int {
        let text = item.line.text.utf8
        guard let ascii = bullet.asciiValue, let at = text.firstIndex(of: ascii) else { return 1 }
        return text.distance(from: text.startIndex, to: at) + 1
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
        // Composed: a lesson file and a link that are one name in two Unicode forms are one
        // lesson; the decomposed side is its page's or its file name's one finding.
        return Decomposed.composed(joined)
    }

    /// Part headings (`## …`) inside an HTML comment, on its first line after the `<!--` or a later
    /// one: readers see no part there, and its items run on in the part above. One finding at each.
    static func headingsInComments(_ index: CourseFacts.Index) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // Cheap first: the index holds no comment at all.
        guard index.file.lines.contains(where: { $0.text.utf8Offset(of: "<!--") != nil }) else { return [] }
        MarkdownScanner.scan(index.file).document.walk { node, _ in
            guard case .htmlBlock(2) = node.kind else { return }
            for (offset, content) in node.content.enumerated() {
                var text = content.text.drop { $0 == " " || $0 == "\t" }
                if offset == 0 {
                    guard text.hasPrefix("<!--") else { return }
                    text = text.dropFirst(4).drop { $0 == " " || $0 == "\t" }
                }
                guard text.hasPrefix("## ") else { continue }
                var name = text.dropFirst(3)
                if let close = name.range(of: "-->") { name = name[..<close.lowerBound] }
                found.append(
                    .courseIndex(
                        at: SourceLocation(path: index.file.path, line: content.index + 1),
                        .headingInComment(String(name).trimmingWhitespaces)))
            }
        }
        return found
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
        // An empty index (or blanks alone) lists nothing: one finding, at its first line, not one per lesson.
        if index.file.lines.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
            return .checked([
                .courseIndex(at: SourceLocation(path: path, line: 1), .empty(lessons: course.lessons.count))
            ])
        }
        var findings = index.fenceSlips
        if linksOnly { return .checked(findings + Self.checkLinks(course, index: index)) }
        // A key with a leftover before it (`\tlessons:`) is front-matter's finding, its count read as meant.
        // So is one behind YAML's comment sign (`# lessons: 21`).
        // And one misspelt (`lesons: 21`).
        if let count = index.frontMatter?["lessons"] ?? index.frontMatter?.leftoverKey("lessons")?.entry
            ?? index.frontMatter?.commented["lessons"]?.entry
            ?? index.frontMatter.flatMap({ frontMatter in
                FrontMatterClaim.indexMisspelt(frontMatter, lessons: course.lessons).first { $0.key == "lessons" }
                    .flatMap { frontMatter[$0.written] }
            })
        {
            if let number = OtherDigits.leading(count.value, letters: true), number.utf8Count == count.value.utf8.count
            {
                // `lessons: ٢١`, `lessons: ⅩⅪ`, `lessons: 2l`: readers read 21, YAML a text; at the
                // character, with the number to write.
                let line = index.file.lines[count.line - 1].text
                let start = line.range(of: count.value).map {
                    line.utf8.distance(from: line.startIndex, to: $0.lowerBound)
                }
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: count.line, column: (start ?? 0) + number.otherOffset + 1),
                        .countDigits(
                            written: count.value, why: number.why, read: number.ascii, actual: course.lessons.count)))
            } else if count.value.unicodeScalars.contains(where: Invisible.isSuspicious),
                case let visible = String(
                    String.UnicodeScalarView(count.value.unicodeScalars.filter { !Invisible.isSuspicious($0) })),
                let read = Int(visible.trimmingWhitespaces)
            {
                // `lessons: 2\u{200B}1`: readers read 21, YAML a text; at the character, named.
                let line = Array(index.file.lines[count.line - 1].text.utf8)
                let value = Array(count.value.utf8)
                let start =
                    line.count >= value.count
                    ? (0...(line.count - value.count)).first { line[$0..<($0 + value.count)].elementsEqual(value) }
                    : nil
                let scalars = count.value.unicodeScalars.filter(Invisible.isSuspicious)
                let before = count.value.unicodeScalars.prefix { !Invisible.isSuspicious($0) }
                let offset = before.reduce(0) { $0 + UTF8.width($1) }
                var named: [Unicode.Scalar] = []
                for scalar in scalars where !named.contains(scalar) { named.append(scalar) }
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: count.line, column: (start ?? 0) + offset + 1),
                        .countUnseen(
                            written: count.value, scalars: named, after: String(String.UnicodeScalarView(before)),
                            read: read, actual: course.lessons.count)))
            } else if Int(count.value) != course.lessons.count {
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: count.line),
                        .count(claimed: count.value, actual: course.lessons.count)))
            }
        } else if !(index.frontMatter?.unreadable.contains { $0.key == "lessons" || $0.key == nil } ?? false) {
            // An unreadable `lessons` value is front-matter's finding.
            findings.append(.courseIndex(at: SourceLocation(path: path, line: 1), .noCount))
        }
        // Items as a reader follows them: a slipped link target is read as the lesson the title names.
        let placement = course.placement
        // A part heading written as text or at another level: one finding there; its items are
        // read as under it.
        for lost in placement.lostHeadings {
            // `## Name` behind invisible characters: the heading as written, but for them.
            let raw = index.file.lines[lost.line - 1].text
            if let invisible = Invisible.leading(raw), lost.level == nil,
                raw.utf8.dropFirst(invisible.length).first == UInt8(ascii: "#")
            {
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: lost.line),
                        .invisibleBeforeHeading(lost.name, above: lost.above, scalars: invisible.scalars)))
                continue
            }
            // `# ## Name`: a heading's marker before the part heading's, which takes it in as text
            // (the headings behind a container's marker are found below, whatever their level).
            if Leftover.container(raw, before: "#") != nil { continue }
            // `x## Name`: a printable character left before the heading's marks (`Leftover`).
            if lost.level == nil, let left = Leftover.before("#", in: raw),
                case let rest = raw.drop(while: { $0 == " " }).dropFirst(left.leftover.count + left.blanks.count),
                rest.hasPrefix("## ")
            {
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: lost.line),
                        .leftoverBeforeHeading(
                            String(rest.dropFirst(3)), above: lost.above, leftover: left.leftover, blanks: left.blanks))
                )
                continue
            }
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: lost.line),
                    .lostHeading(
                        lost.name, above: lost.above, level: lost.level, underline: lost.underline, item: lost.item)))
        }
        // A part heading behind a container's marker (`> ## Name`, `- ## Name`, `## ## Name`):
        // quoted, an item, or a heading that shows the `##` as text.
        for block in index.prose.blocks where block.kind != .paragraph {
            // The index's `# ` title too (`> # Title`).
            guard let container = Leftover.container(block.firstLine.text, before: "#") else { continue }
            let marks = block.firstLine.text.utf8.dropFirst(container.indent + container.length).prefix {
                $0 == UInt8(ascii: "#")
            }
            guard marks.count <= 2 else { continue }
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: block.firstLine.number, column: container.indent + 1),
                    .headingInContainer(Self.partName(block.text), container, title: marks.count == 1)))
        }
        // A part heading indented as code (`    ## Name` after a paragraph): readers see a line of code.
        if index.file.lines.contains(where: { $0.text.hasPrefix("    #") || $0.text.hasPrefix("\t#") }) {
            for node in MarkdownScanner.scan(index.file).document.children where node.kind == .indentedCode {
                let lines = node.content.filter { !$0.text.allSatisfy { $0 == " " || $0 == "\t" } }
                guard lines.count == 1, let line = lines.first, line.text.hasPrefix("## "),
                    case let raw = index.file.lines[line.index].text, raw.hasSuffix(line.text)
                else { continue }
                let blank = raw.prefix { $0 == " " || $0 == "\t" }
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: line.index + 1),
                        .headingAsCode(
                            String(line.text.dropFirst(3)).trimmingWhitespaces,
                            indented: blank.allSatisfy { $0 == " " } ? Plural.count(blank.count, "space") : "with a tab"
                        )))
            }
        }
        // A part heading that splits a note series: one finding there, its lessons read as above it.
        for split in placement.splits {
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: split.line),
                    .splitSeries(
                        split.part, above: split.above, series: split.series, lessons: split.lessons,
                        first: split.first, last: split.last)))
        }
        for heading in placement.headingsInItems {
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: heading.line),
                    .headingInItem(heading.name, spaces: heading.spaces, item: heading.item)))
        }
        findings += Self.headingsInComments(index)
        let items = placement.items
        let files = course.lessons.map(\.path.fileName)
        let keys = course.lessons.map { Self.normalized($0.path) }
        let linked = Set(items.map(\.resolved))
        // A link a slip away from a lesson no item links (`09-yerel-durumu.md`), or to a file that is
        // no lesson under a lesson's title, is that lesson's item with a typo: one finding at it,
        // and the lesson is not also unlisted.
        var meant: [Int: Int] = [:]
        let unlinked = Set(
            index.overflows.compactMap { overflow in
                if case .unlinkedLabel = overflow.slip { overflow.line } else { nil }
            })
        for (position, item) in items.enumerated() where !keys.contains(where: { $0.sameBytes(item.resolved) }) {
            let candidates = keys.indices.filter { !linked.contains(keys[$0]) && !meant.values.contains($0) }
            if let lesson = candidates.first(where: { course.lessons[$0].isTitled(item.title) })
                ?? candidates.first(where: { EditDistance.between(files[$0], item.file.fileName, atMost: 3) != nil })
            {
                meant[position] = lesson
            } else if unlinked.contains(item.line.number), candidates.count == 1, let lesson = candidates.first {
                // A label no definition has, its title mistyped too: the one lesson no item lists.
                meant[position] = lesson
            }
        }
        // A line that should open an item and does not: one finding at the slip; the index is read
        // as if it did.
        for overflow in index.overflows {
            let lesson = items.first { $0.line.number == overflow.line }.flatMap { item in
                keys.firstIndex { $0.sameBytes(item.resolved) }
            }
            if let slip = overflow.slip {
                let at = SourceLocation(path: path, line: overflow.line, column: overflow.column)
                switch slip {
                case .marker(let written, let problem, let fix):
                    findings.append(.courseIndex(at: at, .marker(written: written, problem: problem, fix: fix)))
                case .quotedItem(let written, let marker, let opens, let fix):
                    findings.append(
                        .courseIndex(at: at, .quotedItem(written: written, marker: marker, opens: opens, fix: fix)))
                case .spacedLink(let written, let title, let file):
                    findings.append(.courseIndex(at: at, .spacedLink(written: written, title: title, file: file)))
                case .unclosedLink(let title, let file):
                    findings.append(.courseIndex(at: at, .unclosedLink(title: title, file: file)))
                case .invisibleAfterMarker(let written, let names, let fix):
                    findings.append(
                        .courseIndex(at: at, .invisibleAfterMarker(written: written, names: names, fix: fix)))
                case .indentedItem(let marker, let indented, let item, let nested, let blankAbove):
                    findings.append(
                        .courseIndex(
                            at: at,
                            .indentedItem(
                                marker: marker, indented: indented, item: item, nested: nested, blankAbove: blankAbove))
                    )
                case .unknownLabel(let link, let written, let near, let line):
                    findings.append(
                        .courseIndex(at: at, .unknownLabel(link: link, written: written, near: near, line: line)))
                case .unlinkedLabel(let link, let written, let defined, _):
                    // Read as a link to the lesson its title names: that lesson's file is the fix.
                    let position = items.firstIndex { $0.line.number == overflow.line }
                    let lesson = position.flatMap { meant[$0] ?? keys.firstIndex(of: items[$0].resolved) }
                    // The item as meant: its title as written, or the lesson's where that is mistyped too.
                    var title = position.map { items[$0].title }
                    if let lesson, let written = title, !course.lessons[lesson].isTitled(written) {
                        title =
                            course.lessons[lesson].frontMatter?["title"]?.value ?? course.lessons[lesson].title?.text
                    }
                    findings.append(
                        .courseIndex(
                            at: at,
                            .unlinkedLabel(
                                link: link, written: written, defined: defined, title: title,
                                file: lesson.map { files[$0] })))
                }
                continue
            }
            if let from = overflow.runsOnFrom {
                findings.append(
                    .courseIndex(
                        at: SourceLocation(path: path, line: from),
                        .runsOn(itemLine: overflow.line, marker: overflow.marker)))
                continue
            }
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: overflow.line, column: overflow.column),
                    .overflow(marker: overflow.marker, number: lesson.map { $0 + 1 })))
        }
        findings += index.revealed
        var seen: [String: Int] = [:]
        var listed: [Item] = []
        var listedPositions: [Int] = []
        for (position, item) in items.enumerated() {
            let at = SourceLocation(path: path, line: item.line.number)
            if let original = placement.copies[position] {
                let parts = placement.partOfItem[position].flatMap { copy in
                    placement.partOfItem[original].flatMap { copy == $0 ? nil : (copy, $0) }
                }
                findings.append(
                    .courseIndex(
                        at: at, .repeated(file: item.file, itemLine: items[original].line.number, parts: parts)))
                continue
            }
            seen[item.resolved] = item.line.number
            let lesson = keys.firstIndex { $0.sameBytes(item.resolved) }
            if let written = placement.retargeted[position], let lesson {
                findings.append(
                    .courseIndex(
                        at: Self.destination(of: written, in: item),
                        .wrongTarget(written: written, title: item.title, file: files[lesson])))
            }
            if !item.others.isEmpty {
                let others = item.others.map { other in
                    (other.file, items.first { !$0.linkedAfterAnother && $0.resolved == other.resolved }?.line.number)
                }
                findings.append(.courseIndex(at: at, .severalLessons(file: item.file, others: others)))
            }
            if let bullet = item.bullet {
                // The fix writes the number in place of the bullet and any blanks before it
                // (`   - [`), or the number alone would leave the item nested in the one above.
                let text = item.line.text.utf8
                let blanks = text.prefix { $0 == 0x20 || $0 == 0x09 }.count
                let marker = text.dropFirst(blanks).first == bullet.asciiValue ? 1 : 0
                let spaces = text.dropFirst(blanks + marker).prefix { $0 == 0x20 || $0 == 0x09 }.count
                let indented =
                    marker == 1 && spaces > 0 && blanks + 1 + spaces < text.count
                    ? String(decoding: text.prefix(blanks + 1 + spaces + 1), as: UTF8.self) : nil
                // Nested when the blanks reach the text of the item above (`9. ` takes 3 columns).
                let above = position > 0 ? items[position - 1].line.text.utf8 : nil
                let width =
                    above.map { line in
                        let digits = line.prefix { $0 == 0x20 || $0.isASCIIDigit }.count
                        return digits + 1 + line.dropFirst(digits + 1).prefix { $0 == 0x20 }.count
                    } ?? Int.max
                findings.append(
                    .courseIndex(
                        at: SourceLocation(
                            path: path, line: item.line.number,
                            column: Self.column(of: bullet, before: item) - (indented == nil ? 0 : blanks)),
                        .bullet(
                            bullet, number: lesson.map { $0 + 1 }, indented: indented,
                            nested: above?.first?.isASCIIDigit == true && blanks >= width)))
            }
            // A lesson linked after another's sits in that item's part: the item's finding says so.
            if let misplaced = placement.wrongPart[position], !item.linkedAfterAnother {
                findings.append(
                    .courseIndex(
                        at: at,
                        .wrongPart(
                            file: item.file, listed: misplaced.listed, part: misplaced.part, series: misplaced.series)))
            }
            guard let lessonIndex = keys.firstIndex(where: { $0.sameBytes(item.resolved) }) else {
                // A label no definition has: its line's finding names the lesson meant.
                if unlinked.contains(item.line.number) { continue }
                // The lesson meant, its source URL naming this file: the slip is its file's name,
                // front-matter's one finding there.
                if let lesson = meant[position],
                    let named = FrontMatterClaim.fileNamedBySource(
                        path: course.lessons[lesson].path, frontMatter: course.lessons[lesson].frontMatter),
                    named.sameBytes(item.resolved.fileName)
                {
                    continue
                }
                // The lesson's file name with a character a reader cannot see or tell apart: named, at it.
                if let lesson = meant[position], case let name = item.resolved.fileName,
                    let slip = Diagnostic.unseenSlip(name, files[lesson])
                {
                    var location = Self.destination(of: item.file, in: item)
                    if location.column > 1, item.file.fileName.sameBytes(name) {
                        location.column += item.file.utf8.count - name.utf8.count + slip.offset
                    }
                    findings.append(.courseIndex(at: location, .unseenInTarget(file: item.file, slip: slip)))
                    continue
                }
                findings.append(
                    .courseIndex(at: at, .notALesson(file: item.file, meant: meant[position].map { files[$0] })))
                continue
            }
            listed.append(item)
            listedPositions.append(position)
            let title =
                course.lessons[lessonIndex].frontMatter?["title"]?.value ?? course.lessons[lessonIndex].title?.text
            if let title, !course.lessons[lessonIndex].isTitled(item.title),
                !(String.withoutBrokenComment(item.title).map(course.lessons[lessonIndex].isTitled) ?? false)
            {
                findings.append(
                    .courseIndex(
                        at: item.titleLocation.atUnseen(item.title, title, on: item.line.text),
                        .title(file: item.file, listed: item.title, title: title)))
            }
        }
        // The listed lessons aligned to course order (a shortest edit script): an item out of place
        // or a lesson left out is named once, where it is or where it belongs.
        let lastLine = items.last?.line.number ?? index.file.lines.count
        var misplaced = Set<Int>()
        // An item in the wrong part has its finding: the others are aligned without it, so a
        // neighbour it displaced is not called out of order.
        let aligned = listed.indices.filter { placement.wrongPart[listedPositions[$0]] == nil }
        misplaced.formUnion(listed.indices.filter { placement.wrongPart[listedPositions[$0]] != nil })
        for edit in UnifiedDiff.edits(keys, aligned.map { listed[$0].resolved }) {
            switch edit {
            case .insert(let at):
                let position = aligned[at]
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
        let overflowed = Set(index.overflows.map(\.line))
        for (position, item) in listed.enumerated()
        where item.startsList && !misplaced.contains(position) && !overflowed.contains(item.line.number) {
            guard let number = item.number, let lesson = keys.firstIndex(where: { $0.sameBytes(item.resolved) }),
                number != lesson + 1
            else { continue }
            findings.append(
                .courseIndex(
                    at: SourceLocation(path: path, line: item.line.number),
                    .numbered(file: item.file, shown: number, lesson: lesson + 1)))
        }
        findings += Self.checkSources(course, index: index)
        return .checked(findings)
    }
}

extension CourseIndexClaim {
    /// What any course's index claims, with none of this course's conventions (`lessons: N`, one
    /// numbered list): every link to a lesson-named file opens a lesson of the course; and when
    /// the index is clearly a list of lessons (list items link two lessons or more, and at least
    /// half the course's lessons), each lesson no item links is named, once.
    static func checkLinks(_ course: CourseFacts, index: CourseFacts.Index) -> [Diagnostic] {
        let path = index.file.path
        let keys = course.lessons.map { normalized($0.path) }
        let files = course.lessons.map(\.path.fileName)
        var findings: [Diagnostic] = []
        let links = index.prose.blocks.flatMap { block in
            block.inline.links.filter { !$0.destination.contains("://") }.map { (block, $0) }
        }
        let linked = Set(
            links.compactMap { _, link in
                let target = resolved(link.destination, indexPath: path, repositoryFolder: index.repositoryFolder)
                return keys.firstIndex { $0.sameBytes(target) }
            })
        var suggested: Set<Int> = []
        for (block, link) in links {
            let resolved = resolved(link.destination, indexPath: path, repositoryFolder: index.repositoryFolder)
            guard LessonName.isLessonFile(resolved.fileName), !keys.contains(where: { $0.sameBytes(resolved) })
            else { continue }
            let text = String(decoding: block.inline.source[link.text], as: UTF8.self)
            let meant = Self.meant(
                resolved.fileName, text: text, course: course,
                among: keys.indices.filter { !linked.contains($0) && !suggested.contains($0) })
            if let meant { suggested.insert(meant) }
            findings.append(
                .courseIndex(
                    at: block.location(of: link.text.lowerBound, in: path),
                    .notALesson(file: link.destination, meant: meant.map { files[$0] })))
        }
        let items = index.blockItems.compactMap { $0 }
        var itemLine: [Int: Int] = [:]
        for item in items {
            guard let lesson = keys.firstIndex(where: { $0.sameBytes(item.resolved) }) else { continue }
            itemLine[lesson] = itemLine[lesson] ?? item.line.number
        }
        guard itemLine.count >= 2, itemLine.count * 2 >= keys.count else { return findings }
        let lastLine = items.last?.line.number ?? index.file.lines.count
        // A lesson a link to no lesson file is said to mean is that link's finding, not unlisted too.
        for lesson in keys.indices where itemLine[lesson] == nil && !suggested.contains(lesson) {
            let next = keys.indices.dropFirst(lesson + 1).compactMap { itemLine[$0] }.first ?? lastLine
            findings.append(.courseIndex(at: SourceLocation(path: path, line: next), .unlisted(file: files[lesson])))
        }
        return findings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }
}

extension CourseIndexClaim {
    /// The lesson a link to no lesson file (`file`, its text `text`) means, among the lessons no
    /// link of the index opens: the one with that title (a `git mv` keeps the title the link
    /// shows), else one whose file name is a slip away, else the one lesson with the same number
    /// (a rename keeps the number); nil when none is clear.
    static func meant(_ file: String, text: String, course: CourseFacts, among candidates: [Int]) -> Int? {
        let files = course.lessons.map(\.path.fileName)
        if let lesson = candidates.first(where: { course.lessons[$0].isTitled(text) })
            ?? candidates.first(where: { EditDistance.between(files[$0], file, atMost: 3) != nil })
        {
            return lesson
        }
        let number = file.prefix { $0.isASCII && $0.isNumber }
        guard !number.isEmpty else { return nil }
        let numbered = candidates.filter { files[$0].prefix { $0.isASCII && $0.isNumber } == number }
        return numbered.count == 1 ? numbered[0] : nil
    }
}

extension String {
    /// The file name a display path ends in (its last `/`-separated component; the path itself when it has none).
    /// By bytes: by Characters a joiner after a slash (`lessons/` + U+200C) is one Character with it.
    var fileName: String { utf8.split(separator: UInt8(ascii: "/")).last.flatMap { String(Substring($0)) } ?? self }

    /// `title` without a comment written almost right (`<!- x -->`) or left open (`<!-- x`), which
    /// readers see as text: that is the comment's own finding, so the title is read as if it were
    /// fixed. Nil when the title holds none.
    static func withoutBrokenComment(_ title: String) -> String? {
        guard let open = title.range(of: "<!") ?? title.range(of: "‹!") else { return nil }
        let end = title[open.upperBound...].firstIndex(of: ">").map { title.index(after: $0) } ?? title.endIndex
        return (title[..<open.lowerBound] + title[end...]).split(separator: " ").joined(separator: " ")
    }
}
