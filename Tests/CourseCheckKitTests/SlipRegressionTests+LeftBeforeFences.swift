import Foundation
import XCTest

@testable import CourseCheckKit

/// Printable characters left before a fence line: a backslash (`\```swift`), a tab as code writes
/// one (`\t```, a backslash and a `t`), a stray letter, mark or `#`. cmark-gfm shows such a line as
/// text (a backslash escapes the first backtick), a heading, or a line of the block it stands in,
/// so every later fence pairs wrongly. Each is one finding at the slipped line naming the
/// characters, with the complete list asserted; deleting them, as the fix says, gives the lesson
/// back with none.
extension SlipRegressionTests {
    /// The finding for characters left before an opening fence (`shows`: what the line makes).
    static func leftBeforeOpening(
        _ line: Int, column: Int = 1, _ written: String, _ named: String, _ fix: String,
        shows: String = "makes it text, so a reader sees it and the lines after it as text and every later fence "
            + "pairs wrongly"
    ) -> String {
        "\(line):\(column) [unterminated-fence] '\(written)' would open a code block, but \(named) \(shows); \(fix)"
    }

    /// The finding for characters left before the closing fence of the block opened at `opening`.
    static func leftBeforeClosing(
        _ line: Int, column: Int = 1, _ written: String, opening: Int, _ named: String, _ fix: String
    ) -> String {
        "\(line):\(column) [unterminated-fence] '\(written)' would close the '```' fence opened at line \(opening), "
            + "but \(named) makes it a line of the block, so the block runs on and every later fence pairs "
            + "wrongly; \(fix)"
    }

    static let backslash = "the '\\' before its backticks (a backslash)"
    static let backslashT = "the '\\t' before its backticks (a backslash and a 't', as code writes a tab)"

    /// The round's cases and their neighbours, at the top level: a tree's, an expected block's, a
    /// display fragment's and the core's opening and closing fences, each with a backslash, `\t`,
    /// a letter, a mark, a bullet or a backtick and a space before it, and `##` and a space (a
    /// heading). One finding each, at the line; following the fix gives the lesson back, with none.
    func testCharactersLeftBeforeAFenceAreOneFindingThere() throws {
        let sunum = "14-sunum-ve-kapatma.md"
        let ortam = "12-ortam-degerleri.md"
        let core = "01-bildirimsel-sozdizim.md"
        let cases: [(lesson: String, line: Int, written: String, finding: String)] = [
            (sunum, 126, "\\```swift", Self.leftBeforeOpening(126, "\\```swift", Self.backslash, "delete '\\'")),
            (sunum, 145, "\\```", Self.leftBeforeOpening(145, "\\```", Self.backslash, "delete '\\'")),
            (sunum, 145, "\\t```", Self.leftBeforeOpening(145, "\\t```", Self.backslashT, "delete '\\t'")),
            (ortam, 190, "\\t```swift", Self.leftBeforeOpening(190, "\\t```swift", Self.backslashT, "delete '\\t'")),
            (sunum, 143, "\\```", Self.leftBeforeClosing(143, "\\```", opening: 126, Self.backslash, "delete '\\'")),
            (
                sunum, 152, "\\t```",
                Self.leftBeforeClosing(152, "\\t```", opening: 145, Self.backslashT, "delete '\\t'")
            ),
            (
                ortam, 206, "x```",
                Self.leftBeforeClosing(206, "x```", opening: 190, "the 'x' before its backticks", "delete 'x'")
            ),
            (core, 18, "\\```swift", Self.leftBeforeOpening(18, "\\```swift", Self.backslash, "delete '\\'")),
            (core, 87, "\\t```", Self.leftBeforeClosing(87, "\\t```", opening: 18, Self.backslashT, "delete '\\t'")),
            (
                sunum, 126, "x```swift",
                Self.leftBeforeOpening(126, "x```swift", "the 'x' before its backticks", "delete 'x'")
            ),
            (
                sunum, 126, "-```swift",
                Self.leftBeforeOpening(126, "-```swift", "the '-' before its backticks", "delete '-'")
            ),
            (sunum, 145, ".```", Self.leftBeforeOpening(145, ".```", "the '.' before its backticks", "delete '.'")),
            (
                sunum, 126, "#```swift",
                Self.leftBeforeOpening(126, "#```swift", "the '#' before its backticks", "delete '#'")
            ),
            (
                ortam, 190, "•```swift",
                Self.leftBeforeOpening(190, "•```swift", "the '•' before its backticks (U+2022 BULLET)", "delete '•'")
            ),
            (
                sunum, 126, "` ```swift",
                Self.leftBeforeOpening(
                    126, "` ```swift", "the '`' before its backticks", "delete '`' and the space after it")
            ),
            (
                sunum, 126, "## ```swift",
                Self.leftBeforeOpening(
                    126, "## ```swift", "the '##' before its backticks", "delete '##' and the space after it",
                    shows: "makes it a heading, so a reader sees it as one and the lines after it as text, and every "
                        + "later fence pairs wrongly")
            ),
        ]
        for (lesson, line, written, finding) in cases {
            let at = "\(lesson):\(line) '\(written)'"
            let (clean, lines, found) = try Self.edited(lesson) { $0[line - 1] = written }
            XCTAssertEqual(found, [finding], at)
            let followed = try XCTUnwrap(FollowTheFix.apply([(line, Self.message(finding))], to: lines), at)
            XCTAssertEqual(followed, clean, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
    }

    /// The same in a block quote and a list item: lesson 14's tree and its expected block set in
    /// one, the characters typed after the container's prefix. One finding, at their column.
    func testCharactersLeftBeforeAFenceInAContainerAreOneFindingThere() throws {
        let lesson = "14-sunum-ve-kapatma.md"
        let quote = { (lines: inout [String]) in
            for index in 125..<152 { lines[index] = lines[index].isEmpty ? ">" : "> " + lines[index] }
        }
        let item = { (lines: inout [String]) in
            for index in 125..<152 where !lines[index].isEmpty {
                lines[index] = (index == 125 ? "- " : "  ") + lines[index]
            }
        }
        let cases: [(container: (inout [String]) -> Void, line: Int, written: String, finding: String)] = [
            (
                quote, 126, "> \\```swift",
                Self.leftBeforeOpening(126, column: 3, "\\```swift", Self.backslash, "delete '\\'")
            ),
            (
                quote, 143, "> \\t```",
                Self.leftBeforeClosing(143, column: 3, "\\t```", opening: 126, Self.backslashT, "delete '\\t'")
            ),
            (
                quote, 145, "> x```",
                Self.leftBeforeOpening(145, column: 3, "x```", "the 'x' before its backticks", "delete 'x'")
            ),
            (
                item, 126, "- \\```swift",
                Self.leftBeforeOpening(126, column: 3, "\\```swift", Self.backslash, "delete '\\'")
            ),
            (
                item, 143, "  \\t```",
                Self.leftBeforeClosing(143, column: 3, "\\t```", opening: 126, Self.backslashT, "delete '\\t'")
            ),
            (
                item, 152, "  .```",
                Self.leftBeforeClosing(
                    152, column: 3, ".```", opening: 145, "the '.' before its backticks", "delete '.'")
            ),
        ]
        for (container, line, written, finding) in cases {
            let at = "\(lesson):\(line) '\(written)'"
            let contained = try Self.edited(lesson, container)
            XCTAssertEqual(contained.found, [], at)
            let (_, lines, found) = try Self.edited(lesson) { lines in
                container(&lines)
                lines[line - 1] = written
            }
            XCTAssertEqual(found, [finding], at)
            let followed = try XCTUnwrap(FollowTheFix.apply([(line, Self.message(finding))], to: lines), at)
            XCTAssertEqual(followed, contained.lines, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
    }

    /// Characters left before a fence of another character or length (`x~~~` where the block
    /// closes with ```` ``` ````, `Kod````swift`), or a word and its colon (`Kodu:```swift`, more
    /// than four characters): cmark-gfm shows the line as text, or as a line of the block. One
    /// finding at the line, whose fix writes the fence meant (deleting the characters alone would
    /// leave a fence that pairs wrongly); following it gives the lesson back, with none.
    func testCharactersLeftBeforeAFenceOfAnotherKindAreOneFindingThatWritesTheFence() throws {
        let sunum = "14-sunum-ve-kapatma.md"
        let ortam = "12-ortam-degerleri.md"
        let opening = { (line: Int, written: String, named: String, fence: String, fix: String) in
            "\(line):1 [unterminated-fence] '\(written)' would open a code block, but \(named) makes it text, and "
                + "without it '\(fence)' is not the lesson's fence, which its closing fence repeats, so a reader sees "
                + "it and the lines after it as text and every later fence pairs wrongly; write '\(fix)'"
        }
        let cases: [(lesson: String, line: Int, written: String, finding: String)] = [
            (sunum, 145, "x~~~", opening(145, "x~~~", "the 'x' before its tildes", "~~~", "```")),
            (
                ortam, 190, "Kod````swift",
                opening(190, "Kod````swift", "the 'Kod' before its backticks", "````swift", "```swift")
            ),
            (ortam, 190, "x~~~swift", opening(190, "x~~~swift", "the 'x' before its tildes", "~~~swift", "```swift")),
            (sunum, 145, "Çıktı:````", opening(145, "Çıktı:````", "the 'Çıktı:' before its backticks", "````", "```")),
            (
                sunum, 152, "x~~~",
                "152:1 [unterminated-fence] 'x~~~' does not close the '```' fence opened at line 145: the 'x' before "
                    + "its tildes makes it a line of the block, and without it '~~~' would not close it either, so the "
                    + "block runs on and every later fence pairs wrongly; write '```'"
            ),
            (
                ortam, 190, "Kodu:```swift",
                Self.leftBeforeOpening(190, "Kodu:```swift", "the 'Kodu:' before its backticks", "delete 'Kodu:'")
            ),
            (
                ortam, 190, "Örnek: ```swift",
                Self.leftBeforeOpening(
                    190, "Örnek: ```swift", "the 'Örnek:' before its backticks",
                    "delete 'Örnek:' and the space after it"
                )
            ),
        ]
        for (lesson, line, written, finding) in cases {
            let at = "\(lesson):\(line) '\(written)'"
            let (clean, lines, found) = try Self.edited(lesson) { $0[line - 1] = written }
            XCTAssertEqual(found, [finding], at)
            let followed = try XCTUnwrap(FollowTheFix.apply([(line, Self.message(finding))], to: lines), at)
            XCTAssertEqual(followed, clean, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
        // Control: a fence the lesson's own closing fence pairs with, a word before it deleted, is
        // no second slip; the deletion alone is the fix.
        let deleted = try Self.edited(sunum) { $0[151] = "x````" }
        XCTAssertEqual(
            deleted.found,
            [Self.leftBeforeClosing(152, "x````", opening: 145, "the 'x' before its backticks", "delete 'x'")])
    }

    /// An author round's case and its grid: characters left before a run that is no fence even
    /// without them, two backticks (`` x`` `` as an expected block's opening fence), another quote
    /// style (`x'''`), split by a space (`` x`` ` ``), or mixed (`` x``~ ``), opening or closing a
    /// tree, an expected block, a display fragment or the core, at the top level or in a block
    /// quote. cmark-gfm shows each line as text or as a line of its block. One finding at the line
    /// naming both, whose fix writes the fence meant (`write '```'`, `'```swift'` for a `swift`
    /// block's opening: inserting a fence before it would leave the characters as the block's first
    /// line); following it gives the lesson back, with none.
    func testCharactersLeftBeforeARunThatIsNoFenceAreOneFindingThatWritesTheFence() throws {
        let ortam = "12-ortam-degerleri.md"
        let sunum = "14-sunum-ve-kapatma.md"
        let twoBackticks = "a fence is three or more backticks or tildes, and this is 2 backticks"
        let opening = {
            (line: Int, column: Int, written: String, named: String, run: String, why: String, fix: String) in
            "\(line):\(column) [unterminated-fence] '\(written)' would open a code block, but \(named) makes it text, "
                + "and without it '\(run)' is no fence either (\(why)), so a reader sees it and the lines after it "
                + "as text and every later fence pairs wrongly; write '\(fix)'"
        }
        let closing = {
            (line: Int, column: Int, written: String, opened: Int, named: String, run: String, why: String, fix: String)
            in
            "\(line):\(column) [unterminated-fence] '\(written)' does not close the '```' fence opened at line "
                + "\(opened): \(named) makes it a line of the block, and without it '\(run)' is no fence either "
                + "(\(why)), so the block runs on and every later fence pairs wrongly; write '\(fix)'"
        }
        let x = "the 'x' before its backticks"
        let quote = { (lines: inout [String]) in
            for index in 125..<152 { lines[index] = lines[index].isEmpty ? ">" : "> " + lines[index] }
        }
        let cases:
            [(lesson: String, container: ((inout [String]) -> Void)?, line: Int, written: String, finding: String)] = [
                (ortam, nil, 171, "x``", opening(171, 1, "x``", x, "``", twoBackticks, "```")),
                (ortam, nil, 178, "x``", closing(178, 1, "x``", 171, x, "``", twoBackticks, "```")),
                (ortam, nil, 148, "x``swift", opening(148, 1, "x``swift", x, "``", twoBackticks, "```swift")),
                (
                    ortam, nil, 169, "x'''",
                    closing(
                        169, 1, "x'''", 148, "the 'x' before its apostrophes (')", "'''",
                        "a fence is three or more backticks or tildes, and this is written with apostrophes (')", "```")
                ),
                (
                    ortam, nil, 95, "Kod`` `swift",
                    opening(
                        95, 1, "Kod`` `swift", "the 'Kod' before its backticks", "`` `",
                        "a space splits its characters", "```swift")
                ),
                (
                    ortam, nil, 87, "\\``~",
                    closing(
                        87, 1, "\\``~", 18, "the '\\' before its backticks (a backslash)", "``~",
                        "a fence is three or more backticks or tildes, and this is written with backticks and tildes",
                        "```")
                ),
                (sunum, quote, 145, "> x``", opening(145, 3, "x``", x, "``", twoBackticks, "> ```")),
                (sunum, quote, 143, "> x``", closing(143, 3, "x``", 126, x, "``", twoBackticks, "> ```")),
            ]
        for (lesson, container, line, written, finding) in cases {
            let at = "\(lesson):\(line) '\(written)'"
            let clean = try Self.edited(lesson) { container?(&$0) }
            XCTAssertEqual(clean.found, [], at)
            let (_, lines, found) = try Self.edited(lesson) { lines in
                container?(&lines)
                lines[line - 1] = written
            }
            XCTAssertEqual(found, [finding], at)
            let followed = try XCTUnwrap(FollowTheFix.apply([(line, Self.message(finding))], to: lines), at)
            XCTAssertEqual(followed, clean.lines, at)
            XCTAssertEqual(Self.classified(lesson, followed), [], at)
        }
        // Controls: such characters in a sentence, and in an expected block's output, are no slip.
        let prose = try Self.edited(ortam) { $0.insert(contentsOf: ["x`` ile Kod''' böyle yazılmaz.", ""], at: 146) }
        XCTAssertEqual(prose.found, [])
        let output = try Self.edited(ortam) { $0.insert("x``", at: 176) }
        XCTAssertEqual(output.found, [])
    }

    /// The author round's case through the whole check: `` x`` `` as lesson 12's expected block's
    /// opening fence is the course's one error, at the line (no output that differs, no stray
    /// output), and following its fix gives the course back with none.
    func testTwoBackticksWithALetterBeforeThemAsAnExpectedBlocksFenceIsTheCoursesOneError() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/12-ortam-degerleri.md")
        let clean = try String(contentsOf: url, encoding: .utf8)
        var lines = clean.components(separatedBy: "\n")
        XCTAssertEqual(lines[170], "```")
        lines[170] = "x``"
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let findings = { (run: InProcess.Result) in
            run.stderr.findingLines
        }
        let check = InProcess.run(["lessons/"], in: scratch.url)
        XCTAssertEqual(
            findings(check),
            [
                "lessons/12-ortam-degerleri.md:171:1: error: 'x``' would open a code block, but the 'x' before its "
                    + "backticks makes it text, and without it '``' is no fence either (a fence is three or more "
                    + "backticks or tildes, and this is 2 backticks), so a reader sees it and the lines after it as "
                    + "text and every later fence pairs wrongly; write '```' [unterminated-fence]"
            ], check.stderr)
        let finding = try XCTUnwrap(FollowTheFix.parse(String(findings(check).first ?? "")))
        let followed = try XCTUnwrap(FollowTheFix.apply([(finding.line, finding.message)], to: lines))
        XCTAssertEqual(followed.joined(separator: "\n"), clean)
        try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let after = InProcess.run(["lessons/"], in: scratch.url)
        XCTAssertEqual(findings(after), [], after.stderr)
    }

    /// Seed 3372866732 of `testCharactersLeftBeforeAFenceGiveOneFindingThereAndItsFixConverges`:
    /// characters left before the opening fence of a display fragment right after another
    /// (lesson 2's second fragment, `|```swift`, `x```swift`, `x``swift`). cmark-gfm shows the line
    /// and the code under it as text (a `|` with no delimiter row under it makes no table), and the
    /// fragment's closing fence opens a block. One finding at the line, not the first fragment's
    /// closing fence read as typed in the middle of one block (whose fix left the characters in
    /// its code); following the fix gives the lesson back, with none.
    func testCharactersLeftBeforeAFragmentsFenceRightAfterAnotherAreOneFindingThere() throws {
        let lesson = "02-gorunumler-ve-degistiriciler.md"
        let cases: [(written: String, finding: String)] = [
            ("|```swift", Self.leftBeforeOpening(177, "|```swift", "the '|' before its backticks", "delete '|'")),
            ("x```swift", Self.leftBeforeOpening(177, "x```swift", "the 'x' before its backticks", "delete 'x'")),
            (
                "x``swift",
                "177:1 [unterminated-fence] 'x``swift' would open a code block, but the 'x' before its backticks "
                    + "makes it text, and without it '``' is no fence either (a fence is three or more backticks or "
                    + "tildes, and this is 2 backticks), so a reader sees it and the lines after it as text and every "
                    + "later fence pairs wrongly; write '```swift'"
            ),
        ]
        for (written, finding) in cases {
            let (clean, lines, found) = try Self.edited(lesson) { lines in
                XCTAssertEqual(lines[174], "```")
                XCTAssertEqual(lines[176], "```swift")
                lines[176] = written
            }
            XCTAssertEqual(found, [finding], written)
            let followed = try XCTUnwrap(FollowTheFix.apply([(177, Self.message(finding))], to: lines), written)
            XCTAssertEqual(followed, clean, written)
            XCTAssertEqual(Self.classified(lesson, followed), [], written)
        }
    }

    /// Controls: where a reader sees what the author meant, nothing. A `\```` line an expected
    /// block holds as its output, ```` `` \``` `` ```` (a code span) and ```` x``` ```` at a
    /// sentence's start, and a `swift` fence whose characters before it are a
    /// list marker and a space (a list item holding the block, written whole).
    func testCharactersBeforeAFenceThatPairsRightAreNoSlip() throws {
        let lesson = "14-sunum-ve-kapatma.md"
        let held = try Self.edited(lesson) { $0.insert("\\```", at: 150) }
        XCTAssertEqual(held.found, [])
        let spans = try Self.edited(lesson) {
            $0.insert(contentsOf: ["`` \\``` `` böyle yazılır, x``` de öyle.", ""], at: 124)
        }
        XCTAssertEqual(spans.found, [])
        let item = try Self.edited(lesson) { lines in
            for index in 125..<152 where !lines[index].isEmpty {
                lines[index] = (index == 125 ? "- " : "  ") + lines[index]
            }
        }
        XCTAssertEqual(item.lines[125], "- ```swift")
        XCTAssertEqual(item.found, [])
    }

    /// The round's case through the whole check: `\```swift` as lesson 14's tree's opening fence is
    /// one error in the course, none downstream (no stray output, no note series the shifted block
    /// swallowed a note of), and `--promote` and `--update` refuse naming that line and write nothing.
    func testABackslashBeforeATreesFenceIsTheCoursesOneErrorAndTheGoldenCommandsRefuseOnIt() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/14-sunum-ve-kapatma.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertEqual(lines[125], "```swift")
        lines[125] = "\\```swift"
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let finding =
            "lessons/14-sunum-ve-kapatma.md:126:1: error: '\\```swift' would open a code block, but "
            + "\(Self.backslash) makes it text, so a reader sees it and the lines after it as text and every later "
            + "fence pairs wrongly; delete '\\' [unterminated-fence]"
        let errors = { (run: InProcess.Result) in run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        }
        let check = InProcess.run(["lessons/"], in: scratch.url)
        XCTAssertEqual(errors(check), [finding[...]], check.stderr)
        let lesson = try Data(contentsOf: url)
        let goldens = scratch.url.appendingPathComponent("goldens")
        let before = FileTree.contents(of: goldens)
        for command in ["--promote", "--update"] {
            let run = InProcess.run([command, "lessons/"], in: scratch.url)
            let found = errors(run)
            XCTAssertEqual(found.count, 2, run.stderr)
            XCTAssertTrue(found.first?.contains("line 126") ?? false, run.stderr)
            XCTAssertEqual(found.last, finding[...], run.stderr)
            XCTAssertEqual(try Data(contentsOf: url), lesson, command)
            XCTAssertEqual(FileTree.contents(of: goldens), before, command)
        }
    }
}
