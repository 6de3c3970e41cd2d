import Foundation
import XCTest

@testable import CourseCheckKit

/// Comment slips a reader sees through their containers: a `<!--` inside an inline comment (which
/// cmark-gfm shows as text), a claim on the own line of a comment never closed, and a list item's
/// or block quote's comment whose `-->` lost the container's prefix. One finding at the slip, the
/// complete list asserted, and following its fix gives none; the forms as meant are silent.
extension SlipRegressionTests {
    /// `<!-- x <!-- y -->` in prose, a heading or a table's cell: cmark-gfm's inline comment holds
    /// no `--`, so the first `<!--` is text left open and the second the comment. One finding at
    /// the first; closing it there gives none. On a line of its own it is one HTML block, one
    /// comment to the browser too, and `<!-- x <!- y -->` is one comment inline: silent.
    func testANestedOpenerInAnInlineCommentIsTheFirstLeftOpen() throws {
        let lesson = "12-ortam-degerleri.md"
        let table = "21-on-izleme-ve-yineleme.md"
        let cases: [(file: String, prefix: String, old: String, new: String, at: String, block: String)] = [
            (lesson, "- Sistemin ortam değeri", "üretir.", "üretir. <!-- x <!-- y -->", "305:78", "paragraph"),
            (lesson, "## Özet", "## Özet", "## Özet <!-- x <!-- y -->", "301:10", "heading"),
            (table, "| Yığıt Düzenleri", "| ebeveyn |", "| ebeveyn <!-- x <!-- y --> |", "247:53", "cell"),
        ]
        for slip in cases {
            let edit = Self.replacing(slip.old, with: slip.new, onTheLineStarting: slip.prefix)
            try expectSlip(
                slip.file, edit, found: ["lessons/\(slip.file):\(slip.at) [comment-look-alike]"],
                holds: [
                    "lessons/\(slip.file):\(slip.at): error: this '<!--' is not closed ('-->') in its \(slip.block), "
                        + "so it opens no comment and readers see '<!-- x' as text; close it with '-->' before the "
                        + "next '<!--' "
                ],
                fix: { lines in
                    let at = Self.line(lines, slip.prefix)
                    lines[at] = lines[at].replacingOccurrences(of: "<!-- x <!--", with: "<!-- x --> <!--")
                })
        }
        for (old, new) in [
            ("üretir.", "üretir. <!-- x <!- y -->"), ("üretir.", "üretir.\n\n<!-- x <!-- y -->"),
        ] {
            try expectSlip(
                lesson,
                { lines in
                    let at = Self.line(lines, "- Sistemin ortam değeri")
                    lines[at] = lines[at].replacingOccurrences(of: old, with: new)
                }, found: [])
        }
    }

    /// A comment opened on the trigger bullet's line or a note's and never closed: the comment
    /// hides the claim, so the one finding is the comment's, and its fix drops the `<!--` (closed
    /// on its line, it would still hide the claim). The bullet inside a comment closed on its line
    /// is the claim's one finding, as before.
    func testAClaimOnTheLineOfACommentNeverClosedIsItsConsequence() throws {
        let trigger = "- Bu dersin tetiği: **ortam**."
        try expectSlip(
            "12-ortam-degerleri.md",
            { lines in lines[Self.line(lines, trigger)] = "<!-- " + trigger },
            found: ["lessons/12-ortam-degerleri.md:308:1 [unclosed-comment]"],
            holds: [
                "lessons/12-ortam-degerleri.md:308:1: error: this HTML comment is never closed ('-->'), so it hides "
                    + "everything after it from readers (lines 309–312, with the heading 'Sonraki Adım'), and nothing "
                    + "there is judged until it is closed; delete this '<!--' and the blank after it (closed on its "
                    + "line, the comment would still hide '- Bu dersin tetiği: **ortam**.' from readers) "
                    + "[unclosed-comment]"
            ],
            fix: { lines in lines[Self.line(lines, "<!-- " + trigger)] = trigger })
        try expectSlip(
            "01-bildirimsel-sozdizim.md",
            { lines in lines[Self.line(lines, "**GV3.**")] = "<!-- " + lines[Self.line(lines, "**GV3.**")] },
            found: ["lessons/01-bildirimsel-sozdizim.md:290:1 [unclosed-comment]"],
            holds: [
                "delete this '<!--' and the blank after it (closed on its line, the comment would still hide "
                    + "'**GV3.** Bu ölçüm"
            ],
            fix: { lines in
                let at = Self.line(lines, "<!-- **GV3.**")
                lines[at] = String(lines[at].dropFirst(5))
            })
        try expectSlip(
            "12-ortam-degerleri.md",
            { lines in lines[Self.line(lines, trigger)] = "<!-- " + trigger + " -->" },
            found: ["lessons/12-ortam-degerleri.md:308:1 [declared-trigger]"])
    }

    /// The classifier's copies of the claims' trigger words (it runs before them), which tell a
    /// claim's line under a `<!--`, are the claims' own.
    func testTheClassifiersTriggerWordsAreTheClaims() {
        XCTAssertEqual(Classifier.triggerNames, Triggers.names.map(\.declared))
        XCTAssertEqual(Classifier.triggerLead, Triggers.bulletLead)
    }

    /// The distribution sentence and a closing table's row under a `<!--` never closed: the one
    /// finding is the comment's, whose fix drops the `<!--` (closed on its line it would still
    /// hide the sentence or the row), and following it gives none.
    func testTheDistributionSentenceOrARowOnACommentsLineIsItsConsequence() throws {
        let lesson = "21-on-izleme-ve-yineleme.md"
        for (prefix, at) in [
            ("Açılış dersi dışındaki", "267:1"), ("| Ders |", "243:1"), ("| Yığıt Düzenleri", "247:1"),
        ] {
            try expectSlip(
                lesson,
                { lines in lines[Self.line(lines, prefix)] = "<!-- " + lines[Self.line(lines, prefix)] },
                found: ["lessons/\(lesson):\(at) [unclosed-comment]"],
                holds: [
                    "delete this '<!--' and the blank after it (closed on its line, the comment would still hide '\(prefix)"
                ],
                fix: { lines in
                    let line = Self.line(lines, "<!-- " + prefix)
                    lines[line] = String(lines[line].dropFirst(5))
                })
        }
    }

    /// A comment in an item of the summary list or in a block quote, its `-->` (nothing after it)
    /// on the next line without the container's prefix: CommonMark ends the container there, the
    /// `-->` shows as text and the comment hides the rest. One finding at that `-->`, whose fix
    /// (the prefix, as the item's text or the quote's lines have it) gives none; written with the
    /// prefix, silent. Nested: a quote in a quote, a list in a quote, a quote in an item.
    func testACommentClosedOutsideItsListItemOrQuoteIsOneFindingAtTheClose() throws {
        let lesson = "12-ortam-degerleri.md"
        // Inserted before the summary's fifth bullet (line 307), or above its heading (line 301).
        let cases: [(before: String, lines: [String], fixed: [String], at: String, fix: String)] = [
            ("- Alt ağaçta", ["  <!-- yorum", "-->"], ["  <!-- yorum", "  -->"], "308:1", "indent it 2 spaces"),
            (
                "- Alt ağaçta", ["  <!-- yorum", "  ikinci", "-->"], ["  <!-- yorum", "  ikinci", "  -->"], "309:1",
                "indent it 2 spaces"
            ),
            ("- Alt ağaçta", ["- <!-- yorum", "-->"], ["- <!-- yorum", "  -->"], "308:1", "indent it 2 spaces"),
            (
                "- Alt ağaçta", ["  <!-- yorum", " -->"], ["  <!-- yorum", "  -->"], "308:2",
                "indent it 2 spaces, not 1"
            ),
            (
                "- Alt ağaçta", ["  <!-- yorum", "ikinci -->"], ["  <!-- yorum", "  ikinci -->"], "308:8",
                "indent it 2 spaces"
            ),
            (
                "## Özet", ["> Alıntı.", ">", "> <!-- yorum", "-->", ""],
                ["> Alıntı.", ">", "> <!-- yorum", "> -->", ""],
                "304:1", "write it as '> -->'"
            ),
            (
                "## Özet", ["> Alıntı.", "> <!-- yorum", "> ikinci", "-->", ""],
                ["> Alıntı.", "> <!-- yorum", "> ikinci", "> -->", ""], "304:1", "write it as '> -->'"
            ),
            (
                "## Özet", ["> Alıntı.", ">", "> > <!-- yorum", "> -->", ""],
                ["> Alıntı.", ">", "> > <!-- yorum", "> > -->", ""], "304:3", "write it as '> > -->'"
            ),
            (
                "## Özet", ["> - Alıntı.", ">   <!-- yorum", "-->", ""],
                ["> - Alıntı.", ">   <!-- yorum", ">   -->", ""],
                "303:1", "write it as '>   -->'"
            ),
            (
                "- Alt ağaçta", ["  > alıntı", "  > <!-- yorum", "  -->"], ["  > alıntı", "  > <!-- yorum", "  > -->"],
                "309:3", "write it as '  > -->'"
            ),
        ]
        for slip in cases {
            try expectSlip(
                lesson,
                { lines in lines.insert(contentsOf: slip.lines, at: Self.line(lines, slip.before)) },
                found: ["lessons/\(lesson):\(slip.at) [unclosed-comment]"],
                holds: [
                    "lessons/\(lesson):\(slip.at): error: this '-->' is meant to close the HTML comment at line ",
                    slip.fix,
                ],
                fix: { lines in
                    let at = Self.line(lines, slip.before) - slip.lines.count
                    lines.replaceSubrange(at..<(at + slip.lines.count), with: slip.fixed)
                })
            try expectSlip(
                lesson, { lines in lines.insert(contentsOf: slip.fixed, at: Self.line(lines, slip.before)) }, found: [])
        }
        // In the course index, under an item: the items after it are hidden, not "not listed".
        try expectSlip(
            "README.md",
            { lines in lines.insert(contentsOf: ["   <!-- yorum", "-->"], at: Self.line(lines, "10. [")) },
            found: ["lessons/README.md:39:1 [unclosed-comment]"],
            holds: [
                "(lines 40–83, with the links to 12 lessons, 10-baglama.md to 21-on-izleme-ve-yineleme.md and the "
                    + "headings 'Etkileşim ve Sunum Kalitesi' and 'Lisans ve kaynak'); indent it 3 spaces, as the "
                    + "item's text is [unclosed-comment]"
            ],
            fix: { lines in lines[Self.line(lines, "-->")] = "   -->" })
        // The whole message, in the summary list.
        try expectSlip(
            lesson,
            { lines in lines.insert(contentsOf: ["  <!-- yorum", "-->"], at: Self.line(lines, "- Alt ağaçta")) },
            found: ["lessons/\(lesson):308:1 [unclosed-comment]"],
            holds: [
                "lessons/\(lesson):308:1: error: this '-->' is meant to close the HTML comment at line 307, but it "
                    + "stands outside the list item that comment is in (an HTML block takes no lazy line), so it ends "
                    + "the list item, readers see the '-->' as text, and the comment hides everything after it (lines "
                    + "309–314, with the 'Bu dersin tetiği:' bullet and the heading 'Sonraki Adım'); indent it 2 "
                    + "spaces, as the item's text is [unclosed-comment]"
            ])
    }
}
