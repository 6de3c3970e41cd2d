/// Links and images (spec §6.3, §6.4): the bracket stack, inline destinations and titles, full,
/// collapsed and shortcut references, GFM footnote references, and GFM extended autolinks.
extension InlineParser.State {
    mutating func pushBracket(item: Int, start: Int, image: Bool) {
        if !brackets.isEmpty { brackets[brackets.count - 1].bracketAfter = true }
        brackets.append(InlineParser.Bracket(item: item, start: start, position: position, image: image))
    }

    mutating func popBracket() {
        _ = brackets.popLast()
    }

    /// A `[` or `![` is open, active or not: cmark-gfm makes no extended autolink then.
    var inBracket: Bool { !brackets.isEmpty }

    mutating func handleCloseBracket() {
        let close = position
        position += 1
        let afterClose = position
        func literal(_ state: inout Self) {
            state.position = afterClose
            state.appendText("]", close..<afterClose, literal: true)
        }
        guard let opener = brackets.last else { return literal(&self) }
        if !opener.image && opener.position < deactivatedBelow {
            popBracket()
            return literal(&self)
        }
        // An inline link: `(destination "title")`.
        if byte(position) == UInt8(ascii: "("), let tail = inlineLinkTail(from: position + 1) {
            position = tail.end
            let destination = InlineParser.unescape(Array(bytes[tail.destination]))
            let title = tail.title.map { InlineParser.unescape(Array(bytes[$0])) }
            return makeLink(opener, destination: destination, title: title)
        }
        // A reference: `[label]` after, `[]` after (collapsed), or nothing (shortcut).
        var label: Range<Int>?
        if let (found, after) = linkLabel(at: position) {
            label = found
            position = after
        }
        if label?.isEmpty ?? true, !opener.bracketAfter {
            label = opener.position..<close
        }
        if let label, let definition = lookup(label) {
            return makeLink(opener, destination: definition.destination, title: definition.title)
        }
        position = afterClose
        if !opener.image, makeFootnoteReference(opener, close: close) { return }
        popBracket()
        literal(&self)
    }

    /// The definition for the label in `range`: none for labels over 999 bytes or blank.
    func lookup(_ range: Range<Int>) -> LinkDefinition? {
        guard !definitions.isEmpty, (1...999).contains(range.count) else { return nil }
        let raw = text(range)
        let key = LinkDefinition.normalizedLabel(raw)
        guard !key.isEmpty else { return nil }
        return definitions[key] ?? definitions[LinkReferenceDefinition.normalized(raw)]
    }

    mutating func makeLink(_ opener: InlineParser.Bracket, destination: String, title: String?) {
        let kind: InlineKind =
            opener.image
            ? .image(destination: destination, title: title) : .link(destination: destination, title: title)
        _ = wrap(after: opener.item, before: -1, into: InlineParser.Item(kind: kind, range: opener.start..<position))
        detach(opener.item)
        processEmphasis(stackBottom: opener.position)
        popBracket()
        // Links do not contain links: every link opener before this one is now inactive.
        if !opener.image { deactivatedBelow = max(deactivatedBelow, opener.position) }
    }

    /// GFM `[^label]` for a footnote the document defines: the brackets hold only text.
    mutating func makeFootnoteReference(_ opener: InlineParser.Bracket, close: Int) -> Bool {
        guard !footnotes.isEmpty, byte(opener.position) == UInt8(ascii: "^"), close - opener.position >= 2
        else { return false }
        var child = items[opener.item].next
        while child >= 0 {
            guard case .text = items[child].kind else { return false }
            child = items[child].next
        }
        let label = text((opener.position + 1)..<close)
        guard footnotes.contains(LinkDefinition.normalizedLabel(label)) || footnotes.contains(label) else {
            return false
        }
        processEmphasis(stackBottom: opener.position)
        while items[opener.item].next >= 0 { detach(items[opener.item].next) }
        _ = wrap(
            after: opener.item, before: -1,
            into: InlineParser.Item(kind: .footnoteReference(label: label), range: opener.start..<position))
        detach(opener.item)
        popBracket()
        return true
    }

    /// `destination "title")` after the `(`, blanks and one line ending allowed between the parts.
    func inlineLinkTail(from start: Int) -> (destination: Range<Int>, title: Range<Int>?, end: Int)? {
        let destinationStart = skipSpaces(from: start)
        guard let (destination, afterDestination) = linkDestination(at: destinationStart) else { return nil }
        let titleStart = skipSpaces(from: afterDestination)
        var title: Range<Int>?
        var afterTitle = titleStart
        // A title needs a blank before it.
        if titleStart > afterDestination, let titleEnd = linkTitle(at: titleStart) {
            title = (titleStart + 1)..<(titleEnd - 1)
            afterTitle = titleEnd
        }
        let closing = skipSpaces(from: afterTitle)
        guard byte(closing) == UInt8(ascii: ")") else { return nil }
        return (destination, title, closing + 1)
    }

    /// `<…>` (no line ending or unescaped `<`) or a run without blanks or control characters whose
    /// parentheses balance (at most 32 deep, as cmark): the destination and where it ends.
    func linkDestination(at start: Int) -> (Range<Int>, Int)? {
        if byte(start) == UInt8(ascii: "<") {
            var index = start + 1
            while index < end {
                switch bytes[index] {
                case UInt8(ascii: ">"):
                    // Something (the `)`) must still follow.
                    return index + 1 < end ? ((start + 1)..<index, index + 1) : nil
                case UInt8(ascii: "\\"):
                    index += 2
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "<"):
                    return nil
                default:
                    index += 1
                }
            }
            return nil
        }
        var index = start
        var depth = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < end, InlineParser.isASCIIPunctuation(bytes[index + 1]) {
                index += 2
            } else if byte == UInt8(ascii: "(") {
                depth += 1
                index += 1
                if depth > 32 { return nil }
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
                index += 1
            } else if byte <= 0x20 || byte == 0x7F {
                if index == start { return nil }
                break
            } else {
                index += 1
            }
        }
        guard index < end, depth == 0 else { return nil }
        return (start..<index, index)
    }

    /// `"…"`, `'…'` or `(…)` with backslash escapes (no unescaped `(` in the last): its end.
    func linkTitle(at start: Int) -> Int? {
        guard let open = byte(start) else { return nil }
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return nil
        }
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
            } else if byte == close {
                return index + 1
            } else if open == UInt8(ascii: "("), byte == UInt8(ascii: "(") {
                return nil
            } else {
                index += 1
            }
        }
        return nil
    }

    /// `[label]` at `start`: its content (trimmed) and where it ends. At most 999 bytes, no
    /// unescaped brackets.
    func linkLabel(at start: Int) -> (Range<Int>, Int)? {
        guard byte(start) == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        while index < end, bytes[index] != UInt8(ascii: "["), bytes[index] != UInt8(ascii: "]") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < end, InlineParser.isASCIIPunctuation(bytes[index + 1]) {
                index += 1
            }
            index += 1
            if index - start - 1 > 999 { return nil }
        }
        guard byte(index) == UInt8(ascii: "]") else { return nil }
        var low = start + 1
        var high = index
        while low < high, InlineParser.isSpace(bytes[low]) { low += 1 }
        while high > low, InlineParser.isSpace(bytes[high - 1]) { high -= 1 }
        return (low..<high, index + 1)
    }

    // MARK: GFM extended autolinks

    /// `www.` at a word start (or after `*`, `_`, `~`, `(`): a link to `http://` plus the domain and
    /// path up to a blank, trailing punctuation trimmed.
    mutating func matchWWWAutolink() -> Bool {
        let start = position
        if start > 0 {
            let previous = bytes[start - 1]
            guard InlineParser.isSpace(previous) || "*_~(".utf8.contains(previous) else { return false }
        }
        guard !inBracket, match("www.", at: start), let domainEnd = domain(from: start, allowShort: false) else {
            return false
        }
        var linkEnd = domainEnd
        while linkEnd < end, !InlineParser.isSpace(bytes[linkEnd]), bytes[linkEnd] != UInt8(ascii: "<") {
            linkEnd += 1
        }
        linkEnd = InlineParser.trimAutolink(bytes, start, linkEnd)
        guard linkEnd > start else { return false }
        position = linkEnd
        makeExtendedAutolink(start..<linkEnd, destination: "http://" + text(start..<linkEnd))
        return true
    }

    /// `http://`, `https://` or `ftp://` before a `:` at `position`, the scheme's letters already
    /// emitted as text (taken back here).
    mutating func matchURLAutolink() -> Bool {
        let colon = position
        guard byte(colon + 1) == UInt8(ascii: "/"), byte(colon + 2) == UInt8(ascii: "/"), colon + 3 < end,
            !inBracket
        else { return false }
        var start = colon
        while start > 0, InlineParser.isASCIILetter(bytes[start - 1]) { start -= 1 }
        let scheme = text(start..<colon).lowercased()
        guard scheme == "http" || scheme == "https" || scheme == "ftp", isHostCharacter(at: colon + 3),
            let domainEnd = domain(from: colon + 3, allowShort: true), domainEnd > colon + 3
        else { return false }
        var linkEnd = domainEnd
        while linkEnd < end, !InlineParser.isSpace(bytes[linkEnd]), bytes[linkEnd] != UInt8(ascii: "<") {
            linkEnd += 1
        }
        linkEnd = InlineParser.trimAutolink(bytes, start, linkEnd)
        guard linkEnd > colon + 3, takeBack(colon - start) else { return false }
        position = linkEnd
        makeExtendedAutolink(start..<linkEnd, destination: text(start..<linkEnd))
        return true
    }

    /// Removes the last `count` bytes of literal text (a scheme's letters) from the root's last
    /// children; false when they are not all there.
    mutating func takeBack(_ count: Int) -> Bool {
        var remaining = count
        var last = items[0].last
        var plan: [(Int, Int)] = []
        while remaining > 0 {
            guard last >= 0, items[last].literal, case .text = items[last].kind else { return false }
            let take = min(remaining, text(of: items[last]).utf8.count)
            plan.append((last, take))
            remaining -= take
            last = items[last].previous
        }
        for (index, take) in plan {
            guard case .text(let written) = items[index].kind else { continue }
            if !items[index].fromSource {
                let kept = Array(written.utf8).dropLast(take)
                items[index].kind = .text(String(decoding: kept, as: UTF8.self))
            }
            items[index].range = items[index].range.lowerBound..<(items[index].range.upperBound - take)
        }
        return true
    }

    mutating func makeExtendedAutolink(_ range: Range<Int>, destination: String) {
        let link = append(InlineParser.Item(kind: .autolink(destination: destination), range: range))
        var child = InlineParser.Item(kind: .text(text(range)), range: range)
        child.parent = link
        child.literal = true
        items[link].first = items.count
        items[link].last = items.count
        items.append(child)
    }

    /// A character that may be in a host name: not a blank, not punctuation (cmark-gfm's older
    /// sense: the P categories, symbols allowed).
    func isHostCharacter(at index: Int) -> Bool {
        guard let scalar = scalar(at: index) else { return false }
        if scalar.isASCII {
            return !InlineParser.isSpace(UInt8(scalar.value)) && !InlineParser.isASCIIPunctuation(UInt8(scalar.value))
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .spaceSeparator:
            return false
        default:
            return true
        }
    }

    /// cmark-gfm's `check_domain`: host characters, `-`, `_` and dots from `start` (a backslash
    /// skips the next byte); no `_` in the last two labels unless there are over ten dots; at least
    /// one dot unless `allowShort`. Where the domain ends.
    func domain(from start: Int, allowShort: Bool) -> Int? {
        var index = start + 1
        var dots = 0
        var underscoresBefore = 0
        var underscores = 0
        while index < end - 1 {
            if bytes[index] == UInt8(ascii: "\\"), index < end - 2 { index += 1 }
            let byte = bytes[index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if byte != UInt8(ascii: "-"), !isHostCharacter(at: index) {
                break
            }
            index += 1
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
        if (underscoresBefore > 0 || underscores > 0) && dots <= 10 { return nil }
        return allowShort || dots > 0 ? index : nil
    }

    /// GFM email autolinks, found (as cmark-gfm does) after parsing, in the merged text outside
    /// links: the `local@domain.tld` around each `@`. Split points map back to the source through
    /// the text's segments (inside an entity or escape, to its edge).
    func emailAutolinks(_ nodes: [InlineNode], segments: [[InlineParser.Segment]]) -> [InlineNode] {
        var result: [InlineNode] = []
        for (offset, node) in nodes.enumerated() {
            guard case .text(let string) = node.kind, string.containsByte(UInt8(ascii: "@")) else {
                result.append(node)
                continue
            }
            let text = Array(string.utf8)
            let pieces = segments[offset]
            func source(_ index: Int, start: Bool) -> Int {
                guard let piece = pieces.first(where: { $0.text.contains(index) }) else {
                    return node.range.upperBound
                }
                if piece.literal { return piece.source.lowerBound + index - piece.text.lowerBound }
                return start || index == piece.text.lowerBound ? piece.source.lowerBound : piece.source.upperBound
            }
            func piece(_ range: Range<Int>) -> InlineNode {
                let from = source(range.lowerBound, start: true)
                let to = range.upperBound == text.count ? node.range.upperBound : source(range.upperBound, start: false)
                return InlineNode(kind: .text(String(decoding: text[range], as: UTF8.self)), range: from..<to)
            }
            let found = InlineParser.emails(in: text)
            guard !found.isEmpty else {
                result.append(node)
                continue
            }
            var pieceStart = 0
            for (range, mailto) in found {
                if range.lowerBound > pieceStart { result.append(piece(pieceStart..<range.lowerBound)) }
                let shown = piece(range)
                guard case .text(let address) = shown.kind else { continue }
                result.append(
                    InlineNode(
                        kind: .autolink(destination: (mailto ? "mailto:" : "") + address), range: shown.range,
                        children: [shown]))
                pieceStart = range.upperBound
            }
            if pieceStart < text.count { result.append(piece(pieceStart..<text.count)) }
        }
        return result
    }
}

extension InlineParser {
    /// cmark-gfm's `autolink_delim`: stops at `<`; drops trailing `?!.,:*_~'"`, a trailing entity-like
    /// `&name;`, and `)` beyond those opened.
    static func trimAutolink(_ bytes: [UInt8], _ start: Int, _ stop: Int) -> Int {
        var linkEnd = stop
        var opening = 0
        var closing = 0
        for index in start..<stop {
            if bytes[index] == UInt8(ascii: "<") {
                linkEnd = index
                break
            }
            if bytes[index] == UInt8(ascii: "(") {
                opening += 1
            } else if bytes[index] == UInt8(ascii: ")") {
                closing += 1
            }
        }
        while linkEnd > start {
            let last = bytes[linkEnd - 1]
            if last == UInt8(ascii: ")") {
                if closing <= opening { break }
                closing -= 1
                linkEnd -= 1
            } else if "?!.,:*_~'\"".utf8.contains(last) {
                linkEnd -= 1
            } else if last == UInt8(ascii: ";") {
                var name = linkEnd - 2
                while name > start, InlineParser.isASCIILetter(bytes[name]) { name -= 1 }
                if linkEnd - 2 > start, name < linkEnd - 2, bytes[name] == UInt8(ascii: "&") {
                    linkEnd = name
                } else {
                    linkEnd -= 1
                }
            } else {
                break
            }
        }
        return linkEnd
    }

    /// cmark-gfm's `postprocess_text`: each `local@domain.tld` in `text` (an address may also be
    /// spelled `mailto:…` or `xmpp:…`, then it gets no `mailto:`), and whether it needs `mailto:`.
    static func emails(in text: [UInt8]) -> [(Range<Int>, Bool)] {
        var found: [(Range<Int>, Bool)] = []
        // Where the search resumes, and how far back an address may reach.
        var floor = 0
        var from = 0
        var carriedDots = 0
        while from < text.count, let at = text[from...].firstIndex(of: UInt8(ascii: "@")) {
            var mailto = true
            var xmpp = false
            var rewind = 0
            while at - rewind > floor {
                let byte = text[at - rewind - 1]
                if isASCIIAlphanumeric(byte) || ".+-_".utf8.contains(byte) {
                    rewind += 1
                } else if byte == UInt8(ascii: ":"), let protocolName = protocolBefore(text, at - rewind, floor: floor)
                {
                    mailto = false
                    xmpp = protocolName == "xmpp:"
                    rewind += 1
                } else {
                    break
                }
            }
            guard rewind > 0 else {
                from = at + 1
                floor = from
                continue
            }
            var linkEnd = 1
            // Dots already counted before another `@` still count (as in cmark-gfm).
            var dots = carriedDots
            carriedDots = 0
            var again = false
            while at + linkEnd < text.count {
                let byte = text[at + linkEnd]
                if isASCIIAlphanumeric(byte) {
                } else if byte == UInt8(ascii: "@") {
                    // Another `@`: the address can only be around that one.
                    again = true
                    break
                } else if byte == UInt8(ascii: "."), at + linkEnd + 1 < text.count,
                    isASCIIAlphanumeric(text[at + linkEnd + 1])
                {
                    dots += 1
                } else if byte == UInt8(ascii: "/") && xmpp {
                } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                    break
                }
                linkEnd += 1
            }
            if again {
                carriedDots = dots
                from = at + linkEnd
                floor = at + 1
                continue
            }
            let last = text[at + linkEnd - 1]
            guard linkEnd >= 2, dots > 0, isASCIILetter(last) || last == UInt8(ascii: ".") else {
                from = at + linkEnd
                floor = from
                continue
            }
            let trimmed = trimAutolink(text, at, at + linkEnd)
            guard trimmed > at else {
                from = at + 1
                floor = from
                continue
            }
            found.append(((at - rewind)..<trimmed, mailto))
            from = trimmed
            floor = trimmed
        }
        return found
    }

    /// `mailto:` or `xmpp:` ending just before `colonEnd` (past the `:`), at `floor` or after a
    /// byte that is not alphanumeric.
    private static func protocolBefore(_ text: [UInt8], _ colonEnd: Int, floor: Int) -> String? {
        for name in ["mailto:", "xmpp:"] {
            let start = colonEnd - name.utf8.count
            guard start >= floor, text[start..<colonEnd].elementsEqual(name.utf8) else { continue }
            if start == floor || !isASCIIAlphanumeric(text[start - 1]) { return name }
        }
        return nil
    }
}
