import Foundation

/// A content-addressed store under `.build/coursecheck-cache/`: compiled tree binaries and
/// toolchain results, each named by the SHA-256 of everything that determines it.
///
/// Entries are written through `AtomicFile`, so a reader never sees half an entry.
package struct Cache: Sendable {
    package var directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    package func url(_ key: String) -> URL {
        directory.appendingPathComponent(key)
    }

    package func text(_ key: String) -> String? {
        guard let data = FileManager.default.contents(atPath: url(key).path) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    package func data(_ key: String) -> Data? {
        FileManager.default.contents(atPath: url(key).path)
    }

    @discardableResult
    package func store(text: String, as key: String) -> Bool {
        store(data: Data(text.utf8), as: key)
    }

    /// Writes an entry atomically; a cache that cannot be written is skipped, never fatal.
    @discardableResult
    package func store(data: Data, as key: String) -> Bool {
        (try? AtomicFile.write(data, to: url(key))) != nil
    }

    /// Copies a file (e.g. a freshly linked binary) into the cache under `key`, atomically.
    @discardableResult
    package func store(file: URL, as key: String) -> Bool {
        (try? AtomicFile.copy(file, to: url(key))) != nil
    }
}
