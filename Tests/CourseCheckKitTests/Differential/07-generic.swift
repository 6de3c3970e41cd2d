// main.swift — generic
struct Kap<T> { let deger: T }
print([Kap(deger: 1)])
print(Kap(deger: "a"))
