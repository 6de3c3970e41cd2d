// main.swift — protocol
protocol Adli { var ad: String { get } }
struct Kisi: Adli { let ad: String }
let kisiler: [any Adli] = [Kisi(ad: "a")]
print(kisiler.map(\.ad), kisiler.count)
