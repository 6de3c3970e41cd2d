/// Names a tree's golden file from its header, so the name survives prose edits and tree moves.
///
/// `// main.swift — gorunumun kendi durumu yalniz kendini yeniden hesaplatir` becomes
/// `gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out`. The name is the tree's identity
/// in its lesson, so it must be unique there: a tree without a description has no golden, and two
/// trees with one name both have none (one `tree-identity` error, at the second), so inserting,
/// moving or copying a tree can never hand one tree's approval to another.
package enum GoldenName {
    /// The longest slug kept, in characters.
    static let maximumLength = 80

    /// Every tree block of a lesson (whether or not its expected block was recognised, so a tree that
    /// lost its expected block keeps its name), with its golden name or nil when it has no identity.
    package struct Names: Sendable {
        /// The names of the lesson's tree blocks that have one: no orphan among them.
        package var all: [String]
        /// For each of `lesson.trees`, its name, or nil.
        package var trees: [String?]
        /// For each tree block of the lesson (expected block recognised or not), its name, or nil.
        package var blocks: [String?]
        /// Why some trees have no name, each with the index of its tree block; empty when every
        /// tree has its own.
        package var failures: [(block: Int, diagnostic: Diagnostic)]

        package var findings: [Diagnostic] { failures.map(\.diagnostic) }
    }

    package static func names(for lesson: Lesson) -> Names {
        var all: [String] = []
        var byLine: [Int: String] = [:]
        var firstLine: [String: Int] = [:]
        var failures: [(block: Int, diagnostic: Diagnostic)] = []
        var names: [String?] = []
        let blocks = lesson.blocks.filter { $0.role == .tree }
        // A name shared by two trees belongs to neither: whichever came first, giving it the approval
        // could hand an inserted tree the approval of the one it copies.
        // Each header slugged once (a slug walks every scalar of the header).
        let bases = blocks.map { slug(Tree.title(ofHeader: $0.fenced.body.first?.text ?? "")) }
        var counts: [String: Int] = [:]
        for base in bases { counts[base, default: 0] += 1 }
        for (index, block) in blocks.enumerated() {
            names.append(nil)
            let fenced = block.fenced
            let header = fenced.body.first
            let location = SourceLocation(
                path: lesson.path, line: header?.number ?? fenced.opening.number, column: fenced.fence.indent + 1)
            let base = bases[index]
            if base.isEmpty {
                failures.append((index, .treeIdentity(at: location, earlierLine: nil, name: base)))
                continue
            }
            if let earlier = firstLine[base] {
                failures.append((index, .treeIdentity(at: location, earlierLine: earlier, name: base)))
                continue
            }
            firstLine[base] = location.line
            guard counts[base] == 1 else { continue }
            let name = base + ".out"
            all.append(name)
            names[index] = name
            byLine[fenced.opening.number] = name
        }
        return Names(
            all: all, trees: lesson.trees.map { byLine[$0.block.opening.number] }, blocks: names, failures: failures)
    }

    /// Lowercase ASCII letters and digits joined by single dashes; Turkish letters transliterated;
    /// a text of symbols alone named by its code points.
    static let transliteration: [Unicode.Scalar: Unicode.Scalar] = [
        "ç": "c", "Ç": "c", "ğ": "g", "Ğ": "g", "ı": "i", "İ": "i", "ö": "o", "Ö": "o",
        "ş": "s", "Ş": "s", "ü": "u", "Ü": "u", "â": "a", "î": "i", "û": "u",
    ]

    /// Whole words only: a slug longer than `maximumLength` ends at the last word that fits.
    package static func slug(_ text: String) -> String {
        // Each word joins the slug as it ends, into one buffer: an array for each word and a list of
        // them cost ~0.3 M instructions a run (every block of every lesson is named).
        var result: [UInt8] = []
        var word: [UInt8] = []
        var full = false
        func wordEnds() {
            guard !word.isEmpty else { return }
            if !full {
                let added = (result.isEmpty ? 0 : 1) + word.count
                if result.count + added <= maximumLength {
                    if !result.isEmpty { result.append(UInt8(ascii: "-")) }
                    result += word
                } else {
                    // A first word longer than a slug is cut; after it the slug is whole.
                    if result.isEmpty { result = Array(word.prefix(maximumLength)) }
                    full = true
                }
            }
            word.removeAll(keepingCapacity: true)
        }
        for original in text.unicodeScalars {
            var value = original.value
            if value >= 0x80, let mapped = transliteration[original] { value = mapped.value }
            if value >= 65 && value <= 90 { value += 32 }
            if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                word.append(UInt8(value))
            } else if !(0x300...0x36F).contains(value) {
                // Combining marks (a decomposed "ç") vanish with their letter; anything else separates words.
                wordEnds()
            }
        }
        wordEnds()
        if result.isEmpty {
            // A description of emoji or symbols alone is still a description: it is named by its
            // code points (`🎉🚀` is `u1f389-u1f680`), so it stays an identity of its own.
            let points = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map {
                "u" + String($0.value, radix: 16)
            }
            var named = ""
            for point in points where named.utf8.count + point.utf8.count + 1 <= maximumLength {
                named += (named.isEmpty ? "" : "-") + point
            }
            return named
        }
        return String(decoding: result, as: UTF8.self)
    }
}
