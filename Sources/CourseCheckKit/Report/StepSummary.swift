import Foundation

/// The GitHub Actions job summary (`$GITHUB_STEP_SUMMARY`), written with `--format github`: per
/// lesson what was checked and how many errors it has, then every finding with its diff folded
/// under `<details>`, so a reviewer sees the verdict without opening the log.
package struct StepSummary: Sendable {
    package var result: CourseChecker.Result
    /// GitHub drops a job summary larger than 1 MiB; the findings stop at a lesson boundary below it.
    package var limit: Int

    package init(result: CourseChecker.Result, limit: Int = 1_048_576) {
        self.result = result
        self.limit = limit
    }

    package var markdown: String {
        var text = "## coursecheck\n\n`\(cell(result.summary.description))`\n\n"
        text += "| lesson | checked | errors | warnings |\n|---|---|---|---|\n"
        for checked in result.lessonResults {
            guard let lesson = checked.lesson else { continue }
            let mine = checked.ownFindings.map(\.diagnostic)
            let checked = [
                Plural.count(lesson.count(of: .core), "core"), Plural.count(lesson.count(of: .tree), "tree"),
                Plural.count(lesson.count(of: .fragment), "fragment"),
            ].joined(separator: ", ")
            let errors = mine.count { $0.severity == .error }
            let warnings = mine.count { $0.severity == .warning }
            text += "| `\(cell(lesson.path))` | \(checked) | \(errors == 0 ? "0" : "**\(errors)**") | \(warnings) |\n"
        }
        let elsewhere = (result.courseFindings + result.lessonResults.flatMap(\.outsideFindings))
            .map(\.diagnostic).filter { $0.severity != .note }
        if !elsewhere.isEmpty {
            text +=
                "| course (goldens, index) | | \(elsewhere.count { $0.severity == .error }) | \(elsewhere.count { $0.severity == .warning }) |\n"
        }
        let findings = result.diagnostics.filter { $0.severity != .note }
        guard !findings.isEmpty else { return text + "\nNo findings.\n" }
        text += "\n### Findings\n\n"
        // One file's findings at a time, so a cut falls between lessons, with room for the line
        // that says where it fell.
        var groups: [[Diagnostic]] = []
        for finding in findings {
            if groups.last?.last?.location.path == finding.location.path {
                groups[groups.count - 1].append(finding)
            } else {
                groups.append([finding])
            }
        }
        for (index, group) in groups.enumerated() {
            let section = group.map(entry).joined()
            let left = groups[(index + 1)...].reduce(0) { $0 + $1.count }
            guard text.utf8.count + section.utf8.count + 300 <= limit else {
                let files = groups.count - index
                text +=
                    "\n**The summary stops here**, at \(Plural.count(files, "file")) with "
                    + "\(Plural.count(group.count + left, "finding")) more: GitHub drops a job summary over 1 MiB. "
                    + "The log lists every finding.\n"
                return text
            }
            text += section
        }
        return text
    }

    /// One finding: its headline, and its notes and diff folded under `<details>`.
    private func entry(_ finding: Diagnostic) -> String {
        let head = finding.headline
        var body = finding.noteLines.map { $0 + "\n" }.joined()
        body += finding.attachment?.text ?? ""
        if body.isEmpty { return "- `\(cell(head))`\n" }
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(body) + 1))
        return "<details><summary><code>\(html(head))</code></summary>\n\n"
            + "\(fence)diff\n\(Escape.controls(body))\(body.hasSuffix("\n") ? "" : "\n")\(fence)\n\n</details>\n\n"
    }

    private func cell(_ text: String) -> String {
        Escape.controls(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }

    private func html(_ text: String) -> String {
        Escape.controls(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
