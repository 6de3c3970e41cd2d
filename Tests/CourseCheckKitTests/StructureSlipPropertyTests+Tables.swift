import Foundation
import XCTest

@testable import CourseCheckKit

extension StructureSlipPropertyTests {
    /// Random indentation (0 to 6 spaces, a tab, a no-break space) before random lines of the
    /// closing table: one line, a run of lines from the header (the header alone up to the whole
    /// table) indented alike, or two or three lines each its own way. cmark-gfm is the oracle:
    /// when it renders the page as the clean one, no finding; else exactly one, a `closing-table`
    /// finding on the first changed line whose change alone alters the page (what comes after it
    /// is not judged until it is fixed). For one slip (one line, or one run indented with blanks),
    /// following the fix leaves no finding and the page cmark-gfm renders for the clean table.
    func testClosingTableLineIndentationGivesOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        let blanks = ["", " ", "  ", "   ", "    ", "     ", "      ", "\t", "\u{A0}"]
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let count = clean[header...].prefix { $0.hasPrefix("|") }.count
        let page = try Self.render(text, with: tool, tables: true)
        func rendered(_ edits: [Int: String]) throws -> String {
            var lines = clean
            for (line, blank) in edits { lines[line] = blank + lines[line] }
            return try Self.render(lines.joined(separator: "\n"), with: tool, tables: true)
        }
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            func pick<T>(_ from: [T]) -> T { from[Int(random.next() % UInt64(from.count))] }
            var edits: [Int: String] = [:]
            let mode = random.next() % 3
            switch mode {
            case 0: edits[header + Int(random.next() % UInt64(count))] = pick(Array(blanks.dropFirst()))
            case 1:
                let blank = pick(Array(blanks.dropFirst()))
                for line in header..<(header + 1 + Int(random.next() % UInt64(count))) { edits[line] = blank }
            default:
                for _ in 0..<(2 + random.next() % 2) {
                    edits[header + Int(random.next() % UInt64(count))] = pick(blanks)
                }
            }
            var lines = clean
            for (line, blank) in edits { lines[line] = blank + lines[line] }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let described = edits.sorted { $0.key < $1.key }.map {
                "line \($0.key + 1): \($0.value == "\u{A0}" ? "U+00A0" : $0.value.debugDescription)"
            }
            let message = "seed \(seed): \(described.joined(separator: ", ")): \(found)"
            guard try rendered(edits) != page else {
                XCTAssertEqual(found, [], message)
                continue
            }
            var slipped: Int?
            for line in edits.keys.sorted() where edits[line] != "" {
                if try rendered([line: edits[line]!]) != page {
                    slipped = line
                    break
                }
            }
            let line = try XCTUnwrap(slipped, message)
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[closing-table]") ?? false, message)
            // One slip: its fix, followed, restores the page.
            let blank = Set(edits.values)
            guard mode < 2, let finding = found.first.flatMap({ FollowTheFix.parse(String($0)) }), blank.count == 1,
                mode == 0 || !blank.contains("\u{A0}")
            else { continue }
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(finding.line, finding.message)], to: lines), "no fix to follow: \(message)")
            let fixed = followed.joined(separator: "\n")
            try fixed.write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [Substring](), "after the fix: \(message)")
            XCTAssertEqual(try Self.render(fixed, with: tool, tables: true), page, "after the fix: \(message)")
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A `|` typed into a random cell of a random closing-table row, one deleted between two of its
    /// cells, or one added at its end. cmark-gfm is the oracle: when it renders the page as the
    /// clean one (an empty extra cell, dropped), no finding; else exactly one, on the row, naming
    /// its cell count, and putting the row back leaves none.
    func testAClosingTableRowWithAPipeTooManyOrTooFewGivesOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let rows = Array((header + 2)..<(header + clean[header...].prefix { $0.hasPrefix("|") }.count))
        let page = try Self.render(text, with: tool, tables: true)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let row = rows[Int(random.next() % UInt64(rows.count))]
            var line = Array(clean[row])
            let pipes = line.indices.filter { line[$0] == "|" }
            let what: String
            switch random.next() % 3 {
            case 0:
                // Into a cell: at one of its spaces, or between two of its letters.
                let inside = line.indices.filter { index in
                    index > pipes.first! && index < pipes.last! && line[index] != "|"
                }
                let at = inside[Int(random.next() % UInt64(inside.count))]
                line.insert("|", at: at)
                what = "a '|' typed at column \(at + 1)"
            case 1:
                let at = pipes.dropFirst().dropLast()[Int(random.next() % UInt64(pipes.count - 2)) + 1]
                line.remove(at: at)
                what = "the '|' at column \(at + 1) deleted"
            default:
                line.append("|")
                what = "a '|' added at the end"
            }
            var lines = clean
            lines[row] = String(line)
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): row at line \(row + 1), \(what): \(found)"
            if try Self.render(slipped, with: tool, tables: true) == page {
                XCTAssertEqual(found, [], message)
            } else {
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(row + 1):1: error: ") ?? false, message)
                XCTAssertTrue(found.first?.contains("cells but the header has 4") ?? false, message)
                XCTAssertTrue(found.first?.hasSuffix("[closing-table]") ?? false, message)
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [Substring](), "after putting the row back: \(message)")
        }
    }

    /// A random printable leftover (`leftover(for:_:)`) typed before a random closing-table line's
    /// first `|` (a row, the header, the delimiter row): cmark-gfm reads it as a cell of its own
    /// (or, ending in a backslash, a row's escapes the pipe). Exactly one finding, at the line,
    /// `delete` naming the leftover, never "delete that '|'" or a delimiter row of five cells;
    /// followed, the table as it was, the page cmark-gfm renders for it, and no finding.
    func testALeftoverBeforeAClosingTableRowGivesOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let rows = Array(header..<(header + clean[header...].prefix { $0.hasPrefix("|") }.count))
        let page = try Self.render(text, with: tool, tables: true)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let row = rows[Int(random.next() % UInt64(rows.count))]
            let picked = Self.leftover(for: .row, &random)
            var leftover = picked.leftover
            let blanks = picked.blanks
            // A backslash escapes the pipe after it: the header or delimiter row then keeps its cells.
            if row < header + 2, leftover.hasSuffix("\\") { leftover = leftover.dropLast() + "x" }
            var lines = clean
            lines[row] = leftover + blanks + lines[row]
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(leftover.debugDescription) before the row at line \(row + 1): \(found)"
            XCTAssertNotEqual(try Self.render(slipped, with: tool, tables: true), page, message)
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(row + 1):1: error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; delete '\(leftover)' [closing-table]") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                let fixed = followed.joined(separator: "\n")
                try fixed.write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [Substring](), "after the fix: \(message)")
                XCTAssertEqual(try Self.render(fixed, with: tool, tables: true), page, "after the fix: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A random container's marker (`container(_:)`: `> `, `- `, `1. `, `# `, nested) typed before
    /// a random closing-table line (a row, the header, the delimiter row): cmark-gfm opens its
    /// block there, which ends the table or leaves none. Exactly one finding, at the line, `delete`
    /// naming the marker, never one per row the table lost; followed, the table as it was, the
    /// page cmark-gfm renders for it, and no finding.
    func testAContainerMarkerBeforeAClosingTableLineGivesOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let rows = Array(header..<(header + clean[header...].prefix { $0.hasPrefix("|") }.count))
        let page = try Self.render(text, with: tool, tables: true)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let row = rows[Int(random.next() % UInt64(rows.count))]
            let (marker, blanks) = Self.container(&random)
            var lines = clean
            lines[row] = marker + blanks + lines[row]
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \((marker + blanks).debugDescription) before the line \(row + 1): \(found)"
            XCTAssertNotEqual(try Self.render(slipped, with: tool, tables: true), page, message)
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(row + 1):1: error: ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("; \(Leftover.deleting(marker, blanks)) [closing-table]") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                let fixed = followed.joined(separator: "\n")
                try fixed.write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [Substring](), "after the fix: \(message)")
                XCTAssertEqual(try Self.render(fixed, with: tool, tables: true), page, "after the fix: \(message)")
            } else {
                XCTFail("no fix to follow: \(message)")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Where a table line may start in a block quote or a list item: 3 columns at most past the
    /// container's markers (the optional space after `>` and a tab's share of it counted as
    /// CommonMark counts them), as cmark-gfm reads it: the tables and body rows Prose reads are
    /// the ones cmark-gfm renders.
    func testTableLinesInContainersStartWhereCmarkGFMReadsThem() throws {
        let tool = try Self.cmarkGFM()
        let documents = [
            "> | A | B |\n>     |---|---|\n> | 1 | 2 |\n", "> | A | B |\n>    |---|---|\n> | 1 | 2 |\n",
            "> | A | B |\n> \t|---|---|\n> | 1 | 2 |\n", ">| A | B |\n>\t|---|---|\n> | 1 | 2 |\n",
            "- item\n\n  | A | B |\n      |---|---|\n  | 1 | 2 |\n",
            "- item\n\n  | A | B |\n     |---|---|\n  | 1 | 2 |\n",
            "- item\n\n  | A | B |\n  |---|---|\n      | 1 | 2 |\n",
            "- item\n\n  | A | B |\n  |---|---|\n     | 1 | 2 |\n",
            "   | A | B |\n    |---|---|\n| 1 | 2 |\n", "  | A | B |\n  |---|---|\n    | 1 | 2 |\n",
        ]
        for markdown in documents {
            let html = try Self.render(markdown, with: tool, tables: true)
            let rendered = html.components(separatedBy: "<table>").dropFirst().map {
                $0.components(separatedBy: "<td>").count / 2
            }
            let prose = Prose(file: SourceFile(path: "x.md", text: markdown))
            XCTAssertEqual(prose.tables.map(\.rows.count), rendered, "\(markdown.debugDescription): \(html)")
        }
    }
}

extension StructureSlipPropertyTests {
    /// One to three lines with no pipe typed right under the closing table's last row (random
    /// words, indented 0 to 3 spaces, or a run of `=`), or the blank line under it deleted so the
    /// sentence that counts the triggers is glued there. cmark-gfm is the oracle: each such line
    /// is one more row of the table. Exactly one finding, at the first, naming it as a row; its
    /// fix followed (a blank line before text, `===` deleted), the page renders as the author
    /// meant it (the text a paragraph under the table, or the clean page), with the findings of
    /// that page: none.
    func testALineGluedUnderTheClosingTableGivesOneFindingThere() throws {
        let tool = try Self.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let under = header + clean[header...].prefix { $0.hasPrefix("|") }.count
        let words = ["tablo", "Kurs", "özet", "satır", "değer", "note", "see", "Bu", "ve", "ders"]
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            func pick<T>(_ from: [T]) -> T { from[Int(random.next() % UInt64(from.count))] }
            var lines = clean
            var meant = clean
            let what: String
            let underline: Bool
            switch random.next() % 3 {
            case 0:
                lines.remove(at: under)
                what = "the blank line under the table deleted"
                underline = false
            case 1:
                let typed = String(repeating: "=", count: 1 + Int(random.next() % 5))
                lines.insert(typed, at: under)
                what = "'\(typed)' typed under the table"
                underline = true
            default:
                let typed = (0..<(1 + random.next() % 3)).map { _ in
                    String(repeating: " ", count: Int(random.next() % 4))
                        + (0..<(1 + random.next() % 5)).map { _ in pick(words) }.joined(separator: " ") + "."
                }
                lines.insert(contentsOf: typed, at: under)
                meant.insert(contentsOf: [""] + typed, at: under)
                what = "\(typed) typed under the table"
                underline = false
            }
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(what): \(found)"
            XCTAssertNotEqual(
                try Self.render(slipped, with: tool, tables: true),
                try Self.render(meant.joined(separator: "\n"), with: tool, tables: true), message)
            XCTAssertEqual(
                found,
                [
                    Substring(
                        "lessons/\(file):\(under + 1):1: error: this line continues the closing table as a row (GitHub "
                            + "reads a line right under a table as a row); "
                            + (underline ? "delete this line" : "put a blank line before it") + " [closing-table]")
                ], message)
            guard found.count == 1, let finding = FollowTheFix.parse(String(found[0])) else { continue }
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(finding.line, finding.message)], to: lines), "no fix to follow: \(message)")
            XCTAssertEqual(followed, meant, "after the fix: \(message)")
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [Substring](), "after the fix: \(message)")
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

extension StructureSlipPropertyTests {
    /// A random slip in the closing table's delimiter row: a cell dropped or added, a pipe lost
    /// between two cells, a dash typed as an em or en dash, `=` or `_`. cmark-gfm is the oracle:
    /// when it renders the page as the clean one, no finding; else exactly one, at the delimiter
    /// row (the slipped line), whose fix writes it, and followed leaves none.
    func testASlippedDelimiterRowGivesOneFindingAtIt() throws {
        let tool = try Self.cmarkGFM()
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let (file, url, text) = try CourseCopy.lastLesson(in: lessons)
        let clean = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(clean.firstIndex { $0.hasPrefix("| Ders |") })
        let delimiter = header + 1
        let page = try Self.render(text, with: tool, tables: true)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            func pick<T>(_ from: [T]) -> T { from[Int(random.next() % UInt64(from.count))] }
            var cells = ["---", "---", "---", "---"]
            let what: String
            switch random.next() % 4 {
            case 0:
                cells.remove(at: Int(random.next() % 4))
                what = "a cell dropped"
            case 1:
                cells.insert("---", at: Int(random.next() % 5))
                what = "a cell added"
            case 2:
                let at = Int(random.next() % 3)
                cells[at] += "---"
                cells.remove(at: at + 1)
                what = "a pipe lost after cell \(at + 1)"
            default:
                let at = Int(random.next() % 4)
                let dash = Int(random.next() % 3)
                let typed = pick(["\u{2014}", "\u{2013}", "=", "_"])
                var cell = Array(cells[at])
                cell[dash] = Character(typed)
                cells[at] = String(cell)
                what = "dash \(dash + 1) of cell \(at + 1) typed \(typed.unicodeScalars.first!.escaped(asASCII: true))"
            }
            var lines = clean
            lines[delimiter] = "|" + cells.joined(separator: "|") + "|"
            let slipped = lines.joined(separator: "\n")
            try slipped.write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(scratch.url)
            let message = "seed \(seed): \(what), '\(lines[delimiter])': \(found)"
            if try Self.render(slipped, with: tool, tables: true) == page {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix(
                    "lessons/\(file):\(delimiter + 1):1: error: the closing table's delimiter row is here, but GitHub "
                        + "does not read it as one, so it renders no table: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; write '|---|---|---|---|' [closing-table]") ?? false, message)
            guard found.count == 1, let finding = FollowTheFix.parse(String(found[0])) else { continue }
            let followed = try XCTUnwrap(
                FollowTheFix.apply([(finding.line, finding.message)], to: lines), "no fix to follow: \(message)")
            XCTAssertEqual(followed, clean, "after the fix: \(message)")
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [Substring](), "after the fix: \(message)")
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
