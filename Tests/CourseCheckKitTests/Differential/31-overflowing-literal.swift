// main.swift — overflowing literal
print(9223372036854775808)
