// main.swift — a nested type's reflecting name and its value in an array
struct Outer { enum Inner { case a } }
print(String(reflecting: Outer.Inner.self))
print([Outer.Inner.a], String(reflecting: Outer.Inner.a))
