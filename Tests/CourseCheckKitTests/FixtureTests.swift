import CourseCheckKit
import Foundation
import Testing

/// Every expect-test directory under `Fixtures/` is its own test case (`swift test --filter
/// "Fixtures/output(_:)"` runs them; the case's argument is the directory name), comparing stderr,
/// stdout and exit status exactly. Each case has a result cache of its own, so its summary (which
/// says what came from the cache) is the same whatever ran before it. Cases run one at a time: the
/// cache's notes ("damaged entry", "cannot be written") are said once per process.
///
/// `COURSECHECK_BLESS=1` rewrites the expectations from the current output and then fails, as
/// argument-parser's snapshot recording does: a blessed run is a diff to review, never a pass.
@Suite("Fixtures", .serialized)
struct FixtureCases {
    static let bless = ProcessInfo.processInfo.environment["COURSECHECK_BLESS"] == "1"

    @Test(arguments: Fixture.names)
    func output(_ name: String) throws {
        let fixture = Fixture(named: name)
        let actual = try fixture.run()
        if Self.bless {
            try fixture.bless(actual)
            CompilerAnswers.record(from: Fixture.caseCache, always: true)
            Issue.record("\(name): expectations rewritten from the current output; review the diff, then run again")
            return
        }
        let expected = try fixture.expected()
        #expect(actual.stderr == expected.stderr, "\(name): stderr")
        #expect(actual.stdout == expected.stdout, "\(name): stdout")
        #expect(actual.status == expected.status, "\(name): exit status")
    }

    @Test func theCorpusIsThere() {
        #expect(Fixture.names.count >= 70, "the fixture corpus went missing")
    }

    /// Every failure class in the diagnostic catalogue has at least one fixture that produces it.
    @Test func everyDiagnosticIDHasAFixture() throws {
        var seen = Set<String>()
        for fixture in try Fixture.all() {
            let stderr = try fixture.expected().stderr
            for id in DiagnosticID.allCases where stderr.contains("[\(id.rawValue)]") {
                seen.insert(id.rawValue)
            }
        }
        // The engines agree on every tree a lesson can hold, so a disagreement cannot be written as a
        // fixture; EngineRouterTests covers engine-mismatch with runs that differ. A fixture always has
        // swiftc, so EndToEndTests covers claim-skipped with SWIFTC pointing nowhere. Git keeps no file
        // mode that hides a file from its reader, so WritePolicyTests covers golden-unreadable; a
        // fixture's compiler is the real one, so ToolchainFailureTests covers toolchain-failed. Two
        // files whose names differ only in case cannot be committed (a macOS or Windows checkout
        // would lose one), so PathResolutionTests makes them at run time for case-collision. A fixture's
        // compiler is always asked and always answers, so ToolchainFailureTests covers validity-unknown;
        // a tree the compiler rejects never reaches the merged build, so EngineRouterTests fails one
        // with the toolchain engine alone for merged-fallback.
        let coveredElsewhere: Set<String> = [
            DiagnosticID.engineMismatch.rawValue, DiagnosticID.claimSkipped.rawValue,
            DiagnosticID.goldenUnreadable.rawValue, DiagnosticID.toolchainFailed.rawValue,
            DiagnosticID.caseCollision.rawValue, DiagnosticID.validityUnknown.rawValue,
            DiagnosticID.mergedFallback.rawValue,
        ]
        let untested = DiagnosticID.allCases.map(\.rawValue).filter {
            !seen.contains($0) && !coveredElsewhere.contains($0)
        }
        #expect(untested == [], "diagnostic ids without a fixture")
    }

    /// Every fixture declares its arguments, and no expectation file is left over from a removed one.
    @Test(arguments: Fixture.names)
    func declaresItsArguments(_ name: String) throws {
        let fixture = Fixture(named: name)
        #expect(!(try fixture.arguments()).isEmpty, "\(name): empty args")
        for file in Fixture.expectationFiles {
            #expect(
                FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent(file).path),
                "\(name): no \(file)")
        }
    }
}
