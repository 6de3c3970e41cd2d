/// A statement of the course's number of lessons in the closing lesson or in the course index's
/// prose (`Kurs boyunca yirmi bir ders`, `kursun yirmi bir derslik özeti`, `Yirmi bir dersin her
/// biri`, `Kurs yirmi bir dersten oluşur`): it follows the lessons, as the distribution sentence's
/// `yirmi dersin` does (which leaves the opening lesson out, and is judged there). Only the phrases
/// that cannot mean some of the lessons are read, since a false alarm in another course costs more
/// than a miss: a number above one before a lesson word after `kurs boyunca` (`Kurs boyunca yirmi
/// bir ders`), `kursun … derslik` (the course's 21-lesson summary; not `kursun iki derslik bir
/// bölümü`, a part of it), `kurs … dersten oluşur`, after `tüm` or `bütün`, or before `dersin her
/// biri` in any case of `biri` (`her birinde`, `her birinin`, `her biri için`; a comma before the
/// number is no matter, `tablo, yirmi bir dersin her biri`), and `kursun … dersinin her biri` (the
/// possessive, its possessor the course: `bölümün üç dersinin her biri` is a part of it). `kursun
/// iki dersi` (two of its lessons) is not read. A number that counts some lessons is none of these:
/// after a word that picks them (`bu iki derste`, `bu iki dersin her birinde`, `son üç ders`,
/// `önceki dört ders`, `…ki`), before one that places them in time (`iki ders önce`, `3 ders
/// sonra`, `iki ders boyunca`), an ordinal (`21. ders`), and a sentence that leaves the opening
/// lesson out (`açılış dersi dışındaki yirmi dersin`), the distribution sentence's, which judges
/// every such mention in its paragraph; elsewhere one may count some of the other lessons
/// (`açılış dersi dışındaki dört ders gözlemi ölçer`). A number word typed with a slip in one of
/// these phrases (`yirmi bri ders`, `yrmi bir ders`) is one finding at the slipped word
/// (`TriggerDistributionClaim.meantNumber`, the one reader of such words). A run of number words
/// with a scale (`yirmi bin ders`, `yüz ders`, `bir milyon ders`) is read composed, and one
/// composing no number (`yirmi on derslik`) is one finding naming it
/// (`TriggerDistributionClaim.composedNumber`).
enum CourseLessonCount {
    /// The lesson words a number before names the course's lessons with.
    private static let lessonWords: Set<String> = ["ders", "dersin", "dersinin", "derslik", "dersten"]
    /// `biri` (each of them) after `her`, in every case a sentence gives it: `her biri`, `her
    /// birinde`, `her birinin`, `her birine`, `her birini`, `her birinden`, `her biriyle`, and
    /// `birisi` in the same cases. Not `birinci` (an ordinal).
    private static let eachOf: Set<String> = [
        "biri", "birini", "birine", "birinde", "birinden", "birinin", "biriyle", "birisi", "birisini", "birisine",
        "birisinde", "birisinden", "birisinin", "birisiyle",
    ]
    /// Words before the number that pick some of the lessons.
    static let picking: Set<String> = [
        "bu", "şu", "o", "son", "ilk", "diğer", "öteki", "geçen", "kalan", "her", "ilerleyen", "gelecek", "sıradaki",
        "yaklaşık", "en", "az",
    ]
    /// Words after the lesson word that place the lessons in time.
    static let placing: Set<String> = [
        "önce", "sonra", "boyunca", "içinde", "arasında", "arayla", "sonrasında", "öncesinde", "sürer",
    ]

    /// The findings of `lesson`'s statements of the course's lesson count, against `lessons`.
    static func findings(in lesson: CourseFacts.LessonFacts, lessons: Int) -> [Diagnostic] {
        findings(in: lesson.prose, path: lesson.path, lessons: lessons)
    }

    /// The findings of the statements of the course's lesson count in `prose` (a lesson's, or the
    /// course index's), against `lessons`.
    static func findings(in prose: Prose, path: String, lessons: Int) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for block in prose.blocks {
            // A block without `ders` (any case of its `d`), or without a word of the phrases
            // (`kurs`, `tüm`, `bütün`, `her biri`), states no count of the course: most blocks.
            // Asked of each sentence of its source too (`ders` in one, `kurs` in another states
            // nothing), on bytes: splitting into words costs hundreds of instructions a character.
            for characters in readableSentences(of: block, where: mayState(bytes:)) {
                findings += self.findings(in: characters, of: block, path: path, lessons: lessons)
            }
        }
        return findings
    }

    /// The readable characters of each sentence of `block` whose source bytes pass `test`: only
    /// those are split into words (the rendering's characters keep their source offsets).
    static func readableSentences(
        of block: Prose.TextBlock, where test: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> [[(character: Character, offset: Int)]] {
        var source = block.source
        let passing = source.withUTF8 { bytes in
            sentences(in: bytes).filter { test(UnsafeBufferPointer(rebasing: $0)) }.map { $0.startIndex..<$0.endIndex }
        }
        guard !passing.isEmpty else { return [] }
        let readable = block.inline.readable()
        return passing.map { range in readable.filter { range.contains($0.offset) } }
    }

    /// The sentences of a block's source bytes: each ends after `.`, `!` or `?` followed by a
    /// blank or the end, where `TriggerDistributionClaim.sentence` ends one too.
    static func sentences(in bytes: UnsafeBufferPointer<UInt8>) -> [Slice<UnsafeBufferPointer<UInt8>>] {
        var result: [Slice<UnsafeBufferPointer<UInt8>>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x2E || bytes[index] == 0x21 || bytes[index] == 0x3F {
            guard index + 1 == bytes.count || [0x20, 0x0A, 0x09].contains(bytes[index + 1]) else { continue }
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// The findings of the readable characters of `block`.
    private static func findings(
        in characters: [(character: Character, offset: Int)], of block: Prose.TextBlock, path: String, lessons: Int
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let words = TriggerDistributionClaim.words(characters)
        for at in words.indices where lessonWords.contains(words[at].text) && words[at].gap.isEmpty {
            // A number word typed with a slip (`yirmi bri ders`) in a phrase that states the
            // count: one finding at the slip, saying the count too when the number meant is wrong.
            if let (value, start, slip) = slippedNumber(words, before: at), value > 1,
                states(words, number: start, lessonWord: at)
            {
                let meant = TriggerDistributionClaim.corrected(
                    words, start..<at, slip: slip.word, meant: slip.meant)
                findings.append(
                    .misspeltNumber(
                        at: block.location(of: words[slip.word].offset, in: path),
                        written: words[slip.word].written, meant: slip.meant,
                        wrong: value == lessons
                            ? nil : "'\(meant)' " + Diagnostic.courseLessonCountStated(value, actual: lessons),
                        write: value == lessons
                            ? meant : spelled(lessons, like: meant.split(separator: " ").map(String.init)),
                        for: (start..<at).map { words[$0].written }.joined(separator: " ")))
                continue
            }
            // A run of number words the pair reader cannot read: with a scale (`yirmi bin
            // ders`, `bir milyon ders`), or composing no number (`yirmi on derslik`).
            if let composed = TriggerDistributionClaim.composedNumber(words, before: at),
                states(words, number: composed.start, lessonWord: at)
            {
                let written = (composed.start..<at).map { words[$0].written }
                let write = spelled(lessons, like: written)
                let location = block.location(of: words[composed.start].offset, in: path)
                if let broken = composed.broken {
                    findings.append(
                        .malformedNumber(
                            at: location, written: written.joined(separator: " "), broken: words[broken].written,
                            after: broken > composed.start ? words[broken - 1].written : nil, write: write))
                } else if let value = composed.value, value != lessons {
                    findings.append(
                        .courseLessonCount(
                            at: location, stated: value, written: written.joined(separator: " "),
                            actual: lessons, write: write))
                }
                continue
            }
            guard let (value, start) = number(words, before: at), value > 1, value != lessons,
                states(words, number: start, lessonWord: at)
            else { continue }
            findings.append(
                .courseLessonCount(
                    at: block.location(of: words[start].offset, in: path), stated: value,
                    written: (start..<at).map { words[$0].written }.joined(separator: " "), actual: lessons,
                    write: spelled(lessons, like: (start..<at).map { words[$0].written })))
        }
        return findings
    }

    /// Whether `source` holds `ders` (any case of its `d`) and a word of the phrases (`kurs`, `tüm`,
    /// `bütün`, `her biri`), asked in one pass over its bytes: the closing lesson's every block is
    /// asked on every check, and most blocks state no count of the course.
    static func mayState(_ source: String) -> Bool {
        var text = source
        return text.withUTF8 { mayState(bytes: $0) }
    }

    /// `mayState` of UTF-8 bytes.
    static func mayState(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func holds(_ word: StaticString, at start: Int) -> Bool {
            guard start >= 0, start + word.utf8CodeUnitCount <= bytes.count else { return false }
            for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != word.utf8Start[offset] {
                return false
            }
            return true
        }
        var (lesson, phrase) = (false, false)
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "d"), UInt8(ascii: "D"): lesson = lesson || holds("ers", at: index + 1)
            case UInt8(ascii: "u"): phrase = phrase || holds("rs", at: index + 1)
            // `ü` (C3 BC): `tüm`, `Tüm`, `bütün`.
            case 0xC3:
                phrase =
                    phrase
                    || holds("\u{FC}m", at: index) && (holds("t", at: index - 1) || holds("T", at: index - 1))
                    || holds("\u{FC}t\u{FC}n", at: index)
            case UInt8(ascii: "h"): phrase = phrase || holds("er biri", at: index + 1)
            default: continue
            }
            if lesson && phrase { return true }
        }
        return false
    }

    /// The number right before the word at `at` (a ten and a unit, or one word), nothing between.
    private static func number(_ words: [TriggerDistributionClaim.Word], before at: Int) -> (Int, Int)? {
        for length in [2, 1] where at - length >= 0 {
            let start = at - length
            guard (start + 1...at).allSatisfy({ words[$0].gap.isEmpty }),
                let found = TriggerDistributionClaim.number(words, at: start), found.length == length
            else { continue }
            return (found.value, start)
        }
        return nil
    }

    /// The number right before the word at `at` with one word typed with a slip (`yirmi bri`,
    /// `yrmi bir`): its value, where it starts, the slipped word and the word meant; the longer first.
    private static func slippedNumber(_ words: [TriggerDistributionClaim.Word], before at: Int)
        -> (Int, Int, (word: Int, meant: String))?
    {
        for length in [2, 1] where at - length >= 0 {
            let start = at - length
            guard (start + 1...at).allSatisfy({ words[$0].gap.isEmpty }),
                let found = TriggerDistributionClaim.slippedNumber(words, at: start, length: length)
            else { continue }
            return (found.value, start, (found.word, found.meant))
        }
        return nil
    }

    /// Whether the number at `number` before the lesson word at `lessonWord` states the course's
    /// count: one of the phrases that say so, nothing between their words but blanks.
    private static func states(_ words: [TriggerDistributionClaim.Word], number: Int, lessonWord: Int) -> Bool {
        func text(_ at: Int) -> String? {
            guard at < words.count, words[at].gap.isEmpty else { return nil }
            return words[at].text
        }
        // The word right before the number belongs to its phrase only with nothing but blanks
        // between them; after a comma (`tablo, yirmi bir dersin her biri`) it is another phrase's.
        let before = number > 0 && words[number].gap.isEmpty ? words[number - 1].text : nil
        if let before, picking.contains(before) || before.hasSuffix("ki") { return false }
        if let after = text(lessonWord + 1), placing.contains(after) { return false }
        if TriggerDistributionClaim.leavesOutOpening(
            words, in: TriggerDistributionClaim.sentence(words, holding: number))
        {
            return false
        }
        let lesson = words[lessonWord].text
        // `yirmi bir dersin her biri`, `… her birinde`: each of the lessons; `kursun yirmi bir
        // dersinin her biri`: each of the course's (another possessor's are a part of them).
        if text(lessonWord + 1) == "her", let each = text(lessonWord + 2), eachOf.contains(each) {
            if lesson == "dersin" { return true }
            if lesson == "dersinin" { return before?.hasPrefix("kurs") == true }
        }
        if lesson == "dersinin" { return false }
        // `tüm yirmi bir ders`, `bütün 21 dersin`: all the lessons.
        if before == "tüm" || before == "bütün" { return true }
        // `Kurs boyunca yirmi bir ders`: over the course.
        if before == "boyunca", number >= 2, words[number - 2].text.hasPrefix("kurs"), words[number - 1].gap.isEmpty {
            return lesson == "ders" || lesson == "dersin"
        }
        guard let before, before.hasPrefix("kurs") else { return false }
        // `kursun yirmi bir derslik özeti`, not `kursun iki derslik bir bölümü` (a part of it).
        if lesson == "derslik" {
            return text(lessonWord + 1).map { $0 != "bir" && TriggerDistributionClaim.units[$0] == nil } ?? true
        }
        // `Kurs yirmi bir dersten oluşur`: it is made of them (not `oluşan`, a part made of them).
        return lesson == "dersten" && ["oluşur", "oluşuyor", "oluşmaktadır"].contains(text(lessonWord + 1) ?? "")
    }

    /// Whether `bytes` hold `word`'s bytes: a byte test, first bytes compared before the rest.
    static func holds(_ word: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        for start in 0...(bytes.count - needle.count) where bytes[start] == first {
            if (1..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
        }
        return false
    }

    /// `value` written as the stated number was: digits, or Turkish number words, capitalised when it was.
    static func spelled(_ value: Int, like written: [String]) -> String {
        guard let first = written.first, !first.allSatisfy(\.isNumber) else { return String(value) }
        let tens = TriggerDistributionClaim.tens.first { $0.value == value / 10 * 10 }?.key
        let unit = value % 10 == 0 ? nil : TriggerDistributionClaim.units.first { $0.value == value % 10 }?.key
        let words = [tens, unit].compactMap { $0 }.joined(separator: " ")
        guard value < 100, !words.isEmpty else { return String(value) }
        return first.first?.isUppercase == true ? capitalised(words) : words
    }

    /// `word` with its first letter a capital as Turkish writes it: `i` is `İ` (`İki`, not `Iki`).
    static func capitalised(_ word: String) -> String {
        (word.hasPrefix("i") ? "İ" : word.prefix(1).uppercased()) + word.dropFirst()
    }
}
