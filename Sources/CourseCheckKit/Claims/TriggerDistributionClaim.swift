/// The sentence `yerel N, ebeveyn N, gözlem N, ortam N` in the closing (last) lesson counts the
/// single triggers the lessons declare (a lesson declaring a distribution is not counted). Earlier
/// lessons use the same words for recomputation counts, so only the last lesson is read.
public struct TriggerDistributionClaim: ClaimCheck {
    public let id = DiagnosticID.triggerDistribution
    public let spansCourse = true

    public init() {}

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        for lesson in course.lessons.suffix(1) {
            for line in lesson.prose.lines {
                guard let claimed = Self.numbers(in: line.text) else { continue }
                var actual = Triggers.names.map { _ in 0 }
                for other in course.lessons {
                    guard let printed = Triggers.declaration(in: other.prose)?.printed,
                        let index = Triggers.names.firstIndex(where: { $0.printed == printed })
                    else { continue }
                    actual[index] += 1
                }
                var findings: [Diagnostic] = []
                for (index, name) in Triggers.names.enumerated() where claimed[index].value != actual[index] {
                    findings.append(.error(
                        id, at: SourceLocation(path: lesson.path, line: line.number, column: claimed[index].column),
                        "says \(name.declared) \(claimed[index].value), but \(SummaryLine.count(actual[index], "lesson")) "
                            + "\(actual[index] == 1 ? "declares" : "declare") \(name.declared)"))
                }
                return .checked(findings)
            }
        }
        return .notApplicable("no 'yerel N, ebeveyn N, gözlem N, ortam N' sentence in the last lesson")
    }

    /// The four numbers of the sentence, each with its UTF-8 column.
    static func numbers(in text: String) -> [(value: Int, column: Int)]? {
        var result: [(Int, Int)] = []
        var searchFrom = text.startIndex
        for (position, name) in Triggers.names.enumerated() {
            let label = name.declared + " "
            guard let range = text.range(of: label, range: searchFrom..<text.endIndex) else { return nil }
            let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let value = Int(digits) else { return nil }
            let after = text.index(range.upperBound, offsetBy: digits.count)
            if position < 3 && !text[after...].hasPrefix(", ") { return nil }
            result.append((value, text.utf8.distance(from: text.startIndex, to: range.upperBound) + 1))
            searchFrom = after
        }
        return result
    }
}
