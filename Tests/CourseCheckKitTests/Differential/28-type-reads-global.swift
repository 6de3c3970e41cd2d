// main.swift — type reads global
let prefix = ">"
struct Row {
    func show() { print(prefix, "satir") }
}
Row().show()
