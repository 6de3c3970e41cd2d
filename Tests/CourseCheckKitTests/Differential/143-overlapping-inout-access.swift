// main.swift — a global passed inout twice to one call
var n = 1
swap(&n, &n)
print(n)
