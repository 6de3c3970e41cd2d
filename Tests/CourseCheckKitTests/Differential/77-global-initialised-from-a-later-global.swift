// main.swift — a global initialised from a global declared after it
let first = second + 1
let second = 2
print(first, second)
