import Foundation

/// Every display fragment parses as Swift (`swiftc -parse`: syntax only, since SwiftUI and UIKit
/// are absent on Linux). All uncached fragments go to one swiftc invocation; each result is cached
/// by the toolchain and the fragment's text, so a warm run needs no compiler.
public struct FragmentSyntaxClaim: ClaimCheck {
    public let id = DiagnosticID.fragmentSyntax
    public let spansCourse = false

    public init() {}

    /// Errors `-parse` reports that are about a file's role, not its syntax.
    static let ignoredMessages = ["expressions are not allowed at the top level"]

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        var fragments: [(path: String, block: FencedBlock)] = []
        for lesson in course.lessons {
            for block in lesson.lesson.blocks where block.role == .fragment {
                fragments.append((lesson.path, block.fenced))
            }
        }
        guard !fragments.isEmpty else { return .notApplicable("no display fragments") }
        let toolchain: Toolchain
        do {
            toolchain = try Toolchain.locate(environment: course.environment, cache: course.cache)
        } catch {
            let note = Diagnostic(
                .note, id, at: SourceLocation(path: fragments[0].path, line: fragments[0].block.opening.number),
                "\(fragments.count) display fragments were not parsed: no swiftc (\((error as? CourseCheckError)?.message ?? "\(error)"))")
            return .skipped(note)
        }
        var results: [[CompilerDiagnostics.Entry]?] = fragments.map { fragment in
            course.cache?.text(key(fragment.block, toolchain)).map(Self.decode)
        }
        let pending = results.indices.filter { results[$0] == nil }
        if !pending.isEmpty {
            do {
                let parsed = try parse(pending.map { fragments[$0].block }, toolchain: toolchain)
                for (position, index) in pending.enumerated() {
                    results[index] = parsed[position]
                    course.cache?.store(text: Self.encode(parsed[position]), as: key(fragments[index].block, toolchain))
                }
            } catch {
                let note = Diagnostic(
                    .note, id, at: SourceLocation(path: fragments[0].path, line: fragments[0].block.opening.number),
                    "display fragments were not parsed: \((error as? CourseCheckError)?.message ?? "\(error)")")
                return .skipped(note)
            }
        }
        var findings: [Diagnostic] = []
        for (fragment, errors) in zip(fragments, results) {
            for entry in errors ?? [] {
                findings.append(.error(
                    id,
                    at: SourceLocation(path: fragment.path, line: fragment.block.opening.number + entry.line, column: entry.column),
                    "display fragment does not parse: \(entry.message)"))
            }
        }
        return .checked(findings)
    }

    private func key(_ block: FencedBlock, _ toolchain: Toolchain) -> String {
        "parse-" + SHA256.hex(toolchain.version, block.content)
    }

    /// One `swiftc -parse` over every fragment; the errors of each, lines relative to its body.
    private func parse(_ blocks: [FencedBlock], toolchain: Toolchain) throws -> [[CompilerDiagnostics.Entry]] {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var files: [String] = []
        for (index, block) in blocks.enumerated() {
            let url = scratch.url.appendingPathComponent("fragment\(index).swift")
            try Data(block.body.map { $0.text + "\n" }.joined().utf8).write(to: url)
            files.append(url.path)
        }
        let result = try ChildProcess(
            executable: toolchain.swiftc, arguments: ["-parse"] + files, environment: ProcessInfo.processInfo.environment,
            timeout: 300, outputLimit: 16 << 20
        ).run(in: scratch.url)
        if case .exited = result.ending {} else {
            throw CourseCheckError.io("swiftc -parse did not finish (\(result.ending))")
        }
        let entries = CompilerDiagnostics.errors(in: String(decoding: result.stderr + result.stdout, as: UTF8.self))
        return files.map { file in
            entries.filter { $0.file == file && !Self.ignoredMessages.contains($0.message) }
        }
    }

    static func encode(_ entries: [CompilerDiagnostics.Entry]) -> String {
        entries.map { "\($0.line):\($0.column):\($0.message)\n" }.joined()
    }

    static func decode(_ text: String) -> [CompilerDiagnostics.Entry] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let row = Int(parts[0]), let column = Int(parts[1]) else { return nil }
            return CompilerDiagnostics.Entry(file: "", line: row, column: column, message: String(parts[2]))
        }
    }
}
