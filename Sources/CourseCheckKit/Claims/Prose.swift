import Foundation
import Synchronization

/// The prose of a markdown file as a reader sees it: its paragraphs and headings (outside code,
/// HTML blocks and front matter), each with its soft line breaks joined, in reading order. Claims
/// match sentences on this text, so a wrapped sentence or bullet reads as one.
package struct Prose: Sendable {
    package var path: String
    /// Paragraphs and headings, in document order.
    package var blocks: [TextBlock]
    /// The file's link reference definitions, by normalised label: table cells resolve them too.
    package var linkDefinitions: [String: LinkDefinition] = [:]

    /// A paragraph or heading: its source lines (content after container prefixes and leading
    /// blanks) and the list item it opens, if any.
    /// A class: every claim walks the blocks, and copying a struct of this many references cost
    /// ~20 retains and releases a block each time (~2 M instructions a default run).
    package final class TextBlock: Sendable {
        package enum Kind: Sendable, Equatable {
            case paragraph
            case heading(level: Int)
        }

        /// One source line of the block: its file line, the UTF-8 column where its text starts, and
        /// the text (leading and trailing blanks dropped).
        package struct Segment: Sendable {
            package var line: Line
            package var column: Int
            package var text: String
            /// The columns the line is indented past its containers' markers (a tab to the next
            /// multiple of four): from 4 on, GitHub reads a line there as indented code.
            var indent = 0
        }

        package let kind: Kind
        package let segments: [Segment]
        /// The marker of the list item this block is the first paragraph of: `-`, `*`, `+`, or the
        /// delimiter of an ordered item (`.`, `)`); nil elsewhere.
        package let itemMarker: Character?
        /// The number a reader sees on the ordered list item this block opens: the list's first
        /// number plus the item's position, whatever the item itself says (`1.` `1.` reads 1, 2).
        package let itemNumber: Int?
        /// True for the first item of an ordered list, whose number the list counts from.
        package let startsList: Bool
        /// The list items around the block: 0 outside any, 1 in a list item, 2 in an item of a
        /// list nested in another item (the course index's items are all at 1).
        package let listDepth: Int
        /// The source text, its lines joined by line breaks (soft or hard, as the inline parser reads them).
        package let source: String
        /// Where each segment starts in `source`.
        let starts: [Int]

        init(
            kind: Kind, segments: [Segment], itemMarker: Character?, itemNumber: Int? = nil, startsList: Bool = false,
            listDepth: Int = 0, definitions: [String: LinkDefinition] = [:]
        ) {
            self.kind = kind
            self.listDepth = listDepth
            self.segments = segments
            self.itemMarker = itemMarker
            self.itemNumber = itemNumber
            self.startsList = startsList
            var source = ""
            var starts: [Int] = []
            var length = 0
            for (index, segment) in segments.enumerated() {
                if index > 0 {
                    source += "\n"
                    length += 1
                }
                starts.append(length)
                source += segment.text
                length += segment.text.utf8.count
            }
            self.source = source
            self.starts = starts
            self.definitions = definitions
        }

        /// The inline structure of `text`: parsed when it holds a byte that can start markup, else
        /// the text itself. Blocks and table cells alike.
        static func inline(_ text: String, definitions: [String: LinkDefinition]) -> Inline {
            var bytes = text
            let markup = Self.markup
            let hasMarkup = bytes.withUTF8 { bytes in bytes.contains { markup[Int($0)] } }
            return hasMarkup ? Inline(text, definitions: definitions) : Inline(plain: text)
        }

        /// The bytes that can start inline markup (or end a line), by value: a block without any is
        /// plain text, and its inline structure is the text itself.
        static let markup: [Bool] = (0...255).map { byte in
            "`*_[\\&<~\n".utf8.contains(UInt8(byte))
        }

        /// The link definitions the block's references resolve against.
        private let definitions: [String: LinkDefinition]
        /// The parsed inline structure, once a claim has asked for it.
        private let parsed = Mutex<Inline?>(nil)

        /// The inline structure of `source`: code spans, emphasis, links. Parsed on first use:
        /// most blocks are only ever read as source bytes (the claims' prefilters), and parsing
        /// every paragraph of the course cost ~13 M instructions a default run. Parsed under the
        /// lock, so two claims asking at once parse it once.
        var inline: Inline {
            parsed.withLock { parsed in
                if let parsed { return parsed }
                let inline = Self.inline(source, definitions: definitions)
                parsed = inline
                return inline
            }
        }

        /// The rendered text: markup dropped, soft breaks as spaces.
        package var text: String { inline.plain() }

        /// The first line of the block.
        package var firstLine: Line { segments[0].line }

        /// The file location of a UTF-8 offset into `source`.
        package func location(of offset: Int, in path: String) -> SourceLocation {
            var segment = 0
            while segment + 1 < starts.count && starts[segment + 1] <= offset { segment += 1 }
            return SourceLocation(
                path: path, line: segments[segment].line.number,
                column: segments[segment].column + max(offset - starts[segment], 0))
        }
    }

    package init(file: SourceFile, document: BlockNode) {
        path = file.path
        var blocks: [TextBlock] = []
        func visit(
            _ node: BlockNode, itemMarker: Character?, itemNumber: Int? = nil, startsList: Bool = false, depth: Int = 0
        ) {
            var marker = itemMarker
            var number = itemNumber
            var first = startsList
            for child in node.children {
                switch child.kind {
                case .paragraph, .heading:
                    let kind: TextBlock.Kind =
                        if case .heading(let level) = child.kind { .heading(level: level) } else { .paragraph }
                    // By index: each content line's fields read in place, not the line copied.
                    let lines = child.content
                    let segments = lines.indices.map { at -> TextBlock.Segment in
                        // Blanks are ASCII, so the trimmed bounds are scalar boundaries; most lines
                        // have none, and keep their text without a copy.
                        let content = lines[at].text
                        let utf8 = content.utf8
                        let start = utf8.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? utf8.endIndex
                        var end = utf8.endIndex
                        while end > start, case let byte = utf8[utf8.index(before: end)], byte == 0x20 || byte == 0x09 {
                            end = utf8.index(before: end)
                        }
                        let leading = utf8.distance(from: utf8.startIndex, to: start)
                        let text =
                            start == utf8.startIndex && end == utf8.endIndex
                            ? content : String(content[start..<end])
                        return TextBlock.Segment(
                            line: file.lines[lines[at].index], column: lines[at].prefixLength + leading + 1, text: text,
                            indent: lines[at].indent)
                    }
                    if !segments.isEmpty {
                        blocks.append(
                            TextBlock(
                                kind: kind, segments: segments, itemMarker: marker, itemNumber: number,
                                startsList: first && number != nil, listDepth: depth,
                                definitions: document.linkReferences))
                    }
                case .list(let bullet, let delimiter):
                    // An ordered list counts from its first item's number (at most nine digits).
                    let start =
                        bullet == nil
                        ? child.children.first.flatMap { Self.orderedNumber(file.lines[$0.lines.lowerBound].text) }
                        : nil
                    for (position, item) in child.children.enumerated() {
                        visit(
                            item, itemMarker: bullet ?? delimiter, itemNumber: start.map { $0 + position },
                            startsList: position == 0, depth: depth + 1)
                    }
                case .blockQuote:
                    visit(child, itemMarker: nil, depth: depth)
                default:
                    break
                }
                // Only an item's first block is its bullet text.
                marker = nil
                number = nil
                first = false
            }
        }
        visit(document, itemMarker: nil)
        self.blocks = blocks
        linkDefinitions = document.linkReferences
        // Scanned once: several claims read the tables, and each cell is inline-parsed.
        let scan = Self.scanTables(blocks, path: path, definitions: linkDefinitions)
        tables = scan.tables
        unrenderedTables = scan.unrendered
    }

    package init(file: SourceFile) {
        self.init(file: file, document: MarkdownScanner.scan(file).document)
    }

    /// `text` as HTML shows it: each run of HTML whitespace (space, tab, line feed, form feed,
    /// carriage return) one space, none at either end. A no-break space is not HTML whitespace and
    /// stays. Titles compare this way: `Yerel  Durum` reads as `Yerel Durum`. Composed (NFC) too
    /// when it holds a combining mark: a title saved decomposed reads as the composed one, and
    /// its page's one `decomposed` finding says so, never a claim that the two titles differ.
    package static func collapsed(_ text: String) -> String {
        func blank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
        // Most titles have single spaces only and no combining mark: one byte scan decides.
        var bytes = text
        let settled = bytes.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last, !blank(first), !blank(last) else {
                return bytes.isEmpty
            }
            for index in bytes.indices where blank(bytes[index]) || bytes[index] & 0xFE == 0xCC {
                if bytes[index] & 0xFE == 0xCC || bytes[index] != 0x20 || blank(bytes[index + 1]) { return false }
            }
            return true
        }
        guard !settled else { return text }
        return Decomposed.composed(
            text.utf8.split(whereSeparator: blank).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
    }

    /// True when a reader sees the same text: byte equality once HTML whitespace is collapsed.
    package static func rendersSame(_ a: String, _ b: String) -> Bool { collapsed(a).sameBytes(collapsed(b)) }

    /// The number of the ordered list marker on `line` (after any container prefix): the first
    /// run of one to nine digits followed by `.` or `)`.
    static func orderedNumber(_ line: String) -> Int? {
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count && !(bytes[index] >= 0x30 && bytes[index] <= 0x39) { index += 1 }
        let start = index
        while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        guard index > start, index - start <= 9, index < bytes.count,
            bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
        else { return nil }
        return Int(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    package init(lesson: Lesson) {
        if let document = lesson.document {
            self.init(file: lesson.reading ?? lesson.file, document: document)
        } else {
            self.init(file: lesson.reading ?? lesson.file)
        }
    }

    /// A heading: its level, its text and its line.
    package struct Heading: Sendable, Equatable {
        package var level: Int
        package var text: String
        package var line: Int
        /// The UTF-8 column where the heading's text starts.
        package var column: Int
    }

    package var headings: [Heading] {
        blocks.compactMap { block in
            guard case .heading(let level) = block.kind else { return nil }
            return Self.heading(block, level: level)
        }
    }

    /// The first heading `matches` takes (given its level and line), its text rendered for it
    /// alone: a lesson's title is asked for several times a check, and rendering every heading's
    /// text to pick one was a few percent of a warm check.
    package func firstHeading(where matches: (_ level: Int, _ line: Int) -> Bool) -> Heading? {
        for block in blocks {
            guard case .heading(let level) = block.kind, matches(level, block.firstLine.number) else { continue }
            return Self.heading(block, level: level)
        }
        return nil
    }

    private static func heading(_ block: TextBlock, level: Int) -> Heading {
        // As rendered: `# Yerel *Durum*` reads "Yerel Durum".
        Heading(level: level, text: block.text, line: block.firstLine.number, column: block.segments[0].column)
    }

    /// The paragraphs that open a bullet list item (`-`, `*`, `+`).
    package var bullets: [TextBlock] {
        blocks.filter { $0.itemMarker.map { "-*+".contains($0) } ?? false && $0.kind == .paragraph }
    }

    /// A table: its header cells and its rows, each cell as rendered text with its location.
    package struct Table: Sendable {
        package struct Cell: Sendable {
            package var text: String
            package var location: SourceLocation
            /// What shows the cell's whole text otherwise: a wrapper it stands in (struck through,
            /// an image, a comment: `Inline.wrapper`, the reading the trigger bullet's value
            /// shares), or its emphasis marks typed as entities or escaped (`Inline.literalMarks`),
            /// so they show; and the cell's source as written: a reader does not read that text as
            /// the cell's.
            var wrapped: (how: Wrapping, written: String)? = nil
            /// The cell's source between its pipes, blanks around it trimmed: what a message
            /// quotes for a cell that shows nothing (`&nbsp;`, a comment).
            var source = ""

            /// True when a reader sees nothing in the cell: its text is blanks (a no-break space
            /// among them) or format characters alone, as from `&nbsp;`, a comment, an empty code
            /// span or an empty link. A cell wrapped whole (struck through, an image) shows its
            /// wrapper, and one inside a comment is `wrapped` too, but shows nothing.
            var showsNothing: Bool {
                if let wrapped, wrapped.how != .wrapper(.comment) { return false }
                return text.unicodeScalars.allSatisfy {
                    $0.properties.isWhitespace || $0.properties.generalCategory == .format
                }
            }

            /// The cell's text as a name: quotation marks around it read past (`“ortam”`, `'yerel'`,
            /// `**«yerel»**`), as the distribution sentence reads a quoted name (`Quotation`).
            var name: String { Quotation.unquoted(text) }

            /// How a cell's text is shown otherwise (`wrapped`).
            enum Wrapping: Sendable, Equatable {
                case wrapper(Inline.Wrapper.Kind)
                /// Its leading `mark` (`*` or `_`) typed as written (`literal`).
                case literal(Inline.LiteralMarks, mark: Character)
            }
        }

        package var header: [String]
        package var headerLine: Int
        package var rows: [(cells: [Cell], line: Line)]
        /// Rows (indices into `rows`) that begin with an invisible character before their first
        /// pipe: GitHub reads it as a cell of its own, so their cells sit one column right. Their
        /// `cells` are as the author meant them, that cell left out.
        package var invisibleLeads: [(row: Int, lead: InvisibleLead)] = []
        /// Rows (indices into `rows`) with printable characters left before their first pipe
        /// (`x| Ortam …`, `\t|`) where the header opens with one: GitHub reads them as a cell of
        /// their own, and the row has a cell more than the header. Their `cells` are as meant.
        /// A backslash before that pipe (`\|`) escapes it: the row keeps its cell count, and its
        /// first cell shows the `|` (`escapes`).
        package var leftoverLeads: [LeftoverLead] = []

        package func column(_ name: String) -> Int? { header.firstIndex { $0.sameBytes(name) } }
    }

    /// Printable characters a table row holds before its first pipe (`Leftover.before`), the
    /// blanks after them, and whether they end in a backslash that escapes that pipe.
    package struct LeftoverLead: Sendable {
        package var row: Int
        package var leftover: String
        package var blanks: String
        package var escapes: Bool
        package var line: Int
        /// The UTF-8 column of the first of them.
        package var column: Int
    }

    /// Characters a reader cannot see before a table line's first pipe (`\u{A0}| Yerel Durum |`):
    /// not blanks to GitHub, so they make a cell of their own, and the line's cells shift one
    /// column right (a header or delimiter row then no longer matches the other).
    package struct InvisibleLead: Sendable {
        package var line: Int
        /// The UTF-8 column of the first of them.
        package var column: Int
        package var scalars: [Unicode.Scalar]
    }

    /// Why a header and delimiter row that GitHub would otherwise take for a table's do not make
    /// one, when the slip is where one of the two lines starts.
    package enum LineStart: Sendable {
        /// The delimiter row is indented `written` (`4 spaces`, `4 columns (with a tab)`) past its
        /// containers' markers: indented code to GitHub, so a line of the header's paragraph.
        case indentedDelimiter(written: String)
        /// The header row or the delimiter row begins with invisible characters.
        case invisible(InvisibleLead)
        /// The header row or the delimiter row begins with printable characters left before its
        /// first pipe, where the other begins with one (`x| Ders |`): a cell of their own.
        case leftover(LeftoverLead)
    }

    /// The printable characters `segment` holds before its first pipe (`Leftover.before`) when
    /// `other`, the header or delimiter row beside it, begins with a pipe and they give it the one
    /// cell it has more than `other`; nil otherwise (most lines: they begin with a pipe).
    static func leftoverLead(_ segment: TextBlock.Segment, cells: Int, beside other: TextBlock.Segment, otherCells: Int)
        -> LeftoverLead?
    {
        guard segment.text.first != "|", cells == otherCells + 1, other.text.drop(while: { $0 == " " }).first == "|",
            let left = Leftover.before("|", in: segment.text)
        else { return nil }
        return LeftoverLead(
            row: 0, leftover: left.leftover, blanks: left.blanks, escapes: false, line: segment.line.number,
            column: segment.column)
    }

    /// The invisible characters `segment` holds before its first pipe, blanks between them
    /// aside; nil when it starts otherwise (most lines: one byte read).
    static func invisibleLead(_ segment: TextBlock.Segment) -> InvisibleLead? {
        guard let first = segment.text.utf8.first, first >= 0x80 else { return nil }
        var scalars: [Unicode.Scalar] = []
        for scalar in segment.text.unicodeScalars {
            if scalar == "|" { break }
            if scalar == " " || scalar == "\t" { continue }
            let category = scalar.properties.generalCategory
            guard Invisible.isSuspicious(scalar), category == .spaceSeparator || category == .format else {
                return nil
            }
            if !scalars.contains(scalar) { scalars.append(scalar) }
        }
        guard !scalars.isEmpty, segment.text.containsByte(UInt8(ascii: "|")) else { return nil }
        return InvisibleLead(line: segment.line.number, column: segment.column, scalars: scalars)
    }

    /// How `segment`'s own indentation is written, `4 spaces` or `5 columns (with a tab)`.
    static func writtenIndent(_ segment: TextBlock.Segment) -> String {
        let before = segment.line.text.utf8.prefix(segment.column - 1).reversed().prefix { $0 == 0x20 || $0 == 0x09 }
        return before.contains(0x09)
            ? Plural.count(segment.indent, "column") + " (with a tab)" : Plural.count(segment.indent, "space")
    }

    /// Every pipe table (GitHub's extension; CommonMark renders it as a paragraph): a header row
    /// holding a `|` and a `|---|` delimiter row on the next line, then the paragraph's other lines
    /// as rows, leading pipes optional.
    package let tables: [Table]

    /// Rows that look like a table's header and delimiter row but that GitHub does not render as
    /// a table (cmark-gfm's rule: one delimiter cell per header cell, each `:?-+:?`): the header
    /// cells, the header's line, and why; `start`, when the slip is where the header or the
    /// delimiter row starts (a delimiter row indented as code, an invisible character first).
    package let unrenderedTables: [(header: [String], line: Int, reason: String, start: LineStart?)]

    private static func scanTables(
        _ blocks: [TextBlock], path: String, definitions linkDefinitions: [String: LinkDefinition]
    )
        -> (tables: [Table], unrendered: [(header: [String], line: Int, reason: String, start: LineStart?)])
    {
        var tables: [Table] = []
        var unrendered: [(header: [String], line: Int, reason: String, start: LineStart?)] = []
        for block in blocks where block.kind == .paragraph && block.segments.count >= 2 {
            let segments = block.segments
            var index = 0
            while index + 1 < segments.count {
                let strict = Self.isDelimiterRow(segments[index + 1].text)
                guard strict || (isRow(segments[index].text) && isDelimiter(segments[index + 1].text)) else {
                    index += 1
                    continue
                }
                let header = cells(segments[index], path: path, definitions: linkDefinitions)
                let delimiters = cells(segments[index + 1], path: path, definitions: linkDefinitions).map(\.text)
                let coded = indent(segments[index + 1]) >= 4
                guard delimiters.count == header.count, strict, !coded else {
                    // Indented 4 columns past its containers' markers, the delimiter row is code to
                    // GitHub, whatever its header's indentation, so it cannot start a table: a lazy
                    // line of the header's paragraph. An invisible character before either line's
                    // first pipe is a cell of its own, which unmatches the two.
                    let start: LineStart? =
                        if let lead = invisibleLead(segments[index]) ?? invisibleLead(segments[index + 1]) {
                            .invisible(lead)
                        } else if let lead = leftoverLead(
                            segments[index], cells: header.count, beside: segments[index + 1],
                            otherCells: delimiters.count)
                            ?? leftoverLead(
                                segments[index + 1], cells: delimiters.count, beside: segments[index],
                                otherCells: header.count)
                        {
                            .leftover(lead)
                        } else if coded, delimiters.count == header.count, strict {
                            .indentedDelimiter(written: writtenIndent(segments[index + 1]))
                        } else {
                            nil
                        }
                    unrendered.append(
                        (
                            header.map(\.text), segments[index].line.number,
                            delimiters.count != header.count
                                ? "its header has \(header.count) cells and its delimiter row has \(delimiters.count)"
                                : strict
                                    ? "its delimiter row is indented as code"
                                    : "a delimiter cell is not dashes with optional colons",
                            start
                        ))
                    index += 1
                    continue
                }
                var table = Table(header: header.map(\.text), headerLine: segments[index].line.number, rows: [])
                var row = index + 2
                // GFM: every line of the paragraph after the delimiter row is a row, with or without
                // a leading pipe (the table ends where the paragraph does).
                // A lone pipe holds no cell: GitHub ends the table there, and what follows is a paragraph.
                // A line indented 4 columns past its containers' markers is indented code to GitHub,
                // which ends the table too.
                // A container's marker before a row (`> |`, `2. |`) opens its block there: cmark-gfm
                // ends the table, even where a list numbered from 2 could not interrupt a paragraph.
                while row < segments.count, indent(segments[row]) < 4, segments[row].text.trimmingWhitespaces != "|",
                    Leftover.container(segments[row].text, before: "|") == nil
                {
                    var rowCells = cells(segments[row], path: path, definitions: linkDefinitions)
                    if let lead = invisibleLead(segments[row]) {
                        // Read as meant, so the row's other cells are not judged for the shift.
                        table.invisibleLeads.append((table.rows.count, lead))
                        rowCells.removeFirst()
                    } else if segments[row].text.first != "|",
                        segments[index].text.drop(while: { $0 == " " }).first == "|",
                        let left = Leftover.before("|", in: segments[row].text)
                    {
                        // cmark-gfm escapes a pipe after any backslash, a doubled one too (`\\|`).
                        let escapes = left.blanks.isEmpty && left.leftover.last == "\\"
                        if escapes || rowCells.count > header.count {
                            table.leftoverLeads.append(
                                LeftoverLead(
                                    row: table.rows.count, leftover: left.leftover, blanks: left.blanks,
                                    escapes: escapes, line: segments[row].line.number, column: segments[row].column))
                            if !escapes { rowCells.removeFirst() }
                        }
                    }
                    table.rows.append((rowCells, segments[row].line))
                    row += 1
                }
                tables.append(table)
                index = row
            }
        }
        return (tables, unrendered)
    }

    /// A header row: GFM allows it without a leading pipe, as long as it holds one.
    private static func isRow(_ text: String) -> Bool { text.containsByte(UInt8(ascii: "|")) }

    /// The columns a segment's text is indented past its containers' markers, a tab to the next
    /// multiple of four as CommonMark counts it: from 4 on, GitHub reads the line as indented
    /// code, so no table line (header, delimiter row or row) may start there, however its header
    /// is indented.
    static func indent(_ segment: TextBlock.Segment) -> Int { segment.indent }

    /// GitHub's delimiter row (`TableRows`, which the block parser reads too).
    static func isDelimiterRow(_ text: String) -> Bool { TableRows.isDelimiterRow(text) }

    /// A line meant as a delimiter row: pipes and at least three dashes in a row. Whether GitHub
    /// takes it as one (every cell dashes with optional colons) is decided by the caller, so a
    /// slip in it is reported rather than read as prose.
    private static func isDelimiter(_ text: String) -> Bool {
        isRow(text) && text.utf8Offset(of: "---") != nil
    }

    /// The cells of a table row, split on unescaped pipes, each as rendered text.
    private static func cells(
        _ segment: TextBlock.Segment, path: String, definitions linkDefinitions: [String: LinkDefinition]
    ) -> [Table.Cell] {
        let bytes = Array(segment.text.utf8)
        var cells: [Table.Cell] = []
        var start = 0
        var index = 0
        func cut(_ end: Int) {
            var low = start
            while low < end && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
            var high = end
            while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
            let source = String(decoding: bytes[low..<high], as: UTF8.self).replacingOccurrences("\\|", with: "|")
            let inline = TextBlock.inline(source, definitions: linkDefinitions)
            // Wrapped whole (a byte test first): nothing but blanks and punctuation read outside it.
            var wrapped: (how: Table.Cell.Wrapping, written: String)?
            if Inline.mayBeWrapped(bytes[low..<high]), let wrapper = inline.wrapper(), wrapper.kind != .code,
                inline.readable(keepingStruck: true).allSatisfy({
                    wrapper.range.contains($0.offset) || $0.character.isWhitespace || $0.character.isPunctuation
                })
            {
                wrapped = (.wrapper(wrapper.kind), source)
            }
            // As a reader reads it: struck-through text and footnote marks left out, and blanks
            // collapsed (a comment left out of `dördü <!-- x --> (2/2/2/2)` leaves two).
            let text = Prose.collapsed(String(inline.readable().map(\.character))).trimmingWhitespaces
            // Marks that show, typed as entities or escaped (`&#42;&#42;X&#42;&#42;`, `\*\*X\*\*`): the
            // cell's first byte tells first.
            if wrapped == nil, low < high, bytes[low] == UInt8(ascii: "&") || bytes[low] == UInt8(ascii: "\\"),
                let mark = text.first, mark == "*" || mark == "_",
                let literal = Inline.literalMarks(in: bytes[low..<high])
            {
                wrapped = (.literal(literal, mark: mark), source)
            }
            cells.append(
                Table.Cell(
                    text: text,
                    location: SourceLocation(path: path, line: segment.line.number, column: segment.column + low),
                    wrapped: wrapped, source: source))
        }
        // A backslash right before a pipe escapes it, whatever precedes it (`TableRows.cellCount`).
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "|"), index == 0 || bytes[index - 1] != UInt8(ascii: "\\") {
                if index > 0 { cut(index) }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count, !bytes[start...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { cut(bytes.count) }
        return cells
    }
}
