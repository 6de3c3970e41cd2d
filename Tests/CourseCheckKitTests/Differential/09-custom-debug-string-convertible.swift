// main.swift — custom debug string convertible
struct Ad: CustomDebugStringConvertible {
    var debugDescription: String { "hata-ayiklama" }
}
print(Ad(), [Ad()])
