// main.swift — an infix operator with its own precedence group
precedencegroup PowerPrecedence {
    higherThan: MultiplicationPrecedence
    associativity: right
}
infix operator ** : PowerPrecedence
func ** (base: Int, exponent: Int) -> Int {
    exponent == 0 ? 1 : base * (base ** (exponent - 1))
}
print(2 ** 3 ** 2, 2 * 3 ** 2)
