/// Emphasis, strong emphasis and GFM strikethrough: delimiter runs, the flanking rules, and
/// `process_emphasis` with the rule of three (spec §6.2 and its appendix).
extension InlineParser.State {
    /// The scalar starting at `index`, nil at the end of the text.
    func scalar(at index: Int) -> Unicode.Scalar? {
        guard index < end else { return nil }
        let lead = bytes[index]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= end else { return nil }
        return String(decoding: bytes[index..<(index + length)], as: UTF8.self).unicodeScalars.first
    }

    /// The scalar ending just before `index`, nil at the start of the text.
    func scalar(before index: Int) -> Unicode.Scalar? {
        guard index > 0 else { return nil }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80, index - start < 4 { start -= 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.first
    }

    /// A run of `*`, `_` or `~`: text, and a delimiter when it can open or close.
    mutating func handleDelimiter(_ character: UInt8) {
        let start = position
        let before = scalar(before: start)
        while byte(position) == character { position += 1 }
        let length = position - start
        let after = scalar(at: position)
        let afterIsWhitespace = InlineParser.isWhitespace(after)
        let beforeIsWhitespace = InlineParser.isWhitespace(before)
        let afterIsPunctuation = InlineParser.isPunctuation(after)
        let beforeIsPunctuation = InlineParser.isPunctuation(before)
        let leftFlanking =
            !afterIsWhitespace && (!afterIsPunctuation || beforeIsWhitespace || beforeIsPunctuation)
        let rightFlanking =
            !beforeIsWhitespace && (!beforeIsPunctuation || afterIsWhitespace || afterIsPunctuation)
        var canOpen = leftFlanking
        var canClose = rightFlanking
        if character == UInt8(ascii: "_") {
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        }
        let item = appendText(text(start..<position), start..<position, literal: true)
        // GFM strikes through with one or two tildes; a longer run is only text.
        if character == UInt8(ascii: "~") && length > 2 { return }
        guard canOpen || canClose else { return }
        var delimiter = InlineParser.Delimiter(
            item: item, character: character, canOpen: canOpen, canClose: canClose, length: length, count: length,
            position: position)
        delimiter.previous = lastDelimiter
        let index = delimiters.count
        if lastDelimiter >= 0 { delimiters[lastDelimiter].next = index }
        delimiters.append(delimiter)
        lastDelimiter = index
    }

    mutating func removeDelimiter(_ index: Int) {
        let delimiter = delimiters[index]
        if delimiter.next >= 0 {
            delimiters[delimiter.next].previous = delimiter.previous
        } else if lastDelimiter == index {
            lastDelimiter = delimiter.previous
        }
        if delimiter.previous >= 0 { delimiters[delimiter.previous].next = delimiter.next }
        delimiters[index].previous = -1
        delimiters[index].next = -1
    }

    /// Matches closers with openers among the delimiters at or after `stackBottom` (a source
    /// offset), then drops them all. `bottoms` is cmark's `openers_bottom`: per character, closer
    /// can-open and length mod 3, where the last failed search stopped, so no search repeats.
    mutating func processEmphasis(stackBottom: Int) {
        var bottoms = [Int](repeating: stackBottom, count: 18)
        var closer = -1
        var candidate = lastDelimiter
        while candidate >= 0, delimiters[candidate].position >= stackBottom {
            closer = candidate
            candidate = delimiters[candidate].previous
        }
        while closer >= 0 {
            let current = delimiters[closer]
            guard current.canClose else {
                closer = current.next
                continue
            }
            let characterIndex =
                current.character == UInt8(ascii: "*") ? 0 : current.character == UInt8(ascii: "_") ? 1 : 2
            let bottomIndex = characterIndex * 6 + (current.canOpen ? 3 : 0) + current.length % 3
            var opener = current.previous
            var found = false
            while opener >= 0, delimiters[opener].position >= bottoms[bottomIndex] {
                let candidate = delimiters[opener]
                if candidate.canOpen, candidate.character == current.character {
                    // The rule of three: a run that can both open and close does not pair with one
                    // whose length makes the sum a multiple of 3, unless both are.
                    if !(current.canOpen || candidate.canClose) || current.length % 3 == 0
                        || (candidate.length + current.length) % 3 != 0
                    {
                        found = true
                        break
                    }
                }
                opener = candidate.previous
            }
            if found && current.character == UInt8(ascii: "~") {
                if delimiters[opener].count == current.count {
                    closer = insertStrikethrough(opener: opener, closer: closer)
                } else {
                    // Runs of different lengths do not pair; a closer that cannot open is done.
                    let old = closer
                    closer = current.next
                    if !current.canOpen { removeDelimiter(old) }
                }
            } else if found {
                closer = insertEmphasis(opener: opener, closer: closer)
            } else {
                bottoms[bottomIndex] = current.position
                let old = closer
                closer = current.next
                if !current.canOpen { removeDelimiter(old) }
            }
        }
        while lastDelimiter >= 0, delimiters[lastDelimiter].position >= stackBottom {
            removeDelimiter(lastDelimiter)
        }
    }

    /// Uses one or two delimiters of each run for an emphasis or strong node around what lies
    /// between them; returns the closer to look at next.
    mutating func insertEmphasis(opener: Int, closer: Int) -> Int {
        let used = delimiters[closer].count >= 2 && delimiters[opener].count >= 2 ? 2 : 1
        let character = Character(Unicode.Scalar(delimiters[opener].character))
        delimiters[opener].count -= used
        delimiters[closer].count -= used
        let openerItem = delimiters[opener].item
        let closerItem = delimiters[closer].item
        let openerRange = items[openerItem].range
        let closerRange = items[closerItem].range
        items[openerItem].range = openerRange.lowerBound..<(openerRange.upperBound - used)
        items[openerItem].kind = .text(String(repeating: character, count: delimiters[opener].count))
        items[closerItem].range = (closerRange.lowerBound + used)..<closerRange.upperBound
        items[closerItem].kind = .text(String(repeating: character, count: delimiters[closer].count))
        // Delimiters between the two can no longer match anything.
        var between = delimiters[closer].previous
        while between >= 0, between != opener {
            let previous = delimiters[between].previous
            removeDelimiter(between)
            between = previous
        }
        let kind: InlineKind = used == 1 ? .emphasis : .strong
        _ = wrap(
            after: openerItem, before: closerItem,
            into: InlineParser.Item(
                kind: kind, range: (openerRange.upperBound - used)..<(closerRange.lowerBound + used)))
        if delimiters[opener].count == 0 {
            detach(openerItem)
            removeDelimiter(opener)
        }
        if delimiters[closer].count == 0 {
            detach(closerItem)
            let next = delimiters[closer].next
            removeDelimiter(closer)
            return next
        }
        return closer
    }

    /// GFM strikethrough between two tilde runs of the same length; both runs are used up.
    mutating func insertStrikethrough(opener: Int, closer: Int) -> Int {
        let next = delimiters[closer].next
        let openerItem = delimiters[opener].item
        let closerItem = delimiters[closer].item
        var between = delimiters[closer].previous
        while between >= 0, between != opener {
            let previous = delimiters[between].previous
            removeDelimiter(between)
            between = previous
        }
        _ = wrap(
            after: openerItem, before: closerItem,
            into: InlineParser.Item(
                kind: .strikethrough,
                range: items[openerItem].range.lowerBound..<items[closerItem].range.upperBound))
        detach(openerItem)
        detach(closerItem)
        removeDelimiter(opener)
        removeDelimiter(closer)
        return next
    }
}
