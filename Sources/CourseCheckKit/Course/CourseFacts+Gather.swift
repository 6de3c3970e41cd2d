import Foundation

/// The facts of a check's result: the course reads its own results, so the claims never name them.
extension CourseFacts {
    /// Builds the facts from a check's result; reads `README.md` beside the lessons when there is one.
    package static func gather(
        _ results: [LessonResult], plan: CourseLoader.Plan, cache: Cache?,
        environment: [String: String], overlay: [String: [UInt8]] = [:], width: Int = 1
    ) -> CourseFacts {
        var lessons: [LessonFacts] = []
        // Each lesson's prose is its own: read in parallel, kept in course order.
        let proses = parallelMap(results.compactMap(\.lesson), width: width) { Prose(lesson: $0) }
        var next = proses.makeIterator()
        for result in results {
            guard let lesson = result.lesson, let prose = next.next() else { continue }
            lessons.append(
                LessonFacts(
                    lesson: lesson, prose: prose,
                    frontMatter: lesson.document == nil ? FrontMatter.parse(lesson.file.lines) : lesson.frontMatter,
                    outputs: result.trees.filter { $0.tree != nil }.map { tree in
                        guard let run = tree.run, run.ending == .exited(0) else { return nil }
                        return String(decoding: run.stdout, as: UTF8.self)
                    }))
        }
        var index: Index?
        if let directory = plan.directories.first {
            let url = directory.appendingPathComponent("README.md")
            // An editor's unsaved text of the index (lsp) wins over the file on disk.
            if let bytes = overlay[url.standardizedFileURL.path]
                ?? FileManager.default.contents(atPath: url.path).map({ [UInt8]($0) }),
                case .success(let file) = SourceFile.decode(
                    bytes, path: CourseLoader.display(plan.directoryDisplayPaths.first ?? "", "README.md"))
            {
                let scanned = MarkdownScanner.scan(file)
                index = Index(
                    file: file, prose: Prose(file: file, document: scanned.document), frontMatter: scanned.frontMatter)
            }
        }
        let whole = plan.directories.count == 1 && plan.entries.count == lessons.count
        var facts = CourseFacts(
            lessons: lessons, index: index, isWholeCourse: whole, cache: cache, environment: environment)
        if plan.directories.count == 1 { facts.unreadLessons = max(0, plan.entries.count - lessons.count) }
        return facts
    }
}
