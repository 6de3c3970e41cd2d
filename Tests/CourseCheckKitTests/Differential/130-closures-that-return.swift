// main.swift — closures with early returns
let classify = { (n: Int) -> String in
    if n > 0 { return "positive" }
    if n < 0 { return "negative" }
    return "zero"
}
print([3, -1, 0].map(classify))
