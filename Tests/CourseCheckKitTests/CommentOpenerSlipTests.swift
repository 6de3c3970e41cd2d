import Foundation
import XCTest

@testable import CourseCheckKit

/// A near form of `<!--` that opens no comment (`< !--`, `<--`, `!--`, and `<!-`, `<! --` closed
/// on a later line), paired with a `-->` readers see: cmark-gfm shows the text meant hidden, both
/// marks with it. One `comment-look-alike` finding at the opener, `write '<!--' in place of …`,
/// and nothing downstream; an arrow with no partner, `&lt;!--`, an escaped `\<`, code are silent.
final class CommentOpenerSlipTests: XCTestCase {
    static let lesson = "09-yerel-durum.md"

    /// The classifier's findings of `lesson` with its lines edited, as `line:column message`.
    static func found(_ lesson: String = lesson, _ edit: @escaping (inout [String]) -> Void) throws -> [String] {
        try SlipRegressionTests.diagnostics(lesson) { lines, _ in
            var text = lines.compactMap { $0 }
            edit(&text)
            lines = text.map { Optional($0) }
        }.map { "\($0.location.line):\($0.location.column) [\($0.id.rawValue)] \($0.message)" }
    }

    /// The finding at a near opener `written`, its `-->` at `close` (nil: on its line), `column`.
    static func finding(_ line: Int, _ column: Int, _ written: String, close: Int? = nil, closeColumn: Int) -> String {
        "\(line):\(column) [comment-look-alike] this reads as '<!--' written as '\(written)', which opens no HTML "
            + "comment, so the comment's text shows on GitHub, up to its '-->' ("
            + (close.map { "line \($0), " } ?? "") + "column \(closeColumn)); write '<!--' in place of '\(written)'"
    }

    /// The 1-based byte column of the last `-->` in `text`.
    static func closeColumn(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        return (bytes.indices.last { bytes[$0...].starts(with: Array("-->".utf8)) } ?? 0) + 1
    }

    /// The index of the line of lesson 09's note DR1 (a paragraph of one line).
    static func noteLine(_ lines: [String]) -> Int {
        lines.firstIndex { $0.hasPrefix("**DR1.**") } ?? 0
    }

    func testNearOpenersPairedWithAVisibleCloseAreOneFindingAtTheOpener() throws {
        let text = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("lessons/\(Self.lesson)"), encoding: .utf8)
        let note = Self.noteLine(text.components(separatedBy: "\n"))
        let line = note + 1
        // (what the note's line becomes, the findings expected) on one line.
        let oneLine: [(String, (String) -> String, (String) -> [String])] = [
            ("< !--", { "< !-- \($0) -->" }, { [Self.finding(line, 1, "< !--", closeColumn: Self.closeColumn($0))] }),
            ("<--", { "<-- \($0) -->" }, { [Self.finding(line, 1, "<--", closeColumn: Self.closeColumn($0))] }),
            ("!--", { "!-- \($0) -->" }, { [Self.finding(line, 1, "!--", closeColumn: Self.closeColumn($0))] }),
            (
                "<  !--", { "<  !-- \($0) -->" },
                { [Self.finding(line, 1, "<  !--", closeColumn: Self.closeColumn($0))] }
            ),
            (
                "inline <--", { "\($0) <-- eski: **ebeveyn** -->" },
                {
                    [
                        Self.finding(
                            line, $0.utf8Offset(of: "<--")! + 1, "<--", closeColumn: Self.closeColumn($0))
                    ]
                }
            ),
            (
                "inline !--", { "\($0) (!-- eski -->)" },
                { [Self.finding(line, $0.utf8Offset(of: "!--")! + 1, "!--", closeColumn: Self.closeColumn($0))] }
            ),
        ]
        for (name, edit, expected) in oneLine {
            var edited = ""
            let found = try Self.found { lines in
                lines[note] = edit(lines[note])
                edited = lines[note]
            }
            XCTAssertEqual(found, expected(edited), name)
        }
        // The opener on a line of its own words above the note, its `-->` closing the note's line.
        for written in ["< !--", "<--", "!--", "<!-", "<! --"] {
            var closing = ""
            let found = try Self.found { lines in
                lines[note] += " -->"
                closing = lines[note]
                lines.insert("\(written) eski not", at: note)
            }
            XCTAssertEqual(
                found, [Self.finding(line, 1, written, close: line + 1, closeColumn: Self.closeColumn(closing))],
                written)
        }
        // Inside a line of prose, closed on the next line of its paragraph.
        let split = try Self.found { lines in
            lines[note] = lines[note].replacingOccurrences(of: "Bu ölçüm tek", with: "Bu < !-- eski\n--> ölçüm tek")
        }
        XCTAssertEqual(split, [Self.finding(line, 13, "< !--", close: line + 1, closeColumn: 1)])
    }

    /// Arrows in prose with no partner, `<-->`, `<---`, a word's `!`, `&lt;!--` (written so to show
    /// a comment's syntax), an escaped `\<`, a code span, and the comment written right: silent.
    func testArrowsEscapesAndCodeAreSilent() throws {
        let tails = [
            " A <-- B", " x --> y", " A <--> B --> C", " A <--- B --> C", " Vay!-- x -->", " &lt;!-- x -->",
            " \\< !-- x -->", " `< !-- x -->`", " `<--` x -->", " <-- a", " a !-- b", " <!-- eski -->",
        ]
        for tail in tails {
            XCTAssertEqual(try Self.found { $0[Self.noteLine($0)] += tail }, [], tail)
        }
        XCTAssertEqual(try Self.found { _ in }, [])
    }

    /// cmark-gfm, the oracle: each near form paired with `-->` shows both marks (the close as
    /// `--&gt;`), and `<!--` in its place hides them.
    func testTheOracleShowsTheNearFormsAndHidesTheComment() throws {
        let tool = try StructureSlipPropertyTests.cmarkGFM()
        for written in ["< !--", "<--", "!--", "<!-", "<! --"] {
            for paragraph in ["\(written) gizli -->", "Metin \(written) gizli\nsatır --> devam"] {
                let shown = try StructureSlipPropertyTests.render(paragraph, with: tool)
                XCTAssertTrue(shown.contains("gizli") && shown.contains("--&gt;"), "\(paragraph): \(shown)")
                let meant = paragraph.replacingOccurrences(of: written, with: "<!--")
                let hidden = try StructureSlipPropertyTests.render(meant, with: tool)
                XCTAssertFalse(hidden.contains("--&gt;"), "\(meant): \(hidden)")
            }
        }
    }

    /// The whole course: a note wrapped in a near comment, a note under a near opener's line, and
    /// the trigger bullet holding one inline are one finding each, never a note or a trigger
    /// finding; following the fix (`<!--`) leaves none of them.
    func testNothingDownstreamInTheCourse() throws {
        let lessons = Binary.packageRoot.appendingPathComponent("lessons")
        let nine = try String(contentsOf: lessons.appendingPathComponent(Self.lesson), encoding: .utf8)
        let dr1 = try XCTUnwrap(nine.components(separatedBy: "\n").first { $0.hasPrefix("**DR1.**") })
        let dr2 = try XCTUnwrap(nine.components(separatedBy: "\n").first { $0.hasPrefix("**DR2.**") })
        let bullet = "- Bu dersin tetiği: **yerel**."
        let lines = nine.components(separatedBy: "\n")
        let dr1Line = try XCTUnwrap(lines.firstIndex(of: dr1)) + 1
        let dr2Line = try XCTUnwrap(lines.firstIndex(of: dr2)) + 1
        let bulletLine = try XCTUnwrap(lines.firstIndex(of: bullet)) + 1
        let (found, fixed) = try findingsAndAfterTheFix([
            (Self.lesson, bullet, "\(bullet) <-- eski: **ebeveyn** -->"),
            (Self.lesson, dr2, "<-- eski not\n\(dr2) -->"),
            (Self.lesson, dr1, "< !-- \(dr1) -->"),
        ])
        let path = "lessons/\(Self.lesson):"
        XCTAssertEqual(
            found,
            [
                path
                    + Self.finding(dr1Line, 1, "< !--", closeColumn: Self.closeColumn("< !-- \(dr1) -->"))
                    .replacingOccurrences(of: " [comment-look-alike]", with: ": error:") + " [comment-look-alike]",
                path
                    + Self.finding(dr2Line, 1, "<--", close: dr2Line + 1, closeColumn: Self.closeColumn("\(dr2) -->"))
                    .replacingOccurrences(of: " [comment-look-alike]", with: ": error:") + " [comment-look-alike]",
                path
                    + Self.finding(
                        bulletLine + 1, bullet.utf8.count + 2, "<--",
                        closeColumn: Self.closeColumn("\(bullet) <-- eski: **ebeveyn** -->")
                    ).replacingOccurrences(of: " [comment-look-alike]", with: ": error:") + " [comment-look-alike]",
            ])
        XCTAssertFalse(fixed.contains { $0.hasSuffix("[comment-look-alike]") }, "\(fixed)")
    }

    /// A random paragraph of a random lesson, a random near opener put in it with a `-->` after it
    /// (on its line, the opener on a line of its own words above the paragraph, or that line
    /// closed itself right above the paragraph): exactly one
    /// finding, at the opener's line and column, whose fix hides the text; the same with `<!--`
    /// gives no `comment-look-alike`. Many cases read by the classifier; one whole course run per
    /// seed, where nothing downstream (a note, the bullet it holds) may be reported either.
    func testARandomNearOpenerIsOneFindingAtIt() throws {
        let openers = ["< !--", "<--", "!--", "< !--", "<!-", "<! --"]
        let (count, seed) = PropertySeeds.stream(defaultCount: 24, defaultSeed: 0x6E65_6172)
        var random = BlockStructurePropertyTests.Generator(state: seed)
        let lessons = Binary.packageRoot.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        var course: (file: String, lines: [String], at: (Int, Int))?
        for index in 0..<count {
            let file = names[Int(random.next() % UInt64(names.count))]
            let text = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            let scanned = MarkdownScanner.scan(SourceFile(path: file, text: text))
            // Not a table's rows, whose cells a `-->` at the row's end is outside of.
            let paragraphs = scanned.document.children.filter {
                guard case .paragraph = $0.kind, $0.lines.lowerBound > 0 else { return false }
                return !lines[$0.lines.lowerBound].hasPrefix("|")
            }
            guard !paragraphs.isEmpty else { continue }
            let paragraph = paragraphs[Int(random.next() % UInt64(paragraphs.count))]
            let opener = openers[Int(random.next() % UInt64(openers.count))]
            let first = paragraph.lines.lowerBound
            let target = first + Int(random.next() % UInt64(paragraph.lines.count))
            let placement = random.next() % 4
            let at: (line: Int, column: Int)
            if placement == 3, !opener.hasPrefix("<!") {
                // A line of its own right above the paragraph, closed on it: once fixed an HTML
                // block, so the paragraph (a note) opens as it did.
                lines.insert("\(opener) eski not -->", at: first)
                at = (first + 1, 1)
            } else if placement == 0 || opener.hasPrefix("<!") {
                // Its own words on a line above the paragraph, the close ending the paragraph's first line.
                lines[first] += " -->"
                lines.insert("\(opener) eski not", at: first)
                at = (first + 1, 1)
            } else {
                // In the line: before a word of it (its start too) out of code, closed at its end.
                let utf8 = lines[target].utf8
                let words = utf8.indices.filter {
                    ($0 == utf8.startIndex || utf8[utf8.index(before: $0)] == 0x20)
                        && utf8[..<$0].filter { $0 == UInt8(ascii: "`") }.count % 2 == 0
                }
                let word = words[Int(random.next() % UInt64(words.count))]
                let offset = lines[target].utf8.distance(from: lines[target].utf8.startIndex, to: word)
                let line = lines[target]
                lines[target] =
                    String(line.utf8.prefix(offset))! + "\(opener) " + String(line.utf8.dropFirst(offset))! + " -->"
                at = (target + 1, offset + 1)
            }
            let message = "case \(index), COURSECHECK_PROPERTY_SEED=\(seed): \(file):\(at.line): \(lines[at.line - 1])"
            let edited = SourceFile(path: file, text: lines.joined(separator: "\n"))
            let found = Classifier.classify(edited, scanned: MarkdownScanner.scan(edited)).1
            XCTAssertEqual(found.count, 1, "\(message): \(found.map(\.message))")
            XCTAssertEqual(found.first.map { [$0.location.line, $0.location.column] }, [at.line, at.column], message)
            XCTAssertEqual(found.first?.id, .commentLookAlike, message)
            XCTAssertTrue(found.first?.message.hasSuffix("write '<!--' in place of '\(opener)'") ?? false, message)
            if course == nil { course = (file, lines, at) }
        }
        guard let course else { return }
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/\(course.file)")
        try course.lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let found = StructureSlipPropertyTests.findings(scratch.url)
        let message = "COURSECHECK_PROPERTY_SEED=\(seed): \(course.file):\(course.at.0)"
        XCTAssertEqual(found.count, 1, "\(message): \(found)")
        XCTAssertTrue(
            found.first?.hasPrefix("lessons/\(course.file):\(course.at.0):\(course.at.1): error: ") ?? false,
            "\(message): \(found)")
        // Written right, the comment hides its text: no look-alike, and only what a comment hiding
        // a note or the bullet is told (at its `<!--`), if it hides one.
        var fixed = course.lines
        let line = fixed[course.at.0 - 1]
        let offset = line.utf8.index(line.utf8.startIndex, offsetBy: course.at.1 - 1)
        let rest = String(line[offset...])
        let opener = try XCTUnwrap(openers.filter { rest.hasPrefix($0) }.max { $0.count < $1.count })
        fixed[course.at.0 - 1] = String(line[..<offset]) + "<!--" + rest.dropFirst(opener.count)
        try fixed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let meant = StructureSlipPropertyTests.findings(scratch.url)
        XCTAssertFalse(meant.contains { $0.hasSuffix("[comment-look-alike]") }, "\(message): \(meant)")
        for finding in meant {
            XCTAssertTrue(
                finding.hasPrefix("lessons/\(course.file):")
                    && (finding.contains("readers do not see it") || finding.hasSuffix("[unclosed-comment]")),
                "\(message): \(meant)")
        }
    }
}
