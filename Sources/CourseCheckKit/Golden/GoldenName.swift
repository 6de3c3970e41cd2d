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
    public static func slug(_ text: String) -> String {
        let transliteration: [Character: String] = [
            "ç": "c", "Ç": "c", "ğ": "g", "Ğ": "g", "ı": "i", "İ": "i", "ö": "o", "Ö": "o",
            "ş": "s", "Ş": "s", "ü": "u", "Ü": "u", "â": "a", "î": "i", "û": "u",
        ]
        var result = ""
        var pendingDash = false
        for character in text {
            let mapped = transliteration[character] ?? String(character).lowercased()
            for scalar in mapped.unicodeScalars {
                if scalar.isASCII && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)) {
                    if pendingDash && !result.isEmpty { result += "-" }
                    pendingDash = false
                    result.unicodeScalars.append(scalar)
                } else {
                    pendingDash = true
                }
            }
            if result.count >= maximumLength { break }
        }
        return String(result.prefix(maximumLength))
    }
}
