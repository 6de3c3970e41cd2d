// main.swift — guard at the top level
let items = [3, 1, 2]
guard let smallest = items.min() else { fatalError() }
print(smallest)
