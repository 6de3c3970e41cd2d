// main.swift — DEL
print("ab")
