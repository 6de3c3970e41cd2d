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

    /// A container's marker (or a heading's) typed before a line that must stand at the top level:
    /// `> ---`, `- | Yığıt …`, `1. # Title`, `# ## Part`. They are syntax, not text, so
    /// `reading` leaves them alone; CommonMark opens a block quote, a list item or a heading
    /// there, and the line shows quoted, as an item or as a heading, the blocks after it changed
    /// with it. The one reading of such markers for every owner of a line start.
    package struct Container: Sendable, Equatable {
        /// The markers as written, blanks between nested ones kept (`>`, `> -`, `1.`, `##`).
        package var written: String
        /// The blanks after the last marker, deleted with them.
        package var blanks: String
        /// The UTF-8 length of the indentation before the first marker (at most 3 spaces).
        package var indent: Int
        /// What the first marker opens, for a message: `a block quote`, `a list item`, `a heading`.
        package var opens: String

        /// The UTF-8 length of what deleting it removes: the markers and the blanks after them.
        package var length: Int { written.utf8.count + blanks.utf8.count }
        /// The fix: `delete '>' and the space after it`.
        package var fix: String { Leftover.deleting(written, blanks) }
    }

    /// The container markers `text` opens with (past at most 3 spaces): `>` (a space after it
    /// optional), `-`, `*`, `+` or a number of at most nine digits and `.` or `)` followed by a
    /// blank, `#` to `######` followed by a blank (a heading, nothing nested in it). With `start`
    /// (the owner's own line start: `|`, `---`, `#`, `-`), the markers before the last place it
    /// follows them (`> - - Bu` is the bullet `- Bu` behind `> -`), nil when the line does not go
    /// on with it; without, all of them, nil when the line goes on with blanks
    /// only. Nil for a line that opens with no marker: a byte read for most lines.
    package static func container(_ text: some StringProtocol, before start: String? = nil) -> Container? {
        container(text, startingWith: start.map { start in { $0.starts(with: start.utf8) } })
    }

    /// `container(_:before:)` for an owner whose line start is no one string (an index item's
    /// number): `starts` says whether the bytes after the markers open it.
    package static func container(
        _ text: some StringProtocol, startingWith starts: ((ArraySlice<UInt8>) -> Bool)?
    ) -> Container? {
        // Cheap first, before copying any byte: the line's first past its indentation opens a marker.
        guard let first = text.utf8.prefix(4).first(where: { $0 != 0x20 }),
            first == UInt8(ascii: ">") || first == UInt8(ascii: "-") || first == UInt8(ascii: "*")
                || first == UInt8(ascii: "+") || first == UInt8(ascii: "#") || first.isASCIIDigit
        else { return nil }
        let bytes = Array(text.utf8.prefix(48))
        let indent = bytes.prefix { $0 == 0x20 }.count
        guard indent <= 3 else { return nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var index = indent
        var end = indent
        var opens: String?
        /// The markers read so far, when the line goes on with `start` after them.
        func found() -> Container? {
            guard let opens, let starts, starts(bytes[index...]) else { return nil }
            return Container(
                written: String(decoding: bytes[indent..<end], as: UTF8.self),
                blanks: String(decoding: bytes[end..<index], as: UTF8.self), indent: indent, opens: opens)
        }
        // The last place the owner's line start follows: `> - - Bu` is the bullet behind `> -`.
        var last: Container?
        while index < bytes.count {
            last = found() ?? last
            let byte = bytes[index]
            var next = index
            let what: String
            if byte == UInt8(ascii: ">") {
                next += 1
                what = "a block quote"
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") {
                next += 1
                guard next < bytes.count, isBlank(bytes[next]) else { break }
                what = "a list item"
            } else if byte.isASCIIDigit {
                let digits = bytes[index...].prefix { $0.isASCIIDigit }.count
                next += digits
                guard digits <= 9, next + 1 < bytes.count,
                    bytes[next] == UInt8(ascii: ".") || bytes[next] == UInt8(ascii: ")"), isBlank(bytes[next + 1])
                else { break }
                next += 1
                what = "a list item"
            } else if byte == UInt8(ascii: "#") {
                let marks = bytes[index...].prefix { $0 == UInt8(ascii: "#") }.count
                next += marks
                guard marks <= 6, next < bytes.count, isBlank(bytes[next]) else { break }
                what = "a heading"
            } else {
                break
            }
            opens = opens ?? what
            end = next
            index = next + bytes[next...].prefix(while: isBlank).count
            if what == "a heading" { break }
        }
        if starts != nil { return found() ?? last }
        // `>` needs no blank after it (`>---` is a quote too); the others do.
        guard let opens, index < bytes.count, index > end || bytes[end - 1] == UInt8(ascii: ">") else { return nil }
        return Container(
            written: String(decoding: bytes[indent..<end], as: UTF8.self),
            blanks: String(decoding: bytes[end..<index], as: UTF8.self), indent: indent, opens: opens)
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
