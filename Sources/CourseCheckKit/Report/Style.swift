/// ANSI styling for terminal output, or none at all.
package struct Style: Sendable {
    package var enabled: Bool

    package init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Colour goes to a terminal only, never when `NO_COLOR` is set to a non-empty value, and
    /// never to a terminal that says it has none (`TERM=dumb`).
    package static func automatic(isTerminal: Bool, environment: [String: String]) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(enabled: isTerminal && !noColor && environment["TERM"] != "dumb")
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func severity(_ severity: Severity) -> String {
        let label = "\(severity.rawValue):"
        return switch severity {
        case .error: wrap(label, "1;31")
        case .warning: wrap(label, "1;35")
        case .note: wrap(label, "1;30")
        }
    }

    /// Colours one attached line by its kind, never by its text: a removed line that reads
    /// `--x` is red, not a bold file header. The text is escaped before any colour is added.
    package func attachmentLine(_ line: Attachment.Line) -> String {
        let text = Escape.controls(line.text)
        return switch line.kind {
        case .fileHeader: bold(text)
        case .hunkHeader: wrap(text, "36")
        case .added: wrap(text, "32")
        case .removed: wrap(text, "31")
        case .context, .noNewlineMarker, .plain: text
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
