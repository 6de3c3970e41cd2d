import Foundation
import XCTest

@testable import CourseCheckKit

/// Paths mean what the shell and the OS mean: a directory named twice is one, a glob's README.md
/// is the index, `..` goes through links, and the OS's reasons are named.
final class PathResolutionTests: XCTestCase {
    private var scratch: Scratch!

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    private func summary(_ arguments: [String]) -> String {
        InProcess.run(arguments, in: scratch.url).stdout
    }

    /// The loader's batch resolution (each parent once, a file that is no link by its parent and
    /// name) gives what `realpath` of each path gives, on random paths through a tree of files,
    /// directories, links to both, dangling links, `.` and `..`, and names that do not exist.
    func testBatchResolutionAgreesWithRealpathOnRandomPaths() throws {
        let root = scratch.url.appendingPathComponent("tree").path
        let manager = FileManager.default
        for directory in ["a", "a/b", "c"] {
            try manager.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        for file in ["a/1.md", "a/b/2.md", "c/3.md"] {
            _ = manager.createFile(atPath: root + "/" + file, contents: Data())
        }
        for (link, target) in [
            ("a/l1.md", "1.md"), ("a/b/up.md", "../1.md"), ("c/la", "../a"), ("c/dangling.md", "nowhere.md"),
            ("lc", "c"), ("a/b/loop.md", "loop.md"),
        ] {
            try manager.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
        }
        let parts: [String] = [
            "a", "b", "c", "la", "lc", ".", "..", "1.md", "2.md", "3.md", "l1.md", "up.md", "dangling.md",
            "loop.md", "missing.md", "",
        ]
        let (count, seed) = PropertySeeds.stream(defaultCount: 400, defaultSeed: 37)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        let paths = (0..<count).map { _ in
            root + "/" + generator.text(parts, count: Int(1 + generator.next() % 4), separator: "/")
        }
        for (path, batch) in zip(paths, CourseLoader.resolved(paths)) {
            XCTAssertEqual(batch, CourseLoader.resolved(path), "\(path.dropFirst(root.count)), seed \(seed)")
        }
    }

    func testTheSameCourseNamedAnyWayIsCheckedOnceAndWhole() throws {
        _ = summary(["lessons/"])
        let plain = summary(["lessons/"])
        XCTAssertTrue(plain.hasSuffix("claims: 8 checked; 0 errors\n"), plain)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: scratch.url.appendingPathComponent("lessons").path
        )
        .filter { $0.hasSuffix(".md") }.sorted().map { "lessons/\($0)" }
        XCTAssertTrue(names.contains("lessons/README.md"))
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("sub/link").path, withDestinationPath: "../lessons")
        // A one-letter link (Foundation's deletingLastPathComponent traps on a one-character path).
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("L").path, withDestinationPath: "lessons")
        for arguments in [
            ["lessons", "lessons/"], ["lessons", "sub/link"], names, ["sub/link/../lessons"], ["lessons/."], ["L"],
            ["L/"],
        ] {
            XCTAssertEqual(summary(arguments), plain, "\(arguments)")
        }
    }

    /// A shell glob that names a stray notes file treats it as the directory would: one warning.
    func testAGlobOverAStrayFileWarnsAsTheDirectoryDoes() throws {
        try "# Notlar\n".write(
            to: scratch.url.appendingPathComponent("lessons/notlar.md"), atomically: true, encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: scratch.url.appendingPathComponent("lessons").path
        )
        .filter { $0.hasSuffix(".md") }.sorted().map { "lessons/\($0)" }
        for arguments in [["lessons/"], names] {
            let result = InProcess.run(arguments, in: scratch.url)
            XCTAssertEqual(
                result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") },
                [
                    "lessons/notlar.md:1:1: warning: markdown file is not named like a lesson (NN-slug.md) and is not "
                        + "checked: move it out of the lessons directory, or name it NN-slug.md to check it as a "
                        + "lesson [unchecked-markdown]"
                ], "\(arguments.count) arguments")
        }
    }

    func testTheOSReasonsAreNamed() throws {
        for (path, message) in [
            ("nope/x/../lessons", "nope/x/../lessons: no such file or directory"),
            (String(repeating: "a", count: 300), String(repeating: "a", count: 300) + ": File name too long"),
            ("loop", "loop: Too many levels of symbolic links"),
        ] {
            try? FileManager.default.createSymbolicLink(
                atPath: scratch.url.appendingPathComponent("loop").path, withDestinationPath: "loop")
            let result = InProcess.run([path], in: scratch.url)
            XCTAssertEqual(result.status, .failure)
            XCTAssertEqual(result.stderr, "coursecheck: error: \(message)\n")
        }
    }

    /// Two lesson names that differ only in case are one file on macOS and Windows: a warning.
    func testNamesThatDifferOnlyInCase() throws {
        let folder = scratch.url.appendingPathComponent("iki")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lesson = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        for name in ["09-yerel.md", "09-Yerel.md"] {
            try FileManager.default.copyItem(at: lesson, to: folder.appendingPathComponent(name))
        }
        let result = InProcess.run(["--no-claims", "--no-goldens", "iki"], in: scratch.url)
        let findings: [String] = result.stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": warning: ") || $0.contains(": error: ")
        }
        let expected: String =
            "iki/09-yerel.md:1:1: warning: this name differs from iki/09-Yerel.md only in case: here they are two "
            + "lessons, but on macOS and Windows one file, so a checkout there loses one of them; rename one "
            + "[case-collision]"
        XCTAssertEqual(findings, [expected])
    }

    /// A control character in a path never splits a diagnostic line.
    func testAControlCharacterInAPathStaysOnItsLine() throws {
        let folder = scratch.url.appendingPathComponent("satir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = try String(
            contentsOf: scratch.url.appendingPathComponent("lessons/09-yerel-durum.md"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\nyerel: 1\nebeveyn: 0\n", with: "\nyerel: 9\nebeveyn: 0\n")
        try text.write(to: folder.appendingPathComponent("09-a\nb.md"), atomically: true, encoding: .utf8)
        let result = InProcess.run(["--no-claims", "--no-goldens", "satir"], in: scratch.url)
        XCTAssertEqual(result.status, .findings)
        let headlines = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(headlines.count, 2, result.stderr)
        XCTAssertTrue(headlines.allSatisfy { $0.hasPrefix("satir/09-a\\u{A}b.md:") }, result.stderr)
    }
}
