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
