import CourseCheckKit
import Foundation
import XCTest

/// An update's own writes are never someone else's: a golden folder its removals empty and its
/// writes (or moves) refill stays, and no `update-refused` blames the update for what it wrote.
/// Shown on the course `coursecheck init` writes, whose one lesson has one tree: renaming that
/// tree empties and refills its folder in one update.
extension WritePropertyTests {
    /// A one-lesson course with the trees `trees` (description, increments), as `init` would start it.
    struct OneLessonCourse {
        let root: URL
        private let head: String

        init(_ scratch: Scratch) throws {
            root = scratch.url.resolvingSymlinksInPath().appendingPathComponent("course")
            let started = InProcess.run(["init", "course"], in: scratch.url)
            XCTAssertEqual(started.status, .clean, started.stderr)
            let text = try String(contentsOf: root.appendingPathComponent(Self.lesson), encoding: .utf8)
            head = String(text[..<text.range(of: "## A tree")!.lowerBound])
        }

        static let lesson = "lessons/01-first-steps.md"

        func write(_ trees: [(String, Int)]) throws {
            let blocks = trees.map { description, steps in
                let body = String(repeating: "counter.increment()\n", count: steps)
                return "## \(description)\n\n```swift\n// main.swift — \(description)\nvar counter = Counter()\n"
                    + "\(body)show(counter)\n```\n\n```\nvalue: \(steps)\n```\n"
            }
            try Data((head + blocks.joined(separator: "\n")).utf8).write(to: root.appendingPathComponent(Self.lesson))
        }

        func run(_ arguments: [String]) -> InProcess.Result {
            InProcess.run(arguments + ["lessons/"], in: root)
        }
    }

    /// The report's case: the example tree renamed, then `--update --prune` as the orphan finding
    /// says. The old golden goes, the new one is written into the same folder, which stays.
    func testARenamedOnlyTreeIsUpdatedAndPrunedIntoItsOwnFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let course = try OneLessonCourse(scratch)
        try course.write([("counting twice", 2)])
        let update = course.run(["--update", "--prune"])
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(4),
            [
                "will remove goldens/01-first-steps/two-steps-of-one.out (no tree of lessons/01-first-steps.md has this name)",
                "added    goldens/01-first-steps/counting-twice.out",
                "removed  goldens/01-first-steps/two-steps-of-one.out",
                "goldens: 1 added, 0 changed, 1 removed",
            ])
        XCTAssertEqual(update.status, .clean)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(
                atPath: course.root.appendingPathComponent("goldens/01-first-steps").path),
            ["counting-twice.out"])
        let check = course.run([])
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(check.status, .clean)
    }

    /// A one-letter rename of the only tree: a plain `--update` moves its golden within its folder,
    /// announces no removal of that folder, and refuses nothing.
    func testATitleTypoOfTheOnlyTreeMovesItsGoldenWithinItsFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let course = try OneLessonCourse(scratch)
        try course.write([("two step of one", 2)])
        let update = course.run(["--update"])
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(2),
            [
                "renamed  goldens/01-first-steps/two-steps-of-one.out -> goldens/01-first-steps/two-step-of-one.out",
                "goldens: 0 added, 0 changed, 0 removed, 1 renamed",
            ])
        XCTAssertEqual(update.status, .clean)
        XCTAssertEqual(course.run([]).stderr, "")
    }

    /// The control: a renamed lesson's goldens are carried to its new folder, and the old folder,
    /// which nothing is written into, still goes.
    func testARenamedLessonsOldFolderStillGoes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let course = try OneLessonCourse(scratch)
        try FileManager.default.moveItem(
            at: course.root.appendingPathComponent(OneLessonCourse.lesson),
            to: course.root.appendingPathComponent("lessons/01-counting.md"))
        let update = course.run(["--update"])
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(
            update.stdout.split(separator: "\n").prefix(3),
            [
                "will remove goldens/01-first-steps/ (empty once its goldens are carried to the lesson's new name)",
                "renamed  goldens/01-first-steps/two-steps-of-one.out -> goldens/01-counting/two-steps-of-one.out",
                "goldens: 0 added, 0 changed, 0 removed, 1 renamed",
            ])
        XCTAssertEqual(update.status, .clean, update.stdout)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: course.root.appendingPathComponent("goldens/01-first-steps").path))
    }

    /// Random sequences of tree renames (a letter, or a new description), removals and additions,
    /// each followed by `--update` or `--update --prune`: no update is refused over its own writes,
    /// and a pruned course checks clean. The lesson keeps one tree at least (none is an error).
    func testTreeRenamesRemovalsAndAdditionsNeverRefuseTheUpdatesOwnWrites() throws {
        let descriptions = ["two steps", "counting twice", "one more", "three in a row", "a fresh start"]
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let scratch = try Scratch()
            defer { scratch.remove() }
            let course = try OneLessonCourse(scratch)
            var trees: [(String, Int)] = [("two steps of one", 2)]
            var log: [String] = []
            for _ in 0..<4 {
                let unused = descriptions.filter { name in !trees.contains { $0.0 == name } }
                switch random.next() % 4 {
                case 0 where !trees.isEmpty:
                    // A letter added to the tree's description, or taken off again.
                    let index = Int(random.next() % UInt64(trees.count))
                    let name = trees[index].0
                    let renamed = name.hasSuffix("x") ? String(name.dropLast()) : name + "x"
                    if !trees.contains(where: { $0.0 == renamed }) { trees[index].0 = renamed }
                    log.append("typo \(index)")
                case 1 where !trees.isEmpty && !unused.isEmpty:
                    let index = Int(random.next() % UInt64(trees.count))
                    trees[index].0 = unused[Int(random.next() % UInt64(unused.count))]
                    log.append("rename \(index)")
                case 2 where trees.count > 1:
                    trees.remove(at: Int(random.next() % UInt64(trees.count)))
                    log.append("remove")
                default:
                    guard trees.count < 3, !unused.isEmpty else { continue }
                    trees.append((unused[Int(random.next() % UInt64(unused.count))], 1 + Int(random.next() % 3)))
                    log.append("add")
                }
                try course.write(trees)
                let prune = random.next() % 2 == 0
                log.append(prune ? "update --prune" : "update")
                let update = course.run(prune ? ["--update", "--prune"] : ["--update"])
                // A plain update leaves orphans, an error until pruned; it refuses nothing.
                if update.stderr.contains("[update-refused]") || (prune && update.status != .clean) {
                    XCTFail("seed \(seed), after \(log.joined(separator: ", ")): \(update.stdout)\(update.stderr)")
                }
                if prune {
                    let check = course.run([])
                    if check.status != .clean || !check.stderr.isEmpty {
                        XCTFail("seed \(seed), after \(log.joined(separator: ", ")): not clean: \(check.stderr)")
                    }
                }
            }
        }
    }
}
