import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The toolchain's environment around a compile, which is never the tree's: the module cache
/// swiftc keeps its precompiled modules in, and the temporary directory it builds in.
///
/// One policy for every compile that loads modules (the compiler's check and the build). A
/// compile whose failure names a file of this environment (a damaged, unreadable or missing
/// precompiled module, a module cache it cannot lock or write, a program that cannot execute in
/// TMPDIR), that crashes the compiler, or that runs out of time with the kept module cache, is
/// tried once more with a fresh module cache of the run's own. When that one passes, the first
/// failure was the environment's: the kept module cache is condemned for the rest of the run and
/// removed once no compile uses it (`KeptModuleCache`), and the run says so once. When it fails
/// again for the environment, the tree gets `toolchain-failed` naming the cause in words, never
/// `compile-error`, and nothing of it is cached. A module the tree imports that does not exist
/// (`import Foundatoin`) is an error located in the tree, and stays the tree's.
struct CompileEnvironment: Sendable {
    /// The module cache kept with coursecheck's cache between runs, as this run uses it, when
    /// there is a cache.
    let kept: KeptModuleCache?
    /// A module cache of this run's own, in its scratch: the compiles' when the kept one cannot
    /// be used, the retry's otherwise.
    let fresh: URL
    /// The temporary directory the scratch is in.
    let temporary: URL

    init(cache: Cache?, scratch: FileGate.Scratch) {
        fresh = scratch.url.appendingPathComponent("module-cache", isDirectory: true)
        temporary = scratch.url.deletingLastPathComponent()
        kept = cache?.moduleCache
    }

    /// What a compile came to.
    struct Outcome {
        /// The last attempt's result: a success, the tree's errors, or a time-out.
        var result: ChildProcess.Result
        /// Why the compile says nothing about the tree, in words (`toolchain-failed`), or nil.
        var failure: String?
    }

    /// Runs `compile` with a module cache (the kept one, else the run's own), and once more with
    /// the run's own when the kept one is suspect. `output` is the program the compile links, if
    /// it links one.
    func compile(
        linking output: URL? = nil, _ compile: (_ moduleCache: URL) throws(CourseCheckError) -> ChildProcess.Result
    ) throws(CourseCheckError) -> Outcome {
        guard let kept, let lease = kept.lend() else {
            return settled(try compile(fresh), output: output)
        }
        let result: ChildProcess.Result
        do {
            defer { kept.giveBack(lease) }
            result = try compile(lease.url)
        }
        let reason: String
        switch classify(result, moduleCache: lease.url, output: output) {
        case nil:
            // A compile that hangs on the module cache (a precompiled module that never ends) is
            // told from a slow tree by one more try with a fresh module cache, once a run.
            guard case .timedOut = result.ending, kept.triesAgain(afterTimeOutWith: lease) else {
                return Outcome(result: result, failure: nil)
            }
            reason = KeptModuleCache.timedOut
        case .machine(let cause), .temporaryDirectory(let cause):
            // A full disk or a noexec TMPDIR is the same with any module cache.
            return Outcome(result: result, failure: cause)
        case .moduleCache, .crash:
            reason = KeptModuleCache.damagedModules
        }
        let again = try compile(fresh)
        if case .timedOut = again.ending {
            // The tree is slow with any module cache (or a crash was followed by a hang, which
            // proves nothing).
            if reason == KeptModuleCache.timedOut { kept.timedOutAgain() }
            return Outcome(result: again, failure: nil)
        }
        if classify(again, moduleCache: fresh, output: output) == nil {
            // A fresh module cache did what the kept one could not: the kept one is the fault.
            kept.condemn(lease, because: reason)
        }
        return settled(again, output: output)
    }

    /// The outcome of a compile with the run's own module cache, the last try.
    private func settled(_ result: ChildProcess.Result, output: URL?) -> Outcome {
        switch classify(result, moduleCache: fresh, output: output) {
        case nil, .crash(nil):
            // The compiler crashes on the tree whatever its modules: the real program's outcome.
            return Outcome(result: result, failure: nil)
        case .moduleCache(let line):
            return Outcome(result: result, failure: "the module cache at \(fresh.path) is damaged: \(line)")
        case .crash(let cause?), .machine(let cause), .temporaryDirectory(let cause):
            return Outcome(result: result, failure: cause)
        }
    }

    /// Why a failed compile may not be the tree's.
    enum Failure: Equatable {
        /// A diagnostic names the module cache or a precompiled module (the compiler's line).
        case moduleCache(String)
        /// The temporary directory cannot hold or run what swiftc makes, in words.
        case temporaryDirectory(String)
        /// The compiler crashed, naming no file: the tree's unless a fresh module cache passes.
        /// The cause in words when the compiler died of the crash itself (a front end started
        /// directly), nil when swiftc reported its front end's crash (the real program's outcome).
        case crash(String?)
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

    /// The signals a compiler raises on itself when it crashes (on a garbled precompiled module,
    /// say); any other (`SIGKILL`, `SIGTERM`, `SIGXFSZ`) came from outside, whatever the modules.
    static let crashSignals: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP, SIGSYS]

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
            let cause = "swiftc was killed by \(OutputCheck.signalName(signal)) while compiling"
            return crashSignals.contains(signal) ? .crash(cause) : .machine(cause)
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
        if output.contains("failed due to signal ") { return .crash(nil) }
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
        #if canImport(Darwin)
            // Darwin's `statvfs` has no noexec flag; its `statfs` does (`MNT_NOEXEC`).
            var info = statfs()
            return statfs(directory.path, &info) == 0 && info.f_flags & UInt32(MNT_NOEXEC) != 0
        #else
            var info = statvfs()
            return statvfs(directory.path, &info) == 0 && info.f_flag & noexecFlag != 0
        #endif
    }

    private static func noexec(_ temporary: URL) -> String {
        let named = ProcessInfo.processInfo.environment["TMPDIR"].map { !$0.isEmpty } ?? false
        return (named ? "TMPDIR=\(temporary.path)" : "the temporary directory \(temporary.path)")
            + " is on a filesystem mounted noexec, so the compiled program cannot run; set TMPDIR to a folder on a "
            + "filesystem that allows programs"
    }
}

/// The module cache kept with coursecheck's cache (`<cache>/module-cache`), as one run uses it:
/// every compile of the run (both lanes, every worker) borrows it here, so that once a compile
/// proves it damaged no later compile of the run meets it. It is removed as soon as no compile
/// uses it, then made anew for the compiles that follow (a compile in flight never has it
/// removed under it), and the run says so once (`Cache.notes`).
///
/// Before the first compile of the run borrows it, it is looked over for what no compile could
/// use and some would wait on forever or follow out of it: a FIFO, a device, a socket, a link
/// leading out of it or to nothing. Such a cache is damaged, removed before anything uses it.
package final class KeptModuleCache: Sendable {
    let url: URL

    /// A compile's use of the kept module cache, made anew after each removal.
    struct Lease {
        let url: URL
        let generation: Int
        /// It holds what an earlier run left: only such a cache can hang a compile, since this
        /// run's compilers make their modules whole.
        let inherited: Bool
    }

    private struct State {
        var lookedOver = false
        var inherited = false
        /// Compiles using it now.
        var borrowed = 0
        /// Why a compile proved it damaged, until it is removed.
        var condemned: String?
        /// It could not be removed: the rest of the run uses the run's own.
        var unremovable = false
        var generation = 0
        /// A time-out retried with a fresh module cache ran out of time too: time-outs are the trees'.
        var slowTree = false
        /// The cache records where it is (`locationFile`), as this run found or wrote it.
        var located = false
    }

    private let state = Mutex(State())

    init(url: URL) {
        self.url = url
    }

    /// The file in the module cache that records the place it was made for. Clang's precompiled
    /// modules hold the cache's absolute path, so a cache copied or moved with its checkout (`cp
    /// -a`, a renamed folder) fails the first compile as damage would. A cache that records another
    /// place was moved, not damaged: it is cleared before any compile uses it, and nothing is said.
    static let locationFile = "coursecheck-location"

    /// The words of the note for a compile that failed with it and passed with a fresh one.
    static let damagedModules = "damaged precompiled modules"
    static let timedOut = "a compile with it ran out of time and finished with a fresh one"

    /// The kept module cache for one compile, or nil when the compile uses the run's own: the
    /// kept one cannot be made, or it is condemned and still in use, or could not be removed.
    func lend() -> Lease? {
        state.withLock { state in
            if !state.lookedOver {
                state.lookedOver = true
                switch Self.recordedLocation(url) {
                case let recorded? where recorded != Self.location(url):
                    // Moved with its checkout: a cache for another place, cleared unsaid.
                    _ = FileGate.removeModuleCache(url)
                case let recorded:
                    state.located = recorded != nil
                }
                state.inherited = !((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).isEmpty
                if let damage = Self.damage(url) {
                    state.condemned = damage
                    remove(&state)
                }
            }
            // Created through FileGate, so a folder root makes in a user's checkout is the user's.
            guard state.condemned == nil, !state.unremovable, (try? FileGate.makeDirectories(url)) != nil else {
                return nil
            }
            if !state.located {
                // Recorded once for the cache as made; a run that finds it recorded writes nothing.
                state.located = true
                try? FileGate.writeCacheEntry(
                    Array(Self.location(url).utf8), to: url.appendingPathComponent(Self.locationFile))
            }
            state.borrowed += 1
            return Lease(url: url, generation: state.generation, inherited: state.inherited && state.generation == 0)
        }
    }

    /// A compile is done with `lease`; the last one out removes a condemned cache.
    func giveBack(_ lease: Lease) {
        FileGate.giveToFolderOwner(lease.url)
        state.withLock { state in
            state.borrowed -= 1
            if state.borrowed == 0 { remove(&state) }
        }
    }

    /// A compile with `lease` failed where one with a fresh module cache did not: the cache it
    /// borrowed goes once no compile uses it (one already removed stays the new one).
    func condemn(_ lease: Lease, because reason: String) {
        state.withLock { state in
            guard lease.generation == state.generation, state.condemned == nil else { return }
            state.condemned = reason
            if state.borrowed == 0 { remove(&state) }
        }
    }

    /// Whether a compile with `lease` that ran out of time is tried again with a fresh module
    /// cache: when the cache is one an earlier run left, until one such retry ran out of time
    /// too, which makes time-outs the trees' for the rest of the run.
    func triesAgain(afterTimeOutWith lease: Lease) -> Bool {
        lease.inherited && state.withLock { !$0.slowTree }
    }

    /// A time-out tried again with a fresh module cache ran out of time too: said once.
    func timedOutAgain() {
        let first = state.withLock { state in
            defer { state.slowTree = true }
            return !state.slowTree
        }
        if first { Cache.noteSlowTree(url) }
    }

    private func remove(_ state: inout State) {
        guard let reason = state.condemned, !state.unremovable else { return }
        if Cache.replaceDamagedModuleCache(url, because: reason) {
            state.condemned = nil
            state.located = false
            state.generation += 1
        } else {
            state.unremovable = true
        }
    }

    /// The place a module cache at `url` is, as its record holds it: its path, links resolved.
    static func location(_ url: URL) -> String {
        url.resolvingSymlinksInPath().path
    }

    /// The place the module cache at `url` records it was made for, or nil when it records none
    /// (there is no cache, or an earlier coursecheck made it).
    static func recordedLocation(_ url: URL) -> String? {
        guard
            let snapshot = FileGate.read(url.appendingPathComponent(locationFile), followingLinks: false, limit: 8192)
                .snapshot
        else { return nil }
        return String(decoding: snapshot.bytes, as: UTF8.self)
    }

    /// What no compile can use in the module cache at `url`, in words, or nil: not a folder, or
    /// an entry other than a folder or a regular file inside it (a link leading to one inside it
    /// is the compiler's own). A folder it cannot read is left to the compile that meets it.
    static func damage(_ url: URL) -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFDIR else { return damagedModules }
        let root = url.resolvingSymlinksInPath().path + "/"
        var folders = [""]
        var seen = 0
        while let folder = folders.popLast(), seen < 100_000 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path + "/" + folder)) ?? []
            for name in names.sorted() {
                seen += 1
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = url.path + "/" + relative
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: folders.append(relative)
                case S_IFREG: continue
                case S_IFLNK:
                    var target = stat()
                    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    if stat(path, &target) != 0 {
                        return "\(damagedModules): \(relative) is a link to nothing"
                    }
                    let kind = target.st_mode & S_IFMT
                    if !resolved.hasPrefix(root) || (kind != S_IFREG && kind != S_IFDIR) {
                        return "\(damagedModules): \(relative) is a link leading out of it"
                    }
                case S_IFIFO: return "\(damagedModules): \(relative) is a FIFO"
                case S_IFSOCK: return "\(damagedModules): \(relative) is a socket"
                default: return "\(damagedModules): \(relative) is a device"
                }
            }
        }
        return nil
    }
}
