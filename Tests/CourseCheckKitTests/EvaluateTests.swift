import XCTest

@testable import CourseCheckKit

final class EvaluateTests: XCTestCase {
    private func lines(_ text: String, from first: Int = 1) -> [Line] {
        LineScanner.lines(of: text).map { Line(number: $0.number + first - 1, text: $0.text, ending: $0.ending) }
    }

    /// A key hashed from a copied hasher that already fed the shared parts is the key `hex` gives
    /// for all the parts at once: the cache's keys did not change when they started sharing.
    func testAHasherFedTheSharedPartsOnceGivesTheSameKeys() {
        let shared = ["6", "swift-driver version: 1.127 Swift version 6.3.1", String(repeating: "é", count: 70)]
        var base = SHA256()
        base.feed(shared)
        for tree in ["", "print(1)\n", String(repeating: "x", count: 200)] {
            var hasher = base
            hasher.feed([tree])
            XCTAssertEqual(hasher.finalize(), SHA256.hex(shared[0], shared[1], shared[2], tree))
        }
    }

    /// A fenced block's content fed line by line hashes as the joined content does, on random
    /// blocks of every line ending (the last without one), empty lines, non-ASCII text and lines
    /// long enough to cross SHA-256's 64-byte blocks: the cache's keys did not change.
    func testABlockFedLineByLineGivesTheKeyOfItsContent() {
        let pieces = ["print(1)", "", " ", "é", "ğüş", String(repeating: "x", count: 70), "\t", "\u{200B}"]
        let endings = ["\n", "\r\n", "\r"]
        let (count, seed) = PropertySeeds.stream(defaultCount: 500, defaultSeed: 43)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        for _ in 0..<count {
            var body = ""
            for _ in 0..<Int(generator.next() % 6) {
                body += pieces[Int(generator.next() % UInt64(pieces.count))]
                body += endings[Int(generator.next() % UInt64(endings.count))]
            }
            if generator.next() % 2 == 0 { body += pieces[Int(generator.next() % UInt64(pieces.count))] }
            // Without its closing fence the block runs to the end of the file, its last line unended.
            let closing = generator.next() % 3 == 0 ? "" : "\n```\n"
            let file = SourceFile(path: "l.md", text: "```swift\n" + body + closing)
            guard let block = MarkdownScanner.scan(file).blocks.first else { continue }
            var joined = SHA256()
            joined.feed(["base", block.content])
            var byLine = SHA256()
            byLine.feed(["base"])
            byLine.feed(contentOf: block)
            XCTAssertEqual(byLine.finalize(), joined.finalize(), "\(body.debugDescription), seed \(seed)")
        }
    }

    /// The cache's checksum is FNV-1a 64 (the published test vectors), fed whole or in pieces.
    func testCacheChecksumIsFNV1a64() {
        func hex(_ text: String) -> String {
            var checksum = Checksum()
            checksum.update(Array(text.utf8))
            return checksum.hex
        }
        XCTAssertEqual(hex(""), "cbf29ce484222325")
        XCTAssertEqual(hex("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(hex("foobar"), "85944171f73967e8")
        var pieces = Checksum()
        pieces.update(Array("foo".utf8))
        pieces.update("bar".utf8)
        XCTAssertEqual(pieces.hex, "85944171f73967e8")
    }

    func testSHA256KnownAnswers() {
        knownAnswers(SHA256(hardware: true), "SHA extensions: \(SHA256.hardwareAvailable)")
        knownAnswers(SHA256(hardware: false), "portable rounds")
    }

    private func knownAnswers(_ fresh: SHA256, _ path: String) {
        var empty = fresh
        XCTAssertEqual(empty.finalize(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", path)
        var abc = fresh
        abc.update("abc")
        XCTAssertEqual(abc.finalize(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", path)
        var long = fresh
        long.update("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        XCTAssertEqual(long.finalize(), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", path)
        XCTAssertNotEqual(SHA256.hex("ab", "c"), SHA256.hex("a", "bc"), path)
        var million = fresh
        million.update(String(repeating: "a", count: 1_000_000))
        XCTAssertEqual(million.finalize(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", path)
        // The block path and the byte path agree however the input is split.
        var pieces = fresh
        pieces.update("abc")
        pieces.update(String(repeating: "x", count: 130))
        pieces.update(Array("tail".utf8))
        var whole = fresh
        whole.update(Array(("abc" + String(repeating: "x", count: 130) + "tail").utf8))
        XCTAssertEqual(pieces.finalize(), whole.finalize(), path)
    }

    /// The digest of random bytes, fed in random pieces, is coreutils' `sha256sum`'s (the oracle;
    /// skipped without it), on the CPU's SHA extensions (where it has them) and on the portable
    /// rounds alike. Lengths cross the 55/56/64-byte padding edges, and pieces span several blocks.
    func testSHA256AgreesWithSha256sumOnRandomSplits() throws {
        let tool = ["/usr/bin/sha256sum", "/bin/sha256sum"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try XCTSkipIf(tool == nil, "no sha256sum to compare SHA256 against")
        let (count, seed) = PropertySeeds.stream(defaultCount: 60, defaultSeed: 5)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        let scratch = try Scratch()
        defer { scratch.remove() }
        var ours: [String] = []
        var portable: [String] = []
        var files: [String] = []
        for index in 0..<count {
            let length = [0, 1, 55, 56, 63, 64, 65, 119, 120, 128][index % 10] + Int(generator.next() % 3) * 64
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var hasher = SHA256()
            var rounds = SHA256(hardware: false)
            var rest = bytes[...]
            while !rest.isEmpty {
                let piece = Int(generator.next() % (generator.next() % 4 == 0 ? 300 : 80))
                if generator.next() % 2 == 0 {
                    hasher.update(Array(rest.prefix(piece)))
                } else {
                    hasher.update(rest.prefix(piece).lazy.map { $0 })  // a non-contiguous sequence
                }
                rounds.update(Array(rest.prefix(piece)))
                rest = rest.dropFirst(piece)
            }
            ours.append(hasher.finalize())
            portable.append(rounds.finalize())
            let file = scratch.url.appendingPathComponent("\(index)").path
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool!)
        process.arguments = files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let theirs = output.split(separator: "\n").map { String($0.prefix(64)) }
        XCTAssertEqual(
            ours, theirs,
            "seed \(seed) (COURSECHECK_PROPERTY_SEED replays it), SHA extensions: \(SHA256.hardwareAvailable)")
        XCTAssertEqual(portable, theirs, "seed \(seed) (COURSECHECK_PROPERTY_SEED replays it), portable rounds")
    }

    func testMergedProgramMapsEveryTreeLineBackToTheLesson() {
        let first = lines("// main.swift — a\nlet s = 1\nprint(s)", from: 5)
        let second = lines("// main.swift — b\nprint(2)", from: 40)
        let program = TreeProgram.merged([(index: 0, lines: first), (index: 1, lines: second)])
        let main = program.main.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(
            program.main.contains("enum Tree_1 {\nstatic func run() {\n// main.swift — a\nlet s = 1\nprint(s)\n}\n}"))
        XCTAssertTrue(program.main.contains("\"2\": Tree_2.run,"))
        for (index, origin) in program.origins.enumerated() {
            guard let origin else { continue }
            let source = origin.tree == 0 ? first : second
            XCTAssertEqual(source.first { $0.number == origin.line }?.text, String(main[index]))
        }
        XCTAssertEqual(program.origins.compactMap { $0 }.count, first.count + second.count)
    }

    func testCompilerErrorsAreParsedAndRuntimeMessagesRelocated() {
        let output = """
            /tmp/x/main.swift:12:5: error: cannot find 'y' in scope
            /tmp/x/main.swift:12:5: note: did you mean 'x'?
            /tmp/x/Invalidation.swift:3:1: warning: unused
            """
        XCTAssertEqual(
            CompilerDiagnostics.errors(in: output),
            [.init(file: "/tmp/x/main.swift", line: 12, column: 5, message: "cannot find 'y' in scope")])

        let program = TreeProgram.single(index: 0, lines: lines("// main.swift — a\nfatalError()", from: 30))
        let tree = Tree(
            block: FencedBlock(
                opening: Line(number: 29, text: "```swift", ending: .lf),
                fence: CodeFence(character: "`", length: 3, indent: 0, info: "swift"),
                body: lines("// main.swift — a\nfatalError()", from: 30),
                closing: Line(number: 32, text: "```", ending: .lf)),
            expected: FencedBlock(
                opening: Line(number: 34, text: "```", ending: .lf),
                fence: CodeFence(character: "`", length: 3, indent: 0, info: ""), body: [],
                closing: Line(number: 35, text: "```", ending: .lf)))
        let relocated = program.relocate(
            "main/main.swift:2: Fatal error\nmain/main.swift:99: x", jobs: [TreeJob(path: "l.md", tree: tree)])
        XCTAssertEqual(relocated, "l.md:31: Fatal error\nmain/main.swift:99: x")
    }
}

final class GoldenNameTests: XCTestCase {
    func testSlugsAreAsciiWordsCutAtAWordBoundary() {
        XCTAssertEqual(
            GoldenName.slug("görünümün kendi durumu — yerel, ebeveyn"), "gorunumun-kendi-durumu-yerel-ebeveyn")
        XCTAssertEqual(GoldenName.slug("İKİ Ağaç: 2/2"), "iki-agac-2-2")
        XCTAssertEqual(GoldenName.slug("c\u{0327}ocuk"), "cocuk", "a decomposed letter keeps its base")
        let long = String(repeating: "kelime ", count: 20)
        let slug = GoldenName.slug(long)
        XCTAssertLessThanOrEqual(slug.count, GoldenName.maximumLength)
        XCTAssertFalse(slug.hasSuffix("-"))
        XCTAssertTrue(slug.hasSuffix("kelime"))
        // A first word longer than a slug is cut, and nothing follows it; a later one that does not
        // fit ends the slug, even when a shorter one comes after it.
        let longWord = String(repeating: "a", count: GoldenName.maximumLength + 5)
        XCTAssertEqual(GoldenName.slug(longWord + " b"), String(repeating: "a", count: GoldenName.maximumLength))
        XCTAssertEqual(GoldenName.slug("x " + longWord + " y"), "x")
        let exact = String(repeating: "b", count: GoldenName.maximumLength - 2)
        XCTAssertEqual(GoldenName.slug("x " + exact + " y"), "x-" + exact)
        // Emoji or symbols alone are a description, named by their code points.
        XCTAssertEqual(GoldenName.slug("🎉🚀"), "u1f389-u1f680")
        XCTAssertEqual(GoldenName.slug("→ ✓"), "u2192-u2713")
        XCTAssertEqual(GoldenName.slug("  "), "", "blanks are no description")
    }

    /// A repeated or missing description is an error at that tree, which gets no golden: an
    /// approval never passes from one tree to another.
    func testEveryTreeHasItsOwnNameOrAnIdentityError() {
        let file = SourceFile(
            path: "l.md",
            text: """
                ```swift
                // main.swift — ayni
                print(1)
                ```

                ```
                1
                ```

                ```swift
                // main.swift — ayni
                print(1)
                ```

                ```
                1
                ```

                ```swift
                // main.swift
                print(1)
                ```

                ```
                1
                ```

                """)
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        let names = GoldenName.names(for: lesson)
        XCTAssertEqual(names.all, [])
        XCTAssertEqual(names.trees, [nil, nil, nil])
        XCTAssertEqual(
            names.findings,
            [
                Diagnostic(
                    .treeIdentity, at: SourceLocation(path: "l.md", line: 11),
                    "tree has the golden name of the tree at line 2 ('ayni'), which keeps only the letters and digits "
                        + "of a description, lower-cased and without accents: give each tree of a lesson a description "
                        + "that differs in them, so an approval can never pass from one tree to another"),
                Diagnostic(
                    .treeIdentity, at: SourceLocation(path: "l.md", line: 20),
                    "tree has no description after '// main.swift', and its golden is named by it; write "
                        + "'// main.swift — <what the tree shows>'"),
            ])
    }
}
