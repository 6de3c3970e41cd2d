/// `Documentation/Findings.md`, generated from the catalogue: every id with its severity, what it
/// means, an example and how to fix it. `DocumentationTests` fails when the committed file is stale.
package enum FindingsGuide {
    /// An example for each id: a line a fixture's expected output holds (`source` names the
    /// fixture), else `DiagnosticID.exampleWhereNoFixtureShowsOne`.
    package static func markdown(examples: [DiagnosticID: (line: String, source: String)]) -> String {
        var text = """
            # Findings

            Generated from the diagnostic catalogue (`Sources/CourseCheckKit/Base/DiagnosticID*.swift`, the messages in each stage's `Messages+*.swift`) by `make docs`; a test
            fails when this file is stale. Each finding prints as `path:line:col: severity: message [id]`; the
            examples are taken from the expected output of the test fixtures (`Tests/CourseCheckKitTests/Fixtures`).
            `--strict` makes every warning an error.

            | id | severity |
            |---|---|

            """
        for id in DiagnosticID.allCases {
            text += "| [`\(id.rawValue)`](#\(id.rawValue)) | \(id.severity.rawValue) |\n"
        }
        for id in DiagnosticID.allCases {
            let guide = id.guide
            text += "\n## \(id.rawValue)\n\n"
            text += "Severity: \(id.severity.rawValue).\n\n\(guide.summary)\n\n"
            if let example = examples[id] {
                text += "Example (fixture `\(example.source)`):\n\n```\n\(example.line)\n```\n\n"
            } else if let example = id.exampleWhereNoFixtureShowsOne {
                text += "Example:\n\n```\n\(example)\n```\n\n"
            }
            text += "How to fix it: \(guide.fix)\n"
        }
        return text
    }
}
