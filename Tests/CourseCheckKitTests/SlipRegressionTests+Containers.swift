import Foundation
import XCTest

@testable import CourseCheckKit

/// A container's marker (`> `, `- `, `1. `, `# `) typed before a line that must stand at the top
/// level: GitHub opens a block quote, a list item or a heading there, and the blocks after it
/// change with it. Each is one finding at the line, `delete` naming the marker (never one per row
/// the table lost, nor "add '---'"), with the complete list asserted; following the fix gives none.
extension SlipRegressionTests {
    /// The edit that types `marker` before the first line starting with `prefix`, and its fix.
    static func typed(_ marker: String, before prefix: String) -> (edit: Edit, fix: Edit) {
        (
            { lines in
                let at = line(lines, prefix)
                lines[at] = marker + lines[at]
            },
            { lines in
                let at = line(lines, marker + prefix)
                lines[at] = String(lines[at].dropFirst(marker.count))
            }
        )
    }

    /// `lines[at]` prefixed with `marker` where `at` is the `n`th line equal to `text`, and its fix.
    static func typed(_ marker: String, beforeLine text: String, occurrence n: Int) -> (edit: Edit, fix: Edit) {
        (
            { lines in
                let at = lines.indices.filter { lines[$0] == text }[n]
                lines[at] = marker + lines[at]
            },
            { lines in
                let at = lines.firstIndex { $0 == marker + text } ?? 0
                lines[at] = String(lines[at].dropFirst(marker.count))
            }
        )
    }

    func testAContainerMarkerBeforeAClosingTableLineIsOneFindingThere() throws {
        let lesson = "21-on-izleme-ve-yineleme.md"
        let row = "| Yığıt Düzenleri |"
        func rowMessage(_ line: Int, _ marker: String, _ opens: String, after: Int) -> String {
            "lessons/\(lesson):\(line):1: error: this row opens with '\(marker)' before its first '|', which opens "
                + "\(opens), so GitHub ends the closing table here and shows this row and the \(after) after it as "
                + "text, not as rows; delete '\(marker)' and the space after it [closing-table]"
        }
        for (marker, opens) in [
            ("> ", "a block quote"), ("- ", "a list item"), ("# ", "a heading"), ("2. ", "a list item"),
        ] {
            let slip = Self.typed(marker, before: row)
            try expectSlips(
                [(lesson, slip.edit, slip.fix)],
                found: [rowMessage(247, String(marker.dropLast()), opens, after: 18)])
        }
        let last = Self.typed("> ", before: "| Geçişler |")
        try expectSlips([(lesson, last.edit, last.fix)], found: [rowMessage(262, ">", "a block quote", after: 3)])
        let header = Self.typed("> ", before: "| Ders |")
        try expectSlips(
            [(lesson, header.edit, header.fix)],
            found: [
                "lessons/\(lesson):243:1: error: the closing table's header row opens with '>' before its first '|', "
                    + "which opens a block quote, so GitHub renders no table and shows its lines as text; delete '>' "
                    + "and the space after it [closing-table]"
            ])
        let delimiter = Self.typed("- ", before: "|---|---|---|---|")
        try expectSlips(
            [(lesson, delimiter.edit, delimiter.fix)],
            found: [
                "lessons/\(lesson):244:1: error: the closing table's delimiter row opens with '-' before its first "
                    + "'|', which opens a list item, so GitHub renders no table and shows its lines as text; delete "
                    + "'-' and the space after it [closing-table]"
            ])
        try assertRendersClean(lesson, [Self.typed("> ", before: row).edit, Self.typed("> ", before: row).fix])
        // Silent: a quote of its own after the table, a blank line apart.
        let (found, messages) = try courseFindings(lesson) { lines in
            let after = lines.lastIndex { $0.hasPrefix("| ") } ?? 0
            lines.insert(contentsOf: ["", "> | Bir alıntı |"], at: after + 1)
        }
        XCTAssertEqual(found, [], "\(messages)")
    }

    func testAContainerMarkerBeforeAFrontMatterDelimiterIsOneFindingThere() throws {
        func message(_ file: String, _ line: Int, _ verb: String, _ marker: String, _ opens: String) -> String {
            "lessons/\(file):\(line):1: error: '\(marker) ---' does not \(verb) the front matter: it opens with "
                + "'\(marker)' before its '---', which opens \(opens), so readers see its keys as text; delete "
                + "'\(marker)' and the space after it [front-matter]"
        }
        for (file, occurrence, line, verb) in [
            ("09-yerel-durum.md", 1, 13, "close"), ("12-ortam-degerleri.md", 0, 1, "open"),
            ("README.md", 1, 14, "close"),
        ] {
            let slip = Self.typed("> ", beforeLine: "---", occurrence: occurrence)
            try expectSlips([(file, slip.edit, slip.fix)], found: [message(file, line, verb, ">", "a block quote")])
        }
        let item = Self.typed("* ", beforeLine: "---", occurrence: 1)
        try expectSlips(
            [("09-yerel-durum.md", item.edit, item.fix)],
            found: [message("09-yerel-durum.md", 13, "close", "*", "a list item")])
    }

    func testAContainerMarkerBeforeTheTitleAPartHeadingOrTheTriggerBulletIsOneFindingThere() throws {
        let title = Self.typed("> ", before: "# Bağlama")
        try expectSlips(
            [("10-baglama.md", title.edit, title.fix)],
            found: [
                "lessons/10-baglama.md:10:1: error: this line is the lesson's title, but it opens with '>' before its "
                    + "'#', which opens a block quote, so readers see the title inside it, not at the top of the "
                    + "lesson; delete '>' and the space after it [front-matter]"
            ])
        let heading = Self.typed("> ", before: "## Durum ve Gezinme")
        try expectSlips(
            [("README.md", heading.edit, heading.fix)],
            found: [
                "lessons/README.md:33:1: error: the part heading 'Durum ve Gezinme' opens with '>' before its '##', "
                    + "which opens a block quote, so readers see it inside that, not as a heading between the index's "
                    + "parts; delete '>' and the space after it [course-index]"
            ])
        let indexTitle = Self.typed("# ", before: "# SwiftUI ile Arayüz")
        try expectSlips(
            [("README.md", indexTitle.edit, indexTitle.fix)],
            found: [
                "lessons/README.md:16:1: error: the index's title 'SwiftUI ile Arayüz' opens with '#' before its '#', "
                    + "which opens a heading, so readers see it inside that, not at the top of the index; delete '#' "
                    + "and the space after it [course-index]"
            ])
        for (marker, opens) in [("> ", "a block quote"), ("# ", "a heading")] {
            let bullet = Self.typed(marker, before: "- Bu dersin tetiği:")
            try expectSlips(
                [("12-ortam-degerleri.md", bullet.edit, bullet.fix)],
                found: [
                    "lessons/12-ortam-degerleri.md:308:1: error: the 'Bu dersin tetiği:' bullet opens with "
                        + "'\(marker.dropLast())' before its '-', which opens \(opens), so readers see the bullet inside "
                        + "it, apart from the list it belongs to; delete '\(marker.dropLast())' and the space after it "
                        + "[declared-trigger]"
                ])
        }
        // Silent: a quote of its own, a blank line apart from the bullet's list.
        let (found, messages) = try courseFindings("12-ortam-degerleri.md") { lines in
            lines.insert(contentsOf: ["", "> - Bu bir alıntı."], at: lines.count - 1)
        }
        XCTAssertEqual(found, [], "\(messages)")
    }
}
