/// One claim the course text makes, checked on its own, with its own diagnostic id.
public protocol ClaimCheck: Sendable {
    /// The id every finding of this check carries; also the claim's name in summaries.
    var id: DiagnosticID { get }
    /// True when the claim spans lessons, so it needs a whole lessons directory.
    var spansCourse: Bool { get }
    func check(_ course: CourseFacts) -> ClaimOutcome
}

/// What checking one claim gave.
public enum ClaimOutcome: Sendable {
    /// The claim's structure is there and was checked; the findings are its breaks.
    case checked([Diagnostic])
    /// The course does not use this structure at all (no closing table, no index, ...).
    case notApplicable(String)
    /// The check could not run here (no swiftc); the note says so, so nothing passes silently.
    case skipped(Diagnostic)
}

/// The claims coursecheck knows, in the order they are checked and listed.
public enum CourseClaims {
    public static let all: [any ClaimCheck] = [
        FrontMatterClaim(),
        CourseIndexClaim(),
        DeclaredTriggerClaim(),
        ClosingTableClaim(),
        TriggerDistributionClaim(),
        NoteSeriesClaim(),
        LabelReferenceClaim(),
        FragmentSyntaxClaim(),
    ]

    /// The result of checking every claim.
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var checked: [DiagnosticID] = []
        public var notApplicable: [DiagnosticID] = []
        public var skipped: [DiagnosticID] = []

        public var summary: String {
            var text = "claims: \(checked.count) checked"
            if !notApplicable.isEmpty {
                text += ", \(notApplicable.count) not applicable (\(notApplicable.map(\.rawValue).joined(separator: ", ")))"
            }
            if !skipped.isEmpty {
                text += ", \(skipped.count) skipped (\(skipped.map(\.rawValue).joined(separator: ", ")))"
            }
            return text
        }
    }

    public static func check(_ course: CourseFacts, claims: [any ClaimCheck] = all) -> Report {
        var report = Report()
        for claim in claims {
            if claim.spansCourse && !course.isWholeCourse {
                report.notApplicable.append(claim.id)
                continue
            }
            switch claim.check(course) {
            case .checked(let findings):
                report.checked.append(claim.id)
                report.diagnostics += findings
            case .notApplicable:
                report.notApplicable.append(claim.id)
            case .skipped(let note):
                report.skipped.append(claim.id)
                report.diagnostics.append(note)
            }
        }
        return report
    }
}
