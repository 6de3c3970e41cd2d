// main.swift — print with terminator: before separator:
print("a", "b", terminator: "\n", separator: "-")
