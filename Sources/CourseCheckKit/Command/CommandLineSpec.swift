/// The command line, declared once. The parser (`Invocation.parse`), the global help, each
/// subcommand's help and `Documentation/CLI.md` are all read from these declarations, so a new
/// option is one `OptionSpec` and nothing else can drift.
package enum CommandLineSpec {
    /// One subcommand: its usage lines, its entry in the help, and the reference's prose.
    package struct SubcommandSpec: Sendable {
        let subcommand: Invocation.Subcommand
        /// The name in the help's SUBCOMMANDS list.
        package let title: String
        /// The help's description, as wrapped lines.
        package let help: [String]
        /// More for the reference (`Documentation/CLI.md`) than the help has room for.
        package let details: String
    }

    /// One option: its names, its value, its help, the subcommands that honour it, and what it does.
    package struct OptionSpec: Sendable {
        /// `["-h", "--help"]`, or one name.
        package let names: [String]
        /// The value's placeholder (`<engine>`), or nil for a flag.
        package let value: String?
        /// The help, as wrapped lines.
        package let help: [String]
        /// The subcommands that accept it; any other refuses it with a usage error.
        package let accepted: Set<Invocation.Subcommand>
        /// More for the reference than the help has room for.
        package let details: String
        /// What the option does to the parse; `value` is the option's value when it takes one.
        let apply: @Sendable (_ parse: inout Invocation.Parse, _ value: String) throws(CourseCheckError) -> Void

        /// The help's left column: `-h, --help`, `--engine <engine>`.
        package var usage: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }
    }

    /// Every subcommand but check's writing modes, whose usage line is check's.
    static let every: Set<Invocation.Subcommand> = [
        .check, .list, .run, .importCourse, .initCourse, .watch, .lsp, .help, .version,
    ]
    /// The subcommands that run trees (and so take the engine's limits).
    private static let running: Set<Invocation.Subcommand> = [.check, .run, .watch, .lsp]
    /// The subcommands that read goldens and check claims.
    private static let checking: Set<Invocation.Subcommand> = [.check, .watch, .lsp]

    /// The usage lines, each with the subcommands whose help shows it.
    package static let usage: [(line: String, subcommands: Set<Invocation.Subcommand>)] = [
        ("coursecheck [check] [options] <path>...", [.check]),
        ("coursecheck list [--format text|json] <path>...", [.list]),
        ("coursecheck run [options] <lesson.md>:<line>", [.run]),
        ("coursecheck --update [--prune] | --promote [--dry-run] <path>...", [.check]),
        ("coursecheck import <export.md> <lessons-dir>", [.importCourse]),
        ("coursecheck init [--core <name>] [<dir>]", [.initCourse]),
        ("coursecheck watch [options] <path>...", [.watch]),
        ("coursecheck lsp [options]", [.lsp]),
        ("coursecheck help [<subcommand>]", [.help]),
        ("coursecheck version", [.version]),
    ]

    package static let subcommands: [SubcommandSpec] = [
        SubcommandSpec(
            subcommand: .check, title: "check", help: ["Check the lessons (the default)."],
            details: """
                Diagnostics go to stderr as `path:line:col: error|warning|note: message [id]`, then one \
                summary line goes to stdout: `21 lessons: 21 core, 50 trees, 42 fragments; compiler: 50 trees accepted; \
                embedded: 48 trees \
                (cached: 48 results); swiftc: 2 trees (cached: 2 results) [2 × import Observation]; goldens: 50 compared; claims: 8 \
                checked; 0 errors`. With `--update` it approves outputs as goldens, with `--promote` it rewrites \
                expected blocks: see [Goldens.md](Goldens.md).
                """),
        SubcommandSpec(
            subcommand: .list, title: "list",
            help: [
                "Print every block's file, line and role: a block at its",
                "opening fence, a tree at its // main.swift line (the",
                "line its findings name) with its expected block's line.",
            ],
            details: """
                A tree's row also names the engine `auto` sends it to (with the reason when it leaves the \
                embedded engine) and its title. The findings of the listing (a structural error, with \
                `--strict` a warning) are reported too, and make the exit status 1. \
                `--format json` gives the same rows as a JSON array (`file`, `line`, `role`, `expected`, \
                `engine`, `title`, every key in every row, `null` where it does not apply).
                """),
        SubcommandSpec(
            subcommand: .run, title: "run", help: ["Print the actual output of the tree that holds <line>."],
            details: """
                LINE is any line of the tree's block or of its expected block, fence lines included, so the \
                line an `output-drift` names runs its tree.
                """),
        SubcommandSpec(
            subcommand: .importCourse, title: "import",
            help: [
                "Split a single-file course export into NN-<slug>.md",
                "lessons and a README.md index, or replace one lesson",
                "from a lesson export (keeps existing objectives and a",
                "later 'updated').",
            ],
            details: """
                A course export from the platform has course front matter, `## ` parts, `### ` lessons with a \
                `Source:` line and `####` sections; the lessons and the index are written atomically, and a \
                lesson file's existing `objectives` (which the export \
                lacks) and a later `updated` are kept. Importing the course's own export into `lessons/` changes \
                no file. A standalone lesson export (front matter with `title` and `source`, then `# Title`) \
                replaces the one lesson file `NN-<slug>.md` whose slug ends its `source` URL, keeping the same two \
                things; anything else gets a message saying which two formats import reads. It writes only into \
                a new or empty folder or a lessons directory (never a repository's top, a goldens directory or a \
                folder of other files), and replaces only the lesson whose front matter names the same `source` \
                or this course's index, unchanged since it was read; any other file is refused by name before \
                anything is written (exit 2). Import approves nothing, so it also runs on CI. The index ends \
                with the licence and sources, from the export's `license`, `source` and lessons' `Source:` lines \
                alone, in Turkish for `language: tr` and in English otherwise. The format, with an example: \
                [Authoring.md](Authoring.md#importing-an-export).
                """),
        SubcommandSpec(
            subcommand: .initCourse, title: "init",
            help: [
                "Start a course that passes its own check in <dir> (the",
                "current folder without one): a lesson, its golden, a",
                "Makefile with verify, a CI workflow and a README.",
            ],
            details: """
                The example lesson has a core (`// Counter.swift`, or the name `--core` gives), one tree and \
                its expected block; init approves the tree's golden as `--update` does, then checks the course. \
                It writes only into a missing or empty folder (anything there is refused, and nothing is \
                written) and never replaces a file. See [Authoring.md](Authoring.md#starting-a-course).
                """),
        SubcommandSpec(
            subcommand: .watch, title: "watch",
            help: [
                "Check, then check again whenever a lesson, a golden or",
                "the course index changes (inotify, else polling);",
                "swiftc trees run in the background. Writes nothing;",
                "Ctrl-C stops.",
            ],
            details: "The author's live loop in a terminal; see [Editors.md](Editors.md)."),
        SubcommandSpec(
            subcommand: .lsp, title: "lsp",
            help: [
                "A Language Server Protocol server on stdin/stdout:",
                "diagnostics as you type, quick fixes for drifted",
                "blocks, hover shows a tree's output, and the command",
                "coursecheck.approve writes one tree's golden.",
            ],
            details: "The author's live loop in an editor; see [Editors.md](Editors.md)."),
        SubcommandSpec(
            subcommand: .help, title: "help",
            help: [
                "Show the help: every subcommand and option, or with a",
                "subcommand its usage and the options it accepts (as",
                "<subcommand> --help does).",
            ],
            details: """
                `coursecheck help run` and `coursecheck run --help` show one subcommand's usage and options; \
                `--help` and `--version` work anywhere.
                """),
        SubcommandSpec(
            subcommand: .version, title: "version",
            help: [
                "Print the version (as --version does) and the swiftc",
                "a check would use: SWIFTC, else the first on PATH,",
                "else on a Mac xcrun's.",
            ], details: ""),
    ]

    package static let options: [OptionSpec] = [
        OptionSpec(
            names: ["--engine"], value: "<engine>",
            help: [
                "auto (default): embedded for trees in the tree language,",
                "swiftc for trees that import a module or leave it;",
                "embedded: in-process through the compiled core, running",
                "no lesson code (other trees are errors);",
                "swiftc: compile every tree with the installed toolchain",
                "(SWIFTC, then PATH) and run it.",
            ], accepted: running, details: "See [Engines.md](Engines.md)."
        ) { parse, raw throws(CourseCheckError) in
            guard let engine = EngineRouter.Choice(rawValue: raw) else {
                let known = EngineRouter.Choice.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("--engine must be one of \(known), not '\(raw)'")
            }
            parse.invocation.engine = engine
        },
        OptionSpec(
            names: ["--cross-check"], value: nil,
            help: [
                "Also run every embedded tree on swiftc; fail where the",
                "engines disagree.",
            ], accepted: [.check], details: "See [Engines.md](Engines.md)."
        ) { parse, _ throws(CourseCheckError) in parse.invocation.crossCheck = true },
        OptionSpec(
            names: ["--timeout"], value: "<s>", help: ["Seconds a compiled tree may run (default 10)."],
            accepted: running,
            details:
                "A compiled tree still running then is stopped, with its process group, and fails. The embedded "
                + "engine is bounded by steps instead (5,000,000, the same on every machine), so a slow machine "
                + "never turns its verdict."
        ) { parse, raw throws(CourseCheckError) in
            parse.invocation.timeout = try seconds(raw, for: "--timeout")
        },
        OptionSpec(
            names: ["--output-limit"], value: "<n>", help: ["Bytes a tree may print (default 1048576)."],
            accepted: running, details: "A tree printing more is stopped and fails."
        ) { parse, raw throws(CourseCheckError) in
            guard let bytes = Int(raw), bytes > 0 else {
                throw .usage("--output-limit needs a positive number of bytes, not '\(raw)'")
            }
            parse.invocation.outputLimit = bytes
        },
        OptionSpec(
            names: ["--compile-timeout"], value: "<s>",
            help: [
                "Seconds one swiftc invocation may take (default 120);",
                "swiftc and its children are then stopped.",
            ], accepted: [.check, .run],
            details: """
                The limit for every swiftc invocation (tree builds and `swiftc -parse` of the fragments); past \
                it swiftc and its children are killed and a located `compile-timeout` error is reported.
                """
        ) { parse, raw throws(CourseCheckError) in
            parse.invocation.compileTimeout = try seconds(raw, for: "--compile-timeout")
        },
        OptionSpec(
            names: ["--build"], value: "<mode>",
            help: [
                "merged (default): one swiftc for the trees that can",
                "share a program, the others standalone, one tree per",
                "process; per-tree: one swiftc per tree, each tree",
                "verbatim as main.swift.",
            ], accepted: running,
            details: """
                A tree that could observe the merge (it declares a type, imports a module, reads the command \
                line, …) is built standalone, and the summary counts each reason.
                """
        ) { parse, raw throws(CourseCheckError) in
            guard let build = Invocation.BuildMode(rawValue: raw) else {
                throw .usage("--build must be merged or per-tree, not '\(raw)'")
            }
            parse.invocation.build = build
        },
        OptionSpec(
            names: ["--no-cache"], value: nil, help: ["Compile, run and check everything afresh."], accepted: running,
            details:
                "Wins over `--cache-dir` in either order. Nothing is read from the cache or written to it, "
                + "the remembered outcome of the claims that read the text alone included."
        ) { parse, _ throws(CourseCheckError) in
            parse.noCache = true
            parse.invocation.cache = .off
        },
        OptionSpec(
            names: ["--cache-dir"], value: "<dir>",
            help: [
                "Where binaries and clean results of both engines are cached",
                "(default .build/coursecheck-cache beside the lessons directory,",
                "or COURSECHECK_CACHE_DIR).",
            ], accepted: running, details: ""
        ) { parse, directory throws(CourseCheckError) in
            if !parse.noCache { parse.invocation.cache = .directory(directory) }
        },
        OptionSpec(
            names: ["--goldens"], value: "<dir>",
            help: [
                "Approved outputs (default: goldens/ beside the lessons",
                "directory); one <lesson-stem>/<tree-slug>.out per tree.",
            ], accepted: checking, details: "See [Goldens.md](Goldens.md)."
        ) { parse, directory throws(CourseCheckError) in
            if !parse.noGoldens { parse.invocation.goldens = .directory(directory) }
        },
        OptionSpec(
            names: ["--no-goldens"], value: nil, help: ["Skip the golden check."], accepted: checking,
            details: "Wins over `--goldens` in either order."
        ) { parse, _ throws(CourseCheckError) in
            parse.noGoldens = true
            parse.invocation.goldens = .off
        },
        OptionSpec(
            names: ["--core"], value: "<name>",
            help: [
                "The core's file name (Counter or Counter.swift), where",
                "the lessons' blocks leave it ambiguous (default: the",
                "index's 'core:', else the name the lessons' cores have).",
            ], accepted: [.check, .list, .run, .watch, .lsp, .initCourse],
            details: """
                The core is the ```swift block whose first line names a Swift file other than `main.swift` \
                (`// Counter.swift`), with one name in every lesson; see [Authoring.md](Authoring.md#the-core). \
                With `init`, the name of the example course's core (default `Counter.swift`).
                """
        ) { parse, name throws(CourseCheckError) in
            // A name with another extension (`counter.py`) is another language's file, not a core
            // to call `counter.py.swift`.
            guard name.hasSuffix(".swift") || !name.contains("."), let fileName = CourseCore.fileName(given: name)
            else {
                throw .usage(
                    "--core must name a Swift file other than main.swift, such as Counter or Counter.swift"
                        + " (got '\(name)')")
            }
            parse.invocation.core = fileName
        },
        OptionSpec(
            names: ["--no-claims"], value: nil,
            help: [
                "Skip the course claims (closing table, triggers, note",
                "series, label references, index, front matter,",
                "fragment syntax).",
            ], accepted: checking, details: "See [Authoring.md](Authoring.md) for the claims."
        ) { parse, _ throws(CourseCheckError) in parse.invocation.noClaims = true },
        OptionSpec(
            names: ["--update"], value: nil,
            help: [
                "Approve the current outputs as goldens (only trees whose",
                "output equals the lesson), then check again; never",
                "deletes a golden. Refused on CI.",
            ], accepted: [.check], details: "See [Goldens.md](Goldens.md)."
        ) { parse, _ throws(CourseCheckError) in parse.update = true },
        OptionSpec(
            names: ["--prune"], value: nil,
            help: [
                "With --update: also delete the orphan *.out files it",
                "lists first.",
            ], accepted: [.check], details: ""
        ) { parse, _ throws(CourseCheckError) in parse.prune = true },
        OptionSpec(
            names: ["--promote"], value: nil,
            help: [
                "Rewrite the lessons' expected blocks to the actual",
                "outputs and core blocks to the embedded core, in place.",
            ], accepted: [.check], details: "See [Goldens.md](Goldens.md)."
        ) { parse, _ throws(CourseCheckError) in parse.promote = true },
        OptionSpec(
            names: ["--dry-run"], value: nil,
            help: [
                "With --promote: print a patch for 'git apply' instead",
                "(allowed on CI).",
            ], accepted: [.check],
            details: """
                With `--format json`: one JSON document, `{"findings": [...], "patch": "..."}`; the patch names \
                files relative to the lesson's own repository, from wherever it is run. A dry run's findings are \
                what the patch leaves, the goldens' included (it writes no golden).
                """
        ) { parse, _ throws(CourseCheckError) in parse.dryRun = true },
        OptionSpec(
            names: ["--force"], value: nil,
            help: [
                "Allow --update/--promote when CI is set (CI unset,",
                "empty, 0, false, no or off is not CI).",
            ], accepted: [.check], details: ""
        ) { parse, _ throws(CourseCheckError) in parse.force = true },
        OptionSpec(
            names: ["--format"], value: "<format>",
            help: [
                "text (default), github (workflow commands on stdout)",
                "or json (a JSON array of findings on stdout); list",
                "takes text or json.",
            ], accepted: [.check, .list],
            details: """
                `github` adds one GitHub Actions workflow command per finding on stdout \
                (`::error file=…,line=…,col=…,title=output drift::…`, newlines escaped); `json` writes the \
                findings as a JSON array on stdout and the summary on stderr. Every finding has every key: \
                `severity`, `id`, `file`, `line`, `column`, `message`, `notes`, `detail` (`null` without a diff). \
                See [CI.md](CI.md).
                """
        ) { parse, raw throws(CourseCheckError) in
            guard let format = Invocation.Format(rawValue: raw) else {
                throw .usage("--format must be text, github or json, not '\(raw)'")
            }
            parse.invocation.format = format
        },
        OptionSpec(
            names: ["--junit"], value: "<file>",
            help: [
                "Also write a JUnit XML report (never a lesson, nor a",
                "file in a lessons or goldens directory).",
            ], accepted: [.check],
            details: """
                One `<testsuite>` per lesson, one `<testcase>` per check, named without line numbers so a prose \
                edit renames nothing (`structure`, `core`, and `tree <golden-slug>` for each tree), `<failure>` \
                with message and diff. See [CI.md](CI.md).
                """
        ) { parse, path throws(CourseCheckError) in parse.invocation.junitPath = path },
        OptionSpec(
            names: ["--commit-hook"], value: nil,
            help: [
                "Check what is staged, as a git pre-commit hook: a run",
                "that fails ends with a line saying 'commit refused'.",
            ],
            accepted: [.check],
            details: """
                Checks what the commit holds: in a git work tree the lessons, their goldens and the lessons \
                directories `goldens/LESSONS` names are read from the index (the index git gives the hook), so \
                an edit left unstaged neither hides a finding nor causes one; outside a work tree the files as \
                they are (an export already made, as this repository's `make hooks` hook makes one). The last \
                line a failing check writes on stderr says why the commit is refused (findings, or a check \
                that could not run) and ends with `commit refused`; a clean check writes nothing more. Any \
                course's hook is one line: `printf '#!/bin/sh\\nexec coursecheck --commit-hook lessons/\\n' \
                > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`.
                """
        ) { parse, _ throws(CourseCheckError) in parse.invocation.commitHook = true },
        OptionSpec(
            names: ["--strict"], value: nil, help: ["Treat warnings as errors."],
            accepted: [.check, .list, .watch, .lsp], details: ""
        ) { parse, _ throws(CourseCheckError) in parse.invocation.strict = true },
        OptionSpec(
            names: ["--color"], value: "<when>",
            help: [
                "auto (default: only on a terminal, never with NO_COLOR",
                "or TERM=dumb), always or never.",
            ], accepted: every.subtracting([.lsp]), details: ""
        ) { parse, raw throws(CourseCheckError) in
            guard let choice = Invocation.ColorChoice(rawValue: raw) else {
                throw .usage("--color must be auto, always or never, not '\(raw)'")
            }
            parse.invocation.color = choice
        },
        OptionSpec(
            names: ["--no-color"], value: nil, help: ["Same as --color never."], accepted: every.subtracting([.lsp]),
            details: ""
        ) { parse, _ throws(CourseCheckError) in parse.invocation.color = .never },
        OptionSpec(
            names: ["--version"], value: nil, help: ["Print the version."], accepted: [], details: ""
        ) { parse, _ throws(CourseCheckError) in parse.askedFor = parse.askedFor ?? .version },
        OptionSpec(
            names: ["-h", "--help"], value: nil, help: ["Show this help."], accepted: every, details: ""
        ) { parse, _ throws(CourseCheckError) in parse.askedFor = .help() },
    ]

    /// The environment variables coursecheck reads, for the reference: the name and what it does.
    package static let environment: [(name: String, effect: String)] = [
        (
            "CI",
            "set to anything but empty, `0`, `false`, `no` or `off`: `--update` and `--promote` refuse without `--force`, and `lsp` offers no approve"
        ),
        ("SWIFTC", "the swiftc to use; else `swiftc` on `PATH`"),
        (
            "COURSECHECK_CACHE_DIR",
            "the result cache (default `.build/coursecheck-cache` beside the lessons directory, where `goldens/` is); `--cache-dir` wins"
        ),
        ("NO_COLOR", "any value: no colour (as `--color never`, unless `--color always`)"),
        ("TERM", "`dumb`: no colour"),
        ("GITHUB_STEP_SUMMARY", "with `--format github`: the job summary is appended to this file"),
        ("TMPDIR", "where scratch directories go (removed on every exit, signals included)"),
        ("COURSECHECK_WATCH", "`poll`: `watch` polls instead of using inotify"),
        (
            "COURSECHECK_PORTABLE",
            "`1`: a Linux build takes the portable (POSIX) path that macOS takes, without the calls only Linux has (see Platforms.md)"
        ),
        (
            "COURSECHECK_LIVE_SLICE_MS",
            "`lsp` and `watch`: milliseconds a tree may run inside a check before its finding moves to a later publish (default 25)"
        ),
        ("COURSECHECK_LSP_LOG", "`lsp` logs each check's time on stderr (for `scripts/lsp-latency`)"),
        ("COURSECHECK_BIN", "read by the pre-commit hook (`make hooks`), not by coursecheck: the binary it runs"),
    ]

    /// `--help` and `--version` answer under any subcommand, so no subcommand refuses them.
    static let answeredAnywhere: Set<String> = ["-h", "--help", "--version"]

    /// The declaration named `name`.
    static func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// Every option name, for suggestions.
    static let allNames: [String] = options.flatMap(\.names).sorted()

    private static func seconds(_ raw: String, for name: String) throws(CourseCheckError) -> Double {
        guard let seconds = Double(raw), seconds > 0, seconds.isFinite else {
            throw .usage("\(name) needs a positive number of seconds, not '\(raw)'")
        }
        return seconds
    }

    /// `  name                text`: the help's two columns, the left one 20 wide.
    static func entry(_ name: String, _ lines: [String]) -> [String] {
        let head = "  " + name
        let padded = head.count < 22 ? head + String(repeating: " ", count: 22 - head.count) : head + "  "
        return [padded + (lines.first ?? "")] + lines.dropFirst().map { String(repeating: " ", count: 22) + $0 }
    }

    /// The global help.
    package static let help: String = {
        var lines = [
            "OVERVIEW: Verify the golden outputs of the course \"SwiftUI ile Arayüz\".",
            "",
            "Every lesson's fenced blocks get a role: the core (```swift starting",
            "`// Invalidation.swift`), trees (```swift starting `// main.swift`), their expected",
            "output (the bare ``` fence right after a tree) and display fragments (any other",
            "```swift block). Each core block must equal the embedded core byte for byte, and",
            "each tree, compiled with the core and run, must print exactly its expected block.",
            "",
        ]
        for (index, usage) in usage.enumerated() {
            lines.append((index == 0 ? "USAGE: " : "       ") + usage.line)
        }
        lines += [
            "",
            "Options may come before or after the subcommand; '--' ends the options.",
            "",
            "ARGUMENTS:",
            "  <path>              A lessons directory (its NN-slug.md files, in name order)",
            "                      or single lesson .md files.",
            "",
            "SUBCOMMANDS:",
        ]
        lines += subcommands.flatMap { entry($0.title, $0.help) }
        lines += ["", "OPTIONS:"]
        lines += options.flatMap { entry($0.usage, $0.help) }
        lines += [
            "",
            "Diagnostics go to stderr as `path:line:col: error|warning|note: message [id]`;",
            "the summary line goes to stdout.",
            "",
            "EXIT STATUS:",
            "  0  clean   1  findings   2  usage or I/O error",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The help of one subcommand: its usage lines, its description, and the options it accepts.
    package static func help(of subcommand: Invocation.Subcommand) -> String {
        var text = "USAGE:\n"
        text += usage.filter { $0.subcommands.contains(subcommand) }.map { "  " + $0.line + "\n" }.joined()
        text += "\n"
        let description = subcommands.first { $0.subcommand == subcommand }
        if let description {
            text += entry(description.title, description.help).map { String($0.dropFirst(2)) + "\n" }.joined() + "\n"
        }
        text += "OPTIONS:\n"
        text += options.filter { $0.accepted.contains(subcommand) }.flatMap { entry($0.usage, $0.help) }.map {
            $0 + "\n"
        }.joined()
        text += "\nSee 'coursecheck help' for the other subcommands and the exit status.\n"
        return text
    }
}
