import Foundation

/// `coursecheck import` of a standalone lesson export (the platform's per-lesson format: front
/// matter with `title` and `source`, then `# Title` and the body). It replaces the lesson file of
/// the same slug, keeping what the course importer keeps: `objectives` the export lacks, and an
/// `updated` later than the export's.
package struct LessonImporter {
    package var file: SourceFile
    package var values: FrontMatter
    /// The last path component of `source`, which names the lesson file `NN-<slug>.md`.
    package var slug: String

    /// Reads a lesson export, or nil when `file` is not one.
    package init?(file: SourceFile) {
        guard let values = FrontMatter.parse(file.lines), let title = values["title"]?.value,
            let source = values["source"]?.value,
            let slug = source.split(separator: "/").last.map(String.init), !slug.isEmpty,
            file.lines[values.closingLine...].first(where: { !$0.isBlank })?.text == "# " + title
        else { return nil }
        self.file = file
        self.values = values
        self.slug = slug
    }

    /// The lesson file this export replaces: the one `NN-<slug>.md` in `directory`.
    package func target(in directory: URL) throws(CourseCheckError) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let matches = names.filter { LessonName.isLessonFile($0) && $0.drop { $0.isNumber } == "-\(slug).md" }
            .sorted()
        guard matches.count == 1, let name = matches.first else {
            throw .usage(
                matches.isEmpty
                    ? "\(file.path): no lesson file NN-\(slug).md in \(directory.lastPathComponent)/ for this lesson "
                        + "export to replace; a lesson export replaces an existing lesson, a course export creates them"
                    : "\(file.path): more than one lesson file for '\(slug)': \(matches.joined(separator: ", "))")
        }
        return name
    }

    /// The new text of the lesson file, given the current one (if readable).
    package func text(existing: SourceFile?) -> String {
        var lines = file.lines.map(\.text)
        let old = existing.flatMap { FrontMatter.parse($0.lines) }
        if let old, let existing {
            if let later = old["updated"]?.value, let line = values["updated"]?.line,
                later > (values["updated"]?.value ?? "")
            {
                lines[line - 1] = "updated: \(CourseImporter.quoted(later))"
            }
            // Keys the export lacks (objectives, or course and license in a trimmed export) are kept
            // from the lesson, each with its list items, in the lesson's order.
            var kept: [String] = []
            for (key, entry) in old.entries.sorted(by: { $0.value.line < $1.value.line }) where values[key] == nil {
                let next = old.entries.values.map(\.line).filter { $0 > entry.line }.min() ?? old.closingLine
                kept += existing.lines[(entry.line - 1)..<(next - 1)].map(\.text)
            }
            lines.insert(contentsOf: kept, at: values.closingLine - 1)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plans the lesson into `directory` (`shown` as the user named it): it replaces only the
    /// lesson whose front matter names this export's `source` (`ImportTarget`).
    package func plan(into directory: URL, shown: String) throws(CourseCheckError) -> ImportTarget.Plan {
        if let reason = ImportTarget.refusal(ofDirectory: directory, shown: shown) {
            throw .io(path: shown, operation: .importInto, cause: .refusedBecause(reason))
        }
        let name = try target(in: directory)
        let found = FileGate.read(directory.appendingPathComponent(name))
        let existing = found.snapshot.flatMap {
            if case .success(let file) = SourceFile.decode($0.bytes, path: name) { file } else { nil }
        }
        let file = ImportTarget.File(
            name: name, data: Array(text(existing: existing).utf8), found: found,
            owner: .lesson(title: values["title"]?.value ?? "", source: values["source"]?.value ?? ""))
        return try ImportTarget.plan([file], into: directory, shown: shown)
    }
}
