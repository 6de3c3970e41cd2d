/// The first place where a block in a lesson stops matching the lines it must equal,
/// with the invisible cause named when there is one.
package struct LineMismatch: Sendable, Equatable {
    /// Index into the block's lines, or `block.count` when the block ran out of lines.
    package var index: Int
    /// 1-based UTF-8 column of the first differing character within the line (a multi-byte
    /// character is pointed at its first byte).
    package var column: Int
    /// Why the lines differ, when the cause is easy to miss: CRLF, a tab, trailing whitespace, an
    /// invisible or look-alike character, a decomposed (NFD) letter. Always the cause at `column`.
    package var cause: String?

    /// Compares a block's lines with the lines it must equal, byte for byte, terminators included
    /// (never `String ==`, which treats canonically equivalent text as equal).
    /// `reference` names the other side in causes ("the output", "the core").
    /// Returns nil when they are equal byte for byte.
    package static func first(block: [Line], expected: [Line], reference: String = "the expected text") -> LineMismatch?
    {
        for index in 0..<max(block.count, expected.count) {
            guard index < block.count else {
                let missing = expected.count - block.count
                return LineMismatch(
                    index: index, column: 1,
                    cause: "the block ends \(Plural.count(missing, "line")) early")
            }
            let line = block[index]
            guard index < expected.count else {
                let extra = block.count - expected.count
                return LineMismatch(
                    index: index, column: 1,
                    cause: "the block has \(Plural.count(extra, "extra line"))")
            }
            let want = expected[index]
            guard !(line.text.sameBytes(want.text) && line.ending == want.ending) else { continue }
            let lessonBytes = Array(line.text.utf8)
            let wantBytes = Array(want.text.utf8)
            var offset = commonPrefixLength(lessonBytes, wantBytes)
            // Back up to the first byte of the character the difference falls in.
            while offset > 0, offset < lessonBytes.count || offset < wantBytes.count,
                isContinuation(offset < lessonBytes.count ? lessonBytes[offset] : wantBytes[offset])
            {
                offset -= 1
            }
            return LineMismatch(
                index: index, column: offset + 1,
                cause: cause(line, wanted: want, at: offset, lessonBytes, wantBytes, reference: reference))
        }
        return nil
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    private static func commonPrefixLength(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var count = 0
        while count < a.count && count < b.count && a[count] == b[count] { count += 1 }
        return count
    }

    /// The cause at byte `offset`, where the two lines first differ; nil for a plain typo.
    private static func cause(
        _ line: Line, wanted wantedLine: Line, at offset: Int, _ lesson: [UInt8], _ wanted: [UInt8], reference: String
    ) -> String? {
        if lesson == wanted {
            return line.ending == .none
                ? "the line has no final newline"
                : "the line ends with \(line.ending.name); expected \(wantedLine.ending.name)"
        }
        let lessonRest = String(decoding: lesson[offset...], as: UTF8.self)
        let wantedRest = String(decoding: wanted[offset...], as: UTF8.self)
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if offset == wanted.count, lesson[offset...].allSatisfy(isBlank) {
            return "the line has trailing whitespace"
        }
        if offset == lesson.count, wanted[offset...].allSatisfy(isBlank) {
            return "the line lacks the trailing whitespace \(reference) has"
        }
        let mine = lessonRest.unicodeScalars.first
        let theirs = wantedRest.unicodeScalars.first
        if offset == 0, mine == "\u{FEFF}" {
            return "the line starts with a byte order mark (U+FEFF)"
        }
        if mine == "\t" {
            return "the line has a tab where \(reference) has \(describe(theirs))"
        }
        // Canonically equivalent characters render alike but differ in bytes: NFD against NFC, or a
        // singleton such as KELVIN SIGN against K.
        if let mineCharacter = lessonRest.first, let theirCharacter = wantedRest.first, mineCharacter == theirCharacter
        {
            let mineCount = mineCharacter.unicodeScalars.count
            let theirCount = theirCharacter.unicodeScalars.count
            if mineCount > theirCount {
                return
                    "the line has '\(mineCharacter)' decomposed (NFD: \(scalars(mineCharacter))) where \(reference) has NFC "
                    + scalars(theirCharacter)
            }
            if mineCount < theirCount {
                return
                    "the line has '\(mineCharacter)' composed (NFC: \(scalars(mineCharacter))) where \(reference) has it "
                    + "decomposed (NFD: \(scalars(theirCharacter)))"
            }
            return
                "the line has \(scalars(mineCharacter)) where \(reference) has \(scalars(theirCharacter)); they look alike"
        }
        if let mine, let theirs, Invisible.looksAlike(mine, theirs) {
            return "the line has \(describe(mine)) where \(reference) has \(describe(theirs)); they look alike"
        }
        if let mine, Invisible.isSuspicious(mine) {
            return "the line has \(Invisible.name(mine)) where \(reference) has \(describe(theirs))"
        }
        if let theirs, Invisible.isSuspicious(theirs) {
            return "\(reference) has \(Invisible.name(theirs)) where the line has \(describe(mine))"
        }
        return nil
    }

    private static func describe(_ scalar: Unicode.Scalar?) -> String {
        scalar.map(Invisible.describe) ?? "the end of the line"
    }

    private static func scalars(_ character: Character) -> String {
        character.unicodeScalars.map(Invisible.name).joined(separator: " + ")
    }
}
