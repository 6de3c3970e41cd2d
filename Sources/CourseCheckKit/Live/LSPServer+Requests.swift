import Foundation

/// The requests about one lesson: hover, quick fixes, and approving one tree's golden.
extension LSPServer {
    // MARK: - Hover

    func hover(_ params: JSONValue) throws -> JSONValue {
        // An `untitled:` buffer (or any document that is not a file) has nothing to show.
        if Self.isNotAFile(params) { return nil }
        let (_, path) = try Self.document(params)
        guard let line = params["position"]?["line"]?.int else {
            throw RequestError(code: .invalidParams, message: "params need position.line")
        }
        guard let (checked, lesson, outcome) = lesson(at: path), let (_, result) = checked.tree(holding: line + 1),
            let tree = result.tree
        else { return nil }
        let pending = outcome.pending(lesson.path, header: tree.header.number) != nil
        var text = "**coursecheck** · tree `\(tree.title.isEmpty ? "line \(tree.header.number)" : tree.title)`\n\n"
        if let run = result.run {
            let engine =
                switch run.engine {
                case .embedded: "the **embedded** engine (in-process, through the compiled core)"
                case .swiftc:
                    "**swiftc** (compiled with the core and run\(run.cached ? "; result from the cache" : ""))"
                }
            let output = String(decoding: run.stdout, as: UTF8.self)
            let longest =
                output.components(separatedBy: "\n").map { line in line.prefix { $0 == "`" }.count }.max() ?? 0
            let fence = String(repeating: "`", count: max(3, longest + 1))
            text += "Actual output, from \(engine)\(run.ending == .exited(0) ? "" : ", ended: \(run.ending)"):\n\n"
            text += fence + "\n" + output + (output.hasSuffix("\n") || output.isEmpty ? "" : "\n") + fence + "\n"
        } else if pending {
            text += "This tree is still running in the background (swiftc, or a long embedded run); its output follows."
        } else {
            text += "The tree did not run; see its finding."
        }
        if outcome.unverified(lesson.path, header: tree.header.number) != nil {
            text +=
                "\nWhether it compiles is still being asked of the compiler; its quick fix and its approval ask "
                + "it first."
        }
        let range: JSONValue = [
            "start": PositionMapping.position(line: tree.block.opening.number - 1, character: 0),
            "end": PositionMapping.position(
                line: tree.expected.closing.number - 1, character: encoding.count(tree.expected.closing.text)),
        ]
        return ["contents": ["kind": "markdown", "value": .string(text)], "range": range]
    }

    // MARK: - Code actions

    static let approveCommand = "coursecheck.approve"
    /// `0.1.0` from `coursecheck 0.1.0`.
    static let serverVersion = Invocation.version.components(separatedBy: " ").last ?? ""

    func codeActions(_ params: JSONValue) throws -> JSONValue {
        if Self.isNotAFile(params) { return [] }
        let (uri, path) = try Self.document(params)
        guard let first = params["range"]?["start"]?["line"]?.int, let last = params["range"]?["end"]?["line"]?.int
        else {
            throw RequestError(code: .invalidParams, message: "params need a range")
        }
        guard let (checked, lesson, outcome) = lesson(at: path) else { return [] }
        // Edits are computed on the checked text; when the editor's text differs, offer none.
        if let document = documents[path],
            lesson.file.text != document.checkedText
        {
            return []
        }
        // No writer acts on a broken lesson: while a block may be misread, no block is replaced.
        if checked.structuralError != nil { return [] }
        // Each edit names the document version it was computed for, so an editor refuses it once
        // stale; a client that takes no `documentChanges` gets `changes`, which cannot say it.
        func edit(_ edits: [JSONValue]) -> JSONValue {
            guard clientTakesDocumentChanges else { return ["changes": .object([uri: .array(edits)])] }
            let version: JSONValue = documents[path]?.version.map { .int($0) } ?? .null
            return [
                "documentChanges": [
                    ["textDocument": ["uri": .string(uri), "version": version], "edits": .array(edits)]
                ]
            ]
        }
        let requested = (first + 1)...(max(first, last) + 1)
        let given = params["context"]?["diagnostics"]?.array ?? []
        func attached(_ id: DiagnosticID, _ lines: ClosedRange<Int>) -> JSONValue {
            .array(
                given.filter { diagnostic in
                    diagnostic["code"]?.string == id.rawValue
                        && (diagnostic["range"]?["start"]?["line"]?.int).map { lines.contains($0 + 1) } ?? false
                })
        }
        var actions: [JSONValue] = []
        for result in checked.trees {
            // The check's verdict decides, as it does for `--promote`: no second comparison here.
            guard let tree = result.tree, let run = result.run,
                (tree.block.opening.number...tree.expected.closing.number).overlaps(requested)
            else { continue }
            // A run the compiler has not yet vouched for writes nothing into the lesson: the one
            // tree in reach is asked now (the cache, else one compile), as an approval asks.
            if let job = outcome.unverified(lesson.path, header: tree.header.number), case .drifts = result.verdict,
                live.evaluator.verify(job, environment: live.checker.configuration.environment) != .accepted
            {
                continue
            }
            if case .drifts = result.verdict, result.promoteSkipReason == nil {
                let output = LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self))
                let edits = LessonPromoter.expectedFix(tree.expected, lesson.file, output: output)
                let unindents = LessonPromoter.unindented(tree.expected, matching: output) != nil
                actions.append([
                    "title": unindents
                        ? "Delete the spaces before the expected block's opening fence"
                        : "Replace the expected block with the tree's actual output",
                    "kind": "quickfix",
                    "isPreferred": true,
                    "diagnostics": attached(.outputDrift, tree.expected.opening.number...tree.expected.closing.number),
                    "edit": edit(
                        edits.map { Self.textEdit($0.range, $0.lines, lines: lesson.file.lines, encoding) }),
                ])
            } else if result.verdict == .matches, !Invocation.isCI(environment.variables), isInWorkspace(path),
                checked.findings.map(\.diagnostic).contains(where: {
                    [.goldenDrift, .goldenMissing].contains($0.id) && $0.location.path == lesson.path
                        && $0.location.line == tree.header.number
                }),
                let planned = try? approval(of: result, in: lesson, at: path), case .write(let bytes) = planned.approval
            {
                // The command names what the author saw: the document's version, the tree's text,
                // the golden it writes and what it writes there, and the store's record when the
                // approval must add the lesson's directory to it; `execute` derives them again. A
                // record that refuses the write is offered as none: `execute` says why.
                let record = (try? recordPermission(planned.plan, store: planned.store)).map { written in
                    ["path": .string(written.path), "content": .string(Self.digest(written.text))] as JSONValue
                }
                let offer: JSONValue = [
                    "uri": .string(uri), "line": .int(tree.header.number - 1),
                    "version": documents[path]?.version.map { .int($0) } ?? .null,
                    "tree": .string(SHA256.hex(tree.source)), "golden": .string(planned.golden.displayPath),
                    "content": .string(Self.digest(bytes)), "record": record ?? .null,
                ]
                actions.append([
                    "title": "Approve this tree's output as its golden",
                    "kind": "quickfix",
                    "diagnostics": .array(
                        given.filter {
                            [DiagnosticID.goldenDrift.rawValue, DiagnosticID.goldenMissing.rawValue].contains(
                                $0["code"]?.string ?? "")
                        }),
                    "command": [
                        "title": "Approve this tree's output as its golden", "command": .string(Self.approveCommand),
                        "arguments": [offer],
                    ],
                ])
            }
        }
        // The course's own core, as `--promote` writes it: the embedded one only for this course.
        let courseCore = outcome.result.core
        let coreLines = LineScanner.lines(of: courseCore.text)
        let core = coreLines.map(\.raw)
        let title =
            courseCore.isEmbedded
            ? "Replace the core block with the embedded core"
            : "Replace the core block with the course's core (\(courseCore.fileName))"
        for (ordinal, block) in lesson.cores.enumerated()
        where checked.coreDrifted.indices.contains(ordinal) && checked.coreDrifted[ordinal] {
            let lines = block.opening.number...block.closing.number
            guard lines.overlaps(requested) else { continue }
            // A core that differs only by its fence's indentation: the fence unindented, as `--promote` does.
            if let fence = LessonPromoter.unindented(block, matching: coreLines) {
                actions.append([
                    "title": "Delete the spaces before the core block's opening fence",
                    "kind": "quickfix",
                    "isPreferred": true,
                    "diagnostics": attached(.coreDrift, lines),
                    "edit": edit([Self.textEdit(fence.range, fence.lines, lines: lesson.file.lines, encoding)]),
                ])
                continue
            }
            let body = block.opening.number..<(block.closing.number - 1)
            actions.append([
                "title": .string(title),
                "kind": "quickfix",
                "isPreferred": true,
                "diagnostics": attached(.coreDrift, lines),
                "edit": edit([Self.textEdit(body, core, lines: lesson.file.lines, encoding)]),
            ])
        }
        return .array(actions)
    }

    /// A `TextEdit` replacing whole lines `range` (0-based indices) of `lines` by `replacement`.
    static func textEdit(
        _ range: Range<Int>, _ replacement: [String], lines: [Line], _ encoding: PositionMapping.Encoding
    ) -> JSONValue {
        func start(ofLine index: Int) -> JSONValue {
            if index < lines.count { return PositionMapping.position(line: index, character: 0) }
            // Past the last line: after its terminator, or at its end when it has none.
            guard let last = lines.last else { return PositionMapping.position(line: 0, character: 0) }
            return last.ending == .none
                ? PositionMapping.position(line: lines.count - 1, character: encoding.count(last.text))
                : PositionMapping.position(line: lines.count, character: 0)
        }
        return [
            "range": ["start": start(ofLine: range.lowerBound), "end": start(ofLine: range.upperBound)],
            "newText": .string(replacement.joined()),
        ]
    }

    // MARK: - Approve

    /// What approving one tree would write, derived from a check: a code action's command names it,
    /// and `execute` derives it again from the state it finds and compares.
    struct PlannedApproval {
        var plan: CourseLoader.Plan
        var entry: CourseLoader.Entry
        var store: GoldenStore
        var golden: GoldenStore.Entry
        var approval: Approval
    }

    /// The approval of `result`'s tree under `--update`'s policy, its golden read again (the live
    /// loop may check without goldens). Throws the reason there is none.
    func approval(of result: TreeResult, in lesson: Lesson, at path: String) throws -> PlannedApproval {
        func refuse(_ reason: String) -> RequestError {
            RequestError(code: .requestFailed, message: "not approved: \(reason)")
        }
        guard let target = target(of: path) else { throw refuse("this file is not a lesson of a course") }
        let plan = try CourseLoader(currentDirectory: URL(fileURLWithPath: "/")).plan([target])
        guard let entry = plan.entries.first(where: { $0.url.standardizedFileURL.path == path }),
            let store = live.checker.store(for: entry)
        else { throw refuse("the goldens are off (--no-goldens)") }
        try live.checker.validateStores(plan)
        guard let name = result.goldenName else {
            throw refuse("the tree has no golden name of its own (see its tree-identity finding)")
        }
        let golden = store.golden(lesson: lesson.path, name: name)
        var decided = result
        decided.golden = golden
        var approving = LessonResult(entry: entry, lesson: lesson, store: store, trees: [decided], findings: [])
        approving.decideApprovals()
        return PlannedApproval(
            plan: plan, entry: entry, store: store, golden: golden, approval: approving.trees[0].approval)
    }

    /// The hex SHA-256 of `bytes`: what an approval offers to write, by content.
    static func digest(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// What an approval names, from its command's arguments: the object its code action offers.
    struct Offer {
        var uri: String
        var path: String
        var line: Int
        var version: Int?
        var tree: String
        var golden: String
        var content: String
        /// The store's record (`LESSONS`) and what it writes there, when it writes it.
        var record: (path: String, content: String)?

        init?(_ argument: JSONValue?) {
            guard let argument, let uri = argument["uri"]?.string, let path = LSPServer.path(uri),
                let line = argument["line"]?.int, let version = argument["version"],
                version == .null || version.int != nil, let tree = argument["tree"]?.string,
                let golden = argument["golden"]?.string, let content = argument["content"]?.string,
                let record = argument["record"]
            else { return nil }
            if record != .null {
                guard let recordPath = record["path"]?.string, let recordContent = record["content"]?.string else {
                    return nil
                }
                self.record = (recordPath, recordContent)
            }
            (self.uri, self.path, self.line, self.version) = (uri, path, line, version.int)
            (self.tree, self.golden, self.content) = (tree, golden, content)
        }
    }

    /// `coursecheck.approve` with the offer a code action made: writes the one golden it names,
    /// under the rules of `--update` (never on CI, only from the saved lesson, only when the tree
    /// ran cleanly and its output equals the lesson's expected block), and only while what the
    /// offer names still holds: the document's version, the tree's text at its line, the golden
    /// and the content to write. Anything else is refused: a stale offer never acts on another tree.
    func execute(_ params: JSONValue) throws -> JSONValue {
        guard params["command"]?.string == Self.approveCommand else {
            throw RequestError(
                code: .invalidParams,
                message: "unknown command '\(params["command"]?.string ?? "")'; the server runs \(Self.approveCommand)")
        }
        if Invocation.isCI(environment.variables) {
            throw RequestError(
                code: .requestFailed,
                message:
                    "refusing \(Self.approveCommand) because CI=\(environment.variables["CI"] ?? ""): approving outputs "
                    + "on CI would let a rerun pass by recording; approve locally")
        }
        guard let offer = Offer(params["arguments"]?.array?.first ?? nil) else {
            throw RequestError(
                code: .invalidParams,
                message:
                    "\(Self.approveCommand) takes the object its code action offers: "
                    + "{\"uri\", \"line\", \"version\", \"tree\", \"golden\", \"content\", \"record\"}")
        }
        let path = offer.path
        // Only inside the workspace the editor opened: never a repository it did not name.
        if !isInWorkspace(path) {
            throw RequestError(
                code: .requestFailed,
                message:
                    "not approved: \(path) is outside the workspace folders (\(workspaceFolders.joined(separator: ", ")))"
            )
        }
        func refuse(_ reason: String) -> RequestError {
            RequestError(code: .requestFailed, message: "not approved: \(reason)")
        }
        let again = "; ask for the code action again"
        let current = documents[path]?.version
        if offer.version != current || (documents[path] == nil) != (offer.version == nil) {
            let then = offer.version.map { "version \($0)" } ?? "the saved file"
            let now = documents[path] == nil ? "closed" : current.map { "at version \($0)" } ?? "open"
            throw refuse("it was offered for \(then) of \(path), which is now \(now)\(again)")
        }
        guard let disk = FileManager.default.contents(atPath: path) else {
            throw refuse("\(path) is not on disk (renamed or deleted since it was offered)")
        }
        if let document = documents[path], disk != Data(document.checkedBytes) {
            throw RequestError(
                code: .requestFailed, message: "save the lesson first: a golden is approved against the lesson on disk")
        }
        dirty = true
        // A goldens directory the lesson may not use (two lessons of one name sharing it, say) is
        // the reason, said as such, before the lesson's trees are looked at.
        if let target = target(of: path),
            let plan = try? CourseLoader(currentDirectory: URL(fileURLWithPath: "/")).plan([target])
        {
            do throws(CourseCheckError) {
                try live.checker.validateStores(plan)
            } catch {
                throw RequestError(code: .requestFailed, message: "not approved: \(error.message)")
            }
        }
        guard let (checked, lesson, outcome) = lesson(at: path, fresh: true),
            let (_, result) = checked.tree(holding: offer.line + 1), let tree = result.tree
        else {
            throw refuse("no tree of this lesson holds line \(offer.line + 1) now\(again)")
        }
        guard tree.header.number == offer.line + 1, SHA256.hex(tree.source) == offer.tree else {
            throw refuse(
                "the tree at line \(tree.header.number) is not the one it was offered for (its text differs)\(again)")
        }
        if let blocking = checked.structuralError {
            throw refuse(
                "the \(blocking.id.rawValue) error at line \(blocking.location.line) makes the lesson's trees uncertain"
            )
        }
        if outcome.pending(lesson.path, header: tree.header.number) != nil {
            throw refuse("this tree is still running in the background; approve it when its diagnostics arrive")
        }
        // Its run is shown before the compiler's answer: the approval asks the compiler now.
        if let job = outcome.unverified(lesson.path, header: tree.header.number) {
            switch live.evaluator.verify(job, environment: live.checker.configuration.environment) {
            case .accepted: break
            case .rejected(let findings):
                throw refuse(
                    findings.first.map { "\($0.message) [\($0.id.rawValue)]" } ?? "the compiler rejects the tree")
            case nil: throw refuse("whether the tree compiles could not be asked of the compiler")
            }
        }
        let planned = try approval(of: result, in: lesson, at: path)
        let (plan, store, golden) = (planned.plan, planned.store, planned.golden)
        // Never a file other than the one the offer named.
        guard golden.displayPath == offer.golden else {
            throw refuse("it was offered to write \(offer.golden), and would now write \(golden.displayPath)\(again)")
        }
        let data: [UInt8]
        switch planned.approval {
        case .unchanged: return ["golden": .string(golden.displayPath), "changed": false]
        case .write(let bytes): data = bytes
        case .refused(.contradicted(let line)):
            throw refuse(
                "the tree's output differs from the lesson's expected block at line \(line); "
                    + "fix the lesson or apply the quick fix, save, then approve")
        case .refused(let reason):
            let message = Diagnostic.updateRefused(at: SourceLocation(path: lesson.path, line: 1), reason).message
            throw refuse(message.hasPrefix("not approved: ") ? String(message.dropFirst(14)) : message)
        }
        guard Self.digest(data) == offer.content else {
            throw refuse("the output it would write into \(golden.displayPath) is not the one it offered\(again)")
        }
        let refusal: FileGate.Refusal?
        do throws(CourseCheckError) {
            // The lessons directory and the goldens, as every writer locks them: never beside an
            // import, a promote or an update of the course.
            let lock = try FileGate.lockForWriting(
                [
                    planned.entry.url.deletingLastPathComponent(),
                    store.exists ? store.root : store.root.deletingLastPathComponent(),
                ],
                wait: false, waiting: { _ in })
            defer { withExtendedLifetime(lock) {} }
            // Whose goldens the store holds is its record's to say, as for `--update`, read under the lock;
            // the record is written only as the offer named it (or left alone, as it named none).
            let record = try recordPermission(plan, store: store)
            if let stale = Self.recordMismatch(offered: offer.record, derived: record) {
                throw CourseCheckError.usage("not approved: \(stale)\(again)")
            }
            try FileGate.makeDirectories(golden.url.deletingLastPathComponent())
            refusal = try FileGate.replace(
                golden.url, with: data, expecting: golden.expectation, links: .refuse,
                environment: environment.variables)
            if refusal == nil, let record,
                let failed = try FileGate.replace(
                    store.root.appendingPathComponent(StoreRecord.file), with: record.text,
                    expecting: record.expecting.map { .unchanged($0) } ?? .absent, links: .refuse,
                    environment: environment.variables)
            {
                throw CourseCheckError.usage(
                    "\(golden.displayPath) was approved, but \(record.path) was not written: \(failed)")
            }
        } catch {
            throw RequestError(code: .requestFailed, message: error.message)
        }
        if let refusal { throw refuse("\(golden.displayPath) was not written: \(refusal)") }
        dirty = true
        return ["golden": .string(golden.displayPath), "changed": true]
    }

    /// Why the record an approval would write now is not the one its offer named, or nil when it is
    /// (both none, or the same file with the same content).
    static func recordMismatch(
        offered: (path: String, content: String)?,
        derived: (path: String, text: [UInt8], expecting: FileGate.Snapshot?)?
    ) -> String? {
        switch (offered, derived) {
        case (nil, nil): return nil
        case (nil, let derived?):
            return "it would now also write \(derived.path), which it was not offered to write"
        case (let offered?, nil):
            return "it was offered to write \(offered.path) too, which it would now leave as it is"
        case (let offered?, let derived?):
            if offered.path != derived.path {
                return "it was offered to write \(offered.path), and would now write \(derived.path)"
            }
            if offered.content != digest(derived.text) {
                return "what it would write into \(derived.path) is not what it offered"
            }
            return nil
        }
    }

    /// Whether the store's record lets this lesson's directory approve into it (`StoreOwnership`),
    /// and the record's path and new text when the approval must write it too (written only while
    /// it is still `expecting`). A store with no record is adopted only while it holds no folder of
    /// a lesson its directory does not have.
    func recordPermission(_ plan: CourseLoader.Plan, store: GoldenStore) throws(CourseCheckError)
        -> (path: String, text: [UInt8], expecting: FileGate.Snapshot?)?
    {
        var owned = StoreOwnership.read(store, entries: plan.entries)
        if case .absent = owned.record {
            let claimed = owned.checked.reduce(into: Set<String>()) { $0.formUnion($1.stems) }
            owned.unclaimed = store.orphanFolders(keeping: claimed).map(\.displayPath)
        }
        switch owned.writePermission() {
        case .allowed(let text?, let expecting): return (owned.recordDisplayPath, text, expecting)
        case .allowed(nil, _): return nil
        case .refused:
            let reason = owned.findings().first.map { "\($0.message) [\($0.id.rawValue)]" } ?? ""
            throw CourseCheckError.usage("not approved: \(reason)")
        }
    }

    /// True when `path` lies inside a workspace folder the client named (or it named none): the
    /// one rule for where approve is offered and where it may write.
    func isInWorkspace(_ path: String) -> Bool {
        workspaceFolders.isEmpty
            || workspaceFolders.contains(where: { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") })
    }

    /// True when the request names a document that is not a `file:` URI (`untitled:`, …).
    static func isNotAFile(_ params: JSONValue) -> Bool {
        guard let uri = params["textDocument"]?["uri"]?.string else { return false }
        return path(uri) == nil
    }
}
