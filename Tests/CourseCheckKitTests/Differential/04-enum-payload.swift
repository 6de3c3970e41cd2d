// main.swift — enum payload
enum Olay { case tik(Int) }
print(Olay.tik(1), [Olay.tik(2)])
