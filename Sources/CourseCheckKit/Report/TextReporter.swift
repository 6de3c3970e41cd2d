/// Prints findings in the swiftc/clang format, `path:line:col: severity: message [id]`, then any
/// notes and attached diff, and prints the summary line.
public struct TextReporter {
    public var diagnostics: OutputSink
    public var summary: OutputSink
    public var style: Style

    public init(diagnostics: OutputSink, summary: OutputSink, style: Style) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.style = style
    }

    public func report(_ diagnostic: Diagnostic) {
        // Text from the lessons is escaped before any colour is added, so only the style's own
        // escape sequences reach the terminal.
        var text = style.bold(Escape.controls("\(diagnostic.location):")) + " " + style.severity(diagnostic.severity)
            + " " + Escape.controls(diagnostic.message) + " [\(diagnostic.id.rawValue)]\n"
        for note in diagnostic.notes {
            text += style.bold(Escape.controls("\(note.location):")) + " " + style.severity(.note) + " "
                + Escape.controls(note.message) + "\n"
        }
        for line in diagnostic.attachment?.lines ?? [] {
            text += style.attachmentLine(line) + "\n"
        }
        diagnostics.write(text)
    }

    /// A failure outside the course checks, such as a missing directory.
    public func report(_ error: CourseCheckError) {
        diagnostics.write("coursecheck: " + style.severity(.error) + " " + Escape.controls(error.message) + "\n")
    }

    public func report(_ line: SummaryLine) {
        summary.write(line.description + "\n")
    }
}
