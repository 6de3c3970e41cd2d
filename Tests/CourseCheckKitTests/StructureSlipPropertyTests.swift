import Foundation
import XCTest

@testable import CourseCheckKit

/// One structural slip, one finding, at the slip. In a copy of the real course: an HTML comment
/// opened before a random block of a lesson or the course index, or between two rows of a table,
/// and never closed (it hides the rest of the page; a bare `<!--` above text, or one in a table,
/// is to be deleted), and a line of a tree or its expected block, both set in a block quote or a
/// list item, that lost the container's prefix (`> `, or the item's indentation). Whatever the slip
/// hides or mispairs, the run reports exactly one finding, on the slipped line; the same set-ups
/// without the slip (a comment closed, every prefix kept) report none.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of slipped courses (`make soak` runs many); `make test`
/// runs one or two of each (every case is a run of the whole course), so each everyday run still
/// meets a fresh random instance. A failure names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class StructureSlipPropertyTests: XCTestCase {
    typealias Generator = FenceSlipPropertyTests.Generator

    /// The top-level blocks of a file that a blank line comes before, after its front matter: where
    /// a line of its own (a comment) may go without joining the text above.
    static func blockStarts(_ text: String, path: String, expected: Bool = false) -> [Int] {
        let file = SourceFile(path: path, text: text)
        let scanned = MarkdownScanner.scan(file)
        return scanned.document.children.compactMap { node in
            let start = node.lines.lowerBound
            guard start > 0, Classifier.isBlank(file.lines[start - 1].text) else { return nil }
            // Between a tree and its expected block only blank lines (and closed comments, which
            // a reader never sees) may stand.
            if !expected, case .fencedCode(let fence, _) = node.kind, fence.info.isEmpty { return nil }
            return start
        }
    }

    /// The findings (errors and warnings) of a run of the course copy.
    static func findings(_ scratch: URL) -> [Substring] {
        FenceSlipPropertyTests.findings(in: scratch)
    }

    func testUnclosedCommentGivesOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let starts = Self.blockStarts(text, path: file)
            var at = starts[Int(random.next() % UInt64(starts.count))]
            let closed = random.next() % 3 == 0
            if closed, random.next() % 2 == 0 {
                // A closed comment may stand between a tree and its expected block too.
                let anywhere = Self.blockStarts(text, path: file, expected: true)
                at = anywhere[Int(random.next() % UInt64(anywhere.count))]
            }
            let opener = ["<!-- ölçüm notu --", "<!-- TODO -", "<!-- x", "<!--"][Int(random.next() % 4)]
            var lines = text.components(separatedBy: "\n")
            // Between two rows of a table, where a comment ends the table even once closed.
            let rows = lines.indices.filter { $0 > 0 && lines[$0 - 1].hasPrefix("| ") && lines[$0].hasPrefix("| ") }
            let inTable = !closed && !rows.isEmpty && random.next() % 3 == 0
            if inTable { at = rows[Int(random.next() % UInt64(rows.count))] }
            lines.insert(closed ? "<!-- ölçüm notu -->" : opener, at: at)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed): \(file):\(at + 1): '\(closed ? "closed" : opener)'\(inTable ? " in a table" : ""): \(found)"
            if closed {
                XCTAssertEqual(found, [], message)
            } else {
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
                XCTAssertTrue(found.first?.hasSuffix("[unclosed-comment]") ?? false, message)
                // The fix keeps what readers saw: no close that hides the text under a bare
                // `<!--`, none that leaves a comment inside a table. Deleting the line is the
                // unslipped course, which passes.
                if inTable || opener == "<!--" {
                    XCTAssertTrue(
                        found.first.map { $0.contains("delete this line") || $0.contains("its line ends") } ?? false,
                        message)
                }
            }
        }
    }

    /// A comment left open whose text runs on under its line (`<!-- not` over one to three lines
    /// of words, then a blank line) before a random block of a lesson or the course index: one
    /// finding at the `<!--`, whose fix closes it at its paragraph's end; following it gives none,
    /// and cmark-gfm shows none of the comment's words. Closed on its first line, as the fix
    /// offers too, none either.
    func testACommentLeftOpenOverItsParagraphClosesAtItsEnd() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let starts = Self.blockStarts(text, path: file)
            let at = starts[Int(random.next() % UInt64(starts.count))]
            let words = ["gizlinot", "taslakyazı", "sonrabak", "eskimetin"]
            let count = 1 + Int(random.next() % 3)
            let under = (0..<count).map { index in words[(index + Int(random.next() % 4)) % 4] + " \(index)" }
            var lines = text.components(separatedBy: "\n")
            lines.insert(contentsOf: ["<!-- not"] + under + [""], at: at)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1): \(count) lines under it: \(found)"
            let last = at + count + 1
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix(
                    "close it with '-->' at the end of line \(last), its paragraph's end (or at the end of line "
                        + "\(at + 1), to show \(count == 1 ? "line \(last)" : "lines \(at + 2)–\(last)")) [unclosed-comment]"
                )
                    ?? false, message)
            // Closed where the fix says: no finding, and no word of the comment shows.
            var fixed = lines
            fixed[last - 1] += " -->"
            try fixed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [], "\(message): after the fix")
            let html = try Self.render(fixed.joined(separator: "\n"), with: tool, tables: true)
            let shown = html.replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
            XCTAssertFalse(words.contains { shown.contains($0) }, "\(message): shown after the fix: \(shown)")
            // Closed on its first line, the other reading the fix names.
            var other = lines
            other[at] += " -->"
            try other.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [], "\(message): closed on its line")
        }
    }

    /// cmark-gfm, GitHub's renderer, when it is installed: the oracle the comment tests ask. A
    /// skip when it is missing, a failure under CI (a check that cannot run has not passed).
    static func cmarkGFM() throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let tool = paths.map({ "\($0)/cmark-gfm" }).first(where: FileManager.default.isExecutableFile) else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("cmark-gfm is not installed (apt-get install cmark-gfm): the comment's oracle cannot run")
                throw XCTSkip("cmark-gfm is missing")
            }
            throw XCTSkip("cmark-gfm is not installed, so its rendering of an unclosed comment is not asked")
        }
        return tool
    }

    /// The HTML `tool` makes of `markdown`, raw HTML passed on as GitHub passes it (cmark-gfm
    /// omits it by default since 0.29), with GitHub's table extension when `tables` and its autolink
    /// extension (a bare URL is a link) when `autolink`.
    static func render(_ markdown: String, with tool: String, tables: Bool = false, autolink: Bool = false) throws
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--unsafe"] + (tables ? ["-e", "table"] : []) + (autolink ? ["-e", "autolink"] : [])
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A comment left open in a bullet or block quote of its own before a random block of a
    /// lesson or the course index, and a closed comment before a later block: the browser ends the
    /// first at the second's `-->`. One finding, at the comment, whose lines end there; what
    /// follows is judged, and holds no slip. At the top level CommonMark's block runs to that
    /// `-->` too, and the later comment's own `<!--` before it tells the slip: one finding, whatever
    /// it hides (no golden orphan, no broken note series).
    func testUnclosedCommentInAContainerEndsAtALaterClose() throws {
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let starts = Self.blockStarts(text, path: file)
            let first = Int(random.next() % UInt64(starts.count - 1))
            let later = starts[first + 1 + Int(random.next() % UInt64(starts.count - first - 1))]
            let opener = ["- <!-- ölçüm", "> <!-- ölçüm", "<!-- ölçüm"][Int(random.next() % 3)]
            var lines = text.components(separatedBy: "\n")
            lines.insert(contentsOf: ["<!-- ölçüm notu -->", ""], at: later)
            lines.insert(contentsOf: [opener, ""], at: starts[first])
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(starts[first] + 1) '\(opener)', closed at \(later + 3): \(found)"
            // At the top level the later comment's own `<!--` tells the slip, even over prose alone:
            // comments do not nest, so the first was meant to close on its line.
            let topLevel = opener.hasPrefix("<")
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(starts[first] + 1):\(topLevel ? 1 : 3): ") ?? false, message)
            XCTAssertTrue(
                found.first?.contains(
                    (topLevel ? "so it runs on" : "so the browser runs it on") + " to the '-->' at line \(later + 3), "
                        + "column 20,") ?? false,
                message)
            XCTAssertTrue(found.first?.hasSuffix("[unclosed-comment]") ?? false, message)
        }
    }

    /// The premise of `unclosed-comment`, asked of GitHub's renderer when it is installed: an
    /// HTML comment left open hides what follows it, a closed one does not; in a container its
    /// HTML block ends, but no '-->' follows it in the page, so a browser hides the rest as well.
    func testCmarkGFMHidesWhatAnUnclosedCommentFollows() throws {
        let tool = try Self.cmarkGFM()
        func render(_ markdown: String) throws -> String { try Self.render(markdown, with: tool) }
        let after = "# Başlık\n\n- Bu dersin tetiği: **yerel**.\n"
        XCTAssertTrue(try render("Metin.\n\n<!-- not -->\n\n" + after).contains("<h1>Başlık</h1>"))
        let open = try render("Metin.\n\n<!-- not --\n\n" + after)
        XCTAssertFalse(open.contains("<h1>"), open)
        XCTAssertTrue(open.hasSuffix("<!-- not --\n\n# Başlık\n\n- Bu dersin tetiği: **yerel**.\n"), open)
        // In a list item or block quote the HTML block ends with its container, but the comment
        // goes out unclosed, so the HTML parser reading the page runs it over all that follows.
        for container in ["- Metin.\n- <!-- not\n", "> Metin.\n> <!-- not\n"] {
            let inside = try render(container + "\n" + after)
            let opened = try XCTUnwrap(inside.range(of: "<!-- not"), inside)
            XCTAssertNil(inside[opened.upperBound...].range(of: "-->"), inside)
            XCTAssertTrue(inside[opened.upperBound...].contains("<h1>Başlık</h1>"), inside)
        }
    }

    /// The hidden span of a comment left open in a list item, a block quote or at the top level
    /// (where a later line's `-->` ends CommonMark's block), against the page cmark-gfm makes: a random run of blocks after it (text, code and inline code holding
    /// `-->`, arrows in prose, closed comments as blocks and inline, a tag whose attribute holds
    /// `-->`, `--!>`), each marked with a word of its own. A marked block is hidden exactly when
    /// its word stands between the comment's `<!--` and the first `-->` (or `--!>`) of the HTML,
    /// where a browser ends the comment.
    func testAnUnclosedCommentEndsWhereTheBrowserEndsIt() throws {
        let tool = try Self.cmarkGFM()
        let pieces: [(Int) -> String] = [
            { "Metin W\($0) burada." }, { "```\nW\($0) q --> z\n```" }, { "W\($0) `a --> b` kod." },
            { "W\($0) ok -> ve --> oklar." }, { "<!-- not --> W\($0)" }, { "Metin W\($0) <!-- not --> sonra." },
            { "W\($0) <span title=\"--&gt; a -->\">x</span>" }, { "<div>\nW\($0) --!> son\n</div>" },
            { "## Başlık W\($0)" }, { "- madde W\($0)" }, { "> alıntı W\($0) <!-- x -->" },
        ]
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            // In a container, or at the top level, where CommonMark's block runs to the first line
            // holding `-->` (in code too) and passes it on raw.
            let opening = ["- Not:\n  <!-- todo", "> Not:\n> <!-- todo", "Not:\n\n<!-- todo"][Int(random.next() % 3)]
            let count = 1 + Int(random.next() % 6)
            let chosen = (0..<count).map { pieces[Int(random.next() % UInt64(pieces.count))]($0) }
            let markdown = "# Ders\n\n" + opening + "\n\n" + chosen.joined(separator: "\n\n") + "\n"
            let html = try Self.render(markdown, with: tool)
            let file = SourceFile(path: "x.md", text: markdown)
            let document = MarkdownScanner.scan(file).document
            let slip = Classifier.unclosedComment(file, document, lesson: true)
            // The browser's comment: from the `<!--` to the first close after it, or the end.
            let opened = try XCTUnwrap(html.range(of: "<!-- todo"), html)
            let rest = html[opened.upperBound...]
            let close = [rest.range(of: "-->"), rest.range(of: "--!>")].compactMap { $0 }.min {
                $0.lowerBound < $1.lowerBound
            }
            let browserHidden = html[opened.upperBound..<(close?.lowerBound ?? html.endIndex)]
            let message = "seed \(seed): \(markdown)\n\(html)"
            for index in chosen.indices {
                let word = "W\(index)"
                let line = try XCTUnwrap(file.lines.firstIndex { $0.text.contains(word) }, message)
                let text = file.lines[line].text
                let range = try XCTUnwrap(text.utf8.firstRange(of: word.utf8), message)
                let column = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound) + 1
                let hidden = slip?.hidden.contains(line: line + 1, column: column) ?? false
                XCTAssertEqual(hidden, browserHidden.contains(word), "\(word): \(message)")
            }
            // No finding only where the browser hides no marked text either.
            if slip == nil { XCTAssertFalse(chosen.indices.contains { browserHidden.contains("W\($0)") }, message) }
        }
    }

    func testLostContainerPrefixGivesOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let source = SourceFile(path: file, text: text)
            let (lesson, _) = Classifier.classify(source, scanned: MarkdownScanner.scan(source))
            // A tree at the top level and its expected block, set in one container.
            let trees = lesson.blocks.filter { $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let first = tree.fenced.opening.number - 1
            let last = (tree.expected?.closing.number ?? 0) - 1
            let quote = random.next() % 2 == 0
            let original = text.components(separatedBy: "\n")
            var lines = original
            for index in first...last {
                lines[index] =
                    quote
                    ? (lines[index].isEmpty ? ">" : "> " + lines[index])
                    : index == first ? "- " + lines[index] : lines[index].isEmpty ? "" : "  " + lines[index]
            }
            // The line that slips: a line of either block after the first with text at its start,
            // a fence line or a blank line between them (a blank line slips only out of a quote),
            // the tree's opening fence where it opens a quote (in a list item it holds the marker),
            // or none.
            let body = ((quote ? first : first + 1)...last).filter { index in
                let line = original[index]
                return quote ? !line.hasPrefix(" ") : !line.isEmpty && !line.hasPrefix(" ")
            }
            let slipped: Int? =
                random.next() % 4 == 0 || body.isEmpty ? nil : body[Int(random.next() % UInt64(body.count))]
            if let slipped {
                lines[slipped] = String(lines[slipped].dropFirst(quote ? (lines[slipped] == ">" ? 1 : 2) : 2))
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let place = quote ? "block quote" : "list item"
            let message =
                "seed \(seed): \(file): \(place) \(first + 1)–\(last + 1), slip at \(slipped.map { $0 + 1 } ?? 0): \(found)"
            guard let slipped else {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(slipped + 1):1: ") ?? false, message)
        }
    }

    /// A leftover fence line in the course index, before a random block: one finding there (the
    /// block it opens hides the items after it), whose fix, deleting it, leaves the index clean.
    func testLeftoverFenceInTheIndexGivesOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let url = scratch.url.appendingPathComponent("lessons/README.md")
            let text = try String(contentsOf: url, encoding: .utf8)
            let starts = Self.blockStarts(text, path: "README.md")
            let at = starts[Int(random.next() % UInt64(starts.count))]
            var lines = text.components(separatedBy: "\n")
            lines.insert(["```", "~~~"][Int(random.next() % 2)], at: at)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): README.md:\(at + 1): '\(lines[at])': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/README.md:\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("delete it [unterminated-fence]") ?? false, message)
        }
    }

    /// An invisible character (U+2060, U+200B, U+FEFF, U+00AD, U+00A0) typed before a lesson's
    /// `# ` title: CommonMark does not skip it, so the line is text and the lesson has no title.
    /// Exactly one finding, at the title's line, naming the character: delete it; nothing
    /// downstream. Followed, the lesson back and none.
    func testAnInvisibleCharacterBeforeTheTitleGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let clean = text.components(separatedBy: "\n")
            let at = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("# ") })
            let invisible: Unicode.Scalar = ["\u{2060}", "\u{200B}", "\u{FEFF}", "\u{AD}", "\u{A0}"][
                Int(random.next() % 5)]
            var lines = clean
            lines[at] = String(Character(invisible)) + lines[at]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): "
                + "\(Invisible.name(invisible)) before the title: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            let named = "starts with \(Invisible.name(invisible)) before its '#'"
            XCTAssertTrue(found.first?.contains(named) ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; delete that character [front-matter]") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], message)
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Where a leftover goes, for `leftover(for:_:)`.
    enum LeftoverPlace { case title, bullet, row, frontMatter, section }

    /// A random container's marker (`Leftover.container`) and the blanks after it, as an author
    /// types one before a line that must stand at the top level: `>` (a space after it or none),
    /// `>>`, `> >`, `-`, `*`, `+`, `1.`, `2)`, `#`, `##`, `> -`.
    static func container(_ random: inout Generator) -> (marker: String, blanks: String) {
        let markers = [">", ">>", "> >", "-", "*", "+", "1.", "2.", "1)", "#", "##", "> -", "- >"]
        let marker = markers[Int(random.next() % UInt64(markers.count))]
        let blanks = marker.hasSuffix(">") && random.next() % 3 == 0 ? "" : random.next() % 5 == 0 ? "  " : " "
        return (marker, blanks)
    }

    /// A random printable leftover (`Leftover.reading`): one character (a letter, a digit, a
    /// backtick, a backslash, `\t` as code writes a tab, punctuation, a Turkish letter), or two or
    /// three of them that are no word. Before the trigger bullet's `-` it opens with a letter, a
    /// digit or a backtick: punctuation there is a near marker (`.-`, `--`) and a backslash an
    /// escape, each read by its own owner. Before the title, a letter may have a space after it.
    static func leftover(for place: LeftoverPlace, _ random: inout Generator) -> (leftover: String, blanks: String) {
        func pick(_ from: [String]) -> String { from[Int(random.next() % UInt64(from.count))] }
        let letters = ["a", "x", "Q", "é", "ö", "ı"]
        let digits = ["1", "2", "9"]
        let marks = ["`", "\\", "\\t", ".", "'", "\"", ":", "=", "%"]
        let first = place == .bullet ? pick(letters + digits + ["`"]) : pick(letters + digits + marks)
        var leftover = first
        if !letters.contains(first) {
            for _ in 0..<(random.next() % 3) {
                // One backtick at most: three make a fence, `fenceLikeRun`'s.
                let next = pick(digits + marks.filter { $0 != "`" || !leftover.contains("`") })
                guard (leftover + next).unicodeScalars.count <= 4 else { break }
                leftover += next
            }
        }
        let blanks = place == .title && letters.contains(leftover) && random.next() % 2 == 0 ? " " : ""
        return (leftover, blanks)
    }

    /// A random printable leftover (`leftover(for:_:)`) typed before a random lesson's `# ` title or
    /// its trigger bullet's `-`: cmark-gfm shows the line as text. Exactly one finding, at the
    /// line's first column, `delete` naming the leftover; never "no '# ' heading" above it or "no
    /// bullet" at the section. Followed, the lesson as it was and no finding.
    func testALeftoverBeforeTheTitleOrTheTriggerBulletGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let clean = text.components(separatedBy: "\n")
            let place: LeftoverPlace = random.next() % 2 == 0 ? .title : .bullet
            guard
                let at = clean.firstIndex(where: {
                    $0.hasPrefix(place == .title ? "# " : "- Bu dersin tetiği: **")
                })
            else { continue }
            let (leftover, blanks) = Self.leftover(for: place, &random)
            var lines = clean
            lines[at] = leftover + blanks + lines[at]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): "
                + "\((leftover + blanks).debugDescription) before the \(place): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("; delete '\(leftover)'") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], message)
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A random container's marker (`container(_:)`: `> `, `- `, `1. `, `# `, nested) typed before
    /// a random lesson's `# ` title, its trigger bullet's `-` or the `## Özet` heading of the
    /// bullet's section: cmark-gfm shows the line quoted, as an item or as a heading. Exactly one
    /// finding, at the line's first column, `delete` naming the marker; never "no '# ' heading" or
    /// "no bullet". Followed, the lesson as it was and no finding.
    func testAContainerMarkerBeforeTheTitleOrTheTriggerBulletGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let clean = text.components(separatedBy: "\n")
            let place: LeftoverPlace = [.title, .bullet, .section][Int(random.next() % 3)]
            let start = place == .title ? "# " : place == .bullet ? "- Bu dersin tetiği: **" : "## Özet"
            guard let at = clean.firstIndex(where: { $0.hasPrefix(start) }) else { continue }
            let (marker, blanks) = Self.container(&random)
            var lines = clean
            lines[at] = marker + blanks + lines[at]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): "
                + "\((marker + blanks).debugDescription) before the \(place): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("; \(Leftover.deleting(marker, blanks)) [") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], message)
            } else {
                XCTFail("no fix to follow: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// An invisible character (U+2060, U+200B, U+FEFF, U+00A0, U+200D, two of them) typed before a
    /// random key of a lesson's or the index's front matter, or a printable one left before a
    /// required key: YAML reads another key, one a reader takes for the key. Exactly one finding,
    /// at the key's line, naming the character (delete it, or write the key); never "lacks
    /// 'title'" at the closing line or "has no 'lessons: N'". Followed, none.
    func testAnInvisibleCharacterBeforeAFrontMatterKeyGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            let close = try XCTUnwrap(clean.dropFirst().firstIndex { $0 == "---" })
            let keys = (1..<close).filter { clean[$0].first?.isLetter ?? false }
            let at = keys[Int(random.next() % UInt64(keys.count))]
            let invisibles = ["\u{2060}", "\u{200B}", "\u{FEFF}", "\u{A0}", "\u{200D}", "\u{200B}\u{2060}"]
            let invisible = invisibles[Int(random.next() % UInt64(invisibles.count))]
            var lines = clean
            let key = String(clean[at].prefix { $0 != ":" })
            // A required key (the index's `lessons`) with a printable character or two left before
            // it: `\ttitle:`, `` `title: ``, `xtitle:`, `\title:`. YAML reads another key; one
            // finding at it, `write 'title:'`.
            let required = file == "README.md" ? ["lessons"] : FrontMatterClaim.requiredKeys
            if required.contains(key), random.next() % 3 == 0 {
                let leftover = ["\\t", "`", "x", "\\", "_", "\u{E9}", "*"][Int(random.next() % 7)]
                lines[at] = leftover + lines[at]
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                let found = Self.findings(scratch.url)
                let message =
                    "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): "
                    + "'\(leftover)' before '\(key):': \(found)"
                XCTAssertEqual(
                    found,
                    [
                        "lessons/\(file):\(at + 1):1: error: front matter key '\(leftover)\(key)' has '\(leftover)' "
                            + "before '\(key)', which YAML reads as part of the key, so the front matter has no "
                            + "'\(key)'; write '\(key):' [front-matter]"
                    ], message)
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            lines[at] = invisible + lines[at]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let names = invisible.unicodeScalars.map(Invisible.name).joined(separator: " and ")
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): "
                + "\(names) before '\(key):': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("starts with \(names) before its '\(key):'") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], message)
            } else {
                XCTFail("no fix to follow: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A random container's marker (`> `, `>`, `- `, `* `, `1. `, `2) `, `> - `) typed before a
    /// random key line of a lesson's or the index's front matter, or YAML's comment sign (`# `,
    /// `#`, `## `) before a key the page requires: YAML reads no such key, a reader sees it.
    /// Exactly one finding, at the key's line, `delete` naming the marker; never "lacks 'title'"
    /// at the closing line or "has no 'lessons: N'". Followed, the file as it was and no finding.
    func testAMarkerBeforeAFrontMatterKeyGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            let close = try XCTUnwrap(clean.dropFirst().firstIndex { $0 == "---" })
            let required = file == "README.md" ? ["lessons"] : FrontMatterClaim.requiredKeys
            let comment = random.next() % 3 == 0
            let keys = (1..<close).filter { at in
                guard clean[at].first?.isLetter ?? false else { return false }
                return !comment || required.contains(String(clean[at].prefix { $0 != ":" }))
            }
            let at = keys[Int(random.next() % UInt64(keys.count))]
            let markers =
                comment ? ["# ", "#", "## ", "#  "] : ["> ", ">", "- ", "* ", "+ ", "1. ", "2) ", "> - ", ">  "]
            let marker = markers[Int(random.next() % UInt64(markers.count))]
            var lines = clean
            let key = String(clean[at].prefix { $0 != ":" })
            lines[at] = marker + lines[at]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): "
                + "'\(marker)' before '\(key):': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: error: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("the front matter has no '\(key)'; delete '") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], message)
            } else {
                XCTFail("no fix to follow: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The sentence that counts the triggers made a heading: a random ATX marker (`#` to `######`,
    /// up to 3 spaces before it, or behind `> `) typed before it, or a random setext underline
    /// (`-` or `=`, one to six, indented up to 3 spaces, blanks after it) typed right under it;
    /// half the time one of its counts made wrong too. Exactly one finding at the slip, and the
    /// wrong count's own; followed, the sentence as it was, and only the count's finding.
    func testTheDistributionSentenceMadeAHeadingGivesOneFindingAtTheSlip() throws {
        let scratch = try CourseCopy.make(for: self)
        let file = "21-on-izleme-ve-yineleme.md"
        let url = scratch.url.appendingPathComponent("lessons/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let clean = text.components(separatedBy: "\n")
        let at = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("Açılış dersi dışındaki yirmi dersin tetik dağılımı") })
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            var lines = clean
            let wrong = random.next() % 2 == 0
            if wrong { lines[at] = lines[at].replacingOccurrences(of: "ortam 6.", with: "ortam 7.") }
            let meant = lines
            let slip: Int
            if random.next() % 2 == 0 {
                let marks = String(repeating: "#", count: 1 + Int(random.next() % 6))
                let before =
                    random.next() % 4 == 0 ? "> " : String(repeating: " ", count: Int(random.next() % 4))
                lines[at] = before + marks + " " + lines[at]
                slip = at + 1
            } else {
                let run = String(repeating: random.next() % 2 == 0 ? "-" : "=", count: 1 + Int(random.next() % 6))
                let indent = String(repeating: " ", count: Int(random.next() % 4))
                lines.insert(indent + run + (random.next() % 2 == 0 ? "" : "  "), at: at + 1)
                slip = at + 2
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): line \(slip) '\(lines[slip - 1].prefix(12))' "
                + "wrong \(wrong): \(found)"
            let atSlip = found.filter { $0.hasPrefix("lessons/\(file):\(slip):") && !$0.contains(": error: says ") }
            XCTAssertEqual(atSlip.count, 1, message)
            XCTAssertEqual(found.count, wrong ? 2 : 1, message)
            XCTAssertEqual(
                found.filter { $0.contains("says ortam 7, but 6 lessons declare ortam") }.count, wrong ? 1 : 0, message)
            if atSlip.count == 1, let parsed = FollowTheFix.parse(String(atSlip[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                // Deleting the marker leaves the spaces before it, which render nothing.
                XCTAssertEqual(followed.map { $0.drop { $0 == " " } }, meant.map { $0.drop { $0 == " " } }, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url).count, wrong ? 1 : 0, message)
            } else {
                XCTFail("no fix to follow: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A random underline typed right under a random lesson's trigger bullet: `=` (one to six) or
    /// `--` at the margin, which cmark-gfm shows as text at the bullet's end, or `=` or `-` (one to
    /// six) indented into the item, a setext underline that makes the bullet a heading. Exactly one
    /// finding, at the underline, `delete this line`; followed, the lesson as it was and none. A
    /// `---` at the margin is a rule after the list: no finding.
    func testAnUnderlineUnderTheTriggerBulletGivesOneFindingAtIt() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let file = names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            guard let at = lines.firstIndex(where: { $0.hasPrefix("- Bu dersin tetiği:") }) else { continue }
            let indent = Int(random.next() % 4)
            let mark = indent < 2 || random.next() % 2 == 0 ? "=" : "-"
            var run = String(repeating: mark, count: 1 + Int(random.next() % 6))
            let rule = random.next() % 8 == 0
            if rule { run = "---" } else if indent < 2, random.next() % 4 == 0 { run = "--" }
            var slipped = lines
            slipped.insert(String(repeating: " ", count: rule ? 0 : indent) + run, at: at + 1)
            try slipped.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file) '\(slipped[at + 1])': \(found)"
            if rule {
                XCTAssertEqual(found, [], message)
            } else {
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(
                    found.first?.hasPrefix(
                        "lessons/\(file):\(at + 2):\(rule ? 1 : indent + 1): error: this '\(run)' right under "
                            + "the trigger bullet (line \(at + 1))") ?? false, message)
                if let first = found.first, let parsed = FollowTheFix.parse(String(first)),
                    let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: slipped)
                {
                    XCTAssertEqual(followed, lines, message)
                } else {
                    XCTFail("no fix to follow: \(message)")
                }
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A random printable leftover (`leftover(for:_:)`, perhaps a space after it) typed before a
    /// random lesson's or the index's front matter `---`, opening or closing: Jekyll reads no
    /// front matter there, so readers see its keys as text. Exactly one finding, at the line,
    /// `delete` naming the leftover; never "no front matter", "add '---'" (which leaves the line
    /// showing) or "has no 'lessons: N'". Followed, the file as it was and no finding.
    func testALeftoverBeforeAFrontMattersDashesGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            let close = try XCTUnwrap(clean.dropFirst().firstIndex { $0 == "---" })
            let at = random.next() % 2 == 0 ? 0 : close
            // A printable leftover, or (one case in three) a container's marker (`Self.container`).
            var (leftover, _) = Self.leftover(for: .frontMatter, &random)
            var blanks = random.next() % 3 == 0 ? " " : ""
            if random.next() % 3 == 0 { (leftover, blanks) = Self.container(&random) }
            var lines = clean
            lines[at] = leftover + blanks + "---"
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): '\(lines[at])': "
                + "\(found)"
            // `1. ---`, `> ---`: the marker opens a block, which the message names.
            let effect =
                Leftover.container(lines[at], before: "---").map {
                    "'\($0.written)' before its '---', which opens \($0.opens)"
                }
                ?? "\(Leftover.described(leftover)) before its '---', which Markdown shows as text"
            XCTAssertEqual(
                found,
                [
                    "lessons/\(file):\(at + 1):1: error: '\(lines[at])' does not \(at == 0 ? "open" : "close") the "
                        + "front matter: it opens with \(effect), so readers see its keys as text; "
                        + "\(Leftover.deleting(leftover, blanks)) [front-matter]"
                ], message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], message)
            } else {
                XCTFail("no fix to follow: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A tree's `// main.swift` header slipped as an author types it: a slash lost or added, a
    /// block comment, a letter of the file name lost, added, changed or swapped, the spacing or
    /// case changed. One `no-role` finding at the header, and nothing the block would have been
    /// checked for (its output block, its golden, its syntax as a fragment); the header as it
    /// was (the control) gives none.
    func testTreeHeaderNearMissGivesOneFindingThere() throws {
        let slips: [(String) -> String] = [
            { "/" + $0.dropFirst(2) }, { "/" + $0 }, { "/* " + $0.dropFirst(3) + " */" },
            { $0.replacingOccurrences(of: "main.swift", with: "main.swft") },
            { $0.replacingOccurrences(of: "main.swift", with: "main.swiftt") },
            { $0.replacingOccurrences(of: "main.swift", with: "mian.swift") },
            { $0.replacingOccurrences(of: "main.swift", with: "main2.swift") },
            { $0.replacingOccurrences(of: "// ", with: "//") }, { $0.replacingOccurrences(of: "main", with: "Main") },
            { $0 },
        ]
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let source = SourceFile(path: file, text: text)
            let trees = Classifier.classify(source, scanned: MarkdownScanner.scan(source)).0.blocks.filter {
                $0.role == .tree
            }
            let header = (trees[Int(random.next() % UInt64(trees.count))].fenced.body.first?.number ?? 1) - 1
            let pick = Int(random.next() % UInt64(slips.count))
            var lines = text.components(separatedBy: "\n")
            lines[header] = slips[pick](lines[header])
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(header + 1): '\(lines[header])': \(found)"
            if pick == slips.count - 1 {
                XCTAssertEqual(found, [], message)
            } else {
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(header + 1):1: ") ?? false, message)
                XCTAssertTrue(found.first?.hasSuffix("[no-role]") ?? false, message)
            }
        }
    }

    /// A closed comment put at the start of a random line of text (a paragraph's, a heading's, an
    /// item's or a quote's, after its markers) of a lesson or the course index: where cmark-gfm
    /// shows readers something else than the clean page (the line's Markdown as written, or the
    /// line parted from its paragraph), exactly one finding, at the `<!--`; where it shows the
    /// same text, none. Following the finding's fix gives none, and the page as clean.
    func testACommentOpeningALineIsOneFindingWhereReadersSeeADifference() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            // Each line of text, with the byte offset its text starts at.
            var starts: [(line: Int, offset: Int)] = []
            MarkdownScanner.scan(SourceFile(path: file, text: text)).document.walk { node, _ in
                switch node.kind {
                case .paragraph, .heading:
                    for line in node.content {
                        starts.append((line.index, line.prefixLength + line.text.utf8.prefix { $0 == 0x20 }.count))
                    }
                default: break
                }
            }
            let (at, offset) = starts[Int(random.next() % UInt64(starts.count))]
            let comment = "<!-- x -->" + (random.next() % 2 == 0 ? " " : "")
            var lines = text.components(separatedBy: "\n")
            let clean = lines[at]
            func insert(_ text: String, at offset: Int, in line: String) -> String {
                String(
                    decoding: Array(line.utf8.prefix(offset)) + Array(text.utf8) + line.utf8.dropFirst(offset),
                    as: UTF8.self)
            }
            lines[at] = insert(comment, at: offset, in: clean)
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1):\(offset + 1): \(found)"
            let differs = try Self.seen(slipped, tool) != Self.seen(text, tool)
            guard differs else {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):\(offset + 1): error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[comment-look-alike]") ?? false, message)
            // The fix, as the message words it.
            let finding = String(found.first ?? "")
            if finding.contains("move the comment to the end of the line") {
                lines[at] = clean + " <!-- x -->"
            } else if finding.contains("move the comment onto a line of its own above this one") {
                lines[at] = clean
                lines.insert(String(decoding: clean.utf8.prefix(offset), as: UTF8.self) + "<!-- x -->", at: at)
            } else if finding.contains("delete the comment") {
                lines[at] = clean
            } else {
                XCTFail("no fix: \(message)")
            }
            try Self.expectFixed(lines, at: url, in: scratch.url, readAs: text, tool, message)
        }
    }

    /// A random comment put at the end of a random line of text (a paragraph's, a heading's, an
    /// item's or a quote's) of a lesson or the course index, in the shapes
    /// CommonMark 0.31 reads as comments and GitHub's cmark-gfm (0.29) may not: `<!-->`,
    /// `<!--->`, a `--` inside, a `-` before its `-->`, a `>` or `->` after its `<!--`, and the
    /// neighbours cmark-gfm hides (`<!---->`, `<!---x -->`, `<!-- a - b -->`, `<!-- a <!- b -->`), a
    /// `<!--` inside one (`<!-- a <!-- b -->`, the first left open to cmark-gfm), or left open with
    /// a trigger or a count in it, half the time on the trigger bullet or the distribution
    /// sentence. Where cmark-gfm shows readers the comment, exactly one finding, at its `<!--`
    /// (never the claim reading its words); where it hides it, none. Following the fix (the
    /// comment as meant, closed, or deleted) gives none, and the clean page.
    func testAnInlineCommentGitHubShowsAsTextIsOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            var ends: [Int] = []
            MarkdownScanner.scan(SourceFile(path: file, text: text)).document.walk { node, _ in
                switch node.kind {
                case .paragraph, .heading:
                    // Not a line ending in a hard break or inside a code span running on over it,
                    // nor a table's row (after its last pipe any comment is a cell of its own).
                    for line in node.content {
                        guard let last = line.text.last, last != " ", last != "\\", !line.text.hasPrefix("|"),
                            line.text.count(where: { $0 == "`" }) % 2 == 0
                        else { continue }
                        ends.append(line.index)
                    }
                default: break
                }
            }
            guard !ends.isEmpty else { continue }
            var lines = text.components(separatedBy: "\n")
            // Half the time a claim's line: the trigger bullet or the distribution sentence.
            let claims = ends.filter {
                lines[$0].hasPrefix("- Bu dersin tetiği:") || lines[$0].contains("tetik dağılımı şöyledir:")
            }
            let at =
                !claims.isEmpty && random.next() % 2 == 0
                ? claims[Int(random.next() % UInt64(claims.count))] : ends[Int(random.next() % UInt64(ends.count))]
            let words = ["x", "eski", "TODO"]
            let (w, v) = (words[Int(random.next() % 3)], words[Int(random.next() % 3)])
            // A comment left open: its words, a trigger or a count the claim would contradict, are
            // hidden by the finding's fix, so no claim reads them.
            let hidden = ["eski: gözlem", "ortam 7", "yerel: 2, ebeveyn 9", "bir ortam", "ebeveyn ve gözlem"]
            let shapes = [
                "<!-->", "<!--->", "<!---->", "<!-- \(w) -->", "<!-- \(w) -- \(v) -->", "<!-- \(w) --->",
                "<!---\(w) -->", "<!-->\(w) -->", "<!-- \(w) - \(v) -->", "<!--\(w)-->", "<!--->\(w) -->",
                "<!-- \(w) ---- \(v) -->", "<!--\(w)--\(v)-->", "<!-- " + hidden[Int(random.next() % 5)],
                "<!-- \(w) <!-- \(v) -->", "<!-- \(w) <!- \(v) -->",
            ]
            let comment = shapes[Int(random.next() % UInt64(shapes.count))]
            let clean = lines[at]
            lines[at] = clean + " " + comment
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let column = clean.utf8.count + 2
            let message = "seed \(seed): \(file):\(at + 1):\(column) '\(comment)': \(found)"
            guard try Self.seen(slipped, tool) != Self.seen(text, tool) else {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):\(column): error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[comment-look-alike]") ?? false, message)
            // The fix, as the message words it: the comment as meant, or none.
            let finding = String(found.first ?? "")
            if let write = finding.range(of: "; write '"), let end = finding.range(of: "' or delete it") {
                lines[at] = clean + " " + finding[write.upperBound..<end.lowerBound]
            } else if finding.contains("close it with '-->' before the next '<!--'") {
                lines[at] = clean + " " + comment.replacingOccurrences(of: " <!-- \(v)", with: " --> <!-- \(v)")
            } else if finding.contains("close it with '-->'") {
                lines[at] = clean + " " + comment + " -->"
            } else if finding.contains("; delete it") {
                lines[at] = clean
            } else {
                XCTFail("no fix: \(message)")
            }
            try Self.expectFixed(lines, at: url, in: scratch.url, readAs: text, tool, message)
        }
    }

    /// A comment over two lines put before a random block of text of a lesson or the course index
    /// (a paragraph or a heading, at the top level, in a block quote or opening a list item, an
    /// index item among them), or before a random line of the closing table, its `-->` on that
    /// line with the line's text after it (or a bare `<!--` over `-->text`, which hides nothing):
    /// exactly one finding, at the `<!--`, to put that text on a line of its own under the close
    /// (or, opening an item, on the item's line; under a table's row, where the comment ends the
    /// table even on lines of its own, to delete the comment). Followed, it gives none, the
    /// comment hides what it hid, and readers see the clean page.
    func testACommentClosedMidLineBeforeTheTextIsOneFindingAndItsFixShowsTheText() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            // A quarter of the cases in the closing table, whose lesson a pick among all finds rarely.
            let inTable = random.next() % 4 == 0
            let (file, url, text) =
                inTable
                ? try CourseCopy.lastLesson(in: lessons)
                : try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            // The first line of each block of text whose containers are block quotes alone, or
            // each line of the table.
            var starts: [(line: Int, prefix: String)] = []
            var lines = text.components(separatedBy: "\n")
            MarkdownScanner.scan(SourceFile(path: file, text: text)).document.walk { node, _ in
                if inTable {
                    if case .paragraph = node.kind, node.content.first?.text.hasPrefix("| Ders |") == true {
                        starts += node.content.map { ($0.index, "") }
                    }
                    return
                }
                switch node.kind {
                case .paragraph, .heading:
                    guard let line = node.content.first else { return }
                    let prefix = String(decoding: lines[line.index].utf8.prefix(line.prefixLength), as: UTF8.self)
                    // Block quotes, and at most the marker of the list item the block opens.
                    let markers = prefix.drop { " >".contains($0) }.trimmingCharacters(in: .whitespaces)
                    guard
                        markers.isEmpty || ["-", "*", "+"].contains(markers)
                            || markers.dropLast().allSatisfy(\.isNumber)
                                && markers.count > 1 && [".", ")"].contains(markers.last),
                        !line.text.hasPrefix("|"),
                        !line.text.contains("<!--"), !line.text.contains("-->")
                    else { return }
                    starts.append((line.index, prefix))
                default: break
                }
            }
            let (at, prefix) = starts[Int(random.next() % UInt64(starts.count))]
            let clean = lines[at]
            // A row under a row (or the delimiter row under the header).
            let row = inTable && at > 0 && lines[at - 1].hasPrefix("|")
            let rest = String(decoding: clean.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
            // The item's lines under its first: its marker as spaces.
            let lead = String(prefix.map { " >".contains($0) ? $0 : " " })
            let item = lead != prefix
            // Or a bare `<!--` over its `-->`, which hides nothing, the text right after it or
            // after one blank.
            let bare = random.next() % 2 == 0
            let (open, close) = bare ? ("<!--", "-->") : ("<!-- x", "y -->")
            // In a list item outside a block quote, the close's line may lose the item's
            // indentation, which puts it outside the item: the fix is the same.
            let unindented = item && !lead.contains(">") && random.next() % 3 == 0
            lines[at] = (unindented ? "" : lead) + close + (bare && random.next() % 2 == 0 ? "" : " ") + rest
            lines.insert(prefix + open, at: at)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(at + 1):\(prefix.utf8.count + 1): error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unclosed-comment]") ?? false, message)
            XCTAssertTrue(
                found.first?.contains(
                    row
                        ? "delete the comment (line \(at + 1), and line \(at + 2) up to its '-->' and the blanks after it)"
                        : item
                            ? "on line \(at + 1) after '\(prefix)' in place of the comment"
                            : "on a line of its own under line \(at + 2)"
                ) ?? false, message)
            // The fix, as the message words it.
            if row {
                lines[at...(at + 1)] = [prefix + rest]
            } else if item {
                lines[at] = prefix + rest
                lines[at + 1] = lead + open
                lines.insert(lead + close, at: at + 2)
            } else {
                lines[at + 1] = prefix + close
                lines.insert(prefix + rest, at: at + 2)
            }
            try Self.expectFixed(lines, at: url, in: scratch.url, readAs: text, tool, message)
        }
    }

    /// A comment opened in a random ATX heading of a lesson or the course index, or in a random line
    /// of the closing table (its header row, a row, or after a row's last pipe), and closed on the
    /// next line: the heading or row is its line alone, so the `<!--` shows and the next line is a
    /// paragraph, a row of its own, or parts the header from its delimiter row. Exactly one
    /// finding, at the `<!--`, to join the next line onto it; followed, it gives none, and readers
    /// see the clean page (cmark-gfm, comments left out).
    func testACommentSplitAcrossAHeadingsOrTableLinesEndIsOneFindingAndItsFixJoinsIt() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let inTable = random.next() % 2 == 0
            let (file, url, text) =
                inTable
                ? try CourseCopy.lastLesson(in: lessons)
                : try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            var lines = text.components(separatedBy: "\n")
            // The table's lines but its delimiter row, or the ATX headings.
            var starts: [Int] = []
            var header = -1
            MarkdownScanner.scan(SourceFile(path: file, text: text)).document.walk { node, _ in
                if inTable {
                    if case .paragraph = node.kind, node.content.first?.text.hasPrefix("| Ders |") == true {
                        starts += node.content.map(\.index).filter { $0 != node.lines.lowerBound + 1 }
                        header = node.lines.lowerBound
                    }
                } else if case .heading = node.kind, lines[node.lines.lowerBound].hasPrefix("#") {
                    starts.append(node.lines.lowerBound)
                }
            }
            let at = starts[Int(random.next() % UInt64(starts.count))]
            let clean = lines[at]
            // Where the comment opens: before a random pipe but the first (or at the row's end), or
            // at a random space of the heading (or its end); the rest goes after the close.
            let bytes = Array(clean.utf8)
            let places = Array(
                bytes.indices.filter { inTable ? $0 > 0 && bytes[$0] == UInt8(ascii: "|") : bytes[$0] == 0x20 }
                    .dropFirst(inTable ? 0 : 1) + [bytes.count])
            let cut = places[Int(random.next() % UInt64(places.count))]
            let before = String(decoding: bytes[..<cut], as: UTF8.self)
            let after = String(decoding: bytes[cut...], as: UTF8.self)
            let head = before + (before.hasSuffix(" ") ? "" : " ") + "<!-- x"
            lines[at...at] = [head, "y -->" + (after.hasPrefix(" ") || after.isEmpty ? "" : " ") + after]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(at + 1):\(head.utf8.count - 5): error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[comment-look-alike]") ?? false, message)
            // After the header row's last pipe, joined it would be a cell of its own: it goes above.
            let above = at == header && after.isEmpty
            XCTAssertTrue(
                found.first?.contains(
                    above
                        ? "move the comment (its '<!--' to its '-->') onto lines of their own above the table"
                        : "join line \(at + 2) onto the end of this line, so that the comment closes there") ?? false,
                message)
            // The fix, as the message words it.
            lines[at...(at + 1)] =
                above ? ["<!-- x", "y -->", clean] : [lines[at] + " " + lines[at + 1]]
            try Self.expectFixed(lines, at: url, in: scratch.url, readAs: text, tool, message)
        }
    }

    /// A `<!--` left open before the closing `**` of a random bold span of a lesson or the course
    /// index (a note's label, a trigger, a term), or of a random cell of the closing table made
    /// bold (`| **yerel <!-- x** |`): readers see the `<!--` as text in the bold (cmark-gfm says
    /// so, or the case is skipped). Exactly one finding, at the `<!--`, to close it after the
    /// bold; followed, it gives none, and readers see the page without the slip (the bold, the
    /// comment hidden). The bold alone is silent.
    func testACommentLeftOpenInBoldIsOneFindingAndItsFixClosesItAfterTheBold() throws {
        let tool = try Self.cmarkGFM()
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let inTable = random.next() % 3 == 0
            let (file, url, text) =
                inTable
                ? try CourseCopy.lastLesson(in: lessons)
                : try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            var lines = text.components(separatedBy: "\n")
            // Each bold's words as (line, UTF-8 range of the words): in a table, a body cell's
            // text, to be made bold.
            var spots: [(line: Int, words: Range<Int>)] = []
            MarkdownScanner.scan(SourceFile(path: file, text: text)).document.walk { node, _ in
                switch node.kind {
                case .paragraph: break
                case .heading where !inTable: break
                default: return
                }
                for line in node.content {
                    let bytes = Array(lines[line.index].utf8)
                    if inTable {
                        guard node.content.first?.text.hasPrefix("| Ders |") == true,
                            line.index > node.lines.lowerBound + 1
                        else { continue }
                        let pipes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "|") }
                        for (left, right) in zip(pipes, pipes.dropFirst()) where right - left > 3 {
                            spots.append((line.index, (left + 2)..<(right - 1)))
                        }
                        continue
                    }
                    let pattern = try? NSRegularExpression(
                        pattern: #"\*\*([^*|<`\\ ][^*|<`\\]*[^*|<`\\ ]|[^*|<`\\ ])\*\*"#)
                    let string = lines[line.index]
                    for match in pattern?.matches(in: string, range: NSRange(string.startIndex..., in: string)) ?? [] {
                        guard let range = Range(match.range(at: 1), in: string) else { continue }
                        let start = string.utf8.distance(from: string.utf8.startIndex, to: range.lowerBound)
                        spots.append((line.index, start..<(start + string[range].utf8.count)))
                    }
                }
            }
            guard !spots.isEmpty else { continue }
            let (at, words) = spots[Int(random.next() % UInt64(spots.count))]
            let bytes = Array(lines[at].utf8)
            let before = String(decoding: bytes[..<words.lowerBound], as: UTF8.self)
            let word = String(decoding: bytes[words], as: UTF8.self)
            let after = String(decoding: bytes[words.upperBound...], as: UTF8.self)
            // The control: the bold as the lesson has it, or the cell made bold.
            let control = inTable ? before + "**" + word + "**" + after : lines[at]
            let (open, close) = inTable ? (before + "**", "**" + after) : (before, after)
            lines[at] = control
            let bold = lines.joined(separator: "\n")
            lines[at] = open + word + " <!-- x" + close
            let slipped = lines.joined(separator: "\n")
            let message = "seed \(seed): \(file):\(at + 1): '\(lines[at])'"
            guard try Self.render(slipped, with: tool, tables: true).contains("<strong>\(word) &lt;!-- x</strong>")
            else {
                continue
            }
            if inTable {
                try bold.write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], "the bold alone: " + message)
            }
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let column = open.utf8.count + word.utf8.count + 2
            XCTAssertEqual(found.count, 1, "\(message): \(found)")
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(at + 1):\(column): error: ") ?? false, "\(message): \(found)")
            XCTAssertTrue(
                found.first?.hasSuffix("write '**\(word)**<!-- x -->', or delete it [comment-look-alike]") ?? false,
                "\(message): \(found)")
            // The fix, as the message words it.
            lines[at] = String(open.dropLast(2)) + "**" + word + "**<!-- x -->" + close.dropFirst(2)
            try Self.expectFixed(lines, at: url, in: scratch.url, readAs: bold, tool, message)
        }
    }

    /// What readers see of `markdown` as cmark-gfm renders it (tables on): its runs of text, each
    /// block's apart, comments and inline markup left out, whitespace collapsed.
    /// Writes `lines`, a slip's fix followed, to `url`, and expects no finding in the course at
    /// `root` and the page readers see to be `meant`'s (cmark-gfm, comments left out).
    static func expectFixed(
        _ lines: [String], at url: URL, in root: URL, readAs meant: String, _ tool: String, _ message: String
    ) throws {
        let fixed = lines.joined(separator: "\n")
        try fixed.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(findings(root), [], "after the fix: " + message)
        XCTAssertEqual(try seen(fixed, tool), try seen(meant, tool), "after the fix: " + message)
    }

    static func seen(_ markdown: String, _ tool: String) throws -> [String] {
        var html = try render(markdown, with: tool, tables: true)
        html = html.replacingOccurrences(of: "<!--.*?-->", with: "", options: .regularExpression)
        html = html.replacingOccurrences(
            of: "</?(p|h[1-6]|li|ul|ol|blockquote|table|thead|tbody|tr|td|th|pre|hr|div)( [^>]*)?/?>", with: "\u{B6}",
            options: .regularExpression)
        html = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        // As the browser shows them: a paragraph's `"` goes out as `&quot;`, raw HTML's as it is.
        for (entity, character) in [("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&#39;", "'"), ("&amp;", "&")] {
            html = html.replacingOccurrences(of: entity, with: character)
        }
        return html.split(separator: "\u{B6}").map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }
}
