import Foundation
import XCTest

/// The built `coursecheck` executable, run as a child process.
enum Binary {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct NotFound: Error, CustomStringConvertible {
        var description: String
    }

    /// The executable beside the test bundle (SwiftPM builds it because the test target depends on it).
    static func url() throws -> URL {
        let candidates = [Bundle.main.bundleURL, Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("coursecheck") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotFound(description: "coursecheck binary not found beside the tests in \(candidates.map(\.path))")
        }
        return found
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The environment of a child coursecheck: the test process's, with colour off, `CI` unset (the
    /// tests run on CI too; a case that wants it says so) and the tests' shared result cache as its
    /// default, so the course's Observation trees compile once per test run rather than once per child
    /// that checks a fresh copy of the course. `extra` wins; a case about the cache names its own
    /// (`COURSECHECK_CACHE_DIR`, `--cache-dir`) or runs with `--no-cache`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = "1"
        variables["CI"] = nil
        // Through `InProcess.environment`, which registers the removal of a cache of this process's own at exit.
        variables["COURSECHECK_CACHE_DIR"] = InProcess.environment["COURSECHECK_CACHE_DIR"]
        return variables.merging(extra) { $1 }
    }

    /// Runs the binary with `arguments` in `directory`, in `environment(_:)` plus `environment`, and
    /// collects its output. `shell: true` runs `/bin/sh` with the
    /// arguments instead (to set limits first), and `executable` another program (a wrapper).
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], shell: Bool = false,
        executable: String? = nil
    ) throws -> Result {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL =
            try shell ? URL(fileURLWithPath: "/bin/sh") : executable.map(URL.init(fileURLWithPath:)) ?? url()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(environment)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    private final class Marker {}
}
