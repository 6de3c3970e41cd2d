// main.swift — int min literal
print(-9223372036854775808)
