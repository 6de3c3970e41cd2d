// main.swift — a computed global that reads a global declared after the first read
var doubled: Int { base * 2 }
print(doubled)
let base = 21
print(doubled)
