// main.swift — core value top level
print(Recompute(view: "a", cause: "yerel"))
