/// What the claims need of CommonMark inline structure, read from a text block's source: code
/// spans, strong emphasis in both spellings (`**x**`, `__x__`), emphasis, links and backslash
/// escapes. Offsets are UTF-8 offsets into the source text, so findings map back to the file.
///
/// Emphasis follows the spec's flanking rules for delimiter runs; the pairing is the nearest
/// earlier opener of the same character (enough for the course's markers, not the full
/// "rule of three" of §6.2).
struct Inline: Sendable {
    /// A code span: the whole span and its content (one leading and trailing space stripped when
    /// both are there, as the spec says).
    struct CodeSpan: Sendable {
        var range: Range<Int>
        var content: Range<Int>
    }

    /// An emphasis or strong span: its opening delimiter's offset and its content.
    struct Emphasis: Sendable {
        var open: Int
        var content: Range<Int>
        var strong: Bool
    }

    /// A link: inline `[text](destination)`, or a reference (`[text][label]`, `[label][]`,
    /// `[label]`) with its definition's destination.
    struct Link: Sendable {
        var range: Range<Int>
        var text: Range<Int>
        var destination: String
    }

    var source: [UInt8]
    var codeSpans: [CodeSpan] = []
    var emphasis: [Emphasis] = []
    var links: [Link] = []
    /// Offsets of bytes that are markup, not text: delimiters, backticks, escaping backslashes,
    /// link brackets and destinations.
    private var markup: [Bool]

    /// The document's link reference definitions, by normalised label.
    private var definitions: [String: String] = [:]

    init(_ text: String, definitions: [String: String] = [:]) {
        source = Array(text.utf8)
        markup = [Bool](repeating: false, count: source.count)
        self.definitions = definitions
        scan()
    }

    /// Text known to hold no markup character: nothing to scan.
    init(plain text: String) {
        source = Array(text.utf8)
        markup = [Bool](repeating: false, count: source.count)
    }

    /// The rendered text of `range` (the whole source by default): markup dropped.
    func plain(_ range: Range<Int>? = nil) -> String {
        let range = range ?? 0..<source.count
        var bytes: [UInt8] = []
        for index in range where !markup[index] { bytes.append(source[index]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    func text(_ range: Range<Int>) -> String { String(decoding: source[range], as: UTF8.self) }

    /// True when `offset` lies inside a code span (where nothing else is markup).
    func inCode(_ offset: Int) -> Bool { codeSpans.contains { $0.range.contains(offset) } }

    private static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII {
            let value = scalar.value
            return (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value)
                || (0x7B...0x7E).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// The scalar ending just before `offset`, and the one starting at `offset`.
    private func scalar(before offset: Int) -> Unicode.Scalar? {
        guard offset > 0 else { return nil }
        if source[offset - 1] < 0x80 { return Unicode.Scalar(source[offset - 1]) }
        var start = offset - 1
        while start > 0 && source[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: source[start..<offset], as: UTF8.self).unicodeScalars.first
    }

    private func scalar(at offset: Int) -> Unicode.Scalar? {
        guard offset < source.count else { return nil }
        if source[offset] < 0x80 { return Unicode.Scalar(source[offset]) }
        var end = offset + 1
        while end < source.count && source[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: source[offset..<end], as: UTF8.self).unicodeScalars.first
    }

    private mutating func scan() {
        let backtick = UInt8(ascii: "`")
        let backslash = UInt8(ascii: "\\")
        // Code spans first: a backtick run closed by the next run of the same length.
        var index = 0
        var escaped = [Bool](repeating: false, count: source.count)
        while index < source.count {
            if source[index] == backslash, index + 1 < source.count, Self.isPunctuation(scalar(at: index + 1)) {
                escaped[index + 1] = true
                index += 2
                continue
            }
            guard source[index] == backtick else {
                index += 1
                continue
            }
            let runStart = index
            while index < source.count && source[index] == backtick { index += 1 }
            let length = index - runStart
            var cursor = index
            var closed: Int?
            while cursor < source.count {
                guard source[cursor] == backtick else {
                    cursor += 1
                    continue
                }
                let start = cursor
                while cursor < source.count && source[cursor] == backtick { cursor += 1 }
                if cursor - start == length {
                    closed = start
                    break
                }
            }
            guard let close = closed else { continue }
            var content = index..<close
            if content.count >= 2, source[content.lowerBound] == 0x20, source[content.upperBound - 1] == 0x20,
                !source[content].allSatisfy({ $0 == 0x20 })
            {
                content = (content.lowerBound + 1)..<(content.upperBound - 1)
            }
            codeSpans.append(CodeSpan(range: runStart..<(close + length), content: content))
            for offset in runStart..<(close + length) where !content.contains(offset) { markup[offset] = true }
            index = close + length
        }
        // Backslash escapes outside code spans: the backslash is markup.
        for offset in 0..<source.count where escaped[offset] && !inCode(offset) { markup[offset - 1] = true }
        // Most paragraphs have neither; skip the scans they would not need.
        if source.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") }) {
            scanEmphasis(escaped: escaped)
        }
        if source.contains(UInt8(ascii: "[")) { scanLinks(escaped: escaped) }
    }

    private mutating func scanEmphasis(escaped: [Bool]) {
        struct Run {
            var character: UInt8
            var start: Int
            var length: Int
            var canOpen: Bool
            var canClose: Bool
        }
        var runs: [Run] = []
        var index = 0
        while index < source.count {
            let byte = source[index]
            guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_"), !escaped[index], !inCode(index) else {
                index += 1
                continue
            }
            let start = index
            while index < source.count && source[index] == byte && !escaped[index] { index += 1 }
            let before = scalar(before: start)
            let after = scalar(at: index)
            let leftFlanking =
                !Self.isWhitespace(after)
                && (!Self.isPunctuation(after) || Self.isWhitespace(before) || Self.isPunctuation(before))
            let rightFlanking =
                !Self.isWhitespace(before)
                && (!Self.isPunctuation(before) || Self.isWhitespace(after) || Self.isPunctuation(after))
            let canOpen =
                byte == UInt8(ascii: "*")
                ? leftFlanking : leftFlanking && (!rightFlanking || Self.isPunctuation(before))
            let canClose =
                byte == UInt8(ascii: "*")
                ? rightFlanking : rightFlanking && (!leftFlanking || Self.isPunctuation(after))
            runs.append(Run(character: byte, start: start, length: index - start, canOpen: canOpen, canClose: canClose))
        }
        // Pair each closer with the nearest earlier opener of the same character; strong first.
        var openers: [Int] = []
        for position in runs.indices {
            var closer = runs[position]
            if closer.canClose {
                var stackIndex = openers.count - 1
                while closer.length > 0 && stackIndex >= 0 {
                    let openerIndex = openers[stackIndex]
                    var opener = runs[openerIndex]
                    guard opener.character == closer.character, opener.length > 0 else {
                        stackIndex -= 1
                        continue
                    }
                    let used = opener.length >= 2 && closer.length >= 2 ? 2 : 1
                    let openEnd = opener.start + opener.length
                    let content = openEnd..<closer.start
                    emphasis.append(Emphasis(open: openEnd - used, content: content, strong: used == 2))
                    for offset in (openEnd - used)..<openEnd { markup[offset] = true }
                    for offset in closer.start..<(closer.start + used) { markup[offset] = true }
                    opener.length -= used
                    closer.start += used
                    closer.length -= used
                    runs[openerIndex] = opener
                    // Openers between this one and the closer can no longer be closed.
                    openers.removeSubrange((stackIndex + 1)...)
                    if opener.length == 0 {
                        openers.remove(at: stackIndex)
                        stackIndex -= 1
                    }
                }
                runs[position] = closer
            }
            if closer.canOpen && closer.length > 0 { openers.append(position) }
        }
        emphasis.sort { $0.open < $1.open }
    }

    /// The reference link whose text is `[open…close]`: full (`[text][label]`), collapsed
    /// (`[label][]`) or shortcut (`[label]`), when its label is defined; `end` is its last `]`.
    private func reference(_ open: Int, _ close: Int) -> (destination: String, end: Int)? {
        if close + 1 < source.count, source[close + 1] == UInt8(ascii: "["),
            let labelClose = source[(close + 2)...].firstIndex(of: UInt8(ascii: "]"))
        {
            let label = labelClose == close + 2 ? source[(open + 1)..<close] : source[(close + 2)..<labelClose]
            let key = LinkReferenceDefinition.normalized(String(decoding: label, as: UTF8.self))
            // A full reference with an undefined label is no link, and not a shortcut either.
            return definitions[key].map { ($0, labelClose) }
        }
        let key = LinkReferenceDefinition.normalized(String(decoding: source[(open + 1)..<close], as: UTF8.self))
        return definitions[key].map { ($0, close) }
    }

    private mutating func scanLinks(escaped: [Bool]) {
        var index = 0
        while index < source.count {
            guard source[index] == UInt8(ascii: "["), !escaped[index], !inCode(index) else {
                index += 1
                continue
            }
            // The matching `]` (brackets nest), then `(destination)`.
            var depth = 0
            var cursor = index
            var close: Int?
            while cursor < source.count {
                if !escaped[cursor] && !inCode(cursor) {
                    if source[cursor] == UInt8(ascii: "[") { depth += 1 }
                    if source[cursor] == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 {
                            close = cursor
                            break
                        }
                    }
                }
                cursor += 1
            }
            guard let close else {
                index += 1
                continue
            }
            guard close + 1 < source.count, source[close + 1] == UInt8(ascii: "("),
                let end = source[(close + 2)...].firstIndex(of: UInt8(ascii: ")"))
            else {
                if let reference = reference(index, close) {
                    links.append(
                        Link(
                            range: index..<(reference.end + 1), text: (index + 1)..<close,
                            destination: reference.destination))
                    markup[index] = true
                    for offset in close...reference.end { markup[offset] = true }
                    index = reference.end + 1
                } else {
                    index += 1
                }
                continue
            }
            var destination = String(decoding: source[(close + 2)..<end], as: UTF8.self)
            destination = String(Substring(destination).trimmingBlanks())
            if destination.hasPrefix("<") && destination.hasSuffix(">") {
                destination = String(destination.dropFirst().dropLast())
            }
            if let space = destination.firstIndex(of: " ") { destination = String(destination[..<space]) }
            links.append(Link(range: index..<(end + 1), text: (index + 1)..<close, destination: destination))
            markup[index] = true
            for offset in close...end { markup[offset] = true }
            index = end + 1
        }
    }
}
