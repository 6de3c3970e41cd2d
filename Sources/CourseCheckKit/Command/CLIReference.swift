/// `Documentation/CLI.md`, generated from the command line's declarations (`CommandLineSpec`), so
/// the reference cannot disagree with the parser or the help. `DocumentationTests` fails when the
/// committed file is stale; `make docs` writes it.
package enum CLIReference {
    package static var markdown: String {
        var text = """
            # Command line

            Generated from the option declarations (`Sources/CourseCheckKit/Command/CommandLineSpec.swift`) by
            `make docs`; a test fails when this file is stale. `coursecheck help` prints the usage and every
            option; `coursecheck help <subcommand>` (or `<subcommand> --help`) prints one subcommand's part.

            ```
            \(CommandLineSpec.usage.map(\.line).joined(separator: "\n"))
            ```

            Options may come before or after the subcommand (`coursecheck --cache-dir X run f.md:12`); `--` ends
            the options. Every subcommand honours or refuses each flag: `list --engine swiftc` is a usage error,
            never silently ignored. A mistyped option or subcommand gets a suggestion (`unknown option
            '--updte'; did you mean '--update'?`). A flag takes no value: `--strict=false` is a usage error. A
            value option given twice is a usage error.

            `<path>` is a lessons directory or single `.md` lessons. A directory's lessons are its files named
            `<digits>-<slug>.md` (two or more digits), in name order; `README.md` is the course index (or,
            without it, the one file GitHub shows as the README: `readme.md`, `README.MD`, `README.markdown`),
            a lesson's file under a slipped name that the index or the goldens record is that lesson (one
            error at it), the index saved as `README`, `README.txt` or `index.md` is one error at it (rename it
            to `README.md`), and any other `.md` file gets a warning. Paths mean what the OS means: a directory named twice (`lessons
            lessons/`, a link to it) is checked once, `link/../lessons` goes through the link, and a shell glob
            (`lessons/*.md`) that names the index and every lesson is that directory, whole.

            ## Subcommands

            """
        for spec in CommandLineSpec.subcommands {
            text += "\n### `\(spec.title)`\n\n"
            let usage = CommandLineSpec.usage.filter { $0.subcommands.contains(spec.subcommand) }
            text += "```\n" + usage.map { $0.line + "\n" }.joined() + "```\n\n"
            text += spec.help.joined(separator: " ") + (spec.details.isEmpty ? "" : " " + spec.details) + "\n\n"
            let accepted = CommandLineSpec.options.filter { $0.accepted.contains(spec.subcommand) }
            text += "Options: " + accepted.map { "`\($0.names.last!)`" }.joined(separator: ", ") + ".\n"
        }
        text += "\n## Options\n\n| option | subcommands | what it does |\n|---|---|---|\n"
        for option in CommandLineSpec.options {
            let names = CommandLineSpec.subcommands.filter { option.accepted.contains($0.subcommand) }.map(\.title)
            let which =
                option.names.contains("--version")
                ? "any" : names.count == CommandLineSpec.subcommands.count ? "all" : names.joined(separator: ", ")
            let help = option.help.joined(separator: " ") + (option.details.isEmpty ? "" : " " + option.details)
            text += "| `\(option.usage)` | \(which) | \(help.replacingOccurrences("|", with: "\\|")) |\n"
        }
        text += "\n## Environment\n\n| variable | effect |\n|---|---|\n"
        for variable in CommandLineSpec.environment {
            text += "| `\(variable.name)` | \(variable.effect) |\n"
        }
        text += """

            ## Output and exit status

            Diagnostics go to stderr as `path:line:col: error|warning|note: message [id]`, and the summary line
            to stdout (`--format json`: the findings on stdout, the summary on stderr). Every finding id is in
            [Findings.md](Findings.md). Failures that end the run (exit 2) reach every report: the text line, a
            one-element JSON array (`id` `usage-error` or `io-error`, `file`/`line`/`column` `null`), a GitHub
            `::error` annotation, and a JUnit file with one testcase in error, so CI never shows nothing.
            Text from the lessons is never sent raw to a terminal or a CI log: control characters print as
            `\\u{1B}`-style escapes; in a path, newline and tab too.

            | status | meaning |
            |---|---|
            | 0 | clean |
            | 1 | findings |
            | 2 | usage or I/O error: a missing path, a directory without lessons, an unreadable file, no swiftc when one is needed, `--update` under CI, a goldens directory or report path coursecheck refuses to write in |

            """
        return text
    }
}
