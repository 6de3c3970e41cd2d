import Foundation

/// What the claims read of a text block's inline structure: its code spans, emphasis and links,
/// and its rendered text, all from the one CommonMark inline parser (`InlineParser`), so every
/// claim reads what a reader sees: character references decoded, escapes resolved, raw HTML and
/// comments gone, nested emphasis with the rule of three. Offsets are UTF-8 offsets into the
/// source text, so findings map back to the file.
struct Inline: Sendable {
    /// A code span: the whole span, its content as rendered, and where that content starts.
    struct CodeSpan: Sendable {
        var range: Range<Int>
        var content: String
        var contentStart: Int
    }

    /// An emphasis or strong span: its opening delimiter's offset and its content.
    struct Emphasis: Sendable {
        var open: Int
        var content: Range<Int>
        var strong: Bool
        /// Inside struck-through text: shown, but crossed out, so not what the text says.
        var struck = false
    }

    /// A link: inline `[text](destination)`, or a reference (`[text][label]`, `[label][]`,
    /// `[label]`) with its definition's destination.
    struct Link: Sendable {
        var range: Range<Int>
        var text: Range<Int>
        var destination: String
    }

    var source: [UInt8]
    var nodes: [InlineNode] = []
    var codeSpans: [CodeSpan] = []
    var emphasis: [Emphasis] = []
    var links: [Link] = []
    /// Where a `<!--` that no `-->` closes stands in the text: readers see it, but the comment
    /// owner reports it as hiding what follows, so no claim reads its words (a fix closes it).
    var openComment: Int?

    /// `definitions`: the document's link reference definitions, by normalised label.
    init(_ text: String, definitions: [String: LinkDefinition] = [:]) {
        source = Array(text.utf8)
        nodes = InlineParser.parse(text, definitions: definitions)
        collect(nodes)
        openComment = Self.openComment(in: source, nodes)
    }

    /// The first `<!--` read as text (a closed comment is raw HTML), nil when there is none.
    private static func openComment(in source: [UInt8], _ nodes: [InlineNode]) -> Int? {
        // Most blocks hold no `<`: one memchr answers them.
        guard source.count >= 4,
            source.withUnsafeBufferPointer({ bytes in bytes.baseAddress.map { memchr($0, 0x3C, bytes.count) != nil } })
                == true
        else { return nil }
        var start = 0
        while start + 3 < source.count {
            defer { start += 1 }
            guard source[start] == 0x3C, source[start + 1] == 0x21, source[start + 2] == 0x2D, source[start + 3] == 0x2D
            else { continue }
            func inText(_ nodes: [InlineNode]) -> Bool {
                nodes.contains { node in
                    guard node.range.contains(start) else { return false }
                    if case .text = node.kind { return true }
                    if case .code = node.kind { return false }
                    return inText(node.children)
                }
            }
            if inText(nodes) { return start }
        }
        return nil
    }

    /// Text known to hold no markup character: nothing to parse. As the parser reads it, trailing
    /// blanks (space, tab, LF, VT, FF, CR) end nothing: `ebeveyn\u{B}` in a table cell reads
    /// `ebeveyn` either way (tested against the parser on random markup-free texts).
    init(plain text: String) {
        source = Array(text.utf8)
        var end = source.count
        while end > 0, InlineParser.isSpace(source[end - 1]) { end -= 1 }
        guard end > 0 else { return }
        let shown = end == source.count ? text : String(decoding: source[..<end], as: UTF8.self)
        nodes = [InlineNode(kind: .text(shown), range: 0..<end, children: [])]
    }

    private mutating func collect(_ nodes: [InlineNode], struck: Bool = false) {
        for (index, node) in nodes.enumerated() {
            // Raw `<a href="x">text</a>` is a link to a reader too.
            if case .html(let tag) = node.kind, let destination = Self.anchorDestination(tag),
                let close = nodes[(index + 1)...].firstIndex(where: {
                    if case .html(let end) = $0.kind { return end.lowercased() == "</a>" }
                    return false
                })
            {
                let inside = Array(nodes[(index + 1)..<close])
                let text = Self.span(of: inside) ?? node.range.upperBound..<node.range.upperBound
                links.append(
                    Link(
                        range: node.range.lowerBound..<nodes[close].range.upperBound, text: text,
                        destination: destination))
            }
            // Raw `<strong>text</strong>` and `<b>text</b>` are bold to a reader too.
            if case .html(let tag) = node.kind, ["<strong>", "<b>"].contains(tag.lowercased()),
                let close = nodes[(index + 1)...].firstIndex(where: {
                    if case .html(let end) = $0.kind { return end.lowercased() == "</" + tag.lowercased().dropFirst() }
                    return false
                })
            {
                let inside = Array(nodes[(index + 1)..<close])
                emphasis.append(
                    Emphasis(
                        open: node.range.lowerBound,
                        content: Self.span(of: inside) ?? node.range.upperBound..<node.range.upperBound, strong: true))
            }
            // Raw `<code>text</code>` is code to a reader too: a label in it is read as in backticks.
            if case .html(let tag) = node.kind, tag.lowercased() == "<code>" || tag.lowercased().hasPrefix("<code "),
                let close = nodes[(index + 1)...].firstIndex(where: {
                    if case .html(let end) = $0.kind { return end.lowercased() == "</code>" }
                    return false
                })
            {
                let inside = Self.span(of: Array(nodes[(index + 1)..<close]))
                codeSpans.append(
                    CodeSpan(
                        range: node.range.lowerBound..<nodes[close].range.upperBound,
                        content: inside.map { plain($0) } ?? "",
                        contentStart: inside?.lowerBound ?? node.range.upperBound))
            }
            let content = Self.span(of: node.children) ?? node.range.upperBound..<node.range.upperBound
            switch node.kind {
            case .code(let text):
                // After the opening backticks, and the one space stripped when the content has it.
                var start = node.range.lowerBound
                while start < node.range.upperBound && source[start] == UInt8(ascii: "`") { start += 1 }
                if start < source.count, source[start] == UInt8(ascii: " "), !text.hasPrefix(" ") { start += 1 }
                codeSpans.append(CodeSpan(range: node.range, content: text, contentStart: start))
            case .emphasis, .strong:
                emphasis.append(
                    Emphasis(
                        open: node.range.lowerBound, content: content, strong: node.kind == .strong, struck: struck))
            case .link(let destination, _), .autolink(let destination):
                links.append(Link(range: node.range, text: content, destination: destination))
            default: break
            }
            collect(node.children, struck: struck || node.kind == .strikethrough)
        }
    }

    /// The `href` of an opening `<a …>` tag, or nil.
    static func anchorDestination(_ tag: String) -> String? {
        let lower = tag.lowercased()
        guard lower.hasPrefix("<a "), let href = lower.range(of: "href=") else { return nil }
        let rest = tag[href.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else {
            return String(rest.prefix { $0 != " " && $0 != ">" })
        }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The source range the children cover.
    private static func span(of children: [InlineNode]) -> Range<Int>? {
        guard let first = children.first, let last = children.last else { return nil }
        return first.range.lowerBound..<max(last.range.upperBound, first.range.lowerBound)
    }

    /// The rendered text of the nodes inside `range` (the whole block by default). Line breaks,
    /// soft or hard, read as a space, as a sentence does.
    func plain(_ range: Range<Int>? = nil) -> String {
        var out = ""
        func visit(_ nodes: [InlineNode]) {
            for node in nodes {
                if let range, node.range.upperBound <= range.lowerBound || node.range.lowerBound >= range.upperBound {
                    continue
                }
                let inside = range.map {
                    node.range.lowerBound >= $0.lowerBound && node.range.upperBound <= $0.upperBound
                }
                switch node.kind {
                case .text(let text), .code(let text):
                    if inside ?? true { out += text }
                case .softBreak, .hardBreak:
                    if inside ?? true { out += " " }
                case .html, .footnoteReference:
                    break
                case .emphasis, .strong, .strikethrough, .link, .image, .autolink:
                    visit(node.children)
                }
            }
        }
        visit(nodes)
        return out
    }

    /// The characters a reader reads, each with the UTF-8 offset in the source it came from
    /// (exact within text that holds no reference or escape, else the start of its text node):
    /// entities decoded, escapes resolved, raw HTML and struck-through text left out, line breaks
    /// as spaces; nothing from an open `<!--` on (`openComment`). `keepingStruck`: struck-through
    /// text read too (a note label struck through is still the label a reader sees, crossed out).
    func readable(keepingStruck: Bool = false) -> [(character: Character, offset: Int)] {
        var characters: [(character: Character, offset: Int)] = []
        var hidden = false
        func visit(_ nodes: [InlineNode]) {
            for node in nodes {
                if let openComment, node.range.lowerBound >= openComment { hidden = true }
                if hidden { return }
                switch node.kind {
                case .text(let text), .code(let text):
                    let exact = node.range.count == text.utf8.count
                    var offset = node.range.lowerBound
                    for character in text {
                        if let openComment, offset >= openComment {
                            hidden = true
                            return
                        }
                        characters.append((character, exact ? offset : node.range.lowerBound))
                        offset += character.utf8.count
                    }
                case .softBreak, .hardBreak:
                    characters.append((" ", node.range.lowerBound))
                case .strikethrough where keepingStruck:
                    visit(node.children)
                case .strikethrough, .html, .footnoteReference:
                    // Struck-through or hidden: not what the text says.
                    break
                case .emphasis, .strong, .link, .image, .autolink:
                    visit(node.children)
                }
            }
        }
        visit(nodes)
        return characters
    }

    func text(_ range: Range<Int>) -> String { String(decoding: source[range], as: UTF8.self) }
}
