/// Every backticked kebab-case word in prose (`filtre-secildi`) is a label some tree of the course
/// passes to `change`, or a word of the core's own vocabulary (`kural-disi`).
public struct LabelReferenceClaim: ClaimCheck {
    public let id = DiagnosticID.labelReference
    public let spansCourse = true

    public init() {}

    /// The string literals passed as the first argument of `change(…)` in a tree.
    static func labels(in tree: Tree) -> [String] {
        guard let tokens = try? TreeLexer.tokens(tree.block.body) else { return [] }
        var labels: [String] = []
        for index in tokens.indices.dropLast(2) {
            guard tokens[index].kind == .identifier("change"), tokens[index + 1].kind == .punctuation("("),
                case .string(let segments) = tokens[index + 2].kind, segments.count == 1,
                case .text(let label) = segments[0]
            else { continue }
            labels.append(label)
        }
        return labels
    }

    /// The string literals of the embedded core: the causes and words it prints.
    static let coreVocabulary: Set<String> = {
        guard let tokens = try? TreeLexer.tokens(LineScanner.lines(of: EmbeddedCore.text)) else { return [] }
        var words = Set<String>()
        for token in tokens {
            guard case .string(let segments) = token.kind else { continue }
            for case .text(let text) in segments { words.insert(text) }
        }
        return words
    }()

    static func isKebab(_ word: Substring) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
        }
    }

    public func check(_ course: CourseFacts) -> ClaimOutcome {
        let labels = Set(course.lessons.flatMap { $0.lesson.trees.flatMap(Self.labels) })
        guard !labels.isEmpty else { return .notApplicable("no tree passes a label to change") }
        let known = labels.union(Self.coreVocabulary)
        var findings: [Diagnostic] = []
        for lesson in course.lessons {
            for line in lesson.prose.lines {
                let pieces = line.text.split(separator: "`", omittingEmptySubsequences: false)
                // Odd pieces are inside backticks.
                var offset = 0
                for (index, piece) in pieces.enumerated() {
                    defer { offset += piece.utf8.count + 1 }
                    guard index % 2 == 1, index < pieces.count - 1, Self.isKebab(piece), !known.contains(String(piece)) else {
                        continue
                    }
                    let suggestion = Self.closest(String(piece), in: labels).map { " (did you mean `\($0)`?)" } ?? ""
                    findings.append(.error(
                        id, at: SourceLocation(path: lesson.path, line: line.number, column: offset + 1),
                        "`\(piece)` is not a label any tree passes to change\(suggestion)"))
                }
            }
        }
        return .checked(findings)
    }

    /// The label within two edits of `word`, if exactly one is closest.
    static func closest(_ word: String, in labels: Set<String>) -> String? {
        let ranked = labels.map { ($0, distance(Array(word.utf8), Array($0.utf8))) }.filter { $0.1 <= 2 }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        return ranked.first?.0
    }

    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
