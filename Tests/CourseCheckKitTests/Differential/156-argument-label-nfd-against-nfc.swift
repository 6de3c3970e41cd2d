// main.swift — an argument label in NFD, the parameter in NFC
func say(söz: String) -> String { söz }
print(say(söz: "merhaba"))
