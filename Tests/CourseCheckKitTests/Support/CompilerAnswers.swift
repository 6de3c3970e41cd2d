import CourseCheckKit
import Foundation

/// The compiler's answers the tests ask for again and again (its verdicts on trees, its parses of
/// fragments), as the real compiler gave them: `Fixtures/compiler-answers.json`, each under its
/// cache key, which names the compiler, the driver's words for the program, the core and the text.
/// An answer is a pure function of its key, so a key this compiler does not make is never looked
/// up, and a tree the record lacks (a new test's, a random one, every tree under another compiler)
/// is asked of the compiler. Planted in the tests' caches once a process, they spare `make test` a
/// front end a tree. `make soak` runs the tests with `COURSECHECK_COMPILER_ANSWERS=live`, planting
/// none, so every expectation is also met by answers asked afresh; `COURSECHECK_COMPILER_ANSWERS=record`
/// adds every answer a run's caches hold to the record when each test process ends.
enum CompilerAnswers {
    static let file = Fixture.root.appendingPathComponent("compiler-answers.json")
    static let mode = ProcessInfo.processInfo.environment["COURSECHECK_COMPILER_ANSWERS"] ?? ""

    static func isAnswer(_ key: String) -> Bool { key.hasPrefix("valid-") || key.hasPrefix("parse-") }

    /// Stores the record's answers in `cache` (made if missing), unless the run asks afresh or records.
    static func plant(into cache: URL) {
        guard mode.isEmpty || mode == "record", let answers = read() else { return }
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let store = Cache(directory: cache)
        for (key, text) in answers where isAnswer(key) && store.text(key) == nil {
            _ = store.store(text: text, as: key)
        }
    }

    /// Adds the answers `cache` holds to the record, under a lock (the shards end at once): in a
    /// recording run, or `always` (a blessed fixture run).
    static func record(from cache: URL, always: Bool = false) {
        guard always || mode == "record" else { return }
        let lock = open(file.path + ".lock", O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else { return }
        defer {
            close(lock)
            unlink(file.path + ".lock")
        }
        guard lockf(lock, F_LOCK, 0) == 0 else { return }
        var answers = read() ?? [:]
        let store = Cache(directory: cache)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where name.hasSuffix(".v3")
        {
            let key = String(name.dropLast(3))
            if isAnswer(key), let text = store.text(key) { answers[key] = text }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try? (encoder.encode(answers) + Data("\n".utf8)).write(to: file, options: .atomic)
    }

    private static func read() -> [String: String]? {
        (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }
    }
}
