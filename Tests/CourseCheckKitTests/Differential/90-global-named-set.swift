// main.swift — a global named Set, a type the core uses
var Set = 0
Set += 1
print(Set)
