// main.swift — core values printed
let screen = ViewTree(nodes: [
    ViewNode("Screen", parent: nil, reads: ["filter"]),
], storage: ["filter": .state(owner: "Screen")])
print(screen.change("filtre", key: "filter"))
