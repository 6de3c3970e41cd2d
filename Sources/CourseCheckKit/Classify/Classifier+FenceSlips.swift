/// Fence slips: a fence line written with the wrong character, length or quote style, indented
/// too far, typed behind a list marker or `>`, a closing fence with an info string, an opening
/// fence its closing fence cannot close, a fence missing, and a fence left over. They are one
/// class, decided one way: a line that looks like the fence the lesson meant there (or the place a
/// missing fence belongs) is the slip when writing that fence instead removes trouble the
/// lesson's fences show (a block left open, a stray or lost output block, a block run on over the
/// next) and brings none of its own. The reader sees the repaired line as the author meant it, so
/// no shape of a slip needs a rule of its own, and what it explains is known exactly: its
/// consequences. A second slip is looked for in the lesson so repaired, and so on.
extension Classifier {
    /// One piece of what a lesson's fences leave wrong: a lesson-shape finding by its id and line,
    /// or (`id` nil) a line inside a block that would open a block, where a block ran on over the next.
    struct FenceTrouble: Hashable {
        var id: DiagnosticID?
        var line: Int

        /// A finding about the whole lesson (no tree, no core), which has no place of its own.
        var isLessonWide: Bool { id == .noTrees || id == .notALesson || (id == .coreCount && line == 1) }
    }

    /// A slip found: its finding, the first body line of the block it left open (whose tree may
    /// have lost its expected block), that block's opening line, and the trouble it explains.
    typealias FoundSlip = (finding: Diagnostic, header: Int, opening: Int?, explains: Set<FenceTrouble>)

    /// The findings that say a lesson's fences pair wrongly.
    static let fenceShapeIDs: Set<DiagnosticID> = [
        .unterminatedFence, .strayOutput, .missingExpected, .coreCount, .noTrees, .noRole, .notALesson,
    ]

    /// What the fences of a scanned lesson leave wrong (`diagnostics`: the scan's and classification's).
    static func fenceTrouble(_ document: BlockNode, _ diagnostics: [Diagnostic]) -> Set<FenceTrouble> {
        var trouble = Set(
            diagnostics.filter { fenceShapeIDs.contains($0.id) }.map { FenceTrouble(id: $0.id, line: $0.location.line) }
        )
        var empty = false
        document.walk { node, _ in
            guard case .fencedCode(let fence, let closed) = node.kind else { return }
            let blank = closed && node.content.allSatisfy({ isBlank($0.text) })
            if blank { empty = true }
            // A block with an info string that holds nothing, or the lesson's own text, is two
            // fences typed where no block was meant (`emptyPairs`): a bare one is already a stray
            // output block, but a `swift` one would pass as a display fragment (and its text fail
            // to parse as Swift, error after error, none of them the slip).
            if closed, !fence.info.isEmpty, blank || wrappedText(node) != nil {
                trouble.insert(FenceTrouble(id: nil, line: node.lines.lowerBound + 1))
            }
            let openers = node.content.filter { opensBlock($0.text) }
            guard !openers.isEmpty else { return }
            // In an output block (no info string) its own fence closes and that holds no closing
            // line, an opener shorter than the fence is content the author fenced longer on purpose
            // (as `--promote` does for an output that prints one), not a swallowed block. A block
            // with an info string (a slipped `````swift`), one that runs to the end, or one that
            // holds a whole block (its opener and a closing line) swallowed every opener in it.
            // A closing line is of the block's character, or of an opener's it holds: a tilde
            // block over a swift block's two backtick fences swallowed that block.
            var closers: Set<Character> = [fence.character]
            for line in openers {
                let bytes = Array(line.text.utf8)
                let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
                if let run = CodeFence.openingRun(bytes[indent...]) { closers.insert(run.character) }
            }
            let deliberate =
                closed && fence.info.isEmpty
                && !node.content.contains { line in
                    let bytes = Array(line.text.utf8)
                    let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
                    return indent <= 3
                        && CodeFence.closingRun(bytes[indent...]).map { closers.contains($0.character) }
                            ?? false
                }
            for line in openers where !deliberate || opensBlock(line.text, within: fence) {
                trouble.insert(FenceTrouble(id: nil, line: line.index + 1))
            }
        }
        // A block closed at once shows its code as text. Cheap first: only a block of blank lines may be one.
        if empty {
            for (node, _) in closedAtOnce(document) {
                trouble.insert(FenceTrouble(id: nil, line: (node.closingLine ?? node.lines.lowerBound) + 1))
            }
        }
        return trouble
    }

    /// True when `text`, a line of the block `fence` opened, is a fence with an info string of the
    /// block's character and at least its length: a block's opening it swallowed. (A run of the
    /// other character is content: it neither closes the block nor reads as closing it.)
    static func opensBlock(_ text: String, within fence: CodeFence) -> Bool {
        guard opensBlock(text) else { return false }
        let bytes = Array(text.utf8)
        let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        guard let run = CodeFence.openingRun(bytes[indent...]) else { return false }
        return run.character == fence.character && run.length >= fence.length
    }

    /// True when `text` is a fence with an info string: a block's opening, as a block swallows it.
    static func opensBlock(_ text: String) -> Bool {
        // Cheap first: this runs on every line of every fenced block of every lesson.
        guard let first = text.utf8.first(where: { $0 != 0x20 }),
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return false }
        let bytes = Array(text.utf8)
        let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        guard indent <= 3, let fence = CodeFence.openingRun(bytes[indent...]) else { return false }
        return !fence.info.isEmpty
    }

    /// The characters an author's keyboard types for a fence's: backticks and tildes, quotes and
    /// apostrophes, and their typographic and fullwidth look-alikes.
    static let fenceLike: Set<Unicode.Scalar> = [
        "`", "~", "'", "\"", "\u{B4}", "\u{2018}", "\u{2019}", "\u{201B}", "\u{201C}", "\u{201D}", "\u{2032}",
        "\u{2035}", "\u{2BC}", "\u{2B9}", "\u{2CB}", "\u{2DC}", "\u{1FEF}", "\u{1FFD}", "\u{FF40}", "\u{FF07}",
        "\u{FF02}", "\u{FF5E}", "\u{223C}", "\u{301C}", "\u{2053}",
    ]

    /// A line as a fence slip reads it: its indentation in columns (a tab to the next multiple of
    /// four) and in bytes, the run of fence-like characters after it, and the trimmed rest. Nil when
    /// the run is shorter than two.
    static func fenceLikeRun(_ text: String) -> (columns: Int, indent: Int, run: [Unicode.Scalar], rest: Substring)? {
        // Cheap first: the first byte after the blanks starts a fence-like character.
        guard let first = text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }),
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~") || first == UInt8(ascii: "'")
                || first == UInt8(ascii: "\"") || first >= 0xC0
        else { return nil }
        let blanks = text.prefix { $0 == " " || $0 == "\t" }
        let columns = blanks.reduce(0) { $1 == "\t" ? $0 + 4 - $0 % 4 : $0 + 1 }
        let scalars = text.unicodeScalars.dropFirst(blanks.unicodeScalars.count)
        let run = Array(scalars.prefix { fenceLike.contains($0) })
        guard run.count >= 2 else { return nil }
        let rest = Substring(String(String.UnicodeScalarView(scalars.dropFirst(run.count)))).trimmingBlanks()
        return (columns, blanks.utf8.count, run, rest)
    }

    /// The characters of a run in words: "backticks", "tildes and backticks", "U+00B4 ACUTE ACCENT".
    static func fenceCharacters(_ run: [Unicode.Scalar]) -> String {
        var seen: [Unicode.Scalar] = []
        for scalar in run where !seen.contains(scalar) { seen.append(scalar) }
        return seen.map { scalar in
            switch scalar {
            case "`": "backticks"
            case "~": "tildes"
            case "'": "apostrophes (')"
            case "\"": "quotation marks (\")"
            default: Invisible.name(scalar)
            }
        }.joined(separator: " and ")
    }

    /// The fence most of the lesson's fence lines are written with, when more than half are: the
    /// one a slipped fence was meant to be. Every line that is a fence counts, whether it opens,
    /// closes or was swallowed by a block a slip left open. Nil in a lesson of mixed fences.
    static func conventionalFence(_ file: SourceFile) -> CodeFence? {
        var counts: [String: Int] = [:]
        for line in file.lines {
            // Cheap first: a fence line starts, after blanks and block-quote markers, with ` or ~.
            let bytes = line.text.utf8.drop { $0 == 0x20 || $0 == UInt8(ascii: ">") }
            guard let first = bytes.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { continue }
            let run = bytes.prefix { $0 == first }.count
            guard run >= 3 else { continue }
            counts[String(repeating: Character(Unicode.Scalar(first)), count: run), default: 0] += 1
        }
        guard let best = counts.max(by: { $0.value < $1.value }), best.value * 2 > counts.values.reduce(0, +) else {
            return counts.isEmpty ? CodeFence(character: "`", length: 3, indent: 0, info: "") : nil
        }
        return CodeFence(character: best.key.first ?? "`", length: best.key.count, indent: 0, info: "")
    }

    /// A line that may be a slipped fence, or the place a missing fence belongs: the line the
    /// repair rewrites (`index`; the file's line count for a fence added at its end), the line and
    /// column of the finding, the line written as the author meant it, and the finding given the
    /// lesson so repaired. Every repair keeps the lesson's line numbers (a missing fence is written
    /// over the blank line where it belongs, a fence left over becomes a blank line), so the
    /// trouble before and after a repair compares line by line.
    struct SlipCandidate {
        /// How a repair changes the lesson, in the order a tie between repairs is decided: a line
        /// rewritten is a smaller guess than a fence added, and a fence left over is the last
        /// explanation (a fence that opens a block after code was more likely meant to close it).
        enum Repair: Int {
            case rewrite, insertion, deletion
        }
        var index: Int
        var line: Int
        var column: Int
        /// True when the line is no fence at all (quotes, two backticks, a mix): never a block's
        /// content by intent, where a fence line of another length or character may be.
        var certain: Bool
        var repair = Repair.rewrite
        var repaired: String
        /// More lines the same repair rewrites (index, text): a block whose two fences slipped alike.
        var also: [(index: Int, text: String)] = []
        var header: Int
        var opening: Int?
        var finding: (SourceLocation, BlockNode) -> Diagnostic
    }

    /// The slips looked for in one file: each round repairs one and looks again, so two slips give
    /// two findings. Only a file whose fences show trouble has a round.
    static let slipRounds = 3
    /// The repairs tried in one round, the likeliest first.
    static let repairsPerRound = 48

    /// What a search for slips found: the slips, and the file with all of them repaired, its
    /// block structure, and the trouble no slip explains.
    struct SlipSearch {
        var slips: [FoundSlip] = []
        var file: SourceFile
        var document: BlockNode
        var remaining: Set<FenceTrouble>
    }

    /// The fence slips of the lesson before line `before` (where a fence the reader cannot see
    /// comes first): one finding at each slipped line, naming what was written and the fence meant.
    /// `diagnostics`: the scan's and classification's findings, of which the slips explain some.
    static func slippedFences(_ file: SourceFile, _ document: BlockNode, diagnostics: [Diagnostic], before: Int)
        -> [FoundSlip]
    {
        let trouble = fenceTrouble(document, diagnostics)
        guard !trouble.isEmpty else { return [] }
        return searchSlips(file, document, trouble: trouble, before: before, lesson: true).slips
    }

    /// The course index's fence slips, found as a lesson's are but with no roles to read (its
    /// trouble is a block left open, or one holding a fence): one finding at each, and the index as
    /// its author meant it, which is what the claims read, so nothing a slip swallowed is judged.
    /// A block left open that no repair explains keeps its finding at its opening fence.
    /// `hidden`: what a comment left open hides, which is not judged.
    package static func indexFenceSlips(_ file: SourceFile, scanned: MarkdownScanner.Result) -> (
        findings: [Diagnostic], file: SourceFile, document: BlockNode, hidden: HiddenSpan?
    ) {
        // A comment left open hides the rest (or up to the '-->' that ends it): one finding, and
        // the index is read with it closed.
        if let comment = unclosedComment(file, scanned.document, lesson: false) {
            let rest = indexFenceSlips(comment.file, scanned: MarkdownScanner.scan(comment.file))
            return ([comment.finding] + rest.findings, rest.file, rest.document, comment.hidden)
        }
        // The index's text in a block is trouble of its own: two fences typed around an item pair
        // with each other and leave no block open.
        var trouble = fenceTrouble(scanned.document, scanned.diagnostics)
        trouble.formUnion(hiddenIndexText(scanned.document))
        guard !trouble.isEmpty else { return ([], file, scanned.document, nil) }
        let search = searchSlips(file, scanned.document, trouble: trouble, before: Int.max, lesson: false)
        let open =
            search.remaining.isEmpty
            ? [] : MarkdownScanner.scan(search.file).diagnostics.filter { $0.id == .unterminatedFence }
        return (search.slips.map(\.finding) + open, search.file, search.document, nil)
    }

    /// The course index's lines of text (its items, headings and sentences) inside a fenced
    /// block, in an index whose fences pair wrongly: a reader sees them as code, so a repair that
    /// leaves them there (a closing fence added after a fence left over) does not explain it.
    static func hiddenIndexText(_ document: BlockNode) -> Set<FenceTrouble> {
        var hidden: Set<FenceTrouble> = []
        document.walk { node, _ in
            guard case .fencedCode = node.kind else { return }
            for line in node.content where readsAsText([line.text]) {
                hidden.insert(FenceTrouble(id: nil, line: line.index + 1))
            }
        }
        return hidden
    }

    /// Repairs slips round by round while one explains some of what is left (`lesson` false: the
    /// course index, whose trouble is its scan's alone), at most `limit` rounds. A repair that
    /// brought trouble of its own (a second slip's, it is taken to be) stands only if later rounds
    /// explain that trouble too.
    static func searchSlips(
        _ file: SourceFile, _ document: BlockNode, trouble: Set<FenceTrouble>, before: Int, lesson: Bool,
        limit: Int = slipRounds
    ) -> SlipSearch {
        var rounds = [SlipSearch(file: file, document: document, remaining: trouble)]
        var found: [(SlipCandidate, BlockNode)] = []
        while found.count < limit, let last = rounds.last, !last.remaining.isEmpty,
            let best = bestRepair(
                last.file, last.document, trouble: last.remaining, before: before, lesson: lesson,
                roundsLeft: limit - found.count)
        {
            found.append((best.candidate, best.document))
            rounds.append(SlipSearch(file: best.file, document: best.document, remaining: best.after))
        }
        let kept = rounds.lastIndex { $0.remaining.isSubset(of: trouble) } ?? 0
        var search = rounds[kept]
        let explains = trouble.subtracting(search.remaining)
        search.slips = found.prefix(kept).map { candidate, repaired in
            let location = SourceLocation(path: file.path, line: candidate.line + 1, column: candidate.column)
            return (candidate.finding(location, repaired), candidate.header, candidate.opening, explains)
        }
        return search
    }

    /// The repair that explains `trouble`: one that explains all of it, the smallest guess first
    /// (a line rewritten, a line that is no fence at all), then the first; else the first that
    /// explains the first of it (the first slip is its cause), where a second slip's trouble
    /// remains. A repair may bring trouble of its own only after its line: a second slip's, in a
    /// block the first slip had swallowed. A lesson-wide trouble it may keep in another form (no
    /// trees where there was no lesson): that is a later slip's too, having no line of its own.
    ///
    /// A repair that explains all of it by writing a fence unlike the lesson's (a swallowing
    /// opener's own fence, over a line written as the lesson's fences are) for a block that then
    /// holds fences of the lesson's own yields to one that writes the lesson's own fence when the
    /// rounds left (`roundsLeft` counts this one) explain what that leaves: a block fenced unlike
    /// the others that happens to close further on, over fences in between, is likelier a slipped
    /// opener and a second slip than one slip at the line that closes it.
    static func bestRepair(
        _ file: SourceFile, _ document: BlockNode, trouble: Set<FenceTrouble>, before: Int, lesson: Bool,
        roundsLeft: Int = 1
    ) -> (candidate: SlipCandidate, file: SourceFile, document: BlockNode, after: Set<FenceTrouble>)? {
        // Both where a slip is said and where its repair goes come before a fence the reader cannot
        // see: a block that runs over that fence is its doing (a closing fence behind an invisible
        // character), not a fence missing after it.
        let candidates = slipCandidates(file, document, trouble: trouble, lesson: lesson).filter {
            $0.line + 1 < before && $0.index + 1 < before
        }.sorted {
            ($0.repair.rawValue, $0.certain ? 0 : 1, $0.index) < ($1.repair.rawValue, $1.certain ? 0 : 1, $1.index)
        }
        // The first trouble with a place: a lesson without a tree or a core is at its first line.
        let first = trouble.filter { !$0.isLessonWide }.min {
            ($0.line, $0.id?.rawValue ?? "") < ($1.line, $1.id?.rawValue ?? "")
        }
        let lessonWide = trouble.contains { $0.isLessonWide }
        let usual = conventionalFence(file).map { String(repeating: $0.character, count: $0.length) }
        typealias Repaired = (candidate: SlipCandidate, file: SourceFile, document: BlockNode, after: Set<FenceTrouble>)
        var partial: [(rank: (Int, Int, Int, Int, Int), repaired: Repaired)] = []
        var unusual: Repaired?
        // A repair that explains all of it by turning text a reader sees into code (an opening
        // fence written before a table, a fence left over at the end) yields to one that hides none.
        // So does one that keeps as code the text a fence left over swallowed (a closing fence
        // added after the summary's bullets a stray ```swift turned into code).
        var hiding: (lines: Int, repaired: Repaired)?
        var shown: Set<Int>?
        for (order, candidate) in candidates.prefix(repairsPerRound).enumerated() {
            let repaired = repairing(file, candidate)
            let scan = MarkdownScanner.scan(repaired)
            var after = fenceTrouble(
                scan.document, scan.diagnostics + (lesson ? classify(repaired, blocks: scan.blocks).1 : []))
            if !lesson { after.formUnion(hiddenIndexText(scan.document)) }
            let writes = usual.flatMap { _ in writtenFence(candidate) }
            if after.isEmpty {
                if shown == nil { shown = shownText(document).union(swallowedText(document)) }
                let hidden = codeLines(scan.document).intersection(shown ?? []).count
                if hidden > 0 {
                    if hidden < hiding?.lines ?? Int.max {
                        hiding = (hidden, (candidate, repaired, scan.document, after))
                    }
                    continue
                }
                guard roundsLeft > 1, let usual, let writes, writes != usual,
                    holdsFence(scan.document, fencedAt: candidate.index, run: usual)
                else { return (candidate, repaired, scan.document, after) }
                if unusual == nil { unusual = (candidate, repaired, scan.document, after) }
                continue
            }
            guard !trouble.subtracting(after).isEmpty,
                after.subtracting(trouble).allSatisfy({
                    $0.isLessonWide ? lessonWide : $0.line > candidate.index + 1
                })
            else { continue }
            let rank = (
                first.map { after.contains($0) } ?? false ? 1 : 0, candidate.line, candidate.repair.rawValue,
                candidate.certain ? 0 : 1, order
            )
            partial.append((rank, (candidate, repaired, scan.document, after)))
        }
        partial.sort { $0.rank < $1.rank }
        guard let unusual else { return hiding?.repaired ?? partial.first?.repaired }
        // The likeliest repairs that write the lesson's own fence, each searched on to its end.
        let usualRepairs = partial.lazy.map(\.repaired).filter { usual != nil && writtenFence($0.candidate) == usual }
        for repaired in usualRepairs.prefix(usualLookahead) {
            let rest = searchSlips(
                repaired.file, repaired.document, trouble: repaired.after, before: before, lesson: lesson,
                limit: roundsLeft - 1)
            if rest.remaining.isEmpty { return repaired }
        }
        return unusual
    }

    /// The lines of `document` a reader sees as text: headings, and paragraphs (in a list item or
    /// block quote too) that read as sentences, a list item's or a table. Not a paragraph that
    /// opens with a fence with characters left before it (`Kodu:```swift`): its words end
    /// before the backticks as a sentence's may, but it is the block meant.
    static func shownText(_ document: BlockNode) -> Set<Int> {
        var shown: Set<Int> = []
        document.walk { node, _ in
            switch node.kind {
            case .heading:
                shown.formUnion(node.lines)
            case .paragraph:
                let lines = node.content.map(\.text)
                // Nor one that opens with characters left before a run that is no fence (`Kodu:`` `swift`).
                if let first = lines.first, leftoverBeforeRun(first) != nil { break }
                if readsAsText(lines) || isTable(lines), lines.first.map({ leftoverBeforeFence($0) == nil }) ?? true {
                    shown.formUnion(node.content.map(\.index))
                }
            default:
                break
            }
        }
        return shown
    }

    /// True when `node` is a block with an info string (`swift`) whose first line is a list item
    /// or a table row: no code of the course starts so, so the fence was left over before text,
    /// which it turns into code. (One whose lines start with `>` is a quote's block whose opening
    /// fence lacks its `> `.)
    static func startsAsText(_ node: BlockNode) -> Bool {
        guard case .fencedCode(let fence, _) = node.kind, !fence.info.isEmpty, let first = node.content.first
        else { return false }
        return markerPrefix(first.text).map { $0.marker != ">" } ?? false
            || first.text.drop { $0 == " " || $0 == "\t" }.hasCharacterPrefix("|")
    }

    /// The text a fence left over turned into code (`startsAsText`): the lines of such a block up
    /// to its first blank line. A repair that keeps them code (a closing fence added after them)
    /// hides them, as it would text a reader sees.
    static func swallowedText(_ document: BlockNode) -> Set<Int> {
        var swallowed: Set<Int> = []
        document.walk { node, _ in
            guard startsAsText(node) else { return }
            swallowed.formUnion(node.content.prefix { !isBlank($0.text) }.map(\.index))
        }
        return swallowed
    }

    /// The lines inside the fenced blocks of `document`.
    static func codeLines(_ document: BlockNode) -> Set<Int> {
        var code: Set<Int> = []
        document.walk { node, _ in
            if case .fencedCode = node.kind { code.formUnion(node.content.map(\.index)) }
        }
        return code
    }

    /// True when a paragraph's lines are a pipe table as GitHub shows one: a row holding a `|`,
    /// then a delimiter row of pipes, dashes and colons.
    static func isTable(_ lines: [String]) -> Bool {
        guard lines.count >= 2, lines[0].contains("|") else { return false }
        let delimiter = lines[1].utf8
        return delimiter.contains(UInt8(ascii: "|")) && delimiter.contains(UInt8(ascii: "-"))
            && delimiter.allSatisfy {
                $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == 0x20
                    || $0 == 0x09
            }
    }

    /// The repairs writing the lesson's own fence searched on, when one writing another explains all.
    static let usualLookahead = 3

    /// True when the block whose fence is at line `index` holds a line that is a fence written
    /// `run` (the lesson's own), which it swallowed or was meant to show.
    static func holdsFence(_ document: BlockNode, fencedAt index: Int, run: String) -> Bool {
        var holds = false
        document.walk { node, _ in
            guard !holds, case .fencedCode = node.kind, node.lines.lowerBound == index || node.closingLine == index
            else { return }
            holds = node.content.contains { line in
                let bytes = Array(line.text.utf8)
                let indent = bytes.prefix { $0 == 0x20 }.count
                guard indent <= 3, let fence = CodeFence.openingRun(bytes[indent...]) else { return false }
                return fence.length == run.count && fence.character == run.first
            }
        }
        return holds
    }

    /// The fence run a candidate's repair writes (`~~~`, `` ``` ``), past blanks and `>` markers;
    /// nil for a repair that writes none (a line left blank).
    static func writtenFence(_ candidate: SlipCandidate) -> String? {
        let text = candidate.repaired.drop { $0 == " " || $0 == "\t" || $0 == ">" }
        guard let character = text.first, character == "`" || character == "~" else { return nil }
        let run = text.prefix { $0 == character }
        return run.count >= 3 ? String(run) : nil
    }

    /// The file with a candidate's repair made.
    static func repairing(_ file: SourceFile, _ candidate: SlipCandidate) -> SourceFile {
        var lines = file.lines
        for (index, text) in candidate.also where index < lines.count { lines[index].text = text }
        if candidate.index < lines.count {
            lines[candidate.index].text = candidate.repaired
        } else {
            if let last = lines.indices.last, lines[last].ending == .none { lines[last].ending = .lf }
            lines.append(Line(number: (lines.last?.number ?? 0) + 1, text: candidate.repaired, ending: .lf))
        }
        return SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
    }

    /// True when `text` (a line's text without its indentation) is no fence line of any block.
    static func isNoFence(_ text: String) -> Bool {
        CodeFence.opening(Line(number: 0, text: text, ending: .lf)) == nil
    }

    /// True for a line of nothing but spaces and tabs.
    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The columns a run of spaces and tabs takes (a tab to the next multiple of four).
    static func columns(_ blanks: some Sequence<UInt8>) -> Int {
        blanks.reduce(0) { $1 == 0x09 ? $0 + 4 - $0 % 4 : $0 + 1 }
    }

    /// A container's marker a fence line was typed behind: `>` or a list item's (`-`, `*`, `+`,
    /// `1.`, `1)`), after at most three spaces, and the bytes it takes with the blanks after it.
    static func markerPrefix(_ text: String) -> (marker: String, length: Int)? {
        let bytes = Array(text.utf8)
        var end = bytes.prefix { $0 == 0x20 }.count
        guard end <= 3, end < bytes.count else { return nil }
        let start = end
        switch bytes[end] {
        case UInt8(ascii: ">"):
            end += 1
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            end += 1
            guard end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 else { return nil }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            end += bytes[end...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard end - start <= 9, end + 1 < bytes.count,
                bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"),
                bytes[end + 1] == 0x20 || bytes[end + 1] == 0x09
            else { return nil }
            end += 1
        default:
            return nil
        }
        let marker = String(decoding: bytes[start..<end], as: UTF8.self)
        end += bytes[end...].prefix { $0 == 0x20 || $0 == 0x09 }.count
        return (marker, end)
    }

    /// Every line of the lesson that may be a slipped fence, and every place a missing fence may
    /// belong, each with its repair: a line of a block that looks like its closing fence but does
    /// not close it (another character or length, an info string, indented too far, behind a
    /// `>` or a list marker), a line of text or indented code that looks like a fence but opens
    /// none, an opening fence a list item or block quote ends, an opening fence unlike the
    /// lesson's others that the closing line meant for it cannot close, a closing fence missing
    /// where a block runs into what follows, and a fence that opens a block where a block was
    /// meant to close (an opening fence missing before it, or the fence left over). `trouble`: the
    /// lesson's, which a missing closing fence must come before some of.
    static func slipCandidates(_ file: SourceFile, _ document: BlockNode, trouble: Set<FenceTrouble>, lesson: Bool)
        -> [SlipCandidate]
    {
        let convention = conventionalFence(file)
        // A line of text meant to open a block is meant as the lesson's fences are, or as ```.
        let conventional = convention.map { String(repeating: $0.character, count: $0.length) } ?? "```"
        let firstTrouble = trouble.map(\.line).min() ?? Int.max
        var found: [SlipCandidate] = []
        var outsideQuote: [SlipCandidate] = []
        func visit(_ parent: BlockNode, container: BlockNode?) {
            for node in parent.children {
                switch node.kind {
                case .blockQuote, .listItem:
                    visit(node, container: node)
                case .list:
                    visit(node, container: container)
                case .fencedCode(let fence, let closed):
                    if let convention, String(repeating: fence.character, count: fence.length) != conventional,
                        let candidate = mismatchedOpening(file, node, fence: fence, convention: convention)
                    {
                        found.append(candidate)
                    }
                    // A line that lost its container's prefix, where the lines after it keep it: the
                    // block was meant in the container, and its opening fence is no slip.
                    let lost = closed ? nil : container.flatMap { lostPrefix(file, node, fence: fence, container: $0) }
                    if !closed, let container, container.lines.lowerBound == node.lines.lowerBound,
                        lost?.resumes != true
                    {
                        found.append(openingInContainer(file, node, container: container))
                        if let wide = wideAfterMarker(file, node, container: container) { found.append(wide) }
                        if let leftOver = leftOverInContainer(file, node, container: container) {
                            found.append(leftOver)
                        }
                    } else if !closed, let container, !fence.info.isEmpty, lost?.resumes != true,
                        let leftOver = leftOverInContainer(file, node, container: container)
                    {
                        // Further down its container (`> text`, then `> ```swift`), ended there, empty.
                        // (A bare fence there may be a closing fence whose block lost its opening.)
                        found.append(leftOver)
                    }
                    if let lost { found.append(lost.candidate) }
                    if let quoted = openingOutsideItsQuote(file, node) { outsideQuote.append(quoted) }
                    found += contentCandidates(file, node, fence: fence)
                    found += leftoverCandidates(file, node, closing: fence, convention: convention)
                    if (node.closingLine ?? node.lines.upperBound) + 1 >= firstTrouble {
                        found += missingClosings(file, node, fence: fence, closed: closed)
                    }
                case .paragraph:
                    found += paragraphCandidates(file, node, conventional: conventional)
                    if let glued = gluedMarker(file, node) { found.append(glued) }
                    found += leftoverCandidates(file, node, closing: nil, convention: convention)
                case .heading:
                    found += leftoverCandidates(file, node, closing: nil, convention: convention)
                case .indentedCode:
                    found += indentedCandidates(file, node)
                    if let container, container.lines.lowerBound == node.lines.lowerBound,
                        let wide = wideAfterMarker(file, node, container: container)
                    {
                        found.append(wide)
                    }
                default:
                    break
                }
            }
        }
        visit(document, container: nil)
        found += closedAtOnceSlips(file, document).map(\.repair)
        found += strayOpenings(file, document, conventional: conventional, lesson: lesson)
        found += emptyPairs(file, document, page: lesson ? "lesson" : "index")
        found += resumedPrefixes(file, document)
        // An opening fence between two parts of a quote is `resumedPrefixes`'s, said as such.
        found += outsideQuote.filter { quoted in !found.contains { $0.index == quoted.index } }
        return found
    }

    /// Each closed block holding nothing (or blank lines only): two fences typed where none was
    /// meant, which GitHub pairs with each other (an empty box) and which pair no later fence
    /// wrongly. Deleting one of them alone would leave the other to open a block over the next,
    /// so the repair deletes both (their containers' prefix kept) as one slip: one finding at the
    /// first. A pair that is a tree's expected block left empty is not one: deleting it leaves
    /// the tree without one, which the search does not take for a repair.
    ///
    /// So is a pair wrapping the lesson's own text (`wrappedText`: its title, a heading, a note, a
    /// bullet, a sentence), which GitHub shows as code: the repair deletes both fences, and the
    /// finding names what they hide.
    ///
    /// A fence typed right under (or over) a paragraph's line, with no blank line between, is
    /// not deleted but made blank: deleting it would join that paragraph to the text after it
    /// (cmark-gfm: one `<p>`), a page neither the reader sees nor the author meant. The repair
    /// the search tries already blanks the lines, so only the fix's words differ.
    static func emptyPairs(_ file: SourceFile, _ document: BlockNode, page: String = "lesson") -> [SlipCandidate] {
        var found: [SlipCandidate] = []
        document.walk { node, _ in
            guard case .fencedCode(let fence, true) = node.kind, let closing = node.closingLine else { return }
            let blank = node.content.allSatisfy({ isBlank($0.text) })
            let wrapped = blank ? nil : wrappedText(node)
            guard blank || wrapped != nil else { return }
            let index = node.lines.lowerBound
            let prefix = node.content.first?.prefixLength ?? node.startOffset
            func line(_ at: Int) -> String? {
                guard at >= 0, at < file.lines.count else { return nil }
                let text = String(decoding: file.lines[at].text.utf8.dropFirst(prefix), as: UTF8.self)
                return file.lines[at].text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
                    ? "" : text
            }
            // (Under a bullet, only a bullet: a sentence there would continue the bullet's text.)
            func continues(_ above: String?, with below: String?) -> Bool {
                guard let above, let below, !isBlank(above), !isBlank(below), !isHeading(above), !isHeading(below),
                    !startsFence(above)
                else { return false }
                return markerPrefix(below) == nil && !startsFence(below)
            }
            let blankOpener = continues(line(index - 1), with: line(index + 1))
            let blankCloser = blank ? false : continues(line(closing - 1), with: line(closing + 1))
            let joins = blank && continues(line(index - 1), with: line(closing + 1))
            let character = fence.character == "~" ? UInt8(ascii: "~") : UInt8(ascii: "`")
            let opener = Array(file.lines[index].text.utf8)
            let closer = Array(file.lines[closing].text.utf8)
            guard let start = opener[min(node.startOffset, opener.count)...].firstIndex(of: character),
                let end = closer.firstIndex(of: character)
            else { return }
            let written = String(decoding: opener[start...], as: UTF8.self).trimmingBlanksString()
            let closedBy = String(decoding: closer[end...], as: UTF8.self).trimmingBlanksString()
            let finding = { (location: SourceLocation, _: BlockNode) in
                Diagnostic.fenceSlip(
                    at: location,
                    wrapped.map {
                        .wrappedText(
                            written: written, closer: closedBy, closing: closing + 1, what: $0, page: page,
                            blank: (blankOpener, blankCloser))
                    }
                        ?? .emptyPair(
                            written: written, closer: closedBy, closing: closing + 1,
                            delete: (index + 1)...(closing + 1), blank: joins),
                    opening: index + 1)
            }
            found.append(
                SlipCandidate(
                    index: index, line: index, column: start + 1, certain: false, repair: .deletion,
                    repaired: String(decoding: opener[..<start], as: UTF8.self),
                    also: [(closing, String(decoding: closer[..<end], as: UTF8.self))], header: index + 1,
                    opening: index + 1, finding: finding))
        }
        return found
    }

    /// True when `text` starts with a fence run (a fence line, its indentation left out).
    static func startsFence(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " }
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }

    /// What a closed fenced block holds when that is the lesson's own text, not code or output:
    /// its name for a finding (the `# ` title, a heading, a note by its label, the trigger
    /// bullet, a list or list item, a quote, a paragraph), nil otherwise. Read by what the text is: a heading
    /// or a bullet at the line's start, a bold label, or sentences (`readsAsText`) with a letter
    /// no code or output of the course spells in ASCII (the course's prose is Turkish). Swift shown
    /// on purpose starts with a keyword, a comment or a call, and ends as code ends.
    static func wrappedText(_ node: BlockNode) -> String? {
        // Cheap first (this runs on every closed block with an info string): the first line's
        // first byte, before the block's lines are gathered.
        guard let first = node.content.first(where: { !isBlank($0.text) })?.text, mayStartText(first) else {
            return nil
        }
        return wrappedText(node.content.map(\.text))
    }

    /// True when `line` may start the page's text: a heading's, a bold label's, a bullet's or a
    /// quote's first byte, or a sentence's first letter with a letter beyond ASCII on its line.
    static func mayStartText(_ line: String) -> Bool {
        guard let byte = line.utf8.first else { return false }
        return "#*-+>0123456789".utf8.contains(byte) || byte >= 0x80
            || (byte >= 0x41 && byte <= 0x5A && line.utf8.contains { $0 >= 0x80 })
    }

    /// `wrappedText` of a block's lines (its content, the containers' prefixes left out).
    static func wrappedText(_ content: [String]) -> String? {
        let lines = Array(content.drop { isBlank($0) }.prefix { !isBlank($0) })
        guard let first = lines.first, mayStartText(first), readsAsText(lines) else { return nil }
        // Every paragraph of it reads so: one that does not is code shown with a heading in it.
        let paragraphs = content.split { isBlank($0) }.map(Array.init)
        guard paragraphs.allSatisfy({ readsAsText($0) }) else { return nil }
        if first.hasPrefix("#") {
            let level = first.prefix { $0 == "#" }.count
            return level == 1 ? "the title" : "the heading '\(first.trimmingBlanksString())'"
        }
        if first.hasPrefix(">") { return "a block quote" }
        if let marker = markerPrefix(first) {
            let item = first.dropFirst(marker.length)
            return item.hasPrefix(triggerLead)
                ? "the trigger bullet" : lines.count == 1 ? "a list item" : "a list"
        }
        if let label = noteLabel(first[...]) { return "the note \(label)" }
        // Sentences: only a letter beyond ASCII (outside code spans) tells them from output.
        var inCode = false
        let prose = lines.joined(separator: " ").contains { character in
            if character == "`" { inCode.toggle() }
            return !inCode && character.isLetter && !character.isASCII
        }
        return prose || first.hasPrefix("**") ? "a paragraph" : nil
    }

    /// The raw line at `index`, its first `prefix` bytes (the containers' prefixes).
    static func rawPrefix(_ file: SourceFile, _ index: Int, _ prefix: Int) -> String {
        String(decoding: file.lines[index].text.utf8.prefix(prefix), as: UTF8.self)
    }

    /// Lines of a fenced block that look like its closing fence but do not close it.
    static func contentCandidates(_ file: SourceFile, _ node: BlockNode, fence: CodeFence) -> [SlipCandidate] {
        let opening = node.lines.lowerBound + 1
        let written = String(repeating: fence.character, count: fence.length)
        let header = node.content.first.map { $0.index + 1 } ?? opening
        var found: [SlipCandidate] = []
        // The opening fence typed twice: the repair blanks the first of the two lines, so the
        // block opens at the second and its code starts where it was meant to. In a list item or
        // block quote the first keeps its container's marker (`-`, `>`), so the container goes on
        // and the second opens the block in it, as the fix (deleting the second) has it.
        let openingLine = file.lines[node.lines.lowerBound].text
        let marker = String(decoding: openingLine.utf8.prefix(node.startOffset), as: UTF8.self)
        if let first = node.content.first, fence.indent == 0, !fence.info.isEmpty,
            opensBlock(first.text, within: fence),
            first.text.trimmingBlanksString()
                == String(decoding: openingLine.utf8.dropFirst(node.startOffset), as: UTF8.self).trimmingBlanksString()
        {
            let written = first.text.trimmingBlanksString()
            let column = first.prefixLength + first.text.utf8.prefix { $0 == 0x20 }.count + 1
            found.append(
                SlipCandidate(
                    index: node.lines.lowerBound, line: first.index, column: column, certain: false,
                    repair: .deletion, repaired: String(marker.reversed().drop { $0 == " " || $0 == "\t" }.reversed()),
                    header: first.index + 2,
                    opening: first.index + 1,
                    finding: { location, _ in
                        .fenceSlip(at: location, .repeatedOpening(written: written), opening: opening)
                    }))
        }
        // A bare fence right above another block's opening fence (```` ```` ```` over ```` ```swift ````)
        // opened no block the author meant (`strayOpenings` deletes it), so the shorter fences
        // under it are no slips of its closing fence: they would crowd that deletion out of a round.
        let opensNoBlock = fence.info.isEmpty && node.content.first.map { opensBlock($0.text) } ?? false
        for line in node.content {
            // A closing fence typed behind a container's marker (`> ```` in a block at the top
            // level): the marker is skipped, and the line is the slip if the fence remains.
            var marker: (marker: String, length: Int)?
            var parsed = fenceLikeRun(line.text)
            if parsed == nil, let prefix = markerPrefix(line.text) {
                marker = prefix
                parsed = fenceLikeRun(String(decoding: line.text.utf8.dropFirst(prefix.length), as: UTF8.self))
            }
            // A backtick and a space before the fence (`` ` ``` ``) are characters left before it
            // (`leftoverCandidates`), whose fix deletes them, not a run a space splits.
            // In a block quote or list item the fix writes the whole line, its container's prefix too.
            let container = rawPrefix(file, line.index, line.prefixLength)
            if marker == nil, let slip = splitClosing(line.text, fence: fence), leftoverBeforeFence(line.text) == nil {
                let within = container.isEmpty ? "" : container + String(line.text.prefix { $0 == " " || $0 == "\t" })
                found.append(
                    SlipCandidate(
                        index: line.index, line: line.index,
                        column: line.prefixLength + line.text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count + 1,
                        certain: true,
                        repaired: rawPrefix(file, line.index, line.prefixLength)
                            + String(line.text.prefix { $0 == " " || $0 == "\t" }) + written,
                        header: header, opening: opening,
                        finding: { location, _ in .fenceSlip(at: location, slip, opening: opening, within: within) }))
                continue
            }
            guard let (columns, indent, run, rest) = parsed else { continue }
            let own = run.allSatisfy { Character($0) == fence.character }
            let text = line.text.trimmingBlanksString()
            // What follows the run: nothing, or more fence-like characters after a space.
            let bare = rest.unicodeScalars.allSatisfy { fenceLike.contains($0) || $0 == " " || $0 == "\t" }
            let slip: Diagnostic.FenceSlip
            let skipped = (marker?.length ?? 0) + indent
            if let marker {
                guard own, run.count >= fence.length, rest.isEmpty else { continue }
                slip = .behindMarker(written: text, marker: marker.marker, fence: written)
            } else if columns >= 4 {
                guard own, run.count >= fence.length, rest.isEmpty else { continue }
                // In a list item, the columns past the line start, and the item's own indentation.
                let item = rawPrefix(file, line.index, line.prefixLength)
                let inItem = !item.isEmpty && item.utf8.allSatisfy { $0 == 0x20 }
                // In a block quote, the columns after its `> `, and the line with them left out.
                let quote = item.contains(">") ? item + text : nil
                // At the top level, tabs that alone make the fence too deep are the slip.
                let blanks = line.text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }
                let tabs = item.isEmpty ? blanks.count { $0 == 0x09 } : 0
                let deleteTabs = tabs > 0 && blanks.count - tabs <= 3
                slip = .indented(
                    columns: columns + (inItem ? item.utf8.count : 0), item: inItem ? item.utf8.count : nil,
                    quote: quote, tabs: deleteTabs ? tabs : 0, spaces: deleteTabs ? blanks.count - tabs : 0)
            } else if !own {
                guard bare else { continue }
                let all = Array(text.unicodeScalars.filter { $0 != " " && $0 != "\t" })
                slip = .wrongCharacter(written: text, characters: fenceCharacters(all), fence: written)
            } else if run.count < fence.length {
                guard !opensNoBlock else { continue }
                slip = .short(written: text, fence: written)
            } else if !rest.isEmpty {
                slip = .infoString(written: text)
            } else {
                continue
            }
            // The blanks before the fence stay, unless they were the slip.
            let keep = columns >= 4 && marker == nil ? "" : String(line.text.prefix { $0 == " " || $0 == "\t" })
            let within = container.isEmpty ? "" : container + keep
            found.append(
                SlipCandidate(
                    index: line.index, line: line.index, column: line.prefixLength + skipped + 1,
                    certain: marker != nil || isNoFence(String(line.text.dropFirst(indent)).trimmingBlanksString()),
                    repaired: rawPrefix(file, line.index, line.prefixLength) + keep + written, header: header,
                    opening: opening,
                    finding: { location, _ in .fenceSlip(at: location, slip, opening: opening, within: within) }))
        }
        return found
    }

    /// A line that is the block's closing fence but for spaces between its characters (`` ` `` ``)
    /// or an invisible character among or after them (U+200B, U+00A0): the slip, named.
    static func splitClosing(_ text: String, fence: CodeFence) -> Diagnostic.FenceSlip? {
        let written = text.trimmingBlanksString()
        guard let first = written.unicodeScalars.first, Character(first) == fence.character else { return nil }
        let invisible = written.unicodeScalars.filter {
            Invisible.isSuspicious($0) && Invisible.lookAlikes[$0.value] == nil
        }
        let kept = written.unicodeScalars.filter {
            !(Invisible.isSuspicious($0) && Invisible.lookAlikes[$0.value] == nil) && $0 != " " && $0 != "\t"
        }
        guard kept.count >= fence.length, kept.allSatisfy({ Character($0) == fence.character }) else { return nil }
        let fenceText = String(repeating: fence.character, count: fence.length)
        if let named = invisible.first {
            return .invisibleInClosing(written: written, name: Invisible.name(named), fence: fenceText)
        }
        // Spaces after the run are allowed; spaces inside it split it.
        guard written.contains(" ") || written.contains("\t") else { return nil }
        return .spacedClosing(written: written, fence: fenceText)
    }

    /// An opening fence typed behind a list marker or `>` (`- ```swift`): the item or quote it
    /// opens ends after its line, and with it the block, unclosed. Written without the marker, it
    /// opens its block at the top level.
    static func openingInContainer(_ file: SourceFile, _ node: BlockNode, container: BlockNode) -> SlipCandidate {
        let index = node.lines.lowerBound
        let bytes = Array(file.lines[index].text.utf8)
        let start = min(node.startOffset, bytes.count)
        let fix = String(decoding: bytes[start...], as: UTF8.self).trimmingBlanksString()
        let written = String(decoding: bytes, as: UTF8.self).trimmingBlanksString()
        let marker = String(decoding: bytes[..<start], as: UTF8.self).trimmingBlanksString()
        let place = if case .blockQuote = container.kind { "block quote" } else { "list item" }
        let ends = container.lines.upperBound + 1
        return SlipCandidate(
            index: index, line: index, column: start + 1, certain: false,
            repaired: String(decoding: bytes[start...], as: UTF8.self),
            header: node.content.first.map { $0.index + 1 } ?? index + 1, opening: index + 1,
            finding: { location, _ in
                .fenceSlip(
                    at: location,
                    .insideContainer(written: written, container: place, marker: marker, fix: fix, ends: ends),
                    opening: index + 1)
            })
    }

    /// An opening fence typed behind a list marker with more than one column of blanks
    /// (`-   ```swift`, `-` and a tab) in an item whose next line is indented less than the text
    /// after the marker: meant as the item's other lines are (`- ```swift`), the fence and those
    /// lines share the item's column. With five or more spaces the item's text starts one column
    /// after the marker, and the fence is indented code there (`node` is then that block).
    static func wideAfterMarker(_ file: SourceFile, _ node: BlockNode, container: BlockNode) -> SlipCandidate? {
        guard case .listItem = container.kind else { return nil }
        let index = node.lines.lowerBound
        let text = file.lines[index].text
        guard let (marker, length) = markerPrefix(text), marker != ">", index + 1 < file.lines.count else {
            return nil
        }
        let bytes = Array(text.utf8)
        let lead = bytes.prefix { $0 == 0x20 }.count
        let markerEnd = lead + marker.utf8.count
        let textColumn = columns(bytes[..<length])
        let blanks = textColumn - markerEnd
        let next = file.lines[index + 1].text.utf8.prefix { $0 == 0x20 }.count
        guard blanks > 1, next > lead, next < textColumn, next == markerEnd + 1,
            CodeFence.openingRun(bytes[length...]) != nil
        else { return nil }
        let tabs = bytes[markerEnd..<length].contains(0x09)
        // Five spaces or more: CommonMark starts the item's text one column after the marker and
        // reads the rest as indented code.
        let asCode: Bool
        if case .indentedCode = node.kind { asCode = true } else { asCode = false }
        let fix =
            String(decoding: bytes[..<markerEnd], as: UTF8.self) + " "
            + String(decoding: bytes[length...], as: UTF8.self)
        let written = text.trimmingBlanksString()
        let trimmedFix = fix.trimmingBlanksString()
        let said = tabs ? "a tab" : Plural.count(blanks, "space")
        return SlipCandidate(
            index: index, line: index, column: lead + 1, certain: false, repaired: fix,
            header: index + 2, opening: index + 1,
            finding: { location, _ in
                .fenceSlip(
                    at: location,
                    .wideAfterMarker(
                        written: written, blanks: said, column: asCode ? nil : textColumn + 1, others: next,
                        fix: trimmedFix),
                    opening: index + 1)
            })
    }

    /// A paragraph whose first line is a list marker glued to a fence (`-```swift`, `1.```swift`):
    /// no list item (a marker takes a space after it) and no fence, so it and the code under it
    /// (indented as the item's) show as text. The repair writes the space.
    static func gluedMarker(_ file: SourceFile, _ node: BlockNode) -> SlipCandidate? {
        guard let first = node.content.first else { return nil }
        let bytes = Array(first.text.utf8)
        let lead = bytes.prefix { $0 == 0x20 }.count
        // Cheap first: a marker's byte at the line's start.
        guard lead <= 3, lead < bytes.count else { return nil }
        var end = lead
        switch bytes[end] {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            end += 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            end += bytes[end...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard end - lead <= 9, end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")")
            else { return nil }
            end += 1
        default:
            return nil
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "`") || bytes[end] == UInt8(ascii: "~"),
            CodeFence.openingRun(bytes[end...]) != nil
        else { return nil }
        let prefix = rawPrefix(file, first.index, first.prefixLength)
        let fix = String(decoding: bytes[..<end], as: UTF8.self) + " " + String(decoding: bytes[end...], as: UTF8.self)
        let written = first.text.trimmingBlanksString()
        let trimmedFix = fix.trimmingBlanksString()
        return SlipCandidate(
            index: first.index, line: first.index, column: first.prefixLength + lead + 1, certain: false,
            repaired: prefix + fix, header: first.index + 2, opening: first.index + 1,
            finding: { location, _ in
                .fenceSlip(at: location, .gluedMarker(written: written, fix: trimmedFix), opening: location.line)
            })
    }

    /// A fence typed in a list item or block quote whose container ends it with nothing in it
    /// (`- ```` after a list's last item, `> ```swift` as a quote's last line): a fence left over,
    /// as at the top level, so the repair deletes the line. Closing it inside the container would
    /// leave an empty block: an output block that follows no tree, or a `swift` block of no code.
    static func leftOverInContainer(_ file: SourceFile, _ node: BlockNode, container: BlockNode) -> SlipCandidate? {
        guard node.content.allSatisfy({ isBlank($0.text) }) else { return nil }
        let index = node.lines.lowerBound
        let written = file.lines[index].text.trimmingBlanksString()
        let place = if case .blockQuote = container.kind { "block quote" } else { "list item" }
        let ends = container.lines.upperBound + 1
        return SlipCandidate(
            index: index, line: index, column: node.startOffset + 1, certain: false, repair: .deletion,
            repaired: "", header: index + 1, opening: index + 1,
            finding: { location, _ in
                .fenceSlip(
                    at: location, .leftOverInContainer(written: written, container: place, ends: ends),
                    opening: index + 1)
            })
    }

    /// Lines of a paragraph that look like a fence but open no block: another character, two
    /// backticks, a backtick in a backtick fence's info string, or a fence indented four or more
    /// columns (a paragraph's continuation). Each is meant as the lesson's fences are.
    static func paragraphCandidates(_ file: SourceFile, _ node: BlockNode, conventional: String) -> [SlipCandidate] {
        var found: [SlipCandidate] = []
        for line in node.content {
            guard let (columns, indent, run, rest) = fenceLikeRun(line.text) else { continue }
            let lead = String(line.text.prefix { $0 == " " || $0 == "\t" })
            let writtenLine = String(line.text.dropFirst(indent)).trimmingBlanksString()
            let prefix = rawPrefix(file, line.index, line.prefixLength)
            if columns >= 4 {
                guard !isNoFence(writtenLine) else { continue }
                found.append(
                    SlipCandidate(
                        index: line.index, line: line.index, column: line.prefixLength + indent + 1, certain: false,
                        repaired: prefix + writtenLine, header: line.index + 2, opening: nil,
                        finding: { location, _ in
                            .fenceSlip(
                                at: location, .indentedOpening(columns: columns, asCode: false, item: nil),
                                opening: location.line)
                        }))
                continue
            }
            guard CodeFence.opening(Line(number: line.index + 1, text: line.text, ending: .lf)) == nil else { continue }
            // A backtick fence's info string may hold no backtick: the fix leaves them out.
            let info = conventional.first == "`" ? String(rest.filter { $0 != "`" }) : String(rest)
            let fix = conventional + info
            let slip: Diagnostic.FenceSlip
            if run.count >= 3, run.allSatisfy({ $0 == "`" }), rest.contains("`") {
                slip = .backtickInInfo(written: writtenLine, fix: fix)
            } else {
                let why =
                    run.allSatisfy({ $0 == "`" }) || run.allSatisfy({ $0 == "~" })
                    ? "\(run.count) \(fenceCharacters(run))" : "written with \(fenceCharacters(run))"
                slip = .notAFence(written: writtenLine, what: why, fix: fix)
                // Its closing line written alike (`'''` … `'''`): one slip, both fences. A closing
                // fence of the lesson's own before it closes this block instead: the later line
                // alike is another block's opening, a slip of its own.
                let runText = String(String.UnicodeScalarView(run))
                let fenceCharacter = conventional.first ?? "`"
                var close: Int?
                for index in file.lines.indices.dropFirst(line.index + 1).prefix(400) {
                    let raw = file.lines[index].text
                    guard raw.utf8.starts(with: prefix.utf8) else { continue }
                    let trimmed = String(raw.dropFirst(prefix.count)).trimmingBlanksString()
                    if trimmed == runText {
                        close = index
                        break
                    }
                    if trimmed.count >= 3, trimmed.allSatisfy({ $0 == fenceCharacter }) { break }
                }
                if let close {
                    let closeLead = String(file.lines[close].text.dropFirst(prefix.count).prefix { $0 == " " })
                    found.append(
                        SlipCandidate(
                            index: line.index, line: line.index, column: line.prefixLength + indent + 1,
                            certain: true, repaired: prefix + lead + fix,
                            also: [(close, prefix + closeLead + conventional)], header: line.index + 1, opening: nil,
                            finding: { location, _ in
                                .fenceSlip(
                                    at: location,
                                    .notFences(
                                        written: writtenLine, closer: runText, closing: close + 1, what: why, fix: fix,
                                        closeFix: conventional),
                                    opening: location.line)
                            }))
                }
            }
            found.append(
                SlipCandidate(
                    index: line.index, line: line.index, column: line.prefixLength + indent + 1, certain: true,
                    repaired: prefix + lead + fix, header: line.index + 1, opening: nil,
                    finding: { location, _ in
                        .fenceSlip(
                            at: location, slip, opening: location.line, within: prefix.isEmpty ? "" : prefix + lead)
                    }))
        }
        return found
    }

    /// The most bytes before a fence that `leftoverBeforeFence` reads: three spaces, a word of
    /// `leftoverWord` letters of up to four bytes each and its colon, and blanks after them.
    static let leftoverReach = 3 + 4 * leftoverWord + 1 + 4

    /// The most letters of a word left before a fence (`Örnek:```swift`): a label the author typed
    /// on the fence's line. Any other leftover is at most four characters.
    static let leftoverWord = 12

    /// A fence line with a few printable characters left before its fence (`\```swift`, `\t````
    /// as code writes a tab, `x```swift`, `` ` ```swift ``, `#```swift`): a reader sees text (a
    /// backslash escapes the first backtick), so the line opens or closes no block. Returns the
    /// characters, the spaces before them, and the byte where the fence starts; nil for a line
    /// another reading owns: a container's marker (`>`, `- `, `1. `), a run of fence-like
    /// characters (`'```` is `fenceLikeRun`'s), invisible characters alone (`hiddenFences`'), or
    /// a space among them or more than four characters that are not one word and its colon
    /// (`Kodu:`): a sentence that mentions a fence has spaces before it. The fence takes no info
    /// string but a word (`swift`): `` `~~~` ile `` is a code span in a sentence.
    static func leftoverBeforeFence(_ text: String) -> (leftover: String, blanks: String, lead: Int, fence: Int)? {
        // Cheap first: three backticks or tildes in a row within the line's first bytes.
        var run = 0
        var previous: UInt8 = 0
        var start: Int?
        for (offset, byte) in text.utf8.prefix(leftoverReach).enumerated() {
            run = (byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")) && byte == previous ? run + 1 : 1
            previous = byte
            if run == 3, byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") {
                start = offset - 2
                break
            }
        }
        guard let start else { return nil }
        let bytes = Array(text.utf8)
        let lead = bytes.prefix { $0 == 0x20 }.count
        guard lead <= 3, start > lead, let fence = CodeFence.openingRun(bytes[start...]),
            fence.info.isEmpty || fence.info.first?.isLetter == true
        else { return nil }
        let before = bytes[lead..<start]
        let blanks = before.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
        let written = before.dropLast(blanks)
        guard !written.isEmpty, !written.contains(0x20), !written.contains(0x09),
            written.first != UInt8(ascii: ">"), markerPrefix(text) == nil
        else { return nil }
        guard let leftover = Leftover.reading(String(decoding: written, as: UTF8.self), word: leftoverWord),
            !(blanks == 0 && leftover.unicodeScalars.allSatisfy { fenceLike.contains($0) })
        else { return nil }
        return (leftover, String(decoding: before.suffix(blanks), as: UTF8.self), lead, start)
    }

    /// A line with characters left before a run of fence-like characters that is no fence even
    /// without them (`` x`` `` two backticks, `x'''swift`, `` x`` ` `` split by a space, `` x``~ ``):
    /// two slips on one line, whose one fix writes the fence meant. The characters are judged as
    /// `leftoverBeforeFence` judges them, on the line with a fence written for the run; a run of
    /// fence-like characters alone before it (`` ` `` ``) is the run's own slip (`splitClosing`,
    /// `fenceLikeRun`). Returns the characters, the spaces before them, the run as written, the
    /// word after it (`swift`), and why the run is no fence, for a message.
    static func leftoverBeforeRun(_ text: String) -> (
        leftover: String, lead: Int, run: String, info: String, why: String
    )? {
        // Cheap first: a fence-like character (` ~ ' " or a non-ASCII one) within the first bytes.
        guard
            text.utf8.prefix(leftoverReach).contains(where: {
                $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "'")
                    || $0 == UInt8(ascii: "\"") || $0 >= 0xC0
            }), leftoverBeforeFence(text) == nil
        else { return nil }
        let scalars = Array(text.unicodeScalars)
        let isBlank = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
        let spaces = scalars.prefix { $0 == " " }.count
        // The characters run to a blank, or to two fence-like characters in a row after their first.
        var end = spaces
        while end < scalars.count, !isBlank(scalars[end]),
            end == spaces
                || !(fenceLike.contains(scalars[end]) && end + 1 < scalars.count
                    && fenceLike.contains(scalars[end + 1]))
        {
            end += 1
        }
        let start = end + scalars[end...].prefix(while: isBlank).count
        // The run: fence-like characters, a blank between two of them splitting it.
        var stop = start
        while stop < scalars.count,
            fenceLike.contains(scalars[stop])
                || (stop > start && isBlank(scalars[stop])
                    && scalars[stop...].drop(while: isBlank).first.map { fenceLike.contains($0) } ?? false)
        {
            stop += 1
        }
        let run = scalars[start..<stop]
        let characters = Array(run.filter { !isBlank($0) })
        let info = String(String.UnicodeScalarView(scalars[stop...])).trimmingBlanksString()
        guard end > spaces, characters.count >= 2, !scalars[spaces..<end].allSatisfy({ fenceLike.contains($0) }),
            info.isEmpty || (info.unicodeScalars.allSatisfy(\.properties.isAlphabetic) && info.count <= leftoverWord)
        else { return nil }
        let leftover = String(String.UnicodeScalarView(scalars[spaces..<end]))
        let blanks = String(String.UnicodeScalarView(scalars[end..<start]))
        let lead = String(repeating: " ", count: spaces)
        guard leftoverBeforeFence(lead + leftover + blanks + "```") != nil else { return nil }
        let bytes = (lead + leftover + blanks).utf8.count
        // A run that is a fence, whose characters `leftoverBeforeFence` does not take, is none of this either.
        guard CodeFence.openingRun(Array(text.utf8)[bytes...]) == nil else { return nil }
        let what =
            characters.allSatisfy({ $0 == "`" }) || characters.allSatisfy({ $0 == "~" })
            ? "\(characters.count) \(fenceCharacters(characters))" : "written with \(fenceCharacters(characters))"
        let why =
            run.contains(where: isBlank)
            ? "a space splits its characters" : "a fence is three or more backticks or tildes, and this is \(what)"
        return (leftover, spaces, String(String.UnicodeScalarView(run)), info, why)
    }

    /// Lines of a paragraph or heading (`closing` nil), or of a fenced block whose fence is
    /// `closing`, that are a fence with characters left before it (`leftoverBeforeFence`): the
    /// repair deletes them and the blanks after them (a tab there would leave the fence indented
    /// code). In a block, the line so written closes it or opens the next block.
    ///
    /// A fence of another character or length behind them (`x~~~` where the block closes with
    /// ```` ``` ````, `Kod````swift`) is two slips on one line: deleting the characters would
    /// leave a fence that does not close the block (`closing`), or not the lesson's `convention`.
    /// A second repair writes the fence meant, tried after the deletion (it is less certain: a
    /// block may be fenced longer on purpose).
    static func leftoverCandidates(_ file: SourceFile, _ node: BlockNode, closing: CodeFence?, convention: CodeFence?)
        -> [SlipCandidate]
    {
        var found: [SlipCandidate] = []
        var lines = node.content
        // An ATX heading's line holds its text after the `#`s: read from the `#`s (`## ```swift`).
        if case .heading = node.kind, let line = lines.first,
            file.lines[line.index].text.utf8.dropFirst(node.startOffset).first == UInt8(ascii: "#")
        {
            let raw = String(decoding: file.lines[line.index].text.utf8.dropFirst(node.startOffset), as: UTF8.self)
            lines = [BlockNode.ContentLine(index: line.index, prefixLength: node.startOffset, text: raw)]
        }
        for line in lines {
            guard let (leftover, blanks, lead, start) = leftoverBeforeFence(line.text) else { continue }
            let bytes = Array(line.text.utf8)
            let fence = String(decoding: bytes[start...], as: UTF8.self)
            let closes = closing.flatMap { closing -> String? in
                guard let run = CodeFence.closingRun(bytes[start...]), run.character == closing.character,
                    run.length >= closing.length
                else { return nil }
                return String(repeating: closing.character, count: closing.length)
            }
            let written = line.text.trimmingBlanksString()
            let inBlock = closing != nil
            let shows: Diagnostic.FenceSlip.Shown =
                inBlock ? .blockLine : lines.count == 1 && lines[0].text != node.content.first?.text ? .heading : .text
            found.append(
                leftoverCandidate(
                    line, lead: lead, node: node, inBlock: inBlock, certain: true,
                    repaired: rawPrefix(file, line.index, line.prefixLength)
                        + String(decoding: bytes[..<lead], as: UTF8.self) + fence,
                    .leftoverBefore(
                        written: written, leftover: leftover, blanks: blanks, closes: closes, shows: shows)))
            // The fence meant: the block's closing fence, or the lesson's own with the info string kept.
            guard let run = CodeFence.openingRun(bytes[start...]) else { continue }
            let meant: String
            if let closing {
                guard closes == nil, run.info.isEmpty else { continue }
                meant = String(repeating: closing.character, count: closing.length)
            } else {
                guard let convention, run.character != convention.character || run.length != convention.length
                else { continue }
                meant =
                    String(repeating: convention.character, count: convention.length)
                    + String(decoding: bytes[(start + run.length)...], as: UTF8.self).trimmingBlanksString()
            }
            let typed = String(decoding: bytes[start...], as: UTF8.self).trimmingBlanksString()
            let prefix = rawPrefix(file, line.index, line.prefixLength)
            found.append(
                leftoverCandidate(
                    line, lead: lead, node: node, inBlock: inBlock, certain: false,
                    repaired: prefix + String(decoding: bytes[..<lead], as: UTF8.self) + meant,
                    .leftoverBeforeOther(
                        written: written, leftover: leftover, fence: typed,
                        closes: closing.map { String(repeating: $0.character, count: $0.length) },
                        meant: prefix + meant)))
        }
        // Characters left before a run that is no fence either (`` x`` ``, `x'''swift`): the fix
        // writes the fence meant, the block's closing fence or the lesson's own, its word kept.
        for line in lines {
            guard let (leftover, lead, run, info, why) = leftoverBeforeRun(line.text),
                closing == nil || info.isEmpty
            else { continue }
            let closes = closing.map { String(repeating: $0.character, count: $0.length) }
            let meant = (closes ?? convention.map { String(repeating: $0.character, count: $0.length) } ?? "```") + info
            let written = line.text.trimmingBlanksString()
            let repaired =
                rawPrefix(file, line.index, line.prefixLength)
                + String(decoding: line.text.utf8.prefix(lead), as: UTF8.self)
                + meant
            let inBlock = closing != nil
            found.append(
                leftoverCandidate(
                    line, lead: lead, node: node, inBlock: inBlock, certain: true, repaired: repaired,
                    .leftoverBeforeNoFence(
                        written: written, leftover: leftover, run: run, why: why, closes: closes, meant: repaired)))
        }
        return found
    }

    /// A candidate for characters left before a fence or a run on `line` of `node`: the finding at
    /// the characters, the line `repaired`; in a block (`inBlock`) it is judged as the block's line.
    private static func leftoverCandidate(
        _ line: BlockNode.ContentLine, lead: Int, node: BlockNode, inBlock: Bool, certain: Bool, repaired: String,
        _ slip: Diagnostic.FenceSlip
    ) -> SlipCandidate {
        let opening = node.lines.lowerBound + 1
        return SlipCandidate(
            index: line.index, line: line.index, column: line.prefixLength + lead + 1, certain: certain,
            repaired: repaired,
            header: inBlock ? (node.content.first.map { $0.index + 1 } ?? opening) : line.index + 2,
            opening: inBlock ? opening : nil,
            finding: { location, _ in .fenceSlip(at: location, slip, opening: inBlock ? opening : location.line) })
    }

    /// Lines of an indented code block that are a fence indented four or more columns: meant to
    /// open a block, written without the indentation.
    static func indentedCandidates(_ file: SourceFile, _ node: BlockNode) -> [SlipCandidate] {
        node.content.compactMap { line in
            let text = line.text.trimmingBlanksString()
            guard text.hasPrefix("```") || text.hasPrefix("~~~"), !isNoFence(text) else { return nil }
            let bytes = Array(file.lines[line.index].text.utf8)
            let fence = line.prefixLength + line.text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
            var blanks = bytes[..<fence].reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
            var columns = Self.columns(bytes[(fence - blanks)..<fence])
            // In a list item the item's own indentation stays: the code block's four columns and
            // the blanks past them are the slip, and the fix is the indentation the item's lines have.
            var item: Int?
            var quote: String?
            let own = line.prefixLength - 4
            if own > 0, bytes[..<fence].allSatisfy({ $0 == 0x20 }) {
                (item, blanks, columns) = (own, fence - own, fence)
            } else if own > 0, bytes[..<own].contains(UInt8(ascii: ">")), !bytes[..<fence].contains(0x09) {
                // In a block quote, the columns after its `> ` (the space after `>` is the quote's),
                // and the fix is the line with its `> ` and the fence alone.
                (blanks, columns) = (fence - own, fence - own)
                quote = String(decoding: bytes[..<own], as: UTF8.self) + text
            }
            // At the top level, tabs that alone make the fence too deep are the slip.
            let indentation = bytes[(fence - blanks)..<fence]
            let tabs = item == nil && quote == nil && fence == blanks ? indentation.count { $0 == 0x09 } : 0
            let deleteTabs = tabs > 0 && indentation.count - tabs <= 3
            return SlipCandidate(
                index: line.index, line: line.index, column: fence + 1, certain: false,
                repaired: String(decoding: bytes[..<(fence - blanks)], as: UTF8.self) + text,
                header: line.index + 2, opening: nil,
                finding: { location, _ in
                    .fenceSlip(
                        at: location,
                        .indentedOpening(
                            columns: columns, asCode: true, item: item, quote: quote, tabs: deleteTabs ? tabs : 0,
                            spaces: deleteTabs ? indentation.count - tabs : 0),
                        opening: location.line)
                })
        }
    }

    /// True when a run of lines (a paragraph) reads as a lesson's text rather than as code or
    /// output: a heading, a block quote, a list item or bold text, or sentences (words, ending as
    /// a sentence ends, with no braces or `=` outside their code spans). Code is indented, a
    /// comment or an attribute, or holds braces; output seldom ends as a sentence.
    static func readsAsText(_ lines: [String]) -> Bool {
        guard let first = lines.first, let start = first.first, start != " ", start != "\t" else { return false }
        if first.hasPrefix("#") { return first.drop { $0 == "#" }.first == " " }
        if first.hasPrefix("**") || first.hasPrefix(">") || markerPrefix(first) != nil { return true }
        if first.hasPrefix("//") || first.hasPrefix("@") { return false }
        var outside = ""
        var inCode = false
        for character in lines.joined(separator: " ") {
            if character == "`" { inCode.toggle() } else if !inCode { outside.append(character) }
        }
        guard !outside.contains(where: { $0 == "{" || $0 == "}" || $0 == "=" }),
            let last = outside.last(where: { $0 != " " && $0 != "\t" }), ".:?!".contains(last)
        else { return false }
        return outside.contains(where: \.isLetter)
    }

    /// Where a block's closing fence may be missing: at the blank line that ends a run of its
    /// lines when what follows reads as text or opens a block (the block runs on over it) or
    /// nothing follows, and
    /// at the end of the file for a block left open there. A block whose first line is blank is a
    /// fence that opens where it was meant to close (`strayOpenings`), not a block missing its end;
    /// so is one whose first line is a heading.
    static func missingClosings(_ file: SourceFile, _ node: BlockNode, fence: CodeFence, closed: Bool)
        -> [SlipCandidate]
    {
        guard let first = node.content.first, !isBlank(first.text), !isHeading(first.text) else { return [] }
        let opening = node.lines.lowerBound + 1
        let written = String(repeating: fence.character, count: fence.length)
        var found: [SlipCandidate] = []
        for (offset, line) in node.content.enumerated().dropFirst()
        where isBlank(line.text) && !isBlank(node.content[offset - 1].text) {
            let next = node.content[offset...].drop { isBlank($0.text) }.prefix { !isBlank($0.text) }.map(\.text)
            guard next.first.map({ opensBlock($0) || readsAsText(next) }) ?? true else { continue }
            // A blank line carries no list item's indentation (nor, written `>`, a block quote's
            // space): the fence takes the containers' prefix of the line above it, or it ends the
            // item. The message gives that whole line, as the other container fixes do.
            let above = node.content[offset - 1]
            let fenceLine = rawPrefix(file, above.index, above.prefixLength) + written
            found.append(
                SlipCandidate(
                    index: line.index, line: line.index, column: 1, certain: false, repair: .insertion,
                    repaired: fenceLine, header: first.index + 1, opening: opening,
                    finding: { location, _ in
                        .fenceSlip(at: location, .missingClosing(fence: fenceLine, lastLine: nil), opening: opening)
                    }))
        }
        // A block its block quote or list item ends unclosed, a blank line after the container: the
        // closing fence belongs on that line, with the containers' prefix (`> ```` ends no quote).
        if !closed, node.lines.upperBound + 1 < file.lines.count, let last = node.content.last, !isBlank(last.text),
            last.prefixLength > 0, isBlank(file.lines[node.lines.upperBound + 1].text)
        {
            let index = node.lines.upperBound + 1
            let prefix = rawPrefix(file, last.index, last.prefixLength)
            let container = prefix.contains(">") ? "block quote" : "list item"
            found.append(
                SlipCandidate(
                    index: index, line: index, column: 1, certain: false, repair: .insertion,
                    repaired: prefix + written, header: first.index + 1, opening: opening,
                    finding: { location, _ in
                        .fenceSlip(
                            at: location,
                            .missingClosingInContainer(fence: prefix + written, container: container, ends: index),
                            opening: opening)
                    }))
        }
        if !closed, node.lines.upperBound == file.lines.count - 1, let last = node.content.last, !isBlank(last.text) {
            found.append(
                SlipCandidate(
                    index: file.lines.count, line: node.lines.lowerBound, column: node.startOffset + 1, certain: false,
                    repair: .insertion, repaired: written, header: first.index + 1, opening: opening,
                    finding: { location, _ in
                        .fenceSlip(
                            at: location, .missingClosing(fence: written, lastLine: last.index + 1), opening: opening)
                    }))
        }
        return found
    }

    /// The fenced blocks closed with nothing but blank lines in them (```` ```swift ````, then
    /// ```` ``` ```` on the next line or after blank lines), each with the line where the text meant
    /// as its code starts: the block is empty, and that code shows as text (a paragraph, or indented
    /// code), while the fence meant to close it is gone or opens a block of its own. What follows
    /// the pair decides: code or output right under it was meant in the block (the lesson's prose
    /// was not: that pair is `emptyPairs`'s); after a blank line, only text
    /// that looks like code or output (indented code, or a paragraph that does not read as the
    /// lesson's text) was, and an empty block followed by a blank line and the next paragraph, a
    /// heading or another block is one an author may mean (an expected block a tree fills with
    /// `--promote`), and is no slip. Nor is a block of blank lines whose opening fence sits right
    /// under text: that fence was meant to close the code above it, and a slip before mispaired it.
    static func closedAtOnce(_ document: BlockNode) -> [(node: BlockNode, code: Int)] {
        var found: [(node: BlockNode, code: Int)] = []
        // `underText`: the container starts on the line right under text (a block quote or list
        // that text ends), so its first block does too. An item of a list starts where its list does.
        func visit(_ parent: BlockNode, underText: Bool) {
            for (offset, node) in parent.children.enumerated() {
                let adjacent =
                    offset == 0 || { if case .list = parent.kind { true } else { false } }()
                    ? underText : parent.children[offset - 1].lines.upperBound + 1 >= node.lines.lowerBound
                if node.kind.isContainer {
                    visit(node, underText: adjacent)
                    continue
                }
                guard case .fencedCode(_, true) = node.kind, let closing = node.closingLine,
                    node.content.allSatisfy({ isBlank($0.text) }), offset + 1 < parent.children.count
                else { continue }
                let next = parent.children[offset + 1]
                let under = next.lines.lowerBound == closing + 1
                // With blank lines in the block or after it, only a fence that opens where blocks
                // open (after a blank line, or first in the file): a fence right under text
                // was meant to close the code above it, and pairs wrongly because of a slip before.
                if !node.content.isEmpty || !under, adjacent { continue }
                // A pair with the lesson's prose right under it was typed where no block was meant
                // (`emptyPairs`): no code or output of the course reads as its sentences do.
                switch next.kind {
                case .indentedCode: found.append((node, next.lines.lowerBound))
                case .paragraph where !readsAsText(next.content.map(\.text)):
                    found.append((node, next.lines.lowerBound))
                default: break
                }
            }
        }
        visit(document, underText: false)
        return found
    }

    /// Each block `closedAtOnce` finds: one finding at its closing line (delete it, with the blank
    /// lines between the opening fence and the code), and the repair that keeps the lesson's line
    /// numbers, the opening fence moved down onto the line right above the code (its own line and
    /// the closing fence's left with their containers' prefix), so the block opens right above
    /// its code. In a lesson (`lesson`), a block whose opening fence (with an info string) is the
    /// line left over is not one: the slip search says that. (Two bare fences are one line typed
    /// twice: deleting either gives the same lesson, and the slip is the second.)
    static func closedAtOnceSlips(_ file: SourceFile, _ document: BlockNode, lesson: Bool = false) -> [(
        finding: Diagnostic, repair: SlipCandidate
    )] {
        closedAtOnce(document).compactMap { node, code in
            guard case .fencedCode(let fence, _) = node.kind, let closing = node.closingLine else { return nil }
            let index = node.lines.lowerBound
            let character = fence.character == "~" ? UInt8(ascii: "~") : UInt8(ascii: "`")
            let opening = Array(file.lines[index].text.utf8)
            let closer = Array(file.lines[closing].text.utf8)
            guard let start = opening[min(node.startOffset, opening.count)...].firstIndex(of: character),
                let end = closer.firstIndex(of: character)
            else { return nil }
            let prefix = String(decoding: opening[..<start], as: UTF8.self)
            if lesson, !fence.info.isEmpty, openingLeftOver(file, at: index, prefix: prefix) { return nil }
            let written = String(decoding: closer[end...], as: UTF8.self).trimmingBlanksString()
            let location = SourceLocation(path: file.path, line: closing + 1, column: end + 1)
            let finding = Diagnostic.fenceSlip(
                at: location, .closedAtOnce(written: written, blanks: closing > index + 1, delete: (index + 2)...code),
                opening: index + 1)
            let kept = String(decoding: closer[..<end], as: UTF8.self)
            let repair = SlipCandidate(
                index: code - 1, line: closing, column: end + 1, certain: false, repair: .deletion,
                repaired: kept + String(decoding: opening[start...], as: UTF8.self),
                also: [(index, prefix)] + (closing == code - 1 ? [] : [(closing, kept)]), header: code + 1,
                opening: code, finding: { _, _ in finding })
            return (finding, repair)
        }
    }

    /// The blocks of a lesson closed at once, each looked for with those before it repaired: the
    /// block's own closing fence, left under its code, opens a block that the next opening fence
    /// closes with only blank lines in it, which is the first slip's doing, not a slip.
    static func closedAtOnceSlipsInTurn(_ file: SourceFile, _ document: BlockNode) -> [(
        finding: Diagnostic, repair: SlipCandidate
    )] {
        var found: [(finding: Diagnostic, repair: SlipCandidate)] = []
        var (current, document) = (file, document)
        for _ in 0..<slipRounds {
            guard
                let next = closedAtOnceSlips(current, document, lesson: true).min(by: {
                    $0.finding.location.line < $1.finding.location.line
                })
            else { break }
            found.append(next)
            current = repairing(current, next.repair)
            document = MarkdownScanner.scan(current).document
        }
        return found
    }

    /// True when the opening fence of a block `closedAtOnce` found (line `index`, `prefix` its
    /// containers' part) is the line left over, the fence under it the next block's opening (a
    /// `swift` fence typed between a tree and its expected block): deleted instead, it leaves the
    /// lesson's fences with no trouble, which the slip search then says.
    static func openingLeftOver(_ file: SourceFile, at index: Int, prefix: String) -> Bool {
        var lines = file.lines
        lines[index].text = prefix
        let deleted = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
        let scan = MarkdownScanner.scan(deleted)
        return fenceTrouble(scan.document, scan.diagnostics + classify(deleted, blocks: scan.blocks).1).isEmpty
    }

    /// A fence that opens a block whose first line is blank (or, bare, prose right under it): left over (deleted, the lesson pairs
    /// right), whatever its info string; or, when bare, a fence meant to close a block, and now
    /// opening one. Either it is left over, or the
    /// block it was meant to close lost its opening fence: then that fence belongs before one of
    /// the paragraphs since the block before it, written as the lesson's fences are, with an info
    /// string one of the lesson's blocks has. In a block quote or list item the same, the fence
    /// written with the containers' prefix.
    static func strayOpenings(_ file: SourceFile, _ document: BlockNode, conventional: String, lesson: Bool)
        -> [SlipCandidate]
    {
        let infos = [""] + openingInfos(file).prefix(2)
        var found: [SlipCandidate] = []
        // The text since the last block: each paragraph or indented code block, and whether it
        // reads as text (a heading does, and is never where a block opens).
        // In a block quote or list item (`contained`), only where its opening fence belongs, with the
        // containers' prefix: a fence left over there is `leftOverInContainer`'s.
        func visit(_ children: [BlockNode], contained: Bool) {
            var gap: [(node: BlockNode, text: Bool)] = []
            for node in children {
                guard case .fencedCode(let fence, _) = node.kind else {
                    switch node.kind {
                    case .paragraph: gap.append((node, readsAsText(node.content.map(\.text))))
                    case .indentedCode: gap.append((node, false))
                    case .heading: gap.append((node, true))
                    default: break
                    }
                    continue
                }
                defer { gap = [] }
                // In the course index, a bare fence whose block never closes may be left over too, where
                // text follows it (a fence left there hides the items after it). Not in a lesson: there
                // the block an expected block's opening fence runs on is its closing fence's slip (an
                // invisible character before it), never that opening fence left over.
                let runsOpen = if !lesson, case .fencedCode(_, false) = node.kind { true } else { false }
                // A fence with an info string (`swift`) is left over as a bare one is where its block
                // runs on unclosed or swallows another block's opening (a block that closes with none
                // in it is a block whose first line is blank), and it is never the closing fence of a
                // block that lost its opening: a closing fence takes no info string.
                // A block whose first line is a heading (`## Özet`) was no block either: no code or
                // output of the course starts with one.
                // A fence between two rows of a table (`|` lines above and below it) was no block either,
                // nor a `swift` one whose first line is a list item or a table row (`startsAsText`).
                let index = node.lines.lowerBound
                let isRow = { (text: String) in text.drop { $0 == " " || $0 == "\t" }.hasCharacterPrefix("|") }
                let betweenRows =
                    index > 0 && isRow(file.lines[index - 1].text) && node.content.first.map { isRow($0.text) } ?? false
                // A bare fence with the lesson's prose right under it (sentences, up to a blank line) was
                // no block either: no output of the course reads so, and a block whose closing fence
                // was lost leaves its own output, not prose, under its opening fence.
                let proseUnder =
                    fence.info.isEmpty && node.content.first.map { !isBlank($0.text) } ?? false
                    && readsAsText(node.content.prefix { !isBlank($0.text) }.map(\.text))
                // A fence right above another block's opening fence (```` ``` ```` over ```` ```swift ````) or
                // above a table's first row was no block either: no code or output of the course holds a
                // fence with an info string as its first line, nor starts as a table does.
                let blockUnder = node.content.first.map { opensBlock($0.text) || isRow($0.text) } ?? false
                guard
                    runsOpen || betweenRows || proseUnder || blockUnder || startsAsText(node)
                        || node.content.first.map({ isBlank($0.text) || isHeading($0.text) }) ?? true,
                    fence.info.isEmpty || node.closingLine == nil
                        || node.content.contains(where: { opensBlock($0.text) })
                        // A `swift` fence whose block is blank lines, closed by the next fence: a
                        // line left over before an expected block, whose opening fence now closes it.
                        || node.content.allSatisfy({ isBlank($0.text) })
                else { continue }
                let written =
                    String(file.lines[index].text.utf8.dropFirst(node.startOffset)).map {
                        $0.trimmingBlanksString()
                    } ?? ""
                let runsTo = node.closingLine.map { $0 + 1 }
                if !contained {
                    found.append(
                        SlipCandidate(
                            index: index, line: index, column: node.startOffset + 1, certain: false, repair: .deletion,
                            repaired: "", header: index + 1, opening: index + 1,
                            finding: { location, _ in
                                .fenceSlip(
                                    at: location, .leftOver(written: written, runsTo: runsTo), opening: index + 1)
                            }))
                }
                guard fence.info.isEmpty, node.content.first.map({ isBlank($0.text) }) ?? true else { continue }
                // The opening fence belongs where code follows text, or before the first paragraph.
                let starts = gap.indices.filter { !gap[$0].text && ($0 == 0 || gap[$0 - 1].text) }
                for paragraph in starts.suffix(4).map({ gap[$0].node }) {
                    // The line above is blank, but for a block quote's `>`; the fence takes the prefix
                    // of the paragraph's first line, the containers' (a list item's blank line has none).
                    let start = paragraph.lines.lowerBound
                    guard start > 0, isBlank(String(file.lines[start - 1].text.drop { contained && $0 == ">" })),
                        let first = paragraph.content.first
                    else { continue }
                    var prefix = contained ? rawPrefix(file, start, first.prefixLength) : ""
                    // At the top level, code indented as a list item's lines are, over a fence
                    // indented alike: the item's first line, its marker and its opening fence, was
                    // deleted, and the fence meant is written behind a marker (`- ```swift`).
                    let indent = file.lines[start].text.utf8.prefix { $0 == 0x20 }.count
                    if !contained, (2...3).contains(indent),
                        file.lines[index].text.utf8.prefix(while: { $0 == 0x20 }).count == indent
                    {
                        prefix = "-" + String(repeating: " ", count: indent - 1)
                    }
                    for info in infos {
                        found.append(
                            SlipCandidate(
                                index: start - 1, line: start, column: 1, certain: false, repair: .insertion,
                                repaired: prefix + conventional + info, header: start + 1, opening: nil,
                                finding: { location, _ in
                                    .fenceSlip(
                                        at: location,
                                        .missingOpening(
                                            fence: prefix + conventional + info, closer: written, closing: index + 1),
                                        opening: location.line)
                                }))
                    }
                }
            }
        }
        visit(document.children, contained: false)
        document.walk { node, _ in
            switch node.kind {
            case .blockQuote, .listItem: visit(node.children, contained: true)
            default: break
            }
        }
        return found
    }

    /// True for an ATX heading line (`#` to `######` and a space, at most 3 columns in).
    static func isHeading(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let indent = bytes.prefix { $0 == 0x20 }.count
        let marks = bytes[indent...].prefix { $0 == UInt8(ascii: "#") }.count
        return indent <= 3 && (1...6).contains(marks)
            && (indent + marks == bytes.count || bytes[indent + marks] == 0x20 || bytes[indent + marks] == 0x09)
    }

    /// The info strings of the file's opening fence lines, the commonest first: every line that
    /// is one, whether it opens a block or a slip left it swallowed or indented (a core's or a
    /// tree's `swift`, when each of them pairs wrongly).
    static func openingInfos(_ file: SourceFile) -> [String] {
        var counts: [String: (count: Int, first: Int)] = [:]
        for (index, line) in file.lines.enumerated() {
            // Cheap first: a fence line starts, after blanks and block-quote markers, with ` or ~.
            let bytes = line.text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            guard let first = bytes.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~"),
                let fence = CodeFence.openingRun(ArraySlice(bytes)), !fence.info.isEmpty
            else { continue }
            counts[fence.info, default: (0, index)].count += 1
        }
        return counts.sorted { ($1.value.count, $0.value.first) < ($0.value.count, $1.value.first) }.map(\.key)
    }

    /// An opening fence unlike the lesson's others (tildes, or more backticks) whose block holds
    /// the closing line the lesson's fence would have: written as the others are, it closes there.
    static func mismatchedOpening(_ file: SourceFile, _ node: BlockNode, fence: CodeFence, convention: CodeFence)
        -> SlipCandidate?
    {
        let closes = node.content.contains { line in
            let text = line.text.drop { $0 == " " }
            let run = text.prefix { $0 == convention.character }.count
            return line.text.count - text.count < 4 && run >= convention.length
                && text.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
        }
        let line = file.lines[node.lines.lowerBound]
        let bytes = Array(line.text.utf8)
        guard closes, let start = bytes[node.startOffset...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else {
            return nil
        }
        let conventional = String(repeating: convention.character, count: convention.length)
        let written = String(decoding: bytes[start...], as: UTF8.self).trimmingBlanksString()
        let rest = String(decoding: bytes[(start + fence.length)...], as: UTF8.self)
        let fix = conventional + Substring(rest).trimmingBlanks()
        let why =
            fence.character == convention.character
            ? "a closing fence needs at least as many characters as its opening"
            : "a closing fence repeats the opening's \(fence.character == "`" ? "backticks" : "tildes")"
        let opening = node.lines.lowerBound + 1
        return SlipCandidate(
            index: node.lines.lowerBound, line: node.lines.lowerBound, column: start + 1, certain: false,
            repaired: String(decoding: bytes[..<start], as: UTF8.self) + conventional + rest,
            header: node.content.first.map { $0.index + 1 } ?? opening, opening: opening,
            finding: { location, repaired in
                // Where the block closes once its fence is written as the others are.
                var closing: Int?
                repaired.walk { node, _ in
                    if closing == nil, case .fencedCode = node.kind, node.lines.lowerBound + 1 == opening {
                        closing = node.closingLine.map { $0 + 1 }
                    }
                }
                let before = String(decoding: bytes[..<start], as: UTF8.self)
                return .fenceSlip(
                    at: location,
                    .mismatchedOpening(
                        written: written, closer: conventional, closing: closing ?? opening, why: why, fix: fix),
                    opening: opening, within: isBlank(before) ? "" : before)
            })
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanksString() -> String { String(self[...].trimmingBlanks()) }
}

extension Classifier {
    /// A bare fence typed in the middle of a block's code (a tree's, a fragment's, the core's, an
    /// expected block's), at the top level or in a list item or block quote: it closes the block
    /// there, the rest of the code shows as text, and the fence meant to close the block opens a
    /// new one. It is the slip when the block holds code before it, the code goes on under it, only
    /// text that does not read as the lesson's prose stands between it and the next bare fence of
    /// the block's kind, and without it the lesson's fences pair with less trouble and none of
    /// their own. A block whose opening fence was deleted leaves its code after a blank line under
    /// the closing fence before it, so a blank line under the fence takes more: the code after it
    /// does not start a block (`startsABlock`), and the
    /// lesson read without the fence has no fence trouble at all (a tree that would swallow its
    /// expected block's lines has none); otherwise the slip search's missing-fence reading stands.
    /// Returns its finding and the lesson as meant, its line numbers kept: the block's opening
    /// fence moves down onto the line the slip leaves, so the block holds its code alone.
    /// `typed`: the file as written, when `file` is it with the fence line given its container's
    /// prefix (`strayOutsideItsContainer`): the finding names that line as typed.
    /// `written`: the lesson as the author wrote it, when `file` is it with an earlier stray fence
    /// taken out (whose repair moved that block's opening fence down a line or two).
    static func strayClosingMidBlock(
        _ file: SourceFile, _ scanned: MarkdownScanner.Result, typed: SourceFile? = nil, written: SourceFile? = nil
    ) -> (finding: Diagnostic, meant: SourceFile)? {
        var containers = [scanned.document]
        // The containers are walked for only where a block sits in one: the block a stray fence
        // closes early is a closed block of the container's.
        if scanned.blocks.contains(where: { !$0.containers.isEmpty }) {
            scanned.document.walk { node, _ in
                switch node.kind {
                case .blockQuote, .listItem: containers.append(node)
                default: break
                }
            }
        }
        var before: Set<FenceTrouble>?
        for container in containers {
            if let found = strayClosingMidBlock(
                file, scanned, in: container.children, typed: typed, written: written, before: &before)
            {
                return found
            }
        }
        return nil
    }

    /// `strayClosingMidBlock` among one container's `children`; `before` keeps the lesson's fence
    /// trouble once asked.
    static func strayClosingMidBlock(
        _ file: SourceFile, _ scanned: MarkdownScanner.Result, in children: [BlockNode], typed: SourceFile?,
        written: SourceFile? = nil, before: inout Set<FenceTrouble>?
    ) -> (finding: Diagnostic, meant: SourceFile)? {
        for (offset, node) in children.enumerated() {
            // Cheap first: paragraphs or indented code after a block's closing fence up to a bare
            // fence of the block's kind; then that the code under it goes on rather than starts a
            // block; only then whether those paragraphs read as code, and what pairs wrongly.
            guard case .fencedCode(let fence, true) = node.kind, let closing = node.closingLine,
                closing + 1 < file.lines.count, node.content.contains(where: { !isBlank($0.text) })
            else { continue }
            var next = offset + 1
            while next < children.count {
                switch children[next].kind {
                case .paragraph, .indentedCode:
                    next += 1
                    continue
                default: break
                }
                break
            }
            guard next > offset + 1, next < children.count,
                case .fencedCode(let later, _) = children[next].kind, later.info.isEmpty,
                later.character == fence.character, later.length >= fence.length
            else { continue }
            let blankUnder = children[offset + 1].lines.lowerBound > closing + 1
            // Code under the blank line that starts a block (`// …`, `import …`) may be a block whose
            // opening fence was deleted: the fence is the stray only when that reading leaves
            // trouble the stray reading does not (a tree cut from its expected block, a fragment
            // standing where its output is due). A fence-like line there is a fence's own slip.
            var startsABlockUnder = false
            if blankUnder {
                let first = children[offset + 1].content.first.map { $0.text[...].trimmingBlanks() } ?? ""
                if startsABlock(first) {
                    guard first.hasPrefix("//") || first.hasPrefix("import ") else { continue }
                    startsABlockUnder = true
                }
            }
            guard
                !children[(offset + 1)..<next].contains(where: {
                    if case .paragraph = $0.kind { return readsAsText($0.content.map(\.text)) }
                    return false
                })
            else { continue }
            let trouble =
                before
                ?? fenceTrouble(
                    scanned.document, scanned.diagnostics + classify(file, blocks: scanned.blocks).1)
            before = trouble
            guard !trouble.isEmpty else { return nil }
            let opening = node.lines.lowerBound
            // The line the opening fence leaves: its container's prefix alone (a block quote's `>`);
            // a fence behind a list item's marker cannot move down.
            let pad = rawPrefix(file, opening, node.startOffset)
            guard pad.allSatisfy({ $0 == " " || $0 == "\t" || $0 == ">" }) else { continue }
            let left = String(pad.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            // Blank lines typed with it: in the core, those without which it is the embedded core;
            // in an expected block, all those around it (the tree's output meant has none there: a
            // blank line it prints is rare, and `--promote` writes it back); in other code, those
            // that would leave more than one blank line in a row.
            let code = node.content.map(\.text)
            let above = code.reversed().prefix { isBlank($0) }.count
            let below = children[offset + 1].lines.lowerBound - closing - 1
            var typedAbove = fence.info.isEmpty ? above : above > 0 && below > 0 ? above - 1 : 0
            var typedBelow = fence.info.isEmpty || above > 0 ? below : 0
            // The core read without the fence is the embedded core: the fence is the stray.
            var coreConfirmed = false
            if code.first?.hasPrefix("// \(EmbeddedCore.fileName)") == true {
                let embedded = EmbeddedCore.text.split(separator: "\n", omittingEmptySubsequences: false)
                let trailing = { (lines: [Substring]) in Array(lines.reversed().drop { isBlank(String($0)) }.reversed())
                }
                var choices = [(0, 0), (min(above, 1), 0), (0, min(below, 1)), (min(above, 1), min(below, 1))]
                // The line under the blank one typed with the fence (`// not: …`): no core's line.
                if startsABlockUnder { choices += [(0, below + 1), (min(above, 1), below + 1)] }
                if let meantCore = choices.first(where: { choice in
                    let core = ((opening + 1)..<children[next].lines.lowerBound).filter {
                        $0 < closing - choice.0 || $0 > closing + choice.1
                    }.map { file.lines[$0].text[...] }
                    return trailing(core) == trailing(embedded)
                }) {
                    (typedAbove, typedBelow) = meantCore
                    coreConfirmed = true
                }
            }
            let first = closing - typedAbove
            let last = closing + typedBelow
            let removed = last - first + 1
            var lines = file.lines
            for index in stride(from: last, through: opening + removed, by: -1) {
                lines[index].text = lines[index - removed].text
            }
            for index in opening..<(opening + removed) { lines[index].text = left }
            let meant = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
            var scan = MarkdownScanner.scan(meant)
            var after = fenceTrouble(scan.document, scan.diagnostics + classify(meant, blocks: scan.blocks).1)
            // A second fence typed in the same lesson: judged with it gone too.
            if !after.isEmpty, let again = strayClosingMidBlock(meant, scan) {
                scan = MarkdownScanner.scan(again.meant)
                after = fenceTrouble(scan.document, scan.diagnostics + classify(again.meant, blocks: scan.blocks).1)
            }
            guard after.isSubset(of: trouble), after.count < trouble.count, !blankUnder || after.isEmpty else {
                continue
            }
            // Code the fence cuts in two (a brace it leaves open, which the code under it closes):
            // the fence is the stray, whichever block the code is.
            if startsABlockUnder, !coreConfirmed,
                !cutsCode(code, under: ((closing + 1)..<children[next].lines.lowerBound).map { file.lines[$0].text })
            {
                // The other reading: an opening fence deleted before the code under the blank line.
                var texts = file.lines.map(\.text)
                texts.insert(pad + "```swift", at: children[offset + 1].lines.lowerBound)
                let opened = SourceFile(path: file.path, text: texts.joined(separator: "\n"))
                let openedScan = MarkdownScanner.scan(opened)
                guard
                    !fenceTrouble(
                        openedScan.document, openedScan.diagnostics + classify(opened, blocks: openedScan.blocks).1
                    ).isEmpty
                else { continue }
            }
            // Where the author opened the block: an earlier stray's repair moved its fence down.
            var opened = opening
            if let written, written.lines[opening].text != file.lines[opening].text {
                let fenceLine = file.lines[opening].text
                opened =
                    stride(from: opening - 1, through: max(0, opening - 4), by: -1).first {
                        written.lines[$0].text == fenceLine
                    } ?? opening
            }
            let line = (typed ?? file).lines[closing].text
            let bytes = Array(line.utf8)
            let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") } ?? 0
            let written = String(decoding: bytes[start...], as: UTF8.self).trimmingBlanksString()
            let finding = Diagnostic.fenceSlip(
                at: SourceLocation(path: file.path, line: closing + 1, column: start + 1),
                .closedMidway(
                    written: written, shown: (closing + 2)...(children[next - 1].lines.upperBound + 1),
                    opens: children[next].lines.lowerBound + 1, delete: (first + 1)...(last + 1)),
                opening: opened + 1)
            return (finding, meant)
        }
        return nil
    }

    /// A bare fence typed in the middle of a block's code in a list item or block quote without
    /// the container's prefix: it ends the container, so it reads as the block's closing fence
    /// typed outside it (`closingOutsideItsContainer`). Given the prefix, it is a fence typed in
    /// the block's code when `strayClosingMidBlock` says so: then that is its one finding, and
    /// the line goes (written with the prefix, the block would still be cut there).
    static func strayOutsideItsContainer(_ file: SourceFile, _ scanned: MarkdownScanner.Result) -> (
        finding: Diagnostic, meant: SourceFile
    )? {
        // Cheap first: a block its container ended unclosed is an unterminated fence the scan said.
        guard scanned.diagnostics.contains(where: { $0.id == .unterminatedFence }),
            let outside = closingOutsideItsContainer(scanned.document, file)
        else { return nil }
        let repaired = repairing(file, outside.repair)
        guard let stray = strayClosingMidBlock(repaired, MarkdownScanner.scan(repaired), typed: file),
            stray.finding.location.line == outside.finding.location.line
        else { return nil }
        return stray
    }

    /// True for the first line of a block as the course's code blocks start (a `//` comment, an
    /// `import`) or a fence line slipped into text: two or more fence-like characters (another
    /// quote style's too) behind any container marker, whatever follows them.
    /// True when Swift `code` leaves a brace, bracket or parenthesis open that the code `under`
    /// it closes, none closed before it opens (string literals and `//` comments aside): code cut
    /// in two, where the cut is no block's end. False when a multi-line string (`"""`) makes the
    /// count unsure.
    static func cutsCode(_ code: [String], under: [String]) -> Bool {
        var depth = 0
        func count(_ lines: [String]) -> Bool {
            for line in lines {
                if line.utf8Offset(of: "\"\"\"") != nil { return false }
                // A closing one with none open before it: no cut (a byte beyond ASCII is read past).
                guard
                    walkBrackets(
                        line,
                        { step in
                            depth += step
                            return depth >= 0
                        })
                else { return false }
            }
            return true
        }
        guard count(code), depth > 0, count(under) else { return false }
        return depth == 0
    }

    /// Characters left before a fence count too (`|```swift`, `x``swift`): that block's opening
    /// fence slipped, and the fence above the blank line closed the block before it as meant.
    static func startsABlock(_ line: Substring) -> Bool {
        if line.hasPrefix("//") || line.hasPrefix("import ") { return true }
        let fenceLike: Set<Character> = ["`", "~", "'", "\"", "´", "‘", "’", "｀", "＇"]
        let rest = line.drop { " \t>-*+.)0123456789\u{200B}\u{FEFF}\u{2060}\u{00A0}".contains($0) }
        if rest.prefix(while: { fenceLike.contains($0) }).count >= 2 { return true }
        return leftoverBeforeFence(String(line)) != nil || leftoverBeforeRun(String(line)) != nil
    }
}

extension Classifier {
    /// An opening fence short of the prefix of the nested containers it was meant in (`> 1.`,
    /// `> -`, `1. >`, `- >`): a space or a `>` fewer, or the two in another order. It ends the
    /// innermost container that line does not continue, and its block stands outside, though
    /// the block's lines after it have the whole prefix. GitHub may still show it without fence
    /// trouble (a block quote it starts takes the rest), so this is read before the fences pair.
    /// Returns its finding and the lesson with the line written with that prefix, its line
    /// numbers kept. (A closing fence so written is `closingOutsideItsContainer`'s; a single
    /// container's line is `resumedPrefixes`'s.)
    static func openingOutsideItsNestedContainer(_ file: SourceFile, _ scanned: MarkdownScanner.Result) -> (
        finding: Diagnostic, meant: SourceFile
    )? {
        // Cheap first: the slip leaves a block in a container (the one it starts, or the outer one),
        // or one its container ends unclosed, or indented code in a container (a fence indented
        // four columns or more once its `>` is lost, and the block's lines after it too).
        func indentedInContainer(_ node: BlockNode, depth: Int) -> Bool {
            node.children.contains { child in
                switch child.kind {
                case .indentedCode: depth > 0
                case .blockQuote, .list, .listItem: indentedInContainer(child, depth: depth + 1)
                default: false
                }
            }
        }
        // Or a block outside any container right under a container's line (its `>`, its
        // indentation or its marker, perhaps with blank lines between): the one it ended.
        func underAContainer(_ block: FencedBlock) -> Bool {
            guard block.containers.isEmpty,
                let above = file.lines[..<(block.opening.number - 1)].last(where: { !isBlank($0.text) }),
                let first = above.text.utf8.first
            else { return false }
            return first == UInt8(ascii: ">") || first == 0x20 || first == UInt8(ascii: "-")
                || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") || first.isASCIIDigit
        }
        guard
            scanned.blocks.contains(where: { !$0.containers.isEmpty })
                || scanned.diagnostics.contains(where: { $0.id == .unterminatedFence })
                || indentedInContainer(scanned.document, depth: 0) || scanned.blocks.contains(where: underAContainer)
        else { return nil }
        // The nested containers ending before each line (the deepest first), and the lines an
        // unclosed block's container ended it at.
        var ended: [Int: [[BlockNode]]] = [:]
        var cut: Set<Int> = []
        func visit(_ node: BlockNode, chain: [BlockNode]) {
            for child in node.children {
                switch child.kind {
                case .blockQuote, .listItem:
                    let inner = chain + [child]
                    ended[child.lines.upperBound + 1, default: []].insert(inner, at: 0)
                    visit(child, chain: inner)
                case .list:
                    visit(child, chain: chain)
                case .fencedCode(_, false):
                    cut.insert(child.lines.upperBound)
                default:
                    break
                }
            }
        }
        visit(scanned.document, chain: [])
        // The fence may open a block outside, one its container ends at once, or be indented code.
        for (index, chains) in ended.sorted(by: { $0.key < $1.key }) {
            guard !cut.contains(index - 1), index + 1 < file.lines.count else { continue }
            let text = file.lines[index].text
            let bare = text.drop { $0 == " " || $0 == ">" }
            guard bare.hasPrefix("```") || bare.hasPrefix("~~~") else { continue }
            for chain in chains {
                // The block's first line with the whole prefix: the one under the fence, or, when the
                // fence's prefix was copied onto up to three lines under it, the first after them.
                var after = index + 1
                while after < min(index + 4, file.lines.count - 1),
                    continuing(file.lines[after].text, chain).failed != nil
                {
                    after += 1
                }
                let copied = (index + 1)..<after
                // Blank lines of the containers may stand between them and the block's next line.
                while after < file.lines.count - 1, continuing(file.lines[after].text, chain).failed == nil,
                    isBlank(String(file.lines[after].text.drop { $0 == ">" || $0 == " " }))
                {
                    after += 1
                }
                let next = continuing(file.lines[after].text, chain)
                guard next.failed == nil else { continue }
                let prefix = String(decoding: file.lines[after].text.utf8.prefix(next.length), as: UTF8.self)
                guard !isBlank(String(decoding: file.lines[after].text.utf8.dropFirst(next.length), as: UTF8.self)),
                    let failed = continuing(text, chain).failed
                else { continue }
                // The line's own prefix: its blanks and `>`, no more `>` than the containers have.
                let marks = prefix.utf8.count(where: { $0 == UInt8(ascii: ">") })
                var seen = 0
                let written = String(
                    text.prefix { character in
                        if character == ">" { seen += 1 }
                        return (character == " " || character == ">") && seen <= marks
                    })
                let fence = String(text.dropFirst(written.count))
                guard fence.hasPrefix("```") || fence.hasPrefix("~~~") else { continue }
                let meantText = prefix + fence
                var lines = file.lines
                lines[index].text = meantText
                // The lines under the fence written with its prefix, code after it: the block's, slipped
                // alike, so long as the block's lines with the whole prefix outnumber them.
                // One container's opening fence alone is `resumedPrefixes`' and the slip search's.
                guard chain.count >= 2 || !copied.isEmpty else { continue }
                if !copied.isEmpty {
                    guard
                        copied.allSatisfy({
                            file.lines[$0].text.hasPrefix(written)
                                && !isBlank(String(file.lines[$0].text.dropFirst(written.count)))
                                && !file.lines[$0].text.dropFirst(written.count).hasPrefix(" ")
                        }), wholePrefixed(file, from: after, chain) > copied.count
                    else { continue }
                    for line in copied { lines[line].text = prefix + file.lines[line].text.dropFirst(written.count) }
                }
                let meant = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
                // Written so, the block stands in all the containers.
                let scan = MarkdownScanner.scan(meant)
                guard
                    scan.blocks.contains(where: {
                        $0.opening.number == index + 1 && $0.containers.count >= chain.count
                    })
                else { continue }
                let container = if case .blockQuote = failed.kind { "block quote" } else { "list item" }
                let finding = Diagnostic.fenceSlip(
                    at: SourceLocation(path: file.path, line: index + 1, column: 1),
                    .outsideNestedContainer(
                        container: container, prefix: prefix, written: written,
                        missing: insertion(making: prefix, from: written), meant: meantText,
                        through: copied.isEmpty ? nil : copied.upperBound),
                    opening: index + 1)
                return (finding, meant)
            }
        }
        return nil
    }

    /// How many lines from `start` continue the containers of `chain` with text after the prefix,
    /// up to the first other line that does not, or a fence (the block's closing one).
    static func wholePrefixed(_ file: SourceFile, from start: Int, _ chain: [BlockNode]) -> Int {
        var count = 0
        for line in file.lines[start...] {
            // A blank line of the containers (`>`) need not have their whole prefix.
            if isBlank(String(line.text.drop { $0 == ">" || $0 == " " })) { continue }
            let next = continuing(line.text, chain)
            guard next.failed == nil else { break }
            let rest = String(decoding: line.text.utf8.dropFirst(next.length), as: UTF8.self)
            if rest.hasPrefix("```") || rest.hasPrefix("~~~") { break }
            if !isBlank(rest) { count += 1 }
        }
        return count
    }

    /// How much of `text` continues the containers of `chain`, outermost first (a block quote's
    /// `>` after at most three spaces and one blank after it, a list item's indentation), in
    /// bytes, and the first container it does not continue.
    static func continuing(_ text: String, _ chain: [BlockNode]) -> (length: Int, failed: BlockNode?) {
        let bytes = Array(text.utf8)
        var at = 0
        for container in chain {
            let spaces = bytes[at...].prefix { $0 == 0x20 }.count
            if case .blockQuote = container.kind {
                guard spaces <= 3, at + spaces < bytes.count, bytes[at + spaces] == UInt8(ascii: ">") else {
                    return (at, container)
                }
                at += spaces + 1
                if at < bytes.count, bytes[at] == 0x20 { at += 1 }
            } else {
                guard spaces >= container.itemIndent else { return (at, container) }
                at += container.itemIndent
            }
        }
        return (at, nil)
    }

    /// The text `written` lacks of `prefix`, when writing it at one place in `written` makes the
    /// prefix (`' '` for `>   ` and `>    `, `'> '` for `  ` and `  > `); nil otherwise.
    static func insertion(making prefix: String, from written: String) -> String? {
        let target = Array(prefix.utf8)
        let have = Array(written.utf8)
        guard have.count < target.count else { return nil }
        let shared = zip(target, have).prefix { $0 == $1 }.count
        let rest = have.count - shared
        guard target.suffix(rest).elementsEqual(have.suffix(rest)) else { return nil }
        return String(decoding: target[shared..<(target.count - rest)], as: UTF8.self)
    }
}
