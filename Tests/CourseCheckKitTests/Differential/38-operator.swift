// main.swift — operator
infix operator +++
func +++ (a: Int, b: Int) -> Int { a * 10 + b }
print(1 +++ 2)
