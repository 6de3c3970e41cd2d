// main.swift — storage printed
print(Storage.environment)
print([Storage.state(owner: "A")])
let kayit: [String: Storage] = ["k": .model(object: "m")]
print(kayit)
