// main.swift — a global named String, a type the core uses
let String = "metin"
print(String)
print(Recompute(view: String, cause: "yerel"))
