import Foundation
import XCTest

@testable import CourseCheckKit

/// Text and file names saved decomposed (NFD), as a Mac's file system, zip or some apps write them:
/// a reader sees the composed letter, git and Linux see other bytes. One `decomposed` finding a
/// file, at its first decomposed letter; no claim reports a difference that is only the form; a
/// lesson's goldens folder is its composed name, so the check and `--update` agree and converge.
final class DecomposedTextTests: XCTestCase {
    private static let composedStem = "10-ba\u{11F}lama"
    private static let decomposedStem = "10-bag\u{306}lama"
    private static let goldens = [
        "baglama-ebeveyn-tetigi-cocugun-kendi-durumu-yerel-tetik-uretir.out",
        "kural-yazani-okumaz-tetik-degerin-sahibine-gore-belirlenir.out",
        "okuyan-cocuk-baglamayla-da-parametreyle-de-ayni-tetigi-alir.out",
    ]
    private static let nameFinding =
        ":1:1: error: the file name has 'ğ' decomposed (g + U+0306 COMBINING BREVE); rename it to "
        + "\(composedStem).md (composed): git and a Linux file system take the two forms for two names [decomposed]"

    private func run(_ root: URL, _ arguments: [String] = []) -> InProcess.Result {
        InProcess.run(arguments + ["lessons/"], in: root)
    }

    /// The error and warning lines of a run, every one.
    private func findings(_ result: InProcess.Result) -> [String] {
        result.stderr.findingLines
    }

    private func edit(_ url: URL, _ change: (String) throws -> String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data(change(text).utf8).write(to: url)
    }

    private func nfd(_ text: String) -> String { text.decomposedStringWithCanonicalMapping }

    /// Lesson 10 renamed to `10-bağlama.md` the documented way (its goldens under the composed
    /// name), then the file name, the source URL and the index's link each composed or not.
    private func renamedCourse(file: Bool, source: Bool, index: Bool, goldens folder: String?) throws -> Scratch {
        let scratch = try CourseCopy.make(for: self)
        let root = scratch.url
        let lessons = root.appendingPathComponent("lessons")
        let name = (file ? Self.decomposedStem : Self.composedStem) + ".md"
        try FileManager.default.moveItem(
            at: lessons.appendingPathComponent("10-baglama.md"), to: lessons.appendingPathComponent(name))
        try edit(lessons.appendingPathComponent(name)) {
            try $0.replacingFirst(
                "swiftui/baglama",
                with: "swiftui/" + String((source ? Self.decomposedStem : Self.composedStem).dropFirst(3)))
        }
        try edit(lessons.appendingPathComponent("README.md")) {
            try $0.replacingFirst(
                "(10-baglama.md)", with: "(" + (index ? Self.decomposedStem : Self.composedStem) + ".md)"
            )
            .replacingFirst("swiftui/baglama>", with: "swiftui/\(Self.composedStem.dropFirst(3))>")
        }
        if let folder {
            try FileManager.default.moveItem(
                at: root.appendingPathComponent("goldens/10-baglama"),
                to: root.appendingPathComponent("goldens/" + folder))
        }
        return scratch
    }

    /// Every lesson file's name and text composed: what the findings ask.
    private func composeAll(_ root: URL) throws {
        let lessons = root.appendingPathComponent("lessons")
        for name in try FileManager.default.contentsOfDirectory(atPath: lessons.path) {
            let url = lessons.appendingPathComponent(name)
            try edit(url) { $0.precomposedStringWithCanonicalMapping }
            let composed = name.precomposedStringWithCanonicalMapping
            if !Array(composed.utf8).elementsEqual(Array(name.utf8)) {
                try FileManager.default.moveItem(at: url, to: lessons.appendingPathComponent(composed))
            }
        }
    }

    /// The golden folders whose names hold a combining mark, and the bytes of every golden of lesson 10.
    private func goldenState(_ root: URL) throws -> (decomposed: [String], bytes: [Data]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("goldens").path)
        let decomposed = names.filter { Decomposed.mayHold($0.utf8) }
        let bytes = try Self.goldens.map {
            try Data(contentsOf: root.appendingPathComponent("goldens/\(Self.composedStem)/\($0)"))
        }
        return (decomposed, bytes)
    }

    private func approvedBytes() throws -> [Data] {
        try Self.goldens.map {
            try Data(contentsOf: Binary.packageRoot.appendingPathComponent("goldens/10-baglama/\($0)"))
        }
    }

    /// Only the file name decomposed (a copy through a Mac's file system): one finding at the file,
    /// the goldens found under the composed name; renaming it as told gives 0.
    func testADecomposedFileNameIsOneFindingAtTheFileAndTheRenameConverges() throws {
        let scratch = try renamedCourse(file: true, source: false, index: false, goldens: Self.composedStem)
        let check = run(scratch.url)
        XCTAssertEqual(findings(check), ["lessons/\(Self.decomposedStem).md" + Self.nameFinding])
        try composeAll(scratch.url)
        XCTAssertEqual(findings(run(scratch.url)), [])
    }

    /// File name, source URL and index link all decomposed: one finding for each file holding a
    /// decomposed letter (the name, the index, the lesson), never `golden-renamed ('' added)`; the
    /// goldens are found, and composing converges.
    func testADecomposedNameAndItsReferencesAreOneFindingAFile() throws {
        let scratch = try renamedCourse(file: true, source: true, index: true, goldens: Self.composedStem)
        let check = run(scratch.url)
        XCTAssertEqual(
            findings(check),
            [
                "lessons/README.md:38:21: error: 'ğ' is saved decomposed (g + U+0306 COMBINING BREVE); write it "
                    + "composed, or save the file as NFC [decomposed]",
                "lessons/\(Self.decomposedStem).md" + Self.nameFinding,
                "lessons/\(Self.decomposedStem).md:3:51: error: 'ğ' is saved decomposed (g + U+0306 COMBINING "
                    + "BREVE); write it composed, or save the file as NFC [decomposed]",
            ])
        let update = run(scratch.url, ["--update", "--prune"])
        XCTAssertTrue(update.stdout.contains("goldens: 0 added, 0 changed, 0 removed\n"), update.stdout)
        XCTAssertEqual(try goldenState(scratch.url).decomposed, [])
        try composeAll(scratch.url)
        XCTAssertEqual(findings(run(scratch.url)), [])
        XCTAssertEqual(try goldenState(scratch.url).bytes, try approvedBytes())
    }

    /// The state an older `--update` left: the goldens in a decomposed folder beside an emptied
    /// composed one. The check names the form at each tree (never `('' added)`), and one `--update`
    /// carries the goldens into the composed folder and removes the decomposed one: then 0.
    func testGoldensInADecomposedFolderAreCarriedIntoTheComposedOne() throws {
        let scratch = try renamedCourse(file: true, source: false, index: false, goldens: Self.decomposedStem)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("goldens/\(Self.composedStem)"), withIntermediateDirectories: false)
        let check = run(scratch.url)
        let lesson = "lessons/\(Self.decomposedStem).md"
        XCTAssertEqual(
            findings(check),
            [lesson + Self.nameFinding]
                + zip([128, 193, 228], [Self.goldens[0], Self.goldens[2], Self.goldens[1]]).map { line, golden in
                    "\(lesson):\(line):1: error: lesson's file name changed its goldens' folder (the old name has "
                        + "'ğ' decomposed (g + U+0306 COMBINING BREVE)); the golden approved under the old name, "
                        + "goldens/\(Self.decomposedStem)/\(golden), holds exactly this tree's output and is kept: if "
                        + "the file name is a typo, rename the file back; if it is a rename, 'coursecheck --update "
                        + "lessons/' moves the golden to goldens/\(Self.composedStem)/\(golden) [golden-renamed]"
                })
        let update = run(scratch.url, ["--update"])
        XCTAssertTrue(update.stdout.contains("goldens: 0 added, 0 changed, 0 removed, 3 renamed\n"), update.stdout)
        XCTAssertEqual(findings(update), [lesson + Self.nameFinding])
        XCTAssertEqual(try goldenState(scratch.url).decomposed, [], "the emptied decomposed folder is removed")
        XCTAssertEqual(try goldenState(scratch.url).bytes, try approvedBytes())
        try composeAll(scratch.url)
        XCTAssertEqual(findings(run(scratch.url)), [])
        XCTAssertEqual(findings(run(scratch.url, ["--update", "--prune"])), [])
    }

    /// Control: the rename done the documented way, all composed, is the rename's findings, and
    /// `--update` carries the goldens byte for byte: then 0.
    func testAComposedTurkishRenameConverges() throws {
        let scratch = try renamedCourse(file: false, source: false, index: false, goldens: nil)
        XCTAssertEqual(findings(run(scratch.url)).count, 3)
        XCTAssertTrue(findings(run(scratch.url)).allSatisfy { $0.hasSuffix("[golden-renamed]") })
        _ = run(scratch.url, ["--update"])
        XCTAssertEqual(findings(run(scratch.url)), [])
        XCTAssertEqual(try goldenState(scratch.url).bytes, try approvedBytes())
    }

    /// A lesson's text decomposed in one place or many, the index's, the closing table's: one
    /// finding at the file's first decomposed letter, counting the rest; no claim blames the
    /// composed side. Composing the file gives 0.
    func testDecomposedTextIsOneFindingAFileAtItsFirstLetter() throws {
        let table = "21-on-izleme-ve-yineleme.md"
        let cases: [(file: String, lines: [Int]?, finding: String)] = [
            (
                "10-baglama.md", [2, 10],
                "10-baglama.md:2:11: error: 'ğ' is saved decomposed (g + U+0306 COMBINING "
                    + "BREVE), here and in 1 more place of this file"
            ),
            ("10-baglama.md", [10], "10-baglama.md:10:5: error: 'ğ' is saved decomposed (g + U+0306 COMBINING BREVE)"),
            ("10-baglama.md", [2], "10-baglama.md:2:11: error: 'ğ' is saved decomposed (g + U+0306 COMBINING BREVE)"),
            ("README.md", [38], "README.md:38:8: error: 'ğ' is saved decomposed (g + U+0306 COMBINING BREVE)"),
            (
                table, [254],
                "\(table):254:5: error: 'ğ' is saved decomposed (g + U+0306 COMBINING BREVE), here and "
                    + "in 1 more place of this file"
            ),
            (
                "10-baglama.md", nil,
                "10-baglama.md:2:11: error: 'ğ' is saved decomposed (g + U+0306 COMBINING "
                    + "BREVE), here and in 408 more places of this file"
            ),
            (
                "README.md", nil,
                "README.md:2:25: error: 'ü' is saved decomposed (u + U+0308 COMBINING DIAERESIS), "
                    + "here and in 192 more places of this file"
            ),
            (
                table, nil,
                "\(table):2:9: error: 'Ö' is saved decomposed (O + U+0308 COMBINING DIAERESIS), here and "
                    + "in 644 more places of this file"
            ),
        ]
        let scratch = try CourseCopy.make(for: self)
        for (file, lines, finding) in cases {
            let url = scratch.url.appendingPathComponent("lessons/" + file)
            let original = try Data(contentsOf: url)
            try edit(url) { text in
                guard let lines else { return nfd(text) }
                var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for line in lines { all[line - 1] = nfd(all[line - 1]) }
                return all.joined(separator: "\n")
            }
            XCTAssertEqual(
                findings(run(scratch.url)),
                ["lessons/" + finding + "; write it composed, or save the file as NFC [decomposed]"],
                "\(file) \(lines ?? [])")
            try composeAll(scratch.url)
            XCTAssertEqual(findings(run(scratch.url)), [], "\(file) \(lines ?? []) composed")
            try original.write(to: url)
        }
    }

    /// Random forms of a Turkish-named lesson: its file name, its source URL, the index's link
    /// (each composed or decomposed) and where its goldens are (the old ASCII name's folder, the
    /// composed one, a decomposed one, or a decomposed one beside an emptied composed one, as an
    /// older `--update` left them). The check is one `decomposed` finding for each file holding a
    /// decomposed letter (the file name its own, at 1:1) besides the rename's `golden-renamed`;
    /// `--update --prune` leaves one composed folder holding the approved bytes; composing what the
    /// findings name gives 0, and a second update changes nothing.
    func testRandomFormsOfATurkishNameConverge() throws {
        for seed in PropertySeeds.seeds(defaultCases: 3) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let (file, source, index) = (random.next() % 2 == 0, random.next() % 2 == 0, random.next() % 2 == 0)
            let place = Int(random.next() % 4)
            let folder = [nil, Self.composedStem, Self.decomposedStem, Self.decomposedStem][place]
            let what = "seed \(seed): file \(file), source \(source), index \(index), goldens \(place)"
            let scratch = try renamedCourse(file: file, source: source, index: index, goldens: folder)
            if place == 3 {
                try FileManager.default.createDirectory(
                    at: scratch.url.appendingPathComponent("goldens/\(Self.composedStem)"),
                    withIntermediateDirectories: false)
            }
            let lesson = "lessons/" + (file ? Self.decomposedStem : Self.composedStem) + ".md"
            var expected: [String] = []
            if index { expected.append("lessons/README.md:38:21") }
            if file { expected.append(lesson + ":1:1") }
            if source { expected.append(lesson + ":3:51") }
            let check = findings(run(scratch.url))
            let decomposed = check.filter { $0.hasSuffix("[decomposed]") }
            XCTAssertEqual(decomposed.map { String($0.prefix { $0 != " " }.dropLast()) }, expected, what)
            let renamed = check.filter { $0.hasSuffix("[golden-renamed]") }
            XCTAssertEqual(decomposed.count + renamed.count, check.count, "\(what)\n\(check.joined(separator: "\n"))")
            XCTAssertEqual(renamed.count, place == 1 ? 0 : 3, what)
            XCTAssertFalse(check.contains { $0.contains("('' added)") }, what)

            let update = run(scratch.url, ["--update", "--prune"])
            XCTAssertFalse(update.stdout.contains("removed  "), "\(what): no golden pruned\n\(update.stdout)")
            XCTAssertEqual(findings(update), decomposed, what)
            let state = try goldenState(scratch.url)
            XCTAssertEqual(state.decomposed, [], what)
            XCTAssertEqual(state.bytes, try approvedBytes(), what)
            XCTAssertEqual(findings(run(scratch.url)), decomposed, what)

            try composeAll(scratch.url)
            XCTAssertEqual(findings(run(scratch.url)), [], what)
            let again = run(scratch.url, ["--update", "--prune"])
            XCTAssertEqual(findings(again), [], what)
            XCTAssertTrue(again.stdout.contains("goldens: 0 added, 0 changed, 0 removed\n"), "\(what)\n\(again.stdout)")
            XCTAssertEqual(try goldenState(scratch.url).bytes, try approvedBytes(), what)
        }
    }

    /// `goldens/LESSONS` and `goldens/TOOLCHAIN` saved with a byte order mark or CRLF line endings
    /// are read as what they say: no directory named with a U+FEFF before it, no drift to the same
    /// compiler; `--update` writes nothing for them.
    func testStoreFilesWithAByteOrderMarkOrCRLFAreReadAsWritten() throws {
        let scratch = try CourseCopy.make(for: self)
        let records = ["goldens/LESSONS", "goldens/TOOLCHAIN"].map { scratch.url.appendingPathComponent($0) }
        let originals = try records.map { try Data(contentsOf: $0) }
        for change in [
            { (data: Data) in Data([0xEF, 0xBB, 0xBF]) + data },
            { (data: Data) in
                Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
            },
        ] {
            for (url, original) in zip(records, originals) { try change(original).write(to: url) }
            let written = try records.map { try Data(contentsOf: $0) }
            let check = run(scratch.url)
            XCTAssertEqual(check.stderr, "")
            XCTAssertEqual(check.status, .clean)
            XCTAssertEqual(findings(run(scratch.url, ["--update"])), [])
            XCTAssertEqual(try records.map { try Data(contentsOf: $0) }, written)
        }
    }

    /// An invisible character typed into a tree's code (`let\u{FEFF} storage`) is one finding at
    /// it, naming it, never swiftc's guess (`separate by ';'`) alone; deleting it gives 0. A no-break
    /// space there compiles (swiftc reads it as a space) and is no finding.
    func testAnInvisibleCharacterInATreeLineIsNamedAtIt() throws {
        let scratch = try CourseCopy.make(for: self)
        let url = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        let line = "let storage: [String: Storage] = ["
        let number = try XCTUnwrap(original.components(separatedBy: "\n").firstIndex(of: line)) + 1
        for (scalar, named) in [
            ("\u{FEFF}", "U+FEFF ZERO WIDTH NO-BREAK SPACE"), ("\u{200B}", "U+200B ZERO WIDTH SPACE"),
        ] {
            try Data(original.replacingFirst(line, with: "let" + scalar + " storage: [String: Storage] = [").utf8)
                .write(to: url)
            let check = run(scratch.url)
            XCTAssertEqual(
                check.stderr.split(separator: "\n").filter { !$0.hasPrefix("21 lessons") }.map(String.init),
                [
                    "lessons/09-yerel-durum.md:\(number):4: error: tree does not compile: the line holds \(named) here, "
                        + "which readers do not see and swiftc reads as no space (it says: consecutive statements on a "
                        + "line must be separated by ';'); delete \(named) [compile-error]"
                ])
        }
        try Data(original.replacingFirst(line, with: "let\u{A0}storage: [String: Storage] = [").utf8).write(to: url)
        XCTAssertEqual(findings(run(scratch.url)), [])
        try Data(original.utf8).write(to: url)
        XCTAssertEqual(findings(run(scratch.url)), [])
    }

    /// Random runs of a random page's prose lines (a lesson's or the index's, outside its code
    /// blocks) saved decomposed: one `decomposed` finding, at the first letter the run decomposed,
    /// counting the rest; nothing else. Composing the page gives 0.
    func testRandomDecomposedRunsAreOneFindingAtTheFirstLetter() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let seeds = PropertySeeds.seeds(defaultCases: 3)
        var slips = 0
        for seed in seeds {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            var lines = text.components(separatedBy: "\n")
            var inCode = false
            let prose = lines.indices.filter { index in
                if lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    inCode.toggle()
                    return false
                }
                return !inCode
            }
            let start = Int(random.next() % UInt64(prose.count))
            let length = 1 + Int(random.next() % 40)
            var first: (line: Int, column: Int)?
            var count = 0
            for index in prose[start..<min(prose.count, start + length)] {
                let decomposed = lines[index].decomposedStringWithCanonicalMapping
                guard !decomposed.unicodeScalars.elementsEqual(lines[index].unicodeScalars) else { continue }
                var offset = 0
                for (old, new) in zip(lines[index], decomposed) {
                    if !old.unicodeScalars.elementsEqual(new.unicodeScalars) {
                        if first == nil { first = (index + 1, offset + 1) }
                        count += 1
                    }
                    offset += new.utf8.count
                }
                lines[index] = decomposed
            }
            try Data(lines.joined(separator: "\n").utf8).write(to: url)
            let what = "seed \(seed): \(file) lines \(prose[start] + 1)… (COURSECHECK_PROPERTY_SEED replays it)"
            let found = findings(run(scratch.url))
            if let first {
                slips += 1
                XCTAssertEqual(found.count, 1, "\(what)\n\(found.joined(separator: "\n"))")
                XCTAssertTrue(
                    found.first?.hasPrefix("lessons/\(file):\(first.line):\(first.column): error: ") ?? false,
                    "\(what)\n\(found)")
                XCTAssertTrue(found.first?.hasSuffix("[decomposed]") ?? false, what)
                XCTAssertEqual(
                    found.first?.contains(count > 1 ? "here and in \(count - 1) more place" : "; write it") ?? false,
                    true, "\(what): \(count) letters")
            } else {
                XCTAssertEqual(found, [], what)
            }
            try Data(text.utf8).write(to: url)
        }
        if seeds.count >= 20 { XCTAssertGreaterThan(slips, seeds.count / 4, "too few runs held a letter to decompose") }
        XCTAssertEqual(findings(run(scratch.url)), [])
    }
}
