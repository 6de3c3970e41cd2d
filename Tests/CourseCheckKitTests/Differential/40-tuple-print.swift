// main.swift — tuple print
let cift = (1, "a")
print(cift)
