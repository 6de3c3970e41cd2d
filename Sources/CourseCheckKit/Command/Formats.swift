extension Invocation.Format {
    /// The reporter of this format: the one registration a new format needs.
    package func reporter(text: TextReporter, stdout: OutputSink, stderr: OutputSink) -> any FormatReporter {
        switch self {
        case .text: TextFormat(text: text, stdout: stdout, stderr: stderr)
        case .github: GitHubFormat(text: text, stdout: stdout, stderr: stderr)
        case .json: JSONFormat(text: text, stdout: stdout, stderr: stderr)
        }
    }
}
