import Foundation
import XCTest

@testable import CourseCheckKit

/// The intro's `Bu derste bakılan tetik **X**`, the first statement of a lesson's trigger a reader
/// meets, against the lesson's trigger: an intro naming another is one `declared-trigger` finding
/// at its bold value; a bullet that is the slip is the bullet's one finding, and an intro naming
/// the truth adds none; rewrites that render the same say nothing. Each case is a complete list of
/// the run's findings.
final class IntroTriggerTests: XCTestCase {
    /// Where a lesson's intro names its trigger: the bold value's line, its byte column, the value,
    /// and the line of the lesson's trigger bullet. Read from the committed lesson.
    private struct Intro {
        var file: String
        var line: Int
        var column: Int
        var value: String
        var bullet: Int
        /// The text the edit replaces: the lead and the bold value.
        var written: String
    }

    private static let lessonsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lessons")

    private static func intro(of file: String) throws -> Intro {
        let text = try String(contentsOf: lessonsDirectory.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let pattern = try NSRegularExpression(pattern: #"Bu derste bakılan tetik(,| yine)? \*\*([^*]+)\*\*"#)
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = pattern.firstMatch(in: line, range: range),
                let value = Range(match.range(at: 2), in: line), let whole = Range(match.range, in: line)
            else { continue }
            let bullet = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("- Bu dersin tetiği: **") })
            return Intro(
                file: file, line: index + 1,
                column: line.utf8.distance(from: line.startIndex, to: value.lowerBound) + 1,
                value: String(line[value]), bullet: bullet + 1, written: String(line[whole]))
        }
        throw XCTSkip("\(file) has no intro sentence")
    }

    private static var lessonFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: lessonsDirectory.path))?
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted() ?? []
    }

    /// The finding an intro that names `written` gives, as the course's lesson `intro` reads.
    private func finding(_ intro: Intro, names written: String) -> String {
        let distribution = intro.value.hasPrefix("dördünün")
        let why = "the bullet at line \(intro.bullet) and " + (distribution ? "its first tree's counts" : "its trees")
        let at = "lessons/\(intro.file):\(intro.line):\(intro.column): error: the intro names '\(written)'"
        let isTrigger = ["yerel", "ebeveyn", "gözlem", "ortam"].contains(written)
        if !isTrigger, EditDistance.distance(written, intro.value) == 1 {
            return "\(at), which is no trigger; did you mean '\(intro.value)', which the lesson declares (\(why))? "
                + "[declared-trigger]"
        }
        return "\(at), but the lesson" + (distribution ? " declares a distribution" : "'s trigger is '\(intro.value)'")
            + " (\(why)); write **\(intro.value)** [declared-trigger]"
    }

    private func edit(_ intro: Intro, to value: String) -> CourseEdit {
        (intro.file, intro.written, intro.written.replacingOccurrences(of: "**\(intro.value)**", with: "**\(value)**"))
    }

    /// Another trigger, a typo, a look-alike letter, and a trigger where lesson 1 names its
    /// distribution: one finding each, at the intro's bold value (the look-alike at its letter).
    func testAnIntroThatNamesAnotherTriggerIsOneFindingAtItsBold() throws {
        let (yerel, ortam, typo, lookAlike, first) = (
            try Self.intro(of: "09-yerel-durum.md"), try Self.intro(of: "12-ortam-degerleri.md"),
            try Self.intro(of: "13-gezinme-yigiti-ve-yolu.md"), try Self.intro(of: "11-gozlemlenebilir-nesneler.md"),
            try Self.intro(of: "01-bildirimsel-sozdizim.md")
        )
        let found = try findings(after: [
            edit(yerel, to: "ebeveyn"), edit(ortam, to: "gözlem"), edit(typo, to: "yerl"),
            edit(lookAlike, to: "g\u{3BF}zlem"), edit(first, to: "yerel"),
        ])
        XCTAssertEqual(
            found,
            [
                finding(first, names: "yerel"),
                finding(yerel, names: "ebeveyn"),
                "lessons/11-gozlemlenebilir-nesneler.md:\(lookAlike.line):\(lookAlike.column + 1): error: the intro "
                    + "names 'g\u{3BF}zlem', not 'gözlem', which the lesson declares (the bullet at line "
                    + "\(lookAlike.bullet) and its trees): it has U+03BF GREEK SMALL LETTER OMICRON where 'gözlem' "
                    + "has U+00F6 LATIN SMALL LETTER O WITH DIAERESIS [declared-trigger]",
                finding(ortam, names: "gözlem"),
                finding(typo, names: "yerl"),
            ])
    }

    /// The bullet changed, its intro as committed: the bullet's one finding (the closing table and
    /// the sentence outvote it), none at the intro, which names the truth. Both changed alike: the
    /// bullet's finding and one at the intro, each line to fix. A bullet its trees cannot read
    /// (`yerl`): its one finding, the intro unjudged.
    func testABulletSlipIsTheBulletsFindingAndTheIntroNamingTheTruthAddsNone() throws {
        let yerel = try Self.intro(of: "09-yerel-durum.md")
        let bullet =
            "lessons/09-yerel-durum.md:\(yerel.bullet):24: error: declares the trigger 'ebeveyn', but the "
            + "closing table (lessons/21-on-izleme-ve-yineleme.md:253) gives 'yerel' and the distribution sentence "
            + "counts it so; one of the three is a slip, most likely this one [declared-trigger]"
        let changed: CourseEdit = (
            "09-yerel-durum.md", "- Bu dersin tetiği: **yerel**", "- Bu dersin tetiği: **ebeveyn**"
        )
        XCTAssertEqual(try findings(after: [changed]), [bullet])
        XCTAssertEqual(
            try findings(after: [changed, edit(yerel, to: "ebeveyn")]),
            [
                "lessons/09-yerel-durum.md:\(yerel.line):\(yerel.column): error: the intro names 'ebeveyn', but the "
                    + "closing table (lessons/21-on-izleme-ve-yineleme.md:253) gives 'yerel' and the distribution "
                    + "sentence counts it so; write **yerel** [declared-trigger]",
                bullet,
            ])
        let typo = try Self.intro(of: "13-gezinme-yigiti-ve-yolu.md")
        XCTAssertEqual(
            try findings(after: [
                ("13-gezinme-yigiti-ve-yolu.md", "- Bu dersin tetiği: **yerel**", "- Bu dersin tetiği: **yerl**")
            ]),
            [
                "lessons/13-gezinme-yigiti-ve-yolu.md:\(typo.bullet):24: error: unknown trigger 'yerl'; did you mean "
                    + "'yerel'? [declared-trigger]"
            ])
    }

    /// Random lessons, each with its intro's trigger replaced by another or misspelt (a letter
    /// dropped): one finding at each intro's bold value, nothing else.
    func testRandomTriggerReplacementsAtTheIntroAreOneFindingEach() throws {
        let intros = try Self.lessonFiles.map(Self.intro(of:))
        XCTAssertEqual(intros.count, 21)
        let triggers = ["yerel", "ebeveyn", "gözlem", "ortam"]
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var generator = BlockStructurePropertyTests.Generator(state: seed)
            var chosen: [Intro] = []
            while chosen.count < 3 {
                let intro = intros[Int(generator.next() % UInt64(intros.count))]
                if !chosen.contains(where: { $0.file == intro.file }) { chosen.append(intro) }
            }
            var edits: [CourseEdit] = []
            var expected: [String] = []
            for intro in chosen.sorted(by: { $0.file < $1.file }) {
                let value: String
                if generator.next() % 2 == 0 {
                    let others = triggers.filter { $0 != intro.value }
                    value = others[Int(generator.next() % UInt64(others.count))]
                } else {
                    var letters = Array(intro.value)
                    letters.remove(at: 1 + Int(generator.next() % UInt64(letters.count - 1)))
                    value = String(letters)
                }
                edits.append(edit(intro, to: value))
                expected.append(finding(intro, names: value))
            }
            XCTAssertEqual(try findings(after: edits), expected, "COURSECHECK_PROPERTY_SEED=\(seed)")
        }
    }

    /// The intro's trigger written without its bold: still the trigger a reader reads, judged as
    /// named (another is one finding, with the bold in its fix), and the lesson's own is none.
    func testAnIntroTriggerWithoutItsBoldIsJudgedAsNamed() throws {
        let yerel = try Self.intro(of: "09-yerel-durum.md")
        let found = try findings(after: [
            ("09-yerel-durum.md", "tetik **yerel**", "tetik ebeveyn"),
            ("12-ortam-degerleri.md", "tetik **ortam**", "tetik ortam"),
        ])
        XCTAssertEqual(
            found,
            [
                "lessons/09-yerel-durum.md:\(yerel.line):\(yerel.column - 2): error: the intro names 'ebeveyn', but "
                    + "the lesson's trigger is 'yerel' (the bullet at line \(yerel.bullet) and its trees); write "
                    + "**yerel** [declared-trigger]"
            ])
    }

    /// Rewrites of the intro that render as the same bold trigger (cmark-gfm: `<strong>yerel</strong>`
    /// after the same words): `__x__`, raw `<strong>`, a letter as an entity, quotation marks in the
    /// bold, the lead wrapped and typed with an entity, a word struck through before the bold, a
    /// no-break space in the lead, lesson 1's distribution with its counts. No finding.
    func testRewritesThatRenderTheSameSayNothing() throws {
        let rewrites: [CourseEdit] = [
            ("09-yerel-durum.md", "tetik **yerel**", "tetik __yerel__"),
            ("12-ortam-degerleri.md", "tetik **ortam**", "tetik <strong>ortam</strong>"),
            ("13-gezinme-yigiti-ve-yolu.md", "tetik **yerel**", "tetik **&#121;erel**"),
            ("11-gozlemlenebilir-nesneler.md", "tetik **gözlem**", "tetik **“gözlem”**"),
            ("10-baglama.md", "Bu derste bakılan tetik **ebeveyn**", "Bu derste\nbakılan tet&#105;k\n**ebeveyn**"),
            ("15-sekme-ve-arac-cubugu.md", "tetik **yerel**", "tetik ~~ortam~~ **yerel**"),
            ("16-hareketler.md", "Bu derste bakılan tetik", "Bu derste bakılan\u{A0}tetik"),
            (
                "01-bildirimsel-sozdizim.md", "tetik, **dördünün de dağılımı**",
                "tetik, **dördünün de dağılımı (2/2/2/2)**"
            ),
        ]
        XCTAssertEqual(try findings(after: rewrites), [])
    }

    /// The same rewrites as a property: random lessons, each intro rewritten by a random one of the
    /// forms that render as written (checked above on cmark-gfm's reading), say nothing.
    func testRandomRewritesThatRenderTheSameSayNothing() throws {
        let intros = try Self.lessonFiles.map(Self.intro(of:))
        let forms: [(Intro) -> String] = [
            { "__\($0.value)__" }, { "<strong>\($0.value)</strong>" }, { "**“\($0.value)”**" },
            { "~~ortam~~ **\($0.value)**" },
            { intro in
                let first = intro.value.unicodeScalars.first!
                return
                    "**&#\(first.value);\(String(String.UnicodeScalarView(intro.value.unicodeScalars.dropFirst())))**"
            },
        ]
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var generator = BlockStructurePropertyTests.Generator(state: seed)
            var edits: [CourseEdit] = []
            var lead: Set<String> = []
            for intro in intros where generator.next() % 4 == 0 {
                let form = forms[Int(generator.next() % UInt64(forms.count))]
                edits.append(
                    (
                        intro.file, intro.written,
                        intro.written.replacingOccurrences(of: "**\(intro.value)**", with: form(intro))
                    ))
                lead.insert(intro.file)
            }
            // The lead wrapped, or with a no-break space, in one more lesson.
            if let intro = intros.first(where: { !lead.contains($0.file) }) {
                let spaced = generator.next() % 2 == 0 ? "Bu derste\nbakılan tetik" : "Bu derste bakılan\u{A0}tetik"
                edits.append((intro.file, "Bu derste bakılan tetik", spaced))
            }
            XCTAssertEqual(try findings(after: edits), [], "COURSECHECK_PROPERTY_SEED=\(seed)")
        }
    }

    /// The reader alone, over the forms a lesson may write: the lead with `,` or `yine`, the value
    /// as rendered, or a trigger named plainly; no value past the first section heading, or when
    /// no trigger follows the lead (other courses need not write the sentence).
    func testTheIntroIsReadAsRendered() {
        func read(_ text: String) -> String? {
            Triggers.intro(in: Prose(file: SourceFile(path: "l.md", text: text))).map {
                "\($0.value) \($0.location.line):\($0.location.column)"
            }
        }
        XCTAssertEqual(read("# T\n\nBu derste bakılan tetik **yerel**: x.\n"), "yerel 3:28")
        XCTAssertEqual(read("# T\n\nÖnce. Bu derste bakılan tetik, **ortam**.\n"), "ortam 3:36")
        XCTAssertEqual(read("# T\n\nBu derste bakılan tetik yine *__gözlem__*.\n"), "gözlem 3:34")
        XCTAssertEqual(read("# T\n\nBu derste bakılan tetik **g\u{6F}\u{308}zlem**.\n")?.prefix(6), "gözlem")
        // Without a bold right after it, a trigger named plainly there is what a reader reads.
        XCTAssertEqual(read("# T\n\nBu derste bakılan tetik yerel. Sonra **ebeveyn**.\n"), "yerel 3:26")
        XCTAssertEqual(read("# T\n\nBu derste bakılan tetik yine ortam: x.\n"), "ortam 3:31")
        XCTAssertNil(read("# T\n\nBu derste bakılan tetik bir soru. Yerel mi?\n"))
        XCTAssertNil(read("# T\n\n## Bölüm\n\nBu derste bakılan tetik **yerel**.\n"))
        XCTAssertNil(read("# T\n\nBu derste bakılan tetikler **yerel**.\n"))
        XCTAssertNil(read("# T\n\nBu derste bakılan tetik ~~**yerel**~~.\n"))
    }
}
