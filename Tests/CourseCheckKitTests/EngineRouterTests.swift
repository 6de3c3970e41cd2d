import XCTest

@testable import CourseCheckKit

final class EngineRouterTests: XCTestCase {
    private func job() -> TreeJob {
        let file = SourceFile(path: "l.md", text: "```swift\n// main.swift — t\nprint(1)\n```\n\n```\n1\n```\n")
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        return TreeJob(path: "l.md", tree: lesson.trees[0])
    }

    func testEnginesThatPrintTheSameAgree() {
        let run = TreeRun(engine: .embedded, ending: .exited(0), stdout: Array("1\n".utf8))
        XCTAssertNil(EngineRouter.compare(run, run, job: job()))
    }

    func testADifferentOutputIsAMismatchAtTheTreeWithADiff() throws {
        let embedded = TreeRun(engine: .embedded, ending: .exited(0), stdout: Array("1\n2\n".utf8))
        let compiled = TreeRun(engine: .swiftc, ending: .exited(0), stdout: Array("1\n3\n".utf8))
        let finding = try XCTUnwrap(EngineRouter.compare(embedded, compiled, job: job()))
        XCTAssertEqual(finding.id, .engineMismatch)
        XCTAssertEqual(finding.location.description, "l.md:2:1")
        XCTAssertEqual(finding.message, "engines disagree on the output of tree at line 2")
        XCTAssertEqual(
            finding.attachment?.text,
            """
            --- swiftc (exited(0))
            +++ embedded (exited(0))
            @@ -1,2 +1,2 @@
             1
            -3
            +2

            """)
    }

    func testADifferentEndingIsAMismatchToo() throws {
        let embedded = TreeRun(engine: .embedded, ending: .exited(0), stdout: [])
        let compiled = TreeRun(engine: .swiftc, ending: .signalled(4), stdout: [])
        let finding = try XCTUnwrap(EngineRouter.compare(embedded, compiled, job: job()))
        XCTAssertEqual(finding.attachment, .sentence("the outputs are equal; the runs ended differently"))
    }

    func testImportsRouteToTheToolchainAtTheImportLine() {
        let file = SourceFile(
            path: "l.md", text: "```swift\n// main.swift — t\n\nimport Observation\nprint(1)\n```\n\n```\n1\n```\n")
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let routing = EmbeddedEngine.staticRouting(TreeJob(path: "l.md", tree: lesson.trees[0]))
        XCTAssertEqual(routing, .init(reason: "import Observation", location: SourceLocation(path: "l.md", line: 4)))
    }
}
