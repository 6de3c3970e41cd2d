import Foundation
import XCTest

@testable import CourseCheckKit

/// A second course in the house style (`Fixtures/other-course`: three English lessons on a
/// `Counter.swift` core), checked end to end beside the fixtures' single runs: warm and
/// `--no-cache`, goldens approved and pruned, and `init`.
/// What the summary says of this course's own claims in another course: every claim is counted.
private let off =
    "6 off for another course (front-matter, declared-trigger, closing-table, trigger-distribution, note-series, "
    + "label-reference)"

final class OtherCourseTests: XCTestCase {
    /// The second course in a scratch folder of its own, with a cache of its own, so what the
    /// summaries say came from the cache is this test's doing.
    private func course() throws -> (root: URL, cache: String) {
        let scratch = try Scratch()
        addTeardownBlock { scratch.remove() }
        let source = Fixture.root.appendingPathComponent("other-course")
        for folder in ["lessons", "goldens"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(folder), to: scratch.url.appendingPathComponent(folder))
        }
        return (scratch.url, scratch.url.appendingPathComponent("cache").path)
    }

    private static let engine = "[the course's core Counter.swift is not the embedded core]"

    /// One story, in order, on one cache: a cold check, a warm one and one without the cache; a
    /// drift, a core edited in one lesson and a tree that does not compile; a new tree approved
    /// and its golden pruned; then `init`, whose example tree and core are the course's own, so
    /// it is answered from the cache.
    func testTheSecondCourseEndToEnd() throws {
        let (root, cache) = try course()
        let check = { (arguments: [String]) in InProcess.run(["--cache-dir", cache] + arguments, in: root) }
        let summary = { (swiftc: String) in
            "3 lessons: 3 core, 4 trees, 1 fragment; compiler: 4 trees accepted; \(swiftc) \(Self.engine); "
                + "goldens: 4 compared; claims: 2 checked, \(off); 0 errors\n"
        }
        let cold = check(["lessons"])
        let warm = check(["lessons"])
        let fresh = InProcess.run(["--no-cache", "lessons"], in: root)
        // The embedded engine runs none of its trees, so there is nothing to cross-check, and the
        // summary says so.
        let crossed = check(["--cross-check", "lessons"])
        XCTAssertEqual([cold.stdout, cold.stderr], [summary("swiftc: 4 trees, merged"), ""])
        XCTAssertEqual([warm.stdout, warm.stderr], [summary("swiftc: 4 trees (cached: 4 results)"), ""])
        XCTAssertEqual([fresh.stdout, fresh.stderr], [summary("swiftc: 4 trees, merged"), ""])
        XCTAssertEqual(
            [crossed.stdout, crossed.stderr],
            [
                summary("swiftc: 4 trees (cached: 4 results)").replacingOccurrences(
                    of: "core]; goldens",
                    with: "core]; cross-check: nothing to compare (no second engine runs the "
                        + "course's core); goldens"), "",
            ])
        XCTAssertEqual([cold.status, warm.status, fresh.status], [.clean, .clean, .clean])

        // Three slips in three lessons: one finding each, where each is.
        let lessons = root.appendingPathComponent("lessons")
        let originals = try ["01-start.md", "02-steps.md", "03-many.md"].map {
            ($0, try String(contentsOf: lessons.appendingPathComponent($0), encoding: .utf8))
        }
        try CourseCopy.replace(
            "show(counter)\n```", with: "show(counter, twice: true)\n```",
            in: lessons.appendingPathComponent("01-start.md"))
        try CourseCopy.replace("value: 5\n", with: "value: 6\n", in: lessons.appendingPathComponent("02-steps.md"))
        try CourseCopy.replace(
            "value += step\n", with: "value += step * 1\n", in: lessons.appendingPathComponent("03-many.md"))
        let slips = check(["lessons"])
        XCTAssertEqual(slips.status, .findings)
        XCTAssertEqual(slips.stderr, Self.slipFindings)
        XCTAssertEqual(
            slips.stdout,
            "3 lessons: 3 core, 4 trees, 1 fragment; compiler: 3 trees accepted, 1 rejected; swiftc: 3 trees "
                + "(cached: 3 results) [the course's core Counter.swift is not the embedded core]; goldens: 3 compared; claims: 2 checked, \(off); 3 errors\n"
        )
        for (name, text) in originals {
            try text.write(to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        // A new tree: approved by `--update`; once it is gone, `--update --prune` removes its golden.
        let lesson = lessons.appendingPathComponent("03-many.md")
        let original = try String(contentsOf: lesson, encoding: .utf8)
        let tree =
            "```swift\n// main.swift — three steps\nvar c = Counter()\nc.increment(by: 3)\nshow(c)\n```\n\n```\nvalue: 3\n```\n"
        try (original + "\n" + tree).write(to: lesson, atomically: true, encoding: .utf8)
        let golden = root.appendingPathComponent("goldens/03-many/three-steps.out")
        let missing = check(["lessons"])
        XCTAssertEqual(
            missing.stderr,
            "lessons/03-many.md:40:1: error: tree has no approved golden (goldens/03-many/three-steps.out); "
                + "check its output, then run 'coursecheck --update lessons/' [golden-missing]\n")
        let update = check(["--update", "lessons"])
        XCTAssertEqual(update.status, .clean, update.stderr)
        XCTAssertEqual(try String(contentsOf: golden, encoding: .utf8), "value: 3\n")
        try original.write(to: lesson, atomically: true, encoding: .utf8)
        let orphan = check(["lessons"])
        XCTAssertEqual(orphan.status, .findings)
        XCTAssertTrue(orphan.stderr.hasPrefix("goldens/03-many/three-steps.out:"), orphan.stderr)
        XCTAssertEqual(orphan.stderr.components(separatedBy: "\n").filter { $0.contains(": error: ") }.count, 1)
        let prune = check(["--update", "--prune", "lessons"])
        XCTAssertEqual(prune.status, .clean, prune.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden.path))
        XCTAssertEqual(check(["lessons"]).status, .clean)

        // `init` starts a course that passes its own check, and refuses a folder holding anything.
        let started = InProcess.run(["init", "course"], in: root, extra: ["COURSECHECK_CACHE_DIR": cache])
        XCTAssertEqual(started.status, .clean, started.stderr)
        XCTAssertEqual(started.stderr, "")
        XCTAssertEqual(
            started.stdout,
            """
            wrote course/lessons/01-first-steps.md
            wrote course/Makefile
            wrote course/.github/workflows/coursecheck.yml
            wrote course/README.md
            wrote course/.gitignore
            added    course/goldens/01-first-steps/two-steps-of-one.out
            added    course/goldens/LESSONS
            added    course/goldens/TOOLCHAIN
            goldens: 3 added, 0 changed, 0 removed
            1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; swiftc: 1 tree (cached: 1 result) \
            [the course's core Counter.swift is not the embedded core]; goldens: 1 compared; claims: 0 checked, \
            2 not applicable (course-index, fragment-syntax), \(off); 0 errors
            started a course in course (core Counter.swift): 'make verify' checks it (with coursecheck on PATH, or \
            'make verify COURSECHECK=/path/to/coursecheck')

            """)
        let course = root.appendingPathComponent("course")
        let written = try FileManager.default.subpathsOfDirectory(atPath: course.path).sorted()
        XCTAssertEqual(
            try String(contentsOf: course.appendingPathComponent(".gitignore"), encoding: .utf8), ".build/\n")
        XCTAssertEqual(check(["course/lessons"]).status, .clean)
        let again = InProcess.run(["init", "--core", "Tally", "course"], in: root)
        XCTAssertEqual(again.status, .failure)
        XCTAssertTrue(again.stderr.hasPrefix("coursecheck: error: init: course is not empty (it holds "), again.stderr)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: course.path).sorted(), written)
    }

    /// A slip in the core, made the same way in every lesson's copy: one finding at the first
    /// lesson's core block, at the slipped line and column, and no tree blamed for it; the fix in
    /// every copy converges. A slip in one lesson's copy alone is that lesson's core drift.
    func testACoreThatDoesNotCompileIsOneFindingAtItsCoreBlock() throws {
        let (root, cache) = try course()
        let check = { (arguments: [String]) in InProcess.run(["--cache-dir", cache] + arguments, in: root) }
        let lessons = ["01-start.md", "02-steps.md", "03-many.md"].map {
            root.appendingPathComponent("lessons").appendingPathComponent($0)
        }
        for lesson in lessons { try CourseCopy.replace("value += step\n", with: "value += stp\n", in: lesson) }
        let broken = check(["lessons"])
        XCTAssertEqual(broken.status, .findings)
        XCTAssertEqual(
            broken.stderr,
            "lessons/01-start.md:13:18: error: the course's core does not compile: cannot find 'stp' in scope "
                + "(Counter.swift:6:18); fix it the same way in the core block of each of the 3 lessons that hold "
                + "it; 4 trees not compiled until it does [compile-error]\n")
        XCTAssertEqual(
            broken.stdout,
            "3 lessons: 3 core, 4 trees, 1 fragment; compiler: 4 trees not compiled (the core does not compile); "
                + "goldens: 0 compared; claims: 2 checked, \(off); 1 error\n")
        // `--update` approves none of the trees it stopped, each refusal pointing at the core's finding.
        let refused = { (line: String) in
            "\(line):1: error: not approved: the tree has no clean run to approve; see compile-error at "
                + "lessons/01-start.md:13:18 [update-refused]\n"
        }
        let update = check(["--update", "lessons"])
        XCTAssertEqual(
            update.stderr,
            broken.stderr + refused("lessons/01-start.md:25") + refused("lessons/02-steps.md:32")
                + refused("lessons/02-steps.md:44") + refused("lessons/03-many.md:25"))
        for lesson in lessons { try CourseCopy.replace("value += stp\n", with: "value += step\n", in: lesson) }
        XCTAssertEqual(check(["lessons"]).stderr, "")
    }

    /// `init DIR` and a check run from outside the course keep the default cache in the course's
    /// folder (beside `goldens/`, under the `.build/` its `.gitignore` names): nothing appears in
    /// the folder they are run from.
    func testTheDefaultCacheIsTheCoursesWhereverTheCheckRunsFrom() throws {
        let scratch = try Scratch()
        addTeardownBlock { scratch.remove() }
        let root = scratch.url
        let unset: Set<String> = ["COURSECHECK_CACHE_DIR"]
        let started = InProcess.run(["init", "course/"], in: root, without: unset)
        XCTAssertEqual(started.status, .clean, started.stderr)
        let again = InProcess.run(["course/lessons/"], in: root, without: unset)
        XCTAssertEqual(again.stderr, "")
        XCTAssertTrue(again.stdout.contains("(cached: 1 result)"), again.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["course"])
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("course/.build/coursecheck-cache").path))
        let lessons = root.appendingPathComponent("course/lessons")
        let expected = root.appendingPathComponent("course/.build/coursecheck-cache").standardizedFileURL.path
        XCTAssertEqual(
            [
                CourseCheckCommand.defaultCacheDirectory(lessons: "course/lessons", in: root),
                CourseCheckCommand.defaultCacheDirectory(lessons: "course/lessons/01-first-steps.md", in: root),
                CourseCheckCommand.defaultCacheDirectory(lessons: ".", in: lessons),
                CourseCheckCommand.defaultCacheDirectory(lessons: "missing", in: root),
                CourseCheckCommand.defaultCacheDirectory(lessons: nil, in: root),
            ],
            [expected, expected, expected, ".build/coursecheck-cache", ".build/coursecheck-cache"])
    }

    /// The README `init` writes never gives `--promote` for a changed core without saying it writes
    /// the text most lessons hold back over an edit: how another course's core changes is said.
    func testTheStartedReadmeSaysHowTheCoreChanges() {
        let readme = CourseStarter(core: "Counter.swift").readme
        let items = readme.components(separatedBy: "\n- ").map {
            // (An item before a blank line keeps the line break that ends it.)
            $0.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n  ", with: " ")
                .trimmingCharacters(in: .newlines)
        }
        XCTAssertEqual(
            items.filter { $0.contains("core") && $0.contains("--promote") },
            [
                "A changed core: make the same edit in the core block of every lesson, then `--promote` and "
                    + "`--update` as for a changed tree. The core is the text most lessons hold, so `--promote` "
                    + "writes that text back over an edit made in fewer lessons (with two lessons, the first "
                    + "lesson's wins)."
            ])
    }

    /// Control: a tree that redeclares a name of a core that compiles is that tree's compile error.
    func testATreeClashingWithACoreThatCompilesIsTheTrees() throws {
        let (root, cache) = try course()
        try CourseCopy.replace(
            "// main.swift — a new counter is zero\n",
            with: "// main.swift — a new counter is zero\nstruct Counter {}\n",
            in: root.appendingPathComponent("lessons/01-start.md"))
        let clash = InProcess.run(["--cache-dir", cache, "lessons"], in: root)
        XCTAssertEqual(clash.status, .findings)
        XCTAssertEqual(
            clash.stderr.split(separator: "\n").filter { $0.contains(": error: ") },
            [
                "lessons/01-start.md:26:8: error: tree does not compile: invalid redeclaration of 'Counter' "
                    + "(in the core, Counter.swift:2:8) [compile-error]"
            ])
    }

    static let slipFindings = """
        lessons/01-start.md:27:22: error: tree does not compile: extra argument 'twice' in call [compile-error]
        lessons/02-steps.md:51:8: error: output of tree at line 44 differs from the lesson [output-drift]
        lessons/02-steps.md:44:1: note: tree 'one step of five' starts here
        --- lessons/02-steps.md (expected)
        +++ actual output of tree at line 44
        @@ -51 +51 @@
        -value: 6
        +value: 5
        lessons/03-many.md:13:22: error: core block differs from the course's core at core line 6; \
        'coursecheck --promote' writes the course's core (the text most lessons hold) back into this block; \
        to change the core, make the same edit in every lesson's core block [core-drift]
        --- course core (Counter.swift)
        +++ lessons/03-many.md
        @@ -3,7 +10,7 @@
             private(set) var value = 0
         
             mutating func increment(by step: Int = 1) {
        -        value += step
        +        value += step * 1
             }
         }
         

        """

    /// `--core` names the example's core; the parse refuses a name that is no core's.
    func testInitsCoreAndTheCoreOption() throws {
        XCTAssertTrue(
            CourseStarter(core: "Tally.swift").lesson.contains(
                "```swift\n// Tally.swift — the model every lesson of this course prints whole\n"))
        XCTAssertEqual(try Invocation.parse(["init", "--core", "Tally"]).core, "Tally.swift")
        XCTAssertEqual(try Invocation.parse(["init"]).action, .initCourse(directory: nil))
        XCTAssertThrowsError(try Invocation.parse(["--core", "main", "lessons"]))
        XCTAssertThrowsError(try Invocation.parse(["init", "--core", "counter.py"])) { error in
            XCTAssertEqual(
                (error as? CourseCheckError)?.message,
                "--core must name a Swift file other than main.swift, such as Counter or Counter.swift (got 'counter.py')"
            )
        }
        XCTAssertEqual(try Invocation.parse(["init", "--core", "Tally.swift"]).core, "Tally.swift")
        XCTAssertThrowsError(try Invocation.parse(["init", "a", "b"]))
    }

    /// The course coursecheck is built with is its core's: its claims run, and its embedded
    /// engine, whatever the course's other files say; another course lists no claim as not
    /// applicable.
    func testTheCourseIsDecidedByItsCore() throws {
        XCTAssertTrue(CourseCore.embedded.isEmbedded)
        XCTAssertFalse(CourseCore(fileName: "Counter.swift", text: EmbeddedCore.text).isEmbedded)
        XCTAssertFalse(CourseCore(fileName: EmbeddedCore.fileName, text: EmbeddedCore.text + " ").isEmbedded)
        XCTAssertEqual(CourseClaims.switchedOn(forEmbeddedCourse: true).map(\.id), CourseClaims.all.map(\.id))
        XCTAssertEqual(
            CourseClaims.switchedOn(forEmbeddedCourse: false).map(\.id), [.courseIndex, .fragmentSyntax])
        XCTAssertEqual(CourseCore.fileName(namedBy: "// Counter.swift — the model"), "Counter.swift")
        XCTAssertEqual(CourseCore.fileName(namedBy: "// Über.swift"), "Über.swift")
        for line in ["// main.swift — a tree", "//Counter.swift", "// .swift", "// a/B.swift", "// Counter.swiftx", ""]
        {
            XCTAssertNil(CourseCore.fileName(namedBy: line), line)
        }
        XCTAssertEqual(CourseCore.fileName(given: "Counter"), "Counter.swift")
        XCTAssertEqual(CourseCore.fileName(given: "Counter.swift"), "Counter.swift")
        XCTAssertNil(CourseCore.fileName(given: "main"))
        XCTAssertNil(CourseCore.fileName(given: "a/B.swift"))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [["A.swift", "B.swift"], ["B.swift"]], given: nil), .success("B.swift"))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [["A.swift", "B.swift"], ["A.swift", "B.swift"]], given: nil),
            .failure(CourseCore.Ambiguity(names: ["A.swift", "B.swift"], lessons: 2)))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [["A.swift", "B.swift"]], given: "B.swift"), .success("B.swift"))
        XCTAssertEqual(
            CourseCore.decideName(lessons: [[EmbeddedCore.fileName, "B.swift"]], given: nil),
            .success(EmbeddedCore.fileName))
        XCTAssertEqual(CourseCore.decideName(lessons: [[], []], given: nil), .success(EmbeddedCore.fileName))
        // The text most lessons hold is the course's; the first among equals.
        XCTAssertEqual(CourseCore.decide(fileName: "C.swift", texts: ["a", "b", "b"]).text, "b")
        XCTAssertEqual(CourseCore.decide(fileName: "C.swift", texts: ["a", "b"]).text, "a")
        // Under the embedded core's name, the text decides: the embedded core or a near-copy of it
        // (one lesson's drift) is this course's; another course's own text stays its own.
        XCTAssertEqual(CourseCore.decide(fileName: EmbeddedCore.fileName, texts: [EmbeddedCore.text]), .embedded)
        XCTAssertEqual(CourseCore.decide(fileName: EmbeddedCore.fileName, texts: []), .embedded)
        XCTAssertEqual(
            CourseCore.decide(fileName: EmbeddedCore.fileName, texts: ["a", "a"]),
            CourseCore(fileName: EmbeddedCore.fileName, text: "a"))
        XCTAssertFalse(CourseCore.decide(fileName: EmbeddedCore.fileName, texts: ["a", "a"]).isEmbedded)
        let drifted = EmbeddedCore.text.replacingOccurrences(of: "enum Storage {", with: "enum Storag {")
        XCTAssertNotEqual(drifted, EmbeddedCore.text)
        XCTAssertEqual(CourseCore.decide(fileName: EmbeddedCore.fileName, texts: [drifted]), .embedded)
        XCTAssertEqual(
            CourseCore.decide(fileName: "Counter.swift", texts: [drifted]),
            CourseCore(fileName: "Counter.swift", text: drifted))
        // A third of the embedded core's lines kept is not a near-copy; braces and blanks count for nothing.
        let lines = EmbeddedCore.text.split(separator: "\n", omittingEmptySubsequences: false)
        let half = lines.prefix(lines.count / 3).joined(separator: "\n") + "\n"
        XCTAssertTrue(CourseCore.isNearCopy(EmbeddedCore.text))
        XCTAssertTrue(CourseCore.isNearCopy(drifted))
        XCTAssertFalse(CourseCore.isNearCopy(half))
        XCTAssertFalse(CourseCore.isNearCopy(String(repeating: "}\n\n    }\n", count: 40)))
        XCTAssertFalse(CourseCore.isNearCopy(CourseStarter(core: EmbeddedCore.fileName).coreText))
    }

    /// A lesson of this course is this course, by its core, whatever its text says: with no index
    /// and its front matter gone, its claims are still on, and say what the lesson lacks.
    func testThisCoursesClaimsStayOnWithoutItsIndexOrFrontMatter() throws {
        let scratch = try Scratch()
        addTeardownBlock { scratch.remove() }
        try CourseCopy.copyLesson("01-bildirimsel-sozdizim", into: scratch.url)
        let lesson = scratch.url.appendingPathComponent("lessons/01-bildirimsel-sozdizim.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let body = text.components(separatedBy: "\n---\n").dropFirst().joined(separator: "\n---\n")
        try body.write(to: lesson, atomically: true, encoding: .utf8)
        let run = InProcess.run(["--no-goldens", "--no-cache", "lessons"], in: scratch.url)
        XCTAssertEqual(
            run.stdout,
            "1 lesson: 1 core, 2 trees, 4 fragments; compiler: 2 trees accepted; embedded: 2 trees; claims: 4 checked, "
                + "4 not applicable (front-matter, course-index, closing-table, trigger-distribution); 0 errors\n")
        XCTAssertEqual(run.stderr, "")
    }

    /// The core blocks of every lesson of `lessons`, by lesson, as the lessons hold them.
    private static func cores(in lessons: URL, name: String) throws -> [String] {
        try ["01-start.md", "02-steps.md", "03-many.md"].map {
            let text = try String(contentsOf: lessons.appendingPathComponent($0), encoding: .utf8)
            let start = try XCTUnwrap(text.range(of: "```swift\n// \(name)"))
            let end = try XCTUnwrap(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
            return String(text[start.upperBound..<end.lowerBound])
        }
    }

    /// A course whose own core is named as the embedded core is judged by its text: its trees run
    /// on swiftc against its own core, and a core edited in one lesson is a drift from that.
    func testAnotherCourseUnderTheEmbeddedCoresName() throws {
        let (root, cache) = try course()
        let lessons = root.appendingPathComponent("lessons")
        for name in ["01-start.md", "02-steps.md", "03-many.md"] {
            try CourseCopy.replace(
                "// Counter.swift", with: "// Invalidation.swift", in: lessons.appendingPathComponent(name))
        }
        let check = { (arguments: [String]) in InProcess.run(["--cache-dir", cache] + arguments, in: root) }
        let clean = check(["lessons"])
        XCTAssertEqual(
            [clean.stdout, clean.stderr],
            [
                "3 lessons: 3 core, 4 trees, 1 fragment; compiler: 4 trees accepted; swiftc: 4 trees, merged "
                    + "[the course's core Invalidation.swift is not the embedded core]; goldens: 4 compared; "
                    + "claims: 2 checked, \(off); 0 errors\n", "",
            ])
        try CourseCopy.replace(
            "value += step\n", with: "value += step * 1\n", in: lessons.appendingPathComponent("03-many.md"))
        let drift = check(["lessons"])
        XCTAssertEqual(drift.status, .findings)
        XCTAssertEqual(
            drift.stderr,
            Self.slipFindings.components(separatedBy: "\n").suffix(13).joined(separator: "\n")
                .replacingOccurrences(of: "Counter.swift", with: "Invalidation.swift"))
    }

    /// `--promote` and `--update` never write text into another course's core blocks: over random
    /// drifts of one lesson's core and of an expected block, under the core's own name or the
    /// embedded core's, every core block afterwards is the course's own core, byte for byte.
    func testPromoteAndUpdateNeverWriteAnotherCoursesCoreBlocks() throws {
        let (root, cache) = try course()
        let lessons = root.appendingPathComponent("lessons")
        let names = ["01-start.md", "02-steps.md", "03-many.md"]
        let originals = try names.map { try String(contentsOf: lessons.appendingPathComponent($0), encoding: .utf8) }
        let own = try Self.cores(in: lessons, name: "Counter.swift")[0]
        // The names alternate, the embedded core's first: every run tries both.
        for (number, seed) in PropertySeeds.seeds(defaultCases: 2).enumerated() {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let core = number % 2 == 0 ? EmbeddedCore.fileName : "Counter.swift"
            for (name, text) in zip(names, originals) {
                try text.replacingOccurrences(of: "// Counter.swift", with: "// \(core)")
                    .write(to: lessons.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let lesson = lessons.appendingPathComponent(names[Int(random.next() % 3)])
            let edits = [
                ("value += step\n", "value += step * 2\n"), ("struct Counter {", "struct Counter { // the model"),
                ("    print(\"value:", "    print(\"value is:"),
            ]
            let (old, new) = edits[Int(random.next() % UInt64(edits.count))]
            try CourseCopy.replace(old, with: new, in: lesson)
            if random.next() % 2 == 0 {
                try CourseCopy.replace(
                    "value: 0\n```", with: "value: 7\n```", in: lessons.appendingPathComponent("01-start.md"))
            }
            let context = "seed \(seed), core \(core), \(lesson.lastPathComponent): \(new)"
            let promote = InProcess.run(["--cache-dir", cache, "--promote", "lessons"], in: root)
            XCTAssertEqual(promote.status, .clean, "\(context): \(promote.stderr)")
            XCTAssertEqual(try Self.cores(in: lessons, name: core), Array(repeating: own, count: 3), context)
            let update = InProcess.run(["--cache-dir", cache, "--update", "lessons"], in: root)
            XCTAssertEqual(update.status, .clean, "\(context): \(update.stderr)")
            XCTAssertEqual(try Self.cores(in: lessons, name: core), Array(repeating: own, count: 3), context)
        }
    }

    /// A `--core` or `core:` that names no lesson's core block is one usage error, and
    /// `--engine embedded` on another course is one too.
    func testACoreNamingNothingAndTheEmbeddedEngineAreUsageErrors() throws {
        let (root, cache) = try course()
        let check = { (arguments: [String]) in InProcess.run(["--cache-dir", cache] + arguments, in: root) }
        let option = check(["--core", "Nothing", "lessons"])
        XCTAssertEqual(
            [option.stdout, option.stderr],
            [
                "",
                "coursecheck: error: --core Nothing.swift names no lesson's core block; the ```swift blocks name "
                    + "'Counter.swift', 'Helper.swift'\n",
            ])
        XCTAssertEqual(option.status, .failure)
        let embedded = check(["--engine", "embedded", "lessons"])
        XCTAssertEqual(
            [embedded.stdout, embedded.stderr],
            [
                "",
                "coursecheck: error: --engine embedded runs only the course coursecheck is built with, and the "
                    + "course's core Counter.swift is not the embedded core; run with --engine auto or swiftc\n",
            ])
        XCTAssertEqual(embedded.status, .failure)
        let index = root.appendingPathComponent("lessons/README.md")
        try CourseCopy.replace("lessons: 3\n", with: "lessons: 3\ncore: Nothing\n", in: index)
        let fromIndex = check(["lessons"])
        XCTAssertEqual(
            [fromIndex.stdout, fromIndex.stderr],
            [
                "",
                "coursecheck: error: lessons/README.md:4: core: Nothing names no lesson's core block; the "
                    + "```swift blocks name 'Counter.swift', 'Helper.swift'\n",
            ])
        XCTAssertEqual(fromIndex.status, .failure)
    }

    /// Another course's index is held to its links alone: a bulleted list or prose with no
    /// `lessons: N` is clean; a list of lessons names the lessons it leaves out and the links that
    /// open none; without an index nothing is said of one, even while a lesson is unread.
    func testAnotherCoursesIndexIsCheckedForItsLinksAlone() throws {
        let (root, cache) = try course()
        let index = root.appendingPathComponent("lessons/README.md")
        let check = { InProcess.run(["--cache-dir", cache, "--no-goldens", "lessons"], in: root) }
        var results: [String] = []
        for text in [
            "# Counting\n\n- [Starting](01-start.md)\n- [Steps](02-steps.md)\n- [Many counters](03-many.md)\n",
            "# Counting\n\nStart with [the first lesson](01-start.md).\n",
            "# Counting\n\n- [Starting](01-start.md)\n- [Many counters](03-many.md)\n- [Later](04-later.md)\n",
        ] {
            try text.write(to: index, atomically: true, encoding: .utf8)
            let run = check()
            results.append(run.stderr + run.stdout.components(separatedBy: "; ").suffix(2).joined(separator: "; "))
        }
        XCTAssertEqual(
            results,
            [
                "claims: 2 checked, \(off); 0 errors\n", "claims: 2 checked, \(off); 0 errors\n",
                "lessons/README.md:4:1: error: the index does not list 02-steps.md; add an item that links it [course-index]\n"
                    + "lessons/README.md:5:4: error: the index links 04-later.md, which is not a lesson file [course-index]\n"
                    + "claims: 2 checked, \(off); 2 errors\n",
            ])
        try FileManager.default.removeItem(at: index)
        try Data([0xFF, 0xFE, 0x20]).write(to: root.appendingPathComponent("lessons/04-bin.md"))
        let unread = check()
        XCTAssertEqual(
            [unread.stdout.components(separatedBy: "; ").suffix(2).joined(separator: "; "), unread.stderr],
            [
                "claims: 1 checked, 1 not applicable (course-index), \(off); 1 error\n",
                "lessons/04-bin.md:1:1: error: file is not valid UTF-8 (byte 0xFF at offset 0) [encoding]\n",
            ])
    }
}
