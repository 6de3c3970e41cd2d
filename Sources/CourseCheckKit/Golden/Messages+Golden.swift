/// Approved outputs: each tree's golden file, the goldens directory, and the toolchain they were approved with.
extension Diagnostic {
    /// The command an advice names, as the author types it: `coursecheck <options>` on the lessons
    /// directory holding the lesson at `lesson` (`lessons/` for `lessons/09-yerel-durum.md`, `.` for
    /// a lesson in the working directory). Without a lesson (no lesson of the run uses the goldens
    /// directory), the directory is named in words.
    static func command(_ options: String, lessonAt lesson: String?) -> String {
        guard let lesson else { return command(options, directories: []) }
        return command(options, directories: [lesson.lastIndex(of: "/").map { String(lesson[...$0]) } ?? "."])
    }

    /// The command on the lessons `directories` as the run names them (`lessons`, `.`), each with
    /// its slash and quoted when the shell would read it otherwise; none: named in words.
    static func command(_ options: String, directories: [String]) -> String {
        guard !directories.isEmpty else { return "'coursecheck \(options)' on the lessons directory" }
        let shown = directories.map { directory in
            let directory = directory == "." || directory.hasSuffix("/") ? directory : directory + "/"
            let safe = directory.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || "/._-~".utf8.contains($0)
            }
            return safe ? directory : "\"\(directory)\""
        }
        return "'coursecheck \(options) \(shown.joined(separator: " "))'"
    }

    /// A tree without a description (`earlierLine` nil), or with the golden name `name` of the tree
    /// at `earlierLine`.
    static func treeIdentity(at location: SourceLocation, earlierLine: Int?, name: String) -> Diagnostic {
        guard let earlierLine else {
            return Diagnostic(
                .treeIdentity, at: location,
                "tree has no description after '\(BlockRole.treeMarker)', and its golden is named by it; "
                    + "write '\(BlockRole.treeMarker) — <what the tree shows>'")
        }
        return Diagnostic(
            .treeIdentity, at: location,
            "tree has the golden name of the tree at line \(earlierLine) ('\(name)'), which keeps only the letters "
                + "and digits of a description, lower-cased and without accents: give each tree of a lesson a "
                + "description that differs in them, so an approval can never pass from one tree to another")
    }

    /// Why a golden is missing.
    enum GoldenMissing {
        /// The tree has no approved golden at `path`; `lessonDrifts` when its expected block differs
        /// from its output too, so `--update` would refuse until `--promote` has written the block.
        case unapproved(path: String, lessonDrifts: Bool)
        /// Something coursecheck did not make stands at the golden's `path`.
        case foreign(path: String, what: String)
        /// There is no goldens directory at `root`.
        case noDirectory(root: String)
        /// The goldens directory `root` is a file.
        case rootIsFile(root: String)
        /// `path` (`goldens/TOOLCHAIN`) does not record the compiler, `current`, that decided this run;
        /// `lesson`: a lesson of the run that keeps its goldens there, whose directory the fix names.
        case noToolchain(path: String, current: String, lesson: String?)
    }

    /// The one builder of `golden-missing`: at the tree for its own golden, at line 1 of the lesson
    /// for the whole directory.
    static func goldenMissing(at location: SourceLocation, _ reason: GoldenMissing) -> Diagnostic {
        let message =
            switch reason {
            case .unapproved(let path, false):
                "tree has no approved golden (\(path)); check its output, then run "
                    + command("--update", lessonAt: location.path)
            case .unapproved(let path, true):
                "tree has no approved golden (\(path)), and its lesson's expected block differs from its output; "
                    + "check the output, then run \(command("--promote", lessonAt: location.path)), then "
                    + command("--update", lessonAt: location.path)
            case .foreign(let path, let what):
                "tree's golden \(path) cannot be read or written: \(what), which coursecheck did not make; put a plain "
                    + "file or folder there"
            case .noDirectory(let root):
                "no goldens directory at \(root)/; run \(command("--update", lessonAt: location.path)) to approve the "
                    + "current outputs, or pass "
                    + "--no-goldens"
            case .rootIsFile(let root):
                "\(root) is a file, not a directory; the goldens need a directory of their own"
            case .noToolchain(let path, let current, let lesson):
                "\(path) is missing: the goldens do not say which compiler they were approved with; run "
                    + "\(command("--update", lessonAt: lesson)) to record '\(current)', which decided this run"
            }
        return Diagnostic(.goldenMissing, at: location, message)
    }

    /// The tree's golden exists but cannot be read.
    static func goldenUnreadable(at location: SourceLocation, path: String, reason: String) -> Diagnostic {
        Diagnostic(
            .goldenUnreadable, at: location,
            "tree's golden \(path) cannot be read (\(reason)); make it readable, coursecheck never treats it as missing"
        )
    }

    /// A golden folder (or the goldens directory) that exists but cannot be listed.
    static func goldenFolderUnreadable(_ path: String, reason: String) -> Diagnostic {
        Diagnostic(
            .goldenUnreadable, at: SourceLocation(path: path, line: 1),
            "golden folder cannot be listed (\(reason)), so its orphans are not known; make it readable")
    }

    /// The tree's output differs from its golden; the note points at the golden's first differing line.
    /// When the lesson's expected block differs too, `--update` refuses until the lesson says the
    /// new output, so the advice names both steps.
    static func goldenDrift(
        at location: SourceLocation, treeLine: Int, golden: SourceLocation, diff: DiffHunks, lessonDrifts: Bool
    ) -> Diagnostic {
        Diagnostic(
            .goldenDrift, at: location,
            "output of tree at line \(treeLine) differs from its approved golden; if the change is intended, run "
                + (lessonDrifts
                    ? "\(command("--promote", lessonAt: location.path)), then \(command("--update", lessonAt: location.path))"
                    : command("--update", lessonAt: location.path)),
            notes: [Note(golden, "the approved output")], attachment: .diff(diff))
    }

    /// Two trees of a lesson whose titles were swapped: each prints exactly what was approved under
    /// the other's title (and what its expected block says), so one finding at the first names both;
    /// swapping the titles back, or `--update`, which swaps the goldens, gives a clean check.
    static func goldenTitlesSwapped(at location: SourceLocation, other: SourceLocation) -> Diagnostic {
        Diagnostic(
            .goldenDrift, at: location,
            "the titles of the trees at lines \(location.line) and \(other.line) were swapped: each prints the output "
                + "approved under the other's title; swap the titles back, or "
                + "\(command("--update", lessonAt: location.path)) swaps their goldens",
            notes: [Note(other, "the tree whose title this one took")])
    }

    /// What a renamed tree's output says against the golden approved under its old name.
    enum RenamedOutput {
        /// The golden holds exactly the tree's output: a pure rename.
        case same
        /// The output changed too; `lessonDrifts` when the lesson's expected block differs from it.
        case differs(lessonDrifts: Bool, golden: SourceLocation, diff: DiffHunks)
        /// The tree did not run to a clean end, so its output is not known.
        case unknown
    }

    /// A tree without a golden whose title differs by `difference` from the name its golden was
    /// approved under (`old`, an orphan of its lesson, kept); `new` is the golden's name now.
    /// `lessonRenamed`: the lesson's file name changed, and with it the golden's folder;
    /// `title`: the tree's title changed its golden's name in the same edit (`difference` is then
    /// the folder's).
    static func goldenRenamed(
        at location: SourceLocation, old: String, new: String, difference: String, output: RenamedOutput,
        lessonRenamed: Bool = false, title: String? = nil
    ) -> Diagnostic {
        let head =
            (lessonRenamed
                ? "lesson's file name changed its goldens' folder (\(difference))"
                    + (title.map { " and the tree's title its golden's name (\($0))" } ?? "") + "; "
                : "tree's title changed its golden's name (\(difference)); ")
            + "the golden approved under the old name, \(old), "
        let fix =
            lessonRenamed
            ? (title == nil
                ? "if the file name is a typo, rename the file back; if it is a rename, "
                : "if the file name is a typo, rename the file back; if the title is a typo, fix the title; "
                    + "if both are renames, ")
            : "if the title is a typo, fix the title; if it is a rename, "
        switch output {
        case .same:
            return Diagnostic(
                .goldenRenamed, at: location,
                head + "holds exactly this tree's output and is kept: " + fix
                    + "\(command("--update", lessonAt: location.path)) moves the golden to \(new)")
        case .differs(let lessonDrifts, let golden, let diff):
            let steps =
                lessonDrifts
                ? "\(command("--promote", lessonAt: location.path)), then \(command("--update", lessonAt: location.path)) "
                    + "move the golden to \(new) and approve the output"
                : "\(command("--update", lessonAt: location.path)) moves the golden to \(new) and approves the output"
            return Diagnostic(
                .goldenRenamed, at: location,
                head + "is kept, but the tree's output changed too: "
                    + (lessonRenamed
                        ? (title == nil
                            ? "if the file name is a typo, rename the file back (the change then shows as golden-drift); "
                            : "if the file name or the title is a typo, set it back (the change then shows as "
                                + "golden-renamed or golden-drift); ")
                            + "if it is a rename and the new output is intended, "
                        : "if the title is a typo, fix the title (the change then shows as golden-drift); if it is a "
                            + "rename and the new output is intended, ") + steps,
                notes: [Note(golden, "the approved output")], attachment: .diff(diff))
        case .unknown:
            return Diagnostic(
                .goldenRenamed, at: location,
                head + "is kept (the tree did not run, so its output is not compared with it): " + fix
                    + "\(command("--update", lessonAt: location.path)) moves the golden to \(new)")
        }
    }

    /// Under the commit hook: `finding`, about the staged goldens, which the working tree's goldens
    /// (`goldens`, as the run names that directory) already settle, so the step it names is done
    /// and only their staging is missing. Same id and place; its notes and diff, about the old
    /// goldens, are left out.
    static func goldenUnstaged(_ finding: Diagnostic, goldens: String) -> Diagnostic {
        let staged =
            switch finding.id {
            case .goldenOrphan: "the commit still holds this golden, which no tree names"
            case .goldenDrift: "the commit's golden for this tree differs from its output"
            case .goldenRenamed: "the commit holds this tree's golden under its old name only"
            default: "the commit holds no golden for this tree"
            }
        let git = goldens.hasSuffix("/") ? goldens : goldens + "/"
        return Diagnostic(
            finding.id, at: finding.location,
            staged + "; the goldens for it are updated but not staged: git add \(git)")
    }

    /// A golden no tree names; `lesson` nil when no lesson has its directory's name. (A renamed
    /// lesson's or tree's golden is `golden-renamed` at its tree instead.) `served`: the lessons
    /// directories that keep their goldens in its directory, as the run names them, so the fix
    /// runs as typed for a golden of no lesson too.
    static func goldenOrphan(_ path: String, lesson: String?, served: [String] = []) -> Diagnostic {
        let owner = lesson.map { "no tree of \($0) has this name" } ?? "no lesson has this name"
        return Diagnostic(
            .goldenOrphan, at: SourceLocation(path: path, line: 1),
            "golden has no tree: \(owner); \(lesson.map { command("--update --prune", lessonAt: $0) } ?? command("--update --prune", directories: served)) removes it"
        )
    }

    /// Why a goldens directory's record of the lessons directories it serves stops coursecheck from
    /// judging or writing its goldens.
    enum GoldenRecord {
        /// There is no record; `directories` are the run's, which `--update` would record.
        case missing(directories: [String])
        /// There is no record, and `unclaimed` goldens (`more` beyond those named) are no lesson's of
        /// `directories`: they may be another directory's, so nothing is recorded or pruned.
        /// `line` is what the record would hold for the first of `directories`.
        case missingWithUnclaimed(directories: [String], line: String?, unclaimed: [String], more: Int)
        /// The record does not name `directory`, whose lessons keep their goldens here.
        case unnamed(directory: String)
        /// The record's line names `text`, which is not a directory that can be listed.
        case namedNotThere(text: String, reason: String)
        /// The record's line names `text`, which does not exist, and not `directory`, the one
        /// directory of the run it does not name, whose lessons have their folders here: the
        /// lessons directory renamed; `line`, what the record's line says for it.
        case renamed(text: String, directory: String, line: String)
        /// The record cannot be read.
        case unreadable(reason: String)
    }

    /// The one builder of `golden-record`, at the record's line (line 1 when it has none).
    static func goldenRecord(_ path: String, line: Int = 1, store: String, _ reason: GoldenRecord) -> Diagnostic {
        let suspended =
            "no golden of \(store)/ is called an orphan, none is pruned, and --update writes nothing there until the "
            + "record and the disk agree"
        let message =
            switch reason {
            case .missing(let directories):
                "\(store)/ has no record of the lessons directories it serves (\(path)); "
                    + "'coursecheck --update \(directories.joined(separator: " "))' records "
                    + directories.joined(separator: ", ")
            case .missingWithUnclaimed(let directories, let line, let unclaimed, let more):
                "\(store)/ has no record of the lessons directories it serves (\(path)), and holds goldens no lesson "
                    + "of \(directories.joined(separator: ", ")) claims (\(unclaimed.joined(separator: ", "))"
                    + (more > 0 ? " and \(Plural.count(more, "more folder"))" : "")
                    + "), which may be another directory's; write every "
                    + "lessons directory that keeps its goldens there into \(path), one a line (only "
                    + "'\(line ?? "lessons")' if no other does); until then none of them is called an "
                    + "orphan or pruned, and --update writes nothing there"
            case .unnamed(let directory):
                "\(path) does not name \(directory), whose lessons keep their goldens in \(store)/; "
                    + "'coursecheck --update \(directory)' adds it"
            case .renamed(let text, let directory, let line):
                "\(path) names '\(text)', which does not exist, and not \(directory), whose lessons have their "
                    + "goldens in \(store)/: the lessons directory was renamed; write '\(line)' for '\(text)' on "
                    + "this line: " + suspended
            case .namedNotThere(let text, let reason):
                "\(path) names '\(text)', which \(reason); remove the line if the directory is gone: " + suspended
            case .unreadable(let reason):
                "\(path) cannot be read (\(reason)): " + suspended
            }
        return Diagnostic(.goldenRecord, at: SourceLocation(path: path, line: line), message)
    }

    /// The goldens were approved with the `recorded` toolchain; this run uses `current`.
    static func environmentDrift(_ path: String, recorded: String, current: String) -> Diagnostic {
        Diagnostic(
            .environmentDrift, at: SourceLocation(path: path, line: 1),
            "goldens were approved with '\(recorded)'; this run uses '\(current)' (environment drift), which also "
                + "decided whether the trees compile")
    }
}
