// main.swift — a regex literal
let pattern = /ders-(\d+)/
if let match = "ders-12".firstMatch(of: pattern) {
    print(match.1)
}
