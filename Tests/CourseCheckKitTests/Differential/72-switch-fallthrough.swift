// main.swift — a top-level switch with fallthrough
let grade = 2
switch grade {
case 1:
    print("one")
case 2:
    print("two")
    fallthrough
case 3:
    print("three")
default:
    print("other")
}
