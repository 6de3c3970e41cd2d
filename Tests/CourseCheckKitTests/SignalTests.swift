import CourseCheckKit
import Foundation
import XCTest

/// A signal during a slow compile stops swiftc and swift-frontend with coursecheck, removes every
/// scratch directory, and exits with 128 + the signal.
final class SignalTests: XCTestCase {
    /// A tree whose type-checking keeps swift-frontend busy for minutes.
    static let slowLesson = """
        ---
        title: 'Slow'
        ---

        # Slow

        ```swift
        \(EmbeddedCore.text)```

        ```swift
        // main.swift — derin
        let deep = \(String(repeating: "[", count: 90))1\(String(repeating: "]", count: 90))
        print(deep.count)
        ```

        ```
        1
        ```

        """

    func testSignalsLeaveNoProcessAndNoScratchDirectory() throws {
        for signalNumber in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            try checkSignal(signalNumber)
        }
    }

    /// A signal in a run's first milliseconds, while the signal sources are being set up, stops it
    /// too: it used to be discarded now and then (a signal ignored before its source was
    /// registered), and the run went on to its end (the slow tree: minutes).
    func testASignalInTheFirstMillisecondsStopsTheRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try Data(Self.slowLesson.utf8).write(to: lessons.appendingPathComponent("01-slow.md"))
        var generator = BlockStructurePropertyTests.Generator(state: PropertySeeds.seeds(defaultCases: 1).first ?? 1)
        for attempt in 0..<30 {
            let process = try Self.startCheck(in: scratch.url)
            let signalNumber = attempt % 2 == 0 ? SIGINT : SIGTERM
            usleep(useconds_t(generator.next() % 30_000))
            kill(process.processIdentifier, signalNumber)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                XCTFail("attempt \(attempt): the signal was lost and the run went on")
                continue
            }
            // Before the sources exist the default action ends it (killed by the signal); after, the
            // stop exits with 128 + the signal.
            let stopped =
                process.terminationReason == .uncaughtSignal
                ? process.terminationStatus == signalNumber : process.terminationStatus == 128 + signalNumber
            XCTAssertTrue(stopped, "attempt \(attempt): \(process.terminationReason) \(process.terminationStatus)")
        }
    }

    /// A tree that starts a daemon (fork, setsid, exec) and exits: the daemon leaves the tree's
    /// session, so only coursecheck's adoption of orphans (a subreaper) ends it with the run.
    func testADaemonATreeStartsDoesNotOutliveTheRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let marker = "4242.\(getpid() % 1000)"
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        let lesson = """
            # Daemon

            ```swift
            \(EmbeddedCore.text)```

            ```swift
            // main.swift — daemon
            import Glibc
            if fork() == 0 {
                _ = setsid()
                let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("\(marker)"), nil]
                execv("/bin/sleep", arguments)
            }
            print("ok")
            ```

            ```
            ok
            ```

            """
        try Data(lesson.utf8).write(to: lessons.appendingPathComponent("01-daemon.md"))
        let process = try Self.startCheck(in: scratch.url)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        func daemons() -> [pid_t] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard let pid = pid_t(entry),
                    let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                    String(decoding: command, as: UTF8.self).contains(marker)
                else { return nil }
                return pid
            }
        }
        var survivors = daemons()
        for _ in 0..<20 where !survivors.isEmpty {
            usleep(100_000)
            survivors = daemons()
        }
        for pid in survivors { kill(pid, SIGKILL) }
        XCTAssertEqual(survivors, [], "the tree's daemon outlived coursecheck")
    }

    /// The built coursecheck compiling `directory`'s lessons with swiftc and no cache, its output
    /// thrown away; `temporary` is its TMPDIR when given.
    static func startCheck(in directory: URL, temporary: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try Binary.url()
        process.arguments = ["--engine", "swiftc", "--no-cache", "--no-goldens", "--no-claims", "lessons"]
        process.currentDirectoryURL = directory
        if let temporary {
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            process.environment = environment
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func checkSignal(_ signalNumber: Int32) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let temporary = scratch.url.appendingPathComponent("tmp")
        let lessons = scratch.url.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try Data(Self.slowLesson.utf8).write(to: lessons.appendingPathComponent("01-slow.md"))

        let process = try Self.startCheck(in: scratch.url, temporary: temporary)

        // Wait until swift-frontend works for it, and remember every descendant and its session.
        var descendants: [pid_t] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            descendants = Self.descendants(of: process.processIdentifier)
            if descendants.contains(where: { Self.command($0) == "swift-frontend" }) { break }
            usleep(50_000)
        }
        XCTAssertTrue(descendants.contains { Self.command($0) == "swift-frontend" }, "swift-frontend never started")
        let sessions = Set(descendants.compactMap { ProcessGroups.statFields($0).flatMap { pid_t($0[3]) } })
        XCTAssertFalse(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("coursecheck-") }
                .isEmpty, "the compile has a scratch directory while it runs")

        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 128 + signalNumber)

        // SIGKILL is delivered asynchronously; a survivor would still be compiling minutes later.
        var survivors: [pid_t] = []
        for _ in 0..<50 {
            survivors =
                descendants.filter(Self.isAlive)
                + sessions.flatMap { ProcessGroups.members(of: $0) }.filter(Self.isAlive)
            if survivors.isEmpty { break }
            usleep(100_000)
        }
        XCTAssertEqual(survivors, [], "signal \(signalNumber): processes survived coursecheck")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("coursecheck-") },
            [],
            "signal \(signalNumber): scratch directories left behind")
    }

    /// Every process whose parent chain leads to `root`.
    static func descendants(of root: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let pid = pid_t(entry), let fields = ProcessGroups.statFields(pid), let parent = pid_t(fields[1])
            else {
                continue
            }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var queue = [root]
        while let next = queue.popLast() {
            for child in children[next] ?? [] {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// The command name in /proc/PID/stat.
    static func command(_ pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let text = String(data: data, encoding: .utf8), let open = text.firstIndex(of: "("),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// Running or sleeping, not a zombie waiting for its parent.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let fields = ProcessGroups.statFields(pid) else { return false }
        return fields.first != "Z"
    }
}
