// main.swift — a block comment between an attribute and its function
@discardableResult /* the } result may be ignored */ func bump(_ n: inout Int) -> Int {
    n += 1
    return n
}
var counter = 0
bump(&counter)
print(bump(&counter))
