// main.swift — Equatable declared on a core type outside its file
extension Recompute: Equatable {}
print(Recompute(view: "a", cause: "b") == Recompute(view: "a", cause: "b"))
