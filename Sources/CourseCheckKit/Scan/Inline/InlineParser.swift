/// CommonMark 0.31.2 inline parsing (phase 2 of the spec's parsing strategy) with the GFM inline
/// extensions: strikethrough, extended autolinks and footnote references. It follows the spec's
/// reference implementation (cmark `inlines.c`) step by step, over the UTF-8 bytes of one block's
/// text, so every node keeps the byte range it came from.
///
/// Total and linear-ish: every step of the main loop consumes at least one byte; the delimiter
/// search keeps cmark's per-kind lower bounds, a failed search for a closing backtick run, `-->`,
/// `?>`, `]]>` or `>` is remembered so it is never repeated, link labels stop at 999 bytes, and
/// nesting deeper than `maximumNesting` is flattened (so no walk of the result recurses deeply).
package enum InlineParser {
    /// Which GFM extensions are on. Footnote references need no option: they are recognised only for
    /// the labels passed in `footnotes`.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `~~text~~` and `~text~` (a run of one or two tildes on each side, of the same length).
        package static let strikethrough = Options(rawValue: 1 << 0)
        /// `www.example.com`, `https://…`, `http://…`, `ftp://…` and `user@example.com` in text.
        package static let extendedAutolinks = Options(rawValue: 1 << 1)
        /// What GitHub renders.
        package static let gfm: Options = [.strikethrough, .extendedAutolinks]
        /// Plain CommonMark.
        package static let commonMark: Options = []
    }

    /// Emphasis, links and strikethrough nested deeper than this are replaced by their content
    /// (text, code, breaks and HTML stay, in order): the result is a recursive value, and a line of
    /// 50,000 alternating `*` and `**` would otherwise nest as deep.
    package static let maximumNesting = 64

    /// The inline content of `text`: one paragraph's or heading's lines joined with `\n`, leading
    /// blanks of each line already removed (as the block parser does). Trailing blanks are ignored.
    /// `definitions` maps link labels (`LinkDefinition.normalizedLabel`) to their targets;
    /// `footnotes` holds the normalised labels of the footnotes the document defines.
    package static func parse(
        _ text: String, definitions: [String: LinkDefinition] = [:], footnotes: Set<String> = [],
        options: Options = .gfm
    ) -> [InlineNode] {
        var state = State(text, definitions: definitions, footnotes: footnotes, options: options)
        state.run()
        return state.freeze()
    }

    /// `bytes` with backslash escapes and entity references decoded, as link destinations, titles
    /// and definitions need.
    package static func unescape(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, isASCIIPunctuation(bytes[index + 1]) {
                out.append(bytes[index + 1])
                index += 2
            } else if byte == UInt8(ascii: "&"), let (decoded, length) = entity(bytes, at: index, end: bytes.count) {
                out.append(contentsOf: decoded.utf8)
                index += length
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The entity or numeric character reference starting at `start` (an `&`): its text and its
    /// length in bytes, `;` included. Invalid code points and zero decode to U+FFFD, as the spec says.
    static func entity(_ bytes: [UInt8], at start: Int, end: Int) -> (String, Int)? {
        var index = start + 1
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var hex = false
            if index < end, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
                hex = true
                index += 1
            }
            let digitsStart = index
            let maximum = hex ? 6 : 7
            var value: UInt32 = 0
            while index < end, index - digitsStart <= maximum {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            let digits = index - digitsStart
            guard (1...maximum).contains(digits), index < end, bytes[index] == UInt8(ascii: ";") else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), index + 1 - start)
        }
        let nameStart = index
        while index < end, index - nameStart <= EntityTable.longestName, isASCIIAlphanumeric(bytes[index]) {
            index += 1
        }
        guard index > nameStart, index < end, bytes[index] == UInt8(ascii: ";"),
            let decoded = EntityTable.characters[String(decoding: bytes[nameStart..<index], as: UTF8.self)]
        else { return nil }
        return (decoded, index + 1 - start)
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || isASCIILetter(byte)
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// cmark's `isspace`: the blanks and line endings that separate link parts and end text runs.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Unicode whitespace as the flanking rules mean it; nil (the start or end of the text) counts.
    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Unicode punctuation as 0.31 defines it: general category P or S.
    static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}

extension InlineParser {
    /// A node while the tree is being built: cmark's doubly linked tree, in an array.
    struct Item {
        var kind: InlineKind
        var range: Range<Int>
        /// A text node whose text is exactly its source bytes (no escape or entity in it).
        var literal = false
        /// A literal text node whose text was never copied out: it is `bytes[range]`, and its kind
        /// holds an empty string (most text is plain runs, and a String for each cost an allocation).
        var fromSource = false
        var parent = -1
        var previous = -1
        var next = -1
        var first = -1
        var last = -1
    }

    /// An emphasis or strikethrough delimiter run still waiting for its partner.
    struct Delimiter {
        var item: Int
        var character: UInt8
        var canOpen: Bool
        var canClose: Bool
        /// The run's length as scanned (the rule of three reads this).
        var length: Int
        /// Delimiters of the run not yet used.
        var count: Int
        /// Source offset just past the run.
        var position: Int
        var previous = -1
        var next = -1
    }

    /// A `[` or `![` that may open a link or image.
    struct Bracket {
        var item: Int
        /// Source offset of the `[` or `!`.
        var start: Int
        /// Source offset just past the `[`.
        var position: Int
        var image: Bool
        /// Another bracket was opened after this one (then it is no shortcut reference).
        var bracketAfter = false
    }

    /// A piece of a merged text node: where its text lies in the node's UTF-8 and in the source.
    /// A literal piece maps byte for byte; an entity or escape only as a whole.
    struct Segment {
        var text: Range<Int>
        var source: Range<Int>
        var literal: Bool
    }

    /// Collects a parent's frozen children, merging adjacent text (in one buffer, so a long run of
    /// small pieces costs linear time) and remembering each merged node's segments.
    struct Builder {
        /// The parsed text's bytes, which source-backed text items read.
        let source: [UInt8]
        var nodes: [InlineNode] = []
        /// Parallel to `nodes`: the segments of a text node holding an `@`, empty for others.
        var segments: [[Segment]] = []
        var pending: [UInt8] = []
        var pendingSegments: [Segment] = []

        mutating func add(_ item: Item) {
            guard case .text(let text) = item.kind else {
                add(InlineNode(kind: item.kind, range: item.range))
                return
            }
            let start = pending.count
            if item.fromSource {
                pending.append(contentsOf: source[item.range])
            } else {
                pending.append(contentsOf: text.utf8)
            }
            guard pending.count > start else { return }
            let literal = item.literal && pending.count - start == item.range.count
            pendingSegments.append(Segment(text: start..<pending.count, source: item.range, literal: literal))
        }

        mutating func add(_ node: InlineNode) {
            flush()
            nodes.append(node)
            segments.append([])
        }

        mutating func flush() {
            guard let first = pendingSegments.first, let last = pendingSegments.last else { return }
            let range = first.source.lowerBound..<max(first.source.upperBound, last.source.upperBound)
            nodes.append(InlineNode(kind: .text(String(decoding: pending, as: UTF8.self)), range: range))
            // Only email autolinks read the segments, and only in text holding an `@`: other text
            // keeps none (a copy of the segments for each text node was an allocation each).
            segments.append(pending.contains(UInt8(ascii: "@")) ? pendingSegments : [])
            pending.removeAll(keepingCapacity: true)
            pendingSegments.removeAll(keepingCapacity: true)
        }
    }

    struct State {
        let bytes: [UInt8]
        /// The end of the text, trailing blanks trimmed.
        let end: Int
        let definitions: [String: LinkDefinition]
        let footnotes: Set<String>
        let options: Options
        /// Bytes that end a run of plain text.
        let special: [Bool]
        var position = 0
        /// Index 0 is the root: the block itself.
        var items: [Item] = [Item(kind: .text(""), range: 0..<0)]
        var delimiters: [Delimiter] = []
        var lastDelimiter = -1
        var brackets: [Bracket] = []
        /// Link openers before this offset are inactive: a link was made after them, and links do
        /// not nest (the spec's "set all [ delimiters before the opening delimiter to inactive",
        /// in constant time).
        var deactivatedBelow = 0
        /// For each backtick run length, where the last run of that length seen by a search starts;
        /// once a search reached the end, a length whose last run lies behind has no closer.
        var backtickRuns: [Int: Int] = [:]
        var scannedForBackticks = false
        /// A search for the end of this HTML construct already failed through the end of the text.
        var noCommentEnd = false
        var noInstructionEnd = false
        var noDeclarationEnd = false
        var noCDATAEnd = false

        init(_ text: String, definitions: [String: LinkDefinition], footnotes: Set<String>, options: Options) {
            bytes = Array(text.utf8)
            var end = bytes.count
            while end > 0, InlineParser.isSpace(bytes[end - 1]) { end -= 1 }
            self.end = end
            self.definitions = definitions
            self.footnotes = footnotes
            self.options = options
            self.special = Self.specialBytes[options.rawValue & 3]
        }

        /// The bytes that end a run of plain text, for each of the four option sets (by raw value).
        /// Built once: building the table per block cost a fifth of parsing a short one.
        static let specialBytes: [[Bool]] = (0..<4).map { raw in
            let options = Options(rawValue: raw)
            var special = [Bool](repeating: false, count: 256)
            for byte in "\n\r\\`&_*[]<!".utf8 { special[Int(byte)] = true }
            if options.contains(.strikethrough) { special[Int(UInt8(ascii: "~"))] = true }
            if options.contains(.extendedAutolinks) {
                special[Int(UInt8(ascii: "w"))] = true
                special[Int(UInt8(ascii: ":"))] = true
            }
            return special
        }

        func byte(_ index: Int) -> UInt8? { index < end && index >= 0 ? bytes[index] : nil }

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        /// The text of a text item, source-backed or not.
        func text(of item: Item) -> String {
            if item.fromSource { return text(item.range) }
            if case .text(let text) = item.kind { return text }
            return ""
        }

        // MARK: The main loop

        mutating func run() {
            while position < end {
                let before = position
                parseInline()
                // Every handler consumes at least one byte; this keeps the loop finite regardless.
                if position <= before { position = before + 1 }
            }
            processEmphasis(stackBottom: 0)
        }

        mutating func parseInline() {
            let character = bytes[position]
            switch character {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                handleNewline()
            case UInt8(ascii: "`"):
                handleBackticks()
            case UInt8(ascii: "\\"):
                handleBackslash()
            case UInt8(ascii: "&"):
                handleEntity()
            case UInt8(ascii: "<"):
                handlePointyBrace()
            case UInt8(ascii: "*"), UInt8(ascii: "_"):
                handleDelimiter(character)
            case UInt8(ascii: "~") where options.contains(.strikethrough):
                handleDelimiter(character)
            case UInt8(ascii: "["):
                position += 1
                let item = appendText("[", position - 1..<position, literal: true)
                pushBracket(item: item, start: position - 1, image: false)
            case UInt8(ascii: "]"):
                handleCloseBracket()
            case UInt8(ascii: "!"):
                if byte(position + 1) == UInt8(ascii: "[") {
                    position += 2
                    let item = appendText("![", position - 2..<position, literal: true)
                    pushBracket(item: item, start: position - 2, image: true)
                } else {
                    position += 1
                    appendText("!", position - 1..<position, literal: true)
                }
            case UInt8(ascii: "w") where options.contains(.extendedAutolinks):
                if !matchWWWAutolink() { handleText() }
            case UInt8(ascii: ":") where options.contains(.extendedAutolinks):
                if !matchURLAutolink() { handleText() }
            default:
                handleText()
            }
        }

        /// A run of plain text up to the next special byte; blanks before a line ending are dropped
        /// (they make a hard break or nothing).
        mutating func handleText() {
            let start = position
            // Over raw buffers: with the arrays' bounds checks the scan cost ~10 instructions a byte.
            let stop = bytes.withUnsafeBufferPointer { bytes in
                special.withUnsafeBufferPointer { special in
                    var stop = start + 1
                    while stop < end, !special[Int(bytes[stop])] { stop += 1 }
                    return stop
                }
            }
            position = stop
            var textEnd = stop
            if let next = byte(stop), next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                while textEnd > start, InlineParser.isSpace(bytes[textEnd - 1]) { textEnd -= 1 }
            }
            if textEnd > start {
                var item = Item(kind: .text(""), range: start..<textEnd)
                item.literal = true
                item.fromSource = true
                append(item)
            }
        }

        mutating func handleNewline() {
            let newline = position
            if bytes[position] == UInt8(ascii: "\r") { position += 1 }
            if byte(position) == UInt8(ascii: "\n") { position += 1 }
            while let next = byte(position), next == 0x20 || next == 0x09 { position += 1 }
            // The blanks before the line ending belong to the break, unless a node already has them.
            let floor = items[0].last >= 0 ? items[items[0].last].range.upperBound : 0
            var start = newline
            while start > floor, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            let hard = newline > 1 && bytes[newline - 1] == 0x20 && bytes[newline - 2] == 0x20
            append(Item(kind: hard ? .hardBreak : .softBreak, range: start..<position))
        }

        mutating func handleBackslash() {
            let start = position
            position += 1
            if let next = byte(position), InlineParser.isASCIIPunctuation(next) {
                position += 1
                appendText(String(UnicodeScalar(next)), start..<position, literal: false)
            } else if let next = byte(position), next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                if next == UInt8(ascii: "\r") { position += 1 }
                if byte(position) == UInt8(ascii: "\n") { position += 1 }
                append(Item(kind: .hardBreak, range: start..<position))
            } else {
                appendText("\\", start..<position, literal: true)
            }
        }

        mutating func handleEntity() {
            let start = position
            if let (decoded, length) = InlineParser.entity(bytes, at: position, end: end) {
                position += length
                appendText(decoded, start..<position, literal: false)
            } else {
                position += 1
                appendText("&", start..<position, literal: true)
            }
        }

        // MARK: The tree

        @discardableResult
        mutating func appendText(_ text: String, _ range: Range<Int>, literal: Bool) -> Int {
            var item = Item(kind: .text(text), range: range)
            item.literal = literal
            return append(item)
        }

        /// Appends `item` as the root's last child.
        @discardableResult
        mutating func append(_ item: Item) -> Int {
            var item = item
            let index = items.count
            item.parent = 0
            item.previous = items[0].last
            if item.previous >= 0 { items[item.previous].next = index } else { items[0].first = index }
            items[0].last = index
            items.append(item)
            return index
        }

        /// Takes `index` out of its parent's children.
        mutating func detach(_ index: Int) {
            let item = items[index]
            if item.previous >= 0 {
                items[item.previous].next = item.next
            } else if item.parent >= 0 {
                items[item.parent].first = item.next
            }
            if item.next >= 0 {
                items[item.next].previous = item.previous
            } else if item.parent >= 0 {
                items[item.parent].last = item.previous
            }
            items[index].parent = -1
            items[index].previous = -1
            items[index].next = -1
        }

        /// Adds `container` (a new item) after `after` and moves the siblings between `after` and
        /// `before` (-1: to the end) into it.
        mutating func wrap(after: Int, before: Int, into container: Item) -> Int {
            let index = items.count
            var container = container
            let parent = items[after].parent
            container.parent = parent
            container.previous = after
            container.next = before
            let firstMoved = items[after].next
            if firstMoved >= 0 && firstMoved != before {
                let lastMoved = before >= 0 ? items[before].previous : items[parent].last
                container.first = firstMoved
                container.last = lastMoved
                items[firstMoved].previous = -1
                items[lastMoved].next = -1
                var child = firstMoved
                while child >= 0 {
                    items[child].parent = index
                    child = items[child].next
                }
            }
            items.append(container)
            items[after].next = index
            if before >= 0 { items[before].previous = index } else if parent >= 0 { items[parent].last = index }
            return index
        }

        // MARK: The result

        func freeze() -> [InlineNode] { freezeChildren(of: 0, depth: 0, inLink: false) }

        func freezeChildren(of parent: Int, depth: Int, inLink: Bool) -> [InlineNode] {
            var builder = InlineParser.Builder(source: bytes)
            var child = items[parent].first
            while child >= 0 {
                let index = child
                let item = items[index]
                child = item.next
                if !Self.isContainer(item.kind) {
                    builder.add(item)
                } else if depth >= InlineParser.maximumNesting {
                    flatten(index, into: &builder)
                } else {
                    let children = freezeChildren(
                        of: index, depth: depth + 1, inLink: inLink || Self.isLink(item.kind))
                    builder.add(InlineNode(kind: item.kind, range: item.range, children: children))
                }
            }
            builder.flush()
            if options.contains(.extendedAutolinks) && !inLink {
                return emailAutolinks(builder.nodes, segments: builder.segments)
            }
            return builder.nodes
        }

        /// The leaves under `index`, in order, without recursion.
        func flatten(_ index: Int, into builder: inout InlineParser.Builder) {
            // Children are pushed right to left so they pop left to right.
            var stack: [Int] = []
            var child = items[index].last
            while child >= 0 {
                stack.append(child)
                child = items[child].previous
            }
            while let next = stack.popLast() {
                let current = items[next]
                if Self.isContainer(current.kind) {
                    var grandchild = current.last
                    while grandchild >= 0 {
                        stack.append(grandchild)
                        grandchild = items[grandchild].previous
                    }
                } else {
                    builder.add(current)
                }
            }
        }

        static func isContainer(_ kind: InlineKind) -> Bool {
            switch kind {
            case .emphasis, .strong, .strikethrough, .link, .image, .autolink: true
            default: false
            }
        }

        static func isLink(_ kind: InlineKind) -> Bool {
            switch kind {
            case .link, .image, .autolink: true
            default: false
            }
        }
    }
}
