import Foundation

/// The role report of `coursecheck list`: one row per block, aligned in columns.
///
/// `lessons/01-bildirimsel-sozdizim.md:96  tree  expected:127  embedded  alti degisiklik, dort tetik`
///
/// A block is listed at its opening fence, a tree at its `// main.swift` line, as its findings name it.
///
/// A tree's engine is where `--engine auto` sends it, with the reason when it leaves the embedded engine.
package struct RoleListing: Sendable {
    package var result: CourseChecker.Result

    /// `result` should come from a check with `evaluation: .routes`, so every tree has its route.
    package init(result: CourseChecker.Result) {
        self.result = result
    }

    private func engine(_ route: EngineRouter.Route) -> String {
        switch route {
        case .embedded: "embedded"
        case .swiftc(let reason): reason.map { "swiftc (\($0))" } ?? "swiftc"
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

    package var text: String {
        render(rows())
    }

    /// The rows as a JSON array (`list --format json`), every key present in every row.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(rows())) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private func rows() -> [Row] {
        var rows: [Row] = []
        for checked in result.lessonResults {
            guard let lesson = checked.lesson else { continue }
            var trees = checked.trees.makeIterator()
            for block in lesson.blocks {
                let line = block.fenced.opening.number
                switch block.role {
                case .tree:
                    // `trees` holds the lesson's tree blocks in the order of `blocks`.
                    let tree = trees.next()
                    // At its `// main.swift` line, the line its findings and `run` name.
                    rows.append(
                        Row(
                            file: lesson.path, line: block.fenced.body.first?.number ?? line, role: "tree",
                            expected: block.expectedLine,
                            engine: tree?.route.map(engine),
                            title: Tree.title(ofHeader: block.fenced.body.first?.text ?? "")))
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
                ? [
                    "\(row.file):\(row.line)", "tree", row.expected.map { "expected:\($0)" } ?? "-", row.engine ?? "-",
                    row.title ?? "",
                ]
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
