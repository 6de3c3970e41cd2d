import Foundation

/// `coursecheck import`: splits a single-file course export (the platform's format: course front
/// matter, `# Course`, `## Part`, `### Lesson` with a `Source:` line, `####` sections) into
/// `NN-<slug>.md` lesson files and a `README.md` course index.
///
/// Lesson files get the standalone export's front matter; `objectives` that an existing lesson
/// file already has are kept, since the single-file export does not carry them.
package struct CourseImporter {
    /// One lesson of the export.
    package struct ImportedLesson: Sendable, Equatable {
        package var title: String
        package var source: String
        package var body: [String]
        package var slug: String { source.split(separator: "/").last.map(String.init) ?? "" }
    }

    /// One part of the course and the lessons under it.
    package struct Part: Sendable, Equatable {
        package var title: String
        package var introduction: [String]
        package var lessons: [ImportedLesson]
    }

    package var frontMatter: [Line]
    package var courseTitle: String
    package var introduction: [String]
    package var parts: [Part]
    package var values: FrontMatter

    /// Parses an export; throws `CourseCheckError.usage` naming the line that breaks the format.
    package init(file: SourceFile) throws(CourseCheckError) {
        guard let values = FrontMatter.parse(file.lines), let title = values["title"]?.value else {
            throw .usage("\(file.path): the export has no front matter with a title")
        }
        self.values = values
        frontMatter = Array(file.lines[1..<(values.closingLine - 1)])
        courseTitle = title
        let inFence = MarkdownScanner.scan(file).fencedLines(count: file.lines.count)
        var introduction: [String] = []
        var parts: [Part] = []
        var lesson: ImportedLesson?
        func flush() {
            guard var finished = lesson else { return }
            finished.body = Self.trimmed(finished.body)
            parts[parts.count - 1].lessons.append(finished)
            lesson = nil
        }
        for line in file.lines[values.closingLine...] {
            let text = line.text
            let heading = !inFence[line.number]
            if heading && text.hasPrefix("# ") && parts.isEmpty && introduction.allSatisfy(\.isEmpty) {
                introduction = []
                continue
            } else if heading && text.hasPrefix("## ") {
                flush()
                parts.append(Part(title: String(text.dropFirst(3)), introduction: [], lessons: []))
            } else if heading && text.hasPrefix("### ") {
                flush()
                guard !parts.isEmpty else {
                    throw .usage("\(file.path):\(line.number): a lesson before the first '## ' part")
                }
                lesson = ImportedLesson(title: String(text.dropFirst(4)), source: "", body: [])
            } else if var current = lesson {
                if current.source.isEmpty && current.body.allSatisfy(\.isEmpty) && text.hasPrefix("Source: ") {
                    current.source = String(text.dropFirst("Source: ".count))
                    current.body = []
                } else {
                    current.body.append(heading && text.hasPrefix("#### ") ? "##" + text.dropFirst(4) : text)
                }
                lesson = current
            } else if let last = parts.indices.last {
                parts[last].introduction.append(text)
            } else {
                introduction.append(text)
            }
        }
        flush()
        for part in parts {
            for lesson in part.lessons where lesson.source.isEmpty {
                throw .usage("\(file.path): lesson '\(lesson.title)' has no 'Source:' line")
            }
        }
        guard parts.contains(where: { !$0.lessons.isEmpty }) else {
            throw .usage("\(file.path): the export has no '### ' lessons")
        }
        self.introduction = Self.trimmed(introduction)
        self.parts = parts.map {
            Part(title: $0.title, introduction: Self.trimmed($0.introduction), lessons: $0.lessons)
        }
    }

    /// Lines without leading and trailing blank lines.
    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    var lessons: [ImportedLesson] { parts.flatMap(\.lessons) }

    /// The file name of lesson `index` (0-based): two digits, more when the course is larger.
    func fileName(_ index: Int) -> String {
        let width = max(2, String(lessons.count).count)
        let number = String(index + 1)
        return String(repeating: "0", count: width - number.count) + number + "-" + lessons[index].slug + ".md"
    }

    /// `'text'` with YAML's quote doubling.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences("'", with: "''") + "'"
    }

    /// The text of lesson `index`. From an existing file come its `objectives` lines, the key's
    /// first (the export has none), and its `updated` value when it is later than the export's (it
    /// never goes back).
    package func lessonText(_ index: Int, objectives: [String], updated existing: String? = nil) -> String {
        let lesson = lessons[index]
        var lines = [
            "---", "title: \(Self.quoted(lesson.title))", "source: \(Self.quoted(lesson.source))",
            "course: \(Self.quoted(courseTitle))",
        ]
        for key in ["language", "updated", "license"] {
            guard let line = frontMatter.first(where: { $0.text.hasPrefix(key + ":") }) else { continue }
            if key == "updated", let existing, existing > (values["updated"]?.value ?? "") {
                lines.append("updated: \(Self.quoted(existing))")
            } else {
                lines.append(line.text)
            }
        }
        lines += objectives
        lines += ["---", "", "# " + lesson.title, ""] + lesson.body
        return lines.joined(separator: "\n") + "\n"
    }

    /// The course index: front matter, introduction, each part with its lessons, and the sources.
    package var indexText: String {
        var lines = ["---"] + frontMatter.map(\.text) + ["---", "", "# " + courseTitle, ""] + introduction + [""]
        var index = 0
        for part in parts {
            lines += ["## " + part.title, ""] + part.introduction + (part.introduction.isEmpty ? [] : [""])
            for lesson in part.lessons {
                lines.append("\(index + 1). [\(lesson.title)](\(fileName(index)))")
                index += 1
            }
            lines.append("")
        }
        lines += sourcesSection
        return lines.joined(separator: "\n") + "\n"
    }

    /// The index's closing section: the licence and the sources, from the export's own fields
    /// alone, in its language (Turkish for `language: tr`, English otherwise): the platform is
    /// the host of the course's `source`, and named only when the export gives one.
    var sourcesSection: [String] {
        let source = values["source"]?.value
        let host = source.flatMap { URLComponents(string: $0)?.host }
        var license = values["license"]?.value
        if license == "CC BY-SA 4.0" { license = "[CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/)" }
        var lines: [String]
        if values["language"]?.value == "tr" {
            let published = host.map { "\($0) üzerinde yayımlanan " } ?? ""
            lines = [
                "## Lisans ve kaynak", "",
                "Bu kurs, \(published)“\(courseTitle)” kursunun metnidir ve \(license ?? "kendi") lisansıyla "
                    + "paylaşılır. Her ders dosyasının `source` alanı dersin özgün adresini verir.", "",
            ]
            if let source { lines.append("- Kurs: <\(source)>") }
        } else {
            let published = host.map { " published on \($0)" } ?? ""
            let shared = license.map { ", shared under the \($0) licence" } ?? ""
            lines = [
                "## Licence and sources", "",
                "This course is the text of the course “\(courseTitle)”\(published)\(shared). Each lesson file's "
                    + "`source` field gives the lesson's original address.", "",
            ]
            if let source { lines.append("- Course: <\(source)>") }
        }
        for lesson in lessons { lines.append("- \(lesson.title): <\(lesson.source)>") }
        return lines
    }

    /// Plans every file into `directory` (`shown` as the user named it): each lesson, then the
    /// index, with what stands at its path (`ImportTarget` decides what may be replaced).
    package func plan(into directory: URL, shown: String) throws(CourseCheckError) -> ImportTarget.Plan {
        var files: [ImportTarget.File] = []
        for index in lessons.indices {
            let found = FileGate.read(directory.appendingPathComponent(fileName(index)))
            var objectives: [String] = []
            var updated: String?
            if let snapshot = found.snapshot, case .success(let existing) = SourceFile.decode(snapshot.bytes, path: ""),
                let frontMatter = FrontMatter.parse(existing.lines)
            {
                updated = frontMatter["updated"]?.value
                if let entry = frontMatter["objectives"] {
                    // From its key's line: a flow list (`objectives: [a, b]`) is on it.
                    objectives = existing.lines[(entry.line - 1)..<(frontMatter.closingLine - 1)].map(\.text)
                }
            }
            files.append(
                ImportTarget.File(
                    name: fileName(index),
                    data: Array(lessonText(index, objectives: objectives, updated: updated).utf8), found: found,
                    owner: .lesson(title: lessons[index].title, source: lessons[index].source)))
        }
        files.append(
            ImportTarget.File(
                name: "README.md", data: Array(indexText.utf8),
                found: FileGate.read(directory.appendingPathComponent("README.md")),
                owner: .index(title: courseTitle, source: values["source"]?.value)))
        return try ImportTarget.plan(files, into: directory, shown: shown)
    }
}
