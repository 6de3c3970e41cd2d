// main.swift — nested types
struct Dis {
    struct Ic { let x: Int }
    enum Tur { case a }
}
print([Dis.Ic(x: 1)], Dis.Tur.a, [Dis.Tur.a])
