import CourseCheckKit
import Foundation

/// Runs coursecheck in-process, as the executable would, and collects what it printed.
enum InProcess {
    struct Result {
        var status: CourseCheckCommand.ExitStatus
        var stdout: String
        var stderr: String
    }

    /// The toolchain from PATH or SWIFTC, and one cache shared by every in-process run of this test
    /// process, so the same tree compiles once. Nothing else of the outer environment (no CI).
    static let environment: [String: String] = {
        var variables = ProcessInfo.processInfo.environment.filter { ["PATH", "SWIFTC", "HOME"].contains($0.key) }
        variables["COURSECHECK_CACHE_DIR"] = cacheDirectory.path
        // The shared cache goes with the test process: no test run leaves it in $TMPDIR.
        atexit { try? FileManager.default.removeItem(at: InProcess.cacheDirectory) }
        return variables
    }()

    static let cacheDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("coursecheck-test-cache-\(ProcessInfo.processInfo.processIdentifier)")

    /// Runs `arguments` in `directory` with `environment` plus `extra`.
    static func run(_ arguments: [String], in directory: URL, extra: [String: String] = [:]) -> Result {
        let out = BufferSink()
        let err = BufferSink()
        let command = CourseCheckCommand(
            environment: .init(
                currentDirectory: directory, variables: environment.merging(extra) { $1 }, stderrIsTerminal: false),
            stdout: out, stderr: err)
        let status = command.run(arguments)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }
}
