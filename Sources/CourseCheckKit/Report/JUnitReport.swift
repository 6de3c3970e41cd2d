/// JUnit XML for CI test views: one `<testsuite>` per lesson, one `<testcase>` per check
/// (the lesson's structure, its core, each tree by its header), `<failure>` with message and diff.
public struct JUnitReport: Sendable {
    public var lessons: [Lesson]
    public var diagnostics: [Diagnostic]

    public init(lessons: [Lesson], diagnostics: [Diagnostic]) {
        self.lessons = lessons
        self.diagnostics = diagnostics
    }

    /// A check and the errors that belong to it.
    struct Case {
        var name: String
        var failures: [Diagnostic]
    }

    /// The cases of one lesson; every error located in the lesson lands in exactly one case.
    func cases(_ lesson: Lesson) -> [Case] {
        let errors = diagnostics.filter { $0.severity == .error && $0.location.path == lesson.path }
        var cases: [Case] = [Case(name: "structure", failures: [])]
        var ranges: [(Int, ClosedRange<Int>)] = []
        for core in lesson.cores {
            ranges.append((cases.count, core.opening.number...core.closing.number))
            cases.append(Case(name: "core at line \(core.opening.number)", failures: []))
        }
        for tree in lesson.trees {
            ranges.append((cases.count, tree.block.opening.number...tree.expected.closing.number))
            cases.append(Case(name: "tree at line \(tree.header.number): \(tree.title)", failures: []))
        }
        for error in errors {
            let index = ranges.first { $0.1.contains(error.location.line) }?.0 ?? 0
            cases[index].failures.append(error)
        }
        return cases
    }

    public var xml: String {
        var suites = ""
        var total = 0
        var failed = 0
        for lesson in lessons {
            let cases = cases(lesson)
            let failures = cases.filter { !$0.failures.isEmpty }.count
            total += cases.count
            failed += failures
            suites += "  <testsuite name=\"\(escape(lesson.path))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            for testCase in cases {
                suites += "    <testcase classname=\"\(escape(lesson.path))\" name=\"\(escape(testCase.name))\""
                guard !testCase.failures.isEmpty else {
                    suites += "/>\n"
                    continue
                }
                suites += ">\n"
                for failure in testCase.failures {
                    var body = "\(failure.location): \(failure.severity.rawValue): \(failure.message) [\(failure.id.rawValue)]\n"
                    for note in failure.notes { body += "\(note.location): note: \(note.message)\n" }
                    body += failure.attachment ?? ""
                    suites += "      <failure type=\"\(failure.id.rawValue)\" message=\"\(escape(failure.message))\">"
                        + escape(body) + "</failure>\n"
                }
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"coursecheck\" tests=\"\(total)\" failures=\"\(failed)\" errors=\"0\">\n"
            + suites + "</testsuites>\n"
    }

    private func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                // XML 1.0 forbids most control characters, even escaped.
                if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
