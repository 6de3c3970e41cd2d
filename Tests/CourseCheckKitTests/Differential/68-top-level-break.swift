// main.swift — a break outside any loop
print("before")
break
