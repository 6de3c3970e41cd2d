// main.swift — optionals printed
let adlar = ["a", "b"]
let bos: [String] = []
print(adlar.first!, [adlar.first], [bos.first])
