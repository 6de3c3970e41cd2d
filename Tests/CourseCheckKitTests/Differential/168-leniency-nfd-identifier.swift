// main.swift — NFD ad
let öğe = 1
print(öğe)
