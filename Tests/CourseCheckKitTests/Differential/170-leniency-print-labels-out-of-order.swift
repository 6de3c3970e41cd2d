// main.swift — print etiket sirasi
print("a", terminator: "\n", separator: " ")
