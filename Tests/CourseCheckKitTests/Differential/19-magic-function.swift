// main.swift — magic function
print(#function)
