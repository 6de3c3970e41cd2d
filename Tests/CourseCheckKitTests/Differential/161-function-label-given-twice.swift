// main.swift — a function's label given twice
func span(from: Int, to: Int) -> Int { to - from }
print(span(from: 1, from: 4))
