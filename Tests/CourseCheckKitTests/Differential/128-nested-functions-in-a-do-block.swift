// main.swift — nested functions inside a do block
do {
    func square(_ x: Int) -> Int { x * x }
    func sumOfSquares(_ xs: [Int]) -> Int { xs.map(square).reduce(0, +) }
    print(sumOfSquares([1, 2, 3]))
}
