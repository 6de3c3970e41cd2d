// main.swift — two parameters with one label, which Swift allows
func span(at from: Int, at to: Int) -> Int { to - from }
print(span(at: 1, at: 4))
