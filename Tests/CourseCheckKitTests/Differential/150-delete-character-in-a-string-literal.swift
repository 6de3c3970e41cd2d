// main.swift — DEL (U+007F) inside a string literal
print("silbunu")
