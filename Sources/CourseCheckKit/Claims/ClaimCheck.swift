/// One claim the course text makes, checked on its own, with its own diagnostic id.
package protocol ClaimCheck: Sendable {
    /// The id every finding of this check carries; also the claim's name in summaries.
    var id: DiagnosticID { get }
    /// True when the claim spans lessons, so it needs a whole lessons directory.
    var spansCourse: Bool { get }
    /// About how much work a check of the real course is, in millions of instructions: the
    /// longest claims start first, so the last one to end is never a long one started late.
    /// Only the order of the work follows it; the report keeps the claims' order.
    var cost: Int { get }
    /// False when the claim reads only the course's text, never what a tree printed: it then
    /// starts as soon as the lessons are read, beside the trees' runs. Such a claim is given facts
    /// without outputs, and reading one there stops the process (a programming error, never a
    /// silent empty answer), so the first test that runs the claim says it was declared wrongly.
    var readsTreeOutputs: Bool { get }
    /// True when the outcome is a function of the course's text alone (its lessons' paths and
    /// bytes, the index's, and the binary): no tree output, toolchain, cache or environment. Such a
    /// claim's clean outcome is remembered from one run to the next (`TextClaimMemo`); declaring it
    /// of a claim that reads anything else would let a remembered outcome outlive what it read.
    var readsOnlyText: Bool { get }
    func check(_ course: CourseFacts) -> ClaimOutcome
    /// The part of a claim that reads outputs which needs the text alone, done on the facts of the
    /// text while the trees run, and kept in the facts' shared slots for `check` to read.
    func prepare(_ course: CourseFacts)
}

extension ClaimCheck {
    package var cost: Int { 1 }
    package var readsTreeOutputs: Bool { true }
    package var readsOnlyText: Bool { false }
    package func prepare(_ course: CourseFacts) {}
}

/// What checking one claim gave.
package enum ClaimOutcome: Sendable {
    /// The claim's structure is there and was checked; the findings are its breaks.
    case checked([Diagnostic])
    /// The course does not use this structure at all (no closing table, no index, ...).
    case notApplicable(String)
    /// A slip (`line`) may be what keeps the claim's structure from the page: it is judged once the
    /// slip, which is reported where it is, is fixed.
    case waitingForSlip(line: Int)
    /// The check could not run here (no swiftc); the note says so, so nothing passes silently.
    case skipped(Diagnostic)
}

/// The claims coursecheck knows, in the order they are checked and listed.
package enum CourseClaims {
    package static let all: [any ClaimCheck] = [
        FrontMatterClaim(),
        CourseIndexClaim(),
        DeclaredTriggerClaim(),
        ClosingTableClaim(),
        TriggerDistributionClaim(),
        NoteSeriesClaim(),
        LabelReferenceClaim(),
        FragmentSyntaxClaim(),
    ]

    /// The claims every course is checked for: its index's links, and that its fragments parse.
    /// The others are this course's own (its triggers, table, notes, labels, front matter keys).
    static let generic: Set<DiagnosticID> = [.courseIndex, .fragmentSyntax]

    /// The claims switched on for a course, in `all`'s order: the one place that decides it. Every
    /// claim when the course is the one coursecheck is built with (`CourseCore.isEmbedded`, decided
    /// by its core, so no slip in its text can switch its claims off), else the generic ones.
    /// Another course without an index (`hasIndex` false) has no index claim at all: nothing is
    /// said of an index it does not have, not even that it waits for unread lessons.
    package static func switchedOn(forEmbeddedCourse embedded: Bool, hasIndex: Bool = true) -> [any ClaimCheck] {
        embedded ? all : genericClaims.filter { hasIndex || $0.id != .courseIndex }
    }

    /// Another course's claims: its index's links alone (none of this course's index conventions),
    /// and its fragments.
    private static let genericClaims: [any ClaimCheck] = all.filter { generic.contains($0.id) }.map {
        $0.id == .courseIndex ? CourseIndexClaim(linksOnly: true) : $0
    }

    /// The result of checking every claim.
    package struct Report: Sendable {
        package var diagnostics: [Diagnostic] = []
        package var checked: [DiagnosticID] = []
        package var notApplicable: [DiagnosticID] = []
        /// Claims that found nothing to judge in a course where a slip (a fence or an HTML comment
        /// that pairs a lesson wrongly) hides text: what they read may be what the slip hides, so
        /// they are judged once it is fixed, never called not applicable.
        package var waitingForSlip: [DiagnosticID] = []
        /// Cross-lesson claims that wait for lessons that could not be read.
        package var waiting: [DiagnosticID] = []
        package var unreadLessons = 0
        package var skipped: [DiagnosticID] = []
        /// This course's own claims, switched off (`CourseClaims.switchedOn`), and why: the summary
        /// accounts for every claim, so none goes unsaid.
        package var off: [DiagnosticID] = []
        package var offReason = ""

        package var summary: String {
            var text = "claims: \(checked.count) checked"
            if !notApplicable.isEmpty {
                text +=
                    ", \(notApplicable.count) not applicable (\(notApplicable.map(\.rawValue).joined(separator: ", ")))"
            }
            if !off.isEmpty {
                text += ", \(off.count) off \(offReason) (\(off.map(\.rawValue).joined(separator: ", ")))"
            }
            if !waitingForSlip.isEmpty {
                text +=
                    ", \(waitingForSlip.count) waiting for a slip (\(waitingForSlip.map(\.rawValue).joined(separator: ", ")))"
            }
            if !waiting.isEmpty {
                text +=
                    ", \(waiting.count) not judged while \(Plural.count(unreadLessons, "lesson")) "
                    + "\(unreadLessons == 1 ? "is" : "are") unread (\(waiting.map(\.rawValue).joined(separator: ", ")))"
            }
            if !skipped.isEmpty {
                text += ", \(skipped.count) skipped (\(skipped.map(\.rawValue).joined(separator: ", ")))"
            }
            return text
        }
    }

    /// The claims are independent readers of `course`, so they run on up to `width` threads; the
    /// report lists their outcomes in `claims`' order, as a serial run does.
    package static func check(_ course: CourseFacts, claims: [any ClaimCheck] = all, width: Int = 1) -> Report {
        report(claims, outcomes(course, claims: claims, width: width), course: course)
    }

    /// The outcome of each of `claims` on `course`, in `claims`' order, the longest started first;
    /// nil for a cross-lesson claim on part of a course.
    package static func outcomes(_ course: CourseFacts, claims: [any ClaimCheck], width: Int) -> [ClaimOutcome?] {
        parallelMap(claims, width: width, heaviestFirst: \.cost) { claim -> ClaimOutcome? in
            claim.spansCourse && !course.isWholeCourse ? nil : claim.check(course)
        }
    }

    /// Prepares each of `claims` that will be checked on `course` (`ClaimCheck.prepare`).
    package static func prepare(_ course: CourseFacts, claims: [any ClaimCheck]) {
        for claim in claims where !(claim.spansCourse && !course.isWholeCourse) { claim.prepare(course) }
    }

    /// The report of `outcomes`, one for each of `claims` in order, every claim accounted for.
    /// `offReason`, when the run switched claims off (`switchedOn`), says why: each claim of `all`
    /// that `claims` lacks is listed, this course's own as off, the index's (a course without
    /// one) as not applicable.
    package static func report(
        _ claims: [any ClaimCheck], _ outcomes: [ClaimOutcome?], course: CourseFacts, offReason: String? = nil
    ) -> Report {
        var report = Report()
        if let offReason {
            let on = Set(claims.map(\.id))
            for claim in all where !on.contains(claim.id) {
                if generic.contains(claim.id) {
                    report.notApplicable.append(claim.id)
                } else {
                    report.off.append(claim.id)
                }
            }
            report.offReason = offReason
        }
        let slipped = course.lessons.contains { $0.lesson.fencesAreUncertain }
        for (claim, outcome) in zip(claims, outcomes) {
            guard let outcome else {
                if course.unreadLessons > 0 {
                    report.waiting.append(claim.id)
                    report.unreadLessons = course.unreadLessons
                } else {
                    report.notApplicable.append(claim.id)
                }
                continue
            }
            switch outcome {
            case .checked(let findings):
                report.checked.append(claim.id)
                // What a slip hides is not judged: the slip's one finding says so, whichever claim
                // would read the text there.
                report.diagnostics += findings.filter { !course.isHidden($0) }
            case .notApplicable where slipped, .waitingForSlip:
                report.waitingForSlip.append(claim.id)
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
