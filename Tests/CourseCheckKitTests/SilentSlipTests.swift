import Foundation
import XCTest

@testable import CourseCheckKit

/// Slips that a run once passed in silence: a misspelt optional front-matter key, a display
/// fragment pasted twice, both fences of a block in a list item or block quote lost, the
/// distribution sentence's counts written for listed names. Each case is the complete list of a
/// run's findings in a copy of the real course; the fix, followed, gives the lesson back with
/// none, and the nearby correct form is none.
final class SilentSlipTests: XCTestCase {
    /// An optional front-matter key misspelt (`objektives:` for the `objectives:` lesson 14
    /// writes; in another case, a letter short or one too many): one finding at the key, naming
    /// the lesson that spells it right, and `write 'objectives:'` gives the lesson back. A key no
    /// other lesson writes and none is near (`tags`, `author`, `summary`, `keywords`) is none.
    func testAMisspeltOptionalFrontMatterKeyIsOneFindingNamingTheLessonThatWritesIt() throws {
        let file = "09-yerel-durum.md"
        for written in ["objektives", "Objectives", "objective", "objectivess", "objectıves"] {
            let (clean, lines, found, rerun) = try edited(file) { $0[7] = "\(written):" }
            XCTAssertEqual(
                found,
                [
                    "lessons/\(file):8:1: error: front matter key '\(written)' is a misspelling of 'objectives' "
                        + "(lesson 14 writes it); write 'objectives:' [front-matter]"
                ], written)
            let fixed = try followed(found, in: lines)
            XCTAssertEqual(fixed, clean, written)
            XCTAssertEqual(try rerun(fixed), [], written)
        }
        for key in ["tags", "author", "summary", "keywords"] {
            let (_, _, found, _) = try edited(file) { $0.insert("\(key): 'durum'", at: 7) }
            XCTAssertEqual(found, [], key)
        }
    }

    /// Random one-letter slips of `objectives:` in lesson 9 or lesson 14 (the two that write it):
    /// a letter deleted, doubled, replaced by a letter of the alphabet or a Turkish one, two
    /// swapped, or the first made a capital. One finding at the key naming the other lesson, and
    /// its fix gives the lesson back.
    func testRandomMisspellingsOfAnOptionalKeyAreOneFindingEach() throws {
        let letters = Array("abcdefghijklmnopqrstuvwxyzçğıöşü")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let (file, other) =
                random.next() % 2 == 0 ? ("09-yerel-durum.md", 14) : ("14-sunum-ve-kapatma.md", 9)
            var key = Array("objectives")
            let at = Int(random.next() % UInt64(key.count - 1))
            switch random.next() % 5 {
            case 0: key.remove(at: at)
            case 1: key.insert(key[at], at: at)
            case 2: key.swapAt(at, at + 1)
            case 3: key[0] = "O"
            default: key[at] = letters[Int(random.next() % UInt64(letters.count))]
            }
            let written = String(key)
            guard written != "objectives" else { continue }
            let (clean, lines, found, rerun) = try edited(file) { lines in
                let index = lines.firstIndex(of: "objectives:")!
                lines[index] = "\(written):"
            }
            let line = try XCTUnwrap(clean.firstIndex(of: "objectives:")) + 1
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file): '\(written)'"
            XCTAssertEqual(
                found,
                [
                    "lessons/\(file):\(line):1: error: front matter key '\(written)' is a misspelling of 'objectives' "
                        + "(lesson \(other) writes it); write 'objectives:' [front-matter]"
                ], message)
            guard found.count == 1 else { continue }
            let fixed = try followed(found, in: lines)
            XCTAssertEqual(fixed, clean, message)
            XCTAssertEqual(try rerun(fixed), [], message)
        }
    }

    /// A display fragment pasted twice, right under itself (lesson 2's first fragment, lines
    /// 164–175): one finding at the copy whose fix deletes it. The same fragment pasted again
    /// after the next fragment, not adjacent, may be deliberate: none.
    func testADisplayFragmentPastedTwiceRightUnderItselfIsOneFindingAtTheCopy() throws {
        let file = "02-gorunumler-ve-degistiriciler.md"
        let (clean, lines, found, rerun) = try edited(file) { lines in
            lines.insert(contentsOf: [""] + lines[163...174], at: 175)
        }
        XCTAssertEqual(
            found,
            [
                "lessons/\(file):177:1: error: this display fragment repeats the one at lines 164–175 right above "
                    + "it, so readers see the same code twice; delete lines 177–189 [no-role]"
            ])
        let fixed = try followed(found, in: lines)
        XCTAssertEqual(fixed, clean)
        XCTAssertEqual(try rerun(fixed), [])
        let (_, _, apart, _) = try edited(file) { lines in
            lines.insert(contentsOf: [""] + lines[163...174], at: 188)
        }
        XCTAssertEqual(apart, [])
    }

    /// The distribution sentence with names joined by `ve` and one count right after the last
    /// (`yerel ve ortam 6`: both are 6), and the names listed with their counts after the last,
    /// no colon between (`… gözlem ve ortam 6, 4, 4, 6`, or `sırasıyla` before them): read as a
    /// reader reads them, none when true, one finding at the wrong count when not.
    func testCountsWrittenRightAfterListedNamesAreTheNames() throws {
        let file = "21-on-izleme-ve-yineleme.md"
        let sentence = "şöyledir: yerel 6, ebeveyn 4, gözlem 4, ortam 6."
        func found(_ counts: String) throws -> [String] {
            try edited(file) { lines in
                let at = lines.firstIndex { $0.contains(sentence) }!
                lines[at] = lines[at].replacingOccurrences(of: sentence, with: "şöyledir: \(counts).")
            }.found
        }
        let wrong = "lessons/\(file):267:"
        let truths = [
            "yerel ve ortam 6, ebeveyn 4, gözlem 4", "yerel ve ortam 6, ebeveyn ve gözlem 4",
            "yerel, ebeveyn, gözlem ve ortam 6, 4, 4, 6", "yerel, ebeveyn, gözlem ve ortam sırasıyla 6, 4, 4, 6",
        ]
        for truth in truths { XCTAssertEqual(try found(truth), [], truth) }
        XCTAssertEqual(
            try found("yerel ve ortam 7, ebeveyn ve gözlem 4"),
            [
                wrong + "90: error: says yerel 7 and ortam 7, but 6 lessons declare yerel and 6 ortam "
                    + "[trigger-distribution]"
            ])
        XCTAssertEqual(
            try found("yerel, ebeveyn, gözlem ve ortam 6, 4, 5, 6"),
            [wrong + "114: error: says gözlem 5, but 4 lessons declare gözlem [trigger-distribution]"])
        XCTAssertEqual(
            try found("yerel, ebeveyn, gözlem ve ortam sırasıyla 6, 4, 4, 7"),
            [wrong + "129: error: says ortam 7, but 6 lessons declare ortam [trigger-distribution]"])
    }

    /// Both fences of a tree, or of its expected block, deleted in a list item or a block quote
    /// (lesson 9's first tree, fences at 119/136 and 138/144, put in the item the paragraph above
    /// it opens, or quoted): readers see the code or output as text in the container. One finding
    /// at the block's first line, as at the top level, whose fences carry the container's prefix;
    /// followed, the lesson is as it was, with none.
    func testBothFencesOfABlockInAListItemOrQuoteDeletedAreOneFindingAtItsFirstLine() throws {
        let file = "09-yerel-durum.md"
        for quote in [false, true] {
            let prefix = quote ? "> " : "   "
            func contained(_ lines: inout [String]) {
                if !quote { lines[116] = "1. " + lines[116] }
                for index in 118...143 {
                    lines[index] = lines[index].isEmpty ? (quote ? ">" : "") : prefix + lines[index]
                }
            }
            let (_, _, control, _) = try edited(file, contained)
            XCTAssertEqual(control, [], "quote: \(quote)")
            let column = prefix.count + 1
            let cases = [
                (
                    [119, 136],
                    "119:\(column): error: lines 119–134 are a tree with no fences around it: readers see '// main.swift "
                        + "— gorunumun kendi durumu y…' and the lines after it as text; insert '\(prefix)```swift' before "
                        + "line 119 and '\(prefix)```' after line 134 [unterminated-fence]"
                ),
                (
                    [138, 144],
                    "138:\(column): error: lines 138–142 are the output of the tree at line 119 with no fences around "
                        + "it: readers see 'dokunuldu: tapCount degisti | yeniden Co…' and the lines after it as text; "
                        + "insert '\(prefix)```' before line 138 and '\(prefix)```' after line 142 [unterminated-fence]"
                ),
            ]
            for (fences, message) in cases {
                var clean: [String] = []
                let (_, lines, found, rerun) = try edited(file) { lines in
                    contained(&lines)
                    clean = lines
                    for number in fences.sorted(by: >) { lines.remove(at: number - 1) }
                }
                XCTAssertEqual(found, ["lessons/\(file):\(message)"], "quote: \(quote)")
                let fixed = try followed(found, in: lines)
                XCTAssertEqual(fixed, clean, "quote: \(quote)")
                XCTAssertEqual(try rerun(fixed), [], "quote: \(quote)")
            }
        }
    }
}

extension SilentSlipTests {
    /// A comment closed with `--!>`, which a browser takes for its end and CommonMark does not:
    /// one finding at the comment whose fix writes `-->` in its place (a `-->` added after it
    /// would show), and following it gives the course back clean.
    func testACommentClosedWithABangIsOneFindingThatRewritesTheClose() throws {
        let scratch = try CourseCopy.make(for: self)
        let lesson = scratch.url.appendingPathComponent("lessons/16-hareketler.md")
        let anchor = "\n\n## Kalıcı Konum Ebeveyne Yazılır"
        let line = try CourseCopy.replace(anchor, with: "\n<!-- TODO: ağacı sadeleştir --!>\n" + anchor, in: lesson) + 1
        func findings() -> [String] {
            courseFindings(in: scratch.url)
        }
        let found = findings()
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(
            found.first?.hasPrefix("lessons/16-hareketler.md:\(line):1: error: this HTML comment is never closed")
                == true, "\(found)")
        XCTAssertTrue(
            found.first?.hasSuffix("write '-->' for '--!>' at the end of line \(line) [unclosed-comment]") == true,
            "\(found)")
        try CourseCopy.replace("sadeleştir --!>", with: "sadeleştir -->", in: lesson)
        XCTAssertEqual(findings(), [])
    }
}
