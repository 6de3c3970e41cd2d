import Foundation
import XCTest

@testable import CourseCheckKit

/// Warm equals cold: over random sequences of author edits to a copy of the real course (its trees,
/// expected blocks, cores and display fragments) and of changes to the environment the check runs
/// with, a check that carries one cache along the whole sequence reports what a check afresh
/// (`--no-cache`, or an empty cache) reports at every step: every finding line, the exit status and
/// the summary's counts. Only the summary's cache notes (`(cached: 48 results)`) and the wording of
/// how swiftc built what it ran (`, standalone (2 × imports a module)`), which a cached result has no
/// need of, are set aside, and nothing else.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of sequences (`make soak` runs many, each longer,
/// over the whole course); a failure names its seed and the edits that led to it, and
/// `COURSECHECK_PROPERTY_SEED` replays it (with `COURSECHECK_PROPERTY_CASES=1` for a soak's).
final class WarmColdPropertyTests: XCTestCase {
    func testAWarmCheckReportsWhatACheckAfreshReports() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let everyLesson = try ParallelDeterminismTests.lessonTexts(in: lessons).filter { $0.name != "README.md" }
        // A check afresh asks the compiler about every tree (a tenth of a second of processor time
        // each): `make test` compares one step after the check that fills the cache, on two lessons
        // the seed picks (the others removed, so the index names lessons that are not there), and
        // `make soak` four steps in each sequence over the whole course.
        let quick = ProcessInfo.processInfo.environment["COURSECHECK_PROPERTY_CASES"] == nil
        let steps = quick ? 1 : 4
        var compared = 0
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            var originals = everyLesson
            if quick {
                originals = Self.pick(2, of: everyLesson, &random)
                for lesson in everyLesson where !originals.contains(where: { $0.name == lesson.name }) {
                    try FileManager.default.removeItem(at: lessons.appendingPathComponent(lesson.name))
                }
            }
            var course = Course(originals)
            let warmCache = scratch.url.appendingPathComponent("warm-\(seed)")
            defer { try? FileManager.default.removeItem(at: warmCache) }
            var environment = Self.baseEnvironment
            var history: [String] = []
            // In `make test` the carried cache starts as a copy of the run's shared one (another
            // run's cache, warm with the course's trees), so only the check afresh compiles them all.
            if quick, let shared = InProcess.sharedCache { Self.copyEntries(of: shared, to: warmCache) }
            // The check that fills the cache the sequence carries, on a course already edited or not.
            for _ in 0..<(random.next() % 3) { history.append(course.edit(&environment, &random)) }
            try course.write(to: lessons, all: true)
            _ = Self.check(["lessons/"], in: scratch.url, cache: .carried(warmCache), environment: environment)
            history.append("(cache filled)")
            for step in 1...steps {
                for _ in 0...(random.next() % 2) { history.append(course.edit(&environment, &random)) }
                try course.write(to: lessons)
                var arguments = ["lessons/"]
                if random.next() % 4 == 0 {
                    // Cross-checked, on the lessons edited last (a cross-check afresh of the whole
                    // course compiles every tree: 8 s).
                    arguments = ["--cross-check"] + course.recentlyEdited.map { "lessons/\($0)" }
                }
                let carried: CacheUse = random.next() % 2 == 0 ? .carried(warmCache) : .carriedByVariable(warmCache)
                let afresh: CacheUse =
                    random.next() % 2 == 0
                    ? .none : .carried(scratch.url.appendingPathComponent("empty-\(seed)-\(step)"))
                let warm = Self.check(arguments, in: scratch.url, cache: carried, environment: environment)
                let cold = Self.check(arguments, in: scratch.url, cache: afresh, environment: environment)
                if case .carried(let empty) = afresh { try? FileManager.default.removeItem(at: empty) }
                compared += 1
                if warm != cold {
                    XCTFail(
                        """
                        seed \(seed), step \(step), \(arguments.joined(separator: " ")): the warm check (\(carried)) \
                        reported otherwise than the check afresh (\(afresh)).
                        edits: \(history.joined(separator: "; "))
                        \(Self.difference(warm, cold))
                        """)
                    break
                }
            }
        }
        XCTAssertGreaterThan(compared, 0)
    }

    /// `count` of the lessons, in course order, chosen by the generator.
    /// Copies each file of `cache` that is still there: the shards write the shared cache as this
    /// reads it (each write a rename, so a file is whole or absent). Not its folders: a module cache
    /// records its own path, and a copy is cleared and built again.
    static func copyEntries(of cache: URL, to copy: URL) {
        let files = FileManager.default
        try? files.createDirectory(at: copy, withIntermediateDirectories: true)
        for entry in (try? files.contentsOfDirectory(atPath: cache.path)) ?? [] {
            let source = cache.appendingPathComponent(entry)
            guard (try? source.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            try? files.copyItem(at: source, to: copy.appendingPathComponent(entry))
        }
    }

    static func pick(
        _ count: Int, of lessons: [(name: String, text: String)], _ random: inout BlockStructurePropertyTests.Generator
    ) -> [(name: String, text: String)] {
        var left = Array(lessons.indices)
        var chosen: [Int] = []
        while chosen.count < count, !left.isEmpty {
            chosen.append(left.remove(at: Int(random.next() % UInt64(left.count))))
        }
        return chosen.sorted().map { lessons[$0] }
    }

    /// Where a check keeps its cache.
    enum CacheUse: CustomStringConvertible {
        /// `--no-cache`.
        case none
        /// `--cache-dir DIR`.
        case carried(URL)
        /// `COURSECHECK_CACHE_DIR=DIR`.
        case carriedByVariable(URL)

        var description: String {
            switch self {
            case .none: "--no-cache"
            case .carried(let url): "--cache-dir \(url.lastPathComponent)"
            case .carriedByVariable(let url): "COURSECHECK_CACHE_DIR=\(url.lastPathComponent)"
            }
        }
    }

    /// What a check reported, the summary's cache notes and build wording set aside.
    struct Report: Equatable {
        var status: CourseCheckCommand.ExitStatus
        var findings: [String]
        var summary: [String]
    }

    /// The test's own environment for the check: the toolchain (PATH, SWIFTC) and HOME, and no
    /// cache directory but the one a check is given.
    static let baseEnvironment = InProcess.environment.filter { $0.key != "COURSECHECK_CACHE_DIR" }

    /// The check in-process with exactly `environment` (so a variable can be unset) and `cache`.
    static func check(_ arguments: [String], in directory: URL, cache: CacheUse, environment: [String: String])
        -> Report
    {
        var variables = environment
        var options: [String] = []
        switch cache {
        case .none: options = ["--no-cache"]
        case .carried(let url): options = ["--cache-dir", url.path]
        case .carriedByVariable(let url): variables["COURSECHECK_CACHE_DIR"] = url.path
        }
        let out = BufferSink()
        let err = BufferSink()
        let command = CourseCheckCommand(
            environment: .init(currentDirectory: directory, variables: variables, stderrIsTerminal: false),
            stdout: out, stderr: err)
        let status = command.run(options + arguments)
        return Report(
            status: status, findings: err.text.components(separatedBy: "\n"),
            summary: out.text.components(separatedBy: "\n").map(normalised))
    }

    /// A summary line with each engine's cache note and build wording taken out: `swiftc: 2 trees,
    /// standalone (2 × imports a module) [2 × import Observation]` and `swiftc: 2 trees (cached: 2
    /// results) [2 × import Observation]` are both `swiftc: 2 trees [2 × import Observation]`. The
    /// counts, the router's reasons (in brackets) and every other part stay as printed.
    static func normalised(_ summary: String) -> String {
        summary.components(separatedBy: "; ").map { part -> String in
            guard part.hasPrefix("embedded: ") || part.hasPrefix("swiftc: "),
                let trees = part.range(of: #"^[a-z]+: [0-9]+ trees?"#, options: .regularExpression)
            else { return part }
            let reasons = part.range(of: " [", options: .backwards).map { String(part[$0.lowerBound...]) } ?? ""
            return String(part[trees]) + reasons
        }.joined(separator: "; ")
    }

    /// The findings (each with its notes and attachment) and summary lines only one of the two
    /// reports has, each marked with the check that printed it.
    static func difference(_ warm: Report, _ cold: Report) -> String {
        var lines: [String] = []
        if warm.status != cold.status { lines.append("status: warm \(warm.status), afresh \(cold.status)") }
        let warmItems = findings(warm.findings) + warm.summary
        let coldItems = findings(cold.findings) + cold.summary
        for (name, mine, theirs) in [("warm", warmItems, coldItems), ("afresh", coldItems, warmItems)] {
            var others = theirs
            for item in mine {
                if let at = others.firstIndex(of: item) {
                    others.remove(at: at)
                } else {
                    lines.append("only \(name): \(item)")
                }
            }
        }
        if lines.isEmpty {
            lines.append("the same findings in another order:\n\(warm.findings.joined(separator: "\n"))")
        }
        return lines.joined(separator: "\n")
    }

    /// The report's lines grouped by finding: a finding's line starts a group, its located notes
    /// and its attachment's lines (indented, or a diff's) follow it.
    static func findings(_ lines: [String]) -> [String] {
        var groups: [String] = []
        for line in lines where !line.isEmpty {
            let continues =
                !groups.isEmpty && line.range(of: #"^[^ +@-].*: (error|warning): "#, options: .regularExpression) == nil
            if continues { groups[groups.count - 1] += "\n" + line } else { groups.append(line) }
        }
        return groups
    }

    /// The course as the sequence has edited it: each lesson's lines, and what was last written.
    struct Course {
        var names: [String]
        var lines: [String: [String]]
        var written: [String: String] = [:]
        /// The lessons the last edit touched (at least one), for a cross-check of them alone.
        var recentlyEdited: [String]
        let originals: [String: [String]]

        init(_ texts: [(name: String, text: String)]) {
            names = texts.map(\.name)
            lines = Dictionary(uniqueKeysWithValues: texts.map { ($0.name, $0.text.components(separatedBy: "\n")) })
            originals = lines
            recentlyEdited = [names[0]]
        }

        /// Writes the lessons whose text changed since they were last written (every one when `all`).
        mutating func write(to lessons: URL, all: Bool = false) throws {
            for name in names {
                let text = lines[name, default: []].joined(separator: "\n")
                guard all || written[name] != text else { continue }
                try Data(text.utf8).write(to: lessons.appendingPathComponent(name))
                written[name] = text
            }
        }

        /// The slips an author makes in a display fragment, each marked so that a fix finds it.
        static let slips = [
            "let = 1 // yanlış", "Text(\"açık // yanlış", "VStack { // yanlış", "} // yanlış",
            "let dizi = [1, 2 // yanlış", "/* açık yorum // yanlış",
        ]
        static let marker = "// yanlış"

        /// One random edit of the course or the environment; returns what it did.
        mutating func edit(_ environment: inout [String: String], _ random: inout BlockStructurePropertyTests.Generator)
            -> String
        {
            let name = names[Int(random.next() % UInt64(names.count))]
            var text = lines[name, default: []]
            let blocks = Self.blocks(text)
            func pick(_ kind: Block.Kind) -> Block? {
                let found = blocks.filter { $0.kind == kind }
                return found.isEmpty ? nil : found[Int(random.next() % UInt64(found.count))]
            }
            var did: String
            switch random.next() % 13 {
            case 0:
                guard let tree = pick(.tree) else { return "nothing" }
                // A printed string changed: the first label a change prints.
                if let at = (tree.open..<tree.close).first(where: { text[$0].contains(".change(\"") }) {
                    text[at] = text[at].replacingOccurrences(of: ".change(\"", with: ".change(\"x")
                    did = "a label in the tree at \(tree.open + 1) of \(name)"
                } else {
                    text.insert("print(\"ek satır\")", at: tree.close)
                    did = "a print in the tree at \(tree.open + 1) of \(name)"
                }
            case 1:
                guard let tree = pick(.tree) else { return "nothing" }
                text.insert("print(\"ek satır \(random.next() % 3)\")", at: tree.close)
                did = "a print in the tree at \(tree.open + 1) of \(name)"
            case 2:
                guard let tree = pick(.tree) else { return "nothing" }
                let slip = ["let = 1", "print(\"açık", "countCauses(["][Int(random.next() % 3)]
                text.insert(slip, at: tree.close)
                did = "'\(slip)' in the tree at \(tree.open + 1) of \(name)"
            case 3:
                guard let tree = pick(.tree) else { return "nothing" }
                // The tree reads the environment; half the time its expected block says what it reads now.
                let value = environment["X"] ?? "yok"
                text.insert("print(ProcessInfo.processInfo.environment[\"X\"] ?? \"yok\")", at: tree.close)
                if random.next() % 2 == 0, let expected = blocks.first(where: { $0.open == tree.close + 1 }),
                    expected.kind == .expected
                {
                    text.insert(value, at: expected.close + 1)
                }
                text.insert("import Foundation", at: tree.open + 2)
                did = "the tree at \(tree.open + 1) of \(name) reads X (expected \(value))"
            case 4:
                guard let expected = pick(.expected), expected.close > expected.open + 1 else { return "nothing" }
                let at = expected.open + 1 + Int(random.next() % UInt64(expected.close - expected.open - 1))
                if random.next() % 2 == 0 {
                    text[at] += "0"
                    did = "expected line \(at + 1) of \(name) changed"
                } else {
                    text.remove(at: at)
                    did = "expected line \(at + 1) of \(name) removed"
                }
            case 5:
                // A core edited: in this lesson, or the same edit in every lesson.
                let every = random.next() % 3 == 0
                let change = random.next() % 2 == 0
                for lesson in every ? names : [name] {
                    var lessonText = lines[lesson, default: []]
                    guard let core = Self.blocks(lessonText).first(where: { $0.kind == .core }) else { continue }
                    if change, let at = (core.open..<core.close).first(where: { lessonText[$0].contains("String") }) {
                        lessonText[at] = lessonText[at].replacingOccurrences(of: "String", with: "Substring")
                    } else {
                        lessonText.insert("// değişti", at: core.close)
                    }
                    lines[lesson] = lessonText
                }
                text = lines[name, default: []]
                did = "\(change ? "a type" : "a comment") in the core of \(every ? "every lesson" : name)"
                if every {
                    recentlyEdited = [name]
                    return did
                }
            case 6, 7:
                guard let fragment = pick(.fragment) else { return "nothing" }
                let slip = Self.slips[Int(random.next() % UInt64(Self.slips.count))]
                let at = fragment.open + 1 + Int(random.next() % UInt64(fragment.close - fragment.open))
                text.insert(slip, at: at)
                did = "'\(slip)' at line \(at + 1) in the fragment at \(fragment.open + 1) of \(name)"
            case 8:
                // A slip fixed: the first marked line of a fragment removed, in any lesson.
                for lesson in names {
                    var lessonText = lines[lesson, default: []]
                    for fragment in Self.blocks(lessonText) where fragment.kind == .fragment {
                        if let at = (fragment.open..<fragment.close).first(where: {
                            lessonText[$0].hasSuffix(Self.marker)
                        }) {
                            lessonText.remove(at: at)
                            lines[lesson] = lessonText
                            recentlyEdited = [lesson]
                            return "the slip at line \(at + 1) of \(lesson) fixed"
                        }
                    }
                }
                return "no slip to fix"
            case 9:
                // The same slip in two fragments (in this lesson and another, or twice in one).
                let slip = Self.slips[Int(random.next() % UInt64(Self.slips.count))]
                let other = names[Int(random.next() % UInt64(names.count))]
                var placed: [String] = []
                for lesson in [name, other] {
                    var lessonText = lines[lesson, default: []]
                    let fragments = Self.blocks(lessonText).filter { $0.kind == .fragment }
                    guard !fragments.isEmpty else { continue }
                    let fragment = fragments[Int(random.next() % UInt64(fragments.count))]
                    lessonText.insert(slip, at: fragment.close)
                    lines[lesson] = lessonText
                    placed.append("\(lesson):\(fragment.close + 1)")
                }
                recentlyEdited = Array(Set([name, other])).sorted()
                return "'\(slip)' in two fragments: \(placed.joined(separator: ", "))"
            case 10:
                // The environment the check runs with.
                let variable = ["X", "X", "LANG", "HOME"][Int(random.next() % 4)]
                let values: [String?] =
                    switch variable {
                    case "X": [nil, "bir", "iki"]
                    case "LANG": [nil, "C", "tr_TR.UTF-8"]
                    default: [nil, Self.home, "/nonexistent-home"]
                    }
                let value = values[Int(random.next() % UInt64(values.count))]
                environment[variable] = value
                return "\(variable)=\(value ?? "(unset)")"
            case 11:
                // A fragment, or a tree with its expected block, copied verbatim after the lesson's
                // last block: one text in two places.
                guard let block = pick(random.next() % 2 == 0 ? .fragment : .tree) else { return "nothing" }
                var copied = Array(text[block.open...block.close])
                if block.kind == .tree, let expected = blocks.first(where: { $0.open == block.close + 2 }),
                    expected.kind == .expected
                {
                    copied += text[block.close + 1...expected.close]
                }
                let end = blocks.last?.close ?? text.count - 1
                text.insert(contentsOf: [""] + copied, at: end + 1)
                did = "the \(block.kind) at \(block.open + 1) of \(name) copied to line \(end + 3)"
            default:
                text = originals[name, default: []]
                did = "\(name) as it was"
            }
            lines[name] = text
            recentlyEdited = [name]
            return did
        }

        static let home = InProcess.environment["HOME"]

        /// A fenced block by its role, as the course's lessons give it: its opening and closing
        /// fence's line indices.
        struct Block {
            enum Kind { case core, tree, expected, fragment, other }
            var kind: Kind
            var open: Int
            var close: Int
        }

        /// The lesson's fenced blocks. The edits never write a fence, so a fence is a line that
        /// starts with three backticks, closed by a line of exactly three.
        static func blocks(_ lines: [String]) -> [Block] {
            var blocks: [Block] = []
            var open: (line: Int, info: Substring)?
            for (index, line) in lines.enumerated() {
                if let opening = open {
                    guard line == "```" else { continue }
                    let first = opening.line + 1 < index ? lines[opening.line + 1] : ""
                    var kind = Block.Kind.other
                    if opening.info == "swift" {
                        kind =
                            first.hasPrefix("// Invalidation.swift")
                            ? .core : first.hasPrefix("// main.swift") ? .tree : .fragment
                    } else if opening.info.isEmpty, let last = blocks.last, last.kind == .tree,
                        last.close + 2 == opening.line
                    {
                        kind = .expected
                    }
                    blocks.append(Block(kind: kind, open: opening.line, close: index))
                    open = nil
                } else if line.hasPrefix("```") {
                    open = (index, line.dropFirst(3))
                }
            }
            return blocks
        }
    }
}
