extension DiagnosticID {
    /// What an author reads about this id in Documentation/Findings.md (generated from here by a test):
    /// what it means, and how to fix it. An exhaustive switch, so a new id cannot ship without its entry.
    package var guide: (summary: String, fix: String) {
        switch self {
        case .encoding:
            (
                summary: "The file is not valid UTF-8, or it holds a NUL byte and looks binary, so it cannot be read "
                    + "as a lesson and nothing else in it is checked.",
                fix: "Save the file as UTF-8 text; the message names the first bad byte and its offset. A binary "
                    + "file does not belong in the lessons directory."
            )
        case .byteOrderMark:
            (
                summary: "The file starts with a UTF-8 byte order mark. coursecheck ignores it, but editors and diffs "
                    + "may show it.",
                fix: "Save the file as UTF-8 without a BOM (your editor's 'UTF-8', not 'UTF-8 with BOM')."
            )
        case .unterminatedFence:
            (
                summary: "A code fence is never closed: by the end of the file, or by the end of the block quote or "
                    + "list item it stands in, or a fence is missing or left over (also a bare one typed right above "
                    + "the lesson's prose, and two typed where no block was meant, an empty block or one around the page's own text (its "
                    + "title, a heading, a note, a bullet, a paragraph), which readers see as code: delete both; or both "
                    + "fences of a tree, the core, a display fragment or a tree's output deleted, which readers see "
                    + "as text: insert both), or hidden behind an HTML comment "
                    + "that opens its line (`<!-- x --> ```swift`). Every later fence then pairs with "
                    + "the wrong partner, so the finding is at the slip that caused it (in a lesson or the course "
                    + "index), one for each slip (a bare fence typed in a tree's, the core's or a display fragment's "
                    + "code over a blank line and a `// …` line too). So is an opening fence a space or a `>` short of the prefix of the "
                    + "nested block quotes and list items its block's lines have (`>   ```swift` in `> 1.`, "
                    + "`  > ```swift` in `1. >`): it ends the inner one, and the block stands outside it even where "
                    + "no fence pairs wrongly; with the line or two under it written alike, in one container too, "
                    + "the finding names those lines. So is a fence with characters left before it (`\\```swift`, "
                    + "`\\t```` as code writes a tab, `x```swift`, `Kodu:```swift`), which GitHub shows as "
                    + "text; before a fence of another character or length (`x~~~` in a lesson of ```` ``` ```` "
                    + "fences), or a run that is no fence either (`` x`` ``, `x'''swift`), the fix writes the "
                    + "fence meant.",
                fix: "Close the block with a fence of the opening's character (backticks or tildes, not quotes "
                    + "or look-alikes) and at least as many of them, with no info string, indented at most 3 "
                    + "columns (after a block quote's `> `) and inside the same container; open a block with three "
                    + "or more backticks or tildes (no backtick in a backtick fence's info string), as the lesson's "
                    + "other fences are, not behind a list marker or '>' (nor glued to a list marker, nor with more than one space after a list "
                    + "marker whose item's next lines are indented less, nor short of its containers' prefix, nor "
                    + "after other characters), and not behind a comment on its line (put "
                    + "the comment on a line of its own above it). The message names what was written and the fence "
                    + "meant "
                    + "there, or where a missing fence belongs."
            )
        case .markdownNesting:
            (
                summary: "Block quotes and list items are nested deeper than coursecheck follows (64 levels); the "
                    + "rest of the line is read as text.",
                fix: "Flatten the nesting at that line."
            )
        case .notALesson:
            (
                summary: "A lesson file is empty or has no fenced code blocks, or its name starts like a lesson's "
                    + "but does not match `NN-slug.md`, so it is not checked as a lesson; or it is a lesson's file "
                    + "under a slipped name (the index's link, the goldens' folder or its `source:` names the "
                    + "lesson), or an old copy beside a lesson: the lesson waits, unread, and its goldens are kept.",
                fix: "Add the lesson's blocks, or rename the file to `NN-slug.md` (two or more digits, a hyphen, a "
                    + "name), to the name the finding gives when the records name one; a file that is not a lesson "
                    + "takes a name that does not start with a digit; delete an old copy, or give it its own number "
                    + "and source."
            )
        case .uncheckedMarkdown:
            (
                summary: "A markdown file beside the lessons is not named like a lesson (`NN-slug.md`; the index "
                    + "aside) and no record makes it a lesson's, or a file named like one sits in a sub-folder of the lessons directory, which is "
                    + "not read: nothing in it is checked.",
                fix: "If it is a lesson, rename it to `NN-slug.md` or move it up into the lessons directory; "
                    + "otherwise move it out of the lessons directory."
            )
        case .coreCount:
            (
                summary: "The lesson has no core block (a `swift` block starting `// <Name>.swift` with the core's "
                    + "name, `// Invalidation.swift` in this course), or more than one. The message names the Swift "
                    + "files the lesson's blocks name instead; when exactly one block names another file, the "
                    + "finding stands at that block's first line.",
                fix: "Keep exactly one core block: add it as a copy of the course's core (this course's is "
                    + "`Sources/InvalidationCore/Invalidation.swift`), or delete the extra one (the message names the "
                    + "line of the first). A core block whose first line names another file gets that line back, "
                    + "`// Invalidation.swift`. When the lessons name two files alike, `--core NAME` names the core."
            )
        case .noTrees:
            (
                summary: "The lesson has no tree: no `swift` block starting `// main.swift`.",
                fix: "Add a tree, `// main.swift — <what the tree shows>`, followed by a bare fence holding its "
                    + "expected output."
            )
        case .missingExpected:
            (
                summary: "A tree is not followed by its expected-output block: there is none, something other than "
                    + "blank lines stands between them, it sits in another container, or it has an info string.",
                fix: "Put a bare fence (no info string) right after the tree, in the same block quote or list item, "
                    + "with only blank lines between; fill it by hand or with `coursecheck --promote lessons/`. An "
                    + "expected block right under its tree but outside the tree's container: begin its lines with "
                    + "the tree's prefix, as the message says."
            )
        case .strayOutput:
            (
                summary: "A bare code fence does not follow a tree, so it is nobody's expected output (a tree's "
                    + "expected block pasted twice is this finding at the copy, whose fix deletes it).",
                fix: "Move it right after the tree whose output it shows, or delete it."
            )
        case .noRole:
            (
                summary: "A fenced block that coursecheck shows but cannot give a role: a block of another language, "
                    + "or a tree or core that a reader sees as text or that will never run (wrong info string, "
                    + "indented code, inside HTML, a first line that nearly opens a tree), or a display fragment "
                    + "pasted twice right under itself (this finding at the copy).",
                fix: "Lessons hold only `swift` blocks and bare expected-output fences: do what the message says "
                    + "(label the fence `swift`, indent it less, add a blank line after the HTML, delete the "
                    + "invisible character, correct the first line, delete the copy), or remove the block."
            )
        case .compileError:
            (
                summary: "A tree does not compile with swiftc. The finding is at swiftc's first error in the tree; "
                    + "the errors after it are notes. Another course's core that does not compile on its own is one "
                    + "finding, at the first lesson's core block holding it (the core's line and column), and its "
                    + "trees are not compiled, nor each a finding. An invisible character on swiftc's line (U+FEFF, "
                    + "U+200B, another format or a control character) is the finding's cause, named at it.",
                fix:
                    "Fix the tree's code at that line (delete an invisible character the message names); when the message names the core, the tree clashes with a "
                    + "core declaration (redeclaring `countCauses`, say), so rename the tree's own. A core that does "
                    + "not compile is fixed the same way in every lesson's core block."
            )
        case .validityUnknown:
            (
                summary: "swiftc could not be asked whether the trees compile (it is missing, or its driver would not "
                    + "say how it compiles a program), so every tree ran unverified: the embedded engine can accept "
                    + "what the compiler rejects. Said once, at the first tree; `--update` and `--promote` write "
                    + "nothing for an unverified tree.",
                fix: "Install the Swift toolchain `goldens/TOOLCHAIN` names, or point `SWIFTC` at its `swiftc`, and "
                    + "run again."
            )
        case .compileTimeout:
            (
                summary: "swiftc ran past `--compile-timeout` on a tree or on the display fragments and was stopped; "
                    + "the rest of the course is still checked.",
                fix: "Simplify the code the compiler is slow on, or on a slow machine raise the limit with "
                    + "`--compile-timeout <s>` (default 120 seconds)."
            )
        case .outputDrift:
            (
                summary: "A tree's output differs from its expected block in the lesson. The finding is at the "
                    + "first differing line, names an invisible cause, and shows a diff; when the block as typed is "
                    + "the output and only its opening fence's indentation (1–3 spaces, which GitHub takes off each "
                    + "line) makes it differ, it is at the fence and names that indentation.",
                fix: "Edit the expected block (or the tree) by hand, or let `coursecheck --promote lessons/` write "
                    + "the actual outputs into the blocks (`--promote --dry-run` prints the patch first); for an "
                    + "indented fence, delete the spaces before it (`--promote` does)."
            )
        case .unrepresentableOutput:
            (
                summary: "A tree printed output no fenced block can hold exactly: no final newline, a NUL byte, "
                    + "invalid UTF-8, or a carriage return. `--promote` could never fix it, so it is one finding, "
                    + "not a drift.",
                fix: "Change the tree's output: end the last print with a newline (print's default terminator), "
                    + "and print no NUL, CR or invalid UTF-8."
            )
        case .promoteSkipped:
            (
                summary: "A note: `--promote` left a tree's expected block as it is, and names why (the tree did "
                    + "not compile, crashed, timed out, is nondeterministic, ...).",
                fix: "Fix what the reason names (see the tree's other findings), then run "
                    + "`coursecheck --promote lessons/` again, or edit the block by hand."
            )
        case .treeFailed:
            (
                summary: "A tree crashed, exited with a non-zero status, ran past `--timeout`, or printed more than "
                    + "`--output-limit`. Its partial output is shown.",
                fix: "Fix the tree so it ends cleanly. If it is meant to run longer or print more, raise "
                    + "`--timeout <s>` or `--output-limit <n>`."
            )
        case .nondeterministic:
            (
                summary: "A tree's output changes from run to run: with the hash seed (it prints a `Set` or a "
                    + "`Dictionary`), or even with deterministic hashing (random numbers, the time, addresses, or the "
                    + "path of the directory it runs in, which coursecheck changes from run to run).",
                fix: "Make the output stable: sort a collection before printing it, and print no random numbers, "
                    + "times or addresses."
            )
        case .mergedFallback:
            (
                summary: "A note: the merged swiftc build failed, so the trees were compiled one by one. It is never "
                    + "a verdict: the standalone builds give each tree's real result. Rare: a tree the compiler "
                    + "rejects never reaches the merged build, so only a merge that changes the language fails.",
                fix: "Nothing is required. The note names the reason; fixing the tree it points at brings back the "
                    + "faster merged build."
            )
        case .parentCycle:
            (
                summary: "The parents of a tree's nodes form a cycle, so the core's `ancestors(of:)` would never "
                    + "return. The embedded engine checks a tree's shape before it runs it; under `--engine swiftc` "
                    + "the same tree runs until `--timeout` stops it (`tree-failed`).",
                fix: "Change the nodes' parents so that no node is its own ancestor."
            )
        case .unknownParent:
            (
                summary: "A node names a parent that is not a node of its tree (checked by the embedded engine, "
                    + "before it runs the tree).",
                fix: "Correct the parent's name, or add the missing node to the tree."
            )
        case .duplicateNode:
            (
                summary: "Two nodes of one tree have the same name; the core only finds the first (checked by the "
                    + "embedded engine, before it runs the tree).",
                fix: "Give each node of the tree its own name."
            )
        case .unreadStorageKey:
            (
                summary: "A storage key that no node of the tree reads and no `change` call changes: most likely a "
                    + "typo.",
                fix: "Correct the key's name, let a node read it, or remove it. A key the tree changes to show that "
                    + "nothing recomputes is fine."
            )
        case .needsToolchain:
            (
                summary: "A tree that only the swiftc engine can run (it imports a module or leaves the tree "
                    + "language), under `--engine embedded`; or the swiftc engine it needs failed.",
                fix: "Run with `--engine auto` (the default) or `--engine swiftc`, with swiftc installed (`SWIFTC`, "
                    + "else `PATH`)."
            )
        case .engineMismatch:
            (
                summary: "Under `--cross-check`, the embedded engine and swiftc printed different things for a tree, "
                    + "or ended it differently. swiftc's run is the real program's, and it is the one the lesson is "
                    + "compared with.",
                fix: "Every engine must print what swiftc prints, so this is a bug in coursecheck's embedded engine, "
                    + "not in the lesson: report it with the tree and the diff. `coursecheck run --engine embedded "
                    + "<lesson.md>:<line>` and the same with `--engine swiftc` show the two outputs."
            )
        case .treeIdentity:
            (
                summary: "A tree has no description after `// main.swift`, or the same golden name as an earlier "
                    + "tree of its lesson, so neither gets an approval until the names differ.",
                fix: "Write `// main.swift — <what the tree shows>`, a description of its own for each tree of the "
                    + "lesson, then approve with `coursecheck --update lessons/` (with `--prune` when no tree keeps the "
                    + "old description: its golden is then an orphan, and `--prune` removes it)."
            )
        case .goldenDrift:
            (
                summary: "A tree's output differs from its approved golden in `goldens/`, even if the lesson's "
                    + "expected block agrees with it. A note points at the golden's line, and a diff follows. Two "
                    + "trees whose titles were swapped (each prints exactly what was approved under the other's "
                    + "title) are one finding at the first, with a note at the second: swap the titles back, or "
                    + "`--update` swaps their goldens.",
                fix: "If the change is intended, approve it with `coursecheck --update lessons/` and commit the "
                    + "golden with the lesson (when the lesson's expected block differs too, `coursecheck --promote "
                    + "lessons/` first: `--update` approves only what the lesson says); otherwise fix the tree or "
                    + "the core."
            )
        case .goldenMissing:
            (
                summary: "A tree has no approved golden, something coursecheck did not make stands at its golden's "
                    + "path, or the course has no goldens directory.",
                fix: "Check the tree's output, then run `coursecheck --update lessons/` (`--update --prune` when the "
                    + "tree's title was rewritten, so its old golden goes too) and commit the new golden; when the lesson's "
                    + "expected block differs too (an `output-drift` beside it), `coursecheck --promote lessons/` "
                    + "first, since `--update` approves only what the lesson says. "
                    + "Without goldens at all, pass `--no-goldens`; replace a link or foreign file at the path with "
                    + "a plain file or folder."
            )
        case .goldenOrphan:
            (
                summary: "A golden `*.out` file that no tree names any more (the tree was removed, or its "
                    + "description was rewritten, or its lesson was removed).",
                fix: "A golden of a renamed lesson, or of a tree whose title changed by a few letters, is not an "
                    + "orphan but `golden-renamed` at its tree (`coursecheck --update lessons/` moves it). "
                    + "Otherwise run `coursecheck --update --prune lessons/`, which lists the orphans "
                    + "and deletes them."
            )
        case .goldenRenamed:
            (
                summary: "A tree has no golden under its name, and its lesson's one orphan golden whose name is "
                    + "within three letters of it (inserted, left out or replaced) is the golden approved under the "
                    + "tree's old title: one finding at the tree, naming the changed words and saying whether the "
                    + "golden still holds the tree's output. Two close orphans or two close trees are ambiguous: "
                    + "they stay `golden-orphan` and `golden-missing`. A renamed lesson's trees say the same of the "
                    + "goldens in the folder of its old name, when every one of them has its tree (by name, or "
                    + "within three letters when a title changed in the same edit) and one at least still holds its "
                    + "tree's output.",
                fix:
                    "If the title (or the lesson's file name) is a typo, fix it. If it is a rename, `coursecheck --update lessons/` moves "
                    + "the golden to the new name (`renamed  old -> new`); when the output changed too, the update "
                    + "also approves it, as for a `golden-drift` (`--promote` first when the lesson's expected "
                    + "block differs)."
            )
        case .goldenRecord:
            (
                summary: "The goldens directory's `LESSONS` file, which names the lessons directories whose goldens "
                    + "it holds, is missing, does not name a directory that keeps its goldens there, names one that "
                    + "is not there, or cannot be read. Until it agrees with the disk, no golden of the directory is "
                    + "called an orphan, `--prune` removes none, and `--update` writes nothing there that the record "
                    + "does not allow.",
                fix: "Run `coursecheck --update lessons/`, which writes or extends the record when that is safe; "
                    + "otherwise write every lessons directory that uses the goldens directory into its `LESSONS`, "
                    + "one a line, relative to the folder holding it (`lessons`), and remove a line whose directory "
                    + "is gone."
            )
        case .environmentDrift:
            (
                summary: "A note: the goldens were approved with another compiler than this run's, as "
                    + "`goldens/TOOLCHAIN` records.",
                fix: "Run with the compiler `goldens/TOOLCHAIN` names (CI's container uses it). When moving to a "
                    + "new compiler on purpose, `coursecheck --update lessons/` records it."
            )
        case .updateRefused:
            (
                summary: "`--update` did not approve a tree or write a file: the lesson contradicts the output, the "
                    + "tree did not run cleanly, the lesson has a structural error, or the golden changed on disk, "
                    + "is read-only or is not coursecheck's. A tree without a clean run is refused with its cause: "
                    + "in words (it crashed, its output changes from run to run), or as the finding of the same "
                    + "report that says it (`see compile-error at lessons/x.md:12:5`).",
                fix: "Fix what the message names: correct the lesson or run `coursecheck --promote lessons/`, fix "
                    + "the structural error, or make the file writable; then run `coursecheck --update lessons/` "
                    + "again."
            )
        case .promoteRefused:
            (
                summary: "`--promote` left a whole lesson as it is: a structural error (named, with its line) makes "
                    + "its blocks uncertain, or the file may not be rewritten (changed on disk, read-only, "
                    + "hard-linked).",
                fix: "Fix the named error, or let the file be written, then run `coursecheck --promote lessons/` "
                    + "again."
            )
        case .toolchainFailed:
            (
                summary: "swiftc failed for the machine's reasons, not the tree's (killed by a signal, a full disk, "
                    + "a permission, a missing tool), so the tree was not compiled and the run exits 2.",
                fix: "Fix the machine as the message says (free disk space, the permission, the missing tool), then "
                    + "run again; the lesson needs no change."
            )
        case .goldenUnreadable:
            (
                summary: "A golden file, or a golden folder, exists but cannot be read or listed. It is named with "
                    + "the reason and never treated as missing.",
                fix: "Make the file or folder readable to the user running coursecheck (its permissions or owner), "
                    + "then run again."
            )
        case .frontMatter:
            (
                summary: "The lesson's YAML front matter is missing, unclosed or unreadable, lacks a required key "
                    + "(`title`, `source`, `course`, `language`, `updated`, `license`), leaves one empty or gives it "
                    + "twice (a key in another case, `Title:`, or with a character left before it, `\\ttitle:` or an "
                    + "invisible one, is reported as that; an opening `---` with trailing "
                    + "blanks, a closing line typed as another line such as `===`, `--- x` or a bare fence `~~~` "
                    + "(which opens a code block over the lesson; both lines typed as fences are one finding), a "
                    + "fence typed above the opening `---` (delete it; with its closing fence right after the front matter, "
                    + "delete both), or a `key:value` "
                    + "without its space, as what it is), or disagrees with the `# ` "
                    + "heading (written `#Title`, as a level-2 heading, behind an invisible character or with a "
                    + "character left before it, `x# Title`, or with `===` typed under it, which shows as text: reported "
                    + "there), the file's slug or the "
                    + "course title, or gives a `license` or `language` other than the course's (the index's, which "
                    + "the other lessons give). A title is "
                    + "stated three times (the front matter, the heading, the index): the one the other two do not "
                    + "agree with is reported.",
                fix: "Edit the reported line: add the key, remove the second one, make `title` and the heading the "
                    + "title the index uses, make the `source` URL end in the file's slug, write the course's "
                    + "`license` or `language`, or quote a value YAML cannot read as written."
            )
        case .courseIndex:
            (
                summary: "The course index (`lessons/README.md`) disagrees with the lessons: its `lessons: N` count, "
                    + "or its ordered list, which must link every lesson once, in course order, in its part (under "
                    + "the part's `## ` heading, which a slip to text or another level, `===` underline included, "
                    + "leaves out, and indented into the item above it renders inside; a part added above lessons "
                    + "that keep the note series of the part they came from splits that series), with its "
                    + "title, each item numbered (not a bullet) with at most nine digits (no letter for one, `l2.`) "
                    + "and a marker of one `.` or `)` right after them and a space after it (not `12 .`, `12..`, "
                    + "`12:`), nothing before its number (`\\t9.`, `x9.`, an invisible character) and nothing "
                    + "invisible between its marker and its link, one link per item, written `[Title](file.md)`, "
                    + "no item indented under the one above it (that item's text, or a list nested in it), and a "
                    + "blank line before a list that does not start at 1. Its list of sources (`- Title: <URL>` per "
                    + "lesson, after the course's own `- Kurs: <URL>`) gives every lesson once, in course order, "
                    + "with its title and its `source` URL, and the course's address is the folder of those URLs.",
                fix: "Edit the index: correct the count, add, remove, reorder or move the list items, or fix a "
                    + "number, a marker, a link, a title, a URL, an indentation or a missing blank line as the "
                    + "message says. A link from the repository's root (`/lessons/…`) opens the lesson only where "
                    + "the lessons folder sits at that path in the git repository; a relative link "
                    + "(`09-yerel-durum.md`) opens it anywhere."
            )
        case .declaredTrigger:
            (
                summary: "A lesson's `Bu dersin tetiği: **X**` bullet is missing, not a bullet of its own (a "
                    + "marker without its space, with a no-break space, an en dash, marks taken for one such as "
                    + "`--` or `·`, a character left before it such as `1- Bu`), not bold, wrapped in what shows no "
                    + "bold trigger (struck through, an image, a code span, a comment, asterisks typed as entities), "
                    + "unknown (punctuation "
                    + "or an unseen character inside the bold), states two triggers or a trigger and a distribution, "
                    + "gives a distribution that is none as written (a look-alike slash, three counts), or "
                    + "contradicts what its trees print, is given twice (a second bullet, agreeing or not), or its "
                    + "distribution differs from the first tree's "
                    + "`countCauses` lines (or stands after the bold); or the intro's `Bu derste bakılan tetik **X**` "
                    + "names another trigger than the lesson's.",
                fix: "Write one bullet with **yerel**, **ebeveyn**, **gözlem** or **ortam** in bold, a cause one of "
                    + "the lesson's trees prints, or a distribution (a/b/c/d) equal to the first tree's counts (a "
                    + "tree put before the one that counts it moves the first tree: move that tree first); make the "
                    + "intro name the same trigger."
            )
        case .closingTable:
            (
                summary: "The closing table (columns `Ders` and `Tetik`) does not have one row per lesson, in course "
                    + "order, with each lesson's title and declared trigger, or GitHub does not render it as a table "
                    + "(a delimiter row mistyped, lost, parted from its header or indented as code), or a row's cells "
                    + "sit a column right (a character before its first `|`, `x| Ortam …`), or a row is a cell short "
                    + "for a backslash before a pipe (`yerel \\| kardeşin`: GitHub escapes a pipe after any "
                    + "backslash), or a line of HTML between two rows ends the table, or a line typed right under "
                    + "the last row (its blank line lost) is taken in as a row, or a trigger cell is "
                    + "wrapped whole in what shows no trigger (struck through, an image, a comment, asterisks typed as "
                    + "entities).",
                fix: "Edit the row the message names: its title, its trigger, its place; add a missing row, remove "
                    + "a repeated one, delete the backslash before a pipe, remove the blank line or HTML line that "
                    + "breaks the table, or put a blank line before a paragraph typed right under it."
            )
        case .triggerDistribution:
            (
                summary: "The sentence of the closing lesson or the index that counts the lessons' four triggers "
                    + "(yerel, ebeveyn, gözlem, ortam) does not match how many lessons declare each, counts a name "
                    + "that is not a trigger, states a share that is not the count's part of the lessons counted "
                    + "(`yerel %35`), names a wrong number of lessons or total (those its counts "
                    + "cover) or a wrong opening distribution, "
                    + "cannot be read for one of them, or is hidden from readers; or a statement of the course's "
                    + "number of lessons in the closing lesson or the index is wrong; or a sentence of the opening "
                    + "lesson (the one declaring a distribution) that counts the four triggers or its recomputations "
                    + "differs from what its first tree prints.",
                fix: "Correct the count in the sentence, giving each trigger its number right before or after its "
                    + "name; if the count is right, the lessons' trigger bullets are the slip. In the opening lesson, "
                    + "write the count its first tree prints."
            )
        case .noteSeries:
            (
                summary: "A bold note series (`**GV1.**`, ...) is numbered with a gap, a repeat or a step back, "
                    + "strays into another part, or a note label is not bold, written in a near form (any other "
                    + "mark for its full stop or between its letters and number, a space, another case, a look-alike "
                    + "or another script's capital, a letter for a digit, a letter of its series dropped, doubled or "
                    + "changed, a backslash, asterisks escaped or typed as entities, a code span, strikethrough or image "
                    + "around it, an invisible "
                    + "character that keeps its bold open, more "
                    + "text inside its bold, a few characters of text before it such as an emoji, a bracket or `Not:`, "
                    + "where its series is due that note), not "
                    + "at the start of its paragraph, or "
                    + "refers to a note the course does not define or in a near form (`**DR01**`, `**dr1**`, "
                    + "`**GV 3**`, `**DRl**`), or takes another series' label where its part's note is due. A series "
                    + "that holds each number once but out of reading order (two lessons swapped with their notes) "
                    + "is one finding at its first note out of place; so is a slip that moves the numbers of the "
                    + "notes after it (a note inserted or deleted, a lesson copied with its notes).",
                fix: "Renumber the note or use the number the message expects; for a series out of reading order or "
                    + "a note inserted or deleted, renumber each run as the message lists (`EK5–EK8 as EK1–EK4`), "
                    + "from the finding on; delete a note pasted twice; make a note a paragraph that "
                    + "opens with its bold label, written as the message says (a blank line before it)."
            )
        case .labelReference:
            (
                summary: "A backticked kebab-case word in the prose is not a label any tree passes to `change`.",
                fix: "Correct the word to the label (the message suggests the closest one, and names a look-alike "
                    + "character), or remove the backticks if the word is not meant as a label."
            )
        case .fragmentSyntax:
            (
                summary: "A display fragment (a `swift` block that is neither the core nor a tree) does not parse: "
                    + "`swiftc -parse` reports the error.",
                fix: "Fix the Swift syntax at the reported line of the fragment."
            )
        case .claimSkipped:
            (
                summary: "A note: a claim could not be checked here (no usable swiftc to parse the display "
                    + "fragments), so it is reported as skipped rather than passing silently.",
                fix: "Install the Swift toolchain, or point `SWIFTC` at swiftc or put it on `PATH`, and run again; "
                    + "CI must have it."
            )
        case .coreDrift:
            (
                summary: "A core block is not byte for byte the course's core: the embedded core "
                    + "(`Sources/InvalidationCore/Invalidation.swift`) in this course, the text most lessons hold in "
                    + "another. The finding is at the first differing line and names tabs, trailing whitespace and "
                    + "invisible characters; when the block as typed is the core and only its opening fence's "
                    + "indentation (1–3 spaces, which GitHub takes off each line) makes it differ, it is at the "
                    + "fence and names that indentation. When every lesson's core block differs from the embedded "
                    + "core the same way, that is one finding, at the first lesson.",
                fix: "Run `coursecheck --promote lessons/` to rewrite the core blocks to the course's core. A change "
                    + "meant for this course's core goes into `Sources/InvalidationCore/Invalidation.swift` instead; "
                    + "in another course, whose core is the text most lessons hold, `--promote` would write that text "
                    + "back over the edit, so make the same edit in every lesson's core block. "
                    + "For an indented fence, delete the spaces before it (`--promote` does)."
            )
        case .githubParity:
            (
                summary: "GitHub (cmark-gfm) shows a line otherwise than the CommonMark reference reads it: a fence "
                    + "indented with a tab its container takes only in part, a footnote, or struck-through text in a "
                    + "claim's text.",
                fix: "Indent that fence with spaces instead of a tab; keep checked text out of footnotes and "
                    + "strikethrough."
            )
        case .conflictMarker:
            (
                summary: "A complete set of merge-conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`) is left in a "
                    + "lesson, so nothing after it is judged.",
                fix: "Resolve the conflict: keep the right side, and delete the three marker lines."
            )
        case .unclosedComment:
            (
                summary: "An HTML comment that opens a line (`<!--`) is never closed with `-->`, so a reader sees "
                    + "nothing after it: CommonMark runs it to the end of the page (in a list item or block quote, "
                    + "the browser runs it on to the first `-->` the page sends as HTML after it). So is one that a "
                    + "later line's `-->` ends (a later comment's, an arrow in prose or in a would-be code block) "
                    + "when it hides a fence, a heading, a note, the trigger bullet or an index link, leaves text "
                    + "after that `-->` shown outside any paragraph, or that `-->` is a later comment's own (comments "
                    + "do not nest); a comment of prose alone is an author's. So is one opening a list item whose "
                    + "`-->` is on a line without the item's indentation: that line stands outside the item, and its "
                    + "`-->` closes nothing. The one "
                    + "finding is at the `<!--` and says what it hides (a claim on its own line too); nothing it "
                    + "hides is judged (no golden of a tree there is called an orphan or pruned) until it is closed. "
                    + "A comment inside a list item or block quote whose `-->` stands on the next line without the "
                    + "container's prefix is one too, at that `-->`: the line ends the container and shows as text.",
                fix: "Close the comment with `-->` where it was meant to end (usually the end of its line); a bare "
                    + "`<!--` and `-->` pair around a tree or note: delete the pair, or the lines if they are meant "
                    + "to go. For a list item's comment closed outside the item: the text after the `-->` on the "
                    + "item's line, and the comment on lines of their own under it, indented as the item's text. "
                    + "A `<!--` opening a claim's line (the trigger bullet, a note, a heading, a row, the "
                    + "distribution sentence): delete it. A `-->` outside its "
                    + "item or quote: write it with the container's prefix (the item's indentation, the `> `)."
            )
        case .emptyItem:
            (
                summary: "A list marker alone on its line (`-`, `*`, `+`, `1.`, `1)`) in a page's prose: an empty "
                    + "list item, which readers see as a bullet (or a number) with nothing after it. Typed over the "
                    + "text meant as its own (`-` over `Eksen seçimi,`), it ends the list there: readers see the "
                    + "empty bullet, then that text as a paragraph after the list. Right under a paragraph's line, "
                    + "`*`, `+` or a number (`1.`, `2.`, `1)`) is no item (an empty item cannot interrupt a "
                    + "paragraph): readers see it at the end of that line's text (`-` there underlines the "
                    + "paragraph as a heading, which `stray-underline` or the claim reading it says). Right under "
                    + "a table's last row it is an item (a table is no paragraph): the table ends, and readers "
                    + "see an empty bullet under it. An item on one line holding only a comment (`- <!-- x -->`) "
                    + "shows the same empty bullet, unless the comment hides what a claim reads (the trigger "
                    + "bullet, a note, an index link), which that claim reports. The claims read the page as "
                    + "meant, so nothing in the list (the trigger bullet, the index's items) is reported after "
                    + "it. An item that holds anything readers see is not one.",
                fix: "Delete the line, or, when the text meant as the item's is on the line under it, join the two "
                    + "lines (`- Eksen seçimi,`)."
            )
        case .indentedFence:
            (
                summary: "A tree's or display fragment's opening fence indented one to three spaces (past its list "
                    + "item's or block quote's markers): CommonMark takes up to that many spaces off each line of the "
                    + "block, so readers see its code indented otherwise than written (4 and 8 spaces as 2 and 6, "
                    + "and a multi-line string's lines shifted). coursecheck runs the tree as written, so its output "
                    + "is not reported again. An expected block or the core under such a fence is an `output-drift` "
                    + "or `core-drift` at the fence when it changes what they show; a closing fence indented so, a "
                    + "block with no line indented, and one indented whole with its fence render as meant and are "
                    + "silent.",
                fix: "Delete the spaces before the opening fence."
            )
        case .strayUnderline:
            (
                summary: "A line of `=` (or `-`) under a line of the page that GitHub reads as no underline the author "
                    + "meant: `===` under a `##` heading (a heading written with `#` takes no underline, so readers "
                    + "see `===` as text), `===` right under a list item's line (it joins the item's text: "
                    + "`Bağlama ===`), `===` under a paragraph when the page has its title already (readers see a "
                    + "second title), `===` after a blank line (a paragraph of its own: readers see `===`), or `---` right "
                    + "under a paragraph of sentences (readers see it as a heading). "
                    + "Under the `# ` title, a note, the trigger bullet or the distribution sentence, the claim that "
                    + "reads it says so instead.",
                fix: "Delete the line. If a rule was meant under a paragraph, put a blank line between the paragraph "
                    + "and `---`."
            )
        case .rawHTML:
            (
                summary: "A line of raw HTML (a tag alone on its line: `<div id=\"dr1\"></div>`, `<hr>`, `<br>`, "
                    + "`<p></p>`) right above a line a claim reads (a note, the trigger bullet, a heading, a table's "
                    + "row, the distribution sentence, an index item): CommonMark runs such an HTML block on to the "
                    + "next blank line, so readers see that line as raw text (`**DR1.**`, `- Bu dersin tetiği: "
                    + "**yerel**.`), not as a note, a bullet or a row. The one finding is at the line taken, and the "
                    + "page is read as if the blank line were there, so nothing after it is reported. Or a "
                    + "`<details>` never closed with `</details>`: the browser folds everything after it into the "
                    + "closed disclosure (a `<details open>` shows it, and is not one).",
                fix: "Put a blank line between the HTML and the line it took (an HTML line followed by a blank line "
                    + "renders the Markdown after it); add `</details>` where the folded part ends."
            )
        case .commentLookAlike:
            (
                summary: "Text is written almost as an HTML comment (`<!- x -->`, `<! -- x -->`, `‹!-- x -->`, "
                    + "`<!—x —>`), but a comment opens only with `<!--`, so readers see it as text, brackets and all; "
                    + "or an opener typed wrong (`< !--`, `<--`, `!--`, or `<!-` closed on a later line) is paired "
                    + "with a `-->` readers see in its paragraph, so the text meant hidden shows (an arrow with no "
                    + "partner, `A <-- B`, is prose, and so is a pair of arrows each between words, `A <-- B --> C`); "
                    + "or a `<!--` inside a paragraph, heading or table cell is never closed there, so it opens no "
                    + "comment and readers see it as text (one whose `-->` is on a later line too: a heading and a "
                    + "table's row are one line each, so it closes nothing, and the next line shows as a paragraph, a "
                    + "row, or parts the header row from its delimiter row); or a comment CommonMark 0.31 reads that "
                    + "GitHub's Markdown (cmark-gfm, CommonMark 0.29) shows as text: `<!-->`, `<!--->`, one whose text "
                    + "holds `--` or ends with `-` (`<!-- a -- b -->`, `<!-- x --->`), or a second `<!--` (`<!-- a "
                    + "<!-- b -->`: the first is text left open; close it before the second); "
                    + "or a line opens with a comment closed on it and has text "
                    + "after it (`<!-- x --> ## Özet`, `- <!-- x --> **DR1.** …`), which makes the whole line raw "
                    + "HTML, so readers see its Markdown as written (`## `, `**`, backticks, a link as `[text](file)`), "
                    + "outside any paragraph, heading or table. What the line holds is read as if the comment were "
                    + "not there, so nothing after it (a heading, a note, the trigger bullet, a row) is reported.",
                fix: "Write it as the comment it was meant to be: `<!-- x -->`, with no `--` inside (or, if it is "
                    + "meant as text, put it in backticks); write `<!--` in place of an opener typed wrong; close a `<!--` left open with `-->` (in a table cell, before the cell's `|`), or "
                    + "delete it; join the line holding the `-->` of one opened in a heading or a row onto that line; "
                    + "move a comment that opens a line of text to the end of the line (above a table's "
                    + "header row, onto a line of its own; a note's label it holds alone, out of it)."
            )
        case .caseCollision:
            (
                summary: "Two lesson names differ only in case: two lessons here, but one file on macOS and Windows, "
                    + "so a checkout there loses one of them.",
                fix: "Rename one of the two lessons (with `git mv`)."
            )
        case .decomposed:
            (
                summary: "A lesson's file name, or a letter of a lesson's or the index's text, is saved decomposed "
                    + "(NFD: `g` + U+0306 COMBINING BREVE for `ğ`), as a copy through a Mac's file system or zip, or "
                    + "a paste from some macOS apps, writes it. Readers see the composed letter, but git and a Linux "
                    + "file system see other bytes: another file name, another title. One finding a file, at its "
                    + "first decomposed letter; a claim never reports a difference that is only this (a title, an "
                    + "index item, a table cell compare composed), and a lesson's goldens folder is its composed name.",
                fix: "Rename the file to the composed name the message gives (`git mv`), or save the text as NFC "
                    + "(composed): retype the letter, or normalise the file (`python3 -c \"import unicodedata,sys; "
                    + "p=sys.argv[1]; s=open(p).read(); open(p,'w').write(unicodedata.normalize('NFC', s))\" FILE`)."
            )
        }
    }

    /// An example for an id that no fixture under Tests/CourseCheckKitTests/Fixtures shows; nil for the others
    /// (their example is taken from the fixtures' expected output).
    package var exampleWhereNoFixtureShowsOne: String? {
        switch self {
        case .engineMismatch:
            "lessons/09-yerel-durum.md:120:1: error: engines disagree on the output of tree at line 120 "
                + "[engine-mismatch]"
        case .toolchainFailed:
            "lessons/09-yerel-durum.md:120:1: error: tree was not compiled: swiftc failed: error: unable to open "
                + "output file: No space left on device; this is the machine's, not the tree's: fix it and run "
                + "again [toolchain-failed]"
        case .goldenUnreadable:
            "lessons/09-yerel-durum.md:120:1: error: tree's golden "
                + "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out cannot be "
                + "read (Permission denied); make it readable, coursecheck never treats it as missing "
                + "[golden-unreadable]"
        case .claimSkipped:
            "lessons/01-bildirimsel-sozdizim.md:150:1: note: 42 display fragments were not parsed: no swiftc "
                + "(swiftc not found: set SWIFTC or put the Swift toolchain on PATH (the swiftc engine compiles "
                + "trees)) [claim-skipped]"
        case .validityUnknown:
            "lessons/01-bildirimsel-sozdizim.md:95:1: error: whether the trees compile cannot be decided: swiftc not "
                + "found: set SWIFTC or put the Swift toolchain on PATH (the swiftc engine compiles trees); 50 trees ran "
                + "unverified, and none is approved or promoted [validity-unknown]"
        case .mergedFallback:
            "lessons/09-yerel-durum.md:120:1: note: merged build failed here (ambiguous use of 'run'); compiled 1 "
                + "tree one by one [merged-fallback]"
        case .caseCollision:
            "lessons/09-yerel-durum.md:1:1: warning: this name differs from lessons/09-Yerel-durum.md only in "
                + "case: here they are two lessons, but on macOS and Windows one file, so a checkout there loses "
                + "one of them; rename one [case-collision]"
        default: nil
        }
    }
}
