// main.swift — an attribute for functions on a global
@discardableResult var total = 1
print(total)
