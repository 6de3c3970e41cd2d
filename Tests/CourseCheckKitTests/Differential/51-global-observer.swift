// main.swift — a global with an observer
var level = 1 {
    didSet { print("level", oldValue, "->", level) }
}
level = 2
level += 1
