import Foundation

/// What the claim checks read: the lessons in course order with their prose and front matter,
/// each tree's actual output, and the course index.
package struct CourseFacts: Sendable {
    /// One lesson as the claims see it.
    package struct LessonFacts: Sendable {
        package let lesson: Lesson
        package let prose: Prose
        package let frontMatter: FrontMatter?
        /// The actual stdout of each tree, in order; nil where a tree did not run.
        package var outputs: [String?] { CourseFacts.known(treeOutputs) }
        /// Every cause the trees print (`Triggers.causes(inOutput:)`), read once: four claims ask.
        package var causes: Set<String> { CourseFacts.known(printedCauses) }
        /// Nil in the facts of the text alone, which the claims that read no output start on.
        private let treeOutputs: [String?]?
        private let printedCauses: Set<String>?
        /// True when the trees' outputs are among the facts.
        package var knowsOutputs: Bool { treeOutputs != nil }
        /// Every `Bu dersin tetiği:` bullet, read once (several claims read them).
        package let declarations: [Triggers.Declaration]
        /// The bold value of the intro's `Bu derste bakılan tetik **X**`, read once (`Triggers.intro`).
        package let intro: Triggers.Declaration?
        /// The paragraphs that may be the distribution sentence, found once for the lesson's text
        /// and shared by every copy of its facts (`TriggerDistributionClaim.candidates`).
        let distributionCandidates: Locked<[TriggerDistributionClaim.Candidate]?>
        /// The lesson's bold note labels (`NoteSeriesClaim.notesAndReferences`), read once for the
        /// two claims that ask: note-series, and course-index for the part each lesson's notes name.
        let noteLabels: Locked<NoteSeriesClaim.Labels?>
        /// The lesson's label-reference findings and plain labels, kept for the course-wide sets
        /// they were read against (`KeyedMemo`): those change only when a tree's labels or a
        /// series does, not when another lesson is edited.
        let labelReferences: KeyedMemo<LabelReferenceClaim.Context, [Diagnostic]>
        let plainLabels: KeyedMemo<NoteSeriesClaim.PlainContext, NoteSeriesClaim.PlainLabels>
        /// The lesson's declaration: its first bullet.
        package var declaration: Triggers.Declaration? { declarations.first }

        /// The facts from the lesson's text, read before its trees ran, and what the trees printed.
        /// `outputs` nil: the facts of the text alone, for the claims that read no output.
        package init(lesson: Lesson, text: Text, outputs: [String?]?) {
            self.lesson = lesson
            prose = text.prose
            frontMatter = text.frontMatter
            declarations = text.declarations
            intro = text.intro
            titles = text.titles
            distributionCandidates = text.distributionCandidates
            noteLabels = text.noteLabels
            labelReferences = text.labelReferences
            plainLabels = text.plainLabels
            treeOutputs = outputs
            printedCauses = outputs.map { outputs in
                text.causes.value(for: outputs) {
                    outputs.compactMap { $0 }.reduce(into: Set<String>()) {
                        $0.formUnion(Triggers.causes(inOutput: $1))
                    }
                }
            }
        }

        /// What the claims read of a lesson's text alone (its prose, front matter, trigger bullets
        /// and titles): most of its facts, and nothing a tree's run changes, so the check builds
        /// it beside the reading, on the worker threads, before the trees run.
        package struct Text: Sendable {
            package let prose: Prose
            package let frontMatter: FrontMatter?
            package let declarations: [Triggers.Declaration]
            package let intro: Triggers.Declaration?
            package let titles: [String]
            /// Shared by the facts made from this text: the text facts and, after the trees ran,
            /// the whole facts, so what a claim prepared on the one is there for the other.
            let distributionCandidates = Locked<[TriggerDistributionClaim.Candidate]?>(nil)
            let noteLabels = Locked<NoteSeriesClaim.Labels?>(nil)
            let labelReferences = KeyedMemo<LabelReferenceClaim.Context, [Diagnostic]>()
            let plainLabels = KeyedMemo<NoteSeriesClaim.PlainContext, NoteSeriesClaim.PlainLabels>()
            /// The causes the trees printed, for the outputs they were read from.
            let causes = KeyedMemo<[String?], Set<String>>()

            /// The first `# ` heading after the front matter: keys a slipped closing line leaves
            /// as text are a setext heading when it is `===`, and that is its slip, not a title.
            static func title(in prose: Prose, after frontMatter: FrontMatter?) -> Prose.Heading? {
                // A front matter read as if its slipped `---` were there is prose to the scanner: its
                // lines are no title (`# ---` for the opening line is a heading of it).
                let repaired = frontMatter?.unclosed?.written != nil || frontMatter?.opened != nil
                let end = repaired ? frontMatter?.closingLine ?? 0 : 0
                return prose.firstHeading { level, line in level == 1 && line > end }
            }

            package init(_ lesson: Lesson) {
                prose = Prose(lesson: lesson)
                // A front matter whose opening or closing line slipped is read as if it were there: its slip is one finding.
                frontMatter =
                    (lesson.document == nil ? FrontMatter.parse(lesson.file.lines) : lesson.frontMatter)
                    ?? FrontMatter.repairingClose(lesson.file.lines) ?? FrontMatter.repairingOpen(lesson.file.lines)
                    ?? FrontMatter.repairingStrayFence(lesson.file.lines)
                declarations = Triggers.declarations(in: prose)
                intro = Triggers.intro(in: prose)
                var titles: [String] = []
                let heading = Self.title(in: prose, after: frontMatter)?.text
                // As rendered: a title whose spacing HTML collapses is the title.
                for candidate in [frontMatter?["title"]?.value, heading].compactMap({ $0 }).map(Prose.collapsed)
                where !titles.contains(where: { $0.sameBytes(candidate) }) {
                    titles.append(candidate)
                }
                self.titles = titles.isEmpty ? [lesson.path] : titles
            }
        }

        package var path: String { lesson.path }
        /// Every tree block of the lesson, in order, with or without a recognised expected block.
        package var treeBlocks: [FencedBlock] { lesson.blocks.filter { $0.role == .tree }.map(\.fenced) }
        /// True when some tree block has no recognised expected block: it did not run, so what
        /// the lesson's trees print is not fully known, and claims about it are not judged.
        package var hasUnknownTrees: Bool { treeBlocks.count != lesson.trees.count || lesson.fencesAreUncertain }
        /// `yerel-durum` for `lessons/09-yerel-durum.md`.
        package var slug: String {
            let stem = GoldenStore.stem(of: path)
            let digits = stem.prefix { $0.isASCII && $0.isNumber }
            return stem.dropFirst(digits.count).hasPrefix("-") ? String(stem.dropFirst(digits.count + 1)) : stem
        }
        /// Every spelling the lesson gives its title, as rendered (HTML whitespace collapsed): the
        /// front matter's and the heading's. When the two
        /// differ, front-matter reports it once, and the claims that name lessons accept either, so
        /// one typo is one finding. Read once: the claims that name lessons ask hundreds of times.
        package let titles: [String]

        /// True when `name` is one of the lesson's titles, or one in quotation marks at both ends
        /// (`“Yerel Durum”`: what a table cell or an index item so written means).
        package func isTitled(_ name: String) -> Bool {
            let name = Prose.collapsed(name)
            if titles.contains(where: { $0.sameBytes(name) }) { return true }
            guard let bare = Quotation.unquotedAtBothEnds(name) else { return false }
            return titles.contains { $0.sameBytes(bare) }
        }

        /// The lesson's title as `names` use it when they use one of its spellings, else its first.
        package func title(asUsedIn names: [String]) -> String {
            titles.first { title in names.contains { Prose.collapsed($0).sameBytes(title) } } ?? titles[0]
        }

        /// The text of the first `# ` heading, with its line.
        package var title: (text: String, line: Int, column: Int)? {
            Text.title(in: prose, after: frontMatter).map { ($0.text, $0.line, $0.column) }
        }
    }

    /// The course index, `lessons/README.md`.
    package struct Index: Sendable {
        package let file: SourceFile
        package let prose: Prose
        package var frontMatter: FrontMatter?
        /// The merge-conflict marker sets in the index, found once: course-index reports them and
        /// front-matter then leaves the index's values alone.
        package let conflicts: [Diagnostic]
        /// For each of `prose.blocks`, the lesson item it is, or nil: read once, for course-index
        /// and for the parts note-series gives its series.
        let blockItems: [CourseIndexClaim.Item?]
        /// The bytes the index was read from, for the memo of the text's claims (`TextClaimMemo`);
        /// nil for an editor's unsaved text, which is never remembered.
        package let bytes: [UInt8]?
        /// The paragraphs that may be the distribution sentence, found once for the index's text
        /// (`TriggerDistributionClaim.candidates`) and shared by every copy of it.
        let distributionCandidates = Locked<[TriggerDistributionClaim.Candidate]?>(nil)

        /// Item lines whose number is longer than CommonMark allows (`1234567890.`): they open no
        /// item, so the list around them renders as text. The index is read as if each were an
        /// item (`prose` and `blockItems` are of the repaired text), so the slip is one finding at
        /// its line and nothing it broke is judged until it is fixed.
        let overflows: [CourseIndexClaim.Overflow]
        /// The index's fence slips, one finding each (course-index reports them): `file` and
        /// `prose` are of the index with them repaired, so what a slip swallowed is not judged.
        let fenceSlips: [Diagnostic]
        /// The slips found only in the text with `overflows` repaired (a comment left open in an
        /// item of a list that ran on as text): course-index reports them after the overflows'.
        var revealed: [Diagnostic] = []
        /// What a comment left open hides from readers: no claim's finding there is reported.
        package let hidden: HiddenSpan?

        /// The index's folder below its git repository's root (`lessons`), nil outside one: a
        /// link from the root (`/lessons/09-yerel-durum.md`) opens on GitHub what it names there.
        package let repositoryFolder: String?

        package init(
            file: SourceFile, prose: Prose, frontMatter: FrontMatter?, bytes: [UInt8]? = nil,
            fenceSlips: [Diagnostic] = [], hidden: HiddenSpan? = nil, repositoryFolder: String? = nil
        ) {
            self.bytes = bytes
            self.repositoryFolder = repositoryFolder
            self.frontMatter =
                frontMatter ?? FrontMatter.repairingClose(file.lines) ?? FrontMatter.repairingOpen(file.lines)
            conflicts = Classifier.conflictMarkers(file)
            var repaired = CourseIndexClaim.repairingOverflows(file, prose: prose)
            var (file, hidden) = (file, hidden)
            // A comment slip an item line's slip hid (while the list ran on as a paragraph's text,
            // its comment was inline HTML there) is found in the repaired text, as it would be once
            // that slip is fixed: one finding at it, and the index read with it as meant. Asked
            // only when a line slipped and the index holds a '<!--'.
            if !repaired.overflows.isEmpty,
                repaired.file.lines.contains(where: { $0.text.utf8Offset(of: "<!--") != nil }),
                let comment = Classifier.unclosedComment(
                    repaired.file, MarkdownScanner.scan(repaired.file).document, lesson: false),
                comment.file.lines.count == file.lines.count
            {
                revealed = [comment.finding]
                hidden = hidden ?? comment.hidden
                var lines = file.lines
                for index in lines.indices where comment.file.lines[index].text != repaired.file.lines[index].text {
                    lines[index] = comment.file.lines[index]
                }
                file = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
                repaired = CourseIndexClaim.repairingOverflows(file, prose: Prose(file: file))
            }
            self.file = file
            self.fenceSlips = fenceSlips
            self.hidden = hidden
            self.prose = repaired.prose
            overflows = repaired.overflows
            // An item linked from the repository's root names the file it opens there.
            blockItems = repaired.items.map { item in
                guard var item, item.file.hasPrefix("/"), repositoryFolder != nil else { return item }
                item.resolved = CourseIndexClaim.resolved(
                    item.file, indexPath: file.path, repositoryFolder: repositoryFolder)
                return item
            }
        }
    }

    package let lessons: [LessonFacts]
    package var index: Index?

    /// True when a slip hides what `finding` reads from readers (a comment left open in its lesson or the
    /// index): it is not judged until the slip is fixed, as the slip's finding says.
    package func isHidden(_ finding: Diagnostic) -> Bool {
        let location = finding.location
        if let index, index.file.path == location.path { return index.hidden?.hides(finding) ?? false }
        return lessons.first { $0.path == location.path }?.lesson.hidden?.hides(finding) ?? false
    }
    /// Trigger bullets the closing table and the distribution sentence both contradict, by lesson
    /// index: decided once, read by every trigger claim.
    package var outvoted: [Int: TriggerConsensus.Outvoted] { Self.known(knownOutvoted) }
    private var knownOutvoted: [Int: TriggerConsensus.Outvoted]?
    /// What is wrong with each lesson's declaration (`DeclaredTriggerClaim.problem`), by lesson
    /// index, once asked: the trigger claim, the closing table's and the sentence's ask it of every
    /// lesson, and a distribution's counts would be read from the output each time.
    let declarationProblems = Locked<[Int: Diagnostic.DeclaredTrigger?]>([:])
    /// The index's items placed in its parts, made once when first asked: the index claim and the
    /// note series both read it, and it walks every lesson's notes.
    private let placementSlot = Locked<IndexPlacement?>(nil)
    var placement: IndexPlacement { placementSlot.once { IndexPlacement(self) } }
    /// True when every lesson of a lessons directory is here (cross-lesson claims need that).
    package var isWholeCourse: Bool
    /// Lessons of the one lessons directory given that could not be read (their own findings say
    /// why): the cross-lesson claims wait for them, and the summary says so, never "not applicable".
    package var unreadLessons = 0
    /// For checks that need the toolchain: where to cache, and what the environment is.
    package var cache: Cache?
    package var environment: [String: String]
    /// Seconds one swiftc invocation may take (`--compile-timeout`).
    package var compileTimeout: Double = 120

    package init(
        lessons: [LessonFacts], index: Index?, isWholeCourse: Bool, cache: Cache?, environment: [String: String]
    ) {
        self.lessons = lessons
        self.index = index
        self.isWholeCourse = isWholeCourse
        self.cache = cache
        self.environment = environment
        // Decided from the trees' outputs: the facts of the text alone leave it unknown.
        if lessons.allSatisfy(\.knowsOutputs) { knownOutvoted = TriggerConsensus.outvoted(in: self) }
    }

    /// A fact of the trees' outputs. A claim that declares it reads none (`readsTreeOutputs`) is
    /// given facts without them, and reading one there is a programming error: stopping here makes
    /// the first test that runs the claim fail, where an empty answer would be a silent pass.
    static func known<Value>(_ value: Value?) -> Value {
        guard let value else {
            preconditionFailure("a claim that declares it reads no tree output (readsTreeOutputs) read one")
        }
        return value
    }

    /// How often `text` occurs in the course outside the lesson at `path`: in the index and the other
    /// lessons. It tells which of two spellings the course uses.
    package func mentions(of text: String, outside path: String) -> Int {
        let files = (index.map { [$0.file] } ?? []) + lessons.filter { $0.path != path }.map(\.lesson.file)
        return files.reduce(0) { count, file in
            count + file.lines.count { $0.text.contains(text) }
        }
    }

    /// The course title: the index's `title`, when there is an index.
    package var courseTitle: String? { index?.frontMatter?["title"]?.value }
}
