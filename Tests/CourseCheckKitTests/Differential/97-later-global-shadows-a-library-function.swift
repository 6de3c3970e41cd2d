// main.swift — a library function called before a global of the same name
print(max(1, 2))
let max = 10
print(max)
