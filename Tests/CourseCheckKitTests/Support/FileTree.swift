import Foundation

/// Every regular file under a folder with its bytes, keyed by relative path: what a test compares
/// before and after a run to see that nothing changed.
enum FileTree {
    static func contents(of root: URL, excluding excluded: (String) -> Bool = { _ in false }) -> [String: Data] {
        var found: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            guard !excluded(relative) else { continue }
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[relative] = FileManager.default.contents(atPath: path) ?? Data()
            }
        }
        return found
    }
}

/// Files and folders named by bytes, for names that are not UTF-8 (which no `String` path can
/// spell): each call is true when the file system made it.
enum BytePath {
    /// Creates an empty file at `path`.
    static func makeFile(_ path: [UInt8]) -> Bool {
        let descriptor = call(path) { creat($0, 0o644) }
        guard descriptor != -1 else { return false }
        close(descriptor)
        return true
    }

    /// Creates a folder at `path`.
    static func makeFolder(_ path: [UInt8]) -> Bool {
        call(path) { mkdir($0, 0o755) } == 0
    }

    /// Whether something is at `path`.
    static func exists(_ path: [UInt8]) -> Bool {
        call(path) { access($0, F_OK) } == 0
    }

    private static func call(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
        (path + [0]).withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }
}
