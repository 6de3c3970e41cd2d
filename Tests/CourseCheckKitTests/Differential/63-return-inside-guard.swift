// main.swift — a return in a guard's else at the top level
let items: [Int] = []
guard let first = items.first else {
    print("empty")
    return
}
print(first)
