/// JUnit XML for CI test views: one `<testsuite>` per lesson, one `<testcase>` per check
/// (the lesson's structure, its core, each tree by its header), `<failure>` with message and diff.
package struct JUnitReport: Sendable {
    package var result: CourseChecker.Result

    package init(result: CourseChecker.Result) {
        self.result = result
    }

    /// A check and the errors that belong to it.
    struct Case {
        var name: String
        var failures: [Diagnostic]
    }

    /// The cases of one lesson; every error of the lesson lands in exactly one case, chosen by its
    /// subject. Names never hold line numbers, so a prose edit renames nothing: a tree is named by
    /// its golden slug, a second core by its ordinal.
    func cases(_ checked: LessonResult) -> [Case] {
        guard let lesson = checked.lesson else { return [] }
        var cases: [Case] = [Case(name: "structure", failures: [])]
        var coreCases: [Int: Int] = [:]
        var treeCases: [Int: Int] = [:]
        for ordinal in lesson.cores.indices {
            coreCases[ordinal] = cases.count
            cases.append(Case(name: ordinal == 0 ? "core" : "core \(ordinal + 1)", failures: []))
        }
        for (index, tree) in checked.trees.enumerated() where tree.tree != nil {
            treeCases[index] = cases.count
            // A tree without an identity is named by its header line, beside its identity failure.
            let title =
                tree.goldenName.map { String($0.dropLast(".out".count)) } ?? "at line \(tree.block.body[0].number)"
            cases.append(Case(name: "tree \(title)", failures: []))
        }
        for finding in checked.ownFindings where finding.diagnostic.severity == .error {
            let index: Int? =
                switch finding.subject {
                case .core(let ordinal): coreCases[ordinal]
                case .tree(let tree): treeCases[tree]
                default: nil
                }
            cases[index ?? 0].failures.append(finding.diagnostic)
        }
        return cases
    }

    /// The report of a run that ended before any check (exit status 2): one testcase in error, so a
    /// CI test view shows the failure instead of nothing.
    package static func failure(_ error: CourseCheckError) -> String {
        let message = escape(error.message)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"coursecheck\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
            + "  <testsuite name=\"coursecheck\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
            + "    <testcase classname=\"coursecheck\" name=\"run\">\n"
            + "      <error type=\"\(error.id)\" message=\"\(message)\">\(message)</error>\n"
            + "    </testcase>\n  </testsuite>\n</testsuites>\n"
    }

    package var xml: String {
        var suites = ""
        var total = 0
        var failed = 0
        for lesson in result.lessonResults where lesson.lesson != nil {
            let cases = cases(lesson)
            let failures = cases.filter { !$0.failures.isEmpty }.count
            total += cases.count
            failed += failures
            suites += suite(name: lesson.path, cases: cases)
        }
        // Errors outside the lessons (goldens, the course index) go to a suite of their own, so the
        // counts add up to every error of the run.
        let loose = (result.courseFindings + result.lessonResults.flatMap(\.outsideFindings))
            .map(\.diagnostic).filter { $0.severity == .error }
        var paths: [String] = []
        for error in loose where !paths.contains(error.location.path) { paths.append(error.location.path) }
        let courseCases =
            paths.isEmpty
            ? [Case(name: "course-level checks", failures: [])]
            : paths.map { path in Case(name: path, failures: loose.filter { $0.location.path == path }) }
        suites += suite(name: "course", cases: courseCases)
        total += courseCases.count
        failed += courseCases.filter { !$0.failures.isEmpty }.count
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"coursecheck\" tests=\"\(total)\" failures=\"\(failed)\" errors=\"0\">\n"
            + suites + "</testsuites>\n"
    }

    /// One `<testsuite>` with its cases.
    private func suite(name: String, cases: [Case]) -> String {
        let failures = cases.filter { !$0.failures.isEmpty }.count
        var text =
            "  <testsuite name=\"\(escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for testCase in cases {
            text += "    <testcase classname=\"\(escape(name))\" name=\"\(escape(testCase.name))\""
            guard !testCase.failures.isEmpty else {
                text += "/>\n"
                continue
            }
            text += ">\n"
            for failure in testCase.failures {
                var body = failure.headline + "\n"
                for line in failure.noteLines { body += line + "\n" }
                body += failure.attachment?.text ?? ""
                text +=
                    "      <failure type=\"\(failure.id.rawValue)\" message=\"\(escape(failure.message))\">"
                    + escape(body) + "</failure>\n"
            }
            text += "    </testcase>\n"
        }
        return text + "  </testsuite>\n"
    }

    private func escape(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
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
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
