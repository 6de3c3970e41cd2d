import Foundation

/// The sentence in the closing (last) lesson that counts the single triggers the lessons declare
/// (a lesson declaring a distribution is not counted). Earlier lessons use the same words for
/// recomputation counts, so only the last lesson is read.
///
/// It is read as a reader reads it: the four triggers in any order, with any connective, with or
/// without emphasis, each with its count right after it (`yerel 6`, `yerel: 6`, `yerel (6)`) or
/// right before it (`6 yerel`, `altı yerel`), or the names listed and their counts after them in
/// the same order (`yerel, ebeveyn, gözlem ve ortam: 6, 4, 4, 6`, or in parentheses), in digits or
/// in Turkish number words. It is judged whole: every count it states, a repeated one too, is
/// compared. A paragraph that names all four and counts some but not all is the sentence with its
/// text unreadable: one finding, never "not applicable".
package struct TriggerDistributionClaim: ClaimCheck {
    package let id = DiagnosticID.triggerDistribution
    package let spansCourse = true
    package let cost = 6

    package init() {}

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        guard let lesson = course.lessons.last else { return .notApplicable("no lessons") }
        let candidates = Self.candidates(in: lesson)
        guard let (block, counts) = candidates.first(where: { $0.counts.allSatisfy { !$0.isEmpty } }) else {
            // The sentence written in the source but hidden by the rendering: one finding, there
            // (unless a fence slip hid it, which is the finding then).
            if !lesson.lesson.fencesAreUncertain, let hidden = Self.hiddenSentence(in: lesson) {
                return .checked([.triggerDistributionHidden(at: hidden.location, reason: hidden.reason)])
            }
            // After a fence slip the sentence may be inside a block that pairs wrongly: the slip is the finding.
            if lesson.lesson.fencesAreUncertain { return .checked([]) }
            guard let best = candidates.max(by: { $0.counts.count { !$0.isEmpty } < $1.counts.count { !$0.isEmpty } })
            else { return .notApplicable("no sentence in the last lesson gives the four triggers their counts") }
            let missing = Triggers.names.indices.filter { best.counts[$0].isEmpty }.map { Triggers.names[$0].declared }
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
        // Every count the sentence states, in reading order: a second count of one trigger is read too.
        let stated = Triggers.names.indices.flatMap { index in counts[index].map { (index, $0) } }
        for (index, claimed) in stated.sorted(by: { $0.1.offset < $1.1.offset }) where claimed.value != actual[index] {
            let name = Triggers.names[index]
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

    /// A paragraph that may be the sentence, with the counts it gives each trigger (in
    /// `Triggers.names` order; none, one, or more when it counts a trigger again) and where in the
    /// source each count is.
    typealias Candidate = (block: Prose.TextBlock, counts: [[(value: Int, offset: Int)]])

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
            if counts.contains(where: { !$0.isEmpty }) { candidates.append((block, counts)) }
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

    /// The four counts the sentence gives, in `Triggers.names` order, when one paragraph reads whole
    /// and gives each trigger one number (a sentence that contradicts itself counts nothing).
    static func sentence(in lesson: CourseFacts.LessonFacts) -> [Int]? {
        guard let counts = candidates(in: lesson).first(where: { $0.counts.allSatisfy { !$0.isEmpty } })?.counts,
            counts.allSatisfy({ count in count.allSatisfy { $0.value == count[0].value } })
        else { return nil }
        return counts.map { $0[0].value }
    }

    /// One word of a paragraph as rendered: its text (lowercased), the UTF-8 offset in the source
    /// it came from, whether punctuation other than `:` stands between it and the word before,
    /// that punctuation (`gap`), and whether it is a number that cannot be a count (`6,5`, `6.5`, `%6`).
    struct Word {
        var text: String
        var offset: Int
        var separated = false
        var notACount = false
        var gap = ""
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
        var gap = ""
        while index < characters.count {
            let character = characters[index].character
            guard character.isLetterOrNumber else {
                if character.isPunctuationMark && ascii(index) != UInt8(ascii: ":") && ascii(index) != UInt8(ascii: "%")
                {
                    separated = true
                }
                if character.isPunctuationMark { gap.append(character) }
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
                    notACount: notACount, gap: gap))
            separated = false
            gap = ""
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

    /// Every count a paragraph gives each trigger, in `Triggers.names` order, with each count's
    /// offset. Listed names with their counts after them in order (`yerel, ebeveyn, gözlem ve
    /// ortam: 6, 4, 4, 6`, or the counts in parentheses) are read first; then each other name takes
    /// the number right after it (a colon or an opening parenthesis between them) or right before
    /// it, whichever of the two the paragraph uses more, the other where that gives none. Each
    /// number counts once.
    static func counts(in words: [Word]) -> [[(value: Int, offset: Int)]] {
        var counts: [[(value: Int, offset: Int)]] = Triggers.names.map { _ in [] }
        var usedNumbers = Set<Int>()
        var usedNames = Set<Int>()
        func trigger(_ index: Int) -> Int? {
            guard index >= 0, index < words.count else { return nil }
            return Triggers.names.firstIndex { $0.declared == words[index].text }
        }
        let connectives: Set<String> = ["ve", "ile", "veya"]
        /// The next item of a list after `index`: a comma (or `separator`) before it, or a connective
        /// word; the item's index, or nil.
        func nextItem(after index: Int, separators: String, isItem: (Int) -> Bool) -> Int? {
            let next = index + 1
            guard next < words.count else { return nil }
            if !words[next].gap.isEmpty, words[next].gap.allSatisfy({ separators.contains($0) }), isItem(next) {
                return next
            }
            if words[next].gap.isEmpty, connectives.contains(words[next].text), next + 1 < words.count,
                words[next + 1].gap.isEmpty, isItem(next + 1)
            {
                return next + 1
            }
            return nil
        }
        // Listed names, then as many numbers after a colon or an opening parenthesis.
        var index = 0
        while index < words.count {
            guard trigger(index) != nil else {
                index += 1
                continue
            }
            var names = [index]
            while let next = nextItem(after: names.last!, separators: ",", isItem: { trigger($0) != nil }) {
                names.append(next)
            }
            let first = names.last! + 1
            guard names.count >= 2, first < words.count, !words[first].gap.isEmpty,
                words[first].gap.allSatisfy({ $0 == ":" || $0 == "(" }), let opening = number(words, at: first)
            else {
                index = names.last! + 1
                continue
            }
            var numbers = [(first, opening)]
            while numbers.count < names.count {
                let last = numbers.last!
                guard
                    let next = nextItem(
                        after: last.0 + last.1.length - 1, separators: ",/", isItem: { number(words, at: $0) != nil }),
                    let value = number(words, at: next)
                else { break }
                numbers.append((next, value))
            }
            if numbers.count == names.count {
                for (name, (at, count)) in zip(names, numbers) {
                    counts[trigger(name)!].append((count.value, words[at].offset))
                    usedNames.insert(name)
                    for word in at..<(at + count.length) { usedNumbers.insert(word) }
                }
            }
            index = numbers.last!.0 + 1
        }
        /// The number right after the name at `index`, or right before it, not yet counted.
        func after(_ index: Int) -> (value: Int, at: Int, length: Int)? {
            let next = index + 1
            guard next < words.count, words[next].gap.allSatisfy({ $0 == ":" || $0 == "(" }),
                !usedNumbers.contains(next), let found = number(words, at: next)
            else { return nil }
            return (found.value, next, found.length)
        }
        func before(_ index: Int) -> (value: Int, at: Int, length: Int)? {
            guard !words[index].separated else { return nil }
            // A ten and a unit (`on bir yerel`), or one word, right before the name.
            if index >= 2, !words[index - 1].separated, !usedNumbers.contains(index - 2),
                !usedNumbers.contains(index - 1), let found = number(words, at: index - 2), found.length == 2
            {
                return (found.value, index - 2, 2)
            }
            guard !usedNumbers.contains(index - 1), let found = number(words, at: index - 1), found.length == 1
            else { return nil }
            return (found.value, index - 1, 1)
        }
        let others = words.indices.filter { trigger($0) != nil && !usedNames.contains($0) }
        let afterFirst = others.count { after($0) != nil } >= others.count { before($0) != nil }
        var found: [(trigger: Int, value: Int, at: Int)] = []
        for name in others {
            let sides = afterFirst ? [after, before] : [before, after]
            guard let count = sides.lazy.compactMap({ $0(name) }).first else { continue }
            for word in count.at..<(count.at + count.length) { usedNumbers.insert(word) }
            found.append((trigger(name)!, count.value, count.at))
        }
        for (trigger, value, at) in found { counts[trigger].append((value, words[at].offset)) }
        for index in counts.indices { counts[index].sort { $0.offset < $1.offset } }
        return counts
    }
}
