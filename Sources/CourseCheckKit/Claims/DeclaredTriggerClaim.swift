import Foundation

/// Each lesson's `Bu dersin tetiği: **X**` names one of the four triggers, and a tree of the lesson
/// prints a recomputation with that cause; a distribution `(a/b/c/d)` equals the `countCauses`
/// lines of the lesson's first tree.
package struct DeclaredTriggerClaim: ClaimCheck {
    package let id = DiagnosticID.declaredTrigger
    package let spansCourse = false

    package init() {}

    /// Whether a lesson's declaration holds against its trees (or cannot be judged): the other
    /// claims read only sound declarations, so a wrong one is one finding, here, and not again in
    /// the closing table and the distribution sentence.
    /// A bullet the closing table and the distribution sentence both outvote is unsound too.
    static func isSound(_ index: Int, in course: CourseFacts) -> Bool {
        let lesson = course.lessons[index]
        guard course.outvoted[index] == nil, let declaration = lesson.declaration, declaration.second == nil else {
            return false
        }
        return problem(at: index, in: course, declaration) == nil
    }

    /// `problem` of the lesson at `index` and its `declaration`, decided once for the course's facts.
    static func problem(at index: Int, in course: CourseFacts, _ declaration: Triggers.Declaration)
        -> Diagnostic.DeclaredTrigger?
    {
        if let known = course.declarationProblems.update({ $0[index] }) { return known }
        let found = DeclaredTriggerClaim().problem(course.lessons[index], declaration)
        course.declarationProblems.update { $0[index] = .some(found) }
        return found
    }

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        let declarations = course.lessons.map(\.declaration)
        guard declarations.contains(where: { $0 != nil }) else { return .notApplicable("no lesson declares a trigger") }
        var findings: [Diagnostic] = []
        for (index, (lesson, declaration)) in zip(course.lessons, declarations).enumerated() {
            for block in lesson.prose.bullets where Triggers.leads(block) {
                // A value struck through whole is the bullet's one finding (`Triggers.wrappedValue`), no reading.
                let wrapped = declaration == nil ? Triggers.wrappedValue(in: block)?.range : nil
                findings += GitHubOnlyText.warnings(
                    in: block, path: lesson.path, claim: "trigger bullet", except: wrapped)
            }
            guard let declaration else {
                // The bullet is there but slipped (no bold value, no bullet of its own, a misspelt
                // lead): the finding is at it, not "no bullet".
                if let slipped = Triggers.slippedBullet(in: lesson.prose, file: lesson.lesson.file) {
                    findings.append(.declaredTrigger(at: slipped.location, slipped.problem))
                    continue
                }
                // The bullet inside an HTML comment: readers do not see it, and the finding is at it.
                if let hidden = Self.bulletInComment(lesson) {
                    findings.append(.declaredTrigger(at: hidden, .inComment))
                    continue
                }
                // The bullet may be in a block that pairs wrongly after a fence slip: the slip is the finding.
                if lesson.lesson.fencesAreUncertain { continue }
                let summary = lesson.prose.headings.first { $0.text.sameBytes("Özet") }?.line ?? 1
                findings.append(.declaredTrigger(at: SourceLocation(path: lesson.path, line: summary), .none))
                continue
            }
            // A `===` under the bullet shows as text at its end (`Triggers.underlinedBullet`): one
            // finding there; the trigger still reads, and is judged.
            if let underline = Triggers.underlinedBullet(in: lesson.prose, file: lesson.lesson.file), !underline.heading
            {
                findings.append(
                    .declaredTrigger(
                        at: underline.location, .underline(underline.written, bullet: underline.bullet, heading: false))
                )
            }
            // A container's marker before the bullet's own (`> - Bu`): quoted or nested, apart from its
            // list. The declaration is read as meant, so nothing else is said of it.
            if let bullet = lesson.prose.bullets.first(where: Triggers.leads), let marker = bullet.itemMarker,
                let container = Leftover.container(bullet.firstLine.text, before: String(marker))
            {
                findings.append(
                    .declaredTrigger(
                        at: SourceLocation(
                            path: lesson.path, line: bullet.firstLine.number, column: container.indent + 1),
                        .containerBeforeMarker(container, marker: marker)))
                continue
            }
            // So is one before the heading of the bullet's section (`> ## Özet`): it shows quoted, apart
            // from the section it heads. A byte read for most headings.
            // The heading as written after the marker (`# ## Özet` is a heading whose text is `## Özet`).
            func section(_ text: String) -> Leftover.Container? {
                guard let container = Leftover.container(text, before: "#") else { return nil }
                let rest = text.utf8.dropFirst(container.indent + container.length).drop { $0 == UInt8(ascii: "#") }
                return String(decoding: rest, as: UTF8.self).trimmingWhitespaces == "Özet" ? container : nil
            }
            if let heading = lesson.prose.blocks.first(where: { block in
                guard case .heading = block.kind else { return false }
                return section(block.firstLine.text) != nil
            }), let container = section(heading.firstLine.text) {
                findings.append(
                    .declaredTrigger(
                        at: SourceLocation(
                            path: lesson.path, line: heading.firstLine.number, column: container.indent + 1),
                        .containerBeforeSection(container, heading: "Özet")))
                continue
            }
            // A bullet that states a second trigger is the slip, whichever of the two its trees show.
            if let second = declaration.second {
                findings.append(
                    .declaredTrigger(
                        at: second.location,
                        .twoTriggers(first: declaration.firstNamed ?? declaration.value, second: second.value)))
                continue
            }
            if let outvoted = course.outvoted[index] {
                findings.append(
                    .declaredTrigger(
                        at: declaration.location,
                        .outvoted(declared: declaration.value, table: outvoted.tableSays, row: outvoted.row)))
                // The table's trigger is the lesson's: an intro that names another (the bullet's, as
                // often as not) is a second line to fix. One naming it is the truth, and says nothing.
                if let intro = lesson.intro,
                    let truth = Triggers.names.first(where: { $0.declared.sameBytes(outvoted.tableSays) }),
                    !Triggers.introAgrees(
                        intro, with: Triggers.Declaration(value: truth.declared, location: outvoted.row))
                {
                    findings.append(
                        .declaredTrigger(
                            at: intro.location,
                            .introOutvoted(written: intro.value, table: truth.declared, row: outvoted.row)))
                }
                continue
            }
            if let problem = Self.problem(at: index, in: course, declaration) {
                var location = declaration.location
                if case .lookAlike(_, _, _, _, let offset) = problem { location.column += offset }
                findings.append(.declaredTrigger(at: location, problem))
                continue
            }
            // The bullet holds, so an intro naming another trigger is the slip: one finding, at its bold.
            if let intro = lesson.intro, !Triggers.introAgrees(intro, with: declaration) {
                findings.append(Self.introFinding(intro, declaration, lesson))
            }
            // The first declaration holds, so a later one that disagrees is the slip: one finding, there.
            // One that agrees is a bullet readers see twice (a line copied): one finding too.
            for later in lesson.declarations.dropFirst() {
                findings.append(
                    .declaredTrigger(
                        at: later.location,
                        later.value.sameBytes(declaration.value)
                            ? .repeated(later.value, firstLine: declaration.location.line)
                            : .contradicts(later.value, first: declaration.value, firstLine: declaration.location.line)
                    ))
            }
        }
        return .checked(findings)
    }

    /// The finding at an intro that names another trigger than the sound bullet `declaration`: at
    /// the character a reader cannot tell apart, when that is the difference.
    static func introFinding(
        _ intro: Triggers.Declaration, _ declaration: Triggers.Declaration, _ lesson: CourseFacts.LessonFacts
    ) -> Diagnostic {
        let naming = Triggers.introNaming(declaration)
        let distribution = declaration.distribution != nil
        let trees =
            distribution
            ? (lesson.outputs.first ?? nil).flatMap(Triggers.counts(inOutput:)) == declaration.distribution
            : declaration.printed.map(lesson.causes.contains) ?? false
        var location = intro.location
        if let (_, _, offset) = Invisible.firstIndistinct(intro.value, naming) { location.column += offset }
        return .declaredTrigger(
            at: location,
            .intro(
                written: intro.value, naming: naming, bulletLine: declaration.location.line,
                distribution: distribution, trees: trees))
    }

    /// What is wrong with a lesson's declaration, or nil when it holds or cannot be judged.
    func problem(_ lesson: CourseFacts.LessonFacts, _ declaration: Triggers.Declaration) -> Diagnostic.DeclaredTrigger?
    {
        if let printed = declaration.printed {
            let causes = lesson.causes
            guard lesson.outputs.contains(where: { $0 != nil }), !causes.contains(printed), !lesson.hasUnknownTrees
            else {
                return nil
            }
            return .notShown(declared: declaration.value, printed: printed, shown: causes.sortedDeterministically())
        }
        // The distribution read once: this runs for every lesson, and for the sentence's claim again.
        let distribution = declaration.distribution
        if distribution == nil, let (other, fixed) = Triggers.otherDigitsDistribution(in: declaration.value) {
            return .distributionDigits(declaration.value, why: other.why, fixed: fixed)
        }
        let slip = distribution == nil ? Triggers.distributionSlip(in: declaration.value) : nil
        // `**yerel (1/0/0/0)**`: a trigger and a distribution in one bold, which a reader reads as the trigger.
        if distribution != nil || slip != nil, let trigger = Triggers.triggerBeside(distribution: declaration.value) {
            return .triggerAndDistribution(declaration.value, trigger: trigger)
        }
        if let reason = slip {
            return .malformedDistribution(declaration.value, reason: reason)
        }
        if let distribution {
            // The first tree block must be the first tree that ran, or its counts are unknown.
            guard lesson.treeBlocks.first == lesson.lesson.trees.first?.block, !lesson.lesson.fencesAreUncertain,
                let output = lesson.outputs.first ?? nil
            else { return nil }
            guard let counts = Triggers.counts(inOutput: output) else {
                return .noCounts
            }
            guard counts != distribution else { return nil }
            // A tree put before the lesson's main one (a warm-up) moves "the first tree": when a
            // later tree counts the declared distribution, the declaration is true of it, and the
            // fix is the order, not the numbers.
            let trees = lesson.lesson.trees
            let later = zip(trees, lesson.outputs).dropFirst().first {
                $0.1.flatMap(Triggers.counts(inOutput:)) == distribution
            }
            return .distribution(
                declared: distribution, counted: counts, later: later?.0.block.opening.number,
                first: trees[0].block.opening.number)
        }
        // `ortam.`: the trigger with punctuation or a space inside the bold.
        let core = declaration.value.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        if core != declaration.value, let trigger = Triggers.names.first(where: { core.sameBytes($0.declared) }) {
            return .punctuated(declaration.value, trigger: trigger.declared)
        }
        // `yеrel` with a Cyrillic е reads as `yerel`, `gözlem` with a decomposed `ö` as `gözlem`, and
        // `or&shy;tam` as `ortam`: name the character, where it is.
        let value = Invisible.reading(declaration.value)
        if let trigger = Triggers.names.first(where: { value.sameBytes($0.declared) })?.declared,
            let (has, wanted, offset) = Invisible.firstIndistinct(declaration.value, trigger)
        {
            return .lookAlike(declaration.value, trigger: trigger, has: has, wanted: wanted, offset: offset)
        }
        // `**dördünün de dağılımı** (2/2/2/2)`: the counts moved out of the bold; the fix moves them back.
        if let counts = declaration.distributionAfter {
            return .distributionAfterBold(declaration.value, counts: counts)
        }
        return .unknown(declaration.value)
    }

    /// The line of a comment block (the first after its `<!--`) that opens with the trigger
    /// bullet's lead, bulleted or not: a bullet commented out, which readers do not see.
    static func bulletInComment(_ lesson: CourseFacts.LessonFacts) -> SourceLocation? {
        var found: SourceLocation?
        lesson.lesson.document?.walk { node, _ in
            guard found == nil, case .htmlBlock(2) = node.kind else { return }
            for (offset, content) in node.content.enumerated() {
                var text = content.text.drop { $0 == " " || $0 == "\t" }
                if offset == 0 {
                    guard text.hasPrefix("<!--") else { return }
                    text = text.dropFirst(4).drop { $0 == " " || $0 == "\t" }
                }
                if let marker = text.first, "-*+".contains(marker), text.dropFirst().first == " " {
                    text = text.dropFirst().drop { $0 == " " }
                }
                if text.hasPrefix(Triggers.bulletLead) {
                    found = SourceLocation(path: lesson.path, line: content.index + 1)
                    return
                }
            }
        }
        return found
    }
}
