import Foundation
import XCTest

@testable import CourseCheckKit

/// Lesson 1 declares a distribution, `**dördünün de dağılımı (2/2/2/2)**`, and the closing table
/// writes it `dördü (2/2/2/2)`. The messages about it quote what the lesson writes and say the fix:
/// counts moved out of the bold are to move back in; a cell in the bullet's own words says what
/// the lesson says. Each case is a complete list of the run's findings.
final class DistributionWordingTests: XCTestCase {
    /// The counts after the bold (cmark-gfm: `<strong>dördünün de dağılımı</strong> (2/2/2/2)`):
    /// one finding at the bold, which says to move them inside, spaced as written.
    func testCountsOutsideTheBoldSayToMoveThemInside() throws {
        for counts in ["(2/2/2/2)", "(2 / 2 / 2 / 2)"] {
            let found = try findings(after: [
                (
                    "01-bildirimsel-sozdizim.md", "**dördünün de dağılımı (2/2/2/2)**",
                    "**dördünün de dağılımı** \(counts)"
                )
            ])
            XCTAssertEqual(
                found,
                [
                    "lessons/01-bildirimsel-sozdizim.md:299:24: error: unknown trigger 'dördünün de dağılımı': its "
                        + "distribution \(counts) stands after the bold, so the bold reads as no trigger; move it "
                        + "inside, **dördünün de dağılımı \(counts)** [declared-trigger]"
                ])
        }
    }

    /// The table's cell in the bullet's words with the same counts is what the lesson declares: no
    /// finding. With other counts, or another trigger, the message quotes the lesson's words and the
    /// table's form, never a `dördü` the lesson does not write.
    func testTheTablesCellInTheBulletsWordsIsTheLessonsDistribution() throws {
        let cell = "| dördü (2/2/2/2) |"
        XCTAssertEqual(
            try findings(after: [("21-on-izleme-ve-yineleme.md", cell, "| dördünün de dağılımı (2/2/2/2) |")]), [])
        XCTAssertEqual(
            try findings(after: [("21-on-izleme-ve-yineleme.md", cell, "| dördünün de dağılımı (2/2/3/2) |")]),
            [
                "lessons/21-on-izleme-ve-yineleme.md:245:48: error: row 1 gives the trigger 'dördünün de dağılımı "
                    + "(2/2/3/2)'; lessons/01-bildirimsel-sozdizim.md declares the distribution 'dördünün de dağılımı "
                    + "(2/2/2/2)', which the table writes 'dördü (2/2/2/2)' [closing-table]"
            ])
    }
}
