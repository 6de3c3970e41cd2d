// main.swift — a do/catch whose catch is not exhaustive, at the top level
enum Failure: Error { case small, large }
func check(_ n: Int) throws { if n > 5 { throw Failure.large } }
do {
    try check(3)
    print("passed")
} catch Failure.small {
    print("small")
}
