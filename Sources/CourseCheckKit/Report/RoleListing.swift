/// The role report of `coursecheck list`: one row per block, aligned in columns.
///
/// `lessons/01-bildirimsel-sozdizim.md:95  tree  expected:122  alti degisiklik, dort tetik`
public struct RoleListing: Sendable {
    public var lessons: [Lesson]

    public init(lessons: [Lesson]) {
        self.lessons = lessons
    }

    public var text: String {
        var rows: [[String]] = []
        for lesson in lessons {
            for block in lesson.blocks {
                let place = "\(lesson.path):\(block.fenced.opening.number)"
                switch block.role {
                case .tree:
                    let title = Tree.title(ofHeader: block.fenced.body.first?.text ?? "")
                    rows.append([place, "tree", block.expectedLine.map { "expected:\($0)" } ?? "-", title])
                default:
                    rows.append([place, block.role.rawValue, "", ""])
                }
            }
        }
        guard !rows.isEmpty else { return "" }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for column in 0..<3 {
                line += row[column].padding(to: widths[column]) + "  "
            }
            line += row[3]
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
