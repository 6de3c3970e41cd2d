import Foundation

/// `coursecheck lsp`: a Language Server Protocol server on stdin and stdout.
///
/// Lessons are checked from the editor's text (an overlay over the files), with the whole lessons
/// directory around them, so the course claims and goldens are checked too. Everything runs on
/// one thread: a check starts as soon as no further message is waiting, so a burst of changes
/// (fast typing, a paste) coalesces into one check of the latest text, and no timer delays it.
/// Nothing long runs on the loop: swiftc trees, and embedded trees past their slice of a check,
/// run in `LiveEvaluator`'s background lanes, which wake the loop when a result arrives.
package final class LSPServer {
    /// One open lesson: the editor's URI for it and its current text.
    struct Document {
        var uri: String
        var text: String
        var version: Int?
        /// The file on disk starts with a byte order mark and `text` does not (editors drop the
        /// mark when they load a file and write it back when they save): checks and approvals read
        /// the text behind the mark, as the CLI reads the file. Looked at again before each check.
        var diskMark = false

        /// The text a check reads: the editor's, behind the file's byte order mark.
        var checkedText: String { diskMark ? "\u{FEFF}" + text : text }

        var checkedBytes: [UInt8] { (diskMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8) }
    }

    let environment: CourseCheckCommand.Environment
    let input: Int32
    let output: @Sendable (Data) -> Void
    private let wake: WakePipe?
    var live: LiveChecker
    private var reader = JSONRPC.FrameReader()
    private var initialized = false
    private var shutdownRequested = false
    private var exitStatus: CourseCheckCommand.ExitStatus?
    var documents: [String: Document] = [:]
    var dirty = false
    /// Lessons edited since the last check: checked alone first, before the whole course.
    private var edited: Set<String> = []
    /// The quick check ran; the whole course is checked as soon as no message is waiting.
    var needsFull = false
    /// The last check of each target (a lessons directory or a single lesson), by its path.
    var outcomes: [String: LiveChecker.Outcome] = [:]
    /// What was last published for each path, with the document version it was for: a change of
    /// either is sent (a re-opened or newly edited document always gets its publish), nothing else.
    private var published: [String: Published] = [:]

    struct Published: Equatable {
        var diagnostics: JSONValue
        var version: Int?
    }
    /// Every target a document was ever opened in: closing the last document of a course keeps
    /// its saved findings checked and shown.
    private var targets: Set<String> = []
    /// Targets whose folder or file went away (`rm -rf`, a branch switch): watched for their
    /// return, then checked again.
    private var vanished: Set<String> = []
    /// The workspace folders the client named (paths); `coursecheck.approve` writes only inside them.
    var workspaceFolders: [String] = []
    /// The lessons directories of the workspace (`initializationOptions.lessons`, paths relative to
    /// the first workspace folder; by default each folder's `lessons/`): with a workspace, only
    /// their markdown files are checked. Empty without a workspace folder.
    var lessonsDirectories: [String] = []
    /// Every URI the client sent for a file, by path, kept after the file is closed.
    private var clientURIs: [String: String] = [:]
    /// The display paths each open document's text was classified under (a lesson alone, its
    /// course): closing it forgets those parses (`LessonReader`'s memo holds one per path).
    private var classifiedAs: [String: Set<String>] = [:]
    /// A document was closed: once the check after it has replaced what it held, the allocator is
    /// asked to give the freed pages back.
    private var released = false
    /// What the last check read from disk (`diskSignature`), to tell a change that matters.
    private var diskState: [String: [Int64]] = [:]
    /// The client can register file watchers for the server (`workspace/didChangeWatchedFiles`).
    private var clientWatchesFiles = false
    /// The client applies `documentChanges` (versioned edits); else a quick fix is `changes`.
    var clientTakesDocumentChanges = false
    /// What a position's `character` counts, as negotiated in `initialize`.
    var encoding = PositionMapping.Encoding.utf16
    /// The server's own watch of the courses it checks, for every client: a change on disk (an
    /// `--update` in a terminal, a `git checkout`) is re-checked without a keystroke.
    private let events = FileEvents(preferPolling: false, interval: 1)

    /// `input` is read with `read(2)`; `output` receives whole framed messages.
    package init(
        environment: CourseCheckCommand.Environment, configuration: CourseChecker.Configuration, input: Int32 = 0,
        output: @escaping @Sendable (Data) -> Void = LSPServer.standardOutput
    ) {
        self.environment = environment
        self.input = input
        self.output = output
        let wake = try? WakePipe()
        self.wake = wake
        live = LiveChecker(configuration: configuration) { wake?.wake(0) }
    }

    /// Writes to file descriptor 1, all of it, whatever the pipe takes per call.
    package static let standardOutput: @Sendable (Data) -> Void = { data in
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Serves until `exit` (0 after `shutdown`, else 1), the end of the input (1), or a signal.
    package func run() -> CourseCheckCommand.ExitStatus {
        signal(SIGPIPE, SIG_IGN)
        let signals = wake.map { StopSignals(into: $0) }
        defer {
            withExtendedLifetime(signals) {}
            live.evaluator.cancel()
            Descendants.stop(while: { self.live.evaluator.isBusy })
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            while let frame = reader.next() {
                handle(frame)
                if let exitStatus { return exitStatus }
            }
            if (dirty || needsFull) && !readable(input, timeout: 0) {
                if dirty && quickCheck() {
                    needsFull = true
                } else {
                    checkAndPublish()
                }
                continue
            }
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            if let wake { descriptors.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)) }
            if events.fd >= 0 { descriptors.append(pollfd(fd: events.fd, events: Int16(POLLIN), revents: 0)) }
            let timeout: Int32 = events.mechanism == .polling && !targets.isEmpty ? 1000 : -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            // The disk changed under an open course: check it again (an open buffer still wins).
            // An event is only a hint (the parents are watched too, where anything may change):
            // the files a check reads decide.
            if events.mechanism == .inotify ? events.drain() : (ready == 0 && events.pollChanged()) {
                if diskSignature() != diskState { dirty = true }
            }
            if let wake, descriptors.count > 1, descriptors[1].revents != 0 {
                let bytes = wake.drain()
                if let number = bytes.first(where: { $0 != 0 }) {
                    return Int32(number) == SIGTERM ? .terminated : .interrupted
                }
                if bytes.contains(0) { dirty = true }
            }
            if descriptors[0].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return shutdownRequested ? .clean : .findings }
                reader.append(buffer[..<count])
            }
        }
    }

    private func readable(_ fd: Int32, timeout: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, timeout) > 0
    }

    private func send(_ message: JSONValue) {
        output(JSONRPC.frame(message))
    }

    // MARK: - Messages

    private func handle(_ frame: JSONRPC.Frame) {
        switch frame {
        case .malformed(let reason):
            send(JSONRPC.error(id: nil, .parseError, reason))
        case .message(let bytes):
            let message: JSONValue
            do {
                // A lone surrogate (`\ud800`) is decoded as U+FFFD, as the rest of the text is still text.
                message = try JSONDecoder().decode(JSONValue.self, from: Data(JSONRPC.replacingLoneSurrogates(bytes)))
            } catch {
                send(JSONRPC.error(id: nil, .parseError, "the message is not valid JSON"))
                return
            }
            handle(message)
        }
    }

    private func handle(_ message: JSONValue) {
        guard case .object(let object) = message else {
            send(JSONRPC.error(id: nil, .invalidRequest, "a message must be a JSON object"))
            return
        }
        let id = object["id"]
        guard let method = object["method"]?.string else {
            // A response to a request of ours (we send none) needs no answer; anything else is invalid.
            if id == nil || (!object.keys.contains("result") && !object.keys.contains("error")) {
                send(JSONRPC.error(id: id ?? nil, .invalidRequest, "a message needs a 'method' string"))
            }
            return
        }
        let params = object["params"] ?? nil
        guard let id else {
            notification(method, params)
            return
        }
        guard initialized || method == "initialize" else {
            send(JSONRPC.error(id: id, .serverNotInitialized, "the server is not initialized; send 'initialize' first"))
            return
        }
        guard !shutdownRequested else {
            send(JSONRPC.error(id: id, .invalidRequest, "the server is shutting down; only 'exit' is accepted"))
            return
        }
        do {
            send(JSONRPC.response(id: id, result: try request(method, params)))
        } catch let failure as RequestError {
            send(JSONRPC.error(id: id, failure.code, failure.message))
        } catch {
            send(JSONRPC.error(id: id, .internalError, "the request failed"))
        }
    }

    /// An error answered to a request.
    struct RequestError: Error {
        var code: JSONRPC.ErrorCode
        var message: String
    }

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        switch method {
        case "initialize":
            guard !initialized else {
                throw RequestError(
                    code: .invalidRequest, message: "the server is already initialized; send 'initialize' once")
            }
            initialized = true
            let capabilities = params["capabilities"]
            clientWatchesFiles =
                capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
            clientTakesDocumentChanges =
                capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"] == .bool(true)
            encoding = .negotiated(
                (capabilities?["general"]?["positionEncodings"]?.array ?? []).compactMap(\.string))
            workspaceFolders = (params["workspaceFolders"]?.array ?? []).compactMap { $0["uri"]?.string }
                .compactMap(Self.path)
            if workspaceFolders.isEmpty, let root = params["rootUri"]?.string.flatMap(Self.path) {
                workspaceFolders = [root]
            }
            let named = (params["initializationOptions"]?["lessons"]?.array ?? []).compactMap(\.string)
            lessonsDirectories =
                named.isEmpty
                ? workspaceFolders.map { $0 + "/lessons" }
                : named.compactMap { name in
                    guard let first = workspaceFolders.first ?? (name.hasPrefix("/") ? "" : nil) else { return nil }
                    return URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: first, isDirectory: true))
                        .standardizedFileURL.path
                }
            return [
                "capabilities": [
                    "positionEncoding": .string(encoding.rawValue),
                    "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                    "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                    "hoverProvider": true,
                    "executeCommandProvider": ["commands": [.string(Self.approveCommand)]],
                ],
                "serverInfo": ["name": "coursecheck", "version": .string(Self.serverVersion)],
            ]
        case "shutdown":
            shutdownRequested = true
            return nil
        case "textDocument/hover":
            return try hover(params)
        case "textDocument/codeAction":
            return try codeActions(params)
        case "workspace/executeCommand":
            return try execute(params)
        default:
            throw RequestError(code: .methodNotFound, message: "unknown method '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        if method == "exit" {
            exitStatus = shutdownRequested ? .clean : .findings
            return
        }
        guard initialized else { return }
        switch method {
        case "initialized":
            // The client watches lessons, goldens and the course index for us, where it can.
            if clientWatchesFiles {
                let watchers: [JSONValue] = ["**/lessons/**", "**/goldens/**", "**/*.md"].map {
                    ["globPattern": .string($0)]
                }
                send([
                    "jsonrpc": "2.0", "id": "coursecheck-watch", "method": "client/registerCapability",
                    "params": [
                        "registrations": [
                            [
                                "id": "coursecheck-watch", "method": "workspace/didChangeWatchedFiles",
                                "registerOptions": ["watchers": .array(watchers)],
                            ]
                        ]
                    ],
                ])
            }
            // The course is checked once the client is ready, before any document opens: the
            // Problems panel shows what `coursecheck lessons/` reports from the start.
            for directory in lessonsDirectories where Self.holdsLessons(directory) {
                targets.insert(directory)
                dirty = true
            }
        case "workspace/didChangeWatchedFiles":
            dirty = true
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string,
                let path = Self.path(uri), path.hasSuffix(".md")
            else { return }
            documents[path] = Document(
                uri: uri, text: text, version: item["version"]?.int, diskMark: Self.diskMark(path, text: text))
            clientURIs[path] = uri
            if let target = target(of: path) { targets.insert(target) }
            edited.insert(path)
            dirty = true
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(uri),
                var document = documents[path],
                let changes = params["contentChanges"]?.array
            else { return }
            for change in changes {
                guard let text = change["text"]?.string else { continue }
                if let range = change["range"] {
                    document.text =
                        PositionMapping.apply(text, at: range, to: document.text, encoding) ?? document.text
                } else {
                    document.text = text
                }
            }
            document.version = params["textDocument"]?["version"]?.int ?? document.version
            documents[path] = document
            edited.insert(path)
            dirty = true
        case "textDocument/didSave":
            dirty = true
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, let path = Self.path(uri) else {
                // An `untitled:` document is never checked, so no check trims after it: its text
                // (held by the message that carried it) is given back now.
                Self.trimHeap()
                return
            }
            // What the document held goes with it: its text, and its texts' parses.
            documents[path] = nil
            LessonReader.forget(classifiedAs.removeValue(forKey: path) ?? [])
            released = true
            dirty = true
        default:
            // `$/cancelRequest`, `workspace/didChangeConfiguration`, …: nothing to do.
            break
        }
    }

    // MARK: - Checking

    /// What a document is checked with. With a workspace, only the markdown files directly in its
    /// lessons directories (or in a workspace folder that holds lessons itself): the project's
    /// README, docs/, a nested folder or a file outside the workspace get nothing, as
    /// `coursecheck lessons/` would not read them. Without one, `target(of:)`'s guess.
    func target(of path: String) -> String? {
        guard !workspaceFolders.isEmpty else { return Self.target(of: path) }
        let directory = path.parentPath
        if lessonsDirectories.contains(directory) { return directory }
        if workspaceFolders.contains(directory) { return Self.target(of: path) == directory ? directory : nil }
        return nil
    }

    /// What a document is checked with: its lessons directory when it stands in one (a lesson, the
    /// course index, or another markdown file there, which the directory's check reports as the
    /// CLI does), a lesson file alone when it is named like one, and nothing for markdown outside
    /// a course (the project's README, docs/, goldens/README.md): only lessons are lessons.
    static func target(of path: String) -> String? {
        let directory = path.parentPath
        if holdsLessons(directory) { return directory }
        return LessonName.isLessonFile(path.lastPathComponent) ? path : nil
    }

    /// Whether a directory holds a lesson file (`NN-slug.md`).
    static func holdsLessons(_ directory: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains(
            where: LessonName.isLessonFile)
    }

    /// The ids of the course claims: they span lessons, so only the whole-course check has them.
    static let claimIDs: Set<DiagnosticID> = [
        .frontMatter, .courseIndex, .declaredTrigger, .closingTable, .triggerDistribution, .noteSeries, .labelReference,
        .fragmentSyntax, .claimSkipped,
    ]

    /// Checks each edited lesson alone, without the claims, and publishes its findings with the
    /// claims' findings of the last whole-course check: an edit's result arrives in a few
    /// milliseconds, the whole course follows when no message is waiting. False when there is no
    /// whole-course check to complete it (the first check, or a change that is not an edit).
    private func quickCheck() -> Bool {
        // Only lessons are checked alone: the course index has no blocks, its findings are claims.
        // And only the course's: a lesson-named file outside it (docs/, another folder) gets nothing.
        let paths = edited.sorted().filter { LessonName.isLessonFile($0.lastPathComponent) && target(of: $0) != nil }
        edited = []
        dirty = false
        guard !paths.isEmpty, !outcomes.isEmpty else { return false }
        let overlay = overlay()
        var texts = TextCache(documents: documents)
        for path in paths {
            let directory = URL(fileURLWithPath: path.parentPath, isDirectory: true)
            guard let plan = try? CourseLoader(currentDirectory: directory).plan([path]),
                let outcome = try? live.check(plan, overlay: overlay, claims: false)
            else { return false }
            noteClassified(plan)
            let claims = outcomes.values.flatMap { previous in
                previous.result.diagnostics.filter {
                    Self.claimIDs.contains($0.id) && Self.absolute($0.location.path, in: directory) == path
                }
            }
            let found = (outcome.result.diagnostics + claims).filter {
                Self.absolute($0.location.path, in: directory) == path
            }
            let diagnostics = JSONValue.array(
                found.sorted { $0.location.line < $1.location.line }
                    .map { lspDiagnostic($0, directory: directory, texts: &texts) })
            publish(path, diagnostics, empty: found.isEmpty && documents[path] == nil)
        }
        return true
    }

    private func publish(_ path: String, _ diagnostics: JSONValue, empty: Bool) {
        let shown = Published(diagnostics: diagnostics, version: documents[path]?.version)
        guard published[path] != shown else { return }
        var params: [String: JSONValue] = ["uri": .string(uri(path)), "diagnostics": diagnostics]
        if let version = shown.version { params["version"] = .int(version) }
        send(JSONRPC.notification("textDocument/publishDiagnostics", .object(params)))
        if empty { published.removeValue(forKey: path) } else { published[path] = shown }
    }

    func checkAndPublish() {
        checkAndPublishOnce()
        // After the check's own values are gone: what it freed is given back now.
        if released {
            released = false
            Self.trimHeap()
        }
    }

    private func checkAndPublishOnce() {
        dirty = false
        needsFull = false
        edited = []
        let overlay = overlay()
        var byPath: [String: [JSONValue]] = [:]
        var checked: [String: LiveChecker.Outcome] = [:]
        var texts = TextCache(documents: documents)
        for target in vanished where FileManager.default.fileExists(atPath: target) {
            targets.insert(target)
            vanished.remove(target)
        }
        targets.formUnion(documents.keys.compactMap(target))
        // A lesson checked alone while its folder was gone is checked with the folder again: one
        // target per lesson, so no finding is reported twice.
        targets = targets.filter { !targets.contains($0.parentPath) }
        // What the disk holds before anything is read: a file written while this check runs is
        // then a change the next event re-checks, not one the check's end takes for checked.
        let disk = diskSignature()
        let began = FileEvents.now()
        for target in targets.sorted() {
            let directory = URL(fileURLWithPath: target.parentPath, isDirectory: true)
            // A course whose folder is gone (a branch switch, rm -rf) has nothing left to check.
            guard FileManager.default.fileExists(atPath: target) || documents[target] != nil else {
                targets.remove(target)
                vanished.insert(target)
                continue
            }
            do {
                // `check` refuses a goldens directory coursecheck must not write in, before reading.
                var plan = try CourseLoader(currentDirectory: directory).plan([target])
                // An open lesson deleted on disk is still checked, from its buffer.
                for path in documents.keys
                where path.parentPath == target && !plan.entries.contains(where: { $0.url.path == path })
                    && LessonName.isLessonFile(path.lastPathComponent)
                {
                    plan.entries.append(
                        CourseLoader.Entry(
                            displayPath: CourseLoader.display(
                                plan.directoryDisplayPaths.first ?? "", path.lastPathComponent),
                            url: URL(fileURLWithPath: path)))
                    plan.entries.sort { $0.url.lastPathComponent < $1.url.lastPathComponent }
                }
                let outcome = try live.check(plan, overlay: overlay)
                noteClassified(plan)
                checked[target] = outcome
                for lesson in outcome.result.lessons { texts.add(lesson) }
                for diagnostic in outcome.result.diagnostics {
                    byPath[Self.absolute(diagnostic.location.path, in: directory), default: []]
                        .append(lspDiagnostic(diagnostic, directory: directory, texts: &texts))
                }
            } catch {
                let message = error.message
                send(
                    JSONRPC.notification(
                        "window/showMessage", ["type": 1, "message": .string("coursecheck: \(message)")]))
            }
        }
        outcomes = checked.mapValues(\.retained)
        diskState = disk
        // Watch what was checked: the lessons directories, their index and goldens.
        events.watch(
            checked.keys.map { URL(fileURLWithPath: $0) }
                + checked.values.flatMap { outcome in
                    outcome.result.lessonResults.compactMap { $0.store?.root }
                        + outcome.result.lessonResults.compactMap { $0.store?.root }.flatMap { root in
                            ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).map {
                                root.appendingPathComponent($0)
                            }
                        }
                })
        // Events in a folder made during the check are lost (it is watched only now): ask the files.
        if FileEvents.changed(before: disk, after: diskSignature(), began: began) { dirty = true }
        if environment.variables["COURSECHECK_LSP_LOG"].map({ !$0.isEmpty && $0 != "0" }) ?? false {
            let times = checked.values.map { LiveChecker.milliseconds($0.milliseconds) }.joined(separator: ", ")
            FileHandle.standardError.write(Data("coursecheck lsp: checked in \(times)\n".utf8))
        }
        // Every open document checked gets its diagnostics, an empty list when it is clean, so the
        // editor knows it was checked; a path whose findings are gone gets its empty list once.
        let open = documents.keys.filter { target(of: $0) != nil }
        for path in Set(byPath.keys).union(published.keys).union(open).sorted() {
            publish(path, .array(byPath[path] ?? []), empty: byPath[path] == nil && documents[path] == nil)
        }
        // A lesson too large for the classification memo was parsed for this check alone: its
        // parse is freed with the check, and those pages go back too.
        if checked.values.contains(where: { outcome in
            outcome.result.lessons.contains { lesson in
                lesson.file.lines.reduce(0) { $0 + $1.text.utf8.count } > LessonReader.memoTextLimit
            }
        }) {
            released = true
        }
    }

    /// Remembers the display paths the plan's open documents were classified under.
    private func noteClassified(_ plan: CourseLoader.Plan) {
        for entry in plan.entries {
            let path = entry.url.standardizedFileURL.path
            if documents[path] != nil { classifiedAs[path, default: []].insert(entry.displayPath) }
        }
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (Glibc's module does not declare it): freed
    /// pages of every arena go back to the system, so a closed document's memory leaves the
    /// resident set instead of waiting in the allocator's free lists.
    private static let trimHeap: @Sendable () -> Void = {
        #if canImport(Glibc)
            if let symbol = dlsym(nil, "malloc_trim") {
                let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
                return { _ = trim(0) }
            }
        #endif
        return {}
    }()

    /// The files the checks read, each with its modification time, size and inode: the lessons
    /// and index of each checked directory, and each golden folder's files, `TOOLCHAIN` and `LESSONS`.
    func diskSignature() -> [String: [Int64]] {
        var entries: [String: [Int64]] = [:]
        func add(_ path: String) { entries[path] = FileGate.Identity.of(path)?.contentStamp }
        func names(_ directory: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        }
        // Every target, checked or not: one whose check failed (a folder read half-copied) or that
        // went away is watched for its return like the others (no entry while it is missing).
        // A folder's own stamp is left out: an editor's swap file changes it on every keystroke.
        for target in targets.union(vanished) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
                for name in names(target) where name.hasSuffix(".md") { add(target + "/" + name) }
            } else {
                add(target)
            }
        }
        for outcome in outcomes.values {
            for root in Set(outcome.result.lessonResults.compactMap { $0.store?.root.path }) {
                add(root + "/" + GoldenStore.toolchainFile)
                add(root + "/" + StoreRecord.file)
                for folder in names(root) {
                    for name in names(root + "/" + folder) { add(root + "/" + folder + "/" + name) }
                }
            }
        }
        return entries
    }

    /// File texts for position mapping: open documents, checked lessons, else the file on disk.
    struct TextCache {
        var lines: [String: [String]] = [:]

        init(documents: [String: Document]) {
            for (path, document) in documents { lines[path] = LineScanner.lines(of: document.text).map(\.text) }
        }

        mutating func add(_ lesson: Lesson) {
            let path = URL(fileURLWithPath: lesson.path).standardizedFileURL.path
            if lines[path] == nil { lines[path] = lesson.file.lines.map(\.text) }
        }

        /// A file on disk is read as an editor shows it when it opens it: without its byte order mark.
        mutating func lines(of path: String) -> [String]? {
            if let known = lines[path] { return known }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
            let text = LineScanner.lines(of: String(decoding: body, as: UTF8.self)).map(\.text)
            lines[path] = text
            return text
        }
    }

    private func lspDiagnostic(_ diagnostic: Diagnostic, directory: URL, texts: inout TextCache) -> JSONValue {
        let path = Self.absolute(diagnostic.location.path, in: directory)
        var object: [String: JSONValue] = [
            "range": PositionMapping.range(of: diagnostic.location, lines: texts.lines(of: path), encoding),
            "severity": .int(Self.severity(diagnostic.severity)),
            "code": .string(diagnostic.id.rawValue),
            "source": "coursecheck",
            "message": .string(diagnostic.message),
        ]
        if !diagnostic.notes.isEmpty {
            object["relatedInformation"] = .array(
                diagnostic.notes.map { note in
                    let notePath = Self.absolute(note.location.path, in: directory)
                    return [
                        "location": [
                            "uri": .string(uri(notePath)),
                            "range": PositionMapping.range(
                                of: note.location, lines: texts.lines(of: notePath), encoding),
                        ],
                        "message": .string(note.message),
                    ]
                })
        }
        if let attachment = diagnostic.attachment {
            object["data"] = ["detail": .string(attachment.text)]
        }
        return .object(object)
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// The URI the editor uses for `path`: exactly the string it sent for that file (open now or
    /// once), else a `file://` URI whose path segments are percent-encoded as RFC 3986 section 2
    /// says: every byte but the unreserved characters (letters, digits, `-._~`) and the `/` between
    /// segments, so a client that compares URIs as strings finds its own spelling.
    func uri(_ path: String) -> String {
        documents[path]?.uri ?? clientURIs[path] ?? Self.fileURI(path)
    }

    static func fileURI(_ path: String) -> String {
        var encoded = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    static func path(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    static func absolute(_ path: String, in directory: URL) -> String {
        URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL.path
    }

    /// True when the file at `path` starts with a byte order mark and `text` does not.
    static func diskMark(_ path: String, text: String) -> Bool {
        // Without blocking: a FIFO named like a lesson must not hold up the loop.
        guard !text.hasPrefix("\u{FEFF}") else { return false }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var bytes: [UInt8] = [0, 0, 0]
        return read(descriptor, &bytes, 3) == 3 && bytes == [0xEF, 0xBB, 0xBF]
    }

    /// The open documents' texts as a check reads them, each behind its file's byte order mark
    /// as the disk holds it now.
    func overlay() -> [String: [UInt8]] {
        for (path, document) in documents {
            documents[path]?.diskMark = Self.diskMark(path, text: document.text)
        }
        return documents.mapValues(\.checkedBytes)
    }

    /// The freshest check's result for `path`'s lesson: the requests read its tree results (run,
    /// verdict, approval), never a second copy of them. A check runs first only when this
    /// document's text is not the one checked (or `fresh` asks for one): a hover in one lesson
    /// never waits for the check of an edit in another.
    func lesson(at path: String, fresh: Bool = false)
        -> (result: LessonResult, lesson: Lesson, outcome: LiveChecker.Outcome)?
    {
        let checked = lastChecked(path)
        guard dirty || needsFull else { return checked }
        // Checked with the text the editor has now (or the file, when it is not open): answered
        // from that check.
        if !fresh, let checked,
            documents[path].map({ checked.lesson.file.text == $0.checkedText }) ?? !edited.contains(path)
        {
            return checked
        }
        checkAndPublish()
        return lastChecked(path)
    }

    /// The last check's result for `path`'s lesson, if a check read it.
    private func lastChecked(_ path: String) -> (result: LessonResult, lesson: Lesson, outcome: LiveChecker.Outcome)? {
        for outcome in outcomes.values {
            if let result = outcome.result.lessonResults.first(where: { $0.entry.url.standardizedFileURL.path == path }
            ),
                let lesson = result.lesson
            {
                return (result, lesson, outcome)
            }
        }
        return nil
    }

    static func document(_ params: JSONValue) throws -> (uri: String, path: String) {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = path(uri) else {
            throw RequestError(code: .invalidParams, message: "params need textDocument.uri, a file: URI")
        }
        return (uri, path)
    }
}
