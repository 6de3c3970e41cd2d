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
        var words: [String.UnicodeScalarView] = []
        var word = String.UnicodeScalarView()
        for original in text.unicodeScalars {
            var scalar = transliteration[original] ?? original
            if ("A"..."Z").contains(scalar) { scalar = Unicode.Scalar(scalar.value + 32)! }
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                word.append(scalar)
            } else if !(0x300...0x36F).contains(scalar.value) {
                // Combining marks (a decomposed "ç") vanish with their letter; anything else separates words.
                if !word.isEmpty { words.append(word) }
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(word) }
        var result = ""
        for word in words {
            let next = result.isEmpty ? String(word) : result + "-" + String(word)
            if next.unicodeScalars.count > maximumLength { break }
            result = next
        }
        if result.isEmpty, let first = words.first { result = String(String(first).prefix(maximumLength)) }
        return result
    }
}
