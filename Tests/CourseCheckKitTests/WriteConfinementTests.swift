import Foundation
import XCTest

/// Every mutation of the file system made by coursecheck's Swift code goes through `FileGate`: a
/// call to a mutation API anywhere else in Sources/ fails this test, naming the file and line.
final class WriteConfinementTests: XCTestCase {
    static let gate = "Sources/CourseCheckKit/Write/FileGate.swift"

    /// The calls that create, write, rename or remove files or directories, or change their
    /// owner or mode: Foundation's and POSIX's, and open flags that write.
    static let mutations = [
        #"createDirectory\("#, #"removeItem\("#, #"moveItem\("#, #"copyItem\("#, #"createFile\("#,
        #"replaceItem"#, #"(?<!\w)linkItem\("#, #"createSymbolicLink"#, #"setAttributes\("#, #"\.write\(to"#,
        #"write\(toFile"#, #"forWritingTo"#, #"forWritingAtPath"#, #"forUpdating"#, #"(?<![\w.])unlink\("#,
        #"(?<![\w.])rename\("#, #"(?<![\w.])rmdir\("#, #"(?<![\w.])mkdir\("#, #"mkdtemp"#, #"mkstemp"#,
        #"(?<![\w.])chmod\("#, #"(?<![\w.])chown\("#, #"fchown"#, #"fchmod"#, #"(?<![\w.])fopen\("#,
        #"O_CREAT"#, #"O_TRUNC"#, #"O_WRONLY"#, #"O_RDWR"#, #"O_APPEND"#, #"ftruncate"#, #"(?<![\w.])truncate\("#,
        #"(?<![\w.])symlink\("#, #"(?<![\w.])link\("#, #"mkfifo"#,
    ]

    func testOnlyTheGateMutatesTheFileSystem() throws {
        // The verbatim core (and its embedded link) is the course's text, not coursecheck's code.
        let (offenders, scanned) = try SourceScan.offenders(matching: Self.mutations) { path in
            path == Self.gate || path.hasSuffix("Invalidation.swift")
        }
        XCTAssertGreaterThan(scanned, 50, "the sources went missing")
        XCTAssertEqual(offenders, [], "file-system mutations outside \(Self.gate)")
    }

    /// The scan itself catches each kind of call it names (a test that cannot fail proves nothing).
    func testTheScanCatchesEachKindOfCall() throws {
        let pattern = try NSRegularExpression(pattern: Self.mutations.joined(separator: "|"))
        for sample in [
            "try FileManager.default.removeItem(at: url)", "unlink(path)", "rename(a, b)", "rmdir(folder)",
            "try data.write(to: url)", "_ = open(path, O_WRONLY | O_CREAT, 0o644)", "chmod(path, 0o755)",
            "try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)",
            "posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)", "mkdir(path, 0o700)", "link(a, b)",
            "try FileManager.default.linkItem(at: a, to: b)",
        ] {
            let range = NSRange(sample.startIndex..., in: sample)
            XCTAssertNotNil(pattern.firstMatch(in: sample, range: range), sample)
        }
        for harmless in [
            "FileGate.read(url)", "Cache.unlinkedEntries", "let renamed = true", "stdout.write(text)",
            "plainAutolinkItem(source)",
        ] {
            let range = NSRange(harmless.startIndex..., in: harmless)
            XCTAssertNil(pattern.firstMatch(in: harmless, range: range), harmless)
        }
    }
}
