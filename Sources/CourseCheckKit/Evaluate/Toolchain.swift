import Foundation
import Synchronization

/// The installed Swift compiler: where it is and which version it is.
package struct Toolchain: Sendable {
    package var swiftc: URL
    /// The first line of `swiftc --version`, e.g. "Swift version 6.3.1 (swift-6.3.1-RELEASE)".
    package var version: String
    /// What the caches key this compiler's work by: its version, and where the toolchain engine
    /// asked, the front end's words too (`CompilerValidity.identity(of:options:)`).
    package var identity: String

    /// Finds swiftc through `SWIFTC`, then `PATH`, then on a Mac `xcrun`; throws `CourseCheckError.system` (exit 2) when it is missing.
    package static func locate(environment: [String: String], cache: Cache?) throws(CourseCheckError) -> Toolchain {
        let swiftc = try find(environment: environment)
        let version = try version(of: swiftc, cache: cache)
        return Toolchain(swiftc: swiftc, version: version, identity: version)
    }

    static func find(environment: [String: String]) throws(CourseCheckError) -> URL {
        let files = FileManager.default
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            guard files.isExecutableFile(atPath: explicit) else {
                throw CourseCheckError.system("SWIFTC=\(explicit) is not an executable file")
            }
            return URL(fileURLWithPath: explicit)
        }
        if let found = onPath("swiftc", environment: environment) { return URL(fileURLWithPath: found) }
        if let found = Platform.developerToolsCompiler(environment: environment) { return URL(fileURLWithPath: found) }
        throw CourseCheckError.system(
            "swiftc not found: set SWIFTC or put the Swift toolchain on PATH (the swiftc engine compiles trees)")
    }

    /// The first executable file named `name` in `PATH`'s directories, as a shell finds it.
    static func onPath(_ name: String, environment: [String: String]) -> String? {
        (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The version line, read once per compiler binary and then from the cache.
    static func version(of swiftc: URL, cache: Cache?) throws(CourseCheckError) -> String {
        let resolved = swiftc.resolvingSymlinksInPath()
        // `stat` itself: FileManager's attributes look up the owner's and group's names (NSS,
        // /etc/passwd, an nscd socket) on every call.
        let identity = FileGate.Identity.of(resolved.path)
        let stamp = [
            resolved.path,
            "\(identity.map { Int($0.size) } ?? -1)",
            "\(identity.map { "\($0.modified).\($0.modifiedNanoseconds)" } ?? "-1")",
        ].joined(separator: "|")
        let key = "toolchain-" + SHA256.hex(stamp)
        if let known = versions.withLock({ $0[key] }) { return known }
        // One lookup at a time: stages that ask at once (the fragment claim beside the trees'
        // compiles) get one answer from one `swiftc --version`, never two that could differ.
        return try lookup.withLock { _ throws(CourseCheckError) -> String in
            if let known = versions.withLock({ $0[key] }) { return known }
            if let cached = cache?.text(key) {
                versions.withLock { $0[key] = cached }
                return cached
            }
            let scratch = try FileGate.makeScratch()
            defer { scratch.remove() }
            let result = try ChildProcess.swiftc(
                swiftc, ["--version"], in: scratch.url, scratch: scratch, timeout: 60, outputLimit: 64 * 1024)
            let output = String(decoding: result.stdout + result.stderr, as: UTF8.self)
            guard result.ending == .exited(0), let line = output.split(separator: "\n").first else {
                throw CourseCheckError.system("\(swiftc.path) --version failed: \(output)")
            }
            let version = String(line)
            cache?.store(text: version, as: key)
            versions.withLock { $0[key] = version }
            return version
        }
    }

    /// Held while a version line is looked up (the cache, else `swiftc --version`).
    private static let lookup = Mutex(())

    /// The version lines this process has read, by the compiler file's stamp: every check of the
    /// live loop, and every run in one process, asks again (a `swiftc --version` is 70 ms).
    private static let versions = Mutex<[String: String]>([:])
}
