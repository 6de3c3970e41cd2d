/// How a lesson file is named: the rule the loader, the goldens and the live loops share.
package enum LessonName {
    /// True for a lesson file name such as `09-yerel-durum.md`.
    package static func isLessonFile(_ name: String) -> Bool {
        guard name.hasSuffix(".md") else { return false }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 2 else { return false }
        let rest = name.dropFirst(digits.count)
        return rest.hasPrefix("-") && rest.count > "-.md".count
    }
}
