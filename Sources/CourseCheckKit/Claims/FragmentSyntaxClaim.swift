import Foundation

/// Every display fragment parses as Swift (`swiftc -parse`: syntax only, since SwiftUI and UIKit
/// are absent on Linux). All uncached fragments go to one swiftc invocation; each result is cached
/// by the toolchain and the fragment's text, so a warm run needs no compiler. A result is cached
/// only when swiftc verifiably produced it for that fragment: a fragment that got errors, or every
/// fragment of an invocation that exited cleanly. swiftc can stop early (an unterminated `/*`
/// ends it), so the fragments it said nothing about are parsed again without the failing ones.
package struct FragmentSyntaxClaim: ClaimCheck {
    package let id = DiagnosticID.fragmentSyntax
    package let spansCourse = false
    package let cost = 3
    package let readsTreeOutputs = false

    package init() {}

    /// Errors `-parse` reports that are about a file's role, not its syntax.
    static let ignoredMessages = ["expressions are not allowed at the top level"]

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        var fragments: [(path: String, block: FencedBlock)] = []
        for lesson in course.lessons {
            // A fragment that runs over a fence slip holds text the slip decided: the slip is the finding.
            for block in lesson.lesson.blocks
            where block.role == .fragment
                && !lesson.lesson.reachesUncertainty(block.fenced.opening.number, through: block.fenced.closing.number)
            {
                fragments.append((lesson.path, block.fenced))
            }
        }
        guard !fragments.isEmpty else { return .notApplicable("no display fragments") }
        let toolchain: Toolchain
        do {
            toolchain = try Toolchain.locate(environment: course.environment, cache: course.cache)
        } catch {
            let note = Diagnostic.claimSkipped(
                at: SourceLocation(path: fragments[0].path, line: fragments[0].block.opening.number),
                fragments: fragments.count,
                because: error.message)
            return .skipped(note)
        }
        let base = keyBase(toolchain)
        var results: [[CompilerDiagnostics.Entry]?] = fragments.map { fragment in
            course.cache?.text(key(fragment.block, base: base)).map(Self.decode)
        }
        var timedOut: [Int] = []
        let pending = results.indices.filter { results[$0] == nil }
        if !pending.isEmpty {
            do {
                let parsed = try parse(
                    pending.map { fragments[$0].block }, toolchain: toolchain, timeout: course.compileTimeout)
                for (position, index) in pending.enumerated() {
                    switch parsed[position] {
                    case .errors(let errors):
                        results[index] = errors
                        course.cache?.store(text: Self.encode(errors), as: key(fragments[index].block, base: base))
                    case .timedOut:
                        timedOut.append(index)
                    }
                }
            } catch {
                let note = Diagnostic.claimSkipped(
                    at: SourceLocation(path: fragments[0].path, line: fragments[0].block.opening.number),
                    fragments: nil,
                    because: error.message)
                return .skipped(note)
            }
        }
        var findings: [Diagnostic] = []
        for (fragment, errors) in zip(fragments, results) {
            // Distinct again: an entry an earlier coursecheck stored may hold an error twice.
            for entry in Self.distinct(errors ?? []) {
                findings.append(
                    .fragmentSyntax(
                        at: SourceLocation(
                            path: fragment.path, line: fragment.block.opening.number + entry.line, column: entry.column),
                        entry.message))
            }
        }
        for index in timedOut {
            findings.append(
                .compileTimeout(
                    at: SourceLocation(path: fragments[index].path, line: fragments[index].block.opening.number),
                    seconds: ToolchainEngine.seconds(course.compileTimeout), fragment: true))
        }
        return .checked(findings)
    }

    /// The hasher after the parts every fragment's key shares (the toolchain's long version
    /// line among them), hashed once per check.
    private func keyBase(_ toolchain: Toolchain) -> SHA256 {
        var base = SHA256()
        base.feed([ToolchainEngine.semanticsVersion, toolchain.version, "parse"])
        return base
    }

    private func key(_ block: FencedBlock, base: SHA256) -> String {
        var hasher = base
        hasher.feed(contentOf: block)
        return "parse-" + hasher.finalize()
    }

    /// What swiftc verifiably said about one fragment.
    enum Parsed {
        /// Its errors (none: it parses).
        case errors([CompilerDiagnostics.Entry])
        /// swiftc ran past the compile timeout on it alone.
        case timedOut
    }

    /// `swiftc -parse` over the fragments: all in one invocation, then again over those it said
    /// nothing about while another failed, until an invocation exits cleanly; one by one when a
    /// batch fails without naming a fragment or runs out of time. Batch mode: the driver's default
    /// starts one frontend per file, ten times the cost of the parse itself (42 fragments: 1.5 s
    /// against 0.15 s), with the same diagnostics. One batch (`-driver-batch-count 1`): past 25
    /// files the driver splits a batch across the cores, and each of its frontends parses every
    /// file and reports the others' file-scope errors too (42 fragments on two cores: 0.44 s
    /// against 0.30 s, and such an error twice).
    private func parse(_ blocks: [FencedBlock], toolchain: Toolchain, timeout: Double) throws(CourseCheckError)
        -> [Parsed]
    {
        let scratch = try FileGate.makeScratch()
        defer { scratch.remove() }
        var files: [String] = []
        for (index, block) in blocks.enumerated() {
            let url = scratch.url.appendingPathComponent("fragment\(index).swift")
            try scratch.write(block.body.map { $0.text + "\n" }.joined(), to: url)
            files.append(url.path)
        }
        var results: [Parsed?] = Array(repeating: nil, count: blocks.count)
        var remaining = Array(blocks.indices)
        var oneByOne = false
        while !remaining.isEmpty {
            let batch = oneByOne ? [remaining[0]] : remaining
            let result = try ChildProcess.swiftc(
                toolchain.swiftc,
                ["-parse", "-enable-batch-mode", "-driver-batch-count", "1"] + batch.map { files[$0] }, in: scratch.url,
                scratch: scratch,
                timeout: timeout)
            if case .timedOut = result.ending {
                if batch.count == 1 {
                    results[batch[0]] = .timedOut
                    remaining.removeFirst()
                }
                oneByOne = true
                continue
            }
            guard case .exited(let status) = result.ending else {
                throw CourseCheckError.system("swiftc -parse did not finish (\(result.ending))")
            }
            let entries = CompilerDiagnostics.errors(in: result.compilerOutput)
            var silent: [Int] = []
            for index in batch {
                let own = Self.distinct(entries.filter { $0.file == files[index] })
                if status == 0 || !own.isEmpty {
                    results[index] = .errors(own.filter { !Self.ignoredMessages.contains($0.message) })
                } else {
                    silent.append(index)
                }
            }
            if batch.count == 1 && !silent.isEmpty {
                // Alone, it failed without a located error: that is its result.
                results[batch[0]] = .errors([
                    .init(
                        file: files[batch[0]], line: 0, column: 0,
                        message: "swiftc -parse failed: \(result.compilerOutput)")
                ])
                silent = []
            }
            if silent.count == batch.count { oneByOne = true }
            remaining = remaining.filter { results[$0] == nil }
        }
        return results.map { $0! }
    }

    /// The entries with each error once (its line, column and message), in the order swiftc first
    /// gave them. One slip, one finding: a batch the driver split gave a file-scope error once for
    /// each frontend, so a run afresh said it twice where a warm one, parsing the edited fragment
    /// alone, said it once.
    static func distinct(_ entries: [CompilerDiagnostics.Entry]) -> [CompilerDiagnostics.Entry] {
        var seen: Set<String> = []
        return entries.filter { seen.insert("\($0.line):\($0.column):\($0.message)").inserted }
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
