/// The start and end conditions of CommonMark 0.31's seven kinds of HTML block (spec §4.6). A
/// fence inside an HTML block is not rendered as code, so it is not a block coursecheck checks.
enum HTMLBlock {
    static let kind1 = ["pre", "script", "style", "textarea"]
    static let kind6: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option",
        "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
        "track", "ul",
    ]

    /// The kind (1…7) of HTML block `rest` starts (it begins with `<`), or nil. Kind 7 cannot
    /// interrupt a paragraph, so the caller says whether it may start here.
    static func start(_ rest: ArraySlice<UInt8>, mayBeType7: Bool) -> Int? {
        let bytes = Array(rest)
        guard bytes.first == UInt8(ascii: "<") else { return nil }
        let lower = bytes.map(lowercased)
        // 1: <pre, <script, <style, <textarea, then a blank, `>` or the end of the line.
        for name in kind1 where hasPrefix(lower, "<" + name, at: 0) {
            let after = 1 + name.utf8.count
            if after == bytes.count || isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">") { return 1 }
        }
        if hasPrefix(bytes, "<!--", at: 0) { return 2 }
        if hasPrefix(bytes, "<?", at: 0) { return 3 }
        if bytes.count > 2, bytes[1] == UInt8(ascii: "!"), isASCIILetter(bytes[2]) { return 4 }
        if hasPrefix(bytes, "<![CDATA[", at: 0) { return 5 }
        // 6: a known block tag name, opening or closing, then a blank, `>`, `/>` or the end.
        var index = 1
        if index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
        let nameStart = index
        while index < bytes.count && (isASCIILetter(bytes[index]) || isDigit(bytes[index])) { index += 1 }
        if index > nameStart, kind6.contains(String(decoding: lower[nameStart..<index], as: UTF8.self)) {
            if index == bytes.count || isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ">")
                || hasPrefix(bytes, "/>", at: index)
            {
                return 6
            }
        }
        // 7: one complete open or closing tag, alone on the line.
        if mayBeType7, let end = completeTag(bytes), bytes[end...].allSatisfy(isSpace) { return 7 }
        return nil
    }

    /// True when `line` holds the end condition of an HTML block of kind 1…5.
    static func ends(_ kind: Int, _ line: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(line)
        switch kind {
        case 1:
            let lower = bytes.map(lowercased)
            return kind1.contains { contains(lower, "</" + $0 + ">") }
        case 2: return contains(bytes, "-->")
        case 3: return contains(bytes, "?>")
        case 4: return bytes.contains(UInt8(ascii: ">"))
        case 5: return contains(bytes, "]]>")
        default: return false
        }
    }

    /// The end (exclusive) of an open tag `<name attr="v" ...>` or closing tag `</name >` at the
    /// start of `bytes`, following the spec's tag grammar; nil when there is none.
    static func completeTag(_ bytes: [UInt8]) -> Int? {
        var index = 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        guard index < bytes.count, isASCIILetter(bytes[index]) else { return nil }
        while index < bytes.count
            && (isASCIILetter(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "-"))
        {
            index += 1
        }
        let name = String(decoding: bytes[(closing ? 2 : 1)..<index].map(lowercased), as: UTF8.self)
        if kind1.contains(name) { return nil }
        if closing {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            return index < bytes.count && bytes[index] == UInt8(ascii: ">") ? index + 1 : nil
        }
        // Attributes: each needs whitespace before it.
        while true {
            var cursor = index
            while cursor < bytes.count && isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor > index, cursor < bytes.count, isAttributeNameStart(bytes[cursor]) else {
                index = cursor
                break
            }
            cursor += 1
            while cursor < bytes.count && isAttributeName(bytes[cursor]) { cursor += 1 }
            // Optional value: blanks, `=`, blanks, then an unquoted, single- or double-quoted value.
            var valueCursor = cursor
            while valueCursor < bytes.count && isSpace(bytes[valueCursor]) { valueCursor += 1 }
            if valueCursor < bytes.count && bytes[valueCursor] == UInt8(ascii: "=") {
                valueCursor += 1
                while valueCursor < bytes.count && isSpace(bytes[valueCursor]) { valueCursor += 1 }
                guard valueCursor < bytes.count else { return nil }
                let quote = bytes[valueCursor]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = bytes[(valueCursor + 1)...].firstIndex(of: quote) else { return nil }
                    valueCursor = close + 1
                } else {
                    let start = valueCursor
                    while valueCursor < bytes.count && !isSpace(bytes[valueCursor])
                        && !"\"'=<>`".utf8.contains(bytes[valueCursor])
                    {
                        valueCursor += 1
                    }
                    guard valueCursor > start else { return nil }
                }
                cursor = valueCursor
            }
            index = cursor
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ">") ? index + 1 : nil
    }

    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
    static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
    static func isAttributeNameStart(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }
    static func isAttributeName(_ byte: UInt8) -> Bool {
        isAttributeNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    static func hasPrefix(_ bytes: [UInt8], _ prefix: String, at index: Int) -> Bool {
        let pattern = Array(prefix.utf8)
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        for index in 0...(bytes.count - pattern.count)
        where bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            return true
        }
        return false
    }
}
