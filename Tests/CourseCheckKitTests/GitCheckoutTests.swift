import CourseCheckKit
import Foundation
import XCTest

/// The course as a Windows checkout gives it: a clone with `core.autocrlf=true` converts what
/// `.gitattributes` lets it convert (the lessons) and nothing else (goldens, scripts, the core),
/// and both the check and the commit hook pass on it.
final class GitCheckoutTests: XCTestCase {
    func testACRLFCheckoutChecksCleanAndItsHookRuns() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let root = scratch.url.resolvingSymlinksInPath()
        let source = root.appendingPathComponent("source")
        let clone = root.appendingPathComponent("clone")
        // A repository of this working tree's course, scripts and attributes.
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try CourseCopy.copy(["lessons", "goldens", "scripts"], into: source)
        try FileManager.default.copyItem(
            at: Binary.packageRoot.appendingPathComponent(".gitattributes"),
            to: source.appendingPathComponent(".gitattributes"))
        let binary = try Binary.url().path
        let environment = [
            "HOME": root.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t", "COURSECHECK_BIN": binary,
        ]
        func sh(_ command: String, in directory: URL) throws -> Binary.Result {
            try Binary.run(["-c", command], in: directory, environment: environment, shell: true)
        }
        let made = try sh(
            "git init -q . && git add -A && git commit -qm course && cd .. "
                + "&& git -c core.autocrlf=true clone -q source clone && cd clone && git config core.autocrlf true",
            in: source)
        XCTAssertEqual(made.status, 0, made.stderr)

        // The clone converted the lessons, and only them.
        let lesson = try Data(contentsOf: clone.appendingPathComponent("lessons/01-bildirimsel-sozdizim.md"))
        XCTAssertTrue(
            lesson.contains(Data("\r\n".utf8)), "the clone did not convert the lessons: the test tests nothing")
        for kept in ["goldens/TOOLCHAIN", "scripts/pre-commit"] {
            let bytes = try Data(contentsOf: clone.appendingPathComponent(kept))
            XCTAssertFalse(bytes.contains(UInt8(ascii: "\r")), "\(kept) was converted")
        }
        let golden = try XCTUnwrap(
            FileManager.default.enumerator(atPath: clone.appendingPathComponent("goldens").path)?
                .compactMap { $0 as? String }.first { $0.hasSuffix(".out") })
        XCTAssertFalse(
            try Data(contentsOf: clone.appendingPathComponent("goldens/\(golden)")).contains(UInt8(ascii: "\r")))

        // The check, goldens included, is clean.
        let check = InProcess.run(["lessons/"], in: clone)
        XCTAssertEqual(check.status, .clean, check.stderr)
        XCTAssertTrue(check.stdout.contains(" compared;") && check.stdout.hasSuffix("; 0 errors\n"), check.stdout)

        // The hook starts (no CR in its shebang) and checks the commit: a prose edit passes, a
        // changed expected output is stopped.
        let cache = clone.appendingPathComponent(".build")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: cache.appendingPathComponent("coursecheck-cache"),
            withDestinationURL: URL(fileURLWithPath: InProcess.environment["COURSECHECK_CACHE_DIR"] ?? ""))
        let pass = try sh(
            "printf 'Yeni bir paragraf.\\r\\n' >> lessons/01-bildirimsel-sozdizim.md && git add lessons "
                + "&& git -c core.hooksPath=scripts commit -qm prose",
            in: clone)
        XCTAssertEqual(pass.status, 0, pass.stderr)
        let url = clone.appendingPathComponent("lessons/02-gorunumler-ve-degistiriciler.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let header = try XCTUnwrap(text.range(of: "// main.swift"))
        let output = try XCTUnwrap(text.range(of: "```\r\n\r\n```\r\n", range: header.upperBound..<text.endIndex))
        try (text[..<output.upperBound] + "fazladan satir\r\n" + text[output.upperBound...]).write(
            to: url, atomically: true, encoding: .utf8)
        let fail = try sh("git add lessons && git -c core.hooksPath=scripts commit -qm drift", in: clone)
        XCTAssertEqual(fail.status, 1, fail.stderr)
        XCTAssertTrue(fail.stderr.contains("[output-drift]"), fail.stderr)
    }
}
