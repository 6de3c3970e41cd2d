// main.swift — a literal tab inside a single-line string
print("ad	soyad")
