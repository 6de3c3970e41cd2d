import Foundation
import XCTest

@testable import CourseCheckKit

/// One fence slip, one finding, at the slip. In a copy of the real course, one random fence of a
/// core, tree, expected block or display fragment is slipped the way an author's keyboard does
/// it: a closing fence a backtick short, a closing fence given an info string, an invisible
/// character typed before a fence, a closing fence indented four spaces or a tab, and any fence,
/// opening or closing, written with another character, length or quote style, indented, typed
/// behind a list marker or `>`, or deleted. Whatever pairs wrongly after it, the run reports
/// exactly one finding, on the slipped line (two slips in one lesson, two); a rewrite GitHub
/// renders the same (both fences tildes, or longer) reports none. cmark-gfm's renderings of the
/// substitutions are committed (`Fixtures/fence-substitutions.json`).
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of slipped courses (`make soak` runs many); `make test`
/// runs one or two of each (every case is a run of the whole course), so each everyday run still
/// meets a fresh random instance. A failure names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class FenceSlipPropertyTests: XCTestCase {
    typealias Generator = BlockStructurePropertyTests.Generator

    func testOneFenceSlipGivesOneFindingThere() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 2)
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            var lines = text.components(separatedBy: "\n")
            // The run blocks of the lesson, as the scanner sees them.
            let (lesson, _) = Classifier.classify(
                SourceFile(path: file, text: text), scanned: MarkdownScanner.scan(SourceFile(path: file, text: text)))
            let blocks = lesson.blocks.filter { [.core, .tree, .expected, .fragment].contains($0.role) }
            let block = blocks[Int(random.next() % UInt64(blocks.count))]
            let opening = block.fenced.opening.number - 1
            let closing = block.fenced.closing.number - 1
            let slip: String
            let line: Int
            var named: String?
            switch random.next() % 5 {
            case 0:
                lines[closing] = String(lines[closing].dropLast())
                (slip, line) = ("closing fence a backtick short", closing + 1)
            case 1:
                lines[closing] += "swift"
                (slip, line) = ("closing fence with an info string", closing + 1)
            case 2:
                let at = random.next() % 2 == 0 ? opening : closing
                let invisible = ["\u{200B}", "\u{FEFF}", "\u{2060}", "\u{00A0}"][Int(random.next() % 4)]
                let name = Invisible.name(invisible.unicodeScalars.first!)
                if at == opening, random.next() % 2 == 0 {
                    // After the opening fence's info string (or as its only one): the message names it.
                    lines[at] += invisible
                    (slip, line) = ("\(name) after an opening fence's info string", at + 1)
                    named = name
                } else {
                    let indent = lines[at].prefix { $0 == " " || $0 == ">" }
                    lines[at] = indent + invisible + lines[at].dropFirst(indent.count)
                    (slip, line) = ("\(name) before a fence", at + 1)
                }
            case 3:
                lines[closing] = "    " + lines[closing]
                (slip, line) = ("\(block.role) closing fence indented four spaces", closing + 1)
            default:
                lines[closing] = "\t" + lines[closing]
                (slip, line) = ("\(block.role) closing fence indented with a tab", closing + 1)
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(line): \(slip): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line):") ?? false, message)
            if let named {
                XCTAssertTrue(
                    found.first?.contains("\(named) in it") ?? false
                        || found.first?.contains("holds an invisible \(named)") ?? false, message)
            }
        }
    }

    /// The fence-line slips of an author's keyboard: another character (tildes for backticks),
    /// another quote style (apostrophes, quotation marks, their typographic and fullwidth forms),
    /// another length, or a mix. A closing fence is replaced whole; an opening fence's run is
    /// replaced and its info string kept. `Fixtures/fence-substitutions.json` (cmark-gfm) shows
    /// each renders the lesson otherwise.
    static let closingSlips = ["~~~", "~~~~", "'''", "\"\"\"", "´´´", "‘‘‘", "’’’", "｀｀｀", "＇＇＇", "``", "``~", "``´"]
    static let openingSlips = [
        "``", "~~~", "~~~~", "````", "`````", "'''", "\"\"\"", "´´´", "‘‘‘", "’’’", "｀｀｀", "~~`",
    ]
    /// Rewrites of a block's two fences (opening run, closing line) that GitHub renders as the
    /// course: both tildes, both longer, or only the closing fence longer or with trailing spaces.
    static let rewrites = [
        ("~~~", "~~~"), ("~~~~", "~~~~"), ("````", "````"), ("`````", "`````"), ("```", "````"), ("```", "```  "),
    ]

    /// A lesson of the real course, its text as lines, and one of its blocks of a run role.
    struct Picked {
        var file: String
        var url: URL
        var text: String
        var lines: [String]
        var block: Lesson.Block

        /// The findings of a check of the course in `root` with this lesson written as `lines`;
        /// the lesson's own text is written back after.
        func findings(with lines: [String], in root: URL) throws -> [Substring] {
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            defer { try? text.write(to: url, atomically: true, encoding: .utf8) }
            return FenceSlipPropertyTests.findings(in: root)
        }
    }

    static func pick(_ random: inout Generator, in lessons: URL) throws -> Picked {
        let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
        let source = SourceFile(path: file, text: text)
        let (lesson, _) = Classifier.classify(source, scanned: MarkdownScanner.scan(source))
        let blocks = lesson.blocks.filter { [.core, .tree, .expected, .fragment].contains($0.role) }
        let block = blocks[Int(random.next() % UInt64(blocks.count))]
        return Picked(file: file, url: url, text: text, lines: text.components(separatedBy: "\n"), block: block)
    }

    /// The findings of a check of the course in `root` (claims and goldens included).
    static func findings(in root: URL) -> [Substring] {
        InProcess.run(["lessons/"], in: root).stderr.split(separator: "\n")
            .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    }

    /// One fence of a core, tree, expected block or fragment, opening or closing, written with
    /// another character, length or quote style: exactly one finding, on that line, and nothing
    /// of what the slip swallowed or mispaired is judged.
    func testFenceCharacterLengthAndQuoteSlipsGiveOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            var picked = try Self.pick(&random, in: lessons)
            let opening = picked.block.fenced.opening.number - 1
            let closing = picked.block.fenced.closing.number - 1
            let line: Int
            let slip: String
            if random.next() % 2 == 0 {
                let written = Self.closingSlips[Int(random.next() % UInt64(Self.closingSlips.count))]
                picked.lines[closing] = written
                (line, slip) = (closing + 1, "\(picked.block.role) closing fence written \(written)")
            } else {
                let written = Self.openingSlips[Int(random.next() % UInt64(Self.openingSlips.count))]
                picked.lines[opening] = written + picked.lines[opening].dropFirst(3)
                (line, slip) = (opening + 1, "\(picked.block.role) opening fence written \(written)")
            }
            let found = try picked.findings(with: picked.lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(line): \(slip): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(line):") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unterminated-fence]") ?? false, message)
        }
    }

    /// A closing fence of a tree or its expected block set in a block quote or list item, written
    /// with another character or length or split by a space (`closingSlips`, `` `` ` ``): exactly
    /// one finding, after the container's prefix, whose fix writes the whole line as meant, the
    /// prefix kept (`write '> ```'`), and following it gives the lesson back with none.
    func testAClosingFenceSlipInAContainerGivesOneFindingWhoseFixKeepsThePrefix() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let slips = Self.closingSlips + ["`` `", "` ``", "` ` `"]
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            var lines = picked.lines
            let trees = Self.runBlocks(picked.text, path: picked.file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            let quote = random.next() % 2 == 0
            let prefix = quote ? "> " : "  "
            for index in first...last {
                lines[index] =
                    quote
                    ? (lines[index].isEmpty ? ">" : "> " + lines[index])
                    : (lines[index].isEmpty ? "" : (index == first ? "- " : "  ") + lines[index])
            }
            let clean = lines
            let at = random.next() % 2 == 0 ? tree.fenced.closing.number - 1 : last
            let written = slips[Int(random.next() % UInt64(slips.count))]
            lines[at] = prefix + written
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "closing fence written '\(lines[at])' in a \(quote ? "block quote" : "list item"): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):3: error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; write '\(prefix)```' [unterminated-fence]") ?? false, message)
            let finding = FollowTheFix.parse(String(found.first ?? ""))
            guard let finding, let followed = FollowTheFix.apply([(finding.line, finding.message)], to: lines) else {
                XCTFail("no fix: \(message)")
                continue
            }
            XCTAssertEqual(followed, clean, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], "after the fix: \(message)")
        }
    }

    /// How a fence line may be typed into a container or indented: four spaces, a tab, a list
    /// marker or `>` before it. Each makes the line no fence of its block.
    static let prefixes = ["    ", "\t", "- ", "* ", "1. ", "> "]

    /// The run blocks (core, trees, expected blocks, fragments) of a lesson's text, in order.
    static func runBlocks(_ text: String, path: String) -> [Lesson.Block] {
        let source = SourceFile(path: path, text: text)
        return Classifier.classify(source, scanned: MarkdownScanner.scan(source)).0.blocks.filter {
            [.core, .tree, .expected, .fragment].contains($0.role)
        }
    }

    /// One slip of any shape in `block`'s opening or closing fence: another character, length or
    /// quote style, indented too far or typed behind a container's marker, a backtick in an
    /// opening fence's info string, characters left before it (`leftovers`), or the fence line
    /// deleted (nil). Returns the line's index and the slip in words.
    static func slip(_ lines: inout [String?], _ block: Lesson.Block, _ random: inout Generator) -> (Int, String) {
        let closing = random.next() % 2 == 0
        let at = (closing ? block.fenced.closing.number : block.fenced.opening.number) - 1
        let line = lines[at] ?? ""
        let role = "\(block.role) \(closing ? "closing" : "opening") fence"
        switch random.next() % 5 {
        case 0:
            lines[at] = nil
            return (at, "\(role) deleted")
        case 4:
            let leftover = leftovers[Int(random.next() % UInt64(leftovers.count))]
            lines[at] = leftover + line
            return (at, "\(role) written '\(leftover + line)'")
        case 1 where !closing && !block.fenced.info.isEmpty:
            lines[at] = line + "`"
            return (at, "\(role) with a backtick in its info string")
        case 1, 2:
            let prefix = prefixes[Int(random.next() % UInt64(prefixes.count))]
            lines[at] = prefix + line
            return (at, "\(role) written '\(prefix)' + '\(line)'")
        default:
            let written =
                closing
                ? closingSlips[Int(random.next() % UInt64(closingSlips.count))]
                : openingSlips[Int(random.next() % UInt64(openingSlips.count))] + line.dropFirst(3)
            lines[at] = written
            return (at, "\(role) written \(written)")
        }
    }

    /// Fence lines indented four spaces or a tab, typed behind a list marker or `>`, or given a
    /// backtick in an opening fence's info string, in a block of any role, opening or closing:
    /// exactly one finding, on that line.
    func testIndentedAndPrefixedFencesGiveOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let closing = random.next() % 2 == 0
            let at = (closing ? picked.block.fenced.closing.number : picked.block.fenced.opening.number) - 1
            var lines = picked.lines
            let prefix = Self.prefixes[Int(random.next() % UInt64(Self.prefixes.count))]
            let backtick = !closing && !picked.block.fenced.info.isEmpty && random.next() % 4 == 0
            lines[at] = backtick ? lines[at] + "`" : prefix + lines[at]
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "\(picked.block.role) \(closing ? "closing" : "opening") fence written '\(lines[at])': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unterminated-fence]") ?? false, message)
        }
    }

    /// An opening fence indented one to three spaces (its closing fence too, or not): CommonMark
    /// takes up to that many spaces off each line of the block. A core typed flush with its fence
    /// then shows otherwise than the course's core: one finding at the fence, naming its
    /// indentation, whose fix (`delete the 2 spaces before the fence`) converges; followed, no
    /// finding. A tree's or fragment's indented lines show indented less: one `indented-fence` at
    /// the fence. The course's outputs hold no line the spaces change (checked with cmark-gfm): no
    /// finding.
    func testAnIndentedOpeningFenceIsOneFindingAtItWhenItChangesWhatIsCompared() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            var picked = try Self.pick(&random, in: lessons)
            while picked.block.fenced.fence.indent != 0 { picked = try Self.pick(&random, in: lessons) }
            let indent = 1 + Int(random.next() % 3)
            var lines = picked.lines
            let opening = picked.block.fenced.opening.number - 1
            func indented(_ line: String, _ count: Int) -> String {
                guard let run = line.firstIndex(where: { $0 == "`" || $0 == "~" }) else { return line }
                return String(line[..<run]) + String(repeating: " ", count: count) + line[run...]
            }
            lines[opening] = indented(lines[opening], indent)
            let closing = picked.block.fenced.closing.number - 1
            if random.next() % 2 == 0 { lines[closing] = indented(lines[closing], Int(random.next() % 4)) }
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(opening + 1): "
                + "\(picked.block.role) opening fence indented \(indent): \(found)"
            let spaces = indent == 1 ? "the space" : "the \(indent) spaces"
            // A tree's or fragment's indented lines lose spaces as readers see them: one finding at
            // the fence, the block run as written.
            if [.tree, .fragment].contains(picked.block.role),
                picked.block.fenced.body.contains(where: { $0.text.hasPrefix(" ") })
            {
                XCTAssertEqual(found.count, 1, message)
                XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(opening + 1):") ?? false, message)
                XCTAssertTrue(
                    found.first?.hasSuffix("; delete \(spaces) before the fence [indented-fence]") ?? false, message)
                continue
            }
            guard picked.block.role == .core else {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(opening + 1):") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; delete \(spaces) before the fence [core-drift]") ?? false, message)
            let parsed = try XCTUnwrap(found.first.flatMap { FollowTheFix.parse(String($0)) }, message)
            let followed = try XCTUnwrap(FollowTheFix.apply([(parsed.line, parsed.message)], to: lines), message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// A fence line deleted, opening or closing, in a block of any role: exactly one finding, that
    /// a fence is missing, on the line that took its place (where the fence belongs).
    func testADeletedFenceLineGivesOneFindingWhereItBelongs() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let closing = random.next() % 2 == 0
            let at = (closing ? picked.block.fenced.closing.number : picked.block.fenced.opening.number) - 1
            var lines = picked.lines
            lines.remove(at: at)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "\(picked.block.role) \(closing ? "closing" : "opening") fence deleted: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):1:") ?? false, message)
            XCTAssertTrue(found.first?.contains(" fence is missing ") ?? false, message)
        }
    }

    /// A fence of a tree and its expected block deleted, the two in a block quote or a list item:
    /// either closing fence, the expected block's opening fence, or (in a quote: a list item's
    /// first line holds its marker) the tree's. Exactly one finding, at the line that took the
    /// fence's place (a missing opening fence: the first line it belongs before), whose fix
    /// inserts the whole line, the container's prefix and the fence (`insert a line '> ```'`,
    /// `'> ```swift'`), and following it gives the lesson back with none.
    func testAFenceDeletedInAContainerGivesOneFindingWhoseFixKeepsThePrefix() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            var lines = picked.lines
            let trees = Self.runBlocks(picked.text, path: picked.file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            let quote = random.next() % 2 == 0
            for index in first...last {
                lines[index] =
                    quote
                    ? (lines[index].isEmpty ? ">" : "> " + lines[index])
                    : (lines[index].isEmpty ? "" : (index == first ? "- " : "  ") + lines[index])
            }
            let clean = lines
            let fences =
                [tree.fenced.closing.number - 1, expected.opening.number - 1, last] + (quote ? [first] : [])
            let at = fences[Int(random.next() % UInt64(fences.count))]
            lines.remove(at: at)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "fence '\(clean[at])' deleted in a \(quote ? "block quote" : "list item"): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):1: error: ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("; insert a line '\(clean[at])' before this one [unterminated-fence]") ?? false,
                message)
            let finding = FollowTheFix.parse(String(found.first ?? ""))
            guard let finding, let followed = FollowTheFix.apply([(finding.line, finding.message)], to: lines) else {
                XCTFail("no fix: \(message)")
                continue
            }
            XCTAssertEqual(followed, clean, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], "after the fix: \(message)")
        }
    }

    /// Two slips of any shape in two blocks of one lesson (not a tree and its own expected block):
    /// exactly two findings, one on each slipped line (the line that took a deleted fence's place).
    func testTwoSlipsInOneLessonGiveTwoFindings() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let blocks = Self.runBlocks(picked.text, path: picked.file)
            let first = Int(random.next() % UInt64(blocks.count - 2))
            let second = first + 2 + Int(random.next() % UInt64(blocks.count - first - 2))
            var lines = picked.lines.map { Optional($0) }
            let (one, what) = Self.slip(&lines, blocks[first], &random)
            let (other, otherWhat) = Self.slip(&lines, blocks[second], &random)
            // Where each slip is reported: its line, moved up by a deleted line before it.
            let expected = [one, other].map { at in lines[..<at].count { $0 != nil } + 1 }
            let found = try picked.findings(with: lines.compactMap { $0 }, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(one + 1): \(what); "
                + "\(other + 1): \(otherWhat): \(found)"
            XCTAssertEqual(
                found.compactMap { $0.split(separator: ":").dropFirst().first.flatMap { Int($0) } }, expected, message)
            XCTAssertTrue(found.allSatisfy { $0.hasPrefix("lessons/\(picked.file):") }, message)
        }
    }

    /// A fence left over at the end of a lesson, or right after the last lesson's closing table
    /// (a blank line before it or not): the block it opens runs to the end. Deleting it and
    /// writing an opening fence before the text above both pair the fences; only the deletion
    /// leaves that text as a reader sees it. Exactly one finding, on that line: delete it.
    func testAFenceLeftOverAtTheEndGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let table = random.next() % 2 == 0
            // The closing table is the last lesson's.
            let file = table ? try XCTUnwrap(names.last) : names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            var lines = text.components(separatedBy: "\n")
            let delimiter = try XCTUnwrap(table ? lines.firstIndex { $0.hasPrefix("|---") } : 0)
            // After the table's last row, or after the lesson's last line (the text ends with a line break).
            var at = table ? lines[delimiter...].firstIndex(of: "") ?? lines.count - 1 : lines.count - 1
            if random.next() % 2 == 0 {
                lines.insert("", at: at)
                at += 1
            }
            let written = ["```", "~~~", "````"][Int(random.next() % 3)]
            lines.insert(written, at: at)
            let picked = Picked(
                file: file, url: url, text: text, lines: lines, block: Self.runBlocks(text, path: file)[0])
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): '\(written)' left over "
                + "\(table ? "after the closing table" : "at the end"): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("delete it [unterminated-fence]") ?? false, message)
        }
    }

    /// A fence (```` ``` ````, `~~~`, ```` ```` ````) typed right above a block's opening fence with
    /// an info string (a tree's, a fragment's, the core's: no blank line between), or right above
    /// the closing table's header row: the block it opens holds that fence or row as its first
    /// line. Exactly one finding, on that line: delete it; followed, the lesson back and none.
    func testAFenceTypedRightAboveABlockOrATableGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let table = random.next() % 4 == 0
            let file = table ? try XCTUnwrap(names.last) : names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let clean = text.components(separatedBy: "\n")
            // Top-level opening fences with an info string after a blank line, or the table's header.
            var inside = false
            var places: [Int] = []
            for (index, line) in clean.enumerated() {
                let fence = line.hasPrefix("```") || line.hasPrefix("~~~")
                if fence, !inside, !table, index > 0, clean[index - 1].isEmpty,
                    line.dropFirst(3).first?.isLetter ?? false
                {
                    places.append(index)
                }
                if fence { inside.toggle() }
                if table, !inside, line.hasPrefix("|"), index > 0, clean[index - 1].isEmpty,
                    clean.indices.contains(index + 1), clean[index + 1].hasPrefix("|-")
                {
                    places.append(index)
                }
            }
            guard !places.isEmpty else { continue }
            let at = places[Int(random.next() % UInt64(places.count))]
            let written = ["```", "~~~", "````"][Int(random.next() % 3)]
            var lines = clean
            lines.insert(written, at: at)
            let picked = Picked(
                file: file, url: url, text: text, lines: lines, block: Self.runBlocks(text, path: file)[0])
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): '\(written)' above "
                + "'\(clean[at])': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("delete it [unterminated-fence]") ?? false, message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, clean, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// A fence (```` ``` ````, `~~~`, ```` ```` ````, ```` ```yaml ````) typed as line 1 of a lesson or
    /// the index, above its front matter's `---`: to a reader there is no front matter, and the
    /// keys and the page after them are code. Exactly one finding, at 1:1: delete it; nothing
    /// downstream (no front matter missing, no fence pairing wrongly, no closing-table row or index
    /// reading the page without it). Followed, the page back and none.
    func testAFenceTypedAboveTheFrontMatterGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            let written = ["```", "~~~", "````", "```yaml"][Int(random.next() % 4)]
            let lines = [written] + clean
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):1: '\(written)' above the "
                + "front matter: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):1:1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; delete it [front-matter]") ?? false, message)
            if found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            {
                XCTAssertEqual(followed, clean, message)
                try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(in: scratch.url), [], message)
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A fence typed above a lesson's or the index's front matter and its closing fence right after
    /// the front matter's closing `---` (a blank line between or not): the two wrap it as a code
    /// block, and the page goes on after it. Exactly one finding, at 1:1, whose fix deletes both;
    /// followed, none.
    func testAFencePairWrappingTheFrontMatterGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random, also: ["README.md"])
            let clean = text.components(separatedBy: "\n")
            let (written, closer) = [("```", "```"), ("~~~", "~~~"), ("````", "````"), ("```yaml", "```")][
                Int(random.next() % 4)]
            let end = try XCTUnwrap(clean.dropFirst().firstIndex(of: "---")) + 1
            let blanks = Array(repeating: "", count: Int(random.next() % 2))
            var lines = [written] + clean[..<end] + blanks + [closer] + clean[end...]
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = Self.findings(in: scratch.url)
            let closing = end + 2 + blanks.count
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):1: '\(written)' and '\(closer)' "
                + "at line \(closing) around the front matter: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):1:1: error: '\(written)' here") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("; delete this line and line \(closing) [front-matter]") ?? false, message)
            lines.remove(at: closing - 1)
            lines.remove(at: 0)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(in: scratch.url), [], message)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A bare fence typed right above a paragraph of a lesson's prose that follows a blank line (after
    /// an expected block or other text), with that prose right under it, or a blank line and a line
    /// that reads as code (`// not: …`) between: the block it opens runs over the prose. Exactly one
    /// finding, on that line: delete it; followed, none.
    func testAFenceTypedAboveProseGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let file = names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let clean = text.components(separatedBy: "\n")
            // Top-level paragraphs of sentences after a blank line, outside the lesson's blocks.
            var inside = false
            var places: [Int] = []
            for (index, line) in clean.enumerated() {
                if line.hasPrefix("```") || line.hasPrefix("~~~") { inside.toggle() }
                guard !inside, index > 1, clean[index - 1].isEmpty, let first = line.first,
                    first.isLetter || first == "`"
                else { continue }
                let paragraph = Array(clean[index...].prefix { !$0.isEmpty })
                if Classifier.readsAsText(paragraph) { places.append(index) }
            }
            guard !places.isEmpty else { continue }
            let at = places[Int(random.next() % UInt64(places.count))]
            var lines = clean
            // At times a blank line and a line that reads as code (`// not: …`) typed under it too.
            let under =
                random.next() % 2 == 0 ? [] : ["", ["// not: x", "// main.swift — y"][Int(random.next() % 2)], ""]
            lines.insert(contentsOf: ["```"] + under, at: at)
            let picked = Picked(
                file: file, url: url, text: text, lines: lines, block: Self.runBlocks(text, path: file)[0])
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): '```' above "
                + (under.isEmpty ? "" : "'\(under[1])' and ") + "prose: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):1: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("delete it [unterminated-fence]") ?? false, message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            var kept = clean
            kept.insert(contentsOf: under, at: at)
            XCTAssertEqual(followed, kept, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// A tree and its expected block set in a list item (`- ` before the tree's opening fence, two
    /// spaces before its other lines), with one of the fences after the first indented four to six
    /// spaces more: the item reads it as indented code or as a line of the block. Exactly one
    /// finding, on that line, whose fix is the item's indentation. Or the tree's opening fence
    /// typed with two or three spaces after the `-`: one finding there, `write '- ```swift'`.
    func testAListItemFenceIndentedTooFarGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let trees = Self.runBlocks(text, path: file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            var lines = text.components(separatedBy: "\n")
            let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            for index in first...last where !lines[index].isEmpty {
                lines[index] = (index == first ? "- " : "  ") + lines[index]
            }
            if random.next() % 3 == 0 {
                // Two or three spaces after the marker: the item's text starts past its next lines.
                let spaces = 2 + Int(random.next() % 2)
                let opening = text.components(separatedBy: "\n")[first]
                lines[first] = "-" + String(repeating: " ", count: spaces) + opening
                let found = try Picked(file: file, url: url, text: text, lines: lines, block: tree)
                    .findings(with: lines, in: scratch.url)
                let finding: String =
                    "lessons/\(file):\(first + 1):1: error: '\(lines[first])' has \(spaces) spaces after its list "
                    + "marker, so the item's text starts at column \(spaces + 2) and its next lines, indented 2, "
                    + "end the item and with it the code block opened here: its lines show as text and every "
                    + "later fence pairs wrongly; write '- \(opening)' [unterminated-fence]"
                XCTAssertEqual(
                    found, [Substring(finding)],
                    "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(first + 1)")
                continue
            }
            let fences = [tree.fenced.closing.number, expected.opening.number, expected.closing.number]
            let at = fences[Int(random.next() % 3)] - 1
            let extra = 4 + Int(random.next() % 3)
            lines[at] = String(repeating: " ", count: extra) + lines[at]
            let picked = Picked(file: file, url: url, text: text, lines: lines, block: tree)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message: String =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): list item fence "
                + "indented \(2 + extra): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):\(3 + extra): ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("indent it 2 spaces, as they are [unterminated-fence]") ?? false, message)
        }
    }

    /// A tree and its expected block set in a list item (`- `, `* `, `1. ` with the item's
    /// indentation on the lines after) or a block quote (`> `), then one slip at its opening
    /// fence: the fence typed again on the line under it, with the container's prefix; or (a list
    /// item) the marker glued to the fence (`-```swift`). Exactly one finding, at the slip: `delete
    /// it` at the repeated fence, `write '- ```swift'` at the glued marker; followed, none.
    func testAContainedTreesOpeningFenceTypedTwiceOrGluedToItsMarkerGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let trees = Self.runBlocks(text, path: file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            guard !trees.isEmpty else { continue }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            let clean = text.components(separatedBy: "\n")
            let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            let container = ["-", "*", "1.", ">"][Int(random.next() % 4)]
            let rest = container == ">" ? "> " : String(repeating: " ", count: container.count + 1)
            var contained = clean
            for index in first...last {
                contained[index] =
                    index == first
                    ? container + " " + clean[index]
                    : clean[index].isEmpty ? (container == ">" ? ">" : "") : rest + clean[index]
            }
            let glued = container != ">" && random.next() % 2 == 0
            var lines = contained
            if glued {
                lines[first] = container + clean[first]
            } else {
                lines.insert(rest + clean[first], at: first + 1)
            }
            let picked = Picked(file: file, url: url, text: text, lines: lines, block: tree)
            let found = try picked.findings(with: lines, in: scratch.url)
            let slip: String = glued ? "marker glued" : "opening typed twice"
            let message: String =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(first + 1): tree in '\(container)', "
                + slip + ": \(found)"
            if glued {
                let finding: String =
                    "lessons/\(file):\(first + 1):1: error: '\(lines[first])' has no space after its list marker, "
                    + "so it opens neither a list item nor a code block: it and the lines after it show as "
                    + "text, and every later fence pairs wrongly; write '\(contained[first])' "
                    + "[unterminated-fence]"
                XCTAssertEqual(found, [Substring(finding)], message)
            } else {
                XCTAssertEqual(found.count, 1, message)
                let start: String =
                    "lessons/\(file):\(first + 2):\(rest.count + 1): error: '\(clean[first])' "
                    + "repeats the opening fence at line \(first + 1)"
                XCTAssertTrue(found.first?.hasPrefix(start) ?? false, message)
                XCTAssertTrue(found.first?.hasSuffix("; delete it [unterminated-fence]") ?? false, message)
            }
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, contained, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// A tree and its expected block set in a random nesting of block quotes and list items (`> `
    /// and `- ` before the tree's opening fence, or before a line `Ağaç:` and a blank line above
    /// it; `> ` and two spaces before their other lines, `>` alone on a blank line of a quote),
    /// with one line of them, an opening fence too (the tree's after `Ağaç:`, or its expected
    /// block's), typed one or more spaces short of a list item's indentation in its prefix
    /// (`>  ```` for `>   ````), or without a quote's `>` (or `> `). Exactly one finding, on that
    /// line; following its fix as worded (the line as meant, the prefix written at its start, or
    /// its indentation) gives none, and puts the tree and its expected block back in all the
    /// containers. An opening fence's slip may be copied onto the one or two lines under it (the
    /// old fix followed on them): still one finding, at the fence, whose fix names those lines.
    func testALineShortOfItsNestedContainersPrefixGivesOneFindingAndItsFixConverges() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let trees = Self.runBlocks(text, path: file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            // One to three containers, outermost first, at least one a block quote.
            var quotes = (0..<(1 + Int(random.next() % 3))).map { _ in random.next() % 2 == 0 }
            if !quotes.contains(true) { quotes[Int(random.next() % UInt64(quotes.count))] = true }
            let opener = quotes.map { $0 ? "> " : "- " }.joined()
            let prefix = quotes.map { $0 ? "> " : "  " }.joined()
            let blank = String(prefix.reversed().drop { $0 == " " }.reversed())
            // A line of text first: the tree's opening fence is a line of the containers like the others.
            let leadIn = random.next() % 2 == 0
            let shift = leadIn ? 2 : 0
            var lines = text.components(separatedBy: "\n")
            let original = lines
            let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            for index in first...last {
                lines[index] =
                    index == first && !leadIn
                    ? opener + lines[index] : lines[index].isEmpty ? blank : prefix + lines[index]
            }
            if leadIn { lines.insert(contentsOf: [opener + "Ağaç:", blank], at: first) }
            let picked = Picked(file: file, url: url, text: text, lines: lines, block: tree)
            let nested =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file) nested in '\(opener)'"
                + (leadIn ? " before 'Ağaç:'" : "")
            XCTAssertEqual(try picked.findings(with: lines, in: scratch.url), [], nested)
            // A line whose text starts at its prefix's end (code indented further may lose a space
            // of its own). Spaces short in the run that holds a list item's indentation: a quote's
            // optional space before another `>` or the text is no slip. (Without a line of text
            // first, the tree's opening fence holds the markers; one container's expected block
            // opening out of its item is a block outside the tree's container, said so.)
            let candidates = ((leadIn ? first : first + 1)...last).filter {
                (leadIn || quotes.count > 1 || $0 != expected.opening.number - 1)
                    && !(original[$0].first?.isWhitespace ?? true)
            }
            guard !candidates.isEmpty else { continue }
            // An opening fence a third of the time, where its slip may be copied onto the lines under it.
            let fences = candidates.filter { [first, expected.opening.number - 1].contains($0) }
            let pool = !fences.isEmpty && random.next() % 3 == 0 ? fences : candidates
            let at = pool[Int(random.next() % UInt64(pool.count))] + shift
            var bytes = Array(prefix.utf8)
            let dropsQuote = !quotes.contains(false) || random.next() % 2 == 0
            if dropsQuote {
                // A quote's `>`, or its `> `.
                let levels = quotes.indices.filter { quotes[$0] }
                let level = levels[Int(random.next() % UInt64(levels.count))]
                bytes.removeSubrange((2 * level)..<(2 * level + 1 + Int(random.next() % 2)))
            } else {
                let items = quotes.indices.filter { !quotes[$0] }
                let item = items[Int(random.next() % UInt64(items.count))]
                // The item's two spaces, and the spaces of the run they are in before them.
                var from = quotes[..<item].map { _ in 2 }.reduce(0, +)
                while from > 0, bytes[from - 1] == 0x20 { from -= 1 }
                let run = bytes[from...].prefix { $0 == 0x20 }.count
                bytes.removeSubrange(from..<(from + 1 + Int(random.next() % UInt64(run))))
            }
            let clean = lines[at]
            lines[at] = String(decoding: bytes, as: UTF8.self) + clean.dropFirst(prefix.count)
            // An opening fence's slip copied onto the one or two lines of text under it (the fix
            // followed on them too), while the block's lines with the whole prefix outnumber them.
            var copied = 0
            if original[at - shift].hasPrefix("```"), random.next() % 2 == 0 {
                let under = (at + 1)..<min(at + 1 + 1 + Int(random.next() % 2), lines.count)
                let body = original[(at - shift + 1)...].prefix { !$0.hasPrefix("```") }
                if under.allSatisfy({ !(original[$0 - shift].first?.isWhitespace ?? true) }),
                    body.filter({ !$0.isEmpty }).count > 2 * under.count
                {
                    for line in under {
                        lines[line] = String(decoding: bytes, as: UTF8.self) + lines[line].dropFirst(prefix.count)
                    }
                    copied = under.count
                }
            }
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "\(nested), line \(at + 1) written '\(lines[at])'"
                + (copied > 0 ? " and the \(copied) under it alike" : "") + ": \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(at + 1):") ?? false, message)
            // The fix, as the message words it.
            let finding = String(found.first ?? "").replacingOccurrences(
                of: #" \[[a-z-]+\]$"#, with: "", options: .regularExpression)
            if copied > 0 {
                guard let followed = FollowTheFix.apply([(at + 1, finding)], to: lines) else {
                    XCTFail("no fix: \(message)")
                    continue
                }
                lines = followed
            } else if let write = finding.range(of: "; write it as '"), finding.hasSuffix("'") {
                lines[at] = String(finding[write.upperBound...].dropLast())
            } else if let write = finding.range(of: "; write '"), finding.hasSuffix("' at its start") {
                lines[at] = String(finding[write.upperBound...].dropLast("' at its start".count)) + lines[at]
            } else if let indent = finding.range(of: #"; indent it [0-9]+ spaces"#, options: .regularExpression) {
                let count = Int(finding[indent].split(separator: " ")[3]) ?? 0
                lines[at] = String(repeating: " ", count: count) + lines[at].drop { $0 == " " }
            } else if let write = finding.range(of: "; write '", options: .backwards), finding.hasSuffix("'") {
                lines[at] = String(finding[write.upperBound...].dropLast())
            } else {
                XCTFail("no fix: \(message)")
                continue
            }
            XCTAssertEqual(
                try picked.findings(with: lines, in: scratch.url), [], "after the fix '\(lines[at])': \(message)")
            // The tree and its expected block are in all the containers again, as a reader sees them.
            let fixed = SourceFile(path: file, text: lines.joined(separator: "\n"))
            let openings = [tree.fenced.opening.number + shift, expected.opening.number + shift]
            let placed = MarkdownScanner.scan(fixed).blocks.filter { openings.contains($0.opening.number) }
            XCTAssertEqual(
                placed.map(\.containers.count), [quotes.count, quotes.count], "after the fix: \(message)")
        }
    }

    /// Printable characters an author may leave before a fence: a backslash, a tab as code writes
    /// one (`\t`), a stray letter, digit or mark, a non-ASCII letter or symbol, `#`s (`## ` makes a
    /// heading), a backtick or apostrophe and a space. cmark-gfm shows each such line as text, a
    /// heading, or a line of the block it stands in (`Fixtures/fence-substitutions.json`).
    static let leftovers = [
        "\\", "\\t", "x", "Q", "1", ".", ",", "!", "?", "-", "+", "*", "=", "|", "<", "#", "/", "\\\\", "\\t\\t", "•",
        "ş", "→", "` ", "' ", "\\ ", "\\t ", "## ", "x  ",
    ]

    /// Characters left before a fence (`leftovers`) of a core, tree, expected block or display
    /// fragment, opening or closing, at the top level, or, for a tree and its expected block set
    /// in a block quote or a list item, after the container's prefix: exactly one finding, at the
    /// characters, naming them, whose fix (delete them) gives the lesson back with none.
    func testCharactersLeftBeforeAFenceGiveOneFindingThereAndItsFixConverges() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            var lines = picked.lines
            var fences = [picked.block.fenced.opening.number - 1, picked.block.fenced.closing.number - 1]
            // A third of the time in a block quote, a third in a list item: a tree and its expected block.
            let container = random.next() % 3
            var prefix = ""
            if container > 0 {
                let trees = Self.runBlocks(picked.text, path: picked.file).filter {
                    $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
                }
                let tree = trees[Int(random.next() % UInt64(trees.count))]
                let expected = try XCTUnwrap(tree.expected)
                let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
                prefix = container == 1 ? "> " : "  "
                for index in first...last {
                    lines[index] =
                        container == 1
                        ? (lines[index].isEmpty ? ">" : "> " + lines[index])
                        : (lines[index].isEmpty ? "" : (index == first ? "- " : "  ") + lines[index])
                }
                fences = [first, tree.fenced.closing.number - 1, expected.opening.number - 1, last]
            }
            let clean = lines
            let at = fences[Int(random.next() % UInt64(fences.count))]
            let leftover = Self.leftovers[Int(random.next() % UInt64(Self.leftovers.count))]
            let bytes = Array(lines[at].utf8)
            let skip = prefix.isEmpty ? 0 : 2
            lines[at] =
                String(decoding: bytes[..<skip], as: UTF8.self) + leftover
                + String(decoding: bytes[skip...], as: UTF8.self)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "\(picked.block.role) fence written '\(lines[at])'\(container == 1 ? " in a block quote" : container == 2 ? " in a list item" : ""): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):\(skip + 1): error: ") ?? false, message)
            let named = leftover.trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(found.first?.contains("the '\(named)' before its backticks") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unterminated-fence]") ?? false, message)
            let finding = FollowTheFix.parse(String(found.first ?? ""))
            guard let finding, let followed = FollowTheFix.apply([(finding.line, finding.message)], to: lines) else {
                XCTFail("no fix: \(message)")
                continue
            }
            XCTAssertEqual(followed, clean, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], "after the fix: \(message)")
        }
    }

    /// Characters left before the opening fence of a block that follows another block after one
    /// blank line (an expected block after its tree, a display fragment after another): the
    /// leftovers before the lesson's fence (`leftovers`) or before a run that is no fence
    /// (`otherLeftovers` before `otherRuns`). Exactly one finding, at that line, never the block
    /// above's closing fence read as typed in the middle of one block; its fix gives the lesson
    /// back with none.
    func testCharactersLeftBeforeAFenceRightAfterAnotherBlockGiveOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            // A lesson with such a block: an expected block is in every lesson with a tree.
            var picked = try Self.pick(&random, in: lessons)
            var openings: [Int] = []
            for _ in 0..<8 {
                let blocks = Self.runBlocks(picked.text, path: picked.file)
                let closings = Set(blocks.map { $0.fenced.closing.number - 1 })
                openings = blocks.map { $0.fenced.opening.number - 1 }.filter {
                    closings.contains($0 - 2) && picked.lines[$0 - 1].isEmpty
                }
                if !openings.isEmpty { break }
                picked = try Self.pick(&random, in: lessons)
            }
            guard !openings.isEmpty else { continue }
            var lines = picked.lines
            let at = openings[Int(random.next() % UInt64(openings.count))]
            let written: String
            if random.next() % 2 == 0 {
                written = Self.leftovers[Int(random.next() % UInt64(Self.leftovers.count))] + lines[at]
            } else {
                let leftover = Self.otherLeftovers[Int(random.next() % UInt64(Self.otherLeftovers.count))]
                let run = Self.otherRuns[Int(random.next() % UInt64(Self.otherRuns.count))]
                written = leftover + run + lines[at].dropFirst(3)
            }
            lines[at] = written
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "opening fence written '\(written)' right after a block: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):1: error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("[unterminated-fence]") ?? false, message)
            let finding = FollowTheFix.parse(String(found.first ?? ""))
            guard let finding, let followed = FollowTheFix.apply([(finding.line, finding.message)], to: lines) else {
                XCTFail("no fix: \(message)")
                continue
            }
            XCTAssertEqual(followed, picked.lines, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], "after the fix: \(message)")
        }
    }

    /// Characters left before a fence of another kind (`otherLeftovers`: a word with its colon,
    /// `Kodu:`, a heading's `## ` too).
    static let otherLeftovers = ["x", "Kod", "Kodu:", "Örnek:", "\\", "#", "•", "x ", "## "]
    /// The runs typed behind them where the lesson fences with three backticks: of another
    /// character, too short, split by a space, mixed or in another quote style, and (opening
    /// only: a longer closing fence still closes) four backticks. cmark-gfm shows each such line
    /// as text, a heading or a line of its block (`Fixtures/fence-substitutions.json`).
    static let otherRuns = ["~~~", "``", "'''", "`` `", "``~", "’’’"]
    static let otherOpeningRuns = otherRuns + ["````"]

    /// Characters left before a fence of another character or length, or a run that is no fence
    /// at all (`otherLeftovers` before `otherRuns`, `x~~~`, `` x`` ``, `x'''swift`): two slips on
    /// one line, at the top level or in a block quote or list item, opening or closing a core, a
    /// tree, an expected block or a display fragment. Exactly one finding, at the characters, whose
    /// fix writes the whole line as meant (the container's prefix and the lesson's fence, the info
    /// string kept), which gives the lesson back with none.
    func testCharactersLeftBeforeAFenceOfAnotherKindGiveOneFindingThatWritesTheFence() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let leftovers = Self.otherLeftovers
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            var lines = picked.lines
            var fences = [picked.block.fenced.opening.number - 1, picked.block.fenced.closing.number - 1]
            let container = random.next() % 3
            var skip = 0
            if container > 0 {
                let trees = Self.runBlocks(picked.text, path: picked.file).filter {
                    $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
                }
                let tree = trees[Int(random.next() % UInt64(trees.count))]
                let expected = try XCTUnwrap(tree.expected)
                let (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
                skip = 2
                for index in first...last {
                    lines[index] =
                        container == 1
                        ? (lines[index].isEmpty ? ">" : "> " + lines[index])
                        : (lines[index].isEmpty ? "" : (index == first ? "- " : "  ") + lines[index])
                }
                fences = [first, tree.fenced.closing.number - 1, expected.opening.number - 1, last]
            }
            let clean = lines
            let at = fences[Int(random.next() % UInt64(fences.count))]
            let leftover = leftovers[Int(random.next() % UInt64(leftovers.count))]
            let bytes = Array(lines[at].utf8)
            let fence = String(decoding: bytes[skip...], as: UTF8.self)
            XCTAssertTrue(fence.hasPrefix("```"), fence)
            // A closing fence longer than the opening still closes it: only tildes are another fence there.
            let opens = !fence.dropFirst(3).isEmpty || fences.firstIndex(of: at).map { $0 % 2 == 0 } ?? false
            let runs = opens ? Self.otherOpeningRuns : Self.otherRuns
            let other = runs[Int(random.next() % UInt64(runs.count))]
            lines[at] = String(decoding: bytes[..<skip], as: UTF8.self) + leftover + other + fence.dropFirst(3)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(at + 1): "
                + "\(picked.block.role) fence written '\(lines[at])'"
                + "\(container == 1 ? " in a block quote" : container == 2 ? " in a list item" : ""): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(picked.file):\(at + 1):\(skip + 1): error: ") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("; write '\(clean[at])' [unterminated-fence]") ?? false, message)
            let finding = FollowTheFix.parse(String(found.first ?? ""))
            guard let finding, let followed = FollowTheFix.apply([(finding.line, finding.message)], to: lines) else {
                XCTFail("no fix: \(message)")
                continue
            }
            XCTAssertEqual(followed, clean, message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], "after the fix: \(message)")
        }
    }

    /// An opening fence closed on the line under it, or after one or two blank lines (a closing
    /// fence typed there), in a block of any role, at the top level, in a block quote or in a list
    /// item (with its tree or expected block, which share its container): the block is empty and
    /// its code shows as text. With the block's own closing fence still there (it opens a block of
    /// its own), exactly one finding, on the typed line: delete it (and the blank lines). With that
    /// fence deleted too, one more, where it belongs (in a list item with the item's indentation),
    /// at the top level and for a tree; for the last block of a container, which ends it, that one
    /// or none (the block its container ends is said once the typed line is deleted).
    func testAFenceClosedAtOnceGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let blocks = Self.runBlocks(picked.text, path: picked.file)
            // The lines that share the block's container: a tree with its expected block.
            let tree = blocks.first { $0.role == .tree && $0.expected?.opening == picked.block.fenced.opening }
            let first = (tree?.fenced ?? picked.block.fenced).opening.number - 1
            let last = (picked.block.expected ?? picked.block.fenced).closing.number - 1
            var lines = picked.lines
            let container = picked.block.fenced.containers.isEmpty ? random.next() % 3 : 3
            if container == 1 || container == 2 {
                for index in first...last {
                    lines[index] =
                        container == 1
                        ? (lines[index].isEmpty ? ">" : "> " + lines[index])
                        : lines[index].isEmpty ? "" : (index == first ? "- " : "  ") + lines[index]
                }
            }
            let (opening, closing) = (picked.block.fenced.opening.number - 1, picked.block.fenced.closing.number - 1)
            let typed = lines[closing]
            let blanks = Int(random.next() % 3)
            lines.insert(typed, at: opening + 1)
            lines.insert(contentsOf: Array(repeating: container == 1 ? ">" : "", count: blanks), at: opening + 1)
            let deleted = random.next() % 2 == 0
            if deleted { lines.remove(at: closing + 1 + blanks) }
            // A tree's closing fence, its expected block after it in the container: the block runs on
            // over that, and the missing fence is found where it belongs.
            let missing = deleted && (container == 0 || (container != 3 && picked.block.expected != nil))
            let found = try picked.findings(with: lines, in: scratch.url)
            let column = typed.utf8.prefix { $0 != UInt8(ascii: "`") && $0 != UInt8(ascii: "~") }.count + 1
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(opening + 2 + blanks): "
                + "\(picked.block.role) closed after \(blanks) blank lines, in "
                + "\(["no container", "a block quote", "a list item", "its container"][Int(container)])"
                + "\(deleted ? ", its closing fence deleted" : ""): \(found)"
            XCTAssertEqual(found.count, missing ? 2 : deleted ? min(max(found.count, 1), 2) : 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(picked.file):\(opening + 2 + blanks):\(column): error: '") ?? false,
                message)
            let fix = blanks == 0 ? "delete this line" : "delete lines \(opening + 2)–\(opening + 2 + blanks)"
            XCTAssertTrue(found.first?.hasSuffix("; \(fix) [unterminated-fence]") ?? false, message)
            if found.count == 2 {
                XCTAssertTrue(
                    found.last?.hasPrefix("lessons/\(picked.file):\(closing + 2 + blanks):") ?? false, message)
                let indent = container == 2 ? "  " : ""
                XCTAssertTrue(found.last?.contains("the closing fence is missing") ?? false, message)
                XCTAssertTrue(found.last?.contains("insert a line '\(indent)") ?? false, message)
            }
        }
    }

    /// Two fences typed where no block was meant, right under a core's, tree's, fragment's or
    /// expected block's closing fence or right above its opening fence (between a tree and its
    /// expected block too): a bare pair of backticks or tildes, or ```` ```swift ```` and ```` ``` ````
    /// (an empty box, no fragment), with up to two blank lines between. GitHub pairs them with each other (an
    /// empty block) and every later fence as before: exactly one finding, at the first, whose fix
    /// deletes both and the blank lines between; followed, the course has none.
    func testAnEmptyFencePairGivesOneFindingThereAndItsFixConverges() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            guard picked.block.fenced.containers.isEmpty else { continue }
            let below = random.next() % 2 == 0
            let at = below ? picked.block.fenced.closing.number : picked.block.fenced.opening.number - 1
            // An empty `swift` pair is one finding anywhere, as a bare one is (no fragment).
            let form = Int(random.next() % 3)
            let (written, closer) = [("```", "```"), ("~~~", "~~~"), ("```swift", "```")][form]
            let blanks = Int(random.next() % 3)
            var lines = picked.lines
            lines.insert(contentsOf: [written] + Array(repeating: "", count: blanks) + [closer], at: at)
            let found = try picked.findings(with: lines, in: scratch.url)
            let (first, last) = (at + 1, at + 2 + blanks)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(first): '\(written)' "
                + "and '\(closer)' \(below ? "under" : "above") a \(picked.block.role), \(blanks) blank lines between: "
                + "\(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(picked.file):\(first):1: error: '\(written)' here") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("; delete lines \(first)–\(last) [unterminated-fence]") ?? false, message)
            lines.removeSubrange(at...(at + 1 + blanks))
            XCTAssertEqual(try picked.findings(with: lines, in: scratch.url), [], message)
        }
    }

    /// Both fences of a top-level core, tree, expected block or display fragment deleted: the
    /// fences left pair as before, and GitHub shows its lines as text. Exactly one finding, at its
    /// first line, whose fix inserts both fences; followed, the lesson as it was, with none.
    func testABlockWhoseTwoFencesAreDeletedGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            guard picked.block.fenced.containers.isEmpty, !picked.block.fenced.body.isEmpty else { continue }
            let (opening, closing) = (picked.block.fenced.opening.number, picked.block.fenced.closing.number)
            var lines = picked.lines
            lines.remove(at: closing - 1)
            lines.remove(at: opening - 1)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(opening): the fences "
                + "of a \(picked.block.role) deleted: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(opening):1: error: line") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix(" [unterminated-fence]") ?? false, message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, picked.lines, message)
        }
    }

    /// A top-level tree and its expected block set in a list item (an item line `1. Ağaç:` above
    /// them, their lines indented to its content) or a block quote, and both fences of the tree or
    /// of the expected block deleted: readers see its lines as text in the container. Exactly one
    /// finding, at its first line after the prefix, whose fences to insert carry the prefix;
    /// followed, the lesson as it was in the container, with none (and none before the slip).
    func testABlockInAContainerWhoseTwoFencesAreDeletedGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 3) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            let trees = Self.runBlocks(picked.text, path: picked.file).filter {
                $0.role == .tree && $0.expected != nil && $0.fenced.containers.isEmpty
            }
            guard !trees.isEmpty else { continue }
            let tree = trees[Int(random.next() % UInt64(trees.count))]
            let expected = try XCTUnwrap(tree.expected)
            var (first, last) = (tree.fenced.opening.number - 1, expected.closing.number - 1)
            let quote = random.next() % 2 == 0
            let prefix = quote ? "> " : "   "
            var lines = picked.lines
            for index in first...last {
                lines[index] = lines[index].isEmpty ? (quote ? ">" : "") : prefix + lines[index]
            }
            var shift = 0
            if !quote {
                lines.insert(contentsOf: ["1. Ağaç:", ""], at: first)
                shift = 2
                (first, last) = (first + 2, last + 2)
            }
            let clean = lines
            let control = try picked.findings(with: clean, in: scratch.url)
            let deleteTree = random.next() % 2 == 0
            let block = deleteTree ? tree.fenced : expected
            let (opening, closing) = (block.opening.number + shift, block.closing.number + shift)
            lines.remove(at: closing - 1)
            lines.remove(at: opening - 1)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(opening): the fences "
                + "of \(deleteTree ? "a tree" : "an expected block") in a \(quote ? "block quote" : "list item") "
                + "deleted: \(found) (before: \(control))"
            XCTAssertEqual(control, [], message)
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(picked.file):\(opening):\(prefix.count + 1): error: line") ?? false,
                message)
            XCTAssertTrue(
                found.first?.hasSuffix("'\(prefix)```' after line \(closing - 2) [unterminated-fence]") ?? false,
                message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, clean, message)
        }
    }

    /// A top-level core, tree, expected block or display fragment pasted again right under itself,
    /// a blank line after: exactly one finding, at the copy's opening fence, whose fix deletes the
    /// copy and that blank line; followed, the lesson as it was. (A tree pasted with its expected
    /// block is two trees of one golden name, `tree-identity`.)
    func testABlockPastedTwiceGivesOneFindingAtTheCopy() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            guard picked.block.fenced.containers.isEmpty else { continue }
            let (opening, closing) = (picked.block.fenced.opening.number, picked.block.fenced.closing.number)
            var lines = picked.lines
            lines.insert(contentsOf: Array(lines[(opening - 1)..<closing]) + [""], at: closing + 1)
            let found = try picked.findings(with: lines, in: scratch.url)
            let copy = closing + 2
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(opening): a "
                + "\(picked.block.role) pasted twice: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(picked.file):\(copy):1: error: ") ?? false, message)
            XCTAssertTrue(
                found.first?.contains(" repeats the ") == true
                    && found.first?.contains(" at lines \(opening)–\(closing) right above it") == true, message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(followed, picked.lines, message)
        }
    }

    /// A top-level tree set in a list item (`- `, `1. `) or a block quote, its expected block right
    /// under it left outside: indented short of the item's content column, or without `> `.
    /// Exactly one finding, at the expected block's opening fence, whose fix writes its lines with
    /// the tree's prefix; followed, the course has none.
    func testAnExpectedBlockLeftOutsideItsTreesContainerGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let picked = try Self.pick(&random, in: lessons)
            guard picked.block.role == .tree, picked.block.fenced.containers.isEmpty,
                let expected = picked.block.expected
            else { continue }
            let (marker, prefix, short) = [
                ("- ", "  ", ""), ("1. ", "   ", "  "), ("1. ", "   ", ""), ("> ", "> ", ""),
            ][
                Int(random.next() % 4)]
            var lines = picked.lines
            let tree = picked.block.fenced
            for number in tree.opening.number...tree.closing.number {
                lines[number - 1] = (number == tree.opening.number ? marker : prefix) + lines[number - 1]
            }
            for number in expected.opening.number...expected.closing.number {
                lines[number - 1] = short + lines[number - 1]
            }
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(tree.opening.number): "
                + "tree behind '\(marker)', its expected block behind '\(short)': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(picked.file):\(expected.opening.number):\(short.count + 1): error: ")
                    ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix(" [missing-expected]") ?? false, message)
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// Two fences typed around a block of a lesson's own text (its title, a heading, a note, a
    /// bullet list, a paragraph) with a blank line on both sides: bare backticks or tildes, or
    /// with an info string (`swift`, `text`). GitHub shows that text as a code block: exactly one
    /// finding, at the first fence, whose fix deletes both; followed, the lesson as it was. Nothing
    /// downstream (no fence "running on", no Swift parse error, no claim about the hidden text).
    func testAFencePairAroundTheLessonsTextGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let file = names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let clean = text.components(separatedBy: "\n")
            // Top-level blocks of text between blank lines, outside the lesson's fences and front matter.
            let body = (clean.dropFirst().firstIndex { $0 == "---" } ?? 0) + 1
            var inside = false
            var places: [(at: Int, count: Int)] = []
            for (index, line) in clean.enumerated() {
                if line.hasPrefix("```") || line.hasPrefix("~~~") { inside.toggle() }
                guard !inside, index > body, clean[index - 1].isEmpty, !line.isEmpty else { continue }
                let block = Array(clean[index...].prefix { !$0.isEmpty })
                guard index + block.count < clean.count, Classifier.wrappedText(block) != nil else { continue }
                places.append((index, block.count))
            }
            guard !places.isEmpty else { continue }
            let place = places[Int(random.next() % UInt64(places.count))]
            let (written, closer) = [("```", "```"), ("~~~", "~~~"), ("```swift", "```"), ("````text", "````")][
                Int(random.next() % 4)]
            var lines = clean
            lines.insert(closer, at: place.at + place.count)
            lines.insert(written, at: place.at)
            let picked = Picked(
                file: file, url: url, text: text, lines: lines, block: Self.runBlocks(text, path: file)[0])
            let found = try picked.findings(with: lines, in: scratch.url)
            let (first, last) = (place.at + 1, place.at + place.count + 2)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(first): '\(written)' and "
                + "'\(closer)' around '\(clean[place.at].prefix(40))': \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix(
                    "lessons/\(file):\(first):1: error: '\(written)' here and '\(closer)' at line "
                        + "\(last) wrap ") ?? false, message)
            XCTAssertTrue(
                found.first?.hasSuffix("; delete this line and line \(last) [unterminated-fence]") ?? false, message)
            lines.remove(at: last - 1)
            lines.remove(at: first - 1)
            XCTAssertEqual(lines, clean, message)
        }
    }

    /// A bare fence of the block's kind typed in the middle of a core's, tree's, fragment's or
    /// expected block's code (right above a line of code, with code above it in the block), with a
    /// blank line typed before it, under it (above a line that does not start a block: a `//`
    /// comment or an `import` there is what a deleted opening fence leaves) or neither, and a tree
    /// with its expected block at times put in a list item or a block quote, the fence typed with
    /// the container's prefix or without it: exactly one finding, at it, whose fix deletes it (with
    /// the blank lines typed with it, where the block meant has none: the core's, an expected
    /// block's, two in a row) and, followed, gives no finding and the lesson as it was (the typed
    /// blank line kept in a tree or fragment, where nothing says it was not meant); nothing the cut
    /// block or the fences it mispaired cause is reported. In code (a tree, the core, a fragment it
    /// cuts with a brace open) a blank line and a `// not: …` line typed under it are one finding at
    /// the fence too: in the core the fix deletes the comment with it, elsewhere the comment stays.
    func testAFenceTypedInTheMiddleOfABlockGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            var picked = try Self.pick(&random, in: lessons)
            while ![.core, .tree, .fragment, .expected].contains(picked.block.role)
                || !picked.block.fenced.containers.isEmpty
            {
                picked = try Self.pick(&random, in: lessons)
            }
            // 3: a blank line under it and a line that starts a block (`// not: …`) typed with it, in
            // code: a tree, the core, or a fragment it cuts with a brace open (cut between two
            // declarations, a fragment may as well be two whose second lost its opening fence).
            let blank = random.next() % (picked.block.role == .expected ? 3 : 4)
            let body = picked.block.fenced.body
            let places = body.indices.filter { index in
                index > 0 && !body[index].text.allSatisfy(\.isWhitespace)
                    && body[..<index].contains { !$0.text.allSatisfy(\.isWhitespace) }
                    && (blank < 2 || !Classifier.startsABlock(body[index].text[...].trimmingBlanks()))
                    && (blank < 3 || picked.block.role != .fragment
                        || Classifier.cutsCode(body[..<index].map(\.text), under: body[index...].map(\.text)))
            }
            guard !places.isEmpty else { continue }
            var before = body[places[Int(random.next() % UInt64(places.count))]].number - 1
            // A tree and its expected block in a list item or a block quote, at times.
            let container = picked.block.role == .tree ? random.next() % 4 : 0
            var clean = picked.lines
            if container != 0 {
                let opening = picked.block.fenced.opening.number - 1
                let expected = clean[(picked.block.fenced.closing.number)...].firstIndex { !$0.isEmpty }!
                let end = clean[(expected + 1)...].firstIndex { $0 == "```" }!
                for index in opening...end {
                    clean[index] =
                        container == 1
                        ? (clean[index].isEmpty ? "" : "  " + clean[index])
                        : (clean[index].isEmpty ? ">" : "> " + clean[index])
                }
                if container == 1 {
                    clean.insert(contentsOf: ["- Ağaç:", ""], at: opening)
                    before += 2
                }
            }
            let prefix = container == 0 ? "" : container == 1 ? "  " : "> "
            let prefixed = random.next() % 2 == 0
            let fenced = picked.block.fenced.fence
            let fenceLine = (prefixed ? prefix : "") + String(repeating: fenced.character, count: fenced.length)
            let blankLine = container >= 2 ? ">" : ""
            // (A comment goes anywhere in code; an `import` typed mid-expression would be a second slip.)
            let comment =
                picked.block.role == .tree
                ? ["// not: bu satır açıklama", "// main.swift — ikinci"][Int(random.next() % 2)]
                : "// not: bu satır açıklama"
            let typed =
                blank == 1
                ? [blankLine, fenceLine]
                : blank == 2
                    ? [fenceLine, blankLine] : blank == 3 ? [fenceLine, blankLine, prefix + comment] : [fenceLine]
            var lines = clean
            lines.insert(contentsOf: typed, at: before)
            let fence = before + (blank == 1 ? 2 : 1)
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):\(fence): "
                + "\(picked.block.role)\(["", ", a blank line before", ", a blank line under", ", a blank line and '\(comment)' under"][Int(blank)])"
                + "\(["", ", in a list item", ", in a block quote", ", in a block quote"][Int(container)])"
                + "\(container != 0 && !prefixed ? " (typed without its prefix)" : ""): \(found)"
            XCTAssertEqual(found.count, 1, message)
            let column = prefixed ? prefix.count + 1 : 1
            XCTAssertTrue(
                found.first?.hasPrefix(
                    "lessons/\(picked.file):\(fence):\(column): error: '\(fenceLine.drop { " >".contains($0) })' closes"
                )
                    ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix(" [unterminated-fence]") ?? false, message)
            // Followed, the fix gives the lesson back (with the blank line typed, in a tree or fragment).
            guard found.count == 1, let parsed = FollowTheFix.parse(String(found[0])),
                let followed = FollowTheFix.apply([(parsed.line, parsed.message)], to: lines)
            else { continue }
            var kept = clean
            if blank == 3, picked.block.role == .core {
                // No line of the embedded core: the fix deletes it with the fence.
                XCTAssertEqual(followed, clean, message + " → \(parsed.message)")
            } else if blank == 3 {
                // The typed line stays in the code, with or without the blank line above it.
                kept.insert(prefix + comment, at: before)
                var spaced = kept
                spaced.insert(blankLine, at: before)
                XCTAssertTrue(followed == kept || followed == spaced, message + " → \(parsed.message)")
            } else {
                if blank != 0 { kept.insert(blankLine, at: before) }
                let code = [.tree, .fragment].contains(picked.block.role)
                XCTAssertTrue(followed == clean || (code && followed == kept), message + " → \(parsed.message)")
            }
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
        }
    }

    /// A block's fences rewritten the way GitHub renders the same (both tildes, both longer, the
    /// closing longer): the course still passes, with no finding.
    func testRenderingPreservingFenceRewritesGiveNoFinding() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            var picked = try Self.pick(&random, in: lessons)
            let (open, close) = Self.rewrites[Int(random.next() % UInt64(Self.rewrites.count))]
            let opening = picked.block.fenced.opening.number - 1
            picked.lines[opening] = open + picked.lines[opening].dropFirst(3)
            picked.lines[picked.block.fenced.closing.number - 1] = close
            let found = try picked.findings(with: picked.lines, in: scratch.url)
            XCTAssertEqual(
                found, [],
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(picked.file):"
                    + "\(picked.block.fenced.opening.number): \(picked.block.role) fences \(open) … \(close)")
        }
    }

    struct Oracle: Decodable {
        struct Case: Decodable {
            var kind: String
            var position: String
            var written: String
            var role: String
            var markdown: String
            var github: [[String]]
            var same: Bool
        }
        var lesson: String
        var github: [[String]]
        var cases: [Case]
    }

    /// Each code block as GitHub shows it: its language and its text.
    static func codeBlocks(_ markdown: String) -> [[String]] {
        var found: [[String]] = []
        BlockParser.parse(LineScanner.lines(of: markdown)).walk { node, _ in
            switch node.kind {
            case .fencedCode(let fence, _):
                let language = fence.info.prefix { $0 != " " && $0 != "\t" }
                found.append([String(language), node.content.map { ($0.gitHubText ?? $0.text) + "\n" }.joined()])
            case .indentedCode:
                found.append(["", node.content.map { ($0.gitHubText ?? $0.text) + "\n" }.joined()])
            default: break
            }
        }
        return found
    }

    /// The generators' substitutions against cmark-gfm (`Fixtures/fence-substitutions.json`, from
    /// `fence-substitutions.py`), on a small lesson with a core, a fragment, a tree and its
    /// expected block: every slip (characters left before a fence too) renders the lesson's code
    /// blocks otherwise and every rewrite as they were, the block parser reads each as GitHub
    /// does, and classification gives each slip one finding at its line and each rewrite none.
    func testSubstitutionsRenderAsGitHubSays() throws {
        let url = Fixture.root.appendingPathComponent("fence-substitutions.json")
        let oracle = try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: url))
        XCTAssertEqual(Self.codeBlocks(oracle.lesson), oracle.github)
        var listed: [String: Set<String>] = [:]
        for item in oracle.cases { listed["\(item.kind) \(item.position)", default: []].insert(item.written) }
        XCTAssertEqual(listed["slip closing"], Set(Self.closingSlips), "the oracle is out of step with the generator")
        XCTAssertEqual(listed["slip opening"], Set(Self.openingSlips), "the oracle is out of step with the generator")
        XCTAssertEqual(listed["rewrite both"], Set(Self.rewrites.map { "\($0) \($1)" }), "the oracle is out of step")
        XCTAssertEqual(listed["leftover opening"], Set(Self.leftovers), "the oracle is out of step with the generator")
        XCTAssertEqual(listed["leftover closing"], Set(Self.leftovers), "the oracle is out of step with the generator")
        let others = Set(Self.otherLeftovers.flatMap { leftover in Self.otherRuns.map { leftover + $0 } })
        XCTAssertEqual(listed["leftover-other closing"], others, "the oracle is out of step with the generator")
        XCTAssertEqual(
            listed["leftover-other opening"], others.union(Self.otherLeftovers.map { $0 + "````" }),
            "the oracle is out of step with the generator")
        XCTAssertEqual(
            oracle.cases.count,
            4
                * (Self.closingSlips.count + Self.openingSlips.count + Self.rewrites.count + 2 * Self.leftovers.count
                    + Self.otherLeftovers.count * (Self.otherRuns.count + Self.otherOpeningRuns.count)))
        let lines = oracle.lesson.components(separatedBy: "\n")
        // Every case against GitHub; classification on a sample (all under soak).
        let (judged, seed) = PropertySeeds.sample(of: oracle.cases.count, share: 0.25)
        for (position, item) in oracle.cases.enumerated() {
            let what =
                "\(item.kind) \(item.position) \(item.written) in the \(item.role)"
                + " (COURSECHECK_PROPERTY_SEED=\(seed) replays the sample)"
            XCTAssertEqual(item.same, item.kind == "rewrite", "GitHub: \(what)")
            XCTAssertEqual(Self.codeBlocks(item.markdown), item.github, "block parser against GitHub: \(what)")
            guard judged.contains(position) else { continue }
            let file = SourceFile(path: "01-ders.md", text: item.markdown)
            let found = Classifier.classify(file, scanned: MarkdownScanner.scan(file)).1.map {
                "\($0.location.line) [\($0.id.rawValue)]"
            }
            let changed = zip(lines, item.markdown.components(separatedBy: "\n")).enumerated().filter { $1.0 != $1.1 }
            let slipped = item.kind != "rewrite" ? changed.map { "\($0.offset + 1) [unterminated-fence]" } : []
            XCTAssertEqual(found, slipped, "classification: \(what)")
        }
    }
}
