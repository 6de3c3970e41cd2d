/// Structural slips beside the fence slips: an HTML comment left open, which hides the rest of the
/// page, and a line of a block quote or list item that lost its container's prefix, which ends the
/// container and the code block in it. Each is decided as a fence slip is, by repairing it and
/// reading again: one finding at the slipped line, and what it hid or mispaired is not judged.
extension Classifier {
    /// The first HTML comment that opens a block (`<!--` at the start of a line) and never closes:
    /// CommonMark runs it to the end of the document (or of its container, after which the browser
    /// still reads the rest as comment), so readers see nothing after it. Nil when it hides nothing
    /// but blank lines after it as meant. The repaired file closes it where it was meant to end: at
    /// the end of its line when that holds its text (`<!-- todo: …`) or when it is a bare `<!--`
    /// (its fix: delete the line, when text follows it that a later close would hide), else at a
    /// line under it ending as a close half typed (`--`). The finding says which lines readers do
    /// not see (every one after its first) and where the close goes, or that a comment between a
    /// table's rows goes; `what` (lesson false: the course index) says what they hold, read from
    /// the repaired file.
    /// In a list item or block quote, the comment's HTML block ends with its container, and the
    /// browser runs the comment on to the first `-->` the page sends as raw HTML after it
    /// (`browserCommentEnd`): the finding's lines, what it names and `hidden` end there, and what
    /// follows is shown and judged again.
    /// A comment that a later line's `-->` closes as a slip (`lateClose`) is one too: the close is
    /// where it ends (`late` true), and the fix closes it on its first line as meant.
    /// `reading`: the file as meant when the comment is (`asWritten` below), the text after its
    /// close on a line of its own, line numbers kept, for the claims to read.
    static func unclosedComment(_ file: SourceFile, _ document: BlockNode, lesson: Bool) -> (
        finding: Diagnostic, file: SourceFile, document: BlockNode, hidden: HiddenSpan, late: Bool,
        reading: SourceFile?
    )? {
        guard let (node, found) = firstUnclosedComment(in: document, lesson: lesson) else { return nil }
        let start = node.lines.lowerBound
        // The comment as meant: its line when that holds text after the `<!--` (a one-line
        // comment), else its lines up to the first blank one or one ending as a close half typed.
        let bytes = Array(file.lines[start].text.utf8)
        let opener = min(node.startOffset, bytes.count)
        // The comment opens a list item (`- <!-- eski`): the text after its close is meant as the
        // item's text, so it goes on the item's first line, and the comment under it.
        let opening = String(decoding: bytes[..<opener], as: UTF8.self)
        let item: Bool = {
            let marker = opening.reversed().drop { $0 == " " || $0 == "\t" }
            guard let last = marker.first else { return false }
            if "-*+".contains(last) { return marker.dropFirst().first.map { " \t>".contains($0) } ?? true }
            guard last == "." || last == ")" else { return false }
            return marker.dropFirst().first?.isASCII == true && marker.dropFirst().first?.isNumber == true
        }()
        // Its close on the next line without the item's indentation (`14. <!-- x` / `y --> [Ders]`):
        // an HTML block takes no lazy line, so that line stands outside the item and its `-->` is
        // text that closes nothing. Meant as the item's comment, with the text after it the item's.
        let outside = found == nil && item ? closeOutsideItem(file, node, opener: opener, opening: opening) : nil
        let late = found ?? outside
        if found == nil, outside == nil, opener > 0,
            let slip = closeOutsideContainer(file, node, document, opener: opener, lesson: lesson)
        {
            return slip
        }
        let text = String(decoding: bytes[opener...], as: UTF8.self)[...].trimmingBlanks()
        let bare = text == "<!--"
        var end = start
        while bare, end + 1 < file.lines.count, !isBlank(file.lines[end + 1].text) {
            end += 1
            if file.lines[end].text[...].trimmingBlanks().hasSuffix("-") { break }
        }
        // Its text running on under its line (`<!-- EK5 için` over `not`), and no later close: the
        // comment is likely meant to its paragraph's end, the last line before a blank one, and a
        // close there shows none of what the author wrote into it (the fix names its line too, for
        // a one-line comment typed right above a paragraph). It stops before a line a claim reads
        // (a note, a heading, a row: closed above it, that line shows as it did), another
        // comment's `<!--` or a close, and at a line ending as a close half typed (`not --`). A
        // later close (`late`) says the comment was meant on its line, and is closed there.
        if !bare, late == nil {
            for line in node.content.dropFirst() {
                let text = line.text[...].trimmingBlanks()
                guard line.index == end + 1, !text.isEmpty, !holdsClaim(text, lesson: lesson),
                    line.text.utf8Offset(of: "<!--") == nil, commentClose(in: line.text.utf8) == nil
                else { break }
                end = line.index
                if text.hasSuffix("-") { break }
            }
        }
        let runsOn = !bare && end > start
        // A bare `<!--` right above text, with no close half typed under it: a '-->' at the
        // paragraph's end would hide that text (a note, a row), which readers saw before, so the
        // fix that keeps the page as it was is to delete the line.
        let aboveText = bare && end > start && !file.lines[end].text[...].trimmingBlanks().hasSuffix("-")
        if aboveText { end = start }
        // Between two rows of a pipe table, a comment ends the table even once closed: the rows
        // after it render as a paragraph of pipes, so the fix that converges takes it out.
        func isRow(_ index: Int) -> Bool {
            file.lines.indices.contains(index) && file.lines[index].text[...].trimmingBlanks().hasPrefix("|")
        }
        let inTable = isRow(start - 1) && isRow(end + 1)
        let ending = found ?? browserCommentEnd(after: node, in: document)
        // Before its end the `-->` line hides text when some stands before it that is not a
        // comment's own (`<!-- x -->`, or a bare `-->`, hides nothing of its line).
        let closeHidesText = ending.map { ending in
            let before = file.lines[ending.line].text.utf8.prefix(ending.column - 1 - ending.close.utf8.count)
            let text = String(decoding: before, as: UTF8.self).drop { " \t>".contains($0) }
            return !text.isEmpty && !text.hasPrefix("<!--")
        }
        let shownAgain = ending.map { $0.line + (closeHidesText == true ? 1 : 0) } ?? file.lines.count
        // Nothing shown after it that it hides: silent, unless text follows a later close on its
        // line (`<!--` over `-->## Başlık`), the slip `asWritten` below reads. A comment that runs
        // on over its paragraph hides that paragraph if it was meant on its line (the last one of
        // the page, say): the close is still missing, and the lines it hides are its paragraph's.
        let lastShown = file.lines.indices[..<shownAgain].dropFirst((runsOn ? start : end) + 1).last(where: {
            !isBlank(file.lines[$0].text)
        })
        if lastShown == nil, late == nil { return nil }
        let last = file.lines[end].text[...].trimmingBlanks()
        let close = bare && end == start ? " -->" : last.hasSuffix("--") ? ">" : last.hasSuffix("-") ? "->" : " -->"
        // `--!>` ends a comment in a browser but not in CommonMark, which runs the block on: the
        // close is there, misspelt, and a `-->` added after it would show.
        let bang = last.hasSuffix("--!>")
        var lines = file.lines
        // A line under the comment's first keeps its indentation (in a list item, the item's).
        let indent = end == start ? "" : String(file.lines[end].text.prefix { $0 == " " || $0 == "\t" })
        lines[end].text = indent + (bang ? String(last.dropLast(4)) + "-->" : String(last) + close)
        let repaired = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
        let scan = MarkdownScanner.scan(repaired)
        let hidden = hiddenSummary(repaired, scan, after: end, through: ending?.line, lesson: lesson)
        let column = opener + bytes[opener...].prefix { $0 == 0x20 }.count + 1
        let place = "at the end of line \(end + 1)"
        // A bare `<!--` and a bare `-->` around what they hide: the pair is the slip, so both go.
        let pair =
            bare
            && late.map { file.lines[$0.line].text[...].trimmingBlanks().drop { $0 == ">" }.trimmingBlanks() == "-->" }
                == true
        // A later line's `-->` with text after it, no later comment's own: once the comment closes
        // on its line, that `-->` shows in the text, so the fix deletes it too.
        let stray = late.flatMap { late -> String? in
            let bytes = Array(file.lines[late.line].text.utf8)
            let at = late.column - 1 - late.close.utf8.count
            guard at >= 0, at <= bytes.count, !bytes[(late.column - 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
                String(decoding: bytes[..<at], as: UTF8.self).utf8Offset(of: "<!--") == nil
            else { return nil }
            return ", and delete the '\(late.close)' at line \(late.line + 1), column \(at + 1) (it would show)"
        }
        // A comment over one paragraph's lines (no blank line among them, nothing a passage
        // commented out on purpose does not hold, no later comment's `<!--`) whose `-->` has text
        // after it: the comment is meant as written, hiding what the browser hides, and the slip is
        // only the text after its close, which shows as raw HTML. The fix puts that text on a line
        // of its own under the close, after the line's container prefix, where it renders as the
        // block it was written as (a heading, a paragraph of the item or quote).
        // The item's indentation, which a close outside the item is written without.
        let itemLead = String(repeating: " ", count: opener)
        let asWritten = late.flatMap { late -> (tail: String, prefix: String, reading: SourceFile)? in
            let span =
                node.content.filter { $0.index <= late.line }
                + (outside == nil ? [] : [.init(index: late.line, prefixLength: 0, text: file.lines[late.line].text)])
            let bytes = Array(file.lines[late.line].text.utf8)
            let at = late.column - 1 - late.close.utf8.count
            // What the comment hides: its lines after the first, the close's only up to the close
            // (an index item's link after it is the text shown, not a link hidden).
            func hidden(_ line: BlockNode.ContentLine) -> String {
                line.index != late.line
                    ? line.text
                    : String(decoding: line.text.utf8.prefix(max(0, at - line.prefixLength)), as: UTF8.self)
            }
            guard span.count > 1, span.last?.index == late.line,
                !span.contains(where: { isBlank($0.text) }),
                !span.dropFirst().contains(where: { holdsStructure(hidden($0), lesson: lesson) })
            else { return nil }
            guard at >= 0, late.column - 1 <= bytes.count,
                !span.dropFirst().dropLast().contains(where: { $0.text.utf8Offset(of: "<!--") != nil }),
                String(decoding: bytes[..<at], as: UTF8.self).utf8Offset(of: "<!--") == nil
            else { return nil }
            let tail = String(decoding: bytes[(late.column - 1)...], as: UTF8.self)[...].trimmingBlanks()
            guard !tail.isEmpty, let prefix = span.last?.prefixLength else { return nil }
            // As meant, lines kept: the comment closed on each of its lines, the tail on its own.
            // In a list item it is the item's text on its first line, the comment's lines under it.
            var lines = file.lines
            for line in span.dropLast() {
                let lead = rawPrefix(file, line.index, line.prefixLength)
                lines[line.index].text =
                    line.index != start
                    ? lead + "<!-- " + line.text + " -->" : item ? opening + tail : lines[line.index].text + " -->"
            }
            let lead = outside == nil ? rawPrefix(file, late.line, prefix) : itemLead
            lines[late.line].text = lead + (item ? "<!-- -->" : tail)
            return (
                String(tail), lead,
                SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
            )
        }
        if let asWritten, let late {
            let shown = asWritten.tail.count > 60 ? String(asWritten.tail.prefix(57)) + "…" : asWritten.tail
            let lead =
                outside != nil
                ? ", indented \(Plural.count(opener, "space")) as the item's text is"
                : asWritten.prefix.isEmpty
                    ? ""
                    : asWritten.prefix.contains(">")
                        ? ", starting \(item ? "each" : "it") '\(asWritten.prefix)' as line \(late.line + 1) starts"
                        : ", indented \(Plural.count(asWritten.prefix.count, "space")) as line \(late.line + 1) is"
            // A table's row after the close, under a row: on lines of its own the comment still ends
            // the table, so the fix that shows the row in it takes the comment out.
            let row = !item && isRow(start - 1) && asWritten.tail.hasPrefix("|")
            let fix =
                item
                ? "put '\(shown)' on line \(start + 1) after '\(opening)' in place of the comment, and the comment "
                    + "(its '<!--' to its '\(late.close)') on lines of their own under it\(lead)"
                : row
                    ? "delete the comment (\(late.line == start + 1 ? "line \(start + 1)" : "lines \(start + 1)–\(late.line)"), "
                        + "and line \(late.line + 1) up to its '\(late.close)' and the blanks after it), so that line "
                        + "holds the row alone (or move the comment above the table)"
                    : "put '\(shown)' on a line of its own under line \(late.line + 1)\(lead)"
            let at = SourceLocation(path: file.path, line: start + 1, column: column)
            return (
                outside != nil
                    ? .commentClosedOutsideItem(
                        at: at, line: late.line + 1, hides: (start + 2, (lastShown ?? late.line) + 1), what: hidden,
                        fix: fix)
                    : .commentTailShown(
                        at: at,
                        // A bare `<!--` over its `-->`: it hides nothing, and only the text after it is the slip.
                        hides: bare && late.line == start + 1 && closeHidesText != true
                            ? nil : (start + 2, late.line + 1),
                        close: late.close, line: late.line + 1,
                        column: late.column - late.close.utf8.count, shown: shown, row: row,
                        fix: fix),
                asWritten.reading, MarkdownScanner.scan(asWritten.reading).document,
                item
                    ? HiddenSpan(line: start + 2, column: 1, endLine: late.line + 1, endColumn: Int.max)
                    : HiddenSpan(
                        line: start + 1, column: column, endLine: late.line + 1,
                        endColumn: asWritten.prefix.utf8.count + 1),
                true, asWritten.reading
            )
        }
        guard let lastShown else { return nil }
        // Its own line holds what readers must see (the trigger bullet, a note, a heading, a table's
        // row, the distribution sentence): closed on its line, the comment would still hide that,
        // so the fix that shows it drops the `<!--`.
        let own = text.dropFirst(4).trimmingBlanks()
        let blankAfter = text.dropFirst(4).first.map { $0 == " " || $0 == "\t" } ?? false
        let ownShown = own.count > 60 ? String(own.prefix(57)) + "…" : String(own)
        let fix =
            !bare && late == nil && holdsClaim(own, lesson: lesson)
            ? "delete this '<!--'\(blankAfter ? " and the blank after it" : "") (closed on its line, the comment "
                + "would still hide '\(ownShown)' from readers)"
            : pair
                ? "delete this line and line \((late?.line ?? 0) + 1) (its '-->') to show them, or the lines from "
                    + "this one to line \((late?.line ?? 0) + 1) if they are meant to go"
                : inTable
                    ? "it stands between the rows of a table, which a comment ends even once closed, so delete "
                        + (end == start ? "this line" : "lines \(start + 1)–\(end + 1)")
                        + " (or close it with '-->' and move it out of the table)"
                    : aboveText
                        ? "delete this line (a '-->' at the end of the paragraph under it would hide that text as well)"
                        : bang
                            ? "write '-->' for '--!>' \(place)"
                            : close == " -->"
                                ? "close it with '-->' \(place)"
                                    + (runsOn
                                        ? ", its paragraph's end (or at the end of line \(start + 1), to show "
                                            + (end == start + 1 ? "line \(end + 1)" : "lines \(start + 2)–\(end + 1)")
                                            + ")"
                                        : "")
                                : "its line ends '\(close == ">" ? "--" : "-")': add '\(close)' \(place)"
        return (
            .unclosedComment(
                at: SourceLocation(path: file.path, line: start + 1, column: column),
                hides: (start + 2, lastShown + 1), what: hidden,
                endedBy: ending.map { ($0.close, $0.line + 1, $0.column - $0.close.utf8.count) },
                onItsLine: late != nil, pair: pair,
                tail: late.map {
                    !isBlank(String(decoding: file.lines[$0.line].text.utf8.dropFirst($0.column - 1), as: UTF8.self))
                } ?? false,
                fix: fix + (pair ? "" : stray ?? "")),
            repaired, scan.document,
            HiddenSpan(line: start + 1, column: column, endLine: ending.map { $0.line + 1 }, endColumn: ending?.column),
            late != nil, nil
        )
    }

    /// Where the browser ends a comment left open in the HTML block `comment`: the first `-->`
    /// (or `--!>`, which ends a comment too) that the page sends as raw HTML after that block, in
    /// a later HTML block or as inline HTML in a paragraph or heading (`<!-- x -->`, a tag's
    /// attribute). One in code or in text goes out as `--&gt;` and ends nothing. `line` is a line
    /// index, `column` the 1-based column of the first byte after the close; nil when none follows.
    static func browserCommentEnd(after comment: BlockNode, in document: BlockNode) -> (
        line: Int, column: Int, close: String
    )? {
        var passed = false
        var found: (line: Int, column: Int, close: String)?
        document.walk { node, _ in
            guard found == nil else { return }
            if node === comment { passed = true }
            guard passed, node !== comment else { return }
            switch node.kind {
            case .htmlBlock:
                for line in node.content {
                    if let end = commentClose(in: line.text.utf8) {
                        found = (line.index, line.prefixLength + end.end + 1, end.close)
                        return
                    }
                }
            case .paragraph, .heading:
                let inline = InlineText(node)
                func visit(_ nodes: [InlineNode]) {
                    for node in nodes where found == nil {
                        if case .html = node.kind, let end = commentClose(in: inline.bytes[node.range]) {
                            let (line, column) = inline.place(node.range.lowerBound + end.end)
                            found = (line, column, end.close)
                        }
                        visit(node.children)
                    }
                }
                visit(inline.parse(document))
            default: break
            }
        }
        return found
    }

    /// The first comment block under `node`, depth first, that never closes, or that a later line
    /// closes as a slip (`late`: that close). Its own descent, not `walk`: it runs on every lesson
    /// and stops at the first, and a lesson has none.
    private static func firstUnclosedComment(in node: BlockNode, lesson: Bool) -> (
        node: BlockNode, late: (line: Int, column: Int, close: String)?
    )? {
        for child in node.children {
            if case .htmlBlock(2) = child.kind {
                if !child.content.contains(where: { HTMLBlock.ends(2, Array($0.text.utf8)[...]) }) {
                    // CommonMark runs it to its container's end, but a browser ends the comment at
                    // the first `--!>` in it, and shows what follows.
                    return (child, firstClose(after: child).map { $0.place })
                }
                if let late = lateClose(of: child, lesson: lesson) { return (child, late) }
            }
            if !child.children.isEmpty, let found = firstUnclosedComment(in: child, lesson: lesson) { return found }
        }
        return nil
    }

    /// Where a comment block that spans lines closes, when that close is a slip's: CommonMark ends
    /// the block at the first line holding `-->`, wherever it comes from, so a `<!-- todo` meant to
    /// close on its line runs on to a later comment's close, an arrow in prose or one in what was
    /// to be a code block. The tells: a second `<!--` before the close (the later comment's own),
    /// text after the close on its line (shown outside any paragraph), or hidden lines that a
    /// passage commented out on purpose does not hold: a fence, a heading, a note, the trigger
    /// bullet, or in the course index a link to a lesson. A comment of prose alone (`<!--` and
    /// `-->` on lines of their own around paragraphs) is an author's, and not a slip.
    /// `line` is a line index, `column` the 1-based column of the first byte after the close.
    static func lateClose(of node: BlockNode, lesson: Bool) -> (line: Int, column: Int, close: String)? {
        let lines = node.content
        guard lines.count > 1, commentClose(in: lines[0].text.utf8) == nil,
            let (last, close, place) = firstClose(after: node)
        else { return nil }
        let bytes = Array(lines[last].text.utf8)
        let at = close.end - close.close.utf8.count
        let tail = !bytes[close.end...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        let nested =
            lines[1..<last].contains { $0.text.utf8Offset(of: "<!--") != nil }
            || String(decoding: bytes[..<at], as: UTF8.self).utf8Offset(of: "<!--") != nil
        guard tail || nested || lines[1...last].contains(where: { holdsStructure($0.text, lesson: lesson) }) else {
            return nil
        }
        return place
    }

    /// Where the browser ends the comment that opens the block `node`: the first `-->` or `--!>`
    /// (which CommonMark's block ignores) on a line after its first, as the position of that line
    /// in `node.content`, the close found in it, and its place (a line index, the 1-based column
    /// of the first byte after the close).
    private static func firstClose(after node: BlockNode) -> (
        offset: Int, close: (end: Int, close: String), place: (line: Int, column: Int, close: String)
    )? {
        for (offset, line) in node.content.enumerated().dropFirst() {
            if let close = commentClose(in: line.text.utf8) {
                return (offset, close, (line.index, line.prefixLength + close.end + 1, close.close))
            }
        }
        return nil
    }

    /// The end (offset past it) of the first comment close in `bytes`, `-->` or `--!>` (which ends
    /// a comment in the browser too), and the close as written.
    static func commentClose(in bytes: some Collection<UInt8>) -> (end: Int, close: String)? {
        let bytes = Array(bytes)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x2D, bytes[index + 1] == 0x2D {
                if bytes[index + 2] == 0x3E { return (index + 3, "-->") }
                if bytes[index + 2] == 0x21, index + 3 < bytes.count, bytes[index + 3] == 0x3E {
                    return (index + 4, "--!>")
                }
            }
            index += 1
        }
        return nil
    }

    /// True when `text` (a line after its containers' prefixes) is one a reader would miss as more
    /// than prose: a fence, an ATX heading, a paragraph or bullet opening with a note label
    /// (`**DR1.**`), the trigger bullet, or (`lesson` false) an index item's link to a lesson.
    static func holdsStructure(_ text: String, lesson: Bool) -> Bool {
        let line = text.drop { $0 == " " || $0 == "\t" }
        if line.hasPrefix("```") || line.hasPrefix("~~~") { return true }
        let hashes = line.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), line.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true {
            return true
        }
        if !lesson { return line.contains("](") && line.contains(".md") }
        let item =
            line.first.map { "-*+".contains($0) } == true && line.dropFirst().first == " "
            ? line.dropFirst().drop { $0 == " " } : line
        return item.hasPrefix(triggerLead) || noteLabel(item) != nil
    }

    /// The lead of a lesson's trigger bullet (the claims' `Triggers.bulletLead`, a later stage).
    static let triggerLead = "Bu dersin tetiği:"

    /// The four triggers as lessons spell them (the claims' `Triggers.names`, a later stage).
    static let triggerNames = ["yerel", "ebeveyn", "gözlem", "ortam"]

    /// True when `text` (a line's text after a `<!--` that opens it) is what a claim reads: what
    /// `holdsStructure` says, a table's row, or the sentence that counts the four triggers (each
    /// named with a number right after it, as the distribution claim finds it hidden).
    static func holdsClaim(_ text: Substring, lesson: Bool) -> Bool {
        if holdsStructure(String(text), lesson: lesson) || text.hasPrefix("|") { return true }
        guard lesson else { return false }
        let lowered = text.lowercased()
        return triggerNames.allSatisfy { name in
            guard let at = lowered.firstRange(of: name) else { return false }
            return lowered[at.upperBound...].prefix(4).contains { $0.isNumber }
        }
    }

    /// The note label (`DR1`) `text` opens with in bold (`**DR1.**`), or nil.
    static func noteLabel(_ text: Substring) -> String? {
        guard text.hasPrefix("**") else { return nil }
        let rest = text.dropFirst(2)
        let letters = rest.prefix { $0.isASCII && $0.isUppercase }
        let digits = rest.dropFirst(letters.count).prefix { $0.isASCII && $0.isNumber }
        guard !letters.isEmpty, !digits.isEmpty, rest.dropFirst(letters.count + digits.count).hasPrefix(".**") else {
            return nil
        }
        return String(letters) + String(digits)
    }

    /// Text written almost as an HTML comment (`<!- x -->`, `<! -- x -->`, `‹!-- x -->`, `<!—x —>`):
    /// no comment opens without `<!--`, so readers see it, brackets and all. One finding at each,
    /// in the text of paragraphs and headings (never in code, raw HTML or an escaped `\<`), with the
    /// comment it was meant to be. A `<!--` that never closes in its paragraph or heading is text
    /// too: one finding at it, to close it or delete it.
    /// Each with the bytes the reading as meant leaves out of its line: a `<!--` left open in a
    /// heading (to the line's end) or a table cell (to the cell's `|`), where a claim reads the
    /// text (the title, a row); none for the others.
    /// A `<!--` in a heading or a table's row whose `-->` is on a later line is one too: a heading
    /// and a row are one line each, so the `-->` closes nothing (`splitComment`).
    /// A near form of `<!--` (`< !--`, `<--`, `!--`, or `<!-` whose `-->` is on a later line) with
    /// a `-->` readers see after it in its paragraph is one finding at the opener, to write
    /// `<!--` in its place: the pair shows what it was to hide. Unpaired, such an arrow is prose.
    /// `lesson` false: the course index (what its claims read, for a near opener's reading).
    static func commentLookAlikeSlips(_ document: BlockNode, _ file: SourceFile, lesson: Bool = true)
        -> [CommentLineSlip]
    {
        let path = file.path
        var found: [CommentLineSlip] = []
        // Its own descent, not `walk`: it runs on every lesson and reads only text blocks.
        func visit(_ parent: BlockNode) {
            for node in parent.children {
                switch node.kind {
                case .paragraph, .heading:
                    commentLookAlikes(in: node, document, file, path: path, lesson: lesson, into: &found)
                case .blockQuote, .list, .listItem: visit(node)
                default: break
                }
            }
        }
        visit(document)
        return found
    }

    /// `commentLookAlikeSlips` in one paragraph or heading.
    private static func commentLookAlikes(
        in node: BlockNode, _ document: BlockNode, _ file: SourceFile, path: String, lesson: Bool,
        into found: inout [CommentLineSlip]
    ) {
        // Cheap first (every paragraph of the course comes here): a line holding `<!`, `‹!`, or a
        // near opener (`!--`, `<--`). By index, so each line's text is read in place, not a copy
        // of the line handed to a closure.
        let content = node.content
        guard
            content.indices.contains(where: {
                let text = content[$0].text
                return
                    (text.containsByte(0x21)
                    && (text.utf8Offset(of: "<!") != nil || text.utf8Offset(of: "‹!") != nil
                        || text.utf8Offset(of: "!--") != nil))
                    || text.utf8Offset(of: "<--") != nil
            })
        else { return }
        let inline = InlineText(node)
        let bytes = inline.bytes
        var isText = [Bool](repeating: false, count: bytes.count)
        // Emphasis and strong spans (`**yerel <!-- todo**`), and comments read inline that GFM
        // never sees whole in a table row, which it splits at its pipes first.
        var spans: [(range: Range<Int>, marker: Int)] = []
        var comments: [Int: Int] = [:]
        // Comments to CommonMark 0.31 that GitHub's cmark-gfm (0.29) shows as text (`<!-->`, `<!-- a -- b -->`).
        var rejected: [(start: Int, shown: (written: String, why: String, fixed: String?))] = []
        func mark(_ nodes: [InlineNode]) {
            for node in nodes {
                switch node.kind {
                case .text: for index in node.range { isText[index] = true }
                case .strong: spans.append((node.range, 2))
                case .emphasis: spans.append((node.range, 1))
                case .html(let html) where html.hasPrefix("<!--"):
                    comments[node.range.lowerBound] = node.range.upperBound
                    if let shown = githubShownComment(bytes, at: node.range.lowerBound, end: node.range.upperBound) {
                        rejected.append((node.range.lowerBound, shown))
                    } else if html.dropFirst(4).contains("<!--") {
                        // A later `<!--` inside it (`<!-- x <!-- y -->`): to cmark-gfm, whose
                        // comment holds no `--`, this `<!--` is text left open and the later one
                        // the comment, so it is read as the text it is.
                        for index in node.range.lowerBound..<(node.range.lowerBound + 4) { isText[index] = true }
                    }
                default: break
                }
                mark(node.children)
            }
        }
        mark(inline.parse(document))
        for (start, shown) in rejected {
            // After a table row's last pipe: a cell GitHub drops, comment or not.
            let lineStart = bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let lineStop = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if bytes[lineStart...].drop(while: { $0 == 0x20 }).first == UInt8(ascii: "|"),
                !bytes[start..<lineStop].contains(UInt8(ascii: "|"))
            {
                continue
            }
            found.append(commentShownOnGitHub(shown, at: start, inline, path: path))
        }
        /// The length of a dash (`-`, an em dash or an en dash) at `index`, or nil.
        func dash(_ index: Int) -> Int? {
            if index < bytes.count, bytes[index] == 0x2D { return 1 }
            if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0x93 || bytes[index + 2] == 0x94
            {
                return 3
            }
            return nil
        }
        /// The length of a near form of `<!--` at `index` that opens no comment: `<` and `!` apart
        /// (`< !--`), the `!` lost (`<--`), or the `<` lost (`!--`, after a blank or an opening
        /// bracket, as a word's `!` is no slip). Its `--` followed by neither `-` nor `>`, so that
        /// `<-->` and `<---` stay arrows. Nil for an escaped `\<` and for `&lt;!--`, written so to
        /// show a comment's syntax.
        func nearOpener(at index: Int) -> Int? {
            guard isText[index], index == 0 || bytes[index - 1] != UInt8(ascii: "\\") else { return nil }
            var cursor = index
            if bytes[index] == UInt8(ascii: "<") {
                cursor += 1
                let spaces = bytes[cursor...].prefix { $0 == 0x20 }.count
                cursor += spaces
                if spaces > 0 {
                    guard cursor < bytes.count, bytes[cursor] == 0x21 else { return nil }
                    cursor += 1
                }
            } else if bytes[index] == 0x21 {
                guard index == 0 || [0x20, 0x09, 0x0A, UInt8(ascii: "("), UInt8(ascii: "[")].contains(bytes[index - 1])
                else { return nil }
                // Not the `!` of an escaped `\< !--` or of `&lt; !--`, after blanks.
                let before = bytes[..<index].reversed().drop { $0 == 0x20 || $0 == 0x09 }
                guard before.first != UInt8(ascii: "<"), !before.starts(with: Array(";tl&".utf8)) else { return nil }
                cursor += 1
            } else {
                return nil
            }
            guard bytes[cursor...].starts(with: [0x2D, 0x2D]), cursor + 2 < bytes.count,
                bytes[cursor + 2] != 0x2D, bytes[cursor + 2] != 0x3E, isText[cursor + 1]
            else { return nil }
            return cursor + 2 - index
        }
        /// The first `-->` readers see after `start` in the paragraph (in a table's row, in the same
        /// cell: GitHub splits the row at its pipes first; a heading is one line).
        func partner(after start: Int) -> Int? {
            let lineStart = bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let row = bytes[lineStart...].drop(while: { $0 == 0x20 }).first == UInt8(ascii: "|")
            var at = start
            while at + 3 <= bytes.count {
                if row, bytes[at] == 0x0A || bytes[at] == UInt8(ascii: "|") { return nil }
                if bytes[at] == 0x2D, bytes[at + 1] == 0x2D, bytes[at + 2] == 0x3E, isText[at], isText[at + 2] {
                    return at
                }
                at += 1
            }
            return nil
        }
        /// The one finding at a near opener, its `-->` at `close`, with the reading as meant: the
        /// text it was to hide left out of its lines (of the opener's line and the `-->`'s, never
        /// making one blank inside the paragraph, which would end it there). A paragraph that it
        /// opens and its `-->` ends is read as shown without the two marks, from its first line a
        /// claim reads (a note, the bullet: the lines above it left blank, as they open the
        /// paragraph), so what it holds is judged as it stands: the near opener is its one finding.
        func nearOpenerSlips(at index: Int, length: Int, close: Int) -> [CommentLineSlip] {
            let written = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
            let (line, column) = inline.place(index)
            let (closeLine, closeColumn) = inline.place(close)
            let finding = Diagnostic.nearCommentOpener(
                at: SourceLocation(path: path, line: line + 1, column: column), written: written,
                close: closeLine == line ? nil : closeLine + 1, closeColumn: closeColumn)
            func blanks(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            func lineEnd(_ offset: Int) -> Int { bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count }
            let lineStart = inline.starts.last { $0.offset <= index }?.offset ?? 0
            let closeLineStart = inline.starts.last { $0.offset <= close }?.offset ?? 0
            let whole = index == 0 && bytes[(close + 3)...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
            let openerMarks = length + bytes[(index + length)...].prefix { $0 == 0x20 }.count
            var slips: [CommentLineSlip] = []
            if whole, closeLine != line {
                // The span's lines above the first one a claim reads: left blank.
                let spanLines = inline.starts.filter { $0.line >= line && $0.line <= closeLine }
                let claimed = spanLines.first { start in
                    let from = start.line == line ? index + openerMarks : start.offset
                    let to = start.line == closeLine ? close : lineEnd(start.offset)
                    let text = String(decoding: bytes[from..<max(from, to)], as: UTF8.self)
                    return holdsClaim(text.trimmingBlanksString()[...], lesson: lesson)
                }
                for start in spanLines where claimed.map({ start.line < $0.line }) ?? false {
                    let end = start.line == closeLine ? close + 3 : lineEnd(start.offset)
                    slips.append(
                        CommentLineSlip(
                            finding: nil, line: start.line, start: start.column - 1,
                            end: start.column - 1 + end - start.offset))
                }
                if let claimed, claimed.line > line {
                    slips[0].finding = finding
                    return slips + [
                        CommentLineSlip(finding: nil, line: closeLine, start: closeColumn - 1, end: closeColumn + 2)
                    ]
                }
            }
            // Opening its line (indented less than code) and ending the `-->`'s: written `<!--` it
            // is an HTML block of those lines, which interrupts the paragraph, so the line after
            // it opens one of its own (a note there is no note inside a paragraph). Read so: the
            // lines left blank.
            if !whole, case .paragraph = node.kind, blanks(lineStart..<index),
                blanks((close + 3)..<lineEnd(close)),
                let opening = node.content.first(where: { $0.index == line }), opening.indent < 4
            {
                var slips = inline.starts.filter { $0.line >= line && $0.line <= closeLine }.map { start in
                    CommentLineSlip(
                        finding: nil, line: start.line, start: start.column - 1,
                        end: start.column - 1 + lineEnd(start.offset) - start.offset)
                }
                slips[0].finding = finding
                return slips
            }
            // The opener's cut: its marks and the blanks after them, or all up to the `-->` (or to
            // the line's end), unless that leaves the line blank.
            let openerOnly =
                whole || blanks(lineStart..<index) && (closeLine != line || blanks((close + 3)..<lineEnd(index)))
            let openerCut = openerOnly ? openerMarks : (closeLine == line ? close + 3 : lineEnd(index)) - index
            slips.append(CommentLineSlip(finding: finding, line: line, start: column - 1, end: column - 1 + openerCut))
            if closeLine == line, openerOnly {
                slips.append(CommentLineSlip(finding: nil, line: line, start: closeColumn - 1, end: closeColumn + 2))
            } else if closeLine != line {
                let from = whole || blanks((close + 3)..<lineEnd(close)) ? close : closeLineStart
                let startColumn = closeColumn - (close - from)
                slips.append(
                    CommentLineSlip(finding: nil, line: closeLine, start: startColumn - 1, end: closeColumn + 2))
            }
            return slips
        }
        /// True when the mark `start..<end` stands between words of its line, a blank on each
        /// side (`Geri <-- git`, `ileri --> git`), as an arrow in prose does.
        func betweenWords(_ start: Int, _ end: Int) -> Bool {
            func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            guard start > 0, end < bytes.count, blank(bytes[start - 1]), blank(bytes[end]) else { return false }
            let before = bytes[..<start].reversed().first { !blank($0) }
            let after = bytes[end...].first { !blank($0) }
            return before != nil && before != 0x0A && after != nil && after != 0x0A
        }
        /// True when a `<--` (the `!` lost, the most arrow-like near form) at `index`, `length`
        /// long, and its `-->` at `close` both stand between words (`Geri <-- git, … ileri --> git.`):
        /// a pair of arrows in prose, not a comment's marks, which open a line or close one.
        func arrows(_ index: Int, _ length: Int, _ close: Int) -> Bool {
            length == 3 && bytes[index] == UInt8(ascii: "<") && betweenWords(index, index + length)
                && betweenWords(close, close + 3)
        }
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            // '<', or '‹' (U+2039), then '!'.
            let angle =
                bytes[index] == 0x3C ? 1 : bytes[index...].starts(with: [0xE2, 0x80, 0xB9]) ? 3 : 0
            /// A comment read inline across a row's pipe: GFM splits the row first, so its cell
            /// holds the `<!--` as text.
            func acrossPipe() -> Bool {
                guard let end = comments[index], bytes[index..<end].contains(UInt8(ascii: "|")) else { return false }
                let lineStart = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                return bytes[lineStart...].drop(while: { $0 == 0x20 }).first == UInt8(ascii: "|")
            }
            // A comment read inline across a table row's line end (`| yerel <!-- x` over
            // `y --> | … |`): GitHub reads a row as its line alone, so the `<!--` is text in its cell.
            // Not one holding a pipe or a later `<!--` (`| a <!-- x |` over `| b <!-- y --> |`): that
            // is a `<!--` left open in its cell, found below.
            if angle == 1, let end = comments[index], bytes[index..<end].contains(0x0A),
                !bytes[(index + 4)..<end].contains(UInt8(ascii: "|")),
                String(decoding: bytes[(index + 4)..<end], as: UTF8.self).utf8Offset(of: "<!--") == nil
            {
                let lineStart = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                if bytes[lineStart...].drop(while: { $0 == 0x20 }).first == UInt8(ascii: "|") {
                    let (line, column) = inline.place(index)
                    found.append(
                        splitComment(
                            file, path: path, line: line, column: column, through: inline.place(end - 1).line,
                            heading: false))
                    index = end - 1
                    continue
                }
            }
            // `<!--` mistyped so that it opens no comment (`< !--`, `<--`, `!--`), paired with a
            // `-->` readers see: the text meant hidden shows, both ends with it.
            if let opener = nearOpener(at: index), let close = partner(after: index + opener),
                !arrows(index, opener, close)
            {
                found += nearOpenerSlips(at: index, length: opener, close: close)
                index = close + 2
                continue
            }
            guard angle > 0, isText[index] || acrossPipe(), index + angle < bytes.count, bytes[index + angle] == 0x21,
                index == 0 || bytes[index - 1] != UInt8(ascii: "\\")
            else { continue }
            var cursor = index + angle + 1
            let spaces = bytes[cursor...].prefix { $0 == 0x20 }.count
            cursor += spaces
            var dashes: [Int] = []
            while let length = dash(cursor) {
                dashes.append(length)
                cursor += length
            }
            // `<!--` read as text never closes in its paragraph or heading (an inline comment must):
            // readers see it, and what follows, as written.
            // In a table row, in a cell: one after the row's last pipe is a cell GitHub drops.
            if angle == 1, spaces == 0, dashes.prefix(2) == [1, 1] {
                let lineStart = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let lineStop = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
                let row = bytes[lineStart...].drop(while: { $0 == 0x20 }).first == UInt8(ascii: "|")
                let pipe = bytes[index..<lineStop].firstIndex(of: UInt8(ascii: "|"))
                if row, pipe == nil { continue }
                let (line, column) = inline.place(index)
                // Closed on its line, but not to GitHub (`<!-- eski --->`): why, and the comment as meant.
                if let shown = githubShownComment(bytes, at: index, end: nil) {
                    found.append(commentShownOnGitHub(shown, at: index, inline, path: path))
                    index += shown.written.utf8.count - 1
                    continue
                }
                // What readers see: the `<!--` and the word after it (`<!-- todo`).
                let word = bytes[(index + 4)...].drop { $0 == 0x20 }.prefix {
                    $0 != 0x20 && $0 != 0x0A && $0 != UInt8(ascii: "|")
                }
                let lineEnd = word.endIndex
                let heading = if case .heading = node.kind { true } else { false }
                // Inside bold or emphasis on its line (`**yerel <!-- todo**`), in a row within its
                // cell: closed there it would leave the words before it and a space in the bold, so
                // the fix moves it after the closing marker, and the reading leaves it (and the
                // space) out.
                let span = spans.filter { $0.range.contains(index) }.min { $0.range.count < $1.range.count }
                let inside = span.flatMap { span -> (moved: String, blanks: Int, end: Int)? in
                    let open = span.range.lowerBound
                    let end = span.range.upperBound - span.marker
                    guard open + span.marker <= index, index < end, !bytes[open..<end].contains(0x0A),
                        !row || !bytes[open..<end].contains(UInt8(ascii: "|"))
                    else {
                        return nil
                    }
                    let before = bytes[(open + span.marker)..<index]
                    let blanks = before.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
                    let marker = String(decoding: bytes[open..<(open + span.marker)], as: UTF8.self)
                    let words = String(decoding: before.dropLast(blanks), as: UTF8.self)
                    let comment = String(decoding: bytes[index..<end], as: UTF8.self).trimmingBlanksString()
                    return (marker + words + marker + comment + " -->", blanks, end)
                }
                // Opening its cell (nothing but blanks before it there): closed, it would hide the
                // whole cell, which then shows empty (a trigger or a title no claim can read), so
                // the one fix deletes it, and the reading as meant leaves out the `<!--` alone.
                let opensCell =
                    row && inside == nil
                    && bytes[lineStart..<index].reversed().drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "|")
                // Read as meant without it: to the cell's pipe, to the end of the heading's line,
                // or to the end of the bold with the blanks before it.
                let cut =
                    opensCell
                    ? 4
                    : inside.map { $0.end - index }
                        ?? (row ? pipe.map { $0 - index } : heading ? lineStop - index : nil)
                let written = String(decoding: bytes[index..<(inside?.end ?? lineEnd)], as: UTF8.self)
                    .trimmingBlanksString()
                let at = SourceLocation(path: path, line: line + 1, column: column)
                if heading, inside == nil, let through = closeUnderHeading(file, line) {
                    var slip = splitComment(
                        file, path: path, line: line, column: column, through: through, heading: true)
                    // Read as joined: the heading with the text after the `-->`, the lines up to it
                    // left blank.
                    slip.end = column - 1 + (cut ?? 0)
                    let closing = Array(file.lines[through].text.utf8)
                    slip.insert = String(
                        decoding: closing[(commentClose(in: closing).map(\.end) ?? closing.count)...], as: UTF8.self)
                    found.append(slip)
                    for index in (line + 1)...through {
                        found.append(
                            CommentLineSlip(
                                finding: nil, line: index, start: 0, end: file.lines[index].text.utf8.count))
                    }
                    index = lineEnd - 1
                    continue
                }
                found.append(
                    CommentLineSlip(
                        finding: .inlineCommentNeverClosed(
                            at: at, written: written, block: row ? "cell" : heading ? "heading" : "paragraph",
                            moved: inside?.moved, wholeCell: opensCell,
                            // A later comment in its line or cell (`<!-- x <!-- y -->`): closed at
                            // the end, this one would hold it, so it closes before that `<!--`.
                            beforeNext: String(
                                decoding: bytes[(index + 4)..<(row ? pipe ?? lineStop : lineStop)], as: UTF8.self
                            ).utf8Offset(of: "<!--") != nil),
                        line: line, start: column - 1 - (inside?.blanks ?? 0), end: column - 1 + (cut ?? 0)))
                index = lineEnd - 1
                continue
            }
            // `<!` without a dash is no comment near form.
            guard !dashes.isEmpty else { continue }
            let innerStart = cursor
            let lineEnd = bytes[cursor...].firstIndex(of: 0x0A) ?? bytes.count
            // Its close: dashes then '>' (or '›'), on the same line.
            var closeStart: Int?
            var end = lineEnd
            var scan = cursor
            while scan < lineEnd {
                if let length = dash(scan) {
                    var run = scan + length
                    while let more = dash(run) { run += more }
                    let arrow =
                        run < lineEnd && bytes[run] == 0x3E
                        ? 1 : bytes[run...].starts(with: [0xE2, 0x80, 0xBA]) ? 3 : 0
                    if arrow > 0 {
                        closeStart = scan
                        end = run + arrow
                        break
                    }
                    scan = run
                } else {
                    scan += 1
                }
            }
            // Closed only on a later line of its paragraph: the opener alone is the slip (closed on
            // its line, the `-->` there would show).
            if closeStart == nil, angle == 1, let close = partner(after: innerStart) {
                found += nearOpenerSlips(at: index, length: innerStart - index, close: close)
                index = close + 2
                continue
            }
            let inner = String(decoding: bytes[innerStart..<(closeStart ?? lineEnd)], as: UTF8.self)
            let written = String(decoding: bytes[index..<end], as: UTF8.self)
            let (line, column) = inline.place(index)
            found.append(
                CommentLineSlip(
                    finding: .commentLookAlike(
                        at: SourceLocation(path: path, line: line + 1, column: column), written: written,
                        meant: closeStart == nil ? "<!-- \(inner.trimmingBlanksString()) -->" : "<!--\(inner)-->"),
                    line: line, start: column - 1, end: column - 1))
            index = end - 1
        }
    }

    /// The finding for `shown` at `start` in `inline`; the reading as meant leaves the comment out
    /// of its line (its words after a `<!-->` too, which CommonMark 0.31 reads as text).
    private static func commentShownOnGitHub(
        _ shown: (written: String, why: String, fixed: String?), at start: Int, _ inline: InlineText, path: String
    ) -> CommentLineSlip {
        let (line, column) = inline.place(start)
        let length = shown.written.utf8.contains(0x0A) ? 0 : shown.written.utf8.count
        return CommentLineSlip(
            finding: .commentShownOnGitHub(
                at: SourceLocation(path: path, line: line + 1, column: column), written: shown.written, why: shown.why,
                fixed: shown.fixed),
            line: line, start: column - 1, end: column - 1 + length)
    }

    /// The comment opening at `start` (`<!--`) when GitHub's cmark-gfm, which reads CommonMark
    /// 0.29's inline comments, shows it as text: its text (up to the first `-->` on its line, or
    /// to `end`, the close CommonMark 0.31 reads) starts with `>` or `->`, holds `--` or ends with
    /// `-`. What is written, why, and the comment as meant (nil: `<!-->`, `<!--->`, to delete).
    /// Nil too when a later comment's `<!--` comes before the close: this one is a `<!--` left open.
    static func githubShownComment(_ bytes: [UInt8], at start: Int, end: Int?) -> (
        written: String, why: String, fixed: String?
    )? {
        let open = start + 4
        let lineEnd = bytes[min(open, bytes.count)...].firstIndex(of: 0x0A) ?? bytes.count
        let lead = bytes[open...].starts(with: [0x3E]) ? 1 : bytes[open...].starts(with: [0x2D, 0x3E]) ? 2 : 0
        // The close: the first `-->` after the text's start on the line, else the one read.
        var close: Int?
        var at = open + lead
        while at + 3 <= lineEnd {
            if bytes[at] == 0x2D, bytes[at + 1] == 0x2D, bytes[at + 2] == 0x3E {
                close = at
                break
            }
            at += 1
        }
        if close == nil, let end, end - 3 >= open { close = end - 3 }
        guard let close else {
            // `<!-->`, `<!--->`: nothing after them closes; what is written is the whole of them.
            guard lead > 0, let end else { return nil }
            return (
                String(decoding: bytes[start..<end], as: UTF8.self),
                "starts with '\(lead == 1 ? ">" : "->")'", nil
            )
        }
        let text = Array(bytes[open..<close])
        // A later comment's `<!--` before the close: this one is left open, which the reading of
        // a `<!--` never closed says.
        if String(decoding: text, as: UTF8.self).utf8Offset(of: "<!--") != nil { return nil }
        let holds = zip(text, text.dropFirst()).contains { $0 == 0x2D && $1 == 0x2D }
        let why: String
        if lead > 0 {
            why = "starts with '\(lead == 1 ? ">" : "->")'"
        } else if holds {
            why = "holds '--'"
        } else if text.last == 0x2D {
            why = "ends with '-'"
        } else {
            return nil
        }
        // As meant: the leading `>` dropped, each run of dashes one, none at the end.
        var meant: [UInt8] = []
        for byte in text.dropFirst(lead == 1 ? 1 : 0) where !(byte == 0x2D && meant.last == 0x2D) {
            meant.append(byte)
        }
        if lead == 2, meant.starts(with: [0x2D, 0x3E]) { meant.removeFirst(2) }
        while meant.last == 0x2D { meant.removeLast() }
        if meant.isEmpty || meant.first != 0x20 { meant.insert(0x20, at: 0) }
        if meant.last != 0x20 { meant.append(0x20) }
        return (
            String(decoding: bytes[start..<(close + 3)], as: UTF8.self), why,
            "<!--" + String(decoding: meant, as: UTF8.self) + "-->"
        )
    }

    /// What a reader would see after line index `after` of a repaired file: in a lesson its trees,
    /// core and headings, in the course index the lessons it links.
    static func hiddenSummary(
        _ file: SourceFile, _ scan: MarkdownScanner.Result, after: Int, through: Int? = nil, lesson: Bool
    ) -> [String] {
        let last = through ?? file.lines.count
        var parts: [String] = []
        if lesson {
            let blocks = classify(file, blocks: scan.blocks).0.blocks.filter {
                $0.fenced.opening.number > after + 1 && $0.fenced.opening.number <= last
            }
            let trees = blocks.filter { $0.role == .tree }.count
            if blocks.contains(where: { $0.role == .core }) { parts.append("the core") }
            if trees > 0 { parts.append(trees == 1 ? "a tree" : "\(trees) trees") }
            // Only where the comment ends before the block does: the block's fence is hidden, and
            // the code it held shows as text.
            if let end = through, let cut = blocks.first(where: { $0.fenced.closing.number > end + 1 }),
                cut.role != .tree, cut.role != .core
            {
                parts.append("the opening fence of the code block at line \(cut.fenced.opening.number)")
            }
            // Notes and the trigger bullet, read from the lines as written (a claim's reading is a
            // later stage): a line that opens with one, after its containers' prefixes.
            var notes: [String] = []
            var trigger = false
            for line in file.lines[(after + 1)..<max(after + 1, min(last + 1, file.lines.count))] {
                let text = line.text.drop { " \t>".contains($0) }
                let item =
                    text.first.map { "-*+".contains($0) } == true && text.dropFirst().first == " "
                    ? text.dropFirst().drop { $0 == " " } : text
                if let label = noteLabel(item) { notes.append(label) }
                if item.hasPrefix(triggerLead) { trigger = true }
            }
            if let first = notes.first, let last = notes.last {
                parts.append(
                    notes.count == 1
                        ? "the note \(first)"
                        : notes.count == 2 ? "the notes \(first) and \(last)" : "the notes \(first) to \(last)")
            }
            if trigger { parts.append("the '\(triggerLead)' bullet") }
        } else {
            var linked: [String] = []
            for line in file.lines[(after + 1)..<max(after + 1, min(last + 1, file.lines.count))] {
                var rest = line.text[...]
                while let open = rest.firstRange(of: "](") {
                    rest = rest[open.upperBound...]
                    let target = rest.prefix { $0 != ")" && $0 != " " }
                    if target.hasSuffix(".md"), !linked.contains(String(target)) { linked.append(String(target)) }
                }
            }
            if let first = linked.first, let last = linked.last {
                parts.append(
                    linked.count == 1
                        ? "the link to \(first)" : "the links to \(linked.count) lessons, \(first) to \(last)")
            }
        }
        var headings: [String] = []
        scan.document.walk { node, _ in
            guard case .heading = node.kind, node.lines.lowerBound > after, node.lines.lowerBound <= last else {
                return
            }
            headings.append("'" + node.content.map(\.text).joined(separator: " ").trimmingBlanksString() + "'")
        }
        if !headings.isEmpty {
            let named =
                headings.count > 3
                ? headings.prefix(2).joined(separator: ", ") + " and \(headings.count - 2) more"
                : headings.listed()
            parts.append((headings.count == 1 ? "the heading " : "the headings ") + named)
        }
        return parts
    }

    /// The prefix the lines of a block in a container have: its last body line's, or the opening
    /// line's with a list marker's characters as spaces.
    static func containerPrefix(_ file: SourceFile, _ node: BlockNode) -> String {
        if let last = node.content.last(where: { !isBlank($0.text) }) {
            return rawPrefix(file, last.index, last.prefixLength)
        }
        let bytes = file.lines[node.lines.lowerBound].text.utf8.prefix(node.startOffset).map {
            $0 == UInt8(ascii: ">") || $0 == 0x09 ? $0 : 0x20
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A line right after a fenced block that its block quote or list item ended, unclosed: the
    /// line lost its container's prefix (`> `, or the item's indentation), so the container ends
    /// before it and the block with it. Written with the prefix the block's last line has, the
    /// container runs on. (A closing fence so written is `closingOutsideItsContainer`'s.)
    /// `resumes`: the line after it has the prefix again.
    static func lostPrefix(_ file: SourceFile, _ node: BlockNode, fence: CodeFence, container: BlockNode)
        -> (candidate: SlipCandidate, resumes: Bool)?
    {
        let index = node.lines.upperBound + 1
        guard container.lines.upperBound == node.lines.upperBound, index < file.lines.count else { return nil }
        let text = file.lines[index].text
        let quote = if case .blockQuote = container.kind { true } else { false }
        // A blank line ends a block quote, never a list item.
        guard quote || !isBlank(text) else { return nil }
        let trimmed = text.drop { $0 == " " }
        let run = trimmed.prefix { $0 == fence.character }.count
        guard text.count - trimmed.count >= 4 || run < fence.length || !trimmed.dropFirst(run).allSatisfy(\.isBlank)
        else { return nil }
        let prefix = containerPrefix(file, node)
        let shared = zip(prefix.utf8, text.utf8).prefix { $0 == $1 }.count
        guard shared < prefix.utf8.count else { return nil }
        let missing = String(decoding: prefix.utf8.dropFirst(shared), as: UTF8.self)
        // Short of spaces next to a `>` it has (`>  ` for `>   `): the fix is the line as meant.
        let meant = isBlank(text) ? nil : meantLine(text, prefix: prefix, missing: missing)
        let repaired =
            isBlank(text)
            ? String(prefix[...].trimmingBlanks())
            : meant ?? prefix + String(decoding: text.utf8.dropFirst(shared), as: UTF8.self)
        let opening = node.lines.lowerBound + 1
        let place = quote ? "block quote" : "list item"
        let resumes =
            index + 1 < file.lines.count && !isBlank(file.lines[index + 1].text)
            && file.lines[index + 1].text.hasPrefix(prefix)
        let candidate = SlipCandidate(
            index: index, line: index, column: 1, certain: false, repaired: repaired,
            header: node.content.first.map { $0.index + 1 } ?? opening, opening: opening,
            finding: { location, _ in
                .fenceSlip(
                    at: location,
                    .lostPrefix(container: place, prefix: prefix, missing: missing, meant: meant),
                    opening: opening)
            })
        return (candidate, resumes)
    }
}

extension Classifier {
    /// `text`, a line of a block in containers written short of spaces of their `prefix` next to
    /// a `>` it has, as meant: the prefix, then the line's content, which starts after as many `>`
    /// as the prefix has and as many of the spaces after them as the prefix has after its last
    /// (`>  > x` for `>   > ` reads `x`). Nil when the line lacks a `>` of the prefix, or when
    /// writing `missing` at its start makes it so.
    static func meantLine(_ text: String, prefix: String, missing: String) -> String? {
        let bytes = Array(text.utf8)
        let marks = prefix.utf8.filter { $0 == UInt8(ascii: ">") }.count
        guard marks > 0 else { return nil }
        var seen = 0
        var at = 0
        while at < bytes.count, seen < marks, bytes[at] == 0x20 || bytes[at] == UInt8(ascii: ">") {
            if bytes[at] == UInt8(ascii: ">") { seen += 1 }
            at += 1
        }
        guard seen == marks else { return lackingMark(text, prefix: prefix, missing: missing) }
        let tail = prefix.utf8.reversed().prefix { $0 != UInt8(ascii: ">") }.count
        at += min(bytes[at...].prefix { $0 == 0x20 }.count, tail)
        let meant = prefix + String(decoding: bytes[at...], as: UTF8.self)
        return meant == missing + text ? nil : meant
    }

    /// `text`, a line of a block in containers written without a `>` of their `prefix` (or its
    /// `> `), as meant: the prefix, then what follows the longest such prefix the line starts with
    /// (`  ` or `   ` for `  > `, the space it kept is the prefix's). Nil when it starts with none,
    /// or when writing `missing` at its start makes it so.
    static func lackingMark(_ text: String, prefix: String, missing: String) -> String? {
        let bytes = Array(prefix.utf8)
        var best: Int?
        for (at, byte) in bytes.enumerated() where byte == UInt8(ascii: ">") {
            for width in [1, 2] where at + width <= bytes.count && (width == 1 || bytes[at + 1] == 0x20) {
                let written = bytes[..<at] + bytes[(at + width)...]
                if text.utf8.starts(with: written), written.count > best ?? -1 { best = written.count }
            }
        }
        guard let best else { return nil }
        let meant = prefix + String(decoding: text.utf8.dropFirst(best), as: UTF8.self)
        return meant == missing + text ? nil : meant
    }

    /// An opening fence without the `>` its block's lines begin with: a block meant in a block
    /// quote whose first line lost its prefix opens outside the quote, and reads the quoted lines
    /// after it, markers and all, as its code. Written with the prefix, the quote holds the block.
    static func openingOutsideItsQuote(_ file: SourceFile, _ node: BlockNode) -> SlipCandidate? {
        guard let first = node.content.first(where: { !isBlank($0.text) }) else { return nil }
        let bytes = Array(first.text.utf8)
        var end = bytes.prefix { $0 == 0x20 }.count
        guard end <= 3, end < bytes.count, bytes[end] == UInt8(ascii: ">") else { return nil }
        end += 1
        if end < bytes.count, bytes[end] == 0x20 { end += 1 }
        let marker = String(decoding: bytes[..<end], as: UTF8.self)
        let index = node.lines.lowerBound
        let line = file.lines[index].text
        let start = min(node.startOffset, line.utf8.count)
        let before = String(decoding: line.utf8.prefix(start), as: UTF8.self)
        let fence = String(decoding: line.utf8.dropFirst(start), as: UTF8.self)
        let prefix = before + marker
        return SlipCandidate(
            index: index, line: index, column: start + 1, certain: false, repaired: prefix + fence,
            header: first.index + 1, opening: index + 1,
            finding: { location, _ in
                .fenceSlip(
                    at: location, .openingOutsideQuote(marker: marker, firstLine: first.index + 1), opening: index + 1)
            })
    }

    /// A line between two parts of a block quote or list item that lost the container's prefix,
    /// where the line after it has the prefix again: a blank line without its `>` (the quote ends
    /// there, and the next line opens another), or a fence line without its `> ` or indentation
    /// (the container ends, and the fence opens or closes a block outside it). Written with the
    /// prefix, the container runs on. A paragraph line without it is a lazy continuation, no slip.
    static func resumedPrefixes(_ file: SourceFile, _ document: BlockNode) -> [SlipCandidate] {
        var found: [SlipCandidate] = []
        func visit(_ parent: BlockNode) {
            for node in parent.children {
                let quote = if case .blockQuote = node.kind { true } else { false }
                let item = if case .listItem = node.kind { true } else { false }
                if quote || item { visit(node) }
                if case .list = node.kind { visit(node) }
                let index = node.lines.upperBound + 1
                guard quote || item, index + 1 < file.lines.count else { continue }
                let text = file.lines[index].text
                let next = file.lines[index + 1].text
                let blank = isBlank(text)
                let trimmed = String(text.drop { $0 == " " || $0 == "\t" })
                // Only a fence line (or, in a block quote, a blank line) ends the container by itself.
                guard blank ? quote : !isNoFence(trimmed) else { continue }
                let prefix: String
                if quote {
                    let bytes = Array(next.utf8)
                    var end = bytes.prefix { $0 == 0x20 }.count
                    guard end <= 3, end < bytes.count, bytes[end] == UInt8(ascii: ">") else { continue }
                    end += 1
                    if end < bytes.count, bytes[end] == 0x20 { end += 1 }
                    prefix = String(decoding: bytes[..<end], as: UTF8.self)
                } else {
                    prefix = String(repeating: " ", count: node.itemIndent)
                    let lead = next.prefix { $0 == " " }.count
                    guard !isBlank(next), lead >= prefix.count, lead < prefix.count + 4 else { continue }
                }
                guard !text.hasPrefix(prefix) else { continue }
                let lead = String(text.prefix { $0 == " " || $0 == "\t" })
                let shared = quote ? lead.count : min(lead.count, prefix.count)
                // In a block quote, blanks the line keeps that end the prefix (` ` of `> ` before ` ```swift`)
                // stay: only what goes before them is missing, so the fix gives the line as `repaired`.
                let missing =
                    quote
                    ? String(
                        (!lead.isEmpty && prefix.hasSuffix(lead) ? prefix.dropLast(lead.count) : prefix[...])
                            .drop { $0 == " " })
                    : String(prefix.dropFirst(shared))
                let repaired = blank ? String(prefix[...].trimmingBlanks()) : prefix + trimmed
                let place = quote ? "block quote" : "list item"
                found.append(
                    SlipCandidate(
                        index: index, line: index, column: 1, certain: false, repaired: repaired, header: index + 1,
                        opening: nil,
                        finding: { location, _ in
                            .fenceSlip(
                                at: location,
                                .lostPrefixBetween(container: place, prefix: prefix, missing: missing, blank: blank),
                                opening: location.line)
                        }))
            }
        }
        visit(document)
        return found
    }
}

extension Character {
    /// A space or a tab.
    fileprivate var isBlank: Bool { self == " " || self == "\t" }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanksString() -> String { String(self[...].trimmingBlanks()) }
}

/// A paragraph's or heading's text as the inline parser reads it (each line's leading blanks
/// dropped, lines joined by line feeds), and where each line starts in it.
struct InlineText {
    let bytes: [UInt8]
    /// Each line's offset in `bytes`, its line index and the 1-based column its text starts at.
    let starts: [(offset: Int, line: Int, column: Int)]

    init(_ node: BlockNode) {
        var bytes: [UInt8] = []
        var starts: [(offset: Int, line: Int, column: Int)] = []
        for content in node.content {
            if !starts.isEmpty { bytes.append(0x0A) }
            let lead = content.text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
            starts.append((bytes.count, content.index, content.prefixLength + lead + 1))
            bytes += content.text.utf8.dropFirst(lead)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The inline structure, with the document's link definitions.
    func parse(_ document: BlockNode) -> [InlineNode] {
        InlineParser.parse(String(decoding: bytes, as: UTF8.self), definitions: document.linkReferences)
    }

    /// The line index and 1-based column of the byte at `offset` (or just past a line's last).
    func place(_ offset: Int) -> (line: Int, column: Int) {
        let start = starts.last { $0.offset <= offset } ?? starts[0]
        return (start.line, start.column + offset - start.offset)
    }
}

extension Classifier {
    /// The line index of the `-->` that a `<!--` left open in the ATX heading at line index `line`
    /// was meant to close on: in the lines right under it, no blank or fence among them and no
    /// later comment's `<!--` before it. Nil when there is none.
    static func closeUnderHeading(_ file: SourceFile, _ line: Int) -> Int? {
        guard file.lines[line].text.drop(while: { " \t>".contains($0) }).hasPrefix("#") else { return nil }
        for index in (line + 1)..<min(file.lines.count, line + 8) {
            let text = file.lines[index].text
            let bytes = Array(text.utf8)
            let trimmed = text.drop { " \t>".contains($0) }
            if trimmed.isEmpty || trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") || trimmed.hasPrefix("#") {
                return nil
            }
            let close = commentClose(in: bytes)
            let before = bytes[..<((close.map { $0.end - $0.close.utf8.count }) ?? bytes.count)]
            if String(decoding: before, as: UTF8.self).utf8Offset(of: "<!--") != nil { return nil }
            if close != nil { return index }
        }
        return nil
    }

    /// A `<!--` at `line`, `column` in a heading or a table's row whose `-->` is on line index
    /// `through`: the block ends with its line, so the comment never closes, and the lines up to the
    /// `-->` show as text (a paragraph, rows, or, under a header row, no table at all). Joined onto
    /// its line, the comment closes there, as meant. The reading keeps the lines as they are.
    static func splitComment(
        _ file: SourceFile, path: String, line: Int, column: Int, through: Int, heading: Bool
    ) -> CommentLineSlip {
        let bytes = Array(file.lines[line].text.utf8)
        // What readers see: the `<!--` and the word after it (`<!-- todo`).
        let word = bytes[(column + 3)...].drop { $0 == 0x20 }.prefix { $0 != 0x20 && $0 != UInt8(ascii: "|") }
        let written = String(decoding: bytes[(column - 1)..<word.endIndex], as: UTF8.self)
        let next = file.lines[line + 1].text[...].trimmingBlanks()
        let shown = next.count > 40 ? String(next.prefix(37)) + "…" : String(next)
        // Under a header row, the delimiter row follows the `-->` line: no table renders.
        let header =
            !heading && through + 1 < file.lines.count
            && file.lines[through + 1].text.contains("-")
            && file.lines[through + 1].text.allSatisfy { " \t|:-".contains($0) }
        // After the header row's last pipe, joined, the comment is a cell of its own, which GitHub
        // counts in a header (a row's extra cell it drops): there the fix moves it above the table.
        let closing = Array(file.lines[through].text.utf8)
        let rest = closing[(commentClose(in: closing).map(\.end) ?? closing.count)...]
        let above =
            header && !rest.contains(UInt8(ascii: "|"))
            && String(decoding: bytes[..<(column - 1)], as: UTF8.self)[...].trimmingBlanks().hasSuffix("|")
        return CommentLineSlip(
            finding: .splitComment(
                at: SourceLocation(path: path, line: line + 1, column: column), written: written,
                block: heading ? .heading : header ? .header : .row, next: line + 2, through: through + 1,
                shown: shown, above: above),
            line: line, start: column - 1, end: column - 1, splitRow: !heading)
    }

    /// The close of a comment opening a list item (its HTML block one line long, never closed),
    /// when the next line holds it but is indented less than the item's text (`14. <!-- x` over
    /// `y --> [Ders](14-….md)`), with text after it that is no later comment's: the close's place
    /// (a line index, the 1-based column of the first byte after it). Nil otherwise.
    static func closeOutsideItem(_ file: SourceFile, _ node: BlockNode, opener: Int, opening: String) -> (
        line: Int, column: Int, close: String
    )? {
        let index = node.lines.lowerBound + 1
        guard node.content.count == 1, !opening.contains(">"), index < file.lines.count else { return nil }
        let bytes = Array(file.lines[index].text.utf8)
        guard bytes.prefix(while: { $0 == 0x20 }).count < opener, let close = commentClose(in: bytes),
            !bytes[close.end...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
            String(decoding: bytes[..<(close.end - close.close.utf8.count)], as: UTF8.self).utf8Offset(of: "<!--")
                == nil
        else { return nil }
        return (index, close.end + 1, close.close)
    }

    /// A comment opened in a list item or block quote and never closed in it, whose `-->` (nothing
    /// after it) stands on the line right after the block without the container's prefix (`-->` at
    /// column 1 under an item's `  <!-- x`, or under a quote's `> <!-- x`): an HTML block takes no
    /// lazy line, so that line ends the container and shows as text, and the browser runs the
    /// comment on. The slip is the close's line: one finding at its `-->`, and the repaired file
    /// (the line written with the prefix) is the reading, so what follows is judged as meant.
    /// Decided by repairing and reading again: nil unless the prefixed line closes the comment.
    static func closeOutsideContainer(
        _ file: SourceFile, _ node: BlockNode, _ document: BlockNode, opener: Int, lesson: Bool
    ) -> (
        finding: Diagnostic, file: SourceFile, document: BlockNode, hidden: HiddenSpan, late: Bool,
        reading: SourceFile?
    )? {
        let start = node.lines.lowerBound
        let index = node.lines.upperBound + 1
        guard index < file.lines.count else { return nil }
        let written = file.lines[index].text
        let bytes = Array(written.utf8)
        guard let close = commentClose(in: bytes), bytes[close.end...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
            String(decoding: bytes[..<(close.end - close.close.utf8.count)], as: UTF8.self).utf8Offset(of: "<!--")
                == nil
        else { return nil }
        // The container's prefix for a line of the comment: its `>` kept, a list marker as spaces.
        let prefix = String(
            decoding: file.lines[start].text.utf8.prefix(opener).map { $0 == UInt8(ascii: ">") ? $0 : 0x20 },
            as: UTF8.self)
        let body = written.drop { " \t>".contains($0) }
        guard prefix + body != written else { return nil }
        var lines = file.lines
        lines[index].text = prefix + body
        let repaired = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
        let scan = MarkdownScanner.scan(repaired)
        var closes = false
        scan.document.walk { block, _ in
            guard case .htmlBlock(2) = block.kind, block.lines.lowerBound == start else { return }
            closes = block.lines.contains(index)
        }
        guard closes else { return nil }
        // The container the comment stands in, the innermost.
        var container = "list item"
        document.walk { block, _ in
            guard block.children.contains(where: { $0 === node }) else { return }
            if case .blockQuote = block.kind { container = "block quote" }
        }
        let quote = prefix.contains(">")
        let indent = prefix.count
        let lead = written.prefix { $0 == " " }.count
        let fix =
            quote
            ? "write it as '\(prefix + String(body).trimmingBlanksString())'"
            : "indent it \(Plural.count(indent, "space"))\(lead == 0 ? "" : ", not \(lead)"), as the item's text is"
        // What the browser hides, as the never-closed comment's finding reads it.
        let ending = browserCommentEnd(after: node, in: document)
        let shownAgain = ending.map { $0.line } ?? file.lines.count
        let lastHidden = file.lines.indices[..<shownAgain].dropFirst(index + 1).last { !isBlank(file.lines[$0].text) }
        let what = lastHidden.map { _ in
            hiddenSummary(repaired, scan, after: index, through: ending?.line, lesson: lesson)
        }
        let column = close.end - close.close.utf8.count + 1
        return (
            .commentClosedOutsideContainer(
                at: SourceLocation(path: file.path, line: index + 1, column: column), opener: start + 1,
                container: container, hides: lastHidden.map { (index + 2, $0 + 1) }, what: what ?? [], fix: fix),
            repaired, scan.document,
            // The comment up to its `-->`, the finding's own place, which is not hidden.
            HiddenSpan(line: start + 1, column: opener + 1, endLine: index + 1, endColumn: column), false,
            repaired
        )
    }
}
