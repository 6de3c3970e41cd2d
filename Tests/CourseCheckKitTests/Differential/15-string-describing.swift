// main.swift — string describing
print(String(describing: Storage.model(object: "m")))
print(String(describing: [Recompute(view: "a", cause: "b")]))
