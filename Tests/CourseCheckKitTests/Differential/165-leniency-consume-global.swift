// main.swift — consume
let a = [1]
print(consume a)
