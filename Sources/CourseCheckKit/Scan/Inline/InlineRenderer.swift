/// Inline nodes as cmark-gfm writes them in HTML (for the conformance tests), and as the text a
/// reader sees (for the claims).
package enum InlineRenderer {
    /// The HTML cmark-gfm renders for `nodes` (raw HTML passed through, as with `--unsafe`).
    /// `footnotes` numbers footnote references across a document: pass the same value for every
    /// block, in order.
    package static func html(_ nodes: [InlineNode], footnotes: inout FootnoteNumbering) -> String {
        var out = ""
        for node in nodes { render(node, into: &out, footnotes: &footnotes) }
        return out
    }

    package static func html(_ nodes: [InlineNode]) -> String {
        var numbering = FootnoteNumbering()
        return html(nodes, footnotes: &numbering)
    }

    /// The numbers GitHub gives footnotes: in the order of their first reference.
    package struct FootnoteNumbering: Sendable {
        var numbers: [String: Int] = [:]
        var uses: [String: Int] = [:]

        package init() {}

        /// The footnote's number and how many times it has been referred to so far, this time included.
        mutating func use(_ label: String) -> (number: Int, use: Int) {
            let key = LinkDefinition.normalizedLabel(label)
            let number = numbers[key] ?? numbers.count + 1
            numbers[key] = number
            uses[key, default: 0] += 1
            return (number, uses[key, default: 1])
        }
    }

    /// What a reader sees: text, code content, the content of emphasis, links and strikethrough,
    /// an image's description; soft breaks as `softBreak` (a line ending by default, as in the
    /// source; a browser shows a space), hard breaks as a line ending. Raw HTML and footnote
    /// references (a superscript number) add nothing.
    package static func plainText(_ nodes: [InlineNode], softBreak: String = "\n") -> String {
        var out = ""
        for node in nodes { plain(node, into: &out, softBreak: softBreak) }
        return out
    }

    private static func plain(_ node: InlineNode, into out: inout String, softBreak: String) {
        switch node.kind {
        case .text(let text), .code(let text): out += text
        case .softBreak: out += softBreak
        case .hardBreak: out += "\n"
        case .html, .footnoteReference: break
        case .emphasis, .strong, .strikethrough, .link, .image, .autolink:
            for child in node.children { plain(child, into: &out, softBreak: softBreak) }
        }
    }

    /// cmark's plain mode for an image description: raw HTML kept as text, breaks as spaces.
    private static func altText(_ node: InlineNode, into out: inout String) {
        switch node.kind {
        case .text(let text), .code(let text), .html(let text): out += text
        case .softBreak, .hardBreak: out += " "
        case .footnoteReference: break
        case .emphasis, .strong, .strikethrough, .link, .image, .autolink:
            for child in node.children { altText(child, into: &out) }
        }
    }

    private static func render(_ node: InlineNode, into out: inout String, footnotes: inout FootnoteNumbering) {
        func children() {
            for child in node.children { render(child, into: &out, footnotes: &footnotes) }
        }
        switch node.kind {
        case .text(let text): out += escapeHTML(text)
        case .softBreak: out += "\n"
        case .hardBreak: out += "<br />\n"
        case .code(let code): out += "<code>" + escapeHTML(code) + "</code>"
        case .html(let html): out += html
        case .emphasis:
            out += "<em>"
            children()
            out += "</em>"
        case .strong:
            out += "<strong>"
            children()
            out += "</strong>"
        case .strikethrough:
            out += "<del>"
            children()
            out += "</del>"
        case .link(let destination, let title):
            out += "<a href=\"" + escapeHref(destination) + "\""
            if let title { out += " title=\"" + escapeHTML(title) + "\"" }
            out += ">"
            children()
            out += "</a>"
        case .autolink(let destination):
            out += "<a href=\"" + escapeHref(destination) + "\">"
            children()
            out += "</a>"
        case .image(let destination, let title):
            out += "<img src=\"" + escapeHref(destination) + "\" alt=\""
            var alt = ""
            for child in node.children { altText(child, into: &alt) }
            out += escapeHTML(alt)
            out += "\""
            if let title { out += " title=\"" + escapeHTML(title) + "\"" }
            out += " />"
        case .footnoteReference(let label):
            let (number, use) = footnotes.use(label)
            let id = "fnref-" + escapeHref(label) + (use > 1 ? "-\(use)" : "")
            out += "<sup class=\"footnote-ref\"><a href=\"#fn-" + escapeHref(label) + "\" id=\"" + id
            out += "\" data-footnote-ref>\(number)</a></sup>"
        }
    }

    /// cmark's `escape_html`: `&`, `<`, `>` and `"`.
    package static func escapeHTML(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// cmark's `houdini_escape_href`: URL-safe ASCII kept (`%` too, so existing escapes stay),
    /// `&` and `'` as HTML entities, every other byte percent-encoded.
    package static func escapeHref(_ url: String) -> String {
        var out = ""
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;"
            case UInt8(ascii: "'"): out += "&#x27;"
            default:
                if isHrefSafe(byte) {
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = Array("0123456789ABCDEF".utf8)
                    out += "%"
                    out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                    out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0F)]))
                }
            }
        }
        return out
    }

    private static func isHrefSafe(_ byte: UInt8) -> Bool {
        if InlineParser.isASCIIAlphanumeric(byte) { return true }
        return "-_.!~*()#$%+,/:;=?@".utf8.contains(byte)
    }
}
