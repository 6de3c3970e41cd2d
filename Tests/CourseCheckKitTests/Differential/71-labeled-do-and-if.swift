// main.swift — break out of a labeled do and a labeled if
check: do {
    print("in do")
    if [1].count == 1 { break check }
    print("skipped")
}
gate: if true {
    print("in if")
    break gate
}
print("after")
