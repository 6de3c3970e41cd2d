/// Inline constructs only GitHub renders (GFM's strikethrough and footnote references) inside a
/// text a claim reads. The claim reads what GitHub shows; a CommonMark renderer shows other words,
/// so the reading depends on the renderer, and a warning gives both.
enum GitHubOnlyText {
    /// One warning per construct in `block`, at the construct. `except`: a source range whose
    /// constructs are a finding's own (a value struck through whole is an error, not a reading).
    static func warnings(in block: Prose.TextBlock, path: String, claim: String, except: Range<Int>? = nil)
        -> [Diagnostic]
    {
        warnings(in: block.inline, claim: claim, except: except) { block.location(of: $0, in: path) }
    }

    /// One warning per construct in `inline`, placed by `location` (a UTF-8 offset into its source).
    static func warnings(
        in inline: Inline, claim: String, except: Range<Int>? = nil, location: (Int) -> SourceLocation
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func visit(_ nodes: [InlineNode]) {
            for node in nodes {
                if let except, except.contains(node.range.lowerBound) { continue }
                let written = inline.text(node.range)
                switch node.kind {
                case .strikethrough:
                    found.append(
                        .githubOnlyText(
                            at: location(node.range.lowerBound), claim: claim,
                            github: "'\(inline.plain(node.range))' struck through, left out of the claim",
                            reference: "'\(written)' as written"))
                case .footnoteReference(let label):
                    found.append(
                        .githubOnlyText(
                            at: location(node.range.lowerBound), claim: claim,
                            github: "a footnote mark for [\(label)], left out of the claim",
                            reference: "'\(written)' as written"))
                default:
                    visit(node.children)
                }
            }
        }
        visit(inline.nodes)
        return found
    }
}
