import Foundation
import XCTest

@testable import CourseCheckKit

/// The verdict is the check's, and every writer and the editor agree with it, over the fuzz corpus
/// and random edits of the real course:
/// - a passing check means `--update` and `--promote` change nothing;
/// - when the check reports only output drift, `--promote` followed by the check passes;
/// - the LSP's diagnostics for a text are the check's findings for that text saved.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of random edits (`make soak` runs many); a failure
/// names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class VerdictPropertyTests: XCTestCase {
    /// The lesson texts to try: the scanner's fuzz corpus, and random edits of two real lessons.
    private func texts() throws -> [(name: String, bytes: [UInt8])] {
        let corpus = Binary.packageRoot.appendingPathComponent("Fuzz/corpus/scanner")
        var found = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map {
            (name: "corpus \($0)", bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent($0))))
        }
        let seeds = PropertySeeds.seeds(defaultCases: 4)
        for seed in seeds {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let lesson = ["09-yerel-durum", "10-baglama"][Int(random.next() % 2)]
            let text = try String(
                contentsOf: Binary.packageRoot.appendingPathComponent("lessons/\(lesson).md"), encoding: .utf8)
            found.append((name: "seed \(seed) (\(lesson))", bytes: Array(Self.edit(text, &random).utf8)))
        }
        return found
    }

    /// One to three edits an author makes: a drifted count, a line ending, trailing blanks, a tree
    /// line, a prose line wrapped in a block quote, a deleted line.
    static func edit(_ text: String, _ random: inout BlockStructurePropertyTests.Generator) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0...(random.next() % 3) {
            let index = Int(random.next() % UInt64(max(lines.count, 1)))
            switch random.next() % 6 {
            case 0:
                if let at = lines.firstIndex(where: { $0.hasPrefix("yerel: ") || $0.hasPrefix("ebeveyn: ") }) {
                    lines[at] += "0"
                }
            case 1: lines = lines.map { $0 + "\r" }
            case 2: lines[index] += "  "
            case 3: lines[index] = lines[index].replacingOccurrences(of: "\"", with: "'")
            case 4: if !lines[index].hasPrefix("```") { lines[index] = "> " + lines[index] }
            default: if lines.count > 1 { lines.remove(at: index) }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func course(_ bytes: [UInt8]) throws -> Scratch {
        let scratch = try Scratch()
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try Data(bytes).write(to: lessons.appendingPathComponent("01-ders.md"))
        return scratch
    }

    func testAPassingCheckLeavesTheWritersNothingAndDriftPromotesClean() throws {
        var passing = 0
        var promoted = 0
        for (name, bytes) in try texts() {
            let scratch = try course(bytes)
            defer { scratch.remove() }
            let root = scratch.url
            // Goldens from the text as it is, then the property on that course.
            _ = InProcess.run(["--update", "--no-claims", "lessons/"], in: root)
            let check = InProcess.run(["--no-claims", "lessons/"], in: root)
            if check.status == .clean {
                passing += 1
                let before = FileTree.contents(of: root)
                _ = InProcess.run(["--update", "--no-claims", "lessons/"], in: root)
                _ = InProcess.run(["--promote", "--no-claims", "lessons/"], in: root)
                XCTAssertEqual(
                    FileTree.contents(of: root), before, "\(name): a passing check, yet a writer changed a file")
            }
            let alone = InProcess.run(["--no-claims", "--no-goldens", "--format", "json", "lessons/"], in: root)
            let ids = Self.ids(alone.stdout)
            if !ids.isEmpty && ids.allSatisfy({ $0 == "output-drift" }) {
                promoted += 1
                _ = InProcess.run(["--promote", "--no-claims", "--no-goldens", "lessons/"], in: root)
                let after = InProcess.run(["--no-claims", "--no-goldens", "lessons/"], in: root)
                XCTAssertEqual(after.status, .clean, "\(name): promote did not fix its drift: \(after.stderr)")
            }
        }
        XCTAssertGreaterThan(passing, 0, "no case passed: the property was never tried")
        XCTAssertGreaterThan(promoted + passing, 1)
    }

    /// The ids of a `--format json` report.
    static func ids(_ json: String) -> [String] {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)), let array = value.array
        else { return [] }
        return array.compactMap { $0["id"]?.string }
    }

    func testTheEditorSeesTheChecksFindings() throws {
        for (name, bytes) in try texts() {
            guard let text = String(validating: bytes, as: UTF8.self) else { continue }
            let scratch = try course(bytes)
            defer { scratch.remove() }
            let root = scratch.url
            let url = root.appendingPathComponent("lessons/01-ders.md")
            // The editor's server checks with the defaults (goldens and claims), as the command does.
            let saved = InProcess.run(["--format", "json", "lessons/"], in: root)
            let expected = Self.findings(saved.stdout)

            let harness = LSPTests.Harness(directory: root)
            _ = harness.request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]])
            harness.notify("initialized", [:])
            harness.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(url.absoluteString), "languageId": "markdown", "version": 1,
                        "text": .string(text),
                    ]
                ])
            // Trees that need swiftc are published a second time when their compile is done.
            var seen: [String] = []
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, seen != expected {
                guard let published = harness.diagnostics(for: url.absoluteString)?.array else { break }
                seen = published.compactMap { diagnostic -> String? in
                    guard let line = diagnostic["range"]?["start"]?["line"]?.int,
                        let code = diagnostic["code"]?.string
                    else { return nil }
                    return "\(line + 1) [\(code)]"
                }.sorted()
            }
            XCTAssertEqual(seen, expected, "\(name): the editor and the check disagree")
            _ = harness.stop()
        }
    }

    /// `line [id]` of each finding located in the lesson, from a `--format json` report.
    static func findings(_ json: String) -> [String] {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)), let array = value.array
        else { return [] }
        return array.compactMap { finding -> String? in
            guard finding["file"]?.string?.hasSuffix("01-ders.md") == true, let line = finding["line"]?.int,
                let id = finding["id"]?.string
            else { return nil }
            return "\(line) [\(id)]"
        }.sorted()
    }
}
