/// One tree to evaluate: the lesson it is in and the tree itself.
public struct TreeJob: Sendable {
    public var path: String
    public var tree: Tree

    public init(path: String, tree: Tree) {
        self.path = path
        self.tree = tree
    }

    public var headerLocation: SourceLocation { tree.headerLocation(in: path) }

    /// `lessons/09-yerel-durum.md:59`, for messages.
    public var name: String { "\(path):\(tree.header.number)" }
}
