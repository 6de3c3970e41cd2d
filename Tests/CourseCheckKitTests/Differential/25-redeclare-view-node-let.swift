// main.swift — redeclare view node let
let ViewNode = 1
print(ViewNode)
