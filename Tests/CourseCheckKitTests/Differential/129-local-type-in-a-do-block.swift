// main.swift — a local type inside a do block, printed unqualified
do {
    struct Point { let x: Int }
    print(Point(x: 1))
    print(type(of: Point(x: 2)))
}
