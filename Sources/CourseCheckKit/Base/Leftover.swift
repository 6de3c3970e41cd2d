/// Printable characters left before a line's marker (`x# Title`, `\t- Bu`, `` `| Ortam ``,
/// `1- Bu`): CommonMark reads a marker only at a line's start, spaces and tabs aside, so the line
/// renders as text with them. The one reading of what counts as such a leftover, for the title,
/// the trigger bullet and a table row (invisible ones are `Invisible.leading`'s).
package enum Leftover {
    /// `written`, the characters a line holds before its marker (blanks after them aside), when
    /// they read as a leftover: one to `atMost` printable characters, no blank among them, not a
    /// container's marker (`>`), not a word (two letters or more are text that mentions the
    /// marker), not invisible characters alone. Nil otherwise.
    ///
    /// An owner whose marker no sentence runs into reads words too: `word` letters at most, a
    /// colon after them (`Kodu:` before a fence, `li` glued to an index item's number).
    package static func reading(_ written: some StringProtocol, atMost: Int = 4, word: Int = 0) -> String? {
        let scalars = written.unicodeScalars
        guard let first = scalars.first, first != ">",
            !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }),
            !scalars.allSatisfy(Invisible.isSuspicious)
        else { return nil }
        let letters = scalars.dropLast(scalars.count > 1 && scalars.last == ":" ? 1 : 0)
        let isWord = letters.allSatisfy(\.properties.isAlphabetic)
        guard
            scalars.count <= atMost && (scalars.count == 1 || !scalars.allSatisfy(\.properties.isAlphabetic))
                || isWord && letters.count <= word
        else { return nil }
        return String(written)
    }

    /// `written` and the blanks after it, when the line opens (past spaces) with a leftover and
    /// then `marker`: what is before the marker, and the blanks between. Nil for a line that
    /// opens with the marker, or with anything but a leftover before it. Reads at most the line's
    /// first bytes.
    package static func before(_ marker: Character, in text: some StringProtocol) -> (
        leftover: String, blanks: String
    )? {
        let line = text.drop { $0 == " " }
        guard let end = line.prefix(12).firstIndex(of: marker), end > line.startIndex else { return nil }
        let before = line[..<end]
        let written = before.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        guard let leftover = reading(String(written)) else { return nil }
        return (leftover, String(before.dropFirst(written.count)))
    }

    /// The leftover for a message, quoted, what it is in words when a reader may not tell:
    /// `'\t' (a backslash and a 't', as code writes a tab)`, a character past ASCII named.
    package static func described(_ leftover: String) -> String {
        var what: [String] = []
        switch leftover {
        case "\\": what.append("a backslash")
        case "\\t": what.append("a backslash and a 't', as code writes a tab")
        default:
            for scalar in leftover.unicodeScalars where !scalar.isASCII {
                let name = Invisible.name(scalar)
                if !what.contains(name) { what.append(name) }
            }
        }
        return "'\(leftover)'" + (what.isEmpty ? "" : " (\(what.joined(separator: ", ")))")
    }

    /// The fix: `delete 'x'`, and the blanks after it in words (a tab in quotes would not show).
    package static func deleting(_ leftover: String, _ blanks: String) -> String {
        let after =
            switch blanks {
            case "": ""
            case " ": " and the space after it"
            case "\t": " and the tab after it"
            case _ where blanks.allSatisfy({ $0 == " " }): " and the \(blanks.count) spaces after it"
            default: " and the blanks after it"
            }
        return "delete '\(leftover)'" + after
    }
}
