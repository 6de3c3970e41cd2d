// main.swift — plain tree
let storage: [String: Storage] = [
    "filter": .state(owner: "Screen"),
    "colorScheme": .environment,
]
let screen = ViewTree(nodes: [
    ViewNode("Screen", parent: nil, reads: ["filter"]),
    ViewNode("Row", parent: "Screen", reads: ["filter", "colorScheme"]),
], storage: storage)
let first = screen.change("filtre-secildi", key: "filter")
countCauses(first)
print(first.count, first.map(\.view))
