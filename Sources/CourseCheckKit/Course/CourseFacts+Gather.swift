import Foundation

/// The facts of a check's result: the course reads its own results, so the claims never name them.
extension CourseFacts {
    /// Builds the facts from a check's result and the course index, both read by the read stage
    /// (each lesson's text facts with it, on the worker threads): what is left is what the trees
    /// printed.
    /// `outputs` false gives the facts of the text alone (no tree has run yet): what the claims
    /// that read no output are checked on.
    package static func gather(
        _ results: [LessonResult], index: Index?, plan: CourseLoader.Plan, cache: Cache?,
        environment: [String: String], outputs: Bool = true
    ) -> CourseFacts {
        let lessons = results.compactMap { result in
            result.lesson.map { LessonFacts(result, lesson: $0, outputs: outputs) }
        }
        let whole = plan.directories.count == 1 && plan.entries.count == lessons.count
        var facts = CourseFacts(
            lessons: lessons, index: index, isWholeCourse: whole, cache: cache, environment: environment)
        if plan.directories.count == 1 { facts.unreadLessons = max(0, plan.entries.count - lessons.count) }
        return facts
    }

    /// The course index, `README.md` beside the lessons (or under another name GitHub shows as the
    /// README, `LessonRecords.indexName`), when there is one: an editor's unsaved
    /// text of it (lsp) wins over the file on disk.
    static func readIndex(plan: CourseLoader.Plan, overlay: [String: [UInt8]]) -> Index? {
        guard let directory = plan.directories.first else { return nil }
        let name = LessonRecords.indexName(in: directory.path)
        let url = directory.appendingPathComponent(name)
        let edited = overlay.isEmpty ? nil : overlay[url.standardizedFileURL.path]
        let path = CourseLoader.display(plan.directoryDisplayPaths.first ?? "", name)
        guard let bytes = edited ?? FileManager.default.contents(atPath: url.path).map({ [UInt8]($0) }) else {
            return nil
        }
        // Links from the repository's root (`/lessons/…`) resolve against where the index sits in it.
        let folder = RepositoryFolder.of(directory: directory)
        if let kept = indexMemo.get(), kept.path.sameBytes(path), kept.edited == (edited != nil),
            kept.bytes.sameBytes(bytes), kept.index.repositoryFolder == folder
        {
            return kept.index
        }
        guard case .success(let file) = SourceFile.decode(bytes, path: path) else { return nil }
        let index = readIndex(file, bytes: bytes, edited: edited != nil, repositoryFolder: folder)
        indexMemo.set((path, edited != nil, bytes, index))
        return index
    }

    /// The index last read, with the path and bytes it was read from (and whether they were an
    /// editor's, whose bytes the index does not keep): reading it depends on them alone, and a live loop (or the test suite) checks the whole course again after each edit of
    /// a lesson, where the index is the text it read last time.
    private static let indexMemo = Locked<(path: String, edited: Bool, bytes: [UInt8], index: Index)?>(nil)

    private static func readIndex(_ file: SourceFile, bytes: [UInt8], edited: Bool, repositoryFolder: String?)
        -> Index
    {
        var scanned = MarkdownScanner.scan(file)
        // A comment's slip within a line is one finding at it, and the index is read as meant.
        let commentLines = Classifier.commentLineSlips(file, scanned.document, lesson: false)
        let frontMatter = scanned.frontMatter
        if let reading = commentLines.reading { scanned = reading.scan }
        // A fence slip in the index is one finding at the slip, and the index is read as if fixed.
        let slips = Classifier.indexFenceSlips(commentLines.reading?.file ?? file, scanned: scanned)
        return Index(
            file: slips.file, prose: Prose(file: slips.file, document: slips.document),
            frontMatter: frontMatter, bytes: edited ? nil : bytes,
            fenceSlips: slips.findings + commentLines.findings + commentLines.fences
                + Classifier.strayUnderlines(slips.document, slips.file, lesson: false)
                + (Classifier.unclosedDetails(file, scanned, lesson: false).map { [$0] } ?? [])
                + [Decomposed.finding(in: file, bytes: bytes, blocks: scanned.blocks)].compactMap { $0 },
            hidden: slips.hidden, repositoryFolder: repositoryFolder)
    }
}

extension CourseFacts.LessonFacts {
    /// The facts of a lesson that was read: its text facts (built by the read stage, or here when
    /// it did not), and what its trees printed.
    fileprivate init(_ result: LessonResult, lesson: Lesson, outputs: Bool) {
        self.init(
            lesson: lesson, text: result.claimText ?? Text(lesson),
            outputs: !outputs
                ? nil
                : result.trees.filter { $0.tree != nil }.map { tree in
                    guard let run = tree.run, run.ending == .exited(0) else { return nil }
                    return String(decoding: run.stdout, as: UTF8.self)
                })
    }
}
