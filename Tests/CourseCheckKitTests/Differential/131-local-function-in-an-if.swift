// main.swift — a local function declared inside an if block
let enabled = [1].count == 1
if enabled {
    func greet(_ name: String) -> String { "merhaba, " + name }
    print(greet("ders"))
}
