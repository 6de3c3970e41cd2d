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

    /// The inputs of a property test over many small random inputs (documents, inline texts):
    /// `defaultCount` of them from `defaultSeed` in `make test`; under `make soak`,
    /// `COURSECHECK_PROPERTY_CASES` × 100 from a random seed; `COURSECHECK_PROPERTY_SEED` replays
    /// a seed. The test names the seed in its failures.
    static func stream(defaultCount: Int, defaultSeed: UInt64) -> (count: Int, seed: UInt64) {
        let environment = ProcessInfo.processInfo.environment
        let cases = Int(environment["COURSECHECK_PROPERTY_CASES"] ?? "")
        let seed =
            environment["COURSECHECK_PROPERTY_SEED"].flatMap(UInt64.init)
            ?? (cases == nil ? defaultSeed : UInt64.random(in: 1...UInt64(UInt32.max)))
        return (cases.map { $0 * 100 } ?? defaultCount, seed)
    }
}
