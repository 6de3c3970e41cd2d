import Foundation
import XCTest

@testable import CourseCheckKit

/// The generated guides match the code they are generated from: `Documentation/CLI.md` the option
/// declarations, `Documentation/Findings.md` the diagnostic catalogue and the fixtures' expected
/// output. `COURSECHECK_BLESS=1` (what `make docs` sets) rewrites a stale guide, then fails.
final class DocumentationTests: XCTestCase {
    static let documentation = Binary.packageRoot.appendingPathComponent("Documentation")
    static let bless = ProcessInfo.processInfo.environment["COURSECHECK_BLESS"] == "1"

    func testTheCLIReferenceIsCurrent() throws {
        try compare(CLIReference.markdown, with: "CLI.md")
    }

    func testTheFindingsGuideIsCurrent() throws {
        try compare(FindingsGuide.markdown(examples: try Self.fixtureExamples()), with: "Findings.md")
    }

    /// Every id has an example, and one written by hand only where no fixture shows the id; a hand-written
    /// one is a located finding of that id's severity.
    func testEveryFindingHasOneExample() throws {
        let examples = try Self.fixtureExamples()
        for id in DiagnosticID.allCases {
            if examples[id] != nil {
                XCTAssertNil(
                    id.exampleWhereNoFixtureShowsOne,
                    "\(id.rawValue): a fixture shows it; drop the hand-written example")
                continue
            }
            let example = try XCTUnwrap(id.exampleWhereNoFixtureShowsOne, "\(id.rawValue) has no example")
            XCTAssertTrue(example.hasSuffix(" [\(id.rawValue)]"), example)
            XCTAssertNotNil(
                example.range(of: #"^[^:]+\.md:\d+:\d+: "# + id.severity.rawValue + ": ", options: .regularExpression),
                example)
        }
    }

    /// Every summary line the guides show of this course has the fields a run of it prints, in
    /// their order (counts and cache notes may differ: an example shows one run).
    func testEverySummaryLineExampleHasTheFieldsARunPrints() throws {
        let copy = try CourseCopy.make(for: self)
        let run = InProcess.run(["lessons/"], in: copy.url)
        let printed = try XCTUnwrap(run.stdout.split(separator: "\n").last.map(String.init), run.stderr)
        func fields(_ line: String) -> [String] {
            line.components(separatedBy: "; ").map { segment in
                guard let colon = segment.firstIndex(of: ":") else {
                    return segment.split(separator: " ").last.map {
                        $0.hasSuffix("s") ? String($0.dropLast()) : String($0)
                    }
                        ?? ""
                }
                return String(segment[..<colon]).split(separator: " ").last.map(String.init) ?? ""
            }
        }
        let expected = fields(printed)
        XCTAssertEqual(expected.first, "lessons", printed)
        let root = Binary.packageRoot
        let guides =
            [root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(at: Self.documentation, includingPropertiesForKeys: nil))
            .filter { $0.pathExtension == "md" && $0.lastPathComponent != "Benchmarks.md" }
        var seen = 0
        for guide in guides {
            let text = try String(contentsOf: guide, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let start = line.range(of: "21 lessons: 21 core, ") else { continue }
                let example = String(line[start.lowerBound...].prefix { $0 != "`" })
                seen += 1
                XCTAssertEqual(fields(example), expected, "\(guide.lastPathComponent): \(example)")
            }
        }
        XCTAssertGreaterThan(seen, 3, "no summary line found in the guides")
    }

    /// Each subcommand's help is the declarations' (the parser reads the same ones): every option
    /// a subcommand accepts is in its help, and no other.
    func testEachSubcommandsHelpListsExactlyWhatItAccepts() {
        for (name, subcommand) in Invocation.subcommands {
            let help = Invocation.help(of: name)
            for option in CommandLineSpec.options {
                let shown = help.contains("\n  " + option.usage + " ") || help.contains("\n  " + option.usage + "\n")
                XCTAssertEqual(shown, option.accepted.contains(subcommand), "\(name): \(option.usage)")
            }
        }
    }

    /// The first line naming each id in the fixtures' expected output, by fixture name.
    static func fixtureExamples() throws -> [DiagnosticID: (line: String, source: String)] {
        let fixtures = Fixture.root
        var examples: [DiagnosticID: (line: String, source: String)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() {
            for stream in ["stderr", "stdout"] {
                let url = fixtures.appendingPathComponent(name).appendingPathComponent(stream)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                for line in text.split(separator: "\n").map(String.init) {
                    guard line.hasSuffix("]"), let open = line.lastIndex(of: "["),
                        let id = DiagnosticID(
                            rawValue: String(line[line.index(after: open)..<line.index(before: line.endIndex)])),
                        examples[id] == nil, line.range(of: #"^[^ ]+:\d+:\d+: "#, options: .regularExpression) != nil
                    else { continue }
                    // The fixtures redact the compiler's version line; a reader sees one.
                    let shown = line.replacingOccurrences(
                        of: "{{toolchain}}", with: "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
                    examples[id] = (shown, name)
                }
            }
        }
        return examples
    }

    private func compare(_ generated: String, with name: String) throws {
        let url = Self.documentation.appendingPathComponent(name)
        let committed = try? String(contentsOf: url, encoding: .utf8)
        guard committed != generated else { return }
        if Self.bless {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            XCTFail("rewrote Documentation/\(name); run again without COURSECHECK_BLESS")
        } else {
            XCTFail("Documentation/\(name) is stale; run `make docs` and commit it")
        }
    }
}
