// main.swift — NEXT LINE and LINE SEPARATOR inside a string, which swiftc takes
let text = "ab c"
print(text, text.count)
