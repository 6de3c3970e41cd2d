// main.swift — a global printed on the line before its declaration
print(limit)
let limit = 5
print(limit)
