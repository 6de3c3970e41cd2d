// main.swift — type names of closures, tuples and collections
let convert = { (x: Int) in String(x) }
print(type(of: convert), type(of: (1, "a")))
print(type(of: [String: [Int]]()), type(of: Optional(1.5)))
