/// The prose of a markdown file: its lines outside fenced blocks and front matter, with helpers
/// to find headings, bullets and tables by structure.
public struct Prose: Sendable {
    public var path: String
    /// Lines outside fences and front matter, in order, with their numbers.
    public var lines: [Line]

    public init(file: SourceFile, blocks: [FencedBlock]) {
        path = file.path
        // hidden[n] is true for line n inside a fence or the front matter.
        var hidden = [Bool](repeating: false, count: file.lines.count + 2)
        for block in blocks {
            for number in block.opening.number...block.closing.number where number < hidden.count { hidden[number] = true }
        }
        if let frontMatter = FrontMatter.parse(file.lines) {
            for number in 1...frontMatter.closingLine where number < hidden.count { hidden[number] = true }
        }
        lines = file.lines.filter { !hidden[$0.number] }
    }

    public init(lesson: Lesson) {
        self.init(file: lesson.file, blocks: lesson.blocks.map(\.fenced))
    }

    /// A heading: its level, its text and its line.
    public struct Heading: Sendable, Equatable {
        public var level: Int
        public var text: String
        public var line: Int
    }

    public var headings: [Heading] {
        lines.compactMap { line in
            let hashes = line.text.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.text.dropFirst(hashes).hasPrefix(" ") else { return nil }
            return Heading(level: hashes, text: String(line.text.dropFirst(hashes + 1)), line: line.number)
        }
    }

    /// A table: its header cells and its rows, each row's cells with the row's line.
    public struct Table: Sendable {
        public var header: [String]
        public var headerLine: Int
        public var rows: [(cells: [String], line: Line)]

        public func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    }

    /// Every pipe table: a `|` header row, a `|---|` delimiter row, then `|` rows.
    public var tables: [Table] {
        var tables: [Table] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard index + 1 < lines.count, isRow(lines[index]), isDelimiter(lines[index + 1]),
                lines[index + 1].number == lines[index].number + 1
            else { continue }
            var table = Table(header: Self.cells(lines[index].text), headerLine: lines[index].number, rows: [])
            var row = index + 2
            while row < lines.count, isRow(lines[row]), lines[row].number == lines[row - 1].number + 1 {
                table.rows.append((Self.cells(lines[row].text), lines[row]))
                row += 1
            }
            tables.append(table)
            index = row - 1
        }
        return tables
    }

    private func isRow(_ line: Line) -> Bool { line.text.hasPrefix("|") }

    private func isDelimiter(_ line: Line) -> Bool {
        isRow(line) && line.text.allSatisfy { "|-: ".contains($0) } && line.text.contains("-")
    }

    /// The trimmed cells of a table row.
    static func cells(_ text: String) -> [String] {
        var parts = text.split(separator: "|", omittingEmptySubsequences: false).map {
            String(Substring($0).trimmingBlanks())
        }
        if parts.first == "" { parts.removeFirst() }
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// The 1-based UTF-8 column where `needle` starts in `line`, or 1.
    static func column(of needle: Substring, in line: Line) -> Int {
        guard let range = line.text.range(of: needle) else { return 1 }
        return line.text.utf8.distance(from: line.text.startIndex, to: range.lowerBound) + 1
    }
}
