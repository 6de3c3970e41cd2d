/// One finding: where, how serious, what, with optional notes and an attached block of text (a diff).
///
/// The library only builds diagnostics; a `Reporter` decides how they are printed.
public struct Diagnostic: Error, Sendable, Equatable {
    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    public var id: DiagnosticID
    /// Located notes printed right after the finding.
    public var notes: [Note]
    /// Free text shown under the finding, such as a unified diff.
    public var attachment: String?

    /// A located note attached to a diagnostic.
    public struct Note: Sendable, Equatable {
        public var location: SourceLocation
        public var message: String

        public init(_ location: SourceLocation, _ message: String) {
            self.location = location
            self.message = message
        }
    }

    public init(
        _ severity: Severity, _ id: DiagnosticID, at location: SourceLocation, _ message: String,
        notes: [Note] = [], attachment: String? = nil
    ) {
        self.severity = severity
        self.id = id
        self.location = location
        self.message = message
        self.notes = notes
        self.attachment = attachment
    }

    public static func error(
        _ id: DiagnosticID, at location: SourceLocation, _ message: String,
        notes: [Note] = [], attachment: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, id, at: location, message, notes: notes, attachment: attachment)
    }

    public static func warning(
        _ id: DiagnosticID, at location: SourceLocation, _ message: String,
        notes: [Note] = [], attachment: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, id, at: location, message, notes: notes, attachment: attachment)
    }
}
