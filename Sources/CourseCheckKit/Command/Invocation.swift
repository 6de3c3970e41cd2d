import Foundation

/// The parsed command line: what to do, and how. Combinations the program does not run (`--dry-run`
/// without `--promote`, `--update` with `--promote`) have no value of this type; the parser refuses
/// them with a usage error.
package struct Invocation: Sendable, Equatable {
    /// What to do.
    package enum Action: Sendable, Equatable {
        /// Check every lesson (the default).
        case check
        /// Approve current outputs as goldens, then check; `force` allows it under `CI`; `prune`
        /// also deletes the orphan goldens it lists.
        case update(force: Bool, prune: Bool = false)
        /// Rewrite lessons' expected and core blocks in place, or print a patch instead (`dryRun`);
        /// `force` allows writing under `CI`.
        case promote(dryRun: Bool, force: Bool)
        /// Print the role of every block.
        case list
        /// Print the actual output of the tree at `target`, `<lesson.md>:<line>`.
        case run(target: String)
        /// Split a single-file course export into lesson files.
        case importCourse(export: String, lessons: String)
        /// Check again whenever a lesson, a golden or the course index changes.
        case watch
        /// A Language Server Protocol server on stdin and stdout.
        case lsp
        /// The help, of one subcommand when one is named (`help run`, `run --help`).
        case help(String? = nil)
        case version
    }

    /// The subcommand as written, which decides the options accepted.
    enum Subcommand: String, Sendable {
        case check, list, run
        case importCourse = "import"
        case watch, lsp, help, version
    }

    /// When to colour output.
    package enum ColorChoice: String, Sendable, Equatable {
        case auto, always, never
    }

    /// How swiftc builds the trees (`--build`).
    package enum BuildMode: String, Sendable, Equatable {
        /// All trees in one program (the default).
        case merged
        /// One swiftc per tree, each verbatim as main.swift.
        case perTree = "per-tree"
    }

    /// Where approved outputs are read and written.
    package enum Goldens: Sendable, Equatable {
        /// `goldens/` beside the lessons directory.
        case beside
        /// `--goldens DIR`.
        case directory(String)
        /// `--no-goldens`: no golden check.
        case off
    }

    /// Where compiled binaries and passing results are kept.
    package enum CacheChoice: Sendable, Equatable {
        /// `COURSECHECK_CACHE_DIR`, else `.build/coursecheck-cache`.
        case standard
        /// `--cache-dir DIR`.
        case directory(String)
        /// `--no-cache`: compile and run everything afresh.
        case off
    }

    package var action: Action = .check
    /// The lessons directories or files of `check`, `update`, `promote`, `list` and `watch`.
    package var paths: [String] = []
    package var strict = false
    package var color: ColorChoice = .auto
    package var engine: EngineRouter.Choice = .auto
    /// Run every tree on both engines and fail where they disagree.
    package var crossCheck = false
    /// Seconds a tree may run.
    package var timeout: Double = 10
    /// Bytes a tree may print.
    package var outputLimit = 1 << 20
    /// Seconds one swiftc invocation may take (`--compile-timeout`).
    package var compileTimeout: Double = 120
    package var cache: CacheChoice = .standard
    package var build: BuildMode = .merged
    package var goldens: Goldens = .beside
    /// Skip the course claims (`--no-claims`).
    package var noClaims = false
    package var format: Format = .text
    /// Write a JUnit XML report here.
    package var junitPath: String?

    /// How findings are written.
    package enum Format: String, Sendable, CaseIterable {
        /// swiftc/clang-style diagnostics on stderr (default).
        case text
        /// GitHub Actions workflow commands on stdout, plus the text diagnostics.
        case github
        /// A JSON array of findings on stdout.
        case json
    }

    package init() {}

    /// The subcommands, as written on the command line.
    static let subcommands: [String: Subcommand] = [
        "check": .check, "list": .list, "run": .run, "import": .importCourse, "watch": .watch, "lsp": .lsp,
        "help": .help, "version": .version,
    ]

    /// What each subcommand accepts besides paths: a flag outside its set is an error, never ignored.
    static let checkOptions: Set<String> = [
        "--strict", "--color", "--no-color", "--engine", "--cross-check", "--timeout", "--compile-timeout",
        "--output-limit", "--build",
        "--no-cache", "--cache-dir", "--goldens", "--no-goldens", "--no-claims", "--update", "--prune", "--promote",
        "--dry-run", "--force", "--format", "--junit",
    ]
    static func accepted(by subcommand: Subcommand) -> Set<String> {
        switch subcommand {
        case .check: checkOptions
        case .list: ["--strict", "--color", "--no-color", "--format"]
        case .run:
            [
                "--color", "--no-color", "--engine", "--timeout", "--compile-timeout", "--output-limit", "--build",
                "--no-cache", "--cache-dir",
            ]
        case .importCourse: ["--color", "--no-color"]
        case .watch:
            [
                "--strict", "--color", "--no-color", "--engine", "--timeout", "--output-limit", "--build", "--no-cache",
                "--cache-dir", "--goldens", "--no-goldens", "--no-claims",
            ]
        case .lsp:
            [
                "--strict", "--engine", "--timeout", "--output-limit", "--build", "--no-cache", "--cache-dir",
                "--goldens",
                "--no-goldens", "--no-claims",
            ]
        case .help, .version: ["--color", "--no-color"]
        }
    }

    /// The options that take a value (`--format json`, `--format=json`); the others are flags.
    static let valueOptions: Set<String> = [
        "--color", "--engine", "--timeout", "--compile-timeout", "--output-limit", "--build", "--goldens", "--format",
        "--junit", "--cache-dir",
    ]

    /// The help of one subcommand, cut from the global help so the two never disagree: its usage
    /// lines, its description, and the options it accepts.
    package static func help(of name: String) -> String {
        guard let subcommand = subcommands[name] else { return help }
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        /// The entry for `key` in a section: its first line (`  key …`) and the more-indented
        /// lines that continue it.
        func entry(_ key: (String) -> Bool, in section: String) -> [String] {
            guard let start = lines.firstIndex(of: section) else { return [] }
            var found: [String] = []
            var taking = false
            for line in lines[(start + 1)...] {
                if line.isEmpty || !line.hasPrefix(" ") { break }
                let isEntry = line.hasPrefix("  ") && !line.hasPrefix("   ")
                if isEntry { taking = key(String(line.dropFirst(2))) }
                if taking { found.append(line) }
            }
            return found
        }
        let usage = lines.filter { line in
            guard line.hasPrefix("USAGE: ") || line.hasPrefix("       coursecheck") else { return false }
            let words = line.split(separator: " ").map(String.init)
            guard let program = words.firstIndex(of: "coursecheck"), program + 1 < words.count else { return false }
            let first = words[program + 1]
            if subcommand == .check { return first == "[check]" || first == "--update" }
            return first == name || (subcommand == .version && first == "help")
        }.map { "  " + $0.drop { $0 != "c" } }
        let description = entry(
            {
                $0.hasPrefix(name + " ") || $0.hasPrefix(name + ",")
                    || $0.hasPrefix("help, version") && subcommand == .version
            }, in: "SUBCOMMANDS:")
        let accepted = accepted(by: subcommand).union(["--help"])
        let options = entry(
            { text in
                let names = text.prefix { $0 != " " || text.hasPrefix("-h, ") }.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                return names.contains { accepted.contains($0) } || text.hasPrefix("-h, --help")
            }, in: "OPTIONS:")
        var text = "USAGE:\n" + usage.joined(separator: "\n") + "\n\n"
        if !description.isEmpty {
            text += description.map { String($0.dropFirst(2)) }.joined(separator: "\n") + "\n\n"
        }
        text += "OPTIONS:\n" + options.joined(separator: "\n") + "\n\n"
        text += "See 'coursecheck help' for the other subcommands and the exit status.\n"
        return text
    }

    /// Every option name, for suggestions.
    static let allOptions: [String] = (checkOptions.union(["--help", "--version", "-h"])).sorted()

    /// Parses the arguments after the program name. Options may come before or after the subcommand.
    package static func parse(_ arguments: [String]) throws(CourseCheckError) -> Invocation {
        var invocation = Invocation()
        var rest = arguments[...]
        var onlyPaths = false
        var subcommand: String?
        var chosen = Subcommand.check
        var given: [String] = []
        var askedFor: Action?
        // The writing flags, until the action they make is known.
        var update = false
        var promote = false
        var dryRun = false
        var force = false
        var prune = false
        // `--no-goldens` and `--no-cache` win over a directory, in either order.
        var noGoldens = false
        var noCache = false
        while let argument = rest.popFirst() {
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                if !onlyPaths, subcommand == nil, invocation.paths.isEmpty, let named = subcommands[argument] {
                    subcommand = argument
                    chosen = named
                } else {
                    invocation.paths.append(argument)
                }
                continue
            }
            let (name, inlineValue) = split(argument)
            // A flag takes no value: `--strict=false` would otherwise turn strict on.
            if let inlineValue, !valueOptions.contains(name), name.hasPrefix("--"), allOptions.contains(name) {
                throw .usage(
                    "\(name) takes no value, so '\(name)=\(inlineValue)' is refused; leave it out to turn it off")
            }
            func value() throws(CourseCheckError) -> String {
                // A value option given twice would silently take the last: say so instead.
                if given.dropLast().contains(name) { throw .usage("\(name) is given twice") }
                guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty else {
                    throw .usage("\(name) needs a value")
                }
                return value
            }
            if name != "--" && !["-h", "--help", "--version"].contains(name) { given.append(name) }
            switch name {
            case "--":
                onlyPaths = true
            case "-h", "--help":
                askedFor = .help()
            case "--version":
                askedFor = askedFor ?? .version
            case "--strict":
                invocation.strict = true
            case "--color":
                let raw = try value()
                guard let choice = ColorChoice(rawValue: raw) else {
                    throw .usage("--color must be auto, always or never, not '\(raw)'")
                }
                invocation.color = choice
            case "--no-color":
                invocation.color = .never
            case "--engine":
                let raw = try value()
                guard let engine = EngineRouter.Choice(rawValue: raw) else {
                    let known = EngineRouter.Choice.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .usage("--engine must be one of \(known), not '\(raw)'")
                }
                invocation.engine = engine
            case "--timeout":
                let raw = try value()
                guard let seconds = Double(raw), seconds > 0, seconds.isFinite else {
                    throw .usage("--timeout needs a positive number of seconds, not '\(raw)'")
                }
                invocation.timeout = seconds
            case "--compile-timeout":
                let raw = try value()
                guard let seconds = Double(raw), seconds > 0, seconds.isFinite else {
                    throw .usage("--compile-timeout needs a positive number of seconds, not '\(raw)'")
                }
                invocation.compileTimeout = seconds
            case "--output-limit":
                let raw = try value()
                guard let bytes = Int(raw), bytes > 0 else {
                    throw .usage("--output-limit needs a positive number of bytes, not '\(raw)'")
                }
                invocation.outputLimit = bytes
            case "--build":
                let raw = try value()
                guard let build = BuildMode(rawValue: raw) else {
                    throw .usage("--build must be merged or per-tree, not '\(raw)'")
                }
                invocation.build = build
            case "--goldens":
                let directory = try value()
                if !noGoldens { invocation.goldens = .directory(directory) }
            case "--no-goldens":
                noGoldens = true
                invocation.goldens = .off
            case "--no-claims":
                invocation.noClaims = true
            case "--update":
                update = true
            case "--prune":
                prune = true
            case "--promote":
                promote = true
            case "--dry-run":
                dryRun = true
            case "--force":
                force = true
            case "--format":
                let raw = try value()
                guard let format = Format(rawValue: raw) else {
                    throw .usage("--format must be text, github or json, not '\(raw)'")
                }
                invocation.format = format
            case "--junit":
                invocation.junitPath = try value()
            case "--cross-check":
                invocation.crossCheck = true
            case "--no-cache":
                noCache = true
                invocation.cache = .off
            case "--cache-dir":
                let directory = try value()
                if !noCache { invocation.cache = .directory(directory) }
            default:
                var message = "unknown option '\(name)'"
                if let suggestion = Suggestion.closest(to: name, among: allOptions) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw .usage(message)
            }
        }
        if let askedFor {
            // `run --help` is the help of run.
            if askedFor == .help(), let subcommand, chosen != .help, chosen != .version {
                invocation.action = .help(subcommand)
            } else {
                invocation.action = askedFor
            }
            return invocation
        }
        let accepted = accepted(by: chosen)
        if let refused = given.first(where: { !accepted.contains($0) }) {
            let command = subcommand ?? "check"
            throw .usage("\(command) does not take \(refused)")
        }
        let paths = invocation.paths
        if chosen == .help, paths.count == 1 {
            guard subcommands[paths[0]] != nil else {
                let known = subcommands.keys.sorted().joined(separator: ", ")
                throw .usage("help takes a subcommand (\(known)), not '\(paths[0])'")
            }
            invocation.action = .help(paths[0])
            invocation.paths = []
            return invocation
        }
        if chosen == .help || chosen == .version {
            guard paths.isEmpty else {
                throw .usage("\(subcommand ?? "help") takes no arguments")
            }
            invocation.action = chosen == .help ? .help() : .version
            return invocation
        }
        if chosen == .list && invocation.format == .github {
            throw .usage("list writes text or json, not github")
        }
        if chosen == .lsp && !paths.isEmpty {
            throw .usage("lsp takes no paths; the editor names the lessons it opens")
        }
        if [.check, .list, .watch].contains(chosen) && paths.isEmpty {
            throw .usage("no lessons given; pass a lessons directory or .md files")
        }
        if update && promote {
            throw .usage("--update and --promote are separate steps: promote the lesson text first, then update")
        }
        if dryRun && !promote {
            throw .usage("--dry-run goes with --promote")
        }
        if prune && !update {
            throw .usage("--prune goes with --update")
        }
        if force && chosen == .check && !update && !promote {
            throw .usage("--force goes with --update or --promote")
        }
        if update && noGoldens {
            throw .usage("--update writes goldens; it cannot go with --no-goldens")
        }
        switch chosen {
        case .check:
            invocation.action =
                update ? .update(force: force, prune: prune) : promote ? .promote(dryRun: dryRun, force: force) : .check
        case .list: invocation.action = .list
        case .watch: invocation.action = .watch
        case .lsp: invocation.action = .lsp
        case .help, .version: break
        case .importCourse:
            guard paths.count == 2 else { throw .usage("import takes <export.md> <lessons-dir>") }
            invocation.action = .importCourse(export: paths[0], lessons: paths[1])
            invocation.paths = []
        case .run:
            guard paths.count == 1 else { throw .usage("run takes one tree as <lesson.md>:<line>") }
            invocation.action = .run(target: paths[0])
            invocation.paths = []
        }
        return invocation
    }

    /// Whether the environment says this is CI, by the common convention: `CI` set to anything but
    /// empty, `0`, `false`, `no` or `off`.
    package static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.trimmingCharacters(in: .whitespaces) else { return false }
        return !["", "0", "false", "no", "off"].contains(value.lowercased())
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    package static let version = "coursecheck 0.1.0"

    package static let help = """
        OVERVIEW: Verify the golden outputs of the course "SwiftUI ile Arayüz".

        Every lesson's fenced blocks get a role: the core (```swift starting
        `// Invalidation.swift`), trees (```swift starting `// main.swift`), their expected
        output (the bare ``` fence right after a tree) and display fragments (any other
        ```swift block). Each core block must equal the embedded core byte for byte, and
        each tree, compiled with the core and run, must print exactly its expected block.

        USAGE: coursecheck [check] [options] <path>...
               coursecheck list [--format text|json] <path>...
               coursecheck run [options] <lesson.md>:<line>
               coursecheck --update [--prune] | --promote [--dry-run] <path>...
               coursecheck import <export.md> <lessons-dir>
               coursecheck watch [options] <path>...
               coursecheck lsp [options]
               coursecheck help | version

        Options may come before or after the subcommand; '--' ends the options.

        ARGUMENTS:
          <path>              A lessons directory (its NN-slug.md files, in name order)
                              or single lesson .md files.

        SUBCOMMANDS:
          check               Check the lessons (the default).
          list                Print every block's file, line and role; for a tree, the
                              line of its expected block.
          run                 Print the actual output of the tree that holds <line>.
          import              Split a single-file course export into NN-<slug>.md
                              lessons and a README.md index, or replace one lesson
                              from a lesson export (keeps existing objectives and a
                              later 'updated').
          watch               Check, then check again whenever a lesson, a golden or
                              the course index changes (inotify, else polling);
                              swiftc trees run in the background. Writes nothing;
                              Ctrl-C stops.
          lsp                 A Language Server Protocol server on stdin/stdout:
                              diagnostics as you type, quick fixes for drifted
                              blocks, hover shows a tree's output, and the command
                              coursecheck.approve writes one tree's golden.
          help, version       Show this help, or the version.

        OPTIONS:
          --engine <engine>   auto (default): embedded for trees in the tree language,
                              swiftc for trees that import a module or leave it;
                              embedded: in-process through the compiled core, running
                              no lesson code (other trees are errors);
                              swiftc: compile every tree with the installed toolchain
                              (SWIFTC, then PATH) and run it.
          --cross-check       Also run every embedded tree on swiftc; fail where the
                              engines disagree.
          --timeout <s>       Seconds a tree may run (default 10).
          --output-limit <n>  Bytes a tree may print (default 1048576).
          --compile-timeout <s>  Seconds one swiftc invocation may take (default 120);
                              swiftc and its children are then stopped.
          --build <mode>      merged (default): one swiftc for all trees, one tree per
                              process; per-tree: one swiftc per tree, each tree
                              verbatim as main.swift.
          --no-cache          Compile and run everything afresh.
          --cache-dir <dir>   Where binaries and passing results are cached
                              (default .build/coursecheck-cache, or COURSECHECK_CACHE_DIR).
          --goldens <dir>     Approved outputs (default: goldens/ beside the lessons
                              directory); one <lesson-stem>/<tree-slug>.out per tree.
          --no-goldens        Skip the golden check.
          --no-claims         Skip the course claims (closing table, triggers, note
                              series, label references, index, front matter,
                              fragment syntax).
          --update            Approve the current outputs as goldens (only trees whose
                              output equals the lesson), then check again; never
                              deletes a golden. Refused on CI.
          --prune             With --update: also delete the orphan *.out files it
                              lists first.
          --promote           Rewrite the lessons' expected blocks to the actual
                              outputs and core blocks to the embedded core, in place.
          --dry-run           With --promote: print a patch for 'git apply' instead
                              (allowed on CI).
          --force             Allow --update/--promote when CI is set (CI unset,
                              empty, 0, false, no or off is not CI).
          --format <format>   text (default), github (workflow commands on stdout)
                              or json (a JSON array of findings on stdout); list
                              takes text or json.
          --junit <file>      Also write a JUnit XML report (never a lesson, nor a
                              file in a lessons or goldens directory).
          --strict            Treat warnings as errors.
          --color <when>      auto (default: only on a terminal, never with NO_COLOR
                              or TERM=dumb), always or never.
          --no-color          Same as --color never.
          --version           Print the version.
          -h, --help          Show this help.

        Diagnostics go to stderr as `path:line:col: error|warning|note: message [id]`;
        the summary line goes to stdout.

        EXIT STATUS:
          0  clean   1  findings   2  usage or I/O error

        """
}
