import Foundation
import XCTest

@testable import CourseCheckKit

/// The live loops follow the disk to the CLI's verdict: random sequences of an author's and git's
/// file operations (rapid rewrites of a lesson, goldens removed and made again, a golden changed or
/// removed, the lessons folder renamed away and back), each followed by quiescence, leave `watch`
/// showing, and the LSP server publishing, exactly what a fresh check of the same disk reports.
final class LiveConvergencePropertyTests: XCTestCase {
    /// The suites' seeded generator, so a failing seed replays.
    typealias Random = BlockStructurePropertyTests.Generator

    /// The lesson open in the server, which no step writes (its buffer would win over the disk).
    private let opened = "01-bildirimsel-sozdizim"
    private let lessonNames = ["09-yerel-durum", "10-baglama", "11-gozlemlenebilir-nesneler"]

    func testWatchAndTheServerConvergeOnTheDisk() throws {
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            try check(seed: seed, sequences: 2)
        }
    }

    private func check(seed: UInt64, sequences: Int) throws {
        var random = Random(state: seed)
        // Four lessons of the course, their goldens and the store's files: a small course checks fast.
        let scratch = try CourseCopy.make(for: self, [])
        let root = scratch.url
        let lessons = root.appendingPathComponent("lessons")
        for name in [opened] + lessonNames { try CourseCopy.copyLesson(name, into: root) }
        for name in [GoldenStore.toolchainFile, StoreRecord.file] {
            try FileManager.default.copyItem(
                at: Binary.packageRoot.appendingPathComponent("goldens/\(name)"),
                to: root.appendingPathComponent("goldens/\(name)"))
        }
        // What `git checkout goldens` brings back.
        let pristine = root.appendingPathComponent("pristine")
        try FileManager.default.createDirectory(at: pristine, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("goldens"), to: pristine.appendingPathComponent("goldens"))
        let originals = try lessonNames.map {
            try String(contentsOf: lessons.appendingPathComponent("\($0).md"), encoding: .utf8)
        }

        let watch = try WatchTests.Watch(["--no-claims", "lessons/"], in: scratch, environment: [:])
        defer { _ = watch.stop(SIGINT) }
        let server = LSPTests.Harness(directory: root)
        defer { _ = server.stop() }
        _ = server.request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]])
        server.notify("initialized", [:])
        // A lesson the steps never write is open: the whole lessons folder is the server's.
        let index = lessons.appendingPathComponent("\(opened).md")
        server.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(index.absoluteString), "languageId": "markdown", "version": 1,
                    "text": .string(try String(contentsOf: index, encoding: .utf8)),
                ]
            ])
        try watch.wait(for: "the first check") { out, _ in out.contains("checked in") }

        for sequence in 0..<sequences {
            var steps: [String] = []
            for _ in 0..<Int.random(in: 2...5, using: &random) {
                steps.append(try step(&random, root: root, originals: originals, pristine: pristine))
            }
            let context = "seed \(seed), sequence \(sequence): \(steps.joined(separator: "; "))"
            try settle(watch, server, context: context)

            // The CLI's verdict on the same disk.
            let cli = try Binary.run(["--no-claims", "lessons/"], in: root)
            let shown = try XCTUnwrap(lastBlock(watch.stderr), context)
            XCTAssertEqual(shown, cli.stderr, "watch does not show the disk's verdict; \(context)")

            let configuration = CourseCheckCommand(
                environment: CourseCheckCommand.Environment(
                    currentDirectory: root, variables: InProcess.environment, stderrIsTerminal: false),
                stdout: BufferSink(), stderr: BufferSink()
            ).configuration(Invocation())
            let plan = try CourseLoader(currentDirectory: root).plan(["lessons"])
            let fresh = try CourseChecker(configuration: configuration).check(plan).diagnostics
                .map { "\($0.location.path):\($0.location.line): \($0.id.rawValue): \($0.message)" }.sorted()
            XCTAssertEqual(
                published(server, root: root), fresh, "the server does not publish the disk's verdict; \(context)")
        }
    }

    /// One random operation on the disk; returns what it did, for the failure message.
    private func step(_ random: inout Random, root: URL, originals: [String], pristine: URL) throws -> String {
        let files = FileManager.default
        let lessons = root.appendingPathComponent("lessons")
        let goldens = root.appendingPathComponent("goldens")
        let pause = { (random: inout Random) in _ = usleep(UInt32.random(in: 0...150_000, using: &random)) }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            // Rapid rewrites of one lesson, each a drift of an expected line or the original text.
            let which = Int.random(in: 0..<lessonNames.count, using: &random)
            let url = lessons.appendingPathComponent("\(lessonNames[which]).md")
            let count = Int.random(in: 2...6, using: &random)
            var last = ""
            for _ in 0..<count {
                var lines = originals[which].components(separatedBy: "\n")
                let drifted = Bool.random(using: &random)
                if drifted,
                    let expected = lines.indices.filter({
                        lines[$0].hasPrefix("yerel: ") || lines[$0].hasPrefix("ebeveyn: ")
                    }).randomElement(using: &random)
                {
                    lines[expected] += " \(Int.random(in: 0..<9, using: &random))"
                }
                last = drifted ? "drifted" : "original"
                try Data(lines.joined(separator: "\n").utf8).write(
                    to: url, options: Bool.random(using: &random) ? .atomic : [])
            }
            return "\(count) rewrites of \(lessonNames[which]) (last \(last))"
        case 1:
            try? files.removeItem(at: goldens)
            pause(&random)
            try? files.removeItem(at: goldens)
            try files.copyItem(at: pristine.appendingPathComponent("goldens"), to: goldens)
            return "goldens removed and checked out again"
        case 2:
            let lesson = lessonNames.randomElement(using: &random)!
            let folder = goldens.appendingPathComponent(lesson)
            guard let name = try? files.contentsOfDirectory(atPath: folder.path).sorted().first else {
                return "no golden of \(lesson) to remove"
            }
            try? files.removeItem(at: folder.appendingPathComponent(name))
            if Bool.random(using: &random) {
                pause(&random)
                try files.copyItem(
                    at: pristine.appendingPathComponent("goldens/\(lesson)/\(name)"),
                    to: folder.appendingPathComponent(name))
                return "golden \(lesson)/\(name) removed and restored"
            }
            return "golden \(lesson)/\(name) removed"
        case 3:
            let lesson = lessonNames.randomElement(using: &random)!
            let folder = goldens.appendingPathComponent(lesson)
            guard let name = try? files.contentsOfDirectory(atPath: folder.path).sorted().last else {
                return "no golden of \(lesson) to change"
            }
            let url = folder.appendingPathComponent(name)
            try Data("degisti\n".utf8).write(to: url)
            return "golden \(lesson)/\(name) changed"
        default:
            let away = root.appendingPathComponent("lessons-away")
            XCTAssertEqual(rename(lessons.path, away.path), 0)
            pause(&random)
            XCTAssertEqual(rename(away.path, lessons.path), 0)
            return "lessons renamed away and back"
        }
    }

    /// Waits until both loops have been quiet for a second, with nothing left in the background.
    private func settle(_ watch: WatchTests.Watch, _ server: LSPTests.Harness, context: String) throws {
        let deadline = Date().addingTimeInterval(120)
        var last = (watch.stdout.count, server.output.messages.count)
        var since = Date()
        while Date() < deadline {
            usleep(100_000)
            let now = (watch.stdout.count, server.output.messages.count)
            if now != last {
                last = now
                since = Date()
                continue
            }
            let status = watch.stdout.split(separator: "\n").last ?? ""
            if Date().timeIntervalSince(since) > 1.2 && status.hasPrefix("checked in") && !status.contains("background")
            {
                return
            }
        }
        // What watch still runs (a compile that never ends is the likeliest reason), by command line.
        let running = watch.descendants().map { pid in
            let arguments = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return "\(pid): " + arguments.replacingOccurrences(of: "\0", with: " ").prefix(300)
        }
        XCTFail(
            "the loops never settled; \(context)\nwatch's stdout:\n\(watch.stdout)\nwatch's children:\n"
                + running.joined(separator: "\n") + "\nthe server's last messages: \(server.output.messages.suffix(3))")
        throw CancellationError()
    }

    /// The diagnostics of watch's last check: its stderr after the last separator.
    private func lastBlock(_ stderr: String) -> String? {
        guard let start = stderr.range(of: "──── coursecheck watch: check ", options: .backwards),
            let end = stderr[start.upperBound...].firstIndex(of: "\n")
        else { return nil }
        return String(stderr[stderr.index(after: end)...])
    }

    /// The server's last publish for every file, as `path:line: id: message`, sorted.
    private func published(_ server: LSPTests.Harness, root: URL) -> [String] {
        var last: [String: [JSONValue]] = [:]
        for message in server.output.messages where message["method"] == "textDocument/publishDiagnostics" {
            guard let uri = message["params"]?["uri"]?.string, let path = LSPServer.path(uri) else { continue }
            last[path] = message["params"]?["diagnostics"]?.array ?? []
        }
        let base = root.standardizedFileURL.path + "/"
        return last.flatMap { path, diagnostics in
            diagnostics.map { diagnostic in
                let line = (diagnostic["range"]?["start"]?["line"]?.int ?? -1) + 1
                let shown = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
                // The server names files by their absolute paths, the CLI relative to where it runs.
                let message = (diagnostic["message"]?.string ?? "").replacingOccurrences(of: base, with: "")
                return "\(shown):\(line): \(diagnostic["code"]?.string ?? ""): \(message)"
            }
        }.sorted()
    }
}
