import XCTest

@testable import CourseCheckKit

final class UnifiedDiffTests: XCTestCase {
    private func diff(_ old: [String], _ new: [String], oldStart: Int = 1, newStart: Int = 1) -> String {
        UnifiedDiff(
            old: .init(label: "a", lines: old, firstLine: oldStart),
            new: .init(label: "b", lines: new, firstLine: newStart)
        ).text()
    }

    func testEqualSidesGiveNoDiff() {
        XCTAssertEqual(diff(["x", "y"], ["x", "y"]), "")
        XCTAssertEqual(diff([], []), "")
    }

    func testAChangeIsNumberedWithEachSidesOwnLines() {
        let old = (1...10).map { "line \($0)" }
        var new = old
        new[4] = "LINE 5"
        XCTAssertEqual(
            diff(old, new, newStart: 100),
            """
            --- a
            +++ b
            @@ -2,7 +101,7 @@
             line 2
             line 3
             line 4
            -line 5
            +LINE 5
             line 6
             line 7
             line 8

            """)
    }

    /// A finding shows the first 100 diff lines and counts the rest; the text a patch applies is whole.
    func testAFindingsDiffIsCutAfterAHundredLinesAndAPatchIsNot() {
        let old = (1...300).map { "value: \($0)" }
        let new = old.map { "total" + $0.dropFirst("value".count) }
        let hunks = UnifiedDiff(
            old: .init(label: "a", lines: old, firstLine: 1), new: .init(label: "b", lines: new, firstLine: 1)
        ).hunks()
        let shown = Attachment.diff(hunks).lines.map(\.text)
        XCTAssertEqual(
            shown,
            ["--- a", "+++ b", "@@ -1,300 +1,300 @@"] + old.prefix(99).map { "-" + $0 } + ["... 501 more diff lines"])
        XCTAssertEqual(hunks.completeText.split(separator: "\n").count, 603)
        XCTAssertEqual(
            Attachment.diff(
                UnifiedDiff(
                    old: .init(label: "a", lines: ["x"], firstLine: 1),
                    new: .init(label: "b", lines: ["y"], firstLine: 1)
                )
                .hunks()
            ).lines.map(\.text), ["--- a", "+++ b", "@@ -1 +1 @@", "-x", "+y"])
    }

    func testDistantChangesMakeSeparateHunks() {
        let old = (1...20).map(String.init)
        var new = old
        new.insert("new", at: 0)
        new[20] = "twenty"
        XCTAssertEqual(
            diff(old, new),
            """
            --- a
            +++ b
            @@ -1,3 +1,4 @@
            +new
             1
             2
             3
            @@ -17,4 +18,4 @@
             17
             18
             19
            -20
            +twenty

            """)
    }

    func testAPureInsertionNamesTheLineBeforeIt() {
        let text = UnifiedDiff(
            old: .init(label: "a", lines: ["x", "z"], firstLine: 10),
            new: .init(label: "b", lines: ["x", "y", "z"], firstLine: 10), context: 0
        ).text()
        XCTAssertEqual(text, "--- a\n+++ b\n@@ -10,0 +11 @@\n+y\n")
    }

    func testTheEditScriptIsMinimal() {
        let edits = UnifiedDiff.edits(["a", "b", "c", "a", "b", "b", "a"], ["c", "b", "a", "b", "a", "c"])
        let changes = edits.filter { if case .keep = $0 { false } else { true } }
        XCTAssertEqual(changes.count, 5)  // the classic Myers example: D = 5
    }

    func testWhollyDifferentLongInputsStayBounded() {
        let old = (0..<5_000).map { "a\($0)" }
        let new = (0..<5_000).map { "b\($0)" }
        let edits = UnifiedDiff.edits(old, new)
        XCTAssertEqual(edits.count, 10_000)
    }
}
