/// The comment owner's slips within one line, beside a comment left open: a line that opens with a
/// comment closed on it and text after it, and a `<!--` that nothing closes in a heading or a table
/// cell. Each is one finding at the `<!--`, and the lesson (or course index) is read as its author
/// meant it, the comment out of the text, so nothing downstream (a heading, the trigger bullet, a
/// table row, an index item) is reported.
extension Classifier {
    /// One slip: its finding (nil: readers see the same, but the reading as meant still leaves
    /// the comment out), and the bytes of its line (`start..<end`) that the reading leaves out.
    struct CommentLineSlip {
        var finding: Diagnostic?
        var line: Int
        var start: Int
        var end: Int
        /// A comment split across a table row's line end (`splitComment`): the table is broken there
        /// until it is fixed, so the closing table waits for it.
        var splitRow = false
        /// What the reading puts in place of the bytes it leaves out (a heading's words after a
        /// `-->` on a later line, read as joined).
        var insert = ""
        /// The rest of the line is a fence: the fences after it pair wrongly until it is fixed, so
        /// the finding is the classifier's cause, and the reading keeps the line as it is.
        var fence = false
    }

    /// A line that opens with an HTML comment closed on it (`<!-- x --> ## Özet`, after its
    /// containers' markers): CommonMark makes the line an HTML block of its own (type 2 ends on
    /// the line holding its `-->`), so the browser shows the rest as written, no Markdown rendered
    /// (`## `, backticks, `**`, a link as `[text](file)`), and outside any paragraph, heading,
    /// list item's text or table. A finding when that changes what readers see: the rest holds
    /// Markdown, or the line stands in a paragraph (the block parts it from the lines around it,
    /// a table's header from its rows). The rest in plain words, a paragraph of its own, shows the
    /// same words, and is silent (the claims read it without the comment all the same). A line
    /// that is only comments is not one.
    static func commentOpensLine(_ file: SourceFile, _ document: BlockNode) -> [CommentLineSlip] {
        var found: [CommentLineSlip] = []
        // Its own descent, not `walk`: it runs on every lesson, which has few comment blocks.
        func visit(_ parent: BlockNode) {
            for (position, node) in parent.children.enumerated() {
                if node.kind.isContainer {
                    visit(node)
                    continue
                }
                guard case .htmlBlock(2) = node.kind, node.lines.count == 1,
                    let slip = commentOpensLine(
                        file, node, document,
                        before: position > 0 ? parent.children[position - 1] : nil,
                        after: position + 1 < parent.children.count ? parent.children[position + 1] : nil)
                else { continue }
                found.append(slip)
            }
        }
        visit(document)
        return found
    }

    /// `commentOpensLine` for one comment block, with its siblings before and after it.
    private static func commentOpensLine(
        _ file: SourceFile, _ node: BlockNode, _ document: BlockNode, before: BlockNode?, after: BlockNode?
    ) -> CommentLineSlip? {
        let index = node.lines.lowerBound
        let bytes = Array(file.lines[index].text.utf8)
        let opener = min(node.startOffset, bytes.count)
        guard bytes[opener...].starts(with: Array("<!--".utf8)) else { return nil }
        // Past the comments the line opens with (`<!-- a --><!-- b -->`) and the blanks after them.
        var restStart = opener
        var (empty, total, closed) = (0, 0, opener)
        while bytes[restStart...].starts(with: Array("<!--".utf8)),
            let close = browserClose(in: bytes[(restStart + 4)...])
        {
            if close.end == close.close.utf8.count { empty += 1 }
            total += 1
            restStart += 4 + close.end
            closed = restStart
            while restStart < bytes.count, bytes[restStart] == 0x20 || bytes[restStart] == 0x09 { restStart += 1 }
        }
        guard restStart > opener, restStart < bytes.count else { return nil }
        let rest = String(decoding: bytes[restStart...], as: UTF8.self)[...].trimmingBlanks()
        guard !rest.isEmpty else { return nil }
        let marked = opensBlock(rest) || !isPlainText(String(rest), document)
        // A comment holding only a note's bold label (`<!-- **DR4.** --> Bu …`): the label is hidden
        // too, so moving the comment would lose it. The fix takes it out, and the reading keeps it,
        // so the note is read where it is (no "missing" note after).
        if let label = heldLabel(bytes[(opener + 4)...]) {
            let comment = String(decoding: bytes[opener..<restStart], as: UTF8.self)[...].trimmingBlanks()
            let shown = rest.count > 60 ? String(rest.prefix(57)) + "…" : String(rest)
            return CommentLineSlip(
                finding: .commentOpensLine(
                    at: SourceLocation(path: file.path, line: index + 1, column: opener + 1), shown: shown,
                    marked: true, label: label, fix: "write '\(label)' in place of '\(comment)'"),
                line: index, start: opener, end: restStart, insert: label + " ")
        }
        // The line in a paragraph: without the comment it would go on the paragraph above it, or
        // the lines under it on its own (a table's rows on its header).
        let inParagraph =
            before.map { if case .paragraph = $0.kind { $0.lines.upperBound == index - 1 } else { false } } ?? false
        let beforeParagraph =
            after.map { if case .paragraph = $0.kind { $0.lines.lowerBound == index + 1 } else { false } } ?? false
        guard marked || inParagraph || beforeParagraph else {
            return CommentLineSlip(finding: nil, line: index, start: opener, end: restStart)
        }
        // A table's row: at the end of the row the comment would be a cell of its own, and a line of
        // its own between two rows ends the table.
        let row = rest.hasPrefix("|")
        let fence = rest.hasPrefix("```") || rest.hasPrefix("~~~")
        let rowAbove =
            index > 0 && file.lines[index - 1].text.drop { " \t>".contains($0) }.hasPrefix("|")
        // Empty comments alone (`<!-->`, `<!--->`): moved, they would show as text in the
        // paragraph (cmark-gfm reads no inline comment there), and they hide nothing: delete them.
        let onlyEmpty = empty > 0 && empty == total
        var fix =
            fence
            ? "move the comment onto a line of its own above this one (at the end of the line it would be the "
                + "block's info string)"
            : row
                ? rowAbove
                    ? "delete the comment (between a table's rows it ends the table, even on a line of its own), or move "
                        + "it onto a line of its own above the table"
                    : "move the comment onto a line of its own above this one (at the end of a table's row it makes a "
                        + "cell of its own)"
                : "move the comment to the end of the line"
        if onlyEmpty {
            fix = Self.deleteEmpty(
                String(decoding: bytes[opener..<closed], as: UTF8.self), blanks: bytes[closed..<restStart],
                endsTable: row && rowAbove)
        }
        let shown = rest.count > 60 ? String(rest.prefix(57)) + "…" : String(rest)
        let column = opener + 1
        return CommentLineSlip(
            finding: .commentOpensLine(
                at: SourceLocation(path: file.path, line: index + 1, column: column), shown: shown, marked: marked,
                fence: fence,
                fix: fix),
            line: index, start: opener, end: restStart, fence: fence)
    }

    /// The end (offset past it) of the comment whose text starts at `bytes` (after its `<!--`) as
    /// the browser reads it, and its close as written: `<!-->` and `<!--->` are empty comments,
    /// closed at once (HTML's abrupt closing), though no `-->` follows; else the first `-->`.
    static func browserClose(in bytes: ArraySlice<UInt8>) -> (end: Int, close: String)? {
        if bytes.first == UInt8(ascii: ">") { return (1, ">") }
        if bytes.starts(with: Array("->".utf8)) { return (2, "->") }
        return commentClose(in: bytes)
    }

    /// The fix for empty comments alone before a line's text (`written`, then `blanks`): delete them.
    /// `endsTable`: the line stands between a table's rows, which it parts.
    private static func deleteEmpty(_ written: String, blanks: ArraySlice<UInt8>, endsTable: Bool) -> String {
        let after =
            blanks.isEmpty
            ? ""
            : blanks.allSatisfy({ $0 == 0x20 })
                ? blanks.count == 1 ? " and the space after it" : " and the \(blanks.count) spaces after it"
                : " and the blanks after it"
        let table = endsTable ? ", and between a table's rows its line ends the table" : ""
        return "'\(written)' is an empty comment, which hides nothing\(table); delete '\(written)'\(after)"
    }

    /// The bold note label (`**DR4.**`, `__DR4.__`: one to four capitals, a number, a full stop)
    /// that is all one comment holds, `bytes` being its text from after its `<!--` on; nil else.
    private static func heldLabel(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let close = browserClose(in: bytes) else { return nil }
        let text = String(decoding: bytes.prefix(close.end - close.close.utf8.count), as: UTF8.self)
        let inner = text[...].trimmingBlanks()
        guard inner.hasPrefix("**") && inner.hasSuffix("**") || inner.hasPrefix("__") && inner.hasSuffix("__"),
            inner.utf8.count > 5
        else { return nil }
        let label = inner.utf8.dropFirst(2).dropLast(2)
        let letters = label.prefix { $0 >= 0x41 && $0 <= 0x5A }.count
        let digits = label.dropFirst(letters).prefix { $0.isASCIIDigit }.count
        guard (1...4).contains(letters), (1...3).contains(digits), letters + digits + 1 == label.count,
            label.last == UInt8(ascii: ".")
        else { return nil }
        return String(inner)
    }

    /// True when `text` (a line's text after a comment) would open a block of its own: an ATX
    /// heading, a block quote, a list item, a table's row or a fence.
    private static func opensBlock(_ text: Substring) -> Bool {
        let hashes = text.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), text.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true {
            return true
        }
        if text.hasPrefix(">") || text.hasPrefix("|") || text.hasPrefix("```") || text.hasPrefix("~~~") { return true }
        if let first = text.first, "-*+".contains(first),
            text.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true
        {
            return true
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count), let mark = text.dropFirst(digits.count).first, mark == "." || mark == ")"
        else { return false }
        return text.dropFirst(digits.count + 1).first.map { $0 == " " || $0 == "\t" } ?? true
    }

    /// True when Markdown renders `text` as the words it holds: no emphasis, code, link, escape,
    /// entity or raw HTML in it.
    private static func isPlainText(_ text: String, _ document: BlockNode) -> Bool {
        var words = ""
        for node in InlineParser.parse(text, definitions: document.linkReferences) {
            guard case .text(let part) = node.kind, node.children.isEmpty else { return false }
            words += part
        }
        return words == text
    }

    /// The slips within a line of `file` (a line opened by a comment, a `<!--` left open in a
    /// heading, a cell or a paragraph, a comment's look-alike), and the file as its author meant
    /// it when one leaves something out of its line (nil: read the file as it is), with its scan.
    /// `fences`: the findings at a line whose rest is a fence, which the fence slips wait for.
    /// An HTML block that takes a claim's line as raw text (`htmlBlockSwallows`) is one too, and
    /// so is a list marker alone on its line (`loneMarkerSlips`), read without it.
    /// `lesson` false: the course index.
    static func commentLineSlips(_ file: SourceFile, _ document: BlockNode, lesson: Bool = true) -> (
        findings: [Diagnostic], fences: [Diagnostic], reading: (file: SourceFile, scan: MarkdownScanner.Result)?,
        splitRow: Int?
    ) {
        let slips =
            commentOpensLine(file, document) + commentLookAlikeSlips(document, file, lesson: lesson)
            + htmlBlockSwallows(file, document, lesson: lesson) + loneMarkerSlips(file, document, lesson: lesson)
        let findings = slips.filter { !$0.fence }.compactMap(\.finding)
        let fences = slips.filter(\.fence).compactMap(\.finding)
        let splitRow = slips.first(where: \.splitRow).map { $0.line + 1 }
        let cuts = slips.filter { $0.end > $0.start && !$0.fence }
        guard !cuts.isEmpty else { return (findings, fences, nil, splitRow) }
        let meant = reading(file, without: cuts)
        return (findings, fences, (meant, MarkdownScanner.scan(meant)), splitRow)
    }

    /// `file` read as its author meant it: each slip's bytes left out of its line (or replaced).
    static func reading(_ file: SourceFile, without slips: [CommentLineSlip]) -> SourceFile {
        var lines = file.lines
        for slip in slips.sorted(by: { ($0.line, $0.start) > ($1.line, $1.start) }) where slip.line < lines.count {
            var bytes = Array(lines[slip.line].text.utf8)
            guard slip.start <= slip.end, slip.end <= bytes.count else { continue }
            bytes.replaceSubrange(slip.start..<slip.end, with: Array(slip.insert.utf8))
            lines[slip.line].text = String(decoding: bytes, as: UTF8.self)
        }
        return SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
    }
}
