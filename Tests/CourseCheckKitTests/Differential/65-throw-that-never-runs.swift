// main.swift — a throw at the top level that never runs
enum Failure: Error { case empty }
let names = ["a"]
if names.isEmpty { throw Failure.empty }
print("no throw", names.count)
