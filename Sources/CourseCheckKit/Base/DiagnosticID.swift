/// A stable name for each class of finding, printed after the message as `[id]`.
///
/// Authors can grep for an id, and tests pin findings to it.
package enum DiagnosticID: String, Sendable, CaseIterable {
    /// The file is not valid UTF-8 or holds NUL bytes.
    case encoding = "encoding"
    /// The file starts with a UTF-8 byte order mark.
    case byteOrderMark = "bom"
    /// A fence that is never closed.
    case unterminatedFence = "unterminated-fence"
    /// Block quotes and list items nested deeper than the scanner follows.
    case markdownNesting = "markdown-nesting"
    /// A lesson file that is empty or has no fenced blocks at all.
    case notALesson = "not-a-lesson"
    /// A markdown file in a lessons directory not named like a lesson, so it is not checked.
    case uncheckedMarkdown = "unchecked-markdown"
    /// A lesson without a core block, or with more than one.
    case coreCount = "core-count"
    /// A lesson without a tree.
    case noTrees = "no-trees"
    /// A tree that is not followed by its expected-output block.
    case missingExpected = "missing-expected"
    /// A bare fence that does not follow a tree.
    case strayOutput = "stray-output"
    /// A fenced block that none of the roles covers.
    case noRole = "no-role"
    /// A tree that swiftc cannot compile.
    case compileError = "compile-error"
    /// swiftc could not be asked whether the trees compile (missing, or unable to run).
    case validityUnknown = "validity-unknown"
    /// swiftc ran past `--compile-timeout` on a tree or the display fragments, and was stopped.
    case compileTimeout = "compile-timeout"
    /// A tree whose output differs from its expected block.
    case outputDrift = "output-drift"
    /// A tree whose output no fenced block can hold exactly (no final newline, NUL, invalid UTF-8).
    case unrepresentableOutput = "unrepresentable-output"
    /// `--promote` left a tree's expected block as it is (a note naming the reason).
    case promoteSkipped = "promote-skipped"
    /// A tree that crashed, exited non-zero, timed out or printed too much.
    case treeFailed = "tree-failed"
    /// A tree whose output depends on the hash seed.
    case nondeterministic = "nondeterministic"
    /// The merged build failed and trees were compiled one by one: a note, never a verdict (the
    /// standalone builds give the real program's result, whatever the cache held).
    case mergedFallback = "merged-fallback"
    /// Nodes whose parents form a cycle (the core's ancestors(of:) would never return).
    case parentCycle = "parent-cycle"
    /// A node whose parent is not a node of its tree.
    case unknownParent = "unknown-parent"
    /// Two nodes of one tree with the same name.
    case duplicateNode = "duplicate-node"
    /// A storage key no node of the tree reads and no `change` call changes.
    case unreadStorageKey = "unread-storage-key"
    /// A tree that only the toolchain engine can run, under --engine embedded.
    case needsToolchain = "needs-toolchain"
    /// The engines disagree on a tree's output, under --cross-check.
    case engineMismatch = "engine-mismatch"
    /// A tree without a description, or with the golden name of an earlier tree of its lesson.
    case treeIdentity = "tree-identity"
    /// A tree whose output differs from its approved golden.
    case goldenDrift = "golden-drift"
    /// A tree without an approved golden, or a course without a goldens directory.
    case goldenMissing = "golden-missing"
    /// A golden that no tree names.
    case goldenOrphan = "golden-orphan"
    /// A tree whose title changed by a few letters, with the golden approved under its old name.
    case goldenRenamed = "golden-renamed"
    /// The goldens directory's record of the lessons directories it serves (`LESSONS`) is missing,
    /// does not name a directory that uses it, or disagrees with the disk.
    case goldenRecord = "golden-record"
    /// The goldens were approved with another toolchain (a note).
    case environmentDrift = "environment-drift"
    /// `--update` would not approve a tree whose output the lesson contradicts.
    case updateRefused = "update-refused"
    /// `--promote` left a lesson alone: a structural error, or the file may not be rewritten.
    case promoteRefused = "promote-refused"
    /// swiftc failed for a reason outside the tree (killed, a full disk, no linker): the run exits 2.
    case toolchainFailed = "toolchain-failed"
    /// A golden exists but cannot be read: an I/O finding that names it, never "missing".
    case goldenUnreadable = "golden-unreadable"
    /// Front matter: required keys, title, source slug, course title.
    case frontMatter = "front-matter"
    /// The course index: the lesson count and the ordered list of lessons.
    case courseIndex = "course-index"
    /// Each lesson's `Bu dersin tetiği: **X**` bullet, against its trees' outputs.
    case declaredTrigger = "declared-trigger"
    /// The closing table: one row per lesson, its title and trigger.
    case closingTable = "closing-table"
    /// The distribution sentence against the declared triggers.
    case triggerDistribution = "trigger-distribution"
    /// Bold note series `**GV1.**`: numbered without gaps or repeats, one part per prefix.
    case noteSeries = "note-series"
    /// Backticked change labels in prose must be labels some tree passes to `change`.
    case labelReference = "label-reference"
    /// Display fragments must parse as Swift.
    case fragmentSyntax = "fragment-syntax"
    /// A claim that could not be checked here (no swiftc for the fragments), so nothing passes silently.
    case claimSkipped = "claim-skipped"
    /// A core block that differs from the embedded core.
    case coreDrift = "core-drift"
    /// A tree, expected block or core whose text GitHub shows otherwise than the spec reads it.
    case githubParity = "github-parity"
    /// A complete set of merge-conflict markers left in a lesson.
    case conflictMarker = "conflict-marker"
    /// An HTML comment opened at the start of a line and never closed, which hides the rest, or
    /// closed only by a later line's `-->` where that hides what a lesson runs or claims.
    case unclosedComment = "unclosed-comment"
    /// Text written almost as an HTML comment (`<!- x -->`), a mistyped opener paired with a `-->`
    /// (`< !-- x -->`), or a `<!--` left open in a paragraph, which readers see as text.
    case commentLookAlike = "comment-look-alike"
    /// Two lesson names that differ only in case: one file on macOS and Windows.
    case caseCollision = "case-collision"
    /// A line of `=` or `-` under a line of the page that GitHub reads as no underline meant: text
    /// under a heading or a list item's line, or a paragraph made a second title or a heading.
    case strayUnderline = "stray-underline"
    /// A list marker alone on its line (`-`, `*`, `+`, `1.`), or before a comment alone: an empty
    /// list item readers see, or, right under a paragraph, text at its end.
    case emptyItem = "empty-item"
    /// A tree's or display fragment's opening fence indented one to three spaces, which takes the
    /// indentation off its lines as readers see them.
    case indentedFence = "indented-fence"
    /// Raw HTML on a line of its own that takes the Markdown under it as raw text (a tag line right
    /// above a note, the trigger bullet, a heading or a table), or a `<details>` never closed.
    case rawHTML = "raw-html"
    /// A lesson's file name, or a letter of a page's text, saved decomposed (NFD): one finding a file.
    case decomposed = "decomposed"

    /// The one severity of every finding with this id (`--strict` may still raise a warning).
    /// An exhaustive switch, so a new id cannot be added without choosing its severity.
    package var severity: Severity {
        switch self {
        case .byteOrderMark, .uncheckedMarkdown, .unknownParent, .duplicateNode, .unreadStorageKey, .githubParity,
            .caseCollision:
            .warning
        case .promoteSkipped, .environmentDrift, .claimSkipped, .mergedFallback:
            .note
        case .encoding, .unterminatedFence, .markdownNesting, .notALesson, .coreCount, .noTrees, .missingExpected,
            .strayOutput, .noRole, .compileError, .validityUnknown, .compileTimeout, .outputDrift,
            .unrepresentableOutput, .treeFailed,
            .nondeterministic, .parentCycle, .needsToolchain, .engineMismatch, .treeIdentity, .goldenDrift,
            .goldenMissing, .goldenOrphan, .goldenRenamed, .goldenRecord, .updateRefused, .promoteRefused,
            .goldenUnreadable,
            .toolchainFailed,
            .frontMatter,
            .courseIndex, .declaredTrigger, .closingTable,
            .triggerDistribution, .noteSeries, .labelReference, .fragmentSyntax, .coreDrift, .conflictMarker,
            .unclosedComment, .commentLookAlike, .strayUnderline, .emptyItem, .indentedFence, .rawHTML, .decomposed:
            .error
        }
    }
}

extension DiagnosticID {
    /// The ids of findings that leave a lesson's trees uncertain: while one stands, the lesson's
    /// goldens are neither rewritten nor deleted, since a tree may have lost its expected block.
    /// `no-trees` and `not-a-lesson` are too: a lesson whose fences all turned into text keeps its approvals.
    package static let structural: Set<DiagnosticID> = [
        .missingExpected, .strayOutput, .unterminatedFence, .noRole, .treeIdentity, .noTrees, .notALesson,
        .conflictMarker, .unclosedComment,
    ]
}
