import Foundation
import XCTest

@testable import CourseCheckKit

/// The portable path (`COURSECHECK_PORTABLE=1`, what macOS runs) proven on Linux: the built
/// binary writes and watches as on the Linux path, and names no Linux-only call it made
/// (`COURSECHECK_PLATFORM_TRACE=1` names each on stderr; the Linux path's runs show it works).
final class PortablePathTests: XCTestCase {
    static let portable = ["COURSECHECK_PORTABLE": "1", "COURSECHECK_PLATFORM_TRACE": "1"]
    /// The Linux path, even when this test process runs under `COURSECHECK_PORTABLE=1` (the soak).
    static let native = ["COURSECHECK_PORTABLE": "", "COURSECHECK_PLATFORM_TRACE": "1"]
    static let traced = "coursecheck: platform: "

    static let golden = "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"
    static let missing = "goldens/09-yerel-durum/kardesin-durumunu-okuyan-gorunum-kural-disi-kalir.out"

    /// A copy of the course with one golden stale and another gone: `--update` rewrites one (the
    /// compare-and-swap) and adds the other (the create that never replaces).
    private func staleCourse() throws -> Scratch {
        let scratch = try CourseCopy.make(for: self)
        try Data("stale\n".utf8).write(to: scratch.url.appendingPathComponent(Self.golden))
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent(Self.missing))
        return scratch
    }

    /// The trace lines of `stderr`, and the rest of it.
    private func split(_ stderr: String) -> (calls: [String], rest: String) {
        let lines = stderr.components(separatedBy: "\n")
        return (
            lines.filter { $0.hasPrefix(Self.traced) }.map { String($0.dropFirst(Self.traced.count)) },
            lines.filter { !$0.hasPrefix(Self.traced) }.joined(separator: "\n")
        )
    }

    func testAnUpdateOnThePortablePathWritesAsTheLinuxPathDoes() throws {
        let arguments = ["--update", "--no-claims", "lessons/09-yerel-durum.md"]
        let (linux, portable) = (try staleCourse(), try staleCourse())
        let native = try Binary.run(arguments, in: linux.url, environment: Self.native)
        let moved = try Binary.run(arguments, in: portable.url, environment: Self.portable)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertEqual(moved.status, native.status)
        XCTAssertEqual(moved.stdout, native.stdout)
        XCTAssertEqual(
            moved.stdout.components(separatedBy: "\n").prefix(3),
            [
                "added    \(Self.missing)", "changed  \(Self.golden)", "goldens: 1 added, 1 changed, 0 removed",
            ])
        let (nativeCalls, nativeRest) = split(native.stderr)
        let (portableCalls, portableRest) = split(moved.stderr)
        XCTAssertEqual(portableRest, nativeRest)
        XCTAssertEqual(portableCalls, [], "Linux-only calls on the portable path")
        XCTAssertEqual(nativeCalls.filter { $0 == "renameat2" }.count, 2, native.stderr)
        for file in [Self.golden, Self.missing] {
            XCTAssertEqual(
                try Data(contentsOf: portable.url.appendingPathComponent(file)),
                try Data(contentsOf: Binary.packageRoot.appendingPathComponent(file)), file)
        }
        let goldens = { (scratch: Scratch) in FileTree.contents(of: scratch.url.appendingPathComponent("goldens")) }
        XCTAssertEqual(goldens(portable), goldens(linux))
    }

    /// A golden saved by an editor while `--update` waits before its write is kept, and the
    /// update says why it left it, on both paths alike.
    func testASaveDuringAnUpdateIsKeptOnThePortablePath() throws {
        var outcomes: [String] = []
        for environment in [Self.native, Self.portable] {
            let scratch = try staleCourse()
            let process = Process()
            process.executableURL = try Binary.url()
            process.arguments = ["--update", "--no-claims", "lessons/09-yerel-durum.md"]
            process.currentDirectoryURL = scratch.url
            process.environment = Binary.environment(
                environment.merging(["COURSECHECK_FAULT": "stop-before-write"]) { $1 })
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, ProcessGroupsState.state(process.processIdentifier) != "T" { usleep(20_000) }
            XCTAssertEqual(ProcessGroupsState.state(process.processIdentifier), "T", "the writer never stopped")
            let url = scratch.url.appendingPathComponent(Self.golden)
            try Data("the author's save\n".utf8).write(to: url)
            // Every later rewrite stops too: let each go on.
            while process.isRunning {
                kill(process.processIdentifier, SIGCONT)
                usleep(50_000)
            }
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let (calls, rest) = split(stderr)
            XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "the author's save\n", stderr)
            if environment == Self.portable { XCTAssertEqual(calls, [], stderr) }
            outcomes.append("\(process.terminationStatus)\n\(rest)")
        }
        XCTAssertEqual(outcomes[1], outcomes[0])
        let line = "lessons/09-yerel-durum.md:120:1: error: "
        XCTAssertEqual(
            outcomes[0].components(separatedBy: "\n").filter { $0.hasSuffix("]") || $0.count < 4 },
            [
                "1",
                line + "not written: \(Self.golden): it changed on disk while coursecheck ran; run again "
                    + "[update-refused]",
                line + "output of tree at line 120 differs from its approved golden; if the change is intended, "
                    + "run 'coursecheck --update lessons/' [golden-drift]",
                "",
            ])
    }

    /// `watch` on the portable path polls (no inotify) and re-checks an edited lesson.
    func testWatchOnThePortablePathPollsAndFollowsAnEdit() throws {
        let scratch = try CourseCopy.make(for: self)
        let watch = try WatchTests.Watch(["lessons/"], in: scratch, environment: Self.portable)
        try watch.wait(for: "the first check") { out, _ in out.contains("checked in") }
        XCTAssertTrue(
            watch.stderr.hasPrefix(
                "coursecheck watch: watching 21 lessons, their goldens and the course index with polling every 500 ms; "
                    + "Ctrl-C stops\n"), watch.stderr)
        let url = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "\ndokunuldu: tapCount degisti", with: "\nXdokunuldu: tapCount degisti")
            .write(to: url, atomically: true, encoding: .utf8)
        try watch.wait(for: "the re-check") { _, err in
            err.contains("(lessons/09-yerel-durum.md changed)") && err.contains("[output-drift]")
        }
        XCTAssertEqual(watch.stop(SIGINT), 130)
        XCTAssertTrue(watch.stderr.hasSuffix("coursecheck watch: stopped (SIGINT)\n"), watch.stderr)
        XCTAssertEqual(split(watch.stderr).calls, [], watch.stderr)
    }

    /// Ownership on the portable path, which knows no process start times: each marker is locked
    /// (`flock`) by its owner for as long as it exists. A SIGKILLed run's temporary and scratch
    /// directory are swept by the next portable run even when their pid names a live process now
    /// (here: this test's, as a reused pid would), and a live run's scratch directory is not.
    func testAKilledRunsLeftoversAreSweptByTheNextPortableRunAndALiveRunsAreNot() throws {
        let scratch = try staleCourse()
        let temporary = scratch.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let real = try Toolchain.find(environment: ProcessInfo.processInfo.environment).path
        // A compiler that never answers (its pid written first), and one that passes everything on:
        // a compiler new to the cache is asked its version in a scratch directory of its own.
        let sleeper = scratch.url.appendingPathComponent("sleeping-swiftc")
        try Data("#!/bin/sh\necho $$ >> \"$0.pids\"\nexec sleep 60\n".utf8).write(to: sleeper)
        let passing = scratch.url.appendingPathComponent("passing-swiftc")
        try Data("#!/bin/sh\nexec '\(real)' \"$@\"\n".utf8).write(to: passing)
        for url in [sleeper, passing] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        var environment = Self.portable.merging(["TMPDIR": temporary.path]) { $1 }
        func scratchDirectories() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("coursecheck-") }
                .sorted()
        }
        /// A run asking the sleeping compiler, once its scratch directory has its marker.
        func stuckRun() throws -> (Process, String) {
            let before = try scratchDirectories()
            let process = Process()
            process.executableURL = try Binary.url()
            process.arguments = ["--no-claims", "lessons/09-yerel-durum.md"]
            process.currentDirectoryURL = scratch.url
            process.environment = Binary.environment(environment.merging(["SWIFTC": sleeper.path]) { $1 })
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if let made = try scratchDirectories().first(where: { !before.contains($0) }),
                    let marker = try? String(
                        contentsOf: temporary.appendingPathComponent(made + "/.coursecheck-owner"), encoding: .utf8),
                    marker.hasSuffix("-f\n")
                {
                    return (process, made)
                }
                usleep(20_000)
            }
            process.terminate()
            throw XCTSkip("no scratch directory appeared")
        }
        defer {
            let pids = (try? String(contentsOf: URL(fileURLWithPath: sleeper.path + ".pids"), encoding: .utf8)) ?? ""
            for pid in pids.split(separator: "\n").compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
        }
        let (live, liveDirectory) = try stuckRun()
        defer {
            kill(live.processIdentifier, SIGKILL)
            live.waitUntilExit()
        }
        let (killed, killedDirectory) = try stuckRun()
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        // The killed run's pid reused by a live process: its marker and name now name this test.
        let token = try XCTUnwrap(killedDirectory.split(separator: "-").last)
        let reused = "coursecheck-\(getpid())-\(token)"
        try FileManager.default.moveItem(
            at: temporary.appendingPathComponent(killedDirectory), to: temporary.appendingPathComponent(reused))
        try Data("0-0-\(getpid())-0-\(token)-f\n".utf8).write(
            to: temporary.appendingPathComponent(reused + "/.coursecheck-owner"))
        // An update killed between its write and its rename leaves a temporary beside the golden.
        let arguments = ["--update", "--no-claims", "lessons/09-yerel-durum.md"]
        let dying = try Binary.run(
            arguments, in: scratch.url, environment: environment.merging(["COURSECHECK_FAULT": "before-rename"]) { $1 })
        XCTAssertEqual(dying.status, SIGKILL, dying.stderr)
        let folder = scratch.url.appendingPathComponent("goldens/09-yerel-durum")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".coursecheck-tmp-")
        }
        XCTAssertEqual(left.count, 1, "\(left)")
        let parts = try XCTUnwrap(left.first).split(separator: "-")
        XCTAssertEqual(parts.suffix(6).first.map(String.init), "0", "the portable path's boot: \(left)")
        XCTAssertEqual(parts.last, "f", "a locked marker: \(left)")
        let renamed = ".coursecheck-tmp-0-0-\(getpid())-0-\(parts[parts.count - 2])-f"
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent(left[0]), to: folder.appendingPathComponent(renamed))

        environment["SWIFTC"] = passing.path
        let next = try Binary.run(arguments, in: scratch.url, environment: environment)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(split(next.stderr).calls, [], next.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(".coursecheck-tmp-")
            }, [])
        XCTAssertEqual(try scratchDirectories(), [liveDirectory], "the killed run's went, the live run's stayed")
    }
}
