import Foundation
import Synchronization

/// A content-addressed store under `.build/coursecheck-cache/`: compiled tree binaries and
/// toolchain results, each named by the SHA-256 of everything that determines it.
///
/// A cache is a hint, never a truth. Every entry carries the key it answers and a checksum of its
/// content (a binary in a `.sum` file beside it); a truncated, garbled, foreign or directory entry
/// is a miss, recomputed and replaced, and the run says so once. A cache that cannot be written
/// means running without one, said once too. Entries are written through `FileGate`, so a reader
/// never sees half an entry.
package struct Cache: Sendable {
    package let directory: URL
    /// `directory.path`, once: an entry's path is built by string, since each URL operation costs
    /// thousands of instructions and a warm run looks up about a hundred entries.
    private let directoryPath: String
    /// The run's pack, when it keeps one (`Pack`): entries are read from it first, and every
    /// entry read or stored goes into the next one.
    package var pack: Pack?
    /// swiftc's module cache, kept here between runs (`module-cache/`), as this run's compiles use it.
    let moduleCache: KeptModuleCache

    package init(directory: URL) {
        self.directory = directory
        self.directoryPath = directory.path
        moduleCache = KeptModuleCache(url: directory.appendingPathComponent("module-cache", isDirectory: true))
    }

    /// An entry's path, as `url(_:)` names it.
    package func path(_ key: String) -> String {
        directoryPath.hasSuffix("/") ? directoryPath + key + ".v3" : directoryPath + "/" + key + ".v3"
    }

    /// An entry's file: the key with the layout's version, so a cache an earlier layout wrote is a
    /// plain miss rather than a damaged entry.
    package func url(_ key: String) -> URL {
        directory.appendingPathComponent(key + ".v3")
    }

    package func text(_ key: String) -> String? {
        bytes(key).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The entry's content, or nil when it is missing or does not hold what its header promises.
    package func data(_ key: String) -> Data? {
        bytes(key).map { Data($0) }
    }

    /// The entry's content as bytes, or nil when it is missing or does not hold what its header
    /// promises: from the pack when it holds the entry, else from the entry's own file.
    package func bytes(_ key: String) -> ArraySlice<UInt8>? {
        if let payload = pack?.payload(key) { return payload }
        switch Self.read(path(key), limit: Self.entryLimit) {
        case .missing:
            return nil
        case .file(let snapshot):
            guard let payload = Self.payload(of: snapshot.bytes[...], key: key) else {
                Self.noteDamaged()
                return nil
            }
            pack?.use(key, entry: snapshot.bytes)
            return payload
        case .notRegular, .unreadable:
            Self.noteDamaged()
            return nil
        }
    }

    @discardableResult
    package func store(text: String, as key: String) -> Bool {
        store(data: Data(text.utf8), as: key)
    }

    /// Writes an entry atomically, with its header; a cache that cannot be written is skipped, never fatal.
    @discardableResult
    package func store(data: Data, as key: String) -> Bool {
        let entry = Self.header(key: key, content: data) + data
        guard entry.count <= Self.entryLimit else { return false }
        pack?.use(key, entry: entry)
        return attempt { () throws(CourseCheckError) in
            try FileGate.writeCacheEntry(entry, to: url(key))
        }
    }

    /// Writes a memo's file (`TextClaimMemo`) atomically: a file of its own beside the entries, never
    /// in the pack, since it holds the course's text and its format checks itself. A cache that
    /// cannot be written is said once, as for entries.
    func storeMemo(_ bytes: [UInt8], as key: String) {
        guard bytes.count <= Self.entryLimit else { return }
        _ = attempt { () throws(CourseCheckError) in try FileGate.writeCacheEntry(bytes, to: url(key)) }
    }

    /// Copies a file (a freshly linked binary) into the cache under `key`: the binary under its
    /// key and its content's checksum, then the `.sum` beside the key that names it. Two entries
    /// that are one written after the other are never seen half: twin trees of a run compile one
    /// key at once, each its own bytes, and with one binary name for the key, a reader between
    /// one twin's binary and its sum found the other's sum (a false "damaged", then a rebuild).
    /// Returns where the binary is kept, or nil when it could not be stored.
    @discardableResult
    package func store(file: URL, as key: String) -> URL? {
        guard case .file(let snapshot) = FileGate.read(file) else { return nil }
        var checksum = Checksum()
        checksum.update(snapshot.bytes)
        let binary = binaryURL(key, checksum: checksum.hex)
        let stored = attempt { () throws(CourseCheckError) in
            try FileGate.writeCacheEntry(snapshot.bytes, to: binary, executable: true)
            try FileGate.writeCacheEntry(
                Self.header(key: key, content: snapshot.bytes), to: url(key).appendingPathExtension("sum"))
        }
        return stored ? binary : nil
    }

    /// Where the binary whose content has `checksum` is kept for `key`.
    private func binaryURL(_ key: String, checksum: String) -> URL {
        url(key + "." + checksum)
    }

    /// The cached binary for `key`, only when it is the file its `.sum` names and describes. No
    /// sum, or a sum naming a binary that is gone, is a miss.
    package func executable(_ key: String) -> URL? {
        guard case .file(let sum) = FileGate.read(url(key).appendingPathExtension("sum"), followingLinks: false)
        else { return nil }
        // The header's last field is the checksum that names the binary: hex digits only, so a
        // garbled sum never names a path elsewhere.
        guard let newline = sum.bytes.lastIndex(of: UInt8(ascii: "\n")),
            let space = sum.bytes[..<newline].lastIndex(of: UInt8(ascii: " ")),
            newline - space > 1,
            sum.bytes[(space + 1)..<newline].allSatisfy({ Array("0123456789abcdef".utf8).contains($0) })
        else {
            Self.noteDamaged()
            return nil
        }
        let binary = binaryURL(key, checksum: String(decoding: sum.bytes[(space + 1)..<newline], as: UTF8.self))
        switch FileGate.read(binary, followingLinks: false) {
        case .missing:
            return nil
        case .file(let snapshot)
        where sum.bytes == Self.header(key: key, content: snapshot.bytes)
            && FileManager.default.isExecutableFile(atPath: binary.path):
            return binary
        default:
            Self.noteDamaged()
            return nil
        }
    }

    private static let magic = "coursecheck-cache 2"

    /// A cache file, not followed through a link, and read no further than `limit`: a larger file
    /// is not one coursecheck wrote, and is `unreadable` (too large), never read whole.
    fileprivate static func read(_ path: String, limit: Int) -> FileGate.ReadResult {
        let result = FileGate.read(path: path, followingLinks: false, limit: limit + 1)
        if case .file(let snapshot) = result, snapshot.bytes.count > limit { return .unreadable(errno: EFBIG) }
        return result
    }

    /// The largest entry file stored or read: a tree's output is bounded by `--output-limit`
    /// (1 MiB by default), a larger result is not stored (it is recomputed on every run), and a
    /// larger file (a sparse 40 GB one) is damage, read no further than this.
    static let entryLimit = 64 << 20

    /// `coursecheck-cache 2 <key> <count> <fnv1a64>\n`: what the entry answers and what it must hold.
    static func header(key: String, content: some Collection<UInt8>) -> [UInt8] {
        var checksum = Checksum()
        checksum.update(content)
        return Array("\(magic) \(key) \(content.count) \(checksum.hex)\n".utf8)
    }

    /// The content after a header that names `key` and matches the content's length and checksum.
    /// By memchr and memcmp: the slices' generic search and comparison cost a call a byte in the
    /// debug build.
    static func payload(of bytes: ArraySlice<UInt8>, key: String) -> ArraySlice<UInt8>? {
        let newline: Int? = bytes.withUnsafeBufferPointer { buffer in
            ByteSearch.firstOffset(of: UInt8(ascii: "\n"), in: UnsafeBufferPointer(rebasing: buffer.prefix(512)))
        }
        guard let newline else { return nil }
        let content = bytes[(bytes.startIndex + newline + 1)...]
        let expected = header(key: key, content: content)
        guard expected.count == newline + 1 else { return nil }
        let same = bytes.withUnsafeBufferPointer { buffer in
            expected.withUnsafeBufferPointer { header in
                guard let found = buffer.baseAddress, let meant = header.baseAddress else { return false }
                return memcmp(found, meant, header.count) == 0
            }
        }
        return same ? content : nil
    }

    // What went wrong with the cache during this run, said once each by `notes`.
    private struct Problems {
        var damaged = 0
        var unwritable: String?
        var moduleCache: (path: String, reason: String)?
        var slowTree: String?
    }

    private static let problems = Mutex(Problems())

    static func noteDamaged() {
        problems.withLock { $0.damaged += 1 }
    }

    /// swiftc could not use the module cache at `url` (`KeptModuleCache`, which calls this once
    /// no compile uses it): it is removed, so that the next compile builds it anew, and `notes`
    /// says so once a run, with the first `reason`. A folder that cannot be written (a read-only
    /// cache) is told from damage, whose cure is to remove the folder. True when it is gone.
    static func replaceDamagedModuleCache(_ url: URL, because reason: String) -> Bool {
        let removed = FileGate.removeModuleCache(url)
        let said: String
        if removed {
            said = "\(reason)); this run used a fresh one and removed it, to be built anew"
        } else {
            var existing = url.path
            while access(existing, F_OK) != 0, existing.count > 1 { existing = existing.parentPath }
            said =
                access(existing.isEmpty ? "." : existing, W_OK) == 0
                ? "\(reason)); this run used a fresh one, and could not remove it: remove that directory to repair it"
                : "it cannot be written); this run used a fresh one: make it writable, or name another --cache-dir"
        }
        problems.withLock { if $0.moduleCache == nil { $0.moduleCache = (url.path, said) } }
        return removed
    }

    /// A compile that ran out of time with the module cache at `url` ran out of time with a fresh
    /// one too: the run says it tried, once.
    static func noteSlowTree(_ url: URL) {
        problems.withLock { $0.slowTree = url.path }
    }

    private func attempt(_ body: () throws(CourseCheckError) -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            // Said of the cache directory, not of the entry: entries are written from several
            // threads, and which one fails first (on a full disk) is a race, while the note is not.
            let reason =
                if case .io(_, let operation, let cause) = error, operation != .createDirectory {
                    "cannot write an entry in \(directoryPath): \(cause)"
                } else {
                    error.message
                }
            // The least of the reasons, when entries fail for different ones: the same note on every run.
            Self.problems.withLock { if $0.unwritable.map({ reason < $0 }) ?? true { $0.unwritable = reason } }
            return false
        }
    }

    /// The notes about the cache since the last call (one run): damaged entries that were
    /// recomputed, and a cache that could not be written.
    package static func notes() -> [String] {
        problems.withLock { state in
            defer { state = Problems() }
            var lines: [String] = []
            if state.damaged > 0 {
                lines.append(
                    "\(Plural.count(state.damaged, "cache entry", plural: "cache entries")) did not hold what its key promised (truncated, "
                        + "garbled or not coursecheck's) and \(state.damaged == 1 ? "was" : "were") recomputed")
            }
            if let (path, reason) = state.moduleCache {
                lines.append("swiftc could not use the module cache \(path) (\(reason)")
            }
            if let path = state.slowTree {
                lines.append(
                    "a compile that ran out of time (--compile-timeout) with the module cache \(path) was tried once "
                        + "more with a fresh one and ran out of time again: the time-out is the tree's, and later "
                        + "time-outs in this run were not tried twice")
            }
            if let reason = state.unwritable {
                lines.append("the cache cannot be written (\(reason)); this run went on without storing results")
            }
            return lines
        }
    }
}

/// The entries one run of coursecheck read or stored, in one file of the cache (`pack-2.v3`): a warm
/// run reads its ~95 entries with one open, where each entry's own file cost four system calls
/// (open, stat, read, close): 370 of the 1,300 a default run made. The pack is a copy: every
/// entry keeps its own file, is written there first, and is checked against its key in the pack
/// as in its file (its header, length and checksum). The pack as a whole carries its length and
/// checksum too, since a key in it is text, not a file name: a pack damaged anywhere (two keys
/// exchanged included), larger than a pack can be, or not a file is one damaged entry, said once,
/// read from the entries' files, and written anew.
///
/// The pack holds the last run's working set: it is written again only when a run used an entry
/// it did not hold, so the same run repeated (the CI gate, `make verify`, an author's check
/// before a commit) writes nothing, and a run over fewer lessons reads from the larger pack.
package final class Pack: Sendable {
    /// Named by its layout (`coursecheck-pack 2`), as entries are by theirs: a pack an earlier
    /// layout wrote is not read, so it is never taken for damage.
    static let name = "pack-2.v3"
    private static let magic = "coursecheck-pack 2"
    /// The largest pack written or read (the real course's is 30 KiB): a larger working set is
    /// read from the entries' own files, and a larger file is not a pack coursecheck wrote.
    static let limit = 64 << 20

    let directory: String
    let path: String

    private struct State {
        var loaded: [String: ArraySlice<UInt8>]? = nil
        /// Each entry this run used, as its file holds it (header and content).
        var used: [String: ArraySlice<UInt8>] = [:]
        /// True once the run used an entry the pack did not hold.
        var grew = false
    }

    private let state = Mutex(State())

    /// A pack for the cache in `directory`, read on first use.
    package init(directory: URL) {
        self.directory = directory.path
        path = self.directory.hasSuffix("/") ? self.directory + Self.name : self.directory + "/" + Self.name
    }

    /// Writes the pack when the run used an entry it did not hold (a new result, or an entry read
    /// from its own file), so the next run with the same work opens one file. A pack that cannot be
    /// written is left as it is, unsaid: the entries are the cache, every result is in its own
    /// file, and a read-only cache whose entries are all there says nothing, as it did before packs.
    package func write() {
        guard let bytes = contentsToWrite() else { return }
        try? FileGate.writeCacheEntry(bytes, to: URL(fileURLWithPath: path))
    }

    /// The content of `key` when the pack holds it whole; the pack is read on first use.
    func payload(_ key: String) -> ArraySlice<UInt8>? {
        let entry = state.withLock { state in
            if state.loaded == nil {
                let (entries, broken) = load()
                state.loaded = entries
                if broken { state.grew = true }
            }
            return state.loaded?[key]
        }
        guard let entry else { return nil }
        // Checked outside the lock: the worker threads look their entries up at once.
        guard let payload = Cache.payload(of: entry, key: key) else {
            Cache.noteDamaged()
            state.withLock { $0.grew = true }
            return nil
        }
        state.withLock { $0.used[key] = entry }
        return payload
    }

    /// Records that the run used `entry` (a header and its content) for `key`.
    func use(_ key: String, entry: [UInt8]) {
        state.withLock { state in
            state.used[key] = entry[...]
            state.grew = true
        }
    }

    /// The pack to write, or nil when the one on disk already holds every entry the run used (or
    /// the run's entries are more than a pack holds).
    func contentsToWrite() -> [UInt8]? {
        state.withLock { state -> [UInt8]? in
            guard state.grew else { return nil }
            var body: [UInt8] = []
            // In key order: the same working set is the same file.
            for key in state.used.keys.sorted() { body += state.used[key]! }
            guard body.count <= Self.limit else { return nil }
            return Self.header(body) + body
        }
    }

    /// `coursecheck-pack 2 <count> <fnv1a64>\n`: the length and checksum of all the entries after
    /// it, so that any damage to the pack (a byte flipped, two entries' keys exchanged) is one
    /// damaged entry, found before any entry is read from it.
    static func header(_ body: some Collection<UInt8>) -> [UInt8] {
        var checksum = Checksum()
        checksum.update(body)
        return Array("\(magic) \(body.count) \(checksum.hex)\n".utf8)
    }

    /// The entries of the pack on disk by key, each as its file would hold it; empty when there is
    /// none. A pack whose layout is broken is one damaged entry, and is written anew.
    private func load() -> (entries: [String: ArraySlice<UInt8>], broken: Bool) {
        switch Cache.read(path, limit: Self.limit) {
        case .missing:
            return ([:], false)
        case .file(let snapshot):
            guard let entries = Self.remembered(snapshot.bytes) else {
                Cache.noteDamaged()
                return ([:], true)
            }
            return (entries, false)
        case .notRegular, .unreadable:
            Cache.noteDamaged()
            return ([:], true)
        }
    }

    /// The entries of the pack last read whole, with its bytes: a live loop (or the test suite)
    /// checks again and again in one process, and reads the same pack each time.
    private static let lastRead = Locked<(bytes: [UInt8], entries: [String: ArraySlice<UInt8>])?>(nil)

    /// `entries(of:)`, kept for the bytes it read: the same bytes are the same entries.
    static func remembered(_ bytes: [UInt8]) -> [String: ArraySlice<UInt8>]? {
        if let last = lastRead.get(), last.bytes.sameBytes(bytes) { return last.entries }
        guard let entries = entries(of: bytes) else { return nil }
        lastRead.set((bytes, entries))
        return entries
    }

    /// The entries of a pack's bytes by key, or nil when it is not whole: its header (the length
    /// and checksum of the rest), then entries, each a header (`coursecheck-cache 2 <key> <count>
    /// <checksum>`) and `count` bytes.
    static func entries(of bytes: [UInt8]) -> [String: ArraySlice<UInt8>]? {
        guard let newline = bytes.prefix(128).firstIndex(of: UInt8(ascii: "\n")),
            bytes[...newline].elementsEqual(header(bytes[(newline + 1)...]))
        else { return nil }
        var entries: [String: ArraySlice<UInt8>] = [:]
        var start = newline + 1
        let space = UInt8(ascii: " ")
        while start < bytes.count {
            // The key is the header's third field and the count its fourth; the rest is checked
            // when the entry is read, as in its own file.
            guard let newline = bytes[start..<min(bytes.count, start + 512)].firstIndex(of: UInt8(ascii: "\n")),
                let first = bytes[start..<newline].firstIndex(of: space),
                let second = bytes[(first + 1)..<newline].firstIndex(of: space),
                let third = bytes[(second + 1)..<newline].firstIndex(of: space),
                let fourth = bytes[(third + 1)..<newline].firstIndex(of: space),
                fourth - third - 1 <= 18, fourth - third > 1,
                bytes[(third + 1)..<fourth].allSatisfy(\.isASCIIDigit)
            else { return nil }
            let count = bytes[(third + 1)..<fourth].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard count <= bytes.count - newline - 1 else { return nil }
            let end = newline + 1 + count
            entries[String(decoding: bytes[(second + 1)..<third], as: UTF8.self)] = bytes[start..<end]
            start = end
        }
        return entries
    }
}
