// main.swift — try without do at the top level
enum ParseError: Error { case notANumber }
func parse(_ text: String) throws -> Int {
    guard let value = Int(text) else { throw ParseError.notANumber }
    return value
}
let parsed = try parse("41")
print(parsed + 1)
