// main.swift — islevler ve degerler
func label(day: Int, month: Int, monthFirst: Bool) -> String {
    monthFirst ? "\(month)/\(day)" : "\(day).\(month)"
}

func describe(_ names: [String]) -> String {
    return names.isEmpty ? "yok" : names.joined(separator: ",")
}

let storage: [String: Storage] = ["k": .model(object: "Store"), "e": .environment]
let tree = ViewTree(nodes: [
    ViewNode("A", parent: nil, reads: ["k"]),
    ViewNode("B", parent: "A", reads: ["k", "e"]),
], storage: storage)
let hits = [tree.change("k-degisti", key: "k"), tree.change("e-degisti", key: "e")].flatMap { $0 }
print(label(day: 5, month: 3, monthFirst: false), label(day: 5, month: 3, monthFirst: true))
print(hits.map(\.view), hits.filter { $0.cause == "gozlem" }.count)
print(describe(hits.map { $0.cause }), describe([]))
print(tree.nodes.first!.name, tree.nodes[1].parent, storage["k"] != nil, storage["x"] == nil)
print(tree.ancestors(of: "B"), tree.cause(of: tree.nodes[1], key: "e"))
print("a", "b", separator: "-", terminator: "!\n")
print(1 + 2 * 3 - 4 / 2, 7 % 3, -5, !true, 2 < 3 && "a" < "b", [1, 2] == [1, 2])
