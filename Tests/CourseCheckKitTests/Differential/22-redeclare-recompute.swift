// main.swift — redeclare recompute
struct Recompute {
    let view: String
}
print(Recompute(view: "a"))
