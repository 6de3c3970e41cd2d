import XCTest

@testable import CourseCheckKit

/// The embedded engine never reports as a crash or a pass what Swift rejects at compile time, and
/// every tree it hands to swiftc gets a true reason.
final class EmbeddedHonestyTests: XCTestCase {
    private func failure(_ source: String) -> TreeLanguageError? {
        Interpreter.run(LineScanner.lines(of: source)).failure
    }

    func testArithmeticSwiftCouldFoldIsHandedOnAndRuntimeArithmeticTraps() {
        XCTAssertEqual(
            failure("let x = 7 / 0\nprint(x)"),
            .unsupported(
                "integer arithmetic that traps here (Division by zero), which Swift may reject at compile time", (1, 11)
            ))
        XCTAssertEqual(
            failure("let big = 9223372036854775807\nprint(big + 1)"),
            .unsupported(
                "integer arithmetic that traps here (arithmetic overflow), which Swift may reject at compile time",
                (2, 11)))
        // A subscript is a runtime value: the trap is certain.
        XCTAssertEqual(failure("let zero = [0]\nprint(7 / zero[0])"), .trap("Fatal error: Division by zero", (2, 9)))
    }

    /// Two functions of one name may be overloads, which Swift allows: the reason says swiftc
    /// decides, never "invalid redeclaration".
    func testOverloadsAreLeftToSwiftcWithATrueReason() {
        XCTAssertEqual(
            failure("func f(_ x: Int) -> Int { x }\nfunc f(_ x: String) -> String { x }\nprint(f(1))"),
            .unsupported("declares 'f' twice (overloads, which swiftc decides)", (2, 1)))
    }

    func testCodeThatNeverRunsIsLeftToSwiftc() {
        XCTAssertEqual(
            failure("let choice = false\nprint(choice ? 1 : \"a\")"),
            .unsupported("code that never runs (line 2), which only swiftc type-checks", (2, 16)))
        XCTAssertEqual(
            failure("let empty: [Int] = []\nprint(empty.map { $0 + 1 })"),
            .unsupported("code that never runs (line 2), which only swiftc type-checks", (2, 22)))
        XCTAssertEqual(
            failure("func unused() {\n    print(1)\n}\nprint(2)"),
            .unsupported("code that never runs (line 2), which only swiftc type-checks", (2, 5)))
    }

    /// What swiftc rejects as syntax is never run: each of these was once printed by the engine.
    func testSyntaxSwiftRejectsIsLeftToSwiftc() {
        for source in ["print(! true)", "print(- 1)", "print(1 + - 2)", "let n = - 2\nprint(n)"] {
            guard let reason = failure(source).flatMap({ $0.kind == .unsupported ? $0.message : nil }) else {
                return XCTFail("\(source) ran embedded")
            }
            XCTAssertTrue(reason.hasSuffix("followed by whitespace (Swift rejects it)"), reason)
        }
        for source in [
            "let default = 1\nprint(default)", "let is = 1\nprint(is)", "let Any = 1\nprint(Any)",
            "let x = 1;;\nprint(x)", "print(1/**/+2)",
        ] {
            XCTAssertNotNil(failure(source), "\(source) ran embedded")
            if failure(source)?.kind == .trap { XCTFail("\(source) reported as a crash") }
        }
    }

    func testReasonsAreTrue() {
        XCTAssertEqual(
            failure("print(String(repeating: \"ab\", count: 3))"),
            .unsupported("uses String(repeating:count:), which the tree language does not cover", (1, 7)))
        XCTAssertEqual(
            failure("print(-9223372036854775808)"),
            .unsupported(
                "integer literal 9223372036854775808 beyond Int.max (swiftc decides whether it overflows)", (1, 8)))
        XCTAssertEqual(
            failure("func countCauses(_ x: [Recompute]) {\n}\ncountCauses([])"),
            .unsupported(
                "declares 'countCauses', a name the core declares (swiftc decides: redeclaration or shadowing)", (1, 1))
        )
        XCTAssertEqual(
            failure("func greet() {\n    print(name)\n}\nlet name = \"a\"\ngreet()"),
            .unsupported("function 'greet' reads a top-level name declared after it ('name')", (2, 11)))
        XCTAssertEqual(
            failure("final class Box {}"), .unsupported("'final class' declaration", (1, 1)))
        XCTAssertEqual(failure("print(#line)"), .unsupported("magic literal '#line'", (1, 7)))
    }
}
