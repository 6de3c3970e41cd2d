import CourseCheckKit
import Foundation
import XCTest

/// Runs every expect-test directory under `Fixtures/` and compares stderr, stdout and exit status exactly.
final class FixtureTests: XCTestCase {
    func testEveryFixtureGivesItsExactOutput() throws {
        let fixtures = try Fixture.all()
        XCTAssertGreaterThanOrEqual(fixtures.count, 20, "the fixture corpus went missing")
        let bless = ProcessInfo.processInfo.environment["COURSECHECK_BLESS"] == "1"
        for fixture in fixtures {
            let actual = try fixture.run()
            if bless {
                try fixture.bless(actual)
                continue
            }
            let expected = try fixture.expected()
            XCTAssertEqual(actual.stderr, expected.stderr, "\(fixture.name): stderr")
            XCTAssertEqual(actual.stdout, expected.stdout, "\(fixture.name): stdout")
            XCTAssertEqual(actual.status, expected.status, "\(fixture.name): exit status")
        }
    }

    /// Every failure class in the diagnostic catalogue has at least one fixture that produces it.
    func testEveryDiagnosticIDHasAFixture() throws {
        var seen = Set<String>()
        for fixture in try Fixture.all() {
            let stderr = (try? fixture.expected().stderr) ?? ""
            for id in DiagnosticID.allCases where stderr.contains("[\(id.rawValue)]") {
                seen.insert(id.rawValue)
            }
        }
        // The engines agree on every tree a lesson can hold, so a disagreement cannot be written as a
        // fixture; EngineRouterTests covers engine-mismatch with runs that differ.
        let coveredElsewhere: Set<String> = [DiagnosticID.engineMismatch.rawValue]
        let untested = DiagnosticID.allCases.map(\.rawValue).filter { !seen.contains($0) && !coveredElsewhere.contains($0) }
        XCTAssertEqual(untested, [], "diagnostic ids without a fixture")
    }
}
