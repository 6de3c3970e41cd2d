import Foundation

/// Runs the installed compiler's parser over Swift files and caches each structure by the file's
/// content and the compiler's version.
///
/// All files go to one frontend invocation (about 80 ms for the course's 50 trees and the core,
/// where one process a file costs 50 ms each), every file a `-primary-file` in its own directory.
/// One invocation has one main file at most, so all are parsed as library files: top-level
/// bindings then read as file-scope `pattern_binding_decl`s, and the parser's complaint that
/// statements are not allowed at the top level is the file's role, not its syntax. When the
/// batch fails (a pathological file that times the parser out, a crash), each file is parsed on
/// its own, so one file's failure is only that file's.
package enum CompilerParser {
    /// One file to parse: its text, and whether it is a tree (`main.swift`) or the core.
    package struct Source: Sendable {
        package var text: String
        package var isMain: Bool
        /// The core's file name, for a source that is the core.
        package var coreFileName: String

        package init(text: String, isMain: Bool, coreFileName: String = EmbeddedCore.fileName) {
            self.text = text
            self.isMain = isMain
            self.coreFileName = coreFileName
        }

        var fileName: String { isMain ? "main.swift" : coreFileName }
    }

    /// The structure, or why the parser gave none (a fallback the caller reports).
    package enum Outcome: Sendable, Equatable {
        case parsed(SwiftStructure)
        case unavailable(String)
    }

    /// Bumped when what is read from the parser's output changes, so older entries are not trusted.
    static let readerVersion = "2"

    /// Diagnostics about a file's role (a library file holding top-level code), not its syntax.
    static let roleMessages = [
        "statements are not allowed at the top level", "expressions are not allowed at the top level",
    ]

    package static func parse(
        _ sources: [Source], toolchain: Toolchain, cache: Cache?, scratch: FileGate.Scratch, timeout: Double,
        workers: Int, stop: StopToken? = nil
    ) -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: sources.count)
        var keys: [String] = []
        for (index, source) in sources.enumerated() {
            let key = "parse-" + SHA256.hex(readerVersion, toolchain.version, source.fileName, source.text)
            keys.append(key)
            if let data = cache?.data(key), let structure = try? JSONDecoder().decode(SwiftStructure.self, from: data) {
                outcomes[index] = .parsed(structure)
            }
        }
        let pending = sources.indices.filter { outcomes[$0] == nil }
        guard !pending.isEmpty else { return outcomes.map { $0 ?? .unavailable("the parser did not run") } }
        var parsed = batch(
            pending.map { sources[$0] }, toolchain: toolchain, scratch: scratch, timeout: timeout, stop: stop)
        if parsed == nil {
            let single = Collector<Outcome>(count: pending.count)
            concurrently(pending.count, width: workers) { position in
                let outcome =
                    batch(
                        [sources[pending[position]]], toolchain: toolchain, scratch: scratch, timeout: timeout,
                        stop: stop)?.first
                single.set(position, outcome ?? .unavailable("the parser did not run"))
            }
            parsed = single.values.map { $0 ?? .unavailable("the parser did not run") }
        }
        for (position, index) in pending.enumerated() {
            let outcome = parsed?[position] ?? .unavailable("the parser did not run")
            if case .parsed(let structure) = outcome, let data = try? JSONEncoder().encode(structure) {
                cache?.store(data: data, as: keys[index])
            }
            outcomes[index] = outcome
        }
        return outcomes.map { $0 ?? .unavailable("the parser did not run") }
    }

    /// Parses `sources` in one frontend invocation: one outcome each, or nil when the invocation
    /// as a whole failed. A single source's failure is its `unavailable` outcome.
    private static func batch(
        _ sources: [Source], toolchain: Toolchain, scratch: FileGate.Scratch, timeout: Double, stop: StopToken?
    ) -> [Outcome]? {
        let directory = scratch.url.appendingPathComponent("parse-\(UUID().uuidString)", isDirectory: true)
        var files: [String] = []
        do throws(CourseCheckError) {
            try scratch.makeDirectory(directory)
            for (index, source) in sources.enumerated() {
                let folder = directory.appendingPathComponent("\(index + 1)", isDirectory: true)
                try scratch.makeDirectory(folder)
                try scratch.write(source.text, to: folder.appendingPathComponent(source.fileName))
                files.append("\(index + 1)/\(source.fileName)")
            }
            let result = try ChildProcess.swiftc(
                toolchain.swiftc,
                ["-frontend", "-dump-parse", "-dump-ast-format", "json", "-suppress-warnings", "-parse-as-library"]
                    + files.flatMap { ["-primary-file", $0] }, in: directory, scratch: scratch, timeout: timeout,
                outputLimit: 256 << 20, stop: stop)
            let failure: String
            switch result.ending {
            case .exited(0), .exited(1):
                return read(result, files: files, sources: sources)
            case .signalled(let signal):
                failure = "swiftc -dump-parse was killed by \(OutputCheck.signalName(signal))"
            case .timedOut:
                failure = "swiftc -dump-parse did not finish within \(ToolchainEngine.seconds(timeout))"
            default:
                let stderr = String(decoding: result.stderr, as: UTF8.self)
                failure =
                    "swiftc -dump-parse failed (\(result.ending))"
                    + (stderr.split(separator: "\n").first.map { ": \($0)" } ?? "")
            }
            return sources.count == 1 ? [.unavailable(failure)] : nil
        } catch {
            return sources.count == 1 ? [.unavailable("swiftc -dump-parse could not run: \(error.message)")] : nil
        }
    }

    /// One outcome per file from the invocation's output: each file's JSON document, found by its
    /// `filename`, and its own errors.
    private static func read(_ result: ChildProcess.Result, files: [String], sources: [Source]) -> [Outcome]? {
        var documents: [String: [UInt8]] = [:]
        for document in JSONDocuments.split(result.stdout) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(document)) as? [String: Any],
                let name = object["filename"] as? String
            else { continue }
            documents[name] = document
        }
        var errors: [String: [String]] = [:]
        for entry in CompilerDiagnostics.errors(in: String(decoding: result.stderr, as: UTF8.self))
        where !roleMessages.contains(where: entry.message.hasPrefix) {
            errors[entry.file, default: []].append("\(entry.line):\(entry.column): \(entry.message)")
        }
        let outcomes = files.enumerated().map { (index, file) -> Outcome in
            guard let document = documents[file],
                let structure = SwiftStructure.read(
                    json: document, source: Array(sources[index].text.utf8), errors: errors[file] ?? [])
            else { return .unavailable("swiftc -dump-parse printed no structure this coursecheck reads") }
            return .parsed(structure)
        }
        // Nothing read at all is the invocation's failure, not every file's.
        if sources.count > 1, documents.isEmpty { return nil }
        return outcomes
    }
}

/// Splits a stream of concatenated JSON documents (the frontend prints one per primary file)
/// at the end of each top-level object. Total: any bytes give some list, every step moves on.
enum JSONDocuments {
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var documents: [[UInt8]] = []
        var depth = 0
        var start = 0
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { documents.append(Array(bytes[start...index])) }
                if depth < 0 { depth = 0 }
            default: break
            }
        }
        return documents
    }
}
