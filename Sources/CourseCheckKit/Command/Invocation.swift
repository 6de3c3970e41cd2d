import Foundation

/// The parsed command line.
public struct Invocation: Sendable, Equatable {
    /// What to do.
    public enum Action: String, Sendable, Equatable {
        /// Check every lesson (the default).
        case check
        /// Print the role of every block.
        case list
        /// Print one tree's actual output.
        case run
        /// Split a single-file course export into lesson files.
        case importCourse = "import"
        /// Check again whenever a lesson, a golden or the course index changes.
        case watch
        /// A Language Server Protocol server on stdin and stdout.
        case lsp
        case help
        case version
    }

    /// When to colour output.
    public enum ColorChoice: String, Sendable, Equatable {
        case auto, always, never
    }

    public var action: Action = .check
    public var paths: [String] = []
    public var strict = false
    public var color: ColorChoice = .auto
    public var engine: EngineRouter.Choice = .auto
    /// Run every tree on both engines and fail where they disagree.
    public var crossCheck = false
    /// Seconds a tree may run.
    public var timeout: Double = 10
    /// Bytes a tree may print.
    public var outputLimit = 1 << 20
    /// Seconds one swiftc invocation may take (`--compile-timeout`).
    public var compileTimeout: Double = 120
    public var useCache = true
    /// Compile all trees in one merged program (the default) or one swiftc per tree.
    public var mergedBuild = true
    /// Golden directory override (`--goldens DIR`).
    public var goldensDirectory: String?
    /// Skip the golden check (`--no-goldens`).
    public var noGoldens = false
    /// Skip the course claims (`--no-claims`).
    public var noClaims = false
    /// Approve current outputs as goldens.
    public var update = false
    /// Rewrite lessons' expected and core blocks in place.
    public var promote = false
    /// With `--promote`: print a patch instead of writing.
    public var dryRun = false
    /// Allow `--update`/`--promote` under `CI`.
    public var force = false
    public var format: Format = .text
    /// Write a JUnit XML report here.
    public var junitPath: String?

    /// How findings are written.
    public enum Format: String, Sendable, CaseIterable {
        /// swiftc/clang-style diagnostics on stderr (default).
        case text
        /// GitHub Actions workflow commands on stdout, plus the text diagnostics.
        case github
        /// A JSON array of findings on stdout.
        case json
    }
    /// Overrides the cache directory (default `.build/coursecheck-cache`).
    public var cacheDirectory: String?

    public init() {}

    /// The subcommands, as written on the command line.
    static let subcommands: [String: Action] = [
        "check": .check, "list": .list, "run": .run, "import": .importCourse, "watch": .watch, "lsp": .lsp,
        "help": .help, "version": .version,
    ]

    /// What each action accepts besides paths: a flag outside its set is an error, never ignored.
    static let checkOptions: Set<String> = [
        "--strict", "--color", "--no-color", "--engine", "--cross-check", "--timeout", "--compile-timeout",
        "--output-limit", "--build",
        "--no-cache", "--cache-dir", "--goldens", "--no-goldens", "--no-claims", "--update", "--promote", "--dry-run",
        "--force", "--format", "--junit",
    ]
    static func accepted(by action: Action) -> Set<String> {
        switch action {
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
                "--strict", "--engine", "--timeout", "--output-limit", "--build", "--no-cache", "--cache-dir", "--goldens",
                "--no-goldens", "--no-claims",
            ]
        case .help, .version: ["--color", "--no-color"]
        }
    }

    /// Every option name, for suggestions.
    static let allOptions: [String] = (checkOptions.union(["--help", "--version", "-h"])).sorted()

    /// Parses the arguments after the program name. Options may come before or after the subcommand.
    public static func parse(_ arguments: [String]) throws -> Invocation {
        var invocation = Invocation()
        var rest = arguments[...]
        var onlyPaths = false
        var subcommand: String?
        var given: [String] = []
        var askedFor: Action?
        while let argument = rest.popFirst() {
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                if !onlyPaths, subcommand == nil, invocation.paths.isEmpty, let action = subcommands[argument] {
                    subcommand = argument
                    invocation.action = action
                } else {
                    invocation.paths.append(argument)
                }
                continue
            }
            let (name, inlineValue) = split(argument)
            func value() throws -> String {
                // A value option given twice would silently take the last: say so instead.
                if given.dropLast().contains(name) { throw CourseCheckError.usage("\(name) is given twice") }
                guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty else {
                    throw CourseCheckError.usage("\(name) needs a value")
                }
                return value
            }
            if name != "--" && !["-h", "--help", "--version"].contains(name) { given.append(name) }
            switch name {
            case "--":
                onlyPaths = true
            case "-h", "--help":
                askedFor = .help
            case "--version":
                askedFor = askedFor ?? .version
            case "--strict":
                invocation.strict = true
            case "--color":
                let raw = try value()
                guard let choice = ColorChoice(rawValue: raw) else {
                    throw CourseCheckError.usage("--color must be auto, always or never, not '\(raw)'")
                }
                invocation.color = choice
            case "--no-color":
                invocation.color = .never
            case "--engine":
                let raw = try value()
                guard let engine = EngineRouter.Choice(rawValue: raw) else {
                    let known = EngineRouter.Choice.allCases.map(\.rawValue).joined(separator: ", ")
                    throw CourseCheckError.usage("--engine must be one of \(known), not '\(raw)'")
                }
                invocation.engine = engine
            case "--timeout":
                let raw = try value()
                guard let seconds = Double(raw), seconds > 0, seconds.isFinite else {
                    throw CourseCheckError.usage("--timeout needs a positive number of seconds, not '\(raw)'")
                }
                invocation.timeout = seconds
            case "--compile-timeout":
                let raw = try value()
                guard let seconds = Double(raw), seconds > 0, seconds.isFinite else {
                    throw CourseCheckError.usage("--compile-timeout needs a positive number of seconds, not '\(raw)'")
                }
                invocation.compileTimeout = seconds
            case "--output-limit":
                let raw = try value()
                guard let bytes = Int(raw), bytes > 0 else {
                    throw CourseCheckError.usage("--output-limit needs a positive number of bytes, not '\(raw)'")
                }
                invocation.outputLimit = bytes
            case "--build":
                let raw = try value()
                switch raw {
                case "merged": invocation.mergedBuild = true
                case "per-tree": invocation.mergedBuild = false
                default: throw CourseCheckError.usage("--build must be merged or per-tree, not '\(raw)'")
                }
            case "--goldens":
                invocation.goldensDirectory = try value()
            case "--no-goldens":
                invocation.noGoldens = true
            case "--no-claims":
                invocation.noClaims = true
            case "--update":
                invocation.update = true
            case "--promote":
                invocation.promote = true
            case "--dry-run":
                invocation.dryRun = true
            case "--force":
                invocation.force = true
            case "--format":
                let raw = try value()
                guard let format = Format(rawValue: raw) else {
                    throw CourseCheckError.usage("--format must be text, github or json, not '\(raw)'")
                }
                invocation.format = format
            case "--junit":
                invocation.junitPath = try value()
            case "--cross-check":
                invocation.crossCheck = true
            case "--no-cache":
                invocation.useCache = false
            case "--cache-dir":
                invocation.cacheDirectory = try value()
            default:
                var message = "unknown option '\(name)'"
                if let suggestion = Suggestion.closest(to: name, among: allOptions) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw CourseCheckError.usage(message)
            }
        }
        if let askedFor {
            invocation.action = askedFor
            return invocation
        }
        let accepted = accepted(by: invocation.action)
        if let refused = given.first(where: { !accepted.contains($0) }) {
            let command = subcommand ?? "check"
            throw CourseCheckError.usage("\(command) does not take \(refused)")
        }
        if invocation.action == .help || invocation.action == .version {
            guard invocation.paths.isEmpty else {
                throw CourseCheckError.usage("\(subcommand ?? "help") takes no arguments")
            }
            return invocation
        }
        if invocation.action == .list && invocation.format == .github {
            throw CourseCheckError.usage("list writes text or json, not github")
        }
        if invocation.action == .lsp && !invocation.paths.isEmpty {
            throw CourseCheckError.usage("lsp takes no paths; the editor names the lessons it opens")
        }
        if [.check, .list, .watch].contains(invocation.action) && invocation.paths.isEmpty {
            throw CourseCheckError.usage("no lessons given; pass a lessons directory or .md files")
        }
        if invocation.update && invocation.promote {
            throw CourseCheckError.usage("--update and --promote are separate steps: promote the lesson text first, then update")
        }
        if invocation.dryRun && !invocation.promote {
            throw CourseCheckError.usage("--dry-run goes with --promote")
        }
        if invocation.force && invocation.action == .check && !invocation.update && !invocation.promote {
            throw CourseCheckError.usage("--force goes with --update or --promote")
        }
        if invocation.update && (invocation.noGoldens) {
            throw CourseCheckError.usage("--update writes goldens; it cannot go with --no-goldens")
        }
        if invocation.action == .importCourse && invocation.paths.count != 2 {
            throw CourseCheckError.usage("import takes <export.md> <lessons-dir>")
        }
        if invocation.action == .run && invocation.paths.count != 1 {
            throw CourseCheckError.usage("run takes one tree as <lesson.md>:<line>")
        }
        return invocation
    }

    /// Whether the environment says this is CI, by the common convention: `CI` set to anything but
    /// empty, `0`, `false`, `no` or `off`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.trimmingCharacters(in: .whitespaces) else { return false }
        return !["", "0", "false", "no", "off"].contains(value.lowercased())
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    public static let version = "coursecheck 0.1.0"

    public static let help = """
        OVERVIEW: Verify the golden outputs of the course "SwiftUI ile Arayüz".

        Every lesson's fenced blocks get a role: the core (```swift starting
        `// Invalidation.swift`), trees (```swift starting `// main.swift`), their expected
        output (the bare ``` fence right after a tree) and display fragments (any other
        ```swift block). Each core block must equal the embedded core byte for byte, and
        each tree, compiled with the core and run, must print exactly its expected block.

        USAGE: coursecheck [check] [options] <path>...
               coursecheck list [--format text|json] <path>...
               coursecheck run [options] <lesson.md>:<line>
               coursecheck --update | --promote [--dry-run] <path>...
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
                              output equals the lesson), remove orphan *.out files
                              (listed first), check again. Refused on CI.
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
          --color <when>      auto (default: only on a terminal, never with NO_COLOR),
                              always or never.
          --no-color          Same as --color never.
          --version           Print the version.
          -h, --help          Show this help.

        Diagnostics go to stderr as `path:line:col: error|warning|note: message [id]`;
        the summary line goes to stdout.

        EXIT STATUS:
          0  clean   1  findings   2  usage or I/O error

        """
}
