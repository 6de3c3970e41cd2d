/// One tree to evaluate: the lesson it is in and the tree itself.
package struct TreeJob: Sendable {
    package var path: String
    package var tree: Tree

    package init(path: String, tree: Tree) {
        self.path = path
        self.tree = tree
    }

    package var headerLocation: SourceLocation { tree.headerLocation(in: path) }

    /// `lessons/09-yerel-durum.md:59`, for messages.
    package var name: String { "\(path):\(tree.header.number)" }
}
