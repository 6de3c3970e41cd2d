import Foundation
import XCTest

/// The index's paragraphs and headings as an author edits them: a setext underline typed under a
/// paragraph of the index or a lesson's quoted paragraph (one finding, whose fix converges), and a
/// sub-heading inside an index part (none).
extension IndexNoteSlipPropertyTests {
    /// A setext underline (`-` or `=`, one to six of them, up to three spaces before) typed right
    /// under a random paragraph of the index (its introduction, a part's description, the licence
    /// paragraph), or under a random lesson paragraph put in a block quote with the underline
    /// quoted too: the paragraph renders as a heading. One stray-underline at the underline, and
    /// following its fix leaves no finding.
    func testAnUnderlineUnderAnIndexOrQuotedParagraphIsOneFindingWhoseFixConverges() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let quoted = random.next() % 2 == 0
            let names = try CourseCopy.lessonNames(in: lessons).filter { $0 != "README.md" }
            let file = quoted ? names[Int(random.next() % UInt64(names.count))] : "README.md"
            var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            // Paragraphs of one line of prose between blank lines, outside code and front matter;
            // in a lesson, none a claim reads (a note, the distribution sentence).
            var fenced = false
            var paragraphs: [Int] = []
            let start = (lines.dropFirst().firstIndex(of: "---") ?? 0) + 1
            for index in start..<(lines.count - 1) {
                if lines[index].hasPrefix("```") || lines[index].hasPrefix("~~~") { fenced.toggle() }
                guard !fenced, index > 0, lines[index - 1].isEmpty, lines[index + 1].isEmpty,
                    let first = lines[index].first, first.isLetter, first.isUppercase, lines[index].hasSuffix("."),
                    !lines[index].contains("şöyledir:")
                else { continue }
                paragraphs.append(index)
            }
            guard !paragraphs.isEmpty else { return XCTFail("seed \(seed): \(file) has no paragraph of one line") }
            let at = paragraphs[Int(random.next() % UInt64(paragraphs.count))]
            let underline =
                String(repeating: " ", count: Int(random.next() % 4))
                + String(repeating: random.next() % 2 == 0 ? "-" : "=", count: 1 + Int(random.next() % 6))
            if quoted { lines[at] = "> " + lines[at] }
            lines.insert((quoted ? "> " : "") + underline, at: at + 1)
            let url = lessons.appendingPathComponent(file)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = FenceSlipPropertyTests.findings(in: scratch.url).map(String.init)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 2): "
                + "'\(underline)' under \(quoted ? "a quoted paragraph" : "an index paragraph"): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 2):1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[stray-underline]") ?? false, message)
            let fixes = found.compactMap(FollowTheFix.parse).map { (line: $0.line, message: $0.message) }
            let followed = try XCTUnwrap(FollowTheFix.apply(fixes, to: lines), message)
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], "after the fix: \(message)")
        }
    }

    /// A `###` to `######` heading naming no part, typed between two items of a random part of
    /// the index (blank lines around it or not) or above the part's first item: a sub-heading
    /// readers see inside that part (cmark-gfm closes the list and opens another at the next
    /// number, both under the part's `<h2>`). No finding, none downstream.
    func testASubHeadingInsideAnIndexPartIsNoFinding() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let url = scratch.url.appendingPathComponent("lessons/README.md")
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let items = Self.indexItems(lines)
            let item = items[Int(random.next() % UInt64(items.count))]
            let name = ["Sunum", "Ara bölüm", "Ek okuma", "Temeller", "Gezinme ve sunum", "Son adım"][
                Int(random.next() % 6)]
            let heading = String(repeating: "#", count: 3 + Int(random.next() % 4)) + " " + name
            // Above a part's first item its blank line stays; between two items, with blank lines or none.
            let inserted = item.first ? [heading, ""] : random.next() % 2 == 0 ? ["", heading, ""] : [heading]
            lines.insert(contentsOf: inserted, at: item.line)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            XCTAssertEqual(
                found, [],
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): '\(heading)' above line \(item.line + 1)"
            )
        }
    }

    /// A random index item written as a bullet (`-`, `*`, `+`) with up to four blanks before it,
    /// nested in the item above or not, or with a Turkish keyboard's `İ` or `ı` for a `1` of its
    /// number: one finding at the item's line, and following its fix leaves none.
    func testABulletOrATurkishIInAnIndexItemIsOneFindingWhoseFixConverges() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let url = scratch.url.appendingPathComponent("lessons/README.md")
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let items = Self.indexItems(lines)
            let ones = items.filter { lines[$0.line].prefix($0.digits).contains("1") }
            let turkish = random.next() % 2 == 0
            let item = (turkish ? ones : items)[Int(random.next() % UInt64(turkish ? ones.count : items.count))]
            let rest = lines[item.line].dropFirst(item.digits + 2)
            if turkish {
                let number = Array(lines[item.line].prefix(item.digits))
                let at = number.indices.filter { number[$0] == "1" }
                var typed = number
                typed[at[Int(random.next() % UInt64(at.count))]] = random.next() % 2 == 0 ? "\u{130}" : "\u{131}"
                lines[item.line] = String(typed) + ". " + rest
            } else {
                // (Four after a blank line make it code: another slip, `hidden`'s.)
                let blanks = String(repeating: " ", count: Int(random.next() % (item.first ? 4 : 5)))
                lines[item.line] = blanks + ["-", "*", "+"][Int(random.next() % 3)] + " " + rest
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = FenceSlipPropertyTests.findings(in: scratch.url).map(String.init)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): README.md:\(item.line + 1): "
                + "'\(lines[item.line].prefix(8))': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/README.md:\(item.line + 1):") ?? false, message)
            let fixes = found.compactMap(FollowTheFix.parse).map { (line: $0.line, message: $0.message) }
            let followed = try XCTUnwrap(FollowTheFix.apply(fixes, to: lines), message)
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], "after the fix: \(message)")
        }
    }
}
