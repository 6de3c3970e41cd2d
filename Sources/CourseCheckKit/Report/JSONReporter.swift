import Foundation

/// The findings as a JSON array, for other tools. Every documented key is always present; a value
/// that does not apply is `null`, never a missing key.
package enum JSONReporter {
    /// One finding as encoded.
    package struct Finding: Codable, Equatable, Sendable {
        package struct Note: Codable, Equatable, Sendable {
            package var file: String
            package var line: Int
            package var column: Int
            package var message: String
        }

        package var severity: String
        package var id: String
        /// Null only for a failure that ended the run before any file was read (exit status 2).
        @NullWhenAbsent package var file: String?
        @NullWhenAbsent package var line: Int?
        @NullWhenAbsent package var column: Int?
        package var message: String
        package var notes: [Note]
        /// The diff or captured output shown under the finding, if any.
        @NullWhenAbsent package var detail: String?
    }

    package static func findings(_ diagnostics: [Diagnostic]) -> [Finding] {
        diagnostics.map { diagnostic in
            Finding(
                severity: diagnostic.severity.rawValue, id: diagnostic.id.rawValue, file: diagnostic.location.path,
                line: diagnostic.location.line, column: diagnostic.location.column, message: diagnostic.message,
                notes: diagnostic.notes.map {
                    .init(
                        file: $0.location.path, line: $0.location.line, column: $0.location.column, message: $0.message)
                },
                detail: diagnostic.attachment?.text)
        }
    }

    package static func encode(_ diagnostics: [Diagnostic]) -> String {
        encode(findings(diagnostics))
    }

    /// A failure that ended the run (exit status 2), as a one-element array of the same shape:
    /// id `usage-error` or `io-error`, no location.
    package static func encode(_ failure: CourseCheckError) -> String {
        encode([
            Finding(
                severity: "error", id: failure.id, file: nil, line: nil, column: nil, message: failure.message,
                notes: [],
                detail: nil)
        ])
    }

    /// `--promote --dry-run --format json`: one document, the findings the patch leaves and the
    /// patch itself, as `git apply` takes it.
    package struct PromotionPlan: Codable, Equatable, Sendable {
        package var findings: [Finding]
        package var patch: String
    }

    package static func encode(_ diagnostics: [Diagnostic], patch: String) -> String {
        encode(PromotionPlan(findings: findings(diagnostics), patch: patch))
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
