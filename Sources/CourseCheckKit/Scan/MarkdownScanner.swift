/// Finds the fenced code blocks of a markdown file as a CommonMark renderer shows them: at any
/// depth in block quotes and list items, never inside an HTML block or an indented code block.
/// Front matter (a `---` block at the top) is not markdown and is skipped.
package enum MarkdownScanner {
    /// What scanning found: the closed blocks, in order, any unterminated fence, and the document.
    package struct Result: Sendable {
        package var blocks: [FencedBlock]
        package var diagnostics: [Diagnostic]
        /// The block structure of everything after the front matter.
        package var document: BlockNode
        /// The front matter, parsed once here for every reader (the claims read its values).
        package var frontMatter: FrontMatter? = nil

        /// Whether each 1-based line lies in a fenced block, fences included (`mask[0]` is unused):
        /// a reader of the prose skips these lines.
        package func fencedLines(count: Int) -> [Bool] {
            var mask = [Bool](repeating: false, count: count + 1)
            for block in blocks {
                for number in block.opening.number...block.closing.number where number < mask.count {
                    mask[number] = true
                }
            }
            return mask
        }
    }

    /// True for an HTML block that is comments alone (`<!-- … -->`, nothing after the last
    /// `-->`): GitHub shows nothing of it. A comment with text after it shows that text.
    static func isInvisibleComment(_ node: BlockNode) -> Bool {
        guard case .htmlBlock(2) = node.kind else { return false }
        var rest = Substring(node.content.map(\.text).joined(separator: "\n")).trimmingBlanksAndNewlines()
        while rest.hasPrefix("<!--") {
            // `<!-->` and `<!--->` are empty comments to the browser, closed at once.
            let text = rest.dropFirst(4)
            if text.hasPrefix(">") || text.hasPrefix("->") {
                rest = text.drop { $0 == "-" }.dropFirst().trimmingBlanksAndNewlines()
                continue
            }
            guard let close = text.firstRange(of: "-->") else { return false }
            rest = rest[close.upperBound...].trimmingBlanksAndNewlines()
        }
        return rest.isEmpty
    }

    package static func scan(_ file: SourceFile) -> Result {
        let lines = file.lines
        // A fence typed for one of the front matter's `---` lines is read as `---`: its finding is
        // the front matter's, and the block it would open is not the lesson's.
        let frontMatter = FrontMatter.parse(lines) ?? FrontMatter.repairingFence(lines)
        let start = frontMatter?.bodyStart ?? 0
        let document = BlockParser.parse(lines, from: start)
        var blocks: [FencedBlock] = []
        var diagnostics: [Diagnostic] = []
        func visit(_ node: BlockNode, path: [Int], containers: [FencedBlock.Container], prefix: String) {
            // A comment a reader never sees takes no place: a tree and its expected block with
            // one between them are still neighbours, as the page shows them.
            var offset = -1
            for child in node.children {
                if isInvisibleComment(child) { continue }
                offset += 1
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
                        diagnostics.append(
                            .unterminatedFence(
                                at: SourceLocation(path: file.path, line: opening.number, column: column),
                                fence: String(repeating: fence.character, count: fence.length),
                                container: child.lines.upperBound < lines.count - 1 ? containers.last : nil,
                                containerEnd: child.lines.upperBound + 1))
                        continue
                    }
                    // One pass over the content lines, reading their fields in place: a content
                    // line handed to a closure is a copy, its strings retained and released.
                    let content = child.content
                    var body: [Line] = []
                    var prefixLengths: [Int] = []
                    body.reserveCapacity(content.count)
                    prefixLengths.reserveCapacity(content.count)
                    var tabSpaces: [Int: Int] = [:]
                    var gitHubBody: [Int: String] = [:]
                    var fenceTaken: [Int: String] = [:]
                    for index in content.indices {
                        let number = content[index].index
                        body.append(
                            Line(number: lines[number].number, text: content[index].text, ending: lines[number].ending))
                        prefixLengths.append(content[index].prefixLength)
                        if content[index].tabSpaces > 0 { tabSpaces[index] = content[index].tabSpaces }
                        if let text = content[index].gitHubText { gitHubBody[index] = text }
                        if content[index].fenceTaken > 0 {
                            let end = content[index].prefixLength
                            fenceTaken[index] = String(
                                decoding: lines[number].text.utf8.dropFirst(end - content[index].fenceTaken).prefix(
                                    content[index].fenceTaken), as: UTF8.self)
                        }
                    }
                    blocks.append(
                        FencedBlock(
                            opening: opening, fence: fence, body: body, closing: lines[closingIndex],
                            containers: containers,
                            path: childPath, bodyPrefixLengths: prefixLengths,
                            bodyTabSpaces: tabSpaces,
                            openingColumn: column,
                            continuationPrefix: prefix + String(repeating: " ", count: fence.indent),
                            gitHubBody: gitHubBody, bodyFenceTaken: fenceTaken,
                            dependsOnRenderer: child.fenceIndentDependsOnRenderer))
                default:
                    continue
                }
            }
        }
        visit(document, path: [], containers: [], prefix: "")
        for index in document.tooDeep.prefix(1) {
            diagnostics.append(
                .markdownNesting(
                    at: SourceLocation(path: file.path, line: lines[index].number),
                    maximumDepth: BlockParser.maximumDepth))
        }
        return Result(blocks: blocks, diagnostics: diagnostics, document: document, frontMatter: frontMatter)
    }
}

extension Substring {
    /// The text without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingBlanksAndNewlines() -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
