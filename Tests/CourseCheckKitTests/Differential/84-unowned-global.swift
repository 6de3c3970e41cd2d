// main.swift — an unowned global
final class Owner { let name = "sahip" }
let owner = Owner()
unowned let borrowed = owner
print(borrowed.name)
