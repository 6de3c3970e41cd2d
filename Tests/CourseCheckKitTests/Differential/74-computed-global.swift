// main.swift — a computed global read after its inputs change
var width = 3
var area: Int { width * width }
print(area)
width = 5
print(area)
