import Foundation

/// The seeds of a property test: `COURSECHECK_PROPERTY_SEED` alone (a failure names its seed, so
/// this replays it), else `COURSECHECK_PROPERTY_CASES` random ones (`make soak` asks for many),
/// else `defaultCases`.
enum PropertySeeds {
    static func seeds(defaultCases: Int) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["COURSECHECK_PROPERTY_SEED"].flatMap(UInt64.init) { return [seed] }
        let cases = Int(environment["COURSECHECK_PROPERTY_CASES"] ?? "") ?? defaultCases
        return (0..<cases).map { _ in UInt64.random(in: 1...UInt64(UInt32.max)) }
    }
}
