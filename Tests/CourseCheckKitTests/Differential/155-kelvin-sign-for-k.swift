// main.swift — KELVIN SIGN (U+212A) where the declaration has K
let K = 3
print(K)
