import CourseCheckKit
import Foundation
import XCTest

/// Random sequences of checks, updates, prunes and promotions, interleaved at step boundaries with
/// an author's edits (renamed lessons and trees among them) and with killed runs: no byte the author wrote is lost, a passing check means
/// `--update` and `--promote` change nothing, and the sequence settles.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of sequences (`make soak` runs many); a failure
/// prints its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class WritePropertyTests: XCTestCase {
    static let lessonNames = ["09-yerel-durum", "10-baglama"]

    /// What the author wrote that coursecheck must never lose: whole files, and marker lines in lessons.
    private struct Author {
        var files: [String: Data] = [:]
        var markers: [String: [String]] = [:]
        /// Diagrams put between a tree and its output (structural errors), to take out when settling.
        var diagrams: [String: [String]] = [:]
        /// The lesson names now on disk, by their original stem.
        var names: [String: String] = Dictionary(uniqueKeysWithValues: lessonNames.map { ($0, $0) })
    }

    private enum Step: CaseIterable {
        case check, update, prune, promote, editProse, driftOutput, addNote, addDiagram, killedUpdate, killedPromote,
            rename, renameTree, renameLessonAndTree
    }

    func testRandomSequencesLoseNoAuthorByteAndSettle() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 8)
        for seed in seeds {
            try runSequence(seed: seed, steps: 10)
        }
    }

    private func runSequence(seed: UInt64, steps: Int) throws {
        var random = BlockStructurePropertyTests.Generator(state: seed)
        let scratch = try Scratch()
        defer { scratch.remove() }
        let root = scratch.url
        for name in Self.lessonNames { try CourseCopy.copyLesson(name, into: root) }
        // The course's record of the lessons directories its goldens serve, as the repository has it.
        try FileManager.default.copyItem(
            at: Binary.packageRoot.appendingPathComponent("goldens/LESSONS"),
            to: root.appendingPathComponent("goldens/LESSONS"))
        var author = Author()
        var log: [String] = []
        func fail(_ message: String) {
            XCTFail("seed \(seed), after \(log.joined(separator: ", ")): \(message)")
        }

        for _ in 0..<steps {
            let step = Step.allCases[Int(random.next() % UInt64(Step.allCases.count))]
            log.append("\(step)")
            switch step {
            case .check:
                let before = Self.files(root)
                let check = run(["--no-claims", "lessons/"], in: root)
                if check.stderr.contains(".coursecheck-tmp") { fail("a check reported a temporary: \(check.stderr)") }
                if check.status == .clean {
                    // A passing check: update and promote change nothing.
                    _ = run(["--update", "--no-claims", "lessons/"], in: root)
                    _ = run(["--promote", "--no-claims", "lessons/"], in: root)
                    if Self.files(root) != before { fail("a passing check, yet update or promote changed files") }
                }
            case .update: _ = run(["--update", "--no-claims", "lessons/"], in: root)
            case .prune: _ = run(["--update", "--prune", "--no-claims", "lessons/"], in: root)
            case .promote: _ = run(["--promote", "--no-claims", "lessons/"], in: root)
            case .editProse:
                let lesson = pick(&random, author)
                let marker = "Yazarın notu \(random.next() % 1_000_000)."
                try insertParagraph(marker, in: lessonURL(root, author, lesson), random: &random)
                author.markers[lesson, default: []].append(marker)
            case .driftOutput:
                let url = lessonURL(root, author, pick(&random, author))
                var text = try String(contentsOf: url, encoding: .utf8)
                if let range = text.range(of: "yerel: ") {
                    text.replaceSubrange(range, with: "yerel: 9")
                    try Data(text.utf8).write(to: url)
                }
            case .addNote:
                let lesson = pick(&random, author)
                let relative = "goldens/\(author.names[lesson] ?? lesson)/notlar-\(random.next() % 1000).txt"
                let data = Data("yazarın notu \(random.next())\n".utf8)
                let url = root.appendingPathComponent(relative)
                if FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path) {
                    try data.write(to: url)
                    author.files[relative] = data
                }
            case .addDiagram:
                let lesson = pick(&random, author)
                // A bare fence reads as the tree's expected block, and the real one turns stray.
                let diagram = "Diyagram \(random.next() % 1_000_000)"
                let fence = random.next() % 2 == 0 ? "```text" : "```"
                if try insertDiagram(diagram, fence: fence, in: lessonURL(root, author, lesson)) {
                    author.diagrams[lesson, default: []].append("\(fence)\n\(diagram)\n```\n\n")
                    author.markers[lesson, default: []].append(diagram)
                }
            case .killedUpdate, .killedPromote:
                let flag = step == .killedUpdate ? "--update" : "--promote"
                _ = try Binary.run(
                    [flag, "--no-claims", "lessons/"], in: root, environment: ["COURSECHECK_FAULT": "before-rename"])
            case .renameLessonAndTree:
                // One edit renames a lesson and one of its trees' titles: from a clean course,
                // `--update` carries every approved golden (the same bytes, nothing added) and settles.
                let lesson = pick(&random, author)
                let clean = run(["--no-claims", "lessons/"], in: root).status == .clean
                let approved = Self.goldenBytes(root)
                try renameLesson(lesson, root: root, author: &author)
                try renameTree(in: lessonURL(root, author, lesson))
                guard clean else { break }
                let update = run(["--update", "--no-claims", "lessons/"], in: root)
                let check = run(["--no-claims", "lessons/"], in: root)
                if check.status != .clean || Self.goldenBytes(root) != approved {
                    fail("a renamed lesson and title were not carried: \(update.stdout)\(update.stderr)\(check.stderr)")
                }
            case .rename:
                try renameLesson(pick(&random, author), root: root, author: &author)
            case .renameTree:
                try renameTree(in: lessonURL(root, author, pick(&random, author)))
            }
            try checkNothingLost(root, author, fail: fail)
        }

        // Settle: the author takes the diagrams out; promote, update with prune, then everything is still.
        for (lesson, diagrams) in author.diagrams {
            let url = lessonURL(root, author, lesson)
            var text = try String(contentsOf: url, encoding: .utf8)
            for diagram in diagrams {
                text = text.replacingOccurrences(of: diagram, with: "")
                author.markers[lesson]?.removeAll { diagram.contains("\n\($0)\n") }
            }
            try Data(text.utf8).write(to: url)
        }
        log.append("settle")
        _ = run(["--promote", "--no-claims", "lessons/"], in: root)
        let update = run(["--update", "--prune", "--no-claims", "lessons/"], in: root)
        let check = run(["--no-claims", "lessons/"], in: root)
        if check.status != .clean { fail("did not settle: \(update.stdout)\(update.stderr)\(check.stderr)") }
        let settled = Self.files(root)
        _ = run(["--update", "--prune", "--no-claims", "lessons/"], in: root)
        _ = run(["--promote", "--no-claims", "lessons/"], in: root)
        if Self.files(root) != settled { fail("a settled course changed on another update or promote") }
        try checkNothingLost(root, author, fail: fail)
    }

    /// The lesson's file renamed as `git mv` does: `-yeni` added to its name, or taken off again.
    private func renameLesson(_ lesson: String, root: URL, author: inout Author) throws {
        let current = author.names[lesson] ?? lesson
        let renamed = current.hasSuffix("-yeni") ? String(current.dropLast(5)) : current + "-yeni"
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("lessons/\(current).md"),
            to: root.appendingPathComponent("lessons/\(renamed).md"))
        author.names[lesson] = renamed
    }

    /// A letter added to (or taken from) the first word of a tree's title: a renamed tree.
    private func renameTree(in url: URL) throws {
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let prefix = "// main.swift — "
        guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return }
        let words = lines[index].dropFirst(prefix.count).split(separator: " ", omittingEmptySubsequences: false)
        var first = String(words.first ?? "")
        if first.hasSuffix("x") { first.removeLast() } else { first += "x" }
        lines[index] = prefix + ([first] + words.dropFirst().map(String.init)).joined(separator: " ")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }

    /// The approved outputs, whatever their names: a carried golden keeps its bytes.
    static func goldenBytes(_ root: URL) -> [Data] {
        files(root).filter { $0.key.hasPrefix("goldens/") && $0.key.hasSuffix(".out") }.values.sorted {
            $0.lexicographicallyPrecedes($1)
        }
    }

    private func run(_ arguments: [String], in root: URL) -> InProcess.Result {
        InProcess.run(arguments, in: root)
    }

    private func pick(_ random: inout BlockStructurePropertyTests.Generator, _ author: Author) -> String {
        Self.lessonNames[Int(random.next() % UInt64(Self.lessonNames.count))]
    }

    private func lessonURL(_ root: URL, _ author: Author, _ lesson: String) -> URL {
        root.appendingPathComponent("lessons/\(author.names[lesson] ?? lesson).md")
    }

    /// A paragraph of prose before a random `## ` heading (never inside a block).
    private func insertParagraph(_ text: String, in url: URL, random: inout BlockStructurePropertyTests.Generator)
        throws
    {
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let headings = lines.indices.filter { lines[$0].hasPrefix("## ") }
        guard !headings.isEmpty else { return }
        let at = headings[Int(random.next() % UInt64(headings.count))]
        lines.insert(contentsOf: [text, ""], at: at)
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }

    /// A diagram block right after the first tree's closing fence: a structural error.
    private func insertDiagram(_ text: String, fence: String, in url: URL) throws -> Bool {
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        guard let tree = lines.firstIndex(where: { $0.hasPrefix("// main.swift") }),
            let closing = lines[tree...].firstIndex(of: "```")
        else { return false }
        lines.insert(contentsOf: ["", fence, text, "```"], at: closing + 1)
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        return true
    }

    private func checkNothingLost(_ root: URL, _ author: Author, fail: (String) -> Void) throws {
        for (relative, data) in author.files {
            // A note in a renamed lesson's golden folder stays where the author put it.
            if FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) != data {
                fail("the author's \(relative) was lost or changed")
            }
        }
        for (lesson, markers) in author.markers {
            let text = (try? String(contentsOf: lessonURL(root, author, lesson), encoding: .utf8)) ?? ""
            for marker in markers where !text.contains(marker) {
                fail("the author's line '\(marker)' is gone from \(lesson)")
            }
        }
    }

    /// Every file under `root` (temporaries of killed runs left out: git and the checks ignore them).
    static func files(_ root: URL) -> [String: Data] {
        FileTree.contents(of: root, excluding: { $0.contains(".coursecheck-tmp-") })
    }
}
