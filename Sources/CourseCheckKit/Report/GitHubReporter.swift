/// GitHub Actions workflow commands, one per finding, so each shows on the pull request's diff:
/// `::error file=lessons/09-yerel-durum.md,line=80,col=1,title=output drift::message`.
package enum GitHubReporter {
    /// GitHub shows at most this many annotations of each kind (error, warning, notice) per step.
    package static let annotationsShown = 10

    /// The commands for a run's findings. Errors (and warnings) come round-robin over the files,
    /// first each file's first, then each file's second …, so the annotations GitHub shows cover
    /// as many lessons as they can; when some cannot be shown, one notice says how many.
    package static func commands(_ diagnostics: [Diagnostic]) -> [String] {
        var commands: [String] = []
        var hidden = 0
        for severity in [Severity.error, .warning, .note] {
            var byFile: [(path: String, findings: [Diagnostic])] = []
            for diagnostic in diagnostics where diagnostic.severity == severity {
                if let index = byFile.firstIndex(where: { $0.path == diagnostic.location.path }) {
                    byFile[index].findings.append(diagnostic)
                } else {
                    byFile.append((diagnostic.location.path, [diagnostic]))
                }
            }
            var ordered: [Diagnostic] = []
            var round = 0
            while ordered.count < byFile.reduce(0, { $0 + $1.findings.count }) {
                for file in byFile where round < file.findings.count { ordered.append(file.findings[round]) }
                round += 1
            }
            if severity != .note { hidden += max(0, ordered.count - annotationsShown) }
            commands += ordered.map(command)
        }
        if hidden > 0 {
            commands.append(
                "::notice title=coursecheck::\(Plural.count(hidden, "finding")) \(hidden == 1 ? "has" : "have") no "
                    + "annotation (GitHub shows \(annotationsShown) errors and \(annotationsShown) warnings per step); "
                    + "the job summary and the log list every finding")
        }
        return commands
    }

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
