// main.swift — closure never run
let bos: [Int] = []
print(bos.map { $0 + "a" })
