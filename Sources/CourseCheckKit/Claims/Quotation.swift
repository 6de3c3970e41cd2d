/// Quotation marks around a name, which a reader reads past: `“ortam”`, `"ortam"`, `„ortam“`,
/// `«ortam»`, `'ortam'` name the trigger `ortam` as it stands bare. One definition for every
/// place that names a trigger: the distribution sentence (`TriggerDistributionClaim.words`), the
/// trigger bullet's value, a closing table's trigger cell, and its lesson cell (`“Yerel Durum”`
/// names the lesson titled Yerel Durum).
enum Quotation {
    /// Marks that never stand inside a word: straight and curly double quotes, the opening single
    /// quotes, low quotes and guillemets. The apostrophes (`'`, `’`) quote only outside a word.
    static let marks: Set<Character> = [
        "\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2018}", "\u{201A}", "\u{201B}", "\u{AB}", "\u{BB}",
        "\u{2039}", "\u{203A}",
    ]

    /// True when `character` quotes: a quotation mark, or an apostrophe that does not stand between
    /// two letters or digits (`ortam'ı` holds a suffix's apostrophe, which is no quotation mark).
    static func isMark(_ character: Character, inWord: Bool) -> Bool {
        if marks.contains(character) { return true }
        return (character == "'" || character == "\u{2019}") && !inWord
    }

    /// True when `bytes` (UTF-8) may hold a quotation mark: a `"` or `'`, or a byte that opens one
    /// past ASCII (`E2` for the curly and low quotes and `‹›`, `C2` for `«»`). Most names hold none.
    static func mayHold(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains { $0 == 0x22 || $0 == 0x27 || $0 == 0xE2 || $0 == 0xC2 }
    }

    /// `text` without the quotation marks around it when they stand at both its ends (`“Yerel
    /// Durum”`, `"Yerel Durum"`), else nil: a title so quoted names the lesson, while one that only
    /// opens or ends with a quoted word (`"Merhaba" Dünya`) is as written.
    static func unquotedAtBothEnds(_ text: String) -> String? {
        guard mayHold(text.utf8), case let bare = unquoted(text), !text.hasPrefix(bare), !text.hasSuffix(bare) else {
            return nil
        }
        return bare
    }

    /// `text` without the quotation marks (and blanks) around it, as a reader reads a quoted name:
    /// `“ortam”` is `ortam`, `**“yerel”**`'s text `yerel`. Text that is nothing but quotation
    /// marks, or holds none at its ends, is returned as it is.
    static func unquoted(_ text: String) -> String {
        guard mayHold(text.utf8) else { return text }
        let characters = Array(text)
        func quotes(_ index: Int) -> Bool {
            let character = characters[index]
            if character.isWhitespace { return true }
            let before = index > 0 && (characters[index - 1].isLetter || characters[index - 1].isNumber)
            let after =
                index + 1 < characters.count && (characters[index + 1].isLetter || characters[index + 1].isNumber)
            return isMark(character, inWord: before && after)
        }
        var start = 0
        var end = characters.count
        while start < end, quotes(start) { start += 1 }
        while end > start, quotes(end - 1) { end -= 1 }
        guard start < end, start > 0 || end < characters.count else { return text }
        return String(characters[start..<end])
    }
}
