// main.swift — dongu
let screen = ViewTree(nodes: [
    ViewNode("A", parent: "B", reads: ["x"]),
    ViewNode("B", parent: "A", reads: []),
], storage: ["x": .state(owner: "B")])
print("once")
let hits = screen.change("x-degisti", key: "x")
print(hits.count)
