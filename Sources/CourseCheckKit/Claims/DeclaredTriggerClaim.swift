/// Each lesson's `Bu dersin tetiği: **X**` names one of the four triggers, and a tree of the lesson
/// prints a recomputation with that cause; a distribution `(a/b/c/d)` equals the `countCauses`
/// lines of the lesson's first tree.
public struct DeclaredTriggerClaim: ClaimCheck {
    public let id = DiagnosticID.declaredTrigger
    public let spansCourse = false

    public init() {}

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        let declarations = course.lessons.map { Triggers.declaration(in: $0.prose) }
        guard declarations.contains(where: { $0 != nil }) else { return .notApplicable("no lesson declares a trigger") }
        var findings: [Diagnostic] = []
        for (lesson, declaration) in zip(course.lessons, declarations) {
            guard let declaration else {
                let summary = lesson.prose.headings.first { $0.text.sameBytes("Özet") }?.line ?? 1
                findings.append(.error(
                    id, at: SourceLocation(path: lesson.path, line: summary),
                    "lesson has no 'Bu dersin tetiği: **…**' bullet, which the other lessons have"))
                continue
            }
            let at = declaration.location
            if let printed = declaration.printed {
                let causes = lesson.outputs.compactMap { $0 }.reduce(into: Set<String>()) { $0.formUnion(Triggers.causes(inOutput: $1)) }
                guard lesson.outputs.contains(where: { $0 != nil }) else { continue }
                if !causes.contains(printed) && !lesson.hasUnknownTrees {
                    findings.append(.error(
                        id, at: at,
                        "declares the trigger '\(declaration.value)', but no tree of this lesson recomputes a view with "
                            + "cause '\(printed)' (its trees show: \(causes.isEmpty ? "none" : causes.sorted().joined(separator: ", ")))"))
                }
            } else if let distribution = declaration.distribution {
                // The first tree block must be the first tree that ran, or its counts are unknown.
                guard lesson.treeBlocks.first == lesson.lesson.trees.first?.block, let output = lesson.outputs.first ?? nil
                else { continue }
                guard let counts = Triggers.counts(inOutput: output) else {
                    findings.append(.error(id, at: at, "declares a distribution, but the first tree prints no countCauses lines"))
                    continue
                }
                if counts != distribution {
                    findings.append(.error(
                        id, at: at,
                        "declares the distribution \(distribution.map(String.init).joined(separator: "/")), but the first "
                            + "tree counts \(counts.map(String.init).joined(separator: "/"))"))
                }
            } else {
                findings.append(.error(
                    id, at: at,
                    "unknown trigger '\(declaration.value)'; expected yerel, ebeveyn, gözlem or ortam, or a distribution (a/b/c/d)"))
            }
        }
        return .checked(findings)
    }
}
