import Foundation
import XCTest

/// The distribution sentence's number of lessons and one trigger's count, both off by as much: a
/// lesson added or removed and the sentence not updated, one slip, so one finding at the number
/// naming both. Off by different amounts, they are two slips, two findings, printed in the order
/// a reader meets them (by line, then column). Each case is the complete list of findings.
final class DistributionNotUpdatedTests: XCTestCase {
    private static let file = "21-on-izleme-ve-yineleme.md"
    private static let path = "lessons/21-on-izleme-ve-yineleme.md"
    private static let sentence = "yirmi dersin tetik dağılımı şöyledir: yerel 6,"

    private func error(_ column: Int, _ message: String) -> String {
        "\(Self.path):267:\(column): error: \(message) [trigger-distribution]"
    }

    func testBothOffByOneLessonIsOneFinding() throws {
        XCTAssertEqual(
            try findings(after: [(Self.file, Self.sentence, "yirmi bir dersin tetik dağılımı şöyledir: yerel 7,")]),
            [
                error(
                    31,
                    "says 21 lessons, but 20 lessons declare one trigger, and says yerel 7, but 6 lessons declare "
                        + "yerel: a lesson removed changes both; update both, to 20 lessons and yerel 6")
            ])
    }

    func testOffByDifferentAmountsIsTwoFindingsInColumnOrder() throws {
        XCTAssertEqual(
            try findings(after: [(Self.file, Self.sentence, "yirmi bir dersin tetik dağılımı şöyledir: yerel 5,")]),
            [
                error(31, "says 21 lessons, but 20 lessons declare one trigger"),
                error(85, "says yerel 5, but 6 lessons declare yerel"),
            ])
    }
}
