import Foundation

/// Where a page sits in its git repository, for the links GitHub resolves from the repository's
/// root (`/lessons/09-yerel-durum.md`): the page's folder as a path below the root (`lessons`,
/// or empty at the root), found by the nearest folder above it that holds a `.git` (a folder, or
/// a worktree's file).
enum RepositoryFolder {
    /// The path of `directory` (a file URL of a folder) below its repository's root; nil outside
    /// a git repository.
    static func of(directory: URL) -> String? {
        var parts = directory.standardizedFileURL.path.split(separator: "/").map(String.init)
        var below: [String] = []
        while true {
            if FileManager.default.fileExists(atPath: "/" + parts.map { $0 + "/" }.joined() + ".git") {
                return below.reversed().joined(separator: "/")
            }
            guard let last = parts.popLast() else { return nil }
            below.append(last)
        }
    }
}
