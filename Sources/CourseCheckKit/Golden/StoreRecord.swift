import Foundation

/// `goldens/LESSONS`: the lessons directories a golden store serves, one a line, each relative to
/// the folder holding the store on disk, links resolved (`lessons`, `drafts`, `../other/lessons`). Which lessons may claim
/// the store's goldens is read from here, never guessed from the directories a run happens to
/// check: a store shared by `lessons/` and `drafts/` keeps the goldens of both whichever is checked.
/// Blank lines and lines starting with `#` are the author's.
package struct StoreRecord: Sendable, Equatable {
    package static let file = "LESSONS"

    /// One directory the record names.
    package struct Line: Sendable, Equatable {
        /// The line's number in the record, for a finding placed at it.
        package var number: Int
        /// The line as written (without trailing blanks).
        package var text: String
        /// The directory it names, absolute and with every link resolved.
        package var path: String
    }

    /// The record as read: absent, unreadable (why), or its lines and the file for compare-and-swap.
    package enum State: Sendable, Equatable {
        case absent
        case unreadable(String)
        case recorded([Line], FileGate.Snapshot)
    }

    /// Reads the record of `store` (never through a link).
    package static func read(_ store: GoldenStore) -> State {
        let url = store.root.appendingPathComponent(file)
        switch FileGate.read(url, followingLinks: false) {
        case .missing: return .absent
        case .notRegular: return .unreadable("it is not a regular file (a link or a folder)")
        case .unreadable(let code): return .unreadable(String(cString: strerror(code)))
        case .file(let snapshot):
            guard let text = String(validating: withoutByteOrderMark(snapshot.bytes), as: UTF8.self) else {
                return .unreadable("it is not UTF-8 text")
            }
            let base = base(of: store)
            var lines: [Line] = []
            // By the newline scalar: a CRLF record is lines too ("\r\n" is one Character).
            let rows = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, raw) in rows.enumerated() {
                var line = Substring(String(raw))
                while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
                guard !line.isEmpty, !line.hasPrefix("#") else { continue }
                let named = line.hasPrefix("/") ? String(line) : (base == "/" ? "" : base) + "/" + line
                lines.append(Line(number: index + 1, text: String(line), path: FileGate.canonicalPath(path: named)))
            }
            return .recorded(lines, snapshot)
        }
    }

    /// The record's text naming `directories` (canonical paths), each relative to the folder holding
    /// the store when it can be: what `--update` writes. An existing record (`earlier`) is kept byte
    /// for byte, the author's comments, blank lines and order included, and `directories` (those it
    /// does not name yet) are appended to it, in its own line endings.
    package static func text(naming directories: [String], store: GoldenStore, keeping earlier: [UInt8]?) -> [UInt8] {
        let base = base(of: store)
        let named = directories.map { relative($0, to: base) }
        guard var bytes = earlier else {
            let comment =
                "# The lessons directories whose goldens are here, one a line, relative to the folder holding it."
            return Array(([comment] + named).joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        }
        let newline: [UInt8] = bytes.contains(UInt8(ascii: "\r")) ? [13, 10] : [10]
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes += newline }
        for line in named { bytes += Array(line.utf8) + newline }
        return bytes
    }

    /// `bytes` without a leading UTF-8 byte order mark, which an editor may save before a store
    /// file's text: it is no part of the text (a lesson's is read so too), never a directory's or a
    /// compiler's name. Accepted, not a finding: the author never reads these files, and the mark
    /// changes nothing they say.
    package static func withoutByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }

    /// What the record's relative lines are relative to: the folder holding the store as it is on
    /// disk, every link resolved. The record belongs to the store, so a run that reaches it through a
    /// link (another checkout's `goldens` linked to a shared store) reads its owner's directories.
    static func base(of store: GoldenStore) -> String {
        FileGate.canonicalPath(path: store.rootPath).parentPath
    }

    /// The line the record holds for the directory at `path` (absolute, links resolved).
    static func line(naming path: String, in store: GoldenStore) -> String {
        relative(path, to: base(of: store))
    }

    /// `path` relative to `base` (both absolute): `lessons`, `../x/lessons`, or `.` for `base` itself.
    static func relative(_ path: String, to base: String) -> String {
        let from = base.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
