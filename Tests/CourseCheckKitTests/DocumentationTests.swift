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
