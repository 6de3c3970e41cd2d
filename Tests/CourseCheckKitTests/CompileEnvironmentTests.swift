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

    static let arguments = ["--no-goldens", "--no-claims", "--cache-dir", "cache", "lessons"]

    /// One tree the embedded engine runs (the compiler's check asks the front end) and one built
    /// by swiftc (it imports a module), so both compiles meet the module cache.
    static let trees = [
        "print(1)\n",
        "import Observation\n@Observable final class Kutu { var sayi = 2 }\nprint(Kutu().sayi)\n",
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
        "coursecheck: note: swiftc could not use the module cache \(modules.path) (damaged precompiled modules); "
            + "this run used a fresh one and removed it, to be built anew\n"
    }

    /// Checks the restored course after `damage`, asserting the whole report is `expected` (the
    /// module cache's path given), then that the next check is clean and silent: the damage is gone.
    private func assertDamage(
        _ expected: (URL) -> String, file: StaticString = #filePath, line: UInt = #line,
        _ damage: (URL) throws -> Void
    ) throws {
        let directory = try restored(damage)
        let modules = directory.appendingPathComponent("cache/module-cache")
        let first = InProcess.run(Self.arguments, in: directory)
        XCTAssertEqual(first.stdout + first.stderr, Self.clean + expected(modules), file: file, line: line)
        XCTAssertEqual(first.status, .clean, file: file, line: line)
        let again = InProcess.run(Self.arguments, in: directory)
        XCTAssertEqual(
            again.stdout + again.stderr,
            Self.clean.replacingOccurrences(of: "embedded: 1 tree;", with: "embedded: 1 tree (cached: 1 result);")
                .replacingOccurrences(
                    of: "swiftc: 1 tree, standalone (1 × imports a module)", with: "swiftc: 1 tree (cached: 1 result)"),
            file: file, line: line)
    }

    func testATruncatedPrecompiledModuleIsOneNote() throws {
        try assertDamage(Self.note) { modules in
            let pcm = try XCTUnwrap(Self.pcms(in: modules).first { $0.lastPathComponent.hasPrefix("SwiftShims-") })
            try FileHandle(forWritingTo: pcm).truncate(atOffset: 100)
        }
    }

    /// A garbled header, and a garbled `.swiftmodule` planted beside the Clang modules.
    func testAGarbledModuleIsOneNote() throws {
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
        try assertDamage(Self.note) { modules in
            for pcm in Self.pcms(in: modules) {
                try FileManager.default.removeItem(at: pcm)
                try FileManager.default.createDirectory(at: pcm, withIntermediateDirectories: false)
            }
        }
    }

    /// Root reads a file of mode 000 as any other, so as root the check is clean and silent.
    func testAnUnreadablePrecompiledModuleIsAtMostOneNote() throws {
        let expected: (URL) -> String = { geteuid() == 0 ? "" : Self.note($0) }
        try assertDamage(expected) { modules in
            for pcm in Self.pcms(in: modules) { chmod(pcm.path, 0) }
        }
    }

    func testAFileWhereTheModuleCacheBelongsIsOneNote() throws {
        try assertDamage(Self.note) { modules in
            try FileManager.default.removeItem(at: modules)
            try Data("x".utf8).write(to: modules)
        }
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

    /// Random damage (a random file of the cache, a random kind) never gives a finding: the
    /// report is the clean one, with at most the notes about the cache.
    func testRandomDamageIsNeverAFinding() throws {
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let directory = try restored { modules in
                let files = ((FileManager.default.enumerator(atPath: modules.path)?.allObjects as? [String]) ?? [])
                    .sorted().map { modules.appendingPathComponent($0) }
                    .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                let file = try XCTUnwrap(files.randomElement(using: &random))
                let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                switch Int.random(in: 0..<4, using: &random) {
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
                default:
                    chmod(file.path, 0)
                }
            }
            let result = InProcess.run(Self.arguments, in: directory)
            let modules = directory.appendingPathComponent("cache/module-cache")
            XCTAssertEqual(result.stdout, Self.clean, "seed \(seed): \(result.stderr)")
            XCTAssertTrue(["", Self.note(modules)].contains(result.stderr), "seed \(seed): \(result.stderr)")
        }
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
