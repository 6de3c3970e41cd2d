import CourseCheckKit
import Foundation
import XCTest

/// A signal during a slow compile stops swiftc and swift-frontend with coursecheck, removes every
/// scratch directory, and exits with 128 + the signal.
final class SignalTests: XCTestCase {
    /// A tree whose parse keeps swift-frontend busy for hours (`-dump-parse` is exponential in
    /// nesting depth).
    static let deepTree =
        "let deep = \(String(repeating: "[", count: 90))1\(String(repeating: "]", count: 90))\nprint(deep.count)"

    static let slowLesson = lesson(tree: deepTree, expected: "1")

    /// The runs these tests signal inherit the test process's dispositions, and an ignored SIGINT or
    /// SIGQUIT stays ignored across `exec` (a background job of a shell without job control starts
    /// so, as `nohup` starts with SIGHUP ignored): coursecheck rightly keeps an ignored signal
    /// ignored, so each test gives its runs the defaults a terminal's foreground job has.
    private var inherited: [(Int32, sighandler_t?)] = []

    override func setUp() {
        super.setUp()
        inherited = [SIGINT, SIGTERM, SIGHUP, SIGQUIT].map { ($0, signal($0, SIG_DFL)) }
    }

    override func tearDown() {
        for (number, handler) in inherited { signal(number, handler) }
        super.tearDown()
    }

    /// A lesson of the core, one tree (`// main.swift — agac`) and its expected output.
    static func lesson(tree: String, expected: String) -> String {
        "# Ders\n\n```swift\n\(EmbeddedCore.text)```\n\n```swift\n// main.swift — agac\n\(tree)\n```\n\n```\n"
            + "\(expected)\n```\n"
    }

    /// A course in `directory` holding `lesson` as its only lesson, and `tmp/`, a TMPDIR for its
    /// run; the lesson file and the temporary directory.
    @discardableResult
    static func course(_ lesson: String, in directory: URL) throws -> (lesson: URL, temporary: URL) {
        let lessons = directory.appendingPathComponent("lessons")
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let file = lessons.appendingPathComponent("01-ders.md")
        try Data(lesson.utf8).write(to: file)
        return (file, temporary)
    }

    func testSignalsLeaveNoProcessAndNoScratchDirectory() throws {
        for signalNumber in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            try checkSignal(signalNumber)
        }
    }

    /// A signal in a run's first milliseconds stops it too, and leaves nothing behind: no process
    /// working in the run's temporary directory, no scratch directory. Dispatch's signal sources
    /// lost one such signal in about a hundred under load; the run went on, and the runner's
    /// SIGKILL then orphaned a parser that held the runner's own descriptor, so waiting for the
    /// run hung. Every wait here has a deadline.
    func testASignalInTheFirstMillisecondsStopsTheRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let temporary = try Self.course(Self.slowLesson, in: scratch.url).temporary
        var generator = BlockStructurePropertyTests.Generator(state: PropertySeeds.seeds(defaultCases: 1).first ?? 1)
        for attempt in 0..<30 {
            let process = try Self.startCheck(in: scratch.url, temporary: temporary)
            let signalNumber = attempt % 2 == 0 ? SIGINT : SIGTERM
            usleep(useconds_t(generator.next() % 30_000))
            kill(process.processIdentifier, signalNumber)
            if !Self.waitForExit(process, seconds: 10) {
                kill(process.processIdentifier, SIGKILL)
                XCTFail("attempt \(attempt): the signal was lost and the run went on")
                XCTAssertTrue(Self.waitForExit(process, seconds: 10), "attempt \(attempt): no exit after SIGKILL")
            } else {
                // Before the signal thread runs the default action ends it (killed by the signal);
                // after, the stop exits with 128 + the signal.
                let stopped =
                    process.terminationReason == .uncaughtSignal
                    ? process.terminationStatus == signalNumber : process.terminationStatus == 128 + signalNumber
                XCTAssertTrue(stopped, "attempt \(attempt): \(process.terminationReason) \(process.terminationStatus)")
            }
            let left = Self.working(in: scratch.url)
            for pid in left { kill(pid, SIGKILL) }
            XCTAssertEqual(left.map(Self.command), [], "attempt \(attempt): processes outlived the run")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: temporary.path), [],
                "attempt \(attempt): scratch directories left behind")
        }
    }

    /// SIGINT at any moment of `--update --prune` leaves no temporary: each orphan is still there
    /// byte for byte, or gone, and nothing else changed. The signal comes once the removals are
    /// announced, after a random delay that lands across the removals of fifty orphans.
    func testSIGINTDuringAPruneLeavesNoTemporary() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let root = scratch.url
        try Self.course(Self.lesson(tree: "print(1)", expected: "1"), in: root)
        let cache = root.appendingPathComponent("cache")
        let arguments = ["--no-claims", "--cache-dir", cache.path, "--update", "--prune", "lessons"]
        // Approved once (and the compiler's answer cached), so each run below is quick.
        let first = try Binary.run(arguments, in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        var generator = BlockStructurePropertyTests.Generator(state: PropertySeeds.seeds(defaultCases: 1).first ?? 1)
        let orphans = (0..<50).map { "goldens/01-ders/eski-\($0).out" } + ["goldens/02-gitti/a.out"]
        var interrupted = 0
        // Ten attempts in make test; make soak's COURSECHECK_PROPERTY_CASES asks for more.
        let attempts = Int(ProcessInfo.processInfo.environment["COURSECHECK_PROPERTY_CASES"] ?? "") ?? 10
        for attempt in 0..<attempts {
            for (index, orphan) in orphans.enumerated() {
                let url = root.appendingPathComponent(orphan)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("eski \(index)\n".utf8).write(to: url)
            }
            let before = FileTree.contents(of: root) { $0.hasPrefix("cache") || $0.hasPrefix("tmp") }
            let process = Process()
            process.executableURL = try Binary.url()
            process.arguments = arguments
            process.currentDirectoryURL = root
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = root.appendingPathComponent("tmp").path
            // `--update` refuses to run on CI; the test's own update is no CI's.
            environment["CI"] = nil
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first announced removal; then up to 2 ms, about the time fifty removals take.
            var said = Data()
            while !String(decoding: said, as: UTF8.self).contains("will remove") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += chunk
            }
            usleep(useconds_t(generator.next() % 2_000))
            kill(process.processIdentifier, SIGINT)
            _ = output.fileHandleForReading.readDataToEndOfFile()
            XCTAssertTrue(Self.waitForExit(process, seconds: 20), "attempt \(attempt): no exit")
            if process.terminationStatus == 128 + SIGINT { interrupted += 1 }

            let after = FileTree.contents(of: root) { $0.hasPrefix("cache") || $0.hasPrefix("tmp") }
            let temporaries = after.keys.filter {
                $0.split(separator: "/").last?.hasPrefix(".coursecheck-tmp-") == true
            }
            XCTAssertEqual(temporaries, [], "attempt \(attempt): temporaries left")
            XCTAssertEqual(after.keys.filter { $0.hasSuffix(".kept") }, [], "attempt \(attempt)")
            for (path, data) in after {
                XCTAssertEqual(before[path], data, "attempt \(attempt): \(path) changed or appeared")
            }
            for (path, data) in before where after[path] == nil {
                XCTAssertTrue(orphans.contains(path), "attempt \(attempt): \(path) went, not an orphan: \(data)")
            }
            for orphan in orphans { try? FileManager.default.removeItem(at: root.appendingPathComponent(orphan)) }
        }
        // Most signals must land while the run is on, or the test proves nothing.
        XCTAssertGreaterThan(interrupted, attempts / 2, "the signals came too late")
    }

    /// SIGKILL reaches no handler, so coursecheck cannot end its children then; each child's
    /// supervisor does (`ParentDeath`). Gone as soon as their coursecheck is killed: a parser that
    /// never finishes (the slow lesson's nesting), the frontend a compiling swiftc started, and a
    /// tree that sleeps with a background job of its own.
    func testChildrenOfARunKilledWithSIGKILLDieWithIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (lesson, temporary) = try Self.course(Self.slowLesson, in: scratch.url)
        // One line the type checker works on for seconds (about eight here, before it gives up on
        // the expression), so the frontend outlives the 2 s the test watches for it unless it is
        // killed: where 800 lines took as long to compile, their parse alone took seconds first.
        let long = "let b = -(1 + 2) * 3 + 4 - 5 * (6 + 7) - 8 + 9 * 10 - 11 * (12 + 13) - 14 + 15 * 16 - 17.0"
        // The parser and the build come after the compiler's check: a planted acceptance lets the
        // run reach them while the slow tree is still slow there.
        let cases: [(child: String, tree: String, accepted: Bool, isChild: (pid_t) -> Bool)] = [
            ("the compiler's check", long + "\nprint(1)", false, { Self.arguments(of: $0).contains("-emit-sil") }),
            ("the parser", Self.deepTree, true, { Self.arguments(of: $0).contains("-dump-parse") }),
            ("the compiler's frontend", long + "\nprint(1)", true, { Self.isCompilingFrontend($0) }),
            // The job starts after the tree: once it runs, both are there to outlive the run.
            (
                "the tree or its background job",
                "import \(CLibrary.module)\n_ = system(\"sleep 601 &\")\nprint(1)\nsleep(600)",
                false, { Self.arguments(of: $0) == ["sleep", "601"] }
            ),
        ]
        for (child, tree, accepted, isChild) in cases {
            try Data(Self.lesson(tree: tree, expected: "1").utf8).write(to: lesson)
            let cache = accepted ? try Self.plantAcceptance(of: lesson, in: scratch.url) : []
            try killAndCheck(in: scratch.url, temporary: temporary, child: child, extra: cache, isChild: isChild)
        }
        // Without coursecheck-supervisor beside it, coursecheck supervises with a copy of itself.
        let alone = scratch.url.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("coursecheck")
        try FileManager.default.copyItem(at: try Binary.url(), to: copy)
        try Data(Self.slowLesson.utf8).write(to: lesson)
        let cache = try Self.plantAcceptance(of: lesson, in: scratch.url)
        try killAndCheck(in: scratch.url, temporary: temporary, child: "the parser", extra: cache, executable: copy) {
            Self.arguments(of: $0).contains("-dump-parse")
                && Self.arguments(of: Self.parent(of: $0)).dropFirst().first
                    == (Platform.isPortable
                        ? "--coursecheck-supervise-child-portably" : "--coursecheck-supervise-child")
                && Self.command(Self.parent(of: $0)) == (Platform.isPortable ? "coursecheck" : "exe")
        }
    }

    /// The supervisor is invisible to the tree's own signals: a tree that ignores SIGTERM and
    /// sends it to its process group and to its parent runs on and prints what it prints by hand,
    /// where the supervisor used to die of it and the tree was reported killed.
    func testATreeSignallingItsGroupAndParentRunsOn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tree = """
            import \(CLibrary.module)
            signal(SIGTERM, SIG_IGN)
            signal(SIGINT, SIG_IGN)
            print("a")
            kill(0, SIGTERM)
            kill(0, SIGINT)
            kill(getppid(), SIGTERM)
            kill(getppid(), SIGINT)
            usleep(200_000)
            print("b")
            """
        try Self.course(Self.lesson(tree: tree, expected: "a\nb"), in: scratch.url)
        let result = try Binary.run(
            ["--engine", "swiftc", "--no-goldens", "--no-claims", "lessons"], in: scratch.url)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
    }

    /// A process's parent, from /proc.
    static func parent(of pid: pid_t) -> pid_t {
        ProcStat.fields(pid).flatMap { pid_t($0[1]) } ?? 0
    }

    /// A swift-frontend job a driver started to compile (`swift-frontend -frontend -c …`).
    static func isCompilingFrontend(_ pid: pid_t) -> Bool {
        let arguments = Self.arguments(of: pid)
        return arguments.first?.hasSuffix("/swift-frontend") == true && arguments.dropFirst().first == "-frontend"
            && arguments.contains("-c")
    }

    /// A process's arguments, from /proc.
    static func arguments(of pid: pid_t) -> [String] {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Starts a check, SIGKILLs it once a descendant `isChild` runs, and asserts that nothing
    /// works in `directory` two seconds later (the compile alone would take longer).
    private func killAndCheck(
        in directory: URL, temporary: URL, child: String, extra: [String] = [], executable: URL? = nil,
        isChild: (pid_t) -> Bool
    ) throws {
        let process = try Self.startCheck(in: directory, temporary: temporary, extra: extra, executable: executable)
        var found: pid_t?
        let deadline = Date().addingTimeInterval(120)
        while found == nil && Date() < deadline && process.isRunning {
            // On the portable path a tree's background job is init's once its shell exits (no
            // subreaper), still in the supervisor's group: found by where it works instead.
            let candidates =
                Self.descendants(of: process.processIdentifier)
                + (Platform.isPortable ? Self.working(in: directory) : [])
            found = candidates.first(where: isChild)
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGKILL)
        XCTAssertTrue(Self.waitForExit(process, seconds: 10))
        guard let found else { return XCTFail("\(child) never started") }
        // SIGKILL is asynchronous, and the supervisor then ends the rest.
        let ends = Date().addingTimeInterval(2)
        while (Self.isAlive(found) || !Self.working(in: directory).isEmpty) && Date() < ends { usleep(20_000) }
        let left = Self.working(in: directory)
        for pid in left { kill(pid, SIGKILL) }
        XCTAssertEqual(left.map(Self.command), [], "\(child) outlived the killed run")
        // No handler ran: the scratch directory stays for the next run's sweep (`FileGate`).
        FileGate.sweepScratch(in: temporary)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    /// Waits for the process with a deadline (`waitUntilExit` has none).
    static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// Live processes whose working directory is inside `directory`.
    static func working(in directory: URL) -> [pid_t] {
        let prefix = directory.resolvingSymlinksInPath().path + "/"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), isAlive(pid),
                let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd"),
                (cwd + "/").hasPrefix(prefix)
            else { return nil }
            return pid
        }
    }

    /// A tree that starts a daemon (fork, setsid, exec), whose first process starts one more (fork,
    /// exec), and exits: the daemons leave the tree's session, so only coursecheck's adoption of
    /// orphans (a subreaper) ends them with the run. The second is re-parented to coursecheck only
    /// once the first has died, so one sweep used to leave it to init.
    func testADaemonATreeStartsDoesNotOutliveTheRun() throws {
        try XCTSkipIf(
            Platform.isPortable, "no subreaper on the portable path: a daemon that leaves the session outlives the run")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let marker = "4242.\(getpid() % 1000)"
        try Self.writeDaemonLesson(in: scratch.url, marker: marker, thenSleep: false)
        let process = try Self.startCheck(in: scratch.url)
        XCTAssertTrue(Self.waitForExit(process, seconds: 120))
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(Self.survivors(marker), [], "the tree's daemons outlived coursecheck")
    }

    /// The same daemons, while the tree still runs, outlive no signal's stop either.
    func testADaemonATreeStartsDoesNotOutliveASignal() throws {
        try XCTSkipIf(
            Platform.isPortable, "no subreaper on the portable path: a daemon that leaves the session outlives the run")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let marker = "4243.\(getpid() % 1000)"
        try Self.writeDaemonLesson(in: scratch.url, marker: marker, thenSleep: true)
        let process = try Self.startCheck(in: scratch.url)
        let deadline = Date().addingTimeInterval(120)
        while Self.running(marker).count < 2 && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(Self.running(marker).count, 2, "the daemons never started")
        kill(process.processIdentifier, SIGTERM)
        XCTAssertTrue(Self.waitForExit(process, seconds: 10))
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        XCTAssertEqual(Self.survivors(marker), [], "the tree's daemons outlived coursecheck")
    }

    /// A lesson whose tree starts `sleep <marker>1` in a session of its own, which starts
    /// `sleep <marker>2`; the tree then prints `ok` and ends, or sleeps.
    static func writeDaemonLesson(in directory: URL, marker: String, thenSleep: Bool) throws {
        let tree = """
            import \(CLibrary.module)
            func sleeper(_ name: String) -> Never {
                let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup(name), nil]
                execv("/bin/sleep", arguments)
                _exit(1)
            }
            if fork() == 0 {
                _ = setsid()
                if fork() == 0 { sleeper("\(marker)2") }
                sleeper("\(marker)1")
            }
            print("ok")
            \(thenSleep ? "sleep(600)" : "")
            """
        try course(lesson(tree: tree, expected: "ok"), in: directory)
    }

    /// Live processes whose command line holds `marker`.
    static func running(_ marker: String) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = pid_t(entry), isAlive(pid),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: command, as: UTF8.self).contains(marker)
            else { return nil }
            return pid
        }
    }

    /// The processes holding `marker` still alive two seconds on (SIGKILL is asynchronous), killed.
    static func survivors(_ marker: String) -> [pid_t] {
        var left = running(marker)
        for _ in 0..<20 where !left.isEmpty {
            usleep(100_000)
            left = running(marker)
        }
        for pid in left { kill(pid, SIGKILL) }
        return left
    }

    /// The built coursecheck compiling `directory`'s lessons with swiftc and no cache, its output
    /// thrown away; `temporary` is its TMPDIR when given.
    /// A fresh cache in `directory` holding only the compiler's acceptance of the lesson's trees,
    /// as the options that name it (in place of `--no-cache`).
    static func plantAcceptance(of lesson: URL, in directory: URL) throws -> [String] {
        let cache = directory.appendingPathComponent("planted-cache-\(UUID().uuidString)")
        let compiler = CompilerValidity.identity(
            of: try Toolchain.locate(environment: ProcessInfo.processInfo.environment, cache: nil),
            options: ToolchainEngine.Options())
        let path = lesson.path
        let read = try LessonReader.read(try CourseLoader(currentDirectory: directory).plan([path]).entries[0])
        for tree in try XCTUnwrap(read.lesson).trees {
            let (key, entry) = CompilerValidity.record(.accepted, for: tree, compiler: compiler)
            XCTAssertTrue(Cache(directory: cache).store(text: entry, as: key))
        }
        return ["--cache-dir", cache.path]
    }

    static func startCheck(
        in directory: URL, temporary: URL? = nil, extra: [String] = [], executable: URL? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = try executable ?? Binary.url()
        let cache = extra.contains("--cache-dir") ? [] : ["--no-cache"]
        process.arguments = ["--engine", "swiftc"] + cache + ["--no-goldens", "--no-claims"] + extra + ["lessons"]
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
        let temporary = try Self.course(Self.slowLesson, in: scratch.url).temporary

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
        let sessions = Set(descendants.compactMap { ProcStat.fields($0).flatMap { pid_t($0[3]) } })
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
                + sessions.flatMap { ProcStat.members(of: $0) }.filter(Self.isAlive)
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
            guard let pid = pid_t(entry), let fields = ProcStat.fields(pid), let parent = pid_t(fields[1])
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
        guard let fields = ProcStat.fields(pid) else { return false }
        return fields.first != "Z"
    }
}
