import Foundation
import XCTest

/// A slip that moves the numbers of every note after it (a note inserted, numbered as the next
/// one or ahead, deleted, a lesson copied with its notes, a series restarted at 1) is one
/// `note-series` finding at its first note to renumber, naming the runs to renumber; following it
/// once, as an author would (each run relabelled in reading order from the finding on), leaves no
/// finding. The same note pasted twice in a lesson is one finding whose fix deletes it.
final class NoteRenumberSlipTests: XCTestCase {
    typealias Generator = BlockStructurePropertyTests.Generator

    /// A note label opening a line: `**EK3.** …`.
    private static var label: Regex<(Substring, Substring, Substring)> { #/^\*\*([A-Z]{1,4})([0-9]+)\.\*\*/# }

    /// The lines of the lesson `file` of the copy at `root`.
    private func lines(_ file: String, in root: URL) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent("lessons/\(file)"), encoding: .utf8)
            .components(separatedBy: "\n")
    }

    private func write(_ lines: [String], _ file: String, in root: URL) throws {
        try lines.joined(separator: "\n").write(
            to: root.appendingPathComponent("lessons/\(file)"), atomically: true, encoding: .utf8)
    }

    /// Each finding's fix followed: a renumbering relabels, in reading order from the finding's
    /// line, each run it names (`EK3–EK24 (…) as EK4–EK25`: the next note labelled EK3 and the
    /// notes after it, EK4 … EK24, become EK4 … EK25); any other fix as `FollowTheFix` reads it.
    private func follow(_ found: [String], in root: URL) throws {
        let names = try CourseCopy.lessonNames(in: root.appendingPathComponent("lessons"))
        let item = #/([A-Z]{1,4})([0-9]+)(?:–[A-Z]{1,4}([0-9]+))? \([^)]*\) as [A-Z]{1,4}([0-9]+)/#
        for finding in found {
            let parsed = try XCTUnwrap(FollowTheFix.parse(finding), finding)
            guard let list = parsed.message.firstRange(of: " in reading order: ") else {
                let file = String(parsed.path.dropFirst("lessons/".count))
                let fixed = try XCTUnwrap(
                    FollowTheFix.apply([(parsed.line, parsed.message)], to: lines(file, in: root)), finding)
                try write(fixed, file, in: root)
                continue
            }
            var file = try XCTUnwrap(names.firstIndex(of: String(parsed.path.dropFirst("lessons/".count))))
            var line = parsed.line - 1
            var texts = try names.map { try lines($0, in: root) }
            for match in parsed.message[list.upperBound...].matches(of: item) {
                let prefix = String(match.output.1)
                let from = Int(match.output.2)!
                let count = (match.output.3.map { Int($0)! } ?? from) - from + 1
                let to = Int(match.output.4)!
                var done = 0
                // The run's first note at or after the cursor, then its next notes, in reading order.
                while done < count, file < names.count {
                    if line < texts[file].count, let found = texts[file][line].firstMatch(of: Self.label),
                        found.output.1 == prefix, Int(found.output.2)! == from + done
                    {
                        texts[file][line] =
                            "**\(prefix)\(to + done).**" + texts[file][line].dropFirst(found.output.0.count)
                        done += 1
                    }
                    line += 1
                    if line >= texts[file].count { (file, line) = (file + 1, 0) }
                }
                XCTAssertEqual(done, count, "\(match.output.0) not found after the finding: \(finding)")
            }
            for (name, text) in zip(names, texts) { try write(text, name, in: root) }
        }
    }

    /// The findings after `slip` in a fresh copy of the course, and after following them.
    private func foundAndFixed(_ slip: (URL) throws -> Void) throws -> (found: [String], fixed: [String]) {
        let copy = try CourseCopy.make(for: self)
        try slip(copy.url)
        let found = courseFindings(in: copy.url)
        try follow(found, in: copy.url)
        return (found, courseFindings(in: copy.url))
    }

    /// The line (0-based) of note `label` (`EK3`) in `lines`.
    private func line(of label: String, in lines: [String]) throws -> Int {
        try XCTUnwrap(lines.firstIndex { $0.hasPrefix("**\(label).**") }, label)
    }

    private let ek = [
        "16-hareketler.md", "17-ortuk-ve-acik-animasyonlar.md", "18-gecisler.md", "19-erisilebilirlik.md",
        "20-yerellestirme.md", "21-on-izleme-ve-yineleme.md",
    ]

    /// A new note typed before EK3 with EK3's number: one finding at the old EK3, renumbering it
    /// and every EK note after it, not one round per note.
    func testANoteInsertedWithTheNextNumber() throws {
        let result = try foundAndFixed { root in
            var text = try self.lines("16-hareketler.md", in: root)
            text.insert(
                contentsOf: ["**EK3.** Yeni bir not: hız ölçülmedi.", ""], at: try self.line(of: "EK3", in: text))
            try self.write(text, "16-hareketler.md", in: root)
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/16-hareketler.md:203:1: error: note EK3 repeats EK3 at line 201; renumber the notes from here "
                    + "in reading order: EK3–EK24 (\(ek.joined(separator: ", "))) as EK4–EK25 [note-series]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// Numbered ahead (`**EK4.**` before EK3): one finding at it, not three.
    func testANoteInsertedWithANumberAhead() throws {
        let result = try foundAndFixed { root in
            var text = try self.lines("16-hareketler.md", in: root)
            text.insert(
                contentsOf: ["**EK4.** Yeni bir not: hız ölçülmedi.", ""], at: try self.line(of: "EK3", in: text))
            try self.write(text, "16-hareketler.md", in: root)
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/16-hareketler.md:201:1: error: note EK4 comes before EK3 (line 203); renumber the notes from "
                    + "here in reading order: EK4 (16-hareketler.md) as EK3, EK3–EK24 (\(ek.joined(separator: ", "))) "
                    + "as EK4–EK25 [note-series]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// EK5 deleted: one finding at EK6, renumbering the rest (or putting EK5 back).
    func testANoteDeleted() throws {
        let result = try foundAndFixed { root in
            var text = try self.lines("17-ortuk-ve-acik-animasyonlar.md", in: root)
            text.removeSubrange(try self.line(of: "EK5", in: text)...(try self.line(of: "EK5", in: text) + 1))
            try self.write(text, "17-ortuk-ve-acik-animasyonlar.md", in: root)
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/17-ortuk-ve-acik-animasyonlar.md:175:1: error: note EK6 skips EK5 (or, if deleted by mistake, "
                    + "put EK5 back); renumber the notes from here in reading order: EK6–EK24 "
                    + "(\(ek.dropFirst().joined(separator: ", "))) as EK5–EK23 [note-series]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// The same note pasted twice in its lesson: one finding at the copy, deleting it.
    func testTheSameNotePastedTwice() throws {
        let result = try foundAndFixed { root in
            var text = try self.lines("16-hareketler.md", in: root)
            let at = try self.line(of: "EK3", in: text)
            text.insert(contentsOf: [text[at], ""], at: at)
            try self.write(text, "16-hareketler.md", in: root)
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/16-hareketler.md:203:1: error: note EK3 repeats the note EK3 at line 201 word for word; "
                    + "delete it [note-series]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A lesson whose notes restart at 1: one finding at its first note, numbering its run on.
    func testASeriesRestartedAtOneInALaterLesson() throws {
        let result = try foundAndFixed { root in
            var text = try self.lines("18-gecisler.md", in: root)
            for (old, new) in [(9, 1), (10, 2), (11, 3), (12, 4)] {
                let at = try self.line(of: "EK\(old)", in: text)
                text[at] = "**EK\(new).**" + text[at].dropFirst("**EK\(old).**".count)
            }
            try self.write(text, "18-gecisler.md", in: root)
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/18-gecisler.md:179:1: error: notes EK1–EK4 repeat EK1–EK4 of 16-hareketler.md; renumber the "
                    + "notes from here in reading order: EK1–EK4 (18-gecisler.md) as EK9–EK12 [note-series]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// Two notes swapped: the reading-order finding, followed in one step.
    func testTwoNotesSwapped() throws {
        let result = try foundAndFixed { root in
            var text = try self.lines("17-ortuk-ve-acik-animasyonlar.md", in: root)
            let (a, b) = (try self.line(of: "EK5", in: text), try self.line(of: "EK6", in: text))
            text.swapAt(a, b)
            try self.write(text, "17-ortuk-ve-acik-animasyonlar.md", in: root)
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/17-ortuk-ve-acik-animasyonlar.md:175:1: error: the EK notes are out of reading order: they run "
                    + "EK1–EK4, EK6, EK5, EK7–EK24; renumber them in reading order: EK6 (17-ortuk-ve-acik-animasyonlar.md) "
                    + "as EK5, EK5 (17-ortuk-ve-acik-animasyonlar.md) as EK6 [note-series]"
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A new last lesson copied from lesson 16 as a template, its notes EK1–EK4 with it: one
    /// `note-series` finding at its first note, numbering them EK25–EK28.
    func testALessonCopiedWithItsNotes() throws {
        let copy = try CourseCopy.make(for: self)
        let lessons = copy.url.appendingPathComponent("lessons")
        var text = try String(contentsOf: lessons.appendingPathComponent("16-hareketler.md"), encoding: .utf8)
        text = text.replacingOccurrences(of: "title: 'Hareketler'", with: "title: 'Tekrar'")
            .replacingOccurrences(of: "\n# Hareketler\n", with: "\n# Tekrar\n")
            .replacingOccurrences(of: "swiftui/hareketler'", with: "swiftui/tekrar'")
        try text.write(to: lessons.appendingPathComponent("22-tekrar.md"), atomically: true, encoding: .utf8)
        let found = courseFindings(in: copy.url).filter { $0.hasSuffix("[note-series]") }
        XCTAssertEqual(
            found,
            [
                "lessons/22-tekrar.md:189:1: error: notes EK1–EK4 repeat EK1–EK4 of 16-hareketler.md; renumber the "
                    + "notes from here in reading order: EK1–EK4 (22-tekrar.md) as EK25–EK28 [note-series]"
            ])
        try follow(found, in: copy.url)
        XCTAssertEqual(courseFindings(in: copy.url).filter { $0.hasSuffix("[note-series]") }, [])
    }

    /// A random series slip (a note inserted with the next number or one ahead, deleted, pasted
    /// twice, two notes swapped, a lesson's run renumbered from 1): exactly one finding, at the
    /// slip, and following it gives none. (A GV renumbering also names the references to GV12 and
    /// GV22; they name a note either way, so no finding follows them.)
    func testARandomSeriesSlipIsOneFindingFixedInOneStep() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let copy = try CourseCopy.make(for: self)
            let lessons = copy.url.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            var texts = try names.map { try lines($0, in: copy.url) }
            let prefix = ["GV", "DR", "EK"][Int(random.next() % 3)]
            // The series' notes: (lesson index, 0-based line), in reading order.
            var series: [(file: Int, line: Int)] = []
            for (file, text) in texts.enumerated() {
                for (line, content) in text.enumerated() where content.hasPrefix("**\(prefix)") {
                    series.append((file, line))
                }
            }
            func relabel(_ note: (file: Int, line: Int), _ number: Int) {
                let old = texts[note.file][note.line]
                let label = old.firstMatch(of: Self.label)!.output.0
                texts[note.file][note.line] = "**\(prefix)\(number).**" + old.dropFirst(label.count)
            }
            var kind = Int(random.next() % 6)
            // A note past the first two, and not the last.
            let pick = 2 + Int(random.next() % UInt64(series.count - 3))
            let note = series[pick]
            // The series' first lesson numbered from 1 is no slip: a note deleted there instead.
            if kind == 5, note.file == series[0].file { kind = 2 }
            var slipped = note
            var what = ""
            switch kind {
            case 0, 1:
                // Inserted before the note, numbered as it or one ahead; the slip is at the note
                // after the insert (same number) or at the insert (ahead).
                texts[note.file].insert(
                    contentsOf: ["**\(prefix)\(pick + 1 + kind).** Yeni bir not.", ""], at: note.line)
                slipped = kind == 0 ? (note.file, note.line + 2) : note
                what = kind == 0 ? "a note inserted before \(prefix)\(pick + 1)" : "a note numbered ahead inserted"
            case 2:
                texts[note.file].removeSubrange(note.line...(note.line + 1))
                let next = series[pick + 1]
                slipped = (next.file, next.file == note.file ? next.line - 2 : next.line)
                what = "\(prefix)\(pick + 1) deleted"
            case 3:
                texts[note.file].insert(contentsOf: [texts[note.file][note.line], ""], at: note.line)
                slipped = (note.file, note.line + 2)
                what = "\(prefix)\(pick + 1) pasted twice"
            case 4:
                let next = series[pick + 1]
                relabel(note, pick + 2)
                relabel(next, pick + 1)
                what = "\(prefix)\(pick + 1) and \(prefix)\(pick + 2) swapped"
            default:
                // The notes of the note's lesson numbered from 1.
                let run = series.enumerated().filter { $0.element.file == note.file }
                for (offset, member) in run.enumerated() { relabel(member.element, offset + 1) }
                slipped = run[0].element
                what = "\(names[note.file])'s notes numbered from 1"
            }
            for (name, text) in zip(names, texts) { try write(text, name, in: copy.url) }
            let found = courseFindings(in: copy.url)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(what): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(names[slipped.file]):\(slipped.line + 1):1: error: ") ?? false,
                message)
            try follow(found, in: copy.url)
            XCTAssertEqual(courseFindings(in: copy.url), [], message)
        }
    }
}
