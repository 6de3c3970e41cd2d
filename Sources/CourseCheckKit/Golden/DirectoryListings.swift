import Foundation
import Synchronization

/// The directories of the goldens one check lists, each listed once: the search for a nested
/// `.git` reads every folder of the goldens directory, and each lesson's golden folder is read
/// again for its goldens. Both read the entries from here (five system calls a folder spared, a
/// tenth of a warm default run's). Listings are kept for one check only, so a later check lists
/// afresh.
package final class DirectoryListings: Sendable {
    /// A directory's entries (each name's bytes, as the file system names files, and its
    /// `d_type`), or why it could not be opened (`opendir`'s errno).
    struct Listing: Sendable {
        var entries: [(name: [UInt8], type: UInt8)]
        var error: Int32?
    }

    private let listed = Mutex<[String: Listing]>([:])

    package init() {}

    /// The entries of the directory at `path` (not `.` or `..`), listed on first use.
    func list(_ path: String) -> Listing {
        if let known = listed.withLock({ $0[path] }) { return known }
        let listing = Self.read(path)
        listed.withLock { $0[path] = $0[path] ?? listing }
        return listing
    }

    /// Lists `path` with `readdir`, or says why it could not be opened.
    static func read(_ path: String) -> Listing {
        guard let stream = opendir(path) else { return Listing(entries: [], error: errno) }
        defer { closedir(stream) }
        var entries: [(name: [UInt8], type: UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            entries.append((name, entry.pointee.d_type))
        }
        return Listing(entries: entries, error: nil)
    }
}
