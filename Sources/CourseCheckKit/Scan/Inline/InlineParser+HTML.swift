/// What starts with `<`: autolinks (spec §6.5) and raw inline HTML (§6.6): open and closing tags,
/// comments (0.31.2: `<!-->` and `<!--->` too), processing instructions, declarations and CDATA.
extension InlineParser.State {
    mutating func handlePointyBrace() {
        let start = position
        if let close = autolinkURI(from: start + 1) {
            position = close + 1
            makeAutolink(start: start, content: (start + 1)..<close, email: false)
            return
        }
        if let close = autolinkEmail(from: start + 1) {
            position = close + 1
            makeAutolink(start: start, content: (start + 1)..<close, email: true)
            return
        }
        if let stop = htmlEnd(from: start + 1) {
            position = stop
            append(InlineParser.Item(kind: .html(text(start..<stop)), range: start..<stop))
            return
        }
        position += 1
        appendText("<", start..<position, literal: true)
    }

    mutating func makeAutolink(start: Int, content: Range<Int>, email: Bool) {
        let shown = InlineParser.decodeEntities(bytes[content])
        let link = append(
            InlineParser.Item(kind: .autolink(destination: (email ? "mailto:" : "") + shown), range: start..<position))
        var child = InlineParser.Item(kind: .text(shown), range: content)
        child.parent = link
        child.literal = !bytes[content].contains(UInt8(ascii: "&"))
        items[link].first = items.count
        items[link].last = items.count
        items.append(child)
    }

    /// `scheme:…>` from `start` (just past `<`): the offset of the `>`.
    func autolinkURI(from start: Int) -> Int? {
        var index = start
        guard let first = byte(index), InlineParser.isASCIILetter(first) else { return nil }
        index += 1
        while let next = byte(index), index - start < 32,
            InlineParser.isASCIIAlphanumeric(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "+")
                || next == UInt8(ascii: "-")
        {
            index += 1
        }
        guard index - start >= 2, byte(index) == UInt8(ascii: ":") else { return nil }
        index += 1
        while let next = byte(index), next > 0x20, next != UInt8(ascii: "<"), next != UInt8(ascii: ">") {
            index += 1
        }
        return byte(index) == UInt8(ascii: ">") ? index : nil
    }

    /// `user@host>` from `start`, as the spec's email autolink pattern: the offset of the `>`.
    func autolinkEmail(from start: Int) -> Int? {
        var index = start
        let localSpecials = Array(".!#$%&'*+/=?^_`{|}~-".utf8)
        while let next = byte(index), InlineParser.isASCIIAlphanumeric(next) || localSpecials.contains(next) {
            index += 1
        }
        guard index > start, byte(index) == UInt8(ascii: "@") else { return nil }
        index += 1
        // Labels of 1 to 63 alphanumerics and hyphens, starting and ending alphanumeric, joined by dots.
        while true {
            let labelStart = index
            while let next = byte(index), index - labelStart < 63,
                InlineParser.isASCIIAlphanumeric(next) || next == UInt8(ascii: "-")
            {
                index += 1
            }
            guard index > labelStart, InlineParser.isASCIIAlphanumeric(bytes[labelStart]),
                InlineParser.isASCIIAlphanumeric(bytes[index - 1])
            else { return nil }
            if byte(index) == UInt8(ascii: ">") { return index }
            guard byte(index) == UInt8(ascii: "."), index + 1 < end else { return nil }
            index += 1
        }
    }

    /// The end (just past the final `>`) of the HTML construct after the `<` at `start - 1`.
    mutating func htmlEnd(from start: Int) -> Int? {
        guard let first = byte(start) else { return nil }
        switch first {
        case UInt8(ascii: "!"):
            if byte(start + 1) == UInt8(ascii: "-"), byte(start + 2) == UInt8(ascii: "-") {
                return comment(from: start + 3)
            }
            if match("[CDATA[", at: start + 1) {
                guard !noCDATAEnd else { return nil }
                if let found = find("]]>", from: start + 8) { return found + 3 }
                noCDATAEnd = true
                return nil
            }
            guard let letter = byte(start + 1), InlineParser.isASCIILetter(letter), !noDeclarationEnd else {
                return nil
            }
            if let found = find(">", from: start + 2) { return found + 1 }
            noDeclarationEnd = true
            return nil
        case UInt8(ascii: "?"):
            guard !noInstructionEnd else { return nil }
            if let found = find("?>", from: start + 1) { return found + 2 }
            noInstructionEnd = true
            return nil
        case UInt8(ascii: "/"):
            return closingTag(from: start + 1)
        default:
            return openTag(from: start)
        }
    }

    /// After `<!--`: `<!-->`, `<!--->` and `<!---->` are comments, otherwise up to the first `-->`
    /// not preceded by `-` (the text may not end in `-`: the pattern of cmark and markdown-it, which
    /// read the spec's "a string not including `-->`" so).
    mutating func comment(from start: Int) -> Int? {
        if byte(start) == UInt8(ascii: ">") { return start + 1 }
        if match("->", at: start) { return start + 2 }
        if match("-->", at: start) { return start + 3 }
        guard !noCommentEnd else { return nil }
        var from = start
        while let found = find("-->", from: from) {
            if bytes[found - 1] != UInt8(ascii: "-") { return found + 3 }
            from = found + 1
        }
        noCommentEnd = true
        return nil
    }

    func match(_ literal: String, at index: Int) -> Bool {
        var at = index
        for expected in literal.utf8 {
            guard byte(at) == expected else { return false }
            at += 1
        }
        return true
    }

    /// The first occurrence of `literal` at or after `index`.
    func find(_ literal: String, from index: Int) -> Int? {
        let pattern = Array(literal.utf8)
        guard let head = pattern.first else { return nil }
        var at = index
        while at + pattern.count <= end {
            if bytes[at] == head, bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
            at += 1
        }
        return nil
    }

    /// `[A-Za-z][A-Za-z0-9-]*` from `index`: where the name ends.
    func tagName(from index: Int) -> Int? {
        guard let first = byte(index), InlineParser.isASCIILetter(first) else { return nil }
        var at = index + 1
        while let next = byte(at), InlineParser.isASCIIAlphanumeric(next) || next == UInt8(ascii: "-") { at += 1 }
        return at
    }

    func skipSpaces(from index: Int) -> Int {
        var at = index
        while let next = byte(at), InlineParser.isSpace(next) { at += 1 }
        return at
    }

    func closingTag(from start: Int) -> Int? {
        guard let nameEnd = tagName(from: start) else { return nil }
        let at = skipSpaces(from: nameEnd)
        return byte(at) == UInt8(ascii: ">") ? at + 1 : nil
    }

    /// A tag name, attributes (each after blanks: a name, then optionally `=` and an unquoted,
    /// single- or double-quoted value), blanks, an optional `/`, and `>`.
    func openTag(from start: Int) -> Int? {
        guard var at = tagName(from: start) else { return nil }
        while true {
            let afterSpaces = skipSpaces(from: at)
            guard afterSpaces > at, let first = byte(afterSpaces),
                InlineParser.isASCIILetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":")
            else { break }
            at = afterSpaces + 1
            while let next = byte(at),
                InlineParser.isASCIIAlphanumeric(next) || next == UInt8(ascii: "_") || next == UInt8(ascii: ":")
                    || next == UInt8(ascii: ".") || next == UInt8(ascii: "-")
            {
                at += 1
            }
            let beforeEquals = skipSpaces(from: at)
            guard byte(beforeEquals) == UInt8(ascii: "=") else { continue }
            guard let valueEnd = attributeValue(from: skipSpaces(from: beforeEquals + 1)) else { return nil }
            at = valueEnd
        }
        at = skipSpaces(from: at)
        if byte(at) == UInt8(ascii: "/") { at += 1 }
        return byte(at) == UInt8(ascii: ">") ? at + 1 : nil
    }

    func attributeValue(from start: Int) -> Int? {
        guard let first = byte(start) else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var at = start + 1
            while let next = byte(at), next != first { at += 1 }
            return byte(at) == first ? at + 1 : nil
        }
        var at = start
        while let next = byte(at), !InlineParser.isSpace(next), !"\"'=<>`".utf8.contains(next) { at += 1 }
        return at > start ? at : nil
    }
}

extension InlineParser {
    /// Entity references decoded, backslashes kept (autolinks have no escapes).
    static func decodeEntities(_ slice: ArraySlice<UInt8>) -> String {
        let bytes = Array(slice)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (decoded, length) = entity(bytes, at: index, end: bytes.count) {
                out.append(contentsOf: decoded.utf8)
                index += length
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
