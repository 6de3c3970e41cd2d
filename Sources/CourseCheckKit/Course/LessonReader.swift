import Foundation

/// Reads one lesson file from disk and runs it through scan and classify.
package enum LessonReader {
    /// What reading and classifying one file produced.
    package struct Outcome: Sendable {
        /// The classified lesson, or nil when the file could not be decoded.
        package var lesson: Lesson?
        package var diagnostics: [Diagnostic]
        /// The file as read from disk (nil for an editor's buffer): `--promote` rewrites it only
        /// while it is still this file.
        package var snapshot: FileGate.Snapshot? = nil
        /// What the claims read of the lesson's text, made on first use and shared by every copy
        /// of this outcome: for a lesson the memo answers, its prose and the inline structure its
        /// paragraphs were parsed into are at hand from the run before.
        let claimTextSlot = Locked<CourseFacts.LessonFacts.Text?>(nil)

        /// The claims' reading of the lesson, or nil when there is no lesson.
        package func claimText() -> CourseFacts.LessonFacts.Text? {
            guard let lesson else { return nil }
            return claimTextSlot.once { CourseFacts.LessonFacts.Text(lesson) }
        }

        /// The trees' golden names, made on first use and shared as the claims' reading is: they
        /// depend on the lesson alone.
        let goldenNamesSlot = Locked<GoldenName.Names?>(nil)

        /// The lesson's core blocks compared with a core, kept for the last core asked about.
        let driftMemo = KeyedMemo<CourseCore, [Diagnostic?]>()

        /// The golden names of the lesson's trees, or nil when there is no lesson.
        package func goldenNames() -> GoldenName.Names? {
            guard let lesson else { return nil }
            return goldenNamesSlot.once { GoldenName.names(for: lesson) }
        }
    }

    /// Reads `entry`; throws `CourseCheckError.io` when the file cannot be read at all.
    /// `core` is the core's file name when the course's is known, nil for the lesson's own guess
    /// (`CourseCore.guess`).
    package static func read(_ entry: CourseLoader.Entry, core: String? = nil) throws(CourseCheckError) -> Outcome {
        // Only regular files: a FIFO would block the read forever, a directory cannot be read.
        switch FileGate.read(path: entry.path) {
        case .file(let snapshot):
            var outcome = classify(bytes: snapshot.bytes, path: entry.displayPath, core: core)
            outcome.snapshot = snapshot
            return outcome
        case .missing:
            throw .io(path: entry.displayPath, operation: .read, cause: .noSuchFile)
        case .notRegular:
            throw .io(path: entry.displayPath, operation: .read, cause: .notRegularFile)
        case .unreadable(let code):
            throw .io(path: entry.displayPath, operation: .read, cause: .system(errno: code))
        }
    }

    /// Reads `entry` from `overlay` when it holds the entry's standardized path (an editor's
    /// unsaved text), else from disk.
    package static func read(_ entry: CourseLoader.Entry, overlay: [String: [UInt8]], core: String? = nil)
        throws(CourseCheckError) -> Outcome
    {
        // A check from the command line has no overlay: no standardised path (~20 K instructions) to look up.
        guard !overlay.isEmpty, let bytes = overlay[entry.url.standardizedFileURL.path] else {
            return try read(entry, core: core)
        }
        return classify(bytes: bytes, path: entry.displayPath, core: core)
    }

    /// The outcome last classified for each path, with the bytes it came from. Classifying depends
    /// on the bytes and the path alone, and a live loop (`lsp`, `watch`) checks the whole course
    /// after each edit, where every lesson but the edited one is the text it classified last time
    /// (so does the test suite, hundreds of times). At most `memoLimit` paths are kept.
    /// Keyed by the path's bytes: a `String` key takes a decomposed name for the composed one, and
    /// the outcome names its file.
    private static let memo = Locked<[[UInt8]: (bytes: [UInt8], core: String?, outcome: Outcome)]>([:])
    static let memoLimit = 1024
    /// Texts larger than this are classified afresh by every check and never kept: a parse holds
    /// about twenty times its text (lines, block structure, the claims' inline reading), so a
    /// large lesson's parse stays only while a check uses it. The course's lessons are far smaller.
    static let memoTextLimit = 256 * 1024

    /// Whether the memo holds `bytes` as the text of `path`.
    static func remembers(_ bytes: [UInt8], path: String) -> Bool {
        memo.update { $0[Array(path.utf8)]?.bytes.sameBytes(bytes) == true }
    }

    static var memoCount: Int { memo.update { $0.count } }

    /// Whether the memo holds `bytes` as the text of any path.
    static func remembers(_ bytes: [UInt8]) -> Bool {
        memo.update { $0.values.contains { $0.bytes.sameBytes(bytes) } }
    }

    /// Empties the memo, so the next classification of every path is done afresh.
    static func forget() { memo.update { $0.removeAll() } }

    /// Forgets the outcomes classified for `paths` (display paths, as `classify` was given them): a
    /// live loop's closed document releases the parse of its last text.
    package static func forget(_ paths: some Sequence<String>) {
        memo.update { entries in
            for path in paths { entries[Array(path.utf8)] = nil }
        }
    }

    /// Decodes, scans and classifies a file's bytes (or answers from the memo).
    package static func classify(bytes: [UInt8], path: String, core: String? = nil) -> Outcome {
        if let known = memo.update({ $0[Array(path.utf8)] }), known.core == core, known.bytes.sameBytes(bytes) {
            return known.outcome
        }
        let outcome = classifyAfresh(bytes: bytes, path: path, core: core)
        guard bytes.count <= memoTextLimit else {
            memo.update { $0[Array(path.utf8)] = nil }
            return outcome
        }
        memo.update { entries in
            if entries.count >= memoLimit, entries[Array(path.utf8)] == nil { entries.removeAll() }
            entries[Array(path.utf8)] = (bytes, core, outcome)
        }
        return outcome
    }

    /// Decodes, scans and classifies a file's bytes, with the core's file name `core`, or the
    /// lesson's own guess at it.
    static func classifyAfresh(bytes: [UInt8], path: String, core: String? = nil) -> Outcome {
        let file: SourceFile
        switch SourceFile.decode(bytes, path: path) {
        case .failure(let diagnostic):
            return Outcome(lesson: nil, diagnostics: [diagnostic])
        case .success(let decoded):
            file = decoded
        }
        var diagnostics: [Diagnostic] = []
        if file.hadByteOrderMark {
            diagnostics.append(.byteOrderMark(in: path))
        }
        if bytes.isEmpty {
            diagnostics.append(.notALesson(at: SourceLocation(path: path, line: 1), .empty))
            return Outcome(lesson: nil, diagnostics: diagnostics)
        }
        let scanned = MarkdownScanner.scan(file)
        // The classifier sees the scanner's findings too: a cause it finds replaces their consequences.
        // The files the blocks name, once: the lesson's guess at its core, and the course's choice.
        var named: [String] = []
        for (name, _) in Classifier.namedFiles(scanned.blocks) where !named.contains(name) { named.append(name) }
        var (lesson, classified) = Classifier.classify(file, scanned: scanned, core: core ?? CourseCore.guess(named))
        lesson.namedFiles = named
        diagnostics += classified
        // Text saved decomposed is one finding a file; the claims compare its strings composed.
        if let decomposed = Decomposed.finding(in: file, bytes: bytes, blocks: scanned.blocks) {
            diagnostics.append(decomposed)
        }
        return Outcome(lesson: lesson, diagnostics: diagnostics)
    }
}
