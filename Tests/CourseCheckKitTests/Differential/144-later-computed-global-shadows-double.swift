// main.swift — a computed global named Double, declared after Double(3) is printed
print(Double(3))
var Double: (Int) -> String { { "d\($0)" } }
