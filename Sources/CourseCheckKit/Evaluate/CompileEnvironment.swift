import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The toolchain's environment around a compile, which is never the tree's: the module cache
/// swiftc keeps its precompiled modules in, and the temporary directory it builds in.
///
/// One policy for every compile that loads modules (the compiler's check and the build). A
/// compile whose failure names a file of this environment (a damaged, unreadable or missing
/// precompiled module, a module cache it cannot lock or write, a program that cannot execute in
/// TMPDIR), or that crashes the compiler, is tried once more with a fresh module cache of the
/// run's own. When that one passes, the first failure was the environment's: the kept module
/// cache is removed (the next compile builds it anew) and the run says so once. When it fails
/// again for the environment, the tree gets `toolchain-failed` naming the cause in words, never
/// `compile-error`, and nothing of it is cached. A module the tree imports that does not exist
/// (`import Foundatoin`) is an error located in the tree, and stays the tree's.
struct CompileEnvironment: Sendable {
    /// The module cache kept with coursecheck's cache between runs, when there is a cache it can
    /// create.
    let kept: URL?
    /// A module cache of this run's own, in its scratch: the compiles' when nothing is kept, the
    /// retry's otherwise.
    let fresh: URL
    /// The temporary directory the scratch is in.
    let temporary: URL

    init(cache: Cache?, scratch: FileGate.Scratch) {
        fresh = scratch.url.appendingPathComponent("module-cache", isDirectory: true)
        temporary = scratch.url.deletingLastPathComponent()
        kept = cache.flatMap { cache in
            let url = cache.directory.appendingPathComponent("module-cache", isDirectory: true)
            var info = stat()
            // A file where the folder belongs is damage too: replaced, said once.
            if lstat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                Cache.replaceDamagedModuleCache(url)
            }
            // Created through FileGate, so a folder root makes in a user's checkout is the user's.
            return (try? FileGate.makeDirectories(url)) != nil ? url : nil
        }
    }

    /// What a compile came to.
    struct Outcome {
        /// The last attempt's result: a success, the tree's errors, or a time-out.
        var result: ChildProcess.Result
        /// Why the compile says nothing about the tree, in words (`toolchain-failed`), or nil.
        var failure: String?
    }

    /// Runs `compile` with a module cache (the kept one, else the run's own), and once more with
    /// the run's own when the environment is suspect. `output` is the program the compile links,
    /// if it links one.
    func compile(
        linking output: URL? = nil, _ compile: (_ moduleCache: URL) throws(CourseCheckError) -> ChildProcess.Result
    ) throws(CourseCheckError) -> Outcome {
        let first = kept ?? fresh
        let result = try attempt(first, compile)
        guard let failure = classify(result, moduleCache: first, output: output) else {
            return Outcome(result: result, failure: nil)
        }
        switch failure {
        case .machine(let cause), .temporaryDirectory(let cause):
            // A full disk or a noexec TMPDIR is the same with any module cache.
            return Outcome(result: result, failure: cause)
        case .crash where first == fresh:
            return Outcome(result: result, failure: nil)
        case .moduleCache(let line) where first == fresh:
            return Outcome(result: result, failure: Self.damaged(first, line))
        case .moduleCache, .crash:
            break
        }
        let again = try attempt(fresh, compile)
        switch classify(again, moduleCache: fresh, output: output) {
        case nil:
            // A fresh module cache did what the kept one could not: the kept one is the fault
            // (a retry that ran out of time proves nothing).
            if case .timedOut = again.ending {} else { Cache.replaceDamagedModuleCache(first) }
            return Outcome(result: again, failure: nil)
        case .crash:
            // The compiler crashes on the tree whatever its modules: the real program's outcome.
            return Outcome(result: again, failure: nil)
        case .moduleCache(let line):
            return Outcome(result: again, failure: Self.damaged(fresh, line))
        case .machine(let cause), .temporaryDirectory(let cause):
            return Outcome(result: again, failure: cause)
        }
    }

    private func attempt(
        _ moduleCache: URL, _ compile: (URL) throws(CourseCheckError) -> ChildProcess.Result
    ) throws(CourseCheckError) -> ChildProcess.Result {
        defer { if moduleCache == kept { FileGate.giveToFolderOwner(moduleCache) } }
        return try compile(moduleCache)
    }

    private static func damaged(_ moduleCache: URL, _ line: String) -> String {
        "the module cache at \(moduleCache.path) is damaged: \(line)"
    }

    /// Why a failed compile may not be the tree's.
    enum Failure: Equatable {
        /// A diagnostic names the module cache or a precompiled module (the compiler's line).
        case moduleCache(String)
        /// The temporary directory cannot hold or run what swiftc makes, in words.
        case temporaryDirectory(String)
        /// The compiler crashed, naming no file: the tree's unless a fresh module cache passes.
        case crash
        /// The machine's with any module cache (killed, a full disk, a missing tool), in words.
        case machine(String)
    }

    /// How `result` failed, or nil when it is the compile's own outcome (a success, the tree's
    /// errors, a time-out).
    func classify(_ result: ChildProcess.Result, moduleCache: URL?, output: URL?) -> Failure? {
        Self.classify(
            result.ending, output: result.compilerOutput, moduleCache: moduleCache, temporary: temporary,
            program: output)
    }

    /// The phrases of a diagnostic about precompiled modules or their cache, in a line no source
    /// file locates: Clang's and the Swift front end's words for a module file it cannot read,
    /// trust, build or lock.
    static let modulePhrases = [
        "module cache", ".pcm", "precompiled file", "module file", "AST file", "could not build C module",
        "could not build Objective-C module", "missing required module", "cannot load underlying module",
        "no such module", "malformed or corrupted", "lock file",
    ]

    /// The words of a failure to run or make a program in a directory.
    static let executionPhrases = [
        "Permission denied", "unable to execute", "Operation not permitted", "cannot execute",
    ]

    /// The machine's words that no module cache changes.
    static let machineCauses = [
        "No space left on device", "Permission denied", "Read-only file system", "unable to execute command",
        "doesn't exist", "unable to open output file", "linker command failed", "could not write",
        "Disk quota exceeded", "out of memory",
    ]

    static func classify(
        _ ending: ChildProcess.Ending, output: String, moduleCache: URL?, temporary: URL?, program: URL?
    ) -> Failure? {
        switch ending {
        case .signalled(let signal):
            return .machine("swiftc was killed by \(OutputCheck.signalName(signal)) while compiling")
        case .outputLimit(let bytes):
            return .machine("swiftc printed more than \(bytes >> 20) MiB and was stopped")
        case .timedOut:
            return nil
        case .exited(0):
            guard let program, !FileManager.default.isExecutableFile(atPath: program.path) else { return nil }
            var info = stat()
            if stat(program.path, &info) == 0, let temporary, isNoexec(program.deletingLastPathComponent()) {
                return .temporaryDirectory(noexec(temporary))
            }
            return .machine("swiftc reported success but wrote no program")
        case .exited:
            break
        }
        if !output.contains(where: { !$0.isWhitespace }) { return .machine("swiftc failed (\(ending)) without a word") }
        // A frontend killed from outside (the OOM killer, a `kill`); a crash of the compiler on
        // the tree's text (another signal) is the real program's outcome, unless a fresh module
        // cache passes.
        for signal in [SIGKILL, SIGTERM] where output.contains("failed due to signal \(signal) ") {
            return .machine("swiftc's frontend was killed by \(OutputCheck.signalName(signal)) while compiling")
        }
        let lines = output.split(separator: "\n").filter { !isTreesOwn($0) }
        // Diagnostics only: a crash's stack dump quotes `-module-cache-path` among its arguments.
        let diagnostics = lines.filter { $0.contains("error: ") }
        if let cache = moduleCache?.path,
            let line = diagnostics.first(where: { line in
                line.contains(cache) || modulePhrases.contains { line.contains($0) }
            })
        {
            return .moduleCache(clean(line))
        }
        if let temporary, isNoexec(temporary),
            diagnostics.contains(where: { line in executionPhrases.contains { line.contains($0) } })
        {
            return .temporaryDirectory(noexec(temporary))
        }
        if let temporary = temporary?.path,
            let line = diagnostics.first(where: { line in
                line.contains(temporary) && executionPhrases.contains { line.contains($0) }
            })
        {
            return .temporaryDirectory("swiftc cannot use the temporary directory \(temporary): \(clean(line))")
        }
        // A symbol the tree declared and nothing defines (`@_silgen_name`) fails the link too: that
        // is the tree's, as in the reader's build.
        if output.contains("undefined reference to ") { return nil }
        if let line = lines.first(where: { line in machineCauses.contains { line.contains($0) } }) {
            return .machine("swiftc failed: \(clean(line))")
        }
        if output.contains("failed due to signal ") { return .crash }
        return nil
    }

    /// A tree's own words (`#error("No space left on device")`, a string in a quoted line): a
    /// diagnostic located in a Swift source, or a line quoted below one.
    private static func isTreesOwn(_ line: Substring) -> Bool {
        if line.drop(while: { $0 == " " || $0.isNumber }).hasPrefix("|") { return true }
        let position = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        return position.count == 4 && position[0].hasSuffix(".swift") && Int(position[1]).map { $0 >= 1 } == true
    }

    /// The compiler's line as a message holds it: trimmed, its bytes that are not printable text
    /// (a garbled module's name) replaced, and cut at 300 characters.
    private static func clean(_ line: Substring) -> String {
        let printable = String(
            String.UnicodeScalarView(
                line.trimmingCharacters(in: .whitespaces).unicodeScalars.map { scalar in
                    scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .control
                        || scalar == "\u{FFFD}" ? "?" : scalar
                }))
        return printable.count > 300 ? String(printable.prefix(300)) + "…" : printable
    }

    /// glibc's `ST_NOEXEC`, which Swift's Glibc module does not import (an anonymous enum).
    private static let noexecFlag: UInt = 8

    /// Whether the filesystem holding `directory` is mounted `noexec`.
    static func isNoexec(_ directory: URL) -> Bool {
        var info = statvfs()
        return statvfs(directory.path, &info) == 0 && info.f_flag & noexecFlag != 0
    }

    private static func noexec(_ temporary: URL) -> String {
        let named = ProcessInfo.processInfo.environment["TMPDIR"].map { !$0.isEmpty } ?? false
        return (named ? "TMPDIR=\(temporary.path)" : "the temporary directory \(temporary.path)")
            + " is on a filesystem mounted noexec, so the compiled program cannot run; set TMPDIR to a folder on a "
            + "filesystem that allows programs"
    }
}
