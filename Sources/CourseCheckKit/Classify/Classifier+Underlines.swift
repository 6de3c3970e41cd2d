/// A line of `=` or `-` typed under a line of the page where GitHub reads it as no underline the
/// author meant: text `===` under a `#` heading, after a blank line, or joined to a list item's line, a paragraph of
/// sentences made a second title (`===`) or a heading (`---`), in a block quote too and in the course
/// index (its introduction, a part's description). One finding at the line, whose fix deletes it. Under what a claim reads (the `# ` title, a note, the trigger bullet, the
/// distribution sentence, the course index's part headings) the claim says it, naming what it broke.
extension Classifier {
    /// The stray underlines of a page (`lesson` false: the course index), read from its blocks.
    /// Cheap: a byte or two of each paragraph's first and last line and of each multi-line
    /// heading's last, never every line.
    static func strayUnderlines(_ document: BlockNode, _ file: SourceFile, lesson: Bool) -> [Diagnostic] {
        guard mayHoldUnderline(file) else { return [] }
        var found: [Diagnostic] = []
        var titled = false
        document.walk { node, _ in
            switch node.kind {
            case .heading(let level):
                defer { if level == 1 { titled = true } }
                guard level <= 2, node.lines.count >= 2, let text = node.content.first?.text,
                    let written = underlineRun(file.lines[node.lines.upperBound].text, node: node),
                    written.count != 7 || written.first != "="
                else { return }
                if holdsClaim(text[...], lesson: lesson) { return }
                let sentence = endsSentence(node.content.map(\.text).joined(separator: " "))
                // The index's headings are its parts, which `course-index` reads, setext or not
                // (`Name` over `===` where a part starts is its lost `## `); a paragraph of
                // sentences underlined (the introduction, a part's description) is no part.
                if !lesson && !sentence { return }
                let line = node.lines.upperBound + 1
                let at = SourceLocation(path: file.path, line: line, column: 1)
                if level == 1 {
                    // The page's first `<h1>` is its title, setext or not; a second is a slip.
                    guard titled else { return }
                    found.append(.strayUnderline(at: at, .secondTitle(written: written, paragraph: line - 1)))
                } else if sentence {
                    // A section heading ends no sentence; a paragraph of the page's prose does.
                    found.append(.strayUnderline(at: at, .sentenceHeading(written: written, paragraph: line - 1)))
                }
            case .paragraph:
                guard let first = node.content.first, let last = node.content.last else { return }
                // `===` after a blank line (or opening the page) underlines nothing: a paragraph
                // of its own, which readers see as text.
                if first.index == 0 || isBlank(file.lines[first.index - 1].text),
                    let written = underlineRun(first.text, equals: true), written.count >= 3, written.count != 7
                {
                    found.append(
                        .strayUnderline(
                            at: SourceLocation(path: file.path, line: first.index + 1, column: 1),
                            .alone(written: written)))
                }
                // `===` opening a paragraph right under a heading (which takes no underline), or
                // ending one it continues (a list item's line): text, under the line above it.
                for line in first.index == last.index ? [first] : [first, last] {
                    // (Seven `=` between text lines: a merge conflict's separator, `conflict-marker`'s.)
                    guard line.index > 0, let written = underlineRun(line.text, equals: true), written.count != 7,
                        !isBlank(file.lines[line.index - 1].text)
                    else { continue }
                    let above = file.lines[line.index - 1].text
                    if line.index == first.index {
                        // Under the `# ` title the claims say it (the title's underline).
                        let heading = above.drop { $0 == " " }
                        guard isHeading(String(heading)), !heading.hasPrefix("# ") else { continue }
                    } else if lesson && holdsClaim(first.text[...].drop { $0 == " " }, lesson: true) {
                        continue
                    }
                    let at = SourceLocation(path: file.path, line: line.index + 1, column: 1)
                    found.append(
                        .strayUnderline(
                            at: at,
                            line.index == first.index
                                ? .underHeading(written: written, heading: line.index)
                                : .joined(written: written, line: line.index)))
                }
            default: return
            }
        }
        return found
    }

    /// Whether a line past the front matter is shaped as a setext underline (at most three spaces,
    /// then only `=` or only `-`): every stray underline is one, most pages have none but the front
    /// matter's delimiters, and the walk over the page's blocks is then skipped.
    static func mayHoldUnderline(_ file: SourceFile) -> Bool {
        var frontMatter = file.lines.first?.text == "---"
        for line in file.lines.dropFirst() {
            // The line's shape by its bytes (code lines open with spaces, bullets with `-`): the mark
            // past at most three spaces, and how many of it there are when nothing else follows but
            // blanks (0: no underline's shape). Read in place: a copy to call `withUTF8` on cost a
            // retain and a release a line.
            let shape = line.text.utf8.withContiguousStorageIfAvailable { bytes -> (UInt8, Int) in
                var index = 0
                while index < 3, index < bytes.count, bytes[index] == 0x20 { index += 1 }
                // A block quote's markers (`> ===`): the underline of a quoted paragraph follows them.
                while index < bytes.count, bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    var spaces = 0
                    while spaces < 4, index < bytes.count, bytes[index] == 0x20 {
                        index += 1
                        spaces += 1
                    }
                }
                guard index < bytes.count else { return (0, 0) }
                let mark = bytes[index]
                guard mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { return (mark, 0) }
                let start = index
                while index < bytes.count, bytes[index] == mark { index += 1 }
                let run = index - start
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                return (mark, index == bytes.count ? run : 0)
            }
            // (A bridged string has no contiguous storage: asked the long way.)
            let (mark, run) =
                shape
                ?? (line.text.utf8.first ?? 0, underlineRun(line.text, equals: nil)?.utf8.count ?? 0)
            if frontMatter {
                if mark == UInt8(ascii: "-") && run == 3 || mark == UInt8(ascii: ".") && line.text.hasPrefix("...") {
                    frontMatter = false
                }
                continue
            }
            if run > 0 { return true }
        }
        return false
    }

    /// The run of a setext underline `line` is (at most three spaces, then `=` or `-` alone, blanks
    /// after), when it is the underline of the heading `node`.
    private static func underlineRun(_ line: String, node: BlockNode) -> String? {
        let text = String(decoding: line.utf8.dropFirst(node.content.first?.prefixLength ?? 0), as: UTF8.self)
        return underlineRun(text, equals: nil)
    }

    /// `text` as a setext underline (`equals`: of `=` only), its run; nil when it is none.
    static func underlineRun(_ text: String, equals: Bool?) -> String? {
        let bytes = text.utf8
        let indent = bytes.prefix { $0 == 0x20 }.count
        guard indent <= 3, let mark = bytes.dropFirst(indent).first,
            mark == UInt8(ascii: "=") || (equals != true && mark == UInt8(ascii: "-"))
        else { return nil }
        let run = bytes.dropFirst(indent).prefix { $0 == mark }
        guard bytes.dropFirst(indent + run.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return String(decoding: run, as: UTF8.self)
    }

    /// True when `text` ends as a sentence does (`.`, `!`, `?`, `:`), past closing marks.
    static func endsSentence(_ text: String) -> Bool {
        let trimmed = text.reversed().drop { " \t*_)\"'”’".contains($0) }
        return trimmed.first.map { ".!?:".contains($0) } ?? false
    }
}
