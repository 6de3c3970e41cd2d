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

    /// A rewrite that changes one claim's rendered text (a count of the distribution sentence, the
    /// trigger in one row of the closing table, the number of one note) gives exactly one finding,
    /// on the changed line.
    func testChangingOneClaimTextGivesOneFindingThere() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 6)
        let triggers = ["yerel", "ebeveyn", "gözlem", "ortam"]
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try FileManager.default.contentsOfDirectory(atPath: lessons.path).filter {
                LessonName.isLessonFile($0)
            }.sorted()
            var file = try XCTUnwrap(names.last)
            var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let line: Int
            let what: String
            switch random.next() % 4 {
            case 0:
                // One count of the distribution sentence, one more.
                let at = try XCTUnwrap(lines.firstIndex { $0.contains("yerel 6, ebeveyn 4, gözlem 4, ortam 6") })
                let trigger = triggers[Int(random.next() % 4)]
                let old = "\(trigger) \(trigger == "yerel" || trigger == "ortam" ? 6 : 4)"
                let new = "\(trigger) \(trigger == "yerel" || trigger == "ortam" ? 7 : 5)"
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
            let found = InProcess.run(["lessons/"], in: scratch.url).stderr.split(separator: "\n")
                .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file): \(what): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line):") ?? false, message)
        }
    }
}
