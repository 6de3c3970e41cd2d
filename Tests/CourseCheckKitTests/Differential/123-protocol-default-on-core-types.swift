// main.swift — a protocol with a default implementation, adopted by core types
protocol Labelled { var label: String { get } }
extension Labelled { var label: String { "etiket" } }
extension Storage: Labelled {}
extension Recompute: Labelled { var label: String { view + ":" + cause } }
print(Storage.environment.label, Recompute(view: "a", cause: "b").label)
