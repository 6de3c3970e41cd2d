// main.swift — an access modifier on a global, which a local may not carry
private let greeting = "merhaba"
fileprivate var count = 2
print(greeting, count)
