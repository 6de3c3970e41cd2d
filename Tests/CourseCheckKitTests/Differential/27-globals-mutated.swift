// main.swift — globals mutated
var sayac = 0
func artir() {
    sayac += 1
}
artir()
artir()
print(sayac)
