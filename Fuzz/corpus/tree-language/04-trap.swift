// main.swift — coker
print("once")
let nodes: [ViewNode] = []
print(nodes[0].name, Int.max + 1)
let o: String? = nil
print(o!)
fatalError("agac bos")
