// main.swift — a global captured by a closure, then mutated, with and without a capture list
var total = 1
let show = { print("show", total) }
total = 5
show()
let frozen = { [total] in print("frozen", total) }
total = 9
frozen()
show()
