// main.swift — operator overloads on the core's types
func + (left: Recompute, right: Recompute) -> Recompute {
    Recompute(view: left.view + right.view, cause: left.cause)
}
prefix func ! (storage: Storage) -> Bool {
    if case .environment = storage { return false }
    return true
}
print(Recompute(view: "a", cause: "yerel") + Recompute(view: "b", cause: "ortam"))
print(!Storage.environment, !Storage.model(object: "m"))
