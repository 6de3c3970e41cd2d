// main.swift — a core enum made Equatable with its own ==
extension Storage: Equatable {
    static func == (left: Storage, right: Storage) -> Bool {
        String(describing: left) == String(describing: right)
    }
}
print(Storage.environment == .environment, Storage.model(object: "a") == .model(object: "b"))
