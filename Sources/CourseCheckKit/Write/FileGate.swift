import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place coursecheck's Swift code creates, writes, renames or removes anything on disk.
/// Every other file of Sources/ reads only; a test fails when one of them calls a mutation API.
///
/// The policy, in full:
/// 1. **Own only what you made.** A scratch directory and a temporary file carry an ownership
///    marker (boot, pid and process start time, and a random token); something is removed as a
///    leftover only when its marker is well formed and names a process that has provably ended.
///    A name's shape is never proof. Apart from that, only files a caller names with the snapshot
///    it read them with are removed (`remove(_:expecting:)`: `--update --prune`'s orphans).
/// 2. **Compare and swap.** A file is rewritten or removed only while its identity (device, inode,
///    size, modification time) and bytes still equal what was read when its verdict was formed;
///    otherwise that one file is refused, and the caller goes on with the rest.
/// 3. **Respect the file.** A rewrite keeps owner, group and mode, even when root rewrites another
///    user's file; a file its owner may not write, or with more than one hard link, is refused.
///    A link is followed only where the caller allows it (lessons), and never for goldens.
/// 4. **Temporaries never outlive the write.** A temporary is removed on every failure, and on a
///    signal (registered here); one left by SIGKILL is named `.coursecheck-tmp-…` (ignored by git
///    and by every check) and removed by the next write to its folder (or an `--update`'s visit of a golden folder), by its marker.
/// 5. **Reports never lie.** A report path that is not a regular file is an error, never a hang;
///    a report is written only while its path holds what `ReportTarget` found before the run (one
///    link, the same file); a failed `--junit` write removes the earlier report; the job summary
///    is only appended to.
/// 6. **Runs that overlap** wait for each other on an advisory lock of the directories they write.
/// 7. **Nothing is ever created directly at `/`**, and `TMPDIR` is used only when it exists.
package enum FileGate {
    // MARK: Identity

    /// What `stat` says of a file: enough to tell that it is still the file that was read.
    package struct Identity: Sendable, Equatable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int64
        package var modified: Int
        package var modifiedNanoseconds: Int
        package var links: UInt64
        package var owner: uid_t
        package var group: gid_t
        package var mode: mode_t

        init(_ info: stat) {
            // Darwin's `dev_t` is signed: its bits, never a trap.
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
                modified = Int(info.st_mtimespec.tv_sec)
                modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
            #else
                modified = Int(info.st_mtim.tv_sec)
                modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
            #endif
            links = UInt64(info.st_nlink)
            owner = info.st_uid
            group = info.st_gid
            mode = info.st_mode
        }

        /// `stat` of `path` (links followed), or nil when there is nothing there.
        package static func of(_ path: String) -> Identity? {
            var info = stat()
            return stat(path, &info) == 0 ? Identity(info) : nil
        }

        /// `of(_:)` by a path's bytes (a name that is not UTF-8).
        package static func of(_ path: RawPath) -> Identity? {
            var info = stat()
            return path.with { stat($0, &info) } == 0 ? Identity(info) : nil
        }

        /// What tells that a file's bytes may have changed: the file (device, inode), its size and
        /// modification time; not its mode, owner or links, which a chmod changes alone.
        package var contentStamp: [Int64] {
            [Int64(bitPattern: device), Int64(bitPattern: inode), size, Int64(modified), Int64(modifiedNanoseconds)]
        }

        /// The same file, unchanged since: what compare-and-swap compares.
        func isSameFile(as other: Identity) -> Bool {
            device == other.device && inode == other.inode && size == other.size && modified == other.modified
                && modifiedNanoseconds == other.modifiedNanoseconds
        }
    }

    /// A file as it was read: its bytes and its identity, taken from the same open descriptor just
    /// before the bytes (so a write during the read already changes what compare-and-swap finds).
    package struct Snapshot: Sendable, Equatable {
        package var bytes: [UInt8]
        package var identity: Identity
    }

    /// A path as the file system names it: bytes that need not be UTF-8 (a name another tool gave a
    /// file), which a `String` or a `URL` would change, and how it is shown.
    package struct RawPath: Sendable, Equatable {
        /// The path's bytes, NUL-terminated.
        package let bytes: [CChar]
        package let shown: String

        package init(_ path: String) {
            bytes = Array(path.utf8CString)
            shown = path
        }

        /// `name`, as the folder at `folder` lists it, inside it.
        package init(folder: String, name: [UInt8], shown: String) {
            bytes = Array((folder + "/").utf8CString.dropLast()) + name.map { CChar(bitPattern: $0) } + [0]
            self.shown = shown
        }

        func with<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
            bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }

    /// What reading a path found.
    package enum ReadResult: Sendable, Equatable {
        case file(Snapshot)
        case missing
        /// A link (when links are not followed), a directory, a FIFO or a device.
        case notRegular
        /// The path exists but cannot be read; the errno says why.
        case unreadable(errno: Int32)

        package var snapshot: Snapshot? {
            if case .file(let snapshot) = self { return snapshot }
            return nil
        }
    }

    /// Reads a regular file without ever blocking (a FIFO is refused, not opened for a reader that
    /// never comes). `followingLinks: false` refuses a final symbolic link.
    /// `limit` bounds what is read (a child's flood of output is read no further than is kept).
    package static func read(_ url: URL, followingLinks: Bool = true, limit: Int = .max) -> ReadResult {
        read(path: url.path, followingLinks: followingLinks, limit: limit)
    }

    /// `read(_:)` by path: a cache lookup names its entry by string, without a URL's costs.
    package static func read(path: String, followingLinks: Bool = true, limit: Int = .max) -> ReadResult {
        path.withCString { read(at: $0, followingLinks: followingLinks, limit: limit) }
    }

    /// `read(_:)` of a path the file system names by bytes that need not be UTF-8.
    package static func read(_ path: RawPath, followingLinks: Bool = true, limit: Int = .max) -> ReadResult {
        path.bytes.withUnsafeBufferPointer { read(at: $0.baseAddress!, followingLinks: followingLinks, limit: limit) }
    }

    private static func read(at path: UnsafePointer<CChar>, followingLinks: Bool, limit: Int) -> ReadResult {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        if !followingLinks { flags |= O_NOFOLLOW }
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .missing
            case ELOOP: return followingLinks ? .unreadable(errno: ELOOP) : .notRegular
            default:
                // A FIFO without a writer opens fine; one that cannot be opened is still not a file.
                var info = stat()
                if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFLNK {
                    return .notRegular
                }
                return .unreadable(errno: errno)
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unreadable(errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        // The identity before the read: a writer that touches the file from here on (even during
        // the read) changes what a compare-and-swap finds, so bytes that may be half old are never
        // trusted. An identity taken after the read could already show such a writer's file.
        let identity = Identity(info)
        // Read straight into an array of the file's size (one more byte shows that it grew), then
        // go on in chunks only if it did: no zeroed buffer, no byte-by-byte append. Reaching the
        // size `fstat` gave with a read that fell short of the request is the end: no read just to
        // learn it (a warm run reads a few hundred files, and each system call counts).
        let expected = min(max(Int(info.st_size), 0), max(limit, 0))
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: expected < limit ? expected + 1 : expected) { buffer, count in
            while count < buffer.count {
                let wanted = buffer.count - count
                let got = posixRead(descriptor, buffer.baseAddress.map { $0 + count }, wanted)
                if got == 0 { break }
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                count += got
                if got < wanted && count == expected { break }
            }
        }
        if let failure { return .unreadable(errno: failure) }
        if bytes.count > expected {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count < limit {
                let wanted = min(chunk.count, limit - bytes.count)
                let got = chunk.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, wanted) }
                if got == 0 { break }
                if got < 0 {
                    if errno == EINTR { continue }
                    return .unreadable(errno: errno)
                }
                bytes += chunk[0..<got]
            }
        }
        return .file(Snapshot(bytes: bytes, identity: identity))
    }

    // MARK: Rewriting an author's file

    /// What the caller read at the path when it formed its verdict.
    package enum Expectation: Sendable, Equatable {
        /// Nothing was there: the file is new.
        case absent
        /// This file, with these bytes.
        case unchanged(Snapshot)
    }

    /// Whether a final symbolic link may be followed: a lesson's link is (the file it names is
    /// rewritten, the link stays); a golden's never is (it could point anywhere).
    package enum Links: Sendable {
        case follow
        case refuse
    }

    /// Why one file was not written. The caller reports it at the file and goes on with the rest.
    package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case changedOnDisk
        case appearedOnDisk
        case readOnly
        case hardLinks(UInt64)
        /// A report's path that is one name of a file with several: writing it would change another file.
        case sharedFile(UInt64)
        case otherOwner
        case linkOrNotRegular
        case folderNotWritable(String)
        case attributes
        /// The system would not move or remove it (a mount point, a read-only or immutable file): why.
        case cannotRemove(String)

        package var description: String {
            switch self {
            case .changedOnDisk: "it changed on disk while coursecheck ran; run again"
            case .appearedOnDisk: "a file appeared there while coursecheck ran; run again"
            case .readOnly: "its owner has no write permission; make it writable to let coursecheck rewrite it"
            case .hardLinks(let count):
                "it has \(count) hard links, and a rewrite would split it from its other names"
            case .sharedFile(let count): "it has \(count) hard links, so writing it would change another file"
            case .otherOwner: "it belongs to another user, and coursecheck cannot keep its owner and group"
            case .linkOrNotRegular: "it is a link or not a regular file, which coursecheck never writes through"
            case .folderNotWritable(let folder): "its folder \(folder) cannot be written"
            case .cannotRemove(let reason): "the system will not remove it: \(reason)"
            case .attributes:
                "it has extended attributes (an ACL, say) that coursecheck could not carry over to the new file"
            }
        }
    }

    /// How durable a write must be: an author's file is synced before it replaces the old one;
    /// a cache entry or a report need not be.
    private enum Durability { case synced, cached }

    /// Rewrites (or creates) an author's file: lessons (`--promote`, `import`) and goldens
    /// (`--update`, the LSP's approve). Returns the refusal when the file may not be written.
    package static func replace(
        _ url: URL, with data: [UInt8], expecting expectation: Expectation, links: Links,
        environment: [String: String] = [:]
    ) throws(CourseCheckError) -> Refusal? {
        guard let target = target(of: url, links: links) else { return .linkOrNotRegular }
        if environment[faultVariable] == "stop-before-write" {
            // Tests stand in for an editor here: they save the file, then let the run go on.
            kill(getpid(), SIGSTOP)
        }
        if let refusal = check(target, expectation, links: links) { return refusal }
        var existing = stat()
        let exists = lstat(target.path, &existing) == 0
        let keep: Identity? = exists ? Identity(existing) : nil
        // Checked again right before the rename: the window for an editor's save is the rename itself.
        return try writeThroughTemporary(
            data, to: target, shownAs: url.path, keeping: keep, durability: .synced, environment: environment,
            expecting: expectation
        ) { () -> Refusal? in check(target, expectation, links: links) }
    }

    /// The file a write to `url` changes: the file a link names when links are followed; nil when
    /// links are refused and something other than a regular file stands at `url`.
    private static func target(of url: URL, links: Links) -> URL? {
        var info = stat()
        if links == .refuse, lstat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return nil }
        return links == .follow ? URL(fileURLWithPath: canonicalPath(url)) : url
    }

    /// Why `replace` or `remove` would refuse `url` now, without writing anything: a writer plans
    /// all its writes with this before the first one, so a refusal never leaves half a change.
    package static func refusal(for url: URL, expecting expectation: Expectation, links: Links) -> Refusal? {
        guard let target = target(of: url, links: links) else { return .linkOrNotRegular }
        if let refusal = check(target, expectation, links: links) { return refusal }
        // The nearest existing folder must take a new entry (the temporary, or a folder to create).
        var info = stat()
        var folder = target.deletingLastPathComponent().standardizedFileURL
        while folder.path != "/" && lstat(folder.path, &info) != 0 { folder.deleteLastPathComponent() }
        if geteuid() != 0 && access(folder.path, W_OK | X_OK) != 0 { return .folderNotWritable(folder.path) }
        return nil
    }

    /// Removes one file the caller read (an orphan golden `--update --prune` listed), only while
    /// it is still that file.
    ///
    /// The file is first renamed aside and looked at there, so an editor's save between the look and
    /// the removal cannot be removed with it: a file that is not the one read is put back.
    /// The aside is registered under the registry's lock in the same step as the rename, and
    /// leaves it in the same step as its unlink, so a signal finds it exactly while it exists.
    package static func remove(_ url: URL, expecting snapshot: Snapshot) throws(CourseCheckError) -> Refusal? {
        try remove(RawPath(url.path), in: url.deletingLastPathComponent(), expecting: snapshot)
    }

    /// `remove(_:expecting:)` of the file at `path` in `folder`, by its bytes: an orphan whose name
    /// is not UTF-8 goes like any other.
    package static func remove(_ path: RawPath, in folder: URL, expecting snapshot: Snapshot)
        throws(CourseCheckError) -> Refusal?
    {
        if let refusal = check(path, folder: folder.path, .unchanged(snapshot), links: .refuse) { return refusal }
        // No lock on an aside's marker: the file renamed is the author's, which an editor's save
        // may have replaced after any lock was taken, so only the process proves its owner ended.
        let aside = folder.appendingPathComponent(temporaryPrefix + Marker.current(locked: false).name)
        let moved = try registry.withLock { (state: inout Registry) throws(CourseCheckError) -> Int32 in
            guard !state.terminating else { throw CourseCheckError.system("coursecheck is stopping") }
            guard path.with({ rename($0, aside.path) }) == 0 else { return errno }
            state.asides[aside.path] = Aside(original: path, snapshot: snapshot)
            return 0
        }
        // A file the system will not move (a mount point, a read-only file system, an immutable
        // file) is refused on its own: the prune goes on with the rest, and the refusal is a finding.
        switch moved {
        case 0: break
        case ENOENT: return .changedOnDisk
        case EBUSY, EROFS, EPERM, EACCES, EXDEV: return .cannotRemove(String(cString: strerror(moved)))
        default: throw .io(path: path.shown, operation: .remove, cause: .system(errno: moved))
        }
        guard case .file(let taken) = read(aside, followingLinks: false), taken.bytes == snapshot.bytes,
            taken.identity.isSameFile(as: snapshot.identity)
        else {
            registry.withLock { state in
                Aside.putBack(aside.path, to: path)
                state.asides[aside.path] = nil
            }
            return .changedOnDisk
        }
        let removed = registry.withLock { state -> Int32 in
            state.asides[aside.path] = nil
            return unlink(aside.path) == 0 ? 0 : errno
        }
        guard removed == 0 else {
            throw .io(path: path.shown, operation: .remove, cause: .system(errno: removed))
        }
        return nil
    }

    /// Gives a golden the caller read (`snapshot`) a new name (a tree whose title changed, or whose
    /// lesson was renamed, keeps its approval), in the same goldens directory: only while it is still that file and nothing stands at
    /// `destination`. The file itself moves (owner, mode, attributes, bytes), and at no moment does
    /// neither name hold it: the old name goes in the same step the new one comes.
    package static func move(_ source: URL, to destination: URL, expecting snapshot: Snapshot)
        throws(CourseCheckError) -> Refusal?
    {
        if let refusal = refusal(moving: source, to: destination, expecting: snapshot) { return refusal }
        switch renameExclusive(source.path, destination.path, flags: renameNoReplace) {
        case .done: break
        case .failed(EEXIST): return .appearedOnDisk
        case .failed(ENOENT): return .changedOnDisk
        case .failed(let code) where [EBUSY, EROFS, EPERM, EACCES, EXDEV].contains(code):
            return .cannotRemove(String(cString: strerror(code)))
        case .failed(let code):
            throw .io(path: source.path, operation: .replace, cause: .system(errno: code))
        case .unsupported:
            // The portable path: a second name first (never over a file), then the old one goes.
            guard link(source.path, destination.path) == 0 else {
                let code = errno
                if code == EEXIST { return .appearedOnDisk }
                if code == ENOENT { return .changedOnDisk }
                throw .io(path: source.path, operation: .replace, cause: .system(errno: code))
            }
            guard let moved = Identity.of(destination.path), moved.isSameFile(as: snapshot.identity) else {
                unlink(destination.path)
                return .changedOnDisk
            }
            unlink(source.path)
        }
        // A save that replaced the file between the look and the rename is put back under its name.
        guard case .file(let moved) = read(destination, followingLinks: false), moved.bytes == snapshot.bytes,
            moved.identity.isSameFile(as: snapshot.identity)
        else {
            _ = renameExclusive(destination.path, source.path, flags: renameNoReplace)
            return .changedOnDisk
        }
        return nil
    }

    /// Why `move(_:to:expecting:)` would refuse now: the source must still be the file read (a
    /// regular file with one link, writable by its owner), nothing may stand at the destination,
    /// and the folder must take the new name.
    package static func refusal(moving source: URL, to destination: URL, expecting snapshot: Snapshot) -> Refusal? {
        if let refusal = check(source, .unchanged(snapshot), links: .refuse) { return refusal }
        if let refusal = check(destination, .absent, links: .refuse) { return refusal }
        // The nearest existing folder must take the new name (a renamed lesson's folder may be new).
        var info = stat()
        var folder = destination.deletingLastPathComponent().standardizedFileURL
        while folder.path != "/" && lstat(folder.path, &info) != 0 { folder.deleteLastPathComponent() }
        if geteuid() != 0 && access(folder.path, W_OK | X_OK) != 0 { return .folderNotWritable(folder.path) }
        if geteuid() != 0 && access(source.deletingLastPathComponent().path, W_OK | X_OK) != 0 {
            return .folderNotWritable(source.deletingLastPathComponent().path)
        }
        return nil
    }

    /// An orphan `remove` renamed aside: where it came from, and the file it must still be to go.
    private struct Aside {
        var original: RawPath
        var snapshot: Snapshot

        /// Puts the file at `path` back where it was; a file that appeared there meanwhile is kept,
        /// and so is this one, beside it as `.kept`.
        static func putBack(_ path: String, to original: RawPath) {
            let kept = Array(original.bytes.dropLast()) + Array(".kept".utf8CString)
            if original.with({ link(path, $0) }) == 0
                || errno == EEXIST && kept.withUnsafeBufferPointer({ rename(path, $0.baseAddress!) }) == 0
            {
                unlink(path)
            }
        }

        /// On a signal: removes the aside while it is still the file read (by identity and bytes),
        /// puts any other file back, and does nothing once it is gone.
        func settle(_ path: String) {
            switch read(URL(fileURLWithPath: path), followingLinks: false) {
            case .missing: return
            case .file(let taken)
            where taken.bytes == snapshot.bytes && taken.identity.isSameFile(as: snapshot.identity):
                unlink(path)
            default:
                Self.putBack(path, to: original)
            }
        }
    }

    /// Removes a folder coursecheck emptied, only when nothing at all is left in it.
    /// Returns why the folder could not be removed (a mount point, a file that appeared in it), or
    /// nil when it is gone.
    @discardableResult
    package static func removeIfEmpty(_ directory: URL) -> String? {
        swept.withLock { _ = $0.remove(directory.standardizedFileURL.path) }
        sweepTemporaries(in: directory)
        guard rmdir(directory.path) != 0, errno != ENOENT else { return nil }
        return errno == ENOTEMPTY || errno == EEXIST
            ? "something was added to it since it was listed" : String(cString: strerror(errno))
    }

    /// Creates `directory` and its missing parents (a golden folder, the goldens directory, the
    /// cache); never anything directly at `/`.
    package static func makeDirectories(_ directory: URL) throws(CourseCheckError) {
        let path = directory.standardizedFileURL.path
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .io(path: path, operation: .createDirectory, cause: .fileInTheWay(path))
            }
            return
        }
        let parent = path.parentPath
        guard !parent.isEmpty, parent != "/", parent != path else {
            throw .io(path: path, operation: .createDirectory, cause: .atRoot)
        }
        var parentInfo = stat()
        if stat(parent, &parentInfo) == 0, parentInfo.st_mode & S_IFMT != S_IFDIR {
            throw .io(path: path, operation: .createDirectory, cause: .fileInTheWay(parent))
        }
        try makeDirectories(URL(fileURLWithPath: parent))
        if mkdir(path, 0o777) == 0 {
            // As for a new file: root's new folder belongs to whoever owns the folder above it.
            var above = stat()
            if geteuid() == 0, stat(parent, &above) == 0 { chown(path, above.st_uid, above.st_gid) }
        } else if errno != EEXIST {
            let code = errno
            var parentInfo = stat()
            if stat(parent, &parentInfo) == 0, parentInfo.st_mode & S_IFMT != S_IFDIR {
                throw .io(path: path, operation: .createDirectory, cause: .fileInTheWay(parent))
            }
            throw .io(path: path, operation: .createDirectory, cause: .system(errno: code))
        }
    }

    /// Why the file at `target` is no longer what the verdict was formed on, or may not be
    /// rewritten at all; nil when it may.
    private static func check(_ target: URL, _ expectation: Expectation, links: Links) -> Refusal? {
        check(RawPath(target.path), folder: target.deletingLastPathComponent().path, expectation, links: links)
    }

    private static func check(_ target: RawPath, folder: String, _ expectation: Expectation, links: Links) -> Refusal? {
        var info = stat()
        // Where links are refused, the folder may not have become one either since it was read.
        if links == .refuse, lstat(folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            return .linkOrNotRegular
        }
        let found = target.with { lstat($0, &info) } == 0
        switch expectation {
        case .absent:
            return found ? .appearedOnDisk : nil
        case .unchanged(let snapshot):
            guard found else { return .changedOnDisk }
            guard info.st_mode & S_IFMT == S_IFREG else { return .linkOrNotRegular }
            let now = Identity(info)
            if now.links > 1 { return .hardLinks(now.links) }
            if now.mode & S_IWUSR == 0 { return .readOnly }
            guard now.isSameFile(as: snapshot.identity) else { return .changedOnDisk }
            guard case .file(let again) = read(target, followingLinks: false), again.bytes == snapshot.bytes,
                again.identity.isSameFile(as: snapshot.identity)
            else { return .changedOnDisk }
            return nil
        }
    }

    /// `refusal(for:expecting:links:)` of an orphan `remove(_:in:expecting:)` would remove: its
    /// folder is never a link, and the file must still be the one read.
    package static func refusal(removing path: RawPath, in folder: URL, expecting snapshot: Snapshot) -> Refusal? {
        if let refusal = check(path, folder: folder.path, .unchanged(snapshot), links: .refuse) { return refusal }
        if geteuid() != 0 && access(folder.path, W_OK | X_OK) != 0 { return .folderNotWritable(folder.path) }
        return nil
    }

    // MARK: Temporaries

    /// The prefix of every temporary file; `.gitignore` holds `.coursecheck-tmp-*`.
    package static let temporaryPrefix = ".coursecheck-tmp-"

    /// Set `COURSECHECK_FAULT=before-rename` to die between writing and renaming (atomicity tests),
    /// `stop-before-write` to stop (SIGSTOP) before each rewrite of an author's file (concurrent edits),
    /// `stop-before-report` to stop before each report is written.
    static let faultVariable = "COURSECHECK_FAULT"

    /// A new temporary in `directory`, open for writing, with its marker in its name and, where the
    /// file system has locks, the marker's lock held on the descriptor returned.
    ///
    /// The lock is taken right after the file is made: a sweep that took it in that moment found a
    /// locked marker's lock free and removed the file, which the link count then shows, and
    /// another is made. Where no lock can be had, the marker says it has none.
    private static func makeTemporary(in directory: URL, shownAs shown: String) throws(CourseCheckError) -> (
        URL, Int32
    ) {
        var locking = true
        while true {
            let temporary = directory.appendingPathComponent(temporaryPrefix + Marker.current(locked: locking).name)
            let descriptor = try registered(temporary) { () -> Int32 in
                open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            }
            guard descriptor >= 0 else {
                let code = errno
                unregister(temporary.path)
                throw .io(path: shown, operation: .write, cause: cause(errno: code, directory: directory))
            }
            guard locking else { return (temporary, descriptor) }
            if flock(descriptor, LOCK_EX) == 0 {
                var info = stat()
                if fstat(descriptor, &info) == 0 && info.st_nlink > 0 { return (temporary, descriptor) }
            } else {
                locking = false
                unlink(temporary.path)
            }
            close(descriptor)
            unregister(temporary.path)
        }
    }

    /// Writes `data` to a fresh temporary beside `target`, gives it `keeping`'s owner, group and mode,
    /// asks `lastCheck` once more, and renames it over `target`. No temporary survives an error.
    private static func writeThroughTemporary(
        _ data: [UInt8], to target: URL, shownAs shown: String, keeping: Identity?, durability: Durability,
        environment: [String: String], expecting: Expectation? = nil, newMode: mode_t? = nil,
        lastCheck: () -> Refusal? = { nil }
    ) throws(CourseCheckError) -> Refusal? {
        let directory = target.deletingLastPathComponent()
        sweepTemporaries(in: directory)
        let (temporary, descriptor) = try makeTemporary(in: directory, shownAs: shown)
        // The descriptor holds the marker's lock: it stays open until the temporary's name is gone.
        var closed = false
        func closeOnce() {
            if !closed { close(descriptor) }
            closed = true
        }
        defer { closeOnce() }
        func discard() {
            unlink(temporary.path)
            unregister(temporary.path)
            closeOnce()
        }
        if let code = writeAll(data, to: descriptor) {
            discard()
            throw .io(path: shown, operation: .write, cause: cause(errno: code, directory: directory))
        }
        if let keeping {
            let sameOwner = keeping.owner == geteuid() && keeping.group == getegid()
            if !sameOwner && fchown(descriptor, keeping.owner, keeping.group) != 0 {
                discard()
                return .otherOwner
            }
            fchmod(descriptor, keeping.mode & 0o7777)
            // ACLs and other extended attributes go with the file, after the mode (an ACL's mask
            // is the mode's group bits): a rewrite never widens who may write it.
            guard copyAttributes(from: target.path, to: descriptor) else {
                discard()
                return .attributes
            }
        } else if let newMode {
            fchmod(descriptor, newMode)
        }
        if keeping == nil && geteuid() == 0 {
            // Root creating a file in another user's checkout gives it the folder's owner and group,
            // so the author can still edit and remove it.
            var folder = stat()
            if stat(directory.path, &folder) == 0 { fchown(descriptor, folder.st_uid, folder.st_gid) }
        }
        if durability == .synced && fsync(descriptor) != 0 && errno != EINVAL {
            let code = errno
            discard()
            throw .io(path: shown, operation: .write, cause: cause(errno: code, directory: directory))
        }
        if let refusal = lastCheck() {
            discard()
            return refusal
        }
        if environment[faultVariable] == "before-rename" {
            kill(getpid(), SIGKILL)
        }
        // The swap itself checks once more where the kernel can: a new file goes in only where
        // nothing is (RENAME_NOREPLACE); a rewrite exchanges the two files (RENAME_EXCHANGE) and
        // looks at the one it took out, swapping back when it is not the file that was read.
        switch expecting {
        case .absent?:
            switch renameExclusive(temporary.path, target.path, flags: renameNoReplace) {
            case .done:
                unregister(temporary.path)
                return nil
            case .failed(EEXIST):
                discard()
                return .appearedOnDisk
            case .failed(let code):
                discard()
                throw .io(path: shown, operation: .replace, cause: cause(errno: code, directory: directory))
            case .unsupported: break
            }
        case .unchanged(let snapshot)?:
            // The exchange, the look at the file it took out and a swap back are one step to the
            // signal handler: between them the temporary holds what stood at the target, an
            // editor's save perhaps, which the handler's removal of the temporary would lose.
            let (swap, tookTheFileRead) = registry.withLock { _ -> (Swap, Bool) in
                let swap = renameExclusive(temporary.path, target.path, flags: renameExchange)
                guard case .done = swap else { return (swap, true) }
                // One name too: a hard link made since the last look would keep the old file at another name.
                guard case .file(let old) = read(temporary, followingLinks: false), old.bytes == snapshot.bytes,
                    old.identity.isSameFile(as: snapshot.identity), old.identity.links == 1
                else {
                    _ = renameExclusive(temporary.path, target.path, flags: renameExchange)
                    return (swap, false)
                }
                return (swap, true)
            }
            switch swap {
            case .done:
                discard()
                return tookTheFileRead ? nil : .changedOnDisk
            case .failed(let code):
                discard()
                throw .io(path: shown, operation: .replace, cause: cause(errno: code, directory: directory))
            case .unsupported: break
            }
        case nil: break
        }
        // No exclusive rename (the portable path, or a file system without it). A new file goes in
        // by `link`, which never replaces one. Else the target is checked once more right before a
        // plain rename, and after it the target must be the file written: the window for an
        // editor's save is the rename itself, and a save that lands after it is not called written.
        if case .absent? = expecting {
            if link(temporary.path, target.path) == 0 {
                discard()
                return nil
            }
            if errno == EEXIST {
                discard()
                return .appearedOnDisk
            }
        }
        let written = Identity.of(temporary.path)
        if expecting != nil, let refusal = lastCheck() {
            discard()
            return refusal
        }
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            discard()
            throw .io(path: shown, operation: .replace, cause: cause(errno: code, directory: directory))
        }
        unregister(temporary.path)
        if expecting != nil, let written, !(Identity.of(target.path)?.isSameFile(as: written) ?? false) {
            return .changedOnDisk
        }
        return nil
    }

    private typealias ListAttributes = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetAttribute =
        @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetAttribute =
        @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    /// glibc's `llistxattr`, `lgetxattr` and `fsetxattr`, looked up at run time (Swift's Glibc
    /// module does not declare them); nil where there are none.
    private static let attributeCalls: (list: ListAttributes, get: GetAttribute, set: SetAttribute)? = {
        let process = dlopen(nil, RTLD_NOW)
        guard let list = dlsym(process, "llistxattr"), let get = dlsym(process, "lgetxattr"),
            let set = dlsym(process, "fsetxattr")
        else { return nil }
        return (
            unsafeBitCast(list, to: ListAttributes.self), unsafeBitCast(get, to: GetAttribute.self),
            unsafeBitCast(set, to: SetAttribute.self)
        )
    }()

    /// Copies every extended attribute of the file at `path` to `descriptor`; false when one
    /// exists and cannot be copied. A file system without them has none to lose.
    private static func copyAttributes(from path: String, to descriptor: Int32) -> Bool {
        guard let calls = attributeCalls else { return true }
        let size = calls.list(path, nil, 0)
        guard size > 0 else { return size == 0 || errno == ENOTSUP }
        var names = [CChar](repeating: 0, count: size)
        let listed = calls.list(path, &names, size)
        guard listed > 0 else { return false }
        let all = names[0..<listed].split(separator: 0).map { Array($0) + [0] }
        for name in all {
            let length = calls.get(path, name, nil, 0)
            guard length >= 0 else { return false }
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let got = calls.get(path, name, &value, length)
            guard got >= 0, calls.set(descriptor, name, value, got, 0) == 0 else { return false }
        }
        return true
    }

    private static let renameNoReplace = Platform.renameNoReplace
    private static let renameExchange = Platform.renameExchange

    private enum Swap {
        case done
        case failed(Int32)
        case unsupported
    }

    /// The kernel's exclusive rename with `flags` (`Platform.exclusiveRename`); `.unsupported`
    /// when the platform, the system or the file system lacks it.
    private static func renameExclusive(_ from: String, _ to: String, flags: UInt32) -> Swap {
        guard let exclusiveRename = Platform.exclusiveRename else { return .unsupported }
        if exclusiveRename(from, to, flags) == 0 { return .done }
        let code = errno
        return code == ENOSYS || code == EINVAL || code == ENOTSUP ? .unsupported : .failed(code)
    }

    /// Writes every byte, through short writes and interrupts; the errno of a failure.
    private static func writeAll(_ data: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes {
                posixWrite(descriptor, $0.baseAddress.map { $0 + offset }, data.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return ENOSPC }
            offset += written
        }
        return nil
    }

    private static let swept = Mutex(Set<String>())

    /// Removes the temporaries of ended coursecheck processes in `directory`, once per run and
    /// folder: only regular files of this user whose name carries a well-formed marker.
    package static func sweepTemporaries(in directory: URL) {
        let path = directory.standardizedFileURL.path
        guard swept.withLock({ $0.insert(path).inserted }) else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            guard let marker = Marker(name: String(name.dropFirst(temporaryPrefix.count))) else { continue }
            let file = path + "/" + name
            let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            // The lock stays taken through the removal: another sweep finds it held.
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                marker.hasEnded(Marker.tryLock(descriptor)), Identity.of(file)?.isSameFile(as: Identity(info)) == true
            else { continue }
            unlink(file)
        }
    }

    // MARK: Ownership markers

    /// Who made a scratch directory or a temporary: the boot, the PID namespace, the process (pid
    /// and start time, so a reused pid is a different process), a random token, and whether its
    /// owner holds an `flock` on it for as long as it exists (`locked`).
    ///
    /// The lock is the proof both paths share, and the only one the portable path has (it knows no
    /// boot, namespace or start time): a lock another process can take on a locked marker proves
    /// its owner gone, whatever its pid names now. A marker without it (an older coursecheck's, or
    /// one made on a file system without locks) is judged by the rest, as before.
    struct Marker: Equatable {
        var boot: String
        var namespace: String
        var pid: pid_t
        var start: String
        var token: String
        var locked: Bool

        /// This process's marker, with a fresh token.
        static func current(locked: Bool) -> Marker {
            Marker(
                boot: bootID, namespace: pidNamespace, pid: getpid(), start: processStart(getpid()) ?? "0",
                token: String(UInt64.random(in: 0...UInt64.max), radix: 36), locked: locked)
        }

        /// `<boot>-<namespace>-<pid>-<start>-<token>`, and `-f` when locked: every part is needed,
        /// and none may be empty.
        var name: String { "\(boot)-\(namespace)-\(pid)-\(start)-\(token)" + (locked ? "-f" : "") }

        init(boot: String, namespace: String, pid: pid_t, start: String, token: String, locked: Bool = false) {
            (self.boot, self.namespace, self.pid, self.start, self.token) = (boot, namespace, pid, start, token)
            self.locked = locked
        }

        init?(name: String) {
            var parts = name.split(separator: "-", omittingEmptySubsequences: false)
            let locked = parts.count == 6 && parts[5] == "f"
            if locked { parts.removeLast() }
            guard parts.count == 5, let pid = pid_t(parts[2]), pid > 0,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } })
            else { return nil }
            self.init(
                boot: String(parts[0]), namespace: String(parts[1]), pid: pid, start: String(parts[3]),
                token: String(parts[4]), locked: locked)
        }

        /// Provably ended, given what an `flock` on the marker found (`Lock`). A lock held means
        /// a live owner (or another run sweeping it). A lock taken on a locked marker is proof,
        /// unless the process is known to live (the Linux path's start time matches): the moment a
        /// rewrite's exchange leaves the file it took out under the temporary's name, unlocked.
        /// Else: made in another boot, or its pid is gone or now names a process that started at
        /// another time. A marker from another PID namespace (another container) proves nothing
        /// here, since its pid names another process; this process's own never count as ended.
        /// A boot of "0" (the portable path's, which cannot tell boots apart) is no other boot: a
        /// portable run's live temporaries are not a native run's leftovers, nor the reverse.
        func hasEnded(_ lock: Lock) -> Bool {
            switch lock {
            case .held: return false
            case .taken where locked: return !isKnownAlive
            case .taken, .unavailable: break
            }
            if boot != Self.bootID && boot != "0" && Self.bootID != "0" { return true }
            if namespace != Self.pidNamespace { return false }
            if pid == getpid() { return false }
            guard let now = Self.processStart(pid) else {
                return kill(pid, 0) == -1 && errno == ESRCH
            }
            return now != start
        }

        /// Its process is running, by boot, namespace, pid and start time; never on the portable
        /// path, which knows no start times.
        private var isKnownAlive: Bool {
            boot == Self.bootID && boot != "0" && namespace == Self.pidNamespace
                && Self.processStart(pid).map { $0 == start } == true
        }

        /// What a sweep's `flock(LOCK_EX | LOCK_NB)` on a marker found.
        enum Lock {
            /// Another open file holds it.
            case held
            /// The sweep holds it now.
            case taken
            /// The file system, or the file, gives no lock: it proves nothing either way.
            case unavailable
        }

        /// Tries the lock on the open `descriptor` without waiting.
        static func tryLock(_ descriptor: Int32) -> Lock {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .taken }
            return errno == EWOULDBLOCK || errno == EAGAIN || errno == EINTR ? .held : .unavailable
        }

        /// This process's PID namespace; "0" where it cannot be told.
        static var pidNamespace: String { Platform.pidNamespace }

        /// The kernel's boot id, shortened; "0" where it cannot be told.
        static var bootID: String { Platform.bootID }

        /// A process's start time, or nil when there is no such process or it cannot be told.
        static func processStart(_ pid: pid_t) -> String? { Platform.processStart(pid) }
    }

    // MARK: Scratch directories

    /// The name of the marker file inside every scratch directory.
    static let scratchMarkerFile = ".coursecheck-owner"

    /// A private directory for one run's generated sources, binaries and outputs. Its owner calls
    /// `remove()` (usually in a `defer`); a signal removes it too; one left by SIGKILL is removed by
    /// a later run, by its marker.
    package struct Scratch: Sendable {
        package let url: URL

        /// Removes the directory and everything in it (never following a link out of it).
        package func remove() {
            FileGate.removeTree(url.path)
            FileGate.unregister(url.path)
            FileGate.releaseScratchLock(url.path)
        }

        /// Writes a generated file into this directory.
        package func write(_ text: String, to file: URL) throws(CourseCheckError) {
            try FileGate.writeScratch(Array(text.utf8), to: file, in: self)
        }

        /// Writes a copied file into this directory, byte for byte.
        package func write(bytes: [UInt8], to file: URL) throws(CourseCheckError) {
            try FileGate.writeScratch(bytes, to: file, in: self)
        }

        /// Creates an empty file here for a child's output; returns a descriptor open for writing,
        /// which the caller hands to the child and closes.
        package func createOutput(_ file: URL) throws(CourseCheckError) -> Int32 {
            guard FileGate.isInside(file, self) else {
                throw .system("refusing to create \(file.path) outside the scratch directory")
            }
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw .io(path: file.path, operation: .write, cause: FileGate.cause(errno: errno, directory: url))
            }
            return descriptor
        }

        /// Creates a directory inside this one.
        package func makeDirectory(_ directory: URL) throws(CourseCheckError) {
            guard FileGate.isInside(directory, self) else {
                throw .system("refusing to create \(directory.path) outside the scratch directory")
            }
            if mkdir(directory.path, 0o700) != 0 && errno != EEXIST {
                throw .io(path: directory.path, operation: .createDirectory, cause: .system(errno: errno))
            }
        }

        /// Makes `link` here a symbolic link to `target` (a cached binary placed where a tree runs).
        package func link(_ link: URL, to target: URL) throws(CourseCheckError) {
            guard FileGate.isInside(link, self) else {
                throw .system("refusing to create \(link.path) outside the scratch directory")
            }
            if symlink(target.path, link.path) != 0 {
                throw .io(path: link.path, operation: .write, cause: FileGate.cause(errno: errno, directory: url))
            }
        }

        /// Removes a file this directory holds.
        package func remove(_ file: URL) {
            guard FileGate.isInside(file, self) else { return }
            unlink(file.path)
        }
    }

    /// Makes a scratch directory in the temporary directory, with its marker inside, after removing
    /// (once per run) the scratch directories of ended coursecheck processes.
    package static func makeScratch() throws(CourseCheckError) -> Scratch {
        let root = try temporaryDirectory()
        _ = sweptScratch
        var marker = Marker.current(locked: true)
        let url = root.appendingPathComponent("coursecheck-\(marker.pid)-\(marker.token)", isDirectory: true)
        let made = try registered(url) { () -> Int32 in mkdir(url.path, 0o700) }
        guard made == 0 else {
            let code = errno
            unregister(url.path)
            throw .io(path: url.path, operation: .createDirectory, cause: cause(errno: code, directory: root))
        }
        let scratch = Scratch(url: url)
        // The marker is locked before it says anything: a sweep reads a marker only once it is
        // written, and by then this process holds its lock until the directory is gone.
        let markerFile = url.appendingPathComponent(scratchMarkerFile)
        let descriptor = open(markerFile.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            scratch.remove()
            throw .io(path: markerFile.path, operation: .write, cause: cause(errno: code, directory: url))
        }
        if flock(descriptor, LOCK_EX) != 0 { marker.locked = false }
        scratchLocks.withLock { $0[url.path] = descriptor }
        if let code = writeAll(Array((marker.name + "\n").utf8), to: descriptor) {
            scratch.remove()
            throw .io(path: markerFile.path, operation: .write, cause: cause(errno: code, directory: url))
        }
        return scratch
    }

    /// The descriptor holding each live scratch directory's marker lock, by the directory's path.
    private static let scratchLocks = Mutex([String: Int32]())

    /// Lets go of a scratch directory's marker lock, once the directory is gone.
    fileprivate static func releaseScratchLock(_ path: String) {
        if let descriptor = scratchLocks.withLock({ $0.removeValue(forKey: path) }) { close(descriptor) }
    }

    /// The scratch directories of this user's ended coursecheck processes, removed once per run: a
    /// directory goes only when it holds a well-formed marker whose token is in its name and whose
    /// process has ended. A name alone is never enough.
    private static let sweptScratch: Void = {
        guard let root = try? temporaryDirectory() else { return }
        sweepScratch(in: root)
    }()

    /// Removes, in `root`, the scratch directories of ended coursecheck processes (see `sweptScratch`).
    package static func sweepScratch(in root: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return }
        for name in names where name.hasPrefix("coursecheck-") {
            let path = root.path + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
                case .file(let snapshot) = read(
                    URL(fileURLWithPath: path + "/" + scratchMarkerFile), followingLinks: false),
                snapshot.bytes.count < 256,
                let marker = Marker(
                    name: String(decoding: snapshot.bytes, as: UTF8.self).trimmingCharacters(in: .newlines)),
                name == "coursecheck-\(marker.pid)-\(marker.token)"
            else { continue }
            let descriptor = open(path + "/" + scratchMarkerFile, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            // Held through the removal, so a second sweep leaves the directory to this one.
            defer { close(descriptor) }
            guard marker.hasEnded(Marker.tryLock(descriptor)) else { continue }
            removeLeftover(path)
        }
    }

    /// Removes an ended run's scratch directory: first the compilers it left running there (a
    /// SIGKILL does not reach them; they are this user's processes working inside it), then
    /// everything but the marker, and the marker last, so a removal cut short is retried next time.
    private static func removeLeftover(_ path: String) {
        for pid in Platform.processesWorking(inside: path) { kill(pid, SIGKILL) }
        for _ in 0..<3 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let rest = names.filter { $0 != scratchMarkerFile }
            if rest.isEmpty { break }
            for name in rest { removeTree(path + "/" + name) }
        }
        guard ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []) == [scratchMarkerFile] else {
            return
        }
        unlink(path + "/" + scratchMarkerFile)
        rmdir(path)
    }

    /// The temporary directory: `TMPDIR` when set and not empty (it must exist: it is never
    /// created), else `/tmp`. Never `/` itself.
    package static func temporaryDirectory(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CourseCheckError) -> URL {
        let value = environment["TMPDIR"] ?? ""
        let path = value.isEmpty ? "/tmp" : value
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .io(path: "TMPDIR=\(path)", operation: .temporaryDirectory, cause: .system(errno: errno))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .io(path: "TMPDIR=\(path)", operation: .temporaryDirectory, cause: .notADirectory)
        }
        guard canonicalPath(URL(fileURLWithPath: path)) != "/" else {
            throw .io(path: "TMPDIR=\(path)", operation: .temporaryDirectory, cause: .atRoot)
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    private static func isInside(_ file: URL, _ scratch: Scratch) -> Bool {
        file.standardizedFileURL.path.hasPrefix(scratch.url.standardizedFileURL.path + "/")
    }

    private static func writeScratch(_ data: [UInt8], to file: URL, in scratch: Scratch) throws(CourseCheckError) {
        guard isInside(file, scratch) else {
            throw .system("refusing to write \(file.path) outside the scratch directory")
        }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .io(path: file.path, operation: .write, cause: cause(errno: errno, directory: scratch.url))
        }
        defer { close(descriptor) }
        if let code = writeAll(data, to: descriptor) {
            throw .io(path: file.path, operation: .write, cause: cause(errno: code, directory: scratch.url))
        }
    }

    /// Removes a directory tree without following links (a link inside is removed, not entered).
    private static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    // MARK: Cache entries

    /// Writes a cache entry atomically (a reader sees the old entry or the new one); the cache is
    /// coursecheck's own, so there is nothing to compare.
    /// `executable` makes it a program (a freshly linked binary), set before it takes its name.
    package static func writeCacheEntry(_ data: [UInt8], to url: URL, executable: Bool = false)
        throws(CourseCheckError)
    {
        try makeDirectories(url.deletingLastPathComponent())
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            // An empty directory where an entry belongs goes; one holding anything is never removed.
            rmdir(url.path)
        }
        if let refusal = try writeThroughTemporary(
            data, to: url, shownAs: url.path, keeping: nil, durability: .cached, environment: [:],
            newMode: executable ? 0o755 : nil)
        {
            throw .io(path: url.path, operation: .write, cause: .refusedBecause(refusal.description))
        }
    }

    // MARK: The compiler's module cache

    /// Removes a module cache swiftc could not use (a later compile builds it anew), never
    /// following a link out of it. True when nothing is left at `directory`.
    package static func removeModuleCache(_ directory: URL) -> Bool {
        var info = stat()
        // Compilers still writing into it can add entries while it goes: a few passes, as for a leftover scratch.
        for _ in 0..<3 where lstat(directory.path, &info) == 0 { removeTree(directory.path) }
        return lstat(directory.path, &info) != 0
    }

    /// Gives what root's compiler created in `directory` (swiftc's module cache in a user's
    /// checkout) the owner and group of the folder that holds it, as every file FileGate creates
    /// there gets them, so the checkout's owner can still remove it. Only entries this user owns
    /// change; the walk opens each folder relative to its parent with `O_NOFOLLOW` and changes
    /// entries with `AT_SYMLINK_NOFOLLOW`, so a link planted inside leads it nowhere.
    package static func giveToFolderOwner(_ directory: URL) {
        guard geteuid() == 0 else { return }
        var folder = stat()
        guard stat(directory.deletingLastPathComponent().path, &folder) == 0,
            folder.st_uid != geteuid() || folder.st_gid != getegid()
        else { return }
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        giveToOwner(descriptor, owner: folder.st_uid, group: folder.st_gid, depth: 0)
    }

    /// `giveToFolderOwner`'s walk below the open folder `descriptor`, which it closes.
    private static func giveToOwner(_ descriptor: Int32, owner: uid_t, group: gid_t, depth: Int) {
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_uid == geteuid() { fchown(descriptor, owner, group) }
        guard depth < 16, let stream = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { giveToOwner(child, owner: owner, group: group, depth: depth + 1) }
            } else if info.st_uid == geteuid() {
                fchownat(descriptor, name, owner, group, AT_SYMLINK_NOFOLLOW)
            }
        }
    }

    // MARK: Reports

    /// Writes the `--junit` report over what its owner (`ReportTarget`) found at the path before
    /// the run, and only while that still stands there: nothing (`.absent`), or that very file with
    /// one name and the bytes read. A path that is not a regular file, a folder that does not exist,
    /// or a path that changed meanwhile (a hard link made to it, say) is an error naming the file;
    /// when the write itself fails, the earlier report (still the file found) is removed so a stale
    /// green report cannot survive.
    package static func writeReport(
        _ data: [UInt8], to url: URL, shownAs shown: String? = nil, expecting expectation: Expectation,
        environment: [String: String] = [:]
    ) throws(CourseCheckError) {
        stopBeforeReport(environment)
        let shown = shown ?? url.path
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw .io(path: shown, operation: .write, cause: .notRegularFile)
        }
        let folder = URL(fileURLWithPath: canonicalPath(url.deletingLastPathComponent()))
        let target = folder.appendingPathComponent(url.lastPathComponent)
        var parent = stat()
        guard stat(folder.path, &parent) == 0, parent.st_mode & S_IFMT == S_IFDIR else {
            throw .io(path: shown, operation: .write, cause: .noSuchFile)
        }
        if let refusal = reportRefusal(target.path, expectation) {
            throw .io(path: shown, operation: .write, cause: .refusedBecause(refusal.description))
        }
        do throws(CourseCheckError) {
            if let refusal = try writeThroughTemporary(
                data, to: target, shownAs: shown, keeping: nil, durability: .cached, environment: [:],
                expecting: expectation, lastCheck: { reportRefusal(target.path, expectation) })
            {
                throw CourseCheckError.io(
                    path: shown, operation: .write, cause: .refusedBecause(refusal.description))
            }
        } catch {
            // Only the report found at this very path goes, and only while it is still that file
            // with one name: never a file a link leads to, nor one that changed meanwhile.
            if case .io(_, _, .refusedBecause) = error { throw error }
            if case .unchanged = expectation, reportRefusal(target.path, expectation) == nil { unlink(target.path) }
            throw error
        }
    }

    /// Appends to the job summary GitHub names, only while the path holds what its owner
    /// (`ReportTarget`) found there before the run: nothing (then the file is created here, never
    /// over one that appeared), or that very file (device, inode, size, modification time) with one
    /// name. Never truncates or removes it, never blocks on a FIFO, never follows a link.
    package static func appendReport(
        _ data: [UInt8], to url: URL, shownAs shown: String? = nil, expecting expectation: Expectation,
        environment: [String: String] = [:]
    ) throws(CourseCheckError) {
        stopBeforeReport(environment)
        let path = shown ?? url.path
        var flags = O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW
        if case .absent = expectation { flags |= O_CREAT | O_EXCL }
        let descriptor = open(url.path, flags, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            let cause: CourseCheckError.IOCause =
                switch (expectation, code) {
                case (.absent, EEXIST): .refusedBecause(Refusal.appearedOnDisk.description)
                case (.unchanged, ENOENT): .refusedBecause(Refusal.changedOnDisk.description)
                case (_, ELOOP): .linkOrNotRegularFile
                default: .system(errno: code)
                }
            throw .io(path: path, operation: .appendSummary, cause: cause)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .io(path: path, operation: .appendSummary, cause: .notRegularFile)
        }
        // Looked at through the descriptor the bytes go to: the file written is the file checked.
        let now = Identity(info)
        if now.links != 1 {
            throw .io(
                path: path, operation: .appendSummary, cause: .refusedBecause(Refusal.sharedFile(now.links).description)
            )
        }
        if case .unchanged(let snapshot) = expectation, !now.isSameFile(as: snapshot.identity) {
            throw .io(path: path, operation: .appendSummary, cause: .refusedBecause(Refusal.changedOnDisk.description))
        }
        // A summary root creates in another user's folder takes the folder's owner, as every file does.
        var folder = stat()
        if case .absent = expectation, geteuid() == 0,
            stat(url.deletingLastPathComponent().path, &folder) == 0
        {
            fchown(descriptor, folder.st_uid, folder.st_gid)
        }
        if let code = writeAll(data, to: descriptor) {
            throw .io(path: path, operation: .appendSummary, cause: .system(errno: code))
        }
    }

    /// Why a report may not replace what stands at `path` now: anything but what was found before
    /// the run, a second name included. A report's mode is no refusal (it is coursecheck's file).
    private static func reportRefusal(_ path: String, _ expectation: Expectation) -> Refusal? {
        var info = stat()
        let found = lstat(path, &info) == 0
        switch expectation {
        case .absent:
            return found ? .appearedOnDisk : nil
        case .unchanged(let snapshot):
            guard found else { return .changedOnDisk }
            guard info.st_mode & S_IFMT == S_IFREG else { return .linkOrNotRegular }
            let now = Identity(info)
            if now.links != 1 { return .sharedFile(now.links) }
            return now.isSameFile(as: snapshot.identity) ? nil : .changedOnDisk
        }
    }

    /// `COURSECHECK_FAULT=stop-before-report`: stops (SIGSTOP) before each report is written, so a
    /// test can change the path as another process would, then let the run go on.
    private static func stopBeforeReport(_ environment: [String: String]) {
        if environment[faultVariable] == "stop-before-report" { kill(getpid(), SIGSTOP) }
    }

    // MARK: Runs that overlap

    /// Advisory locks held for the rest of a writing run (`--update`, `--promote`, `import`, approve).
    package final class WriteLock: Sendable {
        private let descriptors: Mutex<[Int32]>

        init(descriptors: [Int32]) { self.descriptors = Mutex(descriptors) }

        /// Lets the next writer in; also done when the lock goes.
        package func release() {
            descriptors.withLock { held in
                for descriptor in held { close(descriptor) }
                held = []
            }
        }

        deinit { release() }
    }

    /// Locks each existing directory in `directories` (in one order, so two runs cannot deadlock).
    /// When another run holds one, `waiting` is told once and the run waits for it.
    /// `wait: false` refuses at once instead (the LSP's loop must never block).
    package static func lockForWriting(
        _ directories: [URL], wait: Bool = true, waiting: (String) -> Void
    ) throws(CourseCheckError) -> WriteLock {
        var descriptors: [Int32] = []
        // One lock per directory, by identity: a bind mount shows one directory at two paths, and
        // two locks on it would wait for each other.
        var identities: Set<[UInt64]> = []
        for path in Set(directories.map { canonicalPath($0) }).sorted() {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var info = stat()
            guard fstat(descriptor, &info) == 0,
                identities.insert([UInt64(truncatingIfNeeded: info.st_dev), UInt64(info.st_ino)]).inserted
            else {
                close(descriptor)
                continue
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard wait else {
                    close(descriptor)
                    for held in descriptors { close(held) }
                    throw .io(path: path, operation: .lock, cause: .busy)
                }
                waiting(path)
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(descriptor)
                        throw .io(path: path, operation: .lock, cause: .system(errno: errno))
                    }
                }
            }
            descriptors.append(descriptor)
        }
        return WriteLock(descriptors: descriptors)
    }

    // MARK: Signals

    private struct Registry {
        var paths: Set<String> = []
        /// The orphans renamed aside by `remove`, by their temporary path.
        var asides: [String: Aside] = [:]
        var terminating = false
    }

    private static let registry = Mutex(Registry())

    /// Makes a path under the registry's lock, so a signal arriving meanwhile still finds it.
    private static func registered<T>(_ url: URL, make: () -> T) throws(CourseCheckError) -> T {
        try registry.withLock { (state: inout Registry) throws(CourseCheckError) -> T in
            guard !state.terminating else { throw CourseCheckError.system("coursecheck is stopping") }
            state.paths.insert(url.path)
            return make()
        }
    }

    private static func unregister(_ path: String) {
        _ = registry.withLock { $0.paths.remove(path) }
    }

    /// Called by the signal handler: removes every scratch directory and temporary this process
    /// made and still holds, and keeps new ones from being made until the process exits.
    package static func removeRegisteredForExit() {
        registry.withLock { state in
            state.terminating = true
            // A child killed a moment ago may still write a file while the tree goes (a compiler's
            // output): the removal is tried again for up to a second, until nothing is left.
            for path in state.paths {
                for _ in 0..<20 {
                    removeTree(path)
                    if access(path, F_OK) != 0 { break }
                    usleep(50_000)
                }
            }
            state.paths.removeAll()
            for (path, aside) in state.asides { aside.settle(path) }
            state.asides.removeAll()
        }
    }

    // MARK: Paths

    /// The absolute path with every symbolic link resolved, as far as the path exists.
    package static func canonicalPath(_ url: URL) -> String {
        canonicalPath(path: url.path, url: url)
    }

    /// The same for a path (`URL.path` costs ~4,600 instructions; most callers know the path).
    package static func canonicalPath(path: String) -> String {
        canonicalPath(path: path, url: nil)
    }

    private static func canonicalPath(path: String, url: URL?) -> String {
        // realpath resolves `.` and `..` itself; the standardized URL (costly) only for a missing path.
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let url = url ?? URL(fileURLWithPath: path)
        let path = url.standardizedFileURL.path
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        guard parent.path != path else { return path }
        let base = canonicalPath(parent)
        return (base == "/" ? "" : base) + "/" + url.lastPathComponent
    }

    /// A write's errno in words; a file where the folder should be is named.
    fileprivate static func cause(errno code: Int32, directory: URL) -> CourseCheckError.IOCause {
        switch code {
        case ENOSPC: return .noSpace
        case EACCES, EPERM: return .permissionDenied
        case EROFS: return .readOnly
        case ENOTDIR: return IOReason.fileInTheWay(of: directory) ?? .system(errno: code)
        default: return .system(errno: code)
        }
    }
}

extension FileGate {
    /// A regular file (never followed through a link) read front to back through one small buffer:
    /// for a file that is compared with bytes already in memory rather than kept, so its size in
    /// pages is never touched (each page a process touches first costs more than reading it).
    final class ChunkedReader {
        private let descriptor: Int32
        /// The file's size when it was opened.
        let size: Int
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        private var start = 0
        private var end = 0
        /// Bytes handed out so far.
        private(set) var consumed = 0

        /// The reader, or what reading `path` found instead (`.file` never).
        static func open(_ path: String, bufferSize: Int = 32 << 10) -> Result<ChunkedReader, ReadFailure> {
            let descriptor = posixOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else {
                switch errno {
                case ENOENT, ENOTDIR: return .failure(.missing)
                case ELOOP: return .failure(.notRegular)
                default: return .failure(.unreadable)
                }
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                return .failure(.notRegular)
            }
            return .success(ChunkedReader(descriptor: descriptor, size: Int(info.st_size), bufferSize: bufferSize))
        }

        /// Why a file could not be opened for reading.
        enum ReadFailure: Error { case missing, notRegular, unreadable }

        private init(descriptor: Int32, size: Int, bufferSize: Int) {
            self.descriptor = descriptor
            self.size = size
            buffer = .allocate(capacity: bufferSize)
        }

        deinit {
            close(descriptor)
            buffer.deallocate()
        }

        /// Reads more after what is left in the buffer; false at the end of the file or on failure.
        private func fill() -> Bool {
            if start > 0 {
                if end > start {
                    UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                        from: buffer.baseAddress! + start, byteCount: end - start)
                }
                end -= start
                start = 0
            }
            while end < buffer.count {
                let got = posixRead(descriptor, buffer.baseAddress! + end, buffer.count - end)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                end += got
                return true
            }
            return true
        }

        /// Whether the next `expected.count` bytes are `expected`'s, all of them consumed either
        /// way; nil when the file ends first.
        func compare(_ expected: UnsafeBufferPointer<UInt8>) -> Bool? {
            var checked = 0
            var equal = true
            while checked < expected.count {
                if start == end, !fill() { return nil }
                let count = Swift.min(end - start, expected.count - checked)
                if equal {
                    equal = UnsafeBufferPointer(rebasing: buffer[start..<(start + count)])
                        .sameBytes(UnsafeBufferPointer(rebasing: expected[checked..<(checked + count)]))
                }
                start += count
                checked += count
                consumed += count
            }
            return equal
        }

        /// Consumes the next `count` bytes; false when the file ends first.
        func skip(_ count: Int) -> Bool {
            var left = count
            while left > 0 {
                if start == end, !fill() { return false }
                let taken = Swift.min(end - start, left)
                start += taken
                left -= taken
                consumed += taken
            }
            return true
        }

        /// The next line, its newline included, when one ends within `limit` bytes.
        func line(limit: Int) -> [UInt8]? {
            while true {
                if let newline = buffer[start..<end].prefix(limit).firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Array(buffer[start...newline])
                    consumed += line.count
                    start = newline + 1
                    return line
                }
                guard end - start < limit, end - start < buffer.count, fill() else { return nil }
            }
        }

        /// The next `count` bytes, or nil when the file ends first.
        func bytes(_ count: Int) -> [UInt8]? {
            var result: [UInt8] = []
            result.reserveCapacity(count)
            while result.count < count {
                if start == end, !fill() { return nil }
                let taken = Swift.min(end - start, count - result.count)
                result += buffer[start..<(start + taken)]
                start += taken
                consumed += taken
            }
            return result
        }
    }
}

/// `open(2)`, `read(2)` and `write(2)`, named apart from `FileGate.read` and the reader's `open`.
private func posixOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
