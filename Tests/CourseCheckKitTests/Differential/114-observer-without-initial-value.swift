// main.swift — an observed global without an initial value
var level: Int {
    didSet { print("level", level) }
}
level = 1
