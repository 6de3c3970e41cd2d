// main.swift — extensions on Int and String
extension Int {
    var doubled: Int { self * 2 }
}
extension String {
    func shout() -> String { uppercased() + "!" }
}
print(5.doubled, "ders".shout())
