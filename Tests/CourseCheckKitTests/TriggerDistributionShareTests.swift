import Foundation
import XCTest

@testable import CourseCheckKit

/// Percentages in the distribution sentence (`yerel 6, ebeveyn 4, gözlem 4, ortam 6` of the
/// closing lesson): a share beside a count (`yerel 6 (%30)`) is that count's part of the lessons
/// counted, and a share alone (`yerel %30`) is the count stated as a share. Either is judged,
/// rounded either way to a whole percentage: a wrong one is one finding at its number, with the
/// share meant; a right one, in either sign order, is silent.
final class TriggerDistributionShareTests: XCTestCase {
    private static let lesson = "21-on-izleme-ve-yineleme.md"
    private static let sentence = "yerel 6, ebeveyn 4, gözlem 4, ortam 6"

    private func found(_ sentence: String) throws -> [String] {
        try findings(after: [(Self.lesson, Self.sentence, sentence)])
    }

    private func finding(column: Int, _ message: String) -> String {
        "lessons/\(Self.lesson):267:\(column): error: \(message) [trigger-distribution]"
    }

    /// Wrong shares, beside counts and alone: one finding at each wrong number; written as meant, none.
    func testAWrongShareIsOneFindingAtItsNumber() throws {
        XCTAssertEqual(
            try found("yerel 6 (%35), ebeveyn 4 (%20), gözlem 4 (%20), ortam 6 (%30)"),
            [
                finding(
                    column: 85,
                    "says yerel 6 (%35), but 6 of the 20 lessons it counts declare yerel, which is %30; write %30")
            ])
        XCTAssertEqual(
            try found("yerel %35, ebeveyn %15, gözlem %20, ortam %30"),
            [
                finding(
                    column: 82,
                    "says yerel %35, but 6 of the 20 lessons it counts declare yerel, which is %30; write %30"),
                finding(
                    column: 95,
                    "says ebeveyn %15, but 4 of the 20 lessons it counts declare ebeveyn, which is %20; write %20"),
            ])
        XCTAssertEqual(
            try found("yerel 6, ebeveyn 4 (25%), gözlem 4, ortam 6"),
            [
                finding(
                    column: 95,
                    "says ebeveyn 4 (25%), but 4 of the 20 lessons it counts declare ebeveyn, which is 20%; write 20%")
            ])
        // Followed: the shares as meant.
        XCTAssertEqual(try found("yerel 6 (%30), ebeveyn 4 (%20), gözlem 4 (%20), ortam 6 (%30)"), [])
        XCTAssertEqual(try found("yerel %30, ebeveyn %20, gözlem %20, ortam %30"), [])
        XCTAssertEqual(try found("yerel 6, ebeveyn 4 (20%), gözlem 4, ortam 6"), [])
    }

    /// A wrong count with its share: the count is the one finding (the share follows the count).
    func testAWrongCountWithItsShareIsOneFindingAtTheCount() throws {
        XCTAssertEqual(
            try found("yerel 7 (%35), ebeveyn 4, gözlem 4, ortam 6"),
            [finding(column: 81, "says yerel 7, but 6 lessons declare yerel")])
    }

    /// Neighbours a reader reads as right: shares after a colon, with the sign after, a decimal
    /// share, shares listed after the names, a count in words with its share: none.
    func testRightSharesInOtherFormsAreSilent() throws {
        for sentence in [
            "yerel: %30, ebeveyn: %20, gözlem: %20, ortam: %30", "yerel 30%, ebeveyn 20%, gözlem 20%, ortam 30%",
            "yerel 6 (%30,0), ebeveyn 4, gözlem 4, ortam 6", "yerel, ebeveyn, gözlem ve ortam: %30, %20, %20, %30",
            "yerel altı (%30), ebeveyn 4, gözlem 4, ortam 6",
        ] {
            XCTAssertEqual(try found(sentence), [], sentence)
        }
    }

    /// The rounding: a share is right rounded either way to a whole percentage, and no further.
    func testAShareIsRightRoundedEitherWay() {
        XCTAssertTrue(TriggerDistributionClaim.isShare(33, of: 1, in: 3))
        XCTAssertTrue(TriggerDistributionClaim.isShare(34, of: 1, in: 3))
        XCTAssertFalse(TriggerDistributionClaim.isShare(35, of: 1, in: 3))
        XCTAssertTrue(TriggerDistributionClaim.isShare(30, of: 6, in: 20))
        XCTAssertFalse(TriggerDistributionClaim.isShare(31, of: 6, in: 20))
        XCTAssertFalse(TriggerDistributionClaim.isShare(29, of: 6, in: 20))
    }
}
