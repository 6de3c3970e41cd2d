/// `coursecheck run lesson.md:LINE`: evaluates the one tree that holds LINE and prints its output.
/// A line of the tree's expected block names the tree too: an `output-drift` is reported there.
struct TreeRunner {
    var command: CourseCheckCommand
    var reporter: TextReporter

    func run(_ target: String, _ configuration: CourseChecker.Configuration) throws(CourseCheckError)
        -> CourseCheckCommand.ExitStatus
    {
        guard let colon = target.lastIndex(of: ":"), let line = Int(target[target.index(after: colon)...]), line > 0
        else {
            throw CourseCheckError.usage("run needs <lesson.md>:<line>, not '\(target)'")
        }
        let path = String(target[..<colon])
        guard path.hasSuffix(".md") else {
            throw CourseCheckError.usage("run needs one lesson file, <lesson.md>:<line>, not '\(target)'")
        }
        let plan = try CourseLoader(currentDirectory: command.environment.currentDirectory).plan([path])
        let outcome = try LessonReader.read(plan.entries[0], core: configuration.coreName)
        guard let lesson = outcome.lesson else {
            outcome.diagnostics.forEach(reporter.report)
            return .findings
        }
        guard
            let tree = lesson.trees.first(where: {
                ($0.block.opening.number...$0.block.closing.number).contains(line)
                    || ($0.expected.opening.number...$0.expected.closing.number).contains(line)
            })
        else {
            let starts = lesson.trees.map { "\($0.header.number)" }.joined(separator: ", ")
            let trees =
                switch lesson.trees.count {
                case 0: "it has no tree"
                case 1: "its tree starts at line \(starts)"
                default: "its trees start at lines \(starts)"
                }
            let lines = lesson.file.lines.count
            let place = line > lines ? "the lesson has \(Plural.count(lines, "line"))" : "no tree holds this line"
            throw CourseCheckError.usage("\(lesson.path):\(line): \(place); \(trees)")
        }
        let job = TreeJob(path: lesson.path, tree: tree)
        // The lesson's own core, decided by its text as a check decides a course's.
        if let given = configuration.coreName, !lesson.namedFiles.contains(given) {
            throw CourseCheckError.coreNamesNothing(given, option: "--core", found: lesson.namedFiles)
        }
        let core =
            lesson.cores.isEmpty && lesson.coreName != EmbeddedCore.fileName
            ? CourseCore(fileName: lesson.coreName, text: "")
            : CourseCore.decide(fileName: lesson.coreName, texts: lesson.cores.prefix(1).map(CoreDriftCheck.text(of:)))
        let report = try configuration.router.evaluate([job], environment: configuration.environment, core: core)
        report.allDiagnostics.forEach(reporter.report)
        guard let run = report[job.id].run else { return .findings }
        command.stdout.write(String(decoding: run.stdout, as: UTF8.self))
        let failures = OutputCheck.check(run, for: job).filter { $0.id != .outputDrift }
        failures.forEach(reporter.report)
        return failures.isEmpty ? .clean : .findings
    }
}
