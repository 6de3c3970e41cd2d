import Foundation

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

    /// One block as listed.
    struct Row: Encodable {
        var file: String
        var line: Int
        var role: String
        /// For a tree: the line of its expected block, where `--engine auto` sends it, and its title.
        @NullWhenAbsent var expected: Int? = nil
        @NullWhenAbsent var engine: String? = nil
        @NullWhenAbsent var title: String? = nil
    }

    public var text: String {
        render(LargeStack.run { rows() })
    }

    /// The rows as a JSON array (`list --format json`), every key present in every row.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(LargeStack.run { rows() })) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private func rows() -> [Row] {
        var rows: [Row] = []
        for lesson in lessons {
            for block in lesson.blocks {
                let line = block.fenced.opening.number
                switch block.role {
                case .tree:
                    let title = Tree.title(ofHeader: block.fenced.body.first?.text ?? "")
                    let tree = lesson.trees.first { $0.block.opening.number == line }
                    rows.append(Row(
                        file: lesson.path, line: line, role: "tree", expected: block.expectedLine,
                        engine: tree.map { engine($0, in: lesson) }, title: title))
                default:
                    rows.append(Row(file: lesson.path, line: line, role: block.role.rawValue))
                }
            }
        }
        return rows
    }

    private func render(_ rows: [Row]) -> String {
        let table = rows.map { row in
            row.role == "tree"
                ? ["\(row.file):\(row.line)", "tree", row.expected.map { "expected:\($0)" } ?? "-", row.engine ?? "-", row.title ?? ""]
                : ["\(row.file):\(row.line)", row.role, "", "", ""]
        }
        guard !table.isEmpty else { return "" }
        let widths = (0..<4).map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
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
