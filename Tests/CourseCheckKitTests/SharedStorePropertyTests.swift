import CourseCheckKit
import Foundation
import XCTest

/// Two lessons directories sharing one golden store: random checks, updates and prunes of either,
/// between an author's renames, copies across directories and edits of the store's record, never
/// change a golden of the directory a run did not check while the record names it, and a run on a
/// store with no record, or one the disk contradicts, removes no golden at all.
/// (`make soak` runs many sequences; a failure prints its seed.)
final class SharedStorePropertyTests: XCTestCase {
    private static let lessons = ["01-bildirimsel-sozdizim", "09-yerel-durum"]
    private static let drafts = ["12-ortam-degerleri", "13-gezinme-yigiti-ve-yolu"]
    private static let records = ["lessons\ndrafts\n", "lessons\n", "drafts\n", nil, "lessons\ndrafts\nnotlar\n"]

    func testRandomRunsOfEitherDirectoryNeverChangeTheOthersGoldens() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            try runSequence(seed: seed, steps: 6)
        }
    }

    private func runSequence(seed: UInt64, steps: Int) throws {
        var random = BlockStructurePropertyTests.Generator(state: seed)
        let scratch = try Scratch()
        defer { scratch.remove() }
        let root = scratch.url
        let files = FileManager.default
        for (directory, names) in [("lessons", Self.lessons), ("drafts", Self.drafts)] {
            for name in names { try CourseCopy.copyLesson(name, into: root, lessons: directory) }
        }
        try writeRecord(Self.records[Int(random.next() % UInt64(Self.records.count))], in: root)
        var log: [String] = []
        for _ in 0..<steps {
            let run = ["lessons", "drafts"][Int(random.next() % 2)]
            switch random.next() % 6 {
            case 0:
                // A lesson renamed: its old folder is claimed by no lesson until an update carries it.
                let names = try lessonNames(in: root.appendingPathComponent(run))
                guard let name = names.first else { continue }
                try files.moveItem(
                    at: root.appendingPathComponent("\(run)/\(name).md"),
                    to: root.appendingPathComponent("\(run)/\(name)-yeni.md"))
                log.append("rename \(run)/\(name)")
            case 1:
                // A lesson copied into the other directory under its own name: both claim one folder.
                let other = run == "lessons" ? "drafts" : "lessons"
                let names = try lessonNames(in: root.appendingPathComponent(other))
                guard let name = names.last else { continue }
                try? files.copyItem(
                    at: root.appendingPathComponent("\(other)/\(name).md"),
                    to: root.appendingPathComponent("\(run)/\(name).md"))
                log.append("copy \(other)/\(name) to \(run)")
            case 2:
                let record = Self.records[Int(random.next() % UInt64(Self.records.count))]
                try writeRecord(record, in: root)
                log.append("record \(record.map { $0.split(separator: "\n").joined(separator: "+") } ?? "none")")
            default:
                let arguments = [
                    ["--no-claims"], ["--no-claims", "--update"], ["--no-claims", "--update", "--prune"],
                ][Int(random.next() % 3)]
                log.append(
                    "\(arguments.dropFirst().joined(separator: " ")) \(run)".trimmingCharacters(in: .whitespaces))
                try check(run: run, arguments: arguments + ["\(run)/"], root: root, seed: seed, log: log)
            }
        }
    }

    /// Runs coursecheck on `run` and holds it to the invariant.
    private func check(run: String, arguments: [String], root: URL, seed: UInt64, log: [String]) throws {
        let other = run == "lessons" ? "drafts" : "lessons"
        let record = try? String(contentsOf: root.appendingPathComponent("goldens/LESSONS"), encoding: .utf8)
        let named = (record ?? "").split(separator: "\n").map(String.init)
        let agrees = named.allSatisfy { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        let mine = Set(try lessonNames(in: root.appendingPathComponent(run)))
        let theirs = Set(try lessonNames(in: root.appendingPathComponent(other))).subtracting(mine)
        let before = FileTree.contents(of: root.appendingPathComponent("goldens"))
        let result = InProcess.run(arguments, in: root)
        let after = FileTree.contents(of: root.appendingPathComponent("goldens"))
        let context = "seed \(seed), after \(log.joined(separator: ", ")):\n\(result.stderr)\(result.stdout)"
        XCTAssertTrue([.clean, .findings, .failure].contains(result.status), context)
        // The other directory's goldens, while the record names it: untouched, whatever this run did.
        if named.contains(other) {
            let kept = before.keys.filter { key in theirs.contains { key.hasPrefix($0 + "/") } }
            for key in kept.sorted() where after[key] != before[key] {
                XCTFail("\(key) of \(other) changed by a run on \(run); \(context)")
            }
        }
        // No record, or one the disk contradicts: nothing is removed.
        if record == nil || !agrees {
            let removed = before.keys.filter { after[$0] == nil }.sorted()
            XCTAssertEqual(removed, [], context)
        }
    }

    private func lessonNames(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".md") }
            .map { String($0.dropLast(3)) }.sorted()
    }

    private func writeRecord(_ text: String?, in root: URL) throws {
        let record = root.appendingPathComponent("goldens/LESSONS")
        try? FileManager.default.removeItem(at: record)
        if let text { try Data(text.utf8).write(to: record) }
    }
}
