// main.swift — a bare slash regex literal
let found = "xaab".contains(/a+b/)
print(found)
