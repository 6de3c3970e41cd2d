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
        var used: [String: Int] = [:]
        return trees.enumerated().map { ordinal, tree in
            let base = slug(tree.title).isEmpty ? "tree-\(ordinal + 1)" : slug(tree.title)
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
