import Foundation
import XCTest

@testable import CourseCheckKit

/// The opening lesson's own statements of its first tree's counts (`yerel 2, ebeveyn 2, gözlem 2,
/// ortam 2`, `ikisi yerel, …`, `sekiz yeniden hesaplama`): a wrong count is one finding at it with
/// the count to write, against the tree; a sentence that counts fewer triggers (another tree's) and
/// other lessons' counts are not read.
final class OpeningCountTests: XCTestCase {
    private static let opening = "01-bildirimsel-sozdizim.md"
    /// The distribution claim's findings with the opening lesson's text `opening`, as headlines.
    private func findings(opening: String) -> [String] {
        let lessons = RealCourseFacts.lessons.map { lesson in
            lesson.name == Self.opening ? RealCourseFacts.facts(lesson.name, opening) : lesson.facts
        }
        let facts = CourseFacts(lessons: lessons, index: nil, isWholeCourse: true, cache: nil, environment: [:])
        guard case .checked(let found) = TriggerDistributionClaim().check(facts) else {
            XCTFail("the distribution claim did not judge")
            return []
        }
        return found.map(\.headline)
    }

    /// The round's slips in one run of the whole course (the summary bullet's `yerel 3`, the
    /// prose's `dokuz` and `üçü ebeveyn`): one finding each, at it, and none once each fix is followed.
    func testTheOpeningLessonsWrongCountsAreOneFindingEachAndTheFixConverges() throws {
        let opening = Self.opening
        let (found, fixed) = try findingsAndAfterTheFix([
            (
                opening, "- Altı değişiklik sekiz yeniden hesaplama üretti: yerel 2,",
                "- Altı değişiklik sekiz yeniden hesaplama üretti: yerel 3,"
            ),
            (opening, "sekiz yeniden hesaplama üretti; ikisi yerel", "dokuz yeniden hesaplama üretti; ikisi yerel"),
            (opening, "ikisi yerel, ikisi ebeveyn", "ikisi yerel, üçü ebeveyn"),
        ])
        let tree = "but the tree at line 95"
        XCTAssertEqual(
            found,
            [
                "lessons/\(opening):142:46: error: says 9 recomputations, \(tree) counts 8 (2/2/2/2); "
                    + "write 'sekiz' for 'dokuz' [trigger-distribution]",
                "lessons/\(opening):142:92: error: says ebeveyn 3, \(tree) prints 'ebeveyn: 2'; "
                    + "write 'ikisi' for 'üçü' [trigger-distribution]",
                "lessons/\(opening):297:61: error: says yerel 3, \(tree) prints 'yerel: 2'; "
                    + "write '2' for '3' [trigger-distribution]",
            ])
        XCTAssertEqual(fixed, [])
    }

    /// What is not the opening tree's counts, or says them rightly: no finding.
    func testOtherCountsAndRightOnesAreNoFinding() throws {
        let text = try XCTUnwrap(RealCourseFacts.lessons.first { $0.name == Self.opening }?.text)
        let edits: [(String, String)] = [
            // The second tree's two counts: another tree's, not read.
            ("bir yerel, bir ebeveyn.", "iki yerel, bir ebeveyn."),
            // The same counts, written otherwise.
            ("yerel 2, ebeveyn 2, gözlem 2, ortam 2.", "yerel: 2, ebeveyn: 2, gözlem: 2, ortam: 2."),
            ("yerel 2, ebeveyn 2, gözlem 2, ortam 2.", "**yerel** iki, ebeveyn 2, gözlem 2, ortam 2."),
            ("ikisi yerel, ikisi ebeveyn", "2'si yerel, ikisi ebeveyn"),
            ("Altı değişiklik sekiz yeniden", "Altı değişiklik 8 yeniden"),
        ]
        for (target, replacement) in edits {
            let range = try XCTUnwrap(text.range(of: target), target)
            XCTAssertEqual(findings(opening: text.replacingCharacters(in: range, with: replacement)), [], replacement)
        }
    }

    /// Seeded: the summary bullet or the prose sentence, each count in digits or words (the prose's
    /// possessive), one count or the recomputations made wrong, or none. Wrong is exactly one finding
    /// at it with the count to write; right is none.
    func testEveryCountOfTheOpeningSentencesIsJudgedAtItself() throws {
        let text = try XCTUnwrap(RealCourseFacts.lessons.first { $0.name == Self.opening }?.text)
        let bullet = "- Altı değişiklik sekiz yeniden hesaplama üretti: yerel 2, ebeveyn 2, gözlem 2, ortam 2."
        let prose =
            "altı değişiklik sekiz yeniden hesaplama üretti; ikisi yerel, ikisi ebeveyn, ikisi gözlem, ikisi ortam."
        let units = ["sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
        let possessive = ["sıfırı", "biri", "ikisi", "üçü", "dördü", "beşi", "altısı", "yedisi", "sekizi", "dokuzu"]
        let names = ["yerel", "ebeveyn", "gözlem", "ortam"]
        let (count, seed) = PropertySeeds.stream(defaultCount: 16, defaultSeed: 0x0420_0001)
        var random = BlockStructurePropertyTests.Generator(state: seed)
        for _ in 0..<count {
            let inBullet = random.next() % 2 == 0
            let digits = random.next() % 2 == 0
            // 0–3 a trigger's count, 4 the recomputations, 5 none wrong.
            let wrong = Int(random.next() % 6)
            var value = wrong == 4 ? 8 : 2
            if wrong < 5 {
                // 3 to 9: `bir`/`biri` is the article or "someone" as often as a count.
                while value == (wrong == 4 ? 8 : 2) { value = 3 + Int(random.next() % 7) }
            }
            func count(_ value: Int) -> String {
                digits ? String(value) : inBullet ? units[value] : possessive[value]
            }
            let total = wrong == 4 ? (digits ? String(value) : units[value]) : (digits ? "8" : "sekiz")
            let counts = names.indices.map { count(wrong == $0 ? value : 2) }
            let sentence =
                inBullet
                ? "- Altı değişiklik \(total) yeniden hesaplama üretti: "
                    + names.indices.map { "\(names[$0]) \(counts[$0])" }.joined(separator: ", ") + "."
                : "altı değişiklik \(total) yeniden hesaplama üretti; "
                    + names.indices.map { "\(counts[$0]) \(names[$0])" }.joined(separator: ", ") + "."
            let target = inBullet ? bullet : prose
            let range = try XCTUnwrap(text.range(of: target))
            let edited = text.replacingCharacters(in: range, with: sentence)
            let what = "\(sentence) (COURSECHECK_PROPERTY_SEED=\(seed))"
            guard wrong < 5 else {
                XCTAssertEqual(findings(opening: edited), [], what)
                continue
            }
            // Where the wrong word stands: the line, and its byte column.
            let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
            let lineStart =
                text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            let prefix = String(text[lineStart..<range.lowerBound])
            let written = wrong == 4 ? total : counts[wrong]
            let before: String
            if wrong == 4 {
                before = inBullet ? "- Altı değişiklik " : "altı değişiklik "
            } else {
                let head =
                    inBullet
                    ? "- Altı değişiklik \(total) yeniden hesaplama üretti: "
                    : "altı değişiklik \(total) yeniden hesaplama üretti; "
                let items = names.indices.prefix(wrong).map {
                    inBullet ? "\(names[$0]) \(counts[$0])" : "\(counts[$0]) \(names[$0])"
                }
                before = head + items.map { $0 + ", " }.joined() + (inBullet ? "\(names[wrong]) " : "")
            }
            let column = (prefix + before).utf8.count + 1
            let at = "lessons/\(Self.opening):\(line):\(column): error: "
            let tree = "but the tree at line 95"
            let expected =
                wrong == 4
                ? "\(at)says \(value) recomputations, \(tree) counts 8 (2/2/2/2); "
                    + "write '\(digits ? "8" : "sekiz")' for '\(written)' [trigger-distribution]"
                : "\(at)says \(names[wrong]) \(value), \(tree) prints '\(names[wrong] == "gözlem" ? "gozlem" : names[wrong]): 2'; "
                    + "write '\(digits ? "2" : inBullet ? "iki" : "ikisi")' for '\(written)' [trigger-distribution]"
            XCTAssertEqual(findings(opening: edited), [expected], what)
        }
    }
}
