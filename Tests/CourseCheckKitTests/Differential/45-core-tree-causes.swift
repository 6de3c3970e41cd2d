// main.swift — core tree causes
let storage: [String: Storage] = [
    "state": .state(owner: "Root"),
    "model": .model(object: "Store"),
    "env": .environment,
]
let tree = ViewTree(nodes: [
    ViewNode("Root", parent: nil, reads: ["state"]),
    ViewNode("Child", parent: "Root", reads: ["state", "model"]),
    ViewNode("Leaf", parent: "Child", reads: ["env"]),
], storage: storage)
let hits = tree.change("a", key: "state") + tree.change("b", key: "model") + tree.change("c", key: "env")
countCauses(hits)
print(hits.map(\.cause), tree.ancestors(of: "Leaf"))
