/// "Did you mean …?" for a mistyped option or subcommand: the closest known word within a small
/// edit distance, so a suggestion is offered only when it is likely the intended word.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, min(2, word.count / 3))
        let scored = candidates.map { ($0, EditDistance.distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }
}
