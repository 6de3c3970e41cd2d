// main.swift — willSet and didSet on a global, in order
var score = 1 {
    willSet { print("will", score, "->", newValue) }
    didSet { print("did", oldValue, "->", score) }
}
score = 2
score += 3
