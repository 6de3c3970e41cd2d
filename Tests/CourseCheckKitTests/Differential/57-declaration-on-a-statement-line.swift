// main.swift — a declaration sharing a line with a statement
struct Box { var value: Int }; print(Box(value: 3))
