/// A list marker alone on its line (`-`, `*`, `+`, `1.`, `1)`, blanks after it) in a page's prose:
/// an empty list item, which GitHub shows as a bullet (or a number) with nothing after it. Where it
/// ends its list and the text under it was meant as its text, that text renders as a paragraph
/// after the list, and the list goes on as a second one. One finding at the marker's line, and the
/// claims read the page as meant (the line left out, or joined with the text under it), so nothing
/// a claim reads in those lists (the trigger bullet, the index's items) is reported after it.
/// A marker right under a paragraph is no item: `-` underlines it (a setext heading, which
/// `strayUnderlines` and the claims say), and `*`, `+` or a number (`1.`, `2)`) continues its text
/// (said here too). Right under a table's last row it is an item: GitHub's table is no paragraph.
/// An item on one line holding only a comment (`- <!-- x -->`) shows the same empty bullet, unless
/// the comment hides what a claim reads (a note, the trigger bullet), whose owner says so.
extension Classifier {
    /// The lone markers of a page, as line slips whose cuts give the page as meant. `lesson`
    /// false: the course index (what a comment item may hide that a claim reads).
    static func loneMarkerSlips(_ file: SourceFile, _ document: BlockNode, lesson: Bool = true) -> [CommentLineSlip] {
        // Cheap first: a line that is a marker alone past its containers' markers and indentation,
        // or a line holding a comment (an item may hold nothing else).
        guard
            file.lines.contains(where: {
                mayBeLoneMarker($0.text) || $0.text.utf8Offset(of: "<!--") != nil
            })
        else { return [] }
        var found: [CommentLineSlip] = []
        func visit(_ parent: BlockNode) {
            for (position, node) in parent.children.enumerated() {
                switch node.kind {
                case .list:
                    let after = position + 1 < parent.children.count ? parent.children[position + 1] : nil
                    for (place, item) in node.children.enumerated() {
                        if item.children.isEmpty {
                            found += emptyItem(
                                file, item, list: node, last: place == node.children.count - 1, after: after)
                        } else if let slip = commentItem(file, item, list: node, lesson: lesson) {
                            found.append(slip)
                        }
                        visit(item)
                    }
                case .blockQuote, .listItem: visit(node)
                case .paragraph:
                    // `*`, `+` or a number under a paragraph's line: an empty item cannot
                    // interrupt a paragraph (nor a list not starting at 1), so the line continues
                    // its text. The reading leaves it out when it ends the paragraph (a blank line
                    // in the middle would part the paragraph). `-` there is an underline.
                    for line in node.content.dropFirst() {
                        let text = line.text[...].trimmingBlanks()
                        guard text != "-", isLoneMarker(text) else { continue }
                        let lead = line.text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
                        let at = SourceLocation(
                            path: file.path, line: line.index + 1, column: line.prefixLength + lead + 1)
                        found.append(
                            CommentLineSlip(
                                finding: .emptyItem(at: at, .continuesText(marker: String(text), line: line.index)),
                                line: line.index, start: line.prefixLength,
                                end: line.index == node.content.last?.index ? file.lines[line.index].text.utf8.count : 0
                            ))
                    }
                default: continue
                }
            }
        }
        visit(document)
        return found
    }

    /// The finding of the empty item `item` of `list` (`last`: its list's last item; `after`: the
    /// block after the list), with the cuts that read it as meant.
    private static func emptyItem(
        _ file: SourceFile, _ item: BlockNode, list: BlockNode, last: Bool, after: BlockNode?
    ) -> [CommentLineSlip] {
        let index = item.lines.lowerBound
        let bytes = Array(file.lines[index].text.utf8)
        guard item.startOffset < bytes.count else { return [] }
        let marker = String(decoding: bytes[item.startOffset...], as: UTF8.self)[...].trimmingBlanks()
        // An item whose text starts on the next line (`-` over an indented line) is no empty one.
        guard isLoneMarker(marker) else { return [] }
        let at = SourceLocation(path: file.path, line: index + 1, column: item.startOffset + 1)
        let cut = CommentLineSlip(finding: nil, line: index, start: item.startOffset, end: bytes.count)
        // Its list's last item, with a paragraph right under it: that text was meant as its text,
        // and the reading joins them (the marker before it, the marker's line blank). A note or a
        // table's row opens a paragraph of its own: the marker is a stray there, to delete.
        if last, let paragraph = after, paragraph.kind == .paragraph, paragraph.lines.lowerBound == index + 1,
            let first = paragraph.content.first,
            case let opening = first.text.drop(while: { $0 == " " || $0 == "\t" }),
            noteLabel(opening) == nil, !opening.hasPrefix("|")
        {
            let whole = Array(first.text.utf8)
            let lead = whole.prefix { $0 == 0x20 || $0 == 0x09 }.count
            let text = whole.dropFirst(lead)
            let head = text.prefix { $0 != 0x20 && $0 != 0x09 }.count
            var finding = cut
            finding.finding = .emptyItem(
                at: at, .textUnder(marker: String(marker), text: String(decoding: text, as: UTF8.self)))
            let start = first.prefixLength + lead
            guard head > 0, start + head <= file.lines[index + 1].text.utf8.count else { return [finding] }
            let join = CommentLineSlip(
                finding: nil, line: index + 1, start: start, end: start + head,
                insert: "\(marker) " + String(decoding: text.prefix(head), as: UTF8.self))
            return [finding, join]
        }
        var finding = cut
        finding.finding = .emptyItem(
            at: at, list.children.count == 1 ? .alone(marker: String(marker)) : .inList(marker: String(marker)))
        return [finding]
    }

    /// The finding of `item` of `list` when it is one line holding only comments (`- <!-- x -->`,
    /// closed on it, blanks after): readers see an empty bullet. Nil for one whose comment hides
    /// what a claim reads (a note, the trigger bullet, an index link), which that owner reports.
    /// The reading leaves the line out, as deleting it does.
    private static func commentItem(_ file: SourceFile, _ item: BlockNode, list: BlockNode, lesson: Bool)
        -> CommentLineSlip?
    {
        let index = item.lines.lowerBound
        guard
            item.children.allSatisfy({
                guard case .htmlBlock(2) = $0.kind else { return false }
                return $0.lines == index...index
            })
        else { return nil }
        let bytes = Array(file.lines[index].text.utf8)
        guard item.startOffset < bytes.count else { return nil }
        let written = String(decoding: bytes[item.startOffset...], as: UTF8.self)[...].trimmingBlanks()
        let marker = written.prefix { $0 != " " && $0 != "\t" }
        // Comments alone after the marker, each closed, nothing after the last. An HTML block's
        // comment ends at its line's first `-->`, `<!-->` too (a browser's empty comment).
        var rest = written.dropFirst(marker.count).trimmingBlanks()
        var hidden = ""
        var comments = 0
        while rest.hasPrefix("<!--"), let close = rest.dropFirst(2).firstRange(of: "-->") {
            let text = rest.index(rest.startIndex, offsetBy: 4)
            if text < close.lowerBound { hidden += rest[text..<close.lowerBound] + " " }
            rest = rest[close.upperBound...].trimmingBlanks()
            comments += 1
        }
        guard rest.isEmpty, comments > 0, !holdsClaim(hidden[...].trimmingBlanks(), lesson: lesson) else {
            return nil
        }
        let at = SourceLocation(path: file.path, line: index + 1, column: item.startOffset + 1)
        return CommentLineSlip(
            finding: .emptyItem(
                at: at,
                .commentOnly(
                    marker: String(marker), written: String(written), among: list.children.count > 1)),
            line: index, start: item.startOffset, end: bytes.count)
    }

    /// Whether `text` is a list marker alone (`-`, `*`, `+`, or one to nine digits and `.` or `)`),
    /// past at most three spaces and before blanks.
    /// Whether `line`, past any blanks and `>` before it, is a marker alone: `isLoneMarker` by bytes,
    /// since every line of every page is asked (a `Character` walk of each line cost a sixth of a run).
    static func mayBeLoneMarker(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x3E {
                index += 1
            }
            var end = bytes.count
            while end > index, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return isMarker(bytes[index..<end])
        }
    }

    /// Whether `mark` is a list marker as written: `-`, `*`, `+`, or one to nine digits and `.` or `)`.
    private static func isMarker(_ mark: some BidirectionalCollection<UInt8>) -> Bool {
        guard let end = mark.last, mark.count <= 10 else { return false }
        if mark.count == 1 { return end == UInt8(ascii: "-") || end == UInt8(ascii: "*") || end == UInt8(ascii: "+") }
        return (end == UInt8(ascii: ".") || end == UInt8(ascii: ")"))
            && mark.dropLast().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func isLoneMarker(_ text: Substring) -> Bool {
        let bytes = text.utf8
        let indent = bytes.prefix { $0 == 0x20 }.count
        guard indent <= 3 else { return false }
        let rest = bytes.dropFirst(indent)
        let mark = rest.prefix { $0 != 0x20 && $0 != 0x09 }
        return rest.dropFirst(mark.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) && isMarker(mark)
    }
}
