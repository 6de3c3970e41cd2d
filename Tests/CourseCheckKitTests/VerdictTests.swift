import Foundation
import XCTest

@testable import CourseCheckKit

/// One verdict per tree, decided by the check: every writer (`--update`, `--promote`, its dry run,
/// the LSP's quick fixes and approve) reads it, so none of them can disagree with the check.
final class VerdictTests: XCTestCase {
    private var scratch: Scratch!
    private var root: URL { scratch.url }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    private func run(_ arguments: [String]) -> InProcess.Result {
        InProcess.run(arguments, in: root)
    }

    private func lessonFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: root.appendingPathComponent("lessons"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    private func toCRLF(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: url)
    }

    /// The whole course saved with CRLF (goldens LF): the check passes, and so every writer has
    /// nothing to do. Before, `--update` refused every tree and `--promote` rewrote every block.
    func testACRLFCourseLeavesEveryWriterNothingToDo() throws {
        for url in try lessonFiles() { try toCRLF(url) }
        let before = FileTree.contents(of: root)
        let summary =
            "21 lessons: 21 core, 50 trees, 42 fragments; compiler: 50 trees accepted; embedded: 48 trees "
            + "(cached: 48 results); swiftc: 2 trees "
            + "(cached: 2 results) "
            + "[2 × import Observation]; goldens: 50 compared; claims: 8 checked; 0 errors\n"

        let check = run(["lessons/"])
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(check.status, .clean)

        let update = run(["--update", "lessons/"])
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(update.stdout, "goldens: 0 added, 0 changed, 0 removed\n" + summary)
        XCTAssertEqual(update.status, .clean)

        let dryRun = run(["--promote", "--dry-run", "lessons/"])
        XCTAssertEqual(dryRun.stdout, "")
        XCTAssertEqual(dryRun.stderr, "would promote 0 lessons\n")
        XCTAssertEqual(dryRun.status, .clean)

        let promote = run(["--promote", "lessons/"])
        XCTAssertEqual(promote.stderr, "")
        XCTAssertEqual(promote.stdout, "promote: every expected and core block already matches\n" + summary)
        XCTAssertEqual(FileTree.contents(of: root), before, "not a byte rewritten")
    }

    /// A drifted CRLF lesson: `--promote` fixes it with CRLF kept on every line, then the check and
    /// `--update` settle.
    func testADriftedCRLFLessonIsPromotedWithCRLFKept() throws {
        let url = root.appendingPathComponent("lessons/09-yerel-durum.md")
        try toCRLF(url)
        let fixed = try Data(contentsOf: url)
        var text = try String(contentsOf: url, encoding: .utf8)
        text = try text.replacingFirst("yerel: 1\r\n", with: "yerel: 5\r\n")
        try Data(text.utf8).write(to: url)

        XCTAssertEqual(run(["--no-claims", "lessons/"]).status, .findings)
        let promote = run(["--promote", "--no-claims", "lessons/"])
        XCTAssertEqual(promote.status, .clean, promote.stderr)
        XCTAssertTrue(promote.stdout.hasPrefix("promoted lessons/09-yerel-durum.md: 1 expected block, 0 core blocks\n"))
        XCTAssertEqual(try Data(contentsOf: url), fixed, "the lesson as it was, CRLF on every line")
        let update = run(["--update", "--no-claims", "lessons/"])
        XCTAssertTrue(update.stdout.hasPrefix("goldens: 0 added, 0 changed, 0 removed\n"), update.stdout)
        XCTAssertEqual(update.status, .clean)
    }

    /// The check records one verdict and one approval per tree, and one drift flag per core.
    func testTheResultCarriesEachTreesVerdictAndApproval() throws {
        let url = root.appendingPathComponent("lessons/09-yerel-durum.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        text = try text.replacingFirst("yerel: 1\n", with: "yerel: 5\n")
        try Data(text.utf8).write(to: url)
        var configuration = CourseCheckCommand(
            environment: .init(currentDirectory: root, variables: InProcess.environment, stderrIsTerminal: false),
            stdout: BufferSink(), stderr: BufferSink()
        ).configuration(Invocation())
        configuration.claims = false
        let plan = try CourseLoader(currentDirectory: root).plan(["lessons/09-yerel-durum.md"])
        let result = try CourseChecker(configuration: configuration).check(plan)
        let lesson = try XCTUnwrap(result.lessonResults.first)
        XCTAssertEqual(lesson.coreDrifted, [false])
        let drifted = try XCTUnwrap(lesson.trees.first { if case .drifts = $0.verdict { true } else { false } })
        XCTAssertEqual(
            drifted.approval, .refused(.contradicted(expectedLine: drifted.tree?.expected.opening.number ?? 0)))
        XCTAssertEqual(
            lesson.trees.count { $0.verdict == .matches && $0.approval == .unchanged }, lesson.trees.count - 1)
    }

    /// The editor agrees: a CRLF lesson the check passes gets no code action. (A clean lesson's empty
    /// publish on open is `LSPTests.testOnlyLessonsAreLessonsAndACleanLessonIsPublished`.)
    func testTheEditorOffersNothingOnAPassingCRLFLesson() throws {
        let url = root.appendingPathComponent("lessons/09-yerel-durum.md")
        try toCRLF(url)
        let text = try String(contentsOf: url, encoding: .utf8)
        let harness = LSPTests.Harness(directory: root)
        _ = harness.request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]])
        harness.notify("initialized", [:])
        harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(url.absoluteString), "languageId": "markdown", "version": 1, "text": .string(text),
                ]
            ])
        let lines = text.components(separatedBy: "\n").count
        let actions = harness.request(
            2, "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(url.absoluteString)],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": .int(lines), "character": 0]],
                "context": ["diagnostics": []],
            ])?["result"]
        XCTAssertEqual(actions, [])
        _ = harness.stop()
    }
}
