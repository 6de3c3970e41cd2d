/// Every lesson's front matter has the required keys, its `title` is the `# ` heading, the
/// `source` URL ends in the file's slug, and `course` is the course title.
public struct FrontMatterClaim: ClaimCheck {
    public let id = DiagnosticID.frontMatter
    public let spansCourse = false
    public static let requiredKeys = ["title", "source", "course", "language", "updated", "license"]

    public init() {}

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        guard course.lessons.contains(where: { $0.frontMatter != nil }) else {
            return .notApplicable("no lesson has front matter")
        }
        var findings: [Diagnostic] = []
        // Without an index, the lessons must at least agree with each other on the course title.
        let courseTitle = course.courseTitle ?? mostCommonCourse(course)
        for lesson in course.lessons {
            let path = lesson.path
            guard let frontMatter = lesson.frontMatter else {
                findings.append(.error(id, at: SourceLocation(path: path, line: 1), "lesson has no front matter (a '---' block at the top)"))
                continue
            }
            let missing = Self.requiredKeys.filter { frontMatter[$0] == nil }
            if !missing.isEmpty {
                findings.append(.error(
                    id, at: SourceLocation(path: path, line: frontMatter.closingLine),
                    "front matter lacks \(missing.map { "'\($0)'" }.joined(separator: ", "))"))
            }
            if let title = frontMatter["title"] {
                if let heading = lesson.title {
                    // The one the rest of the course does not use is the typo.
                    if !heading.text.sameBytes(title.value),
                        course.mentions(of: heading.text, outside: path) > course.mentions(of: title.value, outside: path)
                    {
                        findings.append(.error(
                            id, at: SourceLocation(path: path, line: title.line),
                            "front matter title '\(title.value)' differs from the heading '\(heading.text)' (line \(heading.line)), "
                                + "which the rest of the course uses"))
                    } else if !heading.text.sameBytes(title.value) {
                        findings.append(.error(
                            id, at: SourceLocation(path: path, line: heading.line, column: heading.column),
                            "heading '\(heading.text)' differs from the front matter title '\(title.value)' (line \(title.line))"))
                    }
                } else {
                    findings.append(.error(id, at: SourceLocation(path: path, line: frontMatter.closingLine + 1), "lesson has no '# ' heading"))
                }
            }
            if let source = frontMatter["source"] {
                let slug = source.value.split(separator: "/").last.map(String.init) ?? ""
                if !slug.sameBytes(lesson.slug) {
                    findings.append(.error(
                        id, at: SourceLocation(path: path, line: source.line),
                        "source URL ends in '\(slug)', but the file's slug is '\(lesson.slug)'"))
                }
            }
            if let value = frontMatter["course"], let courseTitle, !value.value.sameBytes(courseTitle) {
                findings.append(.error(
                    id, at: SourceLocation(path: path, line: value.line),
                    "course '\(value.value)' differs from the course title '\(courseTitle)'"))
            }
        }
        return .checked(findings)
    }

    private func mostCommonCourse(_ course: CourseFacts) -> String? {
        var counts: [String: Int] = [:]
        for lesson in course.lessons {
            if let value = lesson.frontMatter?["course"]?.value { counts[value, default: 0] += 1 }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }
}
