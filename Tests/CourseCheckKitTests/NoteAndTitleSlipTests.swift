import CourseCheckKit
import Foundation
import XCTest

/// Slips in a note label, a note reference or a front matter title that a reader takes for the
/// right text: each gives one finding, at the slip, naming what is off. Each case is a complete
/// list of the run's findings, in a copy of the real course.
final class NoteAndTitleSlipTests: XCTestCase {
    private var copy: Scratch?

    /// The copy of the course `findings(_:_:_:)` edits, made on first use: most tests make fresh
    /// copies of their own, and a copy made for every test was a few percent of the suite's time.
    private func scratch() throws -> Scratch {
        if let copy { return copy }
        let made = try CourseCopy.make(for: self)
        copy = made
        return made
    }

    /// The findings of a default run after replacing `target` with each replacement in `file`
    /// (the lesson restored between them), one list per replacement.
    private func findings(_ file: String, _ target: String, _ replacements: [String]) throws -> [[String]] {
        let scratch = try scratch()
        let url = scratch.url.appendingPathComponent("lessons/\(file)")
        let original = try String(contentsOf: url, encoding: .utf8)
        defer { try? original.write(to: url, atomically: true, encoding: .utf8) }
        return try replacements.map { replacement in
            try original.write(to: url, atomically: true, encoding: .utf8)
            try CourseCopy.replace(target, with: replacement, in: url)
            return courseFindings(in: scratch.url)
        }
    }

    /// Note labels, trigger bullets and titles the renderer does not read as written: each is one
    /// finding at the slip naming what is off (a capital of another script, a letter for a digit,
    /// a backslash, an invisible character after the bold, an HTML comment before the label; a
    /// marker without its space, with a no-break space, an en dash; a bullet joined to the one
    /// above; a title without its space after '#', with a no-break space, indented as code; a
    /// front-matter key in another case, a list item indented with a tab; a space after a label's
    /// opening '**'), and nothing downstream of it. A double space in the lead renders the same.
    func testLabelBulletAndTitleSlipsAreOneFindingEach() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "# Yerel Durum", "#Yerel Durum"),
            ("10-baglama.md", "title: 'Bağlama'", "Title: 'Bağlama'"),
            ("21-on-izleme-ve-yineleme.md", "**EK21.**", "**EK21.**\u{200B}"),
            ("09-yerel-durum.md", "**DR1.**", "**\u{414}R1.**"),
            ("18-gecisler.md", "**EK10.**", "**EK1O.**"),
            ("04-duzen-sistemi.md", "**GV12.**", "**\\GV12.**"),
            ("05-izgara-ve-geometri.md", "**GV15.**", "<!-- x -->**GV15.**"),
            ("02-gorunumler-ve-degistiriciler.md", "- Bu dersin", "-Bu dersin"),
            ("03-yigit-duzenleri.md", "- Bu dersin", "-\u{A0}Bu dersin"),
            ("06-listeler-ve-formlar.md", "- Bu dersin", "\u{2013} Bu dersin"),
            ("11-gozlemlenebilir-nesneler.md", "# Gözlemlenebilir", "    # Gözlemlenebilir"),
            ("12-ortam-degerleri.md", "# Ortam Değerleri", "#\u{A0}Ortam Değerleri"),
            ("13-gezinme-yigiti-ve-yolu.md", "**DR13.**", "** DR13.**"),
            ("14-sunum-ve-kapatma.md", "\n    - 'Sayfa", "\n\t- 'Sayfa"),
            ("15-sekme-ve-arac-cubugu.md", "\n- Bu dersin", " - Bu dersin"),
            // Renders the same: HTML collapses the two spaces.
            ("16-hareketler.md", "- Bu dersin", "- Bu  dersin"),
        ])
        let bullet =
            ", so it is not the lesson's trigger bullet; write it as a bullet of its own, '- Bu dersin tetiği: "
            + "**…**', after a blank line or another bullet [declared-trigger]"
        func near(_ written: String, _ label: String, _ difference: String) -> String {
            "this paragraph opens with '\(written)', a near form of the note label \(label). (\(difference)), so it "
                + "does not read as a note; write **\(label).** [note-series]"
        }
        XCTAssertEqual(
            found,
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:261:1: error: the 'Bu dersin tetiği:' line is here, but "
                    + "'-' has no space after it, which a list marker needs" + bullet,
                "lessons/03-yigit-duzenleri.md:237:1: error: the 'Bu dersin tetiği:' line is here, but '-' is followed "
                    + "by U+00A0 NO-BREAK SPACE, where a list marker needs a space" + bullet,
                "lessons/04-duzen-sistemi.md:159:1: error: "
                    + near("**\\GV12.**", "GV12", "'\\' before it, which shows"),
                "lessons/05-izgara-ve-geometri.md:159:1: error: this line opens with an HTML comment, so GitHub "
                    + "passes the whole line through as raw HTML: readers see '**GV15.** Bu ölçüm "
                    + "`horizontalSizeClass`, `filterTag` ve …' as written, its Markdown not rendered; move the comment "
                    + "to the end of the line [comment-look-alike]",
                "lessons/06-listeler-ve-formlar.md:256:1: error: the 'Bu dersin tetiği:' line is here, but it opens "
                    + "with U+2013 EN DASH, which is no bullet marker (a bullet opens with '-', '*' or '+' and a "
                    + "space)" + bullet,
                "lessons/09-yerel-durum.md:15:1: error: '#Yerel Durum' is no heading: '#' needs a space after it, so "
                    + "readers see this line as text and the lesson has no '# ' heading; write '# Yerel Durum' "
                    + "[front-matter]",
                "lessons/09-yerel-durum.md:150:1: error: "
                    + near("**\u{414}R1.**", "DR1", "U+0414 CYRILLIC CAPITAL LETTER DE where DR1 has 'D'"),
                "lessons/10-baglama.md:2:1: error: front matter key 'Title' is not 'title' (YAML keys are "
                    + "case-sensitive), so the lesson has no 'title'; write 'title:' [front-matter]",
                "lessons/11-gozlemlenebilir-nesneler.md:10:1: error: this '# ' heading is indented 4 spaces, so "
                    + "readers see it as code and the lesson has no '# ' heading; write '# Gözlemlenebilir Nesneler' at "
                    + "the start of the line [front-matter]",
                "lessons/12-ortam-degerleri.md:10:1: error: '#' is followed by U+00A0 NO-BREAK SPACE, not a space, so "
                    + "readers see this line as text and the lesson has no '# ' heading; write '# Ortam Değerleri' "
                    + "[front-matter]",
                "lessons/13-gezinme-yigiti-ve-yolu.md:161:1: error: "
                    + near("** DR13.**", "DR13", "a space after its opening '**', which keeps it from opening bold"),
                "lessons/14-sunum-ve-kapatma.md:10:1: error: front matter line cannot be read: a tab indents it, which "
                    + "YAML forbids (GitHub shows an error); indent it with spaces [front-matter]",
                "lessons/15-sekme-ve-arac-cubugu.md:270:98: error: the 'Bu dersin tetiği:' line is here, but it "
                    + "follows other text on its line, which takes it in" + bullet,
                "lessons/18-gecisler.md:181:1: error: " + near("**EK1O.**", "EK10", "'O' where EK10 has '0'"),
                "lessons/21-on-izleme-ve-yineleme.md:194:1: error: "
                    + near(
                        "**EK21.**\u{200B}", "EK21",
                        "U+200B ZERO WIDTH SPACE after it, which keeps its bold from closing"),
            ])
    }

    /// A note label with its full stop outside the bold or with a leading zero renders unlike every
    /// other label of its series: one finding at it, with the fix, in each series (a colon after
    /// the bold too). A front matter whose closing line is lost is one finding where it belongs
    /// (before the blank line or the heading after the keys; a near form of `---` is the place
    /// itself), its keys read as if it were there; a known key with no space after its colon says
    /// so. `--- ` and `...` close a front matter, as Jekyll reads it.
    func testLabelStopOutsideLeadingZeroAndFrontMatterCloseSlips() throws {
        let found = try findings(after: [
            ("01-bildirimsel-sozdizim.md", "**GV3.** Bu", "**GV3**. Bu"),
            ("09-yerel-durum.md", "**DR1.** Bu", "**DR01.** Bu"),
            ("09-yerel-durum.md", "**DR2.** Bu", "**DR2**: Bu"),
            ("16-hareketler.md", "**EK2.** Bu", "**EK02**. Bu"),
            ("10-baglama.md", "license: 'CC BY-SA 4.0'\n---\n", "license: 'CC BY-SA 4.0'\n"),
            ("11-gozlemlenebilir-nesneler.md", "title: 'Gözlemlenebilir", "title:'Gözlemlenebilir"),
            ("12-ortam-degerleri.md", "'CC BY-SA 4.0'\n---\n", "'CC BY-SA 4.0'\n--\n"),
            ("13-gezinme-yigiti-ve-yolu.md", "'CC BY-SA 4.0'\n---\n\n", "'CC BY-SA 4.0'\n"),
            ("17-ortuk-ve-acik-animasyonlar.md", "'CC BY-SA 4.0'\n---\n", "'CC BY-SA 4.0'\n--- \n"),
            ("15-sekme-ve-arac-cubugu.md", "'CC BY-SA 4.0'\n---\n", "'CC BY-SA 4.0'\n...\n"),
            ("README.md", "\n---\n\n# ", "\n\n# "),
        ])
        func near(_ written: String, _ label: String, _ difference: String) -> String {
            "this paragraph opens with '\(written)', a near form of the note label \(label). (\(difference)), so it "
                + "does not read as a note; write **\(label).** [note-series]"
        }
        let notClosed = "error: the front matter is not closed, so readers see its keys as text: add '---' before line"
        XCTAssertEqual(
            found,
            [
                "lessons/README.md:14:1: \(notClosed) 14 [front-matter]",
                "lessons/01-bildirimsel-sozdizim.md:290:1: error: "
                    + near("**GV3**.", "GV3", "its full stop outside the bold"),
                "lessons/09-yerel-durum.md:150:1: error: " + near("**DR01.**", "DR1", "a leading zero in its number"),
                "lessons/09-yerel-durum.md:216:1: error: " + near("**DR2**:", "DR2", "':' for its full stop"),
                "lessons/10-baglama.md:8:1: \(notClosed) 8 [front-matter]",
                "lessons/11-gozlemlenebilir-nesneler.md:2:1: error: front matter line cannot be read: 'title:' has no "
                    + "space after its ':', so YAML reads the line as one text, not as 'title'; add a space after ':' "
                    + "[front-matter]",
                "lessons/12-ortam-degerleri.md:8:1: error: '--' does not close the front matter, so readers see its "
                    + "keys as text; write '---' [front-matter]",
                "lessons/13-gezinme-yigiti-ve-yolu.md:8:1: \(notClosed) 8 [front-matter]",
                "lessons/16-hareketler.md:191:1: error: "
                    + near("**EK02**.", "EK2", "a leading zero in its number, its full stop outside the bold"),
            ])
    }

    /// A note label whose number holds letters, look-alike or not: letters that read as another
    /// number than the one due (`**GVS.**` where GV8 is due, `**GV1Z.**` for GV15), a letter for
    /// the number (`**DRs.**`, not in bold `DRs:`), after it (`**DR8x.**`, in lower case
    /// `**dr2x.**`) or a word for it (`**EKsekiz:**`). Each is
    /// one near-form finding at its paragraph naming the note its series is due, nothing
    /// downstream (no "skips", no "out of sequence"), and following the fix leaves no finding.
    func testLabelWithLettersInItsNumberIsTheDueNote() throws {
        let result = try findingsAndAfterTheFix([
            ("03-yigit-duzenleri.md", "**GV8.** Bu", "**GVS.** Bu"),
            ("05-izgara-ve-geometri.md", "**GV15.** Bu", "**GV1Z.** Bu"),
            ("09-yerel-durum.md", "**DR2.** Bu", "**dr2x.** Bu"),
            ("10-baglama.md", "**DR5.** Bu", "**DRs.** Bu"),
            ("11-gozlemlenebilir-nesneler.md", "**DR8.** Bu", "**DR8x.** Bu"),
            ("12-ortam-degerleri.md", "**DR10.** Bu", "DRs: Bu"),
            ("17-ortuk-ve-acik-animasyonlar.md", "**EK8.** Bu", "**EKsekiz:** Bu"),
        ])
        func near(_ written: String, _ label: String, _ difference: String) -> String {
            "error: this paragraph opens with '\(written)', a near form of the note label \(label). (\(difference)), "
                + "so it does not read as a note; write **\(label).** [note-series]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/03-yigit-duzenleri.md:163:1: " + near("**GVS.**", "GV8", "'S' where GV8 has '8'"),
                "lessons/05-izgara-ve-geometri.md:159:1: " + near("**GV1Z.**", "GV15", "'1Z' where GV15 has '15'"),
                "lessons/09-yerel-durum.md:216:1: " + near("**dr2x.**", "DR2", "in lower case, '2x' where DR2 has '2'"),
                "lessons/10-baglama.md:221:1: " + near("**DRs.**", "DR5", "'s' where DR5 has '5'"),
                "lessons/11-gozlemlenebilir-nesneler.md:217:1: " + near("**DR8x.**", "DR8", "'8x' where DR8 has '8'"),
                "lessons/12-ortam-degerleri.md:184:1: "
                    + near("DRs:", "DR10", "not in bold, 's' where DR10 has '10', ':' for its full stop"),
                "lessons/17-ortuk-ve-acik-animasyonlar.md:193:1: "
                    + near("**EKsekiz:**", "EK8", "'sekiz' where EK8 has '8', ':' for its full stop"),
            ])
        XCTAssertEqual(result.fixed, [])
        // Controls: a look-alike that reads as the number due is named as before, and a bold word
        // of capitals or a word that starts with a series' letters (`**DRAFT.**`, `**Ekler.**`) is no label.
        let controls = try findings(after: [
            ("11-gozlemlenebilir-nesneler.md", "**DR8.** Bu", "**DRB.** Bu"),
            ("10-baglama.md", "Ölçüm aynı çekirdek", "**DRAFT.** Ölçüm aynı çekirdek"),
            ("16-hareketler.md", "**EK1.** Bu", "**Ekler.** Liste.\n\n**EK1.** Bu"),
        ])
        XCTAssertEqual(
            controls,
            ["lessons/11-gozlemlenebilir-nesneler.md:217:1: " + near("**DRB.**", "DR8", "'B' where DR8 has '8'")])
    }

    /// A note label whose number's `1` is typed with a Turkish keyboard's own I-letters (`İ`,
    /// U+0130; `ı`, U+0131), alone or beside a digit (`**GVİ2.**` for GV12): one near-form finding
    /// at its paragraph naming the due note and the character, nothing downstream (no "skips"),
    /// and following the fix leaves none.
    func testALabelNumberTypedWithTurkishILettersIsTheDueNote() throws {
        let result = try findingsAndAfterTheFix([
            ("16-hareketler.md", "**EK1.** Bu", "**EK\u{130}.** Bu"),
            ("09-yerel-durum.md", "**DR1.** Bu", "**DR\u{131}.** Bu"),
            ("04-duzen-sistemi.md", "**GV12.** Bu", "**GV\u{130}2.** Bu"),
            ("10-baglama.md", "**DR5.** Bu", "**DR5.** Bkz. **GV\u{131}**. Bu"),
        ])
        func near(_ written: String, _ label: String, _ has: String, _ wanted: String) -> String {
            "error: this paragraph opens with '**\(written).**', a near form of the note label \(label). "
                + "(\(has) where \(label) has '\(wanted)'), so it does not read as a note; write **\(label).** [note-series]"
        }
        let dotted = "U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE"
        let dotless = "U+0131 LATIN SMALL LETTER DOTLESS I"
        XCTAssertEqual(
            result.found,
            [
                "lessons/04-duzen-sistemi.md:159:5: error: note 'GV\u{130}2.' reads as GV12 but has \(dotted) where GV12 "
                    + "has '1'; write **GV12.** [note-series]",
                "lessons/09-yerel-durum.md:150:1: \(near("DR\u{131}", "DR1", dotless, "1"))",
                "lessons/10-baglama.md:221:15: error: this reference is written '**GV\u{131}**', a near form of the note "
                    + "label GV1 (\(dotless) where GV1 has '1'): readers see it as written, and searching the course for "
                    + "it finds no note; write **GV1** [note-series]",
                "lessons/16-hareketler.md:189:1: \(near("EK\u{130}", "EK1", dotted, "1"))",
            ])
        XCTAssertEqual(result.fixed, [])
        // Controls: a bold Turkish word of capitals with a dotted I opening a paragraph is no label.
        let controls = try findings(after: [
            ("16-hareketler.md", "**EK1.** Bu", "**EK\u{130}M.** Liste.\n\n**EK1.** Bu"),
            ("10-baglama.md", "**DR5.** Bu", "**D\u{130}KKAT.** Liste.\n\n**DR5.** Bu"),
        ])
        XCTAssertEqual(controls, [])
    }

    /// `<!-->` and `<!--->` are empty comments to the browser, and cmark-gfm ends their HTML block
    /// on its line: at the start of a note, the trigger bullet's text or an index item, readers see
    /// the rest of the line raw (`**DR1.**` with its asterisks; a closing table's row, which it parts
    /// from the rows above). One finding at the comment, naming it, `delete '<!-->'`, and nothing
    /// downstream (no "skips", no missing bullet, no row); following the
    /// fix leaves none. Before a sentence of plain words (the trigger distribution) readers see the
    /// same words: no finding.
    func testAnEmptyCommentOpeningALineIsOneFindingThere() throws {
        let result = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "**DR1.** Bu", "<!--> **DR1.** Bu"),
            ("16-hareketler.md", "**EK1.** Bu", "<!---> **EK1.** Bu"),
            ("10-baglama.md", "- Bu dersin tetiği: **ebeveyn**.", "- <!--> Bu dersin tetiği: **ebeveyn**."),
            ("README.md", "10. [Bağlama]", "10. <!-->[Bağlama]"),
            ("21-on-izleme-ve-yineleme.md", "Açılış dersi dışındaki", "<!--> Açılış dersi dışındaki"),
            ("21-on-izleme-ve-yineleme.md", "| Yerel Durum |", "<!--> | Yerel Durum |"),
        ])
        func raw(_ shown: String, _ comment: String, _ after: String, table: Bool = false) -> String {
            "error: this line opens with an HTML comment, so GitHub passes the whole line through as raw HTML: "
                + "readers see '\(shown)' as written, its Markdown not rendered; '\(comment)' is an empty comment, "
                + "which hides nothing\(table ? ", and between a table's rows its line ends the table" : ""); "
                + "delete '\(comment)'\(after) [comment-look-alike]"
        }
        let space = " and the space after it"
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:38:5: \(raw("[Bağlama](10-baglama.md)", "<!-->", ""))",
                "lessons/09-yerel-durum.md:150:1: "
                    + raw("**DR1.** Bu ölçüm tek bir değişiklik ve tek bir anahtar i…", "<!-->", space),
                "lessons/10-baglama.md:266:3: \(raw("Bu dersin tetiği: **ebeveyn**.", "<!-->", space))",
                "lessons/16-hareketler.md:189:1: "
                    + raw("**EK1.** Bu ölçüm yalnız `dragOffset` değerinin sahibinin…", "<!--->", space),
                "lessons/21-on-izleme-ve-yineleme.md:253:1: "
                    + raw("| Yerel Durum | dokunuldu | yerel | kardeşin durumu okuna…", "<!-->", space, table: true),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A required front-matter key misspelt (`titel:`, `lisense:`, one or two edits, a key no other
    /// lesson writes) is one finding at that key's line naming the key meant, not "lacks" at the
    /// closing line, and its value is read as that key's. An `objectives` item that YAML reads as
    /// other than its text (an unquoted `: ` makes a mapping, ` #` starts a comment) is one finding
    /// at the item. Controls: both quoted, and a quoted item with a comment after it, are none.
    func testAMisspeltFrontMatterKeyOrAnObjectiveYAMLReadsOtherwise() throws {
        let objective = "    - 'Aynı durumun ataya kaldırılmasının tetiği yerelden ebeveyne çevirdiğini ölçer'"
        let found = try findings(after: [
            ("09-yerel-durum.md", "title: 'Yerel Durum'", "titel: 'Yerel Durum'"),
            ("10-baglama.md", "license:", "lisense:"),
            ("09-yerel-durum.md", objective, "    - Aynı durum: ataya kaldırılınca tetik yerelden ebeveyne döner"),
            ("14-sunum-ve-kapatma.md", "objectives:\n    - '", "objectives:\n    - Bir #2 ölçüm\n    - '"),
        ])
        func key(_ written: String, _ key: String) -> String {
            "error: front matter key '\(written)' is a misspelling of '\(key)' (no other lesson writes it), so the "
                + "lesson has no '\(key)'; write '\(key):' [front-matter]"
        }
        XCTAssertEqual(
            found,
            [
                "lessons/09-yerel-durum.md:2:1: \(key("titel", "title"))",
                "lessons/09-yerel-durum.md:10:1: error: front matter value of 'objectives' cannot be read as text: "
                    + "': ' inside an unquoted value reads as a nested mapping; quote it [front-matter]",
                "lessons/10-baglama.md:7:1: \(key("lisense", "license"))",
                "lessons/14-sunum-ve-kapatma.md:9:1: error: this item of 'objectives' is unquoted, and ' #' in "
                    + "it starts a YAML comment, so YAML reads the item as 'Bir' alone; quote it [front-matter]",
            ])
        let controls = try findings(after: [
            ("09-yerel-durum.md", objective, "    - 'Aynı durum: ataya #2 kaldırılınca' # not"),
            ("10-baglama.md", "license:", "lisans: 'x'\nlicense:"),
        ])
        XCTAssertEqual(controls, [])
    }

    /// A note series renamed (`DR` to `DS`, labels and references) in every lesson of its part but
    /// one: one finding at that lesson's first note naming the series the others use, nothing
    /// downstream (no "DR19 skips DR1–DR18"). Left behind in the last lesson, the fix renames its
    /// notes; in the first, the few notes there. Renaming them as the finding says leaves none, and
    /// the complete rename is none.
    func testASeriesRenamedInAllLessonsButOneIsOneFindingNamingTheSeriesMeant() throws {
        let part = [
            "09-yerel-durum.md", "10-baglama.md", "11-gozlemlenebilir-nesneler.md", "12-ortam-degerleri.md",
            "13-gezinme-yigiti-ve-yolu.md", "14-sunum-ve-kapatma.md", "15-sekme-ve-arac-cubugu.md",
        ]
        func rename(_ files: ArraySlice<String>, in copy: URL) throws {
            for file in files {
                let url = copy.appendingPathComponent("lessons/\(file)")
                let text = try String(contentsOf: url, encoding: .utf8)
                try text.replacingOccurrences(of: "DR", with: "DS").write(to: url, atomically: true, encoding: .utf8)
            }
        }
        func findings(_ copy: URL) -> [String] {
            courseFindings(in: copy)
        }
        let last = try CourseCopy.make(for: self)
        try rename(part.dropLast(), in: last.url)
        XCTAssertEqual(
            findings(last.url),
            [
                "lessons/15-sekme-ve-arac-cubugu.md:161:1: error: note DR19 is in part 'Durum ve Gezinme', whose notes "
                    + "run DS1–DS18 before it; write **DS19.** (and DS20 and DS21 after it) [note-series]"
            ])
        try rename(part.suffix(1), in: last.url)
        XCTAssertEqual(findings(last.url), [])
        let first = try CourseCopy.make(for: self)
        try rename(part.dropFirst(), in: first.url)
        XCTAssertEqual(
            findings(first.url),
            [
                "lessons/09-yerel-durum.md:150:1: error: note DR1 is in part 'Durum ve Gezinme', whose notes after it "
                    + "run on as DS4–DS21; write **DS1.** (and DS2 and DS3 after it) [note-series]"
            ])
        try rename(part.prefix(1), in: first.url)
        XCTAssertEqual(findings(first.url), [])
    }

    /// A backticked label or core word typed with Turkish letters (`satır-açildi`, `kural-dışı`)
    /// or one letter off a core word (`olcum-dısi`) is one finding naming the word meant: Turkish
    /// letters cost no edit in the near-miss search, and the core's words are in it. A word near
    /// nothing (`tamamen-baska`) names nothing.
    func testALabelReferenceWithTurkishLettersOrNearACoreWordNamesTheWordMeant() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "`satir-acildi`", "`satır-açildi`"),
            ("03-yigit-duzenleri.md", "okuma `kural-disi`", "okuma `kural-dışı`"),
            ("01-bildirimsel-sozdizim.md", "satır `olcum-disi`", "satır `olcum-dısi`"),
            ("10-baglama.md", "**DR5.** Bu", "**DR5.** Bkz. `tamamen-baska`. Bu"),
        ])
        func turkish(_ word: String, _ meant: String, _ has: String, _ wanted: String) -> String {
            "error: `\(word)` is not a label any tree passes to change (did you mean `\(meant)`? it is that label "
                + "typed with Turkish letters: \(has) where it has \(wanted)) [label-reference]"
        }
        let dotless = "it has U+0131 LATIN SMALL LETTER DOTLESS I where the label has 'i'"
        XCTAssertEqual(
            found,
            [
                "lessons/01-bildirimsel-sozdizim.md:286:225: error: `olcum-dısi` is not a label any tree passes to change "
                    + "(did you mean `olcum-disi`? \(dotless)) [label-reference]",
                "lessons/03-yigit-duzenleri.md:192:447: "
                    + turkish("kural-dışı", "kural-disi", "'ı', 'ş' and 'ı'", "'i', 's' and 'i'"),
                "lessons/09-yerel-durum.md:146:224: \(turkish("satır-açildi", "satir-acildi", "'ı' and 'ç'", "'i' and 'c'"))",
                "lessons/10-baglama.md:221:16: error: `tamamen-baska` is not a label any tree passes to change [label-reference]",
            ])
    }

    /// A bold reference with letters after its number (`**DR5x**`, `**GV3ab**`) names the note its
    /// digits do: one finding at it, `write **DR5**`, when that note is defined; following it gives
    /// none. One naming no note the course defines (`**DR99x**`) is no reference.
    func testReferenceWithLettersAfterItsNumberIsOneFinding() throws {
        let result = try findingsAndAfterTheFix([
            ("10-baglama.md", "**DR6.** Bu", "**DR6.** Bkz. **DR5x** ve **DR99x**. Bu"),
            ("02-gorunumler-ve-degistiriciler.md", "**GV5.** Değiştirici", "**GV5.** Bkz. **GV3ab**. Değiştirici"),
        ])
        func near(_ written: String, _ label: String, _ difference: String) -> String {
            "error: this reference is written '\(written)', a near form of the note label \(label) (\(difference)): "
                + "readers see it as written, and searching the course for it finds no note; write **\(label)** "
                + "[note-series]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/02-gorunumler-ve-degistiriciler.md:194:15: "
                    + near("**GV3ab**", "GV3", "'ab' after its number"),
                "lessons/10-baglama.md:257:15: " + near("**DR5x**", "DR5", "'x' after its number"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A part heading of the index that lost its `## ` before the first part's items (no items
    /// above it), or is written at another level (`#`, `###`, `####`) where a part starts, the
    /// first part's or a later one's; and a front matter opened with TOML's `+++`, or opened and
    /// closed with it. Each slipped line is one finding there, naming it and its fix (`write '##
    /// …'`, `write '---'`), and following the fix leaves no finding. A front matter slipped at
    /// both ends is two findings, one per line, as `----` at both ends is: the author changes both
    /// lines, and each finding's fix is its own line's.
    func testPartHeadingsAtAnyLevelAndTOMLFrontMatterFollowTheirFix() throws {
        let part = "error: this line stands where a part's '## ' heading does, "
        let level = { (level: Int, name: String) in
            "but it is a level-\(level) heading, not level 2, so the index's outline of parts leaves '\(name)' out"
        }
        let plus = "'+++' does not open the front matter, so readers see its keys as text; write '---' [front-matter]"
        // Slips in different places are independent: two runs show each one's one finding.
        let first = try findingsAndAfterTheFix([
            ("README.md", "## Görünüm Ağacı Modeli", "Görünüm Ağacı Modeli"),
            ("README.md", "## Durum ve Gezinme", "### Durum ve Gezinme"),
            ("09-yerel-durum.md", "---\ntitle: '", "+++\ntitle: '"),
            ("10-baglama.md", "---\ntitle: '", "+++\ntitle: '"),
            ("10-baglama.md", "---\n\n# Bağlama", "+++\n\n# Bağlama"),
        ])
        XCTAssertEqual(
            first.found,
            [
                "lessons/README.md:20:1: \(part)before the first part's items, but it has no '## ', so readers see "
                    + "'Görünüm Ağacı Modeli' as text and the items under it in no part; write '## Görünüm Ağacı "
                    + "Modeli' [course-index]",
                "lessons/README.md:33:1: \(part)between two parts' items, \(level(3, "Durum ve Gezinme")) and "
                    + "readers see the items under it in part 'Görünüm Ağacı Modeli'; write '## Durum ve Gezinme' "
                    + "[course-index]",
                "lessons/09-yerel-durum.md:1:1: error: \(plus)",
                "lessons/10-baglama.md:1:1: error: \(plus)",
                "lessons/10-baglama.md:8:1: error: '+++' does not close the front matter, so readers see its keys "
                    + "as text; write '---' [front-matter]",
            ])
        XCTAssertEqual(first.fixed, [])
        let second = try findingsAndAfterTheFix([
            ("README.md", "## Görünüm Ağacı Modeli", "# Görünüm Ağacı Modeli"),
            ("README.md", "## Etkileşim ve Sunum Kalitesi", "#### Etkileşim ve Sunum Kalitesi"),
        ])
        XCTAssertEqual(
            second.found,
            [
                "lessons/README.md:20:1: \(part)before the first part's items, \(level(1, "Görünüm Ağacı Modeli")); "
                    + "write '## Görünüm Ağacı Modeli' [course-index]",
                "lessons/README.md:45:1: \(part)between two parts' items, "
                    + "\(level(4, "Etkileşim ve Sunum Kalitesi")) and readers see the items under it in part "
                    + "'Durum ve Gezinme'; write '## Etkileşim ve Sunum Kalitesi' [course-index]",
            ])
        XCTAssertEqual(second.fixed, [])
    }

    /// A reference to a note written with a leading zero in its number, in bold mid-sentence
    /// (`**DR01**`, `**DR01.**`) or plain (`DR01'de`): readers see 'DR01', and a search for it
    /// finds no note, so it is one finding at the reference naming the form meant (`write
    /// **DR1**`), never read silently as DR1; writing that leaves no finding.
    func testAReferenceWithALeadingZeroIsOneFindingNamingTheFormMeant() throws {
        let near = { (line: Int, written: String, fix: String) in
            "lessons/10-baglama.md:\(line):32: error: this reference is written '\(written)', a near form of the "
                + "note label DR1 (a leading zero in its number): readers see the zero, and searching the course for "
                + "it finds no note; write \(fix) [note-series]"
        }
        let paragraphs = ["**DR4.** Bu ölçüm iki", "**DR5.** Bu ölçüm iki", "**DR6.** Bu ölçüm mod"]
        let slipped = ["**DR01**", "**DR01.**", "DR01'de"]
        XCTAssertEqual(
            try findings(after: zip(paragraphs, slipped).map { ("10-baglama.md", $0, "\($0) (bkz. \($1))") }),
            [
                near(161, "**DR01**", "**DR1**"), near(221, "**DR01.**", "**DR1.**"), near(257, "DR01", "DR1"),
            ])
        let meant = ["**DR1**", "**DR1.**", "DR1'de"]
        XCTAssertEqual(
            try findings(after: zip(paragraphs, meant).map { ("10-baglama.md", $0, "\($0) (bkz. \($1))") }), [])
    }

    /// A reference in another near form of a note's label (in lower case, a space before the
    /// number, a letter for a digit), and a note written with another series' label where its
    /// part's series is due (`**GV26.**` where DR1 is due and DR2 follows), and a trigger bullet
    /// copied: each one finding at it naming the label meant (or the line to delete), none
    /// downstream (no "DR2 skips DR1"), and following the fix leaves no finding. A near form of no defined note (`**ab1**`) is no reference.
    func testNearFormReferencesAndAnotherSeriesLabelNameTheLabelMeant() throws {
        let near = { (line: Int, written: String, why: String, fix: String) in
            "lessons/10-baglama.md:\(line):32: error: this reference is written '\(written)', a near form of the "
                + "note label \(fix.filter { $0 != "*" }) (\(why)): readers see it as written, and searching the "
                + "course for it finds no note; write \(fix) [note-series]"
        }
        let paragraphs = ["**DR4.** Bu ölçüm iki", "**DR5.** Bu ölçüm iki", "**DR6.** Bu ölçüm mod"]
        let slipped = ["**dr1**", "**GV 3**", "**DRl** ve **ab1**"]
        let result = try findingsAndAfterTheFix(
            zip(paragraphs, slipped).map { ("10-baglama.md", $0, "\($0) (bkz. \($1))") }
                + [
                    ("09-yerel-durum.md", "**DR1.** Bu", "**GV26.** Bu"),
                    (
                        "09-yerel-durum.md", "- Bu dersin tetiği: **yerel**.",
                        "- Bu dersin tetiği: **yerel**.\n- Bu dersin tetiği: **yerel**."
                    ),
                ])
        XCTAssertEqual(
            result.found,
            [
                "lessons/09-yerel-durum.md:150:1: error: note GV26 is in part 'Durum ve Gezinme', whose series is DR, "
                    + "where DR1 is due (series GV belongs to part 'Görünüm Ağacı Modeli'); write **DR1.** "
                    + "[note-series]",
                "lessons/09-yerel-durum.md:267:24: error: declares the trigger 'yerel' again, as the bullet at line "
                    + "266 does, so readers see the bullet twice (a lesson declares its trigger once); delete the line "
                    + "[declared-trigger]",
                near(161, "**dr1**", "in lower case", "**DR1**"),
                near(221, "**GV 3**", "a space between GV and 3", "**GV3**"),
                near(257, "**DRl**", "'l' where DR1 has '1'", "**DR1**"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// Lines the renderer reads as another block than the author meant: a note paragraph indented
    /// as code, a front matter opened with a near form of `---`, a part heading of the index
    /// without its `## `, a closing table whose delimiter row is mistyped, lost or parted from its
    /// header by a blank line, or whose header row is lost. Each is one finding at the slip with
    /// its fix, and nothing downstream (no "skips" at the next note, no "no front matter", no
    /// lesson moved to the part above, no claim called not applicable).
    func testLinesReadAsAnotherBlockAreOneFindingEach() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "\n**DR1.** Bu", "\n    **DR1.** Bu"),
            ("14-sunum-ve-kapatma.md", "---\ntitle: '", "----\ntitle: '"),
            ("19-erisilebilirlik.md", "---\ntitle: '", "\u{2014}\ntitle: '"),
            ("README.md", "---\ntitle: '", "--\ntitle: '"),
            ("README.md", "## Durum ve Gezinme", "Durum ve Gezinme"),
            ("21-on-izleme-ve-yineleme.md", "|---|---|---|---|", "|===|===|===|===|"),
        ])
        let table = "the closing table's header row is here, but GitHub does not render it as a table: "
        XCTAssertEqual(
            found,
            [
                "lessons/README.md:1:1: error: '--' does not open the front matter, so readers see its keys as text; "
                    + "write '---' [front-matter]",
                "lessons/README.md:33:1: error: this line stands where a part's '## ' heading does, between two "
                    + "parts' items, but it has no '## ', so readers see 'Durum ve Gezinme' as text and the items "
                    + "under it in part 'Görünüm Ağacı Modeli'; write '## Durum ve Gezinme' [course-index]",
                "lessons/09-yerel-durum.md:150:1: error: this paragraph opens with the note label **DR1.** but is "
                    + "indented 4 spaces, so GitHub shows it as code, not as a note; remove the indentation "
                    + "[note-series]",
                "lessons/14-sunum-ve-kapatma.md:1:1: error: '----' does not open the front matter, so readers see "
                    + "its keys as text; write '---' [front-matter]",
                "lessons/19-erisilebilirlik.md:1:1: error: '\u{2014}' does not open the front matter, so readers see "
                    + "its keys as text; write '---' [front-matter]",
                "lessons/21-on-izleme-ve-yineleme.md:244:1: error: the closing table's delimiter row is here, but "
                    + "GitHub does not read it as one, so it renders no table: a delimiter cell is dashes ('-') with "
                    + "optional colons, not '|===|===|===|===|'; write '|---|---|---|---|' [closing-table]",
            ])
        let header = "| Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm |\n"
        XCTAssertEqual(
            try findings(
                "21-on-izleme-ve-yineleme.md", header + "|---|---|---|---|\n",
                [header, "|---|---|---|---|\n", "", header + "\n|---|---|---|---|\n"]),
            [
                [
                    "lessons/21-on-izleme-ve-yineleme.md:243:1: error: \(table)no delimiter row follows it; insert "
                        + "'|---|---|---|---|' after line 243 [closing-table]"
                ],
                [
                    "lessons/21-on-izleme-ve-yineleme.md:243:1: error: the closing table's delimiter row is here, but no "
                        + "header row is above it, so GitHub shows the table as a paragraph of pipes; insert a header row "
                        + "of 4 cells with 'Ders' in column 1 and 'Tetik' in column 3 before this line [closing-table]"
                ],
                [
                    "lessons/21-on-izleme-ve-yineleme.md:243:1: error: the closing table's rows start here, but no header "
                        + "row and no delimiter row are above them, so GitHub shows the table as a paragraph of pipes; "
                        + "insert a header row of 4 cells with 'Ders' in column 1 and 'Tetik' in column 3 and the "
                        + "delimiter row '|---|---|---|---|' before this line [closing-table]"
                ],
                [
                    "lessons/21-on-izleme-ve-yineleme.md:244:1: error: \(table)a blank line parts its header row (line "
                        + "243) from its delimiter row; remove the blank line [closing-table]"
                ],
            ])
    }

    /// The closing table's header row indented as code, and a closed comment between the header
    /// and the delimiter row: each is one finding at the slipped line whose fix names that line
    /// (not a header row to insert, not a blank line that is not there), and following it (the
    /// indentation removed, the comment line deleted) leaves no finding.
    func testAClosingTableHeaderIndentedOrPartedByAComment() throws {
        let header = "| Ders | Değişiklik | Tetik | Sınırlayıcı ölçüm |\n"
        let delimiter = "|---|---|---|---|\n"
        let table = "the closing table's header row is here, but GitHub does not render it as a table: "
        XCTAssertEqual(
            try findings(
                "21-on-izleme-ve-yineleme.md", header + delimiter,
                ["    " + header + delimiter, header + "<!-- todo -->\n" + delimiter, header + delimiter]),
            [
                [
                    "lessons/21-on-izleme-ve-yineleme.md:243:1: error: the closing table's header row is indented 4 "
                        + "spaces, so GitHub shows it as code and the table as a paragraph of pipes; remove the "
                        + "indentation [closing-table]"
                ],
                [
                    "lessons/21-on-izleme-ve-yineleme.md:244:1: error: \(table)an HTML comment (line 244) parts its "
                        + "header row (line 243) from its delimiter row; remove the comment line (it ends the table) "
                        + "[closing-table]"
                ],
                [],
            ])
    }

    /// An HTML comment left open where closing it would not restore the page: a bare `<!--` right
    /// above a note (a close at the paragraph's end would hide the note) and a `<!-- todo` between
    /// two rows of the closing table (a comment ends a table even once closed). Each is one
    /// finding, whose fix is to delete the line; the closing table waits for its slip instead of
    /// calling every row after the comment missing.
    func testCommentsLeftOpenWhereAClosingWouldNotRestoreThePage() throws {
        let found = try findings(after: [
            ("09-yerel-durum.md", "\n**DR1.** Bu", "\n<!--\n**DR1.** Bu"),
            ("21-on-izleme-ve-yineleme.md", "| Listeler ve Formlar |", "<!-- todo\n| Listeler ve Formlar |"),
        ])
        let open = "error: this HTML comment is never closed ('-->'), so it hides everything after it from readers "
        XCTAssertEqual(
            found,
            [
                "lessons/09-yerel-durum.md:150:1: \(open)(lines 151–271, with 2 trees, the notes DR1 to DR3, the 'Bu "
                    + "dersin tetiği:' bullet and the headings 'Durumu Ataya "
                    + "Kaldırmak', 'Yerel Kalmalı mı, Kaldırılmalı mı' and 3 more), and nothing there is judged until "
                    + "it is closed; delete this line (a '-->' at the end of the paragraph under it would hide that "
                    + "text as well) [unclosed-comment]",
                "lessons/21-on-izleme-ve-yineleme.md:250:1: \(open)(lines 251–281, with the 'Bu dersin tetiği:' bullet and the headings 'Özet' and "
                    + "'Sonraki Adım'), and nothing there is judged until it is closed; it stands between the rows of "
                    + "a table, which a comment ends even once closed, so delete this line (or close it with '-->' "
                    + "and move it out of the table) [unclosed-comment]",
            ])
    }

    /// Index items the renderer does not read as items or links, and items that link a second
    /// lesson: one finding each at the item, the index read as if each were fixed (a marker
    /// slip that runs the rest of the list into a paragraph hides no slip after it).
    func testIndexItemSlipsAreOneFindingEach() throws {
        let found = try findings(after: [
            ("README.md", "3. [", "3.["),
            ("README.md", "9. [", "9, ["),
            ("README.md", "12. [", "12.\u{A0}["),
            ("README.md", "[Sunum ve Kapatma](", "[Sunum ve Kapatma] ("),
            (
                "README.md", "(17-ortuk-ve-acik-animasyonlar.md)",
                "(17-ortuk-ve-acik-animasyonlar.md), [Geçişler](18-gecisler.md)"
            ),
            ("README.md", "(19-erisilebilirlik.md)\n20.", "(19-erisilebilirlik.md) 20."),
            ("README.md", "1. [", "1 ["),
            ("README.md", "(21-on-izleme-ve-yineleme.md)", "(21-on-izleme-ve-yineleme.md"),
        ])
        let text = ", so readers see this line as text, not as an item of the index; write"
        XCTAssertEqual(
            found,
            [
                "lessons/README.md:24:1: error: '1 [' opens no list item: a list marker needs '.' or ')' after the "
                    + "number, and there is none\(text) '1. [' [course-index]",
                "lessons/README.md:26:1: error: '3.[' opens no list item: a list marker needs a space after '3.', and "
                    + "there is none\(text) '3. [' [course-index]",
                "lessons/README.md:37:1: error: '9, [' opens no list item: '9,' is no list marker (a number and '.' or "
                    + "')')\(text) '9. [' [course-index]",
                "lessons/README.md:40:1: error: '12.\u{A0}[' opens no list item: a list marker needs a space after "
                    + "'12.', and U+00A0 NO-BREAK SPACE is none\(text) '12. [' [course-index]",
                "lessons/README.md:42:22: error: '] (': the space between ']' and '(' makes this no link, so readers "
                    + "see '[Sunum ve Kapatma]' and '(14-sunum-ve-kapatma.md)' as text; write "
                    + "[Sunum ve Kapatma](14-sunum-ve-kapatma.md) [course-index]",
                "lessons/README.md:53:58: error: this link has no closing ')', so readers see '[Ön İzleme ve "
                    + "Yineleme](21-on-izleme-ve-yineleme.md' as text, not as an item of the index; write "
                    + "[Ön İzleme ve Yineleme](21-on-izleme-ve-yineleme.md) [course-index]",
                "lessons/README.md:50:1: error: this item links 17-ortuk-ve-acik-animasyonlar.md and also "
                    + "18-gecisler.md (its own item is at line 51); an item links one lesson, so remove the second "
                    + "link [course-index]",
                "lessons/README.md:52:1: error: this item links 19-erisilebilirlik.md and also 20-yerellestirme.md; an "
                    + "item links one lesson, so give each lesson after the first an item of its own [course-index]",
            ])
    }

    /// An index item's marker in a near form the renderer reads as no marker: a space before its
    /// full stop, a doubled or another delimiter, a letter for a digit, on a later item of a part
    /// or its first (which a list not starting at 1 cannot interrupt a paragraph with). One
    /// finding at the slipped line naming the marker as written, with `write 'N. ['`; not "this
    /// item links … and also" at the item above, nor a run-on paragraph; the fix is the line as it was.
    func testIndexMarkerNearFormsAreOneFindingAtTheLine() throws {
        let text = ", so readers see this line as text, not as an item of the index; write"
        func expect(_ target: String, _ forms: [(String, line: Int, problem: String)], fix: String) throws {
            let found = try findings("README.md", target, forms.map(\.0))
            for (form, found) in zip(forms, found) {
                XCTAssertEqual(
                    found,
                    [
                        "lessons/README.md:\(form.line):1: error: '\(form.0)' opens no list item: \(form.problem)"
                            + "\(text) '\(fix)' [course-index]"
                    ], form.0)
            }
        }
        let digit = "(U+006C LATIN SMALL LETTER L) for the digit '1', and CommonMark reads only digits as a list number"
        try expect(
            "12. [",
            [
                ("12 . [", 40, "a list marker is a number and '.' with no space between them, and '12 .' has one"),
                ("l2. [", 40, "its number has 'l' \(digit)"),
                (
                    "I2. [", 40,
                    "its number has 'I' (U+0049 LATIN CAPITAL LETTER I) for the digit '1', and CommonMark reads only "
                        + "digits as a list number"
                ),
                ("12.. [", 40, "'12..' is no list marker (a number and one '.' or ')')"),
                ("12: [", 40, "'12:' is no list marker (a number and '.' or ')')"),
                ("12.) [", 40, "'12.)' is no list marker (a number and one '.' or ')')"),
                ("12-[", 40, "'12-' is no list marker (a number and '.' or ')')"),
            ], fix: "12. [")
        try expect(
            "9. [",
            [("9 . [", 37, "a list marker is a number and '.' with no space between them, and '9 .' has one")],
            fix: "9. [")
        try expect("1. [", [("l. [", 24, "its number has 'l' \(digit)")], fix: "1. [")
    }

    /// An index item numbered with a Roman numeral (`Ⅸ.`, `ⅻ.`) or with an invisible character
    /// before its number (U+200B, U+00A0, U+FEFF), and a part heading with one before its `## `:
    /// CommonMark reads neither, so the line is text. One finding at the line naming the
    /// character, not a blank line asked for and the lesson reported unlisted, nor a second `## `
    /// written; following the fix gives none. The control: a space before the number or the
    /// heading (CommonMark skips it) is no finding.
    func testAnIndexLineBehindAnInvisibleCharacterOrWithARomanNumeralIsOneFindingThere() throws {
        let text = ", so readers see this line as text, not as an item of the index; write"
        let invisible = ", which CommonMark does not skip before a list marker"
        for (written, line, problem, fix) in [
            (
                "\u{2168}. [", 37,
                "its number is written with U+2168 ROMAN NUMERAL NINE, which is no list number to CommonMark", "9. ["
            ),
            (
                "\u{217B}. [", 40,
                "its number is written with U+217B SMALL ROMAN NUMERAL TWELVE, which is no list number to CommonMark",
                "12. ["
            ),
            ("\u{200B}9. [", 37, "it starts with U+200B ZERO WIDTH SPACE before its number" + invisible, "9. ["),
            ("\u{A0}9. [", 37, "it starts with U+00A0 NO-BREAK SPACE before its number" + invisible, "9. ["),
            (
                "\u{FEFF}\u{200B}12. [", 40,
                "it starts with U+FEFF ZERO WIDTH NO-BREAK SPACE and U+200B ZERO WIDTH SPACE before its number"
                    + invisible, "12. ["
            ),
        ] {
            let result = try findingsAndAfterTheFix([("README.md", fix, written)])
            XCTAssertEqual(
                result.found,
                [
                    "lessons/README.md:\(line):1: error: '\(written)' opens no list item: \(problem)\(text) '\(fix)' [course-index]"
                ],
                written)
            XCTAssertEqual(result.fixed, [], written)
        }
        for (heading, line, above) in [
            ("## Durum ve Gezinme", 33, "Görünüm Ağacı Modeli"),
            ("## Etkileşim ve Sunum Kalitesi", 45, "Durum ve Gezinme"),
        ] {
            for (typed, named) in [
                ("\u{200B}", "U+200B ZERO WIDTH SPACE"), ("\u{A0}", "U+00A0 NO-BREAK SPACE"),
                ("\u{FEFF}", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
            ] {
                let result = try findingsAndAfterTheFix([("README.md", heading, typed + heading)])
                XCTAssertEqual(
                    result.found,
                    [
                        "lessons/README.md:\(line):1: error: this line stands where a part's '## ' heading does, but it "
                            + "starts with \(named) before its '##', which CommonMark does not skip, so readers see "
                            + "'\(heading)' as text and the items under it in part '\(above)'; delete that character "
                            + "[course-index]"
                    ], named)
                XCTAssertEqual(result.fixed, [], named)
            }
        }
        XCTAssertEqual(try findings("README.md", "9. [", [" 9. ["]), [[]])
        XCTAssertEqual(try findings("README.md", "## Durum ve Gezinme", [" ## Durum ve Gezinme"]), [[]])
    }

    /// A printable character left before a part heading's `##` (`x## Durum ve Gezinme`, `1## …`,
    /// `\t## …`): CommonMark shows the line as text. One finding at it, `delete 'x'`, not a second
    /// `## ` written before it (whose fix left the leftover showing); following the fix gives none.
    func testALeftoverBeforeAPartHeadingIsOneFindingAtIt() throws {
        for (heading, line, above, typed, named) in [
            ("## Durum ve Gezinme", 33, "Görünüm Ağacı Modeli", "x", "'x'"),
            ("## Etkileşim ve Sunum Kalitesi", 45, "Durum ve Gezinme", "1", "'1'"),
            (
                "## Durum ve Gezinme", 33, "Görünüm Ağacı Modeli", "\\t",
                "'\\t' (a backslash and a 't', as code writes a tab)"
            ),
        ] {
            let result = try findingsAndAfterTheFix([("README.md", heading, typed + heading)])
            XCTAssertEqual(
                result.found,
                [
                    "lessons/README.md:\(line):1: error: this line stands where a part's '## ' heading does, but it "
                        + "opens with \(named) before its '##', which Markdown shows as text, so readers see it as text "
                        + "and the items under it in part '\(above)' rather than in part '\(heading.dropFirst(3))'; "
                        + "delete '\(typed)' [course-index]"
                ], typed)
            XCTAssertEqual(result.fixed, [], typed)
        }
    }

    /// What the trigger claims read as a reader reads it: a bold that names a trigger and a
    /// distribution, a distribution with a look-alike slash or three counts, a level-2 title; and
    /// the distribution sentence's lesson count and total, judged against the lessons its counts
    /// cover (twenty: the opening lesson declares a distribution), not the course's twenty-one; the
    /// recomputations it says that distribution makes (`sekiz yeniden hesaplama`) are its sum.
    func testTriggerDistributionAndCountSlipsAreOneFindingEach() throws {
        let distribution = try findings(after: [
            ("09-yerel-durum.md", "tetiği: **yerel**", "tetiği: **yerel (1/0/0/0)**"),
            ("01-bildirimsel-sozdizim.md", "(2/2/2/2)**", "(2/2/2)**"),
        ])
        let counts = ", the counts of yerel, ebeveyn, gözlem and ortam [declared-trigger]"
        XCTAssertEqual(
            distribution,
            [
                "lessons/01-bildirimsel-sozdizim.md:299:24: error: 'dördünün de dağılımı (2/2/2)' reads as a "
                    + "distribution, but a distribution has four counts (yerel/ebeveyn/gözlem/ortam), and this has 3; "
                    + "write it as (a/b/c/d)" + counts,
                "lessons/09-yerel-durum.md:266:24: error: the bold 'yerel (1/0/0/0)' names the trigger 'yerel' and a "
                    + "distribution; a lesson declares one of the two, so write **yerel**, or the distribution alone "
                    + "[declared-trigger]",
            ])
        let slash = try findings(after: [
            ("01-bildirimsel-sozdizim.md", "(2/2/2/2)**", "(2\u{2215}2\u{2215}2\u{2215}2)**"),
            ("17-ortuk-ve-acik-animasyonlar.md", "\n# ", "\n## "),
        ])
        XCTAssertEqual(
            slash,
            [
                "lessons/01-bildirimsel-sozdizim.md:299:24: error: 'dördünün de dağılımı (2\u{2215}2\u{2215}2\u{2215}2)' "
                    + "reads as a distribution, but it has U+2215 DIVISION SLASH where a distribution has '/'; write it "
                    + "as (a/b/c/d)" + counts,
                "lessons/17-ortuk-ve-acik-animasyonlar.md:10:1: error: this heading is level 2 ('## '), but a lesson's "
                    + "title is its '# ' heading, and the lesson has none; write '# Örtük ve Açık Animasyonlar' "
                    + "[front-matter]",
            ])
        let sentence = try findings(after: [
            ("21-on-izleme-ve-yineleme.md", "yirmi dersin tetik", "yirmi bir dersin tetik"),
            ("21-on-izleme-ve-yineleme.md", "ortam 6.", "ortam 6 (toplam 21)."),
            ("21-on-izleme-ve-yineleme.md", "çekirdek sekiz yeniden", "çekirdek dokuz yeniden"),
        ])
        XCTAssertEqual(
            sentence,
            [
                "lessons/21-on-izleme-ve-yineleme.md:267:31: error: says 21 lessons, but 20 lessons declare one "
                    + "trigger [trigger-distribution]",
                "lessons/21-on-izleme-ve-yineleme.md:267:126: error: says the total is 21, but 20 lessons declare one "
                    + "trigger [trigger-distribution]",
                "lessons/21-on-izleme-ve-yineleme.md:267:241: error: says 9 recomputations, but the distribution "
                    + "2/2/2/2 that lessons/01-bildirimsel-sozdizim.md declares makes 8 [trigger-distribution]",
            ])
        // The same number written in digits reads the same.
        XCTAssertEqual(
            try findings(after: [("21-on-izleme-ve-yineleme.md", "çekirdek sekiz yeniden", "çekirdek 8 yeniden")]), [])
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
                        + "CYRILLIC CAPITAL LETTER VE where GV12 has 'V'; write **GV12.** [note-series]"
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
                        + "CAPITAL LETTER IE where EK2 has 'E'; write EK2 [note-series]"
                ],
                [
                    "lessons/16-hareketler.md:199:396: error: note 'EK\u{200B}2' reads as EK2 but has U+200B ZERO "
                        + "WIDTH SPACE inside it; write EK2 [note-series]"
                ],
                [
                    "lessons/16-hareketler.md:199:394: error: note '\u{FF25}K2' reads as EK2 but has U+FF25 FULLWIDTH "
                        + "LATIN CAPITAL LETTER E where EK2 has 'E'; write EK2 [note-series]"
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

    /// A note series that holds each number once but out of reading order (two lessons swapped
    /// with their notes: EK5–EK8 now before EK1–EK4; two notes swapped in one lesson) is one
    /// finding at its first note out of place, naming the runs and each run's new numbers, never
    /// "expected EK9" at each later note (advice that wrote one number four times). Following the
    /// advice as written, every run renumbered in the lessons it names, leaves no finding; a series
    /// in order (the course as it is) has none.
    func testNotesOutOfReadingOrderAreOneFindingWhoseRenumberingConverges() throws {
        func relabel(_ copy: URL, _ file: String, _ pairs: [(Int, Int)]) throws {
            let url = copy.appendingPathComponent("lessons/\(file)")
            var text = try String(contentsOf: url, encoding: .utf8)
            // Through a placeholder, so a swap (EK9 as EK10, EK10 as EK9) is not undone.
            for (old, new) in pairs { text = text.replacingOccurrences(of: "**EK\(old).**", with: "**EK#\(new).**") }
            text = text.replacingOccurrences(of: "**EK#", with: "**EK")
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func findings(_ copy: URL) -> [String] {
            courseFindings(in: copy)
        }
        /// Each run the finding renumbers, in the lessons it names: `EK5–EK8 (16-x.md) as EK1–EK4`.
        func followed(_ finding: String, in copy: URL) throws {
            let rename = try Regex(#"EK(\d+)(?:–EK(\d+))? \(([^)]+)\) as EK(\d+)"#)
            var pairs: [String: [(Int, Int)]] = [:]
            for match in finding.matches(of: rename) {
                let from = Int(match.output[1].substring!)!
                let to = Int(match.output[4].substring!)!
                let last = match.output[2].substring.map { Int($0)! } ?? from
                for file in match.output[3].substring!.split(separator: ", ") {
                    pairs[String(file), default: []] += (from...last).map { ($0, to + $0 - from) }
                }
            }
            XCTAssertFalse(pairs.isEmpty, finding)
            for (file, pairs) in pairs { try relabel(copy, file, pairs) }
        }

        let swapped = try CourseCopy.make(for: self)
        try relabel(swapped.url, "16-hareketler.md", [(1, 5), (2, 6), (3, 7), (4, 8)])
        try relabel(swapped.url, "17-ortuk-ve-acik-animasyonlar.md", [(5, 1), (6, 2), (7, 3), (8, 4)])
        let lessons = findings(swapped.url)
        XCTAssertEqual(
            lessons,
            [
                "lessons/16-hareketler.md:189:1: error: the EK notes are out of reading order: they run EK5–EK8, "
                    + "EK1–EK4, EK9–EK24; renumber them in reading order: EK5–EK8 (16-hareketler.md) as EK1–EK4, "
                    + "EK1–EK4 (17-ortuk-ve-acik-animasyonlar.md) as EK5–EK8 [note-series]"
            ])
        try followed(try XCTUnwrap(lessons.first), in: swapped.url)
        XCTAssertEqual(findings(swapped.url), [])

        let notes = try CourseCopy.make(for: self)
        try relabel(notes.url, "18-gecisler.md", [(9, 10), (10, 9)])
        let pair = findings(notes.url)
        XCTAssertEqual(
            pair,
            [
                "lessons/18-gecisler.md:179:1: error: the EK notes are out of reading order: they run EK1–EK8, EK10, "
                    + "EK9, EK11–EK24; renumber them in reading order: EK10 (18-gecisler.md) as EK9, EK9 "
                    + "(18-gecisler.md) as EK10 [note-series]"
            ])
        try followed(try XCTUnwrap(pair.first), in: notes.url)
        XCTAssertEqual(findings(notes.url), [])
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
        let tree = "lessons/01-bildirimsel-sozdizim.md:95:1: error: a tree is in a code block"
        XCTAssertEqual(
            found,
            [
                [
                    "lessons/01-bildirimsel-sozdizim.md:96:1: error: this block looks like a tree, but its first line "
                        + "is not '// main.swift' (its spacing differs), so coursecheck never runs it; start the block "
                        + "with '// main.swift' [no-role]"
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
                    "lessons/01-bildirimsel-sozdizim.md:18:1: error: the core is in a code block without an info string, "
                        + "so coursecheck takes it for output and cannot run it; its fence must say ```swift [no-role]"
                ]
            ])
    }

    /// Lines a reader sees otherwise than meant, each one finding at the slipped line whose fix
    /// converges: a part heading of the index written setext-style as a level-1 heading (`Name`
    /// over `====`) or indented into the list item above it, the index's `lessons:21`, a front matter opened with `---` and trailing
    /// blanks, a note label with a letter for its digit (`**DRI.**`, `**GVl.**`, `**GVI4.**`), the closing
    /// table's delimiter row indented as code. Nothing downstream: no "skips
    /// DR1" at the next note, no "no front matter", no claim calling the table missing.
    func testSetextPartHeadingLetterDigitLabelAndIndentedDelimiterRowFollowTheirFix() throws {
        let part = "this line stands where a part's '## ' heading does, "
        let level1 = { (name: String) in
            "but it is a level-1 heading, not level 2, so the index's outline of parts leaves '\(name)' out"
        }
        let label = { (written: String, meant: String, has: String) in
            "lessons/\(meant == "DR1" ? "09-yerel-durum.md:150" : "01-bildirimsel-sozdizim.md:144"):1: error: this "
                + "paragraph opens with '**\(written).**', a near form of the note label \(meant). ('\(has)' where "
                + "\(meant) has '1'), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let found = try findingsAndAfterTheFix([
            ("README.md", "## Görünüm Ağacı Modeli", "Görünüm Ağacı Modeli\n===="),
            ("README.md", "## Durum ve Gezinme", "Durum ve Gezinme\n================"),
            ("README.md", "lessons: 21", "lessons:21"),
            ("README.md", "## Etkileşim ve Sunum Kalitesi", "    ## Etkileşim ve Sunum Kalitesi"),
            ("09-yerel-durum.md", "---\ntitle: '", "---  \ntitle: '"),
            ("09-yerel-durum.md", "**DR1.** Bu", "**DRI.** Bu"),
            ("01-bildirimsel-sozdizim.md", "**GV1.** Bu", "**GVl.** Bu"),
            // The letter for the first of two digits: read as letters, `GVI` would be a series of its own.
            ("05-izgara-ve-geometri.md", "**GV14.** Bu", "**GVI4.** Bu"),
            ("21-on-izleme-ve-yineleme.md", "|\n|---|---|---|---|", "|\n    |---|---|---|---|"),
        ])
        XCTAssertEqual(
            found.found,
            [
                "lessons/README.md:7:1: error: front matter line cannot be read: 'lessons:' has no space after its "
                    + "':', so YAML reads the line as one text, not as 'lessons'; add a space after ':' [front-matter]",
                "lessons/README.md:20:1: error: \(part)before the first part's items, "
                    + "\(level1("Görünüm Ağacı Modeli")); write '## Görünüm Ağacı Modeli' and delete the '===' "
                    + "underline at line 21 [course-index]",
                "lessons/README.md:34:1: error: \(part)between two parts' items, \(level1("Durum ve Gezinme")); "
                    + "write '## Durum ve Gezinme' and delete the '===' underline at line 35 [course-index]",
                "lessons/README.md:47:1: error: the part heading '## Etkileşim ve Sunum Kalitesi' is indented 4 spaces, "
                    + "so GitHub shows it inside the list item above it (item 15), not as a part of the index, and "
                    + "spaces out that list's items; remove the indentation [course-index]",
                label("GVl", "GV1", "l"),
                "lessons/05-izgara-ve-geometri.md:115:1: error: this paragraph opens with '**GVI4.**', a near form "
                    + "of the note label GV14. ('I' where GV14 has '1'), so it does not read as a note; write "
                    + "**GV14.** [note-series]",
                "lessons/09-yerel-durum.md:1:1: error: the front matter's opening '---' has 2 blanks after it, and "
                    + "coursecheck opens front matter only at a line of exactly '---'; write '---' [front-matter]",
                label("DRI", "DR1", "I"),
                "lessons/21-on-izleme-ve-yineleme.md:244:1: error: the closing table's delimiter row is indented 4 "
                    + "spaces, so GitHub does not read it as one and shows the whole table as a paragraph of pipes; "
                    + "remove the indentation [closing-table]",
            ])
        XCTAssertEqual(found.fixed, [])
    }

    /// A note label with a character a reader takes for a digit that is no ASCII letter or digit
    /// (a bar, `L`, `Z`, Cyrillic ZE, a superscript), a look-alike Latin capital (`Đ` for D) or a
    /// space inside its letters, and a reference in capitals and a letter for its number
    /// (`**DRI**`, `**GVl2**`): each one finding at the slip naming the label meant, never "skips"
    /// at the next note, and following the fix leaves no finding.
    func testLabelsWithOtherStandInsForADigitOrALetterAreOneFindingAtTheSlip() throws {
        let label = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '**\(written).**', a near form of the note label "
                + "\(meant). (\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let reference = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at): error: this reference is written '**\(written)**', a near form of the note label \(meant) "
                + "(\(why)): readers see it as written, and searching the course for it finds no note; write "
                + "**\(meant)** [note-series]"
        }
        let first = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "**DR1.** Bu", "**DRL.** Bu"),
            ("09-yerel-durum.md", "**DR2.** Bu", "**DRZ.** Bu"),
            ("09-yerel-durum.md", "**DR3.** Bu", "**DR\u{417}.** Bu"),
            ("09-yerel-durum.md", "budur:", "budur (bkz. **DRI**):"),
            ("10-baglama.md", "**DR4.** Bu", "**\u{110}R4.** Bu"),
            ("10-baglama.md", "**DR5.** Bu", "**D R5.** Bu"),
            ("10-baglama.md", "**DR6.** Bu ölçüm", "**DR6.** Bu ölçüm (bkz. **GVl2**)"),
        ])
        let dr = "09-yerel-durum.md"
        XCTAssertEqual(
            first.found,
            [
                reference("\(dr):148:36", "DRI", "DR1", "'I' where DR1 has '1'"),
                label("\(dr):150", "DRL", "DR1", "'L' where DR1 has '1'"),
                label("\(dr):216", "DRZ", "DR2", "'Z' where DR2 has '2'"),
                label("\(dr):257", "DR\u{417}", "DR3", "U+0417 CYRILLIC CAPITAL LETTER ZE where DR3 has '3'"),
                label(
                    "10-baglama.md:161", "\u{110}R4", "DR4",
                    "U+0110 LATIN CAPITAL LETTER D WITH STROKE where DR4 has 'D'"),
                label("10-baglama.md:221", "D R5", "DR5", "a space between D and R"),
                reference("10-baglama.md:257:28", "GVl2", "GV12", "'l' where GV12 has '1'"),
            ])
        XCTAssertEqual(first.fixed, [])
        let second = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "**DR1.** Bu", "**DR\u{B9}.** Bu"),
            ("01-bildirimsel-sozdizim.md", "**GV1.** Bu", "**GV|.** Bu"),
        ])
        XCTAssertEqual(
            second.found,
            [
                label("01-bildirimsel-sozdizim.md:144", "GV|", "GV1", "'|' where GV1 has '1'"),
                // A superscript digit reads as a digit of another script does (`**DR٣.**`), by the one reader.
                "lessons/\(dr):150:5: error: note 'DR\u{B9}.' reads as DR1 but has U+00B9 SUPERSCRIPT ONE where DR1 "
                    + "has '1'; write **DR1.** [note-series]",
            ])
        XCTAssertEqual(second.fixed, [])
    }

    /// A front matter key indented 1 or 2 spaces or a tab after a one-line value: YAML reads the
    /// line as more of that value and rejects it. One finding at the indented line ("remove the
    /// indentation"), never one at the line above nor "lacks" the key, which is read as meant; and
    /// following the fix leaves no finding.
    func testAnIndentedFrontMatterKeyIsOneFindingThere() throws {
        let found = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "\nlanguage: tr", "\n language: tr"),
            ("10-baglama.md", "\nlanguage: tr", "\n  language: tr"),
            ("README.md", "\nlessons: 21", "\n\tlessons: 21"),
        ])
        let indented = { (at: String, key: String, how: String, after: String) in
            "lessons/\(at):1: error: front matter line cannot be read: '\(key):' is indented \(how), so YAML reads "
                + "the line as more of the value of '\(after)' and rejects it; remove the indentation [front-matter]"
        }
        XCTAssertEqual(
            found.found,
            [
                indented("README.md:7", "lessons", "with a tab", "license"),
                indented("09-yerel-durum.md:5", "language", "1 space", "course"),
                indented("10-baglama.md:5", "language", "2 spaces", "course"),
            ])
        XCTAssertEqual(found.fixed, [])
        // A quote open on its line runs on over the indented line below, `: ` and all: no slip.
        let quoted = FrontMatter.parse(LineScanner.lines(of: "---\ntitle: 'Bir\n  not: iki'\nlanguage: tr\n---\n"))
        XCTAssertEqual(quoted?["title"]?.value, "Bir not: iki")
        XCTAssertEqual(quoted?.unreadable, [])
    }

    /// A part heading of the index written setext-style (`Name` over `---`) whose blank line above
    /// is lost, which renders as item 8's text and a rule, and a lesson title written over `---`
    /// (a level-2 heading): one finding each, whose fix writes the `## ` or `# ` heading and
    /// deletes the underline, leaving no finding and no stray rule.
    func testSetextHeadingsOverDashesFollowTheirFix() throws {
        let found = try findingsAndAfterTheFix([
            (
                "README.md", "(08-gorunum-kurucular.md)\n\n## Durum ve Gezinme",
                "(08-gorunum-kurucular.md)\nDurum ve Gezinme\n----------------"
            ),
            ("09-yerel-durum.md", "# Yerel Durum", "Yerel Durum\n-----------"),
        ])
        XCTAssertEqual(
            found.found,
            [
                "lessons/README.md:32:1: error: this line stands where a part's '## ' heading does, between two parts' "
                    + "items, but no blank line separates it from item 8 above it, so readers see 'Durum ve Gezinme' as "
                    + "that item's text, its '---' underline as a rule, and the items under it in part 'Görünüm Ağacı "
                    + "Modeli'; write '## Durum ve Gezinme' and delete the '---' underline at line 33 [course-index]",
                "lessons/09-yerel-durum.md:15:1: error: this heading is level 2 ('## '), but a lesson's title is its "
                    + "'# ' heading, and the lesson has none; write '# Yerel Durum' and delete the '---' underline at "
                    + "line 16 [front-matter]",
            ])
        XCTAssertEqual(found.fixed, [])
    }

    /// The closing table's lines, as the real course writes them: its header row, its delimiter
    /// row and its 21 rows.
    private func closingTable() throws -> [String] {
        let lesson = Binary.packageRoot.appendingPathComponent("lessons/21-on-izleme-ve-yineleme.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| Ders |") })
        return Array(lines[header...].prefix { $0.hasPrefix("|") })
    }

    /// Where a closing-table line may start: at most 3 columns past its containers' markers,
    /// whatever its header's indentation (a tab to the next multiple of four), as cmark-gfm
    /// reads it. A delimiter row at 4 columns under a header indented 1 to 3 (or a tab under 1),
    /// the header and delimiter rows both indented 4 or a tab, the whole table indented 4, and a
    /// no-break space before a row, the header or the delimiter row: each is one finding at the
    /// slipped line (the header's, for a block of lines indented as code), and following its fix
    /// leaves no finding (and the page cmark-gfm renders for the clean table).
    func testClosingTableLinesIndentedAsCodeOrLedByANoBreakSpace() throws {
        let table = try closingTable()
        let (header, delimiter, row9) = (table[0], table[1], table[10])
        XCTAssertTrue(row9.hasPrefix("| Yerel Durum |"), row9)
        let path = "lessons/21-on-izleme-ve-yineleme.md"
        let delimiterIndented = { (written: String) in
            "\(path):244:1: error: the closing table's delimiter row is indented \(written), so GitHub does not read "
                + "it as one and shows the whole table as a paragraph of pipes; remove the indentation [closing-table]"
        }
        let headerIndented = { (written: String, last: Int, rest: String) in
            "\(path):243:1: error: the closing table's header row is indented \(written), and the lines after it "
                + "through line \(last) are indented too, so GitHub shows lines 243–\(last) as code\(rest); remove "
                + "the indentation of lines 243–\(last) [closing-table]"
        }
        let pipes = " and the rest of the table as a paragraph of pipes"
        let nbsp = "U+00A0 NO-BREAK SPACE before its first '|', which GitHub reads as a cell of its own, "
        let cases: [(String, String, [String])] = PropertySeeds.sampled([
            (" " + header + "\n    " + delimiter, "header 1, delimiter 4", [delimiterIndented("4 spaces")]),
            ("  " + header + "\n    " + delimiter, "header 2, delimiter 4", [delimiterIndented("4 spaces")]),
            ("   " + header + "\n    " + delimiter, "header 3, delimiter 4", [delimiterIndented("4 spaces")]),
            (
                " " + header + "\n\t" + delimiter, "header 1, delimiter a tab",
                [delimiterIndented("4 columns (with a tab)")]
            ),
            ("    " + header + "\n    " + delimiter, "both 4", [headerIndented("4 spaces", 244, pipes)]),
            ("\t" + header + "\n\t" + delimiter, "both a tab", [headerIndented("4 columns (with a tab)", 244, pipes)]),
            (
                table.map { "    " + $0 }.joined(separator: "\n"), "the whole table 4",
                [headerIndented("4 spaces", 265, ", not as a table")]
            ),
            (
                header + "\n" + delimiter + "\n" + table[2..<10].joined(separator: "\n") + "\n\u{A0}" + row9,
                "a no-break space before row 9",
                [
                    "\(path):253:1: error: row 9 begins with \(nbsp)so every cell of the row shows one column right of "
                        + "its column; delete that character [closing-table]"
                ]
            ),
            (
                "\u{A0}" + header + "\n" + delimiter, "a no-break space before the header",
                [
                    "\(path):243:1: error: the closing table's header row begins with \(nbsp)so it has one cell more "
                        + "than its delimiter row and GitHub shows the table as a paragraph of pipes; delete that "
                        + "character [closing-table]"
                ]
            ),
            (
                header + "\n\u{A0}" + delimiter, "a no-break space before the delimiter row",
                [
                    "\(path):244:1: error: the closing table's delimiter row begins with \(nbsp)so it is no delimiter "
                        + "row and GitHub shows the table as a paragraph of pipes; delete that character [closing-table]"
                ]
            ),
            // Controls: indented at most 3 columns, each line renders as the clean table does.
            (" " + header + "\n   " + delimiter, "header 1, delimiter 3", []),
            ("   " + header + "\n   " + delimiter, "both 3", []),
            (table.map { "   " + $0 }.joined(separator: "\n"), "the whole table 3", []),
            (
                header + "\n" + delimiter + "\n" + table[2..<10].joined(separator: "\n") + "\n  " + row9,
                "row 9 indented 2", []
            ),
        ])
        for (edited, what, expected) in cases {
            let original = table[0..<(what.contains("row 9") ? 11 : what.contains("whole") ? table.count : 2)]
            let found = try findingsAndAfterTheFix([
                ("21-on-izleme-ve-yineleme.md", original.joined(separator: "\n"), edited)
            ])
            XCTAssertEqual(found.found, expected, what)
            XCTAssertEqual(found.fixed, [], what)
        }
    }

    /// A note reference whose number is a decimal digit of another script (Arabic-Indic,
    /// Extended Arabic-Indic, Devanagari, Bengali, fullwidth): one finding at the digit, naming it
    /// and the label to write with ASCII digits, and following it leaves no finding.
    func testAReferenceWithADigitOfAnotherScriptSaysWhatToWrite() throws {
        let sentence = "Yerel durumun getirisi budur:"
        let digits: [(Character, String)] = [
            ("\u{663}", "U+0663 ARABIC-INDIC DIGIT THREE"), ("\u{6F3}", "U+06F3 EXTENDED ARABIC-INDIC DIGIT THREE"),
            ("\u{969}", "U+0969 DEVANAGARI DIGIT THREE"), ("\u{9E9}", "U+09E9 BENGALI DIGIT THREE"),
            ("\u{FF13}", "U+FF13 FULLWIDTH DIGIT THREE"),
        ]
        for (digit, name) in digits {
            let found = try findingsAndAfterTheFix([
                ("09-yerel-durum.md", sentence, "Yerel durumun getirisi budur (bkz. **DR\(digit)**):")
            ])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/09-yerel-durum.md:148:40: error: note 'DR\(digit)' reads as DR3 but has \(name) where DR3 "
                        + "has '3'; write **DR3** [note-series]"
                ], name)
            XCTAssertEqual(found.fixed, [], name)
        }
    }

    /// A front matter closed with `===` (a setext underline that makes its keys a heading), `=`,
    /// a box-drawing line or `---` with text after it is one finding at that line, `write '---'`,
    /// never a "heading" quoting the keys (the index's too); following it leaves no finding.
    func testAFrontMatterClosedWithAnotherLineIsOneFindingThere() throws {
        let closing = "license: 'CC BY-SA 4.0'\n---\n"
        let result = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "çıkarır'\n---\n", "çıkarır'\n===\n"),
            ("10-baglama.md", closing, "license: 'CC BY-SA 4.0'\n=\n"),
            ("12-ortam-degerleri.md", closing, "license: 'CC BY-SA 4.0'\n───\n"),
            ("13-gezinme-yigiti-ve-yolu.md", closing, "license: 'CC BY-SA 4.0'\n--- son\n"),
            ("README.md", "olmadığını tanır'\n---\n", "olmadığını tanır'\n===\n"),
        ])
        func notClosed(_ written: String) -> String {
            "error: '\(written)' does not close the front matter, so readers see its keys as text; write '---' "
                + "[front-matter]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:14:1: \(notClosed("==="))",
                "lessons/09-yerel-durum.md:13:1: \(notClosed("==="))",
                "lessons/10-baglama.md:8:1: \(notClosed("="))",
                "lessons/12-ortam-degerleri.md:8:1: \(notClosed("───"))",
                "lessons/13-gezinme-yigiti-ve-yolu.md:8:1: \(notClosed("--- son"))",
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// Printable characters left before a front matter's `---` (`x---`, `\\t---`, `` `--- ``, `1 ---`),
    /// opening or closing, a lesson's or the index's: the line is text, so it is one finding there,
    /// `delete 'x'`, not "no front matter" or "add '---'" (which leaves the line showing);
    /// following it leaves no finding. `---` itself is the control.
    func testALeftoverBeforeTheFrontMattersDashesIsOneFindingThere() throws {
        let closing = "license: 'CC BY-SA 4.0'\n---\n"
        let result = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "çıkarır'\n---\n", "çıkarır'\n\\\\t---\n"),
            ("10-baglama.md", closing, "license: 'CC BY-SA 4.0'\n1 ---\n"),
            ("12-ortam-degerleri.md", "---\ntitle: '", "x---\ntitle: '"),
            ("13-gezinme-yigiti-ve-yolu.md", "---\ntitle: '", "`---\ntitle: '"),
            ("README.md", "---\ntitle: '", "x---\ntitle: '"),
            ("README.md", "olmadığını tanır'\n---\n", "olmadığını tanır'\n.---\n"),
        ])
        func slip(_ written: String, _ verb: String, _ leftover: String, _ fix: String) -> String {
            "error: '\(written)' does not \(verb) the front matter: it opens with '\(leftover)' before its '---', "
                + "which Markdown shows as text, so readers see its keys as text; \(fix) [front-matter]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:1:1: \(slip("x---", "open", "x", "delete 'x'"))",
                "lessons/README.md:14:1: \(slip(".---", "close", ".", "delete '.'"))",
                "lessons/09-yerel-durum.md:13:1: \(slip("\\\\t---", "close", "\\\\t", "delete '\\\\t'"))",
                "lessons/10-baglama.md:8:1: \(slip("1 ---", "close", "1", "delete '1' and the space after it"))",
                "lessons/12-ortam-degerleri.md:1:1: \(slip("x---", "open", "x", "delete 'x'"))",
                "lessons/13-gezinme-yigiti-ve-yolu.md:1:1: \(slip("`---", "open", "`", "delete '`'"))",
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A digit or a letter left right before a note's bold label (`1**DR1.**`, `2**DR11.**`,
    /// `1x**DR5.**`, `x**GV7.**`): the paragraph opens with it, so it is no note. One finding at the paragraph's
    /// start naming what is left, not a reference to an undefined note plus the next note
    /// "skipping" it; following the fix (the label as the course writes it, the control) leaves none.
    func testADigitOrLetterLeftBeforeANoteLabelIsOneFindingThere() throws {
        let result = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "\n**DR1.** Bu", "\n1**DR1.** Bu"),
            ("12-ortam-degerleri.md", "\n**DR11.** ", "\n2**DR11.** "),
            ("10-baglama.md", "\n**DR5.** ", "\n1x**DR5.** "),
            ("03-yigit-duzenleri.md", "\n**GV7.** ", "\nx**GV7.** "),
        ])
        func near(_ written: String, _ label: String, _ leftover: String) -> String {
            "error: this paragraph opens with '\(written)', a near form of the note label \(label). ('\(leftover)' "
                + "before it), so it does not read as a note; write **\(label).** [note-series]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/03-yigit-duzenleri.md:118:1: " + near("x**GV7.**", "GV7", "x"),
                "lessons/09-yerel-durum.md:150:1: " + near("1**DR1.**", "DR1", "1"),
                "lessons/10-baglama.md:221:1: " + near("1x**DR5.**", "DR5", "1x"),
                "lessons/12-ortam-degerleri.md:244:1: " + near("2**DR11.**", "DR11", "2"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A quote's `>` left before an index item's number (`>10. [`, `> 9. [`, `>>21. [`): GitHub
    /// shows the item in a block quote, apart from the list, where coursecheck was silent. One
    /// finding at the line, `delete '>'`; with a leftover before it (`x>13. [`) the line is text,
    /// one finding too. Following the fixes leaves none.
    func testAQuoteMarkerBeforeAnIndexItemsNumberIsOneFindingThere() throws {
        let result = try findingsAndAfterTheFix([
            ("README.md", "\n10. [", "\n>10. ["),
            ("README.md", "\n9. [", "\n> 9. ["),
            ("README.md", "\n21. [", "\n>>21. ["),
            ("README.md", "\n13. [", "\nx>13. ["),
        ])
        func quoted(_ written: String, _ fix: String, marker: String = ">") -> String {
            "error: '\(written)': the '\(marker)' before its number opens a block quote, so readers see this item "
                + "quoted, apart from the index's list; \(fix) [course-index]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:37:1: " + quoted("> 9. [", "delete '>' and the space after it"),
                "lessons/README.md:38:1: " + quoted(">10. [", "delete '>'"),
                "lessons/README.md:41:1: error: 'x>13. [' opens no list item: it starts with 'x>' before its number, "
                    + "and a list marker starts with the number, so readers see this line as text, not as an item of "
                    + "the index; write '13. [' [course-index]",
                "lessons/README.md:54:1: " + quoted(">>21. [", "delete '>>'", marker: ">>"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A heading's marker before an index item's number (`# 10. [`, `## 12. [`): cmark-gfm shows
    /// `<h1>10. <a href="10-baglama.md">Bağlama</a></h1>`, out of the list, and the outline took
    /// it for a part (three findings: a level-1 part heading, a lesson in the wrong part, a lesson
    /// not listed). One finding at the line, `delete '#' and the space after it`, the item read as
    /// meant; following it leaves none.
    func testAHeadingMarkerBeforeAnIndexItemsNumberIsOneFindingThere() throws {
        let result = try findingsAndAfterTheFix([
            ("README.md", "\n10. [", "\n# 10. ["),
            ("README.md", "\n12. [", "\n## 12. ["),
        ])
        func headed(_ written: String, _ marker: String) -> String {
            "error: '\(written)': the '\(marker)' before its number opens a heading, so readers see this item as a "
                + "heading, apart from the index's list; delete '\(marker)' and the space after it [course-index]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:38:1: " + headed("# 10. [", "#"),
                "lessons/README.md:40:1: " + headed("## 12. [", "##"),
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A bare fence (`~~~`, `~~~~`, a backtick run) typed for the front matter's closing or opening
    /// `---`: GitHub shows the keys as text (or code) and a code block from the fence on, so every
    /// later fence pairs wrongly. It is one finding at that line, `write '---'`, not a block
    /// opened where none was meant beside a front matter left open (the index's too); following
    /// it leaves no finding.
    func testAFenceTypedForTheFrontMattersDashesIsOneFindingThere() throws {
        let closing = "license: 'CC BY-SA 4.0'\n---\n"
        let result = try findingsAndAfterTheFix([
            ("09-yerel-durum.md", "çıkarır'\n---\n", "çıkarır'\n~~~\n"),
            ("10-baglama.md", closing, "license: 'CC BY-SA 4.0'\n```\n"),
            ("12-ortam-degerleri.md", closing, "license: 'CC BY-SA 4.0'\n~~~~\n"),
            ("13-gezinme-yigiti-ve-yolu.md", "---\ntitle: '", "~~~\ntitle: '"),
            ("14-sunum-ve-kapatma.md", "---\ntitle: '", "```\ntitle: '"),
            ("README.md", "olmadığını tanır'\n---\n", "olmadığını tanır'\n```\n"),
        ])
        func notClosed(_ written: String) -> String {
            "error: '\(written)' does not close the front matter but opens a code block, so readers see its keys as "
                + "text and the lesson after it as code; write '---' [front-matter]"
        }
        func notOpened(_ written: String) -> String {
            "error: '\(written)' does not open the front matter but a code block, so readers see its keys and the "
                + "lesson after them as code; write '---' [front-matter]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:14:1: \(notClosed("```"))",
                "lessons/09-yerel-durum.md:13:1: \(notClosed("~~~"))",
                "lessons/10-baglama.md:8:1: \(notClosed("```"))",
                "lessons/12-ortam-degerleri.md:8:1: \(notClosed("~~~~"))",
                "lessons/13-gezinme-yigiti-ve-yolu.md:1:1: \(notOpened("~~~"))",
                "lessons/14-sunum-ve-kapatma.md:1:1: \(notOpened("```"))",
            ])
        XCTAssertEqual(result.fixed, [])
    }

    /// A fence typed above a front matter's `---` (line 1 of a lesson or the index), an invisible
    /// character before a lesson's `# ` title, and both `---` lines typed as fences: each is one
    /// finding at its line (the fence, the title, the first fence line), and nothing downstream
    /// (no "no front matter", no fence pairing wrongly, no closing-table row naming another title,
    /// no index without `lessons`); following each fix leaves none. A fence whose block closes
    /// right after the front matter shows it as code on purpose: no stray fence.
    func testAFenceAboveTheFrontMatterAndAnInvisibleCharacterBeforeTheTitle() throws {
        let closing = "license: 'CC BY-SA 4.0'\n---\n"
        let result = try findingsAndAfterTheFix([
            ("05-izgara-ve-geometri.md", "---\ntitle: '", "```\n---\ntitle: '"),
            ("21-on-izleme-ve-yineleme.md", "---\ntitle: '", "~~~\n---\ntitle: '"),
            ("README.md", "---\ntitle: '", "~~~\n---\ntitle: '"),
            ("08-gorunum-kurucular.md", "\n# Görünüm", "\n\u{2060}# Görünüm"),
            ("03-yigit-duzenleri.md", "\n# Yığıt", "\n\u{200B}# Yığıt"),
            ("16-hareketler.md", "\n# ", "\n\u{AD}# "),
            ("17-ortuk-ve-acik-animasyonlar.md", "\n# ", "\n\u{FEFF}## "),
            ("13-gezinme-yigiti-ve-yolu.md", "---\ntitle: '", "```\ntitle: '"),
            ("13-gezinme-yigiti-ve-yolu.md", closing, "license: 'CC BY-SA 4.0'\n```\n"),
            ("10-baglama.md", "---\ntitle: '", "```\ntitle: '"),
            ("10-baglama.md", closing, "license: 'CC BY-SA 4.0'\n~~~\n"),
        ])
        func stray(_ written: String, _ page: String, _ runsTo: String) -> String {
            "1:1: error: '\(written)' above the front matter's '---' opens a code block where no block was meant: "
                + "readers see no front matter, and its keys and the \(page) after them as code \(runsTo); delete it "
                + "[front-matter]"
        }
        func title(_ character: String, _ marks: String, _ text: String, _ fix: String) -> String {
            "error: this line is the lesson's title, but it starts with \(character) before its '\(marks)', which "
                + "CommonMark does not skip, so readers see '\(marks) \(text)' as text and the lesson has no '# ' "
                + "heading; \(fix) [front-matter]"
        }
        XCTAssertEqual(
            result.found,
            [
                "lessons/README.md:" + stray("~~~", "index", "to the end of the file"),
                "lessons/03-yigit-duzenleri.md:10:1: "
                    + title("U+200B ZERO WIDTH SPACE", "#", "Yığıt Düzenleri", "delete that character"),
                "lessons/05-izgara-ve-geometri.md:"
                    + stray("```", "lesson", "up to line 86, and every later fence pairs wrongly"),
                "lessons/08-gorunum-kurucular.md:10:1: "
                    + title("U+2060 WORD JOINER", "#", "Görünüm Kurucular", "delete that character"),
                "lessons/10-baglama.md:1:1: error: '```' here and '~~~' at line 8 stand for the front "
                    + "matter's '---' lines, but they are code fences, so readers see no front matter, and its keys and "
                    + "the lesson after them as code ('~~~' does not close the block '```' opens); write '---' here and "
                    + "at line 8 [front-matter]",
                "lessons/13-gezinme-yigiti-ve-yolu.md:1:1: error: '```' here and '```' at line 8 stand for the front "
                    + "matter's '---' lines, but they are code fences, so readers see no front matter, and its keys in "
                    + "a code block; write '---' here and at line 8 [front-matter]",
                "lessons/16-hareketler.md:10:1: "
                    + title("U+00AD SOFT HYPHEN", "#", "Hareketler", "delete that character"),
                "lessons/17-ortuk-ve-acik-animasyonlar.md:10:1: "
                    + title(
                        "U+FEFF ZERO WIDTH NO-BREAK SPACE", "##", "Örtük ve Açık Animasyonlar",
                        "write '# Örtük ve Açık Animasyonlar'"),
                "lessons/21-on-izleme-ve-yineleme.md:" + stray("~~~", "lesson", "to the end of the file"),
            ])
        XCTAssertEqual(result.fixed, [])
        // A front matter fenced as code (its block closed right under it) is wrapped by a pair no page
        // means: the fence above it, with that closing fence, and the page's blocks start after it.
        func lines(_ texts: [String]) -> [Line] {
            texts.enumerated().map { Line(number: $0 + 1, text: $1, ending: .lf) }
        }
        let wrapped = FrontMatter.repairingFence(lines(["```", "---", "title: x", "---", "```", "", "# T"]))
        XCTAssertEqual(wrapped?.strayFence?.written, "```")
        XCTAssertEqual(wrapped?.strayFence?.runsTo, 5)
        XCTAssertEqual(wrapped?.strayFence?.wraps, true)
        XCTAssertEqual(wrapped?.bodyStart, 5)
        let stray = FrontMatter.repairingFence(lines(["```yaml", "---", "title: x", "---", "", "# T"]))?.strayFence
        XCTAssertEqual(stray?.written, "```yaml")
        XCTAssertEqual(stray.map { $0.runsTo == nil }, true)
    }

    /// A front matter whose closing `---` is missing, with a blank line and then a fence under its
    /// keys: the fence is a block of the lesson's, not a slipped closing line; the `---` belongs
    /// before the blank line. Right under the keys, the fence is the closing line slipped.
    func testAFenceAfterABlankLineUnderOpenKeysIsNoClosingLine() {
        func lines(_ texts: [String]) -> [Line] {
            texts.enumerated().map { Line(number: $0 + 1, text: $1, ending: .lf) }
        }
        let blank = lines(["---", "title: x", "", "```", "x", "```"])
        XCTAssertEqual(FrontMatter.repairingClose(blank)?.unclosed.map { [$0.before] }, [3])
        XCTAssertEqual(FrontMatter.repairingClose(blank)?.unclosed?.written, nil)
        XCTAssertNil(FrontMatter.repairingFence(blank))
        let slipped = lines(["---", "title: x", "~~~", "", "# T"])
        XCTAssertEqual(FrontMatter.repairingFence(slipped)?.unclosed?.written, "~~~")
        XCTAssertEqual(FrontMatter.repairingFence(slipped)?.closingLine, 3)
    }

    /// A trigger bullet whose marker is typed `--` or `·` (U+00B7) is taken into the bullet above
    /// as its text, or is a paragraph after a blank line: one finding at that line naming the
    /// marks, never "no bullet" at the section's heading; writing `- ` for them leaves none.
    func testATriggerBulletUnderANearMarkerIsOneFindingThere() throws {
        let cases: [(marker: String, blank: Bool, named: String)] = [
            ("--", false, "'--'"), ("\u{B7}", false, "U+00B7 MIDDLE DOT"), ("--", true, "'--'"),
            ("\u{B7}", true, "U+00B7 MIDDLE DOT"), ("-\u{B7}", false, "'-\u{B7}' (U+00B7 MIDDLE DOT)"),
        ]
        for (marker, blank, named) in cases {
            let copy = try CourseCopy.make(for: self)
            let url = copy.url.appendingPathComponent("lessons/09-yerel-durum.md")
            let bullet = "- Bu dersin tetiği: **yerel**."
            try CourseCopy.replace(
                "\n" + bullet, with: (blank ? "\n\n" : "\n") + marker + bullet.dropFirst(), in: url)
            let found = courseFindings(in: copy.url)
            XCTAssertEqual(
                found,
                [
                    "lessons/09-yerel-durum.md:\(blank ? 267 : 266):1: error: the 'Bu dersin tetiği:' line is here, "
                        + "but it opens with \(named), which is no bullet marker (a bullet opens with '-', '*' or '+' "
                        + "and a space), so it is not the lesson's trigger bullet; write it as a bullet of its own, "
                        + "'- Bu dersin tetiği: **…**', after a blank line or another bullet [declared-trigger]"
                ], marker)
            try CourseCopy.replace(marker + bullet.dropFirst(), with: bullet, in: url)
            XCTAssertEqual(InProcess.run(["lessons/"], in: copy.url).status, .clean, marker)
        }
    }

    /// A trigger bullet whose `-` is followed by a backslash (`-\ Bu`, `-\tBu` typed for a tab as
    /// code writes one, `-\Bu`) or comes after one (`\t- Bu`, `\ - Bu`) is text, taken into the
    /// bullet above: one finding at its line naming the backslash, never "no bullet" at the
    /// section's heading; writing `- ` leaves none. A real tab after the `-` is a bullet
    /// (cmark-gfm), no finding.
    func testATriggerBulletWithABackslashAfterItsMarkerIsOneFindingThere() throws {
        let bullet = "- Bu dersin tetiği: **yerel**."
        let after = "'-' is followed by "
        let before = ", before its '-', which Markdown shows as text"
        let forms: [(String, String?)] = PropertySeeds.sampled([
            ("-\\ Bu", after + "'\\', a backslash"),
            ("-\\tBu", after + "'\\t', a backslash and a 't', as code writes a tab"),
            ("-\\Bu", after + "'\\', a backslash"), ("-\tBu", nil),
            ("\\t- Bu", "it opens with '\\t', a backslash and a 't', as code writes a tab" + before),
            ("\\ - Bu", "it opens with '\\', a backslash" + before),
        ])
        for (written, named) in forms {
            let copy = try CourseCopy.make(for: self)
            let url = copy.url.appendingPathComponent("lessons/09-yerel-durum.md")
            try CourseCopy.replace(bullet, with: written + bullet.dropFirst(4), in: url)
            let found = courseFindings(in: copy.url)
            XCTAssertEqual(
                found,
                named.map {
                    [
                        "lessons/09-yerel-durum.md:266:1: error: the 'Bu dersin tetiği:' line is here, but \($0)"
                            + ($0.hasPrefix(after) ? ", where a list marker needs a space" : "")
                            + ", so it is not the lesson's trigger bullet; write it as a bullet of its own, "
                            + "'- Bu dersin tetiği: **…**', after a blank line or another bullet [declared-trigger]"
                    ]
                } ?? [], written)
            try CourseCopy.replace(written + bullet.dropFirst(4), with: bullet, in: url)
            XCTAssertEqual(InProcess.run(["lessons/"], in: copy.url).status, .clean, written)
        }
    }

    /// Every count the distribution sentence states for a trigger is judged, a second one after
    /// the first too (in parentheses or later in them, after a colon, a slash or a dash, after
    /// `ya da`, in words): a wrong one is one
    /// finding at it, and one that agrees is none; writing the count it says leaves none.
    func testASecondCountInTheDistributionSentenceIsJudged() throws {
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let cases: [(written: String, column: Int, says: String, wrong: String, right: String)] = PropertySeeds.sampled(
            [
                (
                    "yerel 6, ebeveyn 4, gözlem 4, ortam altı (7).", 119, "ortam 7, but 6 lessons declare ortam", "(7)",
                    "(6)"
                ),
                (
                    "yerel 6, ebeveyn 4 (5), gözlem 4, ortam 6.", 95, "ebeveyn 5, but 4 lessons declare ebeveyn", "(5)",
                    "(4)"
                ),
                (
                    "yerel 6, ebeveyn 4 ya da 5, gözlem 4, ortam 6.", 100, "ebeveyn 5, but 4 lessons declare ebeveyn",
                    "ya da 5", "ya da 4"
                ),
                (
                    "yerel 6, ebeveyn dört (5), gözlem 4, ortam 6.", 99, "ebeveyn 5, but 4 lessons declare ebeveyn",
                    "(5)",
                    "(4)"
                ),
                (
                    "yerel: 6 (7), ebeveyn 4, gözlem 4, ortam 6.", 85, "yerel 7, but 6 lessons declare yerel", "(7)",
                    "(6)"
                ),
                // After a slash or a dash (a range), or later in a parenthesis opened after the count.
                (
                    "yerel 6, ebeveyn 4, gözlem 4/5, ortam 6.", 105, "gözlem 5, but 4 lessons declare gözlem", "4/5",
                    "4/4"
                ),
                (
                    "yerel 6, ebeveyn 4, gözlem 4\u{2013}5, ortam 6.", 107, "gözlem 5, but 4 lessons declare gözlem",
                    "4\u{2013}5", "4\u{2013}4"
                ),
                (
                    "yerel 6, ebeveyn 4, gözlem 4-5, ortam 6.", 105, "gözlem 5, but 4 lessons declare gözlem", "4-5",
                    "4-4"
                ),
                (
                    "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (altı değil, 7).", 129,
                    "ortam 7, but 6 lessons declare ortam",
                    "7)", "6)"
                ),
                (
                    "yerel 6 (ya da belki 7), ebeveyn 4, gözlem 4, ortam 6.", 96,
                    "yerel 7, but 6 lessons declare yerel",
                    "7)", "6)"
                ),
                ("yerel 6 (altı), ebeveyn 4, gözlem 4, ortam yedi (6).", 0, "", "", ""),
            ])
        for (written, column, says, wrong, right) in cases {
            let copy = try CourseCopy.make(for: self)
            let last = try CourseCopy.lastLesson(in: copy.url.appendingPathComponent("lessons"))
            try CourseCopy.replace(sentence, with: written, in: last.url)
            let found = courseFindings(in: copy.url)
            guard column > 0 else {
                // `ortam yedi (6)`: the first count is the wrong one.
                XCTAssertEqual(
                    found,
                    [
                        "lessons/\(last.file):267:120: error: says ortam 7, but 6 lessons declare ortam "
                            + "[trigger-distribution]"
                    ], written)
                continue
            }
            XCTAssertEqual(
                found, ["lessons/\(last.file):267:\(column): error: says \(says) [trigger-distribution]"], written)
            try CourseCopy.replace(written, with: written.replacingOccurrences(of: wrong, with: right), in: last.url)
            XCTAssertEqual(InProcess.run(["lessons/"], in: copy.url).status, .clean, written)
        }
    }

    /// `bir` (`tek bir`) before a trigger word going on into a phrase is the article ("a local
    /// change", "a single environment value"), no count: a sentence of ordinary prose after the
    /// distribution, or the index's intro (which says `bir ortam değeri`) once the sentence joins
    /// its paragraph, gives no finding. `bir` ending an item of a list of counts (`bir yerel, dört
    /// ebeveyn`) is the count 1, judged; writing the count it says leaves none.
    func testTheArticleBirBeforeATriggerWordIsNoCount() throws {
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        for prose in [
            "Her tetik bir yerel ya da uzak değişiklikten doğar.",
            "Tek bir ortam değeri birçok görünümü etkileyebilir.",
            "Bir ebeveyn görünüm, bir gözlem modeline ve bir ortam değerine bağlanabilir.",
            "Bir yerel veya uzak değişiklik, tek bir ortam değeri ile de gelebilir.",
        ] {
            let copy = try CourseCopy.make(for: self)
            let last = try CourseCopy.lastLesson(in: copy.url.appendingPathComponent("lessons"))
            try CourseCopy.replace(sentence, with: sentence + " " + prose, in: last.url)
            let run = InProcess.run(["lessons/"], in: copy.url)
            XCTAssertEqual(run.status, .clean, "\(prose): \(run.stderr)")
        }
        // The index's intro paragraph with the distribution sentence appended: its `bir ortam değeri` is no count.
        let copy = try CourseCopy.make(for: self)
        let index = copy.url.appendingPathComponent("lessons/README.md")
        let intro = " Değiştiriciler, yığıt ve ızgara düzenleri,"
        try CourseCopy.replace(
            intro, with: " Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: \(sentence)" + intro, in: index)
        let run = InProcess.run(["lessons/"], in: copy.url)
        XCTAssertEqual(run.status, .clean, run.stderr)
        // `bir` as an item of a list of counts is the count 1.
        let counted = "bir yerel, dört ebeveyn, dört gözlem ve altı ortam."
        let scratch = try CourseCopy.make(for: self)
        let last = try CourseCopy.lastLesson(in: scratch.url.appendingPathComponent("lessons"))
        try CourseCopy.replace(sentence, with: counted, in: last.url)
        let found = courseFindings(in: scratch.url)
        XCTAssertEqual(
            found,
            ["lessons/\(last.file):267:75: error: says yerel 1, but 6 lessons declare yerel [trigger-distribution]"])
        try CourseCopy.replace("bir yerel", with: "altı yerel", in: last.url)
        XCTAssertEqual(InProcess.run(["lessons/"], in: scratch.url).status, .clean)
    }

    /// A closing-table cell with an emoji (or any text beyond ASCII) added before or after the
    /// title is one finding at the cell naming what was added by code point, never a "decomposed"
    /// letter; deleting it leaves none.
    func testAnEmojiAddedToAClosingTableTitleIsNamed() throws {
        let cases: [(written: String, added: String, side: String)] = [
            (
                "| \u{26A0}\u{FE0F} Ortam Değerleri |",
                "'\u{26A0}\u{FE0F} ' before it: U+26A0 WARNING SIGN, "
                    + "U+FE0F VARIATION SELECTOR-16 and a space; delete them", "before"
            ),
            ("| \u{1F4CC}Ortam Değerleri |", "'\u{1F4CC}' before it: U+1F4CC PUSHPIN; delete it", "before"),
            (
                "| Ortam Değerleri \u{2705} |",
                "' \u{2705}' after it: a space and U+2705 WHITE HEAVY CHECK MARK; "
                    + "delete them", "after"
            ),
        ]
        for (written, added, side) in cases {
            let copy = try CourseCopy.make(for: self)
            let last = try CourseCopy.lastLesson(in: copy.url.appendingPathComponent("lessons"))
            try CourseCopy.replace("| Ortam Değerleri |", with: written, in: last.url)
            let found = courseFindings(in: copy.url)
            let cell = written.dropFirst(2).dropLast(2)
            XCTAssertEqual(
                found,
                [
                    // At what was added: the cell's start, or after the title.
                    "lessons/\(last.file):256:\(side == "before" ? 3 : 19): error: row 12 names '\(cell)'; lesson 12 "
                        + "is 'Ortam Değerleri' "
                        + "(it has \(added)) [closing-table]"
                ], written)
            try CourseCopy.replace(written, with: "| Ortam Değerleri |", in: last.url)
            XCTAssertEqual(InProcess.run(["lessons/"], in: copy.url).status, .clean, written)
        }
    }

    /// A note label with any mark where its full stop belongs (`…`, as autocorrect makes of `...`,
    /// `!`, `·`, `。`, `﹒`, `٫`, `။`, `⸱`), any mark between its letters and number (`_`, `#`, `.`),
    /// its number typed twice, `S` for a 5, or a letter of its prefix dropped, doubled or changed,
    /// where the series is due that note (the last of its lesson, the last of its series too): one
    /// finding at the paragraph, `write **DR5.**`, never "skips" at the next note or nothing at all.
    /// Following it leaves no finding.
    func testAnyMarkOrPrefixSlipInANoteLabelIsOneFindingAtTheSlip() throws {
        let near = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '\(written)', a near form of the note label \(meant). "
                + "(\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let stops: [(String, String)] = PropertySeeds.sampled([
            ("\u{2026}", "U+2026 HORIZONTAL ELLIPSIS"), ("!", "'!'"), ("\u{B7}", "U+00B7 MIDDLE DOT"),
            ("\u{3002}", "U+3002 IDEOGRAPHIC FULL STOP"), ("\u{FE52}", "U+FE52 SMALL FULL STOP"),
            ("\u{66B}", "U+066B ARABIC DECIMAL SEPARATOR"), ("\u{104B}", "U+104B MYANMAR SIGN SECTION"),
            ("\u{2E31}", "U+2E31 WORD SEPARATOR MIDDLE DOT"),
        ])
        for (stop, name) in stops {
            // DR5 mid-lesson, DR6 the last of its lesson, DR21 the last of its series, GV7.
            let found = try findingsAndAfterTheFix([
                ("03-yigit-duzenleri.md", "**GV7.** Bu", "**GV7\(stop)** Bu"),
                ("10-baglama.md", "**DR6.** Bu", "**DR6\(stop)** Bu"),
                ("15-sekme-ve-arac-cubugu.md", "**DR21.** Bu", "**DR21\(stop)** Bu"),
            ])
            let why = "\(name) for its full stop"
            XCTAssertEqual(
                found.found,
                [
                    near("03-yigit-duzenleri.md:118", "**GV7\(stop)**", "GV7", why),
                    near("10-baglama.md:257", "**DR6\(stop)**", "DR6", why),
                    near("15-sekme-ve-arac-cubugu.md:263", "**DR21\(stop)**", "DR21", why),
                ], name)
            XCTAssertEqual(found.fixed, [], name)
        }
        let forms: [(String, String)] = PropertySeeds.sampled([
            ("**DR_5.**", "'_' between DR and 5"), ("**DR#5.**", "'#' between DR and 5"),
            ("**DR.5.**", "'.' between DR and 5"), ("**DR5.5.**", "'.5.' for its full stop"),
            ("**DRS.**", "'S' where DR5 has '5'"), ("**D5.**", "'D' for DR"), ("**R5.**", "'R' for DR"),
            ("**DRR5.**", "'DRR' for DR"), ("*DR5!*", "not in bold, '!' for its full stop"),
            ("**DR  5.**", "a space between DR and 5"),
        ])
        for (form, why) in forms {
            let found = try findingsAndAfterTheFix([("10-baglama.md", "**DR5.** Bu", "\(form) Bu")])
            XCTAssertEqual(found.found, [near("10-baglama.md:221", form, "DR5", why)], form)
            XCTAssertEqual(found.fixed, [], form)
        }
        // Where the series is not due that note, a loose reading is no note: the label is the
        // series' gap, named at the next note, as before.
        let copy = try CourseCopy.make(for: self)
        try CourseCopy.replace(
            "**DR5.** Bu", with: "**DR9!** Bu", in: copy.url.appendingPathComponent("lessons/10-baglama.md"))
        let far = InProcess.run(["lessons/"], in: copy.url).stderr.split(separator: "\n")
            .filter { $0.contains(": error: ") }.map(String.init)
        XCTAssertEqual(
            far,
            [
                "lessons/10-baglama.md:257:1: error: note DR6 skips DR5 (or, if deleted by mistake, put DR5 back); "
                    + "renumber the notes from here in reading order: DR6–DR21 (10-baglama.md, "
                    + "11-gozlemlenebilir-nesneler.md, 12-ortam-degerleri.md, 13-gezinme-yigiti-ve-yolu.md, "
                    + "14-sunum-ve-kapatma.md, 15-sekme-ve-arac-cubugu.md) as DR5–DR20 [note-series]"
            ])
    }

    /// A note label with a fullwidth full stop (U+FF0E) is read as its note, and its fix is the
    /// note's label, full stop and all (`write **DR5.**`, not the reference form `**DR5**`); a
    /// reference so written is the reference with its full stop. Following either leaves no finding.
    func testAFullwidthFullStopSaysToWriteTheNotesLabel() throws {
        let found = try findingsAndAfterTheFix([
            ("10-baglama.md", "**DR5.** Bu", "**DR5\u{FF0E}** Bu"),
            ("10-baglama.md", "**DR6.** Bu ölçüm", "**DR6.** Bu ölçüm (bkz. **DR4\u{FF0E}**)"),
        ])
        XCTAssertEqual(
            found.found,
            [
                "lessons/10-baglama.md:221:6: error: note 'DR5\u{FF0E}' reads as DR5 but has U+FF0E FULLWIDTH FULL STOP "
                    + "where DR5 has '.'; write **DR5.** [note-series]",
                "lessons/10-baglama.md:257:33: error: note 'DR4\u{FF0E}' reads as DR4 but has U+FF0E FULLWIDTH FULL "
                    + "STOP where DR4 has '.'; write **DR4.** [note-series]",
            ])
        XCTAssertEqual(found.fixed, [])
    }

    /// A note label typed with escaped asterisks (`\*\*DR5.\*\*`, what a rich-text export makes of
    /// bold, or `\**DR5.**`): readers see the asterisks, so it is one near-form finding at the
    /// paragraph, never a reference to a note no paragraph defines and "skips" at the next note.
    func testEscapedAsterisksAroundANoteLabelAreOneFindingAtTheSlip() throws {
        let why = "written with escaped '\\*', so readers see the asterisks"
        for (file, line, label, form) in [
            ("10-baglama.md", 221, "DR5", "\\*\\*DR5.\\*\\*"), ("10-baglama.md", 257, "DR6", "\\*\\*DR6.\\*\\*"),
            ("10-baglama.md", 221, "DR5", "\\**DR5.**"),
        ] {
            let found = try findingsAndAfterTheFix([(file, "**\(label).** Bu", "\(form) Bu")])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/\(file):\(line):1: error: this paragraph opens with '\(form)', a near form of the note "
                        + "label \(label). (\(why)), so it does not read as a note; write **\(label).** [note-series]"
                ], form)
            XCTAssertEqual(found.fixed, [], form)
        }
    }

    /// A note label wrapped in other inline syntax at its paragraph's start, where readers do not
    /// see a bold label: in a code span (`` `**DR4.**` ``, its marks in code font), struck through
    /// (`~~`, `~`, `<del>`, `<s>`, outside the bold or in it), an image's alt text (`![**DR4.**](x)`,
    /// an image to a reader), a link's text not in bold, an HTML
    /// comment around it alone (the comment owner's finding); the lesson's last note too. One near-form finding at the paragraph, never a reference to a note no
    /// paragraph defines and a "skips" at the next note (in the next lesson for a lesson's last),
    /// and following the fix leaves none. Wrapped where GitHub still shows a bold label (bold in
    /// emphasis, in a link, in raw `<code>`, raw `<b>`) it is the note, no finding (cmark-gfm).
    func testANoteLabelWrappedInOtherInlineSyntaxIsOneFindingAtTheParagraph() throws {
        let near = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '\(written)', a near form of the note label \(meant). "
                + "(\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let code = "in a code span, so readers see its asterisks in code font"
        let cases: [(file: String, line: Int, label: String, form: String, why: String)] = PropertySeeds.sampled([
            ("10-baglama.md", 161, "DR4", "`**DR4.**`", code),
            ("10-baglama.md", 257, "DR6", "`**DR6.**`", code),
            ("12-ortam-degerleri.md", 244, "DR11", "`**DR11.**`", code),
            ("10-baglama.md", 161, "DR4", "`__DR4.__`", "in a code span, so readers see its underscores in code font"),
            ("10-baglama.md", 161, "DR4", "`` **DR4.** ``", code),
            ("10-baglama.md", 161, "DR4", "`**DR4:**`", code + ", ':' for its full stop"),
            ("10-baglama.md", 161, "DR4", "~~**DR4.**~~", "struck through"),
            ("10-baglama.md", 257, "DR6", "~**DR6.**~", "struck through"),
            ("10-baglama.md", 161, "DR4", "**~~DR4.~~**", "struck through"),
            ("10-baglama.md", 161, "DR4", "~~DR4.~~", "struck through, not in bold"),
            ("10-baglama.md", 161, "DR4", "<del>**DR4.**</del>", "struck through"),
            ("10-baglama.md", 161, "DR4", "<s>DR4.</s>", "struck through, not in bold"),
            ("10-baglama.md", 161, "DR4", "![**DR4.**](x)", "as an image's alt text"),
            ("10-baglama.md", 161, "DR4", "![DR4.](x)", "as an image's alt text, not in bold"),
        ])
        for slip in cases {
            let found = try findingsAndAfterTheFix([(slip.file, "**\(slip.label).** Bu", "\(slip.form) Bu")])
            XCTAssertEqual(found.found, [near("\(slip.file):\(slip.line)", slip.form, slip.label, slip.why)], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        // Still a bold label to a reader: the note.
        let controls = try findings(
            "10-baglama.md", "**DR4.** Bu",
            ["***DR4.*** Bu", "*__DR4.__* Bu", "[**DR4.**](x) Bu", "<code>**DR4.**</code> Bu", "<b>DR4.</b> Bu"])
        XCTAssertEqual(controls, Array(repeating: [], count: 5))
        // A comment around the label alone (`<!-- **DR4.** --> Bu`) makes the line raw HTML and hides
        // the label: one finding, whose fix takes the label out of the comment, never a "missing" note.
        let comment = try findingsAndAfterTheFix([("10-baglama.md", "**DR4.** Bu", "<!-- **DR4.** --> Bu")])
        XCTAssertEqual(
            comment.found,
            [
                "lessons/10-baglama.md:161:1: error: this line opens with an HTML comment, so GitHub passes the whole "
                    + "line through as raw HTML: readers see 'Bu ölçüm iki değişiklik ve iki anahtar için. Düğmenin "
                    + "eyl…' as written, its Markdown not rendered, and not the note label **DR4.** the comment holds; "
                    + "write '**DR4.**' in place of '<!-- **DR4.** -->' [comment-look-alike]"
            ])
        XCTAssertEqual(comment.fixed, [])
        // A link's text not in bold is the label not in bold, one finding (its `[` once hid it);
        // written in bold, it is the note (a control above).
        let link = try findings("10-baglama.md", "**DR4.** Bu", ["[DR4.](x) Bu"])
        XCTAssertEqual(
            link,
            [
                [
                    "lessons/10-baglama.md:161:1: error: this paragraph opens with '[DR4.](x)', the note label DR4. "
                        + "but not in bold, so it does not read as a note; write **DR4.** [note-series]"
                ]
            ])
    }

    /// A note label whose asterisks are typed as character references (`&#42;`, `&#x2A;`, `&ast;`,
    /// `&lowbar;` for `_`), all of them or one side only, or escaped on one side: cmark-gfm shows
    /// `**DR4.**` as written, as for `\*\*DR4.\*\*`. One near-form finding at the paragraph naming
    /// that, never a reference to a note no paragraph defines and a "skips" at the next note (in the
    /// next lesson for a lesson's last), and following the fix leaves none.
    func testANoteLabelWithItsAsterisksAsEntitiesIsOneFindingAtTheParagraph() throws {
        let near = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '\(written)', a near form of the note label \(meant). "
                + "(\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let entities = "its asterisks written as entities, so readers see them"
        let cases: [(line: Int, label: String, form: String, why: String)] = PropertySeeds.sampled([
            (161, "DR4", "&#42;&#42;DR4.&#42;&#42;", entities),
            (161, "DR4", "&ast;&ast;DR4.&ast;&ast;", entities),
            (161, "DR4", "&#x2A;&#x2a;DR4.&#X2A;&#42;", entities),
            (161, "DR4", "&#42;*DR4.**", entities),
            (161, "DR4", "**DR4.&#42;&#42;", entities),
            (161, "DR4", "&#42;&#42;DR4.**", entities),
            (
                161, "DR4", "&lowbar;&lowbar;DR4.&lowbar;&lowbar;",
                "its underscores written as entities, so readers see them"
            ),
            (161, "DR4", "**DR4.\\*\\*", "written with escaped '\\*', so readers see the asterisks"),
            (257, "DR6", "&#42;&#42;DR6.&#42;&#42;", entities),
        ])
        for slip in cases {
            let found = try findingsAndAfterTheFix([("10-baglama.md", "**\(slip.label).** Bu", "\(slip.form) Bu")])
            XCTAssertEqual(
                found.found, [near("10-baglama.md:\(slip.line)", slip.form, slip.label, slip.why)], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        // An entity inside the bold is the label as rendered: the note.
        XCTAssertEqual(try findings("10-baglama.md", "**DR4.** Bu", ["**DR&#52;.** Bu"]), [[]])
    }

    /// A note label with no space after it (`**GV8.**Bu`): after its full stop and before a letter
    /// or digit the closing asterisks cannot close (cmark-gfm shows `**GV8.**Bu` as written), so
    /// readers see them. One near-form finding at the paragraph, in every series and for a lesson's
    /// last note too, never a reference to a note no paragraph defines and a "skips" at the next
    /// note; its fix writes the space, and following it leaves none. So for a near form glued to
    /// its word (`**DR4**Bu`, bold with no full stop, `__DR4.__Bu`, `*DR4.*Bu`, escaped asterisks).
    /// Where the bold closes before punctuation (`**DR4.**(bkz.`, `**DR4.**’`) it is the note.
    func testANoteLabelWithNoSpaceAfterItIsOneFindingAtTheParagraph() throws {
        let seen = "no space after it, so readers see its asterisks"
        let cases: [(file: String, line: Int, label: String, form: String, why: String)] = PropertySeeds.sampled([
            ("03-yigit-duzenleri.md", 163, "GV8", "**GV8.**Bu", seen),
            ("12-ortam-degerleri.md", 184, "DR10", "**DR10.**Bu", seen),
            ("10-baglama.md", 257, "DR6", "**DR6.**Bu", seen),
            ("10-baglama.md", 161, "DR4", "**DR4.**1", seen),
            ("10-baglama.md", 161, "DR4", "__DR4.__Bu", "no space after it, so readers see its underscores"),
            ("10-baglama.md", 161, "DR4", "*DR4.*Bu", "not in bold, no space after it, so readers see its asterisk"),
            ("10-baglama.md", 161, "DR4", "**DR4:**Bu", "':' for its full stop, " + seen),
            ("10-baglama.md", 161, "DR4", "**DR4**Bu", "no full stop, no space after it"),
            ("10-baglama.md", 161, "DR4", "**DR4**.Bu", "its full stop outside the bold, no space after it"),
            (
                "10-baglama.md", 161, "DR4", "\\*\\*DR4.\\*\\*Bu",
                "written with escaped '\\*', so readers see the asterisks, no space after it"
            ),
        ])
        for slip in cases {
            let rest = String(slip.form.reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
            let found = try findingsAndAfterTheFix([
                (slip.file, "**\(slip.label).** Bu", slip.form + String(rest == "1" ? " Bu" : ""))
            ])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/\(slip.file):\(slip.line):1: error: this paragraph opens with '\(slip.form)', a near form "
                        + "of the note label \(slip.label). (\(slip.why)), so it does not read as a note; write "
                        + "'**\(slip.label).** \(rest)' in place of '\(slip.form)' [note-series]"
                ], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        // The bold closes before punctuation: readers see the note.
        XCTAssertEqual(
            try findings(
                "10-baglama.md", "**DR4.** Bu", ["**DR4.**(bkz. Bu", "**DR4.**\u{2019} Bu", "**DR4.**\"Bu\""]),
            [[], [], []])
    }

    /// An underline typed right under the trigger bullet: at the margin `===` (or `--`) cannot
    /// underline a list item's text, so cmark-gfm shows it at the bullet's end
    /// (`<li>Bu dersin tetiği: <strong>ortam</strong>.\n===</li>`); indented into the item, `===` or
    /// `---` makes the bullet a heading. One finding at the underline, `delete this line`, never
    /// "no bullet" at the Özet heading, and following it leaves none. A `---` at the margin is a
    /// rule after the list (`<hr />`): no finding.
    func testAnUnderlineUnderTheTriggerBulletIsOneFindingAtIt() throws {
        let bullet = "- Bu dersin tetiği: **ortam**."
        let text = "lessons/12-ortam-degerleri.md:309"
        let cases: [(underline: String, found: String)] = [
            (
                "===",
                "\(text):1: error: this '===' right under the trigger bullet (line 308) cannot underline a list "
                    + "item's text, so readers see it as text at the bullet's end; delete this line [declared-trigger]"
            ),
            (
                "--",
                "\(text):1: error: this '--' right under the trigger bullet (line 308) cannot underline a list "
                    + "item's text, so readers see it as text at the bullet's end; delete this line [declared-trigger]"
            ),
            (
                "  ===",
                "\(text):3: error: this '===' right under the trigger bullet (line 308) underlines it as a "
                    + "heading, so it does not read as the lesson's trigger bullet; delete this line [declared-trigger]"
            ),
            (
                "  ---",
                "\(text):3: error: this '---' right under the trigger bullet (line 308) underlines it as a "
                    + "heading, so it does not read as the lesson's trigger bullet; delete this line [declared-trigger]"
            ),
        ]
        for slip in cases {
            let found = try findingsAndAfterTheFix([("12-ortam-degerleri.md", bullet, bullet + "\n" + slip.underline)])
            XCTAssertEqual(found.found, [slip.found], slip.underline)
            XCTAssertEqual(found.fixed, [], slip.underline)
        }
        XCTAssertEqual(try findings("12-ortam-degerleri.md", bullet, [bullet + "\n---"]), [[]])
    }

    /// A code span that opens at a note label and runs on into the text after it (`` `**DR4.** Bu` ``):
    /// one finding at the paragraph whose fix takes the span's content out of code with the label
    /// as meant, never a reference to a note no paragraph defines and a "skips" at the next note;
    /// following the fix leaves none.
    func testACodeSpanRunningOnPastANoteLabelIsOneFindingAtTheParagraph() throws {
        let cases: [(line: Int, label: String, form: String, meant: String)] = [
            (161, "DR4", "`**DR4.** Bu`", "**DR4.** Bu"), (161, "DR4", "`**DR4.** Bu ölçüm`", "**DR4.** Bu ölçüm"),
            (161, "DR4", "`` **DR4.** Bu ``", "**DR4.** Bu"), (161, "DR4", "`__DR4.__ Bu`", "**DR4.** Bu"),
            (161, "DR4", "`**DR4:** Bu`", "**DR4.** Bu"), (257, "DR6", "`**DR6.** Bu`", "**DR6.** Bu"),
        ]
        for slip in cases {
            let rest = slip.form.hasSuffix("ölçüm`") ? "" : " ölçüm"
            let found = try findingsAndAfterTheFix([
                ("10-baglama.md", "**\(slip.label).** Bu ölçüm", "\(slip.form)\(rest)")
            ])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/10-baglama.md:\(slip.line):1: error: this paragraph opens with a code span, '\(slip.form)', "
                        + "that holds the note label \(slip.label). and the text after it, so readers see the label's "
                        + "marks in code font and it does not read as a note; write '\(slip.meant)' in place of "
                        + "'\(slip.form)' [note-series]"
                ], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
    }

    /// The trigger bullet's value wrapped in inline syntax that shows no bold trigger: struck
    /// through (`~~`, `~`, raw `<del>`, `<s>`, `<strike>`, outside the bold or in it), an image
    /// (`![**ebeveyn**](x)`), a code span, an HTML comment, its asterisks typed as entities or
    /// escaped. One finding at the value naming the wrapper (never a github-parity warning beside
    /// it for the same strikethrough, never "not in bold" for a bold struck through), with a fix
    /// that converges. Where a reader still reads the bold trigger (a link around it or in it, raw
    /// `<b>`, an old value struck through beside it), nothing.
    func testATriggerValueWrappedInOtherInlineSyntaxIsOneFindingAtIt() throws {
        let bullet = "- Bu dersin tetiği: **ebeveyn**."
        let struck = "struck through (readers see it crossed out)"
        let image = "in an image (readers see an image, its text only as alt text)"
        let cases: [(form: String, why: String)] = PropertySeeds.sampled([
            ("~~**ebeveyn**~~", struck), ("~**ebeveyn**~", struck), ("**~~ebeveyn~~**", struck),
            ("~~ebeveyn~~", struck),
            ("<del>**ebeveyn**</del>", struck), ("<s>**ebeveyn**</s>", struck),
            ("<strike>**ebeveyn**</strike>", struck), ("**<del>ebeveyn</del>**", struck),
            ("![**ebeveyn**](x.png)", image), ("![ebeveyn](x.png)", image),
            ("`**ebeveyn**`", "in a code span (readers see its asterisks in code font)"),
            ("<!-- **ebeveyn** -->", "inside an HTML comment (readers do not see it)"),
            ("&#42;&#42;ebeveyn&#42;&#42;", "written with its asterisks as entities (readers see them)"),
            ("&ast;&ast;ebeveyn&ast;&ast;", "written with its asterisks as entities (readers see them)"),
            ("\\*\\*ebeveyn\\*\\*", "written with escaped '\\*' (readers see the asterisks)"),
            // Raw `<img>`: its alt (quoted or not, bold or not, in any case) names the trigger.
            ("<img src=x alt=ebeveyn>", image), ("**<img src=x alt=\"ebeveyn\">**", image),
            ("<img alt=\"**ebeveyn**\">", image), ("<IMG SRC=x ALT='ebeveyn'>", image),
        ])
        for slip in cases {
            let found = try findingsAndAfterTheFix([
                ("10-baglama.md", bullet, "- Bu dersin tetiği: \(slip.form).")
            ])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/10-baglama.md:266:22: error: the 'Bu dersin tetiği:' bullet is here, but its trigger "
                        + "'\(slip.form)' is \(slip.why), so it cannot be read; write '**ebeveyn**' in place of "
                        + "'\(slip.form)' [declared-trigger]"
                ], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        let controls = try findings(
            "10-baglama.md", bullet,
            [
                "- Bu dersin tetiği: [**ebeveyn**](#).", "- Bu dersin tetiği: **[ebeveyn](#)**.",
                "- Bu dersin tetiği: <b>ebeveyn</b>.", "- Bu dersin tetiği: <del>**yerel**</del> **ebeveyn**.",
                "- Bu dersin tetiği: **ebeveyn** (<del>yerel</del>).",
                // Raw tags that show their text as text: a reader reads the bold trigger (cmark-gfm).
                "- Bu dersin tetiği: <span>**ebeveyn**</span>.", "- Bu dersin tetiği: **<kbd>ebeveyn</kbd>**.",
                "- Bu dersin tetiği: <sup>**ebeveyn**</sup>.",
            ])
        XCTAssertEqual(controls, Array(repeating: [], count: 8))
    }

    /// A closing-table trigger cell wrapped whole in inline syntax that shows no trigger: struck
    /// through (`~~`, raw `<del>`, `<s>`, `<strike>`, in bold or not), an image (`![…](…)`, raw
    /// `<img>`), an HTML comment, asterisks typed as entities or escaped. One finding at the cell
    /// naming the wrapper, with the declared trigger as its fix (no
    /// github-parity warning beside it for the same strikethrough), converging. A link or a code
    /// span around the trigger, bold, or an old value struck through beside it reads as the
    /// trigger: nothing, and so do raw tags that show their text as text (`<span>`, `<kbd>`, `<sup>`).
    func testAClosingTableTriggerCellWrappedWholeIsOneFindingAtIt() throws {
        let row = "| Bağlama | çocuk yazdı | ebeveyn | kural yazanı okumaz |"
        let struck = "struck through (readers see it crossed out)"
        let cases: [(form: String, why: String)] = PropertySeeds.sampled([
            ("~~ebeveyn~~", struck), ("~~**ebeveyn**~~", struck), ("**~~ebeveyn~~**", struck),
            ("<del>ebeveyn</del>", struck), ("<s>ebeveyn</s>", struck), ("<strike>ebeveyn</strike>", struck),
            ("~~yerel~~", struck),
            ("![ebeveyn](x.png)", "in an image (readers see an image, its text only as alt text)"),
            ("<!-- ebeveyn -->", "inside an HTML comment (readers do not see it)"),
            ("<img alt=\"ebeveyn\" src=\"x.png\">", "in an image (readers see an image, its text only as alt text)"),
            ("<img src=x alt=ebeveyn>", "in an image (readers see an image, its text only as alt text)"),
            ("&#42;&#42;ebeveyn&#42;&#42;", "written with its asterisks as entities (readers see them)"),
            ("&#x2A;&#x2A;ebeveyn&#x2A;&#x2A;", "written with its asterisks as entities (readers see them)"),
            ("\\*\\*ebeveyn\\*\\*", "written with escaped '\\*' (readers see the asterisks)"),
        ])
        for slip in cases {
            let found = try findingsAndAfterTheFix([
                ("21-on-izleme-ve-yineleme.md", row, "| Bağlama | çocuk yazdı | \(slip.form) | kural yazanı okumaz |")
            ])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/21-on-izleme-ve-yineleme.md:254:30: error: row 10 gives the trigger '\(slip.form)', which "
                        + "is \(slip.why), so it cannot be read (lessons/10-baglama.md declares 'ebeveyn'); write "
                        + "'ebeveyn' in place of '\(slip.form)' [closing-table]"
                ], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        let controls = try findings(
            "21-on-izleme-ve-yineleme.md", row,
            [
                "[ebeveyn](#)", "`ebeveyn`", "**ebeveyn**", "<del>yerel</del> ebeveyn", "<span>ebeveyn</span>",
                "<kbd>ebeveyn</kbd>", "<sup>ebeveyn</sup>", "&#101;beveyn",
            ].map {
                "| Bağlama | çocuk yazdı | \($0) | kural yazanı okumaz |"
            })
        XCTAssertEqual(controls, Array(repeating: [], count: 8))
    }

    /// Text before a note's bold label on its paragraph's first line (an emoji, a bracket or quote,
    /// a word like `Not:`) keeps it from opening the paragraph: where the series is due that note,
    /// one near-form finding at the paragraph, not a reference to a note no paragraph defines and a
    /// "skips" at the next one. A bold that holds more than the label (`**DR17. Not:**`) says so.
    func testTextBeforeANoteLabelIsOneNearFormFindingAtTheParagraph() throws {
        let near = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '\(written)', a near form of the note label \(meant). "
                + "(\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let lesson14 = "14-sunum-ve-kapatma.md"
        let cases: [(file: String, line: Int, label: String, form: String, written: String, why: String)] = [
            (
                lesson14, 214, "DR17", "\u{26A0}\u{FE0F} **DR17.**", "\u{26A0}\u{FE0F} **DR17.**",
                "'\u{26A0}\u{FE0F} ' before it: U+26A0 WARNING SIGN + U+FE0F VARIATION SELECTOR-16"
            ),
            (lesson14, 214, "DR17", "(**DR17.**)", "(**DR17.**)", "'(' before it and ')' after it"),
            (lesson14, 214, "DR17", "\"**DR17.**\"", "\"**DR17.**\"", "'\"' before it and '\"' after it"),
            (lesson14, 214, "DR17", "Not: **DR17.**", "Not: **DR17.**", "'Not: ' before it"),
            (lesson14, 214, "DR17", "**DR17. Not:**", "**DR17. Not:**", "' Not:' after it inside the bold"),
            (
                "21-on-izleme-ve-yineleme.md", 206, "EK24", "\u{1F4CC} **EK24.**", "\u{1F4CC} **EK24.**",
                "'\u{1F4CC} ' before it: U+1F4CC PUSHPIN"
            ),
        ]
        for slip in cases {
            let found = try findingsAndAfterTheFix([(slip.file, "**\(slip.label).** Bu", "\(slip.form) Bu")])
            XCTAssertEqual(
                found.found, [near("\(slip.file):\(slip.line)", slip.written, slip.label, slip.why)], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        // Where the series is not due that number, the label is the reference it reads as.
        let copy = try CourseCopy.make(for: self)
        try CourseCopy.replace(
            "**DR17.** Bu", with: "(**DR16.**) Bu", in: copy.url.appendingPathComponent("lessons/\(lesson14)"))
        let far = InProcess.run(["lessons/"], in: copy.url).stderr.split(separator: "\n")
            .filter { $0.contains(": error: ") }.map(String.init)
        XCTAssertEqual(
            far,
            [
                "lessons/\(lesson14):265:1: error: note DR18 skips DR17 (or, if deleted by mistake, put DR17 back); "
                    + "renumber the notes from here in reading order: DR18–DR21 (\(lesson14), "
                    + "15-sekme-ve-arac-cubugu.md) as DR17–DR20 [note-series]"
            ])
    }

    /// A Roman numeral for a note's number (`**GVⅠ.**`, U+2160, whose compatibility form is the
    /// letter I, which reads as the digit 1; a small one, two of them, not in bold): one near-form
    /// finding at the paragraph naming the character by code point, never a crash, and following
    /// the fix leaves no finding. The label as written is no finding.
    func testARomanNumeralForANotesNumberIsOneFindingNamingIt() throws {
        let near = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '\(written)', a near form of the note label \(meant). "
                + "(\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let one = try findingsAndAfterTheFix([
            ("01-bildirimsel-sozdizim.md", "**GV1.** Bu", "**GV\u{2160}.** Bu"),
            ("09-yerel-durum.md", "**DR1.** Bu", "**DR\u{2160}.** Bu"),
            ("16-hareketler.md", "**EK1.** Bu", "**EK\u{2160}.** Bu"),
        ])
        XCTAssertEqual(
            one.found,
            [
                near(
                    "01-bildirimsel-sozdizim.md:144", "**GV\u{2160}.**", "GV1",
                    "U+2160 ROMAN NUMERAL ONE where GV1 has '1'"),
                near("09-yerel-durum.md:150", "**DR\u{2160}.**", "DR1", "U+2160 ROMAN NUMERAL ONE where DR1 has '1'"),
                near("16-hareketler.md:189", "**EK\u{2160}.**", "EK1", "U+2160 ROMAN NUMERAL ONE where EK1 has '1'"),
            ])
        XCTAssertEqual(one.fixed, [])
        let forms: [(line: Int, label: String, form: String, written: String, why: String)] = [
            (144, "GV1", "**GV\u{217C}.**", "**GV\u{217C}.**", "U+217C SMALL ROMAN NUMERAL FIFTY where GV1 has '1'"),
            (144, "GV1", "GV\u{2160}.", "GV\u{2160}.", "not in bold, U+2160 ROMAN NUMERAL ONE where GV1 has '1'"),
            (
                220, "GV2", "**GV\u{2160}\u{2160}.**", "**GV\u{2160}\u{2160}.**",
                "'\u{2160}\u{2160}' where GV2 has '2': U+2160 ROMAN NUMERAL ONE + U+2160 ROMAN NUMERAL ONE"
            ),
        ]
        for slip in forms {
            let found = try findingsAndAfterTheFix([
                ("01-bildirimsel-sozdizim.md", "**\(slip.label).** Bu", "\(slip.form) Bu")
            ])
            XCTAssertEqual(
                found.found, [near("01-bildirimsel-sozdizim.md:\(slip.line)", slip.written, slip.label, slip.why)],
                slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        // Control: the Roman numeral as a letter of the series' (`GⅤ2`, V) was and stays one finding.
        let letter = try findingsAndAfterTheFix([("01-bildirimsel-sozdizim.md", "**GV2.** Bu", "**G\u{2164}2.** Bu")])
        XCTAssertEqual(letter.found.count, 1, "\(letter.found)")
        XCTAssertEqual(letter.fixed, [])
    }

    /// A note's number typed as characters that read as no number (a Roman numeral, a circled
    /// digit, a fraction, a subscript, a digit with a combining mark or as a keycap, another
    /// script's digit or numeral) or left out (`**GV.**`): one near-form finding at the paragraph
    /// naming the note its series is due, the character by code point, nothing downstream (no
    /// "skips"), on a series' last note too; following the fix leaves no finding.
    func testANumberOfOtherCharactersOrNoneIsOneFindingNamingTheDueNote() throws {
        let near = { (at: String, written: String, meant: String, why: String) in
            "lessons/\(at):1: error: this paragraph opens with '\(written)', a near form of the note label \(meant). "
                + "(\(why)), so it does not read as a note; write **\(meant).** [note-series]"
        }
        let lesson1 = "01-bildirimsel-sozdizim.md"
        let cases: [(file: String, line: Int, label: String, form: String, why: String)] = PropertySeeds.sampled([
            (lesson1, 220, "GV2", "**GV\u{2161}.**", "U+2161 ROMAN NUMERAL TWO where GV2 has '2'"),
            (lesson1, 144, "GV1", "**GV\u{2170}.**", "U+2170 SMALL ROMAN NUMERAL ONE where GV1 has '1'"),
            (lesson1, 144, "GV1", "**GV\u{2460}.**", "U+2460 CIRCLED DIGIT ONE where GV1 has '1'"),
            (lesson1, 144, "GV1", "**GV\u{BD}.**", "U+00BD VULGAR FRACTION ONE HALF where GV1 has '1'"),
            (lesson1, 144, "GV1", "**GV\u{2081}.**", "U+2081 SUBSCRIPT ONE where GV1 has '1'"),
            (lesson1, 144, "GV1", "**GV\u{1369}.**", "U+1369 ETHIOPIC DIGIT ONE where GV1 has '1'"),
            (lesson1, 144, "GV1", "**GV\u{4E00}.**", "U+4E00 CJK UNIFIED IDEOGRAPH-4E00 where GV1 has '1'"),
            (lesson1, 144, "GV1", "**GV1\u{301}.**", "'1\u{301}' where GV1 has '1': U+0301 COMBINING ACUTE ACCENT"),
            (
                lesson1, 144, "GV1", "**GV1\u{FE0F}\u{20E3}.**",
                "'1\u{FE0F}\u{20E3}' where GV1 has '1': U+FE0F VARIATION SELECTOR-16 + U+20E3 COMBINING ENCLOSING KEYCAP"
            ),
            (lesson1, 144, "GV1", "**GV.**", "no number where GV1 has '1'"),
            ("14-sunum-ve-kapatma.md", 214, "DR17", "**DR.**", "no number where DR17 has '17'"),
            (
                "15-sekme-ve-arac-cubugu.md", 225, "DR20", "**DR\u{2169}\u{2169}.**",
                "'\u{2169}\u{2169}' where DR20 has '20': U+2169 ROMAN NUMERAL TEN + U+2169 ROMAN NUMERAL TEN"
            ),
            (
                "21-on-izleme-ve-yineleme.md", 206, "EK24", "**EK2\u{2163}.**",
                "'2\u{2163}' where EK24 has '24': U+2163 ROMAN NUMERAL FOUR"
            ),
            ("21-on-izleme-ve-yineleme.md", 206, "EK24", "**EK.**", "no number where EK24 has '24'"),
        ])
        for slip in cases {
            let found = try findingsAndAfterTheFix([(slip.file, "**\(slip.label).** Bu", "\(slip.form) Bu")])
            XCTAssertEqual(found.found, [near("\(slip.file):\(slip.line)", slip.form, slip.label, slip.why)], slip.form)
            XCTAssertEqual(found.fixed, [], slip.form)
        }
        // A bold reference with a Roman numeral one for its digit is the reference it reads as.
        let reference = try findingsAndAfterTheFix([
            (lesson1, "**GV1.** Bu ölçüm yalnız", "**GV1.** Bkz. **GV\u{2160}** ve. Bu ölçüm yalnız")
        ])
        XCTAssertEqual(
            reference.found,
            [
                "lessons/\(lesson1):144:15: error: this reference is written '**GV\u{2160}**', a near form of the note "
                    + "label GV1 (U+2160 ROMAN NUMERAL ONE where GV1 has '1'): readers see it as written, and searching "
                    + "the course for it finds no note; write **GV1** [note-series]"
            ])
        XCTAssertEqual(reference.fixed, [])
    }

    /// A space between two digits of a note's number (`**DR1 7.**`) is one near-form finding at
    /// the paragraph naming the note as typed without it, on a series' last note too, and no "out
    /// of sequence" after it; following the fix leaves no finding. The control, the label as
    /// written, is none.
    func testASpaceInsideANotesNumberIsOneFindingNamingTheNote() throws {
        let found = try findingsAndAfterTheFix([
            ("14-sunum-ve-kapatma.md", "**DR17.** Bu", "**DR1 7.** Bu"),
            ("21-on-izleme-ve-yineleme.md", "**EK24.** Bu", "**EK2 4.** Bu"),
        ])
        let why = "a space inside its number"
        XCTAssertEqual(
            found.found,
            [
                "lessons/14-sunum-ve-kapatma.md:214:1: error: this paragraph opens with '**DR1 7.**', a near form of the "
                    + "note label DR17. (\(why)), so it does not read as a note; write **DR17.** [note-series]",
                "lessons/21-on-izleme-ve-yineleme.md:206:1: error: this paragraph opens with '**EK2 4.**', a near form "
                    + "of the note label EK24. (\(why)), so it does not read as a note; write **EK24.** [note-series]",
            ])
        XCTAssertEqual(found.fixed, [])
        XCTAssertEqual(try findings(after: []), [])
    }

    /// An invisible character before a note's bold label (U+FEFF, U+200B, U+2060, U+200D) is one
    /// near-form finding at the paragraph naming it by code point, on a series' last note too:
    /// not read a second time past the invisible character, so no "repeats or goes back" after it.
    /// Following the fix leaves no finding.
    func testAnInvisibleCharacterBeforeANotesLabelIsOneFindingNamingIt() throws {
        let cases: [(file: String, line: Int, label: String, invisible: String, name: String)] = [
            ("01-bildirimsel-sozdizim.md", 144, "GV1", "\u{FEFF}", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
            ("01-bildirimsel-sozdizim.md", 144, "GV1", "\u{200B}", "U+200B ZERO WIDTH SPACE"),
            ("01-bildirimsel-sozdizim.md", 220, "GV2", "\u{2060}", "U+2060 WORD JOINER"),
            ("14-sunum-ve-kapatma.md", 214, "DR17", "\u{200D}", "U+200D ZERO WIDTH JOINER"),
            ("21-on-izleme-ve-yineleme.md", 206, "EK24", "\u{FEFF}", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ]
        for slip in cases {
            let form = "\(slip.invisible)**\(slip.label).**"
            let found = try findingsAndAfterTheFix([(slip.file, "**\(slip.label).** Bu", "\(form) Bu")])
            XCTAssertEqual(
                found.found,
                [
                    "lessons/\(slip.file):\(slip.line):1: error: this paragraph opens with '\(form)', a near form of "
                        + "the note label \(slip.label). (\(slip.name) before it), so it does not read as a note; "
                        + "write **\(slip.label).** [note-series]"
                ], slip.name)
            XCTAssertEqual(found.fixed, [], slip.name)
        }
    }

    /// A number before a trigger word that goes on into a phrase counts that phrase (`beş ortam
    /// değeri`, five environment values; `3 yerel değişiklik`), not lessons, when it stands inside a
    /// clause: ordinary prose after the distribution gives no finding. A number that opens a list
    /// item (after a comma, a semicolon or a connective) or goes on into a word for lessons (`yedi
    /// ortam dersi`) is a count, judged.
    func testANumberBeforeATriggerWordGoingOnIntoAPhraseIsNoCount() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let prose = [
            "Ortam dersleri beş ortam değeri kullanır.", "Dokuzuncu ders 3 yerel değişiklik ölçer.",
            "Beş ortam değeri vardır.", "Bu derslerde on iki gözlem nesnesi kullanılır.",
        ]
        XCTAssertEqual(
            try findings(file, sentence, prose.map { sentence + " " + $0 }), prose.map { _ in [] })
        let counted = [
            "6 yerel, 4 ebeveyn, 4 gözlem ve 7 ortam kullanır.", "6 yerel, 4 ebeveyn, 4 gözlem, 7 ortam dersi.",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6; yedi ortam dersi.",
        ]
        XCTAssertEqual(
            try findings(file, sentence, counted),
            [108, 106, 115].map {
                ["lessons/\(file):267:\($0): error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"]
            })
        XCTAssertEqual(
            try findings(
                file, sentence,
                counted.map {
                    $0.replacingOccurrences(of: "7", with: "6").replacingOccurrences(of: "yedi", with: "altı")
                }),
            counted.map { _ in [] })
    }

    /// A second count after `ila` ("to") or an arrow is judged as one after a dash is: a wrong one
    /// is one finding at it; writing the count it says leaves none.
    func testASecondCountAfterIlaOrAnArrowIsJudged() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let written = ["4 ila 5", "4 \u{2192} 5", "4->5", "4 => 5", "4 \u{21D2} 5"]
        let make = { (count: String) in sentence.replacingOccurrences(of: "gözlem 4", with: "gözlem " + count) }
        XCTAssertEqual(
            try findings(file, sentence, written.map(make)),
            [109, 109, 106, 108, 109].map {
                ["lessons/\(file):267:\($0): error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"]
            })
        XCTAssertEqual(
            try findings(file, sentence, written.map { make($0.replacingOccurrences(of: "5", with: "4")) }),
            written.map { _ in [] })
    }

    /// A count the sentence denies right after the one it states (`ortam 6 (7 değil)`, `yerel 6
    /// (yedi değil)`, not seven) is no count: the right one stated and the wrong one negated gives
    /// no finding. Stated without the denial (`ortam 6 (7)`) it is judged, and a denial does not
    /// hide a wrong count stated next to it (`ortam 6 (6 değil, 7)`).
    func testACountDeniedAfterTheCountIsNoCount() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let make = { (from: String, to: String) in sentence.replacingOccurrences(of: from, with: to) }
        XCTAssertEqual(
            try findings(
                file, sentence,
                [
                    make("ortam 6", "ortam 6 (7 değil)"), make("yerel 6", "yerel 6 (yedi değil)"),
                    make("gözlem 4", "gözlem 4 (5 değil)"),
                ]),
            [[], [], []])
        let judged = try findings(
            file, sentence, [make("ortam 6", "ortam 6 (7)"), make("ortam 6", "ortam 6 (6 değil, 7)")])
        XCTAssertEqual(judged.map(\.count), [1, 1], "\(judged)")
        XCTAssertTrue(
            judged.allSatisfy { $0.first?.contains("says ortam 7, but 6 lessons declare ortam") == true }, "\(judged)")
    }

    /// A second count after any word or mark a Turkish author writes for "or", "to", "that is",
    /// "even", "maybe", "actually", "rather" or "about" (`Connective`: `yerine` after the first
    /// count, `~`, `yani`, `hatta`, `belki` after a comma too, `yahut`, `yoksa`, `ile … arası`, `daha
    /// doğrusu`) is judged: a wrong one is one finding at it, saying the count (not "counts 'yani',
    /// which is not a trigger"); writing the count it says leaves none.
    func testASecondCountAfterEveryRestatingConnectiveIsJudged() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let forms: [(written: String, column: Int)] = PropertySeeds.sampled([
            ("4 yerine 5", 112), ("4~5", 105), ("4 ~ 5", 107), ("4 \u{223C} 5", 109), ("4, yani 5", 111),
            ("4, hatta 5", 112), ("4, belki 5", 112), ("4 belki 5", 111), ("4 aslında 5", 114),
            ("4, daha doğrusu 5", 120), ("4 yahut 5", 111), ("4 veyahut 5", 113), ("4 yoksa 5", 111),
            ("4 ile 5 arası", 109), ("4 ya da belki 5", 117),
        ])
        let make = { (count: String) in sentence.replacingOccurrences(of: "gözlem 4", with: "gözlem " + count) }
        XCTAssertEqual(
            try findings(file, sentence, forms.map { make($0.written) }),
            forms.map {
                [
                    "lessons/\(file):267:\($0.column): error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"
                ]
            })
        XCTAssertEqual(
            try findings(file, sentence, forms.map { make($0.written.replacingOccurrences(of: "5", with: "4")) }),
            forms.map { _ in [] })
        // The author round's forms on ortam: the count after the comma is the one judged.
        let ortam = ["ortam 6, yani 7.", "ortam 6, belki 7.", "ortam 6~7."]
        XCTAssertEqual(
            try findings(file, sentence, ortam.map { sentence.replacingOccurrences(of: "ortam 6.", with: $0) }),
            [120, 121, 114].map {
                ["lessons/\(file):267:\($0): error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"]
            })
    }

    /// A second count after the spellings a reader reads as "or" (`yada`, `ve ya`, `yahut da`,
    /// `yahutta`, `veyahut da`, `yahud da`, `yahut de`, and/or: `ve/veya`, `ve-veya`), after a correction (`hayır`, `pardon`, `yok`, `düzeltme:`, a comma,
    /// a colon or a dash after it too) or with the first count supposed too (`4 olabilir, 5 de
    /// olabilir`) is one finding at it, saying the count (not "counts 'hayır', which is not a
    /// trigger"); the same count right is none.
    func testASecondCountAfterAnOrSpellingOrACorrectionIsJudged() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let forms: [(written: String, column: Int)] = PropertySeeds.sampled([
            ("4 yada 5,", 110), ("4 ve ya 5,", 111), ("4 veyahut da 5,", 116), ("4 yahutta 5,", 113),
            ("4 yahut da 5,", 114), ("4 — pardon, 5 —", 117), ("4 olabilir, 5 de olabilir,", 115),
            ("4, hayır 5,", 113), ("4, hayır, 5,", 114), ("4, yok 5,", 110), ("4 (düzeltme: 5),", 117),
            ("4, düzeltme: 5,", 117), ("4, daha doğrusu, 5,", 121), ("4 yahud 5,", 111), ("4 yâhut 5,", 112),
            ("4 veyâ 5,", 111), ("4 veyahud 5,", 113), ("4 ve/veya 5,", 113), ("4 ve-veya 5,", 113),
            ("4 ve / veya 5,", 115), ("4 ve/ya da 5,", 114),
            // `da` or `de` after any "or", in its older spelling too.
            ("4 yahud da 5,", 114), ("4 veyahud da 5,", 116), ("4 yahut de 5,", 114), ("4 veyahud de 5,", 116),
            ("4 yâhud da 5,", 115), ("4 ya de 5,", 111),
        ])
        let make = { (count: String) in sentence.replacingOccurrences(of: "gözlem 4,", with: "gözlem " + count) }
        XCTAssertEqual(
            try findings(file, sentence, forms.map { make($0.written) }),
            forms.map {
                [
                    "lessons/\(file):267:\($0.column): error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"
                ]
            })
        XCTAssertEqual(
            try findings(file, sentence, forms.map { make($0.written.replacingOccurrences(of: "5", with: "4")) }),
            forms.map { _ in [] })
        // Number words, as the author round wrote them: `altı yada yedi`.
        XCTAssertEqual(
            try findings(
                file, sentence, [sentence.replacingOccurrences(of: "ortam 6.", with: "ortam altı yada yedi.")]),
            [["lessons/\(file):267:123: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"]])
        // Beside a bullet's value a correction adds no trigger: `(ebeveyn yok)`, no ebeveyn, is a comment.
        let bullet = "- Bu dersin tetiği: **ortam**."
        XCTAssertEqual(
            try findings(
                "02-gorunumler-ve-degistiriciler.md", bullet,
                [
                    "- Bu dersin tetiği: **ortam** (ebeveyn yok).",
                    "- Bu dersin tetiği: **ortam** (hayır, ebeveyn değil).",
                ]),
            [[], []])
    }

    /// A second count in the question form (`gözlem 4 mü 5 mi`, `4 mü, 5 mi?`, `4 mü yoksa 5 mi`,
    /// `ortam 6 mı 7 mi, emin değilim`), supposed after a comma (`ortam 6, 7 de olabilir`, `6, 7
    /// olabilir`, `6, 7 mi?`, `6, belki de 7`), or in a second mention with `ise` between the name
    /// and the count (`ortam 6; gözlem ise 5.`) is one finding at it; the same count right is none,
    /// and so are `ise`, `yaklaşık` (`yaklaşık olarak`, `aşağı yukarı`, `tahminen`: about), the
    /// conditional form and a distributive count before the names written right.
    func testASecondCountAsAQuestionASuppositionOrAfterIseIsJudged() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let gozlem: [(written: String, column: Int)] = PropertySeeds.sampled([
            ("gözlem 4 mü 5 mi,", 109), ("gözlem 4 mü, 5 mi?,", 110), ("gözlem 4 mü yoksa 5 mi,", 115),
            ("gözlem ise 5,", 107), ("gözlemse 5,", 105), ("gözlem 4'mü 5'mi,", 109),
            // Hedges read past as `yaklaşık` is: about 5.
            ("gözlem yaklaşık olarak 5,", 121), ("gözlem aşağı yukarı 5,", 120), ("gözlem tahminen 5,", 112),
        ])
        let ortam: [(written: String, column: Int)] = PropertySeeds.sampled([
            ("ortam 6 mı 7 mi, emin değilim.", 118), ("ortam 6, 7 de olabilir.", 115), ("ortam 6, 7 olabilir.", 115),
            ("ortam 6, 7 mi?", 115), ("ortam 6, belki de 7.", 124), ("ortam 6; gözlem ise 5.", 127),
        ])
        let edits =
            gozlem.map { sentence.replacingOccurrences(of: "gözlem 4,", with: $0.written) }
            + ortam.map { sentence.replacingOccurrences(of: "ortam 6.", with: $0.written) }
        let says = { (name: String, column: Int) in
            let (count, declared) = name == "gözlem" ? (5, 4) : (7, 6)
            return [
                "lessons/\(file):267:\(column): error: says \(name) \(count), but \(declared) lessons declare \(name) "
                    + "[trigger-distribution]"
            ]
        }
        XCTAssertEqual(
            try findings(file, sentence, edits),
            gozlem.map { says("gözlem", $0.column) }
                + ortam.map { says($0.written.contains("gözlem") ? "gözlem" : "ortam", $0.column) })
        let right = edits.map {
            $0.replacingOccurrences(of: " 5", with: " 4").replacingOccurrences(of: " 7", with: " 6")
        }
        XCTAssertEqual(try findings(file, sentence, right), right.map { _ in [] })
        let controls = [
            "yerel yaklaşık 6, ebeveyn de 4, gözlem ise 4, ortamsa 6.",
            "altışar yerel ve ortam, dörder ebeveyn ve gözlem.", "yerel 6, ebeveyn 4, gözlem 4 mü?, ortam 6.",
        ]
        XCTAssertEqual(try findings(file, sentence, controls), controls.map { _ in [] })
    }

    /// A bound beside a count (`ortam 6 (en fazla 7)`, at most seven; `, en az 5`, at least five;
    /// `azami`, `en çok`) states no count: one that holds is no finding, one that does not is one
    /// finding at it. A count in Roman capitals beside a trigger with none (`ortam VI`) is one
    /// finding naming it, `write '6'`, not "no count can be read"; letters no numeral spells
    /// (`IIII`) stay unreadable.
    func testABoundBesideACountAndARomanCountInCapitals() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let forms = [
            "ortam 6 (en fazla 7).", "ortam 6, en az 5.", "ortam 6 (azami 6).", "ortam 6 (en çok yedi).",
            "ortam 6 (en fazla 5).", "ortam 6, en az 7.", "ortam 6 (7 değil, en fazla 5).", "ortam VI.", "ortam XII.",
            "ortam IIII.",
        ]
        let prefix = "lessons/\(file):267:"
        XCTAssertEqual(
            try findings(file, sentence, forms.map { sentence.replacingOccurrences(of: "ortam 6.", with: $0) }),
            [
                [], [], [], [],
                [
                    prefix + "124: error: says ortam at most 5, but 6 lessons declare ortam; write 6 or drop the bound "
                        + "[trigger-distribution]"
                ],
                [
                    prefix
                        + "121: error: says ortam at least 7, but 6 lessons declare ortam; write 6 or drop the bound "
                        + "[trigger-distribution]"
                ],
                [
                    prefix + "134: error: says ortam at most 5, but 6 lessons declare ortam; write 6 or drop the bound "
                        + "[trigger-distribution]"
                ],
                [
                    prefix + "112: error: the count 'VI' is written in Roman letters, which the course's numbers are "
                        + "not read in; write '6' [trigger-distribution]"
                ],
                [
                    prefix + "112: error: the count 'XII' is written in Roman letters, which the course's numbers are "
                        + "not read in; write '12' [trigger-distribution]"
                ],
                [
                    prefix
                        + "106: error: this paragraph counts triggers, but no count can be read for ortam; give each "
                        + "of yerel, ebeveyn, gözlem and ortam its number, right before or after its name "
                        + "[trigger-distribution]"
                ],
            ])
    }

    /// A count after `için` (for: `gözlem için 5`) and the second count of either-or (`gözlem ya 4
    /// ya 5`, `ya 4 ya da 5`, `ya dört, ya beş`, `ortam için ya 6 ya 7`) are judged: wrong, one
    /// finding at it; right, none (not "no count can be read for gözlem").
    func testACountAfterIcinAndTheSecondCountOfEitherOrAreJudged() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let forms: [(written: String, column: Int)] = [
            ("gözlem için 5,", 109), ("gözlem ya 4 ya 5,", 111), ("gözlem ya 4 ya da 5,", 114),
            ("gözlem ya dört, ya beş,", 116), ("gözlem için ya 4 ya 5,", 117),
        ]
        let make = { (count: String) in sentence.replacingOccurrences(of: "gözlem 4,", with: count) }
        XCTAssertEqual(
            try findings(file, sentence, forms.map { make($0.written) }),
            forms.map {
                [
                    "lessons/\(file):267:\($0.column): error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"
                ]
            })
        XCTAssertEqual(
            try findings(
                file, sentence,
                forms.map {
                    make(
                        $0.written.replacingOccurrences(of: "5", with: "4").replacingOccurrences(
                            of: "beş", with: "dört"))
                }),
            forms.map { _ in [] })
    }

    /// A bound by a number's case ending beside a count (`gözlem 4 (7'den az)`, fewer than 7; `4,
    /// 3'ten fazla`, more than 3; `4 (yediden daha az)`; `4 (7'ye kadar)`, up to 7; `4'ü geçmez`;
    /// `7'nin altında`, below 7; in the list after the names too, `6, 4, 4 (7'den az), 6`) is
    /// a bound, not a second count: one that holds is no finding (not "says gözlem 7"), one the
    /// lessons break is one finding at it (`says gözlem fewer than 4`). A bound beside a listed
    /// count (`6, 4, 4 (en fazla 3), 6`) is judged there too, not read as a list that lost a count.
    func testAStrictBoundOrABoundBesideAListedCountIsABound() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let listed = "yerel, ebeveyn, gözlem ve ortam: 6, 4, 4, 6."
        let holding = PropertySeeds.sampled([
            "yerel 6, ebeveyn 4, gözlem 4 (7'den az), ortam 6.", "yerel 6, ebeveyn 4, gözlem 4, 3'ten fazla, ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4 (yediden daha az), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (birden fazla).",
            "yerel, ebeveyn, gözlem ve ortam: 6, 4, 4 (7'den az), 6.",
            "yerel, ebeveyn, gözlem ve ortam: 6, 4, 4 (en fazla 5), 6.",
            "yerel, ebeveyn, gözlem ve ortam: 6, 4, 4, 6 (7'den az).",
            // Up to, not past, below, above: a number's case ending and the word after it.
            "yerel 6, ebeveyn 4, gözlem 4 (7'ye kadar), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4 (4'ü geçmez), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4 (7'nin altında), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4 (3'ün üstünde), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4 (7'den küçük), ortam 6.",
        ])
        XCTAssertEqual(try findings(file, sentence, holding + [listed]), (holding + [listed]).map { _ in [] })
        let broken: [(written: String, column: Int, says: String)] = PropertySeeds.sampled([
            ("yerel 6, ebeveyn 4, gözlem 4 (4'ten az), ortam 6.", 106, "gözlem fewer than 4"),
            ("yerel 6, ebeveyn 4, gözlem 4, 4'ten fazla, ortam 6.", 106, "gözlem more than 4"),
            ("yerel 6, ebeveyn 4, gözlem 4 (dörtten daha çok), ortam 6.", 106, "gözlem more than 4"),
            ("yerel, ebeveyn, gözlem ve ortam: 6, 4, 4 (4'ten az), 6.", 118, "gözlem fewer than 4"),
            ("yerel, ebeveyn, gözlem ve ortam: 6, 4, 4 (en fazla 3), 6.", 127, "gözlem at most 3"),
            ("yerel, ebeveyn, gözlem ve ortam: 6, 4, 4, 6 (en fazla 5).", 130, "ortam at most 5"),
            ("yerel 6, ebeveyn 4, gözlem 4 (3'e kadar), ortam 6.", 106, "gözlem at most 3"),
            ("yerel 6, ebeveyn 4, gözlem 4 (4'ün altında), ortam 6.", 106, "gözlem fewer than 4"),
            ("yerel 6, ebeveyn 4, gözlem 4 (4'ten büyük), ortam 6.", 106, "gözlem more than 4"),
        ])
        XCTAssertEqual(
            try findings(file, sentence, broken.map(\.written)),
            broken.map { form in
                let (name, count) = form.says.hasPrefix("ortam") ? ("ortam", 6) : ("gözlem", 4)
                return [
                    "lessons/\(file):267:\(form.column): error: says \(form.says), but \(count) lessons declare \(name); "
                        + "write \(count) or drop the bound [trigger-distribution]"
                ]
            })
    }

    /// The verbs "exceed" after a number in the accusative (`5'i aşkın`, more than 5; `7'yi geçer`,
    /// `geçiyor`, `aşan`; denied, `5'i geçmiyor`, at most 5; a number word, `beşi aşkın`) and a
    /// number with "and above" or "and below" (`6 ve üzeri`, `4 ve altı`, `3 ve aşağısı`, `5 ya da
    /// daha fazla`) are bounds, not counts: beside a count one that holds is no finding, one the
    /// lessons break is one finding at it (`says ortam more than 6`, not a silent pass nor `says
    /// ortam 5`). In place of the count (`ortam 6'yı geçer`, `ortam 5'i aşkın`, `ortam 6 ve üzeri`)
    /// it states no count, as `ortam en az 6` does: one finding at the name. `altı` going on into a
    /// name, or after an "or", is six (`gözlem 4 ve altı ortam`, `ortam altı ya da altı`).
    func testExceedingVerbsAndAndAboveAreBounds() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let holding = PropertySeeds.sampled([
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (5'i aşkın).",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (5'i geçiyor).",
            "yerel 6, ebeveyn 4, gözlem 4 (3'ü geçer), ortam 6.", "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (beşi aşkın).",
            "yerel 6, ebeveyn 4, gözlem 4 (4'ü geçmiyor), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4 (4 ve altı), ortam 6.",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (6 ve üzeri).",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6, 5 ya da daha fazla.",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (altıyı aşmaz).",
            "yerel, ebeveyn, gözlem ve ortam: 6, 4, 4 (3'ü aşkın), 6.", "yerel 6, ebeveyn 4, gözlem 4 ve altı ortam.",
            "yerel 6, ebeveyn 4, gözlem 4, ortam altı ya da altı.",
        ])
        XCTAssertEqual(try findings(file, sentence, holding), holding.map { _ in [] })
        let broken: [(written: String, column: Int, says: String)] = [
            ("yerel 6, ebeveyn 4, gözlem 4, ortam 6 (6'yı geçer).", 115, "ortam more than 6"),
            ("yerel 6, ebeveyn 4, gözlem 4, ortam 6 (7'yi aşan).", 115, "ortam more than 7"),
            ("yerel 6, ebeveyn 4, gözlem 4, ortam 6 (7 ve üzeri).", 115, "ortam at least 7"),
            ("yerel 6, ebeveyn 4, gözlem 4 (3 ve aşağısı), ortam 6.", 106, "gözlem at most 3"),
            ("yerel 6, ebeveyn 4, gözlem 4, ortam 6 (5'i geçmiyor).", 115, "ortam at most 5"),
            ("yerel 6, ebeveyn 4, gözlem 4, ortam 6, 7 veya daha fazla.", 115, "ortam at least 7"),
            ("yerel 6, ebeveyn 4, gözlem 4 (dördü aşkın), ortam 6.", 106, "gözlem more than 4"),
        ]
        XCTAssertEqual(
            try findings(file, sentence, broken.map(\.written)),
            broken.map { form in
                let (name, count) = form.says.hasPrefix("ortam") ? ("ortam", 6) : ("gözlem", 4)
                return [
                    "lessons/\(file):267:\(form.column): error: says \(form.says), but \(count) lessons declare \(name); "
                        + "write \(count) or drop the bound [trigger-distribution]"
                ]
            })
        let inPlace = [
            "yerel 6, ebeveyn 4, gözlem 4, ortam 6'yı geçer.", "yerel 6, ebeveyn 4, gözlem 4, ortam 5'i geçiyor.",
            "yerel 6, ebeveyn 4, gözlem 4, ortam 5'i aşkın.", "yerel 6, ebeveyn 4, gözlem 4, ortam 6 ve üzeri.",
        ]
        XCTAssertEqual(
            try findings(file, sentence, inPlace),
            inPlace.map { _ in
                [
                    "lessons/\(file):267:106: error: this paragraph counts triggers, but no count can be read for ortam; "
                        + "give each of yerel, ebeveyn, gözlem and ortam its number, right before or after its name "
                        + "[trigger-distribution]"
                ]
            })
    }

    /// A bound denied (`değil`, `olamaz`, `olmaz`: `6 (6'dan fazla değil)`, at most 6; `5'ten az
    /// değil`, at least 5; `5'in üstünde değil`; `6 ve üzeri değil`) is the bound negated, and the
    /// verbs "reach" (`7'yi bulur`, `7'ye varır`, `ulaşır`: at least 7; `7'yi bulmaz`, `bulmuyor`,
    /// `7'ye varmaz`, `ulaşmaz`, `erişmez`: fewer than 7; `7'ye varan`, up to 7) are bounds as
    /// "exceed" is: not a second count. One that holds is no finding, one the lessons break is one
    /// finding at it naming the bound as read (`says ortam at most 5`). A denied count without a
    /// case ending (`gözlem 4 (5 değil)`) stays a denial: no finding.
    func testANegatedBoundOrAReachVerbIsTheBoundNegated() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let holding = PropertySeeds.sampled([
            "6 (6'dan fazla değil)", "6 (5'ten az değil)", "6 (7'den fazla olamaz)", "6 (6'nın altında değil)",
            "6 (7'yi bulmaz)", "6 (7'ye varmaz)", "6 (7'ye ulaşmaz)", "6 (7'yi bulmuyor)", "6 (7'ye erişmez)",
            "6 (7'ye ulaşmıyor)", "6 (yediye varmaz)", "6 (6'yı bulur)", "6 (5'e varır)", "6 (7'ye varan)",
            "6, 6'dan fazla olmayan", "6 (7 ve üzeri değil)", "6 (altıdan az sayılmaz)",
        ]).map { sentence.replacingOccurrences(of: "ortam 6.", with: "ortam \($0).") }
        let denied = sentence.replacingOccurrences(of: "gözlem 4,", with: "gözlem 4 (5 değil),")
        XCTAssertEqual(try findings(file, sentence, holding + [denied]), (holding + [denied]).map { _ in [] })
        let broken: [(written: String, says: String)] = PropertySeeds.sampled([
            ("6 (5'ten fazla değil)", "at most 5"), ("6 (7'den aşağı değil)", "at least 7"),
            ("6 (yediden az değil)", "at least 7"), ("6 (5'ten fazla olamaz)", "at most 5"),
            ("6 (5'in üstünde değil)", "at most 5"), ("6 (6'ya varmaz)", "fewer than 6"),
            ("6 (6'yı bulmuyor)", "fewer than 6"), ("6 (7'ye ulaşır)", "at least 7"), ("6 (5'e varan)", "at most 5"),
            ("6 (6 ve üzeri değil)", "fewer than 6"), ("6 (7'yi geçmez değil)", "more than 7"),
        ])
        XCTAssertEqual(
            try findings(
                file, sentence,
                broken.map { sentence.replacingOccurrences(of: "ortam 6.", with: "ortam \($0.written).") }),
            broken.map {
                [
                    "lessons/\(file):267:115: error: says ortam \($0.says), but 6 lessons declare ortam; "
                        + "write 6 or drop the bound [trigger-distribution]"
                ]
            })
        // In place of the count, a denied bound states no count, as any bound does.
        XCTAssertEqual(
            try findings(
                file, sentence, [sentence.replacingOccurrences(of: "ortam 6.", with: "ortam 7'den fazla değil.")]),
            [
                [
                    "lessons/\(file):267:106: error: this paragraph counts triggers, but no count can be read for ortam; "
                        + "give each of yerel, ebeveyn, gözlem and ortam its number, right before or after its name "
                        + "[trigger-distribution]"
                ]
            ])
    }

    /// A bound verb in any of its forms, one grammar for every verb (`Connective.Verb`): cannot
    /// (`7'yi aşamaz`, `geçemez`, `aşamıyor`), the future (`geçmeyecek`, `aşmayacak`), the plural
    /// and the copula (`geçmezler`, `geçemeyecektir`); a direction and a verb of motion (`5'ten
    /// aşağı düşmez`, `inmez`, `5'in altına düşmez`, does not fall below 5, at least 5; `7'nin
    /// üstüne çıkmaz`, `üzerine`, `7'den yukarıya çıkmaz`, at most 7); `7'den fazlası olmaz`, at
    /// most 7; `7'den düşük`, `5'ten yüksek`. True, no finding; false, one finding at the bound
    /// with the bound's message, never a count's (`says ortam 7`) nor silence. In place of the
    /// count, no count is read, as for any bound.
    func testEveryFormOfABoundVerbAndAVerbOfMotionAfterADirectionIsABound() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let make = { (bound: String) in sentence.replacingOccurrences(of: "ortam 6.", with: "ortam \(bound).") }
        let holding = PropertySeeds.sampled([
            "6 (5'ten aşağı düşmez)", "6 (5'ten aşağı inmez)", "6 (5'in altına düşmez)", "6 (5'in altına inmez)",
            "6 (7'nin üstüne çıkmaz)", "6 (7'nin üzerine çıkmaz)", "6 (7'yi aşamaz)", "6 (7'yi geçemez)",
            "6 (7'yi aşamıyor)", "6 (7'yi geçmeyecek)", "6 (7'yi aşmayacak)", "6 (7'den fazlası olmaz)",
            "6 (hiçbir zaman 7'yi geçmez)", "6 (7'ye erişmez)", "6 (7'den fazla değildir)", "6 (7'den çok değil)",
            "6 (en fazla 7 olabilir)", "6 (7'yi geçmezler)", "6 (7'yi geçemeyecektir)", "6 (7'den yukarıya çıkmaz)",
            "6 (7'den yukarı çıkmaz)", "6 (7'den fazla çıkmaz)", "6 (5'in altına düşmeyen)", "6 (7'ye varamaz)",
            "6 (7'yi bulamıyor)", "6 (7'den düşük)", "6 (5'ten yüksek)", "6 (5'i geçecek)", "6 (6'dan azı olmaz)",
            "6 (5'ten aşağıya inmez)",
        ])
        XCTAssertEqual(try findings(file, sentence, holding.map(make)), holding.map { _ in [] })
        let broken: [(written: String, says: String)] = PropertySeeds.sampled([
            ("6 (7'den aşağı düşmez)", "at least 7"), ("6 (7'nin altına inmez)", "at least 7"),
            ("6 (5'in üstüne çıkmaz)", "at most 5"), ("6 (5'i aşamaz)", "at most 5"),
            ("6 (5'ten fazla değildir)", "at most 5"), ("6 (7'den az olmaz)", "at least 7"),
            ("6 (5'i geçmeyecek)", "at most 5"), ("6 (5'ten fazlası olmaz)", "at most 5"),
            ("6 (5'in üzerine çıkamaz)", "at most 5"), ("6 (6'ya varamaz)", "fewer than 6"),
            ("6 (6'dan düşük)", "fewer than 6"), ("6 (5'ten aşağı düşmez değil)", "fewer than 5"),
            ("6 (5'in altına düşer)", "fewer than 5"), ("6 (6'yı aşacak)", "more than 6"),
            ("6 (7'den aşağıya inmeyecek)", "at least 7"),
        ])
        XCTAssertEqual(
            try findings(file, sentence, broken.map { make($0.written) }),
            broken.map {
                [
                    "lessons/\(file):267:115: error: says ortam \($0.says), but 6 lessons declare ortam; "
                        + "write 6 or drop the bound [trigger-distribution]"
                ]
            })
        // The fix converges: the count written, the bound dropped, no finding (`holding`'s first
        // forms and the sentence itself); in place of the count, a bound states none.
        XCTAssertEqual(try findings(file, sentence, [sentence]), [[]])
        let inPlace = ["5'ten aşağı düşmez", "7'nin üstüne çıkmaz", "7'yi aşamaz"]
        XCTAssertEqual(
            try findings(file, sentence, inPlace.map(make)),
            inPlace.map { _ in
                [
                    "lessons/\(file):267:106: error: this paragraph counts triggers, but no count can be read for ortam; "
                        + "give each of yerel, ebeveyn, gözlem and ortam its number, right before or after its name "
                        + "[trigger-distribution]"
                ]
            })
    }

    /// A word that stresses the verb of a bound (`hiç`, `asla`, `kesinlikle`, `bile`: `5'in altına
    /// hiç düşmez`, never falls below 5; `7'yi asla aşmaz`) is read past, and "stay" is a verb a
    /// bound ends with (`5'in altında kalmaz`, does not stay below 5: at least 5; `5'ten aşağıda
    /// kalmaz`): a bound that holds gives no finding, one that fails one finding naming the bound.
    func testAStressedVerbOrStayAfterABoundIsTheBound() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "gözlem 4, ortam 6."
        let holding = PropertySeeds.sampled([
            "5'in altına hiç düşmez", "5'in altına asla düşmez", "7'yi hiç geçmez", "7'yi asla aşmaz",
            "5'in altına hiç inmedi", "7'yi hiç aşmadı", "7'yi kesinlikle geçmez", "7'yi bile geçmez",
            "5'in altında kalmaz", "5'in altında kalmıyor", "5'ten aşağıda kalmaz", "7'nin altında kalır",
        ])
        XCTAssertEqual(
            try findings(file, sentence, holding.map { "gözlem 4, ortam 6 (\($0))." }),
            holding.map { _ in [] })
        let failing: [(bound: String, says: String)] = [
            ("7'nin altına hiç düşmez", "at least 7"), ("5'i asla aşmaz", "at most 5"),
            ("7'nin altında kalmaz", "at least 7"), ("5'in üstünde kalmaz", "at most 5"),
            ("7'den aşağıda kalmaz", "at least 7"),
        ]
        XCTAssertEqual(
            try findings(file, sentence, failing.map { "gözlem 4, ortam 6 (\($0.bound))." }),
            failing.map {
                [
                    "lessons/\(file):267:115: error: says ortam \($0.says), but 6 lessons declare ortam; "
                        + "write 6 or drop the bound [trigger-distribution]"
                ]
            })
    }

    /// A number word with a case ending is the number with that ending, by one rule for every
    /// number word (`beşin altına düşmez`, `yediyi geçmez`, `dördün üstüne çıkmaz`, `altının`,
    /// `on beşin`): true bounds give none, false ones one bound finding at the number (the genitive
    /// ones were silent). A pronoun spelled as a number with an ending (`onun`) is no number.
    func testANumberWordWithACaseEndingIsTheNumber() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "gözlem 4, ortam 6."
        let holding = PropertySeeds.sampled([
            "beşin altına düşmez", "yediyi geçmez", "beşten aşağı düşmez", "altının altına inmez", "yedinin altında",
            "dördün üstünde", "on beşin altına düşer", "beşe varır", "sekizden az", "onun altına düşmez",
        ])
        XCTAssertEqual(
            try findings(file, sentence, holding.map { "gözlem 4, ortam 6 (\($0))." }),
            holding.map { _ in [] })
        let failing: [(bound: String, says: String)] = [
            ("yedinin altına düşmez", "at least 7"), ("beşi geçmez", "at most 5"),
            ("dördün üstüne çıkmaz", "at most 4"), ("ikinin altında kalır", "fewer than 2"),
            ("yedinin altında kalmaz", "at least 7"),
        ]
        XCTAssertEqual(
            try findings(file, sentence, failing.map { "gözlem 4, ortam 6 (\($0.bound))." }),
            failing.map {
                [
                    "lessons/\(file):267:115: error: says ortam \($0.says), but 6 lessons declare ortam; "
                        + "write 6 or drop the bound [trigger-distribution]"
                ]
            })
    }

    /// A direction with no verb after it (`5'in altına`, "to below 5") says no bound a reader can
    /// tell and no count: one finding at its number (it was "says ortam 5"), offering the verb
    /// that makes it a bound that holds, or only "drop it" where that one would not hold; the
    /// offered fix gives none. A question after a bound (`7'yi geçmez mi?`, `7'yi geçer mi?`, `en
    /// fazla 5 mi?`) asks it and asserts nothing: no finding, true or false, and the count beside
    /// it is still judged.
    func testADirectionWithNoVerbOrAQuestionAfterABoundIsNoBound() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "gözlem 4, ortam 6."
        let verbless: [(bound: String, says: String)] = [
            (
                "5'in altına",
                "'altına' with no verb, so a reader cannot tell what it says; end it with a verb, "
                    + "'altına düşmez' (ortam at least 5), or drop it"
            ),
            (
                "beşin altına",
                "'altına' with no verb, so a reader cannot tell what it says; end it with a verb, "
                    + "'altına düşmez' (ortam at least 5), or drop it"
            ),
            (
                "7'nin üzerine",
                "'üzerine' with no verb, so a reader cannot tell what it says; end it with a verb, "
                    + "'üzerine çıkmaz' (ortam at most 7), or drop it"
            ),
            ("7'nin altına", "'altına' with no verb, so a reader cannot tell what it says; drop it"),
            (
                "5'ten aşağıya",
                "'aşağıya' with no verb, so a reader cannot tell what it says; end it with a verb, "
                    + "'aşağıya düşmez' (ortam at least 5), or drop it"
            ),
        ]
        XCTAssertEqual(
            try findings(file, sentence, verbless.map { "gözlem 4, ortam 6 (\($0.bound))." }),
            verbless.map {
                ["lessons/\(file):267:115: error: the bound on ortam ends at \($0.says) [trigger-distribution]"]
            })
        // The fix it offers, applied: none.
        let fixed = ["5'in altına düşmez", "beşin altına düşmez", "7'nin üzerine çıkmaz", "5'ten aşağıya düşmez"]
        XCTAssertEqual(
            try findings(file, sentence, fixed.map { "gözlem 4, ortam 6 (\($0))." }), fixed.map { _ in [] })
        let asked = PropertySeeds.sampled([
            "7'yi geçmez mi?", "7'yi geçer mi?", "5'i geçmez mi?", "5'in altına düşer mi?", "en fazla 5 mi?",
            "yediyi geçer mi?", "7'den fazla değil mi?",
        ])
        XCTAssertEqual(
            try findings(file, sentence, asked.map { "gözlem 4, ortam 6 (\($0))." }), asked.map { _ in [] })
        // The count beside an asked bound is judged still.
        XCTAssertEqual(
            try findings(file, sentence, ["gözlem 4, ortam 7 (7'yi geçer mi?)."]),
            [["lessons/\(file):267:112: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"]])
    }

    /// Any run of stressing or hedging words between a bound's number and its verb is read past,
    /// multi-word and doubled ones too (`pek`, `asla ama asla`, `hiçbir zaman`, `hiçbir şekilde`,
    /// `muhtemelen`, `de`, `şimdilik`, `hiç mi hiç`, `da hiç`, `büyük ihtimalle`): true bounds give
    /// none (they were read as counts), false ones one bound finding at the number, and `3'ten
    /// aşağı hiçbir zaman inmez` is at least 3 (it was read inverted, fewer than 3).
    func testAStressingRunInsideABoundIsReadPast() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "gözlem 4, ortam 6."
        let holding = PropertySeeds.sampled([
            "5'in altına pek düşmez", "5'in altına asla ama asla düşmez", "7'yi hiçbir zaman geçmez",
            "7'yi muhtemelen aşmaz", "7'yi de aşmaz", "7'yi şimdilik aşmaz", "7'yi hiç mi hiç geçmez",
            "7'yi hiçbir şekilde aşmaz", "5'in altına da hiç düşmez", "5'ten aşağı hiçbir zaman inmez",
            "7'yi büyük ihtimalle geçmez", "5'in altına hiç ama hiç inmez",
            // A question particle after a stressing word asks the bound, true or not: none.
            "7'yi hiç mi geçmez?", "5'i hiç mi geçmez?", "7'nin altına hiç mi düşmez?",
        ])
        XCTAssertEqual(
            try findings(file, sentence, holding.map { "gözlem 4, ortam 6 (\($0))." }),
            holding.map { _ in [] })
        let failing: [(bound: String, says: String)] = [
            ("7'nin altına pek düşmez", "at least 7"), ("5'i hiçbir zaman aşmaz", "at most 5"),
            ("7'den aşağı hiçbir zaman inmez", "at least 7"), ("5'i de hiç geçmez", "at most 5"),
        ]
        XCTAssertEqual(
            try findings(file, sentence, failing.map { "gözlem 4, ortam 6 (\($0.bound))." }),
            failing.map {
                [
                    "lessons/\(file):267:115: error: says ortam \($0.says), but 6 lessons declare ortam; "
                        + "write 6 or drop the bound [trigger-distribution]"
                ]
            })
    }

    /// A word a reader reads past between a name and its count (`tam` exactly, `tam olarak`, `yine`
    /// again, `yalnızca`, `sadece`, `yalnız`, `ancak` only, `hemen hemen` almost, the name's
    /// `tetiği` or `tetikli`, a run of them) or a dash where a colon stands (`ortam – 6`): the
    /// count after it is the name's. True, none (it was "no count can be read"); false, one count
    /// finding at the count.
    func testAWordOrADashBetweenANameAndItsCountIsReadPast() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "gözlem 4, ortam 6."
        let between = PropertySeeds.sampled([
            "tam ", "tam olarak ", "yine ", "yalnızca ", "sadece ", "yalnız ", "ancak ", "hemen hemen ", "tetiği ",
            "tetikli ", "\u{2013} ", "\u{2014} ", "tetiği de tam ", ": tam ",
        ])
        XCTAssertEqual(
            try findings(file, sentence, between.map { "gözlem 4, ortam \($0)6." }), between.map { _ in [] })
        let wrong = ["tam olarak ", "yine ", "ancak ", "\u{2013} ", "tetiği "]
        XCTAssertEqual(
            try findings(file, sentence, wrong.map { "gözlem 4, ortam \($0)7." }),
            wrong.map {
                [
                    "lessons/\(file):267:\(112 + $0.utf8.count): error: says ortam 7, but 6 lessons declare ortam "
                        + "[trigger-distribution]"
                ]
            })
    }

    /// A number in a parenthesis after a count that names a lesson (an ordinal, `12. ders`; a list
    /// an ordinal of lessons ends, `6, 11, 18 ve 21. dersler`; one a lesson word opens, `ders 2, 5
    /// ve 7`), a year (`2026 sürümünde`) or a share (`yüzde 30`) is no count: none (each was one
    /// finding, up to six from one parenthesis). A wrong count beside them is still one finding, at it.
    func testLessonNumbersYearsAndSharesAfterACountAreNoCounts() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "gözlem 4, ortam 6."
        let asides = PropertySeeds.sampled([
            "(2., 5., 7., 12., 19. ve 20. dersler)", "(12. ders dahil)", "(2.–20. dersler arasında)",
            "(ilki 2. derste)", "(ders 2, 5, 7, 12, 19 ve 20)", "(2026 sürümünde)", "(yüzde 30)", "(%30)",
            "(12. sırada)", "(2025'ten beri)",
        ])
        XCTAssertEqual(
            try findings(
                file, sentence,
                asides.map { "gözlem 4, ortam 6 \($0)." } + ["gözlem 4 (6, 11, 18 ve 21. dersler), ortam 6."]),
            (asides + [""]).map { _ in [] })
        XCTAssertEqual(
            try findings(
                file, sentence, ["gözlem 4, ortam 7 (2., 5. ve 7. dersler).", "gözlem 4, ortam 7 (yüzde 30)."]),
            [
                ["lessons/\(file):267:112: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
                ["lessons/\(file):267:112: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
            ])
        // A count restated in the parenthesis, or a full stop ending the sentence after the count, is a count still.
        XCTAssertEqual(
            try findings(
                file, sentence, ["gözlem 4, ortam 6 (7).", "gözlem 4, ortam 7. Dersler", "gözlem 4, ortam 7. dersler"]),
            [
                ["lessons/\(file):267:115: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
                ["lessons/\(file):267:112: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
                ["lessons/\(file):267:112: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
            ])
    }

    /// The names listed and their counts after them, with words a reader reads past between
    /// (`… ve ortam için 6, 4, 4 ve 6`, `sırasıyla`, respectively, after `için`, `tetikleri` or a
    /// colon or in the parenthesis), with `tetiği` / `tetikli` / `tetiğini` after every name, or a
    /// count of lessons before each (`6 derste yerel`): read as the list, each count
    /// judged at itself (it was "not applicable", a wrong count passing).
    func testTheNamesThenCountsListWithRespectivelyOrForIsRead() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let forms: [(String) -> String] = PropertySeeds.sampled([
            { "yerel, ebeveyn, gözlem ve ortam için sırasıyla 6, 4, 4 ve \($0)." },
            { "yerel, ebeveyn, gözlem ve ortam için 6, 4, 4 ve \($0)." },
            { "yerel, ebeveyn, gözlem, ortam: sırasıyla 6, 4, 4, \($0)." },
            { "yerel, ebeveyn, gözlem ve ortam (sırasıyla 6, 4, 4, \($0))." },
            { "yerel tetiği 6, ebeveyn tetiği 4, gözlem tetiği 4, ortam tetiği \($0)." },
            { "yerel tetikli 6, ebeveyn tetikli 4, gözlem tetikli 4, ortam tetikli \($0)." },
            { "yerel, ebeveyn, gözlem ve ortam tetikleri sırasıyla 6, 4, 4 ve \($0)." },
            { "yerel tetiğini 6 ders, ebeveyn tetiğini 4 ders, gözlem tetiğini 4 ders, ortam tetiğini \($0) ders." },
            // A count of lessons with `derste` before each name (in six lessons yerel).
            { "6 derste yerel, 4 derste ebeveyn, 4 derste gözlem ve \($0) derste ortam." },
        ])
        XCTAssertEqual(try findings(file, sentence, forms.map { $0("6") }), forms.map { _ in [] })
        // A listed count's asked bound in parentheses, its question mark before the parenthesis
        // closes, leaves the list going on (it was a list of two counts).
        XCTAssertEqual(
            try findings(
                file, sentence,
                [
                    "yerel, ebeveyn, gözlem, ortam: 6, 4 (en fazla 5 mi?), 4, 6.",
                    "yerel, ebeveyn, gözlem ve ortam için 6, 4 (3'ü hiç mi geçmez?), 4 ve 6.",
                ]),
            [[], []])
        // The sentence starts at column 75; the wrong count is the last number of each form.
        XCTAssertEqual(
            try findings(file, sentence, forms.map { $0("7") }),
            try forms.map { form in
                let written = form("7")
                let seven = try XCTUnwrap(written.range(of: "7", options: .backwards))
                return [
                    "lessons/\(file):267:\(75 + written[..<seven.lowerBound].utf8.count): error: says ortam 7, "
                        + "but 6 lessons declare ortam [trigger-distribution]"
                ]
            })
    }

    /// A trigger name in quotation marks (curly, straight, guillemets, single) is read as the bare
    /// name: with its right count no finding, with a wrong one one finding at the count, and with
    /// every name quoted the sentence is still the claim (it was "no count can be read" for one
    /// quoted name, and not applicable with all four, so a wrong count passed). An apostrophe
    /// inside a word stays a suffix's. Columns count bytes, as every finding's do.
    func testATriggerNameInQuotationMarksIsTheName() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let quotes: [(open: String, close: String)] = PropertySeeds.sampled(
            [
                ("\u{201C}", "\u{201D}"), ("\"", "\""), ("\u{AB}", "\u{BB}"), ("'", "'"), ("\u{2018}", "\u{2019}"),
                ("\u{201E}", "\u{201C}"),
            ], minimum: 2)
        func quoted(_ count: String, all: Bool) -> [String] {
            quotes.map { quote in
                let names = all ? ["yerel", "ebeveyn", "gözlem", "ortam"] : ["ortam"]
                var text = sentence.replacingOccurrences(of: "ortam 6", with: "ortam \(count)")
                for name in names {
                    text = text.replacingOccurrences(of: "\(name) ", with: "\(quote.open)\(name)\(quote.close) ")
                }
                return text
            }
        }
        XCTAssertEqual(
            try findings(file, sentence, quoted("6", all: false) + quoted("6", all: true)),
            Array(repeating: [], count: 2 * quotes.count))
        let wrong = try findings(file, sentence, quoted("7", all: false) + quoted("7", all: true))
        XCTAssertEqual(
            wrong,
            (quoted("7", all: false) + quoted("7", all: true)).map { text in
                let prefix = "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: "
                let column =
                    prefix.utf8.count + text.utf8.distance(from: text.startIndex, to: text.range(of: "7")!.lowerBound)
                    + 1
                return [
                    "lessons/\(file):267:\(column): error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"
                ]
            })
    }

    /// The trigger bullet and the closing table name a trigger as the sentence does: quotation marks
    /// around it (curly, straight, low, guillemets, single; outside the bold or inside it) are read
    /// past, so a quoted right name is no finding, a quoted wrong one its one finding (the bullet's
    /// "did you mean", the row's declared trigger), and a quoted wrapper names the wrapper alone.
    func testAQuotedTriggerInTheBulletOrTheClosingTableIsTheName() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let path = "lessons/\(file)"
        let quotes: [(open: String, close: String)] = PropertySeeds.sampled(
            [
                ("\u{201C}", "\u{201D}"), ("\"", "\""), ("\u{AB}", "\u{BB}"), ("'", "'"), ("\u{2018}", "\u{2019}"),
                ("\u{201E}", "\u{201C}"),
            ], minimum: 2)
        let bullet = "- Bu dersin tetiği: **gözlem**."
        func bullets(_ name: String) -> [String] {
            quotes.flatMap { quote in
                [
                    "- Bu dersin tetiği: \(quote.open)**\(name)**\(quote.close).",
                    "- Bu dersin tetiği: **\(quote.open)\(name)\(quote.close)**.",
                ]
            }
        }
        XCTAssertEqual(try findings(file, bullet, bullets("gözlem")), Array(repeating: [], count: 2 * quotes.count))
        XCTAssertEqual(
            try findings(file, bullet, bullets("gözlm")),
            quotes.flatMap { quote in
                let column = "- Bu dersin tetiği: **".utf8.count + quote.open.utf8.count + 1
                let finding =
                    "\(path):276:\(column): error: unknown trigger 'gözlm'; did you mean 'gözlem'? [declared-trigger]"
                return [[finding], [finding]]
            })
        // A wrapper in quotes is the wrapper's one finding, its fix inside the quotes.
        XCTAssertEqual(
            try findings(file, bullet, ["- Bu dersin tetiği: \u{201C}~~**gözlem**~~\u{201D}."]),
            [
                [
                    "\(path):276:25: error: the 'Bu dersin tetiği:' bullet is here, but its trigger '~~**gözlem**~~' is "
                        + "struck through (readers see it crossed out), so it cannot be read; write '**gözlem**' in "
                        + "place of '~~**gözlem**~~' [declared-trigger]"
                ]
            ])
        let row = "| Yerelleştirme | dil değişti | ortam |"
        func rows(_ name: String) -> [String] {
            quotes.flatMap { quote in
                [
                    "| Yerelleştirme | dil değişti | \(quote.open)\(name)\(quote.close) |",
                    "| Yerelleştirme | dil değişti | **\(quote.open)\(name)\(quote.close)** |",
                ]
            }
        }
        XCTAssertEqual(try findings(file, row, rows("ortam")), Array(repeating: [], count: 2 * quotes.count))
        XCTAssertEqual(
            try findings(
                file, row,
                [
                    "| Yerelleştirme | dil değişti | \u{201C}ortm\u{201D} |",
                    "| Yerelleştirme | dil değişti | \u{201C}~~ortam~~\u{201D} |",
                ]),
            [
                [
                    "\(path):264:36: error: row 20 gives the trigger '\u{201C}ortm\u{201D}'; "
                        + "lessons/20-yerellestirme.md declares 'ortam' [closing-table]"
                ],
                [
                    "\(path):264:36: error: row 20 gives the trigger '\u{201C}~~ortam~~\u{201D}', which is struck "
                        + "through (readers see it crossed out), so it cannot be read (lessons/20-yerellestirme.md "
                        + "declares 'ortam'); write 'ortam' in place of '\u{201C}~~ortam~~\u{201D}' [closing-table]"
                ],
            ])
        // Controls: the bare forms, and an apostrophe inside a word, which is a suffix's, not a quote.
        XCTAssertEqual(
            try findings(file, row, [row, "| Yerelleştirme | dil değişti | ortam'ı |"]),
            [
                [],
                [
                    // At the text added, where the fix deletes it.
                    "\(path):264:41: error: row 20 gives the trigger 'ortam'ı'; lessons/20-yerellestirme.md declares "
                        + "'ortam' (it has ''ı' after it: ''' and U+0131 LATIN SMALL LETTER DOTLESS I; delete them) "
                        + "[closing-table]"
                ],
            ])
    }

    /// More spellings of "or" between two counts state the second: `ya` with its `da` dropped (`4
    /// ya 5`), the circumflex forms, folded once for every connective (`4 yâ da 5`, `yâhutta`, `ve
    /// yâ`, `veyâhut`, capitals `YÂ DA`, either-or `yâ 4 yâ 5`), two numbers in a row (`dört beş`,
    /// four or five; `4 5`; before the name too, `dört beş gözlem`) and English `or`. Wrong, one
    /// finding at the second count (not silence, not "counts 'yâ'"); right, none.
    func testMoreOrSpellingsBetweenTwoCountsStateTheSecond() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let forms: [(written: String, column: Int)] = PropertySeeds.sampled([
            ("gözlem 4 ya 5", 108), ("gözlem 4 yâ da 5", 112), ("gözlem 4 yâhutta 5", 114), ("gözlem 4 ve yâ 5", 112),
            ("gözlem 4 veyâhut 5", 114), ("gözlem 4 YÂ DA 5", 112), ("gözlem yâ 4 yâ 5", 113), ("gözlem dört beş", 109),
            ("gözlem 4 5", 105), ("gözlem 4 or 5", 108), ("dört beş gözlem", 101), ("5 4 gözlem", 95),
        ])
        let make = { (count: String) in sentence.replacingOccurrences(of: "gözlem 4", with: count) }
        XCTAssertEqual(
            try findings(file, sentence, forms.map { make($0.written) }),
            forms.map {
                [
                    "lessons/\(file):267:\($0.column): error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"
                ]
            })
        XCTAssertEqual(
            try findings(
                file, sentence,
                forms.map {
                    make(
                        $0.written.replacingOccurrences(of: "5", with: "4").replacingOccurrences(
                            of: "beş", with: "dört"))
                }),
            forms.map { _ in [] })
    }

    /// A count the sentence replaces or denies (`gözlem 5 yerine 4`, four instead of five; `ortam 7
    /// değil, 6`; `6 (7 yerine)`; in a listed form too) is no count: the one after the denial is,
    /// and right it gives no finding, wrong one finding at it. `ve` between two counts (`ortam 6
    /// ve 7`) joins, and states no second count. A denied count with none after it leaves the name
    /// uncounted: one finding at the name.
    func testACountReplacedOrDeniedIsNoCount() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let listed = "yerel, ebeveyn, gözlem ve ortam: "
        XCTAssertEqual(
            try findings(
                file, sentence,
                [
                    "yerel 6, ebeveyn 4, gözlem 5 yerine 4, ortam 6.",
                    "yerel 6, ebeveyn 4, gözlem 4, ortam 7 değil, 6.",
                    "yerel 6, ebeveyn 4, gözlem 4, ortam 6 (7 yerine).", listed + "6, 4, 5 yerine 4, 6.",
                    "yerel 6, ebeveyn 4, gözlem 4, ortam 6 ve 7.", listed + "6, 4, 4 yerine 5, 6.",
                    "yerel 6, ebeveyn 4, gözlem 4, ortam 6 değil, 7.", "yerel 6, ebeveyn 4, gözlem 4, ortam 7 değil.",
                ]),
            [
                [], [], [], [], [],
                ["lessons/\(file):267:124: error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"],
                ["lessons/\(file):267:122: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
                [
                    "lessons/\(file):267:106: error: this paragraph counts triggers, but no count can be read for ortam; "
                        + "give each of yerel, ebeveyn, gözlem and ortam its number, right before or after its name "
                        + "[trigger-distribution]"
                ],
            ])
    }

    /// Counts written as possessive number words before the name (`altısı yerel, dördü ebeveyn`,
    /// six of them local: the word form of `6'sı yerel`) are read, in the last lesson and in the
    /// index: a wrong one is one finding at it, the right ones none. Distributive words (`altışar`)
    /// stay read as before.
    func testPossessiveNumberWordsBeforeANameAreCounts() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let possessive = { (gozlem: String) in "altısı yerel, dördü ebeveyn, \(gozlem) gözlem, altısı ortam." }
        XCTAssertEqual(
            try findings(
                file, sentence,
                [
                    possessive("beşi"), possessive("dördü"),
                    "altısı yerel, dördü ebeveyn, dördü gözlem ve yedisi ortam.",
                    "yerel ve ortam altışar, ebeveyn ve gözlem dörder.",
                    "yerel ve ortam altışar, ebeveyn ve gözlem beşer.",
                ]),
            [
                ["lessons/\(file):267:108: error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"],
                [],
                ["lessons/\(file):267:127: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"],
                [],
                [
                    "lessons/\(file):267:120: error: says ebeveyn 5 and gözlem 5, but 4 lessons declare ebeveyn and 4 "
                        + "gözlem [trigger-distribution]"
                ],
            ])
        let intro = "# SwiftUI ile Arayüz\n"
        let index = { (gozlem: String) in
            intro
                + "\nAçılış dersi dışındaki yirmi dersten altısı yerel, dördü ebeveyn, \(gozlem) gözlem, altısı ortam "
                + "tetiğini ölçer.\n"
        }
        XCTAssertEqual(
            try findings("README.md", intro, [index("beşi"), index("dördü")]),
            [
                [
                    "lessons/README.md:18:78: error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"
                ],
                [],
            ])
    }

    /// A trigger named after the bullet's bold value in a phrase that comments on it (`(ebeveyn ile
    /// karıştırmayın)`, don't confuse with ebeveyn; `(ebeveyn değil)`; `, ebeveyn değil`; `(bkz.
    /// ebeveyn dersi)`) is not declared: the bullet declares its bold value. A trigger the phrase
    /// only adds (`(ebeveyn)`, `, ebeveyn`, `ve ebeveyn`, `(ya da ebeveyn)`, `(ebeveyn de)`) or a
    /// second bold one is a second trigger, one finding at it.
    func testATriggerInAPhraseCommentingAfterTheBulletsValueIsNotDeclared() throws {
        let file = "12-ortam-degerleri.md"
        let bullet = "- Bu dersin tetiği: **ortam**."
        let written = { (after: String) in "- Bu dersin tetiği: **ortam**" + (after.hasPrefix(",") ? "" : " ") + after }
        let commented = [
            "(ebeveyn ile karıştırmayın).", "(ebeveyn değil).", ", ebeveyn değil.", "(bkz. ebeveyn dersi).",
            "(ebeveyn gibi görünse de).",
        ]
        XCTAssertEqual(
            try findings(file, bullet, commented.map(written)),
            commented.map { _ in [] })
        let added: [(written: String, column: Int)] = [
            ("(ebeveyn).", 33), (", ebeveyn.", 33), ("ve ebeveyn.", 35), ("(ya da ebeveyn).", 39),
            ("(ebeveyn de).", 33), ("ya da **ebeveyn**.", 40),
        ]
        XCTAssertEqual(
            try findings(file, bullet, added.map { written($0.written) }),
            added.map {
                [
                    "lessons/\(file):308:\($0.column): error: the trigger bullet states two triggers, 'ortam' and "
                        + "'ebeveyn'; a lesson declares one, so keep the one its trees show [declared-trigger]"
                ]
            })
    }

    /// A list of names with a count dropped from the counts after them (`yerel, ebeveyn, gözlem,
    /// ortam: 6, 4, 4`) is one finding at the list's last count, whichever count was dropped;
    /// giving the four counts leaves none. In the bullet form, the item that lost its count is
    /// where the finding is.
    func testADroppedCountInTheDistributionIsOneFindingAtTheList() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        let message = { (counts: String) in
            "lessons/\(file):267:113: error: the list names 4 triggers (yerel, ebeveyn, gözlem, ortam) but gives 3 "
                + "counts (\(counts)); give one count for each name, in the order of the names [trigger-distribution]"
        }
        XCTAssertEqual(
            try findings(
                file, sentence,
                [
                    "yerel, ebeveyn, gözlem, ortam: 6, 4, 4.", "yerel, ebeveyn, gözlem, ortam: 6, 4, 6.",
                    "yerel, ebeveyn, gözlem, ortam: 6, 4, 4, .", "yerel, ebeveyn, gözlem, ortam: 6, 4, 4, 6.",
                ]),
            [[message("6, 4, 4")], [message("6, 4, 6")], [message("6, 4, 4")], []])
        let lead = "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir: " + sentence + " "
        let bullets = { (last: String) in
            "Açılış dersi dışındaki yirmi dersin tetik dağılımı şöyledir:\n\n- yerel 6\n- ebeveyn 4\n- gözlem 4\n- "
                + last + "\n\n"
        }
        XCTAssertEqual(
            try findings(file, lead, [bullets("ortam"), bullets("ortam 6")]),
            [
                [
                    "lessons/\(file):272:3: error: this paragraph counts triggers, but no count can be read for ortam; "
                        + "give each of yerel, ebeveyn, gözlem and ortam its number, right before or after its name "
                        + "[trigger-distribution]"
                ], [],
            ])
    }

    /// A trigger the bullet names only to negate it in a parenthesis after the bold value
    /// (`**yerel** (ebeveyn değil)`, "not ebeveyn") is no second trigger; one named without the
    /// negation is.
    func testATriggerNegatedAfterTheBulletsValueIsNotDeclared() throws {
        let file = "09-yerel-durum.md"
        XCTAssertEqual(
            try findings(
                file, "- Bu dersin tetiği: **yerel**.",
                [
                    "- Bu dersin tetiği: **yerel** (ebeveyn değil).", "- Bu dersin tetiği: **yerel** (ebeveyn).",
                ]),
            [
                [],
                [
                    "lessons/\(file):266:33: error: the trigger bullet states two triggers, 'yerel' and 'ebeveyn'; a "
                        + "lesson declares one, so keep the one its trees show [declared-trigger]"
                ],
            ])
    }

    /// A closing-table row with a `|` typed inside a cell, or one lost between two cells, is one
    /// finding at the row naming its cell count and the header's (not a wrong trigger, whose fix
    /// would leave GitHub dropping the row's text); deleting or writing back the `|` leaves none.
    /// A row ending `||` (an empty extra cell GitHub drops unseen) is none.
    func testAClosingTableRowWithAPipeTooManyOrTooFewIsOneFinding() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let more = { (row: Int) in
            "lessons/\(file):\(row + 244):1: error: row \(row) has 5 cells but the header has 4, and GitHub drops the "
                + "text past cell 4: a '|' inside a cell splits it; delete that '|' (or write it '\\|' to show it) "
                + "[closing-table]"
        }
        let cases: [(row: String, slipped: String, expected: String)] = [
            (
                "| Gözlemlenebilir Nesneler | kitap eklendi | gözlem | nesne düzeyi bildirim daha geniştir |",
                "| Gözlemlenebilir Nesneler | kitap | eklendi | gözlem | nesne düzeyi bildirim daha geniştir |",
                more(11)
            ),
            (
                "| Görünüm Kurucular | başlık değişti | ebeveyn | kapanış ağaçta düğüm değildir |",
                "| Görünüm Kurucular | başlık değişti | ebe | veyn | kapanış ağaçta düğüm değildir |", more(8)
            ),
            (
                "| Ön İzleme ve Yineleme | örnek ad değişti | gözlem | ön izleme yeni başlangıçtır |",
                "| Ön İzleme ve Yineleme | örnek ad değişti | gözlem | ön izleme | yeni başlangıçtır |", more(21)
            ),
            (
                "| Yerel Durum | dokunuldu | yerel | kardeşin durumu okunamaz |",
                "| Yerel Durum | dokunuldu yerel | kardeşin durumu okunamaz |",
                "lessons/\(file):253:1: error: row 9 has 3 cells but the header has 4, and GitHub shows its last "
                    + "cell empty: a '|' between two cells is missing; write it back [closing-table]"
            ),
        ]
        for (row, slipped, expected) in cases {
            XCTAssertEqual(try findings(file, row, [slipped, row, row + "|"]), [[expected], [], []], slipped)
        }
    }

    /// A backticked change label with an en or em dash, `_` or a space for its hyphen is one
    /// finding at that character, naming it and the label meant; writing the label leaves none.
    func testAChangeLabelWithAnotherCharacterForItsHyphenIsNamed() throws {
        let file = "01-bildirimsel-sozdizim.md"
        let written: [(String, String)] = [
            ("\u{2013}", "U+2013 EN DASH"), ("\u{2014}", "U+2014 EM DASH"), ("_", "'_'"), (" ", "a space"),
        ]
        XCTAssertEqual(
            try findings(file, "`gorev-eklendi`", written.map { "`gorev\($0.0)eklendi`" } + ["`gorev-eklendi`"]),
            written.map { character, name in
                [
                    "lessons/\(file):140:454: error: `gorev\(character)eklendi` is not a label any tree passes to "
                        + "change (did you mean `gorev-eklendi`? it has \(name) where the label has '-') [label-reference]"
                ]
            } + [[]])
    }

    /// A character left at a line's start where the index, a front matter or a note label reads
    /// it: a printable one before an index item's number (`\t9.`, `` `13. ``, `\3.`, which make the
    /// line text), an invisible one after an item's marker (the item renders, its text hides it),
    /// an invisible one before a front-matter key (YAML reads another key), a literal `\t` before
    /// a note label. Each is one finding at its line naming the character, never "not listed" or
    /// "lacks 'title'" elsewhere.
    func testALeftoverAtAnIndexItemAFrontMatterKeyOrALabelIsOneFindingAtIt() throws {
        let found = try findings(after: [
            ("README.md", "\n9. [Yerel", "\n\\t9. [Yerel"),
            ("README.md", "\n13. [", "\n`13. ["),
            ("README.md", "\n3. [", "\n\\3. ["),
            ("README.md", "\n12. [", "\n12. \u{2060}["),
            ("README.md", "\n17. [", "\n17. \u{A0}["),
            ("README.md", "\nlessons: 21", "\n\u{2060}lessons: 21"),
            ("14-sunum-ve-kapatma.md", "\ntitle:", "\n\u{200B}title:"),
            ("14-sunum-ve-kapatma.md", "\n**DR16.** Bu ölçüm", "\n\\t**DR16.** Bu ölçüm"),
            ("15-sekme-ve-arac-cubugu.md", "\nsource:", "\n\u{FEFF}source:"),
        ])
        func stray(_ line: Int, _ written: String, _ before: String, _ fix: String) -> String {
            "lessons/README.md:\(line):1: error: '\(written)' opens no list item: it starts with '\(before)' before "
                + "its number, and a list marker starts with the number, so readers see this line as text, not as an "
                + "item of the index; write '\(fix)' [course-index]"
        }
        func key(_ file: String, _ line: Int, _ key: String, _ name: String) -> String {
            "lessons/\(file):\(line):1: error: this front matter line starts with \(name) before its '\(key):', "
                + "which YAML reads as part of the key, so the front matter has no '\(key)'; delete that character "
                + "[front-matter]"
        }
        func invisible(_ line: Int, _ written: String, _ name: String) -> String {
            "lessons/README.md:\(line):5: error: '\(written)': the item's text opens with \(name) before its link, "
                + "which readers cannot see for what it is; delete that character [course-index]"
        }
        XCTAssertEqual(
            found,
            [
                key("README.md", 7, "lessons", "U+2060 WORD JOINER"),
                stray(26, "\\3. [", "\\", "3. ["),
                stray(37, "\\t9. [", "\\t", "9. ["),
                invisible(40, "12. \u{2060}[", "U+2060 WORD JOINER"),
                stray(41, "`13. [", "`", "13. ["),
                invisible(50, "17. \u{A0}[", "U+00A0 NO-BREAK SPACE"),
                key("14-sunum-ve-kapatma.md", 2, "title", "U+200B ZERO WIDTH SPACE"),
                "lessons/14-sunum-ve-kapatma.md:158:1: error: this paragraph opens with '\\t**DR16.**', a near form "
                    + "of the note label DR16. ('\\t' before it), so it does not read as a note; write **DR16.** "
                    + "[note-series]",
                key("15-sekme-ve-arac-cubugu.md", 3, "source", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
            ])
    }

    /// A printable character or two left before a required front-matter key (`\ttitle:`, `xsource:`,
    /// `\tlessons:` in the index): YAML reads another key; one finding at it, `write 'title:'`,
    /// the value read as the key's (the index's count too: no "has no 'lessons: N'"). A word of
    /// letters before it (`subtitle:`) is another key: the title is missing.
    func testALeftoverBeforeARequiredFrontMatterKeyIsOneFindingAtIt() throws {
        func key(_ file: String, _ line: Int, _ leftover: String, _ key: String) -> String {
            "lessons/\(file):\(line):1: error: front matter key '\(leftover)\(key)' has '\(leftover)' before "
                + "'\(key)', which YAML reads as part of the key, so the front matter has no '\(key)'; write "
                + "'\(key):' [front-matter]"
        }
        XCTAssertEqual(
            try findings(after: [
                ("README.md", "\nlessons: 21", "\n\\tlessons: 21"),
                ("14-sunum-ve-kapatma.md", "\ntitle:", "\n\\ttitle:"),
                ("14-sunum-ve-kapatma.md", "\nsource:", "\nxsource:"),
                ("15-sekme-ve-arac-cubugu.md", "\ncourse:", "\n`course:"),
            ]),
            [
                key("README.md", 7, "\\t", "lessons"),
                key("14-sunum-ve-kapatma.md", 2, "\\t", "title"),
                key("14-sunum-ve-kapatma.md", 3, "x", "source"),
                key("15-sekme-ve-arac-cubugu.md", 4, "`", "course"),
            ])
        XCTAssertEqual(
            try findings(after: [("14-sunum-ve-kapatma.md", "\ntitle:", "\nsubtitle:")]),
            ["lessons/14-sunum-ve-kapatma.md:13:1: error: front matter lacks 'title' [front-matter]"])
    }

    /// A container's marker or YAML's comment sign typed before a front-matter key (`> title:`,
    /// `>title:`, `- source:`, `1. language:`, `# course:`, `#updated:`, `> lessons:` in the index):
    /// YAML reads no such key (a `#` makes the line a comment), a reader sees the key. One finding
    /// at the key's line, `delete '>' and the space after it`, the value read as the key's; never
    /// "lacks 'title'" at the closing line, "cannot be read" with no fix, or the index's "has no
    /// 'lessons: N'".
    func testAMarkerBeforeAFrontMatterKeyIsOneFindingAtIt() throws {
        func container(_ file: String, _ line: Int, _ marker: String, _ key: String, _ fix: String) -> String {
            "lessons/\(file):\(line):1: error: this front matter line opens with '\(marker)' before its '\(key):', "
                + "which YAML does not read as the key, so the front matter has no '\(key)'; \(fix) [front-matter]"
        }
        func comment(_ file: String, _ line: Int, _ marker: String, _ key: String, _ fix: String) -> String {
            "lessons/\(file):\(line):1: error: '\(marker)' before '\(key):' makes the line a YAML comment, so the "
                + "front matter has no '\(key)'; \(fix) [front-matter]"
        }
        XCTAssertEqual(
            try findings(after: [
                ("README.md", "\nlessons: 21", "\n> lessons: 21"),
                ("09-yerel-durum.md", "\ntitle:", "\n> title:"),
                ("10-baglama.md", "\nsource:", "\n- source:"),
                ("11-gozlemlenebilir-nesneler.md", "\nlanguage:", "\n1. language:"),
                ("12-ortam-degerleri.md", "\ntitle:", "\n>title:"),
                ("13-gezinme-yigiti-ve-yolu.md", "\ncourse:", "\n# course:"),
                ("14-sunum-ve-kapatma.md", "\nupdated:", "\n#updated:"),
            ]),
            [
                container("README.md", 7, ">", "lessons", "delete '>' and the space after it"),
                container("09-yerel-durum.md", 2, ">", "title", "delete '>' and the space after it"),
                container("10-baglama.md", 3, "-", "source", "delete '-' and the space after it"),
                container("11-gozlemlenebilir-nesneler.md", 5, "1.", "language", "delete '1.' and the space after it"),
                container("12-ortam-degerleri.md", 2, ">", "title", "delete '>'"),
                comment("13-gezinme-yigiti-ve-yolu.md", 4, "#", "course", "delete '#' and the space after it"),
                comment("14-sunum-ve-kapatma.md", 6, "#", "updated", "delete '#'"),
            ])
        // Controls: a comment that names a key given on its own line, or no key of the page's, is a
        // comment; a `>` or `- ` line that opens no key is what it was.
        XCTAssertEqual(
            try findings(after: [
                ("09-yerel-durum.md", "\ntitle:", "\n# title: 'Eski Ad'\ntitle:"),
                ("12-ortam-degerleri.md", "\ntitle:", "\n# note: ilk taslak\ntitle:"),
                ("README.md", "\nlessons: 21", "\n# lessons: 20\nlessons: 21"),
            ]), [])
    }

    /// The sentence that counts the triggers turned into a heading: `# `, `## `, `### ` typed before
    /// it, `---` or `===` typed right under it (cmark-gfm: `<h3>Açılış dersi dışındaki … ortam 6.
    /// …</h3>`, `<h2>…</h2>`). One finding at the slip (`delete '###' and the space after it`,
    /// `delete this line`), and its counts still judged as the sentence's: a wrong one is its own
    /// finding, never silent. Controls: a `---` after a blank line is a rule, `> ` before it keeps
    /// a paragraph (quoted); both read as the sentence, no finding.
    func testTheDistributionSentenceMadeAHeadingIsOneFindingAtTheSlip() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "\nAçılış dersi dışındaki yirmi dersin"
        let end = "dağılım ise açılış dışındaki yirmi dersin tetiğini sayar."
        func marker(_ marks: String) -> String {
            "lessons/\(file):267:1: error: the sentence that counts the triggers opens with '\(marks)', so readers "
                + "see it as a heading, not as a sentence; delete '\(marks)' and the space after it "
                + "[trigger-distribution]"
        }
        func underline(_ written: String) -> String {
            "lessons/\(file):268:1: error: this '\(written)' right under the sentence that counts the triggers "
                + "(line 267) underlines it as a heading, so readers see it as a heading, not as a sentence; delete "
                + "this line"
                + (written == "---"
                    ? ", or, if a rule is meant here, put a blank line between the sentence and '---'" : "")
                + " [trigger-distribution]"
        }
        for marks in ["#", "##", "###"] {
            XCTAssertEqual(
                try findings(after: [(file, sentence, "\n\(marks) Açılış dersi dışındaki yirmi dersin")]),
                [marker(marks)])
        }
        for written in ["---", "==="] {
            XCTAssertEqual(try findings(after: [(file, end, end + "\n" + written)]), [underline(written)])
        }
        XCTAssertEqual(
            try findings(after: [
                (file, sentence, "\n### Açılış dersi dışındaki yirmi dersin"), (file, "ortam 6.", "ortam 7."),
            ]),
            [
                marker("###"),
                "lessons/\(file):267:116: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]",
            ])
        XCTAssertEqual(try findings(after: [(file, end, end + "\n\n---")]), [])
        XCTAssertEqual(try findings(after: [(file, sentence, "\n> Açılış dersi dışındaki yirmi dersin")]), [])
    }

    /// A container's marker before the heading of the trigger bullet's section (`> ## Özet`,
    /// `- ## Özet`, `# ## Özet`): cmark-gfm shows `<blockquote><h2>Özet</h2></blockquote>`, the
    /// bullet after it outside. One finding at the heading, `delete '>' and the space after it`.
    /// Controls: the same marker before another section's heading is no claim's; `## Özet` as
    /// written, none.
    func testAContainerMarkerBeforeTheTriggerBulletsSectionIsOneFindingAtIt() throws {
        func section(_ file: String, _ line: Int, _ marker: String, _ opens: String) -> String {
            "lessons/\(file):\(line):1: error: the heading 'Özet' of the 'Bu dersin tetiği:' bullet's section opens "
                + "with '\(marker)' before its '#', which opens \(opens), so readers see the heading inside it, apart "
                + "from the section it heads; delete '\(marker)' and the space after it [declared-trigger]"
        }
        XCTAssertEqual(
            try findings(after: [
                ("12-ortam-degerleri.md", "\n## Özet", "\n> ## Özet"),
                ("09-yerel-durum.md", "\n## Özet", "\n- ## Özet"),
                ("10-baglama.md", "\n## Özet", "\n# ## Özet"),
            ]),
            [
                section("09-yerel-durum.md", 259, "-", "a list item"),
                section("10-baglama.md", 259, "#", "a heading"),
                section("12-ortam-degerleri.md", 301, ">", "a block quote"),
            ])
        XCTAssertEqual(try findings(after: [("12-ortam-degerleri.md", "\n## Sınırlayıcı", "\n> ## Sınırlayıcı")]), [])
    }

    /// The fixes followed (each a deletion, or the marker written) leave the lines as they were;
    /// the forms beside them that render as meant give no finding: an item indented two spaces, two
    /// spaces after its marker, a key's value after two spaces, a letter typed for a digit stays
    /// that reading (`l2.` is 12, its own finding, not a leftover before 2).
    func testTheFormsBesideALeftoverRenderAsMeantAndGiveNoFinding() throws {
        XCTAssertEqual(
            try findings(after: [
                ("README.md", "\n9. [Yerel", "\n  9. [Yerel"),
                ("README.md", "\n13. [", "\n13.  ["),
                ("README.md", "\nlessons: 21", "\nlessons:  21"),
                ("14-sunum-ve-kapatma.md", "\ntitle:", "\ntitle: "),
            ]), [])
        XCTAssertEqual(
            try findings(after: [("README.md", "\n12. [", "\nl2. [")]),
            [
                "lessons/README.md:40:1: error: 'l2. [' opens no list item: its number has 'l' (U+006C LATIN SMALL "
                    + "LETTER L) for the digit '1', and CommonMark reads only digits as a list number, so readers see "
                    + "this line as text, not as an item of the index; write '12. [' [course-index]"
            ])
    }

    /// Printable characters left before a line's marker, read by `Leftover`: before the title's
    /// `#` (`x# `, `\t# `, `x # `), the trigger bullet's `-` (`1- Bu`, numbering with a hyphen;
    /// `a- Bu`) and a closing-table row's first `|` (`x|`, `\t|`; `\|` escapes it). cmark-gfm
    /// shows each as text (the row: its first cell). One finding at the line naming them, `delete 'x'`,
    /// never "no '# ' heading" above it, "no bullet" at the section or "delete that '|'".
    func testALeftoverBeforeTheTitleTheTriggerBulletOrARowIsOneFindingAtIt() throws {
        let edits: [(file: String, text: String, with: String)] = [
            ("12-ortam-degerleri.md", "\n# Ortam Değerleri", "\nx# Ortam Değerleri"),
            ("09-yerel-durum.md", "\n# Yerel Durum", "\n\\t# Yerel Durum"),
            ("16-hareketler.md", "\n# Hareketler", "\nx # Hareketler"),
            ("12-ortam-degerleri.md", "\n- Bu dersin tetiği:", "\n1- Bu dersin tetiği:"),
            ("09-yerel-durum.md", "\n- Bu dersin tetiği:", "\na- Bu dersin tetiği:"),
            ("21-on-izleme-ve-yineleme.md", "\n| Ortam Değerleri |", "\nx| Ortam Değerleri |"),
            ("21-on-izleme-ve-yineleme.md", "\n| Yerel Durum |", "\n\\t| Yerel Durum |"),
            ("21-on-izleme-ve-yineleme.md", "\n| Bağlama |", "\n\\| Bağlama |"),
        ]
        func title(_ file: String, _ line: Int, _ leftover: String, _ fix: String) -> String {
            "lessons/\(file):\(line):1: error: this line is the lesson's title, but it opens with \(leftover) before "
                + "its '#', which Markdown shows as text, so readers see it as text and the lesson has no '# ' "
                + "heading; \(fix) [front-matter]"
        }
        func bullet(_ file: String, _ line: Int, _ leftover: String) -> String {
            "lessons/\(file):\(line):1: error: the 'Bu dersin tetiği:' bullet is here, but it opens with "
                + "'\(leftover)' before its '-', which Markdown shows as text, so the line renders as text, not as "
                + "the lesson's trigger bullet; delete '\(leftover)' [declared-trigger]"
        }
        func row(_ line: Int, _ row: Int, _ leftover: String, _ fix: String) -> String {
            "lessons/21-on-izleme-ve-yineleme.md:\(line):1: error: row \(row) opens with \(leftover) before its first "
                + "'|', which GitHub reads as a cell of its own, so every cell of the row shows one column right of "
                + "its column; \(fix) [closing-table]"
        }
        XCTAssertEqual(
            try findings(after: edits),
            [
                title("09-yerel-durum.md", 15, "'\\t' (a backslash and a 't', as code writes a tab)", "delete '\\t'"),
                bullet("09-yerel-durum.md", 266, "a"),
                title("12-ortam-degerleri.md", 10, "'x'", "delete 'x'"),
                bullet("12-ortam-degerleri.md", 308, "1"),
                title("16-hareketler.md", 10, "'x'", "delete 'x' and the space after it"),
                row(253, 9, "'\\t' (a backslash and a 't', as code writes a tab)", "delete '\\t'"),
                "lessons/21-on-izleme-ve-yineleme.md:254:1: error: row 10 opens with '\\' (a backslash) before its "
                    + "first '|', which escapes it, so GitHub shows that '|' as text in the row's first cell; "
                    + "delete '\\' [closing-table]",
                row(256, 12, "'x'", "delete 'x'"),
            ])
        // Each fix followed: the line as it was, no finding.
        let copy = try CourseCopy.make(for: self)
        for edit in edits {
            let url = copy.url.appendingPathComponent("lessons/\(edit.file)")
            try CourseCopy.replace(edit.text, with: edit.with, in: url)
            let found = courseFindings(in: copy.url)
            XCTAssertEqual(found.count, 1, "\(edit.with): \(found)")
            let parsed = try XCTUnwrap(found.first.flatMap { FollowTheFix.parse(String($0)) }, edit.with)
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            let followed = try XCTUnwrap(FollowTheFix.apply([(parsed.line, parsed.message)], to: lines), edit.with)
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(InProcess.run(["lessons/"], in: copy.url).status, .clean, edit.with)
        }
    }

    /// A printable character left before the closing table's header row or delimiter row (`x| Ders |`,
    /// `` `|---| ``): a cell of its own, so the two no longer match and no table renders. One
    /// finding at that line, `delete 'x'`, never "write line N as '|---|…|'" with a fifth column.
    func testALeftoverBeforeTheClosingTablesHeaderOrDelimiterRowIsOneFindingAtIt() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let header = "\n| Ders | Değişiklik |"
        let delimiter = "\n|---|---|---|---|"
        XCTAssertEqual(
            try findings(after: [(file, header, "\nx| Ders | Değişiklik |")]),
            [
                "lessons/\(file):243:1: error: the closing table's header row opens with 'x' before its first '|', "
                    + "which GitHub reads as a cell of its own, so it has one cell more than its delimiter row and "
                    + "GitHub shows the table as a paragraph of pipes; delete 'x' [closing-table]"
            ])
        XCTAssertEqual(
            try findings(after: [(file, delimiter, "\n`|---|---|---|---|")]),
            [
                "lessons/\(file):244:1: error: the closing table's delimiter row opens with '`' before its first "
                    + "'|', which GitHub reads as a cell of its own, so it is no delimiter row and GitHub shows the "
                    + "table as a paragraph of pipes; delete '`' [closing-table]"
            ])
    }

    /// The forms beside those leftovers render as meant: a row without its leading pipe (GFM
    /// takes it), a title and a bullet indented by spaces, the bullet with two spaces after `-`.
    func testTheFormsBesideALeftoverBeforeATitleBulletOrRowGiveNoFinding() throws {
        XCTAssertEqual(
            try findings(after: [
                ("12-ortam-degerleri.md", "\n# Ortam Değerleri", "\n  # Ortam Değerleri"),
                ("12-ortam-degerleri.md", "\n- Bu dersin tetiği:", "\n-  Bu dersin tetiği:"),
                ("09-yerel-durum.md", "\n- Bu dersin tetiği:", "\n - Bu dersin tetiği:"),
                ("21-on-izleme-ve-yineleme.md", "\n| Ortam Değerleri |", "\nOrtam Değerleri |"),
            ]), [])
    }
}
