// main.swift — a protocol with an extension
protocol Named { var name: String { get } }
extension Named { func greet() { print("merhaba,", name) } }
struct Lesson: Named { let name: String }
Lesson(name: "ders").greet()
