/// Gives every fenced block of a lesson its role and reports blocks and lessons that break the rules.
public enum Classifier {
    /// Classifies what the scanner found; the lesson keeps the document so prose is not parsed twice.
    public static func classify(_ file: SourceFile, scanned: MarkdownScanner.Result) -> (Lesson, [Diagnostic]) {
        var (lesson, diagnostics) = classify(file, blocks: scanned.blocks)
        lesson.document = scanned.document
        diagnostics += swallowedFences(in: scanned.document, path: file.path)
        return (lesson, diagnostics)
    }

    /// A fence opening a tree or the core inside an indented code block (indented four spaces too
    /// many, say, in a list item) renders as code, not as a block of its own: the reader still sees
    /// the program, so it is a located error, never a tree that silently stops being checked.
    static func swallowedFences(in document: BlockNode, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        document.walk { node, _ in
            guard case .indentedCode = node.kind else { return }
            for (offset, line) in node.content.enumerated() where offset + 1 < node.content.count {
                let text = line.text.drop { $0 == " " }
                guard let fence = CodeFence.opening(Line(number: line.index + 1, text: String(text), ending: .lf)),
                    fence.info.hasPrefix("swift")
                else { continue }
                let next = node.content[offset + 1].text.drop { $0 == " " }
                guard next.hasPrefix(BlockRole.treeMarker) || next.hasPrefix(BlockRole.coreMarker) else { continue }
                let what = next.hasPrefix(BlockRole.treeMarker) ? "a tree" : "the core"
                found.append(.error(
                    .noRole,
                    at: SourceLocation(
                        path: path, line: line.index + 1,
                        column: line.prefixLength + (line.text.utf8.count - text.utf8.count) + 1),
                    "\(what) inside an indented code block: its fence is indented four or more spaces past its "
                        + "container, so a reader sees it as code and coursecheck cannot run it; indent it less"))
            }
        }
        return found
    }

    public static func classify(_ file: SourceFile, blocks fenced: [FencedBlock]) -> (Lesson, [Diagnostic]) {
        let path = file.path
        var diagnostics: [Diagnostic] = []
        var blocks: [Lesson.Block] = []
        var cores: [FencedBlock] = []
        var trees: [Tree] = []
        var pendingTree: FencedBlock?

        func flushPendingTree() {
            guard let tree = pendingTree else { return }
            diagnostics.append(.error(
                .missingExpected, at: headerLocation(tree, path),
                "tree has no expected output block; put a bare ``` fence holding its stdout right after it"))
            pendingTree = nil
        }

        for block in fenced {
            if block.info.isEmpty {
                // The expected block is the next block in the tree's container: only blank lines between.
                if let tree = pendingTree, tree.isFollowed(by: block) {
                    blocks[blocks.count - 1].expectedLine = block.opening.number
                    blocks.append(Lesson.Block(role: .expected, fenced: block))
                    trees.append(Tree(block: tree, expected: block))
                    pendingTree = nil
                } else if let tree = pendingTree {
                    // One mistake, one finding: the tree lost its expected block, and this is the block
                    // it lost, so the tree's finding names both and the fence gets none of its own.
                    let reason = tree.sharesContainer(with: block)
                        ? "tree's expected block at line \(block.opening.number) does not follow it: only blank lines may "
                            + "stand between a tree and its expected output"
                        : "tree's expected block at line \(block.opening.number) is \(block.placeDescription), but the tree "
                            + "is \(tree.placeDescription); a tree and its expected block must sit in the same container"
                    diagnostics.append(.error(.missingExpected, at: headerLocation(tree, path), reason))
                    pendingTree = nil
                    blocks.append(Lesson.Block(role: .none, fenced: block))
                } else {
                    blocks.append(Lesson.Block(role: .none, fenced: block))
                    diagnostics.append(.error(
                        .strayOutput, at: block.openingLocation(in: path),
                        "bare code fence does not follow a tree; expected output must come right after a "
                            + "```swift block starting '\(BlockRole.treeMarker)'"))
                }
                continue
            }
            if let tree = pendingTree, tree.isFollowed(by: block), block.language != "swift" {
                // The block right after a tree, with an info string: meant as its output.
                diagnostics.append(.error(
                    .missingExpected, at: block.openingLocation(in: path),
                    "the tree at line \(tree.body[0].number) is followed by a code block with info string '\(block.info)'; "
                        + "its expected output must be a bare ``` fence"))
                pendingTree = nil
                blocks.append(Lesson.Block(role: .none, fenced: block))
                continue
            }
            flushPendingTree()
            guard block.language == "swift" else {
                blocks.append(Lesson.Block(role: .none, fenced: block))
                diagnostics.append(.error(
                    .noRole, at: block.openingLocation(in: path),
                    "code block with info string '\(block.info)' has no role; lessons hold ```swift blocks "
                        + "(core, trees, fragments) and bare ``` expected-output blocks"))
                continue
            }
            let first = block.body.first?.text ?? ""
            if first.hasPrefix(BlockRole.coreMarker) {
                blocks.append(Lesson.Block(role: .core, fenced: block))
                cores.append(block)
            } else if first.hasPrefix(BlockRole.treeMarker) {
                blocks.append(Lesson.Block(role: .tree, fenced: block))
                pendingTree = block
            } else {
                blocks.append(Lesson.Block(role: .fragment, fenced: block))
            }
        }
        flushPendingTree()

        let start = SourceLocation(path: path, line: 1)
        if fenced.isEmpty {
            diagnostics.append(.error(.notALesson, at: start, "file has no fenced code blocks; it is not a lesson"))
        } else {
            if cores.isEmpty {
                diagnostics.append(.error(
                    .coreCount, at: start,
                    "lesson has no core block (a ```swift block starting '\(BlockRole.coreMarker)')"))
            }
            for extra in cores.dropFirst() {
                diagnostics.append(.error(
                    .coreCount, at: extra.openingLocation(in: path),
                    "lesson has more than one core block; the first is at line \(cores[0].opening.number)"))
            }
            if !blocks.contains(where: { $0.role == .tree }) {
                diagnostics.append(.error(
                    .noTrees, at: start,
                    "lesson has no tree (a ```swift block starting '\(BlockRole.treeMarker)')"))
            }
        }
        let lesson = Lesson(file: file, blocks: blocks, cores: cores, trees: trees, document: nil)
        return (lesson, diagnostics)
    }

    /// The `// main.swift` line of a tree block, at its file column.
    private static func headerLocation(_ tree: FencedBlock, _ path: String) -> SourceLocation {
        SourceLocation(path: path, line: tree.body[0].number, column: tree.fileColumn(bodyLine: 0, 1))
    }
}
