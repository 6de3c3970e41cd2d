// main.swift — a global used in a closure before its declaration
let twice = { base * 2 }
print(twice())
let base = 21
print(twice())
