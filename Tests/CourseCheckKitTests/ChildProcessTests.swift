import CourseCheckKit
import Foundation
import XCTest

/// What a child process starts with.
final class ChildProcessTests: XCTestCase {
    /// A descriptor this process holds without close-on-exec (as a test runner's socket to
    /// coursecheck is held) does not reach the child: a frontend that kept one open outlived
    /// coursecheck and kept its parent waiting for EOF for hours.
    func testAChildGetsOnlyStandardInputOutputAndError() throws {
        let held = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThan(held, 2)
        defer { close(held) }
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        // The shell's own descriptors: `/proc/self` is the shell, not a command it starts.
        let process = ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "for fd in 0 1 2 \(held); do [ -e /proc/self/fd/$fd ] && echo $fd; done; true"],
            environment: [:], timeout: 30, outputLimit: 1 << 16)
        let result = try process.run(in: scratch)
        XCTAssertEqual(result.ending, .exited(0))
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "0\n1\n2\n")
    }
}

extension ChildProcessTests {
    /// Every child carries a processor limit the kernel enforces (see the SIGKILL case in
    /// `SignalTests`): finite, and no lower than its time limit, so it never decides a run.
    func testAChildHasAProcessorLimitAboveItsTimeLimit() throws {
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        // The pause lets coursecheck set the limit after the spawn returns.
        let process = ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "sleep 0.2; ulimit -t"],
            environment: [:], timeout: 5, outputLimit: 1 << 16)
        let result = try process.run(in: scratch)
        XCTAssertEqual(result.ending, .exited(0))
        let printed = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let seconds = try XCTUnwrap(Int(printed), "ulimit -t printed \(printed)")
        XCTAssertGreaterThanOrEqual(seconds, 5)
        XCTAssertLessThanOrEqual(seconds, 5 * ProcessInfo.processInfo.activeProcessorCount + 1)
    }
}
