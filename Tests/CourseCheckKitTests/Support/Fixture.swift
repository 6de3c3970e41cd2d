import CourseCheckKit
import Foundation
import XCTest

/// An expect-test case: a directory of input files and the exact output coursecheck must give.
///
/// - `*.md` and other inputs are copied to a scratch directory, where a line `@core` becomes the
///   embedded core (see `Fixtures/README.md`), and coursecheck runs there with the arguments in `args`
///   (default `.`).
/// - `stderr`, `stdout` and `status` hold the expected output; `COURSECHECK_BLESS=1 swift test` rewrites them.
struct Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let expectationFiles: Set<String> = ["args", "stderr", "stdout", "status"]

    let directory: URL

    var name: String { directory.lastPathComponent }

    static func all() throws -> [Fixture] {
        try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map(Fixture.init)
    }

    /// The fixture directory names, for parameterised tests (one test case per fixture).
    static let names: [String] = ((try? all()) ?? []).map(\.name)

    init(directory: URL) {
        self.directory = directory
    }

    init(named name: String) {
        self.init(directory: Self.root.appendingPathComponent(name))
    }

    struct Output: Equatable {
        var stderr: String
        var stdout: String
        var status: Int32
    }

    /// The fixture's own arguments, from its `args` file (every fixture declares them, as trycmd's
    /// `.toml` and mdx's `.opts` do: nothing is added by the harness).
    func arguments() throws -> [String] {
        let argsFile = directory.appendingPathComponent("args")
        guard let text = try? String(contentsOf: argsFile, encoding: .utf8) else {
            throw Missing(description: "\(name): no args file; every fixture declares its arguments")
        }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs coursecheck in-process on a scratch copy of the inputs.
    func run() throws -> Output {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.copy(from: directory, to: scratch.url, skipping: Self.expectationFiles)
        // A cache of the case's own, so what its summary says came from the cache is the case's
        // alone, whatever ran before it (a filtered run of one case prints what the suite does).
        let result = InProcess.run(
            try arguments(), in: scratch.url, extra: ["COURSECHECK_CACHE_DIR": try Self.emptyCache().path])
        return Output(
            stderr: Self.redact(result.stderr), stdout: Self.redact(result.stdout), status: result.status.rawValue)
    }

    /// The case's result cache, emptied of every entry a summary counts (results and binaries, and
    /// the pack that holds them), so what a case's summary says came from the cache is the case's
    /// alone. Kept are what no output mentions: the Clang modules swiftc builds on a tree's first
    /// compile, the toolchain's identity (`swiftc --version`), swiftc's parses (fragments,
    /// structure) and the compiler's verdicts on trees with the driver's arguments it read them
    /// with, each a pure function of its key. Fresh, they took a third of the suite's time.
    /// One path for every case, since a module cache records its own path and refuses to be read
    /// through another; the suite is serialized, and each test process has its own.
    static func emptyCache() throws -> URL {
        let cache = caseCache
        let files = FileManager.default
        try files.createDirectory(at: cache, withIntermediateDirectories: true)
        for entry in try files.contentsOfDirectory(atPath: cache.path) where !keptBetweenCases(entry) {
            try files.removeItem(at: cache.appendingPathComponent(entry))
        }
        _ = answersPlanted
        return cache
    }

    static let caseCache = InProcess.cacheDirectory.appendingPathComponent(
        "fixture-case-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    /// The compiler's recorded answers (`CompilerAnswers`), planted once a process: a blessed run
    /// asks afresh, and adds what it asked to the record.
    private static let answersPlanted: Void = {
        atexit { CompilerAnswers.record(from: Fixture.caseCache) }
        guard !FixtureCases.bless else { return }
        CompilerAnswers.plant(into: caseCache)
    }()

    static func keptBetweenCases(_ entry: String) -> Bool {
        entry == "module-cache" || entry.hasPrefix("parse-") || entry.hasPrefix("toolchain-")
            || entry.hasPrefix("frontend-") || entry.hasPrefix("valid-")
    }

    /// The compiler's version line, written `{{toolchain}}` in expectations (as trycmd redacts), so
    /// cases that name it survive a toolchain upgrade.
    static let toolchainVersion: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }()

    static func redact(_ text: String) -> String {
        guard let version = toolchainVersion, !version.isEmpty else { return text }
        return text.replacingOccurrences(of: version, with: "{{toolchain}}")
    }

    func expected() throws -> Output {
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        let status = try read("status").trimmingCharacters(in: .whitespacesAndNewlines)
        return Output(stderr: try read("stderr"), stdout: try read("stdout"), status: Int32(status) ?? -1)
    }

    func bless(_ output: Output) throws {
        try output.stderr.write(to: directory.appendingPathComponent("stderr"), atomically: true, encoding: .utf8)
        try output.stdout.write(to: directory.appendingPathComponent("stdout"), atomically: true, encoding: .utf8)
        try "\(output.status)\n".write(
            to: directory.appendingPathComponent("status"), atomically: true, encoding: .utf8)
    }

    /// Copies a directory tree, expanding every file on the way.
    static func copy(from source: URL, to destination: URL, skipping: Set<String> = []) throws {
        let files = FileManager.default
        for url in try files.contentsOfDirectory(at: source, includingPropertiesForKeys: [.isDirectoryKey])
        where !skipping.contains(url.lastPathComponent) {
            let target = destination.appendingPathComponent(url.lastPathComponent)
            if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
                try files.createDirectory(at: target, withIntermediateDirectories: true)
                try copy(from: url, to: target)
            } else {
                try expand(Data(contentsOf: url)).write(to: target)
            }
        }
    }

    /// Replaces `@core` lines with the embedded core, keeping the line's own terminator on every
    /// core line. `@core N=TEXT` replaces core line N with TEXT (`\t` is a tab); `@core -K` drops
    /// the last K core lines. Files that are not UTF-8 are copied as they are.
    static func expand(_ bytes: Data) -> Data {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let hasBOM = bytes.starts(with: bom)
        let body = hasBOM ? bytes.dropFirst(3) : bytes[...]
        guard let text = String(data: body, encoding: .utf8), text.contains("@core") else { return bytes }
        var output = hasBOM ? "\u{FEFF}" : ""
        for line in LineScanner.lines(of: text) {
            guard line.text.hasPrefix("@core") else {
                output += line.raw
                continue
            }
            var core = LineScanner.lines(of: EmbeddedCore.text).map(\.text)
            let directive = line.text.dropFirst("@core".count).drop { $0 == " " }
            if directive.hasPrefix("-"), let drop = Int(directive.dropFirst()) {
                core.removeLast(drop)
            } else if let equals = directive.firstIndex(of: "="), let number = Int(directive[..<equals]) {
                core[number - 1] = directive[directive.index(after: equals)...]
                    .replacingOccurrences(of: "\\t", with: "\t")
            }
            output += core.map { $0 + line.ending.rawValue }.joined()
        }
        return Data(output.utf8)
    }
}

/// A private temporary directory, removed by `remove()`.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("coursecheck-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
