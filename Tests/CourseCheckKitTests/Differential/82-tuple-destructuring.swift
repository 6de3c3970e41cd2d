// main.swift — tuple destructuring into globals, then a swap
let (name, count) = ("ders", 3)
var (low, high) = (9, 1)
(low, high) = (high, low)
print(name, count, low, high)
