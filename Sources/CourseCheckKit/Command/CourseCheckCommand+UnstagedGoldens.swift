import Foundation

/// A commit refused for its goldens when `--update` already wrote them but nobody staged them:
/// the finding's own fix (run `--update`) is done, and rerunning it changes nothing, so following
/// it would loop. The check of the index's lessons with the working tree's goldens (what
/// `git add goldens/` would commit) tells which golden findings that staging alone clears; each
/// of those says so instead, at the same place.
extension CourseCheckCommand {
    /// The golden findings a staging of the working tree's goldens would clear.
    static let stageable: Set<DiagnosticID> = [.goldenRenamed, .goldenMissing, .goldenDrift, .goldenOrphan]

    func unstagedGoldens(
        _ result: CourseChecker.Result, staged: StagedCourse, invocation: Invocation
    ) -> CourseChecker.Result {
        guard result.diagnostics.contains(where: { Self.stageable.contains($0.id) }) else { return result }
        // A hint only: when the second check cannot run, the findings stay as they are.
        let working: CourseChecker.Result
        do throws(CourseCheckError) {
            guard let directory = try staged.withWorkingGoldens() else { return result }
            var command = self
            command.environment.currentDirectory = directory
            let plan = try command.loadPlan(invocation)
            working = try CourseChecker(configuration: command.configuration(invocation)).check(plan)
        } catch {
            return result
        }
        let remaining = Set(
            working.diagnostics.filter { Self.stageable.contains($0.id) }.map { "\($0.location)" })
        let stores = result.lessonResults.compactMap(\.store?.displayRoot)
        func revised(_ finding: Finding) -> Finding {
            let diagnostic = finding.diagnostic
            guard Self.stageable.contains(diagnostic.id), !remaining.contains("\(diagnostic.location)") else {
                return finding
            }
            let path = diagnostic.location.path
            let root =
                result.lessonResults.first { $0.path == path }?.store?.displayRoot
                ?? stores.first { path.hasPrefix($0 + "/") } ?? stores.first ?? "goldens"
            return Finding(finding.subject, .goldenUnstaged(diagnostic, goldens: root))
        }
        var revisedResult = result
        revisedResult.courseFindings = result.courseFindings.map(revised)
        for index in revisedResult.lessonResults.indices {
            revisedResult.lessonResults[index].findings = result.lessonResults[index].findings.map(revised)
        }
        return revisedResult
    }
}
