import Foundation
import XCTest

@testable import CourseCheckKit

/// HTML comments an author slipped in the real course: a `<!-- todo` that a later line's `-->`
/// ends (a later comment's, an arrow in prose, one in a would-be code block), a `<!--` left open
/// inside a line, and a note, the trigger bullet or a part heading inside a closed comment. Each is
/// one finding at the slip, with the complete list asserted, and following its fix gives none;
/// comments that hide prose alone, a lone `-->` and fullwidth brackets stay silent.
extension SlipRegressionTests {
    typealias Edit = (inout [String]) -> Void

    /// The index of the first line that starts with `prefix`.
    static func line(_ lines: [String], _ prefix: String) -> Int {
        lines.firstIndex { $0.hasPrefix(prefix) } ?? 0
    }

    /// `found` after `edit` in `file`, the one message holding each of `holds`, and no finding
    /// after `edit` then `fix`.
    func expectSlip(
        _ file: String, _ edit: @escaping Edit, found expected: [String], holds: [String] = [], fix: Edit? = nil,
        line: UInt = #line
    ) throws {
        let (found, messages) = try courseFindings(file, edit)
        XCTAssertEqual(found, expected, "\(messages)", line: line)
        for text in holds {
            XCTAssertTrue(messages.first?.contains(text) ?? false, "\(text): \(messages)", line: line)
        }
        guard let fix else { return }
        let (after, fixed) = try courseFindings(file) { lines in
            edit(&lines)
            fix(&lines)
        }
        XCTAssertEqual(after, [], "after the fix: \(fixed)", line: line)
    }

    /// Follows "close it with '-->'" (at the end of its line, or where it stands in a line):
    /// `<!-- todo` becomes `<!-- todo -->`.
    static func closeTodo(_ lines: inout [String]) {
        let at = lines.firstIndex { $0.contains("<!-- todo") } ?? 0
        lines[at] = lines[at].replacingOccurrences(of: "<!-- todo", with: "<!-- todo -->")
    }

    func testACommentALaterLinesCloseEndsIsOneFindingAtIt() throws {
        let lesson = "09-yerel-durum.md"
        let path = "lessons/\(lesson)"
        // A later closed comment ends it: a tree, DR1 and a heading hidden; no golden orphan, no
        // "DR2 skips DR1".
        try expectSlip(
            lesson,
            { lines in
                lines.insert(contentsOf: ["<!-- x -->", ""], at: Self.line(lines, "Sayılar önceki ölçümle"))
                lines.insert("<!-- todo", at: Self.line(lines, "Tek değişiklik, tek"))
            },
            found: ["\(path):146:1 [unclosed-comment]"],
            holds: [
                "not closed on its line ('-->'), so it runs on to the '-->' at line 215, column 8, and hides "
                    + "everything up to there from readers (lines 147–213, with a tree, the note DR1 and the heading "
                    + "'Durumu Ataya Kaldırmak'), and nothing there is judged until it is closed; close it with '-->' "
                    + "at the end of line 146 [unclosed-comment]"
            ],
            fix: Self.closeTodo)
        // An arrow in prose ends it, far on, and the rest of its line shows outside any paragraph.
        try expectSlip(
            lesson,
            { lines in
                let arrow = Self.line(lines, "Sayılar önceki ölçümle")
                lines[arrow] = lines[arrow].replacingOccurrences(of: "okunur:", with: "okunur -->")
                lines.insert("<!-- todo", at: Self.line(lines, "Tek değişiklik, tek"))
            },
            found: ["\(path):146:1 [unclosed-comment]"],
            holds: ["runs on to the '-->' at line 215, column 65", "(lines 147–215, with a tree, the note DR1 and"],
            fix: Self.closeTodo)
        // Two lines on, over prose alone: the tail of the arrow's line is what gives it away.
        try expectSlip(
            lesson,
            { lines in
                let arrow = Self.line(lines, "Yerel durumun getirisi budur:")
                lines[arrow] = lines[arrow].replacingOccurrences(of: "budur:", with: "budur -->")
                lines.insert("<!-- todo", at: Self.line(lines, "Tek değişiklik, tek"))
            },
            found: ["\(path):146:1 [unclosed-comment]"],
            holds: [
                "runs on to the '-->' at line 149, column 30, and hides everything up to there from readers (lines "
                    + "147–149), while the rest of line 149 shows outside any paragraph"
            ],
            fix: Self.closeTodo)
        // A `-->` in a later code block: CommonMark's block swallows the block's opening fence, and
        // the fence slip that follows is the comment's doing.
        try expectSlip(
            lesson,
            { lines in
                let paragraph = Self.line(lines, "Başka bir görünüm de sayacı")
                let code = (lines[paragraph...].firstIndex { $0 == "import SwiftUI" } ?? 0) + 1
                lines.insert("// a --> b", at: code)
                lines.insert("<!-- todo", at: paragraph)
            },
            found: ["\(path):154:1 [unclosed-comment]"],
            holds: [
                "runs on to the '-->' at line 159, column 6, and hides everything up to there from readers (lines "
                    + "155–159, with the opening fence of the code block at line 157)"
            ],
            fix: Self.closeTodo)
    }

    func testACommentALaterLinesCloseEndsInTheIndexIsOneFindingAtIt() throws {
        let path = "lessons/README.md"
        // A later closed comment: seven items hidden, one finding, not one per item.
        try expectSlip(
            "README.md",
            { lines in
                lines.insert(contentsOf: ["<!-- x -->", ""], at: Self.line(lines, "## Etkileşim"))
                lines.insert("<!-- todo", at: Self.line(lines, "9. [Yerel Durum]"))
            },
            found: ["\(path):37:1 [unclosed-comment]"],
            holds: [
                "(lines 38–44, with the links to 7 lessons, 09-yerel-durum.md to 15-sekme-ve-arac-cubugu.md)"
            ],
            fix: Self.closeTodo)
        // A `-->` in a code block at the end: the licence section is hidden, no fence slip.
        try expectSlip(
            "README.md",
            { lines in
                if lines.last == "" { lines.removeLast() }
                lines += ["", "```", "a --> b", "```", ""]
                lines.insert("<!-- todo", at: Self.line(lines, "## Lisans ve kaynak"))
            },
            found: ["\(path):56:1 [unclosed-comment]"],
            holds: ["runs on to the '-->' at line 85, column 3", "with the heading 'Lisans ve kaynak'"],
            fix: Self.closeTodo)
    }

    /// A bare `<!--` and `-->` pair around a note: one finding naming the pair, and deleting it
    /// converges. Around prose alone, and a two-line `<!-- todo` / `<!-- x -->`, it is silent.
    func testACommentOfProseAloneIsSilentAndAroundANoteIsOneFinding() throws {
        let lesson = "09-yerel-durum.md"
        try expectSlip(
            lesson,
            { lines in
                let note = Self.line(lines, "**DR1.**")
                lines.insert("-->", at: note + 1)
                lines.insert("<!--", at: note)
            },
            found: ["lessons/\(lesson):150:1 [unclosed-comment]"],
            holds: [
                "this HTML comment, closed by the '-->' at line 152, hides line 151 from readers, with the note "
                    + "DR1: what a lesson runs or claims is never commented out, so nothing there is judged while it "
                    + "stands; delete this line and line 152 (its '-->') to show them"
            ],
            fix: { lines in lines.removeAll { $0 == "<!--" || $0 == "-->" } })
        for edit: Edit in [
            { lines in
                let prose = Self.line(lines, "Tek değişiklik, tek")
                lines.insert("-->", at: prose + 3)
                lines.insert("<!--", at: prose)
            },
            { lines in
                let prose = Self.line(lines, "Tek değişiklik, tek")
                lines.insert("-->", at: prose + 3)
                lines.insert("<!-- eski metin:", at: prose)
            },
            { lines in lines.insert(contentsOf: ["<!-- todo", "<!-- eski -->"], at: Self.line(lines, "Tek değişiklik"))
            },
            // A close left over after its `<!--` went, and fullwidth brackets: text readers see plainly.
            { lines in lines.insert(contentsOf: ["-->", ""], at: Self.line(lines, "**DR1.**")) },
            { lines in lines.insert(contentsOf: ["＜!-- eski --＞", ""], at: Self.line(lines, "**DR1.**")) },
        ] {
            try expectSlip(lesson, edit, found: [])
        }
    }

    /// `<!--` left open in a line of a paragraph, a heading, the trigger bullet or an index item:
    /// readers see `<!-- todo`, one finding at its column. After a table row's last pipe GitHub
    /// drops it with the extra cell: silent.
    func testACommentLeftOpenInALineIsOneFindingAtIt() throws {
        try expectSlip(
            "21-on-izleme-ve-yineleme.md",
            { lines in lines[Self.line(lines, "| Ön İzleme ve Yineleme |")] += " <!-- todo" },
            found: [])
        let lesson = "09-yerel-durum.md"
        let cases: [(file: String, prefix: String, old: String, new: String, at: String)] = [
            (lesson, "Yerel durumun getirisi budur:", "budur:", "budur: <!-- todo", "148:31"),
            (lesson, "## Özet", "## Özet", "## Özet <!-- todo", "259:10"),
            (lesson, "- Bu dersin tetiği:", "**yerel**.", "**yerel**. <!-- todo", "266:33"),
            ("README.md", "9. [Yerel Durum]", "(09-yerel-durum.md)", "(09-yerel-durum.md) <!-- todo", "37:37"),
        ]
        for slip in cases {
            try expectSlip(
                slip.file,
                { lines in
                    let at = Self.line(lines, slip.prefix)
                    lines[at] = lines[at].replacingOccurrences(of: slip.old, with: slip.new)
                },
                found: ["lessons/\(slip.file):\(slip.at) [comment-look-alike]"],
                holds: [
                    "this '<!--' is not closed ('-->') in its \(slip.prefix.hasPrefix("#") ? "heading" : "paragraph"), "
                        + "so it opens no comment and readers see '<!-- todo' as text; close it with '-->' or delete it"
                ],
                fix: Self.closeTodo)
        }
    }

    /// A note, the trigger bullet or a part heading inside a closed comment: one finding at the
    /// comment, not "DR2 skips DR1" or "no trigger bullet" at a consequence; a look-alike in an
    /// index link's text is its one finding, the title read without it.
    func testWhatAClosedCommentHidesIsFoundAtIt() throws {
        let lesson = "09-yerel-durum.md"
        let unwrap: Edit = { lines in
            let at = lines.firstIndex { $0.hasPrefix("<!-- ") } ?? 0
            lines[at] = String(lines[at].dropFirst(5).dropLast(4))
        }
        try expectSlip(
            lesson,
            { lines in
                let note = Self.line(lines, "**DR1.**")
                lines[note] = "<!-- " + lines[note] + " -->"
            },
            found: ["lessons/\(lesson):150:1 [note-series]"],
            holds: ["the note **DR1.** is here, but readers do not see it: it is inside an HTML comment"], fix: unwrap)
        for (file, at) in [(lesson, 266), ("21-on-izleme-ve-yineleme.md", 276)] {
            try expectSlip(
                file,
                { lines in
                    let bullet = Self.line(lines, "- Bu dersin tetiği:")
                    lines[bullet] = "<!-- " + lines[bullet] + " -->"
                },
                found: ["lessons/\(file):\(at):1 [declared-trigger]"],
                holds: [
                    "the 'Bu dersin tetiği:' bullet is here, but readers do not see it: it is inside an HTML comment; "
                        + "take it out of the comment"
                ],
                fix: unwrap)
        }
        try expectSlip(
            "README.md", { lines in lines[Self.line(lines, "## Durum ve Gezinme")] = "<!-- ## Durum ve Gezinme -->" },
            found: ["lessons/README.md:33:1 [course-index]"],
            holds: ["the part heading '## Durum ve Gezinme' is here, but readers do not see it"], fix: unwrap)
        try expectSlip(
            "README.md",
            { lines in
                let item = Self.line(lines, "9. [Yerel Durum]")
                lines[item] = lines[item].replacingOccurrences(of: "[Yerel Durum]", with: "[Yerel Durum <!- x -->]")
            },
            found: ["lessons/README.md:37:17 [comment-look-alike]"],
            fix: { lines in
                let item = Self.line(lines, "9. [Yerel Durum")
                lines[item] = lines[item].replacingOccurrences(of: "<!- x", with: "<!-- x")
            })
    }

    /// Under a comment a later line's `-->` ends, hiding a tree, `--update --prune` deletes no
    /// golden (the hidden tree's is no orphan) and writes none, and `--promote` leaves the lesson
    /// as it is: the lesson waits for the slip.
    func testPruneUnderACommentSlipLeavesGoldensUntouched() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        lines.insert(contentsOf: ["<!-- x -->", ""], at: Self.line(lines, "Sayılar önceki ölçümle"))
        lines.insert("<!-- todo", at: Self.line(lines, "Tek değişiklik, tek"))
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        func goldens() throws -> [String: Data] {
            let root = scratch.url.appendingPathComponent("goldens")
            let names = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root.path))
            return try Dictionary(
                uniqueKeysWithValues: names.filter { $0.hasSuffix(".out") }.map {
                    ($0, try Data(contentsOf: root.appendingPathComponent($0)))
                })
        }
        let before = try goldens()
        XCTAssertTrue(
            before.keys.contains("09-yerel-durum/durum-ataya-kaldirilinca-ayni-anahtar-ebeveyn-tetigi-uretir.out"))
        let run = InProcess.run(["--update", "--prune", "lessons/"], in: scratch.url)
        XCTAssertEqual(try goldens(), before, run.stdout + run.stderr)
        XCTAssertFalse(run.stdout.contains("will remove"), run.stdout)
        XCTAssertEqual(
            run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map {
                $0.split(separator: " ").last ?? ""
            },
            ["[update-refused]", "[unclosed-comment]"], run.stderr)
        let lesson = try Data(contentsOf: url)
        let promote = InProcess.run(["--promote", "lessons/"], in: scratch.url)
        XCTAssertEqual(try Data(contentsOf: url), lesson, promote.stdout + promote.stderr)
        XCTAssertEqual(try goldens(), before, promote.stdout + promote.stderr)
        XCTAssertTrue(promote.stderr.contains("[promote-refused]"), promote.stderr)
    }
}
