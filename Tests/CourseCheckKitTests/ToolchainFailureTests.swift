import Foundation
import XCTest

@testable import CourseCheckKit

/// A compiler that fails for the machine's reasons (killed, a full disk) is not the tree's fault:
/// one `toolchain-failed` per tree, never `compile-error`, and the run exits 2.
final class ToolchainFailureTests: XCTestCase {
    /// A compiler that answers its version and then does `body`; unless `failsValidity`, it asks
    /// the real driver how it compiles (`-###`), so the compiler's check passes and the build fails.
    private func fakeCompiler(_ body: String, in scratch: Scratch, failsValidity: Bool = false) throws -> URL {
        let url = scratch.url.appendingPathComponent("fake-swiftc")
        let real = try Toolchain.find(environment: ProcessInfo.processInfo.environment).path
        let script = """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "Swift version 6.3.1 (fake)"; exit 0; fi
            \(failsValidity ? "" : "if [ \"$1\" = '-###' ]; then exec '\(real)' \"$@\"; fi")
            \(body)

            """
        try Data(script.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    private func check(_ body: String, cause: String, failsValidity: Bool = false) throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let compiler = try fakeCompiler(body, in: scratch, failsValidity: failsValidity)
        let result = InProcess.run(
            ["--engine", "swiftc", "--no-cache", "--no-claims", "--no-goldens", "lessons/09-yerel-durum.md"],
            in: scratch.url, extra: ["SWIFTC": compiler.path])
        XCTAssertEqual(result.status, .failure, result.stderr)
        let findings = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertFalse(findings.isEmpty)
        for finding in findings {
            XCTAssertTrue(finding.hasSuffix("[toolchain-failed]"), String(finding))
            XCTAssertTrue(finding.contains(cause), String(finding))
        }
    }

    /// Stages that ask for the compiler's version at once (the fragment claim starts beside the
    /// trees' compiles) run one `swiftc --version` and get one answer: a compiler whose answer
    /// changes between calls cannot give one run two versions.
    func testConcurrentVersionLookupsRunOneVersionCall() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let calls = scratch.url.appendingPathComponent("calls")
        let compiler = try fakeCompiler("", in: scratch)
        // The fake answers --version before its body runs: log, wait, then answer differently each time.
        try Data(
            """
            #!/bin/sh
            if [ "$1" = "--version" ]; then
                echo x >> "\(calls.path)"
                sleep 0.3
                echo "Swift version 6.3.1 (fake, call $(wc -l < "\(calls.path)"))"
                exit 0
            fi

            """.utf8
        ).write(to: compiler)
        let answers = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let version = (try? Toolchain.version(of: compiler, cache: nil)) ?? "failed"
            answers.update { $0.append(version) }
        }
        XCTAssertEqual(try String(contentsOf: calls, encoding: .utf8), "x\n", "swiftc --version ran more than once")
        XCTAssertEqual(answers.get(), Array(repeating: "Swift version 6.3.1 (fake, call 1)", count: 4))
    }

    func testACompilerKilledFromOutsideIsTheMachines() throws {
        try check("kill -9 $$", cause: "swiftc was killed by signal 9, SIGKILL while compiling")
    }

    func testAFullDiskIsTheMachines() throws {
        try check(
            "echo 'error: unable to open output file: No space left on device' >&2; exit 1",
            cause: "swiftc failed: error: unable to open output file: No space left on device")
    }

    /// The OOM killer or a `kill` takes the frontend; the driver says so in one line.
    func testAFrontendKilledFromOutsideIsTheMachines() throws {
        try check(
            "echo 'error: compile command failed due to signal 9 (use -v to see invocation)' >&2; exit 1",
            cause: "swiftc's frontend was killed by signal 9, SIGKILL while compiling")
    }

    func testSuccessWithoutAProgramIsTheMachines() throws {
        try check("exit 0", cause: "swiftc reported success but wrote no program")
    }

    func testAFailureWithoutAWordIsTheMachines() throws {
        try check("exit 1", cause: "swiftc failed (exited(1)) without a word")
    }

    func testAnUnusableModuleCacheIsTheMachines() throws {
        try check(
            "echo \"<unknown>:0: error: could not build C module 'SwiftShims'\" >&2; exit 1",
            cause: "/module-cache is damaged: <unknown>:0: error: could not build C module 'SwiftShims'")
    }

    /// The compiler's check meets the machine's failure first: each tree is told, once.
    func testADriverKilledWhileAskedHowItCompilesIsTheMachines() throws {
        try check("kill -9 $$", cause: "swiftc was killed by signal 9, SIGKILL while compiling", failsValidity: true)
        try check(
            "echo 'error: unable to open output file: No space left on device' >&2; exit 1",
            cause: "swiftc failed: error: unable to open output file: No space left on device", failsValidity: true)
    }

    /// A driver that answers `-###` with nothing this coursecheck reads cannot say whether a tree
    /// compiles: one `validity-unknown` at the first tree, the trees run unverified, exit 1.
    func testADriverThatDoesNotSayHowItCompilesLeavesValidityUnknown() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let compiler = try fakeCompiler("exit 0", in: scratch, failsValidity: true)
        let result = InProcess.run(
            ["--no-cache", "--no-claims", "--no-goldens", "lessons/09-yerel-durum.md"], in: scratch.url,
            extra: ["SWIFTC": compiler.path])
        XCTAssertEqual(result.status, .findings, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "lessons/09-yerel-durum.md:120:1: error: whether the trees compile cannot be decided: \(compiler.path) -### "
                + "did not say how it compiles main.swift (no output); 3 trees ran unverified, and none is approved "
                + "or promoted [validity-unknown]\n")
        XCTAssertEqual(
            result.stdout, "1 lesson: 1 core, 3 trees, 2 fragments; compiler: not asked; embedded: 3 trees; 1 error\n")
    }

    func testACompilerThatFloodsItsOutputIsStopped() throws {
        try check(
            "yes wwwwwwwwwwwwwwww >&2", cause: "swiftc printed more than 16 MiB and was stopped")
    }
}
