// main.swift — a computed global named zip, declared after it is printed
print(zip)
var zip: Int { 7 }
