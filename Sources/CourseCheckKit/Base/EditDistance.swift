/// How far apart two words are: the characters (or bytes) inserted, deleted, replaced, or swapped
/// with their neighbour that turn one into the other (optimal string alignment). One rule for every
/// "did you mean": a mistyped option, label, lesson link, trigger or cell, and a tree title's typo.
enum EditDistance {
    /// The distance of `a` and `b`, or nil when it is more than `limit` (then found without filling
    /// the whole table: once two rows in a row exceed it, no later row can come back under it).
    static func between<Word: Collection>(_ a: Word, _ b: Word, atMost limit: Int = .max) -> Int?
    where Word.Element: Equatable {
        let a = Array(a)
        let b = Array(b)
        guard abs(a.count - b.count) <= limit else { return nil }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousSmallest = 0
        for i in stride(from: 1, through: a.count, by: 1) {
            current[0] = i
            var smallest = i
            for j in stride(from: 1, through: b.count, by: 1) {
                var cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cost = min(cost, beforePrevious[j - 2] + 1)
                }
                current[j] = cost
                smallest = min(smallest, cost)
            }
            if smallest > limit && previousSmallest > limit { return nil }
            previousSmallest = smallest
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The distance of `a` and `b`, however far.
    static func distance<Word: Collection>(_ a: Word, _ b: Word) -> Int where Word.Element: Equatable {
        between(a, b) ?? .max
    }
}
