func f(_ n: Int) -> Int { return n <= 1 ? 1 : n * f(n - 1) }
func g(_ n: Int) -> Int { g(n + 1) }
let xs = [1, 2, 3].map { f($0) }.reduce(0, +)
print(xs, [3, 1, 2].sorted(), "x".count, ["a": 1]["a"] ?? 0)
print(g(0))
