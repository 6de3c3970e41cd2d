// main.swift — a type error in an inactive #if branch
#if false
let broken: Int = "not a number"
#endif
print("active only")
