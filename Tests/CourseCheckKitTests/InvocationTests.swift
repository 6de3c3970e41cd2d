import XCTest

@testable import CourseCheckKit

final class InvocationTests: XCTestCase {
    func testDefaultsToCheck() throws {
        let invocation = try Invocation.parse(["lessons/"])
        XCTAssertEqual(invocation.action, .check)
        XCTAssertEqual(invocation.paths, ["lessons/"])
    }

    func testListAndOptions() throws {
        let invocation = try Invocation.parse(["list", "--color=never", "--strict", "a.md", "--", "-b.md"])
        XCTAssertEqual(invocation.action, .list)
        XCTAssertEqual(invocation.color, .never)
        XCTAssertTrue(invocation.strict)
        XCTAssertEqual(invocation.paths, ["a.md", "-b.md"])
    }

    func testUsageErrors() {
        XCTAssertThrowsError(try Invocation.parse([])) {
            XCTAssertEqual($0 as? CourseCheckError, .usage("no lessons given; pass a lessons directory or .md files"))
        }
        XCTAssertThrowsError(try Invocation.parse(["--color"]))
        XCTAssertThrowsError(try Invocation.parse(["--color", "pink", "x"]))
    }

    func testHelpNeedsNoPaths() throws {
        XCTAssertEqual(try Invocation.parse(["--help"]).action, .help())
        XCTAssertEqual(try Invocation.parse(["-h"]).action, .help())
    }

    func testLessonFileNames() {
        XCTAssertTrue(LessonName.isLessonFile("09-yerel-durum.md"))
        XCTAssertTrue(LessonName.isLessonFile("100-yeni.md"))
        XCTAssertFalse(LessonName.isLessonFile("9-yerel.md"))
        XCTAssertFalse(LessonName.isLessonFile("README.md"))
        XCTAssertFalse(LessonName.isLessonFile("09-.md"))
        XCTAssertFalse(LessonName.isLessonFile("09-x.txt"))
    }
}

/// The command line helps: options on either side of a subcommand, help and version as
/// subcommands, suggestions for typos, and every flag honoured or refused by each subcommand.
final class CommandLineHelpTests: XCTestCase {
    func testOptionsMayComeBeforeTheSubcommand() throws {
        let invocation = try Invocation.parse(["--cache-dir", "X", "run", "a.md:3"])
        XCTAssertEqual(invocation.action, .run(target: "a.md:3"))
        XCTAssertEqual(invocation.cache, .directory("X"))
        XCTAssertEqual(invocation.paths, [])
        let list = try Invocation.parse(["--color=never", "list", "lessons/"])
        XCTAssertEqual(list.action, .list)
        XCTAssertEqual(list.paths, ["lessons/"])
    }

    /// Each subcommand has its own help, asked for either way, cut from the one help text.
    func testEachSubcommandHasItsOwnHelp() throws {
        XCTAssertEqual(try Invocation.parse(["help", "run"]).action, .help("run"))
        XCTAssertEqual(try Invocation.parse(["run", "--help"]).action, .help("run"))
        XCTAssertThrowsError(try Invocation.parse(["help", "runn"])) {
            XCTAssertEqual(
                $0 as? CourseCheckError,
                .usage(
                    "help takes a subcommand (check, help, import, init, list, lsp, run, version, watch), not 'runn'"))
        }
        XCTAssertEqual(
            Invocation.help(of: "run"),
            """
            USAGE:
              coursecheck run [options] <lesson.md>:<line>

            run                 Print the actual output of the tree that holds <line>.

            OPTIONS:
              --engine <engine>   auto (default): embedded for trees in the tree language,
                                  swiftc for trees that import a module or leave it;
                                  embedded: in-process through the compiled core, running
                                  no lesson code (other trees are errors);
                                  swiftc: compile every tree with the installed toolchain
                                  (SWIFTC, then PATH) and run it.
              --timeout <s>       Seconds a compiled tree may run (default 10).
              --output-limit <n>  Bytes a tree may print (default 1048576).
              --compile-timeout <s>  Seconds one swiftc invocation may take (default 120);
                                  swiftc and its children are then stopped.
              --build <mode>      merged (default): one swiftc for the trees that can
                                  share a program, the others standalone, one tree per
                                  process; per-tree: one swiftc per tree, each tree
                                  verbatim as main.swift.
              --no-cache          Compile, run and check everything afresh.
              --cache-dir <dir>   Where binaries and clean results of both engines are cached
                                  (default .build/coursecheck-cache beside the lessons directory,
                                  or COURSECHECK_CACHE_DIR).
              --core <name>       The core's file name (Counter or Counter.swift), where
                                  the lessons' blocks leave it ambiguous (default: the
                                  index's 'core:', else the name the lessons' cores have).
              --color <when>      auto (default: only on a terminal, never with NO_COLOR
                                  or TERM=dumb), always or never.
              --no-color          Same as --color never.
              -h, --help          Show this help.

            See 'coursecheck help' for the other subcommands and the exit status.

            """)
        // Every subcommand's help names every option it accepts.
        for (name, subcommand) in Invocation.subcommands {
            let text = Invocation.help(of: name)
            for option in Invocation.accepted(by: subcommand) {
                XCTAssertTrue(text.contains("  \(option) ") || text.contains("  \(option)\n"), "\(name): \(option)")
            }
        }
    }

    /// `TERM=dumb` means no colour, as `NO_COLOR` does; a terminal otherwise gets it.
    func testADumbTerminalGetsNoColour() {
        XCTAssertFalse(Style.automatic(isTerminal: true, environment: ["TERM": "dumb"]).enabled)
        XCTAssertFalse(Style.automatic(isTerminal: true, environment: ["NO_COLOR": "1"]).enabled)
        XCTAssertTrue(Style.automatic(isTerminal: true, environment: ["TERM": "xterm-256color"]).enabled)
        XCTAssertFalse(Style.automatic(isTerminal: false, environment: ["TERM": "xterm-256color"]).enabled)
    }

    /// A flag takes no value: `--strict=false` and `--update=no` are usage errors, not the flag.
    func testAFlagGivenAValueIsRefused() {
        for (argument, flag) in [
            ("--strict=false", "--strict"), ("--update=no", "--update"), ("--no-color=1", "--no-color"),
        ] {
            XCTAssertThrowsError(try Invocation.parse([argument, "lessons/"])) {
                XCTAssertEqual(
                    $0 as? CourseCheckError,
                    .usage("\(flag) takes no value, so '\(argument)' is refused; leave it out to turn it off"))
            }
        }
        XCTAssertEqual(try Invocation.parse(["--format=json", "lessons/"]).format, .json)
    }

    /// `version --help` is version's help and `help help` help's, each its own usage line and
    /// description, never the global help.
    func testHelpAndVersionHaveTheirOwnHelp() throws {
        XCTAssertEqual(try Invocation.parse(["version", "--help"]).action, .help("version"))
        XCTAssertEqual(try Invocation.parse(["help", "--help"]).action, .help("help"))
        XCTAssertEqual(try Invocation.parse(["help", "help"]).action, .help("help"))
        XCTAssertEqual(try Invocation.parse(["help", "run", "--help"]).action, .help("run"))
        let options = """
            OPTIONS:
              --color <when>      auto (default: only on a terminal, never with NO_COLOR
                                  or TERM=dumb), always or never.
              --no-color          Same as --color never.
              -h, --help          Show this help.

            See 'coursecheck help' for the other subcommands and the exit status.

            """
        XCTAssertEqual(
            Invocation.help(of: "version"),
            """
            USAGE:
              coursecheck version

            version             Print the version (as --version does) and the swiftc
                                a check would use: SWIFTC, else the first on PATH,
                                else on a Mac xcrun's.


            """ + options)
        XCTAssertEqual(
            Invocation.help(of: "help"),
            """
            USAGE:
              coursecheck help [<subcommand>]

            help                Show the help: every subcommand and option, or with a
                                subcommand its usage and the options it accepts (as
                                <subcommand> --help does).


            """ + options)
    }

    /// Under `--commit-hook` a failing run's last line says the commit is refused, whatever failed:
    /// findings (the `pre-commit-refused` fixture), a path that is not there, or a usage error.
    func testTheCommitHookSaysTheCommitIsRefused() throws {
        XCTAssertTrue(try Invocation.parse(["--commit-hook", "lessons/"]).commitHook)
        XCTAssertThrowsError(try Invocation.parse(["--commit-hook", "--update", "lessons/"])) {
            XCTAssertEqual(
                $0 as? CourseCheckError, .usage("--commit-hook goes with a check, not with --update or --promote"))
        }
        XCTAssertThrowsError(try Invocation.parse(["list", "--commit-hook", "lessons/"])) {
            XCTAssertEqual($0 as? CourseCheckError, .usage("list does not take --commit-hook"))
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = InProcess.run(["--commit-hook", "nowhere/"], in: scratch.url)
        XCTAssertEqual(missing.status, .failure)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(
            missing.stderr,
            "coursecheck: error: nowhere/: no such file or directory\n"
                + "coursecheck: the staged lessons could not be checked (above); commit refused\n")
        let usage = InProcess.run(["--commit-hook", "--promote", "lessons/"], in: scratch.url)
        XCTAssertEqual(usage.status, .failure)
        XCTAssertEqual(
            usage.stderr,
            "coursecheck: error: --commit-hook goes with a check, not with --update or --promote\n"
                + "Run 'coursecheck --help' for usage.\n"
                + "coursecheck: the staged lessons could not be checked (above); commit refused\n")
        // Without the flag nothing is added.
        XCTAssertEqual(
            InProcess.run(["nowhere/"], in: scratch.url).stderr,
            "coursecheck: error: nowhere/: no such file or directory\n")
    }

    func testHelpAndVersionAreSubcommands() throws {
        XCTAssertEqual(try Invocation.parse(["help"]).action, .help())
        XCTAssertEqual(try Invocation.parse(["version"]).action, .version)
        XCTAssertEqual(try Invocation.parse(["list", "--help"]).action, .help("list"))
        let scratch = try Scratch()
        defer { scratch.remove() }
        let version = InProcess.run(["version"], in: scratch.url, extra: ["SWIFTC": "/bin/sh"])
        XCTAssertEqual(version.stdout, Invocation.version + "\nswiftc: /bin/sh\n")
        XCTAssertEqual(version.status, .clean)
        // The compiler it names is the one a check would use: none is no failure of `version`.
        let none = InProcess.run(["--version"], in: scratch.url, extra: ["PATH": scratch.url.path], without: ["SWIFTC"])
        XCTAssertEqual(
            none.stdout,
            Invocation.version + "\nswiftc: none (swiftc not found: set SWIFTC or put the Swift toolchain on PATH "
                + "(the swiftc engine compiles trees))\n")
        XCTAssertEqual(none.status, .clean)
        XCTAssertEqual(InProcess.run(["help"], in: scratch.url).stdout, Invocation.help)
    }

    func testTyposGetSuggestions() throws {
        XCTAssertThrowsError(try Invocation.parse(["--updte", "lessons/"])) {
            XCTAssertEqual($0 as? CourseCheckError, .usage("unknown option '--updte'; did you mean '--update'?"))
        }
        XCTAssertThrowsError(try Invocation.parse(["--no-golden", "lessons/"])) {
            XCTAssertEqual(
                $0 as? CourseCheckError, .usage("unknown option '--no-golden'; did you mean '--no-goldens'?"))
        }
        XCTAssertThrowsError(try Invocation.parse(["--zzz", "lessons/"])) {
            XCTAssertEqual($0 as? CourseCheckError, .usage("unknown option '--zzz'"))
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let typo = InProcess.run(["chek", "lessons/"], in: scratch.url)
        XCTAssertEqual(typo.status, .failure)
        XCTAssertEqual(typo.stderr, "coursecheck: error: unknown subcommand 'chek'; did you mean 'check'?\n")
    }

    func testEverySubcommandRefusesTheFlagsItDoesNotHonour() {
        for (arguments, refused) in [
            (["list", "--goldens", "g", "lessons/"], "list does not take --goldens"),
            (["list", "--engine", "swiftc", "lessons/"], "list does not take --engine"),
            (["run", "--junit", "r.xml", "a.md:1"], "run does not take --junit"),
            (["run", "--format", "json", "a.md:1"], "run does not take --format"),
            (["import", "--strict", "a.md", "lessons"], "import does not take --strict"),
            (["import", "--force", "a.md", "lessons"], "import does not take --force"),
            (["--force", "lessons/"], "--force goes with --update or --promote"),
            (["list", "--format", "github", "lessons/"], "list writes text or json, not github"),
            (["watch", "--update", "lessons/"], "watch does not take --update"),
            (["watch", "--promote", "lessons/"], "watch does not take --promote"),
            (["watch", "--format", "json", "lessons/"], "watch does not take --format"),
            (["watch", "--cross-check", "lessons/"], "watch does not take --cross-check"),
            (["watch"], "no lessons given; pass a lessons directory or .md files"),
            (["lsp", "--update"], "lsp does not take --update"),
            (["lsp", "--color", "always"], "lsp does not take --color"),
            (["lsp", "lessons/"], "lsp takes no paths; the editor names the lessons it opens"),
        ] {
            XCTAssertThrowsError(try Invocation.parse(arguments), "\(arguments)") {
                XCTAssertEqual($0 as? CourseCheckError, .usage(refused))
            }
        }
    }

    /// Every declaration against every subcommand: an option a subcommand accepts parses there (in
    /// both value spellings, and refused when given twice); any other is refused by name. A new
    /// option needs a valid value here, so this table cannot silently miss it.
    func testEveryDeclaredOptionIsHonouredOrRefusedByEverySubcommand() throws {
        let values = [
            "--engine": "embedded", "--timeout": "5", "--output-limit": "100", "--compile-timeout": "5",
            "--build": "per-tree", "--cache-dir": "c", "--goldens": "g", "--format": "json", "--junit": "r.xml",
            "--color": "never", "--core": "Counter",
        ]
        let paths: [Invocation.Subcommand: [String]] = [
            .check: ["lessons/"], .list: ["lessons/"], .run: ["a.md:1"], .importCourse: ["a.md", "lessons"],
            .watch: ["lessons/"], .lsp: [], .help: [], .version: [],
        ]
        for (name, subcommand) in Invocation.subcommands {
            for option in CommandLineSpec.options where !CommandLineSpec.answeredAnywhere.contains(option.names[0]) {
                let flag = option.names.last!
                var forms = [[flag]]
                if option.value != nil {
                    let value = try XCTUnwrap(values[flag], "\(flag) has no test value")
                    forms = [[flag, value], ["\(flag)=\(value)"]]
                }
                for form in forms {
                    let arguments = [name] + form + paths[subcommand, default: []]
                    do {
                        _ = try Invocation.parse(arguments)
                        XCTAssertTrue(option.accepted.contains(subcommand), "\(arguments) parsed")
                    } catch {
                        if option.accepted.contains(subcommand) {
                            // Accepted, but some flags only go with another (`--dry-run` with `--promote`).
                            XCTAssertNotEqual(error, .usage("\(name) does not take \(flag)"), "\(arguments)")
                        } else {
                            XCTAssertEqual(error, .usage("\(name) does not take \(flag)"), "\(arguments)")
                        }
                    }
                }
                if let value = values[flag], option.accepted.contains(subcommand) {
                    XCTAssertThrowsError(
                        try Invocation.parse([name, flag, value, flag, value] + paths[subcommand, default: []])
                    ) { XCTAssertEqual($0 as? CourseCheckError, .usage("\(flag) is given twice")) }
                }
            }
        }
    }

    /// The writing flags make one action; the modes are values, not flags checked against each other.
    func testFlagsBecomeAnActionAndModes() throws {
        XCTAssertEqual(try Invocation.parse(["--update", "lessons/"]).action, .update(force: false))
        XCTAssertEqual(try Invocation.parse(["--update", "--force", "lessons/"]).action, .update(force: true))
        XCTAssertEqual(
            try Invocation.parse(["--promote", "--dry-run", "lessons/"]).action, .promote(dryRun: true, force: false))
        XCTAssertEqual(try Invocation.parse(["--promote", "lessons/"]).action, .promote(dryRun: false, force: false))
        XCTAssertEqual(
            try Invocation.parse(["import", "a.md", "lessons"]).action,
            .importCourse(export: "a.md", lessons: "lessons"))
        let modes = try Invocation.parse([
            "--build", "per-tree", "--goldens", "g", "--no-cache", "--cache-dir", "c", "lessons/",
        ])
        XCTAssertEqual(modes.build, .perTree)
        XCTAssertEqual(modes.goldens, .directory("g"))
        // `--no-goldens` and `--no-cache` win over a directory given before or after them.
        XCTAssertEqual(modes.cache, .off)
        XCTAssertEqual(try Invocation.parse(["--no-goldens", "--goldens", "g", "lessons/"]).goldens, .off)
        XCTAssertEqual(try Invocation.parse(["lessons/"]).goldens, .beside)
        XCTAssertEqual(try Invocation.parse(["lessons/"]).cache, .standard)
    }

    /// A combination no action expresses is a usage error, on the command line as in the parser.
    func testImpossibleCombinationsAreUsageErrors() throws {
        for (arguments, refused) in [
            (
                ["--update", "--promote", "lessons/"],
                "--update and --promote are separate steps: promote the lesson text first, then update"
            ),
            (["--dry-run", "lessons/"], "--dry-run goes with --promote"),
            (["--update", "--dry-run", "lessons/"], "--dry-run goes with --promote"),
            (["--update", "--no-goldens", "lessons/"], "--update writes goldens; it cannot go with --no-goldens"),
        ] {
            XCTAssertThrowsError(try Invocation.parse(arguments), "\(arguments)") {
                XCTAssertEqual($0 as? CourseCheckError, .usage(refused))
            }
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = InProcess.run(["--promote", "--update", "lessons/"], in: scratch.url)
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: --update and --promote are separate steps: promote the lesson text first, then update\n"
                + "Run 'coursecheck --help' for usage.\n")
    }

    func testListHonoursJSON() throws {
        let result = InProcess.run(["list", "--format", "json", "lessons/09-yerel-durum.md"], in: Binary.packageRoot)
        XCTAssertEqual(result.status, .clean, result.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 9)
        let tree = try XCTUnwrap(rows.first { $0["role"] as? String == "tree" })
        XCTAssertEqual(tree["file"] as? String, "lessons/09-yerel-durum.md")
        // The tree's `// main.swift` line, the line its findings name, not its fence's.
        XCTAssertEqual(tree["line"] as? Int, 120)
        XCTAssertEqual(tree["expected"] as? Int, 138)
        XCTAssertEqual(tree["engine"] as? String, "embedded")
        XCTAssertEqual(tree["title"] as? String, "gorunumun kendi durumu yalniz kendini yeniden hesaplatir")
        for row in rows { XCTAssertEqual(Set(row.keys), ["file", "line", "role", "expected", "engine", "title"]) }
    }
}
