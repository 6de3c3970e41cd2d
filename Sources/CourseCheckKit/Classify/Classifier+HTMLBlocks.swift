/// Raw HTML on lines of its own beside a fence inside an HTML block (`swallowedFences`) and a
/// comment left open (`unclosedComment`): a tag line right above a line a claim reads, which takes
/// that line into its HTML block, and a `<details>` never closed, which folds the rest of the page
/// away. Each is one finding at the slip; what the block took is read as meant, so nothing
/// downstream of it (a note "skipped", the trigger bullet "missing") is reported.
extension Classifier {
    /// The lines a claim reads (`holdsClaim`: a note, the trigger bullet, a heading, a table's row,
    /// the distribution sentence, an index item) that an HTML block of kind 6 or 7 takes as raw
    /// text: those kinds run on to the next blank line, so a `<div id="dr1"></div>`, `<hr>` or
    /// `<br>` typed right above a note passes the note through unrendered (`**DR1.**`, no note).
    /// One finding per block, at its first such line, and the reading leaves out the line right
    /// above it (HTML, or raw text no claim reads), as the blank line the fix puts there does.
    /// A block holding a fence is the fence owner's (`swallowedFences`). Its own descent, not
    /// `walk`: it runs on every lesson, and only HTML blocks of more than one line are read.
    /// A tag line between a table's rows is the table's own slip (it ends the table: the closing
    /// table's `htmlLine`), whose fix deletes the line, so it is left to that owner.
    static func htmlBlockSwallows(_ file: SourceFile, _ document: BlockNode, lesson: Bool) -> [CommentLineSlip] {
        var found: [CommentLineSlip] = []
        func visit(_ parent: BlockNode) {
            for node in parent.children {
                if node.kind.isContainer {
                    visit(node)
                    continue
                }
                guard case .htmlBlock(let kind) = node.kind, kind >= 6, node.content.count > 1,
                    let slip = htmlBlockSwallow(file, node, lesson: lesson)
                else { continue }
                found.append(slip)
            }
        }
        visit(document)
        return found
    }

    /// `htmlBlockSwallows` for one HTML block of kind 6 or 7.
    private static func htmlBlockSwallow(_ file: SourceFile, _ node: BlockNode, lesson: Bool) -> CommentLineSlip? {
        let lines = node.content
        var taken: (offset: Int, what: Swallowed)?
        for offset in lines.indices {
            let text = lines[offset].text.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("```") || text.hasPrefix("~~~") { return nil }
            guard taken == nil, offset > 0, let what = swallowed(text, lesson: lesson) else { continue }
            taken = (offset, what)
        }
        guard let (offset, what) = taken else { return nil }
        let first = node.lines.lowerBound
        if case .row = what, first > 0,
            file.lines[first - 1].text.drop(while: { " \t>".contains($0) }).hasPrefix("|")
        {
            return nil
        }
        let line = lines[offset]
        let above = lines[offset - 1]
        let lead = line.text.utf8.count - line.text.drop { $0 == " " || $0 == "\t" }.utf8.count
        let column = line.prefixLength + lead + 1
        let start = node.lines.lowerBound + 1
        let place = offset == 1 ? "the HTML" : "line \(above.index + 1)"
        let raw = file.lines[above.index].text.utf8.count
        return CommentLineSlip(
            finding: .htmlBlockSwallows(
                at: SourceLocation(path: file.path, line: line.index + 1, column: column), what, start: start,
                between: place),
            line: above.index, start: min(above.prefixLength, raw), end: raw)
    }

    /// What a line of an HTML block is to the claims, when it is one a claim reads.
    enum Swallowed {
        case note(String, written: String)
        case triggerBullet(String)
        case heading(String)
        case row(String)
        case distribution(String)
        case indexItem(String)
    }

    /// The claim line `text` (a line of an HTML block after its indentation) is, or nil.
    static func swallowed(_ text: Substring, lesson: Bool) -> Swallowed? {
        guard holdsClaim(text, lesson: lesson) else { return nil }
        let shown = text.trimmingBlanks()
        let quoted = shown.count > 60 ? String(shown.prefix(57)) + "…" : String(shown)
        if shown.hasPrefix("#") { return .heading(quoted) }
        if shown.hasPrefix("|") { return .row(quoted) }
        if !lesson { return .indexItem(quoted) }
        let item =
            shown.first.map { "-*+".contains($0) } == true && shown.dropFirst().first == " "
            ? shown.dropFirst().drop { $0 == " " } : shown
        if item.hasPrefix(triggerLead) { return .triggerBullet(quoted) }
        if let label = noteLabel(item) { return .note(label, written: "**\(label).**") }
        return .distribution(quoted)
    }
}

extension Classifier {
    /// The first `<details>` opening a line of a top-level HTML block that no `</details>` after it
    /// closes: cmark-gfm passes the tag through, and the browser folds everything after it, to the
    /// end of the page, into the closed disclosure (GitHub closes what is left open at the end), so
    /// readers see only its summary where the rest of the lesson was (the trigger bullet, the next
    /// steps). One finding at the tag; nil when it folds nothing but its summary and blank lines,
    /// or it is `<details open>` (shown open). A close anywhere after it counts (inline, in a list
    /// item, which the browser's `</details>` reaches too). Cheap first:
    /// only top-level HTML blocks are read, and a lesson has few.
    static func unclosedDetails(_ file: SourceFile, _ scanned: MarkdownScanner.Result, lesson: Bool) -> Diagnostic? {
        var opens: [(line: Int, column: Int, tag: String)] = []
        for node in scanned.document.children {
            guard case .htmlBlock(let kind) = node.kind, kind >= 6 else { continue }
            for line in node.content {
                for (offset, tag) in detailsTags(in: line.text) where !tag.closing {
                    if tag.open { continue }
                    opens.append((line.index, line.prefixLength + offset + 1, tag.written))
                }
            }
        }
        guard let first = opens.first else { return nil }
        // Every close after the first open, in order with the opens: each closes the last left open.
        // One in a code block counts too: where the HTML block took a fence, the fences after it pair
        // wrongly, and a `</details>` outside code may stand in a block; and silence errs safe.
        var events: [(line: Int, column: Int, open: Int?)] = opens.indices.map {
            (opens[$0].line, opens[$0].column, $0)
        }
        for index in first.line..<file.lines.count {
            for (offset, tag) in detailsTags(in: file.lines[index].text) where tag.closing {
                events.append((index, offset + 1, nil))
            }
        }
        events.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        var stack: [Int] = []
        for event in events {
            if let open = event.open { stack.append(open) } else if !stack.isEmpty { stack.removeLast() }
        }
        guard let unclosed = stack.first else { return nil }
        let open = opens[unclosed]
        // What it folds: the lines after it but its summary and blank lines.
        let folded = file.lines.indices.dropFirst(open.line + 1).filter { index in
            let text = file.lines[index].text[...].trimmingBlanks()
            guard !text.isEmpty else { return false }
            let lower = text.lowercased()
            return !(lower.hasPrefix("<summary") && lower.hasSuffix("</summary>"))
        }
        guard let from = folded.first, let through = folded.last else { return nil }
        return .unclosedDetails(
            at: SourceLocation(path: file.path, line: open.line + 1, column: open.column), tag: open.tag,
            hides: (from + 1, through + 1), what: hiddenSummary(file, scanned, after: open.line, lesson: lesson))
    }

    /// The `<details …>` and `</details>` tags in `text` (any case), by the byte offset of their `<`:
    /// `written` the tag up to its `>` (or the line's end), `open` when it has the `open` attribute.
    static func detailsTags(in text: String) -> [(offset: Int, tag: (written: String, closing: Bool, open: Bool))] {
        let bytes = Array(text.utf8)
        guard bytes.count >= 9, bytes.contains(UInt8(ascii: "<")) else { return [] }
        var found: [(offset: Int, tag: (written: String, closing: Bool, open: Bool))] = []
        let name = Array("details".utf8)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            var at = index + 1
            let closing = at < bytes.count && bytes[at] == UInt8(ascii: "/")
            if closing { at += 1 }
            guard at + name.count <= bytes.count,
                zip(bytes[at..<(at + name.count)], name).allSatisfy({ HTMLBlock.lowercased($0) == $1 })
            else { continue }
            let after = at + name.count
            guard
                after == bytes.count || HTMLBlock.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">")
                    || bytes[after] == UInt8(ascii: "/")
            else { continue }
            let end = bytes[after...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
            let attributes = String(decoding: bytes[after..<end].map(HTMLBlock.lowercased), as: UTF8.self)
            let open = attributes.split(whereSeparator: { " \t=>/".contains($0) }).contains("open")
            found.append((index, (String(decoding: bytes[index..<end], as: UTF8.self), closing, open)))
        }
        return found
    }
}
