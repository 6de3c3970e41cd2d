import Foundation
import Synchronization
import XCTest

@testable import CourseCheckKit

/// Drives `coursecheck lsp` in-process with framed messages over a pipe, on a copy of the course.
final class LSPTests: XCTestCase {
    /// Collects the server's framed output.
    final class Output: Sendable {
        private let state = Mutex<(reader: JSONRPC.FrameReader, messages: [JSONValue])>((JSONRPC.FrameReader(), []))

        func append(_ data: Data) {
            state.withLock { state in
                state.reader.append(data)
                while case .message(let bytes)? = state.reader.next() {
                    if let message = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) {
                        state.messages.append(message)
                    }
                }
            }
        }

        var messages: [JSONValue] { state.withLock { $0.messages } }
    }

    /// A server on its own thread, fed through a pipe.
    final class Harness {
        let pipe = Pipe()
        let output = Output()
        let finished = DispatchSemaphore(value: 0)
        let status = Status()
        private var seen = 0

        init(directory: URL, variables: [String: String] = [:]) {
            let environment = CourseCheckCommand.Environment(
                // A tree gets seconds, not milliseconds, inside a check: a loaded test machine would
                // otherwise publish some checks before a tree's finding, and a test reading the first
                // publish would see a verdict the server has not reached yet.
                currentDirectory: directory,
                variables: InProcess.environment.merging(["COURSECHECK_LIVE_SLICE_MS": "2000"]) { $1 }
                    .merging(variables) { $1 },
                stderrIsTerminal: false)
            let configuration = CourseCheckCommand(environment: environment, stdout: BufferSink(), stderr: BufferSink())
                .configuration(Invocation())
            let input = pipe.fileHandleForReading.fileDescriptor
            let output = output
            let finished = finished
            let status = status
            Thread.detachNewThread {
                let server = LSPServer(environment: environment, configuration: configuration, input: input) {
                    output.append($0)
                }
                let result = server.run()
                status.value.withLock { $0 = result }
                finished.signal()
            }
        }

        /// The server's exit status, set by its thread.
        final class Status: Sendable {
            let value = Mutex<CourseCheckCommand.ExitStatus?>(nil)
        }

        func raw(_ bytes: String) {
            pipe.fileHandleForWriting.write(Data(bytes.utf8))
        }

        func send(_ message: JSONValue) {
            pipe.fileHandleForWriting.write(JSONRPC.frame(message))
        }

        func request(_ id: Int, _ method: String, _ params: JSONValue = nil) -> JSONValue? {
            send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
            return next { $0["id"] == .int(id) }
        }

        func notify(_ method: String, _ params: JSONValue) {
            send(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }

        /// The next message (after those already taken) that `matches`, waiting up to `timeout`.
        func next(timeout: Double = 60, _ matches: (JSONValue) -> Bool) -> JSONValue? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let messages = output.messages
                while seen < messages.count {
                    seen += 1
                    if matches(messages[seen - 1]) { return messages[seen - 1] }
                }
                usleep(2_000)
            }
            return nil
        }

        func diagnostics(for uri: String) -> JSONValue? {
            next { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }?[
                "params"]?["diagnostics"]
        }

        /// The first publish for `uri` whose codes are `codes`: on a loaded machine a tree may miss
        /// its slice of the first check and be published by the next, so an earlier publish is not
        /// the verdict. Nil, after naming every publish seen, when it never comes.
        func diagnostics(for uri: String, settlingOn codes: [String]) -> [JSONValue]? {
            var seenCodes: [[String]] = []
            while let published = diagnostics(for: uri)?.array {
                let got = published.compactMap { $0["code"]?.string }
                if got == codes { return published }
                seenCodes.append(got)
            }
            XCTFail("no publish for \(uri) had the codes \(codes); the publishes had \(seenCodes)")
            return nil
        }

        func stop() -> CourseCheckCommand.ExitStatus? {
            _ = request(999, "shutdown")
            notify("exit", nil)
            _ = finished.wait(timeout: .now() + 30)
            return status.value.withLock { $0 }
        }
    }

    private var scratch: Scratch!
    private var lessons: URL { scratch.url.appendingPathComponent("lessons") }

    override func setUpWithError() throws {
        scratch = try CourseCopy.make(for: self)
    }

    /// Neovim's answer on the points the server reads: versioned edits, and UTF-16 positions.
    static let neovim: JSONValue = [
        "workspace": ["workspaceEdit": ["documentChanges": true]],
        "general": ["positionEncodings": ["utf-16"]],
    ]

    private func initialize(
        _ harness: Harness, capabilities: JSONValue = LSPTests.neovim, encoding: String = "utf-16"
    ) throws {
        let response = try XCTUnwrap(
            harness.request(1, "initialize", ["processId": nil, "rootUri": nil, "capabilities": capabilities]))
        XCTAssertEqual(
            response["result"]?["capabilities"],
            [
                "positionEncoding": .string(encoding),
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "hoverProvider": true,
                "executeCommandProvider": ["commands": ["coursecheck.approve"]],
            ])
        harness.notify("initialized", [:])
    }

    private func open(_ harness: Harness, _ url: URL, text: String) {
        harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(url.absoluteString), "languageId": "markdown", "version": 1, "text": .string(text),
                ]
            ])
    }

    /// The lesson 09 text with its first expected block's first line drifted by an "X".
    private func drifted() throws -> (url: URL, original: String, text: String, line: Int) {
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("dokunuldu: tapCount degisti") })
        lines[index] = "X" + lines[index]
        return (url, original, lines.joined(separator: "\n"), index)
    }

    func testDriftIsPublishedFixedByItsQuickFixAndCleared() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let (url, original, text, line) = try drifted()
        let uri = url.absoluteString
        let treeLine = try XCTUnwrap(
            text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("// main.swift — gorunumun kendi") })
        open(harness, url, text: text)

        let drifted = text.components(separatedBy: "\n")[line]
        let diagnostic: JSONValue = [
            "range": [
                "start": ["line": .int(line), "character": 0],
                "end": ["line": .int(line), "character": .int(drifted.utf16.count)],
            ],
            "severity": 1,
            "code": "output-drift",
            "source": "coursecheck",
            "message": .string("output of tree at line \(treeLine + 1) differs from the lesson"),
            "relatedInformation": [
                [
                    "location": [
                        "uri": .string(uri),
                        "range": [
                            "start": ["line": .int(treeLine), "character": 0],
                            "end": [
                                "line": .int(treeLine),
                                "character": .int(text.components(separatedBy: "\n")[treeLine].utf16.count),
                            ],
                        ],
                    ],
                    "message": "tree 'gorunumun kendi durumu yalniz kendini yeniden hesaplatir' starts here",
                ]
            ],
            "data": [
                "detail": .string(
                    "--- \(url.path) (expected)\n+++ actual output of tree at line \(treeLine + 1)\n@@ -\(line + 1),4 +\(line + 1),4 @@\n"
                        + "-\(drifted)\n+\(drifted.dropFirst())\n yerel: 1\n ebeveyn: 0\n gozlem: 0\n")
            ],
        ]
        XCTAssertEqual(harness.diagnostics(for: uri), [diagnostic])

        // Hover on the tree: its actual output and the engine.
        let hover = try XCTUnwrap(
            harness.request(
                2, "textDocument/hover",
                [
                    "textDocument": ["uri": .string(uri)], "position": ["line": .int(treeLine + 2), "character": 0],
                ]))
        let value = try XCTUnwrap(hover["result"]?["contents"]?["value"]?.string)
        XCTAssertTrue(value.contains("from the **embedded** engine"), value)
        XCTAssertTrue(value.contains("\n```\n\(drifted.dropFirst())\nyerel: 1\n"), value)

        // The quick fix is one exact edit of the expected block's body; applied, the text is the original.
        let actions = try XCTUnwrap(
            harness.request(
                3, "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)],
                    "range": [
                        "start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0],
                    ],
                    "context": ["diagnostics": [diagnostic]],
                ])?["result"]?.array)
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions.first?["title"], "Replace the expected block with the tree's actual output")
        XCTAssertEqual(actions.first?["kind"], "quickfix")
        XCTAssertEqual(actions.first?["diagnostics"], [diagnostic])
        let edits = try XCTUnwrap(actions.first?["edit"]?["documentChanges"]?[0]?["edits"]?.array)
        // A versioned edit: an editor whose text moved on refuses it.
        XCTAssertEqual(
            actions.first?["edit"]?["documentChanges"]?[0]?["textDocument"], ["uri": .string(uri), "version": 1])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits[0]["range"]?["start"], ["line": .int(line), "character": 0])
        XCTAssertEqual(edits[0]["range"]?["end"], ["line": .int(line + 5), "character": 0])
        let fixed = Self.apply(edits, to: text)
        XCTAssertEqual(fixed, original)

        harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(fixed)]],
            ])
        XCTAssertEqual(harness.diagnostics(for: uri), [])
        // The whole-course check after the quick one has nothing new to say about the lesson.
        XCTAssertNil(harness.next(timeout: 1) { $0["params"]?["uri"] == .string(uri) })
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// A lesson that starts with a byte order mark still gets its quick fix: the editor's text holds
    /// the mark, as the file does.
    func testALessonWithAByteOrderMarkGetsItsQuickFix() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let (url, _, text, line) = try drifted()
        let marked = "\u{FEFF}" + text
        try Data(marked.utf8).write(to: url)
        open(harness, url, text: marked)
        _ = harness.diagnostics(for: url.absoluteString)
        let actions = try XCTUnwrap(
            harness.request(
                3, "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(url.absoluteString)],
                    "range": [
                        "start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0],
                    ],
                    "context": ["diagnostics": []],
                ])?["result"]?.array)
        XCTAssertEqual(actions.map { $0["title"] }, ["Replace the expected block with the tree's actual output"])
        _ = harness.stop()
    }

    func testCoreDriftAfterAWideCharacterIsFixedByTheEmbeddedCore() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let url = lessons.appendingPathComponent("03-yigit-duzenleri.md")
        let uri = url.absoluteString
        let original = try String(contentsOf: url, encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// Invalidation.swift — ") })
        // Turkish letters replace ASCII ones after the em dash (3 UTF-8 bytes, 1 UTF-16 unit).
        lines[index] = try lines[index].replacingEvery("siniflandirir", with: "sınıflandırır")
        let text = lines.joined(separator: "\n")
        open(harness, url, text: text)
        let published = try XCTUnwrap(harness.diagnostics(for: uri)?.array)
        XCTAssertEqual(published.map { $0["code"] }, ["core-drift"])
        // The first difference is the first "ı" (0xC4 0xB1); the prefix before it holds the em dash.
        let bytes = Array(lines[index].utf8)
        let prefix = String(decoding: bytes[..<(try XCTUnwrap(bytes.firstIndex(of: 0xC4)))], as: UTF8.self)
        XCTAssertEqual(
            published.first?["range"],
            [
                "start": ["line": .int(index), "character": .int(prefix.utf16.count)],
                "end": ["line": .int(index), "character": .int(lines[index].utf16.count)],
            ])
        XCTAssertEqual(prefix.utf16.count, prefix.utf8.count - 2)
        XCTAssertEqual(published.first?["severity"], 1)

        let actions = try XCTUnwrap(
            harness.request(
                2, "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)],
                    "range": [
                        "start": ["line": .int(index), "character": 0], "end": ["line": .int(index), "character": 0],
                    ],
                    "context": ["diagnostics": .array(published)],
                ])?["result"]?.array)
        XCTAssertEqual(actions.map { $0["title"] }, ["Replace the core block with the embedded core"])
        XCTAssertEqual(actions.first?["diagnostics"], .array(published))
        let fixed = Self.apply(try XCTUnwrap(actions.first?["edit"]?["documentChanges"]?[0]?["edits"]?.array), to: text)
        XCTAssertEqual(fixed, original)
        harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(fixed)]],
            ])
        XCTAssertEqual(harness.diagnostics(for: uri), [])
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// A core whose opening fence is indented two spaces: the one finding is at the fence, and
    /// the quick fix deletes the spaces before it, as `--promote` does (never a core rewritten
    /// line by line, which the fence's indentation would still shorten). Applied, no finding.
    func testACoreFenceIndentedIsFixedByDeletingTheIndentation() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let url = lessons.appendingPathComponent("03-yigit-duzenleri.md")
        let uri = url.absoluteString
        let original = try String(contentsOf: url, encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// Invalidation.swift — ") }) - 1
        XCTAssertEqual(lines[index], "```swift")
        lines[index] = "  ```swift"
        let text = lines.joined(separator: "\n")
        open(harness, url, text: text)
        let published = try XCTUnwrap(harness.diagnostics(for: uri)?.array)
        XCTAssertEqual(published.map { $0["code"] }, ["core-drift"])
        XCTAssertEqual(published.first?["range"]?["start"], ["line": .int(index), "character": 0])
        let actions = try XCTUnwrap(
            harness.request(
                2, "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)],
                    "range": [
                        "start": ["line": .int(index), "character": 0], "end": ["line": .int(index), "character": 0],
                    ],
                    "context": ["diagnostics": .array(published)],
                ])?["result"]?.array)
        XCTAssertEqual(actions.map { $0["title"] }, ["Delete the spaces before the core block's opening fence"])
        let fixed = Self.apply(try XCTUnwrap(actions.first?["edit"]?["documentChanges"]?[0]?["edits"]?.array), to: text)
        XCTAssertEqual(fixed, original)
        harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(fixed)]],
            ])
        XCTAssertEqual(harness.diagnostics(for: uri), [])
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// Applies LSP text edits (UTF-16 positions) to `text`, last edit first.
    static func apply(_ edits: [JSONValue], to text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        func offset(_ position: JSONValue?) -> Int {
            let line = position?["line"]?.int ?? 0
            let prefix = lines.prefix(line).map { $0.utf16.count + 1 }.reduce(0, +)
            return prefix + (position?["character"]?.int ?? 0)
        }
        var units = Array(text.utf16)
        for edit in edits.sorted(by: { offset($0["range"]?["start"]) > offset($1["range"]?["start"]) }) {
            let start = offset(edit["range"]?["start"])
            let end = offset(edit["range"]?["end"])
            units.replaceSubrange(start..<end, with: Array((edit["newText"]?.string ?? "").utf16))
        }
        lines = []
        return String(decoding: units, as: UTF16.self)
    }

    func testColumnsBecomeUTF16Offsets() {
        // "ş" and "ğ" take 2 UTF-8 bytes and 1 UTF-16 unit; the emoji 4 bytes and 2 units.
        let line = "şğ😀x = 1"
        XCTAssertEqual(PositionMapping.utf16Offset(ofByteColumn: 1, in: line), 0)
        XCTAssertEqual(PositionMapping.utf16Offset(ofByteColumn: 3, in: line), 1)
        XCTAssertEqual(PositionMapping.utf16Offset(ofByteColumn: 5, in: line), 2)
        XCTAssertEqual(PositionMapping.utf16Offset(ofByteColumn: 9, in: line), 4)
        // Inside the emoji: its start; past the end: the end.
        XCTAssertEqual(PositionMapping.utf16Offset(ofByteColumn: 7, in: line), 2)
        XCTAssertEqual(PositionMapping.utf16Offset(ofByteColumn: 100, in: line), line.utf16.count)
        XCTAssertEqual(PositionMapping.byteColumn(ofUTF16Offset: 4, in: line), 9)
        XCTAssertEqual(
            PositionMapping.range(of: SourceLocation(path: "l.md", line: 2, column: 9), lines: ["", line]),
            ["start": ["line": 1, "character": 4], "end": ["line": 1, "character": .int(line.utf16.count)]])
    }

    /// Only lessons are lessons: markdown outside the course gets nothing, a notes file in lessons/
    /// gets what the CLI reports, an `untitled:` buffer gets empty answers, and a clean lesson gets
    /// its empty list on open, so the editor knows it was checked.
    func testOnlyLessonsAreLessonsAndACleanLessonIsPublished() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let readme = scratch.url.appendingPathComponent("README.md")
        try "# Proje\n\n```swift\n// main.swift\n```\n".write(to: readme, atomically: true, encoding: .utf8)
        open(harness, readme, text: try String(contentsOf: readme, encoding: .utf8))
        let clean = lessons.appendingPathComponent("09-yerel-durum.md")
        open(harness, clean, text: try String(contentsOf: clean, encoding: .utf8))
        XCTAssertEqual(harness.diagnostics(for: clean.absoluteString), [], "a clean lesson gets its empty list")
        let notes = lessons.appendingPathComponent("notlar.md")
        try "# Notlar\n".write(to: notes, atomically: true, encoding: .utf8)
        open(harness, notes, text: "# Notlar\n")
        let found = try XCTUnwrap(harness.diagnostics(for: notes.absoluteString)?.array)
        XCTAssertEqual(found.map { $0["code"] }, ["unchecked-markdown"])
        let untitled = "untitled:Untitled-1"
        let hover = try XCTUnwrap(
            harness.request(
                2, "textDocument/hover",
                ["textDocument": ["uri": .string(untitled)], "position": ["line": 0, "character": 0]]))
        XCTAssertEqual(hover["result"], JSONValue.null)
        XCTAssertNil(hover["error"])
        let actions = try XCTUnwrap(
            harness.request(
                3, "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(untitled)],
                    "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                    "context": ["diagnostics": []],
                ]))
        XCTAssertEqual(actions["result"], [])
        XCTAssertEqual(harness.stop(), .clean)
        XCTAssertFalse(
            harness.output.messages.contains { $0["params"]?["uri"] == .string(readme.absoluteString) },
            "the project README got diagnostics")
        XCTAssertFalse(harness.output.messages.contains { $0["method"] == "window/showMessage" })
    }

    private func initialize(_ harness: Harness, workspace: URL) {
        _ = harness.request(
            1, "initialize",
            [
                "processId": nil, "capabilities": Self.neovim,
                "workspaceFolders": [["uri": .string(workspace.absoluteString), "name": "course"]],
            ])
        harness.notify("initialized", [:])
    }

    /// With a workspace, only the lessons directory's markdown is the course: a lesson-named copy
    /// in docs/, in a folder nested in lessons/ or outside the workspace gets nothing. A document
    /// closed and opened again gets its publish, with its new version, though nothing changed.
    func testAWorkspaceScopesTheCourseAndAReopenedLessonIsPublished() throws {
        let harness = Harness(directory: scratch.url)
        initialize(harness, workspace: scratch.url)
        let lesson = lessons.appendingPathComponent("09-yerel-durum.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let outside = try Scratch()
        defer { outside.remove() }
        var strays: [URL] = []
        for folder in [scratch.url.appendingPathComponent("docs"), lessons.appendingPathComponent("sub"), outside.url] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stray = folder.appendingPathComponent("09-yerel-durum.md")
            try (text + "\nyerel: 5\n").write(to: stray, atomically: true, encoding: .utf8)
            open(harness, stray, text: text + "\nyerel: 5\n")
            strays.append(stray)
        }
        open(harness, lesson, text: text)
        XCTAssertEqual(harness.diagnostics(for: lesson.absoluteString), [])
        harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(lesson.absoluteString)]])
        let closed = harness.next {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(lesson.absoluteString)
        }
        XCTAssertEqual(closed?["params"]?["version"], nil, "the closed lesson's publish is the saved file's")
        harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(lesson.absoluteString), "languageId": "markdown", "version": 5,
                    "text": .string(text),
                ]
            ])
        let reopened = harness.next {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(lesson.absoluteString)
        }
        XCTAssertEqual(reopened?["params"]?["version"], 5)
        XCTAssertEqual(reopened?["params"]?["diagnostics"], [])
        XCTAssertEqual(harness.stop(), .clean)
        // Outside the lessons directory nothing is published; a lesson-named file in a folder under
        // it is not checked either, and says so, as the command line does: its one warning, no finding
        // of a lesson's.
        for (index, stray) in strays.enumerated() {
            let published = harness.output.messages.filter { $0["params"]?["uri"] == .string(stray.absoluteString) }
            guard index == 1 else {
                XCTAssertEqual(published.count, 0, "\(stray.path) got diagnostics")
                continue
            }
            let messages = published.flatMap { message -> [String] in
                guard case .array(let diagnostics)? = message["params"]?["diagnostics"] else { return [] }
                return diagnostics.compactMap { if case .string(let text)? = $0["message"] { text } else { nil } }
            }
            XCTAssertFalse(messages.isEmpty, "\(stray.path): no warning that it is not checked")
            XCTAssertTrue(
                messages.allSatisfy { $0.hasPrefix("lesson file in a sub-folder is not checked") }, "\(messages)")
        }
        XCTAssertFalse(harness.output.messages.contains { $0["method"] == "window/showMessage" })
    }

    /// The lessons folder deleted and made again (`rm -rf`, a branch switch) is followed: a later
    /// golden edit is published without a keystroke, and each finding is reported once.
    func testALessonsFolderDeletedAndMadeAgainIsFollowed() throws {
        let harness = Harness(directory: scratch.url)
        initialize(harness, workspace: scratch.url)
        let lesson = lessons.appendingPathComponent("09-yerel-durum.md")
        open(harness, lesson, text: try String(contentsOf: lesson, encoding: .utf8))
        XCTAssertEqual(harness.diagnostics(for: lesson.absoluteString), [])
        let moved = scratch.url.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: lessons, to: moved)
        usleep(300_000)
        try FileManager.default.copyItem(at: moved, to: lessons)
        usleep(300_000)
        let golden = scratch.url.appendingPathComponent(
            "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        try (String(contentsOf: golden, encoding: .utf8) + "fazladan\n").write(
            to: golden, atomically: true, encoding: .utf8)
        // A check that reads the folder while it is half copied publishes what it saw; the test
        // waits for the settled verdict, the drift alone, and names every publish if it never comes.
        XCTAssertNotNil(harness.diagnostics(for: lesson.absoluteString, settlingOn: ["golden-drift"]))
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// A lone surrogate in a message is read as U+FFFD; the document is checked all the same.
    func testALoneSurrogateIsReadAsAReplacementCharacter() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let (url, _, text, _) = try drifted()
        let body = try String(decoding: JSONEncoder().encode(text), as: UTF8.self)
        let withSurrogate = body.dropLast() + "\\ud800\""
        let message =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":""#
            + url.absoluteString + #"","languageId":"markdown","version":1,"text":"# + withSurrogate + "}}}"
        harness.raw("Content-Length: \(message.utf8.count)\r\n\r\n" + message)
        let found = try XCTUnwrap(harness.diagnostics(for: url.absoluteString)?.array)
        XCTAssertEqual(found.map { $0["code"] }, ["output-drift"])
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// Closing the last document keeps the course checked: another lesson's saved finding stays.
    /// An open lesson deleted on disk is still checked, from its buffer.
    func testClosingAndDeletingKeepTheCourseChecked() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let (url, _, text, _) = try drifted()
        try text.write(to: url, atomically: true, encoding: .utf8)
        let other = lessons.appendingPathComponent("10-baglama.md")
        open(harness, other, text: try String(contentsOf: other, encoding: .utf8))
        XCTAssertEqual(harness.diagnostics(for: url.absoluteString)?.array?.map { $0["code"] }, ["output-drift"])
        harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(other.absoluteString)]])
        XCTAssertNil(
            harness.next(timeout: 2) {
                $0["params"]?["uri"] == .string(url.absoluteString) && $0["params"]?["diagnostics"] == []
            }, "closing the last document hid another lesson's saved finding")
        open(harness, url, text: text)
        try FileManager.default.removeItem(at: url)
        harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(url.absoluteString), "version": 2],
                "contentChanges": [["text": .string(text + "\n")]],
            ])
        XCTAssertNil(
            harness.next(timeout: 2) {
                $0["params"]?["uri"] == .string(url.absoluteString) && $0["params"]?["diagnostics"] == []
            }, "a lesson deleted on disk but open lost its findings")
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// The disk changes under the server (a `--update` or `git checkout` in a terminal): it
    /// re-checks and re-publishes within a second, without a keystroke; an open buffer still wins
    /// over the disk for its own text.
    func testADiskChangeIsPublishedWithoutAKeystroke() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let open = lessons.appendingPathComponent("10-baglama.md")
        let buffer = try String(contentsOf: open, encoding: .utf8)
        self.open(harness, open, text: buffer)
        XCTAssertEqual(harness.diagnostics(for: open.absoluteString), [])
        let (url, _, text, _) = try drifted()
        try text.write(to: url, atomically: true, encoding: .utf8)
        let started = Date()
        XCTAssertEqual(
            harness.diagnostics(for: url.absoluteString)?.array?.map { $0["code"] }, ["output-drift"],
            "a drift written on disk was not published")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        // The open lesson's file changes on disk; its buffer is what is checked.
        try (buffer.replacingOccurrences(of: "# ", with: "# X", options: [], range: buffer.range(of: "# ")))
            .write(to: open, atomically: true, encoding: .utf8)
        XCTAssertNil(
            harness.next(timeout: 2) { $0["params"]?["uri"] == .string(open.absoluteString) },
            "the disk won over the open buffer")
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// With a workspace, the course is checked once the client says `initialized`, before any
    /// document opens: a drift on disk is on screen from the start, as `coursecheck lessons/`
    /// reports it (lessons without findings get no publish: nothing was on screen to clear).
    func testTheCourseIsPublishedBeforeAnyDocumentOpens() throws {
        let (url, _, text, line) = try drifted()
        try text.write(to: url, atomically: true, encoding: .utf8)
        let harness = Harness(directory: scratch.url)
        initialize(harness, workspace: scratch.url)
        let published = try XCTUnwrap(harness.diagnostics(for: url.absoluteString)?.array, "nothing was published")
        XCTAssertEqual(published.map { $0["code"] }, ["output-drift"])
        XCTAssertEqual(published.first?["range"]?["start"]?["line"]?.int, line)
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// A client that can register file watchers gets asked to, and its notifications re-check.
    func testTheServerRegistersForWatchedFiles() throws {
        let harness = Harness(directory: scratch.url)
        _ = harness.request(
            1, "initialize",
            [
                "processId": nil, "rootUri": nil,
                "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
            ])
        harness.notify("initialized", [:])
        let registration = try XCTUnwrap(harness.next { $0["method"] == "client/registerCapability" })
        XCTAssertEqual(
            registration["params"]?["registrations"]?[0]?["method"], "workspace/didChangeWatchedFiles")
        harness.send(["jsonrpc": "2.0", "id": registration["id"] ?? nil, "result": nil])
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        open(harness, url, text: try String(contentsOf: url, encoding: .utf8))
        XCTAssertEqual(harness.diagnostics(for: url.absoluteString), [])
        harness.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": .string(url.absoluteString), "type": 2]]])
        XCTAssertEqual(harness.stop(), .clean)
        XCTAssertFalse(
            harness.output.messages.contains { $0["error"] != nil && $0["id"] == registration["id"] },
            "the client's answer to the registration got an error")
    }

    /// The arguments of the approval a code action offers on the tree at 0-based `line`, if any.
    private func approveOffer(_ harness: Harness, _ url: URL, line: Int, id: Int) -> JSONValue? {
        let actions = harness.request(
            id, "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(url.absoluteString)],
                "range": [
                    "start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0],
                ],
                "context": ["diagnostics": []],
            ])?["result"]?.array
        return actions?.first { $0["command"]?["command"] == "coursecheck.approve" }?["command"]?["arguments"]?[0]
    }

    /// `coursecheck.approve` writes only inside the workspace folders the editor named.
    func testApproveOutsideTheWorkspaceIsRefused() throws {
        let harness = Harness(directory: scratch.url)
        let elsewhere = try Scratch()
        defer { elsewhere.remove() }
        _ = harness.request(
            1, "initialize",
            [
                "processId": nil, "capabilities": [:],
                "workspaceFolders": [["uri": .string(elsewhere.url.absoluteString), "name": "other"]],
            ])
        harness.notify("initialized", [:])
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        open(harness, url, text: try String(contentsOf: url, encoding: .utf8))
        let response = try XCTUnwrap(
            harness.request(
                2, "workspace/executeCommand",
                [
                    "command": "coursecheck.approve",
                    "arguments": [
                        [
                            "uri": .string(url.absoluteString), "line": 120, "version": 1, "tree": "", "golden": "",
                            "content": "", "record": nil,
                        ]
                    ],
                ]))
        XCTAssertTrue(
            response["error"]?["message"]?.string?.contains("is outside the workspace folders") == true, "\(response)")
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// A URI the server makes for a file the client never named is percent-encoded as RFC 3986
    /// section 2 says (all but unreserved characters and the `/` between segments).
    func testServerMadeURIsArePercentEncodedAsRFC3986Says() {
        XCTAssertEqual(
            LSPServer.fileURI("/a b/ders (1)/ğ~x_y-z.md"), "file:///a%20b/ders%20%281%29/%C4%9F~x_y-z.md")
        XCTAssertEqual(
            LSPServer.fileURI("/k:l@m!n$o&p'q*r+s,t;u=v"), "file:///k%3Al%40m%21n%24o%26p%27q%2Ar%2Bs%2Ct%3Bu%3Dv")
    }

    func testApproveIsRefusedOnCI() throws {
        let harness = Harness(directory: scratch.url, variables: ["CI": "true"])
        try initialize(harness)
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        open(harness, url, text: try String(contentsOf: url, encoding: .utf8))
        let response = try XCTUnwrap(
            harness.request(
                2, "workspace/executeCommand",
                [
                    "command": "coursecheck.approve", "arguments": [["uri": .string(url.absoluteString), "line": 120]],
                ]))
        XCTAssertEqual(
            response["error"],
            [
                "code": -32803,
                "message": .string(
                    "refusing coursecheck.approve because CI=true: approving outputs on CI would let a rerun pass by "
                        + "recording; approve locally"),
            ])
        XCTAssertEqual(harness.stop(), .clean)
    }

    func testApproveWritesOnlyThatTreesGolden() throws {
        let golden = scratch.url.appendingPathComponent("goldens/09-yerel-durum")
        let names = try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted()
        let target = golden.appendingPathComponent("gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        let approved = try Data(contentsOf: target)
        try Data("eski\n".utf8).write(to: target)
        let harness = Harness(directory: scratch.url, variables: ["CI": "0"])
        try initialize(harness)
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let treeLine = try XCTUnwrap(
            text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("// main.swift — gorunumun kendi") })
        open(harness, url, text: text)
        let published = try XCTUnwrap(harness.diagnostics(for: url.absoluteString, settlingOn: ["golden-drift"]))
        XCTAssertEqual(
            published.first?["relatedInformation"]?.array?.first?["location"]?["uri"], .string(target.absoluteString))

        let offer = try XCTUnwrap(approveOffer(harness, url, line: treeLine, id: 3))
        let response = try XCTUnwrap(
            harness.request(2, "workspace/executeCommand", ["command": "coursecheck.approve", "arguments": [offer]]))
        XCTAssertEqual(response["result"], ["golden": .string(target.path), "changed": true])
        XCTAssertEqual(try Data(contentsOf: target), approved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted(), names)
        XCTAssertEqual(harness.diagnostics(for: url.absoluteString), [])
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// Approve writes into a store only as its record allows: it adds the lesson's directory to the
    /// record, and refuses a store with no record that holds a folder of a lesson its directory
    /// does not have (another directory's, perhaps), naming why.
    func testApproveFollowsTheStoresRecord() throws {
        let record = scratch.url.appendingPathComponent("goldens/LESSONS")
        let golden = scratch.url.appendingPathComponent(
            "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out")
        let approved = try Data(contentsOf: golden)
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let treeLine = try XCTUnwrap(
            text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("// main.swift — gorunumun kendi") })
        func approve(_ id: Int) throws -> JSONValue {
            try Data("eski\n".utf8).write(to: golden)
            let harness = Harness(directory: scratch.url, variables: ["CI": "0"])
            try initialize(harness)
            open(harness, url, text: text)
            let offer = try XCTUnwrap(approveOffer(harness, url, line: treeLine, id: 100 + id))
            let response = try XCTUnwrap(
                harness.request(
                    id, "workspace/executeCommand", ["command": "coursecheck.approve", "arguments": [offer]]))
            XCTAssertEqual(harness.stop(), .clean)
            return response
        }
        try Data("# ours\ndrafts\n".utf8).write(to: record)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        XCTAssertEqual(try approve(2)["result"], ["golden": .string(golden.path), "changed": true])
        XCTAssertEqual(try Data(contentsOf: golden), approved)
        XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), "# ours\ndrafts\nlessons\n")

        try FileManager.default.removeItem(at: record)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("goldens/30-taslak"), withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: scratch.url.appendingPathComponent("goldens/30-taslak/bir.out"))
        // The server names files by their absolute paths, as it does in every message.
        let top = scratch.url.path
        XCTAssertEqual(
            try approve(3)["error"],
            [
                "code": -32803,
                "message": .string(
                    "not approved: \(top)/goldens/ has no record of the lessons directories it serves "
                        + "(\(top)/goldens/LESSONS), and holds goldens no lesson of \(top)/lessons claims "
                        + "(\(top)/goldens/30-taslak/ (1 golden)), which may be another directory's; write every "
                        + "lessons directory that keeps its goldens there into \(top)/goldens/LESSONS, one a line "
                        + "(only 'lessons' if no other does); until then none of them is called an orphan or pruned, "
                        + "and --update writes nothing there [golden-record]"),
            ])
        XCTAssertEqual(try Data(contentsOf: golden), Data("eski\n".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: record.path))
    }

    func testMalformedMessagesGetErrorsAndTheServerGoesOn() throws {
        let harness = Harness(directory: scratch.url)
        XCTAssertEqual(
            harness.request(1, "textDocument/hover", [:])?["error"],
            ["code": -32002, "message": "the server is not initialized; send 'initialize' first"])
        try initialize(harness)
        harness.raw("Content-Length: 5\r\n\r\n{bad}")
        XCTAssertEqual(
            harness.next { _ in true },
            ["jsonrpc": "2.0", "id": nil, "error": ["code": -32700, "message": "the message is not valid JSON"]])
        harness.raw("Content-Type: application/json\r\n\r\n")
        XCTAssertEqual(
            harness.next { _ in true },
            [
                "jsonrpc": "2.0", "id": nil,
                "error": ["code": -32700, "message": "message without a valid Content-Length header"],
            ])
        harness.raw("Content-Length: 2\r\n\r\n[]")
        XCTAssertEqual(
            harness.next { _ in true },
            ["jsonrpc": "2.0", "id": nil, "error": ["code": -32600, "message": "a message must be a JSON object"]])
        XCTAssertEqual(
            harness.request(7, "textDocument/definition", [:])?["error"],
            ["code": -32601, "message": "unknown method 'textDocument/definition'"])
        XCTAssertEqual(
            harness.request(6, "initialize", ["processId": nil, "rootUri": nil, "capabilities": [:]])?["error"],
            ["code": -32600, "message": "the server is already initialized; send 'initialize' once"])
        // Still serving; `exit` without `shutdown` ends with status 1.
        XCTAssertEqual(
            harness.request(
                8, "textDocument/hover",
                [
                    "textDocument": ["uri": "file:///nowhere/01-x.md"], "position": ["line": 0, "character": 0],
                ])?["result"], .some(.null))
        harness.notify("exit", nil)
        _ = harness.finished.wait(timeout: .now() + 30)
        XCTAssertEqual(harness.status.value.withLock { $0 }, .findings)
    }

    /// After `shutdown`, a request is refused and `exit` ends the server cleanly.
    func testRequestsAfterShutdownAreRefused() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        XCTAssertEqual(harness.request(2, "shutdown")?["result"], .some(.null))
        XCTAssertEqual(
            harness.request(3, "textDocument/hover", [:])?["error"],
            ["code": -32600, "message": "the server is shutting down; only 'exit' is accepted"])
        harness.notify("exit", nil)
        _ = harness.finished.wait(timeout: .now() + 30)
        XCTAssertEqual(harness.status.value.withLock { $0 }, .clean)
    }
}

/// One bad header costs one error: the reader finds the next message, and never waits for a body
/// larger than a message may be.
final class FrameReaderTests: XCTestCase {
    private func frames(_ text: String) -> [JSONRPC.Frame] {
        var reader = JSONRPC.FrameReader()
        reader.append(Array(text.utf8))
        var found: [JSONRPC.Frame] = []
        while let frame = reader.next() { found.append(frame) }
        return found
    }

    func testABadHeaderIsSkippedAndTheNextMessageRead() {
        let good = "Content-Length: 2\r\n\r\n{}"
        for bad in ["Content-Type: foo\r\n\r\n{}", "Content-Length: abc\r\n\r\n{}", "Content-Length: -5\r\n\r\n{}"] {
            XCTAssertEqual(
                frames(bad + good + good),
                [
                    .malformed("message without a valid Content-Length header"), .message(Array("{}".utf8)),
                    .message(Array("{}".utf8)),
                ],
                bad)
        }
    }

    func testAHugeLengthIsRefusedAtOnce() {
        XCTAssertEqual(
            frames("Content-Length: 99999999999\r\n\r\n{}Content-Length: 2\r\n\r\n{}"),
            [
                .malformed("Content-Length 99999999999 is larger than the 64 MiB a message may have"),
                .message(Array("{}".utf8)),
            ])
        var reader = JSONRPC.FrameReader()
        reader.append(Array("Content-Length: 99999999999\r\n\r\n".utf8))
        XCTAssertNotNil(reader.next())
        // Whatever follows is dropped while no header comes: memory stays bounded.
        for _ in 0..<100 {
            reader.append([UInt8](repeating: 0x41, count: 10_000))
            XCTAssertNil(reader.next())
        }
        reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(reader.next(), .message(Array("{}".utf8)))
    }
}

/// A command or an edit names exactly what the author saw; the server derives it again and refuses
/// what no longer holds. Lessons saved with a byte order mark, CRLF or lone CRs converge to the
/// CLI's verdict and are approvable. The protocol's edges: `changes` for a client without
/// `documentChanges`, the negotiated position encoding, lone CRs as line ends. A closed document's
/// parses are forgotten.
extension LSPTests {
    private static let treeDescription = "// main.swift — gorunumun kendi"
    private static let goldenName = "gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"

    private func execute(_ harness: Harness, _ offer: JSONValue, id: Int) -> JSONValue? {
        harness.request(id, "workspace/executeCommand", ["command": "coursecheck.approve", "arguments": [offer]])
    }

    private func change(_ harness: Harness, _ url: URL, _ text: String, version: Int) {
        harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(url.absoluteString), "version": .int(version)],
                "contentChanges": [["text": .string(text)]],
            ])
    }

    /// The 0-based line of the tree `treeDescription` names in `text`.
    private func treeLine(_ text: String) throws -> Int {
        try XCTUnwrap(
            text.components(separatedBy: "\n").firstIndex { $0.hasPrefix(Self.treeDescription) })
    }

    /// Every stale shape of an approval is refused with its reason, and no golden changes; the
    /// offer made afresh writes exactly the golden it names.
    func testAStaleApprovalIsRefusedAndNeverWritesAnotherGolden() throws {
        let goldens = scratch.url.appendingPathComponent("goldens")
        let target = goldens.appendingPathComponent("09-yerel-durum/" + Self.goldenName)
        let approved = try Data(contentsOf: target)
        try Data("eski\n".utf8).write(to: target)
        let before = FileTree.contents(of: goldens)
        let harness = Harness(directory: scratch.url, variables: ["CI": "0"])
        try initialize(harness)
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let path = url.path
        let original = try String(contentsOf: url, encoding: .utf8)
        let line = try treeLine(original)
        open(harness, url, text: original)
        XCTAssertNotNil(harness.diagnostics(for: url.absoluteString, settlingOn: ["golden-drift"]))
        let offer = try XCTUnwrap(approveOffer(harness, url, line: line, id: 2))
        // The offer names the version, the tree's text, the golden and the content to write.
        let tree = try XCTUnwrap(offer["tree"]?.string)
        XCTAssertEqual(
            offer,
            [
                "uri": .string(url.absoluteString), "line": .int(line), "version": 1, "tree": .string(tree),
                "golden": .string(target.path), "content": .string(LSPServer.digest(Array(approved))),
                "record": nil,
            ])
        func refused(_ response: JSONValue?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(
                response?["error"], ["code": -32803, "message": .string(message)], file: file, line: line)
        }
        let again = "; ask for the code action again"

        // Lines inserted above the tree, saved: the tree that is now at the offered line is another.
        let shifted = "<!-- not -->\n\n" + original
        try shifted.write(to: url, atomically: true, encoding: .utf8)
        change(harness, url, shifted, version: 2)
        refused(
            execute(harness, offer, id: 3),
            "not approved: it was offered for version 1 of \(path), which is now at version 2\(again)")
        // The version bumped without a change of text.
        change(harness, url, original, version: 3)
        change(harness, url, original, version: 4)
        try original.write(to: url, atomically: true, encoding: .utf8)
        let current = try XCTUnwrap(approveOffer(harness, url, line: line, id: 4))
        change(harness, url, original, version: 5)
        refused(
            execute(harness, current, id: 5),
            "not approved: it was offered for version 4 of \(path), which is now at version 5\(again)")
        // The document closed.
        harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(url.absoluteString)]])
        refused(
            execute(harness, current, id: 6),
            "not approved: it was offered for version 4 of \(path), which is now closed\(again)")

        // Offered for the saved file (no document open), then the file changes on disk.
        let saved = try XCTUnwrap(approveOffer(harness, url, line: line, id: 7))
        XCTAssertEqual(saved["version"], .some(.null))
        XCTAssertEqual(saved["tree"], .string(tree))
        var lines = original.components(separatedBy: "\n")
        // The tree's block and its expected block: from its opening fence to the third fence line after it.
        let fences = lines.indices.filter { $0 > line && lines[$0] == "```" }
        let end = try XCTUnwrap(fences.dropFirst(2).first)
        let body = Array(lines[(line - 1)...end])
        let rest = Array(lines[(end + 1)...])
        let next = try XCTUnwrap(rest.firstIndex { $0.hasPrefix("// main.swift") }) - 1
        let after = try XCTUnwrap(rest.indices.filter { $0 > next + 1 && rest[$0] == "```" }.dropFirst(2).first)
        let cases: [(String, String, String)] = [
            ("lines inserted above", shifted, "no tree of this lesson holds line \(line + 1) now\(again)"),
            (
                "tree edited",
                original.replacingOccurrences(of: Self.treeDescription, with: Self.treeDescription + "x"),
                "the tree at line \(line + 1) is not the one it was offered for (its text differs)\(again)"
            ),
            (
                "tree moved below the next one",
                (lines[..<(line - 1)] + rest[...after] + [""] + body + rest[(after + 1)...]).joined(separator: "\n"),
                "no tree of this lesson holds line \(line + 1) now\(again)"
            ),
            (
                "two identical trees",
                lines[..<(line - 1)].joined(separator: "\n") + "\n" + body.joined(separator: "\n")
                    + "\n\n" + lines[(line - 1)...].joined(separator: "\n"),
                "the tree-identity error at line \(line + 1 + body.count + 1) makes the lesson's trees uncertain"
            ),
        ]
        for (shape, text, reason) in cases {
            try text.write(to: url, atomically: true, encoding: .utf8)
            refused(execute(harness, saved, id: 8), "not approved: \(reason)", line: #line)
            XCTAssertEqual(FileTree.contents(of: goldens), before, shape)
        }
        // The tree deleted: no tree holds the line, or another one does.
        lines.removeSubrange((line - 1)..<(line + 1))
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        refused(
            execute(harness, saved, id: 9), "not approved: no tree of this lesson holds line \(line + 1) now\(again)")
        XCTAssertEqual(FileTree.contents(of: goldens), before, "tree deleted")
        // The lesson renamed: the offered file is gone, whatever holds its text now.
        let renamed = lessons.appendingPathComponent("09-yerel.md")
        try original.write(to: renamed, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: url)
        refused(
            execute(harness, saved, id: 10),
            "not approved: \(path) is not on disk (renamed or deleted since it was offered)")
        try FileManager.default.moveItem(at: renamed, to: url)
        // An offer whose golden or content is not the one the server derives is not its offer.
        var forged = saved
        if case .object(var fields) = forged {
            fields["golden"] = .string(goldens.appendingPathComponent("09-yerel-durum/baska.out").path)
            forged = .object(fields)
        }
        refused(
            execute(harness, forged, id: 11),
            "not approved: it was offered to write \(goldens.path)/09-yerel-durum/baska.out, and would now write "
                + "\(target.path)\(again)")
        if case .object(var fields) = forged {
            fields["golden"] = saved["golden"]
            fields["content"] = .string(LSPServer.digest(Array("eski\n".utf8)))
            forged = .object(fields)
        }
        refused(
            execute(harness, forged, id: 12),
            "not approved: the output it would write into \(target.path) is not the one it offered\(again)")
        XCTAssertEqual(FileTree.contents(of: goldens), before, "a refused approval wrote a golden")

        // The offer as made for this file writes its golden, and only that.
        XCTAssertEqual(execute(harness, saved, id: 13)?["result"], ["golden": .string(target.path), "changed": true])
        var expected = before
        expected["09-yerel-durum/" + Self.goldenName] = approved
        XCTAssertEqual(FileTree.contents(of: goldens), expected)
        XCTAssertEqual(harness.stop(), .clean)
    }
}

extension LSPTests {
    /// Applies LSP text edits (UTF-16 positions) to `text`, counting `\n`, `\r\n` and a lone `\r`
    /// as line ends, as the protocol does.
    static func applyCountingEveryLineEnd(_ edits: [JSONValue], to text: String) -> String {
        let units = Array(text.utf16)
        var starts = [0]
        var index = 0
        while index < units.count {
            if units[index] == 13 && index + 1 < units.count && units[index + 1] == 10 { index += 1 }
            if units[index] == 10 || units[index] == 13 { starts.append(index + 1) }
            index += 1
        }
        func offset(_ position: JSONValue?) -> Int {
            let line = position?["line"]?.int ?? 0
            return line < starts.count ? starts[line] + (position?["character"]?.int ?? 0) : units.count
        }
        var result = units
        for edit in edits.sorted(by: { offset($0["range"]?["start"]) > offset($1["range"]?["start"]) }) {
            result.replaceSubrange(
                offset(edit["range"]?["start"])..<offset(edit["range"]?["end"]),
                with: Array((edit["newText"]?.string ?? "").utf16))
        }
        return String(decoding: result, as: UTF16.self)
    }

    /// The (1-based line, id) of each finding the CLI reports about `lesson`.
    private func cliFindings(_ lesson: String) -> [String] {
        let run = InProcess.run(["lessons/"], in: scratch.url)
        return run.stderr.split(separator: "\n").filter { $0.hasPrefix("lessons/\(lesson):") }.map { line in
            let parts = line.split(separator: ":")
            return "\(parts[1]) \(line.split(separator: "[").last?.dropLast() ?? "")"
        }.sorted()
    }

    /// A lesson saved with a byte order mark (which the editor's text leaves out), with CRLF or
    /// with lone CRs gets the CLI's findings, its quick fix restores the text, ranged changes land
    /// on the lines the protocol counts, and its tree is approvable.
    func testMarkedCRLFAndLoneCRLessonsConvergeToTheCLIAndAreApprovable() throws {
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let original = try String(contentsOf: url, encoding: .utf8)
        let golden = scratch.url.appendingPathComponent("goldens/09-yerel-durum/" + Self.goldenName)
        let approved = try Data(contentsOf: golden)
        let lines = original.components(separatedBy: "\n")
        let drift = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("dokunuldu: tapCount degisti") })
        let tree = try treeLine(original)
        let variants: [(name: String, disk: [UInt8], buffer: String)] = [
            ("bom", [0xEF, 0xBB, 0xBF] + Array(original.utf8), original),
            ("crlf", Array(original.replacingOccurrences(of: "\n", with: "\r\n").utf8), ""),
            ("cr", Array(original.replacingOccurrences(of: "\n", with: "\r").utf8), ""),
        ]
        for (ordinal, variant) in variants.enumerated() {
            let buffer = variant.buffer.isEmpty ? String(decoding: variant.disk, as: UTF8.self) : variant.buffer
            try Data(variant.disk).write(to: url)
            try Data("eski\n".utf8).write(to: golden)
            let expected = cliFindings("09-yerel-durum.md")
            XCTAssertEqual(
                expected, (variant.name == "bom" ? ["1 bom"] : []) + ["\(tree + 1) golden-drift"], variant.name)
            let harness = Harness(directory: scratch.url, variables: ["CI": "0"])
            try initialize(harness)
            let uri = url.absoluteString
            open(harness, url, text: buffer)
            func published(_ codes: [String]) -> [String]? {
                harness.diagnostics(for: uri, settlingOn: codes)?.map {
                    "\(($0["range"]?["start"]?["line"]?.int ?? -1) + 1) \($0["code"]?.string ?? "")"
                }.sorted()
            }
            let codes = (variant.name == "bom" ? ["bom"] : []) + ["golden-drift"]
            XCTAssertEqual(published(codes), expected, variant.name)
            // A ranged change: an "X" at the start of the drift line.
            harness.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(uri), "version": 2],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": .int(drift), "character": 0],
                                "end": ["line": .int(drift), "character": 0],
                            ],
                            "text": "X",
                        ]
                    ],
                ])
            let drifted = try XCTUnwrap(harness.diagnostics(for: uri, settlingOn: codes + ["output-drift"]))
            XCTAssertEqual(drifted.last?["range"]?["start"]?["line"], .int(drift), variant.name)
            let actions = try XCTUnwrap(
                harness.request(
                    2, "textDocument/codeAction",
                    [
                        "textDocument": ["uri": .string(uri)],
                        "range": [
                            "start": ["line": .int(drift), "character": 0],
                            "end": ["line": .int(drift), "character": 0],
                        ],
                        "context": ["diagnostics": []],
                    ])?["result"]?.array)
            XCTAssertEqual(actions.map { $0["title"] }, ["Replace the expected block with the tree's actual output"])
            let edits = try XCTUnwrap(actions.first?["edit"]?["documentChanges"]?[0]?["edits"]?.array)
            let driftedText = Self.applyCountingEveryLineEnd(
                [
                    [
                        "range": [
                            "start": ["line": .int(drift), "character": 0],
                            "end": ["line": .int(drift), "character": 0],
                        ],
                        "newText": "X",
                    ]
                ], to: buffer)
            let fixed = Self.applyCountingEveryLineEnd(edits, to: driftedText)
            XCTAssertEqual(fixed, buffer, variant.name)
            change(harness, url, fixed, version: 3)
            XCTAssertEqual(published(codes), expected, variant.name)
            let offer = try XCTUnwrap(approveOffer(harness, url, line: tree, id: 3), variant.name)
            XCTAssertEqual(
                execute(harness, offer, id: 4)?["result"], ["golden": .string(golden.path), "changed": true],
                variant.name)
            XCTAssertEqual(try Data(contentsOf: golden), approved, variant.name)
            XCTAssertEqual(try Data(contentsOf: url), Data(variant.disk), variant.name)
            XCTAssertEqual(cliFindings("09-yerel-durum.md"), variant.name == "bom" ? ["1 bom"] : [], variant.name)
            XCTAssertEqual(harness.stop(), .clean)
            _ = ordinal
        }
    }

    /// A client that declares no `documentChanges` gets its quick fix as `changes`.
    func testAClientWithoutDocumentChangesGetsChanges() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness, capabilities: [:])
        let (url, original, text, line) = try drifted()
        open(harness, url, text: text)
        XCTAssertNotNil(harness.diagnostics(for: url.absoluteString, settlingOn: ["output-drift"]))
        let actions = try XCTUnwrap(
            harness.request(
                2, "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(url.absoluteString)],
                    "range": [
                        "start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0],
                    ],
                    "context": ["diagnostics": []],
                ])?["result"]?.array)
        let lines = original.components(separatedBy: "\n")
        XCTAssertEqual(
            actions.first?["edit"],
            [
                "changes": [
                    url.absoluteString: [
                        [
                            "range": [
                                "start": ["line": .int(line), "character": 0],
                                "end": ["line": .int(line + 5), "character": 0],
                            ],
                            "newText": .string(lines[line..<(line + 5)].map { $0 + "\n" }.joined()),
                        ]
                    ]
                ]
            ])
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// The client's first offered encoding the server supports is the one positions count in.
    func testPositionEncodingsAreNegotiated() throws {
        let url = lessons.appendingPathComponent("03-yigit-duzenleri.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// Invalidation.swift — ") })
        lines[index] = try lines[index].replacingEvery("siniflandirir", with: "sınıflandırır")
        let bytes = Array(lines[index].utf8)
        let prefix = String(decoding: bytes[..<(try XCTUnwrap(bytes.firstIndex(of: 0xC4)))], as: UTF8.self)
        let cases: [([JSONValue], String, Int, Int)] = [
            (["utf-32", "utf-16"], "utf-32", prefix.unicodeScalars.count, lines[index].unicodeScalars.count),
            (["utf-8"], "utf-8", prefix.utf8.count, lines[index].utf8.count),
            (["utf-7", "utf-16"], "utf-16", prefix.utf16.count, lines[index].utf16.count),
        ]
        for (offered, chosen, start, end) in cases {
            let harness = Harness(directory: scratch.url)
            try initialize(
                harness, capabilities: ["general": ["positionEncodings": .array(offered)]], encoding: chosen)
            open(harness, url, text: lines.joined(separator: "\n"))
            let published = try XCTUnwrap(harness.diagnostics(for: url.absoluteString, settlingOn: ["core-drift"]))
            XCTAssertEqual(
                published.first?["range"],
                [
                    "start": ["line": .int(index), "character": .int(start)],
                    "end": ["line": .int(index), "character": .int(end)],
                ], chosen)
            XCTAssertEqual(harness.stop(), .clean)
        }
    }

    /// A ranged change counts `\n`, `\r\n` and a lone `\r` as line ends, in the negotiated units.
    func testRangedChangesCountEveryLineEnd() {
        func change(_ line: Int, _ character: Int, in text: String, _ encoding: PositionMapping.Encoding) -> String? {
            let position: JSONValue = ["line": .int(line), "character": .int(character)]
            return PositionMapping.apply("X", at: ["start": position, "end": position], to: text, encoding)
        }
        let text = "a\rb\r\nc\nğ😀d\re"
        XCTAssertEqual(change(1, 1, in: text, .utf16), "a\rbX\r\nc\nğ😀d\re")
        XCTAssertEqual(change(2, 0, in: text, .utf16), "a\rb\r\nXc\nğ😀d\re")
        XCTAssertEqual(change(3, 3, in: text, .utf16), "a\rb\r\nc\nğ😀Xd\re")
        XCTAssertEqual(change(3, 2, in: text, .utf32), "a\rb\r\nc\nğ😀Xd\re")
        XCTAssertEqual(change(3, 6, in: text, .utf8), "a\rb\r\nc\nğ😀Xd\re")
        XCTAssertEqual(change(4, 9, in: text, .utf16), "a\rb\r\nc\nğ😀d\reX")
        XCTAssertEqual(change(9, 0, in: text, .utf16), text + "X")
    }

    /// Closing a document releases its texts' parses: no memo entry holds its last buffer, also
    /// when no later check reads the file (a new lesson never saved).
    func testClosingADocumentForgetsItsParses() throws {
        let harness = Harness(directory: scratch.url)
        try initialize(harness)
        let original = try String(
            contentsOf: lessons.appendingPathComponent("09-yerel-durum.md"), encoding: .utf8)
        let url = lessons.appendingPathComponent("30-tampon.md")
        open(harness, url, text: original + "\n<!-- tampon 1 -->\n")
        XCTAssertNotNil(harness.diagnostics(for: url.absoluteString))
        let buffer = original + "\n<!-- tampon 2 -->\n"
        change(harness, url, buffer, version: 2)
        // The quick check (the lesson alone) and the whole course's check.
        XCTAssertNotNil(harness.diagnostics(for: url.absoluteString))
        XCTAssertNotNil(
            harness.request(
                2, "textDocument/hover",
                ["textDocument": ["uri": .string(url.absoluteString)], "position": ["line": 0, "character": 0]]))
        XCTAssertTrue(LessonReader.remembers(Array(buffer.utf8)))
        harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(url.absoluteString)]])
        XCTAssertNotNil(harness.next { $0["params"]?["uri"] == .string(url.absoluteString) })
        XCTAssertFalse(LessonReader.remembers(Array(buffer.utf8)), "a closed document's parse is still held")
        XCTAssertEqual(harness.stop(), .clean)
    }
}

extension LSPTests {
    /// The offer names the store's record when approving writes it, and approve writes the record
    /// only as offered: a record that changed since (now naming the lessons, no longer naming them,
    /// or naming others) is refused with its reason, and neither file is written.
    func testTheOfferNamesTheRecordItWrites() throws {
        let goldens = scratch.url.appendingPathComponent("goldens")
        let record = goldens.appendingPathComponent("LESSONS")
        let golden = goldens.appendingPathComponent("09-yerel-durum/" + Self.goldenName)
        let approved = try Data(contentsOf: golden)
        try Data("eski\n".utf8).write(to: golden)
        let drafts = "# ours\ndrafts\n"
        try Data(drafts.utf8).write(to: record)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        let harness = Harness(directory: scratch.url, variables: ["CI": "0"])
        try initialize(harness)
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let line = try treeLine(text)
        open(harness, url, text: text)
        XCTAssertNotNil(harness.diagnostics(for: url.absoluteString, settlingOn: ["golden-drift"]))
        let again = "; ask for the code action again"
        func refused(_ offer: JSONValue, id: Int, _ message: String, file: StaticString = #filePath, line: UInt = #line)
        {
            let before = FileTree.contents(of: goldens)
            XCTAssertEqual(
                execute(harness, offer, id: id)?["error"], ["code": -32803, "message": .string(message)], file: file,
                line: line)
            XCTAssertEqual(FileTree.contents(of: goldens), before, "a refused approval wrote", file: file, line: line)
        }

        // Offered with the record's new text; the record then names the lessons already.
        let adding = try XCTUnwrap(approveOffer(harness, url, line: line, id: 2))
        XCTAssertEqual(
            adding["record"],
            ["path": .string(record.path), "content": .string(LSPServer.digest(Array((drafts + "lessons\n").utf8)))])
        try Data((drafts + "lessons\n").utf8).write(to: record)
        refused(
            adding, id: 3,
            "not approved: it was offered to write \(record.path) too, which it would now leave as it is\(again)")
        // Offered with no record to write; the record then loses the lessons.
        let none = try XCTUnwrap(approveOffer(harness, url, line: line, id: 4))
        XCTAssertEqual(none["record"], .some(.null))
        try Data(drafts.utf8).write(to: record)
        refused(
            none, id: 5,
            "not approved: it would now also write \(record.path), which it was not offered to write\(again)")
        // Offered with one new text of the record, which would now be another.
        try Data("# theirs\ndrafts\n".utf8).write(to: record)
        refused(adding, id: 6, "not approved: what it would write into \(record.path) is not what it offered\(again)")

        // The offer made afresh writes the golden and the record it names.
        let fresh = try XCTUnwrap(approveOffer(harness, url, line: line, id: 7))
        XCTAssertEqual(
            fresh["record"],
            [
                "path": .string(record.path),
                "content": .string(LSPServer.digest(Array("# theirs\ndrafts\nlessons\n".utf8))),
            ])
        XCTAssertEqual(execute(harness, fresh, id: 8)?["result"], ["golden": .string(golden.path), "changed": true])
        XCTAssertEqual(try Data(contentsOf: golden), approved)
        XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), "# theirs\ndrafts\nlessons\n")
        XCTAssertEqual(harness.stop(), .clean)
    }

    /// A buffer that keeps the byte order mark (the file has it too) gets its first line's findings
    /// behind the mark, in every encoding: coursecheck's columns count from after it.
    func testFirstLineFindingsOfABufferKeepingTheMarkCountAfterIt() throws {
        let url = lessons.appendingPathComponent("09-yerel-durum.md")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        lines[0] = "- ```swift"
        let text = "\u{FEFF}" + lines.joined(separator: "\n")
        try Data(text.utf8).write(to: url)
        XCTAssertEqual(
            InProcess.run(["lessons/"], in: scratch.url).stderr.split(separator: "\n").filter {
                $0.hasPrefix("lessons/09-yerel-durum.md:")
            }.map { $0.split(separator: " ").first ?? "" },
            ["lessons/09-yerel-durum.md:1:1:", "lessons/09-yerel-durum.md:1:1:", "lessons/09-yerel-durum.md:1:3:"])
        for (encoding, mark) in [("utf-16", 1), ("utf-8", 3), ("utf-32", 1)] {
            let harness = Harness(directory: scratch.url)
            try initialize(
                harness, capabilities: ["general": ["positionEncodings": [.string(encoding)]]], encoding: encoding)
            open(harness, url, text: text)
            let published = try XCTUnwrap(
                harness.diagnostics(for: url.absoluteString, settlingOn: ["bom", "front-matter", "unterminated-fence"]))
            func range(_ start: Int) -> JSONValue {
                ["start": ["line": 0, "character": .int(start)], "end": ["line": 0, "character": .int(mark + 10)]]
            }
            XCTAssertEqual(published.map { $0["range"] }, [range(mark), range(mark), range(mark + 2)], encoding)
            XCTAssertEqual(harness.stop(), .clean)
        }
        // A file that is not open is read as an editor shows it once opened: without its mark.
        let notes = scratch.url.appendingPathComponent("isaretli.md")
        try Data([0xEF, 0xBB, 0xBF] + Array("ğx\r\ny\n".utf8)).write(to: notes)
        var texts = LSPServer.TextCache(documents: [:])
        XCTAssertEqual(texts.lines(of: notes.path), ["ğx", "y"])
        // The rule itself: only a first line's mark is behind the columns.
        XCTAssertEqual(
            PositionMapping.range(of: SourceLocation(path: "l.md", line: 1, column: 3), lines: ["\u{FEFF}ğx"], .utf8),
            ["start": ["line": 0, "character": 5], "end": ["line": 0, "character": 6]])
        XCTAssertEqual(
            PositionMapping.range(
                of: SourceLocation(path: "l.md", line: 2, column: 4), lines: ["", "\u{FEFF}ğx"], .utf8),
            ["start": ["line": 1, "character": 3], "end": ["line": 1, "character": 6]])
    }
}
