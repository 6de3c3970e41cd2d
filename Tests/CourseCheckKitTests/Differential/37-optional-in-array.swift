// main.swift — optional in array
let adlar: [String?] = ["a", nil]
print(adlar)
