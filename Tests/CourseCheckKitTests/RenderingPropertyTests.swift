import Foundation
import XCTest

@testable import CourseCheckKit

/// Rewrites that keep what a reader sees never change the verdict. The real course checks clean;
/// after random rewrites of its prose that GitHub renders the same (a letter as a character
/// reference, escaped punctuation, `**` as `__`, an HTML comment against a word, a soft line
/// break), it still checks clean, with the same summary.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of rewritten courses (`make soak` runs many); a
/// failure names its seed and its rewrites, and `COURSECHECK_PROPERTY_SEED` replays it.
final class RenderingPropertyTests: XCTestCase {
    typealias Generator = BlockStructurePropertyTests.Generator

    /// A prose line that may be rewritten: a paragraph's or heading's line, or a table row.
    struct Target {
        var file: String
        var line: Int
        /// A heading or a table row: one line that a soft break would end.
        var heading: Bool
        /// The UTF-8 column where the block's text starts on the line: container prefixes and list
        /// markers before it are structure, never rewritten.
        var column: Int
    }

    /// The rewritable lines of every markdown file of the course.
    static func targets(in lessons: URL) throws -> [Target] {
        var found: [Target] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: lessons.path).sorted()
        where name.hasSuffix(".md") {
            let text = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
            let file = SourceFile(path: name, text: text)
            for block in Prose(file: file).blocks {
                for segment in block.segments {
                    // A table row (a delimiter row aside) takes entities and comments, never a break.
                    let row = segment.text.contains("|")
                    if row && segment.text.allSatisfy({ "|-: ".contains($0) }) { continue }
                    var heading = row
                    if case .heading = block.kind { heading = true }
                    found.append(
                        Target(file: name, line: segment.line.number, heading: heading, column: segment.column))
                }
            }
        }
        return found
    }

    /// Offsets of `line` from `start` on that are plain text: outside code spans, link
    /// destinations, autolinks, HTML and character references (an earlier rewrite's included).
    static func plainOffsets(_ line: [Character], from start: Int) -> [Int] {
        var plain: [Int] = []
        var inCode = false
        var inDestination = false
        var inAngle = false
        var inEntity = false
        for (index, character) in line.enumerated() {
            if character == "`" { inCode.toggle() }
            if !inCode && character == "(" && index > 0 && line[index - 1] == "]" { inDestination = true }
            if !inCode && character == "<" { inAngle = true }
            if !inCode && character == "&" { inEntity = true }
            let escaped = character == "\\" || (index > 0 && line[index - 1] == "\\")
            if index >= start && !inCode && !inDestination && !inAngle && !inEntity && character != "`" && !escaped {
                plain.append(index)
            }
            if character == ")" { inDestination = false }
            if character == ">" { inAngle = false }
            if character == ";" || character == " " { inEntity = false }
        }
        return plain
    }

    /// One rewrite of one line that renders the same; nil when this line offers none of that kind.
    static func rewrite(_ text: String, heading: Bool, column: Int, kind: UInt64, _ random: inout Generator) -> (
        String, String
    )? {
        var line = Array(text)
        // The character index where the block's text starts (the column counts UTF-8 bytes).
        var bytes = 0
        var start = line.count
        for (index, character) in line.enumerated() {
            if bytes >= column - 1 {
                start = index
                break
            }
            bytes += character.utf8.count
        }
        let plain = plainOffsets(line, from: start)
        func pick(_ candidates: [Int]) -> Int? {
            candidates.isEmpty ? nil : candidates[Int(random.next() % UInt64(candidates.count))]
        }
        switch kind % 5 {
        case 0:
            // A letter as a numeric character reference.
            guard let at = pick(plain.filter { line[$0].isLetter }), let scalar = line[at].unicodeScalars.first,
                line[at].unicodeScalars.count == 1
            else { return nil }
            line.replaceSubrange(at...at, with: Array("&#\(scalar.value);"))
            return (String(line), "entity for '\(scalar)'")
        case 1:
            // Punctuation behind a backslash.
            guard let at = pick(plain.filter { ".,:;!?".contains(line[$0]) }) else { return nil }
            line.insert("\\", at: at)
            return (String(line), "escaped '\(line[at + 1])'")
        case 2:
            // `**x**` as `__x__`, where underscores open and close as the asterisks did.
            let text = String(line)
            let from = text.index(text.startIndex, offsetBy: start)
            guard let open = text.range(of: "**", range: from..<text.endIndex),
                let close = text.range(of: "**", range: open.upperBound..<text.endIndex)
            else { return nil }
            let before = open.lowerBound == text.startIndex ? nil : text[text.index(before: open.lowerBound)]
            let after = close.upperBound == text.endIndex ? nil : text[close.upperBound]
            guard before.map({ $0 == " " || $0.isPunctuation }) ?? true,
                after.map({ $0 == " " || $0.isPunctuation }) ?? true
            else { return nil }
            var result = text
            result.replaceSubrange(close, with: "__")
            result.replaceSubrange(open, with: "__")
            return (result, "** as __")
        case 3:
            // An HTML comment against a word, before a space.
            guard let at = pick(plain.filter { line[$0] == " " && $0 > 0 && line[$0 - 1].isLetter }) else { return nil }
            line.insert(contentsOf: Array("<!-- not shown -->"), at: at)
            return (String(line), "comment at \(at)")
        default:
            // A soft line break for a space before a letter (a paragraph's line only).
            guard !heading,
                let at = pick(
                    plain.filter { $0 > 0 && line[$0] == " " && $0 + 1 < line.count && line[$0 + 1].isLetter })
            else { return nil }
            line[at] = "\n"
            return (String(line), "soft break at \(at)")
        }
    }

    func testRewritesThatRenderTheSameKeepTheVerdict() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 6)
        let baseline = try CourseCopy.make(for: self)
        // Twice: the second run's summary says what a warm cache gives, as the rewritten runs' do.
        _ = InProcess.run(["lessons/"], in: baseline.url)
        let clean = InProcess.run(["lessons/"], in: baseline.url)
        XCTAssertEqual(clean.status, .clean, clean.stderr)
        let targets = try Self.targets(in: baseline.url.appendingPathComponent("lessons"))
        XCTAssertGreaterThan(targets.count, 500, "the course's prose went missing")

        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            var applied: [String] = []
            for _ in 0..<8 {
                let target = targets[Int(random.next() % UInt64(targets.count))]
                let url = lessons.appendingPathComponent(target.file)
                var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                // Each rewrite reads the line as it is now (an earlier one may have wrapped it).
                guard target.line - 1 < lines.count,
                    let (text, what) = Self.rewrite(
                        lines[target.line - 1], heading: target.heading, column: target.column, kind: random.next(),
                        &random)
                else { continue }
                lines[target.line - 1] = text
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                applied.append("\(target.file):\(target.line) \(what)")
                // A soft break adds a line: later targets in this file are off by one; stop there.
                if what.hasPrefix("soft break") { break }
            }
            let run = InProcess.run(["lessons/"], in: scratch.url)
            XCTAssertEqual(
                run.stderr, clean.stderr,
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(applied.joined(separator: "; "))")
            XCTAssertEqual(run.stdout, clean.stdout, "seed \(seed)")
        }
    }

    /// A rewrite that changes one claim's rendered text (a count of the distribution sentence or
    /// the recomputations it says the opening distribution makes, the trigger in one row of the
    /// closing table, the number of one note, a statement of the course's lesson count, with a
    /// phrase counting some lessons beside it or not) gives exactly one finding, on the changed line; so
    /// does a slip that unmakes the closing table (its header or delimiter row lost or mistyped).
    func testChangingOneClaimTextGivesOneFindingThere() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 6)
        let triggers = ["yerel", "ebeveyn", "gözlem", "ortam"]
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            var file = try XCTUnwrap(names.last)
            var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let line: Int
            let what: String
            switch random.next() % 7 {
            case 6:
                // One of the closing lesson's statements of the course's lesson count, another number,
                // and now and then a phrase counting some lessons added beside it (no count of the
                // course): one finding, at the statement (`CourseLessonCount`).
                let statements = [
                    ("kursun ", "yirmi bir", " derslik"), ("Kurs boyunca ", "yirmi bir", " ders"),
                    ("- ", "Yirmi bir", " dersin her biri"),
                ]
                let (lead, number, tail) = statements[Int(random.next() % 3)]
                let at = try XCTUnwrap(lines.firstIndex { $0.contains(lead + number + tail) })
                // Another number, or the number meant typed with a slip (right or not: `yirmi bri`, `yrmi iki`).
                let others = [
                    "yirmi", "yirmi iki", "20", "22", "on dokuz", "otuz", "yirmi bri", "yrmi bir", "yirmi bır",
                    "yirmi br", "yrmi iki", "yirmi ikı", "on dokz",
                    // Scaled (`yirmi bin`, `yüz`, `bir milyon`: read composed) or composing no number (`yirmi on`).
                    "yirmi bin", "bin", "yüz", "bir milyon", "iki yüz on", "yirmi on", "on yirmi",
                ]
                let other = others[Int(random.next() % UInt64(others.count))]
                let written = number.hasPrefix("Y") ? other.prefix(1).uppercased() + other.dropFirst() : other
                lines[at] = lines[at].replacingOccurrences(of: lead + number + tail, with: lead + written + tail)
                // Words one slip from a number word where a count would stand are words of their own: no finding.
                let relative = [
                    " Son iki ders ortamı ölçtü.", " Bu iki derste ezme ölçülmez.", " İki ders önce gördük.",
                    " Kursun iki dersi tekrar içerir.", " Kursta iki dersten oluşan bir bölüm var.",
                    " Kurs boyunca yeni ders notları çıktı.", " Kursun ilk derslik özeti kısadır.",
                    " Kurs boyunca o ders tekrarlandı.", " Kurs boyunca baş ders ortamdı.", " Bin kez izlendi.",
                    " Yüzde on ders dışıdır.",
                ]
                let near = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Kurs boyunca") })
                if random.next() % 2 == 0 { lines[near] += relative[Int(random.next() % UInt64(relative.count))] }
                (line, what) = (at + 1, "\(number) as \(written)")
            case 5:
                // The closing table's header or delimiter row lost or mistyped: GitHub shows its rows
                // as a paragraph of pipes, one finding at the slipped line (the header's, the
                // delimiter row's when the header is lost or the delimiter row mistyped, the first
                // row's when both are lost).
                let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| Ders |") })
                let kind = Int(random.next() % 5)
                let descriptions = [
                    "delimiter row deleted", "delimiter row mistyped", "header row deleted",
                    "header and delimiter rows deleted", "a blank line after the header",
                ]
                switch kind {
                case 0: lines.remove(at: header + 1)
                case 1:
                    lines[header + 1] =
                        ["|===|===|===|===|", "|—|—|—|—|", "|---|---|---|---|---|"][
                            Int(random.next() % 3)]
                case 2: lines.remove(at: header)
                case 3: lines.removeSubrange(header...header + 1)
                default: lines.insert("", at: header + 1)
                }
                (line, what) = (kind == 4 || kind == 1 ? header + 2 : header + 1, descriptions[kind])
            case 4:
                // The recomputations the opening lesson's distribution makes, stated beside it: another number.
                let at = try XCTUnwrap(lines.firstIndex { $0.contains("çekirdek sekiz yeniden hesaplama") })
                let other = ["yedi", "dokuz", "on", "9", "altı", "sekz", "sekıs", "dokz", "yedı"][
                    Int(random.next() % 9)]
                lines[at] = lines[at].replacingOccurrences(of: "çekirdek sekiz", with: "çekirdek \(other)")
                (line, what) = (at + 1, "sekiz recomputations as \(other)")
            case 0:
                // One count of the distribution sentence, one more.
                let at = try XCTUnwrap(lines.firstIndex { $0.contains("yerel 6, ebeveyn 4, gözlem 4, ortam 6") })
                // Or its count typed as a number word with a slip, right or not (`yerel alti`, `ebeveyn bes`).
                let trigger = triggers[Int(random.next() % 4)]
                let six = trigger == "yerel" || trigger == "ortam"
                let old = "\(trigger) \(six ? 6 : 4)"
                // Or a look-alike letter of another script for its digit (Cyrillic be for 6, che for 4).
                let slipped =
                    six ? ["alti", "atlı", "yedı", "altu", "\u{431}"] : ["dort", "dröt", "bes", "dör", "\u{447}"]
                let new =
                    random.next() % 2 == 0
                    ? "\(trigger) \(six ? 7 : 5)" : "\(trigger) \(slipped[Int(random.next() % 5)])"
                lines[at] = lines[at].replacingOccurrences(of: old, with: new)
                (line, what) = (at + 1, "\(old) as \(new)")
            case 1:
                // The trigger of one row of the closing table, another trigger.
                let rows = lines.indices.filter { index in
                    lines[index].hasPrefix("| ") && triggers.contains { lines[index].contains("| \($0) |") }
                }
                let at = rows[Int(random.next() % UInt64(rows.count))]
                let given = try XCTUnwrap(triggers.first { lines[at].contains("| \($0) |") })
                let other = triggers.filter { $0 != given }[Int(random.next() % 3)]
                lines[at] = lines[at].replacingOccurrences(of: "| \(given) |", with: "| \(other) |")
                (line, what) = (at + 1, "row \(at + 1): \(given) as \(other)")
            case 2:
                // One lesson's trigger bullet, another trigger: the table and the sentence outvote it.
                let name = names.dropFirst()[Int(random.next() % UInt64(names.count - 1)) + 1]
                file = name
                lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
                let at = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("- Bu dersin tetiği: **") })
                guard let given = triggers.first(where: { lines[at].contains("**\($0)**") }) else { continue }
                let other = triggers.filter { $0 != given }[Int(random.next() % 3)]
                lines[at] = lines[at].replacingOccurrences(of: "**\(given)**", with: "**\(other)**")
                (line, what) = (at + 1, "bullet: \(given) as \(other)")
            default:
                // The number of one note, far from its neighbours.
                var notes: [(file: String, index: Int)] = []
                for name in names {
                    let text = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
                    for (index, text) in text.components(separatedBy: "\n").enumerated()
                    where text.hasPrefix("**") && text.dropFirst(2).first?.isUppercase == true
                        && text.range(of: #"^\*\*[A-Z]{1,4}[0-9]+\.\*\*"#, options: .regularExpression) != nil
                    {
                        notes.append((name, index))
                    }
                }
                let note = notes[Int(random.next() % UInt64(notes.count))]
                file = note.file
                lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
                let label = lines[note.index].prefix { $0 != " " }
                let letters = label.dropFirst(2).prefix { $0.isLetter }
                lines[note.index] = "**\(letters)90.**" + lines[note.index].dropFirst(label.count)
                (line, what) = (note.index + 1, "\(label) as **\(letters)90.**")
            }
            try lines.joined(separator: "\n").write(
                to: lessons.appendingPathComponent(file), atomically: true, encoding: .utf8)
            let found = courseFindings(in: scratch.url)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file): \(what): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line):") ?? false, message)
        }
    }

    /// The distribution sentence as a reader may write it, its counts in `counts` (yerel, ebeveyn,
    /// gözlem, ortam): each name with its count after it (plain, after a colon, in parentheses),
    /// before it, or the names listed and the counts after them in order (after a colon or in
    /// parentheses), digits or Turkish words. The pairs of the first forms in any order; a name
    /// with its count after it may state the count again (`yerel altı (6)`, `yerel 6 ya da 6`), a
    /// listed count in parentheses (`6, 4 (4), 4, 6`), and `second` gives one trigger (by index) a
    /// second count that differs, after its first (listed too: `6, 4, 4, 6 (7)`); the
    /// trigger `once` is stated once (its count is the slip, and a wrong count stated twice is two).
    /// Words and runs of them that stress or hedge a bound's verb, read past (`Connective.stressLength`).
    static let stresses = [
        "hiç", "asla", "kesinlikle", "bile", "pek", "muhtemelen", "de", "da", "şimdilik", "hiçbir zaman",
        "hiçbir şekilde", "asla ama asla", "hiç mi hiç", "hiç ama hiç", "da hiç", "büyük ihtimalle", "zaten de",
    ]

    /// Parentheses after a count that name lessons, a year or a share: no count (`othersUncounted`).
    static let asides = [
        "(2., 5., 7., 12., 19. ve 20. dersler)", "(12. ders dahil)", "(2.–20. dersler arasında)", "(ilki 2. derste)",
        "(ders 2, 5, 7 ve 12)", "(6, 11, 18 ve 21. dersler)", "(2026 sürümünde)", "(yüzde 30)", "(12. sırada)",
        "(dersler 3 ve 9)", "(2025'ten beri)",
    ]

    static func countPhrase(
        _ counts: [Int], _ random: inout Generator, second: (index: Int, value: Int)? = nil, once: Int? = nil
    ) -> String {
        let names: [String] = ["yerel", "ebeveyn", "gözlem", "ortam"]
        let words: [Int: String] = [4: "dört", 5: "beş", 6: "altı", 7: "yedi", 3: "üç"]
        func count(_ value: Int) -> String {
            random.next() % 3 == 0 ? words[value] ?? String(value) : String(value)
        }
        func joined(_ items: [String]) -> String {
            items.dropLast().joined(separator: ", ") + (random.next() % 2 == 0 ? " ve " : ", ") + items.last!
        }
        // The case ending a count takes before a name (`6'sı yerel`), and the distributive one
        // after listed names (`yerel ve ortam 6'şar`).
        let endings: [Int: String] = [1: "i", 2: "si", 3: "ü", 4: "ü", 5: "i", 6: "sı", 7: "si", 8: "i", 9: "u"]
        // The ablative a count takes before `az` and `fazla` (`7'den az`, `5'ten fazla`): a strict bound.
        let ablative: [Int: String] = [
            1: "den", 2: "den", 3: "ten", 4: "ten", 5: "ten", 6: "dan", 7: "den", 8: "den", 9: "dan",
        ]
        let dative: [Int: String] = [4: "e", 5: "e", 6: "ya", 7: "ye", 8: "e"]
        let genitive: [Int: String] = [3: "ün", 4: "ün", 5: "in", 6: "nın", 7: "nin", 8: "in"]
        let accusative: [Int: String] = [3: "ü", 4: "ü", 5: "i", 6: "yı", 7: "yi", 8: "i"]
        /// The verb "exceed" passing a number (`5'i aşkın`, `geçer`, `geçecek`, …: more than) and
        /// denying it in any tense, or saying it cannot (`7'yi geçmez`, `aşmıyor`, `geçmeyecek`,
        /// `aşamaz`, `geçemiyor`: at most), in their vowel harmony.
        let passes: [String] = [
            "geçer", "geçiyor", "geçen", "geçkin", "aşar", "aşıyor", "aşan", "aşkın", "geçmektedir", "geçecek",
            "aşacaktır", "geçti", "geçerler",
        ]
        let denies: [String] = [
            "geçmez", "geçmiyor", "geçmeyen", "aşmaz", "aşmıyor", "aşmayan", "aşamaz", "geçemez", "aşamıyor",
            "geçemiyor", "geçmeyecek", "aşmayacak", "geçemeyecek", "geçmezler", "aşmamaktadır", "geçemeyen",
        ]
        /// The words that deny a bound after it (`7'den fazla değil`, at most 7), the verb "be" in
        /// any negative form among them (`olmaz`, `olamaz`, `olmayacak`).
        let negating: [String] = [
            "değil", "değildir", "olamaz", "olmaz", "olmayan", "sayılmaz", "olmayacak", "olmuyor", "sayılamaz",
        ]
        /// A direction and a verb of motion denied: does not fall below (`5'ten aşağı düşmez`,
        /// `5'in altına inmez`: at least 5), does not go above (`7'nin üstüne çıkmaz`: at most 7).
        func notBelow(_ value: Int) -> String {
            let verb: String = ["düşmez", "inmez", "düşmüyor", "inmeyecek", "düşemez", "inemez", "düşmeyen"][
                Int(random.next() % 7)]
            return random.next() % 2 == 0
                ? "\(value)'\(ablative[value] ?? "den") \(["aşağı", "aşağıya"][Int(random.next() % 2)]) \(stressed())\(verb)"
                : "\(value)'\(genitive[value] ?? "in") altına \(stressed())\(verb)"
        }
        func notAbove(_ value: Int) -> String {
            let verb: String = ["çıkmaz", "çıkamaz", "çıkmıyor", "çıkmayacak"][Int(random.next() % 4)]
            return random.next() % 3 == 0
                ? "\(value)'\(ablative[value] ?? "den") \(["yukarı", "yukarıya"][Int(random.next() % 2)]) \(stressed())\(verb)"
                : "\(value)'\(genitive[value] ?? "in") \(["üstüne", "üzerine"][Int(random.next() % 2)]) \(stressed())\(verb)"
        }
        func negation() -> String { negating[Int(random.next() % UInt64(negating.count))] }
        /// Now and then a run of words stressing or hedging the verb after a bound, which changes
        /// nothing (`5'in altına hiç düşmez`, `7'yi asla aşmaz`, `kesinlikle`, `bile`, `pek`,
        /// `hiçbir zaman`, `asla ama asla`, `hiç mi hiç`, `da hiç`, `muhtemelen`, `şimdilik`).
        func stressed() -> String {
            random.next() % 3 == 0 ? Self.stresses[Int(random.next() % UInt64(Self.stresses.count))] + " " : ""
        }
        /// "Stay" after a position (`5'in altında kalmaz`, does not stay below 5: at least 5;
        /// `5'ten aşağıda kalmıyor`; `5'in üstünde kalmaz`, at most 5; `7'nin altında kalır`,
        /// fewer than 7), a bound that holds for `value`.
        func stays(_ value: Int) -> String {
            let denied: String = ["kalmaz", "kalmıyor", "kalmayacak", "kalamaz"][Int(random.next() % 4)]
            let forms: [String] = [
                "\(value)'\(genitive[value] ?? "in") altında \(stressed())\(denied)",
                "\(value)'\(ablative[value] ?? "den") aşağıda \(stressed())\(denied)",
                "\(value)'\(genitive[value] ?? "in") üstünde \(stressed())\(denied)",
                "\(value + 1)'\(genitive[value + 1] ?? "in") altında kalır",
            ]
            return forms[Int(random.next() % 4)]
        }
        /// The verbs "reach" denied (`7'yi bulmaz`, `7'ye varmaz`: fewer than 7) and said (`7'ye
        /// ulaşır`: at least 7), with the case each takes.
        func unreached(_ value: Int) -> String {
            let accusative = "\(value)'\(accusative[value] ?? "i") "
            let dative = "\(value)'\(dative[value] ?? "e") "
            let forms: [String] = [
                accusative + "bulmaz", accusative + "bulmuyor", dative + "varmaz", dative + "ulaşmaz",
                dative + "ulaşmıyor", dative + "erişmez", dative + "varmıyor",
            ]
            return forms[Int(random.next() % 7)]
        }
        func reached(_ value: Int) -> String {
            let forms: [String] = [
                "\(value)'\(accusative[value] ?? "i") bulur", "\(value)'\(dative[value] ?? "e") varır",
                "\(value)'\(dative[value] ?? "e") ulaşır", "\(value)'\(dative[value] ?? "e") erişiyor",
            ]
            return forms[Int(random.next() % 4)]
        }
        /// `value` as a number word with a case ending (`beşin`, `yediyi`, `dörtten`, `altıya`).
        func caseWord(_ value: Int, _ ending: Connective.CaseEnding) -> String {
            let stems = [2: "iki", 3: "üç", 4: "dört", 5: "beş", 6: "altı", 7: "yedi", 8: "sekiz", 9: "dokuz"]
            let endings: [Connective.CaseEnding: [Int: String]] = [
                .genitive: [2: "nin", 3: "ün", 4: "ün", 5: "in", 6: "nın", 7: "nin", 8: "in", 9: "un"],
                .accusative: [2: "yi", 3: "ü", 4: "ü", 5: "i", 6: "yı", 7: "yi", 8: "i", 9: "u"],
                .ablative: [2: "den", 3: "ten", 4: "ten", 5: "ten", 6: "dan", 7: "den", 8: "den", 9: "dan"],
                .dative: [2: "ye", 3: "e", 4: "e", 5: "e", 6: "ya", 7: "ye", 8: "e", 9: "a"],
            ]
            guard let stem = stems[value], let suffix = endings[ending]?[value] else { return "\(value)'i" }
            // `dört` softens before a vowel (`dördün`, `dördü`, `dörde`).
            return (value == 4 && ending != .ablative ? "dörd" : stem) + suffix
        }
        /// A bound that holds for `value`: at most, at least, fewer than, more than, up to, below,
        /// above, past or not past, and above or below (`6 ve üzeri`, `4 ya da daha az`).
        func holding(_ value: Int) -> String {
            let forms: [String] = [
                " (en fazla \(value + 1))", ", en az \(value)", " (azami \(value))",
                " (\(value + 1)'\(ablative[value + 1] ?? "den") az)",
                ", \(value - 1)'\(ablative[value - 1] ?? "den") fazla",
                " (\(value - 1)'\(ablative[value - 1] ?? "den") daha çok)", " (\(value)'\(dative[value] ?? "e") kadar)",
                " (\(value + 1)'\(genitive[value + 1] ?? "in") altında)",
                " (\(value - 1)'\(genitive[value - 1] ?? "in") üstünde)",
                " (\(value - 1)'\(accusative[value - 1] ?? "i") \(passes[Int(random.next() % UInt64(passes.count))]))",
                ", \(value)'\(accusative[value] ?? "i") \(stressed())\(denies[Int(random.next() % UInt64(denies.count))])",
                " (\(value) \(["ve üzeri", "ve üstü", "ya da daha fazla", "veya fazlası"][Int(random.next() % 4)]))",
                ", \(value) \(["ve altı", "ve aşağısı", "ya da daha az"][Int(random.next() % 3)])",
                // Denied: not more than (at most), not fewer than (at least), not above, not below.
                " (\(value)'\(ablative[value] ?? "den") fazla \(negation()))",
                ", \(value)'\(ablative[value] ?? "den") az \(negation())",
                " (\(value)'\(genitive[value] ?? "in") üstünde \(negation()))",
                " (\(value)'\(genitive[value] ?? "in") altında \(negation()))",
                // Reach: not reaching one more (fewer than), reaching it (at least).
                " (\(unreached(value + 1)))", " (\(reached(value)))",
                // Not below, not above; none more than (`7'den fazlası olmaz`); lower, higher.
                " (\(notBelow(value)))", ", \(notAbove(value))",
                " (\(value)'\(ablative[value] ?? "den") fazlası \(["olmaz", "olamaz", "olmayacak"][Int(random.next() % 3)]))",
                " (\(value + 1)'\(ablative[value + 1] ?? "den") düşük)",
                " (\(value - 1)'\(ablative[value - 1] ?? "den") yüksek)",
                // Stay: not below, not above, below one more.
                " (\(stays(value)))",
                // A number word with a case ending (`beşin altına düşmez`, `yediyi geçmez`).
                " (\(caseWord(value, .genitive)) altına \(stressed())\(["düşmez", "inmez"][Int(random.next() % 2)]))",
                " (\(caseWord(value + 1, .accusative)) \(stressed())\(["geçmez", "aşmaz"][Int(random.next() % 2)]))",
                " (\(caseWord(value, .ablative)) aşağı düşmez)", " (\(caseWord(value, .dative)) varır)",
                // A bound a question asks, true or not: it asserts none.
                " (\(value - 1)'\(accusative[value - 1] ?? "i") \(["geçmez", "geçer", "aşar"][Int(random.next() % 3)]) \(["mi", "mı"][Int(random.next() % 2)])?)",
                " (\(value + 1)'\(genitive[value + 1] ?? "in") altına düşmez mi?)", " (en fazla \(value - 1) mi?)",
                // The particle after a stressing word asks it too (`5'i hiç mi geçmez?`).
                " (\(value - 1)'\(accusative[value - 1] ?? "i") hiç mi geçmez?)",
            ]
            return forms[Int(random.next() % 33)]
        }
        let each: [Int: String] = [1: "er", 2: "şer", 3: "er", 4: "er", 5: "er", 6: "şar", 7: "şer", 8: "er", 9: "ar"]
        /// Now and then the names in quotation marks (curly, straight, low, guillemets, single),
        /// one of them or all: a reader reads the bare name.
        let quotes: [(open: String, close: String)] = [
            ("\u{201C}", "\u{201D}"), ("\"", "\""), ("\u{201E}", "\u{201C}"), ("\u{AB}", "\u{BB}"), ("'", "'"),
            ("\u{2018}", "\u{2019}"),
        ]
        let quote = random.next() % 4 == 0 ? quotes[Int(random.next() % UInt64(quotes.count))] : nil
        let quotedName = random.next() % 2 == 0 ? nil : Int(random.next() % 4)
        func shown(_ index: Int) -> String {
            guard let quote, quotedName == nil || quotedName == index else { return names[index] }
            return quote.open + names[index] + quote.close
        }
        /// The count stated again after the first: in parentheses or later in them, after a colon,
        /// a slash, a dash, an arrow or a tilde, or after a restating word (`Connective`: `ya da`,
        /// `yani`, `ila`, `hatta`, `belki`, a comma before some), as the other answer of a question
        /// (`4 mü 5 mi`, `4 mü, 5 mi?`, `4 mü yoksa 5 mi`), or supposed after a comma (`6, 7 de
        /// olabilir`, `6, 7 mi?`, `6, belki de 7`).
        func again(_ value: Int) -> String {
            let restated = count(value)
            let particles: [String] = ["mı", "mi", "mu", "mü"]
            func particle() -> String { particles[Int(random.next() % 4)] }
            // The restating words, their spellings a reader reads as them (`yada`, `ve ya`), and
            // corrections with the pause after them (`, hayır, `, ` — pardon, `, `, düzeltme: `).
            let restating: [String] = [
                ", yani ", ", hatta ", ", belki ", " yahut ", " veyahut ", " yoksa ", " aslında ",
                ", daha doğrusu ", " hatta ", " ya da belki ", " yada ", " ve ya ", " yahut da ", " yahutta ",
                " veyahut da ", ", hayır ", ", hayır, ", " \u{2014} pardon, ", ", pardon ", ", yok ", ", düzeltme: ",
                ", daha doğrusu, ", " ve/veya ", " ve-veya ", " ve / veya ",
                // `ya da` with its `da` dropped, the circumflex forms, English `or`, and nothing: two
                // numbers in a row (`dört beş`, four or five).
                " ya ", " yâ da ", " YÂ DA ", " yâhutta ", " ve yâ ", " veyâhut ", " veyâ ", " or ", " ",
                // The older spellings with `da` or `de` after them.
                " yahud da ", " veyahud da ", " yahut de ", " yahud de ", " veyahud ",
            ]
            return switch random.next() % 14 {
            case 12:
                [
                    " \(particle()) \(restated) \(particle())", " \(particle()), \(restated) \(particle())?",
                    " \(particle()) yoksa \(restated) \(particle())", " midir \(restated) midir",
                ][Int(random.next() % 4)]
            case 13:
                [
                    ", \(restated) de olabilir", ", \(restated) da olabilir", ", \(restated) olabilir",
                    ", \(restated) \(particle())?", ", belki de \(restated)", "; \(restated) de olabilir",
                    " olabilir, \(restated) de olabilir",
                ][Int(random.next() % 7)]
            case 10:
                restating[Int(random.next() % UInt64(restating.count))] + restated
            // A tilde with spaces round it: two bare ones (`6~7, … 4~5`) strike the text between through.
            case 11: [" ~ ", "\u{223C}", " \u{223C} "][Int(random.next() % 3)] + restated
            case 8: [" ila \(restated)", " ile \(restated) arası"][Int(random.next() % 2)]
            case 9: [" \u{2192} ", "->", " => ", " \u{21D2} "][Int(random.next() % 4)] + restated
            case 0: " (\(restated))"
            case 1: " (yani \(restated))"
            case 2: " ya da \(restated)"
            case 3: "/\(restated)"
            case 4: ["\u{2013}", "-", " \u{2013} "][Int(random.next() % 3)] + restated
            case 5: " (ya da belki \(restated))"
            case 6: " (bence, \(restated))"
            default: ": \(restated)"
            }
        }
        /// The listed counts (`6, 4, 4, 6`), one or another stated again in parentheses after it
        /// (`6 (7)`, `4 (yani 4)`): `second`'s, and now and then an agreeing one (not `once`'s).
        func listed() -> [String] {
            counts.indices.map { index in
                let value = count(counts[index])
                let restated: Int? =
                    if let second, second.index == index {
                        second.value
                    } else if index != once,
                        random.next() % 4 == 0
                    {
                        counts[index]
                    } else { nil }
                guard let restated else {
                    // Now and then a bound that holds in parentheses (`4 (en fazla 5)`, `4 (5'ten az)`).
                    guard index != once, random.next() % 6 == 0 else { return value }
                    let bound = holding(counts[index])
                    return value + (bound.hasPrefix(",") ? " (" + bound.dropFirst(2) + ")" : bound)
                }
                return value + (random.next() % 2 == 0 ? " (\(count(restated)))" : " (yani \(count(restated)))")
            }
        }
        switch second == nil ? random.next() % 8 : [0, 4, 5][Int(random.next() % 3)] {
        case 6:
            // Or the possessive number word (`altısı yerel`, six of them), the word form.
            let possessives: [Int: String] = [3: "üçü", 4: "dördü", 5: "beşi", 6: "altısı", 7: "yedisi"]
            return joined(
                names.indices.map { index in
                    let value = counts[index]
                    let written =
                        random.next() % 2 == 0
                        ? possessives[value] ?? "\(value)'\(endings[value] ?? "i")"
                        : "\(value)'\(endings[value] ?? "i")"
                    return "\(written) \(shown(index))"
                })
        case 7:
            // Names of one count listed before it once, the groups in order of first name.
            var groups: [(count: Int, names: [String])] = []
            for (name, count) in zip(names, counts) {
                if let at = groups.firstIndex(where: { $0.count == count }) {
                    groups[at].names.append(name)
                } else {
                    groups.append((count, [name]))
                }
            }
            // The count after them, or before them (`altışar yerel ve ortam`, `6'şar yerel ve ortam`),
            // or one plain count after them that is each name's (`yerel ve ortam için 6`, `ebeveyn ile gözlem: 4`).
            // Or the count right after the last name, nothing between (`yerel ve ortam 6`): each name's too.
            let before = random.next() % 3 == 0
            let plain = !before && random.next() % 2 == 0
            let bare = !before && !plain && random.next() % 2 == 0
            let distributives: [Int: String] = [4: "dörder", 5: "beşer", 6: "altışar", 7: "yedişer"]
            return groups.map { group in
                let each = "\(group.count)'\(each[group.count] ?? "er")"
                if plain {
                    return group.names.joined(separator: random.next() % 2 == 0 ? " ve " : " ile ")
                        + [" için ", ": "][Int(random.next() % 2)] + count(group.count)
                }
                if bare { return group.names.joined(separator: " ve ") + " " + count(group.count) }
                guard before else { return group.names.joined(separator: " ve ") + " " + each }
                return (random.next() % 2 == 0 ? distributives[group.count] ?? each : each) + " "
                    + group.names.joined(separator: " ve ")
            }.joined(separator: ", ")
        case 0...3:
            let form = second == nil ? random.next() % 4 : random.next() % 2
            let order = random.next() % 2 == 0 ? Array(0..<4) : Array(0..<4).shuffled(using: &random)
            return joined(
                order.map { index in
                    let (name, value) = (shown(index), count(counts[index]))
                    let restated =
                        if let second, second.index == index {
                            again(second.value)
                        } else if form < 2, index != once, random.next() % 4 == 0 {
                            // Or a bound that holds (`6 (en fazla 7)`, `6, en az 5`, `6 (7'den az)`): no count, no finding.
                            random.next() % 4 == 0 ? holding(counts[index]) : again(counts[index])
                        } else {
                            ""
                        }
                    // Now and then a count denied before the one stated (`gözlem 5 yerine 4`, `ortam 7
                    // değil, 6`): no count, whatever it is.
                    let denied =
                        random.next() % 6 == 0
                        ? "\(count(counts[index] + 1))" + [" yerine ", " değil, "][Int(random.next() % 2)] : ""
                    // Now and then a word a reader reads past between the name and its count (`gözlem
                    // ise 4`, `yerel yaklaşık 6`), or the name's conditional form (`ortamsa 6`).
                    // Or `tam` exactly, `yine` again, `yalnızca` only, the name's `tetiği`, a dash.
                    let past =
                        random.next() % 5 == 0
                        ? [
                            " ise", " yaklaşık", " de", " için",
                            name == names[index] ? (name == "ortam" ? "sa" : "se") : " ise",
                            // The locative, joined or after an apostrophe (`ortamda 6`, `yerel'de 6`).
                            name == names[index]
                                ? (random.next() % 2 == 0 ? "'" : "") + (name == "ortam" ? "da" : "de") : " de",
                            " yaklaşık olarak",
                            " aşağı yukarı", " tahminen", " tam", " tam olarak", " yine", " yalnızca", " sadece",
                            " ancak", " tetiği", " tetikli", " \u{2013}", " hemen hemen", " tetiği de", " tetiğini",
                        ][Int(random.next() % 21)]
                        : ""
                    // Now and then, after a count stated once, a parenthesis naming lessons, a year or a share.
                    let aside =
                        restated.isEmpty && form < 2 && random.next() % 6 == 0
                        ? " " + Self.asides[Int(random.next() % UInt64(Self.asides.count))] : ""
                    // Now and then the count and one stated after it as either-or (`ya 4 ya 5`, `ya 4 ya da 5`).
                    if form == 0, denied.isEmpty, restated.hasPrefix(" ya da "),
                        case let second = restated.dropFirst(" ya da ".count), !second.contains(" "),
                        random.next() % 2 == 0
                    {
                        return "\(name)\(past) ya \(value) ya\(random.next() % 2 == 0 ? " da" : "") \(second)"
                    }
                    return switch form {
                    case 0: "\(name)\(past) \(denied)\(value)\(restated)\(aside)"
                    case 1: "\(name): \(denied)\(value)\(restated)\(aside)"
                    case 2: "\(name) (\(value))"
                    // Or the count of lessons with `derste` before the name (`6 derste yerel`).
                    default: random.next() % 4 == 0 ? "\(value) derste \(name)" : "\(value) \(name)"
                    }
                })
        case 4:
            // The counts after a colon, or after words read past (`için`, `sırasıyla` respectively).
            let lead = [": ", " için ", " için sırasıyla ", ": sırasıyla ", " sırasıyla ", " tetikleri sırasıyla "][
                Int(random.next() % 6)]
            // Or nothing between the last name, joined by `ve`, and the counts (`… gözlem ve ortam 6, 4, 4, 6`).
            if random.next() % 4 == 0 {
                return names.indices.dropLast().map(shown).joined(separator: ", ") + " ve " + shown(3) + " "
                    + joined(listed())
            }
            return joined(names.indices.map(shown)) + lead + joined(listed())
        default:
            return joined(names.indices.map(shown)) + (random.next() % 3 == 0 ? " (sırasıyla " : " (")
                + (second == nil && random.next() % 2 == 0
                    ? counts.map(String.init).joined(separator: "/") : joined(listed())) + ")"
        }
    }

    /// A true sentence about the opening lesson's own recomputations, counted in times (`kez`,
    /// `kere`, `defa`, `sefer`): `Açılış dersinde yerel 2 kez, ortam iki kere değişir`, or without
    /// a times word (`Açılış dersinde yerel 2, ortam 2 yeniden hesaplama olur`). It counts no
    /// lessons, so it is not the distribution sentence, wherever it stands.
    static func openingTimesProse(_ random: inout Generator) -> String {
        let names = ["yerel", "ebeveyn", "gözlem", "ortam"].shuffled(using: &random)
        let times = ["kez", "kere", "defa", "sefer"]
        func twice() -> String {
            (random.next() % 2 == 0 ? "2 " : "iki ") + times[Int(random.next() % UInt64(times.count))]
        }
        let verb = ["değişir", "yeniden hesaplanır", "tetiklenir"][Int(random.next() % 3)]
        let counted = Array(names.prefix(Int(random.next() % 3) + 2))
        let opening = ["Açılış dersinde", "Açılışta", "Açılış dersinin çekirdeğinde", "Açılış dersindeki ağaçta"]
        let lead = opening[Int(random.next() % UInt64(opening.count))]
        return switch random.next() % 5 {
        case 0: "Açılış dersinde " + counted.map { "\($0) \(twice())" }.joined(separator: ", ") + " \(verb)."
        case 1: "Açılış dersinin çekirdeğinde \(counted.joined(separator: " ve ")) ikişer kez \(verb)."
        // No times word: the opening lesson's own counts still.
        case 2:
            "\(lead) " + counted.map { "\($0) \(random.next() % 2 == 0 ? "2" : "iki")" }.joined(separator: ", ")
                + " yeniden hesaplama olur."
        case 3: "\(lead) \(counted.joined(separator: " ve ")) ikişer yeniden hesaplama üretir."
        default:
            "Kurs yirmi bir derstir; açılış dersinde \(counted.joined(separator: " ve ")) ikişer kez mi ölçülür? "
                + "Evet, ikişer kez."
        }
    }

    /// Ordinary Turkish with `bir` (`tek bir`) before a trigger word that goes on into a phrase:
    /// the article ("a local change"), no count; or another number there inside a clause (`Ortam
    /// dersleri beş ortam değeri kullanır`), which counts the phrase's noun, not lessons.
    /// After the name too: `bir` and a noun (`yerel bir ölçümle`, `ortamda bir anahtar`, `gözlem
    /// için bir model`), or a name inside a clause with a number and the noun it counts (`Son
    /// derste ortamda 2 anahtar ezildi`).
    static func articleProse(_ random: inout Generator) -> String {
        let names = ["yerel", "ebeveyn", "gözlem", "ortam"]
        func name() -> String { names[Int(random.next() % 4)] }
        if random.next() % 3 == 0 {
            let noun = ["ölçümle", "anahtar", "model", "değer", "görünüm"][Int(random.next() % 5)]
            let name = name()
            let located = name + (name == "yerel" ? "de" : "da")
            return switch random.next() % 5 {
            case 0: "Her ders \(name) bir \(noun) başlamadı."
            case 1: "\(name.capitalized) için bir \(noun) yeter."
            case 2: "Son ders \(located) bir \(noun) ezdi."
            case 3: "Son derste \(located) \(["2", "iki", "üç", "5"][Int(random.next() % 4)]) \(noun) ezildi."
            default: "Ön izleme dersinde \(located) bir \(noun) değişti."
            }
        }
        if random.next() % 3 == 0 {
            let number = ["beş", "3", "iki", "on iki", "7", "dokuz"][Int(random.next() % 6)]
            let noun = ["değeri", "değişiklik", "nesnesi", "modeli"][Int(random.next() % 4)]
            let name = name()
            return switch random.next() % 3 {
            case 0: "\(name.capitalized) dersleri \(number) \(name) \(noun) kullanır."
            case 1: "Dokuzuncu ders \(number) \(name) \(noun) ölçer."
            default: "Bu derslerde \(number) \(name) \(noun) vardır."
            }
        }
        let article = ["bir", "tek bir", "Bir"][Int(random.next() % 3)]
        let lead = article == "Bir" ? "" : "Her tetik "
        let (first, second) = (name(), name())
        return switch random.next() % 4 {
        case 0: "\(lead)\(article) \(first) ya da uzak değişiklikten doğar."
        case 1: "\(lead)\(article) \(first) değeri birçok görünümü etkileyebilir."
        case 2: "\(lead)\(article) \(first) veya \(second) değişiklik sayılır."
        default: "\(lead)\(article) \(first) değişiklik, bir \(second) modeli ile gelebilir."
        }
    }

    /// The claims read what a reader reads. A rewrite of the distribution sentence that keeps its
    /// meaning (counts in parentheses, after a colon, listed after the names, in words) gives no
    /// finding; one slip gives exactly one finding, on its line: a count of the sentence wrong, or
    /// a second, contradicting count of one trigger (after it or right after its first count), the number of lessons or a total as the
    /// course's lesson count; a second trigger in a lesson's bullet, a misspelt lead, punctuation
    /// inside the bold, a bold lead, a numbered item, a marker without its space, with a no-break
    /// space or an en dash, a distribution beside the trigger, or an unseen character in the
    /// trigger, the value wrapped in what shows no bold trigger (struck through, an image, a code
    /// span, a comment, its asterisks as entities); the opening lesson's distribution with a
    /// look-alike slash or a count left out or added; a closing-table trigger cell wrapped whole
    /// (struck through, an image, a comment); a look-alike letter, a no-break space, a decomposed letter or a
    /// zero-width space or soft hyphen in a closing table's title or trigger cell (or the first
    /// three in a lesson's heading), whose message names the code point. Escapes and entities in
    /// a bullet's lead or trigger and in the table's distribution cell, and spaces around its
    /// slashes, render the same and give none.
    func testClaimTextRewritesAndSlips() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 5)
        let triggers: [String] = ["yerel", "ebeveyn", "gözlem", "ortam"]
        let actual: [Int] = [6, 4, 4, 6]
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6"
        let lookAlikes: [Character: Character] = [
            "a": "\u{430}", "e": "\u{435}", "o": "\u{43E}", "p": "\u{440}", "c": "\u{441}", "y": "\u{443}",
            "i": "\u{456}", "s": "\u{455}", "B": "\u{412}", "E": "\u{415}", "K": "\u{41A}", "H": "\u{41D}",
            "O": "\u{41E}", "P": "\u{420}", "C": "\u{421}", "T": "\u{422}",
        ]
        var slips = 0
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            func read(_ file: String) throws -> [String] {
                try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
            }
            var file = try XCTUnwrap(names.last)
            var lines = try read(file)
            let at = try XCTUnwrap(lines.firstIndex { $0.contains(sentence) })
            // Every case rewrites the sentence in a form that keeps its meaning.
            var kept = Self.countPhrase(actual, &random)
            // Now and then a sentence after it with a word one slip from a number word where a
            // number of lessons would stand (`yeni ders`, `ilk dersin`): a word of its own, no count.
            if random.next() % 3 == 0 {
                kept +=
                    ([
                        ". Bu arada yeni ders notları çıktı", ". İlk dersin notu kısadır", ". O ders uzun sürdü",
                        ". Baş ders ortamı anlatır", ". Bin ders izlendi", ". Her ders bir ölçüm yapar",
                    ] as [String])[Int(random.next() % 6)]
            }
            lines[at] = lines[at].replacingOccurrences(of: sentence, with: kept)
            var what = "sentence as '\(kept)'"
            /// The slip's line, and a word its one finding's message must hold; nil: no finding.
            var expected: (line: Int, says: String)?
            /// The slip's column too, where the case knows it.
            var expectedColumn: Int?
            switch random.next() % 4 {
            case 0:
                // A rewrite GitHub renders the same, in a bullet or in the closing table's distribution cell.
                let bulletFile = names.dropFirst()[Int(random.next() % UInt64(names.count - 1)) + 1]
                var bullets = try read(bulletFile)
                let bullet = try XCTUnwrap(bullets.firstIndex { $0.hasPrefix("- Bu dersin tetiği: **") })
                let given = try XCTUnwrap(triggers.first { bullets[bullet].contains("**\($0)**") })
                let letter = try XCTUnwrap(given.unicodeScalars.first).value
                let tag = (["span", "kbd", "sup", "sub"] as [String])[Int(random.next() % 4)]
                let rewrites: [(String, String, String)] = [
                    (bulletFile, "Bu dersin tetiği:", "Bu dersin tetiği\\:"),
                    (bulletFile, "Bu dersin tetiği:", "Bu  dersin tetiği:"),
                    (bulletFile, "**\(given)**", "**&#\(letter);\(given.dropFirst())**"),
                    (bulletFile, "**\(given)**", "**&#x\(String(letter, radix: 16));\(given.dropFirst())**"),
                    (file, "| dördü (2/2/2/2) |", "| dördü \\(2/2/2/2\\) |"),
                    (file, "| dördü (2/2/2/2) |", "| dördü (2\\/2/2/2) |"),
                    (file, "| dördü (2/2/2/2) |", "| d&ouml;rd&#252; (2/2/2/2) |"),
                    (names[0], "(2/2/2/2)**", "(2 / 2 / 2 / 2)**"),
                    (file, "| dördü (2/2/2/2) |", "| dördü (2 / 2 / 2 / 2) |"),
                    // Raw tags that show their text as text: the trigger reads the same (cmark-gfm).
                    (file, "| \(given) |", "| <\(tag)>\(given)</\(tag)> |"),
                    (bulletFile, "**\(given)**", "<span>**\(given)**</span>"),
                    (bulletFile, "**\(given)**", "**<kbd>\(given)</kbd>**"),
                    // A trigger the bullet comments on after its value (negates it, warns against it,
                    // refers to it, says there is none) is not declared.
                    (
                        bulletFile, "**\(given)**",
                        "**\(given)**"
                            + ([
                                " (%@ değil)", " (%@ ile karıştırmayın)", ", %@ değil", " (bkz. %@ dersi)", " (%@ yok)",
                                " (hayır, %@ değil)",
                            ] as [String])[Int(random.next() % 6)].replacingOccurrences(
                                of: "%@", with: triggers.filter { $0 != given }[Int(random.next() % 3)])
                    ),
                    // Prose after the sentence, and the index's intro with the sentence appended:
                    // `bir` before a trigger word going on into a phrase is the article, no count.
                    (file, kept + ".", kept + ". " + Self.articleProse(&random)),
                    // The same as a line of its own in the sentence's paragraph.
                    (file, "tetiğini sayar.", "tetiğini sayar.\n" + Self.articleProse(&random)),
                    // An extra front-matter key holding a flow list, which YAML reads as a list.
                    (
                        bulletFile, "license: 'CC BY-SA 4.0'",
                        "license: 'CC BY-SA 4.0'\n"
                            + ["tags: ['durum', 'state']", "keywords: [durum]", "tags: [a, \"b c\"]", "tags: []"][
                                Int(random.next() % 4)]
                    ),
                    // The opening lesson's recomputations counted in times (`Açılış dersinde yerel 2
                    // kez, …`), beside the sentence or in the index: no count of the distribution.
                    (file, kept + ".", kept + ". " + Self.openingTimesProse(&random)),
                    ("README.md", " Değiştiriciler,", " " + Self.openingTimesProse(&random) + " Değiştiriciler,"),
                    (
                        "README.md", " Değiştiriciler,",
                        " Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: \(sentence). "
                            + Self.articleProse(&random) + " Değiştiriciler,"
                    ),
                ]
                let (target, old, new) = rewrites[Int(random.next() % UInt64(rewrites.count))]
                if target == file {
                    lines = lines.map { $0.replacingOccurrences(of: old, with: new) }
                } else {
                    bullets = try read(target).map { $0.replacingOccurrences(of: old, with: new) }
                    try bullets.joined(separator: "\n").write(
                        to: lessons.appendingPathComponent(target), atomically: true, encoding: .utf8)
                }
                what += ", \(target): '\(old)' as '\(new)'"
            case 1:
                // A count wrong: the whole phrase with one count changed, or a second count of one trigger.
                let index = Int(random.next() % 4)
                let wrong = actual[index] + 1
                let total = random.next() % 4
                if total >= 2 {
                    // The number of lessons the sentence counts, or its total, as the course's lesson count.
                    let (old, new) =
                        total == 2
                        ? (
                            "yirmi dersin tetik",
                            (["yirmi bir dersin tetik", "21 dersin tetik"] as [String])[Int(random.next() % 2)]
                        )
                        : (kept, kept + ([" (toplam 21)", ", toplam: 21"] as [String])[Int(random.next() % 2)])
                    lines[at] = lines[at].replacingOccurrences(of: old, with: new)
                    what += ", then '\(old)' as '\(new)'"
                    expected = (at + 1, total == 2 ? "says 21 lessons," : "says the total is 21,")
                } else if total == 1, random.next() % 3 == 0 {
                    // The names listed, one of the counts after them dropped: one finding at the list.
                    var counts = actual.map(String.init)
                    counts.remove(at: index)
                    let phrase =
                        triggers.joined(separator: ", ") + ": " + counts.joined(separator: ", ")
                        + (random.next() % 2 == 0 ? "" : ",")
                    lines[at] = lines[at].replacingOccurrences(of: kept, with: phrase)
                    what += ", then as '\(phrase)'"
                    expected = (at + 1, "but gives 3 counts")
                } else if total == 0, random.next() % 3 == 0 {
                    // Counts and names typed with character references (`&#55;`, `&#x37;`, `&#121;erel`):
                    // the wrong count is found at its own column, not at the start of the text node.
                    var phrase = ""
                    var column = 0
                    for (position, name) in triggers.enumerated() {
                        if position > 0 { phrase += ", " }
                        let letter = try XCTUnwrap(name.unicodeScalars.first).value
                        phrase += random.next() % 3 == 0 ? "&#\(letter);\(name.dropFirst())" : name
                        phrase += " "
                        let value = position == index ? wrong : actual[position]
                        let digit = 48 + value
                        if position == index {
                            let before = try XCTUnwrap(lines[at].range(of: kept)).lowerBound
                            column = lines[at][..<before].utf8.count + phrase.utf8.count + 1
                        }
                        phrase +=
                            [String(value), "&#\(digit);", "&#x\(String(digit, radix: 16));"][
                                Int(random.next() % 3)]
                    }
                    lines[at] = lines[at].replacingOccurrences(of: kept, with: phrase)
                    what += ", then as '\(phrase)'"
                    expectedColumn = column
                } else if random.next() % 3 == 0 {
                    var counts = actual
                    counts[index] = wrong
                    let phrase = Self.countPhrase(counts, &random, once: index)
                    lines[at] = lines[at].replacingOccurrences(of: kept, with: phrase)
                    what += ", then as '\(phrase)'"
                } else if random.next() % 2 == 0 {
                    // A second count of one trigger right after its first, the one or the other wrong.
                    var counts = actual
                    var second = (index: index, value: wrong)
                    if random.next() % 2 == 0 { (counts[index], second.value) = (wrong, actual[index]) }
                    let phrase = Self.countPhrase(counts, &random, second: second)
                    lines[at] = lines[at].replacingOccurrences(of: kept, with: phrase)
                    what += ", then as '\(phrase)'"
                } else {
                    let form = Int(random.next() % 17)
                    let count = actual[index]
                    let negation = (["değil", "değildir", "olamaz", "olmaz", "sayılmaz"] as [String])[
                        Int(random.next() % 5)]
                    let ablativeOf = [3: "ten", 4: "ten", 5: "ten", 6: "dan", 7: "den"]
                    let (ablative, ablativeBelow) = (ablativeOf[count] ?? "den", ablativeOf[count - 1] ?? "den")
                    let dativeOf = [3: "e", 4: "e", 5: "e", 6: "ya", 7: "ye"]
                    let unreaching = (["varmaz", "ulaşmaz", "erişmez"] as [String])[Int(random.next() % 3)]
                    let genitiveOf = [3: "ün", 4: "ün", 5: "in", 6: "nın", 7: "nin"]
                    let accusativeOf = [3: "ü", 4: "ü", 5: "i", 6: "yı", 7: "yi"]
                    // Denied in any tense or as "cannot" (at most), a direction and a verb of motion denied.
                    let cannot = ["aşamaz", "geçemez", "aşamıyor", "geçmeyecek", "aşmayacak", "geçemeyecektir"][
                        Int(random.next() % 6)]
                    let notBelow = [
                        "\(ablativeOf[count + 1] ?? "den") aşağı düşmez",
                        "\(ablativeOf[count + 1] ?? "den") aşağıya inmez",
                        "\(genitiveOf[count + 1] ?? "in") altına düşmez",
                        "\(genitiveOf[count + 1] ?? "in") altına inmiyor",
                    ][Int(random.next() % 4)]
                    let notAbove = (["üstüne çıkmaz", "üzerine çıkamaz", "üstüne çıkmayacak"] as [String])[
                        Int(random.next() % 3)]
                    let stress = Self.stresses[Int(random.next() % UInt64(Self.stresses.count))]
                    func caseWordOf(_ value: Int, _ endings: [Int: String]) -> String {
                        let stems = [3: "üç", 4: "dörd", 5: "beş", 6: "altı", 7: "yedi", 8: "sekiz"]
                        return "\(stems[value] ?? "\(value)'")\(endings[value] ?? "in")"
                    }
                    // A word stressing the verb (never falls below one more: at least; never exceeds
                    // one fewer: at most), and "stay" after a position (does not stay below one more:
                    // at least; does not stay above one fewer: at most). Drawn before the phrases, each
                    // typed as a `String`: inside the array literal, these three took the type checker
                    // seconds.
                    let neverBelow: String = [
                        "\(genitiveOf[count + 1] ?? "in") altına \(stress) düşmez",
                        "\(genitiveOf[count + 1] ?? "in") altında kalmaz",
                        "\(ablativeOf[count + 1] ?? "den") aşağıda \(stress) kalmıyor",
                        "\(ablativeOf[count + 1] ?? "den") aşağı \(stress) inmez",
                    ][Int(random.next() % 4)]
                    let neverAbove: String = [
                        "\(accusativeOf[count - 1] ?? "i") \(stress) aşmaz",
                        "\(genitiveOf[count - 1] ?? "in") üstünde kalmaz",
                        "\(genitiveOf[count - 1] ?? "in") üzerine \(stress) çıkmaz",
                    ][Int(random.next() % 3)]
                    let wordBelow: String =
                        ([
                            "\(caseWordOf(count + 1, genitiveOf)) altına \(stress) düşmez",
                            "\(caseWordOf(count + 1, genitiveOf)) altında kalmaz",
                        ] as [String])[Int(random.next() % 2)]
                    let again: String = [
                        ", \(triggers[index]) \(wrong)", " (\(triggers[index]): \(wrong))",
                        "; \(triggers[index]) ise \(wrong)",
                        // A bound the lessons break, beside the right count: one finding at the bound.
                        "; \(triggers[index]) \(count) (en fazla \(count - 1))",
                        "; \(triggers[index]) \(count) (\(count)'\(ablative) az)",
                        // Denied (not more than one fewer: at most; not fewer than one more: at least),
                        // and "does not reach" the count itself (fewer than it) or "reaches" one more.
                        "; \(triggers[index]) \(count) (\(count - 1)'\(ablativeBelow) fazla \(negation))",
                        "; \(triggers[index]) \(count) (\(count + 1)'\(ablativeOf[count + 1] ?? "den") az \(negation))",
                        "; \(triggers[index]) \(count) (\(count)'\(dativeOf[count] ?? "e") \(unreaching))",
                        "; \(triggers[index]) \(count) (\(count + 1)'\(dativeOf[count + 1] ?? "e") ulaşır)",
                        // Cannot exceed one fewer (at most), does not fall below one more (at least),
                        // does not go above one fewer (at most), none more than one fewer (at most).
                        "; \(triggers[index]) \(count) (\(count - 1)'\(accusativeOf[count - 1] ?? "i") \(cannot))",
                        "; \(triggers[index]) \(count) (\(count + 1)'\(notBelow))",
                        "; \(triggers[index]) \(count) (\(count - 1)'\(genitiveOf[count - 1] ?? "in") \(notAbove))",
                        "; \(triggers[index]) \(count) (\(count - 1)'\(ablativeBelow) fazlası olmaz)",
                        // The stressed and "stay" bounds drawn above.
                        "; \(triggers[index]) \(count) (\(count + 1)'\(neverBelow))",
                        "; \(triggers[index]) \(count) (\(count - 1)'\(neverAbove))",
                        // A number word with a case ending: never falls below one more (at least), does
                        // not exceed one fewer (at most).
                        "; \(triggers[index]) \(count) (\(wordBelow))",
                        // A direction with no verb: neither a bound nor a count.
                        "; \(triggers[index]) \(count) (\(count + 1)'\(genitiveOf[count + 1] ?? "in") altına)",
                    ][form]
                    lines[at] = lines[at].replacingOccurrences(of: kept, with: kept + again)
                    what += ", then '\(again)' after it"
                    let says = [
                        3: "at most \(count - 1)", 4: "fewer than \(count)", 5: "at most \(count - 1)",
                        6: "at least \(count + 1)", 7: "fewer than \(count)", 8: "at least \(count + 1)",
                        9: "at most \(count - 1)", 10: "at least \(count + 1)", 11: "at most \(count - 1)",
                        12: "at most \(count - 1)", 13: "at least \(count + 1)", 14: "at most \(count - 1)",
                        15: "at least \(count + 1)",
                    ]
                    if let bound = says[form] ?? (form == 16 ? "" : nil) {
                        expected = (
                            at + 1,
                            form == 16
                                ? "the bound on \(triggers[index]) ends at 'altına' with no verb"
                                : "says \(triggers[index]) \(bound),"
                        )
                        // At the bound's number, right after the parenthesis (after `en fazla` in form 3).
                        let appended = try XCTUnwrap(lines[at].range(of: kept + again))
                        let open = try XCTUnwrap(again.firstIndex(of: "("))
                        expectedColumn =
                            lines[at][..<appended.lowerBound].utf8.count + kept.utf8.count
                            + again[..<open].utf8.count + 2 + (form == 3 ? "en fazla ".utf8.count : 0)
                    }
                }
                if expected == nil { expected = (at + 1, "says \(triggers[index]) \(wrong),") }
            case 2:
                // One lesson's bullet: a second trigger, or the lead misspelt.
                file = names.dropFirst()[Int(random.next() % UInt64(names.count - 1)) + 1]
                lines = try read(file)
                let bullet = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("- Bu dersin tetiği: **") })
                let given = try XCTUnwrap(triggers.first { lines[bullet].contains("**\($0)**") })
                let slip = random.next() % 18
                let opening = try read(names[0])
                if slip == 16 {
                    // The bullet's value wrapped in inline syntax that shows no bold trigger (`Inline.wrapper`),
                    // or its asterisks typed as entities: one finding at the value naming that.
                    let (new, says) = [
                        ("~~**\(given)**~~", "struck through"), ("**~~\(given)~~**", "struck through"),
                        ("~**\(given)**~", "struck through"), ("<del>**\(given)**</del>", "struck through"),
                        ("<s>**\(given)**</s>", "struck through"), ("<strike>**\(given)**</strike>", "struck through"),
                        ("**<del>\(given)</del>**", "struck through"), ("![**\(given)**](x.png)", "in an image"),
                        ("![\(given)](x.png)", "in an image"), ("`**\(given)**`", "in a code span"),
                        ("<!-- **\(given)** -->", "inside an HTML comment"),
                        ("&#42;&#42;\(given)&#42;&#42;", "written with its asterisks as entities"),
                        ("&ast;&ast;\(given)&ast;&ast;", "written with its asterisks as entities"),
                        ("\\*\\*\(given)\\*\\*", "written with escaped '\\*'"),
                        ("<img src=x alt=\(given)>", "in an image"), ("**<img alt=\"\(given)\">**", "in an image"),
                        ("<IMG ALT='**\(given)**' SRC=x>", "in an image"),
                    ][Int(random.next() % 17)]
                    lines[bullet] = lines[bullet].replacingOccurrences(of: "**\(given)**", with: new)
                    (what, expected) = ("bullet's value as '\(new)'", (bullet + 1, "'\(new)' is \(says)"))
                } else if slip == 17 {
                    // A closing-table trigger cell wrapped whole: one finding at the row naming the wrapper.
                    file = try XCTUnwrap(names.last)
                    lines = try read(file)
                    let rows = lines.indices.filter { lines[$0].hasPrefix("| ") && !lines[$0].hasPrefix("| Ders ") }
                    XCTAssertEqual(rows.count, 21, "the closing table's rows went missing")
                    let row = rows[Int(random.next() % UInt64(rows.count))]
                    var cells = lines[row].components(separatedBy: " | ")
                    let cell = cells[2]
                    let (new, says) = [
                        ("~~\(cell)~~", "struck through"), ("<del>\(cell)</del>", "struck through"),
                        ("<s>\(cell)</s>", "struck through"), ("<strike>\(cell)</strike>", "struck through"),
                        ("**~~\(cell)~~**", "struck through"), ("~~**\(cell)**~~", "struck through"),
                        ("![\(cell)](x.png)", "in an image"), ("<!-- \(cell) -->", "inside an HTML comment"),
                        // Raw `<img>` (its alt quoted, or not where it has no space), the asterisks typed
                        // as entities or escaped, a `<!--` left open at the cell's start.
                        ("<img alt=\"\(cell)\" src=\"x.png\">", "in an image"),
                        (cell.contains(" ") ? "<img src=x alt='\(cell)'>" : "<img src=x alt=\(cell)>", "in an image"),
                        ("&#42;&#42;\(cell)&#42;&#42;", "written with its asterisks as entities"),
                        ("&#x2A;&#x2A;\(cell)&#x2A;&#x2A;", "written with its asterisks as entities"),
                        ("&ast;&ast;\(cell)&ast;&ast;", "written with its asterisks as entities"),
                        ("\\*\\*\(cell)\\*\\*", "written with escaped '\\*'"),
                        ("<!-- \(cell)", ""),
                    ][Int(random.next() % 15)]
                    cells[2] = new
                    lines[row] = cells.joined(separator: " | ")
                    (what, expected) = (
                        "trigger cell at line \(row + 1) as '\(new)'",
                        (
                            row + 1,
                            says.isEmpty
                                ? "readers see '\(new)' as text; delete '<!--' (closed" : "'\(new)', which is \(says)"
                        )
                    )
                } else if slip == 15 {
                    // The marker as one to three marks a reader takes for one (`--`, `·`, `-=`), the line
                    // taken into the bullet above or, after a blank line, a paragraph: one finding there.
                    let marks = [
                        "-", "\u{B7}", "\u{2022}", "=", "~", ".", ":", "\u{2013}", "\u{2014}", "\u{2212}", "\u{2219}",
                    ]
                    var near = ""
                    while near.isEmpty || ["-", "+", "*"].contains(near) {
                        near = String(
                            (0...(random.next() % 3)).map { _ in marks[Int(random.next() % UInt64(marks.count))] }
                                .joined())
                    }
                    let blank = random.next() % 2 == 0
                    let scalars = near.unicodeScalars
                    var named: [String] = []
                    for scalar in scalars where !scalar.isASCII && !named.contains(Invisible.name(scalar)) {
                        named.append(Invisible.name(scalar))
                    }
                    let says =
                        scalars.count == 1 && !named.isEmpty
                        ? named[0] : "'\(near)'" + (named.isEmpty ? "" : " (\(named.joined(separator: ", ")))")
                    lines[bullet] = lines[bullet].replacingOccurrences(
                        of: "- Bu dersin tetiği:", with: "\(near) Bu dersin tetiği:")
                    if blank { lines.insert("", at: bullet) }
                    (what, expected) = (
                        "bullet's marker as '\(near)'\(blank ? " after a blank line" : "")",
                        (bullet + (blank ? 2 : 1), "it opens with \(says), which is no bullet marker")
                    )
                } else if slip == 12, bullet > 0, lines[bullet - 1].hasPrefix("- ") {
                    // The bullet run on into the bullet above it.
                    lines[bullet - 1] += " " + lines[bullet]
                    lines.remove(at: bullet)
                    (what, expected) = ("bullet joined to the one above", (bullet, "follows other text on its line"))
                } else if slip == 13 || slip == 14 {
                    // A closing-table row indented as code, or a comment line before it: the table ends there.
                    file = try XCTUnwrap(names.last)
                    lines = try read(file)
                    let rows = lines.indices.filter { lines[$0].hasPrefix("| ") && !lines[$0].hasPrefix("| Ders ") }
                    XCTAssertEqual(rows.count, 21, "the closing table's rows went missing")
                    let row = rows[Int(random.next() % UInt64(rows.count))]
                    if slip == 13 {
                        lines.insert("<!-- x -->", at: row)
                        (what, expected) = ("a comment before line \(row + 1)", (row + 1, "HTML comment ends"))
                    } else {
                        lines[row] = "    " + lines[row]
                        (what, expected) = ("line \(row + 1) indented", (row + 1, "indented 4 spaces"))
                    }
                } else if slip == 10 || slip == 11, let at = opening.firstIndex(where: { $0.contains("(2/2/2/2)**") }) {
                    // The opening lesson's distribution: a look-alike slash, or a count left out or added.
                    let new =
                        slip == 10
                        ? (["(2\u{2215}2\u{2215}2\u{2215}2)", "(2\u{2044}2\u{2044}2\u{2044}2)"] as [String])[
                            Int(random.next() % 2)]
                        : (["(2/2/2)", "(2/2/2/2/2)"] as [String])[Int(random.next() % 2)]
                    (file, lines) = (names[0], opening)
                    lines[at] = lines[at].replacingOccurrences(of: "(2/2/2/2)", with: new)
                    let says = slip == 10 ? "where a distribution has '/'" : "four counts"
                    (what, expected) = ("opening distribution as \(new)", (at + 1, says))
                } else if (2...9).contains(slip) {
                    let inserted = (["\u{200B}", "&shy;", "\u{2060}"] as [String])[Int(random.next() % 3)]
                    let (old, new, says) =
                        [
                            ("**\(given)**", "**\(given).**", "the bold holds more than the trigger"),
                            ("Bu dersin tetiği: **\(given)**", "**Bu dersin tetiği:** \(given)", "not in bold"),
                            ("- Bu dersin tetiği:", "6. Bu dersin tetiği:", "numbered list"),
                            (
                                "**\(given)**", "**\(given.prefix(2))\(inserted)\(given.dropFirst(2))**",
                                "after '\(given.prefix(2))'"
                            ),
                            // A marker as written that opens no bullet, and a distribution beside the trigger.
                            ("- Bu dersin tetiği:", "-Bu dersin tetiği:", "no space after it"),
                            ("- Bu dersin tetiği:", "-\u{A0}Bu dersin tetiği:", "U+00A0 NO-BREAK SPACE"),
                            ("- Bu dersin tetiği:", "\u{2013} Bu dersin tetiği:", "U+2013 EN DASH"),
                            (
                                "**\(given)**", "**\(given) (1/0/0/0)**",
                                "names the trigger '\(given)' and a distribution"
                            ),
                        ][Int(slip - 2)]
                    lines[bullet] = lines[bullet].replacingOccurrences(of: old, with: new)
                    (what, expected) = ("bullet: '\(old)' as '\(new)'", (bullet + 1, says))
                } else if slip == 0 {
                    let other = triggers.filter { $0 != given }[Int(random.next() % 3)]
                    let second =
                        ([
                            "**\(given)** ve **\(other)**", "**\(given)**, \(other)", "**\(given)** (\(other))",
                            "**\(given)** (ya da \(other))", "**\(given)** (\(other) de)", "**\(given)** ve \(other)",
                        ] as [String])[Int(random.next() % 6)]
                    lines[bullet] = lines[bullet].replacingOccurrences(of: "**\(given)**", with: second)
                    (what, expected) = ("bullet as \(second)", (bullet + 1, "two triggers"))
                } else if slip == 1, random.next() % 2 == 0 {
                    // Invisible characters before the `-` (the line joins the text above), or a word
                    // before the lead: one finding at the line, naming what was typed.
                    if random.next() % 2 == 0 {
                        let typed = ["\u{200B}", "\u{FEFF}", "\u{A0}", "\u{2060}", "\u{200B}\u{A0}"][
                            Int(random.next() % 5)]
                        lines[bullet] = typed + lines[bullet]
                        let named = typed.unicodeScalars.map(Invisible.name).joined(separator: " and ")
                        (what, expected) = (
                            "'\(named)' before the bullet", (bullet + 1, "starts with \(named) before its '-'")
                        )
                    } else {
                        let word = (["Not:", "Dikkat:", "Son olarak"] as [String])[Int(random.next() % 3)]
                        lines[bullet] = lines[bullet].replacingOccurrences(
                            of: "- Bu dersin tetiği:", with: "- \(word) Bu dersin tetiği:")
                        (what, expected) = (
                            "'\(word)' before the lead", (bullet + 1, "opens '\(word) Bu dersin tetiği:'")
                        )
                    }
                } else {
                    var lead = Array("Bu dersin tetiği")
                    let letter = 3 + Int(random.next() % UInt64(lead.count - 3))
                    lead[letter] = lead[letter] == "x" ? "z" : "x"
                    lines[bullet] = lines[bullet].replacingOccurrences(of: "Bu dersin tetiği", with: String(lead))
                    (what, expected) = ("lead as \(String(lead))", (bullet + 1, "Bu dersin tetiği:"))
                }
            default:
                // A character a reader cannot tell apart, in a closing-table cell or a lesson's heading.
                var targets: [(file: String, line: Int, range: Range<Int>)] = []
                for (index, text) in lines.enumerated() where text.hasPrefix("| ") && !text.hasPrefix("| Ders ") {
                    let cells = Array(text)
                    let bars = cells.indices.filter { cells[$0] == "|" }
                    // The title (first) and trigger (third) cells, without their padding.
                    for cell in [0, 2] where cell + 1 < bars.count {
                        targets.append((file, index, (bars[cell] + 2)..<(bars[cell + 1] - 1)))
                    }
                }
                for name in names {
                    for (index, text) in try read(name).enumerated() where text.hasPrefix("# ") {
                        targets.append((name, index, 2..<text.count))
                        break
                    }
                }
                let target = targets[Int(random.next() % UInt64(targets.count))]
                if target.file != file {
                    try lines.joined(separator: "\n").write(
                        to: lessons.appendingPathComponent(file), atomically: true, encoding: .utf8)
                    file = target.file
                    lines = try read(file)
                }
                var text = Array(lines[target.line])
                var choices: [(Int, String, String)] = []
                for index in target.range {
                    if let other = lookAlikes[text[index]] { choices.append((index, String(other), "U+")) }
                    if text[index] == " " { choices.append((index, "\u{A0}", "U+00A0 NO-BREAK SPACE")) }
                    let decomposed = String(text[index]).decomposedStringWithCanonicalMapping
                    if decomposed.unicodeScalars.count > 1 { choices.append((index, decomposed, "decomposed (")) }
                    // Inside a word of a table cell: a character no reader sees at all.
                    if text.first == "|", text[index].isLetter, index + 1 < target.range.upperBound,
                        text[index + 1].isLetter
                    {
                        choices.append((index, "\(text[index])\u{200B}", "U+200B ZERO WIDTH SPACE after"))
                        choices.append((index, "\(text[index])&shy;", "U+00AD SOFT HYPHEN after"))
                    }
                }
                let (index, replacement, named) = choices[Int(random.next() % UInt64(choices.count))]
                let old = text[index]
                text.replaceSubrange(index...index, with: Array(replacement))
                lines[target.line] = String(text)
                what +=
                    ", \(file):\(target.line + 1) '\(old)' as \(replacement.unicodeScalars.map { "U+\(String($0.value, radix: 16))" })"
                expected = (target.line + 1, named)
            }
            try lines.joined(separator: "\n").write(
                to: lessons.appendingPathComponent(file), atomically: true, encoding: .utf8)
            let found = courseFindings(in: scratch.url)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(what): \(found)"
            guard let expected else {
                XCTAssertEqual(found, [], message)
                continue
            }
            slips += 1
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(expected.line):") ?? false, message)
            XCTAssertTrue(found.first?.contains(expected.says) ?? false, message)
            if let expectedColumn {
                XCTAssertTrue(
                    found.first?.hasPrefix("lessons/\(file):\(expected.line):\(expectedColumn):") ?? false, message)
            }
        }
        if seeds.count >= 20 { XCTAssertGreaterThan(slips, 0, "no slip was tried") }
    }

    /// A backticked change label in a random lesson with one of its hyphens typed as an en or em
    /// dash, `_` or a space: one `label-reference` finding at that character naming it and the
    /// label; putting the hyphen back leaves none.
    func testALabelsHyphenTypedAsAnotherCharacterIsNamed() throws {
        let slips: [(Character, String)] = [
            ("\u{2013}", "U+2013 EN DASH"), ("\u{2014}", "U+2014 EM DASH"), ("_", "'_'"), (" ", "a space"),
        ]
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        // Every backticked label a tree passes to change, where the prose names it.
        var targets: [(file: String, line: Int, label: String)] = []
        for name in names {
            let text = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
            let labels = Set(LabelReferenceClaim.labels(in: LineScanner.lines(of: text)))
            for (index, line) in text.components(separatedBy: "\n").enumerated() where !line.hasPrefix(" ") {
                for label in labels where label.contains("-") && line.contains("`\(label)`") {
                    targets.append((name, index, label))
                }
            }
        }
        XCTAssertFalse(targets.isEmpty, "no backticked label in the lessons")
        for seed in PropertySeeds.seeds(defaultCases: 4) {
            var random = Generator(state: seed)
            let (file, line, label) = targets[Int(random.next() % UInt64(targets.count))]
            let (character, named) = slips[Int(random.next() % UInt64(slips.count))]
            let hyphens = label.indices.filter { label[$0] == "-" }
            let at = hyphens[Int(random.next() % UInt64(hyphens.count))]
            var slipped = label
            slipped.replaceSubrange(at...at, with: String(character))
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            let column = try XCTUnwrap(lines[line].range(of: "`\(label)`")).lowerBound
            let offset =
                lines[line].utf8.distance(from: lines[line].startIndex, to: column) + 1
                + label[..<at].utf8.count
            lines[line] = lines[line].replacingCharacters(
                in: try XCTUnwrap(lines[line].range(of: "`\(label)`")), with: "`\(slipped)`")
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = courseFindings(in: scratch.url)
            XCTAssertEqual(
                found,
                [
                    "lessons/\(file):\(line + 1):\(offset + 1): error: `\(slipped)` is not a label any tree passes to "
                        + "change (did you mean `\(label)`? it has \(named) where the label has '-') [label-reference]"
                ], "seed \(seed)")
            try text.write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(InProcess.run(["lessons/"], in: scratch.url).status, .clean, "seed \(seed)")
        }
    }

    /// Quotation marks around trigger names in the places that name them, the trigger bullets
    /// (outside the bold or inside it) and the closing table's cells (bare or in bold; a row's
    /// lesson title now and then too): any pair of quotation marks (curly, straight, low,
    /// guillemets, single, mixed), around random names.
    /// Right names read as the name, no finding; one quoted wrong name (another trigger, in a bullet
    /// or a row) is one finding, at its line; putting the quotes on the right name leaves none.
    func testQuotedTriggerNamesAreTheName() throws {
        let triggers = ["yerel", "ebeveyn", "gözlem", "ortam"]
        let marks = [
            "\u{201C}", "\u{201D}", "\"", "\u{201E}", "\u{AB}", "\u{BB}", "\u{2039}", "\u{203A}", "'", "\u{2018}",
            "\u{2019}", "\u{201A}",
        ]
        for seed in PropertySeeds.seeds(defaultCases: 4) {
            var random = Generator(state: seed)
            func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            var texts: [String: [String]] = [:]
            for name in names {
                texts[name] = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
                    .components(separatedBy: "\n")
            }
            // Every bullet `**X**` and every row `| X |` naming a trigger: (file, line index, trigger).
            var places: [(file: String, line: Int, trigger: String, row: Bool)] = []
            for name in names {
                for (index, line) in (texts[name] ?? []).enumerated() {
                    for trigger in triggers {
                        if line.hasPrefix("- Bu dersin tetiği: **\(trigger)**") {
                            places.append((name, index, trigger, false))
                        }
                        if line.hasPrefix("| "), line.contains("| \(trigger) |") {
                            places.append((name, index, trigger, true))
                        }
                    }
                }
            }
            XCTAssertGreaterThan(places.count, 30, "bullets and rows naming a trigger")
            func quoted(_ place: (file: String, line: Int, trigger: String, row: Bool), as name: String) -> String {
                let (open, close) = (pick(marks), pick(marks))
                let line = texts[place.file]?[place.line] ?? ""
                let bold = random.next() % 2 == 0
                let written =
                    place.row
                    ? (bold ? "**\(open)\(name)\(close)**" : "\(open)\(name)\(close)")
                    : (bold ? "**\(open)\(name)\(close)**" : "\(open)**\(name)**\(close)")
                let old = place.row ? "| \(place.trigger) |" : "**\(place.trigger)**"
                return line.replacingOccurrences(of: old, with: place.row ? "| \(written) |" : written)
            }
            var edits: [String] = []
            var edited = Set<String>()
            for _ in 0..<(3 + Int(random.next() % 4)) {
                let place = pick(places)
                guard edited.insert("\(place.file):\(place.line)").inserted else { continue }
                var written = quoted(place, as: place.trigger)
                // Now and then the row's lesson title quoted too (`| “Yerel Durum” |`): the title.
                if place.row, random.next() % 2 == 0, let end = written.range(of: " | ") {
                    let title = written[written.index(written.startIndex, offsetBy: 2)..<end.lowerBound]
                    written = "| \(pick(marks))\(title)\(pick(marks))" + written[end.lowerBound...]
                }
                texts[place.file]?[place.line] = written
                edits.append("\(place.file):\(place.line + 1): \(texts[place.file]?[place.line] ?? "")")
            }
            func run() throws -> [String] {
                for (name, lines) in texts {
                    try lines.joined(separator: "\n").write(
                        to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
                }
                return courseFindings(in: scratch.url)
            }
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(edits)"
            XCTAssertEqual(try run(), [], message)
            // One more, quoting another trigger: one finding at its line.
            let unedited = places.filter { !edited.contains("\($0.file):\($0.line)") }
            let place = pick(unedited)
            let right = texts[place.file]?[place.line] ?? ""
            let other = pick(triggers.filter { $0 != place.trigger })
            let written = quoted(place, as: other)
            texts[place.file]?[place.line] = written
            let wrong = "\(message); \(place.file):\(place.line + 1): \(texts[place.file]?[place.line] ?? "")"
            let found = try run()
            XCTAssertEqual(found.count, 1, "\(wrong): \(found)")
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(place.file):\(place.line + 1):") ?? false, "\(wrong): \(found)")
            texts[place.file]?[place.line] = right
            XCTAssertEqual(try run(), [], "\(wrong): after the fix")
        }
    }
}
