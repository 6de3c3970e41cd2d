/// What is shown under a drift finding: a unified diff of a lesson block against the lines it must
/// equal, or one sentence when only the line endings differ (a full diff would mark every line).
package enum BlockDiff {
    package static func attachment(
        lesson: [Line], lessonLabel: String, reference: [Line], referenceLabel: String, firstLine: Int,
        referenceFirstLine: Int? = nil
    ) -> Attachment {
        if lesson.elementsEqual(reference, by: { $0.text.sameBytes($1.text) }) && !lesson.isEmpty {
            let endings = Set(lesson.map(\.ending.name)).sorted().joined(separator: " and ")
            let wanted = Set(reference.map(\.ending.name)).sorted().joined(separator: " and ")
            return .sentence(
                "the text is identical; only line endings differ (\(lessonLabel) uses \(endings), "
                    + "\(referenceLabel) uses \(wanted))")
        }
        return .diff(
            UnifiedDiff(
                old: .init(
                    label: referenceLabel, lines: reference.map(\.visible), firstLine: referenceFirstLine ?? firstLine),
                new: .init(label: lessonLabel, lines: lesson.map(\.visible), firstLine: firstLine)
            ).hunks())
    }
}
