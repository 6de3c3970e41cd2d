// main.swift — fallthrough into a case that binds a name
let n = 1
switch n {
case 1:
    print("one")
    fallthrough
case let other:
    print(other)
}
