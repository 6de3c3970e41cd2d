/// The course index (`README.md` beside the lessons): `lessons: N` counts the lesson files, and its
/// ordered list links every lesson once, in order, with its title.
public struct CourseIndexClaim: ClaimCheck {
    public let id = DiagnosticID.courseIndex
    public let spansCourse = true

    public init() {}

    /// An item `N. [Title](file.md)` of the index's ordered list.
    struct Item {
        var title: String
        var file: String
        var line: Line
    }

    static func items(_ prose: Prose) -> [Item] {
        prose.lines.compactMap { line in
            let digits = line.text.prefix { $0.isASCII && $0.isNumber }
            let rest = line.text.dropFirst(digits.count)
            guard !digits.isEmpty, rest.hasPrefix(". ["), let close = rest.range(of: "](") else { return nil }
            let title = rest[rest.index(rest.startIndex, offsetBy: 3)..<close.lowerBound]
            let target = rest[close.upperBound...].prefix { $0 != ")" }
            return Item(title: String(title), file: String(target), line: line)
        }
    }

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        guard let index = course.index else { return .notApplicable("no README.md beside the lessons") }
        let path = index.file.path
        var findings: [Diagnostic] = []
        if let count = index.frontMatter?["lessons"] {
            if Int(count.value) != course.lessons.count {
                findings.append(.error(
                    id, at: SourceLocation(path: path, line: count.line),
                    "lessons: \(count.value), but the directory holds \(course.lessons.count) lesson files"))
            }
        } else {
            findings.append(.error(id, at: SourceLocation(path: path, line: 1), "the index's front matter has no 'lessons: N'"))
        }
        let items = Self.items(index.prose)
        let files = course.lessons.map { NSStringPath(path: $0.path).lastComponent }
        var seen: [String: Int] = [:]
        var listed: [Item] = []
        for item in items {
            let at = SourceLocation(path: path, line: item.line.number)
            if let first = seen[item.file] {
                findings.append(.error(id, at: at, "the index lists \(item.file) again (first at line \(first))"))
                continue
            }
            seen[item.file] = item.line.number
            guard let lessonIndex = files.firstIndex(of: item.file) else {
                findings.append(.error(id, at: at, "the index links \(item.file), which is not a lesson file"))
                continue
            }
            listed.append(item)
            let title = course.lessons[lessonIndex].frontMatter?["title"]?.value ?? course.lessons[lessonIndex].title?.text
            if let title, title != item.title {
                findings.append(.error(
                    id, at: SourceLocation(path: path, line: item.line.number, column: Prose.column(of: Substring(item.title), in: item.line)),
                    "the index calls \(item.file) '\(item.title)'; its title is '\(title)'"))
            }
        }
        // The listed lessons aligned to course order (a shortest edit script): an item out of place
        // or a lesson left out is named once, where it is or where it belongs.
        let lastLine = items.last?.line.number ?? index.file.lines.count
        for edit in UnifiedDiff.edits(files, listed.map(\.file)) {
            switch edit {
            case .insert(let position):
                let item = listed[position]
                let lesson = (files.firstIndex(of: item.file) ?? 0) + 1
                findings.append(.error(
                    id, at: SourceLocation(path: path, line: item.line.number),
                    "\(item.file) is listed out of course order; it is lesson \(lesson)"))
            case .delete(let lesson) where seen[files[lesson]] == nil:
                let next = files[(lesson + 1)...].compactMap { seen[$0] }.first ?? lastLine
                findings.append(.error(id, at: SourceLocation(path: path, line: next), "the index does not list \(files[lesson])"))
            default:
                continue
            }
        }
        return .checked(findings)
    }
}

/// The last path component of a display path, without Foundation.
struct NSStringPath {
    var path: String
    var lastComponent: String { path.split(separator: "/").last.map(String.init) ?? path }
}
