// main.swift — a global constant sharing its name with the core's function
let countCauses = 1
print(countCauses)
countCauses([])
