/// Prints findings in the swiftc/clang format, `path:line:col: severity: message [id]`, then any
/// notes and attached diff, and prints the summary line.
package struct TextReporter {
    package var diagnostics: OutputSink
    package var summary: OutputSink
    package var style: Style

    package init(diagnostics: OutputSink, summary: OutputSink, style: Style) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.style = style
    }

    package func report(_ diagnostic: Diagnostic) {
        // Text from the lessons is escaped before any colour is added, so only the style's own
        // escape sequences reach the terminal.
        var text =
            style.bold(Escape.path("\(diagnostic.location):")) + " " + style.severity(diagnostic.severity)
            + " " + Escape.path(diagnostic.message) + " [\(diagnostic.id.rawValue)]\n"
        for note in diagnostic.notes {
            text +=
                style.bold(Escape.path("\(note.location):")) + " " + style.severity(.note) + " "
                + Escape.path(note.message) + "\n"
        }
        for line in diagnostic.attachment?.lines ?? [] {
            text += style.attachmentLine(line) + "\n"
        }
        diagnostics.write(text)
    }

    /// A failure outside the course checks, such as a missing directory.
    package func report(_ error: CourseCheckError) {
        diagnostics.write("coursecheck: " + style.severity(.error) + " " + Escape.controls(error.message) + "\n")
    }

    package func report(_ line: SummaryLine) {
        summary.write(line.description + "\n")
    }
}
