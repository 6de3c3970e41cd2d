import XCTest

@testable import CourseCheckKit

/// Where the tree language was once more lenient than swiftc, and now refuses with a true reason:
/// characters in string literals and names, names that are one to `String`'s `==` but two to Swift,
/// and labelled arguments out of order or given twice. Each case was compiled with swiftc 6.3.1
/// (`swiftc Invalidation.swift main.swift`); the differential corpus holds the same classes
/// (trees 149 to 163) with swiftc's own verdicts. Next to each refusal, the valid neighbour that
/// must still run embedded.
final class TreeLanguageRefusalTests: XCTestCase {
    /// Asserts the whole outcome of a refused tree: nothing printed, no lint, exactly this failure.
    private func assertRefused(
        _ source: String, _ expected: TreeLanguageError, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertRefused(LineScanner.lines(of: source), expected, file: file, line: line)
    }

    private func assertRefused(
        _ lines: [Line], _ expected: TreeLanguageError, file: StaticString = #filePath, line: UInt = #line
    ) {
        let outcome = Interpreter.run(lines)
        XCTAssertEqual(outcome.failure, expected, file: file, line: line)
        XCTAssertEqual(outcome.output, "", file: file, line: line)
        XCTAssertEqual(outcome.lints, [], file: file, line: line)
    }

    /// Asserts that `source` runs to the end, without failure or lint, printing exactly `expected`.
    private func assertPrints(_ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let outcome = Interpreter.run(LineScanner.lines(of: source))
        XCTAssertNil(outcome.failure, "\(outcome.failure?.message ?? "") in:\n\(source)", file: file, line: line)
        XCTAssertEqual(outcome.output, expected, file: file, line: line)
        XCTAssertEqual(outcome.lints, [], file: file, line: line)
    }

    // MARK: Lexing

    /// swiftc: "unprintable ASCII character found in source file" for every C0 control but NUL, LF
    /// and CR in a single-line string (a tab too; a multi-line string takes a tab), and for DEL.
    func testControlCharactersSwiftRejectsInAStringAreRefused() {
        for value in Array(1...0x1F).filter({ $0 != 0x0A && $0 != 0x0D }) + [0x7F] {
            let scalar = Unicode.Scalar(UInt8(value))
            assertRefused(
                "print(\"a\(scalar)b\")",
                .invalid("unprintable ASCII character \(Invisible.name(scalar)) in a string literal", (1, 9)))
        }
        assertRefused(
            "let x = 1\nprint(\"x:\tone\")",
            .invalid("unprintable ASCII character U+0009 CHARACTER TABULATION in a string literal", (2, 10)))
        // The escapes stand for the same characters and compile.
        assertPrints("print(\"a\\tb\\rc\")", "a\tb\rc\n")
    }

    /// swiftc ends a line at a lone carriage return, so the string is unterminated. A lesson's
    /// lines never hold one (the scanner cuts there too); a hand-made line may.
    func testACarriageReturnEndsTheStringAsInSwift() {
        assertRefused(
            [Line(number: 1, text: "print(\"a\rb\")", ending: .lf)], .invalid("unterminated string literal", (1, 7)))
    }

    /// What swiftc takes in a string literal runs: NUL (a warning; the string holds it), NEL,
    /// LINE SEPARATOR, ZERO WIDTH SPACE, NO-BREAK SPACE, a BOM and a C1 control.
    func testCharactersSwiftTakesInAStringStillRun() {
        assertPrints("print(\"a\u{0}b\")", "a\u{0}b\n")
        assertPrints(
            "print(\"\u{85}|\u{2028}|\u{200B}|\u{A0}|\u{FEFF}|\u{80}\")",
            "\u{85}|\u{2028}|\u{200B}|\u{A0}|\u{FEFF}|\u{80}\n")
    }

    /// Outside a string, only Swift's identifier characters make a name: swiftc reads U+00A0 as a
    /// warned space, U+2028 and U+0085 as invalid characters, U+00D7 as an operator, and refuses
    /// a combining mark at a name's start.
    func testCharactersThatAreNotSwiftIdentifierCharactersAreRefused() {
        assertRefused(
            "let ab\u{A0}= 1\nprint(ab)", .unsupported("character U+00A0 NO-BREAK SPACE", (1, 7)))
        assertRefused(
            "let a\u{2028}b = 1\nprint(a\u{2028}b)", .unsupported("character U+2028 LINE SEPARATOR", (1, 6)))
        assertRefused("let a\u{85}b = 1\nprint(1)", .unsupported("character U+0085 unnamed", (1, 6)))
        assertRefused("let a\u{D7}b = 1\nprint(1)", .unsupported("character U+00D7 MULTIPLICATION SIGN", (1, 6)))
        assertRefused(
            "let \u{301}ab = 1\nprint(1)", .unsupported("character U+0301 COMBINING ACUTE ACCENT", (1, 5)))
        assertRefused("let x = 1\u{B}\nprint(x)", .unsupported("character U+000B LINE TABULATION", (1, 10)))
    }

    /// Invisible characters Swift does take in a name (ZERO WIDTH SPACE, a bidi override, a soft
    /// hyphen, a combining mark after the start) make a name of their own, as in Swift.
    func testInvisibleIdentifierCharactersMakeANameOfTheirOwn() {
        assertPrints(
            "let a\u{200B}b = 1\nlet a\u{202E}b = 2\nlet a\u{AD}b = 3\nlet e\u{301} = 4\n"
                + "print(a\u{200B}b, a\u{202E}b, a\u{AD}b, e\u{301})", "1 2 3 4\n")
        assertRefused("let a\u{200B}b = 1\nprint(ab)", .invalid("cannot find 'ab' in scope", (2, 7)))
    }

    // MARK: Names

    /// swiftc: `let café` (NFC) then `café` in NFD is "cannot find 'café' in scope"; Swift matches
    /// names by their scalars, `String`'s `==` by canonical equivalence.
    func testNamesSpelledWithOtherScalarsAreRefused() {
        let nfc = "caf\u{E9}"
        let nfd = "cafe\u{301}"
        assertRefused(
            "let \(nfc) = 1\nprint(\(nfd))",
            .unsupported(
                "names '\(nfd)' (with U+0301) and '\(nfc)' (with U+00E9, line 1), one name to String's == but two to "
                    + "Swift, which matches names by their scalars", (2, 7)))
        assertRefused(
            "let \(nfd) = 1\nprint(\(nfc))",
            .unsupported(
                "names '\(nfc)' (with U+00E9) and '\(nfd)' (with U+0301, line 1), one name to String's == but two to "
                    + "Swift, which matches names by their scalars", (2, 7)))
        // A label, a function's name, a parameter.
        assertRefused(
            "func f(\(nfc): Int) -> Int { 1 }\nprint(f(\(nfd): 1))",
            .unsupported(
                "names '\(nfd)' (with U+0301) and '\(nfc)' (with U+00E9, line 1), one name to String's == but two to "
                    + "Swift, which matches names by their scalars", (2, 9)))
        assertRefused(
            "func \(nfd)() -> Int { 1 }\nprint(\(nfc)())",
            .unsupported(
                "names '\(nfc)' (with U+00E9) and '\(nfd)' (with U+0301, line 1), one name to String's == but two to "
                    + "Swift, which matches names by their scalars", (2, 7)))
        // KELVIN SIGN is `K` to `==`, another name to Swift.
        assertRefused(
            "let K = 1\nprint(\u{212A})",
            .unsupported(
                "name '\u{212A}' (with U+212A), the name 'K' to String's == but another to Swift, which matches names by "
                    + "their scalars", (2, 7)))
    }

    /// One spelling throughout, NFC or NFD, is valid Swift and runs.
    func testANameSpelledOneWayStillRuns() {
        assertPrints("let caf\u{E9} = [1, 2]\nprint(caf\u{E9}.count)", "2\n")
        assertPrints(
            "func cafe\u{301}(cafe\u{301} x: Int) -> Int { x }\nprint(cafe\u{301}(cafe\u{301}: 3))", "3\n")
    }

    // MARK: Calls

    /// swiftc: "argument 'separator' must precede argument 'terminator'", "extra argument
    /// 'separator' in call"; the labels may each be left out, and `print()` prints a line.
    func testPrintLabelsOutOfOrderOrTwiceAreRefused() {
        assertRefused(
            "print(1, terminator: \"\\n\", separator: \"-\")",
            .invalid("argument 'separator' must precede argument 'terminator'", (1, 39)))
        assertRefused(
            "print(1, separator: \"a\", separator: \"b\")", .invalid("extra argument 'separator' in call", (1, 37)))
        assertRefused(
            "print(1, terminator: \"a\", terminator: \"b\")", .invalid("extra argument 'terminator' in call", (1, 39)))
        assertPrints(
            "print(separator: \"-\")\nprint(terminator: \"x\\n\")\nprint()\nprint(1, 2, separator: \"-\", terminator: \"!\\n\")",
            "\nx\n\n1-2!\n")
    }

    /// The core's initialisers, `change` and a tree's own functions take their labels in order and once.
    func testLabelledArgumentsOutOfOrderOrTwiceAreRefused() {
        assertRefused(
            "let n = ViewNode(\"a\", reads: [], parent: nil)\nprint(n.name)",
            .invalid("argument 'parent' must precede argument 'reads'", (1, 42)))
        assertRefused(
            "let r = Recompute(cause: \"c\", view: \"v\")\nprint(r.view)",
            .invalid("argument 'view' must precede argument 'cause'", (1, 37)))
        assertRefused(
            "let t = ViewTree(storage: [:], nodes: [])\nprint(t.nodes.count)",
            .invalid("argument 'nodes' must precede argument 'storage'", (1, 39)))
        assertRefused(
            "let t = ViewTree(nodes: [], storage: [:])\nlet r = t.change(key: \"k\", \"x\")\nprint(r.count)",
            .invalid("unnamed argument #2 must precede argument 'key'", (2, 28)))
        assertRefused(
            "func f(a: Int, b: Int) -> Int { a - b }\nprint(f(b: 1, a: 2))",
            .invalid("argument 'a' must precede argument 'b'", (2, 18)))
        assertRefused(
            "func f(a: Int, b: Int) -> Int { a - b }\nprint(f(a: 1, a: 2))",
            .invalid("extra argument 'a' in call", (2, 18)))
        // Swift lets two parameters share a label; then the label comes twice.
        assertPrints("func f(a x: Int, a y: Int) -> Int { x - y }\nprint(f(a: 3, a: 1))", "2\n")
    }

    // MARK: Neighbours

    func testNeighboursSwiftRejectsAreRefusedAndThoseItTakesHaveATrueReason() {
        // swiftc: "invalid redeclaration of 'x'"; the engine used to bind the last one.
        assertRefused(
            "func f(a x: Int, b x: Int) -> Int { x }\nprint(f(a: 1, b: 2))",
            .invalid("invalid redeclaration of 'x'", (1, 1)))
        // swiftc: "'consume' cannot be applied to globals".
        assertRefused("let x = [1]\nlet y = consume x\nprint(y)", .unsupported("'consume' operator", (2, 9)))
        // Valid Swift, each: the reason says what the tree language does not cover.
        assertRefused("private let x = 1\nprint(x)", .unsupported("'private let' declaration", (1, 1)))
        assertRefused(
            "let borrowing = 1\nprint(borrowing)", .unsupported("'borrowing' as a name (a contextual keyword)", (1, 5)))
        assertRefused(
            "func f(in x: Int) -> Int { x }\nprint(f(in: 1))", .unsupported("'in' as an argument label", (1, 8)))
        // `print(x)` above `let x = 5` compiles and prints 0 (the global before its initialiser).
        assertRefused(
            "print(x)\nlet x = 5",
            .unsupported(
                "reads the top-level name 'x' above its declaration (a global of main.swift, which swiftc orders)",
                (1, 7)))
    }
}
