// main.swift — a global assigned on the line before its declaration
limit = 3
var limit = 1
print(limit)
