import Foundation
import XCTest

@testable import CourseCheckKit

/// Fix texts that name the slip itself: a tab typed before a fence (which alone makes it four
/// columns deep, so GitHub shows indented code) is deleted, not "indented less"; a fence typed
/// into the YAML front matter is a line to delete.
extension SlipRegressionTests {
    /// A tab (or two, or spaces and a tab) before a tree's opening fence and before its closing
    /// fence: one finding, `delete the tab before the fence` (with the spaces typed beside it:
    /// `the tab and the 2 spaces`, for left they would still indent an opening fence); followed
    /// once, the lesson as it was.
    func testATabBeforeAFenceIsDeleted() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let opening = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("// main.swift") }) - 1
        let closing = try XCTUnwrap(clean[(opening + 1)...].firstIndex { $0 == "```" })
        for (indentation, fix) in [
            ("\t", "delete the tab before the fence"), ("  \t", "delete the tab and the 2 spaces before the fence"),
            (" \t", "delete the tab and the space before the fence"), ("\t\t", "delete the 2 tabs before the fence"),
            ("\t \t", "delete the 2 tabs and the space before the fence"),
        ] {
            for (index, what) in [
                (opening, "this line would open a code block, but it is indented"),
                (closing, "this line would close the fence opened at line \(opening + 1), but it is indented"),
            ] {
                let (_, lines, found) = try Self.edited(name) { $0[index] = indentation + $0[index] }
                let columns = Self.columns(indentation)
                let rest =
                    index == opening
                    ? "so a reader sees it as indented code and every later fence pairs wrongly"
                    : "so the block runs on and every later fence pairs wrongly"
                XCTAssertEqual(
                    found,
                    [
                        "\(index + 1):\(indentation.utf8.count + 1) [unterminated-fence] \(what) \(columns) columns "
                            + "(a fence may have at most 3), \(rest); \(fix)"
                    ], "\(index) \(indentation.debugDescription)")
                // Followed once: the lesson as it was, with nothing left to fix.
                let followed = try XCTUnwrap(
                    FollowTheFix.apply([(index + 1, Self.message(try XCTUnwrap(found.first)))], to: lines))
                XCTAssertEqual(followed, clean, "\(index) \(indentation.debugDescription)")
                XCTAssertEqual(Self.classified(name, followed), [])
            }
        }
        // The control: four spaces are no tab, and the fix stays as it was.
        let (_, _, spaces) = try Self.edited(name) { $0[opening] = "    " + $0[opening] }
        XCTAssertEqual(spaces.count, 1)
        XCTAssertTrue(spaces.first?.hasSuffix("; indent it less") ?? false, "\(spaces)")
    }

    /// The columns a line's leading blanks reach, a tab advancing to the next multiple of four.
    private static func columns(_ blanks: String) -> Int {
        blanks.reduce(0) { $1 == "\t" ? ($0 / 4 + 1) * 4 : $0 + 1 }
    }

    /// A fence line typed inside the front matter: one finding, `delete this line`; followed, none.
    func testAFenceInsideTheFrontMatterIsDeleted() throws {
        let scratch = try CourseCopy.make(for: self)
        let name = "09-yerel-durum.md"
        let url = scratch.url.appendingPathComponent("lessons/\(name)")
        let clean = try String(contentsOf: url, encoding: .utf8)
        var lines = clean.components(separatedBy: "\n")
        lines.insert("```", at: 4)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let found = FenceSlipPropertyTests.findings(in: scratch.url)
        XCTAssertEqual(
            found,
            [
                "lessons/\(name):5:1: error: front matter line cannot be read: it is a code fence, not 'key: value', a "
                    + "'- item' of a list, or a comment; delete this line [front-matter]"
            ])
        let parsed = try XCTUnwrap(found.first.flatMap { FollowTheFix.parse(String($0)) })
        let followed = try XCTUnwrap(FollowTheFix.apply([(parsed.line, parsed.message)], to: lines))
        XCTAssertEqual(followed.joined(separator: "\n"), clean)
    }
}

/// A list item holding a tree and its expected block, its first line (`- ```swift`) deleted.
extension SlipRegressionTests {
    /// Lesson 9's first tree and its expected block in a list item, and the lesson with its first
    /// line deleted: one finding at the first orphaned line, whose fix writes it back.
    func testAListItemsDeletedFirstLineIsOneFindingThatWritesItBack() throws {
        let name = "09-yerel-durum.md"
        let clean = try Self.edited(name) { _ in }.lines
        let first = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("// main.swift") }) - 1
        let closing = try XCTUnwrap(clean[(first + 1)...].firstIndex { $0 == "```" })
        XCTAssertEqual(clean[closing + 2], "```")
        let last = try XCTUnwrap(clean[(closing + 3)...].firstIndex { $0 == "```" })
        var contained = clean
        for index in first...last {
            contained[index] = index == first ? "- " + clean[index] : clean[index].isEmpty ? "" : "  " + clean[index]
        }
        XCTAssertEqual(Self.classified(name, contained), [])
        var lines = contained
        lines.remove(at: first)
        let found = Self.classified(name, lines)
        XCTAssertEqual(
            found,
            [
                "\(first + 1):1 [unterminated-fence] the opening fence is missing before this line: it and the lines "
                    + "after it read as text, and the '```' at line \(closing), meant to close their block, opens "
                    + "one, so every later fence pairs wrongly; insert a line '- ```swift' before this one"
            ])
        XCTAssertEqual(
            FollowTheFix.apply([(first + 1, Self.message(try XCTUnwrap(found.first)))], to: lines), contained)
    }
}
