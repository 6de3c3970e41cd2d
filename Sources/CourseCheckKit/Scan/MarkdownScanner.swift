/// Finds the fenced code blocks of a markdown file as a CommonMark renderer shows them: at any
/// depth in block quotes and list items, never inside an HTML block or an indented code block.
/// Front matter (a `---` block at the top) is not markdown and is skipped.
public enum MarkdownScanner {
    /// What scanning found: the closed blocks, in order, any unterminated fence, and the document.
    public struct Result: Sendable {
        public var blocks: [FencedBlock]
        public var diagnostics: [Diagnostic]
        /// The block structure of everything after the front matter.
        public var document: BlockNode

        /// Whether each 1-based line lies in a fenced block, fences included (`mask[0]` is unused):
        /// a reader of the prose skips these lines.
        public func fencedLines(count: Int) -> [Bool] {
            var mask = [Bool](repeating: false, count: count + 1)
            for block in blocks {
                for number in block.opening.number...block.closing.number where number < mask.count { mask[number] = true }
            }
            return mask
        }
    }

    public static func scan(_ file: SourceFile) -> Result {
        let lines = file.lines
        let start = FrontMatter.parse(lines)?.closingLine ?? 0
        let document = BlockParser.parse(lines, from: start)
        var blocks: [FencedBlock] = []
        var diagnostics: [Diagnostic] = []
        func visit(_ node: BlockNode, path: [Int], containers: [FencedBlock.Container], prefix: String) {
            for (offset, child) in node.children.enumerated() {
                let childPath = path + [offset]
                switch child.kind {
                case .blockQuote, .listItem, .list:
                    var inner = containers
                    var innerPrefix = prefix
                    if case .blockQuote = child.kind {
                        inner.append(.blockQuote)
                        innerPrefix += "> "
                    } else if case .listItem = child.kind {
                        inner.append(.listItem)
                        innerPrefix += String(repeating: " ", count: child.itemIndent)
                    }
                    visit(child, path: childPath, containers: inner, prefix: innerPrefix)
                case .fencedCode(let fence, let closed):
                    let opening = lines[child.lines.lowerBound]
                    let column = child.startOffset + 1
                    guard closed, let closingIndex = child.closingLine else {
                        let what = String(repeating: fence.character, count: fence.length)
                        var message = "unterminated code fence '\(what)'; no closing fence before the end of the file"
                        if let container = containers.last, child.lines.upperBound < lines.count - 1 {
                            message = "code fence '\(what)' is ended by its \(container.rawValue), which ends after line "
                                + "\(child.lines.upperBound + 1), not by a closing fence; close it inside the \(container.rawValue)"
                        }
                        diagnostics.append(.error(
                            .unterminatedFence, at: SourceLocation(path: file.path, line: opening.number, column: column), message))
                        continue
                    }
                    let body = child.content.map { Line(number: lines[$0.index].number, text: $0.text, ending: lines[$0.index].ending) }
                    blocks.append(FencedBlock(
                        opening: opening, fence: fence, body: body, closing: lines[closingIndex], containers: containers,
                        path: childPath, bodyPrefixLengths: child.content.map(\.prefixLength), openingColumn: column,
                        continuationPrefix: prefix + String(repeating: " ", count: fence.indent)))
                default:
                    continue
                }
            }
        }
        visit(document, path: [], containers: [], prefix: "")
        for index in document.tooDeep.prefix(1) {
            diagnostics.append(.error(
                .markdownNesting, at: SourceLocation(path: file.path, line: lines[index].number),
                "block quotes and list items nested deeper than \(BlockParser.maximumDepth) levels are not supported; "
                    + "the rest of the line is read as text"))
        }
        return Result(blocks: blocks, diagnostics: diagnostics, document: document)
    }
}
