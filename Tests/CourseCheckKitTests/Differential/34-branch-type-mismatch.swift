// main.swift — branch type mismatch
let secim = false
print(secim ? 1 : "a")
