// main.swift — extension on core
extension Recompute: CustomStringConvertible {
    var description: String { "\(view)/\(cause)" }
}
print([Recompute(view: "a", cause: "b")])
