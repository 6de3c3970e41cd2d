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

    /// The notes of a lesson: strong emphasis (`**GV1.**` or `__GV1.__`) holding one to four capital
    /// letters, a number and a full stop, in reading order.
    static func notes(in lesson: CourseFacts.LessonFacts) -> [Note] {
        var notes: [Note] = []
        for block in lesson.prose.blocks where block.source.containsByte(UInt8(ascii: "*")) || block.source.containsByte(UInt8(ascii: "_")) {
            let inline = block.inline
            for span in inline.emphasis where span.strong {
                let bytes = inline.source[span.content]
                let letters = bytes.prefix { $0 >= 65 && $0 <= 90 }.count
                let digits = bytes.dropFirst(letters).prefix { $0 >= 48 && $0 <= 57 }.count
                guard (1...4).contains(letters), (1...9).contains(digits), letters + digits + 1 == bytes.count,
                    bytes.last == UInt8(ascii: "."),
                    let number = Int(String(decoding: bytes.dropFirst(letters).prefix(digits), as: UTF8.self))
                else { continue }
                let at = block.location(of: span.open, in: lesson.path)
                notes.append(Note(
                    prefix: String(decoding: bytes.prefix(letters), as: UTF8.self), number: number, path: lesson.path,
                    line: at.line, column: at.column))
            }
        }
        return notes
    }

    /// The part (its `## ` heading in the index) of each lesson, keyed by the lesson's resolved path.
    static func parts(_ index: CourseFacts.Index?) -> [String: String] {
        guard let index else { return [:] }
        var parts: [String: String] = [:]
        var current: String?
        for block in index.prose.blocks {
            if block.kind == .heading(level: 2) { current = block.text }
            if let item = CourseIndexClaim.item(block, in: index), let current, parts[item.resolved] == nil {
                parts[item.resolved] = current
            }
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
            if let part = parts[CourseIndexClaim.normalized(note.path)] {
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
