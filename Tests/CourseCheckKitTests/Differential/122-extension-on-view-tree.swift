// main.swift — an extension on the core's ViewTree
extension ViewTree {
    var names: [String] { nodes.map(\.name) }
    func depth(of name: String) -> Int { ancestors(of: name).count }
}
let tree = ViewTree(nodes: [
    ViewNode("Root", parent: nil, reads: []),
    ViewNode("Leaf", parent: "Root", reads: ["k"]),
], storage: [:])
print(tree.names, tree.depth(of: "Leaf"))
