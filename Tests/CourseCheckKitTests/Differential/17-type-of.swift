// main.swift — type of
print(type(of: Recompute(view: "a", cause: "b")))
print(type(of: [Storage.environment]))
print(type(of: 1))
