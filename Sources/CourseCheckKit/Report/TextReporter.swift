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
        var text = style.bold("\(diagnostic.location):") + " " + style.severity(diagnostic.severity)
            + " " + diagnostic.message + " [\(diagnostic.id.rawValue)]\n"
        for note in diagnostic.notes {
            text += style.bold("\(note.location):") + " " + style.severity(.note) + " " + note.message + "\n"
        }
        if let attachment = diagnostic.attachment, !attachment.isEmpty {
            for line in attachment.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                text += style.diffLine(line) + "\n"
            }
        }
        diagnostics.write(text)
    }

    /// A failure outside the course checks, such as a missing directory.
    public func report(_ error: CourseCheckError) {
        diagnostics.write("coursecheck: " + style.severity(.error) + " " + error.message + "\n")
    }

    public func report(_ line: SummaryLine) {
        summary.write(line.description + "\n")
    }
}
