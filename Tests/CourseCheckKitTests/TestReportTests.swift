import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `scripts/xctest-junit`, the JUnit report CI reads for the XCTest shards: every test case a log
/// starts is in it with its outcome and messages, including one the process died in.
final class TestReportTests: XCTestCase {
    /// Reads the report's test cases as "Suite.test state message" lines.
    private final class Cases: NSObject, XMLParserDelegate {
        var rows: [String] = []
        var suites: [String: [String: String]] = [:]
        private var current: (name: String, state: String, message: String)?
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "testsuite": suites[attributes["name"] ?? ""] = attributes
            case "testcase":
                let suite = (attributes["classname"] ?? "").split(separator: ".").last.map(String.init) ?? ""
                current = ("\(suite).\(attributes["name"] ?? "")", "passed", "")
            case "failure", "skipped", "error":
                current?.state = element
                current?.message = attributes["message"] ?? ""
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if element == "failure" || element == "error" { current?.message += " | " + text }
            if element == "testcase", let row = current {
                rows.append("\(row.name) \(row.state) \(row.message)".trimmingCharacters(in: .whitespaces))
                current = nil
            }
        }
    }

    func testEveryStartedCaseIsReportedWithItsOutcome() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A failure message longer than awk's formatting buffer (8 KiB in mawk): a whole lesson in an assertion.
        let long = String(repeating: "lesson text ", count: 1_000)
        let first = """
            Test Suite 'Selected tests' started at 2026-12-02 04:01:44.953
            Test Case 'ASuiteTests.testPasses' started at 2026-12-02 04:01:44.953
            a line the test printed: Test Case 'not.this' started
            Test Case 'ASuiteTests.testPasses' passed (0.25 seconds)
            Test Case 'ASuiteTests.testFails' started at 2026-12-02 04:01:45.000
            /x/ASuiteTests.swift:10: error: ASuiteTests.testFails : XCTAssertEqual failed: ("a") is not equal to ("<b> & 'c'
            second line of the same message")
            /x/ASuiteTests.swift:12: error: ASuiteTests.testFails : second \(long)
            Test Case 'ASuiteTests.testFails' failed (1.5 seconds)
            Test Case 'BSuiteTests.testSkips' started at 2026-12-02 04:01:46.000
            /x/BSuiteTests.swift:3: BSuiteTests.testSkips : Test skipped - root reads every file
            Test Case 'BSuiteTests.testSkips' skipped (0.0 seconds)
            Test Case 'BSuiteTests.testCrashes' started at 2026-12-02 04:01:47.000
            Fatal error: Index out of range

            """
        // NUL, a byte that is not UTF-8 and U+FFFE cannot be in XML; they are dropped.
        let second =
            Data("Test Case 'CSuiteTests.testPasses' started at 2026-12-02 04:01:44.953\n".utf8)
            + Data([0x6F, 0x00, 0x6B, 0xFF, 0xEF, 0xBF, 0xBE, 0x0A])
            + Data("Test Case 'CSuiteTests.testPasses' passed (2.0 seconds)\n".utf8)
        // A process that failed before any test: its own error, with its last words.
        let third = Data("dlopen failed: no such library\n".utf8)
        let logs = (0..<3).map { scratch.url.appendingPathComponent("xctest-\($0 + 1).log") }
        for (log, data) in zip(logs, [Data(first.utf8), second, third]) { try data.write(to: log) }
        let planned = scratch.url.appendingPathComponent("planned")
        try Data(
            """
            Listing 6 tests in debug.xctest:

            CourseCheckKitTests.ASuiteTests/testPasses
            CourseCheckKitTests.ASuiteTests/testFails
            CourseCheckKitTests.BSuiteTests/testSkips
            CourseCheckKitTests.BSuiteTests/testCrashes
            CourseCheckKitTests.BSuiteTests/testNeverStarted
            CourseCheckKitTests.CSuiteTests/testPasses

            """.utf8
        ).write(to: planned)
        let report = scratch.url.appendingPathComponent("xctest.xml")
        let process = Process()
        process.executableURL = Binary.packageRoot.appendingPathComponent("scripts/xctest-junit")
        process.arguments = [
            "--planned", planned.path, report.path, "\(logs[0].path):134", logs[1].path, "\(logs[2].path):1",
        ]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let parser = try XCTUnwrap(XMLParser(contentsOf: report))
        let cases = Cases()
        parser.delegate = cases
        XCTAssertTrue(parser.parse(), "the report is well-formed XML: \(String(describing: parser.parserError))")
        XCTAssertEqual(
            cases.rows,
            [
                "ASuiteTests.testPasses passed",
                "ASuiteTests.testFails failure XCTAssertEqual failed: (\"a\") is not equal to (\"<b> & 'c' | "
                    + "/x/ASuiteTests.swift:10: error: ASuiteTests.testFails : XCTAssertEqual failed: (\"a\") is not "
                    + "equal to (\"<b> & 'c'\nsecond line of the same message\")\n"
                    + "/x/ASuiteTests.swift:12: error: ASuiteTests.testFails : second \(long)\n",
                "BSuiteTests.testSkips skipped Test skipped - root reads every file",
                "BSuiteTests.testCrashes error the test process ended during this test (exit status 134) | "
                    + "Fatal error: Index out of range\n",
                "BSuiteTests.testNeverStarted error listed, but no test process started it |",
                "CSuiteTests.testPasses passed",
                "xctest-3.process error the test process failed (exit status 1) without a failing test | "
                    + "dlopen failed: no such library\n",
            ])
        XCTAssertEqual(cases.suites["ASuiteTests"]?["tests"], "2")
        XCTAssertEqual(cases.suites["ASuiteTests"]?["failures"], "1")
        XCTAssertEqual(cases.suites["BSuiteTests"]?["errors"], "2")
        XCTAssertEqual(cases.suites["xctest-3"]?["errors"], "1")
        XCTAssertEqual(cases.suites["BSuiteTests"]?["skipped"], "1")
        XCTAssertEqual(cases.suites["ASuiteTests"]?["time"], "1.750")
    }
}
