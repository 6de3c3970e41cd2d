// main.swift — globals named Tree_1 and Tree_2
let Tree_1 = 1
var Tree_2 = [Tree_1]
Tree_2.append(Tree_1 + 1)
print(Tree_2)
