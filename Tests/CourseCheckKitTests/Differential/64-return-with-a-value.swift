// main.swift — a return with a value at the top level
print("before")
return 1
