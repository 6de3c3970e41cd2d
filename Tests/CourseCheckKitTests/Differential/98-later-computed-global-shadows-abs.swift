// main.swift — a computed global named abs, declared after the call
print(abs(-3))
var abs: (Int) -> Int { { $0 * 100 } }
