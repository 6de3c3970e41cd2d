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

    /// Index item 14 with a comment opened on its line and closed on the next, before its link
    /// (`14. <!-- x` / `    y --> [link]`), and the fix its finding words: the link back on the
    /// item's line, the comment on lines of its own under it.
    static var itemCommentedOverTwoLines: (edit: Edit, fix: Edit) {
        (
            { lines in
                let at = line(lines, "14. [")
                lines[at...at] = ["14. <!-- x", "    y --> " + lines[at].dropFirst(4)]
            },
            { lines in
                let at = line(lines, "14. <!-- x")
                lines[at...(at + 1)] = [
                    "14. " + lines[at + 1].dropFirst("    y --> ".count), "    <!-- x", "    y -->",
                ]
            }
        )
    }

    /// The index of the first line that starts with `prefix`.
    static func line(_ lines: [String], _ prefix: String) -> Int {
        lines.firstIndex { $0.hasPrefix(prefix) } ?? 0
    }

    /// The edit that writes `new` for `old` on the first line that starts with `prefix`.
    static func replacing(_ old: String, with new: String, onTheLineStarting prefix: String) -> Edit {
        { lines in
            let at = line(lines, prefix)
            lines[at] = lines[at].replacingOccurrences(of: old, with: new)
        }
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
                Self.replacing(slip.old, with: slip.new, onTheLineStarting: slip.prefix),
                found: ["lessons/\(slip.file):\(slip.at) [comment-look-alike]"],
                holds: [
                    "this '<!--' is not closed ('-->') in its \(slip.prefix.hasPrefix("#") ? "heading" : "paragraph"), "
                        + "so it opens no comment and readers see '<!-- todo' as text; close it with '-->' or delete it"
                ],
                fix: Self.closeTodo)
        }
    }

    /// `<!--` left open at the end of the trigger bullet or of the distribution sentence, its
    /// words naming a trigger or a count: what it would hide is not read as the claim, so the one
    /// finding is the comment's; closing it at the end of the line leaves none.
    func testAnOpenCommentsWordsOnAClaimLineAreNotTheClaim() throws {
        let cases: [(file: String, prefix: String, old: String, new: String, at: String)] = [
            ("09-yerel-durum.md", "- Bu dersin tetiği:", "**yerel**.", "**yerel**. <!-- todo: gözlem", "266:33"),
            ("12-ortam-degerleri.md", "- Bu dersin tetiği:", "**ortam**.", "**ortam**. <!-- todo ebeveyn", "308:33"),
            (
                "21-on-izleme-ve-yineleme.md", "Açılış dersi dışındaki", "ortam 6.", "ortam 6. <!-- todo ortam 7",
                "267:115"
            ),
        ]
        for slip in cases {
            try expectSlip(
                slip.file,
                Self.replacing(slip.old, with: slip.new, onTheLineStarting: slip.prefix),
                found: ["lessons/\(slip.file):\(slip.at) [comment-look-alike]"],
                holds: ["this '<!--' is not closed ('-->') in its paragraph"],
                fix: { lines in
                    let at = Self.line(lines, slip.prefix)
                    lines[at] += " -->"
                })
        }
    }

    /// Comments CommonMark 0.31 reads but GitHub's cmark-gfm (0.29) shows as text: `<!-->`,
    /// `<!--->`, a `--` inside, a `-` before the `-->`, in prose, a heading or the trigger bullet.
    /// One finding at the `<!--` saying why, and following its fix (the comment as meant, or
    /// deleting it) gives none; `<!---->` and `<!---x -->`, which cmark-gfm hides, give none.
    func testACommentGitHubShowsAsTextIsOneFindingAtIt() throws {
        let lesson = "09-yerel-durum.md"
        let prose = "Yerel durumun getirisi"
        let cases: [(prefix: String, old: String, new: String, at: String, why: String, fixed: String?)] = [
            (prose, "durumun getirisi", "durumun <!--> getirisi", "148:15", "starts with '>'", nil),
            (prose, "durumun getirisi", "durumun <!--> x --> getirisi", "148:15", "starts with '>'", "<!-- x -->"),
            (prose, "durumun getirisi", "durumun <!---> getirisi", "148:15", "starts with '->'", nil),
            (prose, "durumun getirisi", "durumun <!-- a -- b --> getirisi", "148:15", "holds '--'", "<!-- a - b -->"),
            (prose, "durumun getirisi", "durumun <!-- eski ---> getirisi", "148:15", "ends with '-'", "<!-- eski -->"),
            (
                "- Bu dersin tetiği:", "**yerel**.", "**yerel**. <!-- TODO -- tabloyu güncelle -->", "266:33",
                "holds '--'", "<!-- TODO - tabloyu güncelle -->"
            ),
            (
                "## Görünümün Kendi Durumu", "Durumu", "Durumu <!-- eski -- başlık -->", "96:31", "holds '--'",
                "<!-- eski - başlık -->"
            ),
        ]
        for slip in cases {
            // The comment as written: from its `<!--` to the words after it.
            let open = try XCTUnwrap(slip.new.range(of: "<!--"))
            let comment = slip.new[open.lowerBound...].components(separatedBy: " getirisi")[0]
            let (found, messages) = try courseFindings(
                lesson, Self.replacing(slip.old, with: slip.new, onTheLineStarting: slip.prefix))
            XCTAssertEqual(found, ["lessons/\(lesson):\(slip.at) [comment-look-alike]"], "\(messages)")
            XCTAssertEqual(
                messages,
                [
                    "lessons/\(lesson):\(slip.at): error: '\(comment)' is no HTML comment on GitHub, whose Markdown "
                        + "reads none whose text \(slip.why), so readers see it as text; "
                        + (slip.fixed.map { "write '\($0)' or delete it" } ?? "delete it") + " [comment-look-alike]"
                ])
            let (after, fixed) = try courseFindings(lesson) { lines in
                let at = Self.line(lines, slip.prefix)
                lines[at] = lines[at].replacingOccurrences(of: slip.old, with: slip.new)
                    .replacingOccurrences(of: comment, with: slip.fixed ?? "")
            }
            XCTAssertEqual(after, [], "after the fix of \(comment): \(fixed)")
        }
        for hidden in ["<!---->", "<!---x -->", "<!-- a - b -->"] {
            let (found, messages) = try courseFindings(lesson) { lines in
                let at = Self.line(lines, prose)
                lines[at] = lines[at].replacingOccurrences(of: "durumun getirisi", with: "durumun \(hidden) getirisi")
            }
            XCTAssertEqual(found, [], "\(hidden): \(messages)")
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

    /// The complete list of findings (as printed) of one run after each slip's edit in its file,
    /// and none after each slip's fix too: slips in different places, each one finding, checked
    /// in one run.
    func expectSlips(
        _ slips: [(file: String, edit: Edit, fix: Edit)], found expected: [String], line: UInt = #line
    ) throws {
        func run(fixed: Bool) throws -> [String] {
            let scratch = try CourseCopy.make(for: self)
            for file in Set(slips.map(\.file)) {
                let url = scratch.url.appendingPathComponent("lessons/\(file)")
                var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                for slip in slips where slip.file == file {
                    slip.edit(&lines)
                    if fixed { slip.fix(&lines) }
                }
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            }
            return StructureSlipPropertyTests.findings(scratch.url).map(String.init)
        }
        XCTAssertEqual(try run(fixed: false), expected, line: line)
        XCTAssertEqual(try run(fixed: true), [], "after the fixes", line: line)
    }

    /// A comment left open whose text runs on under its line (`<!-- EK5 için` over `not`) is meant
    /// to its paragraph's end: the fix closes it there, so no comment text shows, and names its
    /// first line for a comment meant on it. It stops before a line a claim reads (a note), and at
    /// a line typed with half a close (`not --`). One finding, and each fix it names gives none.
    func testACommentLeftOpenOverItsParagraphIsClosedAtTheParagraphsEnd() throws {
        let lesson = "17-ortuk-ve-acik-animasyonlar.md"
        func opened(_ lines: [String]) -> Edit {
            { text in text.insert(contentsOf: lines + [""], at: Self.line(text, "**EK5.**")) }
        }
        func replacing(_ old: String, _ new: String) -> Edit {
            { lines in
                let at = lines.firstIndex(of: old) ?? 0
                lines[at] = new
            }
        }
        let hides =
            "with a tree, the notes EK5 to EK8, the 'Bu dersin tetiği:' bullet and the headings 'Animasyon Bir Tetik "
            + "Değildir', 'Sınırlayıcı Ölçüm' and 2 more), and nothing there is judged until it is closed; "
        func found(_ last: Int, _ fix: String) -> [String] {
            [
                "lessons/\(lesson):175:1: error: this HTML comment is never closed ('-->'), so it hides everything after "
                    + "it from readers (lines 176–\(last), " + hides + fix + " [unclosed-comment]"
            ]
        }
        let twoLines = opened(["<!-- EK5 için", "not"])
        let closed = found(
            238,
            "close it with '-->' at the end of line 176, its paragraph's end (or at the end of line 175, to show "
                + "line 176)")
        try expectSlips([(lesson, twoLines, replacing("not", "not -->"))], found: closed)
        try expectSlips([(lesson, twoLines, replacing("<!-- EK5 için", "<!-- EK5 için -->"))], found: closed)
        // Three lines: the close at the third.
        try expectSlips(
            [(lesson, opened(["<!-- EK5 için", "bir", "not"]), replacing("not", "not -->"))],
            found: found(
                239,
                "close it with '-->' at the end of line 177, its paragraph's end (or at the end of line 175, to show "
                    + "lines 176–177)"))
        // Half a close typed: add the rest there.
        try expectSlips(
            [(lesson, opened(["<!-- EK5 için", "not --"]), replacing("not --", "not -->"))],
            found: found(238, "its line ends '--': add '>' at the end of line 176"))
        // A line a claim reads in the paragraph (a row): the close goes above it, and it shows as it did.
        try expectSlips(
            [(lesson, opened(["<!-- EK5 için", "not", "| x |"]), replacing("not", "not -->"))],
            found: found(
                239,
                "close it with '-->' at the end of line 176, its paragraph's end (or at the end of line 175, to show "
                    + "line 176)"))
    }

    /// A comment left open right above a lesson's last paragraph hides only that paragraph, which
    /// it may be meant to: the close is still missing, one finding, and both closes converge.
    func testACommentLeftOpenOverTheLastParagraphIsOneFinding() throws {
        let lesson = "11-gozlemlenebilir-nesneler.md"
        let edit: Edit = { lines in lines.insert("<!-- x", at: Self.line(lines, "Bu derste nesneyi")) }
        let found = [
            "lessons/\(lesson):297:1: error: this HTML comment is never closed ('-->'), so it hides everything after "
                + "it from readers (line 298), and nothing there is judged until it is closed; close it with '-->' at "
                + "the end of line 298, its paragraph's end (or at the end of line 297, to show line 298) "
                + "[unclosed-comment]"
        ]
        try expectSlips([(lesson, edit, { lines in lines[297] += " -->" })], found: found)
        try expectSlips([(lesson, edit, { lines in lines[296] += " -->" })], found: found)
    }

    /// A line that opens with a comment closed on it (after its `> ` or list marker) is raw HTML:
    /// readers see its Markdown as written. One finding at the `<!--`, quoting what they see, and
    /// nothing downstream (no heading, bullet, index item or table missing); following the fix
    /// gives none.
    func testALineThatOpensWithACommentIsOneFindingAtIt() throws {
        let lesson = "09-yerel-durum.md"
        let table = "21-on-izleme-ve-yineleme.md"
        let index = "README.md"
        func opens(_ prefix: String, with comment: String = "<!-- x --> ", after marker: String = "") -> Edit {
            { lines in
                let at = Self.line(lines, prefix)
                lines[at] = marker + comment + lines[at].dropFirst(marker.count)
            }
        }
        /// Follows "move the comment to the end of the line" for the line starting `prefix`.
        func toEnd(_ prefix: String) -> Edit {
            { lines in
                let at = lines.firstIndex { $0.hasPrefix(prefix) && $0.contains("<!-- x -->") } ?? 0
                lines[at] =
                    lines[at].replacingOccurrences(of: "<!-- x --> ", with: "")
                    .replacingOccurrences(of: "<!-- x -->", with: "") + " <!-- x -->"
            }
        }
        /// Follows "move the comment onto a line of its own above this one" (`delete`: "delete the comment").
        func above(_ prefix: String, delete: Bool = false) -> Edit {
            { lines in
                let at = lines.firstIndex { $0.hasPrefix(prefix) } ?? 0
                lines[at] = String(lines[at].dropFirst(prefix.count)).trimmingCharacters(in: .init(charactersIn: " "))
                if !delete { lines.insert("<!-- x -->", at: at) }
            }
        }
        let raw = "error: this line opens with an HTML comment, so GitHub passes the whole line through as raw HTML: "
        func seen(_ shown: String) -> String {
            raw + "readers see '\(shown)' as written, its Markdown not rendered; "
        }
        let end = "move the comment to the end of the line [comment-look-alike]"
        try expectSlips(
            [
                (lesson, opens("# Yerel Durum"), toEnd("<!-- x --> # Yerel")),
                (lesson, opens("Tek değişiklik, tek"), toEnd("<!-- x --> Tek")),
                (lesson, opens("## Durumu Ataya"), toEnd("<!-- x --> ## Durumu")),
                (lesson, opens("- Bu dersin tetiği:", after: "- "), toEnd("- <!-- x --> Bu dersin")),
                (index, opens("## Durum ve Gezinme"), toEnd("<!-- x --> ## Durum")),
                (index, opens("9. [Yerel Durum]", with: "<!-- x -->", after: "9. "), toEnd("9. <!-- x -->")),
                (table, opens("| Ders |", with: "<!-- x -->"), above("<!-- x -->")),
            ],
            found: [
                "lessons/\(index):33:1: " + seen("## Durum ve Gezinme") + end,
                "lessons/\(index):37:4: " + seen("[Yerel Durum](09-yerel-durum.md)") + end,
                "lessons/\(lesson):15:1: " + seen("# Yerel Durum") + end,
                "lessons/\(lesson):146:1: " + seen("Tek değişiklik, tek yeniden hesaplama: yalnız `CounterCar…") + end,
                "lessons/\(lesson):152:1: " + seen("## Durumu Ataya Kaldırmak") + end,
                "lessons/\(lesson):266:3: " + seen("Bu dersin tetiği: **yerel**.") + end,
                "lessons/\(table):243:1: " + seen("| Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm |")
                    + "move the comment onto a line of its own above this one (at the end of a table's row it makes a "
                    + "cell of its own) [comment-look-alike]",
            ])
        // Between two rows of a table the fix deletes it; on the core's opening fence it is a fence
        // slip (the fences after it pair wrongly), and at the end of the line it would be the
        // block's info string; in a block quote; plain words inside a paragraph, which the
        // comment's block parts from the lines around it.
        try expectSlips(
            [
                (table, opens("| Yerel Durum |", with: "<!-- x -->"), above("<!-- x -->", delete: true)),
                ("10-baglama.md", { lines in lines[17] = "<!-- x --> " + lines[17] }, above("<!-- x -->")),
                (
                    lesson,
                    { lines in lines.insert("<!-- x --> ve düz bir satır.", at: Self.line(lines, "Yerel durumun") + 1)
                    },
                    toEnd("<!-- x --> ve düz")
                ),
                (
                    table, { lines in lines.insert(contentsOf: ["> <!-- x --> Alıntı `kod` burada.", ""], at: 268) },
                    toEnd("> <!-- x -->")
                ),
            ],
            found: [
                "lessons/\(lesson):149:1: " + raw + "readers see 've düz bir satır.' as written, outside the paragraph "
                    + "of the lines around it; " + end,
                "lessons/10-baglama.md:18:1: " + seen("```swift")
                    + "move the comment onto a line of its own above this "
                    + "one (at the end of the line it would be the block's info string) [unterminated-fence]",
                "lessons/\(table):253:1: " + seen("| Yerel Durum | dokunuldu | yerel | kardeşin durumu okuna…")
                    + "delete the comment (between a table's rows it ends the table, even on a line of its own), or "
                    + "move it onto a line of its own above the table [comment-look-alike]",
                "lessons/\(table):269:3: " + seen("Alıntı `kod` burada.") + end,
            ])
        // Controls: plain words as a paragraph or bullet of their own show the same words (and the
        // sentence, read without the comment, is judged as written); a comment alone on its line,
        // trailing blanks and all, and one after a heading's text, show nothing.
        let none: Edit = { _ in }
        try expectSlips(
            [
                (table, opens("Açılış dersi dışındaki yirmi"), none),
                (lesson, { lines in lines[Self.line(lines, "## Özet")] += " <!-- x -->" }, none),
                (
                    lesson,
                    { lines in lines.insert("- <!-- x --> düz bir madde", at: Self.line(lines, "- Bu dersin")) }, none
                ),
                (lesson, { lines in lines.insert("<!-- x -->  ", at: Self.line(lines, "Tek değişiklik, tek")) }, none),
            ],
            found: [])
    }

    /// A `<!--` left open in a cell of the closing table, or in the lesson's title: one finding at
    /// it, the row or title read without it (no "differs from the front matter title"); closing
    /// it as the finding says gives none.
    func testACommentLeftOpenInACellOrTheTitleIsOneFindingAtIt() throws {
        let table = "21-on-izleme-ve-yineleme.md"
        func cell(_ row: String, _ old: String) -> (edit: Edit, fix: Edit) {
            (
                { lines in
                    let at = Self.line(lines, row)
                    lines[at] = lines[at].replacingOccurrences(of: old, with: old.dropLast() + "<!-- todo |")
                },
                { lines in
                    let at = Self.line(lines, row)
                    lines[at] = lines[at].replacingOccurrences(of: "<!-- todo |", with: "<!-- todo -->|")
                }
            )
        }
        let never = "error: this '<!--' is not closed ('-->') in its "
        let inCell =
            "cell, so it opens no comment and readers see '<!-- todo' as text; close it with '-->' before the cell's "
            + "'|' or delete it [comment-look-alike]"
        let change = cell("| Yerel Durum |", "| dokunuldu |")
        let limit = cell("| Bağlama |", "| kural yazanı okumaz |")
        try expectSlips(
            [
                (table, change.edit, change.fix), (table, limit.edit, limit.fix),
                (
                    "09-yerel-durum.md", { lines in lines[Self.line(lines, "# Yerel Durum")] += " <!-- todo" },
                    Self.closeTodo
                ),
            ],
            found: [
                "lessons/09-yerel-durum.md:15:15: " + never + "heading, so it opens no comment and readers see '<!-- "
                    + "todo' as text; close it with '-->' or delete it [comment-look-alike]",
                "lessons/\(table):253:27: " + never + inCell,
                "lessons/\(table):254:61: " + never + inCell,
            ])
    }

    /// A comment closed by a later line's `-->` with text after it, over an index item: the fix
    /// deletes the bare `<!--` and that `-->`, which would show in the text otherwise; followed, it
    /// gives none, and no `-->` is left on the page.
    func testACloseWithTextAfterItIsDeletedByTheFix() throws {
        let opened = "error: this HTML comment is not closed on its line ('-->'), so it runs on to the '-->' at "
        let bare = "delete this line (a '-->' at the end of the paragraph under it would hide that text as well)"
        try expectSlips(
            [
                (
                    "README.md",
                    { lines in
                        lines.insert("--> not", at: 37)
                        lines.insert("<!--", at: 36)
                    },
                    { lines in
                        lines.remove(at: 36)
                        let at = lines.firstIndex { $0.contains("--> not") } ?? 0
                        lines[at] = lines[at].replacingOccurrences(of: "--> ", with: "")
                        XCTAssertFalse(lines.joined().contains("-->"))
                    }
                )
            ],
            found: [
                "lessons/README.md:37:1: " + opened + "line 39, column 1, and hides everything up to there from "
                    + "readers (line 38, with the link to 09-yerel-durum.md), while the rest of line 39 shows outside "
                    + "any paragraph, and nothing there is judged until it is closed; " + bare
                    + ", and delete the '-->' at line 39, column 1 (it would show) [unclosed-comment]"
            ])
    }

    /// A comment over one paragraph's lines whose `-->` has text after it (in a list item, a block
    /// quote, before a heading): the comment is meant as written, and the text after its close,
    /// raw HTML as it stands, is meant as the block it was written as. One finding at the `<!--`;
    /// putting that text on a line of its own under the close (in a list item the comment opens,
    /// on the item's line, the comment under it), as it says, gives none and keeps the comment
    /// hiding what it hides (a bullet stays a bullet, the trigger bullet the trigger's, the heading
    /// a heading).
    func testACloseWithTextAfterItOverOneParagraphKeepsTheCommentAndMovesTheText() throws {
        let lesson = "09-yerel-durum.md"
        let table = "21-on-izleme-ve-yineleme.md"
        let first = "01-bildirimsel-sozdizim.md"
        let grid = "05-izgara-ve-geometri.md"
        func runs(_ line: Int, _ column: Int, _ shown: String) -> String {
            "error: this HTML comment runs on to the '-->' at line \(line), column \(column), and hides everything up "
                + "to there from readers (line \(line)), but the rest of line \(line) ('\(shown)') is passed through as "
                + "raw HTML: readers see it outside any paragraph, its Markdown not rendered, and nothing there is "
                + "judged; to keep what the comment hides hidden and show that text as written, put '\(shown)' "
        }
        /// The fix for a comment that opens a list item at `line`, closed on the line under it.
        func item(_ line: Int) -> String {
            "on line \(line) after '- ' in place of the comment, and the comment (its '<!--' to its '-->') on lines "
                + "of their own under it, indented 2 spaces as line \(line + 1) is [unclosed-comment]"
        }
        /// Breaks the line holding `close` after it, the rest on a line of its own after `prefix`.
        func split(_ close: String, _ prefix: String) -> Edit {
            { lines in
                let at = lines.firstIndex { $0.contains(close) } ?? 0
                let parts = lines[at].components(separatedBy: close + " ")
                lines[at] = parts[0] + close
                lines.insert(prefix + parts[1], at: at + 1)
            }
        }
        try expectSlips(
            [
                (
                    first,
                    { lines in
                        lines.insert(
                            contentsOf: ["- <!-- eski", "  madde --> yeni madde"], at: Self.line(lines, "- Bu dersin"))
                    },
                    { lines in
                        let at = Self.line(lines, "- <!-- eski")
                        lines[at...at + 1] = ["- yeni madde", "  <!-- eski", "  madde -->"]
                    }
                ),
                (
                    grid,
                    { lines in
                        let at = Self.line(lines, "- Bu dersin")
                        lines[at...at] = ["- <!-- eski", "  not --> " + lines[at].dropFirst(2)]
                    },
                    { lines in
                        let at = Self.line(lines, "- <!-- eski")
                        lines[at...at + 1] = [
                            "- " + lines[at + 1].dropFirst("  not --> ".count), "  <!-- eski", "  not -->",
                        ]
                    }
                ),
                (
                    lesson,
                    { lines in
                        let at = Self.line(lines, "## Durumu Ataya Kaldırmak")
                        lines[at] = "y --> " + lines[at]
                        lines.insert("<!-- x", at: at)
                    },
                    split("y -->", "")
                ),
                (
                    table, { lines in lines.insert(contentsOf: ["> <!--", "> eski --> yeni", ""], at: 268) },
                    split("> eski -->", "> ")
                ),
            ],
            found: [
                "lessons/\(first):299:3: " + runs(300, 9, "yeni madde") + item(299),
                "lessons/\(grid):228:3: " + runs(229, 7, "Bu dersin tetiği: **ortam**.") + item(228),
                "lessons/\(lesson):152:1: " + runs(153, 3, "## Durumu Ataya Kaldırmak")
                    + "on a line of its own under line 153 [unclosed-comment]",
                "lessons/\(table):269:3: " + runs(270, 8, "yeni")
                    + "on a line of its own under line 270, starting it '> ' as line 270 starts "
                    + "[unclosed-comment]",
            ])
    }

    /// A bare `<!--` over a `-->` with a heading right after it (`-->## Başlık`, or one blank
    /// between): CommonMark's comment block runs to and includes the `-->` line, so readers see
    /// the heading as raw text. One finding at the `<!--`, quoting it; putting it on a line of its
    /// own under the `-->`, as it says, gives none and the page cmark-gfm renders for the clean
    /// lesson (the comment hides nothing). A `-->` alone, or followed by blanks only, is silent.
    func testABareCommentWithAHeadingAfterItsCloseIsOneFinding() throws {
        let first = "14-sunum-ve-kapatma.md"
        let second = "09-yerel-durum.md"
        func said(_ line: Int, _ column: Int, _ shown: String) -> String {
            "error: this HTML comment ends with the '-->' at line \(line), column \(column), but the rest of that line "
                + "('\(shown)') is passed through with the comment as raw HTML: readers see it outside any paragraph, "
                + "its Markdown not rendered, and nothing there is judged; to show that text as written, put "
                + "'\(shown)' on a line of its own under line \(line) [unclosed-comment]"
        }
        /// Replaces the heading `heading` with `<!--` over `close` + the heading.
        func slip(_ heading: String, _ close: String) -> Edit {
            { lines in
                let at = Self.line(lines, heading)
                lines[at...at] = ["<!--", close + heading]
            }
        }
        /// Follows the fix: the text after the `-->` on a line of its own under it.
        func split(_ heading: String) -> Edit {
            { lines in
                let at = lines.firstIndex { $0.hasPrefix("-->") && $0.hasSuffix(heading) } ?? 0
                lines[at...at] = ["-->", heading]
            }
        }
        /// A `-->` alone or with blanks after it, over the heading starting `heading`: silent.
        func control(_ heading: String, _ close: String) -> Edit {
            { lines in lines.insert(contentsOf: ["<!--", close], at: Self.line(lines, heading)) }
        }
        try expectSlips(
            [
                (first, slip("## Sınırlayıcı Ölçüm", "-->"), split("## Sınırlayıcı Ölçüm")),
                (second, slip("## Durumu Ataya Kaldırmak", "--> "), split("## Durumu Ataya Kaldırmak")),
                ("01-bildirimsel-sozdizim.md", control("## ", "-->"), { _ in }),
                ("05-izgara-ve-geometri.md", control("## ", "-->  \t"), { _ in }),
            ],
            found: [
                "lessons/\(second):152:1: " + said(153, 1, "## Durumu Ataya Kaldırmak"),
                "lessons/\(first):216:1: " + said(217, 1, "## Sınırlayıcı Ölçüm"),
            ])
        // Followed, the page is the clean one with an empty comment before the heading.
        let tool = try StructureSlipPropertyTests.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let text = try String(
            contentsOf: scratch.url.appendingPathComponent("lessons/\(first)"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        slip("## Sınırlayıcı Ölçüm", "-->")(&lines)
        split("## Sınırlayıcı Ölçüm")(&lines)
        let fixed = try StructureSlipPropertyTests.render(lines.joined(separator: "\n"), with: tool, tables: true)
        XCTAssertEqual(
            fixed.replacingOccurrences(of: "<!--\n-->\n", with: ""),
            try StructureSlipPropertyTests.render(text, with: tool, tables: true))
        XCTAssertTrue(fixed.contains("<!--\n-->\n<h2>Sınırlayıcı Ölçüm</h2>"), fixed)
    }

    /// A `<!--` left open at the start of a closing-table cell (the trigger's, the title's): closed,
    /// it would hide the whole cell, which then shows empty and names no trigger or lesson. One
    /// finding at it whose one fix deletes it (no trigger or title mismatch beside it), and
    /// following that fix gives none. One after the cell's text keeps both fixes (a control that
    /// the other wording stands).
    func testACommentLeftOpenAtACellsStartIsOneFindingWhoseFixDeletesIt() throws {
        let table = "21-on-izleme-ve-yineleme.md"
        func cell(_ from: String, _ to: String) -> Edit {
            { lines in
                guard let at = lines.firstIndex(where: { $0.contains("| çocuk yazdı |") }) else { return }
                lines[at] = lines[at].replacingOccurrences(of: from, with: to)
            }
        }
        let seen = { (column: Int, written: String) in
            "lessons/\(table):254:\(column): error: this '<!--' is not closed ('-->') in its cell, so it opens no "
                + "comment and readers see '\(written)' as text; delete '<!--' (closed, the comment would hide the whole "
                + "cell, which then shows empty) [comment-look-alike]"
        }
        for (form, column, written) in [
            ("| <!-- ebeveyn |", 30, "<!-- ebeveyn"), ("| <!--ebeveyn |", 30, "<!--ebeveyn"),
            ("| <!-- **ebeveyn** |", 30, "<!-- **ebeveyn**"),
        ] {
            try expectSlips(
                [(table, cell("| ebeveyn |", form), cell(form, "| " + form.dropFirst(2).dropFirst(4)))],
                found: [seen(column, written)])
        }
        try expectSlips(
            [(table, cell("| Bağlama |", "| <!-- Bağlama |"), cell("| <!-- Bağlama |", "| Bağlama |"))],
            found: [seen(3, "<!-- Bağlama")])
        try expectSlips(
            [(table, cell("| ebeveyn |", "| ebeveyn <!-- |"), cell("| ebeveyn <!-- |", "| ebeveyn <!-- --> |"))],
            found: [
                "lessons/\(table):254:38: error: this '<!--' is not closed ('-->') in its cell, so it opens no comment "
                    + "and readers see '<!--' as text; close it with '-->' before the cell's '|' or delete it "
                    + "[comment-look-alike]"
            ])
    }

    /// A `<!--` left open in the trigger's bold is one finding, not a second for the trigger; its
    /// fix closes it after the bold, and gives none. One left open in a cell before a comment closed
    /// in the next cell (which GitHub never joins to it: it splits the row first) is one finding
    /// in its cell, not a trigger mismatch.
    func testACommentLeftOpenInBoldOrBeforeTheNextCellsCommentIsOneFinding() throws {
        let lesson = "09-yerel-durum.md"
        let table = "21-on-izleme-ve-yineleme.md"
        try expectSlips(
            [
                (
                    lesson,
                    { lines in
                        lines[Self.line(lines, "- Bu dersin tetiği:")] = "- Bu dersin tetiği: **yerel <!-- todo**."
                    },
                    { lines in
                        lines[Self.line(lines, "- Bu dersin tetiği:")] = "- Bu dersin tetiği: **yerel**<!-- todo -->."
                    }
                ),
                (
                    table,
                    { lines in
                        let at = Self.line(lines, "| Yerel Durum |")
                        lines[at] = lines[at].replacingOccurrences(
                            of: "| yerel |", with: "| yerel <!-- todo | <!-- x -->")
                    },
                    Self.closeTodo
                ),
            ],
            found: [
                "lessons/\(lesson):266:30: error: this '<!--' is not closed ('-->') in its paragraph, so it opens no "
                    + "comment and readers see '<!-- todo' as text in the bold; close it after the bold: write "
                    + "'**yerel**<!-- todo -->', or delete it [comment-look-alike]",
                "lessons/\(table):253:35: error: this '<!--' is not closed ('-->') in its cell, so it opens no comment "
                    + "and readers see '<!-- todo' as text; close it with '-->' before the cell's '|' or delete it "
                    + "[comment-look-alike]",
            ])
    }

    /// A comment on lines of its own around a row of the closing table hides the row and ends the
    /// table: one finding naming the row, and deleting its `<!--` and `-->` lines, as it says,
    /// gives none.
    func testACommentAroundATableRowNamesTheRow() throws {
        let table = "21-on-izleme-ve-yineleme.md"
        try expectSlip(
            table,
            { lines in
                let row = Self.line(lines, "| Yerel Durum |")
                lines.insert("-->", at: row + 1)
                lines.insert("<!--", at: row)
            },
            found: ["lessons/\(table):253:1 [closing-table]"],
            holds: [
                "lessons/\(table):253:1: error: this HTML comment hides the row for 'Yerel Durum' (line 254) and ends "
                    + "the closing table, so its 12 rows after it render as a paragraph of pipes, not as rows; delete "
                    + "its '<!--' (line 253) and its '-->' (line 255), so the row shows in the table again "
                    + "[closing-table]"
            ],
            fix: { lines in
                lines.remove(at: 254)
                lines.remove(at: 252)
            })
    }

    /// A comment over two lines whose `-->` has an index item's link after it (`14. <!-- x` over
    /// `    y --> [Ders](14-….md)`), or a table's row under a row (`<!-- a` over `b --> | row |`),
    /// and a `<!--` left open in bold in a cell (`| **yerel <!-- x** |`): one finding each, at the
    /// `<!--`, and nothing downstream (no part heading, no lesson missing from the index, no table
    /// ended, no trigger mismatch). The fixes as worded, followed, give none and the page as meant
    /// (cmark-gfm): the item's link, the row in the table, the bold with the comment after it. The
    /// comment on lines of its own under the item's link, or above the table, is silent.
    func testACommentSlipInAnIndexItemOrATableRowIsOneFindingAndItsFixConverges() throws {
        let table = "21-on-izleme-ve-yineleme.md"
        let index = "README.md"
        let item = "14. [Sunum ve Kapatma](14-sunum-ve-kapatma.md)"
        let row = "| Sunum ve Kapatma | sayfa açıldı | yerel | kapatma eylemi değer değildir |"
        let slips: [(file: String, edit: Edit, fix: Edit)] = [
            (index, Self.itemCommentedOverTwoLines.edit, Self.itemCommentedOverTwoLines.fix),
            (
                table,
                { lines in
                    let at = Self.line(lines, "| Sunum ve Kapatma |")
                    lines[at...at] = ["<!-- a", "b --> " + lines[at]]
                },
                { lines in
                    let at = Self.line(lines, "<!-- a")
                    lines[at...(at + 1)] = [String(lines[at + 1].dropFirst("b --> ".count))]
                }
            ),
            (
                table,
                { lines in
                    let at = Self.line(lines, "| Yerel Durum |")
                    lines[at] = lines[at].replacingOccurrences(of: "| yerel |", with: "| **yerel <!-- x** |")
                },
                { lines in
                    let at = Self.line(lines, "| Yerel Durum |")
                    lines[at] = lines[at].replacingOccurrences(of: "**yerel <!-- x**", with: "**yerel**<!-- x -->")
                }
            ),
        ]
        try expectSlips(
            slips,
            found: [
                "lessons/\(index):42:5: error: this HTML comment runs on to the '-->' at line 43, column 7, and hides "
                    + "everything up to there from readers (line 43), but the rest of line 43 ('\(item.dropFirst(4))') is "
                    + "passed through as raw HTML: readers see it outside any paragraph, its Markdown not rendered, and "
                    + "nothing there is judged; to keep what the comment hides hidden and show that text as written, "
                    + "put '\(item.dropFirst(4))' on line 42 after '14. ' in place of the comment, and the comment (its "
                    + "'<!--' to its '-->') on lines of their own under it, indented 4 spaces as line 43 is "
                    + "[unclosed-comment]",
                "lessons/\(table):253:37: error: this '<!--' is not closed ('-->') in its cell, so it opens no comment "
                    + "and readers see '<!-- x' as text in the bold; close it after the bold: write "
                    + "'**yerel**<!-- x -->', or delete it [comment-look-alike]",
                "lessons/\(table):258:1: error: this HTML comment runs on to the '-->' at line 259, column 3, and hides "
                    + "everything up to there from readers (line 259), but the rest of line 259 ('\(row.prefix(57))…') "
                    + "is passed through as raw HTML: readers see it outside any paragraph, its Markdown not rendered, "
                    + "and nothing there is judged; between a table's rows a comment ends the table, even on lines of "
                    + "its own, so to show that row in the table, delete the comment (line 258, and line 259 up to its "
                    + "'-->' and the blanks after it), so that line holds the row alone (or move the comment above the "
                    + "table) [unclosed-comment]",
            ])
        // Followed, readers see the clean page's text (the cell's new bold is markup), the comments hidden.
        let tool = try StructureSlipPropertyTests.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        for file in [index, table] {
            let text = try String(contentsOf: scratch.url.appendingPathComponent("lessons/\(file)"), encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            for slip in slips where slip.file == file {
                slip.edit(&lines)
                slip.fix(&lines)
            }
            XCTAssertEqual(
                try StructureSlipPropertyTests.seen(lines.joined(separator: "\n"), tool),
                try StructureSlipPropertyTests.seen(text, tool), file)
        }
        // Silent: the comment under the item's link, or above the table.
        let (found, messages) = try courseFindings(table) { lines in
            lines.insert(contentsOf: ["<!-- a", "b -->"], at: Self.line(lines, "| Ders |"))
        }
        XCTAssertEqual(found, [], "\(messages)")
        let (under, said) = try courseFindings(index) { lines in
            lines.insert(contentsOf: ["    <!-- x", "    y -->"], at: Self.line(lines, "14. [") + 1)
        }
        XCTAssertEqual(under, [], "\(said)")
    }
}
