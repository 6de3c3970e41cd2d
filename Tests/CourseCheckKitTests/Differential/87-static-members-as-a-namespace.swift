// main.swift — static members of an enum used as a namespace
enum Config {
    static let limit = 3
    static var hits = 0
}
Config.hits += Config.limit
Config.hits += 1
print(Config.hits)
