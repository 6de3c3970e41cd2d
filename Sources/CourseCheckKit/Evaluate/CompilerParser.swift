import Foundation

/// Runs the installed compiler's parser over Swift files, in parallel, and caches each structure
/// by the file's content and the compiler's version (about 50 ms a file cold, a cache read warm).
package enum CompilerParser {
    /// One file to parse: its text, and whether it is `main.swift` (top-level code allowed) or a
    /// library file such as the core.
    package struct Source: Sendable {
        package var text: String
        package var isMain: Bool

        package init(text: String, isMain: Bool) {
            self.text = text
            self.isMain = isMain
        }
    }

    /// The structure, or why the parser gave none (a fallback the caller reports).
    package enum Outcome: Sendable, Equatable {
        case parsed(SwiftStructure)
        case unavailable(String)
    }

    /// Bumped when what is read from the parser's output changes, so older entries are not trusted.
    static let readerVersion = "1"

    package static func parse(
        _ sources: [Source], toolchain: Toolchain, cache: Cache?, scratch: FileGate.Scratch, timeout: Double,
        workers: Int
    ) -> [Outcome] {
        let outcomes = Collector<Outcome>(count: sources.count)
        concurrently(sources.count, width: workers) { index in
            let source = sources[index]
            let key =
                "parse-" + SHA256.hex(readerVersion, toolchain.version, source.isMain ? "main" : "library", source.text)
            if let data = cache?.data(key), let structure = try? JSONDecoder().decode(SwiftStructure.self, from: data) {
                outcomes.set(index, .parsed(structure))
                return
            }
            let outcome = run(source, index: index, toolchain: toolchain, scratch: scratch, timeout: timeout)
            if case .parsed(let structure) = outcome, let data = try? JSONEncoder().encode(structure) {
                cache?.store(data: data, as: key)
            }
            outcomes.set(index, outcome)
        }
        return outcomes.values.map { $0 ?? .unavailable("the parser did not run") }
    }

    private static func run(
        _ source: Source, index: Int, toolchain: Toolchain, scratch: FileGate.Scratch, timeout: Double
    ) -> Outcome {
        let directory = scratch.url.appendingPathComponent("parse-\(index + 1)", isDirectory: true)
        let file = source.isMain ? "main.swift" : EmbeddedCore.fileName
        do throws(CourseCheckError) {
            try scratch.makeDirectory(directory)
            try scratch.write(source.text, to: directory.appendingPathComponent(file))
            let result = try ChildProcess.swiftc(
                toolchain.swiftc,
                ["-frontend", "-dump-parse", "-dump-ast-format", "json", "-suppress-warnings"] + (source.isMain ? [] : ["-parse-as-library"])
                    + [file], in: directory, scratch: scratch, timeout: timeout, outputLimit: 64 << 20)
            let stderr = String(decoding: result.stderr, as: UTF8.self)
            switch result.ending {
            case .exited(0), .exited(1):
                let errors = CompilerDiagnostics.errors(in: stderr).map { "\($0.line):\($0.column): \($0.message)" }
                guard
                    let structure = SwiftStructure.read(
                        json: result.stdout, source: Array(source.text.utf8), errors: errors)
                else {
                    return .unavailable("swiftc -dump-parse printed no structure this coursecheck reads")
                }
                return .parsed(structure)
            case .signalled(let signal):
                return .unavailable("swiftc -dump-parse was killed by \(OutputCheck.signalName(signal))")
            case .timedOut:
                return .unavailable("swiftc -dump-parse did not finish within \(ToolchainEngine.seconds(timeout))")
            default:
                let first = stderr.split(separator: "\n").first.map { ": \($0)" } ?? ""
                return .unavailable("swiftc -dump-parse failed (\(result.ending))\(first)")
            }
        } catch {
            return .unavailable("swiftc -dump-parse could not run: \(error.message)")
        }
    }
}
