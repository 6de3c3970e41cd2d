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
        /// Inside struck-through text (`~~`, or raw `<del>`, `<s>`, `<strike>`): shown, but crossed
        /// out, so not what the text says.
        var struck = false
        /// Inside an image's description: a reader sees the image, not this text.
        var inImage = false
    }

    /// Inline syntax around a claim's value that shows a reader something else than the value as
    /// written: crossed out, an image, code, nothing at all. One reading for every claim that takes
    /// a value from its place (a note label, the trigger bullet's value, a closing-table cell).
    struct Wrapper: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// `~~…~~`, `~…~`, or raw `<del>`, `<s>`, `<strike>`: crossed out.
            case struck
            /// `![…](…)`: an image, its description the alt text.
            case image
            /// A code span: its marks in code font.
            case code
            /// `<!-- … -->`: not shown.
            case comment
        }
        var kind: Kind
        /// The source range of the wrapper, its markup included.
        var range: Range<Int>
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
    /// The source ranges of raw `<del>`, `<s>` and `<strike>` pairs: crossed out, as `~~` is.
    var rawStruck: [Range<Int>] = []
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

    private mutating func collect(_ nodes: [InlineNode], struck: Bool = false, inImage: Bool = false) {
        /// Raw `<del>`, `<s>` or `<strike>` tags open among these nodes: what they hold is struck too.
        var rawStruck = 0
        for (index, node) in nodes.enumerated() {
            if case .html(let tag) = node.kind {
                let lower = tag.lowercased()
                if Self.struckTags.contains(lower) {
                    rawStruck += 1
                    let close = "</" + lower.dropFirst()
                    if let end = nodes[(index + 1)...].first(where: {
                        if case .html(let end) = $0.kind { return end.lowercased() == close }
                        return false
                    }) {
                        self.rawStruck.append(node.range.lowerBound..<end.range.upperBound)
                    }
                }
                if lower.hasPrefix("</"), Self.struckTags.contains("<" + lower.dropFirst(2)) {
                    rawStruck = max(0, rawStruck - 1)
                }
            }
            let struck = struck || rawStruck > 0
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
                        open: node.range.lowerBound, content: content, strong: node.kind == .strong, struck: struck,
                        inImage: inImage))
            case .link(let destination, _), .autolink(let destination):
                links.append(Link(range: node.range, text: content, destination: destination))
            default: break
            }
            var image = inImage
            if case .image = node.kind { image = true }
            collect(node.children, struck: struck || node.kind == .strikethrough, inImage: image)
        }
    }

    /// How emphasis marks a reader sees as text were typed: escaped (`\*`), or as character
    /// references (`&#42;`, `&ast;`, `&lowbar;`), which show the mark as escaping does.
    enum LiteralMarks: Sendable, Equatable {
        case escaped, entities
    }

    /// How the `*` and `_` in `bytes` (a value's source) were typed when one of them is escaped or a
    /// character reference: entities when any is one, else escaped; nil when every mark is plain.
    static func literalMarks(in bytes: ArraySlice<UInt8>) -> LiteralMarks? {
        var escaped = false
        let array = Array(bytes)
        var index = 0
        while index < array.count {
            let byte = array[index]
            if byte == UInt8(ascii: "\\"), index + 1 < array.count {
                if array[index + 1] == UInt8(ascii: "*") || array[index + 1] == UInt8(ascii: "_") { escaped = true }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "&"),
                let (decoded, length) = InlineParser.entity(array, at: index, end: array.count)
            {
                if decoded == "*" || decoded == "_" { return .entities }
                index += length
                continue
            }
            index += 1
        }
        return escaped ? .escaped : nil
    }

    /// The raw tags a browser shows crossed out.
    static let struckTags: Set<String> = ["<del>", "<s>", "<strike>"]

    /// True when `source` may hold a `wrapper`: a `~`, `<`, `!` or backtick in it. Most values
    /// hold none, and a byte scan clears them before any walk.
    static func mayBeWrapped(_ source: some Sequence<UInt8>) -> Bool {
        source.contains { $0 == 0x7E || $0 == 0x3C || $0 == 0x21 || $0 == 0x60 }
    }

    /// The wrapper the text from UTF-8 offset `start` on opens with, reached through the bold,
    /// emphasis or link it opens with (`~~**X**~~`, `**~~X~~**`, `<del>X</del>`, `![**X**](x)`,
    /// `` `**X**` ``, `<!-- **X** -->`): nil when that text opens with anything else, or is blank.
    func wrapper(from start: Int = 0) -> Wrapper? {
        /// True when `node` shows something at or after `start`.
        func shows(_ node: InlineNode) -> Bool {
            guard node.range.upperBound > start else { return false }
            switch node.kind {
            case .text(let text):
                // Quotation marks around the wrapper (`“~~X~~”`) show nothing of their own: a reader
                // reads past them, as around a name (`Quotation`).
                if node.range.lowerBound < start {
                    let bytes = source[start..<node.range.upperBound]
                    guard Quotation.mayHold(bytes) else { return bytes.contains { !InlineParser.isSpace($0) } }
                    return String(decoding: bytes, as: UTF8.self).contains {
                        !$0.isWhitespace && !Quotation.isMark($0, inWord: false)
                    }
                }
                guard Quotation.mayHold(text.utf8) else { return !text.allSatisfy(\.isWhitespace) }
                return text.contains { !$0.isWhitespace && !Quotation.isMark($0, inWord: false) }
            case .softBreak, .hardBreak: return false
            case .emphasis, .strong, .link:
                return node.range.lowerBound >= start || node.children.contains(where: shows)
            default: return true
            }
        }
        var level = nodes[...]
        while let index = level.firstIndex(where: shows) {
            let node = level[index]
            switch node.kind {
            case .strikethrough: return Wrapper(kind: .struck, range: node.range)
            case .image: return Wrapper(kind: .image, range: node.range)
            case .code: return Wrapper(kind: .code, range: node.range)
            case .html(let tag) where tag.hasPrefix("<!--"): return Wrapper(kind: .comment, range: node.range)
            // Raw `<img …>`: an image as `![…](…)` is, its `alt` never shown as text.
            case .html(let tag) where Self.isImageTag(tag): return Wrapper(kind: .image, range: node.range)
            case .emphasis, .strong, .link: level = node.children[...]
            case .html(let tag) where Self.struckTags.contains(tag.lowercased()):
                let close = "</" + tag.lowercased().dropFirst()
                let end = level[index...].first { other in
                    if case .html(let end) = other.kind { return end.lowercased() == close }
                    return false
                }
                return Wrapper(kind: .struck, range: node.range.lowerBound..<(end?.range.upperBound ?? source.count))
            default: return nil
            }
        }
        return nil
    }

    /// True for a raw `<img …>` tag (any case, `<img>` or `<img/>` too).
    static func isImageTag(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8.prefix(5))
        guard bytes.count == 5, bytes[0] == 0x3C, bytes[1] | 0x20 == 0x69, bytes[2] | 0x20 == 0x6D,
            bytes[3] | 0x20 == 0x67
        else { return false }
        return bytes[4] == 0x3E || bytes[4] == 0x2F || InlineParser.isSpace(bytes[4])
    }

    /// The `alt` attribute of a raw `<img …>` tag as a browser reads it (quoted or not,
    /// references decoded), or nil when it has none.
    static func altText(_ tag: String) -> String? {
        let bytes = Array(tag.utf8)
        var index = 4
        while index + 4 <= bytes.count {
            defer { index += 1 }
            guard InlineParser.isSpace(bytes[index - 1]), bytes[index] | 0x20 == 0x61, bytes[index + 1] | 0x20 == 0x6C,
                bytes[index + 2] | 0x20 == 0x74
            else { continue }
            var at = index + 3
            while at < bytes.count, InlineParser.isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { continue }
            at += 1
            while at < bytes.count, InlineParser.isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count else { return nil }
            let value: ArraySlice<UInt8>
            if bytes[at] == 0x22 || bytes[at] == 0x27 {
                let quote = bytes[at]
                let rest = bytes[(at + 1)...]
                value = rest.prefix { $0 != quote }
            } else {
                value = bytes[at...].prefix { !InlineParser.isSpace($0) && $0 != 0x3E && $0 != 0x2F }
            }
            return InlineParser.decodeEntities(value)
        }
        return nil
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
    /// entities decoded, escapes resolved, raw HTML and struck-through text (`~~`, raw `<del>`) left out, line breaks
    /// as spaces; nothing from an open `<!--` on (`openComment`). `keepingStruck`: struck-through
    /// text read too (a note label struck through is still the label a reader sees, crossed out).
    func readable(keepingStruck: Bool = false) -> [(character: Character, offset: Int)] {
        var characters: [(character: Character, offset: Int)] = []
        var hidden = false
        func visit(_ nodes: [InlineNode]) {
            for node in nodes {
                if let openComment, node.range.lowerBound >= openComment { hidden = true }
                if hidden { return }
                // Between raw `<del>` and `</del>` (`<s>`, `<strike>`): crossed out, as `~~` is.
                if !keepingStruck, !rawStruck.isEmpty, rawStruck.contains(where: { $0.contains(node.range.lowerBound) })
                {
                    continue
                }
                switch node.kind {
                case .text(let text), .code(let text):
                    let exact = node.range.count == text.utf8.count
                    // A text node holding a reference or an escape is walked by its source, so a
                    // character after (or typed as) `&#55;` or `\*` keeps its own offset.
                    var mapped = !exact
                    if case .code = node.kind { mapped = false }
                    var offset = node.range.lowerBound
                    for character in text {
                        if let openComment, offset >= openComment {
                            hidden = true
                            return
                        }
                        var at = exact || mapped ? offset : node.range.lowerBound
                        if mapped {
                            if let length = sourceLength(of: character, at: offset, before: node.range.upperBound) {
                                offset += length
                            } else {
                                mapped = false
                                at = node.range.lowerBound
                            }
                        } else {
                            offset += character.utf8.count
                        }
                        characters.append((character, at))
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

    /// The source bytes `character` was typed with at `offset` (before `end`): itself, an escape
    /// (`\*`) or a character reference (`&#55;`, `&ast;`); nil when the source there is none of
    /// them, and the walk stops mapping.
    private func sourceLength(of character: Character, at offset: Int, before end: Int) -> Int? {
        guard offset < end else { return nil }
        let bytes = character.utf8
        if source[offset] == UInt8(ascii: "\\"), offset + 1 < end, bytes.count == 1,
            source[offset + 1] == bytes.first, InlineParser.isASCIIPunctuation(source[offset + 1])
        {
            return 2
        }
        if source[offset] == UInt8(ascii: "&"),
            let (decoded, length) = InlineParser.entity(source, at: offset, end: end),
            decoded == String(character)
        {
            return length
        }
        guard offset + bytes.count <= end, source[offset..<(offset + bytes.count)].elementsEqual(bytes) else {
            return nil
        }
        return bytes.count
    }

    func text(_ range: Range<Int>) -> String { String(decoding: source[range], as: UTF8.self) }
}
