import Foundation
import XCTest

@testable import CourseCheckKit

/// A list marker alone on its line in the real course, as cmark-gfm renders it: between two
/// bullets an empty `<li></li>` in the list; typed over its item's text (`-` over `Eksen seçimi,`)
/// an empty item that ends the list, the text a `<p>` after it; between blank lines a list of one
/// empty item; `*` right under a paragraph's line, that line's text (`<p>… *</p>`). Each is one
/// finding at the marker, and nothing a claim reads in the list is reported after it.
final class EmptyItemSlipTests: XCTestCase {
    private static let gv2 =
        "**GV2.** Bu bölüm yalnız iki sayaç parçasını karşılaştırır. Buyurgan yolun hangi durumlarda bildirimsel "
        + "yoldan daha az kod yazdırdığı ve iki yolun çalışma zamanı maliyeti ölçülmedi."

    /// The author's three shapes, the trigger bullet's text dropped out of its list, an index item's
    /// number over its link, and `*` under a note: each one finding at its line, the complete list.
    func testEachLoneMarkerIsOneFindingAtIt() throws {
        let eksen = "Eksen seçimi, yığıtın sahibinin tek bir değeriyle"
        let found = try findings(after: [
            ("03-yigit-duzenleri.md", "sınıflar.\n- Bu dersin", "sınıflar.\n-\n- Bu dersin"),
            ("03-yigit-duzenleri.md", "- " + eksen, "-\n" + eksen),
            ("01-bildirimsel-sozdizim.md", Self.gv2 + "\n", Self.gv2 + "\n\n-\n"),
            ("12-ortam-degerleri.md", "- Bu dersin tetiği: **ortam**.", "-\nBu dersin tetiği: **ortam**."),
            ("README.md", "3. [Yığıt", "3.\n[Yığıt"),
            (
                "09-yerel-durum.md", "modelin `ViewTree` tipi değerin ömrünü taşımaz.\n",
                "modelin `ViewTree` tipi değerin ömrünü taşımaz.\n*   \n"
            ),
        ])
        let empty = "error: '-' alone on its line is an empty list item"
        XCTAssertEqual(
            found,
            [
                "lessons/README.md:26:1: error: '3.' alone on its line is an empty list item, and the line under it "
                    + "is not its text: readers see the number 3. with nothing after it, then '[Yığıt "
                    + "Düzenleri](03-yigit-duzenleri.md)' as a paragraph after the list; join the two lines ('3. "
                    + "[Yığıt Düzenleri](03-yigit-duzenleri.md)') [empty-item]",
                "lessons/01-bildirimsel-sozdizim.md:222:1: error: '-' alone on its line is a list of one empty item: "
                    + "readers see a bullet with nothing after it; delete this line [empty-item]",
                "lessons/03-yigit-duzenleri.md:235:1: \(empty), and the line under it is not its text: readers see a "
                    + "bullet with nothing after it, then 'Eksen seçimi, yığıtın sahibinin tek bir…' as a paragraph "
                    + "after the list; join the two lines ('- Eksen seçimi, yığıtın sahibinin tek bir…') [empty-item]",
                "lessons/03-yigit-duzenleri.md:238:1: \(empty): readers see a bullet with nothing after it among the "
                    + "list's items; delete this line [empty-item]",
                "lessons/09-yerel-durum.md:151:1: error: '*' right under line 150 is no list item (an empty item cannot "
                    + "interrupt a paragraph): it continues that line's text, so readers see '*' at its end; delete "
                    + "this line [empty-item]",
                "lessons/12-ortam-degerleri.md:308:1: \(empty), and the line under it is not its text: readers see a "
                    + "bullet with nothing after it, then 'Bu dersin tetiği: **ortam**.' as a paragraph after the "
                    + "list; join the two lines ('- Bu dersin tetiği: **ortam**.') [empty-item]",
            ])
    }

    /// What renders as meant stays silent: an item holding a comment and text under it (`- <!-- x
    /// -->` over `  metin`), an item whose text starts on the next line, indented into it (`-` over
    /// `  text`: `<li>text</li>`), and markers alone inside an HTML comment. A lone `-` right under
    /// a paragraph stays a setext underline, said as it was.
    func testWhatRendersAsMeantIsSilent() throws {
        XCTAssertEqual(
            try findings(after: [
                ("03-yigit-duzenleri.md", "sınıflar.\n- Bu dersin", "sınıflar.\n- <!-- x -->\n  metin\n- Bu dersin"),
                ("05-izgara-ve-geometri.md", "- Izgara, sütun", "-\n  Izgara, sütun"),
                ("09-yerel-durum.md", "\n\n**DR1.**", "\n\n<!--\n-\n*\n1.\n-->\n\n**DR1.**"),
            ]), [])
    }

    /// A random lesson or the index, a random list item or paragraph, a random marker, blanks
    /// after it or not, and a random shape (between two items, over an item's text, alone after a
    /// paragraph or under a table's last row, both also before a comment, or right under a
    /// paragraph's line): exactly one `empty-item` finding, at the marker's line.
    func testALoneMarkerAnywhereIsOneFindingAtIt() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            var inside = false
            var items: [Int] = []
            var paragraphs: [Int] = []
            for (index, line) in clean.enumerated() {
                if line.hasPrefix("```") || line.hasPrefix("~~~") { inside.toggle() }
                guard !inside, index > 0, index + 1 < clean.count else { continue }
                if Self.itemMarker(line) != nil {
                    items.append(index)
                } else if clean[index - 1].isEmpty, clean[index + 1].isEmpty, let first = line.first,
                    first.isLetter || line.hasPrefix("**")
                {
                    paragraphs.append(index)
                }
            }
            let markers = ["-", "*", "+", "1.", "1)"]
            let blanks = ["", " ", "   "][Int(random.next() % 3)]
            let shape = Int(random.next() % 5)
            // Alone, or (one in three, where no text can follow it into the item) before a comment.
            let comment = random.next() % 3 == 0
            func marker() -> String {
                let marker = markers[Int(random.next() % 5)]
                return comment ? "\(marker) <!-- x -->\(blanks)" : marker + blanks
            }
            var lines = clean
            let at: Int
            switch shape {
            case 0 where !items.isEmpty:
                // Between an item and the line under it.
                let item = items[Int(random.next() % UInt64(items.count))]
                at = item + 1
                lines.insert(markers[Int(random.next() % 5)] + blanks, at: at)
            case 1 where !items.isEmpty:
                // Over the item's own text.
                let item = items[Int(random.next() % UInt64(items.count))]
                let marker = try XCTUnwrap(Self.itemMarker(clean[item]))
                at = item
                lines[item] = String(clean[item].dropFirst(marker.count + 1))
                lines.insert(marker + blanks, at: item)
            case 3 where !paragraphs.isEmpty:
                // Right under a table's last row, the table after a paragraph's blank line.
                let paragraph = paragraphs[Int(random.next() % UInt64(paragraphs.count))]
                at = paragraph + 5
                lines.insert(contentsOf: ["| a | b |", "|---|---|", "| c | d |", marker(), ""], at: paragraph + 2)
            case 4 where !paragraphs.isEmpty:
                // Right under a paragraph's line: a marker that is no underline continues its text.
                let paragraph = paragraphs[Int(random.next() % UInt64(paragraphs.count))]
                at = paragraph + 1
                lines.insert(markers[1 + Int(random.next() % 4)] + blanks, at: at)
            default:
                guard !paragraphs.isEmpty else { continue }
                // After a paragraph's blank line, a blank line under it.
                let paragraph = paragraphs[Int(random.next() % UInt64(paragraphs.count))]
                at = paragraph + 2
                lines.insert(contentsOf: [marker(), ""], at: at)
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): shape \(shape), "
                + "'\(lines[at])' over '\(lines[at + 1].prefix(40))'"
            let found = courseFindings(in: scratch.url)
            XCTAssertEqual(found.count, 1, "\(message): \(found)")
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(at + 1):1: error: '") ?? false, "\(message): \(found)")
            XCTAssertTrue(found.first?.hasSuffix(" [empty-item]") ?? false, "\(message): \(found)")
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The real course as committed holds no lone marker.
    func testTheCourseHoldsNoLoneMarker() throws {
        let lessons = Binary.packageRoot.appendingPathComponent("lessons")
        for name in try CourseCopy.lessonNames(in: lessons) + ["README.md"] {
            let url = lessons.appendingPathComponent(name)
            guard case .success(let file) = SourceFile.decode([UInt8](try Data(contentsOf: url)), path: name) else {
                return XCTFail("\(name) does not decode")
            }
            let slips = Classifier.loneMarkerSlips(file, MarkdownScanner.scan(file).document)
            XCTAssertTrue(slips.isEmpty, "\(name): \(slips.compactMap(\.finding?.message))")
        }
    }

    /// The marker of a top-level list item's line (`- `, `12. `), or nil.
    private static func itemMarker(_ line: String) -> String? {
        if line.hasPrefix("- ") { return "-" }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return digits + "."
    }
}
