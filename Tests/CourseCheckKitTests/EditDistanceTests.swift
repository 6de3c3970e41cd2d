import XCTest

@testable import CourseCheckKit

/// The one edit distance every "did you mean" asks, against the textbook table it replaces.
final class EditDistanceTests: XCTestCase {
    /// Optimal string alignment over the whole table, the reference.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// Random words over three letters (so they share a lot), and random bounds: the bounded
    /// answer is the reference's when within the bound, nil past it, and the same either way round.
    func testTheBoundedDistanceIsTheTables() {
        for seed in PropertySeeds.seeds(defaultCases: 200) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let a = random.text(["a", "b", "c"], count: Int(random.next() % 9))
            let b = random.text(["a", "b", "c"], count: Int(random.next() % 9))
            let limit = Int(random.next() % 5)
            let expected = Self.reference(Array(a), Array(b))
            XCTAssertEqual(EditDistance.distance(a, b), expected, "seed \(seed): '\(a)' '\(b)'")
            XCTAssertEqual(
                EditDistance.between(a, b, atMost: limit), expected <= limit ? expected : nil,
                "seed \(seed): '\(a)' '\(b)' within \(limit)")
            XCTAssertEqual(EditDistance.between(b.utf8, a.utf8, atMost: limit), expected <= limit ? expected : nil)
        }
    }

    func testASwapIsOneEditAndATitlesTypoIsFound() {
        XCTAssertEqual(EditDistance.distance("gorunumun", "gorunmun"), 1)
        XCTAssertEqual(EditDistance.distance("satir-acildi", "satir-aclidi"), 1)
        XCTAssertNil(EditDistance.between("yerel", "ortam", atMost: 3))
        XCTAssertEqual(EditDistance.distance("", "abc"), 3)
    }
}
