import Foundation
import XCTest

@testable import CourseCheckKit

/// The live loop's memory stays bounded: checks of ever-new texts (a tree edited keystroke by
/// keystroke, as `lsp` and `watch` see it) do not grow the process without bound. An earlier
/// build grew by about 170 KB per whole-course check; the bound here is far below that.
///
/// `COURSECHECK_MEMORY_CHECKS` sets the number of checks (200 in `make test`, 2,000 of the whole
/// course in `make soak`).
///
/// The LSP server's memory follows its open documents: a large lesson, open as an unsaved buffer
/// or from disk, holds a bounded multiple of its size, and closing it gives that back.
/// `COURSECHECK_MEMORY_LESSON_KIB` sets the lesson's size (640 KiB in `make test`, 5 MiB in
/// `make soak`, where `COURSECHECK_MEMORY_COURSE=1`).
final class MemoryTests: XCTestCase {
    /// The resident set size of this process, in KiB (Linux; nil elsewhere).
    static func residentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    func testRepeatedChecksOfNewTextsStayBounded() throws {
        let checks = Int(ProcessInfo.processInfo.environment["COURSECHECK_MEMORY_CHECKS"] ?? "") ?? 200
        guard Self.residentKiB() != nil else { throw XCTSkip("no /proc/self/status: RSS is not measured here") }
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let environment = CourseCheckCommand.Environment(
            currentDirectory: scratch.url, variables: InProcess.environment, stderrIsTerminal: false)
        let configuration = CourseCheckCommand(environment: environment, stdout: BufferSink(), stderr: BufferSink())
            .configuration(Invocation())
        let live = LiveChecker(configuration: configuration) {}
        // `make test` checks the edited lesson alone (as the live loop's quick check does); `make
        // soak` checks the whole course each time (COURSECHECK_MEMORY_COURSE=1).
        let whole = ProcessInfo.processInfo.environment["COURSECHECK_MEMORY_COURSE"] == "1"
        let plan = try CourseLoader(currentDirectory: scratch.url).plan(
            [whole ? "lessons" : "lessons/09-yerel-durum.md"])
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        let header = try XCTUnwrap(original.range(of: "// main.swift"))
        let lineEnd = try XCTUnwrap(original[header.upperBound...].firstIndex(of: "\n"))
        func text(_ index: Int) -> [UInt8] {
            // A new comment line in the tree each time: a new tree text, as typing makes.
            Array((original[...lineEnd] + "// \(index)\n" + original[original.index(after: lineEnd)...]).utf8)
        }
        let overlayKey = url.standardizedFileURL.path
        // Warm up: caches, the allocator's pools, the first compile of the Observation trees.
        for index in 0..<20 { _ = try live.check(plan, overlay: [overlayKey: text(index)]) }
        let before = try XCTUnwrap(Self.residentKiB())
        for index in 20..<(20 + checks) {
            let outcome = try live.check(plan, overlay: [overlayKey: text(index)])
            XCTAssertEqual(outcome.result.summary.errors, 0)
        }
        let grown = try XCTUnwrap(Self.residentKiB()) - before
        // 170 KB a check would be 34 MB over 200; a content-keyed, bounded cache is far below.
        XCTAssertLessThan(grown, max(8_192, checks * 20), "RSS grew \(grown) KiB over \(checks) checks")
    }

    /// The bytes glibc's allocator has handed out and not had back (its arenas' size less their
    /// free chunks, plus its large mappings), from `malloc_info`: what the process holds, without
    /// the pages a fragmented heap keeps resident or the threads' stacks. Nil elsewhere.
    static func heapInUseKiB() -> Int? {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "malloc_info") else { return nil }
            let info = unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32).self)
            var buffer: UnsafeMutablePointer<CChar>?
            var length = 0
            guard let stream = open_memstream(&buffer, &length) else { return nil }
            _ = info(0, stream)
            fclose(stream)
            defer { free(buffer) }
            guard let buffer else { return nil }
            let xml = String(cString: buffer)
            // The totals over every arena follow the last arena's `</heap>`.
            guard let totals = xml.range(of: "</heap>", options: .backwards).map({ xml[$0.upperBound...] }) else {
                return nil
            }
            func size(_ tag: String) -> Int {
                guard let start = totals.range(of: tag),
                    let value = totals[start.upperBound...].range(of: "size=\"")
                else { return 0 }
                return Int(totals[value.upperBound...].prefix { $0.isNumber }) ?? 0
            }
            let inUse =
                size("<system type=\"current\"") - size("<total type=\"fast\"") - size("<total type=\"rest\"")
                + size("<total type=\"mmap\"")
            return inUse / 1024
        #else
            return nil
        #endif
    }

    /// A lesson of about `kib` KiB: lesson 09 (its core, its trees), then short lines: a quarter
    /// of them prose, in paragraphs, some with inline markup, the rest a text block (the claims
    /// read prose, and a long lesson's prose would make them the test's whole cost).
    static func largeLesson(_ lesson: String, kib: Int) -> String {
        var text = lesson + "\n## Uzun bölüm\n\n"
        var index = 0
        while text.utf8.count < kib * 1024 / 4 {
            index += 1
            switch index % 10 {
            case 0: text += "\n"
            case 5: text += "**kalın** ve `kod` \(index) satırı\n"
            default: text += "satır \(index) kısa bir cümle.\n"
            }
        }
        text += "\n```text\n"
        while text.utf8.count < kib * 1024 - 4 {
            index += 1
            text += "satır \(index) kısa bir metin\n"
        }
        return text + "```\n"
    }

    /// Opening a large lesson holds at most eight times its size (its text, and its lines and
    /// blocks, kept for requests), an edit replaces what the text before held, and closing it
    /// gives back what it held: for an unsaved buffer everything, for a lesson on disk what the
    /// buffer held beyond the course's own check of the file. Measured as the heap in use, which
    /// counts what is held, whatever pages a fragmented heap keeps resident.
    func testAnOpenLessonHoldsABoundedMultipleOfItsSizeAndClosingGivesItBack() throws {
        guard Self.heapInUseKiB() != nil else { throw XCTSkip("no malloc_info: the heap is not measured here") }
        let environment = ProcessInfo.processInfo.environment
        let kib =
            Int(environment["COURSECHECK_MEMORY_LESSON_KIB"] ?? "")
            ?? (environment["COURSECHECK_MEMORY_COURSE"] == "1" ? 5120 : 640)
        // Larger than the classification memo keeps: the bound is about what a check leaves.
        XCTAssertGreaterThan(kib * 1024, LessonReader.memoTextLimit)
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let small = lessons.appendingPathComponent("09-yerel-durum.md")
        let original = try String(contentsOf: small, encoding: .utf8)
        // Its source URL names lesson 09, a `front-matter` finding only the whole course's check
        // has: the publish that has it, or has lost it, is that check's, not the quick check's.
        let large = Self.largeLesson(original, kib: kib)
        func naming(_ slug: String) -> String {
            large.replacingOccurrences(of: "swiftui/yerel-durum'", with: "swiftui/\(slug)'")
        }
        let unsaved = lessons.appendingPathComponent("30-tampon.md")
        let saved = lessons.appendingPathComponent("31-buyuk.md")
        let size = large.utf8.count / 1024
        let harness = LSPTests.Harness(directory: scratch.url)
        _ = harness.request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]])
        harness.notify("initialized", [:])
        func open(_ url: URL, _ text: String) {
            harness.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(url.absoluteString), "languageId": "markdown", "version": 1,
                        "text": .string(text),
                    ]
                ])
        }
        func close(_ url: URL) {
            harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(url.absoluteString)]])
        }
        var requests = 1
        /// Waits for the whole course's publish for `url` at `version` (none: closed), with or
        /// without `front-matter`, then for the answer to a request the loop reads after that
        /// check returned: what the check made is released by then.
        func published(_ url: URL, version: Int?, frontMatter: Bool) {
            let expected: JSONValue? = version.map { .int($0) }
            XCTAssertNotNil(
                harness.next(timeout: 600) { message in
                    guard message["method"] == "textDocument/publishDiagnostics",
                        message["params"]?["uri"] == .string(url.absoluteString),
                        message["params"]?["version"] == expected
                    else { return false }
                    let codes = (message["params"]?["diagnostics"]?.array ?? []).compactMap { $0["code"]?.string }
                    return codes.contains("front-matter") == frontMatter
                }, "no publish for \(url.lastPathComponent) at version \(version.map(String.init) ?? "none")")
            requests += 1
            XCTAssertNotNil(
                harness.request(
                    requests, "textDocument/hover",
                    ["textDocument": ["uri": .string(small.absoluteString)], "position": ["line": 0, "character": 0]]))
        }
        /// `bound` and 1 MiB more: each thread's allocator cache (up to a few hundred KiB, which
        /// `malloc_info` counts as in use) holds what that thread freed last.
        func held(_ label: String, atMost bound: Int, over start: Int) throws {
            let now = try XCTUnwrap(Self.heapInUseKiB())
            XCTAssertLessThanOrEqual(
                now - start, bound + 1024, "\(label): \(now - start) KiB held for a lesson of \(size) KiB")
        }
        // Warm: the course checked, its trees run, and what a first check of a lesson this large
        // makes once (the allocator's arenas for the claims' threads) made.
        open(small, original)
        published(small, version: 1, frontMatter: false)
        open(unsaved, large)
        published(unsaved, version: 1, frontMatter: true)
        close(unsaved)
        published(unsaved, version: nil, frontMatter: false)
        let base = try XCTUnwrap(Self.heapInUseKiB())
        // An unsaved buffer: its text, its lines and blocks; after closing, nothing of it.
        open(unsaved, large)
        published(unsaved, version: 1, frontMatter: true)
        try held("open unsaved", atMost: 8 * size, over: base)
        harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(unsaved.absoluteString), "version": 2],
                "contentChanges": [["text": .string(naming("tampon"))]],
            ])
        published(unsaved, version: 2, frontMatter: false)
        try held("edited unsaved", atMost: 8 * size, over: base)
        close(unsaved)
        published(unsaved, version: nil, frontMatter: false)
        try held("closed unsaved", atMost: size / 2, over: base)
        // A lesson on disk (`make soak` only: each step is a check of the whole course): the
        // course's check of it holds its lines and blocks; the open buffer adds its text, and
        // closing gives that back.
        guard environment["COURSECHECK_MEMORY_COURSE"] == "1" else { return XCTAssertEqual(harness.stop(), .clean) }
        try Data(large.utf8).write(to: saved)
        harness.notify("workspace/didChangeWatchedFiles", ["changes": []])
        published(saved, version: nil, frontMatter: true)
        let onDisk = try XCTUnwrap(Self.heapInUseKiB())
        try held("on disk", atMost: 8 * size, over: base)
        open(saved, naming("buyuk"))
        published(saved, version: 1, frontMatter: false)
        try held("open from disk", atMost: 8 * size, over: base)
        close(saved)
        published(saved, version: nil, frontMatter: true)
        try held("closed from disk", atMost: size / 2, over: onDisk)
        XCTAssertEqual(harness.stop(), .clean)
    }
}
