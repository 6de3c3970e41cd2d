import Foundation
import XCTest

@testable import CourseCheckKit

/// The compiler's check against what can go wrong around it: the cases an adversarial round found,
/// each asserting the whole report.
final class CompilerValidityTests: XCTestCase {
    private func lesson(_ tree: String, expected: String, in directory: URL) throws {
        let lessons = directory.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try Data(
            ("---\ntitle: 'Ders'\n---\n\n# Ders\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n// main.swift — t\n"
                + tree + "```\n\n```\n" + expected + "```\n").utf8
        ).write(to: lessons.appendingPathComponent("01-ders.md"))
    }

    private func check(in directory: URL, swiftc: URL? = nil) -> String {
        let result = InProcess.run(
            ["--no-goldens", "--no-claims", "--cache-dir", "cache", "lessons"], in: directory,
            extra: swiftc.map { ["SWIFTC": $0.path] } ?? [:])
        return result.stderr + result.stdout
    }

    /// A `SWIFTC` wrapper that adds `-DFOO` is another compiler, with the same version line: its
    /// verdict is never the plain compiler's, and the other way round, with one cache.
    func testAWrappersFlagsMakeAnotherCompiler() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let real = try Toolchain.find(environment: InProcess.environment).path
        let wrapper = scratch.url.appendingPathComponent("swiftc-foo")
        try Data("#!/bin/sh\nexec '\(real)' -DFOO \"$@\"\n".utf8).write(to: wrapper)
        chmod(wrapper.path, 0o755)
        try lesson("#if FOO\nlet z: Int = \"q\"\n#endif\nprint(1)\n", expected: "1\n", in: scratch.url)
        let rejected =
            "lessons/01-ders.md:81:14: error: tree does not compile: cannot convert value of type 'String' to "
            + "specified type 'Int' [compile-error]\n1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree "
            + "rejected; 1 error\n"
        XCTAssertEqual(check(in: scratch.url, swiftc: wrapper), rejected)
        let clean =
            "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; swiftc: 1 tree, standalone (1 × uses "
            + "conditional compilation) [1 × unsupported in the tree language: compiler directive]; 0 errors\n"
        XCTAssertEqual(check(in: scratch.url), clean)
        XCTAssertEqual(check(in: scratch.url, swiftc: wrapper), rejected)
        XCTAssertEqual(
            check(in: scratch.url),
            clean.replacingOccurrences(
                of: ", standalone (1 × uses conditional compilation)", with: " (cached: 1 result)")
        )
    }

    /// Twin trees (one tree copied into another lesson) are asked about once a run, and each gets
    /// its own finding at its own line.
    func testTwinTreesAreAskedOnceAndEachPlacedAtItsOwnLines() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try lesson("let n: Int = \"iki\"\nprint(n)\n", expected: "2\n", in: scratch.url)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let text = try String(contentsOf: lessons.appendingPathComponent("01-ders.md"), encoding: .utf8)
        try Data(("Giris.\n\n" + text).utf8).write(to: lessons.appendingPathComponent("02-ders.md"))
        let result = InProcess.run(["--no-goldens", "--no-claims", "--no-cache", "lessons"], in: scratch.url)
        XCTAssertEqual(
            result.stderr,
            "lessons/01-ders.md:80:14: error: tree does not compile: cannot convert value of type 'String' to "
                + "specified type 'Int' [compile-error]\n"
                + "lessons/02-ders.md:82:14: error: tree does not compile: cannot convert value of type 'String' to "
                + "specified type 'Int' [compile-error]\n")
        XCTAssertEqual(result.stdout, "2 lessons: 2 core, 2 trees, 0 fragments; compiler: 2 trees rejected; 2 errors\n")
    }

    /// Precompiled modules damaged in coursecheck's cache (a crash, a full disk) are the machine's:
    /// the compile is tried again with a fresh module cache, the damaged one is removed with a
    /// note, and no tree gets a finding, in that run or a later one.
    func testADamagedModuleCacheIsNeverATreesFinding() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try lesson("print(1)\n", expected: "1\n", in: scratch.url)
        let clean = "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; embedded: 1 tree; 0 errors\n"
        XCTAssertEqual(check(in: scratch.url), clean)
        let modules = scratch.url.appendingPathComponent("cache/module-cache")
        var damaged = 0
        for case let path as String in FileManager.default.enumerator(atPath: modules.path) ?? .init()
        where path.hasSuffix(".pcm") {
            try Data(repeating: 0x5A, count: 5000).write(to: modules.appendingPathComponent(path))
            damaged += 1
        }
        XCTAssertGreaterThan(damaged, 0, "the first check built no module to damage")
        try lesson("print(1) \n", expected: "1\n", in: scratch.url)
        XCTAssertEqual(
            check(in: scratch.url),
            "coursecheck: note: swiftc could not use the module cache \(modules.path) (damaged precompiled modules); "
                + "this run used a fresh one and removed it, to be built anew\n" + clean)
        XCTAssertEqual(
            check(in: scratch.url),
            clean.replacingOccurrences(of: "embedded: 1 tree;", with: "embedded: 1 tree (cached: 1 result);"))
    }
}
