/// The closing table (columns `Ders` and `Tetik`) has one row per lesson in course order, each
/// naming the lesson's title and its declared trigger (`dördü (a/b/c/d)` for a distribution).
public struct ClosingTableClaim: ClaimCheck {
    public let id = DiagnosticID.closingTable
    public let spansCourse = true

    public init() {}

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        var found: (lesson: CourseFacts.LessonFacts, table: Prose.Table)?
        for lesson in course.lessons {
            if let table = lesson.prose.tables.first(where: { $0.column("Ders") != nil && $0.column("Tetik") != nil }) {
                found = (lesson, table)
            }
        }
        guard let (owner, table) = found, let lessonColumn = table.column("Ders"), let triggerColumn = table.column("Tetik")
        else { return .notApplicable("no table with 'Ders' and 'Tetik' columns") }
        var findings: [Diagnostic] = []
        for (position, row) in table.rows.enumerated() {
            guard position < course.lessons.count else {
                findings.append(.error(
                    id, at: SourceLocation(path: owner.path, line: row.line.number),
                    "row \(position + 1) has no lesson: the course has \(course.lessons.count) lessons"))
                continue
            }
            let lesson = course.lessons[position]
            let title = lesson.frontMatter?["title"]?.value ?? lesson.title?.text ?? ""
            if row.cells.count > lessonColumn, row.cells[lessonColumn] != title {
                findings.append(.error(
                    id, at: cell(row, lessonColumn, owner.path),
                    "row \(position + 1) names '\(row.cells[lessonColumn])'; lesson \(position + 1) is '\(title)'"))
            }
            if row.cells.count > triggerColumn, let declaration = Triggers.declaration(in: lesson.prose) {
                let expected = declaration.distribution.map { "dördü (\($0.map(String.init).joined(separator: "/")))" }
                    ?? declaration.value
                if row.cells[triggerColumn] != expected {
                    findings.append(.error(
                        id, at: cell(row, triggerColumn, owner.path),
                        "row \(position + 1) gives the trigger '\(row.cells[triggerColumn])'; \(lesson.path) declares '\(expected)'"))
                }
            }
        }
        if table.rows.count < course.lessons.count {
            let after = (table.rows.last?.line.number ?? table.headerLine) + 1
            for lesson in course.lessons[table.rows.count...] {
                let title = lesson.frontMatter?["title"]?.value ?? lesson.path
                findings.append(.error(
                    id, at: SourceLocation(path: owner.path, line: after), "the closing table has no row for '\(title)'"))
            }
        }
        return .checked(findings)
    }

    /// The location of a cell: its line, at the cell's text.
    private func cell(_ row: (cells: [String], line: Line), _ column: Int, _ path: String) -> SourceLocation {
        var offset = 0
        var pipes = 0
        for byte in row.line.text.utf8 {
            offset += 1
            if byte == UInt8(ascii: "|") {
                pipes += 1
                if pipes == column + 1 { break }
            }
        }
        let text = row.line.text.utf8.dropFirst(offset)
        let spaces = text.prefix { $0 == UInt8(ascii: " ") }.count
        return SourceLocation(path: path, line: row.line.number, column: offset + spaces + 1)
    }
}
