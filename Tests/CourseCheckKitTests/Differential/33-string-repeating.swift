// main.swift — string repeating
print(String(repeating: "ab", count: 3))
