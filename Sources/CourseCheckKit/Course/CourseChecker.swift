import Foundation

/// Runs the pipeline over a course: scan → classify → evaluate → compare, collecting findings per lesson.
package struct CourseChecker: Sendable {
    /// Everything one run found, shaped like the course: each lesson file with its trees and
    /// findings, and the findings outside every lesson.
    package struct Result: Sendable {
        /// One result per lesson file of the plan, in course order.
        package var lessonResults: [LessonResult]
        /// Findings not located in a lesson of the run (goldens, the course index, other files).
        package var courseFindings: [Finding]
        package var summary: SummaryLine
        /// The compiler's version line, when the toolchain engine ran.
        package var toolchainVersion: String?
        /// Each golden store's ownership as the check read it, by its root with links resolved:
        /// what `--update` may write and prune there.
        package var ownership: [String: StoreOwnership] = [:]
        /// The course's core, as the check decided it (`CourseCore`).
        package var core = CourseCore.embedded

        package init(
            lessonResults: [LessonResult], courseFindings: [Finding], summary: SummaryLine,
            toolchainVersion: String? = nil
        ) {
            self.lessonResults = lessonResults
            self.courseFindings = courseFindings
            self.summary = summary
            self.toolchainVersion = toolchainVersion
        }

        /// The lessons that were read and classified, in course order.
        package var lessons: [Lesson] { lessonResults.compactMap(\.lesson) }

        /// Every finding in report order: the course's, then each lesson's by line.
        package var findings: [Finding] { courseFindings + lessonResults.flatMap(\.findings) }

        package var diagnostics: [Diagnostic] { findings.map(\.diagnostic) }

        /// The result with `diagnostics` (an update's refusals) among its findings: each in the lesson it
        /// is located in, first among the findings of its line, and counted in the summary.
        package func adding(_ diagnostics: [Diagnostic]) -> Result {
            var result = self
            for diagnostic in diagnostics {
                if let index = result.lessonResults.firstIndex(where: { $0.path == diagnostic.location.path }) {
                    var findings = result.lessonResults[index].findings
                    let position =
                        findings.firstIndex { $0.diagnostic.location.line >= diagnostic.location.line }
                        ?? findings.endIndex
                    findings.insert(Finding(.lesson, diagnostic), at: position)
                    result.lessonResults[index].findings = findings
                } else {
                    result.courseFindings.append(Finding(.course, diagnostic))
                }
            }
            result.summary.errors = result.diagnostics.count { $0.severity == .error }
            result.summary.warnings = result.diagnostics.count { $0.severity == .warning }
            return result
        }

        /// Drops findings, keeping the summary's counts true.
        package mutating func removeFindings(where drop: (Finding, String?) -> Bool) {
            courseFindings.removeAll { drop($0, nil) }
            for index in lessonResults.indices {
                let path = lessonResults[index].path
                lessonResults[index].findings.removeAll { drop($0, path) }
            }
            summary.errors = diagnostics.count { $0.severity == .error }
            summary.warnings = diagnostics.count { $0.severity == .warning }
        }
    }

    /// What to check and how.
    package struct Configuration: Sendable {
        /// Report warnings as errors.
        package var strict = false
        /// How far trees are taken.
        package var evaluation = Evaluation.run
        /// Which engines run the trees, with their options.
        package var router = EngineRouter()
        /// The environment trees and swiftc see.
        package var environment: [String: String] = [:]
        /// Where the approved outputs are.
        package var goldens: GoldenMode = .beside
        /// Check the course's claims (closing table, triggers, notes, index, front matter, fragments).
        package var claims = true
        /// The core's file name (`--core`), when the course's conventions are not to decide it.
        package var coreName: String?
        /// Remember the clean outcomes of the claims that read the text alone in the cache, and
        /// answer from there while the text is the same (`TextClaimMemo`). Off only for tests that
        /// compare a check with the memo to one without.
        package var rememberTextClaims = true
        /// The command validated the goldens directories already (once per run, not once per check).
        package var storesValidated = false
        /// The goldens judged as `--promote` leaves the lessons (its dry run): a drifting tree it
        /// rewrites no longer drifts from its expected block, so the advice names `--update` alone.
        package var afterPromotion = false
        /// Lesson texts that replace the files on disk, by the lesson's standardized path: an
        /// editor's unsaved buffers (`coursecheck lsp`). Empty for every other command.
        package var overlay: [String: [UInt8]] = [:]
        /// Evaluates the trees instead of `router`: the live loop's evaluator, which caches runs by
        /// tree text and leaves swiftc trees pending. Nil for every other command.
        package var evaluator:
            (@Sendable ([TreeJob], [String: String]) throws(CourseCheckError) -> EngineRouter.Report)?

        /// How far the evaluate stage goes.
        package enum Evaluation: Sendable, Equatable {
            /// Run every tree.
            case run
            /// Decide each tree's engine without compiling anything (`list`).
            case routes
            /// Leave the trees alone.
            case none
        }

        /// Where goldens are looked up.
        package enum GoldenMode: Sendable, Equatable {
            /// `goldens/` beside each lesson's directory.
            case beside
            /// One directory for all lessons (`--goldens DIR`), with its display path.
            case directory(URL, display: String)
            /// No golden check (`--no-goldens`).
            case off
        }

        package init() {}
    }

    package var configuration: Configuration
    package var coreCheck = CoreDriftCheck()

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Reads and checks every planned lesson; throws `CourseCheckError` on I/O failure.
    ///
    /// The stages run in pipeline order, each a function over the run's state: read (scan and
    /// classify), evaluate and compare, goldens, claims, finish. A new per-lesson check is one
    /// more function here.
    package func check(_ plan: CourseLoader.Plan, stores: PlannedStores? = nil) throws(CourseCheckError) -> Result {
        // The goldens' folders, listed once for the nested-.git search and the goldens both.
        let listings = DirectoryListings()
        let stores = stores ?? plannedStores(plan)
        // Each store's record and the directories it names, read once for validation and goldens.
        let ownership = configuration.goldens == .off ? [:] : self.ownership(plan, stores: stores)
        // Lessons are read, scanned and classified in parallel; the results keep the plan's order.
        // Two more items share the threads, first: goldens directories not validated yet (the
        // stage only reads, so nothing is written before they pass, and their refusal is the
        // error thrown, ahead of any lesson's, as when it ran first), and the course index the
        // claims read (the largest single item, so the lessons fill in around it).
        var items: [ReadItem] = configuration.storesValidated ? [] : [.validation]
        if configuration.claims { items.append(.index) }
        items += plan.entries.indices.map(ReadItem.lesson)
        let parts = try parallelMap(items, width: configuration.router.toolchain.workers) {
            item throws(CourseCheckError) -> ReadPart in
            switch item {
            case .validation:
                try validateStores(plan, stores: stores, listings: listings, ownership: ownership)
                return .validated
            case .index:
                return .index(CourseFacts.readIndex(plan: plan, overlay: configuration.overlay))
            case .lesson(let index):
                return .lesson(try read(plan.entries[index], store: stores.stores[index], listings: listings))
            }
        }
        var run = Run(results: [])
        for part in parts {
            switch part {
            case .validated: break
            case .index(let index): run.index = index
            case .lesson(let result): run.results.append(result)
            }
        }
        try decideCore(&run, plan: plan, stores: stores, listings: listings)
        Self.gatherUniformCoreDrift(&run)
        for diagnostic in plan.diagnostics { run.place(diagnostic, .course) }
        // The claims that read no tree output start now, beside the trees' runs and the goldens;
        // joined on every path, so nothing they do outlives the check.
        let textClaims = configuration.claims ? startTextClaims(run, plan: plan) : nil
        defer { _ = textClaims?.value }
        try evaluate(&run)
        compareGoldens(&run, plan: plan, stores: stores, listings: listings, ownership: ownership)
        checkClaims(&run, plan: plan, textClaims: textClaims)
        return finish(run, plan: plan)
    }

    /// What the read stage does: each item one call on a worker thread.
    private enum ReadItem: Sendable {
        case validation
        case index
        /// The plan's entry at this index.
        case lesson(Int)
    }

    /// What one read item gave.
    private enum ReadPart: Sendable {
        case validated
        case index(CourseFacts.Index?)
        case lesson(LessonResult)
    }

    /// The state the stages pass along: every lesson's result, the findings outside the lessons,
    /// and the summary as it grows.
    private struct Run {
        var results: [LessonResult]
        /// The course index, read by the read stage when claims are checked.
        var index: CourseFacts.Index?
        var course: [Finding] = []
        var summary = SummaryLine()
        var toolchainVersion: String?
        var evaluated = false
        var ownership: [String: StoreOwnership] = [:]
        /// The course's core, decided once the lessons are read.
        var core = CourseCore.embedded
        /// True when the course is the one coursecheck is built with: its core is the embedded one,
        /// and most lessons' core blocks are it byte for byte. Its own claims run only then.
        var isThisCourse = false

        /// A finding made outside one lesson's context goes to the lesson it is located in, if any.
        mutating func place(_ diagnostic: Diagnostic, _ subject: Subject) {
            if let index = results.firstIndex(where: { $0.path == diagnostic.location.path }) {
                results[index].findings.append(Finding(subject, diagnostic))
            } else {
                course.append(Finding(subject, diagnostic))
            }
        }
    }

    /// Evaluate and compare: every tree with an expected block goes to an engine, and its run is
    /// judged against the block once, where the verdict and the approval are recorded.
    private func evaluate(_ run: inout Run) throws(CourseCheckError) {
        let jobs = run.results.indices.flatMap { lesson in
            run.results[lesson].trees.indices.compactMap { ordinal -> TreeJob? in
                guard let tree = run.results[lesson].trees[ordinal].tree else { return nil }
                // An expected block that reaches a fence slip holds text the slip decided: the slip
                // is the finding, and the tree is judged once it is fixed.
                if run.results[lesson].lesson?.reachesUncertainty(
                    tree.block.opening.number, through: tree.expected.closing.number) == true
                {
                    return nil
                }
                return TreeJob(path: run.results[lesson].path, tree: tree, id: TreeID(lesson: lesson, ordinal: ordinal))
            }
        }
        let report: EngineRouter.Report?
        switch configuration.evaluation {
        case .run where !jobs.isEmpty:
            // The live loop's evaluator serves the embedded core; another course's trees all go to
            // the compiler, as a check from the command line sends them.
            if let evaluator = configuration.evaluator, run.core.isEmbedded {
                report = try evaluator(jobs, configuration.environment)
            } else {
                report = try configuration.router.evaluate(jobs, environment: configuration.environment, core: run.core)
            }
        case .routes: report = configuration.router.routes(jobs, core: run.core)
        default: report = nil
        }
        run.evaluated = configuration.evaluation == .run && !jobs.isEmpty
        guard let report else { return }
        for job in jobs {
            let outcome = report[job.id]
            let (lesson, ordinal) = (job.id.lesson, job.id.ordinal)
            run.results[lesson].trees[ordinal].run = outcome.run
            run.results[lesson].trees[ordinal].route = outcome.route
            run.results[lesson].trees[ordinal].unverified = outcome.unverified
            run.results[lesson].findings += outcome.diagnostics.map { Finding(.tree(ordinal), $0) }
        }
        for diagnostic in report.diagnostics { run.place(diagnostic, .lesson) }
        // The trees a broken core stopped point at its one finding, as a tree's refusal points at
        // the finding that says why it did not run.
        var runFindings = report.diagnostics
        if !report.coreErrors.isEmpty, let first = jobs.first {
            runFindings.append(
                Self.placeCoreErrors(
                    report.coreErrors, in: &run, trees: report.validity?.blocked ?? 0, fallback: first.headerLocation))
        }
        // Judged on the worker threads (each judgement reads one run and one expected block), and
        // recorded in job order.
        let ran = jobs.compactMap { job in run.results[job.id.lesson].trees[job.id.ordinal].run.map { (job, $0) } }
        let judged = parallelMap(ran, width: configuration.router.toolchain.workers) { job, treeRun in
            OutputCheck.judge(treeRun, for: job)
        }
        for ((job, _), (verdict, findings)) in zip(ran, judged) {
            let (lesson, ordinal) = (job.id.lesson, job.id.ordinal)
            run.results[lesson].trees[ordinal].verdict = verdict
            run.results[lesson].findings += findings.map { Finding(.tree(ordinal), $0) }
        }
        for index in run.results.indices { run.results[index].decideApprovals(runFindings: runFindings) }
        run.summary.engines = report.engines
        run.summary.compiler = report.validity
        run.toolchainVersion = report.toolchainVersion
    }

    /// Goldens: each tree's run against its approved golden, and the goldens no tree names.
    private func compareGoldens(
        _ run: inout Run, plan: CourseLoader.Plan, stores: PlannedStores, listings: DirectoryListings,
        ownership: [String: StoreOwnership]
    ) {
        guard run.evaluated && configuration.goldens != .off else { return }
        // Each lesson's goldens are its own folder's: compared on the worker threads, recorded in
        // course order.
        let results = run.results
        // Whether each goldens directory exists, asked once of it, not once for each of its lessons.
        var rootExists: [String: Bool] = [:]
        for result in results {
            guard let store = result.store, rootExists[store.rootPath] == nil else { continue }
            rootExists[store.rootPath] = store.exists
        }
        let exists = rootExists
        let judging = stores.roots.map { root in root.map { ownership[$0]?.judgesOrphans ?? false } ?? false }
        let checked = parallelMap(Array(results.indices), width: configuration.router.toolchain.workers) {
            index -> [Finding]? in
            guard let store = results[index].store, exists[store.rootPath] == true else { return nil }
            return GoldenCheck(store: store, afterPromotion: configuration.afterPromotion).check(
                results[index], orphans: judging[index])
        }
        var compared = 0
        var reportedRoots: Set<String> = []
        for index in run.results.indices {
            guard let store = run.results[index].store else { continue }
            let first = reportedRoots.insert(store.root.path).inserted
            let check = GoldenCheck(store: store)
            guard let findings = checked[index] else {
                if first {
                    run.results[index].findings.append(
                        Finding(.course, check.missingStore(lesson: run.results[index].path)))
                }
                continue
            }
            run.results[index].findings += findings
            compared += run.results[index].trees.count { $0.goldenName != nil && $0.ranCleanly }
            if first, let reason = store.unlistableRoot() {
                run.course.append(
                    Finding(.golden(store.displayRoot), .goldenFolderUnreadable(store.displayRoot, reason: reason)))
            }
            if first, let note = check.toolchainNote(current: run.toolchainVersion, lesson: run.results[index].path) {
                run.course.append(Finding(.course, note))
            }
        }
        // What no lesson of the run claims: orphans where the store's record agrees with the disk,
        // else what keeps the record from being written (one finding, never a list of "orphans").
        var owned = ownership
        for (index, result) in results.enumerated() {
            // A lesson that could not be read (empty, not UTF-8) has no store to ask: it claims nothing.
            guard let root = stores.roots[index], owned[root] != nil, !judging[index], let store = result.store
            else { continue }
            let orphans = GoldenCheck(store: store).orphans(of: result)
            owned[root]?.unclaimed += orphans.map(\.displayPath)
        }
        // Each store's root as the plan resolved it, not resolved again for each orphan.
        var roots: [String: String] = [:]
        for (store, root) in zip(stores.stores, stores.roots) {
            if let store, let root { roots[store.rootPath] = root }
        }
        var judged: [(store: GoldenStore, orphan: GoldenStore.Entry)] = []
        for (store, orphan) in orphanFolders(plan, stores: stores, listings: listings, ownership: ownership) {
            let root = roots[store.rootPath] ?? store.canonicalRoot
            guard owned[root]?.judgesOrphanFolders == true else {
                owned[root]?.unclaimed.append(orphan.displayPath)
                continue
            }
            judged.append((store, orphan))
        }
        // A renamed lesson's golden is said at its tree, as a renamed tree's is: one `golden-renamed`
        // in place of the tree's missing golden and the old golden's orphan; `--update` moves it.
        var carried: [String: (lesson: String, golden: String)] = [:]
        for match in RenamedLessons.match(judged.map(\.orphan), among: run.results).matched {
            guard let lesson = run.results.firstIndex(where: { $0.path == match.lesson.path }),
                let store = run.results[lesson].store
            else { continue }
            for (orphan, tree, snapshot) in match.goldens {
                guard let golden = tree.golden, let header = tree.tree?.headerLocation(in: match.lesson.path),
                    let index = run.results[lesson].trees.firstIndex(where: { $0.goldenName == tree.goldenName })
                else { continue }
                carried[orphan.displayPath] = (match.lesson.path, golden.displayPath)
                run.results[lesson].findings.removeAll {
                    $0.subject == .tree(index) && $0.diagnostic.id == .goldenMissing
                }
                let oldFolder = orphan.url.deletingLastPathComponent().lastPathComponent
                let oldName = orphan.url.lastPathComponent
                let newName = golden.url.lastPathComponent
                let output = GoldenCheck(store: store, afterPromotion: configuration.afterPromotion).renamedOutput(
                    tree, approved: snapshot.bytes, golden: orphan, at: header)
                // The lesson's source URL names the old folder's file: its file name is the slip, and
                // front-matter's one finding at the URL says so (rename the file back, or carry the
                // goldens); the golden, its output the same, is no second story.
                if case .same = output, oldName == newName, configuration.claims, run.isThisCourse,
                    let named = FrontMatterClaim.fileNamedBySource(
                        path: match.lesson.path, frontMatter: match.lesson.lesson?.frontMatter),
                    named.utf8.dropLast(3).elementsEqual(oldFolder.utf8)
                {
                    continue
                }
                run.results[lesson].findings.append(
                    Finding(
                        .tree(index),
                        .goldenRenamed(
                            at: header, old: orphan.displayPath, new: golden.displayPath,
                            difference: RenamedTrees.difference(
                                old: oldFolder, new: golden.url.deletingLastPathComponent().lastPathComponent),
                            output: output, lessonRenamed: true,
                            title: oldName == newName ? nil : RenamedTrees.difference(old: oldName, new: newName))))
            }
        }
        for (store, orphan) in judged where carried[orphan.displayPath] == nil {
            // A golden of no lesson: its fix runs on the directories the store serves, every one
            // of which this run checks (else no folder is judged an orphan).
            let served = owned[roots[store.rootPath] ?? store.canonicalRoot]?.checked.map(\.display) ?? []
            let finding = GoldenCheck(store: store).orphanFinding(orphan, lesson: nil, served: served)
            run.course.append(Finding(.golden(orphan.displayPath), finding))
        }
        // A missing goldens directory is its own finding (`missingStore`); a new one's record is
        // written with its first goldens.
        for root in owned.keys.sortedDeterministically() where exists[owned[root]!.store.rootPath] == true {
            run.course += owned[root]!.findings().map { Finding(.golden(owned[root]!.recordDisplayPath), $0) }
        }
        run.ownership = owned
        run.summary.goldens = "goldens: \(compared) compared"
    }

    /// Each golden store's ownership (`StoreOwnership`), by its root with links resolved,
    /// for the run's lessons that keep their goldens there.
    func ownership(_ plan: CourseLoader.Plan, stores: PlannedStores) -> [String: StoreOwnership] {
        var entries: [String: [CourseLoader.Entry]] = [:]
        var first: [String: GoldenStore] = [:]
        for (index, entry) in plan.entries.enumerated() {
            guard let store = stores.stores[index], let root = stores.roots[index] else { continue }
            entries[root, default: []].append(entry)
            first[root] = first[root] ?? store
        }
        var owned: [String: StoreOwnership] = [:]
        for (root, store) in first { owned[root] = StoreOwnership.read(store, entries: entries[root] ?? []) }
        return owned
    }

    /// The claims that read only the course's text (`readsTreeOutputs` false), started on the
    /// facts of the text alone as soon as the lessons are read: most of the claims' work, which
    /// then fills the cores while the trees run and the goldens are compared.
    private func startTextClaims(_ run: Run, plan: CourseLoader.Plan) -> Background<[ClaimOutcome?]> {
        let facts = claimFacts(run, plan: plan, outputs: false)
        let all = CourseClaims.switchedOn(forEmbeddedCourse: run.isThisCourse, hasIndex: run.index != nil)
        let claims = all.filter { !$0.readsTreeOutputs }
        let width = configuration.router.toolchain.workers
        let memo = textClaimMemo(run, facts: facts, claims: claims.filter(\.readsOnlyText))
        let later = all.filter(\.readsTreeOutputs)
        return Background {
            // What the claims that read outputs can do on the text, first: they are waited for
            // first, once the trees ran; these claims' outcomes after them.
            CourseClaims.prepare(facts, claims: later)
            // Left for the exit to free in the executable's one-shot check (`ExitLifetime`).
            defer { ExitLifetime.keep(facts) }
            guard let memo else { return CourseClaims.outcomes(facts, claims: claims, width: width) }
            let recall = memo.recall()
            if case .remembered(let remembered) = recall {
                var rest = CourseClaims.outcomes(facts, claims: claims.filter { !$0.readsOnlyText }, width: width)
                    .makeIterator()
                var known = remembered.makeIterator()
                // Each group is `claims` filtered, in order: one outcome for each claim, never one short.
                return claims.map { $0.readsOnlyText ? known.next()! : rest.next()! }
            }
            let outcomes = CourseClaims.outcomes(facts, claims: claims, width: width)
            memo.remember(
                zip(claims, outcomes).filter { $0.0.readsOnlyText }.map(\.1),
                replacingDamage: { if case .damaged = recall { true } else { false } }())
            return outcomes
        }
    }

    /// The memo of `claims` (those that read the text alone) for this run's text, or nil when it
    /// cannot be told byte for byte (no cache, an editor's unsaved text, a binary that cannot be
    /// named) or in the live loop (`watch`, `lsp`), which keeps what it needs in memory and would
    /// write the course to the cache after every edit.
    private func textClaimMemo(_ run: Run, facts: CourseFacts, claims: [any ClaimCheck]) -> TextClaimMemo? {
        guard configuration.rememberTextClaims, configuration.overlay.isEmpty, configuration.evaluator == nil,
            let cache = configuration.router.toolchain.cache, let identity = EmbeddedEngine.binaryIdentity
        else { return nil }
        var lessons: [(path: String, bytes: [UInt8])] = []
        // The lessons the facts hold, in their order: those read as lessons.
        for result in run.results where result.lesson != nil {
            guard let snapshot = result.snapshot else { return nil }
            lessons.append((result.path, snapshot.bytes))
        }
        guard lessons.count == facts.lessons.count else { return nil }
        var index: (path: String, bytes: [UInt8])?
        if let read = facts.index {
            guard let bytes = read.bytes else { return nil }
            index = (read.file.path, bytes)
        }
        return TextClaimMemo(
            cache: cache,
            inputs: .init(
                // Where the index sits in its repository decides where its root links lead.
                identity: identity + (facts.index?.repositoryFolder.map { " repository-folder=\($0)" } ?? ""),
                isWholeCourse: facts.isWholeCourse, unreadLessons: facts.unreadLessons,
                claims: claims.map(\.id), lessons: lessons, index: index))
    }

    /// Claims: what the course text says about itself, across lessons. Those that read the trees'
    /// outputs run now; the others' outcomes come from `textClaims`, and the report lists every
    /// claim in `CourseClaims.all`'s order.
    private func checkClaims(_ run: inout Run, plan: CourseLoader.Plan, textClaims: Background<[ClaimOutcome?]>?) {
        guard configuration.claims, let textClaims else { return }
        let facts = claimFacts(run, plan: plan, outputs: true)
        let claims = CourseClaims.switchedOn(forEmbeddedCourse: run.isThisCourse, hasIndex: run.index != nil)
        var late = CourseClaims.outcomes(
            facts, claims: claims.filter(\.readsTreeOutputs), width: configuration.router.toolchain.workers
        ).makeIterator()
        var early = textClaims.value.makeIterator()
        // Each group is `claims` filtered, in order: one outcome for each claim, never one short.
        let outcomes = claims.map { claim in claim.readsTreeOutputs ? late.next()! : early.next()! }
        // Another course: this course's own claims are off, and the summary says why (the core a
        // near-copy of the embedded one that most lessons drift from, or another core).
        let report = CourseClaims.report(
            claims, outcomes, course: facts,
            offReason: run.isThisCourse
                ? nil
                : run.core == coreCheck.core
                    ? "while most lessons' core drifts from the embedded one" : "for another course")
        for diagnostic in report.diagnostics { run.place(diagnostic, .claim(diagnostic.id)) }
        for index in run.results.indices { Self.dropDecomposedInRewrittenLabel(&run.results[index]) }
        run.summary.claims = report.summary
        ExitLifetime.keep(facts)
    }

    /// A decomposed letter typed in a note label that is itself a slip (`**GVI\u{307}2.**`, an
    /// `İ` for GV12's `1`, saved decomposed) is one mistake: the note's finding, whose fix writes
    /// the label over (`write **GV12.**`), fixes the form too, so the page's `decomposed` finding
    /// is dropped when that label holds its only decomposed letters. Other decomposed text on the
    /// page keeps it: it names that text too (`here and in N more places`).
    static func dropDecomposedInRewrittenLabel(_ result: inout LessonResult) {
        guard let lesson = result.lesson,
            let at = result.findings.firstIndex(where: {
                $0.subject == .lesson && $0.diagnostic.id == .decomposed
                    && !$0.diagnostic.message.hasPrefix("the file name")
            })
        else { return }
        let decomposed = result.findings[at].diagnostic.location
        guard lesson.file.lines.indices.contains(decomposed.line - 1) else { return }
        let text = lesson.file.lines[decomposed.line - 1].text
        let bytes = Array(text.utf8)
        // The bold span a note finding on its line rewrites (`write **…**`), from the finding's column.
        let rewritten = result.findings.contains { finding in
            let location = finding.diagnostic.location
            guard finding.diagnostic.id == .noteSeries, location.line == decomposed.line,
                finding.diagnostic.message.contains("; write **")
            else { return false }
            // From the bold's second `*` when the finding is at its first (a reference's column).
            var open = min(max(location.column, 1), bytes.count - 1)
            while open > 0, !(bytes[open] == 0x2A && bytes[open - 1] == 0x2A) { open -= 1 }
            guard open < bytes.count, open <= decomposed.column - 1 else { return false }
            var close = decomposed.column
            while close + 1 < bytes.count, !(bytes[close] == 0x2A && bytes[close + 1] == 0x2A) { close += 1 }
            guard close + 1 < bytes.count else { return false }
            // The span's bytes composed hold no combining mark left, and the rest of the page none.
            var rest = lesson.file.lines
            rest[decomposed.line - 1].text = String(decoding: bytes[..<open] + bytes[(close + 2)...], as: UTF8.self)
            return Decomposed.finding(
                in: SourceFile(path: lesson.file.path, lines: rest, hadByteOrderMark: false),
                bytes: Array(rest.map(\.text).joined(separator: "\n").utf8), blocks: lesson.blocks.map(\.fenced)) == nil
        }
        if rewritten { result.findings.remove(at: at) }
    }

    /// The facts the claims read; `outputs` false: the text alone, before any tree has run.
    private func claimFacts(_ run: Run, plan: CourseLoader.Plan, outputs: Bool) -> CourseFacts {
        var facts = CourseFacts.gather(
            run.results, index: run.index, plan: plan, cache: configuration.router.toolchain.cache,
            environment: configuration.environment, outputs: outputs)
        facts.compileTimeout = configuration.router.toolchain.compileTimeout
        return facts
    }

    /// Finish: findings in report order, `--strict`, and the summary's counts.
    private func finish(_ run: Run, plan: CourseLoader.Plan) -> Result {
        var results = run.results
        var course = run.course
        for index in results.indices {
            // Within a lesson, by line and column, as a reader meets them (claims make findings in
            // their own order: a sentence's counts before its number of lessons); findings at one
            // place keep the order they were made in.
            results[index].findings = results[index].findings.enumerated()
                .sorted {
                    let (left, right) = ($0.element.diagnostic.location, $1.element.diagnostic.location)
                    return (left.line, left.column, $0.offset) < (right.line, right.column, $1.offset)
                }
                .map(\.element)
        }
        if configuration.strict {
            for index in results.indices { results[index].findings = results[index].findings.map(Self.strict) }
            course = course.map(Self.strict)
        }
        var result = Result(
            lessonResults: results, courseFindings: course, summary: run.summary, toolchainVersion: run.toolchainVersion
        )
        result.ownership = run.ownership
        result.core = run.core
        let lessons = result.lessons
        result.summary.lessons = plan.entries.count
        result.summary.cores = lessons.reduce(0) { $0 + $1.count(of: .core) }
        result.summary.trees = lessons.reduce(0) { $0 + $1.count(of: .tree) }
        result.summary.fragments = lessons.reduce(0) { $0 + $1.count(of: .fragment) }
        result.summary.errors = result.diagnostics.count { $0.severity == .error }
        result.summary.warnings = result.diagnostics.count { $0.severity == .warning }
        return result
    }

    /// `--strict`: a warning counts as an error.
    private static func strict(_ finding: Finding) -> Finding {
        var finding = finding
        if finding.diagnostic.severity == .warning { finding.diagnostic.severity = .error }
        return finding
    }

    /// Reads, scans and classifies one lesson file, and names its trees.
    private func read(
        _ entry: CourseLoader.Entry, store: GoldenStore?, listings: DirectoryListings, core: String? = nil
    ) throws(CourseCheckError) -> LessonResult {
        // A file under a slipped name is not read: the plan's one finding at it says which lesson
        // it is, and the lesson waits, unread, as an empty file's does.
        if entry.recorded != nil {
            return LessonResult(entry: entry, lesson: nil, store: nil, trees: [], findings: [], snapshot: nil)
        }
        let outcome = try LessonReader.read(entry, overlay: configuration.overlay, core: core ?? configuration.coreName)
        var result = LessonResult(
            entry: entry, lesson: outcome.lesson, store: nil, trees: [],
            findings: outcome.diagnostics.map { Finding(.lesson, $0) }, snapshot: outcome.snapshot)
        guard let lesson = outcome.lesson else { return result }
        result.store = store
        // What the claims read of the text, while the lesson is at hand on this thread.
        if configuration.claims { result.claimText = outcome.claimText() }
        // Compared with the embedded core while the lesson is at hand: in the course it is, this is
        // the whole comparison (`decideCore`).
        if lesson.coreName == coreCheck.core.fileName {
            Self.checkDrift(&result, lesson: lesson, check: coreCheck, memo: outcome.driftMemo)
        }
        let names = outcome.goldenNames() ?? GoldenName.names(for: lesson)
        let folder = result.store.map { $0.folder(listing: lesson.path, listings: listings) }
        result.goldenFolder = folder
        for (index, block) in lesson.blocks.filter({ $0.role == .tree }).enumerated() {
            let name = names.blocks[index]
            result.trees.append(
                TreeResult(
                    block: block.fenced, expected: block.expected.map { .block($0) } ?? .missing,
                    goldenName: name,
                    golden: name.flatMap { name in
                        result.store.flatMap { store in folder.map { store.golden(name, in: $0) } }
                    },
                    run: nil, route: nil))
        }
        result.findings += names.failures.map { Finding(.tree($0.block), $0.diagnostic) }
        return result
    }

    /// Each of the lesson's core blocks compared with the course's core.
    /// `memo`, the lesson outcome's: the comparison kept for the core, so a lesson read
    /// again unchanged (a live loop, the test suite) is not compared again.
    private static func checkDrift(
        _ result: inout LessonResult, lesson: Lesson, check: CoreDriftCheck,
        memo: KeyedMemo<CourseCore, [Diagnostic?]>? = nil
    ) {
        let compare = {
            lesson.cores.map { core in
                // A core that runs over a fence slip holds text the slip decided: the slip is the finding.
                lesson.reachesUncertainty(core.opening.number, through: core.closing.number)
                    ? nil : check.check(core, in: lesson.path)
            }
        }
        let drifts = memo?.value(for: check.core, compare) ?? compare()
        result.coreDrifted = drifts.map { $0 != nil }
        for (ordinal, drift) in drifts.enumerated() {
            if let drift { result.findings.append(Finding(.core(ordinal), drift)) }
        }
    }

    /// The core's own compile errors as one finding at the first core block holding the course's
    /// core (the core's line mapped to the lesson's, column kept), the errors after the first its
    /// notes: the reader's course has no core file of its own to point at, only its lessons.
    @discardableResult
    private static func placeCoreErrors(
        _ errors: [CompilerDiagnostics.Entry], in run: inout Run, trees: Int, fallback: SourceLocation
    ) -> Diagnostic {
        let holding = run.results.indices.filter { run.results[$0].coreDrifted.first == false }
        let index = holding.first ?? run.results.indices.first { run.results[$0].lesson?.cores.isEmpty == false }
        let block = index.flatMap { run.results[$0].lesson?.cores.first }
        func location(_ entry: CompilerDiagnostics.Entry) -> SourceLocation {
            guard let index, let block else { return fallback }
            let path = run.results[index].path
            guard entry.line >= 1, entry.line <= block.body.count else {
                return SourceLocation(path: path, line: block.closing.number, column: 1)
            }
            return SourceLocation(
                path: path, line: block.body[entry.line - 1].number,
                column: block.fileColumn(bodyLine: entry.line - 1, max(entry.column, 1)))
        }
        let first = errors[0]
        var diagnostic = Diagnostic.coreDoesNotCompile(
            at: location(first), first.message, core: run.core.fileName, coreLine: first.line, column: first.column,
            lessons: max(holding.count, 1), trees: trees)
        for entry in errors.dropFirst() { diagnostic.notes.append(.init(location(entry), "also: \(entry.message)")) }
        if let index {
            run.results[index].findings.append(Finding(.core(0), diagnostic))
        } else {
            run.place(diagnostic, .lesson)
        }
        return diagnostic
    }

    /// Every lesson's core block changed the same way from the embedded core (an author who meant to
    /// change the core and edited the lessons' copies): one finding, at the first lesson, saying
    /// where this course's core lives and what `--promote` would do, not one drift a lesson. The
    /// lessons stay drifted (`coreDrifted`), so `--promote` still writes every copy back.
    private static func gatherUniformCoreDrift(_ run: inout Run) {
        guard run.core.isEmbedded else { return }
        let cored = run.results.indices.filter { run.results[$0].lesson?.cores.isEmpty == false }
        guard cored.count >= 2,
            cored.allSatisfy({ run.results[$0].lesson?.cores.count == 1 && run.results[$0].coreDrifted == [true] }),
            let first = cored.first, let written = run.results[first].lesson?.cores.first.map(CoreDriftCheck.text(of:)),
            cored.allSatisfy({ run.results[$0].lesson?.cores.first.map(CoreDriftCheck.text(of:)) == written }),
            let drift = run.results[first].findings.firstIndex(where: { $0.diagnostic.id == .coreDrift })
        else { return }
        run.results[first].findings[drift].diagnostic.message = Diagnostic.coreDriftEverywhere(
            run.results[first].findings[drift].diagnostic.message, lessons: cored.count, path: run.results[first].path)
        for index in cored.dropFirst() {
            run.results[index].findings.removeAll { $0.diagnostic.id == .coreDrift }
        }
    }

    /// The course's core, decided once, when every lesson is read: its file name (`--core`, the
    /// index's `core:`, else the name most lessons' blocks give), then its text (`CourseCore.decide`:
    /// the text most lessons' core blocks hold, or the embedded core when that text is a near-copy
    /// of it under its name). A lesson
    /// classified under another name is read again under this one, and the cores are compared
    /// with this text. In the course coursecheck is built with, every lesson guessed the name and
    /// was compared with the embedded core already: only counting is left.
    private func decideCore(
        _ run: inout Run, plan: CourseLoader.Plan, stores: PlannedStores, listings: DirectoryListings
    ) throws(CourseCheckError) {
        let name: String
        let named = run.results.compactMap { $0.lesson?.namedFiles }
        let fromIndex = configuration.coreName == nil ? indexCoreName(run.index, plan: plan) : nil
        let given = configuration.coreName ?? fromIndex?.name
        if let given, !named.isEmpty, !named.contains(where: { $0.contains(given) }) {
            var found: [String] = []
            for name in named.joined() where !found.contains(name) { found.append(name) }
            throw .coreNamesNothing(
                given, written: configuration.coreName ?? fromIndex?.written,
                option: fromIndex.map { "\($0.path):\($0.line): core:" } ?? "--core", found: found)
        }
        switch CourseCore.decideName(lessons: named, given: given) {
        case .success(let decided): name = decided
        case .failure(let ambiguity): throw .ambiguousCore(ambiguity)
        }
        let again = run.results.indices.filter { run.results[$0].lesson.map { $0.coreName != name } ?? false }
        if !again.isEmpty {
            let redone = try parallelMap(again, width: configuration.router.toolchain.workers) {
                index throws(CourseCheckError) -> LessonResult in
                try read(plan.entries[index], store: stores.stores[index], listings: listings, core: name)
            }
            for (index, result) in zip(again, redone) {
                var result = result
                if configuration.claims, result.claimText == nil, let lesson = result.lesson {
                    result.claimText = CourseFacts.LessonFacts.Text(lesson)
                }
                run.results[index] = result
            }
        }
        let cored = run.results.filter { $0.lesson?.cores.isEmpty == false }
        let matching = cored.count(where: { $0.coreDrifted.first == false })
        if name == coreCheck.core.fileName, matching * 2 > cored.count {
            // Most lessons hold this core byte for byte, and every lesson was compared with it as
            // it was read.
            run.core = coreCheck.core
            run.isThisCourse = run.core.isEmbedded
            return
        }
        run.core = CourseCore.decide(
            fileName: name, texts: cored.compactMap { $0.lesson?.cores.first.map(CoreDriftCheck.text(of:)) })
        // The same core the lessons were compared with as they were read (a near-copy's drifts).
        if run.core == coreCheck.core { return }
        let check = CoreDriftCheck(core: run.core)
        for index in run.results.indices {
            guard let lesson = run.results[index].lesson else { continue }
            run.results[index].findings.removeAll { $0.diagnostic.id == .coreDrift }
            Self.checkDrift(&run.results[index], lesson: lesson, check: check)
        }
    }

    /// The core's name the course index's front matter gives (`core: Counter`), when it gives one,
    /// with the index's display path and the line: from the index the claims read, else from its
    /// front matter alone.
    private func indexCoreName(_ index: CourseFacts.Index?, plan: CourseLoader.Plan)
        -> (name: String, written: String, path: String, line: Int)?
    {
        let frontMatter: FrontMatter?
        let path: String
        if let index {
            frontMatter = index.frontMatter
            path = index.file.path
        } else if let directory = plan.directories.first,
            case let name = LessonRecords.indexName(in: directory.path),
            case .file(let snapshot) = FileGate.read(path: directory.appendingPathComponent(name).path),
            case .success(let file) = SourceFile.decode(snapshot.bytes, path: name)
        {
            frontMatter = FrontMatter.parse(file.lines)
            path = CourseLoader.display(plan.directoryDisplayPaths.first ?? "", name)
        } else {
            return nil
        }
        guard let entry = frontMatter?["core"], let name = CourseCore.fileName(given: entry.value) else { return nil }
        return (name, entry.value.trimmingWhitespaces, path, entry.line)
    }

    /// For each goldens directory of a whole lessons directory checked, the golden folders of lessons
    /// that no longer exist. Every lesson of the run that shares the goldens directory keeps its
    /// folder, so two lessons directories with one `goldens/` never orphan each other.
    /// Folders of lessons of directories the store's record names are never candidates, whichever
    /// directories the run checks.
    func orphanFolders(
        _ plan: CourseLoader.Plan, stores planned: PlannedStores? = nil,
        listings: DirectoryListings = DirectoryListings(), ownership: [String: StoreOwnership]
    ) -> [(store: GoldenStore, orphan: GoldenStore.Entry)] {
        var stores: [String: GoldenStore] = [:]
        var order: [String] = []
        var stems: [String: Set<String>] = [:]
        let planned = planned ?? plannedStores(plan)
        let (entryStores, roots) = (planned.stores, planned.roots)
        for (index, entry) in plan.entries.enumerated() {
            guard let store = entryStores[index], let key = roots[index] else { continue }
            if stores[key] == nil { order.append(key) }
            stores[key] = stores[key] ?? store
            stems[key, default: []].insert(entry.stem)
        }
        let wholeDirectories = plan.directories.compactMap { directory in
            plan.entries.firstIndex {
                $0.url.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL
            }.flatMap { roots[$0] }
        }
        var found: [(GoldenStore, GoldenStore.Entry)] = []
        for key in order where wholeDirectories.contains(key) {
            guard let store = stores[key], store.exists else { continue }
            let claimed = (stems[key] ?? []).union(ownership[key]?.otherStems ?? [])
                .union(ownership[key]?.checked.flatMap(\.stems) ?? [])
            found += store.orphanFolders(keeping: claimed, listings: listings).map { (store, $0) }
        }
        return found
    }

    /// Every directory holding a lesson of the run, as the user would name it: each once, as it is
    /// first named (the checks that read this list resolve every directory's links, and the
    /// lessons of one directory all name it).
    static func lessonDirectories(_ plan: CourseLoader.Plan) -> [(url: URL, display: String)] {
        // Each lesson's directory by its path's text first, and a URL only for the first lesson of
        // each: `deletingLastPathComponent` cost ~13 K instructions a lesson, on the serial path.
        var parents: Set<String> = []
        let all =
            zip(plan.directories, plan.directoryDisplayPaths).map { ($0, $1) }
            + plan.entries.compactMap { entry -> (URL, String)? in
                let path = entry.lessonPath.parentPath
                guard parents.insert(path).inserted else { return nil }
                let parent = entry.lessonDisplayPath.parentPath
                return (
                    URL(fileURLWithPath: path.isEmpty ? "/" : path, isDirectory: true), parent.isEmpty ? "." : parent
                )
            }
        // By URL (a standardised path costs ~20 K instructions): the lessons of one directory name
        // it by one URL, and a directory named two ways is only resolved twice.
        var seen: Set<URL> = []
        return all.filter { seen.insert($0.0).inserted }
    }

    /// Refuses a goldens directory coursecheck must not write in, and two lessons that would share
    /// one golden folder, before anything is written: `--update` and `--promote` before they
    /// start, a check beside its reading (its refusal is still the run's only error).
    func validateStores(
        _ plan: CourseLoader.Plan, stores planned: PlannedStores? = nil,
        listings: DirectoryListings = DirectoryListings(), ownership known: [String: StoreOwnership]? = nil
    ) throws(CourseCheckError) {
        let lessonDirectories = Self.lessonDirectories(plan)
        var checked: Set<String> = []
        var owners: [String: String] = [:]
        let planned = planned ?? plannedStores(plan)
        let (stores, roots) = (planned.stores, planned.roots)
        for (index, entry) in plan.entries.enumerated() {
            guard let store = stores[index], let key = roots[index] else { continue }
            if checked.insert(key).inserted,
                let reason = store.refusal(lessonDirectories: lessonDirectories, listings: listings)
            {
                throw CourseCheckError.usage(
                    "refusing the goldens directory \(store.displayRoot): \(reason); coursecheck creates and deletes "
                        + "golden files there, so give it a directory of its own (such as goldens/ beside lessons/)")
            }
            // Keyed by text, not bytes: two names in two Unicode forms are one folder on macOS.
            let folder = key + "/" + entry.stem
            if let other = owners[folder] {
                let forms =
                    Array(other.utf8) == Array(entry.displayPath.utf8)
                        || other.lastPathComponent.utf8.elementsEqual(entry.displayPath.lastPathComponent.utf8)
                    ? "" : " (their names are one text in two Unicode forms)"
                throw CourseCheckError.usage(
                    "\(other) and \(entry.displayPath) would share the golden folder "
                        + "\(store.displayRoot)/\(GoldenStore.stem(of: entry.displayPath))\(forms); check them with separate --goldens directories"
                )
            }
            owners[folder] = entry.displayPath
        }
        // A lesson of a directory the store's record names, not checked in this run, claims its
        // folder too: two directories sharing a store may not hold a lesson of one name.
        for (root, owned) in known ?? ownership(plan, stores: planned) {
            for directory in owned.others {
                for (index, entry) in plan.entries.enumerated() where roots[index] == root {
                    let stem = entry.stem
                    guard directory.stems.contains(stem) else { continue }
                    throw CourseCheckError.usage(
                        "\(entry.displayPath) and \(directory.display)/\(stem).md would share the golden folder "
                            + "\(owned.store.displayRoot)/\(stem): \(owned.recordDisplayPath) says both directories keep "
                            + "their goldens there; rename one of the lessons, or give one directory its own --goldens")
                }
            }
        }
    }

    /// Every planned lesson's golden store under the configured mode, with its root as the OS
    /// resolves it, made once for a run: validation, the cache's check, the read stage, the goldens
    /// and the orphan search all read them (each store cost ~10 K instructions, made four times).
    package struct PlannedStores: Sendable {
        /// By the plan's entries, nil where goldens are off.
        package var stores: [GoldenStore?]
        /// Each store's root with its links resolved (`GoldenStore.canonicalRoots`).
        package var roots: [String?]
    }

    /// The stores of `plan`'s lessons (`PlannedStores`).
    package func plannedStores(_ plan: CourseLoader.Plan) -> PlannedStores {
        let stores = plan.entries.map { store(for: $0) }
        return PlannedStores(stores: stores, roots: GoldenStore.canonicalRoots(stores))
    }

    /// The golden store of one lesson under the configured mode.
    func store(for entry: CourseLoader.Entry) -> GoldenStore? {
        switch configuration.goldens {
        case .beside: GoldenStore.beside(lessonEntry: entry)
        case .directory(let url, let display): GoldenStore(root: url, displayRoot: display)
        case .off: nil
        }
    }
}
