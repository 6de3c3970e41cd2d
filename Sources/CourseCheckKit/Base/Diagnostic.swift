/// One finding: where, how serious, what, with optional notes and a structured attachment (a diff,
/// an output excerpt).
///
/// The library only builds diagnostics, and only through the catalogue (`Messages+*.swift`), so
/// each id has one severity and its messages live in one place; a `Reporter` decides how they are
/// printed.
package struct Diagnostic: Error, Sendable, Equatable {
    /// The id's severity (`DiagnosticID.severity`); `--strict` may raise a warning to an error.
    package var severity: Severity
    package var location: SourceLocation
    package var message: String
    package var id: DiagnosticID
    /// Located notes printed right after the finding.
    package var notes: [Note]
    /// What is shown under the finding, kept as structure so each reporter renders it its own way.
    package var attachment: Attachment?

    /// A located note attached to a diagnostic.
    package struct Note: Sendable, Equatable {
        package var location: SourceLocation
        package var message: String

        package init(_ location: SourceLocation, _ message: String) {
            self.location = location
            self.message = message
        }
    }

    /// Internal so that new findings go through the catalogue. An attachment with no lines is
    /// dropped, so reporters never print an empty one.
    init(
        _ id: DiagnosticID, at location: SourceLocation, _ message: String, notes: [Note] = [],
        attachment: Attachment? = nil
    ) {
        self.severity = id.severity
        self.id = id
        self.location = location
        self.message = message
        self.notes = notes
        self.attachment = attachment.flatMap { $0.lines.isEmpty ? nil : $0 }
    }

    /// `path:line:col: severity: message [id]`: the finding's first line in every plain-text report.
    package var headline: String { "\(location): \(severity.rawValue): \(message) [\(id.rawValue)]" }

    /// The notes as plain-text reports print them, one line each.
    package var noteLines: [String] { notes.map { "\($0.location): note: \($0.message)" } }
}
