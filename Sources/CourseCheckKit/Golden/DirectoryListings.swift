import Foundation
import Synchronization

/// The directories of the goldens one check lists, each listed once: the search for a nested
/// `.git` reads every folder of the goldens directory, and each lesson's golden folder is read
/// again for its goldens. Both read the entries from here (five system calls a folder spared, a
/// tenth of a warm default run's). Listings are kept for one check only, so a later check lists
/// afresh; a caller without a check's listings gets a fresh one, which lists every directory.
/// `entries(in:)` is the one `readdir` loop, the plan's listing of a lessons folder included.
package final class DirectoryListings: Sendable {
    /// A directory's entries (each name's bytes, as the file system names files, and what it is,
    /// without following a link), or why it could not be opened (`opendir`'s errno).
    struct Listing: Sendable {
        var entries: [(name: [UInt8], kind: GoldenStore.Kind)]
        var error: Int32?
    }

    /// By the path's bytes: a `String` key takes a decomposed folder's name for the composed
    /// one's, and would answer for one folder with the other's entries.
    private let listed = Mutex<[[UInt8]: Listing]>([:])

    package init() {}

    /// The entries of the directory at `path` (not `.` or `..`), listed on first use.
    func list(_ path: String) -> Listing {
        let key = Array(path.utf8)
        if let known = listed.withLock({ $0[key] }) { return known }
        let listing = Self.read(path)
        return listed.withLock { listed in
            // Two threads that listed it at once keep the first listing, so every reader sees one.
            if let first = listed[key] { return first }
            listed[key] = listing
            return listing
        }
    }

    /// Lists `path`: each entry's kind from the directory, asking `lstat` only of an entry whose
    /// kind the directory does not give.
    private static func read(_ path: String) -> Listing {
        guard let found = entries(in: path) else { return Listing(entries: [], error: errno) }
        let entries = found.map { name, type -> (name: [UInt8], kind: GoldenStore.Kind) in
            let kind: GoldenStore.Kind =
                switch Int32(type) {
                case Int32(DT_REG): .regular
                case Int32(DT_DIR): .directory
                case Int32(DT_UNKNOWN): GoldenStore.kind(path: path + "/" + String(decoding: name, as: UTF8.self))
                default: .other
                }
            return (name, kind)
        }
        return Listing(entries: entries, error: nil)
    }

    /// The entries of the directory at `path` by `readdir` (not `.` or `..`): each name's bytes and
    /// its `d_type`. Nil, with `errno` set, when the directory cannot be opened.
    static func entries(in path: String) -> [(name: [UInt8], type: UInt8)]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: [UInt8], type: UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            entries.append((name, entry.pointee.d_type))
        }
        return entries
    }
}
