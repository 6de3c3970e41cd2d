/// What one `--format` writes to stdout and stderr: a run's findings and summary, a failure that
/// ends the run, the progress of `--update` and `--promote`, a dry run's patch, and `list`'s rows.
///
/// The command writes through its format's reporter only, so a format cannot have progress text
/// mixed into its stdout (JSON keeps stdout one document). A new format is one type conforming
/// here plus one case in `Invocation.Format.reporter(text:stdout:stderr:)`.
package protocol FormatReporter {
    /// Every finding of a run, then its summary.
    func report(_ diagnostics: [Diagnostic], summary: SummaryLine)
    /// A failure that ends the run (exit 2), so CI sees it in the format it reads.
    func fail(_ failure: CourseCheckError)
    /// What `--update` and `--promote` did, for the author.
    func progress(_ text: String)
    /// A dry run: the findings the patch leaves, the patch, and what it would do.
    func dryRun(_ diagnostics: [Diagnostic], patch: String, summary: String)
    /// `list`'s rows, then the findings of the listing.
    func listing(_ listing: RoleListing, diagnostics: [Diagnostic])
}

/// swiftc-style findings on stderr, the summary and progress on stdout.
struct TextFormat: FormatReporter {
    let text: TextReporter
    let stdout: OutputSink
    let stderr: OutputSink

    func report(_ diagnostics: [Diagnostic], summary: SummaryLine) {
        diagnostics.forEach(text.report)
        text.report(summary)
    }

    func fail(_ failure: CourseCheckError) { text.report(failure) }

    func progress(_ text: String) { stdout.write(text) }

    func dryRun(_ diagnostics: [Diagnostic], patch: String, summary: String) {
        diagnostics.forEach(text.report)
        stdout.write(patch)
        stderr.write(summary)
    }

    func listing(_ listing: RoleListing, diagnostics: [Diagnostic]) {
        stdout.write(listing.text)
        diagnostics.forEach(text.report)
    }
}

/// The text format, plus one GitHub Actions workflow command per finding on stdout.
struct GitHubFormat: FormatReporter {
    let text: TextReporter
    let stdout: OutputSink
    let stderr: OutputSink
    private var plain: TextFormat { TextFormat(text: text, stdout: stdout, stderr: stderr) }

    func report(_ diagnostics: [Diagnostic], summary: SummaryLine) {
        diagnostics.forEach(text.report)
        for command in GitHubReporter.commands(diagnostics) { stdout.write(command + "\n") }
        text.report(summary)
    }

    func fail(_ failure: CourseCheckError) {
        text.report(failure)
        stdout.write("::error title=coursecheck::\(GitHubReporter.escapeData(Escape.controls(failure.message)))\n")
    }

    func progress(_ text: String) { plain.progress(text) }

    func dryRun(_ diagnostics: [Diagnostic], patch: String, summary: String) {
        plain.dryRun(diagnostics, patch: patch, summary: summary)
    }

    /// The parser refuses `list --format github`; were it asked, the rows are text.
    func listing(_ listing: RoleListing, diagnostics: [Diagnostic]) {
        plain.listing(listing, diagnostics: diagnostics)
    }
}

/// One JSON document on stdout; everything else (the summary, progress) on stderr.
struct JSONFormat: FormatReporter {
    let text: TextReporter
    let stdout: OutputSink
    let stderr: OutputSink

    func report(_ diagnostics: [Diagnostic], summary: SummaryLine) {
        stdout.write(JSONReporter.encode(diagnostics))
        stderr.write(summary.description + "\n")
    }

    func fail(_ failure: CourseCheckError) {
        text.report(failure)
        stdout.write(JSONReporter.encode(failure))
    }

    func progress(_ text: String) { stderr.write(text) }

    func dryRun(_ diagnostics: [Diagnostic], patch: String, summary: String) {
        stdout.write(JSONReporter.encode(diagnostics, patch: patch))
        stderr.write(summary)
    }

    func listing(_ listing: RoleListing, diagnostics: [Diagnostic]) {
        stdout.write(listing.json)
        diagnostics.forEach(text.report)
    }
}
