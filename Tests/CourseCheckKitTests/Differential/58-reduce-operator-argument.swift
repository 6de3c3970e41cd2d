// main.swift — a shadowed print is a compile error only where it clashes
let total = [1, 2, 3].reduce(0, +)
print("toplam:", total)
