import Foundation
import XCTest

/// Every call only Linux has goes through `Platform`: a file of Sources/ outside
/// `Sources/CourseCheckKit/Platform/` that names one fails this test, naming the file and line.
final class PlatformConfinementTests: XCTestCase {
    static let platform = "Sources/CourseCheckKit/Platform/"

    /// Files that may still name one, each with the reason it is not moved.
    static let allowed: Set<String> = [
        // The supervisor is its own target on the C library alone, and runs in the child it
        // supervises, never in coursecheck's process (on the portable path it makes none of these
        // calls), and `Platform.processes` is the only caller of its process list.
        "Sources/ChildSupervisor/ChildSupervisor.swift"
    ]

    /// `renameat2`, inotify, `prctl` (and its parent-death signal) and any path under `/proc`.
    static let linuxOnly = [#"renameat2"#, #"inotify_"#, #"prctl"#, #"PR_SET_PDEATHSIG"#, #"/proc\b"#]

    func testOnlyThePlatformNamesLinuxOnlyCalls() throws {
        let root = Binary.packageRoot
        let (offenders, scanned) = try SourceScan.offenders(matching: Self.linuxOnly) { path in
            path.hasPrefix(Self.platform) || Self.allowed.contains(path)
        }
        XCTAssertGreaterThan(scanned, 50, "the sources went missing")
        XCTAssertEqual(offenders, [], "Linux-only calls outside \(Self.platform)")
        for path in Self.allowed {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
                "\(path) is allowed but gone: take it off the list")
        }
    }

    /// The scan itself catches each kind of call it names (a test that cannot fail proves nothing).
    func testTheScanCatchesEachLinuxOnlyCall() throws {
        let pattern = try NSRegularExpression(pattern: Self.linuxOnly.joined(separator: "|"))
        for sample in [
            #"dlsym(handle, "renameat2")"#, "let fd = inotify_init1(flags)", "inotify_add_watch(fd, path, mask)",
            "ChildSupervisor.prctl(36, 1)", "prctl(PR_SET_PDEATHSIG, 9)", #"readlink("/proc/self/exe", &b, n)"#,
            #"contentsOfDirectory(atPath: "/proc")"#, #"open("/proc/\(pid)/stat", O_RDONLY)"#,
        ] {
            let range = NSRange(sample.startIndex..., in: sample)
            XCTAssertNotNil(pattern.firstMatch(in: sample, range: range), sample)
        }
        for harmless in ["events.mechanism == .inotify", "let processes = Platform.processes()", "/process/"] {
            let range = NSRange(harmless.startIndex..., in: harmless)
            XCTAssertNil(pattern.firstMatch(in: harmless, range: range), harmless)
        }
    }
}
