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
        /// Start a course that passes its own check in `directory` (nil: the current one).
        case initCourse(directory: String?)
        /// Check again whenever a lesson, a golden or the course index changes.
        case watch
        /// A Language Server Protocol server on stdin and stdout.
        case lsp
        /// The help, of one subcommand when one is named (`help run`, `run --help`).
        case help(String? = nil)
        case version
    }

    /// The subcommand as written, which decides the options accepted.
    package enum Subcommand: String, Sendable {
        case check, list, run
        case importCourse = "import"
        case initCourse = "init"
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
    /// The core's file name (`--core Counter`), when the course's conventions are not to decide it.
    package var core: String?
    package var format: Format = .text
    /// Write a JUnit XML report here.
    package var junitPath: String?
    /// Run as the pre-commit hook: a failing check ends with a line saying the commit is refused.
    package var commitHook = false

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
        "check": .check, "list": .list, "run": .run, "import": .importCourse, "init": .initCourse, "watch": .watch,
        "lsp": .lsp,
        "help": .help, "version": .version,
    ]

    /// What each subcommand accepts besides paths: a flag outside its set is an error, never ignored.
    static func accepted(by subcommand: Subcommand) -> Set<String> {
        Set(CommandLineSpec.options.filter { $0.accepted.contains(subcommand) }.flatMap(\.names))
            .subtracting(CommandLineSpec.answeredAnywhere)
    }

    /// The help of one subcommand (`help run`, `run --help`); the global help for another name.
    package static func help(of name: String) -> String {
        subcommands[name].map(CommandLineSpec.help(of:)) ?? help
    }

    /// The global help.
    package static var help: String { CommandLineSpec.help }

    /// A parse under way: the invocation so far, and what the options said before the action they
    /// make is known. The options' declarations (`CommandLineSpec.options`) change it.
    struct Parse {
        var invocation = Invocation()
        var askedFor: Action?
        var update = false
        var promote = false
        var dryRun = false
        var force = false
        var prune = false
        /// `--no-goldens` and `--no-cache` win over a directory, in either order.
        var noGoldens = false
        var noCache = false
    }

    /// Parses the arguments after the program name. Options may come before or after the subcommand.
    package static func parse(_ arguments: [String]) throws(CourseCheckError) -> Invocation {
        var parse = Parse()
        var rest = arguments[...]
        var onlyPaths = false
        var subcommand: String?
        var chosen = Subcommand.check
        var given: [String] = []
        while let argument = rest.popFirst() {
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                if !onlyPaths, subcommand == nil, parse.invocation.paths.isEmpty, let named = subcommands[argument] {
                    subcommand = argument
                    chosen = named
                } else {
                    parse.invocation.paths.append(argument)
                }
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = CommandLineSpec.option(named: name) else {
                var message = "unknown option '\(name)'"
                if let suggestion = Suggestion.closest(to: name, among: CommandLineSpec.allNames) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw .usage(message)
            }
            if !CommandLineSpec.answeredAnywhere.contains(name) { given.append(name) }
            guard option.value != nil else {
                // A flag takes no value: `--strict=false` would otherwise turn strict on.
                if let inlineValue {
                    throw .usage(
                        "\(name) takes no value, so '\(name)=\(inlineValue)' is refused; leave it out to turn it off")
                }
                try option.apply(&parse, "")
                continue
            }
            // A value option given twice would silently take the last: say so instead.
            if given.dropLast().contains(name) { throw .usage("\(name) is given twice") }
            guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty else {
                throw .usage("\(name) needs a value")
            }
            try option.apply(&parse, value)
        }
        var invocation = parse.invocation
        let (askedFor, update, promote, dryRun, force, prune, noGoldens) = (
            parse.askedFor, parse.update, parse.promote, parse.dryRun, parse.force, parse.prune, parse.noGoldens
        )
        if let askedFor {
            // `run --help` is the help of run, `version --help` of version; `help run --help` of run.
            if askedFor == .help(), chosen == .help, invocation.paths.count == 1,
                subcommands[invocation.paths[0]] != nil
            {
                invocation.action = .help(invocation.paths[0])
                invocation.paths = []
            } else if askedFor == .help(), let subcommand {
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
        if invocation.commitHook && (update || promote) {
            throw .usage("--commit-hook goes with a check, not with --update or --promote")
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
        case .initCourse:
            guard paths.count <= 1 else { throw .usage("init takes one directory at most") }
            invocation.action = .initCourse(directory: paths.first)
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
        // Foundation's first trimming sets up its character tables: 1% of a default run under CI.
        guard let value = environment["CI"]?.trimmingWhitespaces else { return false }
        return !["", "0", "false", "no", "off"].contains(value.lowercased())
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    package static let version = "coursecheck 0.1.0"
}
