// main.swift — constant division by zero
let x = 7 / 0
print(x)
