import Foundation
import Synchronization
import XCTest

@testable import CourseCheckKit

/// The tree language: what it parses, where it refuses, and that it prints what Swift prints.
///
/// Every expected output below was checked against swiftc 6.3.1, compiling the same snippet together
/// with `Sources/InvalidationCore/Invalidation.swift`. Locations use markers (`1️⃣`, `2️⃣`, ...) put
/// right before the token the error or lint must point at.
final class TreeLanguageTests: XCTestCase {
    /// A 1-based line and UTF-8 byte column, as `TreeLexer` locates tokens.
    private struct Position: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        init(_ pair: (line: Int, column: Int)) {
            self.init(line: pair.line, column: pair.column)
        }

        init(_ position: SyntaxPosition) {
            self.init(line: position.line, column: position.column)
        }

        var description: String { "\(line):\(column)" }
    }

    private static let markers: Set<Character> = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The course's typical tree, as a lesson writes it.
    private static let courseTree = """
        // main.swift — alti degisiklik
        let storage: [String: Storage] = [
            "filter": .state(owner: "TaskScreen"),
            "tasks": .model(object: "TaskStore"),
            "colorScheme": .environment,
        ]

        let screen = ViewTree(nodes: [
            ViewNode("TaskScreen", parent: nil, reads: ["filter"]),
            ViewNode("TaskList", parent: "TaskScreen", reads: ["filter", "tasks"]),
            ViewNode("TaskRow", parent: "TaskList", reads: ["colorScheme"]),
        ], storage: storage)

        let recomputes = [
            screen.change("filtre-secildi", key: "filter"),
            screen.change("karanlik-kip", key: "colorScheme"),
        ].flatMap { $0 }

        countCauses(recomputes)
        """

    /// Two nodes, B a child of A, both reading the state key "k" that A owns.
    private static let twoNodes = """
        let tree = ViewTree(nodes: [
            ViewNode("A", parent: nil, reads: ["k"]),
            ViewNode("B", parent: "A", reads: ["k"]),
        ], storage: ["k": .state(owner: "A")])
        """

    /// Removes the markers `1️⃣`…`9️⃣` from `marked`, returning the plain source and where each marker
    /// stood: its line, and the column of the character after it, counting `String(char).utf8.count`
    /// bytes per Character as the lexer does.
    private func extractMarkers(_ marked: String) -> (source: String, markers: [Character: Position]) {
        var lines: [String] = []
        var found: [Character: Position] = [:]
        for (index, text) in marked.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var plain = ""
            var column = 1
            for char in text {
                if Self.markers.contains(char) {
                    found[char] = Position(line: index + 1, column: column)
                } else {
                    plain.append(char)
                    column += String(char).utf8.count
                }
            }
            lines.append(plain)
        }
        return (lines.joined(separator: "\n"), found)
    }

    /// Asserts that parsing `marked` throws a `kind` error with exactly `message`, at the `1️⃣` marker.
    private func assertParseError(
        _ marked: String, _ message: String, kind: TreeLanguageError.Kind = .unsupported,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let (source, markers) = extractMarkers(marked)
        guard let expected = markers["1️⃣"] else { return XCTFail("no 1️⃣ in \(marked)", file: file, line: line) }
        do {
            let statements = try TreeParser.parse(LineScanner.lines(of: source))
            XCTFail("parsed \(statements.count) statements, wanted \(message) in:\n\(source)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.message, message, "in:\n\(source)", file: file, line: line)
            XCTAssertEqual(Position(error.position), expected, "\(message) in:\n\(source)", file: file, line: line)
            XCTAssertEqual(error.kind, kind, "in:\n\(source)", file: file, line: line)
        }
    }

    /// Asserts that running `marked` prints `output`, then stops with a `kind` failure `message` at `1️⃣`.
    private func assertRunFailure(
        _ marked: String, _ kind: TreeLanguageError.Kind, _ message: String, output: String = "",
        limits: Interpreter.Limits = Interpreter.Limits(),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let (source, markers) = extractMarkers(marked)
        guard let expected = markers["1️⃣"] else { return XCTFail("no 1️⃣ in \(marked)", file: file, line: line) }
        let outcome = Interpreter.run(LineScanner.lines(of: source), limits: limits)
        XCTAssertEqual(outcome.failure?.kind, kind, "in:\n\(source)", file: file, line: line)
        XCTAssertEqual(outcome.failure?.message, message, "in:\n\(source)", file: file, line: line)
        XCTAssertEqual(
            outcome.failure.map { Position($0.position) }, expected, "in:\n\(source)", file: file, line: line)
        XCTAssertEqual(outcome.output, output, "in:\n\(source)", file: file, line: line)
    }

    /// Asserts that `source` runs to the end, without lints, printing exactly `expected` (Swift's output).
    private func assertPrints(_ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let outcome = Interpreter.run(LineScanner.lines(of: source))
        XCTAssertNil(outcome.failure, "\(outcome.failure?.message ?? "") in:\n\(source)", file: file, line: line)
        XCTAssertEqual(outcome.output, expected, "in:\n\(source)", file: file, line: line)
        XCTAssertEqual(outcome.lints.map(\.message), [], file: file, line: line)
    }

    /// Where a background evaluation leaves its outcome.
    private final class OutcomeSlot: Sendable {
        let outcome = Mutex<Interpreter.Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs `source` on a thread of its own with an 8 MiB stack (the main thread's), and gives up
    /// after `seconds`: a hang fails the test instead of stalling the suite.
    private func runWithDeadline(
        _ source: String, limits: Interpreter.Limits = Interpreter.Limits(), seconds: Double = 60
    )
        -> Interpreter.Outcome?
    {
        let lines = LineScanner.lines(of: source)
        let slot = OutcomeSlot()
        let thread = Thread {
            let outcome = Interpreter.run(lines, limits: limits)
            slot.outcome.withLock { $0 = outcome }
            slot.done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard slot.done.wait(timeout: .now() + seconds) == .success else { return nil }
        return slot.outcome.withLock { $0 }
    }

    /// Runs one tree through the built `coursecheck` binary on the embedded engine, so that a crash
    /// fails the test instead of killing the test process.
    private func runInChildProcess(_ tree: String) throws -> Binary.Result {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let head = "---\ntitle: 'Tree'\n---\n\n# Tree\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n"
        let treeLine = head.split(separator: "\n", omittingEmptySubsequences: false).count
        let lesson = head + "// main.swift — agac\n" + tree + "\n```\n\n```\n0\n```\n"
        try lesson.write(to: scratch.url.appendingPathComponent("tree.md"), atomically: true, encoding: .utf8)
        // The interpreter's limits are what is tried here, on input the compiler would take minutes over.
        let compiler = try AcceptingCompiler.make(in: scratch.url)
        return try Binary.run(
            ["run", "--engine", "embedded", "tree.md:\(treeLine)"], in: scratch.url,
            environment: ["SWIFT_BACKTRACE": "enable=no", "SWIFTC": compiler.path])
    }

    /// A one-line sketch of a statement: where it starts (when `located`), and its shape.
    private func sketch(_ statement: StatementSyntax, located: Bool = true) -> String {
        let at = located ? "\(statement.position.line):\(statement.position.column) " : ""
        switch statement.kind {
        case .binding(let name, let type, let value):
            return at
                + "let \(name)\(type.map { ": \(Interpreter(limits: Interpreter.Limits()).describe($0))" } ?? "") = \(sketch(value))"
        case .function(let function):
            return at + "func \(function.name) { \(function.body.map { sketch($0) }.joined(separator: "; ")) }"
        case .expression(let expression):
            return at + sketch(expression)
        case .returnStatement(let expression):
            return at + "return" + (expression.map { " " + sketch($0) } ?? "")
        }
    }

    /// Arguments as written, labels included.
    private func sketch(_ arguments: [ArgumentSyntax]) -> String {
        arguments.map { ($0.label.map { $0 + ": " } ?? "") + sketch($0.value) }.joined(separator: ", ")
    }

    /// A one-line sketch of an expression, with collection literals reduced to their size.
    private func sketch(_ expression: ExpressionSyntax) -> String {
        switch expression.kind {
        case .integer(let value): "\(value)"
        case .boolean(let value): "\(value)"
        case .nilLiteral: "nil"
        case .string(let parts):
            "\""
                + parts.map { part in
                    switch part {
                    case .text(let text): text
                    case .interpolation(let inner): "\\(\(sketch(inner)))"
                    }
                }.joined() + "\""
        case .identifier(let name): name
        case .implicitMember(let name): "." + name
        case .member(let base, let name): sketch(base) + "." + name
        case .call(let callee, let arguments): sketch(callee) + "(" + sketch(arguments) + ")"
        case .subscriptAccess(let base, let arguments): sketch(base) + "[" + sketch(arguments) + "]"
        case .array(let elements): "[\(elements.count) elements]"
        case .dictionary(let entries): "[\(entries.count) entries]"
        case .closure(let parameters, let body):
            "{ " + (parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " in ")
                + body.map { sketch($0, located: false) }.joined(separator: "; ") + " }"
        case .keyPath(let path): "\\." + path.joined(separator: ".")
        case .anonymousArgument(let number): "$\(number)"
        case .binary(let symbol, let left, let right): "(\(sketch(left)) \(symbol) \(sketch(right)))"
        case .prefix(let symbol, let operand): symbol + sketch(operand)
        case .forceUnwrap(let operand): sketch(operand) + "!"
        case .ternary(let condition, let then, let otherwise):
            "(\(sketch(condition)) ? \(sketch(then)) : \(sketch(otherwise)))"
        }
    }

    func testParsesTheCourseTree() throws {
        let statements = try TreeParser.parse(LineScanner.lines(of: Self.courseTree))
        XCTAssertEqual(
            statements.map { sketch($0) },
            [
                "2:1 let storage: [String: Storage] = [3 entries]",
                "8:1 let screen = ViewTree(nodes: [3 elements], storage: storage)",
                "14:1 let recomputes = [2 elements].flatMap({ $0 })",
                "19:1 countCauses(recomputes)",
            ])
        guard case .binding(_, _, let storage) = statements[0].kind, case .dictionary(let entries) = storage.kind,
            case .binding(_, _, let tree) = statements[1].kind, case .call(_, let arguments) = tree.kind,
            case .array(let nodes) = arguments[0].value.kind
        else { return XCTFail("unexpected shape") }
        XCTAssertEqual(
            entries.map { "\(sketch($0.key)): \(sketch($0.value))" },
            [
                #""filter": .state(owner: "TaskScreen")"#, #""tasks": .model(object: "TaskStore")"#,
                #""colorScheme": .environment"#,
            ])
        XCTAssertEqual(
            nodes.map { sketch($0) },
            [
                #"ViewNode("TaskScreen", parent: nil, reads: [1 elements])"#,
                #"ViewNode("TaskList", parent: "TaskScreen", reads: [2 elements])"#,
                #"ViewNode("TaskRow", parent: "TaskList", reads: [1 elements])"#,
            ])
        XCTAssertEqual(nodes.map { Position($0.position) }, (9...11).map { Position(line: $0, column: 5) })
    }

    func testParsesFunctionsKeyPathsInterpolationAndOperators() throws {
        let statements = try TreeParser.parse(
            LineScanner.lines(
                of: """
                    func label(of node: ViewNode, _ prefix: String) -> String? {
                        return node.parent == nil ? nil : "\\(prefix)-\\(node.name)"
                    }
                    let names = screen.nodes.map(\\.name).filter { name in !name.isEmpty && name != "x" }
                    let total = 1 + 2 * -3 % 4; print(names[0], total, separator: "")
                    """))
        XCTAssertEqual(
            statements.map { sketch($0) },
            [
                #"1:1 func label { 2:5 return ((node.parent == nil) ? nil : "\(prefix)-\(node.name)") }"#,
                #"4:1 let names = screen.nodes.map(\.name).filter({ name in (!name.isEmpty && (name != "x")) })"#,
                "5:1 let total = (1 + ((2 * -3) % 4))",
                #"5:29 print(names[0], total, separator: "")"#,
            ])
        guard case .function(let function) = statements[0].kind else { return XCTFail("not a function") }
        XCTAssertEqual(
            function.parameters,
            [
                ParameterSyntax(label: "of", name: "node", type: .named("ViewNode")),
                ParameterSyntax(label: nil, name: "prefix", type: .named("String")),
            ])
        XCTAssertEqual(function.returnType, .optional(.named("String")))
    }

    func testUnsupportedConstructsAreLocatedAtTheirToken() {
        let cases: [(marked: String, construct: String)] = [
            ("1️⃣for name in [\"a\"] {}", "'for' statement"),
            ("let a = 1\n1️⃣while true {}", "'while' statement"),
            ("1️⃣if true { print(1) }", "'if' statement"),
            ("func f() {\n    1️⃣var count = 0\n}", "'var' binding"),
            ("1️⃣struct Row {}", "'struct' declaration"),
            ("// main.swift — x\n1️⃣import SwiftUI", "'import' declaration"),
            ("1️⃣switch 1 {}", "'switch' statement"),
            ("1️⃣guard true else {}", "'guard' statement"),
            ("1️⃣class Store {}", "'class' declaration"),
            ("let x = 1\nx 1️⃣= 2", "assignment"),
            ("x 1️⃣+= 1", "operator '+='"),
            ("let a = [1]\nlet b = a1️⃣?.count", "optional chaining"),
            ("let t = (11️⃣, 2)", "tuple"),
            ("let 1️⃣(a, b) = c", "tuple pattern"),
            ("let t = c.1️⃣0", "tuple element access"),
            ("let s = 1️⃣\"\"\"", "multi-line string literal"),
            ("let f = 1️⃣1.5", "floating-point literal"),
            ("let başlık = \"ğ\" + 1️⃣2.5", "floating-point literal"),
            ("let c = { 1️⃣[x] in x }", "closure capture list"),
            ("let c = { 1️⃣(a: Int) in a }", "parenthesised closure parameters"),
            ("func f1️⃣<T>(x: T) {}", "generic function"),
            ("func f(a: Int 1️⃣= 1) {}", "default argument"),
            ("func f() 1️⃣throws {}", "throwing function"),
            ("1️⃣@MainActor func f() {}", "attribute"),
            ("1️⃣#if DEBUG", "compiler directive"),
            ("let x: String1️⃣! = nil", "implicitly unwrapped optional"),
            ("let x: 1️⃣(Int, Int) = y", "tuple or function type"),
            ("let k = \\1️⃣ViewNode.name", "key path with an explicit root type"),
            ("let x = 1️⃣`a`", "backtick-escaped identifier"),
            ("let x = 1️⃣try f()", "'try' expression"),
            ("let x = 1️⃣self", "'self'"),
            ("let y = 1️⃣if true { 1 } else { 2 }", "'if' or 'switch' expression"),
            ("print(\"🙂 \\(1️⃣3.0)\")", "floating-point literal"),
            ("print(\"a1️⃣\\u{1F600}\")", "escape sequence '\\u'"),
            ("let x = 1️⃣&y", "prefix operator '&'"),
        ]
        for (marked, construct) in cases {
            assertParseError(marked, "unsupported in the tree language: \(construct)")
        }
    }

    func testInvalidSyntaxIsLocated() {
        assertParseError("print(1️⃣\"abc", "unterminated string literal", kind: .invalid)
        assertParseError(
            "print(11️⃣", "expected ',' or ')' in the argument list, found the end of the tree", kind: .invalid)
        assertParseError(
            "print(1\n1️⃣print(2)", "expected ',' or ')' in the argument list, found 'print'", kind: .invalid)
        assertParseError("let 1️⃣= 5", "expected a name after 'let', found '='", kind: .invalid)
        assertParseError("print(1 < 2 1️⃣< 3)", "comparison operators cannot be chained", kind: .invalid)
        assertParseError("let x = 1 1️⃣/* open", "unterminated block comment", kind: .invalid)
        assertParseError("print(\"\\(1 1️⃣2)\")", "unexpected '2' in the interpolation", kind: .invalid)
        assertParseError(
            "let x = [1, 2 1️⃣3]", "expected ',' or ']' in the collection literal, found '3'", kind: .invalid)
        // Past Int.max only swiftc knows: `-9223372036854775808` compiles, `99999999999999999999` does not.
        assertParseError(
            "let x = 1️⃣99999999999999999999",
            "unsupported in the tree language: integer literal 99999999999999999999 beyond Int.max "
                + "(swiftc decides whether it overflows)", kind: .unsupported)
    }

    /// The kind decides the engine's answer, so each failure is told apart by kind, not by its words.
    func testErrorsCarryAKindAMessageAndAnOrderedPosition() {
        let cases: [(String, TreeLanguageError.Kind)] = [
            ("print(undefinedName)", .invalid),
            ("let zero = [0]\nprint(1 / zero[0])", .trap),
            ("let x = 1, y = 2", .unsupported),
        ]
        for (source, kind) in cases {
            XCTAssertEqual(Interpreter.run(LineScanner.lines(of: source)).failure?.kind, kind, source)
        }
        let unsupported = TreeLanguageError.unsupported("x", (2, 3))
        XCTAssertEqual(
            unsupported,
            TreeLanguageError(.unsupported, "unsupported in the tree language: x", at: .init(line: 2, column: 3)))
        XCTAssertNotEqual(unsupported, TreeLanguageError(.invalid, unsupported.message, at: unsupported.position))
        XCTAssertLessThan(SyntaxPosition(line: 1, column: 9), SyntaxPosition(line: 2, column: 1))
        XCTAssertLessThan(SyntaxPosition(line: 2, column: 1), SyntaxPosition(line: 2, column: 4))
        XCTAssertLessThan(SourceLocation(path: "a.md", line: 9), SourceLocation(path: "b.md", line: 1))
        XCTAssertLessThan(
            SourceLocation(path: "a.md", line: 2, column: 1), SourceLocation(path: "a.md", line: 2, column: 5))
    }

    func testDeepNestingIsALimitNotACrash() {
        for (open, close) in [("(", ")"), ("[", "]"), ("{ ", " }")] {
            let source = "let x = " + String(repeating: open, count: 500) + "1" + String(repeating: close, count: 500)
            do {
                _ = try TreeParser.parse(LineScanner.lines(of: source))
                XCTFail("parsed 500 levels of \(open)")
            } catch {
                XCTAssertEqual(error.kind, .limit)
                XCTAssertEqual(error.message, "nesting deeper than 64 levels")
                XCTAssertEqual(error.position.line, 1)
                XCTAssertTrue((9...8 + 500 * open.utf8.count).contains(error.position.column), "\(error.position)")
            }
        }
        let interpolations =
            "let x = \"" + String(repeating: "\\(\"", count: 300) + "a" + String(repeating: "\")", count: 300) + "\""
        XCTAssertEqual(
            Interpreter.run(LineScanner.lines(of: interpolations)).failure?.message, "nesting deeper than 64 levels")
    }

    func testPrintFormatsIntBoolAndStringLikeSwift() {
        assertPrints("print(42)\nprint(-7)\nprint(1_000, 5 % -3, -5 / 2, 1 - -1)", "42\n-7\n1000 2 -2 2\n")
        assertPrints("print(true, false, !true, 3 > 2 && 1 == 2)", "true false false false\n")
        assertPrints("print(\"hi\")\nprint(\"tab\\there\")", "hi\ntab\there\n")
    }

    func testPrintFormatsArrayElementsWithDebugDescription() {
        assertPrints(#"print(["a", "b"])"#, #"["a", "b"]"# + "\n")
        assertPrints(
            "print([1, 2, 3])\nlet empty: [Int] = []\nprint(empty)\nprint([[1, 2], [3]])",
            "[1, 2, 3]\n[]\n[[1, 2], [3]]\n")
        assertPrints(
            #"print(["a\"b", "c\\d", "e\nf", "t\tx", "\0", "é"])"#,
            #"["a\"b", "c\\d", "e\nf", "t\tx", "\0", "é"]"# + "\n")
    }

    func testPrintFormatsOptionalsLikeSwift() {
        assertPrints(
            Self.twoNodes
                + "\nprint(tree.nodes[1].parent)\nprint(tree.nodes[0].parent)\nprint(tree.nodes.map(\\.parent))",
            "Optional(\"A\")\nnil\n[nil, Optional(\"A\")]\n")
        assertPrints(
            """
            let twice: String?? = "a"
            print(twice)
            let some: [Int?] = [1, nil]
            print(some)
            let boxed: [Int]? = [1]
            print(boxed)
            let scores = ["k": "v"]
            print(scores["k"], scores["x"])
            """, "Optional(Optional(\"a\"))\n[Optional(1), nil]\nOptional([1])\nOptional(\"v\") nil\n")
    }

    func testInterpolationUsesDescription() {
        assertPrints(
            Self.twoNodes + """

                let n = 3
                let flag = false
                print("n=\\(n) flag=\\(flag) parent=\\(tree.nodes[1].parent) root=\\(tree.nodes[0].parent)")
                print("\\(["a"]) \\("q") \\(n * 2)")
                """, "n=3 flag=false parent=Optional(\"A\") root=nil\n[\"a\"] q 6\n")
    }

    func testPrintSeparatorAndTerminator() {
        assertPrints(
            #"""
            print("a", 1, separator: "-", terminator: "!\n")
            print()
            print("x", terminator: "")
            print("")
            """#, "a-1!\n\nx\n")
    }

    func testPrintFormatsSmallDictionariesAndStorage() {
        assertPrints(
            "let one: [String: Int] = [\"a\": 1]\nprint(one)\nlet none: [String: Int] = [:]\nprint(none)",
            "[\"a\": 1]\n[:]\n")
        assertPrints(
            "print(Storage.environment)\nlet kind: Storage = .state(owner: \"X\")\nprint(kind)\nprint(Storage.model(object: \"M\"))",
            "environment\nstate(owner: \"X\")\nmodel(object: \"M\")\n")
    }

    func testCourseTreePrintsWhatSwiftPrints() {
        assertPrints(
            Self.courseTree,
            """
            filtre-secildi: filter degisti | yeniden TaskScreen yerel, TaskList ebeveyn | atlanan TaskRow
            karanlik-kip: colorScheme degisti | yeniden TaskRow ortam | atlanan TaskScreen,TaskList
            yerel: 1
            ebeveyn: 1
            gozlem: 0
            ortam: 1

            """)
    }

    func testFunctionsAndClosuresRunLikeSwift() {
        assertPrints(
            """
            func greet(_ name: String, times: Int) -> String {
                let base = "hi \\(name)"
                return times > 1 ? base + "!" : base
            }
            print(greet("a", times: 2), greet("b", times: 1))
            func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }
            print(depth(150))
            print([1, 2, 3].filter { $0 % 2 == 1 }.map { "\\($0)" }.joined(separator: "+"))
            """, "hi a! hi b\n150\n1+3\n")
    }

    func testParentCycleStopsTheChangeAtTheFirstNode() {
        let (source, markers) = extractMarkers(
            """
            let tree = ViewTree(nodes: [
                1️⃣ViewNode("A", parent: "B", reads: ["k"]),
                ViewNode("B", parent: "A", reads: []),
            ], storage: ["k": .state(owner: "B")])
            print("before")
            let hits = tree.change("c", key: "k")
            print("after")
            """)
        guard let outcome = runWithDeadline(source) else { return XCTFail("evaluating a parent cycle did not return") }
        XCTAssertEqual(outcome.failure?.kind, .cycle)
        XCTAssertEqual(outcome.failure?.message, "parent cycle A → B → A; the core's ancestors(of:) would never return")
        XCTAssertEqual(outcome.failure.map { Position($0.position) }, markers["1️⃣"])
        XCTAssertEqual(outcome.output, "before\n")
    }

    func testEndlessRecursionIsACallDepthLimit() {
        let (source, markers) = extractMarkers(
            """
            func down(_ n: Int) -> Int {
                return 1️⃣down(n + 1)
            }
            print(down(0))
            """)
        guard let outcome = runWithDeadline(source) else { return XCTFail("endless recursion did not return") }
        XCTAssertEqual(outcome.failure?.kind, .limit)
        XCTAssertEqual(outcome.failure?.message, "calls nested deeper than 200; stopped it (endless recursion?)")
        XCTAssertEqual(outcome.failure.map { Position($0.position) }, markers["1️⃣"])
        XCTAssertEqual(outcome.output, "")
    }

    func testStepBudgetStopsALongEvaluation() {
        var limits = Interpreter.Limits()
        limits.steps = 50
        let source = "print([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map { $0 * 2 + 1 }.count)"
        let outcome = Interpreter.run(LineScanner.lines(of: source), limits: limits)
        XCTAssertEqual(outcome.failure?.kind, .limit)
        XCTAssertEqual(
            outcome.failure?.message, "tree ran more than 50 evaluation steps; stopped it (does it ever end?)")
        XCTAssertEqual(outcome.failure?.position.line, 1)
        XCTAssertEqual(outcome.output, "")
    }

    func testOutputCapStopsTheTreeAndTheCore() {
        var limits = Interpreter.Limits()
        limits.outputBytes = 20
        assertRunFailure(
            "print(\"0123456789\")\n1️⃣print(\"0123456789\")\nprint(\"never\")", .outputLimit,
            "tree printed more than 20 bytes; stopped it", output: "0123456789\n0123456789\n", limits: limits)
        limits.outputBytes = 10
        assertRunFailure(
            """
            let tree = ViewTree(nodes: [ViewNode("Root", parent: nil, reads: ["k"])], storage: ["k": .environment])
            let hits = 1️⃣tree.change("a", key: "k")
            print("never")
            """, .outputLimit, "tree printed more than 10 bytes; stopped it",
            output: "a: k degisti | yeniden Root ortam | atlanan yok\n", limits: limits)
    }

    func testLintsPointAtTheNodeOrEntryThatCausesThem() {
        let (source, markers) = extractMarkers(
            """
            let storage: [String: Storage] = [
                "used": .environment,
                1️⃣"typo": .environment,
                "measured": .environment,
            ]
            let tree = ViewTree(nodes: [
                ViewNode("Root", parent: nil, reads: ["used"]),
                2️⃣ViewNode("Child", parent: "Ghost", reads: []),
                3️⃣ViewNode("Root", parent: nil, reads: []),
            ], storage: storage)
            let hits = tree.change("m", key: "measured")
            print(hits.isEmpty)
            """)
        let outcome = Interpreter.run(LineScanner.lines(of: source))
        XCTAssertNil(outcome.failure)
        XCTAssertEqual(outcome.output, "m: measured degisti | yeniden yok | atlanan Root,Child,Root\ntrue\n")
        XCTAssertEqual(
            outcome.lints.map { "\($0.id) \(Position($0.position)) \($0.message)" },
            [
                "unknownParent \(markers["2️⃣"]!) parent 'Ghost' of 'Child' is not a node of this tree",
                "duplicateNode \(markers["3️⃣"]!) duplicate node name 'Root' (first at line 7); the core only finds the first",
                "unreadStorageKey \(markers["1️⃣"]!) storage key 'typo' is read by no node and changed by no 'change' call",
            ])
    }

    func testUnreadStorageKeyThatIsChangedIsNotLinted() {
        let outcome = Interpreter.run(
            LineScanner.lines(
                of: """
                    let tree = ViewTree(nodes: [ViewNode("Root", parent: nil, reads: [])], storage: ["later": .environment])
                    let hits = tree.change("m", key: "later")
                    """))
        XCTAssertNil(outcome.failure)
        XCTAssertEqual(outcome.output, "m: later degisti | yeniden yok | atlanan Root\n")
        XCTAssertEqual(outcome.lints.map(\.message), [])
    }

    func testRuntimeTrapsCarrySwiftsFatalErrorAndLocation() {
        assertRunFailure("let names = [\"a\"]\nprint(1️⃣names[1])", .trap, "Fatal error: Index out of range")
        assertRunFailure(
            Self.twoNodes + "\nprint(\"ok\")\nprint(1️⃣tree.nodes[0].parent!)", .trap,
            "Fatal error: Unexpectedly found nil while unwrapping an Optional value", output: "ok\n")
        assertRunFailure("let zero = [0]\nprint(1 1️⃣/ zero[0])", .trap, "Fatal error: Division by zero")
        assertRunFailure(
            "let zero = [0]\nprint(1 1️⃣% zero[0])", .trap, "Fatal error: Division by zero in remainder operation")
        assertRunFailure(
            "let d = [\"a\": 1, 1️⃣\"a\": 2]", .trap, "Fatal error: Dictionary literal contains duplicate keys")
        // Swift prints no "Fatal error" line for these (the backtrace says "Swift runtime failure:
        // arithmetic overflow"); the wording is the interpreter's own.
        assertRunFailure(
            "let big = [9223372036854775807]\nprint(big[0] 1️⃣+ 1)", .trap, "Fatal error: arithmetic overflow")
        assertRunFailure(
            "let big = [9223372036854775807]\nprint(big[0] 1️⃣* 2)", .trap, "Fatal error: arithmetic overflow")
        assertRunFailure(
            "let small = [-9223372036854775807 - 1]\nprint(1️⃣-small[0])", .trap, "Fatal error: arithmetic overflow")
    }

    /// `print` and interpolation use `Set.description`, `["x"]`; only `debugDescription` says `Set([...])`.
    func testprintedSetUsesDescription() {
        assertPrints(
            #"let single: Set<String> = ["x"]\#nprint(single)\#nprint("\(single)")\#nprint([single])"#,
            #"["x"]\#n["x"]\#n[Set(["x"])]\#n"#)
        assertPrints(Self.twoNodes + "\nprint(tree.nodes[0].reads)", "[\"k\"]\n")
    }

    /// `reversed()` on an Array is a `ReversedCollection`, which prints its type: print that, or refuse.
    func testprintedReversedCollection() {
        let outcome = Interpreter.run(LineScanner.lines(of: #"print(["b", "a"].reversed())"#))
        if let failure = outcome.failure {
            XCTAssertEqual(failure.kind, .unsupported)
        } else {
            XCTAssertEqual(outcome.output, "ReversedCollection<Array<String>>(_base: [\"b\", \"a\"])\n")
        }
    }

    /// `Int.min / -1` and `Int.min % -1` stop with the standard library's own messages.
    func testdivisionOverflowMessages() {
        assertRunFailure(
            "let small = [-9223372036854775807 - 1]\nprint(small[0] 1️⃣/ -1)", .trap,
            "Fatal error: Division results in an overflow")
        assertRunFailure(
            "let small = [-9223372036854775807 - 1]\nprint(small[0] 1️⃣% -1)", .trap,
            "Fatal error: Division results in an overflow in remainder operation")
    }

    /// Deeply nested interpolations must hit the nesting limit, not overflow the lexer's stack.
    func testnestedInterpolationsOverflowTheLexer() throws {
        let tree =
            "let x = \"" + String(repeating: "\\(\"", count: 30_000) + "a" + String(repeating: "\")", count: 30_000)
            + "\""
        let result = try runInChildProcess(tree)
        XCTAssertEqual(result.status, 1, "coursecheck crashed")
        XCTAssertTrue(result.stderr.contains("(nesting deeper than 64 levels)"), result.stderr)
    }

    /// Endless recursion through a modest expression must hit the call-depth limit, not the stack.
    func testrecursionThroughANestedExpressionOverflowsTheStack() throws {
        let result = try runInChildProcess(
            """
            func f(_ n: Int) -> Int { 1 + 1 + (1 + (1 + (1 + (1 + (f(n + 1)))))) }
            print(f(0))
            """)
        XCTAssertEqual(result.status, 1, "coursecheck crashed")
        XCTAssertTrue(
            result.stderr.contains("(calls nested deeper than 200; stopped it (endless recursion?))"), result.stderr)
    }

    /// The core walks ancestors from the first node of a name, so a later duplicate naming itself as
    /// parent never loops: Swift prints the change.
    func testcycleGuardFollowsADuplicateNodesOwnParent() {
        let outcome = runWithDeadline(
            """
            let tree = ViewTree(nodes: [
                ViewNode("A", parent: nil, reads: ["k"]),
                ViewNode("A", parent: "A", reads: ["k"]),
            ], storage: ["k": .state(owner: "Z")])
            let hits = tree.change("c", key: "k")
            print(hits.count)
            """)
        XCTAssertNil(outcome?.failure?.message)
        XCTAssertEqual(outcome?.output, "c: k degisti | yeniden A kural-disi, A kural-disi | atlanan yok\n2\n")
        XCTAssertEqual(outcome?.lints.map(\.id), [.duplicateNode])
    }

    /// Changing an environment key never walks ancestors, so Swift prints the change even on a cycle.
    func testcycleGuardStopsAChangeThatWalksNoAncestors() {
        let outcome = runWithDeadline(
            """
            let tree = ViewTree(nodes: [
                ViewNode("A", parent: "B", reads: ["k"]),
                ViewNode("B", parent: "A", reads: ["k"]),
            ], storage: ["k": .environment])
            let hits = tree.change("c", key: "k")
            print(hits.count)
            """)
        XCTAssertNil(outcome?.failure?.message)
        XCTAssertEqual(outcome?.output, "c: k degisti | yeniden A ortam, B ortam | atlanan yok\n2\n")
    }

    /// `let x = 1, y = 2` is valid Swift: outside the tree language, not invalid.
    func testseveralBindingsInOneLet() {
        assertParseError("let x = 11️⃣, y = 2", "unsupported in the tree language: several bindings in one 'let'")
    }

    /// Swift reads `1 +2` as a prefix `+`, and `x- 1` as a postfix `-`: not binary operators.
    func testOperatorWithWhitespaceOnOneSideIsLeftToSwift() {
        assertParseError(
            "print(1 1️⃣+2)",
            "unsupported in the tree language: operator '+' with whitespace on one side only (Swift reads it as prefix or postfix)"
        )
        assertParseError(
            "let x = 1\nprint(x1️⃣- 1)",
            "unsupported in the tree language: operator '-' with whitespace on one side only (Swift reads it as prefix or postfix)"
        )
        assertPrints("print(1+2, 3 - 1)", "3 2\n")
    }

    /// Names are resolved before anything runs, as swiftc does: a branch that never runs still counts.
    func testUndeclaredNameInABranchThatNeverRuns() {
        assertRunFailure(
            "let value = false ? 1️⃣notDefined : 1\nprint(value)", .invalid, "cannot find 'notDefined' in scope")
        // A global read above its declaration compiles (swiftc 6.3.1: `a` is 0), so the reason is not "cannot find".
        assertRunFailure(
            "print(1)\nlet a = 1️⃣b\nlet b = 2", .unsupported,
            "unsupported in the tree language: reads the top-level name 'b' above its declaration "
                + "(a global of main.swift, which swiftc orders)")
        assertPrints(
            "func twice(_ n: Int) -> Int { half(n) * 4 }\nfunc half(_ n: Int) -> Int { n / 2 }\nprint(twice(3))", "4\n")
    }

    /// `??` is one operator, at its first `?`.
    func testnilCoalescingOperator() {
        assertParseError("let p = tree.nodes[0].parent 1️⃣?? \"kok\"", "unsupported in the tree language: operator '??'")
    }

    /// Twelve nested array literals are far from "64 levels", and Swift prints them.
    func testnestingLimitCountsGrammarLevelsNotBrackets() {
        assertPrints("print([[[[[[[[[[[[1]]]]]]]]]]]])", "[[[[[[[[[[[[1]]]]]]]]]]]]\n")
    }

    /// Swift cannot infer untyped closure parameters here ("ambiguous use of operator '+'"), so the
    /// embedded engine must not print a result for it.
    func testuntypedClosureParametersDoNotCompile() {
        let outcome = Interpreter.run(LineScanner.lines(of: "let add = { a, b in a + b }\nprint(add(1, 2))"))
        XCTAssertNotNil(outcome.failure)
        XCTAssertEqual(outcome.output, "")
    }
}

/// Regression for the fuzzer's leak (Fuzz/regressions/tree-language/leak-func-scope-cycle): a
/// function stored in a scope captures that scope; the evaluation must break the cycle.
final class InterpreterMemoryTests: XCTestCase {
    func testScopesHoldingFunctionsAreReleased() throws {
        weak var released: Scope?
        do {
            let interpreter = Interpreter(limits: Interpreter.Limits())
            let scope = interpreter.makeScope(parent: nil)
            released = scope
            let program = try TreeParser.parse(LineScanner.lines(of: "func f() {}\nlet g = [1].map { $0 }"))
            _ = try interpreter.execute(program, in: scope, topLevel: true)
            XCTAssertNotNil(scope.lookup("f"))
            interpreter.releaseScopes()
        }
        XCTAssertNil(released, "the top-level scope outlived its evaluation")
    }
}
