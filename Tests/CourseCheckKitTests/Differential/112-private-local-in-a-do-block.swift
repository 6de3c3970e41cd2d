// main.swift — an access modifier on a local inside a do block
do {
    private let secret = 1
    print(secret)
}
