// main.swift — overloads: one name, two signatures
func describe(_ x: Int) -> String { "int \(x)" }
func describe(_ x: String) -> String { "text \(x)" }
print(describe(1))
print(describe("a"))
