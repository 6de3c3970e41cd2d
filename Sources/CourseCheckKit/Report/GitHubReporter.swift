/// GitHub Actions workflow commands, one per finding, so each shows on the pull request's diff:
/// `::error file=lessons/09-yerel-durum.md,line=80,col=1,title=output drift::message`.
package enum GitHubReporter {
    package static func command(_ diagnostic: Diagnostic) -> String {
        let kind =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var message = diagnostic.message + " [\(diagnostic.id.rawValue)]"
        for line in diagnostic.noteLines { message += "\n" + line }
        if let attachment = diagnostic.attachment { message += "\n" + attachment.text }
        let properties = [
            "file=\(escapeProperty(diagnostic.location.path))",
            "line=\(diagnostic.location.line)",
            "col=\(diagnostic.location.column)",
            "title=\(escapeProperty(diagnostic.id.rawValue.replacingOccurrences("-", with: " ")))",
        ].joined(separator: ",")
        return "::\(kind) \(properties)::\(escapeData(Escape.controls(message, keepingCarriageReturn: true)))"
    }

    /// Escapes a command's message: `%`, CR and LF.
    package static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(Escape.controls(text, keepingCarriageReturn: true)).replacingOccurrences(":", with: "%3A")
            .replacingOccurrences(",", with: "%2C")
    }
}
