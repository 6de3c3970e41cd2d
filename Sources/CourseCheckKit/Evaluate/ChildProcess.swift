import Foundation

/// Runs a program with a time limit and an output cap, never hanging the caller.
///
/// Output goes to files in a scratch directory, not pipes, so a child that floods its output
/// cannot block on a full pipe; the parent polls the child's time and output size.
public struct ChildProcess: Sendable {
    /// How a child ended.
    public enum Ending: Sendable, Equatable {
        case exited(Int32)
        /// Killed by a signal it raised itself (a crash, e.g. `fatalError` traps).
        case signalled(Int32)
        /// Killed by us after the time limit.
        case timedOut(seconds: Double)
        /// Killed by us after writing more than the cap.
        case outputLimit(bytes: Int)
    }

    public struct Result: Sendable {
        public var ending: Ending
        /// At most the cap's worth of stdout.
        public var stdout: [UInt8]
        public var stderr: [UInt8]
    }

    public var executable: URL
    public var arguments: [String]
    public var environment: [String: String]
    public var timeout: Double
    public var outputLimit: Int

    public init(
        executable: URL, arguments: [String], environment: [String: String],
        timeout: Double, outputLimit: Int
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// Runs the child in `scratch`, a directory the caller owns and removes.
    public func run(in scratch: URL) throws -> Result {
        let token = UUID().uuidString
        let outURL = scratch.appendingPathComponent("\(token).out")
        let errURL = scratch.appendingPathComponent("\(token).err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = scratch
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? out.close()
            try? err.close()
            throw CourseCheckError.io("cannot start \(executable.path): \(error.localizedDescription)")
        }
        try? out.close()
        try? err.close()

        let start = DispatchTime.now().uptimeNanoseconds
        var ending: Ending?
        var pause: UInt32 = 200
        while process.isRunning {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed > timeout {
                ending = .timedOut(seconds: timeout)
            } else if Self.size(of: outURL) + Self.size(of: errURL) > outputLimit {
                ending = .outputLimit(bytes: outputLimit)
            }
            if ending != nil {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        process.waitUntilExit()
        if ending == nil && Self.size(of: outURL) > outputLimit {
            ending = .outputLimit(bytes: outputLimit)
        }
        if ending == nil {
            ending = process.terminationReason == .uncaughtSignal
                ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        }
        return Result(
            ending: ending!, stdout: try Self.read(outURL, limit: outputLimit),
            stderr: try Self.read(errURL, limit: 1 << 20))
    }

    private static func size(of url: URL) -> Int {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
    }

    private static func read(_ url: URL, limit: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return [UInt8](try handle.read(upToCount: limit) ?? Data())
    }
}
