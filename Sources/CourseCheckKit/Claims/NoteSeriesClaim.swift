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
        for line in lesson.prose.lines where line.text.containsByte(UInt8(ascii: "*")) {
            let bytes = Array(line.text.utf8)
            var index = 0
            while index + 1 < bytes.count {
                guard bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "*") else {
                    index += 1
                    continue
                }
                var cursor = index + 2
                let prefixStart = cursor
                while cursor < bytes.count, bytes[cursor] >= 65, bytes[cursor] <= 90 { cursor += 1 }
                let digitsStart = cursor
                while cursor < bytes.count, bytes[cursor] >= 48, bytes[cursor] <= 57 { cursor += 1 }
                let prefixLength = digitsStart - prefixStart
                let isNote = (1...4).contains(prefixLength) && cursor > digitsStart && cursor + 2 < bytes.count
                    && bytes[cursor] == UInt8(ascii: ".") && bytes[cursor + 1] == UInt8(ascii: "*")
                    && bytes[cursor + 2] == UInt8(ascii: "*")
                if isNote, let number = Int(String(decoding: bytes[digitsStart..<cursor], as: UTF8.self)) {
                    notes.append(Note(
                        prefix: String(decoding: bytes[prefixStart..<digitsStart], as: UTF8.self), number: number,
                        path: lesson.path, line: line.number, column: index + 1))
                    index = cursor + 3
                } else {
                    index += 2
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
