import Foundation
import XCTest

/// What Linux can check of the Mac build, which no machine here compiles: every `import Glibc`
/// has Darwin beside it, and the spellings only glibc has stay where only Linux compiles them.
final class DarwinReadinessTests: XCTestCase {
    /// Glibc-only spellings, each with what Darwin has instead.
    static let glibcOnly: [(pattern: String, why: String)] = [
        (#"\bpthread_t\(\)"#, "Darwin's pthread_t is a pointer: `var thread: pthread_t? = nil`"),
        (
            #"\bposix_spawn(_file_actions|attr)_t\(\)"#,
            "Darwin's are opaque pointers: `ChildSupervisor.SpawnFileActions`/`SpawnAttributes`, nil"
        ),
        (#"\bRLIMIT_[A-Z]+\.rawValue|__rlimit_resource"#, "Darwin's RLIMIT_* are Int32"),
        (#"\.st_[amc]tim\b"#, "Darwin's are st_atimespec, st_mtimespec, st_ctimespec"),
        (#"UInt64\([\w.]*\.st_dev\)"#, "Darwin's dev_t is signed: UInt64(truncatingIfNeeded:)"),
        (#"__sigaction_handler|\bSIGRTMIN\b|\bSIGPWR\b"#, "not on Darwin"),
        (#"\b(mallopt|malloc_trim|mallinfo2?)\("#, "glibc's allocator calls"),
        (#"\benviron\b"#, "Darwin: _NSGetEnviron().pointee"),
        (#"\bMSG_NOSIGNAL\b"#, "Darwin: SO_NOSIGPIPE"),
        (#"\b(pipe2|accept4|dup3|closefrom|getdents64|getdents|sched_getaffinity|sigtimedwait)\("#, "not on Darwin"),
        (#"\bO_(PATH|TMPFILE|DIRECT)\b|\bCLOCK_BOOTTIME\b"#, "not on Darwin"),
        (#"\binotify_|\brenameat2\("#, "Linux only (the Platform seam's Linux branch)"),
        (#"\b[lf]?(get|set|list|remove)xattr\("#, "Darwin's take a position and options"),
        (#"\bfd_set\b|\bFD_(SET|ZERO|ISSET)\b"#, "the macros are not imported alike"),
        (#"\bGlibc\."#, "a name qualified by Glibc"),
        (#"Int16 = 0x80\b|Int16\(0x80\)"#, "glibc's POSIX_SPAWN_SETSID; Darwin's 0x80 starts the child suspended"),
    ]

    /// Every Swift file of `Sources/` and the tests' `Support/`, by its path from the package.
    static func swiftFiles() -> [(path: String, lines: [Substring])] {
        let root = Binary.packageRoot
        var files: [(String, [Substring])] = []
        for folder in ["Sources", "Tests/CourseCheckKitTests/Support"] {
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = walker?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let path = folder + "/" + relative
                guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                else { continue }
                files.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// For each line, whether a Darwin build leaves it out: inside an `#if canImport(Glibc)` or
    /// `#if os(Linux)` branch, or the `#else` of an `#if canImport(Darwin)` or `os(macOS)`.
    static func linuxOnly(_ lines: [Substring]) -> [Bool] {
        var branches: [(conditions: [String], current: String?)] = []
        var result: [Bool] = []
        for line in lines {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("#if ") {
                branches.append(([String(code.dropFirst(4))], String(code.dropFirst(4))))
            } else if code.hasPrefix("#elseif "), !branches.isEmpty {
                branches[branches.count - 1].conditions.append(String(code.dropFirst(8)))
                branches[branches.count - 1].current = String(code.dropFirst(8))
            } else if code == "#else", !branches.isEmpty {
                branches[branches.count - 1].current = nil
            } else if code == "#endif", !branches.isEmpty {
                branches.removeLast()
            }
            result.append(
                branches.contains { branch in
                    if let condition = branch.current {
                        return !condition.contains("!")
                            && (condition.contains("canImport(Glibc)") || condition.contains("os(Linux)"))
                    }
                    return branch.conditions.contains { $0.contains("canImport(Darwin)") || $0.contains("os(macOS)") }
                })
        }
        return result
    }

    /// Where `patterns` match a code line a Darwin build compiles, as `path:line: code (why)`.
    static func offenders(_ files: [(path: String, lines: [Substring])]) throws -> [String] {
        let rules = try glibcOnly.map { (try NSRegularExpression(pattern: $0.pattern), $0.why) }
        var found: [String] = []
        for file in files {
            let excluded = linuxOnly(file.lines)
            for (index, line) in file.lines.enumerated() where !excluded[index] {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let range = NSRange(code.startIndex..., in: code)
                for (rule, why) in rules where rule.firstMatch(in: code, range: range) != nil {
                    found.append("\(file.path):\(index + 1): \(code) (\(why))")
                }
            }
        }
        return found
    }

    /// Every `import Glibc` is the first branch of `#if canImport(Glibc)` whose next is
    /// `#elseif canImport(Darwin)` with `import Darwin`.
    static func unpairedImports(_ files: [(path: String, lines: [Substring])]) -> [String] {
        var found: [String] = []
        for file in files {
            let code = file.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in code.enumerated() where line == "import Glibc" {
                let paired =
                    index > 0 && code[index - 1] == "#if canImport(Glibc)" && index + 2 < code.count
                    && code[index + 1] == "#elseif canImport(Darwin)" && code[index + 2] == "import Darwin"
                if !paired { found.append("\(file.path):\(index + 1)") }
            }
        }
        return found
    }

    func testEveryGlibcImportHasADarwinBranch() {
        let files = Self.swiftFiles()
        XCTAssertGreaterThan(files.count, 100)
        XCTAssertEqual(Self.unpairedImports(files), [])
    }

    func testGlibcOnlySpellingsStayInLinuxBranches() throws {
        XCTAssertEqual(try Self.offenders(Self.swiftFiles()), [])
    }

    /// The scan finds what it is meant to, and leaves the Linux branches alone.
    func testTheScanFindsEachSpellingOutsideALinuxBranch() throws {
        let source: [Substring] = [
            "#if canImport(Glibc)", "    import Glibc", "#endif",
            "var thread = pthread_t()",
            "#if canImport(Glibc)", "    var other = pthread_t()", "#elseif canImport(Darwin)",
            "    let changed = info.st_ctim", "#else", "    let set = fd_set()", "#endif",
            "#if canImport(Darwin)", "    let env = _NSGetEnviron().pointee", "#else", "    let env = environ",
            "#endif",
            "#if os(Linux)", "    setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)", "#endif",
            "static let spawnNewSession: Int16 = 0x80",
            "// pthread_t() in a comment",
        ]
        let file = (path: "Sources/Example.swift", lines: source)
        XCTAssertEqual(
            try Self.offenders([file]),
            [
                "Sources/Example.swift:4: var thread = pthread_t() (Darwin's pthread_t is a pointer: "
                    + "`var thread: pthread_t? = nil`)",
                "Sources/Example.swift:8: let changed = info.st_ctim (Darwin's are st_atimespec, st_mtimespec, "
                    + "st_ctimespec)",
                "Sources/Example.swift:20: static let spawnNewSession: Int16 = 0x80 (glibc's POSIX_SPAWN_SETSID; "
                    + "Darwin's 0x80 starts the child suspended)",
            ])
        XCTAssertEqual(Self.unpairedImports([file]), ["Sources/Example.swift:2"])
    }
}
