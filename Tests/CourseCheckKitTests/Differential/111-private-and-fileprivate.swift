// main.swift — private and fileprivate on types, functions and members
private struct Secret { fileprivate let code = 7 }
fileprivate enum Level { case low }
private func reveal() -> Int { Secret().code }
print(reveal(), Level.low)
