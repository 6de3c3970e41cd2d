/// CommonMark 0.31 block structure (phase 1 of the spec's parsing strategy): block quotes, lists
/// and list items, fenced and indented code, HTML blocks (all seven kinds), headings, thematic
/// breaks and paragraphs, with lazy continuation lines and tabs expanded to the next multiple of
/// four columns, as the spec says. What a renderer shows as a code block is what coursecheck
/// checks, so this follows the spec's reference algorithm (commonmark.js `blocks.js`) step by step.
/// Link reference definitions are taken out of paragraphs as they close (a paragraph of only
/// definitions is none); inline content is not parsed here.
///
/// Every line is visited once; each step inside a line advances the offset or ends the line's
/// container matching, so parsing ends on any input.
package enum BlockParser {
    /// Containers (block quotes, list items) nested deeper than this are not opened: the rest of
    /// the line is read as text and the line is reported. Every walk of the tree is recursive, so
    /// this bounds the stack on hostile input (a line of 100,000 `>`).
    package static let maximumDepth = 64

    /// Parses `lines` from index `start` (the line after any front matter) into a document.
    package static func parse(_ lines: [Line], from start: Int = 0) -> BlockNode {
        var state = State(lines: lines)
        for index in start..<max(start, lines.count) {
            state.incorporate(index)
        }
        state.finishDocument()
        return state.document.frozen(
            tooDeep: state.tooDeep, linkReferences: state.references, footnoteDefinitions: state.footnotes)
    }
}

/// One block of the document: its kind, the file lines it spans and, for a leaf, its content lines
/// after the container prefixes. Nodes carry their own ranges so nothing downstream rebuilds
/// structure from line numbers.
///
/// A class, immutable once parsed: every walk (the classifier makes five a lesson) visits each
/// node, and a struct of this many arrays and strings cost a dozen retains and releases a copy.
package final class BlockNode: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        /// `bullet` is the marker character (`-`, `+`, `*`), nil for an ordered list.
        case list(bullet: Character?, delimiter: Character?)
        case listItem
        case paragraph
        case heading(level: Int)
        case thematicBreak
        /// A fenced code block; `closed` is false when its container or the document ended it.
        case fencedCode(CodeFence, closed: Bool)
        case indentedCode
        /// An HTML block of start condition 1…7 (spec §4.6).
        case htmlBlock(Int)

        package var isContainer: Bool {
            switch self {
            case .document, .blockQuote, .list, .listItem: true
            default: false
            }
        }
    }

    /// A content line of a leaf block: the file line, how many of its bytes the container prefixes
    /// (and, in fenced code, the fence's indentation) took, and the text that remains. A tab only
    /// partly consumed by a prefix becomes spaces at the start of `text`, as the spec says.
    package struct ContentLine: Sendable, Equatable {
        /// Index into the file's lines.
        package var index: Int
        /// UTF-8 bytes of the raw line before the content.
        package var prefixLength: Int
        package var text: String
        /// What GitHub shows instead, when it differs. cmark-gfm measures a fence's indentation in
        /// bytes where the spec (and commonmark.js) measures columns, so when a container takes a
        /// tab of the opening fence's indentation only in part, GitHub strips fewer columns from
        /// each content line.
        package var gitHubText: String? = nil
        /// The columns the line is indented past its containers' markers, as the block starts
        /// measured it (from 4 on, indented code): where a paragraph line, a table's line, starts.
        package var indent = 0
        /// The spaces at the start of `text` that stand for a tab a container took only in part:
        /// a reader sees them, the file holds a tab there.
        package var tabSpaces = 0
        /// In fenced code: the UTF-8 bytes (spaces, tabs) the opening fence's indentation took from
        /// the line, which a reader does not see: the last of the `prefixLength` bytes.
        package var fenceTaken = 0
    }

    package let kind: Kind
    /// Indices into the file's lines, first to last line of the block.
    package let lines: ClosedRange<Int>
    /// UTF-8 offset in the first line where the block starts (after its containers' prefixes).
    package let startOffset: Int
    package let children: [BlockNode]
    /// For leaf blocks: the content lines. A fenced code block holds its body here (not the
    /// fences); a heading its text.
    package let content: [ContentLine]
    /// For a closed fenced code block: the index of the closing fence's line.
    package let closingLine: Int?
    /// For a list item: the width of marker and padding, so continuation lines are recognised.
    package let itemIndent: Int
    /// For a fenced code block whose opening fence is indented with a tab a container takes only
    /// in part: GitHub and the spec strip different indentation from its lines, so any text
    /// written into it depends on the renderer.
    package let fenceIndentDependsOnRenderer: Bool
    /// For the document: indices of lines where a container past `maximumDepth` was not opened.
    package let tooDeep: [Int]
    /// For the document: the same definitions with their titles, escapes and entities decoded, by
    /// `LinkDefinition.normalizedLabel` (what `InlineParser.parse` takes).
    package let linkReferences: [String: LinkDefinition]
    /// For the document: definitions labelled `^…`, which GitHub renders as footnotes (with the
    /// indented lines after them) and the spec as link reference definitions, which show nothing.
    package let footnoteDefinitions: [FootnoteDefinition]

    init(
        kind: Kind, lines: ClosedRange<Int>, startOffset: Int, children: [BlockNode], content: [ContentLine],
        closingLine: Int?, itemIndent: Int, fenceIndentDependsOnRenderer: Bool, tooDeep: [Int] = [],
        linkReferences: [String: LinkDefinition] = [:], footnoteDefinitions: [FootnoteDefinition] = []
    ) {
        self.kind = kind
        self.lines = lines
        self.startOffset = startOffset
        self.children = children
        self.content = content
        self.closingLine = closingLine
        self.itemIndent = itemIndent
        self.fenceIndentDependsOnRenderer = fenceIndentDependsOnRenderer
        self.tooDeep = tooDeep
        self.linkReferences = linkReferences
        self.footnoteDefinitions = footnoteDefinitions
    }

    /// Two trees are equal when they hold the same blocks, as the struct this was compared.
    package static func == (left: BlockNode, right: BlockNode) -> Bool {
        left === right
            || (left.kind == right.kind && left.lines == right.lines && left.startOffset == right.startOffset
                && left.content == right.content && left.closingLine == right.closingLine
                && left.itemIndent == right.itemIndent
                && left.fenceIndentDependsOnRenderer == right.fenceIndentDependsOnRenderer
                && left.tooDeep == right.tooDeep && left.linkReferences == right.linkReferences
                && left.footnoteDefinitions == right.footnoteDefinitions && left.children == right.children)
    }

    /// A `[^label]:` definition: its label as written and the index of its line.
    package struct FootnoteDefinition: Sendable, Equatable {
        package var label: String
        package var line: Int
    }

    /// Every node below this one, depth first, each with its parent's path from the root
    /// (child indices), in document order.
    /// One path array, grown and shrunk in place: building `path + [offset]` for every node cost
    /// two allocations a node, and the classifier walks each lesson five times.
    package func walk(_ visit: (BlockNode, [Int]) -> Void) {
        var path: [Int] = []
        func go(_ node: BlockNode) {
            for (offset, child) in node.children.enumerated() {
                path.append(offset)
                visit(child, path)
                go(child)
                path.removeLast()
            }
        }
        go(self)
    }
}

extension BlockParser {
    /// The mutable tree the algorithm works on; frozen into `BlockNode` values at the end.
    final class Node {
        var kind: BlockNode.Kind
        var firstLine: Int
        var lastLine: Int
        var startOffset: Int
        var children: [Node] = []
        weak var parent: Node?
        /// How many block quotes and list items hold this node.
        var depth = 0
        var open = true
        var content: [BlockNode.ContentLine] = []
        var closingLine: Int?
        // Fenced code.
        var fence: CodeFence?
        var fenceOffset = 0
        /// cmark-gfm's fence offset: the opening fence's indentation in bytes, not columns.
        var gitHubFenceOffset = 0
        /// This line's content as GitHub reads it, when it differs from the spec's.
        var pendingGitHubText: String?
        /// The bytes this line's share of the fence's indentation took (`ContentLine.fenceTaken`).
        var pendingFenceTaken = 0
        // List items: marker offset plus padding; lists: their marker kind.
        var itemIndent = 0
        var listBullet: Character?
        var listDelimiter: Character?
        var htmlType = 0

        init(_ kind: BlockNode.Kind, line: Int, offset: Int) {
            self.kind = kind
            firstLine = line
            lastLine = line
            startOffset = offset
        }

        var acceptsLines: Bool {
            switch kind {
            case .paragraph, .fencedCode, .indentedCode, .htmlBlock: true
            default: false
            }
        }

        func canContain(_ child: BlockNode.Kind) -> Bool {
            switch kind {
            case .document, .blockQuote, .listItem:
                if case .listItem = child { return false }
                return true
            case .list:
                if case .listItem = child { return true }
                return false
            default:
                return false
            }
        }

        var isParagraph: Bool { if case .paragraph = kind { true } else { false } }
        var isList: Bool { if case .list = kind { true } else { false } }

        func frozen(
            tooDeep: [Int] = [], linkReferences: [String: LinkDefinition] = [:],
            footnoteDefinitions: [BlockNode.FootnoteDefinition] = []
        ) -> BlockNode {
            var kind = kind
            if case .fencedCode = kind, let fence { kind = .fencedCode(fence, closed: closingLine != nil) }
            if case .list = kind { kind = .list(bullet: listBullet, delimiter: listDelimiter) }
            var content = content
            if case .indentedCode = kind {
                // Trailing blank lines are not part of an indented code block.
                while let last = content.last, last.text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    content.removeLast()
                }
            }
            return BlockNode(
                kind: kind, lines: firstLine...max(firstLine, lastLine), startOffset: startOffset,
                children: children.map { $0.frozen() }, content: content, closingLine: closingLine,
                itemIndent: itemIndent, fenceIndentDependsOnRenderer: gitHubFenceOffset != fenceOffset,
                tooDeep: tooDeep, linkReferences: linkReferences, footnoteDefinitions: footnoteDefinitions)
        }
    }

    struct State {
        let lines: [Line]
        let document = Node(.document, line: 0, offset: 0)
        var tip: Node
        var oldTip: Node
        var lastMatchedContainer: Node
        var allClosed = true
        // Per-line scanning state, as in the spec's reference implementation.
        var bytes: [UInt8] = []
        var lineIndex = 0
        var offset = 0
        var column = 0
        var nextNonspace = 0
        var nextNonspaceColumn = 0
        var indent = 0
        var indented = false
        /// `indent` where the line's leaf content starts, after the last block start tried.
        var leafIndent = 0
        var blank = false
        var partiallyConsumedTab = false
        var tooDeep: [Int] = []
        var references: [String: LinkDefinition] = [:]
        var footnotes: [BlockNode.FootnoteDefinition] = []

        init(lines: [Line]) {
            self.lines = lines
            tip = document
            oldTip = document
            lastMatchedContainer = document
        }

        func peek(_ position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func findNextNonspace() {
            var index = offset
            var columns = column
            while index < bytes.count {
                if bytes[index] == 0x20 {
                    index += 1
                    columns += 1
                } else if bytes[index] == 0x09 {
                    index += 1
                    columns += 4 - columns % 4
                } else {
                    break
                }
            }
            blank = index == bytes.count
            nextNonspace = index
            nextNonspaceColumn = columns
            indent = nextNonspaceColumn - column
            indented = indent >= 4
        }

        mutating func advanceNextNonspace() {
            offset = nextNonspace
            column = nextNonspaceColumn
            partiallyConsumedTab = false
        }

        /// Advances `count` characters, or `count` columns when `columns` is true (a tab may then
        /// be consumed only in part).
        mutating func advanceOffset(_ count: Int, columns: Bool) {
            var count = count
            while count > 0 && offset < bytes.count {
                if bytes[offset] == 0x09 {
                    let toTab = 4 - column % 4
                    if columns {
                        partiallyConsumedTab = toTab > count
                        let advance = min(toTab, count)
                        column += advance
                        offset += partiallyConsumedTab ? 0 : 1
                        count -= advance
                    } else {
                        partiallyConsumedTab = false
                        column += toTab
                        offset += 1
                        count -= 1
                    }
                } else {
                    partiallyConsumedTab = false
                    offset += 1
                    column += 1
                    count -= 1
                }
            }
        }

        mutating func incorporate(_ index: Int) {
            // Fast path for most lines of a lesson: a code line of an unindented top-level fence that
            // cannot close it (after at most three spaces, no fence character). The general path would
            // match the fence, start nothing and add the whole line, as here.
            if let last = document.children.last, last.open, last === tip, last.fenceOffset == 0,
                let fence = last.fence,
                !Self.mayClose(lines[index].text, fence.character == "`" ? UInt8(ascii: "`") : UInt8(ascii: "~"))
            {
                last.content.append(.init(index: index, prefixLength: 0, text: lines[index].text))
                last.lastLine = index
                return
            }
            lineIndex = index
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: lines[index].text.utf8)
            offset = 0
            column = 0
            blank = false
            partiallyConsumedTab = false
            oldTip = tip
            var container = document
            var allMatched = true
            // Each open container tries to continue on this line.
            while let last = container.children.last, last.open {
                container = last
                findNextNonspace()
                switch continueBlock(container) {
                case .matched:
                    break
                case .failed:
                    allMatched = false
                case .lineDone:
                    return
                }
                if !allMatched {
                    container = container.parent ?? document
                    break
                }
            }
            allClosed = container === oldTip
            lastMatchedContainer = container
            var matchedLeaf = !container.isParagraph && container.acceptsLines
            // New block starts, unless the last matched container takes the rest of the line.
            leafIndent = 0
            while !matchedLeaf {
                findNextNonspace()
                leafIndent = indent
                if !indented, peek(nextNonspace).map(Self.maybeSpecial) != true {
                    advanceNextNonspace()
                    break
                }
                guard let started = tryBlockStarts(container) else {
                    advanceNextNonspace()
                    break
                }
                container = tip
                if started == .leaf { matchedLeaf = true }
            }
            // What remains is text: a lazy paragraph continuation, or content of the container.
            if !allClosed && !blank && tip.isParagraph {
                addLine()
            } else {
                closeUnmatchedBlocks()
                if container.acceptsLines {
                    // A fence's own line holds its info string, not content.
                    if case .fencedCode = container.kind, container.firstLine == lineIndex {} else { addLine() }
                    if case .htmlBlock(let type) = container.kind, (1...5).contains(type),
                        HTMLBlock.ends(type, bytes[offset...])
                    {
                        finalize(container, lastLine: index)
                    }
                } else if offset < bytes.count && !blank {
                    _ = addChild(.paragraph, offset: offset)
                    advanceNextNonspace()
                    addLine()
                }
            }
        }

        /// False when `text` cannot be a closing fence made of `character`: its first non-blank byte,
        /// within three columns, is something else.
        static func mayClose(_ text: String, _ character: UInt8) -> Bool {
            var columns = 0
            for byte in text.utf8 {
                if byte == 0x20 {
                    columns += 1
                } else if byte == 0x09 {
                    columns += 4 - columns % 4
                } else {
                    return columns <= 3 && byte == character
                }
                if columns > 3 { return false }
            }
            return false
        }

        enum Continuation { case matched, failed, lineDone }
        enum Started { case container, leaf }

        static func maybeSpecial(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                UInt8(ascii: "_"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "-"):
                true
            default:
                byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            }
        }

        mutating func continueBlock(_ node: Node) -> Continuation {
            switch node.kind {
            case .document, .list:
                return .matched
            case .blockQuote:
                guard !indented, peek(nextNonspace) == UInt8(ascii: ">") else { return .failed }
                advanceNextNonspace()
                advanceOffset(1, columns: false)
                if let next = peek(offset), next == 0x20 || next == 0x09 { advanceOffset(1, columns: true) }
                return .matched
            case .listItem:
                if blank {
                    if node.children.isEmpty { return .failed }
                    advanceNextNonspace()
                } else if indent >= node.itemIndent {
                    advanceOffset(node.itemIndent, columns: true)
                } else {
                    return .failed
                }
                return .matched
            case .heading, .thematicBreak:
                return .failed
            case .fencedCode:
                guard let fence = node.fence else { return .failed }
                if indent <= 3, let run = CodeFence.closingRun(bytes[nextNonspace...]),
                    run.character == fence.character,
                    run.length >= fence.length
                {
                    node.closingLine = lineIndex
                    finalize(node, lastLine: lineIndex)
                    return .lineDone
                }
                if node.gitHubFenceOffset != node.fenceOffset {
                    let saved = (offset, column, partiallyConsumedTab)
                    skipFenceIndentation(node.gitHubFenceOffset)
                    node.pendingGitHubText = contentText().text
                    (offset, column, partiallyConsumedTab) = saved
                }
                if node.fenceOffset > 0 {
                    let before = offset
                    skipFenceIndentation(node.fenceOffset)
                    node.pendingFenceTaken = partiallyConsumedTab ? 0 : offset - before
                }
                return .matched
            case .indentedCode:
                if indent >= 4 {
                    advanceOffset(4, columns: true)
                } else if blank {
                    advanceNextNonspace()
                } else {
                    return .failed
                }
                return .matched
            case .htmlBlock(let type):
                return blank && (type == 6 || type == 7) ? .failed : .matched
            case .paragraph:
                return blank ? .failed : .matched
            }
        }

        /// Tries each block start in the spec's order; nil when none matches.
        mutating func tryBlockStarts(_ container: Node) -> Started? {
            let rest = bytes[nextNonspace...]
            let first = peek(nextNonspace)
            let depth = container.depth + (container.kind == .blockQuote || container.kind == .listItem ? 1 : 0)
            let mayNest = depth < BlockParser.maximumDepth
            if !mayNest, !indented, let first,
                first == UInt8(ascii: ">") || first == UInt8(ascii: "-")
                    || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") || (first >= 0x30 && first <= 0x39),
                tooDeep.last != lineIndex
            {
                tooDeep.append(lineIndex)
            }
            // Block quote.
            if !indented, mayNest, first == UInt8(ascii: ">") {
                advanceNextNonspace()
                advanceOffset(1, columns: false)
                if let next = peek(offset), next == 0x20 || next == 0x09 { advanceOffset(1, columns: true) }
                closeUnmatchedBlocks()
                _ = addChild(.blockQuote, offset: nextNonspace)
                return .container
            }
            // ATX heading.
            if !indented, let level = Self.atxHeadingLevel(rest) {
                advanceNextNonspace()
                closeUnmatchedBlocks()
                let heading = addChild(.heading(level: level), offset: nextNonspace)
                let (start, end) = Self.atxContent(bytes, from: offset + level)
                heading.content.append(
                    .init(index: lineIndex, prefixLength: start, text: Self.text(bytes[start..<end])))
                advanceOffset(bytes.count - offset, columns: false)
                return .leaf
            }
            // Fenced code.
            if !indented, let fence = CodeFence.openingRun(rest) {
                closeUnmatchedBlocks()
                let node = addChild(.fencedCode(fence, closed: false), offset: nextNonspace)
                node.fence = CodeFence(
                    character: fence.character, length: fence.length, indent: indent, info: fence.info)
                node.fenceOffset = indent
                node.gitHubFenceOffset = nextNonspace - offset
                advanceNextNonspace()
                advanceOffset(fence.length, columns: false)
                advanceOffset(bytes.count - offset, columns: false)
                return .leaf
            }
            // HTML block.
            if !indented, first == UInt8(ascii: "<") {
                let interruptsParagraph = container.isParagraph || (!allClosed && !blank && tip.isParagraph)
                if let type = HTMLBlock.start(rest, mayBeType7: !interruptsParagraph) {
                    closeUnmatchedBlocks()
                    let node = addChild(.htmlBlock(type), offset: offset)
                    node.htmlType = type
                    return .leaf
                }
            }
            // Setext heading underline: turns the paragraph into a heading, unless GitHub made a table
            // of it, which takes no underline (`===` is a row of its own, `---` a rule after it).
            if !indented, container.isParagraph, let level = Self.setextLevel(rest),
                container.content.count < 2 || !TableRows.holdTable(container.content.map(\.text)),
                takeDefinitions(container)
            {
                closeUnmatchedBlocks()
                container.kind = .heading(level: level)
                container.lastLine = lineIndex
                advanceOffset(bytes.count - offset, columns: false)
                return .leaf
            }
            // Thematic break.
            if !indented, Self.isThematicBreak(rest) {
                closeUnmatchedBlocks()
                _ = addChild(.thematicBreak, offset: nextNonspace)
                advanceOffset(bytes.count - offset, columns: false)
                return .leaf
            }
            // List item.
            if !indented || container.isList, mayNest, let marker = parseListMarker(container) {
                closeUnmatchedBlocks()
                if !(tip.isList && tip.listBullet == marker.bullet && tip.listDelimiter == marker.delimiter) {
                    let list = addChild(.list(bullet: marker.bullet, delimiter: marker.delimiter), offset: marker.start)
                    list.listBullet = marker.bullet
                    list.listDelimiter = marker.delimiter
                }
                let item = addChild(.listItem, offset: marker.start)
                item.itemIndent = marker.indent
                return .container
            }
            // Indented code.
            if indented, !tip.isParagraph, !blank {
                advanceOffset(4, columns: true)
                closeUnmatchedBlocks()
                _ = addChild(.indentedCode, offset: offset)
                return .leaf
            }
            return nil
        }

        struct ListMarker {
            var bullet: Character?
            var delimiter: Character?
            /// Byte offset of the marker.
            var start: Int
            /// Marker offset plus padding: the columns a continuation line needs.
            var indent: Int
        }

        mutating func parseListMarker(_ container: Node) -> ListMarker? {
            guard indent < 4 else { return nil }
            let markerOffset = indent
            var markerLength = 0
            var bullet: Character?
            var delimiter: Character?
            guard let first = peek(nextNonspace) else { return nil }
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
                bullet = Character(Unicode.Scalar(first))
                markerLength = 1
            } else {
                var digits = 0
                while digits < 10, let byte = peek(nextNonspace + digits), byte >= 0x30, byte <= 0x39 { digits += 1 }
                guard (1...9).contains(digits), let mark = peek(nextNonspace + digits),
                    mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")")
                else { return nil }
                // An ordered list may interrupt a paragraph only when it starts at 1.
                if container.isParagraph, !Self.holdsTable(container) {
                    let number = Int(String(decoding: bytes[nextNonspace..<(nextNonspace + digits)], as: UTF8.self))
                    guard number == 1 else { return nil }
                }
                delimiter = Character(Unicode.Scalar(mark))
                markerLength = digits + 1
            }
            let after = peek(nextNonspace + markerLength)
            guard after == nil || after == 0x20 || after == 0x09 else { return nil }
            // An item interrupting a paragraph may not start blank.
            if container.isParagraph
                && bytes[(nextNonspace + markerLength)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
                && !Self.holdsTable(container)
            {
                return nil
            }
            let start = nextNonspace
            advanceNextNonspace()
            advanceOffset(markerLength, columns: true)
            let spacesStartColumn = column
            let spacesStartOffset = offset
            repeat {
                advanceOffset(1, columns: true)
            } while column - spacesStartColumn < 5 && (peek(offset) == 0x20 || peek(offset) == 0x09)
            let blankItem = peek(offset) == nil
            let spacesAfterMarker = column - spacesStartColumn
            let padding: Int
            if spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem {
                padding = markerLength + 1
                column = spacesStartColumn
                offset = spacesStartOffset
                if let next = peek(offset), next == 0x20 || next == 0x09 { advanceOffset(1, columns: true) }
            } else {
                padding = markerLength + spacesAfterMarker
            }
            return ListMarker(bullet: bullet, delimiter: delimiter, start: start, indent: markerOffset + padding)
        }

        /// True when the paragraph `node` has become a table to GitHub (a header row over its
        /// delimiter row): cmark-gfm's table is no paragraph, so a list item may start right under
        /// its last row whatever its number, empty too (`-` there is an empty bullet, not a row).
        static func holdsTable(_ node: Node) -> Bool {
            node.content.count >= 2 && TableRows.holdTable(node.content.map(\.text))
        }

        /// Up to `columns` columns of spaces or tabs: a fenced code line's share of its fence's indentation.
        mutating func skipFenceIndentation(_ columns: Int) {
            var skip = columns
            while skip > 0, let next = peek(offset), next == 0x20 || next == 0x09 {
                advanceOffset(1, columns: true)
                skip -= 1
            }
        }

        /// The rest of the line as content, and where it starts: a partly consumed tab's remaining
        /// columns become spaces.
        func contentText() -> (text: String, prefix: Int) {
            guard partiallyConsumedTab else {
                // An unprefixed line is its own content: no new string.
                return (offset == 0 ? lines[lineIndex].text : Self.text(bytes[offset...]), offset)
            }
            return (String(repeating: " ", count: 4 - column % 4) + Self.text(bytes[(offset + 1)...]), offset + 1)
        }

        mutating func addLine() {
            let (text, prefix) = contentText()
            var line = BlockNode.ContentLine(index: lineIndex, prefixLength: prefix, text: text)
            line.indent = leafIndent
            if partiallyConsumedTab { line.tabSpaces = 4 - column % 4 }
            if let gitHub = tip.pendingGitHubText {
                if gitHub != text { line.gitHubText = gitHub }
                tip.pendingGitHubText = nil
            }
            if tip.pendingFenceTaken > 0 {
                line.fenceTaken = tip.pendingFenceTaken
                tip.pendingFenceTaken = 0
            }
            tip.content.append(line)
            tip.lastLine = lineIndex
        }

        static func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }

        mutating func addChild(_ kind: BlockNode.Kind, offset: Int) -> Node {
            // The document holds every kind but a list item, which always goes into a list.
            while !tip.canContain(kind), tip !== document { finalize(tip, lastLine: lineIndex - 1) }
            let node = Node(kind, line: lineIndex, offset: offset)
            node.parent = tip
            node.depth = tip.depth + (tip.kind == .blockQuote || tip.kind == .listItem ? 1 : 0)
            tip.children.append(node)
            tip = node
            return node
        }

        mutating func closeUnmatchedBlocks() {
            guard !allClosed else { return }
            while oldTip !== lastMatchedContainer {
                let parent = oldTip.parent ?? document
                finalize(oldTip, lastLine: lineIndex - 1)
                oldTip = parent
            }
            allClosed = true
        }

        /// Takes a paragraph's leading link reference definitions out of it, as the spec does when
        /// it closes (or meets a setext underline); true when text remains.
        mutating func takeDefinitions(_ node: Node) -> Bool {
            guard node.content.first?.text.containsByte(UInt8(ascii: "[")) ?? false else {
                return !node.content.isEmpty
            }
            let (found, count) = LinkReferenceDefinition.leadingWithTitles(node.content.map(\.text))
            for definition in found {
                if definition.rawLabel.hasPrefix("^"), definition.line < node.content.count {
                    footnotes.append(.init(label: definition.rawLabel, line: node.content[definition.line].index))
                }
                let key = LinkDefinition.normalizedLabel(definition.rawLabel)
                if references[key] == nil {
                    references[key] = LinkDefinition(rawDestination: definition.destination, rawTitle: definition.title)
                }
            }
            node.content.removeFirst(count)
            if let first = node.content.first, count > 0 {
                node.firstLine = first.index
                node.startOffset = first.prefixLength
            }
            return !node.content.isEmpty
        }

        mutating func finalize(_ node: Node, lastLine: Int) {
            node.open = false
            if node.isParagraph, !takeDefinitions(node) {
                // Only definitions: nothing is rendered, so no block is left.
                node.parent?.children.removeAll { $0 === node }
            }
            if lastLine > node.lastLine { node.lastLine = lastLine }
            // A container spans at least its last child.
            if let child = node.children.last, child.lastLine > node.lastLine { node.lastLine = child.lastLine }
            tip = node.parent ?? document
        }

        mutating func finishDocument() {
            while tip !== document { finalize(tip, lastLine: lines.count - 1) }
            // Containers end where their last line is; leaves keep their content's last line.
            func settle(_ node: Node) {
                for child in node.children { settle(child) }
                if node.kind.isContainer, let last = node.children.last {
                    node.lastLine = max(node.lastLine, last.lastLine)
                }
            }
            settle(document)
        }

        // MARK: Leaf starts

        static func atxHeadingLevel(_ rest: ArraySlice<UInt8>) -> Int? {
            let hashes = rest.prefix { $0 == UInt8(ascii: "#") }.count
            guard (1...6).contains(hashes) else { return nil }
            let after = rest.dropFirst(hashes).first
            return after == nil || after == 0x20 || after == 0x09 ? hashes : nil
        }

        /// The byte range of an ATX heading's text: after the hashes and blanks, before an optional
        /// closing run of hashes (which needs a blank before it) and trailing blanks.
        static func atxContent(_ bytes: [UInt8], from start: Int) -> (Int, Int) {
            let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            var low = start
            while low < bytes.count && isBlank(bytes[low]) { low += 1 }
            var high = bytes.count
            while high > low && isBlank(bytes[high - 1]) { high -= 1 }
            var hashes = high
            while hashes > low && bytes[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
            if hashes < high && (hashes == low || isBlank(bytes[hashes - 1])) {
                high = hashes
                while high > low && isBlank(bytes[high - 1]) { high -= 1 }
            }
            return (low, high)
        }

        static func setextLevel(_ rest: ArraySlice<UInt8>) -> Int? {
            guard let first = rest.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return nil }
            let run = rest.prefix { $0 == first }.count
            guard rest.dropFirst(run).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
            return first == UInt8(ascii: "=") ? 1 : 2
        }

        static func isThematicBreak(_ rest: ArraySlice<UInt8>) -> Bool {
            guard let first = rest.first,
                first == UInt8(ascii: "*") || first == UInt8(ascii: "-") || first == UInt8(ascii: "_")
            else { return false }
            var count = 0
            for byte in rest {
                if byte == first {
                    count += 1
                } else if byte != 0x20 && byte != 0x09 {
                    return false
                }
            }
            return count >= 3
        }
    }
}
