import CourseCheckKit
import Foundation

/// Runs coursecheck in-process, as the executable would, and collects what it printed.
enum InProcess {
    struct Result {
        var status: CourseCheckCommand.ExitStatus
        var stdout: String
        var stderr: String
    }

    /// The toolchain from PATH or SWIFTC, and one cache shared by every in-process run, so the same
    /// tree compiles once. Nothing else of the outer environment (no CI).
    static let environment: [String: String] = {
        var variables = ProcessInfo.processInfo.environment.filter { ["PATH", "SWIFTC", "HOME"].contains($0.key) }
        // A cache of this process's own goes with it (`cacheDirectory`): no test run leaves it in
        // $TMPDIR. One given by `scripts/run-tests` is shared by its shards, and the script removes it.
        variables["COURSECHECK_CACHE_DIR"] = cacheDirectory.path
        return variables
    }()

    /// `COURSECHECK_TEST_CACHE_DIR`: the cache `scripts/run-tests` shares between the test processes
    /// it runs at once, so a tree two shards compile is compiled once (the cache's writes are atomic).
    static let sharedCache = ProcessInfo.processInfo.environment["COURSECHECK_TEST_CACHE_DIR"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true)
    }

    /// The shared cache, else one of this process's own, removed when the process exits (a plain
    /// `swift test` left one in the temporary directory for every run).
    static let cacheDirectory: URL = {
        let cache: URL
        if let sharedCache {
            cache = sharedCache
        } else {
            atexit { try? FileManager.default.removeItem(at: InProcess.ownCache) }
            cache = ownCache
        }
        // The compiler's recorded answers; a recording run adds this process's at its end (before
        // its own cache is removed: handlers run last registered first).
        CompilerAnswers.plant(into: cache)
        atexit { CompilerAnswers.record(from: InProcess.cacheDirectory) }
        return cache
    }()

    private static let ownCache = FileManager.default.temporaryDirectory
        .appendingPathComponent("coursecheck-test-cache-\(ProcessInfo.processInfo.processIdentifier)")

    /// Runs `arguments` in `directory` with `environment` plus `extra`, less the variables named in `without`.
    static func run(
        _ arguments: [String], in directory: URL, extra: [String: String] = [:], without: Set<String> = []
    ) -> Result {
        let out = BufferSink()
        let err = BufferSink()
        let command = CourseCheckCommand(
            environment: .init(
                currentDirectory: directory,
                variables: environment.merging(extra) { $1 }.filter { !without.contains($0.key) },
                stderrIsTerminal: false),
            stdout: out, stderr: err)
        let status = command.run(arguments)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }
}
