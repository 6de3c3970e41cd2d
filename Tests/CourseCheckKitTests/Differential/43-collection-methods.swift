// main.swift — collection methods
let sayilar = [3, 1, 2]
print(sayilar.filter { $0 > 1 }, sayilar.contains(2), sayilar.allSatisfy { $0 > 0 })
print(sayilar.map { $0 * 2 }, [[1], []], sayilar.count == 3 ? "uc" : "degil")
