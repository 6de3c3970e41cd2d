// main.swift — a closure capturing a global before it is initialised
var level: Int
let show = { print(level) }
level = 1
show()
