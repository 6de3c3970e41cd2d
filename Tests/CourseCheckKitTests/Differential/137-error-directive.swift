// main.swift — an #error directive
#error("not yet")
print(1)
