import CourseCheckKit
import Foundation
import XCTest

/// One mistake, one finding: each realistic slip in a copy of the real course gives exactly one
/// finding in the whole run (every check, goldens and claims included), named where it is.
final class CascadeTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    /// Replaces the first `target` after `anchor` in a lesson.
    private func mutate(_ file: String, _ target: String, _ replacement: String, after anchor: String = "") throws {
        try CourseCopy.replace(target, with: replacement, in: lessons.appendingPathComponent(file), after: anchor)
    }

    private func swapLines(_ file: String, startingWith prefix: String) throws {
        let url = lessons.appendingPathComponent(file)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(prefix) })
        lines.swapAt(index, index + 1)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// Every finding of a default run, one per line (notes and diffs dropped).
    private func findings() -> [String] {
        courseFindings(in: scratch.url)
    }

    /// An unreadable lesson is its own one finding; the cross-lesson claims wait for it, and the
    /// summary says so (never "not applicable", which means the course does not use the structure).
    func testAnUnreadableLessonMakesTheCourseClaimsWaitAndSaysSo() throws {
        try Data().write(to: lessons.appendingPathComponent("22-bos.md"))
        let run = InProcess.run(["lessons/"], in: scratch.url)
        XCTAssertEqual(
            run.stderr.split(separator: "\n").map(String.init),
            ["lessons/22-bos.md:1:1: error: file is empty; it is not a lesson [not-a-lesson]"])
        XCTAssertTrue(
            run.stdout.contains(
                "claims: 3 checked, 5 not judged while 1 lesson is unread (course-index, closing-table, "
                    + "trigger-distribution, note-series, label-reference); 1 error"), run.stdout)
        XCTAssertFalse(run.stdout.contains("not applicable"), run.stdout)
    }

    /// A one-letter slip in a lesson's file name, which its source URL, the index and its goldens
    /// all name otherwise, is one finding at the URL naming the name to give back (and the
    /// rename's steps); neither the index's link nor the goldens' folder is a second. Renaming the
    /// file back gives 0; so does the rename followed through (source, index link, list of sources,
    /// `--update`). A rename with its source and index written, before `--update`, is the
    /// documented `golden-renamed` at each tree.
    func testAOneLetterSlipInALessonsFileNameIsOneFindingNamingTheName() throws {
        let right = lessons.appendingPathComponent("09-yerel-durum.md")
        let slipped = lessons.appendingPathComponent("09-yerel-durm.md")
        try FileManager.default.moveItem(at: right, to: slipped)
        let url = "https://academia.sh/tr/kurslar/swiftui/yerel-durm"
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durm.md:3:1: error: the file's slug is 'yerel-durm', but its source URL ends in "
                    + "'yerel-durum' and the index links 09-yerel-durum.md (line 37), so the file's name is the slip: "
                    + "rename it to 09-yerel-durum.md; if it was renamed, write source: '\(url)', link "
                    + "09-yerel-durm.md in the index, and 'coursecheck --update lessons/' carries its goldens "
                    + "[front-matter]"
            ])
        // The rename followed through: source, index link and list of sources, then `--update`.
        try CourseCopy.replace("swiftui/yerel-durum'", with: "swiftui/yerel-durm'", in: slipped)
        try CourseCopy.replace(
            "(09-yerel-durum.md)", with: "(09-yerel-durm.md)", in: lessons.appendingPathComponent("README.md"))
        try CourseCopy.replace(
            "swiftui/yerel-durum>", with: "swiftui/yerel-durm>", in: lessons.appendingPathComponent("README.md"))
        XCTAssertEqual(findings().map { $0.hasSuffix("[golden-renamed]") }, [true, true, true])
        XCTAssertEqual(InProcess.run(["--update", "lessons/"], in: scratch.url).status, .clean)
        XCTAssertEqual(findings(), [])
        // The slip undone instead.
        try CourseCopy.replace("swiftui/yerel-durm'", with: "swiftui/yerel-durum'", in: slipped)
        try CourseCopy.replace(
            "(09-yerel-durm.md)", with: "(09-yerel-durum.md)", in: lessons.appendingPathComponent("README.md"))
        try CourseCopy.replace(
            "swiftui/yerel-durm>", with: "swiftui/yerel-durum>", in: lessons.appendingPathComponent("README.md"))
        try FileManager.default.moveItem(at: slipped, to: right)
        XCTAssertEqual(InProcess.run(["--update", "lessons/"], in: scratch.url).status, .clean)
        XCTAssertEqual(findings(), [])
    }

    /// The core edited the same way in every lesson: one core-drift per lesson, and this course's
    /// own claims wait for the drift to be undone; the summary says so and names them, so every
    /// claim is accounted for.
    func testACoreEditInEveryLessonSaysWhichClaimsAreOffAndWhy() throws {
        for name in try CourseCopy.lessonNames(in: lessons) {
            try mutate(name, "return \"ortam\"", "return \"cevre\"")
        }
        let run = InProcess.run(["lessons/"], in: scratch.url)
        // One core-drift for the same edit in every lesson (`EndToEndTests` has its message).
        XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.count, 1, run.stderr)
        XCTAssertTrue(
            run.stdout.hasSuffix(
                "claims: 2 checked, 6 off while most lessons' core drifts from the embedded one (front-matter, "
                    + "declared-trigger, closing-table, trigger-distribution, note-series, label-reference); 1 error\n"
            ),
            run.stdout)
    }

    func testProseBetweenATreeAndItsExpectedBlock() throws {
        try mutate(
            "01-bildirimsel-sozdizim.md", "```\n\n```\n", "```\n\nAraya giren bir cümle.\n\n```\n",
            after: "// main.swift")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:96:1: error: tree's expected block at line 129 does not follow it: only "
                    + "blank lines may stand between a tree and its expected output [missing-expected]"
            ])
    }

    func testAnExpectedBlockWithAnInfoString() throws {
        try mutate("01-bildirimsel-sozdizim.md", "```\n\n```\n", "```\n\n```text\n", after: "// main.swift")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:127:1: error: the tree at line 96 is followed by a code block with info "
                    + "string 'text'; its expected output must be a bare ``` fence [missing-expected]"
            ])
    }

    /// The title is written in four places; a typo in one is one finding, at the typo.
    func testATypoInTheFrontMatterTitle() throws {
        try mutate("01-bildirimsel-sozdizim.md", "title: 'Bildirimsel Sözdizim'", "title: 'Bildirimsel Sözdzim'")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:2:1: error: front matter title 'Bildirimsel Sözdzim' differs from the "
                    + "heading 'Bildirimsel Sözdizim' (line 10), which the rest of the course uses [front-matter]"
            ])
    }

    /// Every lesson names the course; a typo in the index's title is one finding there.
    func testATypoInTheCourseTitle() throws {
        try mutate("README.md", "title: 'SwiftUI ile Arayüz'", "title: 'SwiftUI ile Arayuz'")
        XCTAssertEqual(
            findings(),
            [
                "lessons/README.md:2:1: error: the course title 'SwiftUI ile Arayuz' differs from the course every lesson "
                    + "names, 'SwiftUI ile Arayüz' (it has 'u' where 'SwiftUI ile Arayüz' has 'ü') [front-matter]"
            ])
    }

    func testATypoInTheIndexHeading() throws {
        try mutate("README.md", "# SwiftUI ile Arayüz", "# SwiftUI ile Arayuz")
        XCTAssertEqual(
            findings(),
            [
                "lessons/README.md:16:3: error: the index's heading 'SwiftUI ile Arayuz' differs from its title 'SwiftUI ile "
                    + "Arayüz' (line 2) (it has 'u' where 'SwiftUI ile Arayüz' has 'ü') [front-matter]"
            ])
    }

    /// A slip in the closing table's header keeps the claim on: one finding, and the rows still checked.
    func testATypoInTheClosingTableHeader() throws {
        try mutate("21-on-izleme-ve-yineleme.md", "| Ders | Değişiklik | Tetik |", "| Ders | Değişiklik | Tetık |")
        XCTAssertEqual(
            findings(),
            [
                "lessons/21-on-izleme-ve-yineleme.md:243:1: error: the closing table's column 'Tetık' should be 'Tetik'; "
                    + "the table is read as if it were [closing-table]"
            ])
    }

    /// A tree's fence typed ```` ```Swift ````: one finding at the fence, and its output block is not stray.
    func testATreeFenceWithAMistypedInfoString() throws {
        try mutate("09-yerel-durum.md", "```swift\n// main.swift", "```Swift\n// main.swift")
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:119:1: error: a tree is in a code block with info string 'Swift', so coursecheck "
                    + "cannot run it; its fence must say ```swift [no-role]"
            ])
    }

    func testATypoInTheHeading() throws {
        try mutate("01-bildirimsel-sozdizim.md", "# Bildirimsel Sözdizim", "# Bildirimsel Sözdzim")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:10:3: error: heading 'Bildirimsel Sözdzim' differs from the front matter "
                    + "title 'Bildirimsel Sözdizim' (line 2) [front-matter]"
            ])
    }

    /// Wraps lesson 1's first tree and its expected block in a list item, or in `<details>` with no
    /// blank line after it.
    private func wrapFirstTree(_ wrap: (_ tree: [String], _ expected: [String]) -> [String]) throws {
        let url = lessons.appendingPathComponent("01-bildirimsel-sozdizim.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let open = try XCTUnwrap(
            lines.indices.first { lines[$0] == "```swift" && lines[$0 + 1].hasPrefix("// main.swift") })
        let close = try XCTUnwrap(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        let expectedOpen = try XCTUnwrap(lines[(close + 1)...].firstIndex { $0.hasPrefix("```") })
        let expectedClose = try XCTUnwrap(lines[(expectedOpen + 1)...].firstIndex { $0.hasPrefix("```") })
        XCTAssertEqual(open, 94)
        lines.replaceSubrange(
            open...expectedClose,
            with: wrap(Array(lines[open...close]), Array(lines[close + 1...expectedClose])))
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    func testAClosingFenceIndentedTooFarInAListItem() throws {
        try wrapFirstTree { tree, expected in
            var item = (tree + expected).enumerated().map {
                $0.offset == 0 ? "- " + $0.element : ($0.element.isEmpty ? "" : "  " + $0.element)
            }
            item[tree.count - 1] = "      ```"
            return item
        }
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:125:7: error: this line would close the fence opened at line 95, "
                    + "but it is indented 6 columns, not the 2 of the other lines of its list item, so the block runs on "
                    + "and every later fence pairs wrongly; indent it 2 spaces, as they are [unterminated-fence]"
            ])
    }

    func testDetailsWithoutABlankLineBeforeATree() throws {
        try wrapFirstTree { tree, expected in ["<details>"] + tree + expected + ["</details>"] }
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:96:1: error: a tree inside the HTML block that starts at line 95: a "
                    + "reader sees its fence as raw text and coursecheck cannot run it; put a blank line between the HTML "
                    + "and the fence [no-role]"
            ])
    }

    func testANoteWithTheWrongPrefix() throws {
        try mutate("01-bildirimsel-sozdizim.md", "**GV3.**", "**DR3.**")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:290:1: error: note DR3 is in part 'Görünüm Ağacı Modeli', whose series is "
                    + "GV, where GV3 is due (series DR belongs to part 'Durum ve Gezinme'); write **GV3.** [note-series]"
            ])
    }

    func testANoteWithAMistypedNumber() throws {
        try mutate("02-gorunumler-ve-degistiriciler.md", "**GV5.**", "**GV7.**")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:194:1: error: note GV7 is out of sequence; expected GV5 [note-series]"
            ])
    }

    func testARepeatedNote() throws {
        try mutate("02-gorunumler-ve-degistiriciler.md", "**GV5.**", "**GV4.**")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:194:1: error: note GV4 is out of sequence; expected GV5 [note-series]"
            ])
    }

    func testAMissingNote() throws {
        try mutate("02-gorunumler-ve-degistiriciler.md", "**GV5.**", "Not:")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:252:1: error: note GV6 skips GV5 (or, if deleted by "
                    + "mistake, put GV5 back); renumber the notes from here in reading order: GV6–GV25 "
                    + "(02-gorunumler-ve-degistiriciler.md, 03-yigit-duzenleri.md, 04-duzen-sistemi.md, "
                    + "05-izgara-ve-geometri.md, 06-listeler-ve-formlar.md, 07-gorsel-bilesenler.md, "
                    + "08-gorunum-kurucular.md) as GV5–GV24, and the references to those notes likewise [note-series]"
            ])
    }

    func testSwappedClosingTableRows() throws {
        try swapLines("21-on-izleme-ve-yineleme.md", startingWith: "| Yığıt Düzenleri |")
        XCTAssertEqual(
            findings(),
            [
                "lessons/21-on-izleme-ve-yineleme.md:248:3: error: row 4 names 'Yığıt Düzenleri', lesson 3, out of course "
                    + "order; its row belongs in place 3 [closing-table]"
            ])
    }

    func testSwappedIndexItems() throws {
        try swapLines("README.md", startingWith: "3. [")
        XCTAssertEqual(
            findings(),
            [
                "lessons/README.md:27:1: error: 03-yigit-duzenleri.md is listed out of course order; it is lesson 3 [course-index]"
            ])
    }

    /// A copy of a tree inserted before the original takes no approval: one finding, at the
    /// second of the two, and no golden drift, missing golden or orphan.
    func testACopiedTreeInsertedBeforeItsOriginal() throws {
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "```swift\n// main.swift")).lowerBound
        let expected = try XCTUnwrap(text.range(of: "```\n\n```\n", range: start..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "```\n", range: expected.upperBound..<text.endIndex)).upperBound
        let copy = String(text[start..<end]) + "\n"
        try (String(text[..<start]) + copy + String(text[start...])).write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:147:1: error: tree has the golden name of the tree at line 120 "
                    + "('gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir'), which keeps only the letters and "
                    + "digits of a description, lower-cased and without accents: give each tree of a lesson a "
                    + "description that differs in them, so an approval can never pass from one tree to another "
                    + "[tree-identity]"
            ])
    }

    /// Items swapped across a part boundary: the index finding only; note series keep their parts.
    func testIndexItemsSwappedAcrossParts() throws {
        try mutate(
            "README.md", "8. [Görünüm Kurucular](08-gorunum-kurucular.md)", "8. [Yerel Durum](09-yerel-durum.md)")
        try mutate(
            "README.md", "9. [Yerel Durum](09-yerel-durum.md)", "9. [Görünüm Kurucular](08-gorunum-kurucular.md)")
        XCTAssertEqual(
            findings(),
            [
                "lessons/README.md:37:1: error: 08-gorunum-kurucular.md is listed out of course order; it is lesson 8 [course-index]"
            ])
    }

    /// GFM table rows need no leading pipe: the row still reads as the lesson's row.
    func testAClosingTableRowWithoutALeadingPipe() throws {
        try mutate("21-on-izleme-ve-yineleme.md", "| Yerel Durum |", "Yerel Durum |")
        XCTAssertEqual(findings(), [])
    }

    /// A tree indented into an indented code block is shown as code: one located error, and its
    /// golden is neither an orphan nor deleted by --update.
    func testATreeSwallowedByAnIndentedCodeBlock() throws {
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        lines.replaceSubrange(
            118..<144, with: ["- Ağaç:", ""] + lines[118..<144].map { $0.isEmpty ? $0 : "      " + $0 })
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let expected = [
            "lessons/09-yerel-durum.md:121:7: error: a tree is inside an indented code block: its fence is indented four or "
                + "more spaces past its container, so a reader sees it as code and coursecheck cannot run it; indent it "
                + "less [no-role]"
        ]
        XCTAssertEqual(findings(), expected)
        let update = InProcess.run(["--update", "lessons/"], in: scratch.url)
        XCTAssertFalse(update.stdout.contains("will remove"), update.stdout)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: scratch.url.appendingPathComponent(
                    "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"
                ).path))
    }

    /// A wrong declared trigger is one finding: the closing table and the distribution sentence,
    /// which agree with the trees, are not blamed for it.
    func testAWrongDeclaredTrigger() throws {
        try mutate("09-yerel-durum.md", "- Bu dersin tetiği: **yerel**", "- Bu dersin tetiği: **ortam**")
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:266:24: error: declares the trigger 'ortam', but no tree of this lesson recomputes a "
                    + "view with cause 'ortam' (its trees show: ebeveyn, kural-disi, yerel) [declared-trigger]"
            ])
    }

    /// A second trigger bullet that contradicts the first is one finding, at the second; the first,
    /// which the trees bear out, and the closing table that agrees with it are not blamed.
    func testAContradictoryDeclaredTrigger() throws {
        try mutate(
            "09-yerel-durum.md", "- Bu dersin tetiği: **yerel**.\n",
            "- Bu dersin tetiği: **yerel**.\n- Bu dersin tetiği: **ortam**.\n")
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:267:24: error: declares the trigger 'ortam', but this lesson already declares "
                    + "'yerel' (line 266); keep one declaration [declared-trigger]"
            ])
    }

    /// A lesson saved with CRLF line endings renders exactly as with LF: no finding at all, and its
    /// trees, expected blocks, core and claims read as before.
    func testALessonSavedWithCRLF() throws {
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "\n", with: "\r\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(findings(), [])
    }

    /// A label typed with a NON-BREAKING HYPHEN (U+2011) looks like the label: one finding, at the
    /// look-alike, naming it.
    func testALabelWithANonBreakingHyphen() throws {
        try mutate("09-yerel-durum.md", "`satir-acildi`", "`satir\u{2011}acildi`")
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:146:226: error: `satir\u{2011}acildi` is not a label any tree passes to change (did "
                    + "you mean `satir-acildi`? it has U+2011 NON-BREAKING HYPHEN where the label has '-') [label-reference]"
            ])
    }

    /// Look-alikes in an expected block: each drift is one finding, naming the character at the
    /// first differing column.
    func testLookAlikesInAnExpectedBlock() throws {
        let cases: [(String, String)] = [
            ("yerel: 1\nebeveyn: 0", "yerel: \u{FF11}\nebeveyn: 0"),  // FULLWIDTH DIGIT ONE
            ("yerel: 1\nebeveyn: 0", "yerel: \u{0661}\nebeveyn: 0"),  // ARABIC-INDIC DIGIT ONE
            ("StatusLabel\nyerel", "Status\u{216C}abel\nyerel"),  // ROMAN NUMERAL FIFTY
            ("tapCount degisti", "tapCount deg\u{0131}sti"),  // dotless ı
        ]
        let original = try Data(contentsOf: lessons.appendingPathComponent("09-yerel-durum.md"))
        var all: [[String]] = []
        for (target, replacement) in cases {
            try original.write(to: lessons.appendingPathComponent("09-yerel-durum.md"))
            try mutate("09-yerel-durum.md", target, replacement, after: "```\n\n```\n")
            all.append(findings())
        }
        let drift =
            "lessons/09-yerel-durum.md:%@: error: output of tree at line 120 differs from the lesson; the line has %@ "
            + "where the output has %@; they look alike [output-drift]"
        XCTAssertEqual(
            all,
            [
                [String(format: drift, "140:8", "U+FF11 FULLWIDTH DIGIT ONE", "'1'")],
                [String(format: drift, "140:8", "U+0661 ARABIC-INDIC DIGIT ONE", "'1'")],
                [String(format: drift, "139:87", "U+216C ROMAN NUMERAL FIFTY", "'L'")],
                [String(format: drift, "139:24", "U+0131 LATIN SMALL LETTER DOTLESS I", "'i'")],
            ])
    }

    /// The front matter is read as YAML reads it: each spelling of the title below is the title,
    /// and a value YAML cannot give as text is one finding at its line, never a missing key.
    func testFrontMatterSpellings() throws {
        let lesson = "lessons/01-bildirimsel-sozdizim.md"
        let cases: [(String, [String])] = [
            ("title: >-\n  Bildirimsel\n  Sözdizim", []),
            ("title: |-\n    Bildirimsel Sözdizim", []),
            ("title : 'Bildirimsel Sözdizim'", []),
            ("\"title\": \"Bildirimsel S\\u00f6zdizim\"", []),
            ("# başlık\ntitle: Bildirimsel Sözdizim  # ilk ders", []),
            ("title: 'Bildirimsel\n  Sözdizim'", []),
            ("title: !!str &baslik Bildirimsel Sözdizim", []),
            (
                "title: >-\n  Bildirimsel\n  Sözdzim",
                [
                    "\(lesson):2:1: error: front matter title 'Bildirimsel Sözdzim' differs from the heading 'Bildirimsel "
                        + "Sözdizim' (line 12), which the rest of the course uses [front-matter]"
                ]
            ),
            (
                "title: 'Bildirimsel Sözdizim",
                [
                    "\(lesson):2:1: error: front matter value of 'title' cannot be read as text: its quoted text has no "
                        + "closing quote [front-matter]"
                ]
            ),
            (
                "title: *baslik",
                [
                    "\(lesson):2:1: error: front matter value of 'title' cannot be read as text: it is an alias (*name), "
                        + "which coursecheck does not resolve; write the text [front-matter]"
                ]
            ),
            (
                "title: Bildirimsel: Sözdizim",
                [
                    "\(lesson):2:1: error: front matter value of 'title' cannot be read as text: ': ' inside an unquoted "
                        + "value reads as a nested mapping; quote it [front-matter]"
                ]
            ),
            (
                "title 'Bildirimsel Sözdizim'",
                [
                    "\(lesson):2:1: error: front matter line cannot be read: it is not 'key: value', a '- item' of a list, "
                        + "or a comment [front-matter]"
                ]
            ),
        ]
        let url = lessons.appendingPathComponent("01-bildirimsel-sozdizim.md")
        let original = try Data(contentsOf: url)
        var all: [[String]] = []
        for (replacement, _) in cases {
            try original.write(to: url)
            try mutate("01-bildirimsel-sozdizim.md", "title: 'Bildirimsel Sözdizim'", replacement)
            all.append(findings())
        }
        XCTAssertEqual(all, cases.map(\.1))
    }

    /// Front matter whose closing `---` is gone is one finding where it belongs (before the blank
    /// line after the keys), not "no front matter"; the keys are read as if it were there.
    func testFrontMatterWithoutItsClosingLine() throws {
        try mutate("01-bildirimsel-sozdizim.md", "license: 'CC BY-SA 4.0'\n---\n", "license: 'CC BY-SA 4.0'\n")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:8:1: error: the front matter is not closed, so readers see its "
                    + "keys as text: add '---' before line 8 [front-matter]"
            ])
    }

    /// Reference-style links in the course index resolve through their definitions (full,
    /// collapsed, shortcut; labels matched case-insensitively), and the definitions render nothing:
    /// no prose is read from them (a backticked word in a title is not a label reference).
    func testReferenceLinksInTheCourseIndex() throws {
        try mutate("README.md", "3. [Yığıt Düzenleri](03-yigit-duzenleri.md)", "3. [Yığıt Düzenleri][Ders 3]")
        try mutate("README.md", "4. [Düzen Sistemi](04-duzen-sistemi.md)", "4. [Düzen Sistemi]")
        try mutate("README.md", "5. [Izgara ve Geometri](05-izgara-ve-geometri.md)", "5. [Izgara ve Geometri][]")
        let url = lessons.appendingPathComponent("README.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        try
            (text
            + "\n[ders 3]: ./03-yigit-duzenleri.md \"`bilinmeyen-etiket`\"\n[düzen sistemi]:\n  <04-duzen-sistemi.md>\n"
            + "[IZGARA VE GEOMETRI]: 05-izgara-ve-geometri.md\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(findings(), [])
    }

    /// A link reference definition between a tree and its expected block renders nothing, so the
    /// reader sees the two together: the expected block is still recognised.
    func testALinkDefinitionBetweenATreeAndItsExpectedBlock() throws {
        try mutate(
            "01-bildirimsel-sozdizim.md", "```\n\n```\n", "```\n\n[kaynak]: https://academia.sh\n\n```\n",
            after: "// main.swift")
        XCTAssertEqual(findings(), [])
    }

    /// The index's title, the course title every lesson's `course` names, read from a folded block
    /// scalar: no finding (read as its raw `>-`, it would be one per lesson).
    func testTheCourseTitleAsABlockScalar() throws {
        try mutate("README.md", "title: 'SwiftUI ile Arayüz'", "title: >-  # kurs\n    SwiftUI ile\n    Arayüz")
        XCTAssertEqual(findings(), [])
    }

    /// A declared trigger typed with a Cyrillic е reads as `yerel`: one finding, at that letter,
    /// naming it; the closing table and the distribution sentence are not blamed.
    func testADeclaredTriggerWithALookAlike() throws {
        try mutate("09-yerel-durum.md", "- Bu dersin tetiği: **yerel**", "- Bu dersin tetiği: **y\u{0435}rel**")
        XCTAssertEqual(
            findings(),
            [
                "lessons/09-yerel-durum.md:266:25: error: unknown trigger 'y\u{0435}rel': it has U+0435 CYRILLIC SMALL LETTER IE "
                    + "where 'yerel' has 'e' [declared-trigger]"
            ])
    }

    /// A closing-table cell holding a reference link reads as its text, as an inline link does.
    func testAReferenceLinkInTheClosingTable() throws {
        try mutate("21-on-izleme-ve-yineleme.md", "| Yerel Durum |", "| [Yerel Durum][yd] |")
        let url = lessons.appendingPathComponent("21-on-izleme-ve-yineleme.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        try (text + "\n[yd]: ./09-yerel-durum.md\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(findings(), [])
    }

    /// A note number typed with a fullwidth digit reads as the note: one finding at the digit,
    /// naming it, and the series goes on (no "GV6 skips GV5").
    func testANoteNumberWithAFullwidthDigit() throws {
        try mutate("02-gorunumler-ve-degistiriciler.md", "**GV5.**", "**GV\u{FF15}.**")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:194:5: error: note 'GV\u{FF15}.' reads as GV5 but has U+FF15 "
                    + "FULLWIDTH DIGIT FIVE where GV5 has '5'; write **GV5.** [note-series]"
            ])
    }

    // From the adversarial round on rendered claims: each a complete list of findings.

    /// GitHub fills a row's missing cells with empty ones: one finding at the row's end naming
    /// the columns it lost, not a comparison of the empty trigger.
    func testAClosingTableRowWithCellsLeftOff() throws {
        try mutate(
            "21-on-izleme-ve-yineleme.md",
            "| Görünümler ve Değiştiriciler | yazı tipi değişti | ortam | kendi yazı tipini koyan çocuk ortamı okumaz |",
            "| Görünümler ve Değiştiriciler | yazı tipi değişti |")
        XCTAssertEqual(
            findings(),
            [
                "lessons/21-on-izleme-ve-yineleme.md:246:61: error: row 2 has no 'Tetik' and no 'Sınırlayıcı ölçüm': "
                    + "the row ends before their cells, so GitHub shows them empty; write them at the row's end "
                    + "[closing-table]"
            ])
    }

    /// A delimiter row GitHub rejects leaves no table: one finding with the row to write, not "not applicable".
    func testAClosingTableGitHubDoesNotRender() throws {
        try mutate("21-on-izleme-ve-yineleme.md", "|---|---|---|---|", "|---|---|-x-|---|")
        XCTAssertEqual(
            findings(),
            [
                "lessons/21-on-izleme-ve-yineleme.md:244:1: error: the closing table's delimiter row is here, but "
                    + "GitHub does not read it as one, so it renders no table: a delimiter cell is not dashes with "
                    + "optional colons; write '|---|---|---|---|' [closing-table]"
            ])
    }

    func testAYAMLNullIsNoValue() throws {
        try mutate("02-gorunumler-ve-degistiriciler.md", "license: 'CC BY-SA 4.0'", "license: ~")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:7:1: error: front matter 'license' is empty; it needs a "
                    + "value [front-matter]"
            ])
    }

    /// `***GV2.***` renders a bold (and italic) label opening its paragraph: still the note.
    func testANoteLabelInBoldItalicsOpensItsParagraph() throws {
        try mutate("01-bildirimsel-sozdizim.md", "**GV2.** Bu bölüm", "***GV2.*** Bu bölüm")
        XCTAssertEqual(findings(), [])
    }

    /// A non-breaking space after a header is not seen: the column is `Tetik`.
    func testANonBreakingSpaceInTheTableHeaderIsNotSeen() throws {
        try mutate("21-on-izleme-ve-yineleme.md", "| Tetik |", "| Tetik&nbsp; |")
        XCTAssertEqual(findings(), [])
    }

    /// The distribution sentence as rendered: a comment hides text, a reference is its character,
    /// the numbers may come first, and a decimal is no count.
    func testTheDistributionSentenceReadsAsRendered() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        for (written, expected) in [
            (
                "yerel 6, ebeveyn 4, gözlem 4, ortam <!-- 6 -->7.",
                ["267:122: error: says ortam 7, but 6 lessons declare ortam"]
            ),
            ("yerel &#54;, ebeveyn 4, g&ouml;zlem 4, ortam 6.", []),
            ("6 yerel, 4 ebeveyn, 4 gözlem, 6 ortam.", []),
            (
                // The wrong count is the one error; the struck text is a parity warning of its own.
                "yerel 6, ebeveyn 4, gözlem 4, ortam ~~6~~ 7.",
                [
                    "267:112: warning: the distribution sentence reads this as GitHub renders it ('6' struck through, "
                        + "left out of the claim); the CommonMark reference shows '~~6~~' as written [github-parity]",
                    "267:118: error: says ortam 7, but 6 lessons declare ortam",
                ]
            ),
            (
                // At the name whose count cannot be read.
                "yerel 6, ebeveyn 4, gözlem 4, ortam 6,5.",
                [
                    "267:106: error: this paragraph counts triggers, but no count can be read for ortam; give each of "
                        + "yerel, ebeveyn, gözlem and ortam its number, right before or after its name"
                ]
            ),
        ] {
            try mutate(file, sentence, written)
            XCTAssertEqual(
                findings(),
                expected.map { "lessons/\(file):\($0)" + ($0.hasSuffix("]") ? "" : " [trigger-distribution]") },
                written)
            try mutate(file, written, sentence)
        }
    }

    /// A tree whose fence says `Swift` is one finding; the labels it passes are still the lesson's.
    func testATreeFenceSpelledSwiftIsOneFinding() throws {
        try mutate("02-gorunumler-ve-degistiriciler.md", "```swift\n// main.swift", "```Swift\n// main.swift")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:116:1: error: a tree is in a code block with info string "
                    + "'Swift', so coursecheck cannot run it; its fence must say ```swift [no-role]"
            ])
    }

    func testABlankSourceIsOneFinding() throws {
        try mutate(
            "02-gorunumler-ve-degistiriciler.md",
            "source: 'https://academia.sh/tr/kurslar/swiftui/gorunumler-ve-degistiriciler'", "source: ' '")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:3:1: error: front matter 'source' is empty; it needs a value [front-matter]"
            ])
    }

    /// `**GV2**.` is the note GV2 with its full stop outside the bold, which renders unlike every
    /// other label: one finding at it, and the series reads on from GV2.
    func testANoteLabelWithItsFullStopOutsideTheBold() throws {
        try mutate("01-bildirimsel-sozdizim.md", "**GV2.** Bu bölüm", "**GV2**. Bu bölüm")
        XCTAssertEqual(
            findings(),
            [
                "lessons/01-bildirimsel-sozdizim.md:220:1: error: this paragraph opens with '**GV2**.', a near form "
                    + "of the note label GV2. (its full stop outside the bold), so it does not read as a note; write "
                    + "**GV2.** [note-series]"
            ])
    }

    /// An index item written as raw `<a href>` is a link to a reader, and to the index claim.
    func testAnIndexItemWrittenAsAnHTMLLink() throws {
        try mutate(
            "README.md", "4. [Düzen Sistemi](04-duzen-sistemi.md)",
            "4. <a href=\"04-duzen-sistemi.md\">Düzen Sistemi</a>")
        XCTAssertEqual(findings(), [])
    }

    /// A valid but wrong trigger in one bullet: the closing table's row and the distribution
    /// sentence still agree with each other, so the bullet is the slip, and the one finding.
    func testAWrongTriggerInOneBulletIsOneFindingAtTheBullet() throws {
        try mutate(
            "02-gorunumler-ve-degistiriciler.md", "- Bu dersin tetiği: **ortam**.", "- Bu dersin tetiği: **yerel**.")
        XCTAssertEqual(
            findings(),
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:261:24: error: declares the trigger 'yerel', but the closing "
                    + "table (lessons/21-on-izleme-ve-yineleme.md:246) gives 'ortam' and the distribution sentence counts it "
                    + "so; one of the three is a slip, most likely this one [declared-trigger]"
            ])
    }

    /// A note label that opens its paragraph without bold (in a code span, or plain) is the
    /// anchor with a slip: one finding at it, and the series reads it as the note, so GV3 does
    /// not also skip GV2.
    func testANoteLabelNotInBoldIsOneFindingAtTheLabel() throws {
        for written in ["`GV2.`", "GV2.", "*GV2.*"] {
            try mutate("01-bildirimsel-sozdizim.md", "**GV2.** Bu bölüm", "\(written) Bu bölüm")
            XCTAssertEqual(
                findings(),
                [
                    "lessons/01-bildirimsel-sozdizim.md:220:1: error: this paragraph opens with '\(written)', the note "
                        + "label GV2. but not in bold, so it does not read as a note; write **GV2.** [note-series]"
                ], written)
            try mutate("01-bildirimsel-sozdizim.md", "\(written) Bu bölüm", "**GV2.** Bu bölüm")
        }
    }

    /// The course refers to notes in plain text (`GV22'de`); a reference to a note no paragraph
    /// defines is one finding there, plain or in code, and a reference to a defined one is none.
    func testAPlainReferenceToAMissingNote() throws {
        for (written, column) in [("GV99'de", 422), ("`GV99`'de", 422)] {
            try mutate("07-gorsel-bilesenler.md", "GV22'de", written)
            XCTAssertEqual(
                findings(),
                [
                    "lessons/07-gorsel-bilesenler.md:212:\(column): error: refers to note GV99, which no paragraph of "
                        + "the course defines (a note opens its paragraph with its bold label) [note-series]"
                ], written)
            try mutate("07-gorsel-bilesenler.md", written, "GV22'de")
        }
        try mutate("07-gorsel-bilesenler.md", "GV22'de", "`GV21`'de")
        XCTAssertEqual(findings(), [])
    }

    /// A count struck through reads as GitHub renders it (left out), and the reading depends on
    /// the renderer: one warning there, with both readings, and no error when the rest is right.
    func testAStruckCountIsOneParityWarning() throws {
        try mutate("21-on-izleme-ve-yineleme.md", "ortam 6.", "ortam ~~7~~ 6.")
        XCTAssertEqual(
            findings(),
            [
                "lessons/21-on-izleme-ve-yineleme.md:267:112: warning: the distribution sentence reads this as GitHub "
                    + "renders it ('7' struck through, left out of the claim); the CommonMark reference shows '~~7~~' as "
                    + "written [github-parity]"
            ])
    }

    /// A line YAML rejects is one located front-matter finding: text after a closing quote, or a
    /// quote never closed. A comment after the quote is YAML, and fine.
    func testAFrontMatterLineYAMLRejects() throws {
        let file = "01-bildirimsel-sozdizim.md"
        let title = "title: 'Bildirimsel Sözdizim'"
        for (written, expected) in [
            (
                "title: 'Bildirimsel Sözdizim' taslak",
                [
                    "lessons/01-bildirimsel-sozdizim.md:2:1: error: front matter value of 'title' cannot be read as text: "
                        + "'taslak' follows the closing quote, which YAML rejects; put it inside the quotes or remove it "
                        + "[front-matter]"
                ]
            ),
            (
                "title: 'Bildirimsel Sözdizim",
                [
                    "lessons/01-bildirimsel-sozdizim.md:2:1: error: front matter value of 'title' cannot be read as text: "
                        + "its quoted text has no closing quote [front-matter]"
                ]
            ),
            ("title: 'Bildirimsel Sözdizim' # taslak", []),
            (
                "title: \"Bildirimsel \\q Sözdizim\"",
                [
                    "lessons/01-bildirimsel-sozdizim.md:2:1: error: front matter value of 'title' cannot be read as text: "
                        + "'\\q' is not an escape YAML has; write '\\\\q' for a backslash, or use single quotes "
                        + "[front-matter]"
                ]
            ),
            (
                "title: - Bildirimsel Sözdizim",
                [
                    "lessons/01-bildirimsel-sozdizim.md:2:1: error: front matter value of 'title' cannot be read as text: "
                        + "'- ' starts a list entry, which YAML does not allow after 'key:' on the same line; quote the "
                        + "value [front-matter]"
                ]
            ),
        ] {
            try mutate(file, title, written)
            XCTAssertEqual(findings(), expected, written)
            try mutate(file, written, title)
        }
    }

    /// A claim's anchor written in the source but hidden by the rendering is one finding that says
    /// why, never a silent "not applicable": the closing table in a comment, in an HTML block that
    /// takes it raw (the HTML block's finding, at the header), indented as code (whose fix unindents
    /// it); the count sentence in a comment or
    /// indented as code.
    func testAnAnchorHiddenByTheRenderingIsOneFinding() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let url = lessons.appendingPathComponent(file)
        let original = try String(contentsOf: url, encoding: .utf8)
        let header = "| Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm |"
        let lastRow = "| Ön İzleme ve Yineleme | örnek ad değişti | gözlem | ön izleme yeni başlangıçtır |"
        let sentence =
            "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let table = try XCTUnwrap(original.range(of: header).map { $0.lowerBound })
        let tableEnd = try XCTUnwrap(original.range(of: lastRow).map { $0.upperBound })
        let indentedTable = original[table..<tableEnd].split(separator: "\n").map { "    " + $0 }.joined(
            separator: "\n")
        let cases: [(String, String)] = [
            (
                original.replacingOccurrences(of: header, with: "<!--\n" + header)
                    .replacingOccurrences(of: lastRow, with: lastRow + "\n-->"),
                "244:1: error: the closing table's header row is here, but GitHub does not render it as a table: it is "
                    + "inside an HTML comment [closing-table]"
            ),
            (
                original.replacingOccurrences(of: header, with: "<details>\n" + header)
                    .replacingOccurrences(of: lastRow, with: lastRow + "\n</details>"),
                "244:1: error: the table is inside the HTML block that starts at line 243, so readers see '| Ders | "
                    + "Değişiklik | Tetik | Sınırlayıcı ölçüm |' as raw text; put a blank line between the HTML and the "
                    + "table [raw-html]"
            ),
            (
                original.replacingCharacters(in: table..<tableEnd, with: indentedTable),
                "243:1: error: the closing table's header row is indented 4 spaces, and the lines after it through line "
                    + "265 are indented too, so GitHub shows lines 243–265 as code, not as a table; remove the "
                    + "indentation of lines 243–265 [closing-table]"
            ),
            (
                original.replacingOccurrences(of: sentence, with: "<!-- " + sentence + " -->"),
                "267:1: error: the sentence that counts the triggers is here, but readers do not see it: it is inside "
                    + "an HTML comment [trigger-distribution]"
            ),
        ]
        for (text, expected) in cases {
            try text.write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(findings(), ["lessons/\(file):\(expected)"], expected)
        }
    }

    /// Merge-conflict markers in the index or in a lesson's front matter are one finding each, and
    /// nested sets one, at the outer `<<<<<<<`.
    func testConflictMarkersInTheIndexAndTheFrontMatter() throws {
        try mutate(
            "README.md", "title: 'SwiftUI ile Arayüz'",
            "<<<<<<< HEAD\ntitle: 'SwiftUI ile Arayüz'\n=======\ntitle: 'SwiftUI ile Arayuz'\n>>>>>>> dal")
        try mutate(
            "02-gorunumler-ve-degistiriciler.md", "language: tr",
            "<<<<<<< HEAD\n<<<<<<< HEAD\nlanguage: tr\n=======\nlanguage: en\n>>>>>>> a\n=======\n>>>>>>> b")
        let marker =
            "the lesson holds both sides of a merge, so nothing after this line is judged until the conflict is "
            + "resolved and the markers removed [conflict-marker]"
        XCTAssertEqual(
            findings(),
            [
                "lessons/README.md:2:1: error: merge-conflict markers: '<<<<<<<' here, '=======' at line 4, '>>>>>>>' at "
                    + "line 6; " + marker,
                "lessons/02-gorunumler-ve-degistiriciler.md:5:1: error: merge-conflict markers: '<<<<<<<' here, '=======' "
                    + "at line 8, '>>>>>>>' at line 10; " + marker,
            ])
    }

    /// The fifth adversarial round, each edit one finding at the edit (or none where the text
    /// reads the same): note labels merged into the paragraph above, as a heading, with a
    /// look-alike, in raw `<strong>`; a plain reference with an invisible character; a blank line
    /// inside the closing table; lesson 1's distribution bullet given one trigger; struck text
    /// before a bullet's trigger and in a cell; a no-break space in the bullet's lead; an index
    /// link typo, a commented-out index item; a repeated table row.
    func testAdversarialRoundFive() throws {
        let two = "02-gorunumler-ve-degistiriciler.md"
        let label = "**GV5.** Değiştirici sırası"
        let cases: [(file: String, old: String, new: String, expected: [String])] = [
            (
                two, "kaynak okumasıdır.\n\n" + label, "kaynak okumasıdır.\n" + label,
                [
                    "lessons/\(two):193:1: error: the note GV5. starts a line inside the paragraph above, so it does not "
                        + "open a paragraph and does not read as a note; put a blank line before it [note-series]"
                ]
            ),
            (
                two, label, "### GV5. Değiştirici sırası",
                [
                    "lessons/\(two):194:5: error: this heading opens with the note label 'GV5.'; a note is a paragraph "
                        + "that opens with its bold label, so write it as a paragraph: **GV5.** … [note-series]"
                ]
            ),
            (
                two, label, "**G\u{0474}5.** Değiştirici sırası",
                [
                    "lessons/\(two):194:4: error: note 'G\u{0474}5.' reads as GV5 but has U+0474 CYRILLIC CAPITAL "
                        + "LETTER IZHITSA where GV5 has 'V'; write **GV5.** [note-series]"
                ]
            ),
            (two, label, "<strong>GV5.</strong> Değiştirici sırası", []),
            (
                "04-duzen-sistemi.md", "GV12'de belirtilir", "GV\u{200B}31'de belirtilir",
                [
                    "lessons/04-duzen-sistemi.md:157:206: error: refers to note GV31, which no paragraph of the course "
                        + "defines (a note opens its paragraph with its bold label); its label also has U+200B ZERO "
                        + "WIDTH SPACE [note-series]"
                ]
            ),
            (
                "21-on-izleme-ve-yineleme.md", "kapanış ağaçta düğüm değildir |\n",
                "kapanış ağaçta düğüm değildir |\n\n",
                [
                    "lessons/21-on-izleme-ve-yineleme.md:253:1: error: this blank line ends the closing table, so its 13 "
                        + "rows after it render as a paragraph of pipes, not as rows; remove the blank line [closing-table]"
                ]
            ),
            (
                "01-bildirimsel-sozdizim.md", "**dördünün de dağılımı (2/2/2/2)**", "**yerel**",
                [
                    "lessons/01-bildirimsel-sozdizim.md:299:24: error: declares the trigger 'yerel', but the closing "
                        + "table (lessons/21-on-izleme-ve-yineleme.md:245) gives 'dördü (2/2/2/2)' and the distribution "
                        + "sentence counts it so; one of the three is a slip, most likely this one [declared-trigger]"
                ]
            ),
            (
                "09-yerel-durum.md", "- Bu dersin tetiği: **yerel**.", "- Bu dersin tetiği: ~~**ebeveyn**~~ **yerel**.",
                [
                    "lessons/09-yerel-durum.md:266:22: warning: the trigger bullet reads this as GitHub renders it "
                        + "('ebeveyn' struck through, left out of the claim); the CommonMark reference shows "
                        + "'~~**ebeveyn**~~' as written [github-parity]"
                ]
            ),
            (
                "21-on-izleme-ve-yineleme.md", "| Yerel Durum | dokunuldu | yerel |",
                "| Yerel Durum | dokunuldu | ~~ebeveyn~~ yerel |",
                [
                    "lessons/21-on-izleme-ve-yineleme.md:253:29: warning: the closing table reads this as GitHub renders "
                        + "it ('ebeveyn' struck through, left out of the claim); the CommonMark reference shows "
                        + "'~~ebeveyn~~' as written [github-parity]"
                ]
            ),
            ("09-yerel-durum.md", "- Bu dersin tetiği: **yerel**.", "- Bu dersin\u{A0}tetiği: **yerel**.", []),
            (
                "README.md", "9. [Yerel Durum](09-yerel-durum.md)", "9. [Yerel Durum](09-yerel-durumu.md)",
                [
                    "lessons/README.md:37:1: error: the index links 09-yerel-durumu.md, which is not a lesson file; did "
                        + "you mean 09-yerel-durum.md? [course-index]"
                ]
            ),
            (
                "README.md", "9. [Yerel Durum](09-yerel-durum.md)", "<!-- 9. [Yerel Durum](09-yerel-durum.md) -->",
                [
                    "lessons/README.md:37:1: error: the index lists 09-yerel-durum.md here, but readers do not see it: "
                        + "it is inside an HTML comment [course-index]"
                ]
            ),
            (
                "21-on-izleme-ve-yineleme.md", "| Yerel Durum | dokunuldu | yerel | kardeşin durumu okunamaz |\n",
                "| Yerel Durum | dokunuldu | yerel | kardeşin durumu okunamaz |\n"
                    + "| Yerel Durum | dokunuldu | yerel | kardeşin durumu okunamaz |\n",
                [
                    "lessons/21-on-izleme-ve-yineleme.md:254:3: error: row 10 repeats 'Yerel Durum', which another row "
                        + "already gives; one row per lesson [closing-table]"
                ]
            ),
        ]
        for item in cases {
            try mutate(item.file, item.old, item.new)
            XCTAssertEqual(findings(), item.expected, item.new)
            try mutate(item.file, item.new, item.old)
        }
    }

    /// A bare fence typed in the middle of a tree (after a blank line, or between two lines of
    /// code), a display fragment, and the core (with a blank line typed before it): the whole run
    /// gives one finding, at it, and none of what the cut block would cause (a lost expected
    /// block, a stray output, a note series broken, a fragment that does not parse, core drift).
    /// Following its fix gives the lesson back, byte for byte, and a run with no finding.
    func testAFenceTypedInTheMiddleOfABlock() throws {
        // (lesson, the lines typed, before which line (1-based), the block's opening, its closing fence)
        let cases = [
            ("14-sunum-ve-kapatma.md", ["```"], 132, 126, 143), ("09-yerel-durum.md", ["```"], 125, 119, 136),
            ("14-sunum-ve-kapatma.md", ["```"], 110, 100, 122),
            ("21-on-izleme-ve-yineleme.md", ["", "```"], 24, 20, 89),
        ]
        for (lesson, typed, before, opening, closing) in cases {
            let url = lessons.appendingPathComponent(lesson)
            let clean = try String(contentsOf: url, encoding: .utf8)
            var lines = clean.components(separatedBy: "\n")
            lines.insert(contentsOf: typed, at: before - 1)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let fence = before + typed.count - 1
            let fix = typed.count == 1 ? "this line" : "lines \(before)–\(fence)"
            let found = findings()
            XCTAssertEqual(
                found,
                [
                    "lessons/\(lesson):\(fence):1: error: '```' closes the code block opened at line \(opening) in the "
                        + "middle of its code: lines \(fence + 1)–\(closing + typed.count - 1), meant as its code, show "
                        + "as text and the fence at line \(closing + typed.count) opens a new block; delete \(fix) "
                        + "[unterminated-fence]"
                ], "\(lesson):\(fence)")
            let parsed = try XCTUnwrap(found.first.flatMap(FollowTheFix.parse), "\(lesson):\(fence)")
            let followed = try XCTUnwrap(FollowTheFix.apply([(parsed.line, parsed.message)], to: lines))
            XCTAssertEqual(followed.joined(separator: "\n"), clean, "\(lesson):\(fence)")
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(findings(), [], "\(lesson):\(fence)")
        }
    }

    /// A core's opening fence typed with a space before it: GitHub takes one space off each line
    /// of the core, which then shows otherwise than the embedded core. One finding at the fence,
    /// naming its indentation, never a drift three lines below with a diff of every indented line;
    /// `--promote` deletes the space (not a space added to each of the core's lines), and the run
    /// after it has no finding. A closing fence indented alike changes nothing shown: no finding (a
    /// tree's opening fence takes its lines' indentation: `IndentedFencePropertyTests`).
    func testACoreFenceIndentedIsOneFindingAtItAndPromoteDeletesTheIndentation() throws {
        let url = lessons.appendingPathComponent("05-izgara-ve-geometri.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        try mutate(
            "05-izgara-ve-geometri.md", "\n```swift\n// Invalidation.swift", "\n ```swift\n// Invalidation.swift")
        XCTAssertEqual(
            findings(),
            [
                "lessons/05-izgara-ve-geometri.md:16:1: error: core block differs from the embedded core only by its "
                    + "opening fence: the fence is indented 1 space, so GitHub takes one space of indentation off each "
                    + "line of the core (core line 3 is the first to differ); delete the space before the fence "
                    + "[core-drift]"
            ])
        let promoted = InProcess.run(["--promote", "lessons/"], in: scratch.url)
        XCTAssertEqual(promoted.status, .clean, promoted.stderr)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), original)
        XCTAssertEqual(findings(), [])

        try mutate("05-izgara-ve-geometri.md", "countCauses(recomputes)\n```\n", "countCauses(recomputes)\n   ```\n")
        XCTAssertEqual(findings(), [])
    }

    /// Code written right under a block's closing fence, where the fences pair as written (a
    /// paragraph the page shows under the fragment): no fence was typed in a block's code, and no
    /// finding.
    func testTextRightUnderAClosingFenceThatPairsIsNoSlip() throws {
        try mutate(
            "14-sunum-ve-kapatma.md", "        Text(\"Fatura 2041\")\n    }\n}\n```\n",
            "        Text(\"Fatura 2041\")\n    }\n}\n```\nlet ayri = 1\n")
        XCTAssertEqual(findings(), [])
    }
}
