// main.swift — dump
dump(Recompute(view: "a", cause: "b"))
dump([Storage.environment])
