// main.swift — globals named like the core's parameters
let node = "Row"
let key = "filter"
let tree = ViewTree(nodes: [
    ViewNode("Screen", parent: nil, reads: []),
    ViewNode(node, parent: "Screen", reads: [key]),
], storage: [key: .state(owner: "Screen")])
countCauses(tree.change("secim", key: key))
print(node, key)
