/// Inline constructs only GitHub renders (GFM's strikethrough and footnote references) inside a
/// text a claim reads. The claim reads what GitHub shows; a CommonMark renderer shows other words,
/// so the reading depends on the renderer, and a warning gives both.
enum GitHubOnlyText {
    /// One warning per construct in `block`, at the construct.
    static func warnings(in block: Prose.TextBlock, path: String, claim: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func visit(_ nodes: [InlineNode]) {
            for node in nodes {
                let written = block.inline.text(node.range)
                switch node.kind {
                case .strikethrough:
                    found.append(
                        .githubOnlyText(
                            at: block.location(of: node.range.lowerBound, in: path), claim: claim,
                            github: "'\(block.inline.plain(node.range))' struck through, left out of the claim",
                            reference: "'\(written)' as written"))
                case .footnoteReference(let label):
                    found.append(
                        .githubOnlyText(
                            at: block.location(of: node.range.lowerBound, in: path), claim: claim,
                            github: "a footnote mark for [\(label)], left out of the claim",
                            reference: "'\(written)' as written"))
                default:
                    visit(node.children)
                }
            }
        }
        visit(block.inline.nodes)
        return found
    }
}
