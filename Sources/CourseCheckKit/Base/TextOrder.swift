extension Sequence<String> {
    /// Sorted as text, and two strings that are one text in two Unicode forms (which `<` holds
    /// equal: `ç` and `c` with U+0327) by their bytes. Sorted as text alone, such a pair kept the
    /// order it came in, and from a `Set` or a `Dictionary` that order is the per-process hash
    /// seed's, different from run to run (a helper's adversarial round: two goldens `ç.out`).
    package func sortedDeterministically() -> [String] {
        sorted { left, right in
            left != right ? left < right : Array(left.utf8).lexicographicallyPrecedes(right.utf8)
        }
    }
}
