// main.swift — print etiketi iki kez
print("a", terminator: "\n", terminator: "\n")
