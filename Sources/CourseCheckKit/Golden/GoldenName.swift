/// Names a tree's golden file from its header, so the name survives prose edits and tree moves.
///
/// `// main.swift — gorunumun kendi durumu yalniz kendini yeniden hesaplatir` becomes
/// `gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out`; a second tree with the same
/// header in the lesson gets `-2`, and a tree without a description `tree-<ordinal>`.
public enum GoldenName {
    /// The longest slug kept, in characters.
    static let maximumLength = 80

    /// File names for a lesson's trees, in order.
    public static func names(for trees: [Tree]) -> [String] {
        names(forTitles: trees.map(\.title))
    }

    /// The names of every tree block of a lesson, in order, whether or not its expected block was
    /// recognised, so a tree that lost its expected block neither frees its name nor renumbers the others.
    public static func names(for lesson: Lesson) -> (all: [String], trees: [String]) {
        let blocks = lesson.blocks.filter { $0.role == .tree }
        let all = names(forTitles: blocks.map { Tree.title(ofHeader: $0.fenced.body.first?.text ?? "") })
        let byLine = Dictionary(
            zip(blocks.map(\.fenced.opening.number), all), uniquingKeysWith: { first, _ in first })
        return (all, lesson.trees.map { byLine[$0.block.opening.number] ?? "" })
    }

    static func names(forTitles titles: [String]) -> [String] {
        var used: [String: Int] = [:]
        return titles.enumerated().map { ordinal, title in
            let base = slug(title).isEmpty ? "tree-\(ordinal + 1)" : slug(title)
            used[base, default: 0] += 1
            let count = used[base]!
            return (count == 1 ? base : "\(base)-\(count)") + ".out"
        }
    }

    /// Lowercase ASCII letters and digits joined by single dashes; Turkish letters transliterated.
    static let transliteration: [Unicode.Scalar: Unicode.Scalar] = [
        "ç": "c", "Ç": "c", "ğ": "g", "Ğ": "g", "ı": "i", "İ": "i", "ö": "o", "Ö": "o",
        "ş": "s", "Ş": "s", "ü": "u", "Ü": "u", "â": "a", "î": "i", "û": "u",
    ]

    /// Whole words only: a slug longer than `maximumLength` ends at the last word that fits.
    public static func slug(_ text: String) -> String {
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        for original in text.unicodeScalars {
            var value = original.value
            if value >= 0x80, let mapped = transliteration[original] { value = mapped.value }
            if value >= 65 && value <= 90 { value += 32 }
            if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                word.append(UInt8(value))
            } else if !(0x300...0x36F).contains(value) {
                // Combining marks (a decomposed "ç") vanish with their letter; anything else separates words.
                if !word.isEmpty { words.append(word) }
                word = []
            }
        }
        if !word.isEmpty { words.append(word) }
        var result: [UInt8] = []
        for word in words {
            let added = (result.isEmpty ? 0 : 1) + word.count
            if result.count + added > maximumLength { break }
            if !result.isEmpty { result.append(UInt8(ascii: "-")) }
            result += word
        }
        if result.isEmpty, let first = words.first { result = Array(first.prefix(maximumLength)) }
        return String(decoding: result, as: UTF8.self)
    }
}
