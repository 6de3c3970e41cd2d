import Foundation
import XCTest

@testable import CourseCheckKit

/// The toolchain's environment (the module cache, TMPDIR) never becomes an author's finding: a
/// damaged module cache is one note and is replaced, a `noexec` TMPDIR is `toolchain-failed`
/// naming it, and a module the tree imports that does not exist stays the tree's `compile-error`.
/// Each check asserts its whole report.
final class CompileEnvironmentTests: XCTestCase {
    /// A scratch holding a one-lesson course and a module cache warmed once for the whole class,
    /// kept beside it: a module cache records its own path, so every case restores it to the
    /// same place (`cache/module-cache`) before damaging it.
    private static let warmed: Result<Scratch, Error> = Result {
        let scratch = try Scratch()
        try lesson(in: scratch.url)
        let result = InProcess.run(arguments, in: scratch.url)
        guard result.stderr + result.stdout == clean else {
            throw TextNotFound(description: "the warming check was not clean: \(result.stderr)\(result.stdout)")
        }
        try FileManager.default.moveItem(
            at: scratch.url.appendingPathComponent("cache/module-cache"),
            to: scratch.url.appendingPathComponent("warm-module-cache"))
        return scratch
    }

    override class func tearDown() {
        if case .success(let scratch) = warmed { scratch.remove() }
        super.tearDown()
    }

    /// A compile time-out well above a compile's, so that a hang the looking-over misses fails in
    /// seconds rather than the default two minutes.
    static let arguments = [
        "--no-goldens", "--no-claims", "--compile-timeout", "30", "--cache-dir", "cache", "lessons",
    ]

    /// One tree the embedded engine runs (the compiler's check asks the front end) and one built
    /// by swiftc (it imports a module), so both compiles meet the module cache. The import alone
    /// sends a tree to swiftc; an `@Observable` class would also load the macro's plugin, which
    /// doubles the build's processor time and meets no module cache.
    static let trees = [
        "print(1)\n",
        "import Observation\nprint(2)\n",
    ]

    static let clean =
        "1 lesson: 1 core, 2 trees, 0 fragments; compiler: 2 trees accepted; embedded: 1 tree; swiftc: 1 tree, "
        + "standalone (1 × imports a module) [1 × import Observation]; 0 errors\n"

    static func lesson(in directory: URL, trees: [String] = trees) throws {
        let lessons = directory.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        var text = "---\ntitle: 'Ders'\n---\n\n# Ders\n\n```swift\n\(EmbeddedCore.text)```\n"
        for (number, tree) in trees.enumerated() {
            let output = tree.hasPrefix("import") ? "2\n" : "1\n"
            text += "\n```swift\n// main.swift — agac \(number + 1)\n\(tree)```\n\n```\n\(output)```\n"
        }
        try Data(text.utf8).write(to: lessons.appendingPathComponent("01-ders.md"))
    }

    /// The warmed course with only its module cache in `cache/` (so every tree is compiled), after `damage`.
    private func restored(_ damage: (URL) throws -> Void) throws -> URL {
        let scratch = try Self.warmed.get()
        let cache = scratch.url.appendingPathComponent("cache")
        try? FileManager.default.removeItem(at: cache)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: scratch.url.appendingPathComponent("warm-module-cache"),
            to: cache.appendingPathComponent("module-cache"))
        try damage(cache.appendingPathComponent("module-cache"))
        return scratch.url
    }

    private static func pcms(in modules: URL) -> [URL] {
        ((FileManager.default.enumerator(atPath: modules.path)?.allObjects as? [String]) ?? [])
            .filter { $0.hasSuffix(".pcm") }.sorted().map { modules.appendingPathComponent($0) }
    }

    private static func note(_ modules: URL) -> String {
        note(modules, reason: "damaged precompiled modules")
    }

    private static func note(_ modules: URL, reason: String) -> String {
        "coursecheck: note: swiftc could not use the module cache \(modules.path) (\(reason)); "
            + "this run used a fresh one and removed it, to be built anew\n"
    }

    /// Checks the restored course after `damage`, asserting the whole report is `expected` (the
    /// module cache's path given), then that the next check is clean and silent: the damage is gone.
    private func assertDamage(
        _ expected: (URL) -> String, clean: String = clean, cached: String = cached, extra: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line, _ damage: (URL) throws -> Void
    ) throws {
        let directory = try restored(damage)
        let modules = directory.appendingPathComponent("cache/module-cache")
        let first = InProcess.run(Self.arguments, in: directory, extra: extra)
        XCTAssertEqual(first.stdout + first.stderr, clean + expected(modules), file: file, line: line)
        XCTAssertEqual(first.status, .clean, file: file, line: line)
        let again = InProcess.run(Self.arguments, in: directory, extra: extra)
        XCTAssertEqual(again.stdout + again.stderr, cached, file: file, line: line)
    }

    /// `clean`, every result from the cache.
    static let cached =
        "1 lesson: 1 core, 2 trees, 0 fragments; compiler: 2 trees accepted; embedded: 1 tree (cached: 1 result); "
        + "swiftc: 1 tree (cached: 1 result) [1 × import Observation]; 0 errors\n"

    /// The cases `make test` leaves to `make soak` (`COURSECHECK_PROPERTY_CASES`): a damage whose
    /// kind another case or the random damage covers, or one that waits for a time-out, keeping
    /// this class within ten seconds.
    private static func soakOnly() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["COURSECHECK_PROPERTY_CASES"] == nil,
            "make soak (COURSECHECK_PROPERTY_CASES) runs this case")
    }

    func testATruncatedPrecompiledModuleIsOneNote() throws {
        try Self.soakOnly()
        try assertDamage(Self.note) { modules in
            let pcm = try XCTUnwrap(Self.pcms(in: modules).first { $0.lastPathComponent.hasPrefix("SwiftShims-") })
            try FileHandle(forWritingTo: pcm).truncate(atOffset: 100)
        }
    }

    /// A garbled header, and a garbled `.swiftmodule` planted beside the Clang modules.
    func testAGarbledModuleIsOneNote() throws {
        // make test's budget: the random damage below garbles and locks modules too; soak asks each.
        try Self.soakOnly()
        try assertDamage(Self.note) { modules in
            let pcm = try XCTUnwrap(Self.pcms(in: modules).first { $0.lastPathComponent.hasPrefix("SwiftShims-") })
            let handle = try FileHandle(forWritingTo: pcm)
            try handle.write(contentsOf: Data(repeating: 0x5A, count: 64))
            try handle.close()
            try Data("not a module".utf8).write(
                to: pcm.deletingLastPathComponent().appendingPathComponent("Observation.swiftmodule"))
        }
    }

    func testADirectoryWhereAPrecompiledModuleBelongsIsOneNote() throws {
        try Self.soakOnly()
        try assertDamage(Self.note) { modules in
            for pcm in Self.pcms(in: modules) {
                try FileManager.default.removeItem(at: pcm)
                try FileManager.default.createDirectory(at: pcm, withIntermediateDirectories: false)
            }
        }
    }

    /// Root reads a file of mode 000 as any other, so as root the check is clean and silent.
    func testAnUnreadablePrecompiledModuleIsAtMostOneNote() throws {
        // make test's budget: the random damage below garbles and locks modules too; soak asks each.
        try Self.soakOnly()
        let expected: (URL) -> String = { geteuid() == 0 ? "" : Self.note($0) }
        try assertDamage(expected) { modules in
            for pcm in Self.pcms(in: modules) { chmod(pcm.path, 0) }
        }
    }

    func testAFileWhereTheModuleCacheBelongsIsOneNote() throws {
        try Self.soakOnly()
        try assertDamage(Self.note) { modules in
            try FileManager.default.removeItem(at: modules)
            try Data("x".utf8).write(to: modules)
        }
    }

    /// A compiler that crashes (SIGSEGV, naming no file) while the module cache it is given holds
    /// a `crash` file, as the front end does on some garbled precompiled modules, and hangs while
    /// it holds a `hang` file, as on a module that never ends: the front end the compiler's check
    /// starts directly and the driver of the build both.
    private static func crashingCompiler(in directory: URL) throws -> URL {
        let real = try Toolchain.find(environment: InProcess.environment)
        let frontend = real.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "swift-frontend")
        let fake = directory.appendingPathComponent("swiftc-crashing")
        try Data(
            """
            #!/bin/sh
            cache=''; previous=''
            for word in "$@"; do [ "$previous" = -module-cache-path ] && cache=$word; previous=$word; done
            if [ -n "$cache" ] && [ -e "$cache/crash" ]; then kill -SEGV $$; fi
            if [ -n "$cache" ] && [ -e "$cache/hang" ]; then exec sleep 600; fi
            case "$1" in
            -frontend) exec '\(frontend.path)' "$@" ;;
            '-###') '\(real.path)' "$@" | sed "s|^[^ ]*swift-frontend -frontend |'$0' -frontend |"; exit 0 ;;
            esac
            exec '\(real.path)' "$@"

            """.utf8
        ).write(to: fake)
        chmod(fake.path, 0o755)
        return fake
    }

    /// A compiler crash with the kept module cache is tried with a fresh one, which passes: the
    /// kept one goes with one note, and no compile of the run (four trees, both lanes, every
    /// worker) is left to blame; the next run, with the cache made anew, is clean and silent.
    func testACompilerCrashWithTheKeptModuleCacheIsOneNoteForTheWholeRun() throws {
        let directory = try Self.warmed.get().url
        let fake = try Self.crashingCompiler(in: directory)
        // The lesson's two trees already ask three compiles in two lanes; make soak adds two more
        // trees, so more compiles start after the first has condemned the kept cache.
        let soak = ProcessInfo.processInfo.environment["COURSECHECK_PROPERTY_CASES"] != nil
        defer { try? Self.lesson(in: directory) }
        if soak {
            try Self.lesson(
                in: directory,
                trees: Self.trees + [
                    "print(1 + 0)\n",
                    "import Observation\n@Observable final class Kap { var sayi = 2 }\nprint(Kap().sayi)\n",
                ])
        }
        let clean =
            soak
            ? "1 lesson: 1 core, 4 trees, 0 fragments; compiler: 4 trees accepted; embedded: 2 trees; swiftc: 2 trees, "
                + "standalone (2 × imports a module) [2 × import Observation]; 0 errors\n" : Self.clean
        let cached =
            soak
            ? "1 lesson: 1 core, 4 trees, 0 fragments; compiler: 4 trees accepted; embedded: 2 trees (cached: 2 results); "
                + "swiftc: 2 trees (cached: 2 results) [2 × import Observation]; 0 errors\n" : Self.cached
        try assertDamage(Self.note, clean: clean, cached: cached, extra: ["SWIFTC": fake.path]) { modules in
            try Data().write(to: modules.appendingPathComponent("crash"))
        }
    }

    /// A compile that hangs with the kept module cache is tried with a fresh one once its time
    /// is up: it passes, so the kept one goes with one note saying why, and no tree is blamed.
    func testACompilerHangWithTheKeptModuleCacheIsOneNote() throws {
        try Self.soakOnly()
        let fake = try Self.crashingCompiler(in: try Self.warmed.get().url)
        let directory = try restored { modules in try Data().write(to: modules.appendingPathComponent("hang")) }
        let modules = directory.appendingPathComponent("cache/module-cache")
        var arguments = Self.arguments
        arguments[arguments.firstIndex(of: "30")!] = "5"
        let first = InProcess.run(arguments, in: directory, extra: ["SWIFTC": fake.path])
        XCTAssertEqual(
            first.stdout + first.stderr,
            Self.clean + Self.note(modules, reason: "a compile with it ran out of time and finished with a fresh one"))
        let again = InProcess.run(arguments, in: directory, extra: ["SWIFTC": fake.path])
        XCTAssertEqual(again.stdout + again.stderr, Self.cached)
    }

    /// A FIFO, or a link to `/dev/zero`, where a precompiled module belongs would hold the compiler
    /// until its time-out: the module cache is looked over before any compile uses it, and goes
    /// with one note naming the first such entry.
    func testAFIFOOrALinkOutOfTheModuleCacheIsOneNoteBeforeAnyCompile() throws {
        var first = ""
        let expected = { (modules: URL) in Self.note(modules, reason: "damaged precompiled modules: \(first) is a FIFO")
        }
        try assertDamage(expected) { modules in
            let pcms = Self.pcms(in: modules)
            first = String(try XCTUnwrap(pcms.first).path.dropFirst(modules.path.count + 1))
            for (index, pcm) in pcms.enumerated() {
                try FileManager.default.removeItem(at: pcm)
                if index == 0 {
                    XCTAssertEqual(mkfifo(pcm.path, 0o644), 0)
                } else {
                    try FileManager.default.createSymbolicLink(atPath: pcm.path, withDestinationPath: "/dev/zero")
                }
            }
        }
    }

    /// A checkout copied or moved whole (`cp -a`, a renamed folder) takes its module cache along,
    /// whose precompiled modules hold the old place: that is no damage, and nothing is said. The
    /// cache records its place, so the moved one is cleared before any compile uses it and records
    /// the new place. (Damage in a cache that stayed where it was made is one note, as above.)
    func testAModuleCacheMovedWithItsCheckoutIsClearedSilently() throws {
        let original = try restored { _ in }
        let moved = try Scratch()
        defer { moved.remove() }
        for name in ["lessons", "cache"] {
            try FileManager.default.copyItem(
                at: original.appendingPathComponent(name), to: moved.url.appendingPathComponent(name))
        }
        let modules = moved.url.appendingPathComponent("cache/module-cache")
        let location = modules.appendingPathComponent(KeptModuleCache.locationFile)
        XCTAssertEqual(
            try String(contentsOf: location, encoding: .utf8),
            original.appendingPathComponent("cache/module-cache").resolvingSymlinksInPath().path)
        let first = InProcess.run(Self.arguments, in: moved.url)
        XCTAssertEqual(first.stdout + first.stderr, Self.clean)
        XCTAssertEqual(first.status, .clean)
        XCTAssertEqual(try String(contentsOf: location, encoding: .utf8), modules.resolvingSymlinksInPath().path)
    }

    /// `import Foundatoin` is the tree's, with a damaged module cache too: the compiler says so at
    /// the tree's line, and the damage is one note.
    func testAModuleThatDoesNotExistStaysTheTreesCompileError() throws {
        let directory = try restored { modules in
            for pcm in Self.pcms(in: modules) { try FileHandle(forWritingTo: pcm).truncate(atOffset: 10) }
        }
        defer { try? Self.lesson(in: directory) }
        try Self.lesson(in: directory, trees: ["import Foundatoin\nprint(1)\n"])
        let modules = directory.appendingPathComponent("cache/module-cache")
        let result = InProcess.run(Self.arguments, in: directory)
        XCTAssertEqual(
            result.stderr,
            "lessons/01-ders.md:80:8: error: tree does not compile: no such module 'Foundatoin' [compile-error]\n"
                + Self.note(modules))
        XCTAssertEqual(
            result.stdout, "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree rejected; 1 error\n")
    }

    /// Random damage (a random file of the cache, a random kind, or every precompiled module
    /// garbled) never gives a finding: the report is the clean one, with at most the notes about
    /// the cache. A property over random damage: make soak's; make test holds each kind above.
    func testRandomDamageIsNeverAFinding() throws {
        try Self.soakOnly()
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let directory = try restored { modules in
                let files = ((FileManager.default.enumerator(atPath: modules.path)?.allObjects as? [String]) ?? [])
                    .sorted().map { modules.appendingPathComponent($0) }
                    .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                let file = try XCTUnwrap(files.randomElement(using: &random))
                let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    try FileHandle(forWritingTo: file).truncate(
                        atOffset: UInt64(Int.random(in: 0...size, using: &random)))
                case 1:
                    let handle = try FileHandle(forWritingTo: file)
                    try handle.seek(toOffset: UInt64(Int.random(in: 0...max(size - 1, 0), using: &random)))
                    try handle.write(
                        contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in
                            UInt8.random(in: 0...255, using: &random)
                        })
                    try handle.close()
                case 2:
                    try FileManager.default.removeItem(at: file)
                    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
                case 3:
                    chmod(file.path, 0)
                default:
                    // 50 random bytes in every precompiled module: a crash of the front end, or its words.
                    for pcm in Self.pcms(in: modules) {
                        var bytes = try [UInt8](Data(contentsOf: pcm))
                        for _ in 0..<50 {
                            bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(
                                in: 0...255, using: &random)
                        }
                        try Data(bytes).write(to: pcm)
                    }
                }
            }
            let result = InProcess.run(Self.arguments, in: directory)
            let modules = directory.appendingPathComponent("cache/module-cache")
            XCTAssertEqual(result.stdout, Self.clean, "seed \(seed): \(result.stderr)")
            XCTAssertTrue(["", Self.note(modules)].contains(result.stderr), "seed \(seed): \(result.stderr)")
        }
    }

    /// The policy alone, with compiles that answer at once: a cache of its own in a scratch, whose
    /// module cache holds what an earlier run left when `inherited`.
    private func environment(
        inherited: Bool = true
    ) throws -> (environment: CompileEnvironment, modules: URL, scratch: FileGate.Scratch) {
        _ = Cache.notes()
        let scratch = try FileGate.makeScratch()
        let cache = Cache(directory: scratch.url.appendingPathComponent("cache"))
        let modules = cache.directory.appendingPathComponent("module-cache")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        if inherited { try Data("x".utf8).write(to: modules.appendingPathComponent("modules.timestamp")) }
        return (CompileEnvironment(cache: cache, scratch: scratch), modules, scratch)
    }

    private static func result(_ ending: ChildProcess.Ending, _ stderr: String = "") -> ChildProcess.Result {
        ChildProcess.Result(ending: ending, stdout: [], stderr: Array(stderr.utf8))
    }

    private static let timedOut = ChildProcess.Ending.timedOut(seconds: 30)

    /// A compile that hangs with the kept module cache and finishes with a fresh one: the kept one
    /// goes, said once, and the tree's outcome is the second compile's.
    func testATimeOutWithTheKeptModuleCacheIsTriedWithAFreshOne() throws {
        let (environment, modules, scratch) = try environment()
        defer { scratch.remove() }
        var used: [String] = []
        let outcome = try environment.compile { moduleCache in
            used.append(moduleCache.path)
            return Self.result(moduleCache.path == modules.path ? Self.timedOut : .exited(0))
        }
        XCTAssertEqual(used, [modules.path, environment.fresh.path])
        XCTAssertEqual(outcome.result.ending, .exited(0))
        XCTAssertNil(outcome.failure)
        XCTAssertFalse(FileManager.default.fileExists(atPath: modules.appendingPathComponent("modules.timestamp").path))
        XCTAssertEqual(
            Cache.notes(),
            [
                "swiftc could not use the module cache \(modules.path) (a compile with it ran out of time and finished "
                    + "with a fresh one); this run used a fresh one and removed it, to be built anew"
            ])
    }

    /// A tree slow with any module cache costs two time-outs once a run, said in a note, and one
    /// thereafter; a module cache this run made itself is never the suspect.
    func testASlowTreeIsTriedTwiceOnceARunAndSaysSo() throws {
        let (environment, modules, scratch) = try environment()
        defer { scratch.remove() }
        var used: [String] = []
        for _ in 0..<2 {
            let outcome = try environment.compile { moduleCache in
                used.append(moduleCache.path)
                return Self.result(Self.timedOut)
            }
            XCTAssertEqual(outcome.result.ending, Self.timedOut)
            XCTAssertNil(outcome.failure)
        }
        XCTAssertEqual(used, [modules.path, environment.fresh.path, modules.path])
        XCTAssertTrue(FileManager.default.fileExists(atPath: modules.appendingPathComponent("modules.timestamp").path))
        XCTAssertEqual(
            Cache.notes(),
            [
                "a compile that ran out of time (--compile-timeout) with the module cache \(modules.path) was tried "
                    + "once more with a fresh one and ran out of time again: the time-out is the tree's, and later "
                    + "time-outs in this run were not tried twice"
            ])
        let (new, made, another) = try self.environment(inherited: false)
        defer { another.remove() }
        used = []
        _ = try new.compile { moduleCache in
            used.append(moduleCache.path)
            return Self.result(Self.timedOut)
        }
        XCTAssertEqual(used, [made.path])
        XCTAssertEqual(Cache.notes(), [])
    }

    /// A compile still using the kept module cache never has it removed under it: a compile that
    /// proves it damaged meanwhile condemns it, every compile that starts afterwards uses the
    /// run's own, and it goes when the last one gives it back; the next compile makes it anew.
    func testACondemnedModuleCacheGoesWhenNoCompileUsesItAndTheRestOfTheRunAvoidsIt() throws {
        let (environment, modules, scratch) = try environment()
        defer { scratch.remove() }
        let crash = Self.result(.signalled(SIGSEGV))
        var used: [String] = []
        let outer = try environment.compile { moduleCache throws(CourseCheckError) in
            used.append(moduleCache.path == modules.path ? "outer kept" : "outer fresh")
            guard moduleCache.path == modules.path else { return Self.result(.exited(0)) }
            let crashed = try environment.compile { moduleCache in
                used.append(moduleCache.path == modules.path ? "crashed kept" : "crashed fresh")
                return moduleCache.path == modules.path ? crash : Self.result(.exited(0))
            }
            XCTAssertNil(crashed.failure)
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: modules.appendingPathComponent("modules.timestamp").path))
            _ = try environment.compile { moduleCache in
                used.append(moduleCache.path == modules.path ? "later kept" : "later fresh")
                return Self.result(.exited(0))
            }
            // The outer compile crashed with the damaged cache too, and passes with a fresh one.
            return crash
        }
        XCTAssertEqual(outer.result.ending, .exited(0))
        XCTAssertNil(outer.failure)
        XCTAssertEqual(used, ["outer kept", "crashed kept", "crashed fresh", "later fresh", "outer fresh"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: modules.appendingPathComponent("modules.timestamp").path))
        // Made anew, and trusted: a crash with it now is tried again, and it stays.
        used = []
        let again = try environment.compile { moduleCache in
            used.append(moduleCache.path == modules.path ? "kept" : "fresh")
            return crash
        }
        XCTAssertEqual(used, ["kept", "fresh"])
        XCTAssertEqual(again.failure, "swiftc was killed by signal 11, SIGSEGV while compiling")
        XCTAssertTrue(FileManager.default.fileExists(atPath: modules.path))
        XCTAssertEqual(
            Cache.notes(), [Self.note(modules).dropFirst("coursecheck: note: ".count).dropLast().description])
    }

    /// A front end killed from outside (SIGKILL, SIGTERM) is the machine's with any module cache:
    /// not tried again, and the kept module cache stays.
    func testAFrontEndKilledFromOutsideIsNotTriedAgain() throws {
        let (environment, modules, scratch) = try environment()
        defer { scratch.remove() }
        var used: [String] = []
        let outcome = try environment.compile { moduleCache in
            used.append(moduleCache.path)
            return Self.result(.signalled(SIGKILL))
        }
        XCTAssertEqual(used, [modules.path])
        XCTAssertEqual(outcome.failure, "swiftc was killed by signal 9, SIGKILL while compiling")
        XCTAssertEqual(Cache.notes(), [])
    }

    /// What the looking-over finds: each entry no compile can use, by kind; folders, regular files
    /// and links to them inside the cache are the compiler's own.
    func testTheLookingOverNamesWhatNoCompileCanUse() throws {
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        let modules = scratch.url.appendingPathComponent("module-cache")
        XCTAssertNil(KeptModuleCache.damage(modules))
        let hash = modules.appendingPathComponent("HASH")
        try FileManager.default.createDirectory(at: hash, withIntermediateDirectories: true)
        try Data("pcm".utf8).write(to: hash.appendingPathComponent("A.pcm"))
        try FileManager.default.createSymbolicLink(
            atPath: hash.appendingPathComponent("B.pcm").path, withDestinationPath: "A.pcm")
        try FileManager.default.createSymbolicLink(
            atPath: modules.appendingPathComponent("L").path, withDestinationPath: "HASH")
        XCTAssertNil(KeptModuleCache.damage(modules))
        let plant = hash.appendingPathComponent("C.pcm")
        let cases: [(String, () throws -> Void)] = [
            ("a FIFO", { XCTAssertEqual(mkfifo(plant.path, 0o644), 0) }),
            (
                "a link leading out of it",
                {
                    try FileManager.default.createSymbolicLink(atPath: plant.path, withDestinationPath: "/dev/zero")
                }
            ),
            (
                "a link leading out of it",
                {
                    try FileManager.default.createSymbolicLink(
                        atPath: plant.path, withDestinationPath: scratch.url.path)
                }
            ),
            (
                "a link to nothing",
                {
                    try FileManager.default.createSymbolicLink(atPath: plant.path, withDestinationPath: "/nonexistent")
                }
            ),
        ]
        for (kind, make) in cases {
            try make()
            XCTAssertEqual(KeptModuleCache.damage(modules), "damaged precompiled modules: HASH/C.pcm is \(kind)")
            try FileManager.default.removeItem(at: plant)
        }
        if geteuid() == 0 {
            XCTAssertEqual(mknod(plant.path, S_IFCHR | 0o644, dev_t((1 << 8) | 5)), 0)
            XCTAssertEqual(KeptModuleCache.damage(modules), "damaged precompiled modules: HASH/C.pcm is a device")
            try FileManager.default.removeItem(at: plant)
        }
        try FileManager.default.removeItem(at: modules)
        try Data("x".utf8).write(to: modules)
        XCTAssertEqual(KeptModuleCache.damage(modules), "damaged precompiled modules")
    }

    /// A `noexec` TMPDIR (a tmpfs mounted so, as root) is the machine's, named in words.
    func testANoexecTemporaryDirectoryIsNamed() throws {
        let directory = try restored { _ in }
        let mount = directory.appendingPathComponent("noexec")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        guard Self.shell("mount -t tmpfs -o noexec,size=64m tmpfs '\(mount.path)'") else {
            throw XCTSkip("cannot mount a noexec tmpfs here (not root, or no CAP_SYS_ADMIN); the fake below stands in")
        }
        defer { _ = Self.shell("umount '\(mount.path)'") }
        // A child coursecheck: TMPDIR is the process's own.
        let result = try Binary.run(Self.arguments, in: directory, environment: ["TMPDIR": mount.path])
        XCTAssertEqual(
            result.stderr,
            "lessons/01-ders.md:88:1: error: tree was not compiled: TMPDIR=\(mount.path) is on a filesystem mounted "
                + "noexec, so the compiled program cannot run; set TMPDIR to a folder on a filesystem that allows "
                + "programs; this is the machine's, not the tree's: fix it and run again [toolchain-failed]\n")
        XCTAssertEqual(
            result.stdout,
            "1 lesson: 1 core, 2 trees, 0 fragments; compiler: 2 trees accepted; embedded: 1 tree; swiftc: 1 tree, "
                + "standalone (1 × imports a module) [1 × import Observation]; 1 error\n")
        XCTAssertEqual(result.status, 2)
    }

    /// A compiler that cannot execute what it made in TMPDIR (the driver's or the linker's words)
    /// is the machine's, named, whatever the module cache: one `toolchain-failed` at the tree.
    func testAProgramThatCannotExecuteInTheTemporaryDirectoryIsNamed() throws {
        let directory = try restored { _ in }
        let real = try Toolchain.find(environment: InProcess.environment).path
        let fake = directory.appendingPathComponent("swiftc-noexec")
        try Data(
            """
            #!/bin/sh
            if [ "$1" = "--version" ] || [ "$1" = '-###' ] || [ "$1" = '-frontend' ]; then exec '\(real)' "$@"; fi
            echo "error: unable to execute command: $TMPDIR/ld-temp: Permission denied" >&2
            exit 1

            """.utf8
        ).write(to: fake)
        chmod(fake.path, 0o755)
        let result = InProcess.run(Self.arguments, in: directory, extra: ["SWIFTC": fake.path])
        // Scratch goes where this process's TMPDIR says (scripts/run-tests gives each shard its own).
        let temporary = try FileGate.temporaryDirectory().path
        let finding = try XCTUnwrap(result.stderr.split(separator: "\n").first)
        XCTAssertTrue(
            finding.hasPrefix(
                "lessons/01-ders.md:88:1: error: tree was not compiled: swiftc cannot use the temporary directory "
                    + "\(temporary): error: unable to execute command: \(temporary)/coursecheck-"),
            String(finding))
        XCTAssertTrue(
            finding.hasSuffix(
                "/ld-temp: Permission denied; this is the machine's, not the tree's: fix it and run again "
                    + "[toolchain-failed]"), String(finding))
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertEqual(result.status, .failure)
    }

    private static func shell(_ command: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>/dev/null"]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Root checking and updating a checkout owned by someone else (uid 65534) leaves nothing
    /// there that the owner does not own: the default cache inside it, swiftc's module cache, the
    /// entries, the pack, the goldens, a JUnit report and a job summary.
    func testRootLeavesEverythingInACheckoutToItsOwner() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root, to run as root in a checkout owned by uid 65534") }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let checkout = scratch.url.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        try Self.lesson(in: checkout)
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        XCTAssertTrue(Self.shell("chown -R 65534:65534 '\(checkout.path)'"))
        let defaultCache: Set<String> = ["COURSECHECK_CACHE_DIR"]
        let update = InProcess.run(
            ["--update", "--no-claims", "lessons"], in: checkout, extra: ["CI": ""], without: defaultCache)
        XCTAssertEqual(update.status, .clean, update.stderr)
        let check = InProcess.run(
            ["--no-claims", "--format", "github", "--junit", "report.xml", "lessons"], in: checkout,
            extra: ["GITHUB_STEP_SUMMARY": checkout.appendingPathComponent("summary.md").path], without: defaultCache)
        XCTAssertEqual(check.status, .clean, check.stderr)
        var offenders: [String] = []
        var seen = 0
        for case let relative as String in FileManager.default.enumerator(atPath: checkout.path) ?? .init() {
            var info = stat()
            guard lstat(checkout.appendingPathComponent(relative).path, &info) == 0 else { continue }
            seen += 1
            if info.st_uid != 65534 || info.st_gid != 65534 {
                offenders.append("\(relative) (\(info.st_uid):\(info.st_gid))")
            }
        }
        XCTAssertEqual(offenders, [], "left to root in the owner's checkout")
        for made in [".build/coursecheck-cache/module-cache", "goldens/01-ders", "report.xml", "summary.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: checkout.appendingPathComponent(made).path), made)
        }
        XCTAssertGreaterThan(seen, 10)
    }
}
