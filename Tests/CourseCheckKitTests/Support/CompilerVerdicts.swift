import Foundation

@testable import CourseCheckKit

/// The compiler's verdicts on trees for tests whose subject is something else (the embedded
/// engine run afresh, the threads of a check): a cache that holds only them, so such a test reads
/// the compiler's answers instead of asking for each of the course's fifty trees again, about
/// 0.2 s of processor time a tree. Every answer is the real compiler's: copied from the tests'
/// shared cache, where the compiler wrote it, or from the committed record of what the real
/// programs printed (`Differential/oracle.json`).
enum CompilerVerdicts {
    /// A new cache directory in `directory` holding every verdict of the tests' shared cache, and
    /// nothing else: a check with it evaluates every tree afresh, as with `--no-cache`.
    static func cache(in directory: URL) throws -> URL {
        let cache = directory.appendingPathComponent("verdicts-\(UUID().uuidString)", isDirectory: true)
        try copy(into: cache)
        return cache
    }

    /// Copies into `cache` (made if missing) the shared cache's entries whose names start with one
    /// of `prefixes`: the verdicts alone by default; `parse-` adds swiftc's parses of fragments.
    static func copy(_ prefixes: [String] = ["valid-"], into cache: URL) throws {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let shared = InProcess.cacheDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []
        where prefixes.contains(where: name.hasPrefix) {
            try? FileManager.default.copyItem(
                at: shared.appendingPathComponent(name), to: cache.appendingPathComponent(name))
        }
    }

    /// Records in `cache` what the real program's compile said of each tree (`errors` as
    /// `main.swift:L:C: message`, empty when it compiled), as the compiler's check would.
    static func plant(_ verdicts: [(tree: Tree, errors: [String])], in cache: URL) throws {
        let compiler = CompilerValidity.identity(
            of: try Toolchain.locate(environment: InProcess.environment, cache: nil), options: ToolchainEngine.Options()
        )
        let store = Cache(directory: cache)
        for (tree, errors) in verdicts {
            let entries = errors.compactMap { line -> CompilerDiagnostics.Entry? in
                let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count == 4, let row = Int(parts[1]), let column = Int(parts[2]) else { return nil }
                return .init(
                    file: String(parts[0]), line: row, column: column,
                    message: String(parts[3].drop { $0 == " " }))
            }
            let answer: CompilerValidity.Answer = errors.isEmpty ? .accepted : .rejected(entries)
            let (key, entry) = CompilerValidity.record(answer, for: tree, compiler: compiler)
            store.store(text: entry, as: key)
        }
    }
}
