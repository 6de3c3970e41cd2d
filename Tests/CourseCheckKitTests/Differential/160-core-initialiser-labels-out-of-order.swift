// main.swift — ViewNode with reads: before parent:
let node = ViewNode("A", reads: ["k"], parent: nil)
print(node.name)
