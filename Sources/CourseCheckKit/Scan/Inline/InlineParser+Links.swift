/// Links and images (spec §6.3, §6.4): the bracket stack, inline destinations and titles, full,
/// collapsed and shortcut references, GFM footnote references, and GFM extended autolinks.
extension InlineParser.State {
    mutating func pushBracket(item: Int, start: Int, image: Bool) {
        if !brackets.isEmpty { brackets[brackets.count - 1].bracketAfter = true }
        brackets.append(InlineParser.Bracket(item: item, start: start, position: position, image: image))
        if image { imageOpeners += 1 } else { linkOpenerPositions.append(position) }
    }

    mutating func popBracket() {
        guard let bracket = brackets.popLast() else { return }
        if bracket.image { imageOpeners -= 1 } else { linkOpenerPositions.removeLast() }
    }

    /// An active `[` or `![` is open (cmark-gfm makes no extended autolink inside one).
    var inBracket: Bool {
        imageOpeners > 0 || (linkOpenerPositions.last ?? -1) >= deactivatedBelow
    }

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
        unlink(opener.item)
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
        while items[opener.item].next >= 0 { unlink(items[opener.item].next) }
        _ = wrap(
            after: opener.item, before: -1,
            into: InlineParser.Item(kind: .footnoteReference(label: label), range: opener.start..<position))
        unlink(opener.item)
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
        while linkEnd < end, !InlineParser.isSpace(bytes[linkEnd]) { linkEnd += 1 }
        linkEnd = trimAutolink(start, linkEnd)
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
        while linkEnd < end, !InlineParser.isSpace(bytes[linkEnd]) { linkEnd += 1 }
        linkEnd = trimAutolink(start, linkEnd)
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
            guard last >= 0, items[last].literal, case .text(let text) = items[last].kind else { return false }
            let take = min(remaining, text.utf8.count)
            plan.append((last, take))
            remaining -= take
            last = items[last].previous
        }
        for (index, take) in plan {
            guard case .text(let text) = items[index].kind else { continue }
            let kept = Array(text.utf8).dropLast(take)
            items[index].kind = .text(String(decoding: kept, as: UTF8.self))
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

    /// A byte that may be in a host name: not a blank, not punctuation.
    func isHostCharacter(at index: Int) -> Bool {
        guard let scalar = scalar(at: index) else { return false }
        return !InlineParser.isWhitespace(scalar) && !InlineParser.isPunctuation(scalar)
    }

    /// cmark-gfm's `check_domain`: host characters, `-`, `_` and dots from `start`; no `_` in the
    /// last two labels; at least one dot unless `allowShort`. Where the domain ends.
    func domain(from start: Int, allowShort: Bool) -> Int? {
        var index = start + 1
        var dots = 0
        var underscoresBefore = 0
        var underscores = 0
        while index < end - 1 {
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
            index += byte < 0x80 ? 1 : max(1, scalar(at: index).map { String($0).utf8.count } ?? 1)
        }
        if underscoresBefore > 0 || underscores > 0 { return nil }
        return allowShort || dots > 0 ? index : nil
    }

    /// cmark-gfm's `autolink_delim`: stops at `<`; drops trailing `?!.,:*_~'"`, a trailing entity-like
    /// `&name;`, and `)` beyond those opened.
    func trimAutolink(_ start: Int, _ stop: Int) -> Int {
        var linkEnd = stop
        if let less = bytes[start..<stop].firstIndex(of: UInt8(ascii: "<")) { linkEnd = less }
        var opening = 0
        var closing = 0
        for byte in bytes[start..<linkEnd] {
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        while linkEnd > start {
            let last = bytes[linkEnd - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                linkEnd -= 1
            } else if last == UInt8(ascii: ";") {
                var name = linkEnd - 2
                while name > start, InlineParser.isASCIILetter(bytes[name]) { name -= 1 }
                if name < linkEnd - 2, bytes[name] == UInt8(ascii: "&") { linkEnd = name } else { linkEnd -= 1 }
            } else if last == UInt8(ascii: ")"), closing > opening {
                closing -= 1
                linkEnd -= 1
            } else {
                break
            }
        }
        return linkEnd
    }

    /// GFM email autolinks, found (as cmark-gfm does) after parsing, in text outside links: the
    /// `local@domain.tld` around each `@`. Only text that is its own source is searched, so every
    /// piece keeps an exact range.
    func emailAutolinks(_ nodes: [InlineNode], literal: [Bool]) -> [InlineNode] {
        var result: [InlineNode] = []
        for (offset, node) in nodes.enumerated() {
            guard literal[offset], case .text = node.kind, bytes[node.range].contains(UInt8(ascii: "@")) else {
                result.append(node)
                continue
            }
            var pieceStart = node.range.lowerBound
            var index = node.range.lowerBound
            let stop = node.range.upperBound
            while index < stop {
                guard bytes[index] == UInt8(ascii: "@"), let (from, to) = email(around: index, in: pieceStart..<stop)
                else {
                    index += 1
                    continue
                }
                if from > pieceStart {
                    result.append(InlineNode(kind: .text(text(pieceStart..<from)), range: pieceStart..<from))
                }
                let shown = text(from..<to)
                result.append(
                    InlineNode(
                        kind: .autolink(destination: "mailto:" + shown), range: from..<to,
                        children: [InlineNode(kind: .text(shown), range: from..<to)]))
                pieceStart = to
                index = to
            }
            if pieceStart < stop {
                result.append(InlineNode(kind: .text(text(pieceStart..<stop)), range: pieceStart..<stop))
            }
        }
        return result
    }

    /// The email address around the `@` at `at`, within `bounds`.
    func email(around at: Int, in bounds: Range<Int>) -> (Int, Int)? {
        var from = at
        while from > bounds.lowerBound {
            let byte = bytes[from - 1]
            guard InlineParser.isASCIIAlphanumeric(byte) || ".+-_".utf8.contains(byte) else {
                if byte == UInt8(ascii: "/") { return nil }
                break
            }
            from -= 1
        }
        guard from < at else { return nil }
        var to = at + 1
        var dots = 0
        while to < bounds.upperBound {
            let byte = bytes[to]
            if InlineParser.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                to += 1
            } else if byte == UInt8(ascii: "."), to + 1 < bounds.upperBound,
                InlineParser.isASCIIAlphanumeric(bytes[to + 1])
            {
                dots += 1
                to += 1
            } else {
                break
            }
        }
        guard to - at >= 2, dots > 0 else { return nil }
        let last = bytes[to - 1]
        guard InlineParser.isASCIILetter(last) || last == UInt8(ascii: ".") else { return nil }
        let trimmed = trimAutolink(from, to)
        return trimmed > at + 1 ? (from, trimmed) : nil
    }
}
