// main.swift — custom string convertible
struct Ad: CustomStringConvertible {
    var description: String { "ad" }
}
print(Ad(), [Ad()])
