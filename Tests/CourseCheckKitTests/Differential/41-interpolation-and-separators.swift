// main.swift — interpolation and separators
let adlar = ["a", "b"]
print("adlar: \(adlar), ilk: \(adlar[0])")
print(1, "iki", [3], separator: " - ", terminator: ".\n")
