import Foundation

/// Characters a reader cannot tell apart from others on screen: invisible ones (zero-width and
/// non-ASCII spaces, format and control characters, combining marks) and look-alikes (canonical
/// singletons such as KELVIN SIGN, and a few cross-script homoglyphs). Drift messages and diffs
/// name them, because a diff of two lines that look identical explains nothing.
package enum Invisible {
    /// Scalars that look like another one: canonical singletons (NFC maps them to the ASCII or
    /// Greek letter) and common Cyrillic/Greek homoglyphs of Latin letters.
    static let lookAlikes: [UInt32: Unicode.Scalar] = [
        0x0474: "V", 0x0475: "v", 0x212A: "K", 0x212B: "\u{C5}", 0x2126: "\u{3A9}", 0x037E: ";", 0x0387: "\u{B7}",
        0x1FEF: "`",
        0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x",
        0x0456: "i", 0x0458: "j", 0x0455: "s", 0x0410: "A", 0x0412: "B", 0x0415: "E", 0x041A: "K",
        0x041C: "M", 0x041D: "H", 0x041E: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0425: "X",
        0x0391: "A", 0x0392: "B", 0x0395: "E", 0x0397: "H", 0x0399: "I", 0x039A: "K", 0x039C: "M",
        0x039D: "N", 0x039F: "O", 0x03A1: "P", 0x03A4: "T", 0x03A7: "X", 0x03A5: "Y", 0x0396: "Z",
        0x03BF: "o", 0x2010: "-", 0x2011: "-", 0x2212: "-", 0xFF1B: ";",
    ]

    /// True for a scalar a reader cannot see or cannot tell from a common one. ASCII (tab aside,
    /// which diffs already show as →) is never suspicious.
    package static func isSuspicious(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F }
        if lookAlikes[scalar.value] != nil { return true }
        // Digits of other scripts (Arabic-Indic ٣), fullwidth forms (１, Ａ), Roman numerals (Ⅰ) and
        // mathematical letters (𝐚) read as ASCII in a Turkish course; none belongs in its text.
        if scalar.properties.numericType == .decimal || (0xFF01...0xFF5E).contains(scalar.value)
            || (0x2160...0x2188).contains(scalar.value) || (0x1D400...0x1D7FF).contains(scalar.value)
        {
            return true
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .format, .control, .nonspacingMark,
            .enclosingMark, .spacingMark, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    /// Letters that are right in Turkish text but look like the ASCII letter beside them, so they
    /// are named only when they stand where the other is expected.
    static let pairedLetters: [UInt32: Unicode.Scalar] = [0x0131: "i", 0x0130: "I"]

    /// True when `a` and `b` differ but a reader takes one for the other: a look-alike of the table,
    /// a digit of the same value in another script, a compatibility form (NFKC: `１` is `1`, `Ⅱ` is
    /// `II`, `ﬁ` is `fi`), or Turkish dotless ı against i.
    package static func looksAlike(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        // Spaces and invisible characters are named as such, not as look-alikes (NFKC maps NBSP to a space).
        let invisible: [Unicode.GeneralCategory] = [
            .spaceSeparator, .format, .control, .nonspacingMark, .enclosingMark,
        ]
        guard a != b, !invisible.contains(a.properties.generalCategory),
            !invisible.contains(b.properties.generalCategory)
        else {
            return false
        }
        for (x, y) in [(a, b), (b, a)] {
            if lookAlikes[x.value] == y || pairedLetters[x.value] == y { return true }
            if !x.isASCII, String(x).precomposedStringWithCompatibilityMapping.unicodeScalars.first == y { return true }
        }
        if a.properties.numericType == .decimal, b.properties.numericType == .decimal,
            a.properties.numericValue == b.properties.numericValue
        {
            return true
        }
        return false
    }

    /// False when no scalar of `text` can change in its `skeleton`: ASCII and the Turkish letters'
    /// blocks (U+00C0–U+017F, UTF-8 lead bytes C3–C5) hold no look-alike, digit of another script
    /// or invisible character (a test checks every scalar). A byte scan, so a claim looking for an
    /// ASCII character a look-alike may stand in for clears most prose before parsing it.
    package static func mayHoldLookAlike(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains { $0 >= 0xC0 && !(0xC3...0xC5).contains($0) } }
    }

    /// True if the look-alike table maps some ASCII scalar (it maps none; checked, not assumed).
    private static let asciiHasLookAlikes = lookAlikes.keys.contains { $0 < 0x80 }

    /// `text` with each look-alike scalar replaced by the one it looks like (`görev‑eklendi` with
    /// U+2011 becomes `görev-eklendi`); the same string when it has none.
    package static func skeleton(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            // ASCII stands for itself (no look-alike is ASCII, and an ASCII digit is its own digit):
            // the table and property lookups below cost ~400 instructions a scalar.
            if scalar.isASCII && !asciiHasLookAlikes {
                result.append(scalar)
            } else if let plain = lookAlikes[scalar.value] {
                result.append(plain)
            } else if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
                let digit = Unicode.Scalar(UInt32(value) + 0x30)
            {
                result.append(digit)
            } else if scalar.value >= 0x80 && isSuspicious(scalar) {
                let compatible = String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
                result.append(contentsOf: compatible.allSatisfy(\.isASCII) ? compatible : String(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The invisible characters a line opens with (a zero-width or no-break space, a byte order
    /// mark, a word joiner), spaces and tabs among them aside, and the UTF-8 bytes they all take;
    /// nil when it opens otherwise (one byte read for most lines). CommonMark skips only spaces
    /// and tabs before a block's marker, so a bullet, an ordered item, a heading or a fence behind
    /// one of these renders as text: the one reading each such slip is named by.
    package static func leading(_ text: some StringProtocol) -> (scalars: [Unicode.Scalar], length: Int)? {
        guard let first = text.utf8.first, first >= 0x80 else { return nil }
        var scalars: [Unicode.Scalar] = []
        var length = 0
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" {
                length += 1
                continue
            }
            let category = scalar.properties.generalCategory
            guard !scalar.isASCII, category == .spaceSeparator || category == .format else { break }
            if !scalars.contains(scalar) { scalars.append(scalar) }
            length += UTF8.width(scalar)
        }
        guard !scalars.isEmpty else { return nil }
        // The blanks after them stay: they are the line's own indentation, or the marker's space.
        let trailing = text.utf8.prefix(length).reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
        return (scalars, length - trailing)
    }

    /// `U+200B ZERO WIDTH SPACE` or `U+200B ZERO WIDTH SPACE and U+00A0 NO-BREAK SPACE`, and the
    /// fix that deletes them: `delete that character`, `delete those characters`.
    package static func named(_ scalars: [Unicode.Scalar]) -> (names: String, fix: String) {
        (
            scalars.map(name).joined(separator: " and "),
            scalars.count == 1 ? "delete that character" : "delete those characters"
        )
    }

    /// `text` as a reader reads it: look-alikes as the letter they look like (`skeleton`), format
    /// characters (a zero-width space, a soft hyphen) left out, letters composed (NFC). Two names
    /// that read the same but differ in bytes differ by a character `firstIndistinct` names.
    package static func reading(_ text: String) -> String {
        // ASCII and the composed Turkish letters read as they are written (a test holds the letters
        // to it): most words of the course, which need no skeleton and no normalization.
        guard !text.unicodeScalars.allSatisfy({ $0.isASCII || plainTurkishLetters.contains($0.value) }) else {
            return text
        }
        var scalars = String.UnicodeScalarView()
        for scalar in skeleton(text).unicodeScalars where scalar.properties.generalCategory != .format {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Ç ç Ğ ğ İ ı Ö ö Ş ş Ü ü, composed: each reads as itself.
    static let plainTurkishLetters: Set<UInt32> = [
        0xC7, 0xE7, 0x11E, 0x11F, 0x130, 0x131, 0xD6, 0xF6, 0x15E, 0x15F, 0xDC, 0xFC,
    ]

    /// The Unicode name aliases of the C0 controls and DEL, which the runtime's name tables leave out.
    static let controlNames: [UInt32: String] = [
        0x00: "NULL", 0x01: "START OF HEADING", 0x02: "START OF TEXT", 0x03: "END OF TEXT",
        0x04: "END OF TRANSMISSION", 0x05: "ENQUIRY", 0x06: "ACKNOWLEDGE", 0x07: "ALERT", 0x08: "BACKSPACE",
        0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0B: "LINE TABULATION", 0x0C: "FORM FEED",
        0x0D: "CARRIAGE RETURN", 0x0E: "SHIFT OUT", 0x0F: "SHIFT IN", 0x10: "DATA LINK ESCAPE",
        0x11: "DEVICE CONTROL ONE", 0x12: "DEVICE CONTROL TWO", 0x13: "DEVICE CONTROL THREE",
        0x14: "DEVICE CONTROL FOUR", 0x15: "NEGATIVE ACKNOWLEDGE", 0x16: "SYNCHRONOUS IDLE",
        0x17: "END OF TRANSMISSION BLOCK", 0x18: "CANCEL", 0x19: "END OF MEDIUM", 0x1A: "SUBSTITUTE",
        0x1B: "ESCAPE", 0x1C: "INFORMATION SEPARATOR FOUR", 0x1D: "INFORMATION SEPARATOR THREE",
        0x1E: "INFORMATION SEPARATOR TWO", 0x1F: "INFORMATION SEPARATOR ONE", 0x7F: "DELETE",
    ]

    /// `U+200B ZERO WIDTH SPACE`.
    package static func name(_ scalar: Unicode.Scalar) -> String {
        var hex = String(scalar.value, radix: 16, uppercase: true)
        if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
        let name = scalar.properties.name ?? scalar.properties.nameAlias ?? controlNames[scalar.value] ?? "unnamed"
        return "U+\(hex) \(name)"
    }

    /// A character for a message: visible ASCII quoted, anything else by code point and name.
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        if scalar == "\t" { return "a tab" }
        if scalar.value > 0x20 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
        return name(scalar)
    }

    /// A character for a message: one scalar as `describe` names it, a decomposed letter as its
    /// parts (`decomposed: u + U+0308 COMBINING DIAERESIS`), so two words that look the same are
    /// told apart in words.
    package static func describe(_ character: Character) -> String {
        let scalars = Array(character.unicodeScalars)
        guard scalars.count > 1 else { return describe(scalars[0]) }
        let parts = scalars.map { $0.value > 0x20 && $0.value < 0x7F ? String(Character($0)) : name($0) }
        // An emoji with its variation selector is no decomposed letter: its parts only.
        let decomposed = scalars[0].properties.isAlphabetic
        return (decomposed ? "decomposed: " : "") + parts.joined(separator: " + ")
    }

    /// Where `written` first differs from `expected`, when a reader cannot see the difference
    /// there: a look-alike or invisible character, or a letter written decomposed (or composed
    /// where the other is decomposed). The characters and the UTF-8 offset in `written`; nil when
    /// the first difference is one a reader sees, or there is none. The one reading every claim's
    /// "differs" message names its character by.
    package static func firstIndistinct(_ written: String, _ expected: String) -> (
        has: Character, wanted: Character, offset: Int
    )? {
        var offset = 0
        for (mine, theirs) in zip(written, expected) {
            // By scalars: Character equality takes a decomposed letter for the composed one.
            guard mine.unicodeScalars.elementsEqual(theirs.unicodeScalars) else {
                let (a, b) = (Array(mine.unicodeScalars), Array(theirs.unicodeScalars))
                if a.count > 1 || b.count > 1 {
                    // A decomposed letter, or a combining mark after a letter a reader takes for the other.
                    let composed = String(mine).precomposedStringWithCanonicalMapping
                    let same = composed == String(theirs).precomposedStringWithCanonicalMapping
                    return same || a.dropFirst().contains(where: isSuspicious)
                        || b.dropFirst().contains(where: isSuspicious)
                        ? (mine, theirs, offset) : nil
                }
                return looksAlike(a[0], b[0]) || isSuspicious(a[0]) || isSuspicious(b[0]) ? (mine, theirs, offset) : nil
            }
            offset += mine.utf8.count
        }
        return nil
    }

    /// The text with every suspicious scalar replaced by `⟨U+200B ZERO WIDTH SPACE⟩`; the same
    /// string when there is none (the common, all-visible case costs one byte scan).
    package static func marked(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 || $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isSuspicious(scalar) {
                result.append(contentsOf: "⟨\(name(scalar))⟩".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

extension StringProtocol {
    /// The answer of `hasPrefix(prefix)` (by Characters, with canonical equivalence), read from
    /// the bytes when they settle it: for an ASCII prefix, an ASCII start of the text that matches
    /// it, followed by an ASCII byte (no combining mark can join the prefix's last character), or
    /// that differs from it. Anything else asks `hasPrefix`, whose Character walk cost ~2,500
    /// instructions a call on every block's first line.
    func hasCharacterPrefix(_ prefix: String) -> Bool {
        let wanted = prefix.utf8
        guard let last = wanted.last, !wanted.contains(where: { $0 >= 0x80 }) else { return hasPrefix(prefix) }
        let settled: Bool? =
            utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
                var index = 0
                for byte in wanted {
                    guard index < bytes.count, bytes[index] < 0x80 else { return nil }
                    if bytes[index] != byte { return false }
                    index += 1
                }
                guard bytes.count > wanted.count else { return true }
                let next = bytes[wanted.count]
                guard next < 0x80 else { return nil }
                // CR LF is one Character.
                return !(last == UInt8(ascii: "\r") && next == UInt8(ascii: "\n"))
            } ?? nil
        return settled ?? hasPrefix(prefix)
    }
}

extension String {
    /// Byte equality: no Unicode canonical equivalence, unlike `==` (which takes NFD `c` + U+0327
    /// for NFC `ç`, and KELVIN SIGN for `K`). Every verdict of coursecheck compares this way.
    func sameBytes(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var a = self
        var b = other
        // Contiguous buffers, compared by memcmp: the UTF8View's iterator, and even a byte loop,
        // cost far more (the claims compare titles and names thousands of times).
        return a.withUTF8 { left in b.withUTF8 { right in left.sameBytes(right) } }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether both hold the same bytes (memcmp).
    func sameBytes(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let left = baseAddress, let right = other.baseAddress else { return true }
        return memcmp(left, right, count) == 0
    }
}

extension [UInt8] {
    /// Whether both hold the same bytes (memcmp): `==` compares element by element, and unoptimised
    /// (the debug build the tests run) through a protocol witness a byte.
    func sameBytes(_ other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBufferPointer { left in other.withUnsafeBufferPointer { right in left.sameBytes(right) } }
    }
}
