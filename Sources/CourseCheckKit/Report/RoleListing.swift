/// The role report of `coursecheck list`: one row per block, aligned in columns.
///
/// `lessons/01-bildirimsel-sozdizim.md:95  tree  expected:122  embedded  alti degisiklik, dort tetik`
///
/// A tree's engine is where `--engine auto` sends it, with the reason when it leaves the embedded engine.
public struct RoleListing: Sendable {
    public var lessons: [Lesson]

    public init(lessons: [Lesson]) {
        self.lessons = lessons
    }

    private func engine(_ tree: Tree, in lesson: Lesson) -> String {
        switch EmbeddedEngine(outputLimit: 1 << 20).evaluate(TreeJob(path: lesson.path, tree: tree)) {
        case .ran, .failed: "embedded"
        case .needsToolchain(let routing): "swiftc (\(routing.reason))"
        }
    }

    public var text: String {
        LargeStack.run { render() }
    }

    private func render() -> String {
        var rows: [[String]] = []
        for lesson in lessons {
            for block in lesson.blocks {
                let place = "\(lesson.path):\(block.fenced.opening.number)"
                switch block.role {
                case .tree:
                    let title = Tree.title(ofHeader: block.fenced.body.first?.text ?? "")
                    let tree = lesson.trees.first { $0.block.opening.number == block.fenced.opening.number }
                    rows.append([
                        place, "tree", block.expectedLine.map { "expected:\($0)" } ?? "-",
                        tree.map { engine($0, in: lesson) } ?? "-", title,
                    ])
                default:
                    rows.append([place, block.role.rawValue, "", "", ""])
                }
            }
        }
        guard !rows.isEmpty else { return "" }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for column in 0..<4 {
                line += row[column].padding(to: widths[column]) + "  "
            }
            line += row[4]
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
