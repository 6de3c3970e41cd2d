// main.swift — a name declared in NFC and used in NFD
let görev = ViewNode("A", parent: nil, reads: [])
print(görev.name)
