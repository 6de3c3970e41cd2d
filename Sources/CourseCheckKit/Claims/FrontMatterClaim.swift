/// Every lesson's front matter has the required keys, its `title` is the `# ` heading, the
/// `source` URL ends in the file's slug, and `course` is the course title.
package struct FrontMatterClaim: ClaimCheck {
    package let id = DiagnosticID.frontMatter
    package let spansCourse = false
    package let readsTreeOutputs = false
    package let readsOnlyText = true
    package static let requiredKeys = ["title", "source", "course", "language", "updated", "license"]

    package init() {}

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        func opens(_ file: SourceFile) -> Bool { file.lines.first?.text == "---" }
        guard course.lessons.contains(where: { $0.frontMatter != nil || opens($0.lesson.file) }) else {
            return .notApplicable("no lesson has front matter")
        }
        var findings: [Diagnostic] = []
        // An index with merge-conflict markers is course-index's one finding; its values are not read.
        let index = course.index.flatMap { $0.conflicts.isEmpty ? $0 : nil }
        // The index's values are read too (its `title` is the course title): one finding each, there.
        if let index {
            for entry in Self.reported(index.frontMatter?.unreadable ?? []) {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: index.file.path, line: entry.line),
                        .unreadable(key: entry.key, entry.reason)))
            }
        }
        // Without an index, the lessons must at least agree with each other on the course title.
        var courseTitle = (index == nil ? nil : course.courseTitle) ?? mostCommonCourse(course)
        if let index, let title = index.frontMatter?["title"] {
            // One typo in the index's title is one finding there, not one in every lesson.
            let named = Set(course.lessons.compactMap { $0.frontMatter?["course"]?.value })
            if course.lessons.count > 1, named.count == 1, let only = named.first,
                !Prose.rendersSame(only, title.value),
                course.lessons.allSatisfy({ $0.frontMatter?["course"] != nil })
            {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: index.file.path, line: title.line),
                        .indexTitle(title.value, lessons: only)))
                courseTitle = only
            } else if let heading = index.prose.headings.first(where: { $0.level == 1 }),
                !Prose.rendersSame(heading.text, title.value)
            {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: index.file.path, line: heading.line, column: heading.column),
                        .indexHeading(heading.text, title: title.value, titleLine: title.line)))
            }
        }
        for lesson in course.lessons {
            let path = lesson.path
            // Merge-conflict markers in the front matter are that lesson's one finding.
            if let conflict = lesson.lesson.uncertainFrom,
                conflict <= (lesson.frontMatter?.closingLine ?? lesson.lesson.file.lines.count),
                Classifier.conflictMarkers(lesson.lesson.file).contains(where: { $0.location.line == conflict })
            {
                continue
            }
            guard let frontMatter = lesson.frontMatter else {
                findings.append(
                    .frontMatter(at: SourceLocation(path: path, line: 1), opens(lesson.lesson.file) ? .unclosed : .none)
                )
                continue
            }
            for entry in Self.reported(frontMatter.unreadable) {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: entry.line), .unreadable(key: entry.key, entry.reason)))
            }
            // A key whose value or line is unreadable is reported as that, not again as missing.
            let missing = Self.requiredKeys.filter { key in
                frontMatter[key] == nil && !frontMatter.unreadable.contains { $0.key == key }
            }
            if !missing.isEmpty, !frontMatter.unreadable.contains(where: { $0.key == nil }) {
                findings.append(
                    .frontMatter(at: SourceLocation(path: path, line: frontMatter.closingLine), .lacks(missing)))
            }
            for key in Self.requiredKeys {
                // YAML's null (`~`, `null`) is no value either.
                guard let entry = frontMatter[key], entry.items.isEmpty,
                    entry.value.allSatisfy({ $0 == " " || $0 == "\t" })
                        || ["~", "null", "Null", "NULL"].contains(entry.value)
                else { continue }
                findings.append(.frontMatter(at: SourceLocation(path: path, line: entry.line), .empty(key: key)))
            }
            if let title = frontMatter["title"], !title.value.allSatisfy(\.isWhitespace) {
                if let heading = lesson.title {
                    // The one the rest of the course does not use is the typo.
                    // Compared as rendered: spacing HTML collapses is no difference.
                    let differs = !Prose.rendersSame(heading.text, title.value)
                    if differs,
                        course.mentions(of: heading.text, outside: path)
                            > course.mentions(of: title.value, outside: path)
                    {
                        findings.append(
                            .frontMatter(
                                at: SourceLocation(path: path, line: title.line),
                                .title(title.value, heading: heading.text, headingLine: heading.line)))
                    } else if differs {
                        findings.append(
                            .frontMatter(
                                at: SourceLocation(path: path, line: heading.line, column: heading.column),
                                .heading(heading.text, title: title.value, titleLine: title.line)))
                    }
                } else {
                    findings.append(
                        .frontMatter(at: SourceLocation(path: path, line: frontMatter.closingLine + 1), .noHeading))
                }
            }
            if let source = frontMatter["source"], !source.value.allSatisfy(\.isWhitespace) {
                // The path's last part: a query (`?ref=x`) or a fragment (`#top`) is not the slug.
                let path = source.value.prefix { $0 != "?" && $0 != "#" }
                let slug = path.split(separator: "/").last.map(String.init) ?? ""
                if !slug.sameBytes(lesson.slug) {
                    findings.append(
                        .frontMatter(
                            at: SourceLocation(path: lesson.path, line: source.line),
                            .source(slug: slug, fileSlug: lesson.slug)))
                }
            }
            if let value = frontMatter["course"], !value.value.allSatisfy(\.isWhitespace), let courseTitle,
                !Prose.rendersSame(value.value, courseTitle)
            {
                findings.append(
                    .frontMatter(
                        at: SourceLocation(path: path, line: value.line), .course(value.value, courseTitle: courseTitle)
                    ))
            }
        }
        return .checked(findings)
    }

    /// Every unreadable value, but only the first line that is not YAML at all: after one, the
    /// rest are most likely its consequences (a lost closing `---` runs the front matter on).
    static func reported(_ unreadable: [FrontMatter.Unreadable]) -> [FrontMatter.Unreadable] {
        guard let first = unreadable.firstIndex(where: { $0.key == nil }) else { return unreadable }
        return unreadable.enumerated().filter { $0.offset == first || $0.element.key != nil }.map(\.element)
    }

    private func mostCommonCourse(_ course: CourseFacts) -> String? {
        var counts: [String: Int] = [:]
        for lesson in course.lessons {
            if let value = lesson.frontMatter?["course"]?.value { counts[value, default: 0] += 1 }
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }
}
