import Foundation
import XCTest

@testable import CourseCheckKit

/// A bare fence typed in a block's code with a blank line under it, and one typed in a tree inside
/// a list item or a block quote (with the container's prefix or without it): one finding at it,
/// the complete list asserted, and following its fix gives the lesson as it was, with none.
extension SlipRegressionTests {
    /// The finding at a bare fence typed in the code of the block opened at line `opening`.
    static func typedInBlock(
        _ line: Int, column: Int = 1, opening: Int, shown: ClosedRange<Int>, opens: Int, delete: ClosedRange<Int>
    ) -> String {
        "\(line):\(column) [unterminated-fence] '```' closes the code block opened at line \(opening) in the middle "
            + "of its code: lines \(shown.lowerBound)–\(shown.upperBound), meant as its code, show as text and the "
            + "fence at line \(opens) opens a new block; delete "
            + (delete.count == 1 ? "this line" : "lines \(delete.lowerBound)–\(delete.upperBound)")
    }

    /// A bare fence with a blank line under it, typed in a tree (with a blank line above it too: the
    /// fix deletes the blank lines typed with it, so one stays), a display fragment, the core and
    /// an expected block (whose output has no blank line: the fix deletes it too).
    func testAFenceTypedInABlockWithABlankLineUnderItIsOneFindingThere() throws {
        let name = "14-sunum-ve-kapatma.md"
        // (the lines typed, where (1-based, before it), the finding)
        let places: [([String], Int, String)] = [
            (["```"], 136, Self.typedInBlock(136, opening: 126, shown: 137...143, opens: 144, delete: 136...136)),
            (
                ["", "```", ""], 137,
                Self.typedInBlock(138, opening: 126, shown: 139...145, opens: 146, delete: 137...139)
            ),
            (["```"], 102, Self.typedInBlock(102, opening: 100, shown: 103...122, opens: 123, delete: 102...102)),
            (["```"], 30, Self.typedInBlock(30, opening: 23, shown: 31...92, opens: 93, delete: 30...30)),
            (["```", ""], 149, Self.typedInBlock(149, opening: 145, shown: 150...153, opens: 154, delete: 149...150)),
        ]
        for (typed, before, finding) in places {
            let (clean, lines, found) = try Self.edited(name) { $0.insert(contentsOf: typed, at: before - 1) }
            XCTAssertEqual(found, [finding], "\(before)")
            let line = Int(finding.prefix { $0 != ":" })!
            let followed = try XCTUnwrap(FollowTheFix.apply([(line, Self.message(finding))], to: lines))
            XCTAssertEqual(followed, clean, "\(before)")
            XCTAssertEqual(Self.classified(name, followed), [], "\(before)")
        }
    }

    /// Lesson 14's first tree and its expected block (lines 126–152) in a list item (`- Ağaç:`,
    /// indented two spaces) or a block quote.
    static func contained(_ lines: [String], quote: Bool) -> [String] {
        var lines = lines
        for index in 125...151 {
            lines[index] =
                quote
                ? (lines[index].isEmpty ? ">" : "> " + lines[index]) : (lines[index].isEmpty ? "" : "  " + lines[index])
        }
        if !quote { lines.insert(contentsOf: ["- Ağaç:", ""], at: 125) }
        return lines
    }

    /// A bare fence typed in a tree in a list item or a block quote, with the container's prefix
    /// (code or a blank line under it) or without it (the container would end there): one finding
    /// at it, and following its fix gives the container's tree back.
    func testAFenceTypedInAContainedTreeIsOneFindingThere() throws {
        let name = "14-sunum-ve-kapatma.md"
        // (quote, the line typed, where (1-based, before it), the finding)
        let places: [(Bool, String, Int, String)] = [
            (
                false, "  ```", 134,
                Self.typedInBlock(134, column: 3, opening: 128, shown: 135...145, opens: 146, delete: 134...134)
            ),
            (false, "```", 134, Self.typedInBlock(134, opening: 128, shown: 135...145, opens: 146, delete: 134...134)),
            (
                true, "> ```", 132,
                Self.typedInBlock(132, column: 3, opening: 126, shown: 133...143, opens: 144, delete: 132...132)
            ),
            (true, "```", 132, Self.typedInBlock(132, opening: 126, shown: 133...143, opens: 144, delete: 132...132)),
            (
                true, "> ```", 136,
                Self.typedInBlock(136, column: 3, opening: 126, shown: 137...143, opens: 144, delete: 136...136)
            ),
        ]
        for (quote, typed, before, finding) in places {
            let (_, base, baseFound) = try Self.edited(name) { $0 = Self.contained($0, quote: quote) }
            XCTAssertEqual(baseFound, [])
            var lines = base
            lines.insert(typed, at: before - 1)
            XCTAssertEqual(Self.classified(name, lines), [finding], "\(typed) at \(before)")
            let followed = try XCTUnwrap(FollowTheFix.apply([(before, Self.message(finding))], to: lines))
            XCTAssertEqual(followed, base, "\(typed) at \(before)")
            XCTAssertEqual(Self.classified(name, followed), [], "\(typed) at \(before)")
        }
    }

    /// Two fences typed in one tree: one finding at each, each naming the line the author opened
    /// the tree at (the first one's repair moves the tree's opening fence down a line), and
    /// following both fixes gives the lesson back, with none.
    func testTwoFencesTypedInOneTreeAreAFindingEachNamingItsOpeningLine() throws {
        let name = "14-sunum-ve-kapatma.md"
        let (clean, lines, found) = try Self.edited(name) {
            $0.insert("```", at: 132)
            $0.insert("```", at: 138)
        }
        let findings = [
            Self.typedInBlock(133, opening: 126, shown: 134...138, opens: 139, delete: 133...133),
            Self.typedInBlock(139, opening: 126, shown: 140...144, opens: 145, delete: 139...139),
        ]
        XCTAssertEqual(found, findings)
        let followed = try XCTUnwrap(
            FollowTheFix.apply(findings.map { (Int($0.prefix { $0 != ":" })!, Self.message($0)) }, to: lines))
        XCTAssertEqual(followed, clean)
        XCTAssertEqual(Self.classified(name, followed), [])
    }

    /// An expected block's opening fence deleted: its output stands after a blank line under the
    /// tree's closing fence, and the tree read with them would have no expected block, so it is no
    /// fence typed in the tree; the finding is the missing fence's.
    func testADeletedExpectedOpeningFenceIsNoFenceTypedInTheTree() throws {
        let (clean, lines, found) = try Self.edited("14-sunum-ve-kapatma.md") { $0.remove(at: 144) }
        XCTAssertEqual(
            found,
            [
                "145:1 [unterminated-fence] the opening fence is missing before this line: it and the lines after it "
                    + "read as text, and the '```' at line 151, meant to close their block, opens one, so every later "
                    + "fence pairs wrongly; insert a line '```' before this one"
            ])
        var followed = lines
        followed.insert("```", at: 144)
        XCTAssertEqual(followed, clean)
    }

    /// A tree's info string with an entity GitHub decodes (`sw&#105;ft`) is a swift block, as the
    /// page shows it: no finding.
    func testAnEntityInTheInfoStringIsDecoded() throws {
        let (_, _, found) = try Self.edited("14-sunum-ve-kapatma.md") { $0[125] = "```sw&#105;ft" }
        XCTAssertEqual(found, [])
    }

    /// A `~~~` line typed in a backtick tree is code; swiftc's error is at the next line's first
    /// token (past blank and comment lines), and it is the `~~~` line's. An error elsewhere in the
    /// next line stays where it is.
    func testACompileErrorUnderATildeLineIsTheTildeLines() throws {
        let (_, lines, _) = try Self.edited("14-sunum-ve-kapatma.md") { $0.insert("~~~", at: 131) }
        let file = SourceFile(path: "l.md", text: lines.joined(separator: "\n"))
        let (lesson, _) = Classifier.classify(file, scanned: MarkdownScanner.scan(file))
        let tree = try XCTUnwrap(lesson.blocks.first { $0.role == .tree && $0.fenced.opening.number == 126 })
        XCTAssertEqual(
            ToolchainEngine.fenceLine(before: 133, column: 1, in: tree.fenced).map { [$0.line, $0.column] }, [132, 1])
        XCTAssertNil(ToolchainEngine.fenceLine(before: 133, column: 5, in: tree.fenced))
        XCTAssertNil(ToolchainEngine.fenceLine(before: 134, column: 5, in: tree.fenced))
        // A blank line and a comment line between: swiftc's error is at the code under them, still the `~~~` line's.
        let (_, commented, _) = try Self.edited("14-sunum-ve-kapatma.md") {
            $0.insert(contentsOf: ["~~~", "", "// not: x"], at: 131)
        }
        let under = SourceFile(path: "l.md", text: commented.joined(separator: "\n"))
        let (read, _) = Classifier.classify(under, scanned: MarkdownScanner.scan(under))
        let commentedTree = try XCTUnwrap(read.blocks.first { $0.role == .tree && $0.fenced.opening.number == 126 })
        XCTAssertEqual(
            ToolchainEngine.fenceLine(before: 135, column: 1, in: commentedTree.fenced).map { [$0.line, $0.column] },
            [132, 1])
    }

    /// A bare fence typed after an expected block's blank line with the lesson's prose right under
    /// it (no blank line): it opens a block over the prose, and is one finding at it ("delete it"),
    /// not a stray output there and a closing fence missing after the prose, whose fix left it.
    func testAStrayFenceWithProseRightUnderItIsOneFindingThere() throws {
        for (name, before, runsTo) in [
            ("13-gezinme-yigiti-ve-yolu.md", 157, 189), ("05-izgara-ve-geometri.md", 155, 181),
        ] {
            let (clean, lines, found) = try Self.edited(name) { $0.insert("```", at: before - 1) }
            let finding =
                "\(before):1 [unterminated-fence] '```' opens a code block where no block was meant: it runs on to "
                + "line \(runsTo) and every later fence pairs wrongly; delete it"
            XCTAssertEqual(found, [finding], name)
            let followed = try XCTUnwrap(FollowTheFix.apply([(before, Self.message(finding))], to: lines))
            XCTAssertEqual(followed, clean, name)
            XCTAssertEqual(Self.classified(name, followed), [], name)
        }
    }

    /// A bare fence typed in a tree's code with a blank line under it and then a line that starts
    /// a block (`// not: …`, a second `// main.swift`, `import …`), typed with it: GitHub closes
    /// the tree there and shows the rest as text. Read as a block whose opening fence was deleted,
    /// the tree would lose its expected block, so the fence is the slip: one finding at it, not a
    /// missing expected block, a stray output and a note series the shifted pairing broke.
    /// Following the fix leaves the typed line in the tree's code, a comment or an import, and no
    /// finding. The same shape in prose is one finding at the fence too.
    func testAFenceTypedInATreeOverABlankLineAndACommentIsOneFindingThere() throws {
        let name = "14-sunum-ve-kapatma.md"
        for (typed, finding) in [
            (
                ["```", "", "// not: bu satır açıklama"],
                Self.typedInBlock(132, opening: 126, shown: 133...145, opens: 146, delete: 132...133)
            ),
            (
                ["```", "", "", "// main.swift — ikinci"],
                Self.typedInBlock(132, opening: 126, shown: 133...146, opens: 147, delete: 132...134)
            ),
            (
                ["```", "", "import Foundation"],
                Self.typedInBlock(132, opening: 126, shown: 133...145, opens: 146, delete: 132...133)
            ),
        ] {
            let (_, lines, found) = try Self.edited(name) { $0.insert(contentsOf: typed, at: 131) }
            XCTAssertEqual(found, [finding], "\(typed)")
            let followed = try XCTUnwrap(FollowTheFix.apply([(132, Self.message(finding))], to: lines))
            XCTAssertEqual(followed[131], typed.last, "\(typed)")
            XCTAssertEqual(Self.classified(name, followed), [], "\(typed)")
        }
        let prose = "13-gezinme-yigiti-ve-yolu.md"
        let (clean, lines, found) = try Self.edited(prose) {
            $0.insert(contentsOf: ["", "```", "", "// not: x"], at: 156)
        }
        let finding =
            "158:1 [unterminated-fence] '```' opens a code block where no block was meant: it runs on to line 192 "
            + "and every later fence pairs wrongly; delete it"
        XCTAssertEqual(found, [finding])
        var followed = try XCTUnwrap(FollowTheFix.apply([(158, Self.message(finding))], to: lines))
        XCTAssertEqual(Self.classified(prose, followed), [])
        followed.removeSubrange(156...158)
        XCTAssertEqual(followed, clean)
    }

    /// A stray fence (```` ``` ````, `~~~`, ```` ```` ````) typed right above a block's opening fence
    /// (no blank line between: a tree's, a display fragment's) or right above the closing table's header row: it opens a block whose
    /// first line is that fence or row, which no code or output of the course starts with, and is
    /// one finding at it ("delete it"), not stray outputs, labels and a distribution the shifted
    /// pairing broke, nor a bare "unterminated" with no fix. Following the fix gives the lesson
    /// back, with none; the lesson as written (the control) has none.
    func testAStrayFenceRightAboveABlockOrATableIsOneFindingThere() throws {
        // (lesson, the line typed, where (1-based, before it), where its block runs to)
        let places: [(String, String, Int, Int?)] = [
            ("01-bildirimsel-sozdizim.md", "```", 95, 126),
            ("01-bildirimsel-sozdizim.md", "~~~", 95, nil),
            ("01-bildirimsel-sozdizim.md", "````", 95, nil),
            ("01-bildirimsel-sozdizim.md", "```", 150, 177),
            ("21-on-izleme-ve-yineleme.md", "```", 212, 230),
            ("21-on-izleme-ve-yineleme.md", "```", 243, nil),
        ]
        for (name, typed, before, runsTo) in places {
            let (clean, lines, found) = try Self.edited(name) { $0.insert(typed, at: before - 1) }
            XCTAssertEqual(Self.classified(name, clean), [], name)
            let finding =
                "\(before):1 [unterminated-fence] '\(typed)' opens a code block where no block was meant: it runs on to "
                + (runsTo.map { "line \($0)" } ?? "the end of the file")
                + " and every later fence pairs wrongly; delete it"
            XCTAssertEqual(found, [finding], "\(name) \(before)")
            let followed = try XCTUnwrap(FollowTheFix.apply([(before, Self.message(finding))], to: lines))
            XCTAssertEqual(followed, clean, "\(name) \(before)")
            XCTAssertEqual(Self.classified(name, followed), [], "\(name) \(before)")
        }
    }
}

extension SlipRegressionTests {
    /// A bare fence typed in a display fragment's or the core's code with a blank line and a
    /// `// not: …` line under it: GitHub closes the block there. Read as a block whose opening
    /// fence was deleted, the fragment above would stop with a brace open (`cutsCode`), and the
    /// core would end early, so the fence is the slip: one finding at it, not a fragment that does
    /// not parse, a drifted core and an opening fence missing. In the core the comment is no line
    /// of the embedded core, so the fix deletes it with the fence. Following the fix leaves none.
    func testAFenceTypedInAFragmentOrTheCoreOverABlankLineAndACommentIsOneFindingThere() throws {
        let name = "10-baglama.md"
        let typed = ["```", "", "// not: bu satır açıklama"]
        for (at, finding) in [
            (
                108,
                "lessons/10-baglama.md:108:1: error: '```' closes the code block opened at line 95 in the middle of "
                    + "its code: lines 109–123, meant as its code, show as text and the fence at line 124 opens a new "
                    + "block; delete this line [unterminated-fence]"
            ),
            (
                26,
                "lessons/10-baglama.md:26:1: error: '```' closes the code block opened at line 18 in the middle of "
                    + "its code: lines 27–89, meant as its code, show as text and the fence at line 90 opens a new "
                    + "block; delete lines 26–28 [unterminated-fence]"
            ),
        ] {
            let scratch = try CourseCopy.make(for: self)
            let url = scratch.url.appendingPathComponent("lessons/\(name)")
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            lines.insert(contentsOf: typed, at: at - 1)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = StructureSlipPropertyTests.findings(scratch.url).map(String.init)
            XCTAssertEqual(found, [finding], "\(at)")
            let followed = try XCTUnwrap(FollowTheFix.apply([(at, finding)], to: lines))
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(StructureSlipPropertyTests.findings(scratch.url), [], "\(at)")
        }
        // The cut: a brace the code above leaves open and the code under closes; none, or one never closed, is no cut.
        XCTAssertTrue(Classifier.cutsCode(["struct A {", "    var b: Int"], under: ["    // c", "}"]))
        XCTAssertFalse(Classifier.cutsCode(["enum A {", "}"], under: ["struct B {", "}"]))
        XCTAssertFalse(Classifier.cutsCode(["let s = \"{\"", "f("], under: [")", "}"]))
        XCTAssertFalse(Classifier.cutsCode(["let s = \"\"\"", "{"], under: ["\"\"\"", "}"]))
    }
}
