/// One tree to evaluate: its identity, the lesson it is in and the tree itself.
package struct TreeJob: Sendable {
    package var id: TreeID
    package var path: String
    package var tree: Tree

    /// `id` defaults to the first tree of the first lesson: a caller with one job needs no other.
    package init(path: String, tree: Tree, id: TreeID = TreeID(lesson: 0, ordinal: 0)) {
        self.id = id
        self.path = path
        self.tree = tree
    }

    package var headerLocation: SourceLocation { tree.headerLocation(in: path) }

    /// The SHA-256 of the program the tree is, what the compiler reads and the interpreter runs
    /// (each body line and a line feed): the one hash of the tree's text that the embedded
    /// engine's and the compiler's cache keys are both made from, so a run hashes each tree once.
    package var programDigest: String {
        var hasher = SHA256()
        hasher.feed(programOf: tree.block)
        return hasher.finalize()
    }

    /// `lessons/09-yerel-durum.md:59`, for messages.
    package var name: String { "\(path):\(tree.header.number)" }
}
