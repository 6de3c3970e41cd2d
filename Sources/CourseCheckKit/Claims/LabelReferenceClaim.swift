/// Every backticked kebab-case word in prose (`filtre-secildi`) is a label some tree of the course
/// passes to `change`, or a word of the core's own vocabulary (`kural-disi`).
package struct LabelReferenceClaim: ClaimCheck {
    package let id = DiagnosticID.labelReference
    package let spansCourse = true
    package let cost = 5
    package let readsTreeOutputs = false
    package let readsOnlyText = true

    package init() {}

    /// The string literals passed as the first argument of `change(…)` in a tree block (whether or
    /// not its expected block was recognised): `change("label"`.
    static func labels(in block: FencedBlock) -> [String] { labels(in: block.body) }

    /// The labels passed to `change` on `lines`.
    static func labels(in lines: [Line]) -> [String] {
        var labels: [String] = []
        for line in lines {
            var from = 0
            while let start = line.text.utf8Offset(of: "change(\"", from: from) {
                let open = start + "change(\"".utf8.count
                guard let close = line.text.utf8Offset(of: "\"", from: open) else { break }
                let label = line.text.utf8Slice(open, close)
                if !label.contains("\\") { labels.append(label) }
                from = close + 1
            }
        }
        return labels
    }

    /// The string literals of the embedded core: the causes and words it prints.
    static let coreVocabulary: Set<String> = {
        guard let tokens = try? TreeLexer.tokens(LineScanner.lines(of: EmbeddedCore.text)) else { return [] }
        var words = Set<String>()
        for token in tokens {
            guard case .string(let segments) = token.kind else { continue }
            for case .text(let text) in segments { words.insert(text) }
        }
        return words
    }()

    /// Kebab case: words of letters (lowercase or caseless, any script: `görev-eklendi`) and
    /// decimal digits, joined by single dashes, at least two words.
    static func isKebab(_ word: Substring) -> Bool {
        // Over the contiguous bytes: the generic walk of a Substring's UTF8View cost ~400 a word.
        let dash =
            word.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "-")) }
            ?? word.utf8.contains(UInt8(ascii: "-"))
        guard dash else { return false }
        var words = 1
        var previousDash = true
        for scalar in word.unicodeScalars {
            // ASCII first: the property lookups below are the slow path.
            if scalar.isASCII && scalar != "-" {
                let byte = UInt8(scalar.value)
                guard (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) else { return false }
                previousDash = false
                continue
            }
            if scalar == "-" {
                if previousDash { return false }
                words += 1
                previousDash = true
            } else if scalar.properties.numericType == .decimal
                || (scalar.properties.isAlphabetic && !scalar.properties.isUppercase && !scalar.properties.isWhitespace)
            {
                previousDash = false
            } else {
                return false
            }
        }
        return words >= 2 && !previousDash
    }

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        // Trees whose fence says something other than `swift` count too: their one finding is the
        // info string, and the labels they pass are still the lesson's.
        let runnable = course.lessons.flatMap { lesson in
            lesson.lesson.blocks.map(\.fenced).filter {
                $0.body.first.map { Classifier.runnable(firstLine: $0.text) == "a tree" } ?? false
            }
        }
        // After a fence slip a tree may be hidden in a block that pairs wrongly: every line of
        // such a lesson may hold labels.
        let hidden = course.lessons.filter(\.lesson.fencesAreUncertain).flatMap {
            Self.labels(in: $0.lesson.file.lines)
        }
        let labels = Set(runnable.flatMap(Self.labels)).union(hidden)
        guard !labels.isEmpty else { return .notApplicable("no tree passes a label to change") }
        // Compared as bytes: an NFD spelling of a label is not the label.
        let known = Set(labels.union(Self.coreVocabulary).map { Array($0.utf8) })
        // A near miss may be a core word too (`kural-dısi` for `kural-disi`).
        let context = Self.interned(Context(known: known, labels: labels.union(Self.coreKebabWords)))
        return .checked(
            course.lessons.flatMap { lesson in
                lesson.labelReferences.value(for: context) {
                    Self.references(in: lesson.prose, known: known, labels: context.labels)
                }
            })
    }

    /// What a lesson's references are read against: the course's labels and the core's words.
    struct Context: Equatable, Sendable {
        var known: Set<[UInt8]>
        var labels: Set<String>
    }

    /// The last context made. A live loop (and the test suite) checks the course again and again
    /// with the same labels: handing back the kept context for an equal one compares the sets once
    /// a check, and each lesson's memo then meets sets that share their storage, which compare equal
    /// at once, instead of hashing every label again for every lesson.
    private static let lastContext = Locked<Context?>(nil)

    static func interned(_ context: Context) -> Context {
        lastContext.update { kept in
            if let kept, kept == context { return kept }
            kept = context
            return context
        }
    }

    /// The findings for the backticked kebab words of `prose` that are neither a label of `labels`
    /// nor a word of the core (`known`, as bytes). `filtered` false parses every block: the
    /// property test's reference for the byte prefilter.
    static func references(in prose: Prose, known: Set<[UInt8]>, labels: Set<String>, filtered: Bool = true)
        -> [Diagnostic]
    {
        var findings: [Diagnostic] = []
        var heads: Set<[UInt8]>?
        // A kebab word needs a dash, as written or as its skeleton reads: a block holding a
        // backtick (or a `<`, which may open raw `<code>`) but neither is not parsed, unless a
        // code span there opens with a label's first word and `_` or a space (`gorev_eklendi`).
        for block in prose.blocks
        where !filtered
            || (block.source.containsByte(UInt8(ascii: "`")) || block.source.containsByte(UInt8(ascii: "<")))
        {
            if filtered, !block.source.containsByte(UInt8(ascii: "-")), !Invisible.mayHoldLookAlike(block.source) {
                if heads == nil { heads = Self.heads(of: known) }
                guard Self.mayHoldJoinerSlip(block.source, heads: heads!) else { continue }
            }
            let inline = block.inline
            for span in inline.codeSpans {
                let word = span.content
                // A label with another character for a hyphen (`gorev–eklendi`, `gorev_eklendi`,
                // `gorev eklendi`): the label meant, at that character.
                if let slip = Self.joinerSlip(word, known: known) {
                    findings.append(
                        .labelReference(
                            at: block.location(of: span.contentStart + slip.offset, in: prose.path), word: word,
                            closest: slip.label, lookAlike: slip.wrapped ? nil : (slip.has, "-"),
                            wrapped: slip.wrapped))
                    continue
                }
                // A reader takes `görev‑eklendi` (U+2011) for the label `görev-eklendi`: it is one.
                let skeleton = Invisible.skeleton(word)
                guard Self.isKebab(Substring(word)) || Self.isKebab(Substring(skeleton)),
                    !known.contains(Array(word.utf8))
                else { continue }
                let closest = known.contains(Array(skeleton.utf8)) ? skeleton : Self.closest(word, in: labels)
                // The label typed on a Turkish keyboard (`kural-dışı`): its Turkish letters named, at the first.
                // One that is a look-alike too (`ı` for `i`) is named by code point, below.
                let turkish = word.filter { Self.foldedTurkish(String($0)) != String($0) }
                if let closest, closest != word, Self.foldedTurkish(word) == closest,
                    turkish.count > 1 || Invisible.firstIndistinct(word, closest) == nil
                {
                    let offset = word.prefix { Self.foldedTurkish(String($0)) == String($0) }.utf8.count
                    findings.append(
                        .labelReference(
                            at: block.location(of: span.contentStart + offset, in: prose.path), word: word,
                            closest: closest, turkish: Array(turkish)))
                    continue
                }
                let lookAlike = closest.flatMap { Invisible.firstIndistinct(word, $0) }
                findings.append(
                    .labelReference(
                        at: block.location(of: span.contentStart + (lookAlike?.offset ?? 0), in: prose.path),
                        word: word,
                        closest: closest, lookAlike: lookAlike.map { ($0.has, $0.wanted) }))
            }
        }
        return findings
    }

    /// What an author types for a label's hyphen by mistake: an en or em dash, `_`, a space. A
    /// reader sees another word than the label (the look-alike hyphens are `Invisible`'s).
    static let hyphenSlips: Set<Character> = ["\u{2013}", "\u{2014}", "_", " "]

    /// The label `word` is with each `hyphenSlips` character (between letters or digits) written as
    /// `-`, the first such character and its UTF-8 offset; nil when that is no label, or `word` is one.
    /// A space after a hyphen (`satir- acildi`: a line wrapped at the hyphen, which a code span
    /// reads as a space) is left out (`wrapped`), at the hyphen.
    static func joinerSlip(_ word: String, known: Set<[UInt8]>) -> (
        label: String, has: Character, offset: Int, wrapped: Bool
    )? {
        guard word.contains(where: { hyphenSlips.contains($0) }), !known.contains(Array(word.utf8)) else { return nil }
        let characters = Array(word)
        var label = ""
        var first: (has: Character, offset: Int, wrapped: Bool)?
        var offset = 0
        for (index, character) in characters.enumerated() {
            if character == " ", index > 1, index + 1 < characters.count, characters[index - 1] == "-",
                characters[index - 2].isLetter || characters[index - 2].isNumber,
                characters[index + 1].isLetter || characters[index + 1].isNumber
            {
                if first == nil { first = (character, offset - 1, true) }
            } else if hyphenSlips.contains(character), index > 0, index + 1 < characters.count,
                characters[index - 1].isLetter || characters[index - 1].isNumber,
                characters[index + 1].isLetter || characters[index + 1].isNumber
            {
                label.append("-")
                if first == nil { first = (character, offset, false) }
            } else {
                label.append(character)
            }
            offset += character.utf8.count
        }
        guard let first, known.contains(Array(label.utf8)) else { return nil }
        return (label, first.has, first.offset, first.wrapped)
    }

    /// The first words of the kebab labels (`gorev` of `gorev-eklendi`), as bytes.
    static func heads(of known: Set<[UInt8]>) -> Set<[UInt8]> {
        Set(known.compactMap { label in label.firstIndex(of: UInt8(ascii: "-")).map { Array(label[..<$0]) } })
    }

    /// Whether a code span (after a backtick, or `>` for raw `<code>`) in `source` may open with a
    /// label's first word and then `_` or a space (or a line ending, which a code span reads as
    /// one): the slips that leave no byte the block filter asks for. Looks only after those bytes.
    static func mayHoldJoinerSlip(_ source: String, heads: Set<[UInt8]>) -> Bool {
        guard !heads.isEmpty else { return false }
        var source = source
        return source.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: ">") else { continue }
                var start = index + 1
                while start < bytes.count, bytes[start] == UInt8(ascii: "`") { start += 1 }
                // The one space (or line ending, read as one) a code span's content may lose at its start.
                if start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\n") {
                    start += 1
                }
                var end = start
                // Letters and digits: ASCII, and the lead and continuation bytes of Latin letters.
                while end < bytes.count,
                    bytes[end].isASCIILetter || bytes[end].isASCIIDigit || (0x80...0xBF).contains(bytes[end])
                        || (0xC3...0xC5).contains(bytes[end])
                {
                    end += 1
                }
                guard end > start, end < bytes.count,
                    bytes[end] == UInt8(ascii: "_") || bytes[end] == UInt8(ascii: " ")
                        || bytes[end] == UInt8(ascii: "\n")
                else { continue }
                if heads.contains(Array(bytes[start..<end])) { return true }
            }
            return false
        }
    }

    /// Where `word` first differs from `label`, when the difference there is a look-alike or
    /// invisible character: the scalar, the label's, and the UTF-8 offset in `word`.
    static func firstLookAlike(_ word: String, _ label: String) -> (
        has: Unicode.Scalar, wanted: Unicode.Scalar, offset: Int
    )? {
        var offset = 0
        for (mine, theirs) in zip(word.unicodeScalars, label.unicodeScalars) {
            if mine != theirs {
                return Invisible.looksAlike(mine, theirs) || Invisible.isSuspicious(mine) ? (mine, theirs, offset) : nil
            }
            offset += UTF8.width(mine)
        }
        return nil
    }

    /// The core's kebab words (`kural-disi`), which prose names as it names labels.
    static let coreKebabWords: Set<String> = coreVocabulary.filter { isKebab(Substring($0)) }

    /// The label within two edits of `word`, if exactly one is closest. Turkish letters are read
    /// as the ASCII ones labels are typed with (`satır-açildi` is `satir-acildi` typed on a Turkish
    /// keyboard), so they cost no edit.
    static func closest(_ word: String, in labels: Set<String>) -> String? {
        let folded = foldedTurkish(word)
        let ranked = labels.map { ($0, EditDistance.distance(folded.utf8, foldedTurkish($0).utf8)) }
            .filter { $0.1 <= 2 }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        return ranked.first?.0
    }

    /// `word` with the letters of the Turkish alphabet that ASCII lacks written as their base letters.
    static func foldedTurkish(_ word: String) -> String {
        guard !word.utf8.allSatisfy({ $0 < 0x80 }) else { return word }
        let folds: [Character: Character] = [
            "ı": "i", "İ": "I", "ş": "s", "Ş": "S", "ç": "c", "Ç": "C", "ğ": "g", "Ğ": "G", "ö": "o", "Ö": "O",
            "ü": "u", "Ü": "U",
        ]
        return String(word.map { folds[$0] ?? $0 })
    }
}
