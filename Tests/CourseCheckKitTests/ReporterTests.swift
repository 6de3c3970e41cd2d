import Foundation
import XCTest

@testable import CourseCheckKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

final class ReporterTests: XCTestCase {
    private let drift = Diagnostic(
        .outputDrift, at: SourceLocation(path: "lessons/09-yerel-durum.md", line: 80, column: 3),
        "output of tree at line 60 differs: 100% wrong, a:b",
        notes: [.init(SourceLocation(path: "lessons/09-yerel-durum.md", line: 60), "tree starts here")],
        attachment: .diff(
            DiffHunks(
                oldLabel: "a", newLabel: "b",
                hunks: [
                    .init(
                        oldRange: "1", newRange: "1",
                        lines: [.init(.removed, "x\r", old: 0, new: nil), .init(.added, "y", old: nil, new: 0)])
                ])))

    func testGitHubCommandEscapesDataAndProperties() {
        XCTAssertEqual(
            GitHubReporter.command(drift),
            "::error file=lessons/09-yerel-durum.md,line=80,col=3,title=output drift::"
                + "output of tree at line 60 differs: 100%25 wrong, a:b [output-drift]%0A"
                + "lessons/09-yerel-durum.md:60:1: note: tree starts here%0A--- a%0A+++ b%0A@@ -1 +1 @@%0A-x%0D%0A+y%0A"
        )
        XCTAssertEqual(GitHubReporter.escapeProperty("a,b:c%d\ne"), "a%2Cb%3Ac%25d%0Ae")
        let warning = Diagnostic(.byteOrderMark, at: SourceLocation(path: "x.md", line: 1), "w")
        XCTAssertTrue(GitHubReporter.command(warning).hasPrefix("::warning file=x.md,line=1,col=1,title=bom::"))
    }

    /// GitHub shows 10 error annotations per step: they go round-robin over the lessons, so the
    /// ten shown name as many lessons as there are, and one notice counts the rest.
    func testAnnotationsCoverTheLessonsFirstAndCountWhatGitHubHides() {
        var diagnostics: [Diagnostic] = []
        for (file, count) in [("a.md", 8), ("b.md", 5), ("c.md", 1)] {
            for line in 1...count {
                diagnostics.append(Diagnostic(.outputDrift, at: SourceLocation(path: file, line: line), "d"))
            }
        }
        diagnostics.append(Diagnostic(.byteOrderMark, at: SourceLocation(path: "c.md", line: 1), "w"))
        let commands = GitHubReporter.commands(diagnostics)
        let shown = commands.prefix(10).map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
        XCTAssertEqual(
            shown,
            [
                "::error file=a.md,line=1", "::error file=b.md,line=1", "::error file=c.md,line=1",
                "::error file=a.md,line=2", "::error file=b.md,line=2", "::error file=a.md,line=3",
                "::error file=b.md,line=3", "::error file=a.md,line=4", "::error file=b.md,line=4",
                "::error file=a.md,line=5",
            ])
        XCTAssertEqual(commands.count, 16)
        XCTAssertTrue(commands[14].hasPrefix("::warning file=c.md,line=1,"), commands[14])
        XCTAssertEqual(
            commands[15],
            "::notice title=coursecheck::4 findings have no annotation (GitHub shows 10 errors and 10 warnings per "
                + "step); the job summary and the log list every finding")
        XCTAssertFalse(GitHubReporter.commands(Array(diagnostics.prefix(10))).contains { $0.hasPrefix("::notice") })
    }

    /// GitHub drops a job summary over 1 MiB: it stops below the limit, between two lessons, and says so.
    func testTheJobSummaryStopsBetweenLessonsBelowTheLimit() {
        var findings: [Finding] = []
        for lesson in 1...30 {
            for line in 1...4 {
                findings.append(
                    Finding(
                        .course,
                        Diagnostic(
                            .outputDrift, at: SourceLocation(path: "lessons/\(lesson).md", line: line),
                            String(repeating: "x", count: 200),
                            attachment: .sentence(String(repeating: "y", count: 300)))))
            }
        }
        let result = CourseChecker.Result(lessonResults: [], courseFindings: findings, summary: SummaryLine())
        let whole = StepSummary(result: result).markdown
        XCTAssertFalse(whole.contains("stops here"))
        XCTAssertEqual(whole.components(separatedBy: "<details>").count - 1, 120)
        let cut = StepSummary(result: result, limit: 20_000).markdown
        XCTAssertLessThanOrEqual(cut.utf8.count, 20_000)
        let shown = cut.components(separatedBy: "<details>").count - 1
        XCTAssertEqual(shown % 4, 0, "the cut fell inside a lesson")
        XCTAssertGreaterThan(shown, 0)
        XCTAssertTrue(
            cut.hasSuffix(
                "\n**The summary stops here**, at \(30 - shown / 4) files with \(120 - shown) findings more: GitHub drops "
                    + "a job summary over 1 MiB. The log lists every finding.\n"), String(cut.suffix(300)))
    }

    func testJSONRoundTrip() throws {
        let json = JSONReporter.encode([drift])
        let decoded = try JSONDecoder().decode([JSONReporter.Finding].self, from: Data(json.utf8))
        XCTAssertEqual(decoded, JSONReporter.findings([drift]))
        XCTAssertEqual(decoded.first?.line, 80)
        XCTAssertEqual(decoded.first?.notes.first?.line, 60)
        XCTAssertEqual(decoded.first?.detail, "--- a\n+++ b\n@@ -1 +1 @@\n-x\r\n+y\n")
        XCTAssertEqual(JSONReporter.encode([]), "[\n\n]\n")
    }

    /// The JUnit report parsed back: one suite per lesson, one case per check, counts that add up.
    func testJUnitParsesBackWithCountsThatAddUp() throws {
        let text =
            "```swift\n// Invalidation.swift\n```\n\n```swift\n// main.swift — bir <agac>\nprint(1)\n```\n\n```\n1\n```\n"
        let file = SourceFile(path: "lessons/01-a.md", text: text)
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let findings: [Finding] = [
            Finding(
                .lesson,
                Diagnostic(.byteOrderMark, at: SourceLocation(path: "lessons/01-a.md", line: 1), "not a failure")),
            Finding(
                .core(0), Diagnostic(.coreDrift, at: SourceLocation(path: "lessons/01-a.md", line: 2), "core & drift")),
            Finding(
                .tree(0),
                Diagnostic(
                    .outputDrift, at: SourceLocation(path: "lessons/01-a.md", line: 10), "drift \"x\"",
                    attachment: .sentence("the text is identical"))),
            Finding(
                .tree(0), Diagnostic(.outputDrift, at: SourceLocation(path: "lessons/01-a.md", line: 10), "second")),
        ]
        let tree = try XCTUnwrap(lesson.trees.first)
        let checked = LessonResult(
            entry: CourseLoader.Entry(
                displayPath: "lessons/01-a.md", url: URL(fileURLWithPath: "/course/lessons/01-a.md")),
            lesson: lesson, store: nil,
            trees: [TreeResult(block: tree.block, expected: .block(tree.expected), goldenName: "bir-agac.out")],
            findings: findings)
        let orphan = Diagnostic(.goldenOrphan, at: SourceLocation(path: "goldens/01-a/old.out", line: 1), "orphan")
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
        XCTAssertEqual(
            suites[2].elements(forName: "testcase").first?.attribute(forName: "name")?.stringValue,
            "goldens/01-a/old.out")
        let failureCount = suites.flatMap { $0.elements(forName: "testcase") }.filter {
            !$0.elements(forName: "failure").isEmpty
        }.count
        XCTAssertEqual("\(failureCount)", root.attribute(forName: "failures")?.stringValue)
        let cases = suites[0].elements(forName: "testcase")
        XCTAssertEqual(
            cases.map { $0.attribute(forName: "name")?.stringValue ?? "" },
            ["structure", "core", "tree bir-agac"])
        XCTAssertEqual(suites[0].attribute(forName: "tests")?.stringValue, "\(cases.count)")
        XCTAssertEqual(suites[0].attribute(forName: "failures")?.stringValue, "2")
        let treeFailures = cases[2].elements(forName: "failure")
        XCTAssertEqual(treeFailures.count, 2)
        XCTAssertEqual(treeFailures[0].attribute(forName: "message")?.stringValue, "drift \"x\"")
        XCTAssertEqual(
            treeFailures[0].stringValue,
            "lessons/01-a.md:10:1: error: drift \"x\" [output-drift]\nthe text is identical\n")
        XCTAssertEqual(
            cases[1].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue, "core & drift")
    }

    /// Colour comes from each line's kind: a removed line reading `--x` is red, not a bold header,
    /// and an added line's control characters are escaped inside the colour.
    func testTextReporterColoursAttachedLinesByKind() {
        let diff = UnifiedDiff(
            old: .init(label: "old", lines: ["--x", "same"], firstLine: 1),
            new: .init(label: "new", lines: ["++y\u{1B}", "same"], firstLine: 1)
        ).hunks()
        let finding = Diagnostic(
            .goldenOrphan, at: SourceLocation(path: "g.out", line: 1), "m", attachment: .diff(diff))
        let sink = BufferSink()
        TextReporter(diagnostics: sink, summary: BufferSink(), style: Style(enabled: true)).report(finding)
        let e = "\u{1B}["
        XCTAssertEqual(
            sink.text,
            """
            \(e)1mg.out:1:1:\(e)0m \(e)1;31merror:\(e)0m m [golden-orphan]
            \(e)1m--- old\(e)0m
            \(e)1m+++ new\(e)0m
            \(e)36m@@ -1,2 +1,2 @@\(e)0m
            \(e)31m---x\(e)0m
            \(e)32m+++y\\u{1B}\(e)0m
             same

            """)
    }

    /// An output excerpt renders its sections, indented, with the count of lines left out.
    func testExcerptRendersSectionsAndTheLinesLeftOut() throws {
        let stdout = Array((1...12).map { "line \($0)\n" }.joined().utf8)
        let excerpt = OutputExcerpt(sections: [
            try XCTUnwrap(OutputExcerpt.section("partial output", stdout)),
            try XCTUnwrap(OutputExcerpt.section("stderr", Array("boom\n".utf8))),
        ])
        XCTAssertNil(OutputExcerpt.section("stderr", []))
        let expected =
            ["partial output:"] + (1...10).map { "    line \($0)" } + ["    ... 2 more lines", "stderr:", "    boom"]
        XCTAssertEqual(Attachment.excerpt(excerpt).text, expected.map { $0 + "\n" }.joined())
        // Plain text: no colour on any excerpt line, whatever it starts with.
        XCTAssertTrue(Attachment.excerpt(excerpt).lines.allSatisfy { $0.kind == .plain })
    }

    /// An empty attachment is dropped, so no reporter prints an empty block.
    func testAnEmptyAttachmentIsDropped() {
        let finding = Diagnostic(
            .treeFailed, at: SourceLocation(path: "l.md", line: 2), "m",
            attachment: .excerpt(OutputExcerpt(sections: [])))
        XCTAssertNil(finding.attachment)
        XCTAssertNil(JSONReporter.findings([finding]).first?.detail)
    }

    /// git's no-newline marker follows the last line of the side that lacks it, found by index, not by text.
    func testPatchMarksTheLineWithoutANewlineFromTheStructure() {
        let old = [Line(number: 1, text: "a", ending: .lf), Line(number: 2, text: "b", ending: .none)]
        let new = [Line(number: 1, text: "a", ending: .lf), Line(number: 2, text: "c", ending: .lf)]
        XCTAssertEqual(
            Patch.file(path: "l.md", old: old, new: new),
            """
            diff --git a/l.md b/l.md
            --- a/l.md
            +++ b/l.md
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +c

            """)
        // A line equal to the old last one, but not last, gets no marker.
        let far =
            [Line(number: 1, text: "b", ending: .lf)] + (2...9).map { Line(number: $0, text: "x\($0)", ending: .lf) }
            + [Line(number: 10, text: "b", ending: .none)]
        var changed = far
        changed[0].text = "B"
        XCTAssertFalse(Patch.file(path: "l.md", old: far, new: changed, context: 1).contains("No newline"))
    }
}
