import CourseCheckKit
import Foundation
import XCTest

/// Names written with a character a reader cannot see or tell apart, or split: in an index link's
/// target, after an index item's number, in a title, in the distribution sentence, in a label and
/// in the trigger bullet. Each a complete list of the run's findings in a copy of the real course:
/// one finding, at the character, naming it by code point, and nothing downstream.
final class NameSlipTests: XCTestCase {
    private static let readme = "lessons/README.md"

    /// `(09-yerel⁠-durum.md)` with U+2060 renders `href="09-yerel%E2%81%A0-durum.md"`, a broken
    /// link that looks like the lesson's: one course-index finding at the character, naming it,
    /// with its fix (delete it, or write the letter it stands for), not "did you mean" with two
    /// names that look the same.
    func testAnUnseenCharacterInAnIndexLinkTargetIsNamedAtIt() throws {
        let found = try findings(after: [
            ("README.md", "(09-yerel-durum.md)", "(09-yerel\u{2060}-durum.md)"),
            ("README.md", "(10-baglama.md)", "(10-baglama\u{200B}.md)"),
            ("README.md", "(12-ortam-degerleri.md)", "(12-ortam-degerleri.md\u{AD})"),
            ("README.md", "(16-hareketler.md)", "(\u{200B}16-hareketler.md)"),
            ("README.md", "(18-gecisler.md)", "(18-gec\u{456}sler.md)"),
        ])
        let links = { (line: Int, column: Int, file: String, rest: String) in
            "\(Self.readme):\(line):\(column): error: the index links \(file), which is not a lesson file: \(rest) "
                + "[course-index]"
        }
        XCTAssertEqual(
            found,
            [
                links(
                    37, 26, "09-yerel\u{2060}-durum.md",
                    "it has U+2060 WORD JOINER after '09-yerel', which '09-yerel-durum.md' does not have; delete that "
                        + "character"),
                links(
                    38, 26, "10-baglama\u{200B}.md",
                    "it has U+200B ZERO WIDTH SPACE after '10-baglama', which '10-baglama.md' does not have; delete "
                        + "that character"),
                links(40, 45, "12-ortam-degerleri.md\u{AD}", "it has '\u{AD}' after it: U+00AD SOFT HYPHEN; delete it"),
                links(
                    49, 18, "\u{200B}16-hareketler.md",
                    "it has '\u{200B}' before it: U+200B ZERO WIDTH SPACE; delete it"),
                links(
                    51, 24, "18-gec\u{456}sler.md",
                    "it has U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I where '18-gecisler.md' has 'i'; write "
                        + "'i' in its place"),
            ])
    }

    /// Controls: the same targets written as a pointy destination or with `./` open the lesson
    /// (cmark-gfm: `href="09-yerel-durum.md"`, `href="./10-baglama.md"`): no finding.
    func testAnIndexLinkTargetWrittenAnotherWayIsNoFinding() throws {
        XCTAssertEqual(
            try findings(after: [
                ("README.md", "(09-yerel-durum.md)", "(<09-yerel-durum.md>)"),
                ("README.md", "(10-baglama.md)", "(./10-baglama.md)"),
            ]), [])
    }

    /// A seeded property: any of the invisible characters put anywhere in an item's link target,
    /// or a letter replaced by its Cyrillic look-alike, is one finding at that character's column,
    /// naming it; three items a run, each slipped once.
    func testAnyUnseenCharacterInAnyIndexTargetIsOneFindingAtIt() throws {
        let invisible: [Unicode.Scalar] = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{AD}", "\u{FEFF}"]
        let cyrillic: [Character: Unicode.Scalar] = [
            "a": "\u{430}", "e": "\u{435}", "o": "\u{43E}", "p": "\u{440}", "c": "\u{441}", "y": "\u{443}",
            "i": "\u{456}",
        ]
        let lines = try String(contentsOf: Binary.packageRoot.appendingPathComponent(Self.readme), encoding: .utf8)
            .components(separatedBy: "\n")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var generator = BlockStructurePropertyTests.Generator(state: seed)
            var items = Set<Int>()
            while items.count < 3 { items.insert(Int(generator.next() % 21) + 1) }
            var edits: [CourseEdit] = []
            var expected: [String] = []
            for number in items.sorted() {
                let line = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("\(number). [") })
                let text = lines[line]
                let open = try XCTUnwrap(text.range(of: "]("))
                let file = String(text[open.upperBound...].dropLast())
                let column = text.utf8.distance(from: text.startIndex, to: open.upperBound) + 1
                let letters = Array(file)
                let alike = letters.indices.filter { cyrillic[letters[$0]] != nil }
                var written = ""
                var rest = ""
                if generator.next() % 2 == 0 || alike.isEmpty {
                    let scalar = invisible[Int(generator.next() % UInt64(invisible.count))]
                    // A byte order mark leading a target is dropped as a pasted file's (`PercentEncoding`).
                    let at = max(Int(generator.next() % UInt64(letters.count + 1)), scalar == "\u{FEFF}" ? 1 : 0)
                    written = String(letters[..<at]) + String(scalar) + String(letters[at...])
                    let before = String(letters[..<at])
                    rest =
                        at == 0
                        ? "it has '\(scalar)' before it: \(Invisible.name(scalar)); delete it"
                        : at == letters.count
                            ? "it has '\(scalar)' after it: \(Invisible.name(scalar)); delete it"
                            : "it has \(Invisible.name(scalar)) after '\(before)', which '\(file)' does not have; "
                                + "delete that character"
                    expected.append(
                        "\(Self.readme):\(line + 1):\(column + before.utf8.count): error: the index links \(written), "
                            + "which is not a lesson file: \(rest) [course-index]")
                } else {
                    let at = alike[Int(generator.next() % UInt64(alike.count))]
                    let scalar = cyrillic[letters[at]]!
                    let before = String(letters[..<at])
                    written = before + String(scalar) + String(letters[(at + 1)...])
                    rest =
                        "it has \(Invisible.name(scalar)) where '\(file)' has '\(letters[at])'; write '\(letters[at])' "
                        + "in its place"
                    expected.append(
                        "\(Self.readme):\(line + 1):\(column + before.utf8.count): error: the index links \(written), "
                            + "which is not a lesson file: \(rest) [course-index]")
                }
                edits.append(("README.md", "](\(file))", "](\(written))"))
            }
            XCTAssertEqual(try findings(after: edits), expected, "COURSECHECK_PROPERTY_SEED=\(seed)")
        }
    }

    /// `9． [Yerel Durum]` (U+FF0E), `9· [` (U+00B7), `9․ [` (U+2024): readers take it for `9.`,
    /// CommonMark reads no marker (cmark-gfm: the line is item 8's text, `9． <a …>`). One finding,
    /// as for `9,` or `９.`, naming the character, whose fix leaves none; at the slipped line for
    /// an item inside a list too.
    func testALookAlikeFullStopAfterAnIndexNumberIsOneMarkerFinding() throws {
        let marker = { (line: Int, written: String, scalar: String, name: String, fix: String) in
            "\(Self.readme):\(line):1: error: '\(written) [' opens no list item: its '\(scalar)' is \(name), which "
                + "looks like '.' but is no list marker's '.' to CommonMark, so readers see this line as text, not as "
                + "an item of the index; write '\(fix) [' [course-index]"
        }
        let result = try findingsAndAfterTheFix([
            ("README.md", "2. [Görünümler", "2\u{2024} [Görünümler"),
            ("README.md", "10. [Bağlama]", "10\u{FF0E} [Bağlama]"),
            ("README.md", "17. [Örtük", "17\u{B7} [Örtük"),
        ])
        XCTAssertEqual(
            result.found,
            [
                marker(25, "2\u{2024}", "\u{2024}", "U+2024 ONE DOT LEADER", "2."),
                marker(38, "10\u{FF0E}", "\u{FF0E}", "U+FF0E FULLWIDTH FULL STOP", "10."),
                marker(50, "17\u{B7}", "\u{B7}", "U+00B7 MIDDLE DOT", "17."),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A look-alike letter in a heading, a closing-table cell and an index link's text is named
    /// at the character (15:4, not 15:3 where the text starts), as the contract asks of a slip.
    func testALookAlikeInATitleIsLocatedAtTheCharacter() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "# Yerel Durum", "# Y\u{435}rel Durum"),
            ("21-on-izleme-ve-yineleme.md", "| Bağlama |", "| B\u{430}ğlama |"),
            ("README.md", "12. [Ortam Değerleri]", "12. [Ortam D\u{435}ğerleri]"),
        ])
        let ie = "U+0435 CYRILLIC SMALL LETTER IE"
        XCTAssertEqual(
            found,
            [
                "\(Self.readme):40:13: error: the index calls 12-ortam-degerleri.md 'Ortam D\u{435}ğerleri'; its title "
                    + "is 'Ortam Değerleri' (it has \(ie) where 'Ortam Değerleri' has 'e') [course-index]",
                "lessons/09-yerel-durum.md:15:4: error: heading 'Y\u{435}rel Durum' differs from the front matter title "
                    + "'Yerel Durum' (line 2) (it has \(ie) where 'Yerel Durum' has 'e') [front-matter]",
                "lessons/21-on-izleme-ve-yineleme.md:254:4: error: row 10 names 'B\u{430}ğlama'; lesson 10 is 'Bağlama' "
                    + "(it has U+0430 CYRILLIC SMALL LETTER A where 'Bağlama' has 'a') [closing-table]",
            ])
    }

    /// A trigger's name split in the distribution sentence (a line wrapped at a hyphen, a stray
    /// space or hyphen; cmark-gfm shows `ebe- veyn 4`) is read as the name, its count judged: one
    /// finding at the name, naming the whole written form, and nothing downstream (no "counts
    /// 'veyn'", no "no count can be read for ortam").
    func testATriggerSplitInTheDistributionSentenceIsOneFinding() throws {
        let path = "lessons/21-on-izleme-ve-yineleme.md"
        let wrapped = try findings(after: [
            (
                "21-on-izleme-ve-yineleme.md", "yerel 6, ebeveyn 4, gözlem 4, ortam 6",
                "yerel 6, ebe-\nveyn 4, gözlem 4, or-\ntam 6"
            )
        ])
        XCTAssertEqual(
            wrapped,
            [
                "\(path):267:84: error: 'ebe- veyn' splits the trigger 'ebeveyn' over two lines, which readers see as "
                    + "two words; join the lines as 'ebeveyn' [trigger-distribution]",
                "\(path):268:20: error: 'or- tam' splits the trigger 'ortam' over two lines, which readers see as two "
                    + "words; join the lines as 'ortam' [trigger-distribution]",
            ])
        let spaced = try findingsAndAfterTheFix([
            ("21-on-izleme-ve-yineleme.md", "ebeveyn 4, gözlem 4", "ebe-veyn 4, göz lem 4")
        ])
        XCTAssertEqual(
            spaced.found,
            [
                "\(path):267:84: error: 'ebe-veyn' splits the trigger 'ebeveyn'; write 'ebeveyn' in place of "
                    + "'ebe-veyn' [trigger-distribution]",
                "\(path):267:96: error: 'göz lem' splits the trigger 'gözlem'; write 'gözlem' in place of 'göz lem' "
                    + "[trigger-distribution]",
            ])
        XCTAssertEqual(spaced.fixed, [])
    }

    /// `` `satir-` `` over `` `acildi` `` (an editor's hard wrap at the hyphen; cmark-gfm:
    /// `<code>satir- acildi</code>`) is the label with a space in it, as `` `satir acildi` `` is:
    /// one finding, at the hyphen.
    func testABacktickedLabelWrappedAtItsHyphenIsOneFinding() throws {
        XCTAssertEqual(
            try findings(after: [("09-yerel-durum.md", "`satir-acildi` satırının", "`satir-\nacildi` satırının")]),
            [
                "lessons/09-yerel-durum.md:146:226: error: `satir- acildi` is not a label any tree passes to change "
                    + "(did you mean `satir-acildi`? it has a space after its '-', which the label does not have: a line "
                    + "break inside code reads as a space, so join the lines) [label-reference]"
            ])
    }

    /// `**GÖZLEM**` and `**YEREL**` are the triggers in capitals: "did you mean" as for `**Yerel**`,
    /// folded as Turkish folds (`I` is `ı`).
    func testATriggerInCapitalsGetsDidYouMean() throws {
        XCTAssertEqual(
            try findings(after: [
                ("06-listeler-ve-formlar.md", "tetiği: **gözlem**", "tetiği: **GÖZLEM**"),
                ("09-yerel-durum.md", "tetiği: **yerel**", "tetiği: **YEREL**"),
            ]),
            [
                "lessons/06-listeler-ve-formlar.md:256:24: error: unknown trigger 'GÖZLEM'; did you mean 'gözlem'? "
                    + "[declared-trigger]",
                "lessons/09-yerel-durum.md:266:24: error: unknown trigger 'YEREL'; did you mean 'yerel'? "
                    + "[declared-trigger]",
            ])
    }
}
