// main.swift — print with separator: given twice
print("a", "b", separator: "-", separator: "+")
