// main.swift — extended regex literals
print("xaab".contains(#/a+b/#))
if let match = "id-42".firstMatch(of: #/id-(\d+)/#) {
    print(match.1)
}
print("a}b".replacing(#/\}/#, with: "-"))
