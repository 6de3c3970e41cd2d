// main.swift — class
final class Kutu { var n = 1 }
let kutu = Kutu()
print(kutu.n)
print(kutu)
print([kutu])
