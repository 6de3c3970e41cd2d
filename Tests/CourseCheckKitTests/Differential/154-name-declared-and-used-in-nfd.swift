// main.swift — a name spelled in NFD throughout
let görev = ViewNode("A", parent: nil, reads: ["k"])
print(görev.reads.count)
