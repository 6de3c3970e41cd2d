/// Bold notes (`**GV1.**`, `**DR4.**`) form one series per prefix, numbered 1, 2, 3 … without gaps
/// or repeats in reading order, and each series stays within one part of the course.
public struct NoteSeriesClaim: ClaimCheck {
    public let id = DiagnosticID.noteSeries
    public let spansCourse = true

    public init() {}

    /// A note marker found in prose.
    struct Note {
        var prefix: String
        var number: Int
        var path: String
        var line: Int
        var column: Int
    }

    static func notes(in lesson: CourseFacts.LessonFacts) -> [Note] {
        var notes: [Note] = []
        for line in lesson.prose.lines {
            var rest = Substring(line.text)
            while let open = rest.range(of: "**") {
                let after = rest[open.upperBound...]
                let prefix = after.prefix { $0.isASCII && $0.isUppercase }
                let digits = after.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
                let tail = after.dropFirst(prefix.count + digits.count)
                if (1...4).contains(prefix.count), let number = Int(digits), tail.hasPrefix(".**") {
                    let column = line.text.utf8.distance(from: line.text.startIndex, to: open.lowerBound) + 1
                    notes.append(Note(prefix: String(prefix), number: number, path: lesson.path, line: line.number, column: column))
                    rest = tail.dropFirst(3)
                } else {
                    rest = after
                }
            }
        }
        return notes
    }

    /// The part (its `## ` heading in the index) of each lesson file.
    static func parts(_ index: CourseFacts.Index?) -> [String: String] {
        guard let index else { return [:] }
        var parts: [String: String] = [:]
        var current: String?
        let items = Dictionary(CourseIndexClaim.items(index.prose).map { ($0.line.number, $0.file) }) { first, _ in first }
        for line in index.prose.lines {
            if line.text.hasPrefix("## ") { current = String(line.text.dropFirst(3)) }
            if let file = items[line.number], let current { parts[file] = current }
        }
        return parts
    }

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        let notes = course.lessons.flatMap(Self.notes)
        guard !notes.isEmpty else { return .notApplicable("no bold note markers") }
        let parts = Self.parts(course.index)
        var findings: [Diagnostic] = []
        var last: [String: Note] = [:]
        var firstPart: [String: (part: String, note: Note)] = [:]
        for note in notes {
            let at = SourceLocation(path: note.path, line: note.line, column: note.column)
            let expected = (last[note.prefix]?.number ?? 0) + 1
            if note.number != expected {
                let previous = last[note.prefix].map { " after \($0.prefix)\($0.number) at \($0.path):\($0.line)" } ?? ""
                let what = note.number < expected ? "repeats or goes back" : "skips \(note.prefix)\(expected)"
                findings.append(.error(
                    id, at: at, "note \(note.prefix)\(note.number) \(what)\(previous); expected \(note.prefix)\(expected)"))
            }
            last[note.prefix] = note
            let file = note.path.split(separator: "/").last.map(String.init) ?? note.path
            if let part = parts[file] {
                if let first = firstPart[note.prefix] {
                    if first.part != part {
                        findings.append(.error(
                            id, at: at,
                            "note \(note.prefix)\(note.number) is in part '\(part)', but series \(note.prefix) belongs to "
                                + "part '\(first.part)' (\(first.note.prefix)\(first.note.number) at \(first.note.path):\(first.note.line))"))
                    }
                } else {
                    firstPart[note.prefix] = (part, note)
                }
            }
        }
        return .checked(findings)
    }
}
