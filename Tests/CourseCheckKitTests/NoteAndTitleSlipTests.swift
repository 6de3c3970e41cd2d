import CourseCheckKit
import Foundation
import XCTest

/// Slips in a note label, a note reference or a front matter title that a reader takes for the
/// right text: each gives one finding, at the slip, naming what is off. Each case is a complete
/// list of the run's findings, in a copy of the real course.
final class NoteAndTitleSlipTests: XCTestCase {
    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    /// The findings of a default run after replacing `target` with each replacement in `file`
    /// (the lesson restored between them), one list per replacement.
    private func findings(_ file: String, _ target: String, _ replacements: [String]) throws -> [[String]] {
        let url = lessons.appendingPathComponent(file)
        let original = try String(contentsOf: url, encoding: .utf8)
        defer { try? original.write(to: url, atomically: true, encoding: .utf8) }
        return try replacements.map { replacement in
            try original.write(to: url, atomically: true, encoding: .utf8)
            try CourseCopy.replace(target, with: replacement, in: url)
            return InProcess.run(["lessons/"], in: scratch.url).stderr.split(separator: "\n")
                .filter { $0.contains(": error: ") || $0.contains(": warning: ") }.map(String.init)
        }
    }

    /// A hyphen or dash between a label's letters and number is a near form of the label, reported
    /// at its paragraph (not as a reference to a missing note and a gap at the next one).
    func testANoteLabelWithADash() throws {
        let found = try findings("04-duzen-sistemi.md", "**GV12.**", ["**GV-12.**", "**GV\u{2013}12.**"])
        XCTAssertEqual(
            found,
            [
                [
                    "lessons/04-duzen-sistemi.md:159:1: error: this paragraph opens with '**GV-12.**', a near form of "
                        + "the note label GV12. ('-' between GV and 12), so it does not read as a note; write "
                        + "**GV12.** [note-series]"
                ],
                [
                    "lessons/04-duzen-sistemi.md:159:1: error: this paragraph opens with '**GV\u{2013}12.**', a near "
                        + "form of the note label GV12. (U+2013 EN DASH between GV and 12), so it does not read as a "
                        + "note; write **GV12.** [note-series]"
                ],
            ])
    }

    /// Cyrillic VE looks like B, but GB is no series: the label is GV12 typed with a look-alike,
    /// bold or not.
    func testANoteLabelWithALookAlikeOfAnotherLetter() throws {
        let found = try findings("04-duzen-sistemi.md", "**GV12.**", ["**G\u{412}12.**", "G\u{412}12:"])
        XCTAssertEqual(
            found,
            [
                [
                    "lessons/04-duzen-sistemi.md:159:4: error: note 'G\u{412}12.' reads as GV12 but has U+0412 "
                        + "CYRILLIC CAPITAL LETTER VE where GV12 has 'V' [note-series]"
                ],
                [
                    "lessons/04-duzen-sistemi.md:159:1: error: this paragraph opens with 'G\u{412}12:', a near form "
                        + "of the note label GV12. (not in bold, U+0412 CYRILLIC CAPITAL LETTER VE where GV12 has "
                        + "'V', ':' for its full stop), so it does not read as a note; write **GV12.** [note-series]"
                ],
            ])
    }

    /// A reference in running text with a look-alike or invisible character inside its label is
    /// named there, whether it names a note the course defines or not.
    func testAReferenceWithALookAlikeOrInvisibleCharacter() throws {
        let end = "ölçüm bunu sayıyla gösterir."
        let found = try findings(
            "16-hareketler.md", end,
            [
                "\(end) Bkz. \u{415}K2.", "\(end) Bkz. EK\u{200B}2.", "\(end) Bkz. \u{FF25}K2.",
                "\(end) Bkz. EK\u{200B}99.",
            ])
        XCTAssertEqual(
            found,
            [
                [
                    "lessons/16-hareketler.md:199:394: error: note '\u{415}K2' reads as EK2 but has U+0415 CYRILLIC "
                        + "CAPITAL LETTER IE where EK2 has 'E' [note-series]"
                ],
                [
                    "lessons/16-hareketler.md:199:396: error: note 'EK\u{200B}2' reads as EK2 but has U+200B ZERO "
                        + "WIDTH SPACE inside it [note-series]"
                ],
                [
                    "lessons/16-hareketler.md:199:394: error: note '\u{FF25}K2' reads as EK2 but has U+FF25 FULLWIDTH "
                        + "LATIN CAPITAL LETTER E where EK2 has 'E' [note-series]"
                ],
                [
                    "lessons/16-hareketler.md:199:394: error: refers to note EK99, which no paragraph of the course "
                        + "defines (a note opens its paragraph with its bold label); its label also has U+200B ZERO "
                        + "WIDTH SPACE [note-series]"
                ],
            ])
    }

    /// YAML quotes only with straight quotes: a title in typographic ones keeps them, and the one
    /// finding names them and the fix.
    func testAFrontMatterTitleInTypographicQuotes() throws {
        let found = try findings(
            "07-gorsel-bilesenler.md", "title: 'Görsel Bileşenler'",
            [
                "title: \u{2018}Görsel Bileşenler\u{2019}", "title: \u{201C}Görsel Bileşenler\u{201D}",
                "title: \u{AB}Görsel Bileşenler\u{BB}",
            ])
        let marks = [
            ("\u{2018}", "\u{2019}", "U+2018 LEFT SINGLE QUOTATION MARK and U+2019 RIGHT SINGLE QUOTATION MARK"),
            ("\u{201C}", "\u{201D}", "U+201C LEFT DOUBLE QUOTATION MARK and U+201D RIGHT DOUBLE QUOTATION MARK"),
            (
                "\u{AB}", "\u{BB}",
                "U+00AB LEFT-POINTING DOUBLE ANGLE QUOTATION MARK and U+00BB RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK"
            ),
        ]
        XCTAssertEqual(
            found,
            marks.map { open, close, named in
                [
                    "lessons/07-gorsel-bilesenler.md:2:1: error: front matter title '\(open)Görsel Bileşenler\(close)' "
                        + "is quoted with \(named), which YAML keeps as part of the title; use straight quotes: "
                        + "title: 'Görsel Bileşenler' [front-matter]"
                ]
            })
    }

    /// A deleted note label is reported at the paragraph that lost it when one paragraph between
    /// the neighbours opens as the notes do, not as a gap at the next note.
    func testADeletedNoteLabel() throws {
        let found = try findings("05-izgara-ve-geometri.md", "**GV15.** Bu ölçüm", ["Bu ölçüm"])
        XCTAssertEqual(
            found,
            [
                [
                    "lessons/05-izgara-ve-geometri.md:159:1: error: note GV15 is missing between GV14 and GV16, and "
                        + "this paragraph opens as the notes do ('Bu ölçüm …') without a label; if it is GV15, write "
                        + "**GV15.** at its start [note-series]"
                ]
            ])
    }

    /// A trigger typed without its Turkish letter's mark (`gozlem`, as the core prints it) is named
    /// with the letter, in the bullet and in the distribution sentence.
    func testATriggerWithoutItsTurkishLetter() throws {
        let bullet = try findings("06-listeler-ve-formlar.md", "tetiği: **gözlem**", ["tetiği: **gozlem**"])
        XCTAssertEqual(
            bullet,
            [
                [
                    "lessons/06-listeler-ve-formlar.md:256:24: error: unknown trigger 'gozlem'; did you mean "
                        + "'gözlem'? it has 'o' where 'gözlem' has 'ö' [declared-trigger]"
                ]
            ])
        let sentence = try findings("21-on-izleme-ve-yineleme.md", "gözlem 4, ortam 6.", ["gozlem 4, ortam 6."])
        XCTAssertEqual(
            sentence,
            [
                [
                    "lessons/21-on-izleme-ve-yineleme.md:267:95: error: counts 'gozlem', which is not a trigger "
                        + "(did you mean 'gözlem'? it has 'o' where 'gözlem' has 'ö') [trigger-distribution]"
                ]
            ])
    }

    /// A name that is not a trigger, counted after the last trigger with a connective or with its
    /// count first, is read as a count the sentence states.
    func testAnUnknownNameCountedAfterAConnectiveOrCountFirst() throws {
        let found = try findings(
            "21-on-izleme-ve-yineleme.md", "ortam 6.",
            ["ortam 6 ve gezinme 2.", "ortam 6, 2 gezinme.", "ortam 6, 20 ders."])
        let message =
            "error: counts 'gezinme', which is not a trigger; the triggers are yerel, ebeveyn, gözlem and "
            + "ortam [trigger-distribution]"
        XCTAssertEqual(
            found,
            [
                ["lessons/21-on-izleme-ve-yineleme.md:267:117: \(message)"],
                ["lessons/21-on-izleme-ve-yineleme.md:267:117: \(message)"],
                [],
            ])
    }

    /// A block meant as a tree or the core that lost its role (a header's spacing, a fence without
    /// `swift` or with a misspelt one) is one finding at the block: the lesson's claims about its
    /// trees (labels, the first tree's counts) and its core count wait for the slip to be fixed.
    func testABlockThatLostItsRoleIsOneFinding() throws {
        let header = "// main.swift — alti degisiklik, dort tetik"
        let found = try findings(
            "01-bildirimsel-sozdizim.md", "```swift\n" + header,
            ["```swift\n//main.swift — alti degisiklik, dort tetik", "```\n" + header, "```swfit\n" + header])
        let tree = "lessons/01-bildirimsel-sozdizim.md:95:1: error: a tree in a code block"
        XCTAssertEqual(
            found,
            [
                [
                    "lessons/01-bildirimsel-sozdizim.md:96:1: error: this block looks like a tree, but its first line "
                        + "is not '// main.swift' (its spacing differs), so coursecheck shows it as a display fragment "
                        + "and never runs it; start the block with '// main.swift' [no-role]"
                ],
                [
                    "\(tree) without an info string, so coursecheck takes it for output and cannot run it; its fence "
                        + "must say ```swift [no-role]"
                ],
                [
                    "\(tree) with info string 'swfit', so coursecheck cannot run it; its fence must say ```swift [no-role]"
                ],
            ])
        let core = try findings(
            "01-bildirimsel-sozdizim.md", "```swift\n// Invalidation.swift", ["```\n// Invalidation.swift"])
        XCTAssertEqual(
            core,
            [
                [
                    "lessons/01-bildirimsel-sozdizim.md:18:1: error: the core in a code block without an info string, "
                        + "so coursecheck takes it for output and cannot run it; its fence must say ```swift [no-role]"
                ]
            ])
    }
}
