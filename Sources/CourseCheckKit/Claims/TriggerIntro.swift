/// A lesson's intro names its trigger in bold too (`Bu derste bakılan tetik **yerel**: …`), the
/// first statement of it a reader meets. It is one more voice of the trigger's decision: judged
/// against a sound bullet (`DeclaredTriggerClaim`), and a voice for the bullet in
/// `TriggerConsensus`. A lesson without the sentence says nothing here: other courses need not
/// write one.
extension Triggers {
    /// The intro sentence's lead, before its bold value (`, ` or `yine` may stand between).
    static let introLead = "Bu derste bakılan tetik"

    /// The bold value after the intro's lead, read as the bullet's is (`boldValue`, `showsBold`):
    /// in a paragraph before the lesson's first section heading (`##`), at most two words and no
    /// end of a sentence or clause between the lead and the bold; without one, a trigger named
    /// plainly right after the lead (`plainIntro`). Nil when there is none.
    package static func intro(in prose: Prose) -> Declaration? {
        for block in prose.blocks {
            if case .heading(let level) = block.kind {
                if level > 1 { return nil }
                continue
            }
            guard block.itemMarker == nil, mayHoldIntro(block.source) else { continue }
            if let intro = writtenIntro(in: block, path: prose.path) ?? intro(in: block, path: prose.path) {
                return intro
            }
        }
        return nil
    }

    /// The bytes test before a paragraph is rendered: every lesson's opening paragraphs are read on
    /// every run, and only one of them holds the sentence. Its lead shows `tetik` unless it is typed
    /// with an entity or split by a tag (a `&` or `<`).
    static func mayHoldIntro(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            Self.introWord.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: bytes) != nil }
                || ByteSearch.firstOffset(of: UInt8(ascii: "&"), in: bytes) != nil
                || ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes) != nil
        }
    }

    /// The intro's lead as scalar values, for `intro(in:path:)`.
    private static let introLeadScalars = introLead.unicodeScalars.map(\.value)

    /// `tetik` as bytes, for `mayHoldIntro`.
    private static let introWord = Array("tetik".utf8)

    /// The intro as lessons write it, read from its bytes without rendering the paragraph (which
    /// cost most of this reader): `Bu derste bakılan tetik[,] [yine] **X**` with X a trigger's name
    /// or lesson 1's `dördünün de dağılımı`, in a paragraph with nothing that renders otherwise
    /// (no code span, HTML, entity, escape, link or strikethrough), so it reads as rendered. The
    /// bold between two spaces-or-punctuation forms strong emphasis whatever stands before it.
    /// Nil sends the paragraph to `intro(in:path:)`, which reads every other form.
    static func writtenIntro(in block: Prose.TextBlock, path: String) -> Declaration? {
        var source = block.source
        return source.withUTF8 { bytes -> Declaration? in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "`"), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\\"), UInt8(ascii: "["),
                    UInt8(ascii: "~"):
                    return nil
                default: continue
                }
            }
            guard let lead = Self.introLeadBytes.withUnsafeBufferPointer({ ByteSearch.firstOffset(of: $0, in: bytes) })
            else { return nil }
            // The lead starts a word: the paragraph's start, or an ASCII byte that is no letter or digit before it.
            if lead > 0 {
                let before = bytes[lead - 1]
                guard before < 0x80, !(before | 0x20 >= UInt8(ascii: "a") && before | 0x20 <= UInt8(ascii: "z")),
                    !(before >= UInt8(ascii: "0") && before <= UInt8(ascii: "9"))
                else { return nil }
            }
            var at = lead + Self.introLeadBytes.count
            func skip(_ text: StaticString) -> Bool {
                let count = text.utf8CodeUnitCount
                guard at + count <= bytes.count else { return false }
                for offset in 0..<count where bytes[at + offset] != text.utf8Start[offset] { return false }
                at += count
                return true
            }
            _ = skip(",")
            guard skip(" ") else { return nil }
            _ = skip("yine ")
            guard skip("**") else { return nil }
            for value in Self.writtenIntroValues {
                let start = at
                guard start + value.count + 2 <= bytes.count,
                    value.indices.allSatisfy({ bytes[start + $0] == value[$0] }),
                    bytes[start + value.count] == UInt8(ascii: "*"), bytes[start + value.count + 1] == UInt8(ascii: "*")
                else { continue }
                // `***` would be another run of delimiters: left to the rendering reader.
                let end = start + value.count + 2
                guard end == bytes.count || bytes[end] != UInt8(ascii: "*") else { return nil }
                return Declaration(
                    value: String(decoding: value, as: UTF8.self), location: block.location(of: start, in: path))
            }
            return nil
        }
    }

    /// The lead as bytes, for `writtenIntro`.
    private static let introLeadBytes = Array(introLead.utf8)

    /// The values `writtenIntro` reads: the triggers' names and lesson 1's words for a distribution.
    private static let writtenIntroValues = (names.map(\.declared) + ["dördünün de dağılımı"]).map { Array($0.utf8) }

    /// The intro's value in `block`, when its rendered text holds the lead.
    static func intro(in block: Prose.TextBlock, path: String) -> Declaration? {
        let inline = block.inline
        // As rendered, any space a plain one and a run of them one (`spaced`): the lead as the bullet's is read.
        // Each character's scalar beside it (`UInt32.max` for one of several scalars), compared by
        // value: `Character`'s own `isWhitespace` and `==` cost ten times more, on every opening paragraph.
        var text: [(character: Character, offset: Int)] = []
        var scalars: [UInt32] = []
        for read in inline.readable() {
            var iterator = read.character.unicodeScalars.makeIterator()
            guard let first = iterator.next() else { continue }
            let single = iterator.next() == nil
            // `Character.isWhitespace` is its first scalar's: ASCII by value, the rest by property.
            let blank =
                first.value < 0x80
                ? first.value == 0x20 || (0x09...0x0D).contains(first.value) : first.properties.isWhitespace
            if blank, scalars.last == 0x20 { continue }
            text.append((blank ? " " : read.character, read.offset))
            scalars.append(blank ? 0x20 : single ? first.value : UInt32.max)
        }
        let lead = Self.introLeadScalars
        guard text.count > lead.count else { return nil }
        for start in 0..<(text.count - lead.count) where scalars[start] == lead[0] {
            let end = start + lead.count
            guard lead.indices.allSatisfy({ scalars[start + $0] == lead[$0] }),
                start == 0 || !text[start - 1].character.isLetter, !text[end].character.isLetter
            else { continue }
            let after = text[end].offset
            if let strong = inline.emphasis.filter({ $0.strong && $0.open >= after }).min(by: { $0.open < $1.open }),
                showsBold(strong, in: inline)
            {
                // What stands between: `,` or a word or two (`yine`), no sentence's end (a bold later on is another's).
                let between = text[end...].prefix { $0.offset < strong.open }.map(\.character)
                if !between.contains(where: { ".:;!?".contains($0) }),
                    String(between).split(whereSeparator: {
                        $0 == " " || $0 == "," || Quotation.isMark($0, inWord: false)
                    }).count <= 2
                {
                    let (value, at) = boldValue(strong, in: inline)
                    return Declaration(value: value, location: block.location(of: at, in: path))
                }
            }
            return plainIntro(Array(text[end...]), block: block, path: path)
        }
        return nil
    }

    /// The intro's trigger written without its bold (`Bu derste bakılan tetik yerel: …`): a reader
    /// still reads it, so it is judged as named. Only a trigger's exact name among the first three
    /// words after the lead, before any end of a sentence or clause: anything else is no reading.
    static func plainIntro(
        _ text: [(character: Character, offset: Int)], block: Prose.TextBlock, path: String
    ) -> Declaration? {
        for (index, word) in TriggerDistributionClaim.words(text).prefix(3).enumerated() {
            if index > 0, word.gap.contains(where: { ".:;!?(".contains($0) }) { return nil }
            let value = Decomposed.composed(word.written.isEmpty ? word.text : word.written)
            if names.contains(where: { $0.declared.sameBytes(value) }) {
                return Declaration(value: value, location: block.location(of: word.offset, in: path))
            }
        }
        return nil
    }

    /// The value the intro should name, given the bullet's: the bullet's own, or for a
    /// distribution its words without the counts (`dördünün de dağılımı`), as lesson 1 writes it.
    static func introNaming(_ bullet: Declaration) -> String {
        guard bullet.distribution != nil, let open = bullet.value.firstIndex(of: "(") else { return bullet.value }
        let words = String(bullet.value[..<open]).trimmingWhitespaces
        return words.isEmpty ? bullet.value : words
    }

    /// True when the intro's value names what the bullet declares: the same value as rendered, or
    /// for a distribution its words alone or the same counts.
    static func introAgrees(_ intro: Declaration, with bullet: Declaration) -> Bool {
        let value = spaced(intro.value).trimmingWhitespaces
        if value.sameBytes(spaced(bullet.value).trimmingWhitespaces) { return true }
        guard let counts = bullet.distribution else { return false }
        if value.sameBytes(spaced(introNaming(bullet))) { return true }
        return intro.distribution == counts && triggerBeside(distribution: value) == nil
    }
}
