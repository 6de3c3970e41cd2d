import Foundation
import XCTest

@testable import CourseCheckKit

extension StructureSlipPropertyTests {
    /// The lines of `text` a claim reads that a tag line may be typed right above: a note's label
    /// or a `## ` heading after a blank line, the trigger bullet, and in the index (`lesson` false)
    /// an item's link or a part's heading. `list`: the line is a list item (only a tag of kind 6,
    /// which interrupts the item above it, takes it; `<br>` there joins the item above as inline
    /// HTML, which renders the same). Front matter and fenced lines left out.
    static func claimLines(_ text: String, path: String, lesson: Bool) -> [(line: Int, list: Bool, note: String?)] {
        let file = SourceFile(path: path, text: text)
        let scanned = MarkdownScanner.scan(file)
        let fenced = scanned.fencedLines(count: file.lines.count)
        let start = scanned.frontMatter?.bodyStart ?? 0
        var found: [(line: Int, list: Bool, note: String?)] = []
        for index in file.lines.indices where index > start && !fenced[index + 1] {
            let text = file.lines[index].text
            let afterBlank = Classifier.isBlank(file.lines[index - 1].text)
            if lesson, text.hasPrefix("- Bu dersin tetiği:") {
                found.append((index, true, nil))
            } else if !lesson, text.range(of: #"^[0-9]+\. \["#, options: .regularExpression) != nil {
                found.append((index, true, nil))
            } else if afterBlank, text.hasPrefix("## ") {
                found.append((index, false, nil))
            } else if afterBlank, lesson, let label = Classifier.noteLabel(text[...]) {
                found.append((index, false, label))
            }
        }
        return found
    }

    /// A tag alone on its line typed right above a random line a claim reads (in place of the
    /// blank line above it, or after that blank line: kinds 6 and 7), in a lesson or the index:
    /// exactly one `raw-html` finding, at that line, and none once a blank line stands between the
    /// two, as its fix says. cmark-gfm is the oracle for a note: it shows its label raw (`**DR1.**`)
    /// with the slip, and bold after the fix.
    func testAnHTMLLineAboveAClaimsLineIsOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        let blockTags = ["<div id=\"not\"></div>", "<hr>", "<p></p>", "<section>", "</div>", "<table>"]
        let anyTags = blockTags + ["<br>", "<span>", "<a id=\"not\">", "<img src=\"x.png\">"]
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let candidates = Self.claimLines(text, path: file, lesson: file != "README.md")
            guard !candidates.isEmpty else { continue }
            let target = candidates[Int(random.next() % UInt64(candidates.count))]
            var lines = text.components(separatedBy: "\n")
            // In place of the blank line above it (a kind-6 tag, which interrupts the paragraph
            // above), or on a line of its own under that blank line.
            let replace = !target.list && random.next() % 2 == 0
            let tags = target.list || replace ? blockTags : anyTags
            let tag = tags[Int(random.next() % UInt64(tags.count))]
            let at: Int
            if replace {
                lines[target.line - 1] = tag
                at = target.line
            } else {
                lines.insert(tag, at: target.line)
                at = target.line + 1
            }
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1): '\(tag)'\(replace ? " for the blank line" : ""): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: error: ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("; put a blank line between the HTML and \(Self.noun(lines[at])) [raw-html]")
                    ?? false, message)
            var fixed = lines
            fixed.insert("", at: at)
            try fixed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [], "\(message): after the fix")
            if let label = target.note {
                XCTAssertTrue(try Self.render(slipped, with: tool).contains("**\(label).**"), "\(message): rendered")
                XCTAssertTrue(
                    try Self.render(fixed.joined(separator: "\n"), with: tool).contains("<strong>\(label).</strong>"),
                    "\(message): rendered after the fix")
            }
        }
    }

    /// What the fix of a `raw-html` finding at `line` calls the line.
    static func noun(_ line: String) -> String {
        if line.hasPrefix("#") { return "the heading" }
        if line.hasPrefix("- Bu dersin tetiği:") { return "the bullet" }
        if line.hasPrefix("**") { return "the note" }
        return "the item"
    }

    /// A `<details>` with its `<summary>` typed before a random block of a lesson or the index
    /// and never closed: one `raw-html` finding at the tag (the browser folds the rest of the page
    /// away); with `</details>` before a later block, or written `<details open>`, none.
    func testADetailsLeftOpenIsOneFindingAtIt() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let starts = Self.blockStarts(text, path: file)
            let at = starts[Int(random.next() % UInt64(starts.count))]
            let form = random.next() % 3
            var lines = text.components(separatedBy: "\n")
            let tag =
                form == 2
                ? "<details open>"
                : ["<details>", "<DETAILS>", "<details class=\"not\">"][
                    Int(random.next() % 3)]
            lines.insert(contentsOf: [tag, "<summary>Ayrıntılar</summary>", ""], at: at)
            if form == 1 {
                // Closed before a later block, or at the end of the page.
                let later = Self.blockStarts(lines.joined(separator: "\n"), path: file).filter { $0 > at + 3 }
                let close = later.isEmpty ? lines.count : later[Int(random.next() % UInt64(later.count))]
                lines.insert(contentsOf: ["</details>", ""], at: close)
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(file):\(at + 1): '\(tag)'\(form == 1 ? " closed" : ""): \(found)"
            if form == 0 {
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: error: '\(tag)' ") ?? false, message)
                XCTAssertTrue(
                    found.first?.hasSuffix("add '</details>' where the hidden part ends [raw-html]") ?? false, message)
            } else {
                XCTAssertEqual(found, [], message)
            }
        }
    }

    /// One or two backslashes typed before a random inner pipe of a random closing-table row
    /// (cmark-gfm escapes a pipe after any backslash): exactly one finding, at the first
    /// backslash, naming the two cells that run together, and cmark-gfm shows the row's last
    /// cell empty; deleting the backslashes, as the fix says, is the clean course. A tag line typed
    /// between two rows instead is one finding at it, whose fix deletes it.
    func testAnEscapedPipeInAClosingTableRowIsOneFindingAtItsBackslash() throws {
        let tool = try Self.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let rows = clean[(header + 2)...].prefix { $0.hasPrefix("|") }.count
        for seed in PropertySeeds.seeds(defaultCases: 3) {
            var random = Generator(state: seed)
            let row = Int(random.next() % UInt64(rows))
            let index = header + 2 + row
            let pipes = clean[index].utf8.indices.filter { clean[index].utf8[$0] == UInt8(ascii: "|") }
            let pipe = 1 + Int(random.next() % UInt64(pipes.count - 2))
            let backslashes = random.next() % 3 == 0 ? "\\\\" : "\\"
            var lines = clean
            let offset = clean[index].utf8.distance(from: clean[index].utf8.startIndex, to: pipes[pipe])
            lines[index] = String(clean[index][..<pipes[pipe]]) + backslashes + String(clean[index][pipes[pipe]...])
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): row \(row + 1), pipe \(pipe), '\(backslashes)': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(index + 1):\(offset + 1): error: '\(backslashes)|' ")
                    ?? false,
                message)
            XCTAssertTrue(
                found.first?.hasSuffix(
                    "so cells \(pipe) and \(pipe + 1) of row \(row + 1) run together and GitHub shows its last cell "
                        + "empty; delete the '\(backslashes)' [closing-table]") ?? false, message)
            let html = try Self.render(slipped, with: tool, tables: true)
            XCTAssertTrue(html.contains("<td></td>\n</tr>"), "\(message): rendered")
            // A tag line of kind 6 between two rows instead: it ends the table, and its block takes
            // the rows after it; one finding at it, `delete it`.
            if row > 0 {
                var between = clean
                let tag = ["<div id=\"x\"></div>", "<hr>", "<p></p>", "</div>"][Int(random.next() % 4)]
                between.insert(tag, at: index)
                try between.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                let found = Self.findings(scratch.url)
                let message = "seed \(seed): '\(tag)' above row \(row + 1): \(found)"
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(index + 1):1: error: ") ?? false, message)
                XCTAssertTrue(
                    found.first?.hasSuffix("; delete it (or move it above the table) [closing-table]") ?? false,
                    message)
            }
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(Self.findings(scratch.url), [], "the clean course")
    }
}
