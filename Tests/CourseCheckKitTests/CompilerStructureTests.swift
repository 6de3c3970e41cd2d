import Foundation
import XCTest

@testable import CourseCheckKit

/// The compiler's parser decides a tree's structure; these tests run the installed swiftc.
final class CompilerStructureTests: XCTestCase {
    /// Parses each source with the real parser (trees as `main.swift`), the core last.
    static func parse(_ trees: [String]) throws -> (trees: [CompilerParser.Outcome], core: CompilerParser.Outcome) {
        let toolchain = try Toolchain.locate(environment: ProcessInfo.processInfo.environment, cache: nil)
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        let outcomes = CompilerParser.parse(
            trees.map { CompilerParser.Source(text: $0, isMain: true) }
                + [CompilerParser.Source(text: EmbeddedCore.text, isMain: false)],
            toolchain: toolchain, cache: nil, scratch: scratch, timeout: 60, workers: 2)
        return (Array(outcomes.dropLast()), outcomes[outcomes.count - 1])
    }

    func testTheParserGivesItemsWithTheirPlaceAndWhatIsFileScopeOnly() throws {
        let source = """
            // main.swift — ornek
            import Observation
            public let x = 1; print(x)
            @discardableResult func f() -> Int { 1 }
            var z = 3 { didSet { print("d") } }
            if x > 0 { return }
            let ys = [1].map { y in return y }
            """
        let (trees, _) = try Self.parse([source])
        guard case .parsed(let structure) = trees[0] else { return XCTFail("\(trees[0])") }
        XCTAssertEqual(structure.errors, [])
        XCTAssertEqual(
            structure.items.map { "\($0.kind) \($0.line):\($0.column) \($0.name ?? "-") \($0.attributes)" },
            [
                // Parsed as a library file (one batch for all trees): top-level bindings are
                // file-scope pattern bindings, each followed by the globals it declares.
                "import_decl 2:1 - []",
                "pattern_binding_decl 3:8 - []",
                "var_decl 3:12 x [\"access_control_attr\"]",
                "top_level_code_decl 3:19 - []",
                "func_decl 4:20 f [\"discardable_result_attr\"]",
                "pattern_binding_decl 5:1 - []",
                "var_decl 5:5 z []",
                "top_level_code_decl 6:1 - []",
                "pattern_binding_decl 7:1 - []",
                "var_decl 7:5 ys []",
            ])
        // The `return` in the closure is the closure's; the one in the `if` is the file's.
        XCTAssertEqual(structure.items.map(\.fileScopeOnly).filter { !$0.isEmpty }, [["return_stmt"]])
        XCTAssertEqual(structure.items[7].fileScopeOnly, ["return_stmt"])
    }

    func testTheCoreResolvesItsOwnDeclarationsAndTheStandardLibrarysAtModuleScope() throws {
        let (_, core) = try Self.parse([])
        guard case .parsed(let structure) = core else { return XCTFail("\(core)") }
        let names = structure.moduleScopeNames
        for name in ["Storage", "ViewNode", "Recompute", "ViewTree", "countCauses", "print", "String"] {
            XCTAssertTrue(names.contains(name), name)
        }
        // Members, parameters and locals of the core shadow a global of the same name.
        for name in ["node", "nodes", "key", "name", "owner"] { XCTAssertFalse(names.contains(name), name) }
    }

    /// Every reason, each from one tree; nil means merged. The list is the allow-list's contract.
    func testMergeSafetyFollowsTheParsersStructure() throws {
        let cases: [(tree: String, reason: String?)] = [
            ("let x = 1\nprint(x)\n", nil),
            ("var z = 3 { didSet { print(z) } }\nz = 4\n", nil),
            ("let xs = [1].map { x in return x }\nprint(xs)\n", nil),
            ("if true { defer { print(1) }; print(2) }\n", nil),
            ("let node = 1\nlet storage = node\nprint(storage)\n", nil),
            ("let n = try? Int(\"1\")\nprint(n as Any)\n", nil),
            ("let n = try Int(\"1\")\nprint(n as Any)\n", "tries at the top level"),
            ("struct S {}\nprint(S())\n", "declares a type"),
            ("let a = 1; struct S {}\nprint(a)\n", "declares a type"),
            ("protocol P { func f() }\n", "declares a type"),
            ("typealias T = Int\nprint(T(1))\n", "declares a type"),
            ("import Foundation\nprint(1)\n", "imports a module"),
            ("extension Int { var twice: Int { self * 2 } }\n", "declares an extension"),
            ("func f() {}\nf()\n", "declares a function"),
            ("infix operator <>\n", "declares an operator"),
            ("#if DEBUG\nprint(1)\n#endif\n", "uses conditional compilation"),
            ("if true { print(1) }\nreturn\n", "returns at the top level"),
            ("guard 1 > 2 else { return }\n", "returns at the top level"),
            ("defer { print(1) }\nprint(2)\n", nil),
            ("print(max(1, 2))\nlet max = 10\n", "refers to 'max' above the global that declares it"),
            (
                "let f = { abs(-3) }\nvar abs: Int { 3 }\nprint(f())\n",
                "refers to 'abs' above the global that declares it"
            ),
            ("let x = 1\nlet y = x\nprint(y)\n", nil),
            (
                "var x = 0\nlet bump = { x += 1 }\nlet apply: (inout Int) -> Void = { v in bump(); v += 10 }\n"
                    + "apply(&x)\nprint(x)\n", "passes the global 'x' inout"
            ),
            ("var x = 0\ndo { var y = 1; swap(&y, &x) }\n", "passes the global 'x' inout"),
            ("var y = [1]\ndo { var x = 0; swap(&x, &y[0]) }\nprint(y)\n", "passes the global 'y' inout"),
            ("var y = [1]\ndo { var x = 0; var z = 1; swap(&x, &z) }\nprint(y)\n", nil),
            ("throw E()\n", "throws at the top level"),
            ("do { try work() } catch { print(error) }\n", "tries at the top level"),
            ("public let x = 1\nprint(x)\n", "declares with an access modifier"),
            ("lazy var w = 4\nprint(w)\n", "declares a global with an attribute"),
            (
                "let print: (String) -> Void = { _ in }\nprint(\"x\")\n",
                "declares 'print', a name the core resolves at module scope"
            ),
            ("let countCauses = 1\n", "declares 'countCauses', a name the core resolves at module scope"),
            ("print(\"once\")\nlet f = run\n", "uses a name of the merged program"),
            ("let run = 1\nprint(run)\n", "uses a name of the merged program"),
            ("print(#line)\n", "uses a magic literal"),
            ("let x = \n", "does not parse"),
        ]
        let (trees, core) = try Self.parse(cases.map(\.tree))
        for (index, (tree, reason)) in cases.enumerated() {
            XCTAssertEqual(
                MergeSafety.standaloneReason(LineScanner.lines(of: tree), tree: trees[index], core: core), reason,
                tree)
        }
    }

    func testNoStructureIsAReasonNeverAMerge() throws {
        let (_, core) = try Self.parse([])
        XCTAssertEqual(
            MergeSafety.standaloneReason(
                LineScanner.lines(of: "print(1)\n"), tree: .unavailable("swiftc -dump-parse was killed by SIGKILL"),
                core: core),
            "has no parsed structure (swiftc -dump-parse was killed by SIGKILL)")
    }

    /// Reading the parser's output is total: anything that is not its structure of a file is nil.
    func testReadingIsTotal() {
        let source = Array("print(1)\n".utf8)
        for json in [
            "", "[]", "{}", "null", "{\"_kind\":\"source_file\",\"items\":[{\"_kind\":5}]}",
            String(repeating: "[", count: 100_000), "{\"_kind\":\"source_file\",\"items\":7}",
        ] {
            XCTAssertNil(SwiftStructure.read(json: Array(json.utf8), source: source), json.prefix(40).description)
        }
        XCTAssertEqual(
            SwiftStructure.read(json: Array("{\"_kind\":\"source_file\"}".utf8), source: source)?.items, [],
            "an empty file has no items")
        let odd = """
            {"_kind":"source_file","items":[{"_kind":"top_level_code_decl","range":{"start":999},
            "body":{"elements":[{"_kind":"return_stmt"}, 3, null]}}, "x"]}
            """
        let structure = SwiftStructure.read(json: Array(odd.utf8), source: source)
        XCTAssertEqual(structure?.items.map(\.kind), ["top_level_code_decl"])
        XCTAssertEqual(structure?.items.first?.line, 2, "an offset past the end clamps to the last line")
        XCTAssertEqual(structure?.items.first?.fileScopeOnly, ["return_stmt"])
    }

    /// Access to a global is checked for exclusivity at run time, to a local it is not: the tree
    /// is built alone and traps as the real program does (found by an adversarial run: merged, it
    /// printed 11 and passed).
    func testAGlobalPassedInoutTrapsAsInTheRealProgram() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        let tree = """
            // main.swift — a global passed inout while a closure modifies it
            var x = 0
            let bump = { x += 1 }
            let apply: (inout Int) -> Void = { v in bump(); v += 10 }
            apply(&x)
            print(x)
            """
        let lesson = "# L\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n\(tree)\n```\n\n```\n11\n```\n"
        try Data(lesson.utf8).write(to: lessons.appendingPathComponent("01-l.md"))
        let treeLine =
            lesson.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("// main.swift") }.map { $0 + 1 } ?? 0
        let run = InProcess.run(
            ["--engine", "swiftc", "--no-cache", "--no-goldens", "--no-claims", "lessons"], in: scratch.url)
        let findings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("lessons/") }
        XCTAssertEqual(
            findings, ["lessons/01-l.md:\(treeLine):1: error: tree crashed (signal 6, SIGABRT) [tree-failed]"])
        XCTAssertTrue(run.stdout.contains("standalone (1 × passes the global 'x' inout)"), run.stdout)
    }
}
