// main.swift — enum plain
enum Renk { case kirmizi, mavi }
print(Renk.mavi)
print([Renk.kirmizi])
