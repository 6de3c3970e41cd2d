// main.swift — a global closure that calls itself in its own initial value
let factorial: (Int) -> Int = { $0 == 0 ? 1 : $0 * factorial($0 - 1) }
print(factorial(5))
