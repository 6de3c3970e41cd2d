/// Giving blocks their roles: a lesson's shape (one core, trees with expected blocks, no stray fences).
extension Diagnostic {
    /// Why a lesson file is not a lesson.
    enum NotALesson {
        case empty
        case noFencedBlocks
        /// Named like a lesson (it starts with digits) but not `NN-slug.md`: not read as one;
        /// `rename`, the lesson name it takes when a second digit is all it lacks.
        case misnamed(rename: String?)
        /// A markdown file whose name is not UTF-8: not read.
        case nameNotUTF8
        /// The lesson `recorded` under a slipped name `file`, as `witnesses` say (`LessonRecords`);
        /// `move`, when the file sits in a sub-folder (both then shown as paths); `numberOf`, the
        /// lesson whose number the name takes. Not read until renamed: its goldens are kept and the
        /// course waits.
        case slippedName(file: String, recorded: String, move: Bool, witnesses: [String], numberOf: String?)
        /// An old copy of the recorded lesson `of` (its number and its source), left beside it: not
        /// read, so neither it nor the original is judged twice.
        case copy(of: String)
    }

    static func notALesson(at location: SourceLocation, _ reason: NotALesson) -> Diagnostic {
        switch reason {
        case .empty: Diagnostic(.notALesson, at: location, "file is empty; it is not a lesson")
        case .noFencedBlocks:
            Diagnostic(.notALesson, at: location, "file has no fenced code blocks; it is not a lesson")
        case .misnamed(let rename):
            Diagnostic(
                .notALesson, at: location,
                "file name starts like a lesson's but does not match NN-slug.md (two or more digits, a hyphen, "
                    + "a name); it is not checked: rename it\(rename.map { " to \($0)" } ?? ""), or give it a name "
                    + "that does not start with a digit")
        case .slippedName(let file, let recorded, let move, let witnesses, let numberOf):
            Diagnostic(
                .notALesson, at: location,
                (move
                    ? "move \(file) to \(recorded)"
                    : "rename \(file.last?.isWhitespace == true ? "'\(file)'" : file) to \(recorded)")
                    + ": " + witnesses.listed()
                    + (numberOf.map { ", and its number is \($0)'s" } ?? "")
                    + "; until then the lesson is not read, its goldens are kept, and the course's claims wait for it")
        case .copy(let original):
            Diagnostic(
                .notALesson, at: location,
                "\(location.path.lastPathComponent) shares the number "
                    + "\(original.prefix { $0.isASCII && $0.isNumber }) and the source of \(original); give it its own "
                    + "number and source, or delete it; until then it is not read, and the course's claims wait for it")
        case .nameNotUTF8:
            Diagnostic(
                .notALesson, at: location,
                "file name is not UTF-8 (each byte that is not shown as \\x{..}); it is not checked: rename it")
        }
    }

    /// No core block (`firstCoreLine` nil), naming the Swift files the lesson's blocks name
    /// instead (`found`), or a second block of the core's name after the one at `firstCoreLine`.
    static func coreCount(
        at location: SourceLocation, core: String, firstCoreLine: Int?, found: [(name: String, line: Int)]
    ) -> Diagnostic {
        guard let firstCoreLine else {
            let shown = found.prefix(3).map { "'// \($0.name)' at line \($0.line)" }
            let more = found.count > 3 ? " and \(found.count - 3) more" : ""
            // One block naming another file is most likely the core renamed: the finding stands at
            // it (the caller places it there) and says the one line to write.
            let what =
                found.isEmpty
                ? "no ```swift block names a Swift file"
                : found.count == 1
                    ? "found '// \(found[0].name)' here; if this block is the core, start it with '\(CourseCore.marker(core))'"
                    : "found \(shown.joined(separator: ", "))\(more)"
            return Diagnostic(
                .coreCount, at: location,
                "lesson has no core block (a ```swift block starting '\(CourseCore.marker(core))'); \(what)")
        }
        return Diagnostic(
            .coreCount, at: location,
            "lesson has more than one core block ('\(CourseCore.marker(core))'); the first is at line \(firstCoreLine)")
    }

    static func noTrees(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.noTrees, at: location, "lesson has no tree (a ```swift block starting '\(BlockRole.treeMarker)')")
    }

    /// How a tree lost its expected block.
    enum MissingExpected {
        /// Nothing follows the tree.
        case none
        /// The bare fence at `line` comes later, after something other than blank lines.
        case notAdjacent(line: Int)
        /// The bare fence at `line` stands in another container than the tree.
        case otherContainer(line: Int, place: String, treePlace: String)
        /// The bare block right under the tree (at line `treeLine`), outside the tree's container:
        /// `lines` begun with `prefix` in place of `written` put it there.
        case outsideTreesContainer(
            treeLine: Int, place: String, treePlace: String, lines: ClosedRange<Int>, prefix: String, written: String)
        /// The block right after the tree (at line `treeLine`) has an info string.
        case infoString(String, treeLine: Int)
    }

    static func missingExpected(at location: SourceLocation, _ reason: MissingExpected) -> Diagnostic {
        let message =
            switch reason {
            case .none:
                "tree has no expected output block; put a bare ``` fence holding its stdout right after it"
            case .notAdjacent(let line):
                "tree's expected block at line \(line) does not follow it: only blank lines may stand between a tree and "
                    + "its expected output"
            case .otherContainer(let line, let place, let treePlace):
                "tree's expected block at line \(line) is \(place), but the tree is \(treePlace); a tree and its "
                    + "expected block must sit in the same container"
            case .outsideTreesContainer(let treeLine, let place, let treePlace, let lines, let prefix, let written):
                "the expected block of the tree at line \(treeLine) is \(place), but the tree is \(treePlace), and a "
                    + "tree and its expected block must sit in the same container; begin lines "
                    + "\(lines.lowerBound)–\(lines.upperBound) with '\(prefix)'\(written.isEmpty ? "" : ", not '\(written)'")"
            case .infoString(let info, let treeLine) where invisible(in: info, meant: "") != nil:
                "the tree at line \(treeLine) is followed by a code block whose fence holds "
                    + "\(invisible(in: info, meant: "") ?? ""), which CommonMark reads as an info string; its expected "
                    + "output must be a bare ``` fence: delete that character"
            case .infoString(let info, let treeLine):
                "the tree at line \(treeLine) is followed by a code block with info string '\(info)'; its expected "
                    + "output must be a bare ``` fence"
            }
        return Diagnostic(.missingExpected, at: location, message)
    }

    /// An info string that is `meant` but for invisible characters (a no-break space, a zero-width
    /// space), which a message must name: the first of them (`an invisible U+00A0 NO-BREAK SPACE`).
    static func invisible(in info: String, meant: String) -> String? {
        guard info.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        var visible = ""
        var first: Unicode.Scalar?
        for scalar in info.unicodeScalars {
            let properties = scalar.properties
            if !scalar.isASCII,
                properties.isWhitespace || properties.generalCategory == .format
                    || properties.isDefaultIgnorableCodePoint
            {
                first = first ?? scalar
            } else {
                visible.unicodeScalars.append(scalar)
            }
        }
        guard let first, visible == meant else { return nil }
        return "an invisible \(Invisible.name(first))"
    }

    static func strayOutput(at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .strayOutput, at: location,
            "bare code fence does not follow a tree; expected output must come right after a ```swift block "
                + "starting '\(BlockRole.treeMarker)'")
    }

    /// What a block pasted twice is.
    enum Repeated {
        case core(String)
        case tree
        case expected
        case fragment
    }

    /// A block that repeats the block at lines `original` right above it: the finding a copy of
    /// its role gets (a second core, a tree sharing a golden name, a stray output block), with
    /// the lines whose deletion gives the lesson back.
    static func repeatedBlock(
        at location: SourceLocation, _ what: Repeated, of original: ClosedRange<Int>, delete: ClosedRange<Int>
    ) -> Diagnostic {
        let span = "lines \(original.lowerBound)–\(original.upperBound)"
        let fix = "delete lines \(delete.lowerBound)–\(delete.upperBound)"
        return switch what {
        case .core(let core):
            Diagnostic(
                .coreCount, at: location,
                "lesson has more than one core block ('\(CourseCore.marker(core))'): this one repeats the core block at "
                    + "\(span) right above it; \(fix)")
        case .tree:
            Diagnostic(
                .treeIdentity, at: location,
                "tree repeats the tree at \(span) right above it, which is left without its expected block; \(fix)")
        case .expected:
            Diagnostic(
                .strayOutput, at: location,
                "bare code fence repeats the tree's expected block at \(span) right above it, so it is nobody's "
                    + "expected output; \(fix)")
        case .fragment:
            Diagnostic(
                .noRole, at: location,
                "this display fragment repeats the one at \(span) right above it, so readers see the same code "
                    + "twice; \(fix)")
        }
    }

    /// A block whose two fences were both deleted (`what`: "a tree", "the core", "Swift code", "the
    /// output of the tree at line N"), its lines now shown as text starting with `shown`.
    static func lostFences(
        at location: SourceLocation, what: String, shown: String, lines: ClosedRange<Int>, opener: String,
        closer: String, movedAfter: String? = nil
    ) -> Diagnostic {
        let span =
            lines.count == 1 ? "line \(lines.lowerBound) is" : "lines \(lines.lowerBound)–\(lines.upperBound) are"
        let first = String(shown[...].trimmingBlanks())
        let quoted = first.count > 40 ? "'\(first.prefix(40))…'" : "'\(first)'"
        // A list item's first line held the opening fence (`1. ```swift`): it is written back
        // there, and the code the line now holds moves to a line of its own under it.
        let fix =
            movedAfter.map {
                "write line \(lines.lowerBound) as '\(opener)' and move its text to a new line under it, after "
                    + "'\($0)'; insert '\(closer)' after line \(lines.upperBound)"
            }
            ?? "insert '\(opener)' before line \(lines.lowerBound) and '\(closer)' after line \(lines.upperBound)"
        return Diagnostic(
            .unterminatedFence, at: location,
            "\(span) \(what) with no fences around it: readers see \(quoted)"
                + "\(lines.count == 1 ? "" : " and the lines after it") as text; \(fix)")
    }

    /// Why a block has no role.
    enum NoRole {
        /// A block of another language.
        case infoString(String)
        /// A tree's or the core's fence inside an indented code block (`what`: "a tree", "the core").
        case insideIndentedCode(what: String)
        /// A tree's or the core's block whose info string is not `swift`.
        case mislabeled(what: String, info: String)
        /// A tree's or the core's fence inside an HTML block that shows its text (`<details>`, `<div>`).
        case insideHTMLBlock(what: String, line: Int)
        /// The same inside `<pre>`, `<script>`, `<style>` or `<textarea>` (`tag`), which only its
        /// closing tag ends: a blank line does not.
        case insideRawHTMLBlock(what: String, line: Int, tag: String)
        /// A `swift` block whose first line is nearly `marker` (`slip` says how it differs).
        case nearMiss(what: String, marker: String, slip: String)
    }

    /// How a block's closing line missed being its closing fence.
    enum FenceSlip {
        /// Fewer fence characters than the opening fence has.
        case short(written: String, fence: String)
        /// The fence characters followed by text: a closing fence takes no info string.
        case infoString(written: String)
        /// The fence characters indented `columns` (four or more past the block's container); `item`:
        /// in a list item, the indentation of its other lines (counted in `columns`), which is the fix;
        /// `quote`: in a block quote, the line as it is meant (its `> ` and the fence).
        /// `tabs`: the tabs in its indentation when they alone make it too deep, which the fix deletes
        /// with the `spaces` typed beside them.
        case indented(columns: Int, item: Int?, quote: String? = nil, tabs: Int = 0, spaces: Int = 0)
        /// The fence characters outside the `container` ("list item", "block quote") that holds
        /// the block: the line lacks `missing` of the `prefix` its lines have. `meant`: the line as
        /// meant, when what it lacks goes after the part of the prefix it has (`>  ` for `>   `).
        case outsideContainer(container: String, prefix: String, missing: String, meant: String? = nil)
        /// A run of other characters (`characters`, in words: tildes, apostrophes, a look-alike)
        /// where the block's closing fence `fence` belongs.
        case wrongCharacter(written: String, characters: String, fence: String)
        /// A line of text that looks like a fence (`what`: two backticks, or apostrophes) but opens
        /// no block; `fix` is the fence meant there.
        case notAFence(written: String, what: String, fix: String)
        /// An opening fence unlike the lesson's others, which the `closer` at line `closing`, meant
        /// to close it, cannot close (`why`); `fix` is the opening written as the others are.
        case mismatchedOpening(written: String, closer: String, closing: Int, why: String, fix: String)
        /// An opening fence indented `columns` (four or more) past its container, read as indented
        /// code (`asCode`) or as a paragraph's text; `item`: the indentation of the other lines of
        /// the list item it stands in, which is its fix; `quote`: in a block quote, the line as it
        /// is meant (its `> ` and the fence, the columns counted after the `> `); `tabs`: the tabs
        /// in its indentation when they alone make it too deep (the fix deletes them: a tab is
        /// seldom typed on purpose, and "indent it less" does not say which blank to take away),
        /// and with them the `spaces` typed beside them (left, they would indent the fence still).
        case indentedOpening(
            columns: Int, asCode: Bool, item: Int?, quote: String? = nil, tabs: Int = 0, spaces: Int = 0)
        /// A closing fence `fence` typed behind a container's `marker` (`>`, `-`, `1.`).
        case behindMarker(written: String, marker: String, fence: String)
        /// An opening fence typed behind a `marker` that opens a `container` (a list item or block
        /// quote), which ends after line `ends` and ends the block with it; `fix` is the fence alone.
        case insideContainer(written: String, container: String, marker: String, fix: String, ends: Int)
        /// An opening fence after `blanks` (in words: "3 spaces", "a tab") behind its list marker
        /// (`-   ```swift`) where the item's next lines are indented `others`, fewer than its
        /// content `column`: they end the item, and with it the block. `column` nil: five spaces or
        /// more, which make the fence indented code in the item. `fix` is the line with one space
        /// after the marker.
        case wideAfterMarker(written: String, blanks: String, column: Int?, others: Int, fix: String)
        /// A list marker glued to a fence (`written`, `-```swift`): no list item and no fence; `fix`
        /// is the line with the space.
        case gluedMarker(written: String, fix: String)
        /// A backtick fence whose info string holds a backtick; `fix` is the fence without it.
        case backtickInInfo(written: String, fix: String)
        /// No closing fence `fence` where the block runs into what follows (at the finding's line),
        /// or (`lastLine` given) at the end of the file, after that line.
        case missingClosing(fence: String, lastLine: Int?)
        /// No closing fence `fence` (a container's prefix and all) where the block's `container`
        /// ("block quote", "list item") ends it after line `ends`, at the finding's line.
        case missingClosingInContainer(fence: String, container: String, ends: Int)
        /// No opening fence `fence` before the finding's line, so the `closer` at line `closing`,
        /// meant to close the block, opens one.
        case missingOpening(fence: String, closer: String, closing: Int)
        /// A fence (`written`) that opens a block where no block was meant, which runs to line
        /// `runsTo` (nil: the end of the file).
        case leftOver(written: String, runsTo: Int?)
        /// A fence (`written`) and the bare fence `closer` at line `closing` right under it (or
        /// after blank lines): a code block holding nothing, which readers see as an empty box
        /// where no block was meant; the fix deletes the lines `delete` (both fences, and the
        /// blank lines between), or, when `blank` (deleting them would join the paragraph above to
        /// the text below), puts one blank line in their place.
        case emptyPair(written: String, closer: String, closing: Int, delete: ClosedRange<Int>, blank: Bool = false)
        /// A fence (`written`) and the fence `closer` at line `closing` around the `page`'s own
        /// text (`what`: its title, a heading, a note, …), which readers see as code; the fix
        /// deletes both fences, or blanks one (`blank`: the opener, the closer) where deleting it
        /// would join a paragraph's line to the text across it.
        case wrappedText(
            written: String, closer: String, closing: Int, what: String, page: String,
            blank: (opener: Bool, closer: Bool) = (false, false))
        /// An opening fence (`written`) typed twice: the second, right under the first, is the
        /// block's first line of code, which a reader sees and a tree or fragment does not run as.
        case repeatedOpening(written: String)
        /// A fence (`written`) right under the opening fence, or after only blank lines (`blanks`),
        /// which closes the block there, empty, so the lines after it, meant as its code, show as
        /// text; the fix deletes the lines `delete` (the fence and the blank lines around it).
        case closedAtOnce(written: String, blanks: Bool, delete: ClosedRange<Int>)
        /// A bare fence (`written`) typed in the middle of a block's code, which closes the block
        /// there: the lines `shown`, meant as its code, show as text, and the fence at line
        /// `opens`, meant to close the block, opens a new one; the fix deletes the lines `delete`
        /// (the fence, and a blank line typed with it).
        case closedMidway(written: String, shown: ClosedRange<Int>, opens: Int, delete: ClosedRange<Int>)
        /// A fence line (`written`, with its container's marker: a bare one, or a `swift` one left
        /// at the end of a block quote) that opens a block where no block was meant, which its
        /// `container` ends, empty, after line `ends`.
        case leftOverInContainer(written: String, container: String, ends: Int)
        /// A line of a block in a `container` ("block quote", "list item") without all of its
        /// lines' `prefix` (`missing`: the part it lacks), so the container ends before it.
        /// `meant`: the line as meant, when what it lacks goes after the part of the prefix it has.
        case lostPrefix(container: String, prefix: String, missing: String, meant: String? = nil)
        /// A line between two parts of a container (a blank line of a block quote, a fence line)
        /// that lacks `missing` of its `prefix`, which the line after it has again.
        case lostPrefixBetween(container: String, prefix: String, missing: String, blank: Bool)
        /// An opening fence whose prefix (`written`: its blanks and `>`) is not the `prefix` of the
        /// nested containers its block's lines have, so the innermost `container` it does not
        /// continue ends before it; `missing`: what it lacks, when one insertion makes the prefix;
        /// `meant`: the line as meant; `through`: the last of the block's lines after it written with
        /// the fence's prefix too (nil when none is), which all take `prefix`.
        case outsideNestedContainer(
            container: String, prefix: String, written: String, missing: String?, meant: String, through: Int? = nil)
        /// An opening fence without the block-quote `marker` its block's lines, from `firstLine`,
        /// begin with.
        case openingOutsideQuote(marker: String, firstLine: Int)
        /// An opening fence that an invisible character (`name`) before it turns into text.
        case hiddenOpening(name: String)
        /// A fence line (`written`) with printable characters (`leftover`: a backslash, `\t` as
        /// code writes a tab, a letter) and `blanks` before its fence, which make it what it
        /// `shows` as; `closes`: the fence it would close its block with. The fix deletes the
        /// characters and the blanks.
        case leftoverBefore(written: String, leftover: String, blanks: String, closes: String?, shows: Shown)
        /// A fence line (`written`) with printable characters (`leftover`) before a fence
        /// (`fence`) of another character or length than the one meant (`meant`, the whole line
        /// as meant, a container's prefix and all): the block's closing fence (`closes`), or the
        /// lesson's own. Deleting the characters alone would leave a fence that pairs wrongly.
        case leftoverBeforeOther(written: String, leftover: String, fence: String, closes: String?, meant: String)
        /// A line (`written`) with printable characters (`leftover`) before a run of fence-like
        /// characters (`run`) that is no fence either (`why`: two backticks, apostrophes, split by a
        /// space): the block's closing fence (`closes`) or an opening fence was meant; `meant`: the
        /// whole line as meant, a container's prefix and all.
        case leftoverBeforeNoFence(
            written: String, leftover: String, run: String, why: String, closes: String?, meant: String)

        /// What a fence line with characters before it shows as.
        enum Shown {
            case text, heading, blockLine
        }
        /// A closing fence `fence` with spaces between its characters.
        case spacedClosing(written: String, fence: String)
        /// A closing fence `fence` with an invisible character (`name`) among or after its characters.
        case invisibleInClosing(written: String, name: String, fence: String)
        /// A block fenced at both ends (`written` here, `closer` at line `closing`) with lines that
        /// are no fence (`what`); `fix` and `closeFix` are the fences meant.
        case notFences(written: String, closer: String, closing: Int, what: String, fix: String, closeFix: String)
    }

    /// Why a line of `=` or `-` is no underline meant (`Classifier.strayUnderlines`).
    enum StrayUnderline {
        /// `===` opening a paragraph right under the `##` heading at line `heading`.
        case underHeading(written: String, heading: Int)
        /// `===` after a blank line: a paragraph of its own.
        case alone(written: String)
        /// `===` ending a paragraph it joined, the list item's line at line `line`.
        case joined(written: String, line: Int)
        /// `===` under the paragraph ending at line `paragraph`, on a page with a title already.
        case secondTitle(written: String, paragraph: Int)
        /// `---` under the paragraph of sentences ending at line `paragraph`.
        case sentenceHeading(written: String, paragraph: Int)
    }

    /// A line a claim reads taken as raw text by the HTML block that starts at line `start`
    /// (`Classifier.htmlBlockSwallows`); `between`: what the blank line goes after ("the HTML", or
    /// "line N" when raw lines stand between).
    static func htmlBlockSwallows(
        at location: SourceLocation, _ what: Classifier.Swallowed, start: Int, between: String
    ) -> Diagnostic {
        let (subject, shown, noun): (String, String, String) =
            switch what {
            case .note(let label, let written): ("the note \(label)", written, "the note")
            case .triggerBullet(let text): ("the trigger bullet", text, "the bullet")
            case .heading(let text): ("the heading", text, "the heading")
            case .row(let text): ("the table", text, "the table")
            case .distribution(let text): ("the sentence that counts the triggers", text, "the sentence")
            case .indexItem(let text): ("the index item", text, "the item")
            }
        return Diagnostic(
            .rawHTML, at: location,
            "\(subject) is inside the HTML block that starts at line \(start), so readers see '\(shown)' as raw "
                + "text; put a blank line between \(between) and \(noun)")
    }

    /// A `<details>` (as written: `tag`) never closed: the browser folds everything after it
    /// (`hides`, holding `what`) into the closed disclosure.
    static func unclosedDetails(at location: SourceLocation, tag: String, hides: (Int, Int), what: [String])
        -> Diagnostic
    {
        let held = what.isEmpty ? "" : ", with " + what.listed()
        let span = hides.0 == hides.1 ? "line \(hides.0)" : "lines \(hides.0)–\(hides.1)"
        return Diagnostic(
            .rawHTML, at: location,
            "'\(tag)' is never closed ('</details>'), so everything after it (\(span)\(held)) is folded away until "
                + "a reader opens it; add '</details>' where the hidden part ends")
    }

    /// The second fix of a `-` underline under text: a blank line above it, when that makes it
    /// the rule it may be meant as. Only three or more dashes are a rule after a blank line; `-`
    /// is an empty bullet there and `--` a line of text, which a blank line would leave on the page.
    static func ruleAlternative(_ written: String, under paragraph: String) -> String {
        let dashes = written.filter { $0 != " " && $0 != "\t" }
        guard dashes.count >= 3, dashes.allSatisfy({ $0 == "-" }) else { return "" }
        return ", or, if a rule is meant here, put a blank line between \(paragraph) and '\(written)'"
    }

    static func strayUnderline(at location: SourceLocation, _ reason: StrayUnderline) -> Diagnostic {
        let message =
            switch reason {
            case .underHeading(let written, let heading):
                "'\(written)' under the heading at line \(heading) underlines nothing: a heading written with '#' "
                    + "takes no underline, so readers see '\(written)' as a line of text under it; delete this line"
            case .alone(let written):
                "'\(written)' after a blank line underlines nothing: readers see '\(written)' as a line of text; "
                    + "delete this line"
            case .joined(let written, let line):
                "'\(written)' right under line \(line) underlines nothing: it continues that line's text, so readers "
                    + "see '\(written)' at its end; delete this line"
            case .secondTitle(let written, let paragraph):
                "'\(written)' under line \(paragraph) underlines its paragraph as a second title: readers see it as a "
                    + "heading like the page's title, not as text; delete this line"
            case .sentenceHeading(let written, let paragraph):
                "'\(written)' right under line \(paragraph) underlines its sentence as a heading, so readers see the "
                    + "paragraph as a heading, not as text; delete this line"
                    + ruleAlternative(written, under: "the paragraph")
            }
        return Diagnostic(.strayUnderline, at: location, message)
    }

    /// Why a list marker alone on its line shows (`Classifier.loneMarkerSlips`).
    enum EmptyItem {
        /// `marker` among its list's other items: an empty item in the list.
        case inList(marker: String)
        /// `marker` a list of its own: one empty item between other blocks.
        case alone(marker: String)
        /// `marker` ends its list, and `text`, the line right under it, renders as a paragraph after it.
        case textUnder(marker: String, text: String)
        /// `marker` (`*`, `+`, `1.`) right under the paragraph's line `line`, whose text it continues.
        case continuesText(marker: String, line: Int)
        /// `marker`'s item (`written`, its line) holds only a comment, which readers do not see;
        /// `among`: beside other items of its list.
        case commentOnly(marker: String, written: String, among: Bool)
    }

    static func emptyItem(at location: SourceLocation, _ reason: EmptyItem) -> Diagnostic {
        /// What readers see of an empty item: a bullet, or its number, with nothing after it.
        func shown(_ marker: String) -> String {
            marker.count == 1 ? "a bullet with nothing after it" : "the number \(marker) with nothing after it"
        }
        let message =
            switch reason {
            case .inList(let marker):
                "'\(marker)' alone on its line is an empty list item: readers see \(shown(marker)) among the list's "
                    + "items; delete this line"
            case .alone(let marker):
                "'\(marker)' alone on its line is a list of one empty item: readers see \(shown(marker)); delete this "
                    + "line"
            case .textUnder(let marker, let text):
                "'\(marker)' alone on its line is an empty list item, and the line under it is not its text: readers "
                    + "see \(shown(marker)), then '\(excerpt(text))' as a paragraph after the list; join the two lines "
                    + "('\(marker) \(excerpt(text))')"
            case .continuesText(let marker, let line):
                "'\(marker)' right under line \(line) is no list item (an empty item cannot interrupt a paragraph): "
                    + "it continues that line's text, so readers see '\(marker)' at its end; delete this line"
            case .commentOnly(let marker, let written, let among):
                "'\(written)' is a list item holding only a comment, which readers do not see: they see "
                    + "\(shown(marker))\(among ? " among the list's items" : "") (a comment to keep goes on a line "
                    + "of its own, without the '\(marker)'); delete this line"
            }
        return Diagnostic(.emptyItem, at: location, message)
    }

    /// `text` cut to its first words (at a space), to quote it in a message.
    private static func excerpt(_ text: String) -> String {
        guard text.count > 40 else { return text }
        let head = text.prefix(40)
        let words = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return String(words[...].trimmingBlanks()) + "…"
    }

    /// A tree's or fragment's (`what`) opening fence indented `indent` spaces, which take the
    /// indentation off its lines from line `line` on (`Classifier.indentedSwiftFences`).
    static func indentedFence(at location: SourceLocation, indent: Int, what: String, line: Int) -> Diagnostic {
        let takes = indent == 1 ? "one space" : "up to \(indent) spaces"
        let blanks = indent == 1 ? "the space" : "the \(indent) spaces"
        return Diagnostic(
            .indentedFence, at: location,
            "this \(what)'s opening fence is indented \(Plural.count(indent, "space")), so GitHub takes \(takes) of "
                + "indentation off each line of the \(what) (line \(line) is the first it changes): readers see its "
                + "code indented otherwise than written; delete \(blanks) before the fence")
    }

    /// The fix for a fence indented too deep: the tabs deleted when they alone make it so, and
    /// the spaces typed with them too, in the same step: left, an opening fence's spaces would
    /// still take indentation off its block's lines (`indented-fence`), a second finding.
    static func lessIndented(tabs: Int, spaces: Int = 0) -> String {
        guard tabs > 0 else { return "indent it less" }
        let tabsNamed = tabs == 1 ? "the tab" : "the \(tabs) tabs"
        let spacesNamed =
            switch spaces {
            case 0: ""
            case 1: " and the space"
            default: " and the \(spaces) spaces"
            }
        return "delete \(tabsNamed)\(spacesNamed) before the fence"
    }

    /// The fix for a fence pair around the page's text: each fence deleted, or made a blank line
    /// where deleting it would join a paragraph's line to the text across it.
    static func wrappedTextFix(closing: Int, blank: (opener: Bool, closer: Bool)) -> String {
        switch blank {
        case (false, false): "delete this line and line \(closing)"
        case (true, false): "replace this line with a blank line and delete line \(closing)"
        case (false, true): "delete this line and replace line \(closing) with a blank line"
        case (true, true): "replace this line and line \(closing) with blank lines"
        }
    }

    /// A written line for a message, quoted, with the invisible characters in it named: a reader
    /// of the message cannot see them either.
    static func shown(_ written: String) -> String {
        var names: [String] = []
        for scalar in written.unicodeScalars
        where Invisible.isSuspicious(scalar) && Invisible.lookAlikes[scalar.value] == nil
            && !Classifier.fenceLike.contains(scalar)
        {
            let name = Invisible.name(scalar)
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? "'\(written)'" : "'\(written)' (it holds \(names.joined(separator: " and ")))"
    }

    /// The characters left before a fence, for a message: `the '\' before its backticks (a
    /// backslash)`, the non-ASCII ones named.
    static func leftover(_ leftover: String, before written: String) -> String {
        let fence = written.unicodeScalars.dropFirst(leftover.unicodeScalars.count).first {
            Classifier.fenceLike.contains($0)
        }
        var what: [String] = []
        switch leftover {
        case "\\": what.append("a backslash")
        case "\\t": what.append("a backslash and a 't', as code writes a tab")
        default:
            // A word's letters (`Örnek:`) are no surprise to name; a look-alike or an invisible one is.
            for scalar in leftover.unicodeScalars
            where (!scalar.isASCII && !scalar.properties.isAlphabetic) || Invisible.isSuspicious(scalar) {
                let name = Invisible.name(scalar)
                if !what.contains(name) { what.append(name) }
            }
        }
        return "the '\(leftover)' before its \(Classifier.fenceCharacters([fence ?? "`"]))"
            + (what.isEmpty ? "" : " (\(what.joined(separator: ", ")))")
    }

    /// What characters left before an opening fence make of its line, and what follows.
    static func leftoverShows(_ shows: FenceSlip.Shown, opening: Int) -> String {
        switch shows {
        case .blockLine:
            " makes it a line of the block opened at line \(opening), so every later fence pairs wrongly"
        case .heading:
            " makes it a heading, so a reader sees it as one and the lines after it as text, and every later fence "
                + "pairs wrongly"
        case .text:
            " makes it text, so a reader sees it and the lines after it as text and every later fence pairs wrongly"
        }
    }

    /// The fix for characters left before a fence: `delete '\t'`, and the blanks after them in
    /// words (`Leftover.deleting`, as for the title, the trigger bullet and a table row).
    static func deleting(_ leftover: String, _ blanks: String) -> String { Leftover.deleting(leftover, blanks) }

    /// The block opened at `opening` never closes because of the slip at `location`: one finding
    /// (an `unterminated-fence`) at the slip, not at the opening and at each fence it mispairs.
    /// (For a line that opens no block, `opening` is its own line.)
    ///
    /// `within`: the container prefix (`> `, a list item's indentation) of a line in a block quote
    /// or list item, which a fix that writes the line (`write '> ```'`) gives with it, as the line as
    /// meant, as the other container fixes do (`write it as '> -->'`).
    static func fenceSlip(at location: SourceLocation, _ slip: FenceSlip, opening: Int, within: String = "")
        -> Diagnostic
    {
        let message =
            switch slip {
            case .short(let written, let fence):
                "\(shown(written)) does not close the '\(fence)' fence opened at line \(opening): a closing fence needs at "
                    + "least as many characters, so the block runs on and every later fence pairs wrongly; write "
                    + "'\(within)\(fence)'"
            case .infoString(let written):
                "\(shown(written)) does not close the fence opened at line \(opening): a closing fence takes no info string, "
                    + "so the block runs on and every later fence pairs wrongly; write "
                    + "'\(within)\(written.prefix { $0 == written.first })'"
            case .wrongCharacter(let written, let characters, let fence):
                "'\(written)' does not close the '\(fence)' fence opened at line \(opening): it is written with "
                    + "\(characters), and a closing fence repeats the opening's \(fence.first == "~" ? "tildes" : "backticks"), "
                    + "so the block runs on and every later fence pairs wrongly; write '\(within)\(fence)'"
            case .notAFence(let written, let what, let fix):
                "'\(written)' does not open a code block: a fence is three or more backticks or tildes, and this is "
                    + "\(what), so a reader sees it and the lines after it as text, and every later fence pairs "
                    + "wrongly; write '\(within)\(fix)'"
            case .mismatchedOpening(let written, let closer, let closing, let why, let fix):
                "'\(written)' opens a block that the '\(closer)' at line \(closing) cannot close: \(why), so the block "
                    + "runs on and every later fence pairs wrongly; write '\(within)\(fix)', as the lesson's other fences are"
            case .outsideContainer(let container, let prefix, let missing, _) where prefix.allSatisfy({ $0 == " " }):
                "this line would close the fence opened at line \(opening), but it is indented "
                    + "\(Plural.count(prefix.count - missing.count, "column")), not the \(prefix.count) of the other lines of its "
                    + "\(container), so it ends the \(container) and opens a new fence, and every later fence pairs "
                    + "wrongly; indent it \(Plural.count(prefix.count, "space")), as they are"
            case .outsideContainer(let container, let prefix, let missing, let meant):
                "this line would close the fence opened at line \(opening), but it lacks the '\(missing)' the other "
                    + "lines of its \(container) begin with" + (missing == prefix ? "" : " ('\(prefix)')")
                    + ", so it ends the \(container) and opens a new fence, and every later fence pairs wrongly; "
                    + Self.prefixFix(missing: missing, meant: meant)
            case .indented(let columns, _, let quote?, _, _):
                "this line would close the fence opened at line \(opening), but it is indented \(Plural.count(columns, "column")) "
                    + "after its block quote's '> ' (a fence may have at most 3), so the block runs on and every later "
                    + "fence pairs wrongly; write '\(quote)'"
            case .indented(let columns, let item?, nil, _, _):
                "this line would close the fence opened at line \(opening), but it is indented \(Plural.count(columns, "column")), not the "
                    + "\(item) of the other lines of its list item, so the block runs on and every later fence pairs "
                    + "wrongly; indent it \(Plural.count(item, "space")), as they are"
            case .indented(let columns, nil, nil, let tabs, let spaces):
                "this line would close the fence opened at line \(opening), but it is indented \(Plural.count(columns, "column")) (a "
                    + "fence may have at most 3), so the block runs on and every later fence pairs wrongly; "
                    + Self.lessIndented(tabs: tabs, spaces: spaces)
            case .indentedOpening(let columns, let asCode, _, let quote?, _, _):
                "this line would open a code block, but it is indented \(Plural.count(columns, "column")) after its block quote's "
                    + "'> ' (a fence may have at most 3), so a reader sees it as \(asCode ? "indented code" : "text") "
                    + "and every later fence pairs wrongly; write '\(quote)'"
            case .indentedOpening(let columns, _, let item?, nil, _, _):
                "this line would open a code block, but it is indented \(Plural.count(columns, "column")), not the \(item) of the other "
                    + "lines of its list item, so a reader sees it as indented code and every later fence pairs wrongly; "
                    + "indent it \(Plural.count(item, "space")), as they are"
            case .indentedOpening(let columns, let asCode, nil, nil, let tabs, let spaces):
                "this line would open a code block, but it is indented \(Plural.count(columns, "column")) (a fence may have at most 3), "
                    + "so a reader sees it as \(asCode ? "indented code" : "text") and every later fence pairs wrongly; "
                    + Self.lessIndented(tabs: tabs, spaces: spaces)
            case .behindMarker(let written, let marker, let fence):
                "'\(written)' does not close the '\(fence)' fence opened at line \(opening): the '\(marker)' before it "
                    + "makes it a line of the block, so the block runs on and every later fence pairs wrongly; write "
                    + "'\(within)\(fence)'"
            case .insideContainer(let written, let container, let marker, let fix, let ends):
                "'\(written)' opens its code block in a \(container) (the '\(marker)'), which ends after line \(ends), "
                    + "so the block ends there without a closing fence and every later fence pairs wrongly; write "
                    + "'\(fix)'"
            case .wideAfterMarker(let written, let blanks, let column?, let others, let fix):
                "'\(written)' has \(blanks) after its list marker, so the item's text starts at column "
                    + "\(column) and its next lines, indented \(others), end the item and with it the code block "
                    + "opened here: its lines show as text and every later fence pairs wrongly; write "
                    + "'\(fix)'"
            case .wideAfterMarker(let written, let blanks, nil, _, let fix):
                "'\(written)' has \(blanks) after its list marker, so the fence is indented code in the item, "
                    + "not a fence, and opens no code block: the lines after it show as text and every later fence "
                    + "pairs wrongly; write '\(fix)'"
            case .gluedMarker(let written, let fix):
                "'\(written)' has no space after its list marker, so it opens neither a list item nor a code "
                    + "block: it and the lines after it show as text, and every later fence pairs wrongly; write "
                    + "'\(fix)'"
            case .backtickInInfo(let written, let fix):
                "'\(written)' does not open a code block: a backtick fence's info string may not hold a backtick, so a "
                    + "reader sees it and the lines after it as text, and every later fence pairs wrongly; write '\(within)\(fix)'"
            case .missingClosing(let fence, nil):
                "the closing fence is missing before this line: the code block opened at line \(opening) runs on over "
                    + "this line and what follows, and every later fence pairs wrongly; insert a line '\(fence)' before "
                    + "this one"
            case .missingClosing(let fence, let last?):
                "the closing fence is missing at the end of the file: the code block opened here runs on to the end; "
                    + "add a line '\(fence)' after line \(last)"
            case .missingClosingInContainer(let fence, let container, let ends):
                "the closing fence is missing before this line: its \(container) ends the code block opened at line "
                    + "\(opening) after line \(ends), unclosed; insert a line '\(fence)' before this one"
            case .missingOpening(let fence, let closer, let closing):
                "the opening fence is missing before this line: it and the lines after it read as text, and the "
                    + "'\(closer)' at line \(closing), meant to close their block, opens one, so every later fence "
                    + "pairs wrongly; insert a line '\(fence)' before this one"
            case .leftOver(let written, let runsTo):
                "'\(written)' opens a code block where no block was meant: it runs on to "
                    + "\(runsTo.map { "line \($0)" } ?? "the end of the file") and every later fence pairs wrongly; "
                    + "delete it"
            case .emptyPair(let written, let closer, let closing, let delete, let blank):
                "'\(written)' here and '\(closer)' at line \(closing) fence an empty code block, which readers see as "
                    + "an empty box where no block was meant; "
                    + (blank
                        ? "replace lines \(delete.lowerBound)–\(delete.upperBound) with one blank line"
                        : "delete lines \(delete.lowerBound)–\(delete.upperBound)")
            case .wrappedText(let written, let closer, let closing, let what, let page, let blank):
                "'\(written)' here and '\(closer)' at line \(closing) wrap \(what) in a code block no one meant: "
                    + "readers see it as code, not as the \(page)'s text; "
                    + wrappedTextFix(closing: closing, blank: blank)
            case .repeatedOpening(let written):
                "'\(written)' repeats the opening fence at line \(opening) right above it, and a fence with an info "
                    + "string closes no block, so readers see it as the first line of the block's code, which does "
                    + "not run as written; delete it"
            case .closedAtOnce(let written, let blanks, let delete):
                "'\(written)' closes the code block opened at line \(opening) "
                    + (blanks ? "after only blank lines" : "on the line right under its opening fence")
                    + ", so the block is empty and the lines after it, meant as its code, show as text; delete "
                    + (delete.count == 1 ? "this line" : "lines \(delete.lowerBound)–\(delete.upperBound)")
            case .closedMidway(let written, let shown, let opens, let delete):
                "'\(written)' closes the code block opened at line \(opening) in the middle of its code: "
                    + (shown.count == 1 ? "line \(shown.lowerBound)" : "lines \(shown.lowerBound)–\(shown.upperBound)")
                    + ", meant as its code, show\(shown.count == 1 ? "s" : "") as text and the fence at line \(opens) "
                    + "opens a new block; delete "
                    + (delete.count == 1 ? "this line" : "lines \(delete.lowerBound)–\(delete.upperBound)")
            case .leftOverInContainer(let written, let container, let ends):
                "'\(written)' opens a code block where no block was meant (its \(container) ends it after line "
                    + "\(ends), with no closing fence); delete the line"
            case .spacedClosing(let written, let fence):
                "'\(written)' does not close the '\(fence)' fence opened at line \(opening): a space splits its "
                    + "characters, so the block runs on and every later fence pairs wrongly; write '\(within)\(fence)'"
            case .invisibleInClosing(let written, let name, let fence):
                "'\(written)' would close the '\(fence)' fence opened at line \(opening), but it holds an invisible "
                    + "\(name), so it does not, the block runs on and every later fence pairs wrongly; delete that "
                    + "character"
            case .notFences(let written, let closer, let closing, let what, let fix, let closeFix):
                "'\(written)' here and '\(closer)' at line \(closing) are meant to fence a code block, but a fence "
                    + "is three or more backticks or tildes, and these are \(what), so a reader sees the block as "
                    + "text, and every later fence pairs wrongly; write '\(fix)' here and '\(closeFix)' at line "
                    + "\(closing)"
            case .lostPrefix(let container, let prefix, let missing, _) where prefix.allSatisfy({ $0 == " " }):
                "this line is indented \(Plural.count(prefix.count - missing.count, "column")), not the \(prefix.count) of the other "
                    + "lines of its \(container), so it ends the \(container) and with it the code block opened at line "
                    + "\(opening), and every later fence pairs wrongly; indent it \(Plural.count(prefix.count, "space")), as they are"
            case .lostPrefixBetween(let container, _, _, true):
                "this blank line lacks the '>' of its \(container), so the \(container) ends here and the lines after "
                    + "it are another one, apart from the block before it; write '>'"
            case .lostPrefixBetween(let container, let prefix, let missing, false)
            where prefix.allSatisfy({ $0 == " " }):
                "this fence is indented \(Plural.count(prefix.count - missing.count, "column")), not the \(prefix.count) of the other "
                    + "lines of its \(container), so it ends the \(container) and its block stands outside it, and every "
                    + "later fence pairs wrongly; indent it \(Plural.count(prefix.count, "space")), as they are"
            case .lostPrefixBetween(let container, let prefix, let missing, false):
                "this fence lacks the '\(missing)' the other lines of its \(container) begin with"
                    + (missing == prefix ? "" : " ('\(prefix)')") + ", so it ends the \(container) and its block "
                    + "stands outside it, and every later fence pairs wrongly; write '\(missing)' at its start"
            case .leftoverBefore(let written, let leftover, let blanks, let closes?, _):
                "\(shown(written)) would close the '\(closes)' fence opened at line \(opening), but "
                    + Self.leftover(leftover, before: written) + " makes it a line of the block, so the block runs on "
                    + "and every later fence pairs wrongly; " + Self.deleting(leftover, blanks)
            case .leftoverBefore(let written, let leftover, let blanks, nil, let shows):
                "\(shown(written)) would open a code block, but " + Self.leftover(leftover, before: written)
                    + Self.leftoverShows(shows, opening: opening) + "; " + Self.deleting(leftover, blanks)
            case .leftoverBeforeOther(let written, let leftover, let fence, let closes?, let meant):
                "\(shown(written)) does not close the '\(closes)' fence opened at line \(opening): "
                    + Self.leftover(leftover, before: written) + " makes it a line of the block, and without "
                    + "it '\(fence)' would not close it either, so "
                    + "the block runs on and every later fence pairs wrongly; write '\(meant)'"
            case .leftoverBeforeOther(let written, let leftover, let fence, nil, let meant):
                "\(shown(written)) would open a code block, but " + Self.leftover(leftover, before: written)
                    + " makes it text, and without it '\(fence)' is "
                    + "not the lesson's fence, which its closing fence repeats, so a reader sees it and the lines after "
                    + "it as text and every later fence pairs wrongly; write '\(meant)'"
            case .leftoverBeforeNoFence(let written, let leftover, let run, let why, let closes?, let meant):
                "\(shown(written)) does not close the '\(closes)' fence opened at line \(opening): "
                    + Self.leftover(leftover, before: written) + " makes it a line of the block, and without "
                    + "it '\(run)' is no fence either (\(why)), so the block runs on and every later fence pairs "
                    + "wrongly; write '\(meant)'"
            case .leftoverBeforeNoFence(let written, let leftover, let run, let why, nil, let meant):
                "\(shown(written)) would open a code block, but " + Self.leftover(leftover, before: written)
                    + " makes it text, and without it '\(run)' is no fence either (\(why)), so a reader sees it "
                    + "and the lines after it as text and every later fence pairs wrongly; write '\(meant)'"
            case .hiddenOpening(let name):
                "this line would open a code fence, but it starts with an invisible \(name), so a reader sees it as "
                    + "text and every fence after it pairs with the wrong partner; delete that character"
            case .outsideNestedContainer(let container, let prefix, let written, let missing, let meant, let through):
                Self.outsideNestedContainer(
                    container: container, prefix: prefix, written: written, missing: missing, meant: meant,
                    line: location.line, through: through)
            case .openingOutsideQuote(let marker, let firstLine):
                "this fence lacks the '\(marker)' the lines of its block (from line \(firstLine)) begin with, so it "
                    + "opens the block outside their block quote, shows them, '>' and all, as its code, and every later "
                    + "fence pairs wrongly; write '\(marker)' at its start"
            case .lostPrefix(let container, let prefix, let missing, let meant):
                "this line lacks the '\(missing)' the other lines of its \(container) begin with"
                    + (missing == prefix ? "" : " ('\(prefix)')") + ", so it "
                    + "ends the \(container) and with it the code block opened at line \(opening), and every later "
                    + "fence pairs wrongly; " + Self.prefixFix(missing: missing, meant: meant)
            }
        return Diagnostic(.unterminatedFence, at: location, message)
    }

    /// An opening fence (and the lines under it through `through`, written alike) short of the
    /// nested containers' `prefix`: what it lacks or begins with, and the line or lines as meant.
    static func outsideNestedContainer(
        container: String, prefix: String, written: String, missing: String?, meant: String, line: Int,
        through: Int?
    ) -> String {
        let subject =
            through.map { $0 == line + 1 ? "this fence and the line under it" : "this fence and the lines under it" }
            ?? "this fence"
        let lacks =
            missing.map {
                "\(subject) \(through == nil ? "lacks" : "lack") the '\($0)' the other lines of its \(container) begin "
                    + "with" + (through != nil && $0 == prefix ? "" : " ('\(prefix)')")
            }
            ?? "\(subject) \(through == nil ? "begins" : "begin") '\(written)', not '\(prefix)' as the other lines of "
            + "its \(container) do"
        let fix =
            through.map {
                "begin lines \(line)–\($0) with '\(prefix)'" + (written.isEmpty ? "" : ", not '\(written)'")
            } ?? "write it as '\(meant)'"
        return lacks + ", so \(through == nil ? "it" : "the fence") ends the \(container) and its block stands outside "
            + "it; " + fix
    }

    /// The fix for a line that lacks `missing` of its container's prefix: `missing` at its start,
    /// or, when it goes after a `>` the line has (`>  ` for `>   `), the line as `meant`.
    static func prefixFix(missing: String, meant: String?) -> String {
        meant.map { "write it as '\($0)'" } ?? "write '\(missing)' at its start"
    }

    static func noRole(at location: SourceLocation, _ reason: NoRole) -> Diagnostic {
        let message =
            switch reason {
            case .infoString(let info) where invisible(in: info, meant: "swift") != nil:
                "code block with info string 'swift' and \(invisible(in: info, meant: "swift") ?? "") in it has no "
                    + "role; delete that character"
            case .infoString(let info)
            where info.lowercased() == "swift" || EditDistance.between(info.lowercased(), "swift", atMost: 2) != nil:
                "code block with info string '\(info)' has no role; did you mean 'swift'? (lessons hold ```swift blocks: "
                    + "core, trees, fragments)"
            case .infoString(let info):
                "code block with info string '\(info)' has no role; lessons hold ```swift blocks (core, trees, fragments) "
                    + "and bare ``` expected-output blocks; to show other text as code, indent it four spaces with no "
                    + "fence (an indented code block, which coursecheck shows and leaves alone)"
            case .mislabeled(let what, let info) where info.isEmpty:
                "\(what) is in a code block without an info string, so coursecheck takes it for output and cannot run "
                    + "it; its fence must say ```swift"
            case .mislabeled(let what, let info) where invisible(in: info, meant: "swift") != nil:
                "\(what) is in a code block with info string 'swift' and \(invisible(in: info, meant: "swift") ?? "") in "
                    + "it, so coursecheck cannot run it; delete that character"
            case .mislabeled(let what, let info):
                "\(what) is in a code block with info string '\(info)', so coursecheck cannot run it; its fence must say "
                    + "```swift"
            case .insideIndentedCode(let what):
                "\(what) is inside an indented code block: its fence is indented four or more spaces past its container, so "
                    + "a reader sees it as code and coursecheck cannot run it; indent it less"
            case .insideHTMLBlock(let what, let line):
                "\(what) inside the HTML block that starts at line \(line): a reader sees its fence as raw text and "
                    + "coursecheck cannot run it; put a blank line between the HTML and the fence"
            case .nearMiss(let what, let marker, let slip):
                "this block looks like \(what), but its first line is not '\(marker)' (\(slip)), so coursecheck "
                    + "never runs it; start the block with '\(marker)'"
            case .insideRawHTMLBlock(let what, let line, let tag):
                "\(what) inside the <\(tag)> block that starts at line \(line): a reader sees its fence as raw text "
                    + "and coursecheck cannot run it; move it after </\(tag)>, which alone ends that block"
            }
        return Diagnostic(.noRole, at: location, message)
    }

    /// A line of a run block that GitHub shows as `github` and the spec (commonmark.js) reads as
    /// `reference`, because its fence (at `fenceLine`) is indented with a tab a container takes
    /// only in part; `lines` of the block differ in all.
    static func githubParity(
        at location: SourceLocation, role: BlockRole, github: String, reference: String, fenceLine: Int, lines: Int
    ) -> Diagnostic {
        func indentation(_ text: String) -> String {
            var runs: [(Character, Int)] = []
            for character in text.prefix(while: { $0 == " " || $0 == "\t" }) {
                if runs.last?.0 == character { runs[runs.count - 1].1 += 1 } else { runs.append((character, 1)) }
            }
            guard !runs.isEmpty else { return "no indentation" }
            return runs.map { character, count in
                character == " "
                    ? (count == 1 ? "1 space" : "\(count) spaces") : (count == 1 ? "a tab" : "\(count) tabs")
            }.joined(separator: ", ")
        }
        let more = lines > 1 ? " (and \(lines - 1) more line\(lines == 2 ? "" : "s") of this block)" : ""
        return Diagnostic(
            .githubParity, at: location,
            "GitHub (cmark-gfm) shows this line of the \(role == .expected ? "expected block" : role.rawValue) with \(indentation(github)), the CommonMark "
                + "reference (commonmark.js) with \(indentation(reference))\(more): the fence at line \(fenceLine) is "
                + "indented with a tab its container takes only in part, and the two measure it differently; "
                + "indent that fence with spaces")
    }

    /// A referenced footnote definition: GitHub shows it, the spec renders nothing, and
    /// coursecheck reads neither its text nor a block in it.
    static func githubFootnote(at location: SourceLocation, label: String, asParagraph: Bool) -> Diagnostic {
        let reference =
            asParagraph
            ? "shows it here as a paragraph, '[\(label)]:' and all" : "renders nothing (a link reference definition)"
        return Diagnostic(
            .githubParity, at: location,
            "footnote [\(label)]: GitHub shows it, with the indented lines after it, at the end of the page, and the "
                + "CommonMark reference \(reference); coursecheck does not read a footnote's text or a block in it, so "
                + "nothing in it is checked")
    }

    /// A GFM-only construct inside a text a claim reads: GitHub's reading and the spec's.
    static func githubOnlyText(at location: SourceLocation, claim: String, github: String, reference: String)
        -> Diagnostic
    {
        Diagnostic(
            .githubParity, at: location,
            "the \(claim) reads this as GitHub renders it (\(github)); the CommonMark reference shows \(reference)")
    }

    /// An HTML comment opened here and never closed: it hides `hides` (first and last line), which
    /// holds `what` ("2 trees", "the heading 'Özet'"); `fix` says how to close it. `endedBy`: the
    /// later close (`-->`, line, column) at which the browser ends it, when one follows; `onItsLine`:
    /// the comment spans lines up to that close, which was not meant as its own; `pair`: a bare
    /// `<!--` and a bare `-->` around what they hide.
    static func unclosedComment(
        at location: SourceLocation, hides: (Int, Int), what: [String], endedBy: (String, Int, Int)? = nil,
        onItsLine: Bool = false, pair: Bool = false, tail: Bool = false, fix: String
    ) -> Diagnostic {
        let held = what.isEmpty ? "" : ", with " + what.listed()
        let span = hides.0 == hides.1 ? "line \(hides.0)" : "lines \(hides.0)–\(hides.1)"
        guard let (close, line, column) = endedBy else {
            return Diagnostic(
                .unclosedComment, at: location,
                "this HTML comment is never closed ('-->'), so it hides everything after it from readers (\(span)"
                    + "\(held)), and nothing there is judged until it is closed; \(fix)")
        }
        if pair {
            return Diagnostic(
                .unclosedComment, at: location,
                "this HTML comment, closed by the '\(close)' at line \(line), hides \(span) from readers"
                    + "\(held): what a lesson runs or claims is never commented out, so nothing there is "
                    + "judged while it stands; \(fix)")
        }
        if onItsLine {
            return Diagnostic(
                .unclosedComment, at: location,
                "this HTML comment is not closed on its line ('-->'), so it runs on to the '\(close)' at line "
                    + "\(line), column \(column), and hides everything up to there from readers (\(span)"
                    + "\(held))"
                    + (tail ? ", while the rest of line \(line) shows outside any paragraph" : "")
                    + ", and nothing there is judged until it is closed; \(fix)")
        }
        return Diagnostic(
            .unclosedComment, at: location,
            "this HTML comment is not closed ('-->'), so the browser runs it on to the '\(close)' at line \(line), "
                + "column \(column), and it hides everything up to there from readers (lines \(hides.0)–\(hides.1)"
                + "\(held)), and nothing there is judged until it is closed; \(fix)")
    }

    /// A comment over lines meant as written, closed by the `close` at `line`, `column` with text
    /// after it (`shown`), which the browser shows as raw HTML: its Markdown not rendered, outside
    /// any paragraph, and not judged. `row`: that text is a table's row, under one, which the
    /// comment ends the table before even on lines of its own.
    static func commentTailShown(
        at location: SourceLocation, hides: (Int, Int)?, close: String, line: Int, column: Int, shown: String,
        row: Bool = false, fix: String
    ) -> Diagnostic {
        let rowLead =
            "between a table's rows a comment ends the table, even on lines of its own, so to show that row in the "
            + "table, "
        guard let hides else {
            return Diagnostic(
                .unclosedComment, at: location,
                "this HTML comment ends with the '\(close)' at line \(line), column \(column), but the rest of that "
                    + "line ('\(shown)') is passed through with the comment as raw HTML: readers see it outside any "
                    + "paragraph, its Markdown not rendered, and nothing there is judged; "
                    + (row ? rowLead : "to show that text as written, ") + fix)
        }
        let span = hides.0 == hides.1 ? "line \(hides.0)" : "lines \(hides.0)–\(hides.1)"
        return Diagnostic(
            .unclosedComment, at: location,
            "this HTML comment runs on to the '\(close)' at line \(line), column \(column), and hides everything up "
                + "to there from readers (\(span)), but the rest of line \(line) ('\(shown)') is passed through as raw "
                + "HTML: readers see it outside any paragraph, its Markdown not rendered, and nothing there is judged; "
                + (row ? rowLead : "to keep what the comment hides hidden and show that text as written, ") + fix)
    }

    /// A comment opening a list item whose `-->` is on line `line`, written without the item's
    /// indentation: that line stands outside the item, so its `-->` is text, and the comment runs on,
    /// hiding `hides` (which holds `what`).
    static func commentClosedOutsideItem(
        at location: SourceLocation, line: Int, hides: (Int, Int), what: [String], fix: String
    ) -> Diagnostic {
        let held = what.isEmpty ? "" : ", with " + what.listed()
        return Diagnostic(
            .unclosedComment, at: location,
            "this HTML comment is not closed in its list item: line \(line), which holds its '-->', is not indented "
                + "as the item's text is, so it stands outside the item and its '-->' closes nothing; the comment "
                + "hides everything after it from readers (lines \(hides.0)–\(hides.1)\(held)); to keep the comment "
                + "and show the text after its '-->' as the item's, \(fix)")
    }

    /// The `-->` of a comment opened in a list item or block quote (at line `opener`), written on a
    /// line outside that container (`container`): an HTML block takes no lazy line, so the line ends
    /// the container, its `-->` shows as text, and the comment runs on, hiding `hides` (which holds
    /// `what`; nil: nothing but the `-->`).
    static func commentClosedOutsideContainer(
        at location: SourceLocation, opener: Int, container: String, hides: (Int, Int)?, what: [String], fix: String
    ) -> Diagnostic {
        let held = what.isEmpty ? "" : ", with " + what.listed()
        let rest =
            hides.map {
                "and the comment hides everything after it (lines \($0.0)–\($0.1)\(held))"
            } ?? "and the comment runs on to the end of the page"
        return Diagnostic(
            .unclosedComment, at: location,
            "this '-->' is meant to close the HTML comment at line \(opener), but it stands outside the \(container) "
                + "that comment is in (an HTML block takes no lazy line), so it ends the \(container), readers see "
                + "the '-->' as text, \(rest); \(fix)")
    }

    /// The one-line block a `<!--` left open across its line end stands in.
    enum SplitBlock {
        case heading, row, header
    }

    /// `<!--` (`written`, with the word after it) in a heading or a table's row, whose `-->` is on
    /// line `through`: the block is its line alone, so the lines from `next` (the first `shown`)
    /// to `through` show as text under it, and the comment closes nowhere. `above`: after the
    /// header row's last pipe, where joined it would be a cell of its own, so it goes above the table.
    static func splitComment(
        at location: SourceLocation, written: String, block: SplitBlock, next: Int, through: Int, shown: String,
        above: Bool = false
    ) -> Diagnostic {
        let lines = next == through ? "line \(next)" : "lines \(next)–\(through)"
        let (name, after) =
            switch block {
            case .heading: ("heading", "\(lines) ('\(shown)') as a paragraph under it")
            case .row:
                (
                    "table's row",
                    "\(lines) ('\(shown)') as \(next == through ? "a row of its own" : "rows of their own")"
                )
            case .header:
                (
                    "table's header row",
                    "no table: \(lines) ('\(shown)') \(next == through ? "stands" : "stand") between the header row "
                        + "and its delimiter row"
                )
            }
        return Diagnostic(
            .commentLookAlike, at: location,
            "this '<!--' is not closed ('-->') on its line, and a \(name) is one line, so the '-->' on line "
                + "\(through) closes nothing: readers see '\(written)' as text, and \(after); "
                + (above
                    ? "move the comment (its '<!--' to its '-->') onto lines of their own above the table: at the end "
                        + "of the header row it would be a cell of its own, which the delimiter row does not match"
                    : "join \(lines) onto the end of this line, so that the comment closes there"))
    }

    /// Text `written` almost as an HTML comment, which readers see as text; `meant`: the comment.
    static func commentLookAlike(at location: SourceLocation, written: String, meant: String) -> Diagnostic {
        Diagnostic(
            .commentLookAlike, at: location,
            "'\(written)' is not an HTML comment (it needs '<!--'), so readers see it as text; write '\(meant)'")
    }

    /// `written`, a near form of `<!--` (`< !--`, `<--`, `!--`, `<!-`) that opens no comment,
    /// paired with a `-->` readers see at `close` (nil: on its line), `closeColumn`: so the text
    /// meant hidden shows, both marks with it.
    static func nearCommentOpener(at location: SourceLocation, written: String, close: Int?, closeColumn: Int)
        -> Diagnostic
    {
        Diagnostic(
            .commentLookAlike, at: location,
            "this reads as '<!--' written as '\(written)', which opens no HTML comment, so the comment's text shows "
                + "on GitHub, up to its '-->' (\(close.map { "line \($0), " } ?? "")column \(closeColumn)); "
                + "write '<!--' in place of '\(written)'")
    }

    /// `written`, a comment to CommonMark 0.31 but text to GitHub's cmark-gfm, whose comments' text
    /// may not start with `>` or `->`, hold `--` or end with `-` (`why` says which); `fixed`: the
    /// comment as meant, nil when there is nothing in it to keep.
    static func commentShownOnGitHub(at location: SourceLocation, written: String, why: String, fixed: String?)
        -> Diagnostic
    {
        Diagnostic(
            .commentLookAlike, at: location,
            "'\(written)' is no HTML comment on GitHub, whose Markdown reads none whose text \(why), so readers see "
                + "it as text; " + (fixed.map { "write '\($0)' or delete it" } ?? "delete it"))
    }

    /// A line that opens with an HTML comment closed on it: the line is raw HTML, so readers see
    /// `shown` (the rest of the line) as written; `marked`: it holds Markdown that is not rendered
    /// (else it stands outside the paragraph around it). `fence`: the rest is a fence, a fence slip
    /// (`unterminated-fence`: the lesson's fences pair wrongly after it, and its goldens wait).
    /// `label`: the note label the comment holds, which readers do not see either.
    static func commentOpensLine(
        at location: SourceLocation, shown: String, marked: Bool, fence: Bool = false, label: String? = nil,
        fix: String
    ) -> Diagnostic {
        Diagnostic(
            fence ? .unterminatedFence : .commentLookAlike, at: location,
            "this line opens with an HTML comment, so GitHub passes the whole line through as raw HTML: readers see '"
                + shown + "' as written, "
                + (marked ? "its Markdown not rendered" : "outside the paragraph of the lines around it")
                + (label.map { ", and not the note label \($0) the comment holds" } ?? "") + "; " + fix)
    }

    /// `<!--` inside a paragraph or heading that nothing closes there, so readers see `written`.
    /// `block`: "paragraph", "heading" or "cell" (of a table: its close goes before the cell's `|`).
    /// `moved` (in bold or emphasis): the bold with the comment closed after it.
    /// `beforeNext`: a later `<!--` stands on its line, so the close goes before that one.
    /// `wholeCell`: it opens its table cell, so closed it would hide the whole cell: delete it.
    static func inlineCommentNeverClosed(
        at location: SourceLocation, written: String, block: String, moved: String? = nil, wholeCell: Bool = false,
        beforeNext: Bool = false
    ) -> Diagnostic {
        if wholeCell {
            return Diagnostic(
                .commentLookAlike, at: location,
                "this '<!--' is not closed ('-->') in its cell, so it opens no comment and readers see '\(written)' as "
                    + "text; delete '<!--' (closed, the comment would hide the whole cell, which then shows empty)")
        }
        if let moved {
            return Diagnostic(
                .commentLookAlike, at: location,
                "this '<!--' is not closed ('-->') in its \(block), so it opens no comment and readers see '\(written)' "
                    + "as text in the bold; close it after the bold: write '\(moved)', or delete it")
        }
        return Diagnostic(
            .commentLookAlike, at: location,
            "this '<!--' is not closed ('-->') in its \(block), so it opens no comment and readers see '\(written)' as "
                + "text; "
                + (beforeNext
                    ? "close it with '-->' before the next '<!--'"
                    : block == "cell" ? "close it with '-->' before the cell's '|'" : "close it with '-->'")
                + " or delete it")
    }

    /// A merge-conflict marker set: `<<<<<<<` here, `=======` at `separator`, `>>>>>>>` at `end`.
    static func conflictMarker(at location: SourceLocation, separator: Int, end: Int) -> Diagnostic {
        Diagnostic(
            .conflictMarker, at: location,
            "merge-conflict markers: '<<<<<<<' here, '=======' at line \(separator), '>>>>>>>' at line \(end); the "
                + "lesson holds both sides of a merge, so nothing after this line is judged until the conflict is "
                + "resolved and the markers removed")
    }
}

extension CourseCheckError {
    /// The course's conventions name no one core: two files open a block in as many lessons.
    static func ambiguousCore(_ ambiguity: CourseCore.Ambiguity) -> CourseCheckError {
        let names = ambiguity.names.map { "'// \($0)'" }
        return .usage(
            "cannot tell which block is the course's core: \(names.joined(separator: " and ")) each open a "
                + "```swift block in \(Plural.count(ambiguity.lessons, "lesson")); name it with --core NAME, or "
                + "with 'core: NAME' in the course index's front matter")
    }

    /// `--core` (or the index's `core:`, `option` then being its location) names a file no lesson's
    /// `swift` block names: one usage error, not a missing core in every lesson. `written` is the
    /// name as the author wrote it (`Invalidation.Swift`, before `.swift` is added), quoted as
    /// written; a found name only its case sets apart is the one meant.
    static func coreNamesNothing(_ name: String, written: String? = nil, option: String, found: [String])
        -> CourseCheckError
    {
        let names = found.map { "'\($0)'" }
        let foundText =
            names.isEmpty
            ? "no ```swift block names a Swift file"
            : "the ```swift blocks name \(names.joined(separator: ", "))"
        let shown = written ?? name
        let spellings = [name, shown, shown + ".swift"].map { $0.lowercased() }
        let meant = found.first { spellings.contains($0.lowercased()) }
        let suggestion = meant.map { "; did you mean '\($0)'? (only the case differs)" } ?? ""
        return .usage("\(option) \(shown) names no lesson's core block; \(foundText)\(suggestion)")
    }
}
