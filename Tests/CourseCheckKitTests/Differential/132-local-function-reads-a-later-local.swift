// main.swift — a local function reading a constant declared after it
do {
    func show() { print(x) }
    let x = 1
    show()
}
