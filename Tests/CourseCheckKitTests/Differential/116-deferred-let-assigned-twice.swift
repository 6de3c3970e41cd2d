// main.swift — a global constant assigned twice
let answer: Int
answer = 1
answer = 2
print(answer)
