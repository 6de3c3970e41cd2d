/// Both fences of a block deleted: the tree's, the core's or a display fragment's code, or a tree's
/// output, left in the page with no fence around it. The fences that remain pair as before, so no
/// fence trouble shows; readers see the code or output as text (paragraphs, an indented block).
/// One finding at its first line, naming what it is and the two fences to insert.
extension Classifier {
    /// A block whose two fences were lost: its finding, and the lesson findings it explains (the
    /// stray output block a lost tree leaves, the tree a lost output leaves without one, the
    /// missing tree or core), by id and line. `runnable`: a tree, the core or a tree's output,
    /// whose loss leaves the lesson's trees uncertain.
    struct LostFencePair {
        var finding: Diagnostic
        var explains: [(id: DiagnosticID, line: Int)]
        var runnable: Bool
    }

    /// The lost fence pairs of a lesson: runs of paragraphs (and the indented code a body's lines
    /// make) that hold Swift as code holds it, and a tree's output standing as text right under a
    /// tree that has no expected block; at the top level, and in a list item or block quote as
    /// well, where the fences to insert carry the container's prefix.
    static func lostFencePairs(_ file: SourceFile, _ document: BlockNode, lesson: Lesson, core: String)
        -> [LostFencePair]
    {
        var code: [LostFencePair] = []
        var outputs: [LostFencePair] = []
        /// The trees with no expected block, by the index of their opening fence's line.
        var bare: [Int: Lesson.Block] = [:]
        for block in lesson.blocks where block.role == .tree && block.expected == nil {
            bare[block.fenced.opening.number - 1] = block
        }
        func visit(_ node: BlockNode, prefix: String) {
            let marker = node.kind == .listItem ? node.lines.lowerBound : nil
            let found = lostFencePairs(file, node.children, prefix: prefix, marker: marker, bare: bare, core: core)
            code += found.code
            outputs += found.outputs
            for child in node.children {
                switch child.kind {
                case .list: visit(child, prefix: prefix)
                case .listItem: visit(child, prefix: prefix + String(repeating: " ", count: child.itemIndent))
                case .blockQuote: visit(child, prefix: prefix + "> ")
                default: continue
                }
            }
        }
        visit(document, prefix: "")
        return code + outputs
    }

    /// The lost fence pairs among one container's `children`, whose lines start with `prefix`;
    /// `marker`, a list item's first line (the index), which starts with its marker instead.
    private static func lostFencePairs(
        _ file: SourceFile, _ children: [BlockNode], prefix: String, marker: Int?, bare: [Int: Lesson.Block],
        core: String
    ) -> (code: [LostFencePair], outputs: [LostFencePair]) {
        var found: [LostFencePair] = []
        let width = prefix.utf8.count
        var next = 0
        var lostCodeLines: Set<Int> = []
        while next < children.count {
            let index = next
            next += 1
            // Cheap first: a paragraph at its container's margin whose first byte may start Swift
            // (`//`, `@`, or a lower-case keyword); the course's prose starts with a capital, `**`,
            // or a backtick. In a container, its line starts with the prefix, or it is a list item's
            // first line (`1. // main.swift …`: the item's fence was its first line, `1. ```swift`).
            guard case .paragraph = children[index].kind, children[index].startOffset == width,
                let first = children[index].content.first, first.prefixLength == width,
                let byte = first.text.utf8.first,
                byte == UInt8(ascii: "/") || byte == UInt8(ascii: "@")
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")),
                width == 0 || file.lines[first.index].text.hasPrefix(prefix) || first.index == marker,
                startsSwift(first.text)
            else { continue }
            // On the item's first line the opening fence goes after the marker, and the code moves
            // to a line of its own under it: `1. ```swift`, then `   // main.swift …`.
            let markerLine = width > 0 && first.index == marker && !file.lines[first.index].text.hasPrefix(prefix)
            // The window: the paragraphs and indented code that follow with only blank lines between.
            var last = index
            while last + 1 < children.count, showsAsText(children[last + 1]) { last += 1 }
            let start = children[index].lines.lowerBound
            guard
                let end = swiftRun(
                    file, from: start, through: children[last].lines.upperBound, prefix: prefix,
                    firstWidth: markerLine ? width : nil)
            else { continue }
            let what = runnable(firstLine: first.text, core: core)
            let lines = file.lines[start...end].count { !isBlank(inside($0.text, prefix) ?? $0.text) }
            // One line of Swift-like text is too little to tell code from a slip of prose (a
            // `// main.swift — …` line alone is no tree: a tree has code under its first line).
            guard lines >= 2 else { continue }
            var explains: [(id: DiagnosticID, line: Int)] = []
            let after = children.firstIndex { $0.lines.lowerBound > end }
            if what == "a tree", let after, case .fencedCode(let fence, _) = children[after].kind, fence.info.isEmpty {
                explains.append((.strayOutput, children[after].lines.lowerBound + 1))
            }
            if what == "a tree" { explains.append((.noTrees, 1)) }
            if what == "the core" { explains.append((.coreCount, 1)) }
            found.append(
                LostFencePair(
                    finding: .lostFences(
                        at: SourceLocation(path: file.path, line: start + 1, column: width + 1),
                        what: what ?? "Swift code",
                        shown: first.text, lines: (start + 1)...(end + 1),
                        opener: markerLine
                            ? String(decoding: file.lines[start].text.utf8.prefix(width), as: UTF8.self) + "```swift"
                            : prefix + "```swift",
                        closer: prefix + "```", movedAfter: markerLine ? prefix : nil),
                    explains: explains, runnable: what != nil))
            lostCodeLines.formUnion(start...end)
            while next < children.count, children[next].lines.lowerBound <= end { next += 1 }
        }
        // A tree's output whose fences were lost: the text right under a tree with no expected block.
        var outputs: [LostFencePair] = []
        for (position, child) in children.enumerated() {
            guard case .fencedCode = child.kind, let block = bare[child.lines.lowerBound] else { continue }
            let closing = block.fenced.closing.number - 1
            let after = position + 1
            guard after < children.count,
                case .paragraph = children[after].kind, !lostCodeLines.contains(children[after].lines.lowerBound),
                file.lines[(closing + 1)..<children[after].lines.lowerBound].allSatisfy({
                    isBlank(inside($0.text, prefix) ?? $0.text)
                })
            else { continue }
            // The output's paragraphs: text no sentence of the course is (ASCII, not a sentence),
            // up to the first that reads as text.
            var last = after
            while last + 1 < children.count, case .paragraph = children[last + 1].kind,
                readsAsOutput(children[last + 1].content.map(\.text))
            {
                last += 1
            }
            guard readsAsOutput(children[after].content.map(\.text)) else { continue }
            let start = children[after].lines.lowerBound
            let end = children[last].lines.upperBound
            outputs.append(
                LostFencePair(
                    finding: .lostFences(
                        at: SourceLocation(path: file.path, line: start + 1, column: width + 1),
                        what: "the output of the tree at line \(block.fenced.opening.number)",
                        shown: children[after].content.first?.text ?? "", lines: (start + 1)...(end + 1),
                        opener: prefix + "```", closer: prefix + "```"),
                    explains: [(.missingExpected, block.fenced.body.first?.number ?? block.fenced.opening.number)],
                    runnable: true))
        }
        return (found, outputs)
    }

    /// A line of a container whose lines start with `prefix`, past it: the line itself at the top
    /// level, "" for a blank line of a block quote (`>` alone), nil for a line outside it.
    static func inside(_ text: String, _ prefix: String) -> String? {
        if prefix.isEmpty { return text }
        if text.hasPrefix(prefix) { return String(text.dropFirst(prefix.count)) }
        if isBlank(text) { return "" }
        return text.filter { $0 != " " && $0 != "\t" } == prefix.filter { $0 != " " } ? "" : nil
    }

    /// True for a paragraph or an indented code block: how readers see lines of code with no fence.
    static func showsAsText(_ node: BlockNode) -> Bool {
        switch node.kind {
        case .paragraph, .indentedCode: true
        default: false
        }
    }

    /// True when `lines` (a paragraph's, right under a tree) read as its output, not as the page's
    /// text: no letter beyond ASCII (the course's prose is Turkish; its trees print ASCII), no bold
    /// label, no Swift, and not a sentence (a capital first, a `.`, `!`, `?` or `:` last).
    static func readsAsOutput(_ lines: [String]) -> Bool {
        guard let first = lines.first, !lines.contains(where: { $0.utf8.contains { $0 >= 0x80 } }),
            !first.hasPrefix("**"), !startsSwift(first)
        else { return false }
        if let lead = first.first, lead.isUppercase,
            let end = lines.last?.last(where: { $0 != " " && $0 != "\t" }), ".!?:".contains(end)
        {
            return false
        }
        return lines.contains { $0.contains { $0.isLetter || $0.isNumber } }
    }

    /// The modifiers a declaration may start with.
    static let swiftModifiers: Set<Substring> = ["final", "private", "fileprivate", "public", "internal", "static"]
    /// Declarations that name a type or function: the line goes on to a brace, a parameter list or
    /// a conformance.
    static let swiftDeclarations: Set<Substring> = [
        "struct", "class", "enum", "extension", "protocol", "actor", "func",
    ]
    /// Statements whose line opens a block: it ends with `{`.
    static let swiftBlockStatements: Set<Substring> = ["if", "guard", "for", "while", "switch", "do", "defer"]

    /// True when `text` starts a Swift declaration or statement as code writes one: a `// ` comment,
    /// an attribute, a directive, `import Name`, a declaration that opens a brace or a parameter
    /// list, `let`/`var` with a `=` or a type, a statement that opens a block; and it ends as code
    /// ends (not with `.` or `:`, as a sentence does). Prose starts with a capital or a word of its
    /// own, and a sentence that starts with one of these words goes on as no code does.
    static func startsSwift(_ text: String) -> Bool {
        guard let last = text.utf8.last(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        if text.hasPrefix("// ") || text == "//" { return true }
        guard last != UInt8(ascii: "."), last != UInt8(ascii: ":"), swiftDepthChange(text) != nil else { return false }
        // An attribute (`@State`), a macro or a compiler directive (`#Preview`, `#if`: no heading
        // without a space after the `#`).
        if text.hasPrefix("@") || text.hasPrefix("#") {
            return text.utf8.dropFirst().first.map { $0 >= 0x41 && $0 <= 0x7A } ?? false
        }
        var rest = text[...]
        var word = rest.prefix { $0.isASCII && $0.isLetter }
        while swiftModifiers.contains(word), rest.dropFirst(word.count).first == " " {
            rest = rest.dropFirst(word.count + 1)
            word = rest.prefix { $0.isASCII && $0.isLetter }
        }
        let after = rest.dropFirst(word.count)
        guard after.first == " ", after.dropFirst().first.map({ $0.isASCII && ($0.isLetter || $0 == "_") }) == true
        else { return false }
        let line = after.dropFirst().trimmingBlanks()
        if word == "import" { return !line.contains(" ") && rest.startIndex == text.startIndex }
        if swiftDeclarations.contains(word) {
            return last == UInt8(ascii: "{") || line.contains("(") || line.contains(": ")
        }
        if word == "let" || word == "var" || word == "typealias" {
            return line.contains(" = ") || line.contains(": ")
        }
        return swiftBlockStatements.contains(word) && rest.startIndex == text.startIndex && last == UInt8(ascii: "{")
    }

    /// True when `text`, at a file's top level, may go on a run of Swift: it starts one, or it is
    /// a call or an assignment (`countCauses(x)`, `a.b = c`, `withTracking {`).
    static func continuesSwift(_ text: String) -> Bool {
        if startsSwift(text) { return true }
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
        guard let lead = name.first, lead == "_" || (lead.isLetter && lead.isLowercase), swiftDepthChange(text) != nil,
            let last = text.last(where: { $0 != " " && $0 != "\t" }), last != ".", last != ":"
        else { return false }
        let rest = text.dropFirst(name.count)
        return rest.hasPrefix("(") || rest.hasPrefix(" {") || rest.hasPrefix(" = ") || rest.hasPrefix(" += ")
            || rest.hasPrefix(" -= ")
    }

    /// The change a line makes to the depth of brackets, braces and parentheses, string literals and
    /// a `//` comment skipped; nil when it holds a letter beyond ASCII outside them, as no code of
    /// the course does and its prose nearly always does.
    static func swiftDepthChange(_ text: String) -> Int? {
        var depth = 0
        let whole = walkBrackets(text) { step in
            depth += step
            return step != 0
        }
        return whole ? depth : nil
    }

    /// Walks the brackets, braces and parentheses of a line of Swift, string literals and a `//`
    /// comment aside: `visit` gets +1 for each that opens, -1 for each that closes and 0 for a byte
    /// beyond ASCII outside them, and stops the walk by returning false. False when it was stopped.
    /// (One reader for the lost fences' Swift runs and `cutsCode`'s code cut in two.)
    static func walkBrackets(_ line: String, _ visit: (Int) -> Bool) -> Bool {
        var inString = false
        var escaped = false
        var previous: UInt8 = 0
        for byte in line.utf8 {
            defer { previous = byte }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            let step: Int
            switch byte {
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"): return true
            case UInt8(ascii: "\""):
                inString = true
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): step = 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"): step = -1
            case 0x80...: step = 0
            default: continue
            }
            if !visit(step) { return false }
        }
        return true
    }

    /// The last line (an index) of the run of Swift from line `start` to at most `limit`: lines
    /// that start or go on Swift at the top level, and any line inside brackets they open, up to
    /// the last line that closes them all. Nil when no line does. `firstWidth`: the bytes of the
    /// first line before its text, when it is a list item's marker line (not `prefix`).
    static func swiftRun(
        _ file: SourceFile, from start: Int, through limit: Int, prefix: String = "", firstWidth: Int? = nil
    ) -> Int? {
        var depth = 0
        var end: Int?
        var index = start
        while index <= limit, index < file.lines.count {
            let line = file.lines[index].text
            guard
                let text = index == start && firstWidth != nil
                    ? String(decoding: line.utf8.dropFirst(firstWidth ?? 0), as: UTF8.self) : inside(line, prefix)
            else { break }
            index += 1
            if isBlank(text) { continue }
            if depth == 0, !(index - 1 == start ? startsSwift(text) : continuesSwift(text)) { break }
            guard let change = swiftDepthChange(text), depth + change >= 0 else { break }
            depth += change
            if depth == 0 { end = index - 1 }
        }
        return end
    }
}
