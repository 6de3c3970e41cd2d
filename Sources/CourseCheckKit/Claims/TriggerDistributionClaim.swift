import Foundation

/// The sentence in the closing (last) lesson that counts the single triggers the lessons declare
/// (a lesson declaring a distribution is not counted). Earlier lessons use the same words for
/// recomputation counts, so only the last lesson is read.
///
/// It is read as a reader reads it: the four triggers in any order, with any connective, with or
/// without emphasis, each with its count right after it (`yerel 6`, `yerel: 6`) or right before it
/// (`6 yerel`, `altı yerel`), in digits or in Turkish number words. A paragraph that names all four
/// and counts some but not all is the sentence with its text unreadable: one finding, never
/// "not applicable".
package struct TriggerDistributionClaim: ClaimCheck {
    package let id = DiagnosticID.triggerDistribution
    package let spansCourse = true
    package let cost = 6

    package init() {}

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        guard let lesson = course.lessons.last else { return .notApplicable("no lessons") }
        let candidates = Self.candidates(in: lesson)
        guard let (block, counts) = candidates.first(where: { $0.counts.allSatisfy { $0 != nil } }) else {
            // The sentence written in the source but hidden by the rendering: one finding, there
            // (unless a fence slip hid it, which is the finding then).
            if !lesson.lesson.fencesAreUncertain, let hidden = Self.hiddenSentence(in: lesson) {
                return .checked([.triggerDistributionHidden(at: hidden.location, reason: hidden.reason)])
            }
            // After a fence slip the sentence may be inside a block that pairs wrongly: the slip is the finding.
            if lesson.lesson.fencesAreUncertain { return .checked([]) }
            guard let best = candidates.max(by: { $0.counts.count { $0 != nil } < $1.counts.count { $0 != nil } })
            else { return .notApplicable("no sentence in the last lesson gives the four triggers their counts") }
            let missing = Triggers.names.indices.filter { best.counts[$0] == nil }.map { Triggers.names[$0].declared }
            return .checked([
                .triggerDistributionUnreadable(at: best.block.location(of: 0, in: lesson.path), missing: missing)
            ])
        }
        // A declaration its own lesson contradicts, or a lesson without one when others have one,
        // is reported once, by declared-trigger; the counts are then not known, so the sentence is
        // not judged.
        let parity = GitHubOnlyText.warnings(in: block, path: lesson.path, claim: "distribution sentence")
        let declarations = course.lessons.map(\.declaration)
        guard
            declarations.indices.allSatisfy({ declarations[$0] == nil || DeclaredTriggerClaim.isSound($0, in: course) }
            ),
            !(declarations.contains(where: { $0 == nil }) && declarations.contains(where: { $0 != nil }))
        else { return .checked(parity) }
        var actual = Triggers.names.map { _ in 0 }
        for declaration in declarations {
            guard let printed = declaration?.printed,
                let index = Triggers.names.firstIndex(where: { $0.printed == printed })
            else { continue }
            actual[index] += 1
        }
        var findings = parity
        for (index, name) in Triggers.names.enumerated() {
            guard let claimed = counts[index], claimed.value != actual[index] else { continue }
            findings.append(
                .triggerDistribution(
                    at: block.location(of: claimed.offset, in: lesson.path), trigger: name.declared,
                    claimed: claimed.value, actual: actual[index]))
        }
        return .checked(findings)
    }

    /// The paragraphs that may be the sentence. The anchor is a paragraph naming all four
    /// triggers, one at least with its count (fewer names are a recomputation count or a
    /// mention, as in every other lesson). The first that counts all four is the sentence;
    /// without one, the one that counts most is, unreadable.
    /// Found once for a lesson's text, whoever asks first (`prepare`, beside the trees' runs).
    static func candidates(in lesson: CourseFacts.LessonFacts) -> [Candidate] {
        lesson.distributionCandidates.update { found in
            if let found { return found }
            let candidates = findCandidates(in: lesson)
            found = candidates
            return candidates
        }
    }

    /// A paragraph that may be the sentence, with the count it gives each trigger (in
    /// `Triggers.names` order) and where in the source the count is.
    typealias Candidate = (block: Prose.TextBlock, counts: [(value: Int, offset: Int)?])

    /// The sentence is found in the text alone, so the claim looks for it before the trees have
    /// run; only the judging of its counts waits for them.
    package func prepare(_ course: CourseFacts) {
        if let lesson = course.lessons.last { _ = Self.candidates(in: lesson) }
    }

    private static func findCandidates(in lesson: CourseFacts.LessonFacts) -> [Candidate] {
        var candidates: [Candidate] = []
        for block in lesson.prose.blocks where mayNameAll(source: block.source) {
            let characters = block.inline.readable()
            guard mayNameAll(characters) else { continue }
            let words = Self.words(characters)
            let names = Set(words.map(\.text))
            guard Triggers.names.allSatisfy({ names.contains($0.declared) }) else { continue }
            let counts = Self.counts(in: words)
            if counts.contains(where: { $0 != nil }) { candidates.append((block, counts)) }
        }
        return candidates
    }

    /// A source line that names the four triggers, each with a number right after it, where the
    /// rendering hides it (a comment, an HTML block, code).
    static func hiddenSentence(in lesson: CourseFacts.LessonFacts) -> (location: SourceLocation, reason: String)? {
        for line in lesson.lesson.file.lines {
            let text = lowercased(line.text)
            let counted = Triggers.names.allSatisfy { name in
                guard let at = text.range(of: name.declared) else { return false }
                return text[at.upperBound...].prefix(4).contains { $0.isNumber }
            }
            guard counted,
                let first = Triggers.names.compactMap({ text.range(of: $0.declared) }).min(by: {
                    $0.lowerBound < $1.lowerBound
                }),
                let reason = HiddenText.reason(line: line.number, text: String(line.text[first]), in: lesson.lesson)
            else { continue }
            return (SourceLocation(path: lesson.path, line: line.number), reason)
        }
        return nil
    }

    /// The four counts the sentence gives, in `Triggers.names` order, when one paragraph reads whole.
    static func sentence(in lesson: CourseFacts.LessonFacts) -> [Int]? {
        guard let counts = candidates(in: lesson).first(where: { $0.counts.allSatisfy { $0 != nil } })?.counts
        else { return nil }
        return counts.compactMap { $0?.value }
    }

    /// One word of a paragraph as rendered: its text (lowercased), the UTF-8 offset in the source
    /// it came from, whether punctuation other than `:` stands between it and the word before,
    /// and whether it is a number that cannot be a count (`6,5`, `6.5`, `%6`).
    struct Word {
        var text: String
        var offset: Int
        var separated = false
        var notACount = false
    }

    /// The names, folded to lower case, as bytes.
    private static let nameBytes = Triggers.names.map { Array($0.declared.utf8) }

    /// False only when the paragraph certainly names fewer than all four triggers: its bytes
    /// folded to lower case (ASCII, and Latin-1 capitals such as `Ö`) lack a name. Splitting every
    /// paragraph into words cost most of the claims' time; a word that is a name is text that
    /// holds its bytes, unless a combining mark spells a letter, which keeps the paragraph.
    static func mayNameAll(_ characters: [(character: Character, offset: Int)]) -> Bool {
        foldedHoldAllNames(characters.lazy.flatMap(\.character.utf8), source: false)
    }

    /// `mayNameAll` before any rendering, on the paragraph's source: false only when no rendering
    /// of it can name all four. Emphasis and code marks (`*`, `_`, `` ` ``, `~`) are dropped, since
    /// `ye**re**l` reads as `yerel`; a source that renders text it does not spell (an entity, an
    /// escape, HTML, a link's brackets) is always kept. Rendering every paragraph to ask this cost
    /// more than the claim's own work.
    static func mayNameAll(source: String) -> Bool {
        foldedHoldAllNames(source.utf8, source: true)
    }

    /// The one fold under both: true at once for a combining mark (and, in a source, for what
    /// renders text it does not spell), else whether the folded bytes hold every name.
    private static func foldedHoldAllNames(_ bytes: some Sequence<UInt8>, source: Bool) -> Bool {
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.underestimatedCount)
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0xCC || byte == 0xCD { return true }
            if source {
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: "["): return true
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"): continue
                default: break
                }
            }
            var lower = byte
            if (0x41...0x5A).contains(byte) || (previous == 0xC3 && (0x80...0x9E).contains(byte)) { lower += 0x20 }
            folded.append(lower)
            previous = byte
        }
        return folded.withUnsafeBufferPointer { text in
            nameBytes.allSatisfy { name in
                name.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: text) != nil }
            }
        }
    }

    /// The words a reader reads in a paragraph: entities decoded, escapes resolved, raw HTML and
    /// struck-through text left out, line breaks as spaces.
    static func words(_ characters: [(character: Character, offset: Int)]) -> [Word] {
        // Characters compared by their ASCII value where they have one, and each word's text
        // appended into one string: Character equality and a [Character] per word cost ~10 K
        // instructions a word.
        func ascii(_ index: Int) -> UInt8? { characters[index].character.asciiValue }
        func text(_ range: Range<Int>) -> String {
            var text = ""
            for index in range { text.append(characters[index].character) }
            return text
        }
        var words: [Word] = []
        var index = 0
        var separated = false
        while index < characters.count {
            let character = characters[index].character
            guard character.isLetterOrNumber else {
                if character.isPunctuationMark && ascii(index) != UInt8(ascii: ":") && ascii(index) != UInt8(ascii: "%")
                {
                    separated = true
                }
                index += 1
                continue
            }
            let start = index
            while index < characters.count, characters[index].character.isLetterOrNumber {
                index += 1
            }
            var word = text(start..<index)
            var notACount = start > 0 && ascii(start - 1) == UInt8(ascii: "%")
            if word.allSatisfy(\.isNumeral) {
                // `6,5` and `6.5` are one number, and not a whole count; `6%` is a share.
                if index + 1 < characters.count, ascii(index) == UInt8(ascii: ",") || ascii(index) == UInt8(ascii: "."),
                    characters[index + 1].character.isNumeral
                {
                    index += 1
                    while index < characters.count, characters[index].character.isNumeral { index += 1 }
                    word = text(start..<index)
                    notACount = true
                }
                if index < characters.count, ascii(index) == UInt8(ascii: "%") { notACount = true }
            }
            words.append(
                Word(
                    text: lowercased(word), offset: characters[start].offset, separated: separated,
                    notACount: notACount))
            separated = false
        }
        return words
    }

    /// Turkish lowercase for the words that matter here: `İ` is `i`, `I` is `ı`.
    static func lowercased(_ word: String) -> String {
        // Scalar by scalar, ASCII by its value: `String.lowercased` and mapping Characters cost
        // ~6 K instructions a word. Outside ASCII each scalar takes its full lowercase mapping, as
        // `String.lowercased` does.
        var lower: [UInt8] = []
        lower.reserveCapacity(word.utf8.count + 2)
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0x49: lower += [0xC4, 0xB1]  // ı
            case 0x130: lower.append(UInt8(ascii: "i"))
            case 0x41...0x5A: lower.append(UInt8(scalar.value) + 0x20)
            case 0..<0x80: lower.append(UInt8(scalar.value))
            default: lower.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: lower, as: UTF8.self)
    }

    static let units: [String: Int] = [
        "sıfır": 0, "bir": 1, "iki": 2, "üç": 3, "dört": 4, "beş": 5, "altı": 6, "yedi": 7, "sekiz": 8, "dokuz": 9,
    ]
    static let tens: [String: Int] = [
        "on": 10, "yirmi": 20, "otuz": 30, "kırk": 40, "elli": 50, "altmış": 60, "yetmiş": 70, "seksen": 80,
        "doksan": 90,
    ]

    /// The number `words[index...]` starts with, and how many words it takes: digits, a unit, a
    /// ten, or a ten and a unit (`on bir`).
    static func number(_ words: [Word], at index: Int) -> (value: Int, length: Int)? {
        guard index >= 0, index < words.count, !words[index].notACount else { return nil }
        let word = words[index].text
        if word.allSatisfy({ $0.isASCII && $0.isNumber }), word.count < 10, let value = Int(word) {
            return (value, 1)
        }
        if let unit = units[word] { return (unit, 1) }
        if let ten = tens[word] {
            if index + 1 < words.count, !words[index + 1].separated, let unit = units[words[index + 1].text], unit > 0 {
                return (ten + unit, 2)
            }
            return (ten, 1)
        }
        return nil
    }

    /// Each trigger's count in a paragraph, with the count's offset: the number right after its
    /// name, else the number right before it; nil for a trigger the paragraph does not count.
    static func counts(in words: [Word]) -> [(value: Int, offset: Int)?] {
        Triggers.names.map { name -> (value: Int, offset: Int)? in
            for (index, word) in words.enumerated() where word.text == name.declared {
                // After: nothing but spaces (or a colon) between the name and its number.
                if index + 1 < words.count, !words[index + 1].separated, let after = number(words, at: index + 1) {
                    return (after.value, words[index + 1].offset)
                }
                // Before: a ten and a unit (`on bir yerel`), or one word, right before the name.
                guard !word.separated else { continue }
                if index >= 2, !words[index - 1].separated, let before = number(words, at: index - 2),
                    before.length == 2
                {
                    return (before.value, words[index - 2].offset)
                }
                if let before = number(words, at: index - 1), before.length == 1 {
                    return (before.value, words[index - 1].offset)
                }
            }
            return nil
        }
    }
}
