// main.swift — a zero-width space makes another name
let ke​y = "filter"
print(key)
