// main.swift — kontrol karakteri
print("ab")
