import Foundation
import Synchronization
import XCTest

@testable import CourseCheckKit

/// The memo of the text's claims (`TextClaimMemo`) never changes a report: over random sequences
/// of author edits (lessons, the index, breaks of the claims, edits reverted, files rewritten
/// unchanged) and of damage to the memo file itself, each check prints what the same check prints
/// with the memo off, and the memo answers whenever the text is one a clean run left it.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of sequences (`make soak` runs many); a failure
/// names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class TextClaimMemoTests: XCTestCase {
    func testTheMemoNeverChangesAReport() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let lessons = scratch.url.appendingPathComponent("lessons")
        let originals = try ParallelDeterminismTests.lessonTexts(in: lessons)
        let index = lessons.appendingPathComponent("README.md")
        let originalIndex = try Data(contentsOf: index)
        let cache = scratch.url.appendingPathComponent("cache")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            try? FileManager.default.removeItem(at: cache)
            // The compiler's answers (verdicts, fragment parses) from the shared cache: this test's
            // subject is the claims' memo, and asked afresh they cost a compile a tree.
            try CompilerVerdicts.copy(["valid-", "parse-"], into: cache)
            for (name, text) in originals {
                try Data(text.utf8).write(to: lessons.appendingPathComponent(name))
            }
            try originalIndex.write(to: index)
            var recalled = 0
            // Three steps in make test (its budget), eight in each of make soak's sequences.
            let steps = ProcessInfo.processInfo.environment["COURSECHECK_PROPERTY_CASES"] == nil ? 3 : 8
            for step in 0..<steps {
                let context = "seed \(seed), step \(step)"
                var damage: Damage?
                if step > 0 {
                    let (name, text) = originals[Int(random.next() % UInt64(originals.count))]
                    let lesson = lessons.appendingPathComponent(name)
                    switch random.next() % 6 {
                    case 0:
                        let current = try String(contentsOf: lesson, encoding: .utf8)
                        try Data(VerdictPropertyTests.edit(current, &random).utf8).write(to: lesson)
                    case 1:
                        // A break only the memoized claims see: a title the index does not give.
                        try Data(text.replacingOccurrences(of: "title: '", with: "title: 'Yeni ").utf8).write(
                            to: lesson)
                    case 2:
                        try Data(text.utf8).write(to: lesson)
                    case 3:
                        damage = try Self.damage(memoIn: cache, &random)
                    case 4:
                        let edited =
                            random.next() % 2 == 0 ? originalIndex + Data("\nBir satır daha.\n".utf8) : originalIndex
                        try edited.write(to: index)
                    default:
                        // The same bytes written again: a new modification time, the same text.
                        try Data(contentsOf: lesson).write(to: lesson)
                    }
                }
                let before = TextClaimMemo.recalls.load(ordering: .relaxed)
                let remembered = try check(in: scratch.url, cache: cache, memo: true)
                let hit = TextClaimMemo.recalls.load(ordering: .relaxed) > before
                let notes = Cache.notes()
                let fresh = try check(in: scratch.url, cache: cache, memo: false)
                XCTAssertEqual(Cache.notes(), [], context)
                XCTAssertEqual(
                    Self.uncached(remembered), Self.uncached(fresh), "\(context): the memo changed the report")
                switch damage {
                case .some(.detectable):
                    XCTAssertFalse(hit, context)
                    XCTAssertEqual(notes, [Self.damagedNote], context)
                case .some(.inInputs):
                    // A byte of a record's line garbled is damage; one of a path or a text is
                    // another text (testAGarbledRecordIsDamageAndAnotherTextAMiss tells them apart).
                    XCTAssertFalse(hit, context)
                    XCTAssertTrue(notes.isEmpty || notes == [Self.damagedNote], "\(context): \(notes)")
                case nil:
                    XCTAssertEqual(notes, [], context)
                }
                // The text a clean run left is answered from the memo by the next run.
                let again = TextClaimMemo.recalls.load(ordering: .relaxed)
                let repeated = try check(in: scratch.url, cache: cache, memo: true)
                XCTAssertEqual(repeated, fresh, context)
                if try memoizedClaimsAreClean(in: scratch.url) {
                    XCTAssertEqual(TextClaimMemo.recalls.load(ordering: .relaxed), again + 1, "\(context): no recall")
                    recalled += 1
                }
                XCTAssertEqual(Cache.notes(), [], context)
            }
            XCTAssertGreaterThan(recalled, 0, "seed \(seed): the memo never answered")
        }
    }

    /// A run with findings among the memoized claims remembers nothing; the outcomes a memo holds
    /// are read back as they were written, and nothing else is read as outcomes.
    func testOnlyCleanOutcomesAreRememberedAndReadBackWhole() {
        let claims: [DiagnosticID] = [.frontMatter, .courseIndex, .noteSeries, .labelReference]
        let clean: [ClaimOutcome?] = [.checked([]), .notApplicable("no index: yok ğ"), nil, .checked([])]
        let encoded = try? XCTUnwrap(TextClaimMemo.encode(clean, claims: claims))
        let decoded = encoded.flatMap { TextClaimMemo.decode($0[...], claims: claims) }
        XCTAssertEqual(decoded.map { $0.map(Self.describe) }, clean.map(Self.describe))
        let finding = Diagnostic.claimSkipped(at: SourceLocation(path: "a.md", line: 1), fragments: 1, because: "x")
        XCTAssertNil(TextClaimMemo.encode([.checked([finding]), nil, nil, nil], claims: claims))
        XCTAssertNil(TextClaimMemo.encode([.skipped(finding), nil, nil, nil], claims: claims))
        guard let encoded else { return }
        // Every cut, and every other claim list, is refused.
        for cut in 0..<encoded.count {
            XCTAssertNil(TextClaimMemo.decode(encoded[..<cut], claims: claims), "cut at \(cut)")
        }
        XCTAssertNil(TextClaimMemo.decode(encoded[...], claims: Array(claims.reversed())))
        XCTAssertNil(TextClaimMemo.decode((encoded + [0x0A])[...], claims: claims))
    }

    /// Two different inputs never give the same bytes: each path and text is preceded by its length.
    func testInputsAreReadWithTheirBoundaries() {
        func bytes(_ lessons: [(String, String)], index: (String, String)? = nil) -> [UInt8] {
            let inputs = TextClaimMemo.Inputs(
                identity: "binary", isWholeCourse: true, unreadLessons: 0, claims: [.frontMatter],
                lessons: lessons.map { ($0.0, Array($0.1.utf8)) }, index: index.map { ($0.0, Array($0.1.utf8)) })
            return inputs.records.flatMap { Array($0.line.utf8) + $0.payload.joined() }
        }
        let variants = [
            bytes([("ab", "c")]), bytes([("a", "bc")]), bytes([("a", "b"), ("c", "")]), bytes([("a", "bc\n")]),
            bytes([("a", "b")], index: ("c", "")), bytes([("a", "b")], index: ("c", "x")),
            bytes([]), bytes([], index: ("", "")),
        ]
        XCTAssertEqual(Set(variants).count, variants.count)
    }

    /// The inputs a memo holds are read by their grammar: the same text is remembered, another
    /// text is a plain miss, and records that do not parse (a label garbled, a length that runs
    /// past the file, bytes after the end) are one damaged entry, however the rest compares.
    func testAGarbledRecordIsDamageAndAnotherTextAMiss() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cache = Cache(directory: scratch.url)
        func inputs(_ text: String, index: String? = "# Ders\n") -> TextClaimMemo.Inputs {
            .init(
                identity: "1:2:3:4.5|", isWholeCourse: true, unreadLessons: 0, claims: [.frontMatter, .noteSeries],
                lessons: [("lessons/01-a.md", Array(text.utf8)), ("lessons/02-b.md", Array("ikinci\n".utf8))],
                index: index.map { ("lessons/README.md", Array($0.utf8)) })
        }
        let original = inputs("# Bir\nmetin\n")
        let memo = try XCTUnwrap(TextClaimMemo(cache: cache, inputs: original))
        memo.remember([.checked([]), .notApplicable("yok")], replacingDamage: false)
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).first)
        let file = scratch.url.appendingPathComponent(name)
        let stored = try Data(contentsOf: file)
        func recall(_ inputs: TextClaimMemo.Inputs, _ bytes: Data) throws -> String {
            try bytes.write(to: file)
            defer { _ = Cache.notes() }
            switch try XCTUnwrap(TextClaimMemo(cache: cache, inputs: inputs)).recall() {
            case .remembered(let outcomes): return "remembered \(outcomes.count)"
            case .absent: return "absent"
            case .damaged: return "damaged"
            }
        }
        func replacing(_ old: String, _ new: String) -> Data {
            let text = String(decoding: stored, as: UTF8.self)
            XCTAssertTrue(text.contains(old), old)
            return Data(text.replacingOccurrences(of: old, with: new).utf8)
        }
        XCTAssertEqual(try recall(original, stored), "remembered 2")
        XCTAssertEqual(try recall(inputs("# Bir\nmetim\n"), stored), "absent")
        XCTAssertEqual(try recall(inputs("# Bir\nmetin\n", index: nil), stored), "absent")
        XCTAssertEqual(try recall(original, replacing("metin", "metim")), "absent")
        XCTAssertEqual(try recall(original, replacing("inputs 1", "hnputs 1")), "damaged")
        XCTAssertEqual(try recall(original, replacing("lesson 15 12", "lessen 15 12")), "damaged")
        XCTAssertEqual(try recall(original, replacing("lesson 15 12", "lesson 15 13")), "damaged")
        XCTAssertEqual(try recall(original, replacing("lesson 15 12", "lesson 15 1x")), "damaged")
        XCTAssertEqual(try recall(original, replacing("\nend\n", "\nenD\n")), "damaged")
        XCTAssertEqual(try recall(original, replacing("course 1 0", "course 2 0")), "damaged")
        XCTAssertEqual(try recall(original, replacing("index 17 7", "index 17 6")), "damaged")
        // The same text under other claims (another course's, once `--promote` gave it this
        // course's core, or the reverse): a plain miss, and no damage is said.
        for claims in [[DiagnosticID.fragmentSyntax], [.frontMatter, .noteSeries, .labelReference], [.noteSeries]] {
            var switched = original
            switched.claims = claims
            try stored.write(to: file)
            let recalled = try XCTUnwrap(TextClaimMemo(cache: cache, inputs: switched)).recall()
            guard case .absent = recalled else { return XCTFail("\(claims): \(recalled)") }
            XCTAssertEqual(Cache.notes(), [], "\(claims)")
        }
    }

    /// The distribution sentence prepared on the text's facts, before the trees ran, is the one
    /// found afresh on the lesson's text.
    func testThePreparedDistributionSentenceIsTheOneFoundAfresh() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let command = CourseCheckCommand(
            environment: .init(
                currentDirectory: scratch.url, variables: InProcess.environment, stderrIsTerminal: false),
            stdout: BufferSink(), stderr: BufferSink())
        let invocation = try Invocation.parse(["--engine", "embedded", "--no-goldens", "lessons/"])
        let result = try CourseChecker(configuration: command.configuration(invocation))
            .check(try command.loadPlan(invocation))
        let last = try XCTUnwrap(result.lessonResults.last)
        let prepared = try XCTUnwrap(try XCTUnwrap(last.claimText).distributionCandidates.get())
        let fresh = TriggerDistributionClaim.candidates(
            in: CourseFacts.LessonFacts(
                lesson: try XCTUnwrap(last.lesson), text: .init(try XCTUnwrap(last.lesson)), outputs: nil))
        XCTAssertFalse(fresh.isEmpty)
        XCTAssertEqual(prepared.map { $0.blocks.map(\.source) }, fresh.map { $0.blocks.map(\.source) })
        XCTAssertEqual(
            prepared.map { $0.counts.map { $0.map { [$0.value, $0.word] } } },
            fresh.map { $0.counts.map { $0.map { [$0.value, $0.word] } } })
    }

    /// The report without the summary's `(cached: …)`: the first run of a text computes its
    /// trees' results, which the next runs read from the cache, and the summary says so.
    private static func uncached(_ report: String) -> String {
        report.replacingOccurrences(of: #" \(cached: [^)]*\)"#, with: "", options: .regularExpression)
    }

    private static func describe(_ outcome: ClaimOutcome?) -> String {
        switch outcome {
        case nil: "not judged"
        case .checked(let findings): "checked \(findings.map(\.headline))"
        case .notApplicable(let reason): "not applicable: \(reason)"
        case .skipped(let note): "skipped: \(note.headline)"
        case .waitingForSlip(let line): "waiting for the slip at line \(line)"
        }
    }

    static let damagedNote =
        "1 cache entry did not hold what its key promised (truncated, garbled or not coursecheck's) and was recomputed"

    /// What damage to the memo file the next run must find: `detectable` is said as a damaged
    /// entry; `inInputs` is a byte of the inputs changed, damage or another text.
    enum Damage { case detectable, inInputs }

    /// Damages the one memo file in `cache` at random, and says what the next run must make of it.
    private static func damage(memoIn cache: URL, _ random: inout BlockStructurePropertyTests.Generator) throws
        -> Damage?
    {
        guard
            let name = try FileManager.default.contentsOfDirectory(atPath: cache.path).first(where: {
                $0.hasPrefix("claims-")
            })
        else { return nil }
        let file = cache.appendingPathComponent(name)
        var bytes = [UInt8](try Data(contentsOf: file))
        let header = bytes.firstIndex(of: 0x0A)! + 1
        // `coursecheck-claim-memo 1 <outcomes> <inputs> <checksum>`: the outcomes, then the inputs.
        let fields = bytes[..<(header - 1)].split(separator: 0x20)
        let outcomes = Int(String(decoding: fields[2], as: UTF8.self))!
        switch random.next() % 5 {
        case 0:
            let at = Int(random.next() % UInt64(bytes.count))
            bytes[at] ^= 0x20
            try Data(bytes).write(to: file)
            return at >= header + outcomes ? .inInputs : .detectable
        case 1:
            try Data(bytes.prefix(Int(random.next() % UInt64(bytes.count)))).write(to: file)
        case 2:
            try Data(bytes + [0x0A]).write(to: file)
        case 3:
            try Data().write(to: file)
        default:
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        return .detectable
    }

    /// Whether the claims the memo remembers find nothing in the course in `directory`, checked
    /// on their own: the runs that leave a memo.
    private func memoizedClaimsAreClean(in directory: URL) throws -> Bool {
        let command = CourseCheckCommand(
            environment: .init(currentDirectory: directory, variables: InProcess.environment, stderrIsTerminal: false),
            stdout: BufferSink(), stderr: BufferSink())
        let invocation = try Invocation.parse(["--engine", "embedded", "--no-goldens", "lessons/"])
        let plan = try command.loadPlan(invocation)
        var configuration = command.configuration(invocation)
        configuration.claims = false
        configuration.evaluation = .none
        let result = try CourseChecker(configuration: configuration).check(plan)
        let facts = CourseFacts.gather(
            result.lessonResults, index: CourseFacts.readIndex(plan: plan, overlay: [:]), plan: plan, cache: nil,
            environment: [:], outputs: false)
        let claims = CourseClaims.all.filter(\.readsOnlyText)
        XCTAssertEqual(claims.map(\.id), [.frontMatter, .courseIndex, .noteSeries, .labelReference])
        return TextClaimMemo.encode(CourseClaims.outcomes(facts, claims: claims, width: 1), claims: claims.map(\.id))
            != nil
    }

    /// What the check prints for the course in `directory`, with the memo on or off.
    private func check(in directory: URL, cache: URL, memo: Bool) throws -> String {
        let out = BufferSink()
        let command = CourseCheckCommand(
            environment: .init(currentDirectory: directory, variables: InProcess.environment, stderrIsTerminal: false),
            stdout: out, stderr: BufferSink())
        let invocation = try Invocation.parse(
            ["--engine", "embedded", "--no-goldens", "--cache-dir", cache.path, "lessons/"])
        var configuration = command.configuration(invocation)
        configuration.rememberTextClaims = memo
        let result = try CourseChecker(configuration: configuration).check(try command.loadPlan(invocation))
        _ = try command.report(
            result, invocation: invocation, reporter: command.reporter(invocation.color), targets: .init())
        return out.text
    }
}
