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
        let first = """
            Test Suite 'Selected tests' started at 2026-12-02 04:01:44.953
            Test Case 'ASuiteTests.testPasses' started at 2026-12-02 04:01:44.953
            a line the test printed: Test Case 'not.this' started
            Test Case 'ASuiteTests.testPasses' passed (0.25 seconds)
            Test Case 'ASuiteTests.testFails' started at 2026-12-02 04:01:45.000
            /x/ASuiteTests.swift:10: error: ASuiteTests.testFails : XCTAssertEqual failed: ("a") is not equal to ("<b> & \\"c\\"")
            /x/ASuiteTests.swift:12: error: ASuiteTests.testFails : second
            Test Case 'ASuiteTests.testFails' failed (1.5 seconds)
            Test Case 'BSuiteTests.testSkips' started at 2026-12-02 04:01:46.000
            /x/BSuiteTests.swift:3: BSuiteTests.testSkips : Test skipped - root reads every file
            Test Case 'BSuiteTests.testSkips' skipped (0.0 seconds)
            Test Case 'BSuiteTests.testCrashes' started at 2026-12-02 04:01:47.000
            Fatal error: Index out of range

            """
        let second = """
            Test Case 'CSuiteTests.testPasses' started at 2026-12-02 04:01:44.953
            Test Case 'CSuiteTests.testPasses' passed (2.0 seconds)

            """
        let logs = [first, second].enumerated().map { scratch.url.appendingPathComponent("xctest-\($0.offset).log") }
        for (log, text) in zip(logs, [first, second]) { try Data(text.utf8).write(to: log) }
        let report = scratch.url.appendingPathComponent("xctest.xml")
        let process = Process()
        process.executableURL = Binary.packageRoot.appendingPathComponent("scripts/xctest-junit")
        process.arguments = [report.path] + logs.map(\.path)
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
                "ASuiteTests.testFails failure XCTAssertEqual failed: (\"a\") is not equal to (\"<b> & \\\"c\\\"\") | "
                    + "/x/ASuiteTests.swift:10: error: ASuiteTests.testFails : XCTAssertEqual failed: (\"a\") is not "
                    + "equal to (\"<b> & \\\"c\\\"\")\n/x/ASuiteTests.swift:12: error: ASuiteTests.testFails : second\n",
                "BSuiteTests.testSkips skipped Test skipped - root reads every file",
                "BSuiteTests.testCrashes error the test process ended during this test |",
                "CSuiteTests.testPasses passed",
            ])
        XCTAssertEqual(cases.suites["ASuiteTests"]?["tests"], "2")
        XCTAssertEqual(cases.suites["ASuiteTests"]?["failures"], "1")
        XCTAssertEqual(cases.suites["BSuiteTests"]?["errors"], "1")
        XCTAssertEqual(cases.suites["BSuiteTests"]?["skipped"], "1")
        XCTAssertEqual(cases.suites["ASuiteTests"]?["time"], "1.750")
    }
}
