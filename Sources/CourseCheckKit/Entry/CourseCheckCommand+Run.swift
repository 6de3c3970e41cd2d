import Foundation

/// The entry point: parses the command line and hands the action to the stage that owns it, the
/// live loops included, so the command stages never name the live loops that sit on top of them.
extension CourseCheckCommand {
    package func run(_ arguments: [String]) -> ExitStatus {
        var commitHook = false
        let status = run(arguments, commitHook: &commitHook)
        // Under the hook the refusal is the last word, after the findings and the summary.
        if commitHook {
            switch status {
            case .clean: break
            case .findings: stderr.write("coursecheck: the staged lessons have findings (above); commit refused\n")
            default: stderr.write("coursecheck: the staged lessons could not be checked (above); commit refused\n")
            }
        }
        return status
    }

    private func run(_ arguments: [String], commitHook: inout Bool) -> ExitStatus {
        let invocation: Invocation
        do throws(CourseCheckError) {
            invocation = try Invocation.parse(arguments)
        } catch {
            var fallback = Invocation()
            fallback.format = Self.rawFormat(arguments)
            // No report file from a command line that did not parse: its paths are not known to be
            // safe to write (`watch --junit lessons/x.xml` is refused, and must write nothing).
            fail(error, invocation: fallback, reporter: reporter(.auto), plan: nil)
            stderr.write("Run 'coursecheck --help' for usage.\n")
            commitHook = arguments.prefix { $0 != "--" }.contains("--commit-hook")
            return .failure
        }
        commitHook = invocation.commitHook
        let reporter = reporter(invocation.color)
        if invocation.commitHook, case .check = invocation.action, !checksExport {
            let staged: StagedCourse?
            do throws(CourseCheckError) {
                staged = try StagedCourse.export(
                    in: environment.currentDirectory, invocation: invocation, environment: environment.variables)
            } catch {
                fail(error, invocation: invocation, reporter: reporter, plan: nil)
                return .failure
            }
            if let staged {
                defer { staged.scratch.remove() }
                return inExport(staged).perform(staged.invocation(invocation, from: environment), reporter)
            }
        }
        return perform(invocation, reporter)
    }

    /// This command, run in the export of the index: the same paths (relative ones resolve in the
    /// copy of the directory it was run in), the same cache.
    private func inExport(_ staged: StagedCourse) -> CourseCheckCommand {
        var command = self
        command.checksExport = true
        command.staged = staged
        command.environment.currentDirectory = staged.currentDirectory
        return command
    }

    private func perform(_ invocation: Invocation, _ reporter: TextReporter) -> ExitStatus {
        var plan: CourseLoader.Plan?
        // Said once, whatever the action: a damaged or unwritable cache is a fallback, never silent.
        defer { for note in Cache.notes() { stderr.write("coursecheck: note: \(note)\n") } }
        do throws(CourseCheckError) {
            switch invocation.action {
            case .help, .version, .importCourse: break
            default: _ = try FileGate.temporaryDirectory(environment.variables)
            }
            switch invocation.action {
            case .help(let subcommand):
                let text = subcommand.map(Invocation.help(of:)) ?? Invocation.help
                stdout.write(text)
                return .clean
            case .version:
                stdout.write(Invocation.version + "\n")
                // The compiler a check here would use, as it finds it: an editor's bare PATH may
                // find another than a terminal's.
                let swiftc: String
                do throws(CourseCheckError) {
                    swiftc = try Toolchain.find(environment: environment.variables).path
                } catch {
                    swiftc = "none (\(error.message))"
                }
                stdout.write("swiftc: \(swiftc)\n")
                return .clean
            case .list:
                plan = try loadPlan(invocation)
                var configuration = configuration(invocation)
                configuration.evaluation = .routes
                configuration.claims = false
                configuration.goldens = .off
                let result = try CourseChecker(configuration: configuration).check(plan!)
                output(invocation, reporter).listing(RoleListing(result: result), diagnostics: result.diagnostics)
                return result.summary.errors > 0 ? .findings : .clean
            case .check, .update, .promote:
                plan = try loadPlan(invocation)
                var checker = CourseChecker(configuration: configuration(invocation))
                // Each lesson's golden store, made once for every stage that reads it.
                let stores = checker.plannedStores(plan!)
                // A check validates the goldens directories while it reads (`CourseChecker.check`);
                // the writers validate them before anything else.
                let validatesWhileReading = if case .check = invocation.action { true } else { false }
                if !validatesWhileReading {
                    try checker.validateStores(plan!, stores: stores)
                    checker.configuration.storesValidated = true
                }
                let targets: ReportTargets
                do throws(CourseCheckError) {
                    targets = try reportTargets(invocation, plan: plan!, checker: checker)
                    try validateCache(checker, plan: plan!, stores: stores)
                    try refuseUnderCI(invocation.action)
                } catch {
                    // A refused goldens directory is the error, ahead of these, as when it was
                    // validated first.
                    if validatesWhileReading { try checker.validateStores(plan!, stores: stores) }
                    throw error
                }
                switch invocation.action {
                case .promote(let dryRun, _):
                    return try promote(
                        plan!, checker: checker, dryRun: dryRun, invocation: invocation, reporter: reporter,
                        targets: targets)
                case .update(_, let prune):
                    return try update(
                        plan!, checker: checker, prune: prune, invocation: invocation, reporter: reporter,
                        targets: targets)
                default:
                    // Left for the exit to free, when the executable runs this one check (`ExitLifetime`).
                    ExitLifetime.begin()
                    // The run's cache entries in one file (`Pack`), written once the report is.
                    let pack = checker.configuration.router.toolchain.cache.map { Pack(directory: $0.directory) }
                    checker.configuration.router.toolchain.cache?.pack = pack
                    defer { pack?.write() }
                    let checked = try checker.check(plan!, stores: stores)
                    let result = staged.map { unstagedGoldens(checked, staged: $0, invocation: invocation) } ?? checked
                    defer { ExitLifetime.keep(result) }
                    return try report(result, invocation: invocation, reporter: reporter, targets: targets)
                }
            case .run(let target):
                return try TreeRunner(command: self, reporter: reporter).run(target, configuration(invocation))
            case .importCourse(let export, let lessons):
                return try importCourse(export: export, into: lessons, color: invocation.color)
            case .initCourse(let directory):
                let started = try startCourse(in: directory, core: invocation.core)
                // The example tree's golden, approved as `--update` approves one: the new course
                // passes its own check, which this run ends with.
                let status = run(["--update", "--force", started.lessons])
                if status == .clean { stdout.write(CourseStarter.started(started.shown, core: started.core)) }
                return status
            case .watch:
                return try Watcher(command: self, invocation: invocation).run()
            case .lsp:
                return LSPServer(environment: environment, configuration: configuration(invocation)).run()
            }
        } catch {
            fail(error, invocation: invocation, reporter: reporter, plan: plan)
            return .failure
        }
    }
}
