// main.swift — nokta sonrasi bosluk
let names = ["a"]
print(names. count)
