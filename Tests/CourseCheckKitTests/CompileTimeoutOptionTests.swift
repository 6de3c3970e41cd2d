import CourseCheckKit
import XCTest

/// `--compile-timeout SECONDS`: 120 by default, any positive number of seconds, else a usage error.
final class CompileTimeoutOptionTests: XCTestCase {
    func testDefaultAndExplicitValues() throws {
        XCTAssertEqual(try Invocation.parse(["lessons"]).compileTimeout, 120)
        XCTAssertEqual(try Invocation.parse(["--compile-timeout", "2.5", "lessons"]).compileTimeout, 2.5)
        XCTAssertEqual(try Invocation.parse(["--compile-timeout=30", "lessons"]).compileTimeout, 30)
    }

    func testNonPositiveOrMissingValuesAreUsageErrors() {
        for bad in ["0", "-1", "soon", "inf"] {
            XCTAssertThrowsError(try Invocation.parse(["--compile-timeout", bad, "lessons"])) {
                XCTAssertEqual(
                    $0 as? CourseCheckError,
                    .usage("--compile-timeout needs a positive number of seconds, not '\(bad)'"))
            }
        }
        XCTAssertThrowsError(try Invocation.parse(["--compile-timeout"])) {
            XCTAssertEqual($0 as? CourseCheckError, .usage("--compile-timeout needs a value"))
        }
    }
}
