import Foundation

/// The facts of a check's result: the course reads its own results, so the claims never name them.
extension CourseFacts {
    /// Builds the facts from a check's result; reads `README.md` beside the lessons when there is one.
    package static func gather(
        _ results: [LessonResult], plan: CourseLoader.Plan, cache: Cache?,
        environment: [String: String], overlay: [String: [UInt8]] = [:], width: Int = 1
    ) -> CourseFacts {
        let read = results.filter { $0.lesson != nil }
        // Each lesson's facts are its own, and so is the index's: all built on the worker threads,
        // the index first (the largest single part), then the lessons longest first (a lesson's
        // prose, tables included, is most of its facts), so the small ones fill in at the end.
        let weight = { (position: Int?) in position.map { read[$0].lesson!.file.lines.count } ?? Int.max }
        let parts = parallelMap([nil] + read.indices.map { $0 }, width: width, heaviestFirst: weight) {
            position -> Part in
            guard let position else { return .index(readIndex(plan: plan, overlay: overlay)) }
            return .lesson(LessonFacts(read[position]))
        }
        var lessons: [LessonFacts] = []
        var index: Index?
        for part in parts {
            switch part {
            case .index(let found): index = found
            case .lesson(let facts): lessons.append(facts)
            }
        }
        let whole = plan.directories.count == 1 && plan.entries.count == lessons.count
        var facts = CourseFacts(
            lessons: lessons, index: index, isWholeCourse: whole, cache: cache, environment: environment)
        if plan.directories.count == 1 { facts.unreadLessons = max(0, plan.entries.count - lessons.count) }
        return facts
    }

    /// One part of the facts, as a worker built it.
    private enum Part: Sendable {
        case index(Index?)
        case lesson(LessonFacts)
    }

    /// The course index, `README.md` beside the lessons, when there is one: an editor's unsaved
    /// text of it (lsp) wins over the file on disk.
    private static func readIndex(plan: CourseLoader.Plan, overlay: [String: [UInt8]]) -> Index? {
        guard let directory = plan.directories.first else { return nil }
        let url = directory.appendingPathComponent("README.md")
        guard
            let bytes = (overlay.isEmpty ? nil : overlay[url.standardizedFileURL.path])
                ?? FileManager.default.contents(atPath: url.path).map({ [UInt8]($0) }),
            case .success(let file) = SourceFile.decode(
                bytes, path: CourseLoader.display(plan.directoryDisplayPaths.first ?? "", "README.md"))
        else { return nil }
        let scanned = MarkdownScanner.scan(file)
        return Index(file: file, prose: Prose(file: file, document: scanned.document), frontMatter: scanned.frontMatter)
    }
}

extension CourseFacts.LessonFacts {
    /// The facts of a lesson that was read: its prose, its front matter, what its trees printed.
    fileprivate init(_ result: LessonResult) {
        let lesson = result.lesson!
        self.init(
            lesson: lesson, prose: Prose(lesson: lesson),
            frontMatter: lesson.document == nil ? FrontMatter.parse(lesson.file.lines) : lesson.frontMatter,
            outputs: result.trees.filter { $0.tree != nil }.map { tree in
                guard let run = tree.run, run.ending == .exited(0) else { return nil }
                return String(decoding: run.stdout, as: UTF8.self)
            })
    }
}
