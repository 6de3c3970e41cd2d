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

    /// Which of `count` recorded oracle cases a test judges in full: every one under `make soak`
    /// (`COURSECHECK_PROPERTY_CASES`), else a random `share` of them from a seed the test names in
    /// its failures (`COURSECHECK_PROPERTY_SEED` replays it), as `make test` checks a sample of
    /// the differential corpus. Cheap checks of every case stay whole; this picks the dear ones.
    static func sample(of count: Int, share: Double) -> (indices: Set<Int>, seed: UInt64) {
        let environment = ProcessInfo.processInfo.environment
        let replay = environment["COURSECHECK_PROPERTY_SEED"].flatMap(UInt64.init)
        if replay == nil, environment["COURSECHECK_PROPERTY_CASES"] != nil { return (Set(0..<count), 0) }
        let seed = replay ?? UInt64.random(in: 1...UInt64(UInt32.max))
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        let wanted = min(count, max(1, Int((Double(count) * share).rounded(.up))))
        var chosen = Set<Int>()
        while chosen.count < wanted { chosen.insert(Int(generator.next() % UInt64(count))) }
        return (chosen, seed)
    }

    /// A random third (at least `minimum`) of a test's written forms, in their order, for a test
    /// that runs the whole course once per form: `make test` checks a sample each run, `make soak`
    /// (`COURSECHECK_PROPERTY_CASES`) every form, and `COURSECHECK_PROPERTY_SEED` replays the
    /// sample a failure's log names. Each form's expectation is made from the form, so a sample
    /// asserts exactly what the whole list would for those forms.
    static func sampled<Form>(
        _ forms: [Form], minimum: Int = 4, function: String = #function, line: Int = #line
    ) -> [Form] {
        guard forms.count > minimum else { return forms }
        let (chosen, seed) = sample(of: forms.count, share: max(1.0 / 3, Double(minimum) / Double(forms.count)))
        if chosen.count >= forms.count { return forms }
        print("\(function) line \(line): \(chosen.count) of \(forms.count) forms, COURSECHECK_PROPERTY_SEED=\(seed)")
        return forms.indices.filter { chosen.contains($0) }.map { forms[$0] }
    }
}
