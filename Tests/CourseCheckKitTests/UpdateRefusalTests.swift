import CourseCheckKit
import Foundation
import XCTest

/// Every `update-refused` names its cause: in words, or as a finding (an id at a location) that
/// the same report holds. Checked over each kind of tree that has no clean run to approve.
final class UpdateRefusalTests: XCTestCase {
    /// Trees that do not run cleanly, each in its own way, and one that does.
    static let trees: [(name: String, body: String, expected: String)] = [
        ("tuzak", "let nodes: [ViewNode] = []\nprint(\"once\")\nprint(nodes[0].name)", "once"),
        ("derlenmez", "let count: Int = \"iki\"\nprint(count)", "2"),
        ("satirsiz", "print(\"a\", terminator: \"\")", "a"),
        ("farkli", "print(\"b\")", "c"),
        ("dongu", "var i = 0\nwhile i < 1 { i += 1 }\nprint(i)", "1"),
        ("iyi", "print(\"a\")", "a"),
    ]

    static func lesson(_ trees: [(name: String, body: String, expected: String)]) -> String {
        "# Ders\n\n```swift\n\(EmbeddedCore.text)```\n"
            + trees.map { "\n```swift\n// main.swift — \($0.name)\n\($0.body)\n```\n\n```\n\($0.expected)\n```\n" }
            .joined()
    }

    /// One located finding of a text report.
    struct Line: Equatable {
        var location: String
        var message: String
        var id: String
    }

    static func findings(_ stderr: String) -> [Line] {
        stderr.split(separator: "\n").compactMap { line -> Line? in
            guard line.hasSuffix("]"), let open = line.range(of: " [", options: .backwards),
                let kind = line.range(of: ": error: ") ?? line.range(of: ": warning: ")
            else { return nil }
            return Line(
                location: String(line[..<kind.lowerBound]), message: String(line[kind.upperBound..<open.lowerBound]),
                id: String(line[open.upperBound...].dropLast()))
        }
    }

    func testEveryRefusalNamesItsCauseOrAFindingOfTheReport() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        try Data(Self.lesson(Self.trees).utf8).write(to: lessons.appendingPathComponent("01-ders.md"))
        // The rejected program again in another lesson: asked of the compiler once, refused at each.
        try Data(Self.lesson([Self.trees[1]]).utf8).write(to: lessons.appendingPathComponent("02-ikiz.md"))
        let runs: [(name: String, arguments: [String], extra: [String: String])] = [
            ("auto", [], [:]),
            ("embedded only", ["--engine", "embedded"], [:]),
            // Embedded only: without a compiler, a tree that needs swiftc stops the run (exit 2).
            ("no compiler", ["--engine", "embedded"], ["SWIFTC": scratch.url.appendingPathComponent("absent").path]),
        ]
        var refusals: [String: [String]] = [:]
        for run in runs {
            // The goldens go each time, so every run approves afresh.
            try? FileManager.default.removeItem(at: scratch.url.appendingPathComponent("goldens"))
            try FileManager.default.createDirectory(
                at: scratch.url.appendingPathComponent("goldens"), withIntermediateDirectories: true)
            let result = InProcess.run(
                ["--no-claims", "--update"] + run.arguments + ["lessons"], in: scratch.url, extra: run.extra)
            let found = Self.findings(result.stderr)
            for refusal in found where refusal.id == "update-refused" {
                refusals[run.name, default: []].append("\(refusal.location): \(refusal.message)")
                guard let see = refusal.message.range(of: "; see ") else {
                    XCTAssertFalse(
                        refusal.message.hasSuffix("has no clean run to approve") || refusal.message.contains("see "),
                        "\(run.name): a refusal names no cause: \(refusal)")
                    continue
                }
                let pointer = refusal.message[see.upperBound...].split(separator: " ", maxSplits: 2)
                XCTAssertEqual(pointer.count, 3, "\(run.name): \(refusal)")
                guard pointer.count == 3, pointer[1] == "at" else { continue }
                XCTAssertTrue(
                    found.contains { $0.id == pointer[0] && $0.location == pointer[2] },
                    "\(run.name): \(refusal.location) points at \(pointer[0]) at \(pointer[2]), which the report "
                        + "does not hold:\n\(result.stderr)")
            }
        }
        let common = [
            "lessons/01-ders.md:75:1: not approved: the tree has no clean run to approve; see tree-failed at "
                + "lessons/01-ders.md:78:7",
            "lessons/01-ders.md:86:1: not approved: the tree has no clean run to approve; see compile-error at "
                + "lessons/01-ders.md:87:18",
            "lessons/01-ders.md:96:1: not approved: no lesson block can show this tree's output exactly: it does not "
                + "end with a newline",
            "lessons/01-ders.md:105:1: not approved: the tree's output differs from the lesson's expected block at "
                + "line 109; fix the lesson, or run --promote, then --update",
        ]
        let twin =
            "lessons/02-ikiz.md:75:1: not approved: the tree has no clean run to approve; see compile-error at "
            + "lessons/02-ikiz.md:76:18"
        let unverified =
            "not approved: the compiler could not be asked whether the tree compiles, so nothing is approved; see "
            + "validity-unknown at lessons/01-ders.md:75:1"
        XCTAssertEqual(
            refusals,
            [
                "auto": common + [twin],
                "embedded only": common + [
                    "lessons/01-ders.md:114:1: not approved: the tree has no clean run to approve; see needs-toolchain "
                        + "at lessons/01-ders.md:115:1",
                    twin,
                ],
                "no compiler": [75, 86, 96, 105, 114, 125].map { "lessons/01-ders.md:\($0):1: " + unverified }
                    + ["lessons/02-ikiz.md:75:1: " + unverified],
            ])
    }
}
