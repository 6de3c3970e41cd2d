// main.swift — redeclare view tree
struct ViewTree {}
print(ViewTree())
