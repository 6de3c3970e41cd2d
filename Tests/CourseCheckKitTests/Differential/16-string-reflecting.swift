// main.swift — string reflecting
print(String(reflecting: Recompute(view: "a", cause: "b")))
