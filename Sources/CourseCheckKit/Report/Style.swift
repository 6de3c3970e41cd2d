/// ANSI styling for terminal output, or none at all.
public struct Style: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Colour goes to a terminal only, and never when `NO_COLOR` is set to a non-empty value.
    public static func automatic(isTerminal: Bool, environment: [String: String]) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(enabled: isTerminal && !noColor)
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func severity(_ severity: Severity) -> String {
        let label = "\(severity.rawValue):"
        return switch severity {
        case .error: wrap(label, "1;31")
        case .warning: wrap(label, "1;35")
        case .note: wrap(label, "1;30")
        }
    }

    /// Colours one line of a unified diff by its first character.
    public func diffLine(_ line: Substring) -> String {
        if line.hasPrefix("+++") || line.hasPrefix("---") { return bold(String(line)) }
        if line.hasPrefix("@@") { return wrap(String(line), "36") }
        if line.hasPrefix("+") { return wrap(String(line), "32") }
        if line.hasPrefix("-") { return wrap(String(line), "31") }
        return String(line)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
