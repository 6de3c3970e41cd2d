import Foundation

/// Why a reader does not see a line of a lesson as the text it holds: a claim's anchor written in
/// the source but hidden by the rendering (in an HTML comment, raw in an HTML block, as code) is
/// one finding that says so, never "not applicable".
enum HiddenText {
    /// The reason line `line` (1-based) is not rendered as Markdown text, or nil when it is. `text`
    /// is the anchor's text on that line, to tell an inline comment around it.
    static func reason(line: Int, text: String, in lesson: Lesson) -> String? {
        guard let document = lesson.document else { return nil }
        return reason(line: line, text: text, document: document, file: lesson.file)
    }

    /// The same for any file, with its block structure.
    static func reason(line: Int, text: String, document: BlockNode, file: SourceFile) -> String? {
        var found: String?
        document.walk { node, _ in
            guard found == nil, node.lines.contains(line - 1) else { return }
            switch node.kind {
            case .htmlBlock(let type):
                found =
                    type == 2
                    ? "it is inside an HTML comment"
                    : "it is inside an HTML block (which GitHub shows as raw HTML, not Markdown; a blank line after "
                        + "the opening tag makes it Markdown again)"
            case .indentedCode: found = "it is indented four or more spaces, so GitHub shows it as code"
            case .fencedCode: found = "it is inside a code block"
            case .paragraph, .heading:
                // An inline comment around the text in its line.
                let raw = file.lines[line - 1].text
                if let at = raw.range(of: text), let open = raw.range(of: "<!--"), open.lowerBound < at.lowerBound,
                    raw[open.upperBound..<at.lowerBound].range(of: "-->") == nil
                {
                    found = "it is inside an HTML comment"
                }
            default: break
            }
        }
        return found
    }
}
