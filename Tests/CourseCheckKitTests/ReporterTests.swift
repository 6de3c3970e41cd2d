@testable import CourseCheckKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class ReporterTests: XCTestCase {
    private let drift = Diagnostic.error(
        .outputDrift, at: SourceLocation(path: "lessons/09-yerel-durum.md", line: 80, column: 3),
        "output of tree at line 60 differs: 100% wrong, a:b",
        notes: [.init(SourceLocation(path: "lessons/09-yerel-durum.md", line: 60), "tree starts here")],
        attachment: "--- a\n+++ b\n-x\r\n+y\n")

    func testGitHubCommandEscapesDataAndProperties() {
        XCTAssertEqual(
            GitHubReporter.command(drift),
            "::error file=lessons/09-yerel-durum.md,line=80,col=3,title=output drift::"
                + "output of tree at line 60 differs: 100%25 wrong, a:b [output-drift]%0A"
                + "lessons/09-yerel-durum.md:60:1: note: tree starts here%0A--- a%0A+++ b%0A-x%0D%0A+y%0A")
        XCTAssertEqual(GitHubReporter.escapeProperty("a,b:c%d\ne"), "a%2Cb%3Ac%25d%0Ae")
        let warning = Diagnostic.warning(.byteOrderMark, at: SourceLocation(path: "x.md", line: 1), "w")
        XCTAssertTrue(GitHubReporter.command(warning).hasPrefix("::warning file=x.md,line=1,col=1,title=bom::"))
    }

    func testJSONRoundTrip() throws {
        let json = JSONReporter.encode([drift])
        let decoded = try JSONDecoder().decode([JSONReporter.Finding].self, from: Data(json.utf8))
        XCTAssertEqual(decoded, JSONReporter.findings([drift]))
        XCTAssertEqual(decoded.first?.line, 80)
        XCTAssertEqual(decoded.first?.notes.first?.line, 60)
        XCTAssertEqual(decoded.first?.detail, "--- a\n+++ b\n-x\r\n+y\n")
        XCTAssertEqual(JSONReporter.encode([]), "[\n\n]\n")
    }

    /// The JUnit report parsed back: one suite per lesson, one case per check, counts that add up.
    func testJUnitParsesBackWithCountsThatAddUp() throws {
        let text = "```swift\n// Invalidation.swift\n```\n\n```swift\n// main.swift — bir <agac>\nprint(1)\n```\n\n```\n1\n```\n"
        let file = SourceFile(path: "lessons/01-a.md", text: text)
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let findings: [Finding] = [
            Finding(.lesson, .warning(.byteOrderMark, at: SourceLocation(path: "lessons/01-a.md", line: 1), "not a failure")),
            Finding(.core(0), .error(.coreDrift, at: SourceLocation(path: "lessons/01-a.md", line: 2), "core & drift")),
            Finding(.tree(0), .error(
                .outputDrift, at: SourceLocation(path: "lessons/01-a.md", line: 10), "drift \"x\"", attachment: "-1\n+2\n")),
            Finding(.tree(0), .error(.outputDrift, at: SourceLocation(path: "lessons/01-a.md", line: 10), "second")),
        ]
        let tree = try XCTUnwrap(lesson.trees.first)
        let checked = LessonResult(
            entry: CourseLoader.Entry(displayPath: "lessons/01-a.md", url: URL(fileURLWithPath: "/course/lessons/01-a.md")),
            lesson: lesson, store: nil,
            trees: [TreeResult(block: tree.block, expected: .block(tree.expected), goldenName: "bir-agac.out")],
            findings: findings)
        let orphan = Diagnostic.error(.goldenOrphan, at: SourceLocation(path: "goldens/01-a/old.out", line: 1), "orphan")
        let result = CourseChecker.Result(
            lessonResults: [checked, checked], courseFindings: [Finding(.golden("goldens/01-a/old.out"), orphan)],
            summary: SummaryLine())
        let xml = JUnitReport(result: result).xml
        let document = try XMLDocument(xmlString: xml)
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "7")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "5")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 3)
        // Errors outside a lesson (an orphan golden) count too, in the course suite.
        XCTAssertEqual(suites[2].attribute(forName: "name")?.stringValue, "course")
        XCTAssertEqual(suites[2].elements(forName: "testcase").first?.attribute(forName: "name")?.stringValue, "goldens/01-a/old.out")
        let failureCount = suites.flatMap { $0.elements(forName: "testcase") }.filter { !$0.elements(forName: "failure").isEmpty }.count
        XCTAssertEqual("\(failureCount)", root.attribute(forName: "failures")?.stringValue)
        let cases = suites[0].elements(forName: "testcase")
        XCTAssertEqual(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" },
                       ["structure", "core", "tree bir-agac"])
        XCTAssertEqual(suites[0].attribute(forName: "tests")?.stringValue, "\(cases.count)")
        XCTAssertEqual(suites[0].attribute(forName: "failures")?.stringValue, "2")
        let treeFailures = cases[2].elements(forName: "failure")
        XCTAssertEqual(treeFailures.count, 2)
        XCTAssertEqual(treeFailures[0].attribute(forName: "message")?.stringValue, "drift \"x\"")
        XCTAssertEqual(treeFailures[0].stringValue, "lessons/01-a.md:10:1: error: drift \"x\" [output-drift]\n-1\n+2\n")
        XCTAssertEqual(cases[1].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue, "core & drift")
    }
}
