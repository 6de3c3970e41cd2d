/// English number agreement for every message and summary, so that "1 tree" and "2 trees" are
/// spelled by one rule.
enum Plural {
    /// `count(1, "tree")` is "1 tree", `count(2, "tree")` "2 trees"; `plural` for irregular nouns.
    static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(form(value, noun, plural ?? noun + "s"))"
    }

    /// The word that agrees with `value`: `form(1, "agrees", "agree")` is "agrees".
    static func form(_ value: Int, _ one: String, _ many: String) -> String {
        value == 1 ? one : many
    }
}
