import Foundation
import XCTest

@testable import CourseCheckKit

/// The index's list of sources (`## Lisans ve kaynak`: `- Kurs: <…>`, then `- Title: <source>` per
/// lesson, in course order): each slip in it is one `course-index` finding at the item, with the
/// fix; following it leaves none. Forms that render the same are silent (cmark-gfm says which).
final class SourcesListSlipTests: XCTestCase {
    static let base = "https://academia.sh/tr/kurslar/swiftui"
    static let yerel = "- Yerel Durum: <\(base)/yerel-durum>"

    /// The real course's lessons, read once, and its index's text.
    static let course: (lessons: [CourseFacts.LessonFacts], index: String) = {
        let root = Binary.packageRoot.appendingPathComponent("lessons")
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.path))?
            .filter(LessonName.isLessonFile).sorted() ?? []
        let lessons = names.map { name in
            let file = SourceFile(
                path: "lessons/\(name)",
                text: (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? "")
            let lesson = Classifier.classify(file, scanned: MarkdownScanner.scan(file)).0
            return CourseFacts.LessonFacts(lesson: lesson, text: .init(lesson), outputs: nil)
        }
        let index = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return (lessons, index)
    }()

    /// course-index's findings on the real lessons with `index` as their index, as
    /// `line:column message`.
    static func found(_ index: String) -> [String] {
        let file = SourceFile(path: "lessons/README.md", text: index)
        let scanned = MarkdownScanner.scan(file)
        let facts = CourseFacts(
            lessons: course.lessons,
            index: CourseFacts.Index(
                file: file, prose: Prose(file: file, document: scanned.document), frontMatter: scanned.frontMatter),
            isWholeCourse: true, cache: nil, environment: [:])
        guard case .checked(let findings) = CourseIndexClaim().check(facts) else { return ["not judged"] }
        return findings.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// The index with `text` replaced by `with` (it must be there).
    static func index(_ text: String, _ with: String) throws -> String {
        let index = course.index
        guard let range = index.range(of: text) else { throw XCTSkip("the index no longer holds \(text)") }
        return index.replacingCharacters(in: range, with: with)
    }

    /// `index` with each finding's fix followed, as an author would.
    static func followed(_ index: String, _ found: [String]) throws -> String {
        let fixes = try found.map { finding -> (line: Int, message: String) in
            let parts = finding.split(separator: " ", maxSplits: 1)
            let line = try XCTUnwrap(Int(parts[0].split(separator: ":")[0]))
            return (line, String(parts[1]))
        }
        let lines = try XCTUnwrap(
            FollowTheFix.apply(fixes, to: index.components(separatedBy: "\n")), "a finding without a fix: \(found)")
        return lines.joined(separator: "\n")
    }

    /// The line (1-based) of the index's line `text`.
    static func line(of text: String, in index: String = course.index) -> Int {
        (index.components(separatedBy: "\n").firstIndex(of: text) ?? -1) + 1
    }

    func testTheRealIndexIsClean() {
        XCTAssertEqual(Self.found(Self.course.index), [])
        XCTAssertEqual(Self.line(of: Self.yerel), 69)
    }

    /// Each slip: the complete findings, and none once the fix is followed.
    func testEachSlipIsOneFindingAtTheItemWithItsFix() throws {
        let base = Self.base
        let yerel = "\(base)/yerel-durum"
        let baglama = "- Bağlama: <\(base)/baglama>"
        let cases: [(String, String, String, [String])] = [
            (
                "a URL swapped for another lesson's", Self.yerel, "- Yerel Durum: <\(base)/baglama>",
                [
                    "69:17 the source of 'Yerel Durum' is <\(yerel)>; this item gives <\(base)/baglama>, the source "
                        + "of 'Bağlama'; write '\(yerel)' in place of '\(base)/baglama'"
                ]
            ),
            (
                "a URL mistyped", Self.yerel, "- Yerel Durum: <\(base)/yerel-durm>",
                [
                    "69:17 the source of 'Yerel Durum' is <\(yerel)>; this item gives <\(base)/yerel-durm>; "
                        + "write '\(yerel)' in place of '\(base)/yerel-durm'"
                ]
            ),
            (
                "a title mistyped", Self.yerel, "- Yerel Durun: <\(yerel)>",
                [
                    "69:3 the list of sources calls 09-yerel-durum.md 'Yerel Durun'; its title is 'Yerel Durum'; "
                        + "write 'Yerel Durum' in place of 'Yerel Durun'"
                ]
            ),
            (
                "a look-alike in the title", Self.yerel, "- Y\u{435}rel Durum: <\(yerel)>",
                [
                    "69:3 the list of sources calls 09-yerel-durum.md 'Y\u{435}rel Durum'; its title is 'Yerel Durum' "
                        + "(it has U+0435 CYRILLIC SMALL LETTER IE where 'Yerel Durum' has 'e'); "
                        + "write 'Yerel Durum' in place of 'Y\u{435}rel Durum'"
                ]
            ),
            (
                "an item deleted", Self.yerel + "\n", "",
                [
                    "69:1 the list of sources does not give the source of 09-yerel-durum.md; insert a line "
                        + "'\(Self.yerel)' before this one"
                ]
            ),
            (
                "the last item deleted", "\n- Ön İzleme ve Yineleme: <\(base)/on-izleme-ve-yineleme>", "",
                [
                    "80:1 the list of sources does not give the source of 21-on-izleme-ve-yineleme.md; insert a "
                        + "line '- Ön İzleme ve Yineleme: <\(base)/on-izleme-ve-yineleme>' after this one"
                ]
            ),
            (
                "an item repeated", baglama, Self.yerel + "\n" + baglama,
                [
                    "70:1 the list of sources gives the source of 'Yerel Durum' again (its item is at line 69); delete this line"
                ]
            ),
            (
                "two items swapped", Self.yerel + "\n" + baglama, baglama + "\n" + Self.yerel,
                [
                    "70:1 the list of sources gives 'Yerel Durum' out of course order; it is lesson 9; move this line before line 69"
                ]
            ),
            (
                "an item of no lesson", baglama, "- Eski Ders: <\(base)/eski-ders>\n" + baglama,
                [
                    "70:1 the list of sources gives 'Eski Ders: <\(base)/eski-ders>', but no lesson has that title or "
                        + "source; delete this line"
                ]
            ),
            (
                "the course's address changed", "- Kurs: <\(base)>", "- Kurs: <\(base)/tr>",
                [
                    "60:10 the course's address is <\(base)>, the folder of the lessons' sources; this item gives "
                        + "<\(base)/tr>; write '\(base)' in place of '\(base)/tr'"
                ]
            ),
        ]
        for (name, text, with, expected) in cases {
            let index = try Self.index(text, with)
            let found = Self.found(index)
            XCTAssertEqual(found, expected, name)
            XCTAssertEqual(Self.found(try Self.followed(index, found)), [], "\(name): after the fix")
        }
    }

    /// Forms a reader sees as the item (cmark-gfm renders each as the real one) are silent: a link
    /// whose text is its URL (inline or by reference), a bare URL GitHub links, entities, a soft
    /// break, the title's spaces doubled.
    func testRenderingPreservingFormsAreSilent() throws {
        let url = "\(Self.base)/yerel-durum"
        let forms = [
            "- Yerel Durum: [\(url)](\(url))", "- Yerel Durum: \(url)", "- Yerel&#32;Durum&#58; <\(url)>",
            "- Yerel Durum:\n  <\(url)>", "- Yerel  Durum: <\(url)>", "-   Yerel Durum: <\(url)>",
            "- Yerel\nDurum: <\(url)>", "- Yerel Durum: [\(url)][yd]\n\n[yd]: \(url)",
        ]
        let tool = try? StructureSlipPropertyTests.cmarkGFM()
        let shown = try tool.map { try Self.item(Self.render(Self.yerel, with: $0)) }
        for form in forms {
            if let tool, let shown {
                XCTAssertEqual(
                    try Self.item(Self.render(form, with: tool)), shown, "cmark-gfm: \(form)")
            }
            // As the list's item, with the rest of the list after it: no finding.
            var index = try Self.index(Self.yerel, form.components(separatedBy: "\n\n")[0])
            if let definition = form.components(separatedBy: "\n\n").dropFirst().first { index += "\n" + definition }
            XCTAssertEqual(Self.found(index), [], form)
        }
    }

    /// The HTML cmark-gfm makes of `markdown` with GitHub's autolink extension (a bare URL is a link).
    static func render(_ markdown: String, with tool: String) throws -> String {
        try StructureSlipPropertyTests.render(markdown, with: tool, autolink: true)
    }

    /// The first `<li>` cmark-gfm renders, its whitespace runs one space.
    static func item(_ html: String) -> String {
        let start = html.range(of: "<li>")?.upperBound ?? html.startIndex
        let end = html.range(of: "</li>")?.lowerBound ?? html.endIndex
        return html[start..<end].split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An index without the list, or with a list of other links, is not judged by it.
    func testAnIndexWithoutTheListIsSilent() throws {
        let index = Self.course.index
        let start = try XCTUnwrap(index.range(of: "\n- Kurs:")).lowerBound
        XCTAssertEqual(Self.found(String(index[..<start]) + "\n"), [])
        let other =
            String(index[..<start]) + "\n- Lisans: <https://creativecommons.org/licenses/by-sa/4.0/>\n"
            + "- Swift: <https://swift.org>\n"
        XCTAssertEqual(Self.found(other), [])
    }

    /// The byte reading of `Label: <URL>` agrees with the inline parser's on random items.
    func testTheByteReadingAgreesWithTheParser() {
        let (count, seed) = PropertySeeds.stream(defaultCount: 400, defaultSeed: 0x7372_6373)
        var random = BlockStructurePropertyTests.Generator(state: seed)
        let label = ["Yerel", " ", "Durum", ":", "*", "_", "&amp;", "\\", "`", "ç", "<", ">", "[", "]", "~", "!"]
        let url = ["https", "://", "a.b", "/", "x", " ", "<", ">", "&", "\\", "h", "ttp", ":", "-", "é", "\u{7F}"]
        for index in 0..<count {
            let text =
                random.text(label, count: 1 + Int(random.next() % 5)) + " <"
                + random.text(url, count: 1 + Int(random.next() % 6)) + ">"
            let file = SourceFile(path: "lessons/README.md", text: "- " + text + "\n")
            guard let block = Prose(file: file).blocks.first, block.itemMarker == "-" else { continue }
            let fast = CourseIndexClaim.sourceItem(block, path: file.path, bullet: "-")
            let parsed = CourseIndexClaim.sourceItem(block, path: file.path, bullet: "-", parsing: true)
            let message = "case \(index), COURSECHECK_PROPERTY_SEED=\(seed): \(text.debugDescription)"
            XCTAssertEqual(fast?.label, parsed?.label, message)
            XCTAssertEqual(fast?.url, parsed?.url, message)
            XCTAssertEqual(fast?.urlAt, parsed?.urlAt, message)
        }
    }

    /// A random slip of a random item (its URL swapped for another lesson's, its title mistyped,
    /// the item deleted, repeated or moved), the other items in random rendering-preserving forms:
    /// one finding, at the item (or where it belongs), and none once its fix is followed. One seed a
    /// case: `make soak` runs `COURSECHECK_PROPERTY_CASES` of them.
    func testARandomSlipIsOneFindingAtTheItem() throws {
        let lines = Self.course.index.components(separatedBy: "\n")
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("- Kurs: ") }) + 1
        let items = Array(lines[first...].prefix { $0.hasPrefix("- ") })
        XCTAssertEqual(items.count, 21)
        func parts(_ item: String) -> (title: String, url: String) {
            let colon = item.range(of: ": <")!
            return (
                String(item[item.index(item.startIndex, offsetBy: 2)..<colon.lowerBound]),
                String(item[colon.upperBound...].dropLast())
            )
        }
        for (index, seed) in PropertySeeds.seeds(defaultCases: 10).enumerated() {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            var list = items
            let at = Int(random.next() % UInt64(items.count))
            let (title, url) = parts(items[at])
            var expectedLine: Int? = first + 1 + at
            let kind = random.next() % 5
            switch kind {
            case 0:
                var other = Int(random.next() % UInt64(items.count))
                if other == at { other = (at + 1) % items.count }
                list[at] = "- \(title): <\(parts(items[other]).url)>"
            case 1:
                // A letter of the title dropped, doubled or changed.
                var letters = Array(title)
                let candidates = letters.indices.filter { letters[$0].isLetter }
                let position = candidates[Int(random.next() % UInt64(candidates.count))]
                switch random.next() % 3 {
                case 0: letters.remove(at: position)
                case 1: letters.insert(letters[position], at: position)
                default: letters[position] = letters[position] == "x" ? "q" : "x"
                }
                if letters.count < 3 { letters = Array(title) + ["x"] }
                list[at] = "- \(String(letters)): <\(url)>"
            case 2:
                list.remove(at: at)
                // Found at the next item, or the last one when it was the last.
                expectedLine = at == items.count - 1 ? first + at : first + 1 + at
            case 3:
                let to = Int(random.next() % UInt64(items.count + 1))
                list.insert(items[at], at: to)
                expectedLine = nil
            default:
                var to = Int(random.next() % UInt64(items.count))
                if to == at { to = (at + 2) % items.count }
                list.insert(list.remove(at: at), at: to)
                expectedLine = nil
            }
            // Rendering-preserving forms of the other items.
            for position in list.indices
            where items.contains(list[position]) && list[position] != items[at] && random.next() % 4 == 0 {
                let (title, url) = parts(list[position])
                list[position] =
                    random.next() % 2 == 0
                    ? "- \(title): [\(url)](\(url))" : "- \(title.replacingOccurrences(of: " ", with: "&#32;")): \(url)"
            }
            let edited = (lines[..<first] + list + lines[(first + items.count)...]).joined(separator: "\n")
            let found = Self.found(edited)
            let message = "case \(index) (slip \(kind) of item \(at + 1)), COURSECHECK_PROPERTY_SEED=\(seed): \(found)"
            XCTAssertEqual(found.count, 1, message)
            guard found.count == 1 else { continue }
            let line = Int(found[0].prefix { $0 != ":" }) ?? 0
            if let expectedLine {
                XCTAssertEqual(line, expectedLine, message)
            } else {
                XCTAssertTrue((first + 1...first + list.count).contains(line), message)
            }
            XCTAssertEqual(Self.found(try Self.followed(edited, found)), [], "\(message): after the fix")
        }
    }

    /// The whole course, in one run: slips in the list are their findings alone, nothing
    /// downstream; a lesson's own wrong `source:` is front-matter's one finding, never the list's;
    /// a title changed in the four other places leaves one finding, at the list's stale item.
    func testTheWholeCourse() throws {
        let base = Self.base
        let renamed = "Görünümün Durumu"
        XCTAssertEqual(
            try findings(after: [
                (
                    "README.md", "- Listeler ve Formlar: <\(base)/listeler-ve-formlar>",
                    "- Listeler ve Formlar: <\(base)/izgara-ve-geometri>"
                ),
                ("README.md", "- Hareketler: <", "- Hareketlr: <"),
                ("README.md", "- Geçişler: <\(base)/gecisler>\n", ""),
                ("10-baglama.md", "swiftui/baglama'", "swiftui/baglam'"),
                ("09-yerel-durum.md", "title: 'Yerel Durum'", "title: '\(renamed)'"),
                ("09-yerel-durum.md", "# Yerel Durum", "# \(renamed)"),
                ("21-on-izleme-ve-yineleme.md", "| Yerel Durum |", "| \(renamed) |"),
                ("README.md", "9. [Yerel Durum]", "9. [\(renamed)]"),
            ]),
            [
                "lessons/README.md:66:25: error: the source of 'Listeler ve Formlar' is <\(base)/listeler-ve-formlar>; "
                    + "this item gives <\(base)/izgara-ve-geometri>, the source of 'Izgara ve Geometri'; write "
                    + "'\(base)/listeler-ve-formlar' in place of '\(base)/izgara-ve-geometri' [course-index]",
                "lessons/README.md:69:3: error: the list of sources calls 09-yerel-durum.md 'Yerel Durum'; its title "
                    + "is '\(renamed)'; write '\(renamed)' in place of 'Yerel Durum' [course-index]",
                "lessons/README.md:76:3: error: the list of sources calls 16-hareketler.md 'Hareketlr'; its title is "
                    + "'Hareketler'; write 'Hareketler' in place of 'Hareketlr' [course-index]",
                "lessons/README.md:78:1: error: the list of sources does not give the source of 18-gecisler.md; insert "
                    + "a line '- Geçişler: <\(base)/gecisler>' before this one [course-index]",
                "lessons/10-baglama.md:3:1: error: source URL ends in 'baglam', but the file's slug is 'baglama'; if "
                    + "the file was renamed, write source: '\(base)/baglama'; if its name is the slip, rename it to "
                    + "10-baglam.md [front-matter]",
            ])
    }
}
