// main.swift — string interpolation holding closures
let values = [3, 1, 2]
print("sorted: \(values.sorted { $0 > $1 }), sum: \({ () -> Int in return values.reduce(0, +) }())")
print("nested: \("inner \(values.count)")")
