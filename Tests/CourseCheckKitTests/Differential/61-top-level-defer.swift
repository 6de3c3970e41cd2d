// main.swift — a defer at the top level, which runs after the last statement
defer { print("deferred") }
print("first")
let later = "second"
print(later)
