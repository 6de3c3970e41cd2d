// main.swift — a custom operator
infix operator <+>: AdditionPrecedence
func <+> (left: Int, right: Int) -> Int { left * 10 + right }
print(1 <+> 2)
