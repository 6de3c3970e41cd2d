import Foundation
import XCTest

@testable import CourseCheckKit

/// One index or note-label slip, one finding, at the slip. In a copy of the real course, one
/// random slip of the kinds that make the renderer restructure the index or unmake a note: an
/// index item's number longer than CommonMark allows, an item copied or moved into another part
/// of the index, a note's label written in a near form (not bold, other punctuation, a space,
/// another case, a look-alike letter or digit, a no-break space). Whatever it breaks downstream,
/// the run reports exactly one finding, on the slipped line. Rewrites GitHub renders the same
/// (checked with cmark-gfm: a label's bold as `__`, `<strong>` or with an entity or an escaped
/// full stop; an index item renumbered where the list's numbering ignores it) give none.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of slipped courses (`make soak` runs many); a
/// failure names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class IndexNoteSlipPropertyTests: XCTestCase {
    typealias Generator = BlockStructurePropertyTests.Generator

    /// An index item line: its 0-based line, its number's digits, and the part (`## ` heading) it is under.
    struct IndexItem {
        var line: Int
        var digits: Int
        var part: Int
        /// True for the first item of its list (after a blank line or a heading).
        var first: Bool
    }

    static func indexItems(_ lines: [String]) -> [IndexItem] {
        var items: [IndexItem] = []
        var part = -1
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("## ") { part += 1 }
            let digits = line.prefix { $0.isASCII && $0.isNumber }.count
            guard digits > 0, line.dropFirst(digits).hasPrefix(". [") else { continue }
            items.append(
                IndexItem(line: index, digits: digits, part: part, first: index > 0 && lines[index - 1].isEmpty))
        }
        return items
    }

    /// Every note label opening a paragraph in the course: file, 0-based line, prefix and number.
    static func notes(in lessons: URL, names: [String]) throws -> [(
        file: String, line: Int, prefix: String, number: String
    )] {
        var notes: [(file: String, line: Int, prefix: String, number: String)] = []
        for name in names {
            let text = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated()
            where line.range(of: #"^\*\*[A-Z]{1,4}[0-9]+\.\*\* "#, options: .regularExpression) != nil {
                let label = line.dropFirst(2).prefix { $0 != "." }
                let prefix = String(label.prefix { $0.isLetter })
                notes.append((name, index, prefix, String(label.dropFirst(prefix.count))))
            }
        }
        return notes
    }

    /// A near form of the label `**PREFIXnumber.**`, with what it is.
    static func nearForm(prefix: String, number: String, _ random: inout Generator) -> (String, String) {
        let lower = prefix.lowercased()
        var forms: [(String, String)] = [
            ("\(prefix)\(number).", "not bold"),
            ("\(prefix)\(number):", "not bold, a colon"),
            ("**\(prefix)\(number):**", "a colon"),
            ("**\(prefix)\(number) -**", "a dash"),
            ("**\(prefix)\(number)**:", "a colon after the bold"),
            ("**\(prefix)\(number)**", "no full stop"),
            ("**\(prefix) \(number).**", "a space"),
            ("**\(prefix)\u{A0}\(number).**", "a no-break space"),
            ("**\(lower)\(number).**", "lower case"),
            ("**\(prefix.prefix(1))\(lower.dropFirst())\(number).**", "mixed case"),
            ("*\(prefix)\(number).*", "emphasis, not bold"),
        ]
        // Look-alikes: Cyrillic and Greek letters, Izhitsa for V, a fullwidth digit.
        let letters: [Character: [String]] = [
            "E": ["\u{0415}", "\u{0395}"], "K": ["\u{041A}", "\u{039A}"], "V": ["\u{0474}"],
        ]
        for (offset, letter) in prefix.enumerated() {
            for alike in letters[letter] ?? [] {
                var written = Array(prefix).map(String.init)
                written[offset] = alike
                forms.append(("**\(written.joined())\(number).**", "look-alike \(alike)"))
                forms.append(("\(written.joined())\(number):", "look-alike \(alike), not bold"))
            }
        }
        let digit =
            number.last.flatMap(\.wholeNumberValue).flatMap { Unicode.Scalar(0xFF10 + $0) }.map(String.init) ?? ""
        forms.append(("**\(prefix)\(number.dropLast())\(digit).**", "fullwidth digit"))
        return forms[Int(random.next() % UInt64(forms.count))]
    }

    func testOneIndexOrNoteSlipGivesOneFindingThere() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 6)
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            var file = "README.md"
            var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let items = Self.indexItems(lines)
            XCTAssertEqual(items.count, 21, "the index's items went missing")
            let item = items[Int(random.next() % UInt64(items.count))]
            let line: Int
            let slip: String
            switch random.next() % 4 {
            case 0:
                // A number of ten to twelve digits.
                let digits = 10 + Int(random.next() % 3)
                let number = "1" + (1..<digits).map { _ in String(random.next() % 10) }.joined()
                lines[item.line] = number + lines[item.line].dropFirst(item.digits)
                (line, slip) = (item.line + 1, "number \(number)")
            case let kind:
                // Copied (1) or moved (2, 3) to a random place among another part's items.
                let others = items.filter { $0.part != item.part }
                let target = others[Int(random.next() % UInt64(others.count))]
                var at = target.line + (random.next() % 2 == 0 ? 0 : 1)
                if at == target.line, target.first { at += 1 }
                let text = lines[item.line]
                if kind != 1 {
                    lines.remove(at: item.line)
                    if item.line < at { at -= 1 }
                }
                lines.insert(text, at: at)
                (line, slip) = (at + 1, "\(kind == 1 ? "copied" : "moved") line \(item.line + 1) to \(at + 1)")
            }
            if random.next() % 2 == 0 {
                // Or a note label's near form instead.
                let names = try FileManager.default.contentsOfDirectory(atPath: lessons.path).filter {
                    LessonName.isLessonFile($0)
                }.sorted()
                let notes = try Self.notes(in: lessons, names: names)
                XCTAssertEqual(notes.count, 70, "the course's notes went missing")
                let note = notes[Int(random.next() % UInt64(notes.count))]
                file = note.file
                lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
                let (form, what) = Self.nearForm(prefix: note.prefix, number: note.number, &random)
                let label = "**\(note.prefix)\(note.number).**"
                lines[note.line] = form + lines[note.line].dropFirst(label.count)
                try check(seed, scratch, file, lines, line: note.line + 1, "\(label) as \(what): \(form)")
            } else {
                try check(seed, scratch, file, lines, line: line, slip)
            }
        }
    }

    /// Writes `lines` to `file` and asserts one finding, on `line`.
    func check(_ seed: UInt64, _ scratch: Scratch, _ file: String, _ lines: [String], line: Int, _ slip: String) throws
    {
        try lines.joined(separator: "\n").write(
            to: scratch.url.appendingPathComponent("lessons/\(file)"), atomically: true, encoding: .utf8)
        let found = InProcess.run(["lessons/"], in: scratch.url).stderr.split(separator: "\n")
            .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(line): \(slip): \(found)"
        XCTAssertEqual(found.count, 1, message)
        XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line):") ?? false, message)
    }

    /// Rewrites GitHub renders the same give no finding: a few at once, in a copy of the course.
    func testRewritesThatRenderTheSameGiveNoFinding() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 2)
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try FileManager.default.contentsOfDirectory(atPath: lessons.path).filter {
                LessonName.isLessonFile($0)
            }.sorted()
            var applied: [String] = []
            let notes = try Self.notes(in: lessons, names: names)
            for _ in 0..<4 {
                let note = notes[Int(random.next() % UInt64(notes.count))]
                let url = lessons.appendingPathComponent(note.file)
                var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                let label = "**\(note.prefix)\(note.number).**"
                guard lines[note.line].hasPrefix(label) else { continue }
                let forms = [
                    "__\(note.prefix)\(note.number).__", "<strong>\(note.prefix)\(note.number).</strong>",
                    "**\(note.prefix)\(note.number)\\.**",
                    "**\(note.prefix)\(note.number.dropLast())&#\(note.number.utf8.last ?? 0x30);.**",
                ]
                let form = forms[Int(random.next() % UInt64(forms.count))]
                lines[note.line] = form + lines[note.line].dropFirst(label.count)
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                applied.append("\(note.file):\(note.line + 1) \(form)")
            }
            // An index item renumbered where its list ignores the number: any item but a list's
            // first, or a list's first with a leading zero.
            let url = lessons.appendingPathComponent("README.md")
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let items = Self.indexItems(lines)
            for _ in 0..<2 {
                let item = items[Int(random.next() % UInt64(items.count))]
                // Read as it is now: an earlier pass may have renumbered it.
                let number = String(lines[item.line].prefix { $0.isASCII && $0.isNumber })
                let new = item.first ? "0" + number : String(1 + random.next() % 999_999_999)
                lines[item.line] = new + lines[item.line].dropFirst(number.count)
                applied.append("README.md:\(item.line + 1) \(number) as \(new)")
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let run = InProcess.run(["lessons/"], in: scratch.url)
            XCTAssertEqual(
                run.stderr, "",
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(applied.joined(separator: "; "))")
        }
    }
}
