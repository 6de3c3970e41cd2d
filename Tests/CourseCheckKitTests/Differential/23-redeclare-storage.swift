// main.swift — redeclare storage
enum Storage {
    case yok
}
print(Storage.yok)
