import Foundation

/// Text saved decomposed (NFD: `g` + U+0306 COMBINING BREVE for `ğ`), as a macOS file system, zip
/// or editor may write it. A reader sees it as the composed letter; git and a Linux file system do
/// not (other bytes, another file). Every check that must not tell the two forms apart, and every
/// finding that names a decomposed letter, reads it here.
package enum Decomposed {
    /// Whether `bytes` may hold a combining mark of U+0300–U+036F (UTF-8 lead byte CC or CD): the
    /// byte pre-trigger, so the common text is one scan and never normalised.
    @inline(__always)
    package static func mayHold<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.contains { $0 == 0xCC || $0 == 0xCD }
    }

    /// `text` composed (NFC) when it may hold a combining mark, else `text` itself.
    package static func composed(_ text: String) -> String {
        mayHold(text.utf8) ? text.precomposedStringWithCanonicalMapping : text
    }

    /// Whether `a` and `b` are one text in two Unicode forms, or the same bytes.
    package static func canonicallyEqual(_ a: String, _ b: String) -> Bool {
        if a.sameBytes(b) { return true }
        guard mayHold(a.utf8) || mayHold(b.utf8) else { return false }
        return composed(a).sameBytes(composed(b))
    }

    /// The first letter of `text` written decomposed (its NFC is another, shorter sequence of
    /// scalars), its UTF-8 offset, and how many such letters `text` holds in all; nil when none.
    package static func letters(in text: Substring) -> (first: Character, offset: Int, count: Int)? {
        guard mayHold(text.utf8) else { return nil }
        var found: (Character, Int)?
        var count = 0
        var offset = 0
        for character in text {
            let size = character.utf8.count
            if character.unicodeScalars.count > 1, mayHold(character.utf8),
                String(character).precomposedStringWithCanonicalMapping.unicodeScalars.count
                    < character.unicodeScalars.count
            {
                count += 1
                if found == nil { found = (character, offset) }
            }
            offset += size
        }
        return found.map { ($0.0, $0.1, count) }
    }

    /// `'ğ' decomposed (g + U+0306 COMBINING BREVE)`: the letter as a reader sees it, and its parts.
    package static func describe(_ letter: Character, verb: String = "") -> String {
        let parts = letter.unicodeScalars.map {
            $0.value > 0x20 && $0.value < 0x7F ? String(Character($0)) : Invisible.name($0)
        }
        return "'\(String(letter).precomposedStringWithCanonicalMapping)' \(verb)decomposed "
            + "(\(parts.joined(separator: " + ")))"
    }
}
