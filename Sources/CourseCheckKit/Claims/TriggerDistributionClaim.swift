/// The sentence `yerel N, ebeveyn N, gözlem N, ortam N` in the closing (last) lesson counts the
/// single triggers the lessons declare (a lesson declaring a distribution is not counted). Earlier
/// lessons use the same words for recomputation counts, so only the last lesson is read.
package struct TriggerDistributionClaim: ClaimCheck {
    package let id = DiagnosticID.triggerDistribution
    package let spansCourse = true

    package init() {}

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        for lesson in course.lessons.suffix(1) {
            // Read per paragraph with soft line breaks joined, so a wrapped sentence is still seen.
            for block in lesson.prose.blocks {
                // Line breaks read as the spaces a reader sees (one byte each, so offsets hold).
                guard let claimed = Self.numbers(in: String(block.source.map { $0 == "\n" ? " " : $0 })) else {
                    continue
                }
                // A declaration its own lesson contradicts is reported once, by declared-trigger; the
                // counts are then not known, so the sentence is not judged.
                guard
                    course.lessons.allSatisfy({
                        Triggers.declaration(in: $0.prose) == nil || DeclaredTriggerClaim.isSound($0)
                    })
                else { return .checked([]) }
                var actual = Triggers.names.map { _ in 0 }
                for other in course.lessons {
                    guard let printed = Triggers.declaration(in: other.prose)?.printed,
                        let index = Triggers.names.firstIndex(where: { $0.printed == printed })
                    else { continue }
                    actual[index] += 1
                }
                var findings: [Diagnostic] = []
                for (index, name) in Triggers.names.enumerated() where claimed[index].value != actual[index] {
                    findings.append(
                        .triggerDistribution(
                            at: block.location(of: claimed[index].offset, in: lesson.path), trigger: name.declared,
                            claimed: claimed[index].value, actual: actual[index]))
                }
                return .checked(findings)
            }
        }
        return .notApplicable("no 'yerel N, ebeveyn N, gözlem N, ortam N' sentence in the last lesson")
    }

    /// The four numbers of the sentence, each with its UTF-8 offset in `text` (byte search: no
    /// Unicode equivalence).
    static func numbers(in text: String) -> [(value: Int, offset: Int)]? {
        var result: [(Int, Int)] = []
        let bytes = Array(text.utf8)
        var searchFrom = 0
        for (position, name) in Triggers.names.enumerated() {
            guard let found = text.utf8Offset(of: name.declared + " ", from: searchFrom) else { return nil }
            let start = found + name.declared.utf8.count + 1
            var end = start
            while end < bytes.count && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
            guard end > start, end - start < 10, let value = Int(String(decoding: bytes[start..<end], as: UTF8.self))
            else { return nil }
            if position < 3 && !(end + 1 < bytes.count && bytes[end] == UInt8(ascii: ",") && bytes[end + 1] == 0x20) {
                return nil
            }
            result.append((value, start))
            searchFrom = end
        }
        return result
    }
}
