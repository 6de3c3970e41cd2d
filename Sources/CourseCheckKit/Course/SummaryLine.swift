/// The last line of a check, on stdout: what was checked and what was found.
///
/// `21 lessons: 21 core, 50 trees, 42 fragments; swiftc: 50 trees, merged; 0 errors`
package struct SummaryLine: Sendable, Equatable, CustomStringConvertible {
    package var lessons = 0
    package var cores = 0
    package var trees = 0
    package var fragments = 0
    package var errors = 0
    package var warnings = 0
    /// What the compiler decided of the trees (`compiler: 50 trees accepted`), when it was asked.
    package var compiler: ValiditySummary?
    /// What each engine ran; empty when no tree ran.
    package var engines: [EngineSummary] = []
    /// `goldens: 50 compared`, when the golden check ran: how many outputs met their golden.
    package var goldens: String?
    /// `claims: 8 checked`, when claims were checked.
    package var claims: String?

    package init() {}

    package var description: String {
        var text =
            "\(Plural.count(lessons, "lesson")): \(cores) core, \(Plural.count(trees, "tree")), "
            + "\(Plural.count(fragments, "fragment")); "
        if let compiler { text += "\(compiler); " }
        for engine in engines { text += "\(engine); " }
        if let goldens { text += "\(goldens); " }
        if let claims { text += "\(claims); " }
        text += Plural.count(errors, "error")
        if warnings > 0 { text += ", \(Plural.count(warnings, "warning"))" }
        return text
    }
}
