// main.swift — a multi-line string holding braces and quotes
let text = """
    if true { print("x") }
    \"""
    }
    """
print(text)
print(text.count)
