// main.swift — a return at the top level, which only a function may hold
print(1)
if true { print(2) }
return
