/// Gives every fenced block of a lesson its role and reports blocks and lessons that break the rules.
package enum Classifier {
    /// Classifies what the scanner found; the lesson keeps the document so prose is not parsed twice.
    /// `core` is the core's file name: a `swift` block whose first line starts `// <core>` is the core.
    package static func classify(
        _ file: SourceFile, scanned: MarkdownScanner.Result, core: String = EmbeddedCore.fileName
    ) -> (Lesson, [Diagnostic]) {
        // A bare fence typed in the middle of a block's code is one finding there, and the lesson
        // is read as meant, so nothing it cut off (a tree's code, its expected block) is reported.
        // Each further fence typed in it is one finding too, its block named where the author opened it.
        // So is an opening fence short of its nested containers' prefix, which may pair no fence wrongly.
        if let stray = strayClosingMidBlock(file, scanned) ?? strayOutsideItsContainer(file, scanned)
            ?? openingOutsideItsNestedContainer(file, scanned)
        {
            var findings = [stray.finding]
            var meant = stray.meant
            var scan = MarkdownScanner.scan(meant)
            while findings.count < 16,
                let next = strayClosingMidBlock(meant, scan, written: file) ?? strayOutsideItsContainer(meant, scan)
                    ?? openingOutsideItsNestedContainer(meant, scan)
            {
                findings.append(next.finding)
                meant = next.meant
                scan = MarkdownScanner.scan(meant)
            }
            var (lesson, diagnostics) = classify(meant, scanned: scan, core: core)
            diagnostics += findings.reversed()
            return (lesson, diagnostics)
        }
        var (lesson, classified) = classify(file, blocks: scanned.blocks, core: core)
        var diagnostics = scanned.diagnostics + classified
        lesson.document = scanned.document
        lesson.frontMatter = scanned.frontMatter
        // A comment's slip within a line is one finding there, and the claims read the lesson as
        // meant, so nothing it changed (a heading, the trigger bullet, a table row) is reported.
        let commentLines = commentLineSlips(file, scanned.document)
        if let reading = commentLines.reading {
            lesson.reading = reading.file
            lesson.document = reading.scan.document
        }
        lesson.splitRowComment = commentLines.splitRow
        let swallowedFindings = swallowedFences(in: scanned.document, path: file.path, core: core)
        let swallowed = Set(swallowedFindings.map(\.location.line))
        // A comment left open hides the rest (or up to the later `-->` that ends it in the browser):
        // one finding at it, and nothing it hides is judged.
        let commentSlip = unclosedComment(file, scanned.document, lesson: true)
        let comment = commentSlip.map { [$0.finding] } ?? []
        lesson.hidden = commentSlip?.hidden
        // A comment meant as written, the text after its close meant as a block of its own: the
        // claims read that block (a note, the trigger bullet) as meant.
        if let meant = commentSlip?.reading, commentLines.reading == nil {
            lesson.reading = meant
            lesson.document = MarkdownScanner.scan(meant).document
        }
        let unseen =
            swallowedFindings + hiddenFences(in: scanned.document, path: file.path, core: core) + comment
            + commentLines.fences
        // A slipped fence comes before any fence the reader cannot see (after one, every fence is
        // paired wrongly anyway).
        // A closing fence outside its container is that line's one finding, and the other slips
        // are looked for with it repaired: what it mispaired (a fence further on taken as left
        // over, its own line taken as one) is its doing, not a slip with a contrary fix. So is a
        // fence closing a block on the line under its opening (the fence meant to close the block
        // is gone, or opens one of its own).
        let priorSlips =
            (closingOutsideItsContainer(scanned.document, file).map { [$0] } ?? [])
            // Cheap first: only a block of blank lines may be closed at once.
            + (scanned.blocks.contains { $0.body.allSatisfy { isBlank($0.text) } }
                ? closedAtOnceSlipsInTurn(file, scanned.document) : [])
        let outside = priorSlips.map(\.finding)
        var slipSource = (file: file, document: scanned.document, diagnostics: diagnostics)
        if !priorSlips.isEmpty {
            let repaired = priorSlips.reduce(file) { repairing($0, $1.repair) }
            let scan = MarkdownScanner.scan(repaired)
            slipSource = (repaired, scan.document, scan.diagnostics + classify(repaired, blocks: scan.blocks).1)
        }
        let slips = slippedFences(
            slipSource.file, slipSource.document, diagnostics: slipSource.diagnostics,
            before: unseen.map(\.location.line).min() ?? Int.max
        ).filter { slip in !outside.contains { $0.location.line == slip.finding.location.line } }
        let explained = Set(slips.flatMap(\.explains))
        let conflicts = conflictMarkers(file)
        let causes = unseen + slips.map(\.finding) + conflicts + outside
        // A comment left open that a later `-->` ends, the one cause: what it hides is uncertain,
        // and what follows is read as rendered (the HTML block ended with its container, so the
        // blocks after it are the page's). Uncertain at all only when it hides a fence.
        // A comment that CommonMark runs on to a later line's `-->` swallows the fences there: an
        // odd number of them leaves every later fence paired wrongly, to the end of the file.
        var through = causes.count == 1 ? commentSlip?.hidden.endLine : nil
        if let end = through, commentSlip?.late == true,
            !file.lines[(causes[0].location.line - 1)..<end].count(where: { line in
                let text = line.text.drop { " \t>".contains($0) }
                return text.hasPrefix("```") || text.hasPrefix("~~~")
            }).isMultiple(of: 2)
        {
            through = nil
        }
        let hidesFence =
            through.map { through in
                file.lines[(causes[0].location.line - 1)..<through].contains { line in
                    let text = line.text.drop { " \t>".contains($0) }
                    let bullet =
                        text.first.map { "-*+".contains($0) } == true ? text.dropFirst().drop { $0 == " " } : text
                    return bullet.hasPrefix("```") || bullet.hasPrefix("~~~")
                }
            } ?? true
        if let first = causes.map(\.location.line).min() {
            // Before the slip: a fence left open runs over it (the slip is a closing fence), and
            // the tree whose expected block that was lost its block to it.
            let lastTree = lesson.blocks.last { $0.role == .tree && $0.fenced.closing.number < first }
            let lostExpected =
                lastTree.flatMap { tree in
                    lesson.blocks.contains {
                        $0.fenced.opening.number > tree.fenced.closing.number && $0.fenced.opening.number < first
                    }
                        ? nil : tree.fenced.body.first?.number ?? tree.fenced.opening.number
                }
            // A tree that runs over the slip (its closing fence hidden) lost its expected block too.
            let overrun = Set(
                lesson.blocks.filter {
                    $0.role == .tree && $0.fenced.opening.number < first && $0.fenced.closing.number >= first
                }.map { $0.fenced.body.first?.number ?? $0.fenced.opening.number })
            // After a fence the reader does not see, every fence pairs with the wrong partner: the
            // stray and unclosed blocks that follow are its consequences, not findings of their own,
            // and so is the lost expected block of the tree whose closing fence is indented too far.
            let consequences: Set<DiagnosticID> = [.strayOutput, .missingExpected, .unterminatedFence]
            let headers = Set(slips.map(\.header))
            let opened = Set(slips.compactMap(\.opening))
            diagnostics.removeAll { finding in
                // A lesson left without a tree by the slip has its tree back once the slip is fixed.
                // So is one left without its core, when the core's fence is the one hidden, and one
                // left without any fenced block (a comment left open before them all).
                finding.id == .noTrees || finding.id == .coreCount || finding.id == .notALesson
                    || explained.contains(FenceTrouble(id: finding.id, line: finding.location.line))
                    // A slipped fence is its line's one finding: the blank its fix keeps is no indentation.
                    || (finding.id == .indentedFence && causes.contains { $0.location.line == finding.location.line })
                    || (finding.id == .unterminatedFence && finding.location.line < first)
                    || (finding.id == .missingExpected
                        && (finding.location.line == lostExpected || overrun.contains(finding.location.line)))
                    || consequences.contains(finding.id)
                        && ((finding.location.line >= first && finding.location.line <= through ?? Int.max)
                            || (finding.id == .missingExpected && headers.contains(finding.location.line))
                            || (finding.id == .unterminatedFence && opened.contains(finding.location.line)))
            }
        }
        // Both fences of a block lost (no fence pairs wrongly, so only where no slip is): one
        // finding at its first line, and what the lesson lacks for it (a tree's output left stray,
        // a tree without its output, no tree, no core) is its doing.
        let lost = causes.isEmpty ? lostFencePairs(file, scanned.document, lesson: lesson, core: core) : []
        if !lost.isEmpty {
            let explainedByLoss = lost.flatMap(\.explains)
            diagnostics.removeAll { finding in
                explainedByLoss.contains { $0.id == finding.id && $0.line == finding.location.line }
            }
            diagnostics += lost.map(\.finding)
        }
        diagnostics +=
            causes + rendererDependent(lesson, path: file.path)
            + footnotes(scanned.document, file)
            + strayUnderlines(lesson.document ?? scanned.document, file, lesson: true)
            + (unclosedDetails(file, scanned, lesson: true).map { [$0] } ?? [])
            + commentLines.findings.filter {
                !(lesson.hidden?.contains($0.location) ?? false)
            }
        lesson.fencesAreUncertain =
            (!causes.isEmpty && hidesFence) || diagnostics.contains { $0.id == .unterminatedFence }
            || lost.contains(where: \.runnable)
            || lesson.rolesAreUncertain
        // A fence inside an HTML or indented code block pairs with nothing; a hidden or slipped one
        // pairs the fences after it wrongly.
        lesson.uncertainFrom =
            (unseen.filter { $0.id != .noRole || !swallowed.contains($0.location.line) }.filter { _ in hidesFence }
            .map(\.location.line)
            + slips.map(\.finding.location.line) + conflicts.map(\.location.line)
            + outside.map(\.location.line)
            + diagnostics.filter { $0.id == .unterminatedFence }.map(\.location.line)).min()
        lesson.uncertainThrough =
            lesson.uncertainFrom == causes.first?.location.line && hidesFence
                && !diagnostics.contains { $0.id == .unterminatedFence } ? through : nil
        return (lesson, diagnostics)
    }

    /// A block coursecheck runs or compares (core, tree, expected output) whose text GitHub shows
    /// otherwise than the spec reads it: one warning per block, at its first such line.
    static func rendererDependent(_ lesson: Lesson, path: String) -> [Diagnostic] {
        lesson.blocks.compactMap { block in
            guard [.core, .tree, .expected].contains(block.role), let index = block.fenced.gitHubBody.keys.min(),
                let github = block.fenced.gitHubBody[index]
            else { return nil }
            let line = block.fenced.body[index]
            return .githubParity(
                at: SourceLocation(path: path, line: line.number), role: block.role, github: github,
                reference: line.text, fenceLine: block.fenced.opening.number, lines: block.fenced.gitHubBody.count)
        }
    }

    /// A block in a list item or block quote whose closing fence stands outside that container
    /// (dedented, or without its `>`): the container ends there, and the fence opens a new block.
    /// One finding at that line, and its repair (the line with the prefix the block's lines have);
    /// the container-ended block and what mispairs after are consequences.
    static func closingOutsideItsContainer(_ document: BlockNode, _ file: SourceFile) -> (
        finding: Diagnostic, repair: SlipCandidate
    )? {
        var found: (finding: Diagnostic, repair: SlipCandidate)?
        document.walk { node, _ in
            guard found == nil, case .fencedCode(let fence, let closed) = node.kind, !closed,
                node.lines.upperBound + 1 < file.lines.count
            else { return }
            let next = file.lines[node.lines.upperBound + 1]
            let text = next.text.drop { $0 == " " }
            let run = text.prefix { $0 == fence.character }.count
            guard next.text.count - text.count < 4, run >= fence.length,
                text.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" })
            else { return }
            // The prefix it lacks: what the block's lines have past what it shares with them.
            let prefix = containerPrefix(file, node)
            let shared = zip(prefix.utf8, next.text.utf8).prefix { $0 == $1 }.count
            let missing = String(decoding: prefix.utf8.dropFirst(shared), as: UTF8.self)
            let place = prefix.contains(">") ? "block quote" : "list item"
            let opening = node.lines.lowerBound + 1
            // Short of spaces next to a `>` it has (`>  ` for `>   `): the fix is the line as meant.
            let meant = meantLine(next.text, prefix: prefix, missing: missing)
            let repaired = meant ?? prefix + String(decoding: next.text.utf8.dropFirst(shared), as: UTF8.self)
            let finding = Diagnostic.fenceSlip(
                at: SourceLocation(path: file.path, line: next.number, column: next.text.count - text.count + 1),
                .outsideContainer(container: place, prefix: prefix, missing: missing, meant: meant), opening: opening)
            let repair = SlipCandidate(
                index: next.number - 1, line: next.number - 1, column: 1, certain: false,
                repaired: repaired,
                header: opening + 1, opening: opening, finding: { _, _ in finding })
            found = (finding, repair)
        }
        return found
    }

    /// Merge-conflict markers: each complete set (`<<<<<<<`, then `=======`, then `>>>>>>>`, as
    /// git writes them at the start of a line) is one finding at its first line. A lone `=======`
    /// is a setext heading's underline, not a marker.
    static func conflictMarkers(_ file: SourceFile) -> [Diagnostic] {
        func marker(_ text: String, _ character: Character) -> Bool {
            let run = text.prefix { $0 == character }.count
            return run == 7 && (text.count == 7 || text.dropFirst(7).first == " ")
        }
        var found: [Diagnostic] = []
        var open: Int?
        var separator: Int?
        for line in file.lines {
            let text = line.text
            // Cheap first: every marker starts with one of its three characters.
            guard let first = text.utf8.first,
                first == UInt8(ascii: "<") || first == UInt8(ascii: "=")
                    || first == UInt8(ascii: ">")
            else { continue }
            if marker(text, "<") {
                // A set nested in another is part of it: the outer `<<<<<<<` is where it starts.
                if open == nil { (open, separator) = (line.number, nil) }
            } else if open != nil, separator == nil, text[...].trimmingBlanks() == "=======" {
                separator = line.number
            } else if let start = open, let middle = separator, marker(text, ">") {
                found.append(
                    .conflictMarker(
                        at: SourceLocation(path: file.path, line: start), separator: middle, end: line.number))
                (open, separator) = (nil, nil)
            }
        }
        return found
    }

    /// A footnote GitHub shows (its definition is referenced), which the spec does not render and
    /// coursecheck does not read: one warning at its definition, so nothing in it passes silently.
    static func footnotes(_ document: BlockNode, _ file: SourceFile) -> [Diagnostic] {
        // The spec reads `[^a]: text` as a link reference definition when the text is one
        // destination, else as a paragraph; GitHub reads both as the footnote `^a`.
        let linkDefinitions = Set(document.footnoteDefinitions.map(\.line))
        var definitions = document.footnoteDefinitions
        document.walk { node, _ in
            guard case .paragraph = node.kind, let first = node.content.first, first.text.hasCharacterPrefix("[^"),
                let close = first.text.firstIndex(of: "]"),
                first.text[first.text.index(after: close)...].hasPrefix(":"),
                !first.text[..<close].contains(where: { $0 == " " || $0 == "\t" })
            else { return }
            definitions.append(
                .init(
                    label: String(first.text[first.text.index(after: first.text.startIndex)..<close]), line: first.index
                ))
        }
        return definitions.sorted { $0.line < $1.line }.compactMap { definition in
            let reference = "[\(definition.label)]"
            let referenced = file.lines.enumerated().contains { index, line in
                line.text.ranges(of: reference).count > (index == definition.line ? 1 : 0)
            }
            guard referenced else { return nil }
            return .githubFootnote(
                at: SourceLocation(path: file.path, line: file.lines[definition.line].number), label: definition.label,
                asParagraph: !linkDefinitions.contains(definition.line))
        }
    }

    /// A fence a reader does not see because an invisible character comes first (`U+200B` before
    /// the backticks): the line is text, and every fence after it pairs with the wrong partner.
    /// One finding at the character, naming it.
    /// True when the first scalar other than a space is non-ASCII and suspicious: what a hidden
    /// fence leads with. By bytes, one scalar decoded: this runs on every line of every paragraph,
    /// heading and fenced block, and a Turkish line often leads with a non-ASCII letter.
    static func leadsWithSuspicious(_ text: String) -> Bool {
        // Most lines lead with an ASCII byte other than a space: settled by the first byte.
        guard let lead = text.utf8.first, lead >= 0x80 || lead == 0x20 else { return false }
        let settled = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            guard index < bytes.count, bytes[index] >= 0x80 else { return false }
            var codec = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
            guard case .scalarValue(let scalar) = codec.decode(&iterator) else { return false }
            return Invisible.isSuspicious(scalar)
        }
        if let settled { return settled }
        guard let first = text.unicodeScalars.first(where: { $0 != " " }) else { return false }
        return first.value >= 0x80 && Invisible.isSuspicious(first)
    }

    static func hiddenFences(in document: BlockNode, path: String, core: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        document.walk { node, _ in
            // In text, any fence; in a fenced block, one that would close it.
            var closes: CodeFence?
            switch node.kind {
            case .paragraph, .heading: break
            case .fencedCode(let fence, _): closes = fence
            default: return
            }
            // By index: a copy of each line (its text retained and released) cost more than the test.
            for index in node.content.indices {
                // Cheap first: a hidden fence leads with a suspicious non-ASCII scalar.
                guard Self.leadsWithSuspicious(node.content[index].text) else { continue }
                let line = node.content[index]
                let scalars = line.text.unicodeScalars
                let hidden = scalars.prefix { Invisible.isSuspicious($0) || $0 == " " }
                guard let first = hidden.first(where: { Invisible.isSuspicious($0) }) else { continue }
                let rest = String(String.UnicodeScalarView(scalars.dropFirst(hidden.count)))
                guard rest.hasPrefix("```") || rest.hasPrefix("~~~") else { continue }
                if let closes {
                    let run = rest.prefix { $0 == closes.character }.count
                    guard run >= closes.length, rest.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" }) else {
                        continue
                    }
                }
                let before = String(String.UnicodeScalarView(hidden.prefix { $0 != first }))
                let location = SourceLocation(
                    path: path, line: line.index + 1, column: line.prefixLength + before.utf8.count + 1)
                // A fence spoiled by an invisible character is one kind of slip wherever the
                // character is (before the fence, among or after its characters): an
                // `unterminated-fence`, as `splitClosing` says of one after the backticks.
                if let closes {
                    let written = String(String.UnicodeScalarView(scalars.dropFirst(before.unicodeScalars.count)))
                    found.append(
                        .fenceSlip(
                            at: location,
                            .invisibleInClosing(
                                written: written[...].trimmingBlanks().description, name: Invisible.name(first),
                                fence: String(repeating: closes.character, count: closes.length)),
                            opening: node.lines.lowerBound + 1))
                } else {
                    found.append(
                        .fenceSlip(at: location, .hiddenOpening(name: Invisible.name(first)), opening: location.line))
                }
            }
        }
        return found
    }

    /// A fence opening a tree or the core inside an indented code block (indented four spaces too
    /// many, say, in a list item) renders as code, not as a block of its own, and inside an HTML
    /// block (`<details>` with no blank line after it) as raw text: either way it is a located
    /// error, never a tree that silently stops being checked.
    static func swallowedFences(in document: BlockNode, path: String, core: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        document.walk { node, _ in
            let reason: (String) -> Diagnostic.NoRole
            switch node.kind {
            case .indentedCode:
                reason = { .insideIndentedCode(what: $0) }
            // Types 6 and 7 (`<div>`, `<details>`, any tag) show their text, and so does type 1
            // (`<pre>`, `<textarea>`; GitHub strips `<script>` and `<style>` tags and shows what
            // they held); a comment and the other kinds hide it, which is how an author keeps a
            // tree out of the lesson.
            case .htmlBlock(let type) where type >= 6:
                reason = { [start = node.lines.lowerBound + 1] in .insideHTMLBlock(what: $0, line: start) }
            case .htmlBlock(1):
                // The tag opening the block: `<pre` in `<pre class="x">`.
                let first = node.content.first?.text ?? ""
                let tag = String(first.drop { $0 == " " }.dropFirst().prefix { $0.isASCII && $0.isLetter })
                reason = { [start = node.lines.lowerBound + 1] in
                    .insideRawHTMLBlock(what: $0, line: start, tag: tag.lowercased())
                }
            default: return
            }
            for (offset, line) in node.content.enumerated() where offset + 1 < node.content.count {
                let text = line.text.drop { $0 == " " }
                guard let fence = CodeFence.opening(Line(number: line.index + 1, text: String(text), ending: .lf)),
                    fence.info.hasPrefix("swift")
                else { continue }
                let next = node.content[offset + 1].text.drop { $0 == " " }
                guard let what = runnable(firstLine: next, core: core) else { continue }
                found.append(
                    .noRole(
                        at: SourceLocation(
                            path: path, line: line.index + 1,
                            column: line.prefixLength + (line.text.utf8.count - text.utf8.count) + 1),
                        reason(what)))
            }
        }
        return found
    }

    package static func classify(
        _ file: SourceFile, blocks written: [FencedBlock], core: String = EmbeddedCore.fileName
    ) -> (Lesson, [Diagnostic]) {
        let path = file.path
        let coreMarker = marker(ofCore: core)
        // A tree or fragment under an indented fence is read as written, its one finding at the fence.
        let (fenced, indented) = indentedSwiftFences(written, path: path, coreMarker: coreMarker)
        var diagnostics: [Diagnostic] = indented
        var blocks: [Lesson.Block] = []
        var cores: [FencedBlock] = []
        var pendingTree: FencedBlock?
        /// A tree or core block whose info string is not `swift` (`Swift`, `swif`): its one finding
        /// says so, and the bare block right after it is its output, not a stray block.
        var mislabeled: FencedBlock?
        /// What the blocks a slip left without their role were meant to be ("a tree", "the core"):
        /// the lesson lacks them only until the slip is fixed.
        var roleSlips: Set<String> = []
        /// The last display fragment found pasted twice: a third copy under it is one too.
        var fragmentCopy: FencedBlock?

        func flushPendingTree() {
            guard let tree = pendingTree else { return }
            diagnostics.append(.missingExpected(at: headerLocation(tree, path), .none))
            pendingTree = nil
        }

        for (position, block) in fenced.enumerated() {
            defer { if blocks.last?.fenced != mislabeled { mislabeled = nil } }
            if block.info.isEmpty, let owner = mislabeled, owner.isFollowed(by: block) {
                blocks.append(Lesson.Block(role: .none, fenced: block))
                continue
            }
            if block.info.isEmpty, pendingTree.map({ !$0.isFollowed(by: block) }) ?? true,
                let what = runnable(firstLine: block.body.first?.text ?? "", core: core)
            {
                // A tree or the core whose fence lost its `swift`: one finding, and the bare block
                // after it is its output, not a stray.
                flushPendingTree()
                blocks.append(Lesson.Block(role: .none, fenced: block))
                diagnostics.append(.noRole(at: block.openingLocation(in: path), .mislabeled(what: what, info: "")))
                mislabeled = block
                roleSlips.insert(what)
                continue
            }
            if block.info.isEmpty {
                // The expected block is the next block in the tree's container: only blank lines between.
                if let tree = pendingTree, tree.isFollowed(by: block) {
                    blocks[blocks.count - 1].expected = block
                    blocks.append(Lesson.Block(role: .expected, fenced: block))
                    pendingTree = nil
                } else if let tree = pendingTree, let fix = intoContainer(of: tree, block, in: file) {
                    // The expected block typed right under its tree but outside the tree's list item
                    // or block quote: one finding at it, whose fix writes its lines in that container.
                    diagnostics.append(
                        .missingExpected(
                            at: block.openingLocation(in: path),
                            .outsideTreesContainer(
                                treeLine: tree.opening.number, place: block.placeDescription,
                                treePlace: tree.placeDescription, lines: fix.lines, prefix: fix.prefix,
                                written: fix.written)))
                    pendingTree = nil
                    blocks.append(Lesson.Block(role: .none, fenced: block))
                } else if let tree = pendingTree {
                    // One mistake, one finding: the tree lost its expected block, and this is the block
                    // it lost, so the tree's finding names both and the fence gets none of its own.
                    let reason: Diagnostic.MissingExpected =
                        tree.sharesContainer(with: block)
                        ? .notAdjacent(line: block.opening.number)
                        : .otherContainer(
                            line: block.opening.number, place: block.placeDescription, treePlace: tree.placeDescription)
                    diagnostics.append(.missingExpected(at: headerLocation(tree, path), reason))
                    pendingTree = nil
                    blocks.append(Lesson.Block(role: .none, fenced: block))
                } else if let previous = blocks.last?.fenced, let lines = repeated(block, previous, in: file) {
                    // The expected block pasted twice: the copy is the stray, and its fix deletes it.
                    blocks.append(Lesson.Block(role: .none, fenced: block))
                    diagnostics.append(
                        .repeatedBlock(
                            at: block.openingLocation(in: path), .expected,
                            of: previous.opening
                                .number...previous
                                .closing.number, delete: lines))
                } else {
                    blocks.append(Lesson.Block(role: .none, fenced: block))
                    diagnostics.append(.strayOutput(at: block.openingLocation(in: path)))
                }
                continue
            }
            if let tree = pendingTree, tree.isFollowed(by: block),
                block.language != "swift" || meantAsOutput(block, before: fenced.dropFirst(position + 1).first)
            {
                // The block right after a tree, with an info string: meant as its output.
                diagnostics.append(
                    .missingExpected(
                        at: block.openingLocation(in: path), .infoString(block.info, treeLine: tree.body[0].number)))
                pendingTree = nil
                blocks.append(Lesson.Block(role: .none, fenced: block))
                continue
            }
            if let tree = pendingTree, let lines = repeated(block, tree, in: file),
                opens(block.body.first?.text ?? "", with: BlockRole.treeMarker)
            {
                // A tree pasted twice, right under itself: the copy is the one finding, and it takes
                // the expected block after it, as the tree does once the copy is deleted.
                diagnostics.append(
                    .repeatedBlock(
                        at: block.openingLocation(in: path), .tree, of: tree.opening.number...tree.closing.number,
                        delete: lines))
                blocks[blocks.count - 1].role = .none
                blocks.append(Lesson.Block(role: .tree, fenced: block))
                pendingTree = block
                continue
            }
            flushPendingTree()
            guard block.language == "swift" else {
                blocks.append(Lesson.Block(role: .none, fenced: block))
                let first = block.body.first?.text ?? ""
                if let what = runnable(firstLine: first, core: core) {
                    diagnostics.append(
                        .noRole(at: block.openingLocation(in: path), .mislabeled(what: what, info: block.info)))
                    mislabeled = block
                    roleSlips.insert(what)
                } else {
                    diagnostics.append(.noRole(at: block.openingLocation(in: path), .infoString(block.info)))
                }
                continue
            }
            let first = block.body.first?.text ?? ""
            if opens(first, with: coreMarker) {
                blocks.append(Lesson.Block(role: .core, fenced: block))
                cores.append(block)
            } else if opens(first, with: BlockRole.treeMarker) {
                blocks.append(Lesson.Block(role: .tree, fenced: block))
                pendingTree = block
            } else if let miss = nearMiss(block, core: core) {
                // One slip, one finding, at the slip: the block gets no role (coursecheck cannot
                // guess what the author meant, and a slipped header line need not parse as a
                // fragment's), and its output block is not a stray.
                blocks.append(Lesson.Block(role: .none, fenced: block))
                diagnostics.append(
                    .noRole(
                        at: SourceLocation(
                            path: path, line: miss.line.number, column: block.fileColumn(line: miss.line.number, 1)),
                        .nearMiss(what: miss.what, marker: miss.marker, slip: miss.slip)))
                mislabeled = block
                roleSlips.insert(miss.what)
            } else if let previous = blocks.last, previous.role == .fragment || previous.fenced == fragmentCopy,
                let lines = repeated(block, previous.fenced, in: file)
            {
                // A display fragment pasted twice, right under itself: readers see the code twice,
                // and nothing else tells. The copy is the one finding, its fix deletes it; it is
                // parsed once, as the original.
                diagnostics.append(
                    .repeatedBlock(
                        at: block.openingLocation(in: path), .fragment,
                        of: previous.fenced.opening.number...previous.fenced.closing.number, delete: lines))
                blocks.append(Lesson.Block(role: .none, fenced: block))
                fragmentCopy = block
            } else {
                blocks.append(Lesson.Block(role: .fragment, fenced: block))
            }
        }
        flushPendingTree()

        let start = SourceLocation(path: path, line: 1)
        if fenced.isEmpty {
            diagnostics.append(.notALesson(at: start, .noFencedBlocks))
        } else {
            if cores.isEmpty, !roleSlips.contains("the core") {
                let found = namedFiles(fenced)
                var at = start
                if found.count == 1, let block = fenced.first(where: { $0.opening.number == found[0].line }) {
                    let header = found[0].line + 1
                    at = SourceLocation(path: path, line: header, column: block.fileColumn(line: header, 1))
                }
                diagnostics.append(.coreCount(at: at, core: core, firstCoreLine: nil, found: found))
            }
            for extra in cores.dropFirst() {
                // The core pasted twice, right under itself: the fix deletes the copy.
                if let position = fenced.firstIndex(of: extra), position > 0,
                    let lines = repeated(extra, fenced[position - 1], in: file)
                {
                    let previous = fenced[position - 1]
                    diagnostics.append(
                        .repeatedBlock(
                            at: extra.openingLocation(in: path), .core(core),
                            of: previous.opening.number...previous.closing.number, delete: lines))
                    continue
                }
                diagnostics.append(
                    .coreCount(
                        at: extra.openingLocation(in: path), core: core, firstCoreLine: cores[0].opening.number,
                        found: []))
            }
            if !blocks.contains(where: { $0.role == .tree }), !roleSlips.contains("a tree") {
                diagnostics.append(.noTrees(at: start))
            }
        }
        var lesson = Lesson(file: file, blocks: blocks)
        lesson.coreName = core
        // What a block that lost its role prints is not known: the claims about the lesson's trees wait.
        lesson.rolesAreUncertain = !roleSlips.isEmpty
        return (lesson, diagnostics)
    }

    /// When the bare `block` stands right under `tree` (blank lines between) but outside the list
    /// item or block quote the tree is in: the lines to write with the tree's container prefix
    /// (in a block quote, the blank lines between too, which would end it), that prefix, and what
    /// they start with instead. Nil unless the lesson so rewritten has the block in the tree's
    /// container, right after it.
    static func intoContainer(of tree: FencedBlock, _ block: FencedBlock, in file: SourceFile) -> (
        lines: ClosedRange<Int>, prefix: String, written: String
    )? {
        guard !tree.containers.isEmpty, tree.closing.number < block.opening.number,
            file.lines[tree.closing.number..<(block.opening.number - 1)].allSatisfy({ isBlank($0.text) })
        else { return nil }
        let prefix = tree.continuationPrefix
        let written = String(block.opening.text.prefix { $0 == " " || $0 == ">" })
        guard prefix != written, prefix.hasPrefix(written) || written.allSatisfy({ $0 == " " }) else { return nil }
        let first = prefix.contains(">") && written.isEmpty ? tree.closing.number + 1 : block.opening.number
        let lines = first...block.closing.number
        guard lines.allSatisfy({ file.lines[$0 - 1].text.hasPrefix(written) }) else { return nil }
        // Cheap enough: only a lesson with this slip gets here.
        var rewritten = file.lines.map(\.text)
        for line in lines { rewritten[line - 1] = prefix + rewritten[line - 1].dropFirst(written.count) }
        let scan = MarkdownScanner.scan(SourceFile(path: file.path, text: rewritten.joined(separator: "\n")))
        guard let meantTree = scan.blocks.first(where: { $0.opening.number == tree.opening.number }),
            let meant = scan.blocks.first(where: { $0.opening.number == block.opening.number }),
            meantTree.isFollowed(by: meant)
        else { return nil }
        return (lines, prefix, written)
    }

    /// The lines to delete when `block` is `previous` pasted again right under it (the next block
    /// in the same container, the same fence and lines): the copy, and the blank line after it
    /// when blank lines stand on both sides (so deleting them leaves the blank line between the
    /// original and what follows). Nil when it is no copy.
    static func repeated(_ block: FencedBlock, _ previous: FencedBlock, in file: SourceFile) -> ClosedRange<Int>? {
        guard previous.isFollowed(by: block), block.body.count == previous.body.count, block.info == previous.info,
            !block.body.isEmpty, block.body.map(\.text) == previous.body.map(\.text)
        else { return nil }
        let (first, last) = (block.opening.number, block.closing.number)
        // Lines are 1-based: `file.lines[last]` is the line after the copy.
        let blankAfter = last < file.lines.count && isBlank(file.lines[last].text)
        let blankBefore = first >= 2 && isBlank(file.lines[first - 2].text)
        return first...(blankAfter && blankBefore ? last + 1 : last)
    }

    /// True when a `swift` block right after a tree is that tree's output with `swift` typed on its
    /// fence: neither a tree nor the core, nor nearly one, and no bare block follows it (which
    /// would be the tree's output, this block a fragment between them).
    static func meantAsOutput(_ block: FencedBlock, before next: FencedBlock?) -> Bool {
        guard runnable(firstLine: block.body.first?.text ?? "") == nil, nearMiss(block) == nil else { return false }
        return !(next.map { $0.info.isEmpty && block.isFollowed(by: $0) } ?? false)
    }

    /// A `swift` block whose first line nearly opens a tree or the core: the marker with another
    /// letter case, other spacing, a blank line before it, an invisible or look-alike character.
    /// Returns the line, what it looks like, the marker it misses and the slip in words.
    static func nearMiss(_ block: FencedBlock, core: String = EmbeddedCore.fileName) -> (
        line: Line, what: String, marker: String, slip: String
    )? {
        guard
            let index = block.body.firstIndex(where: {
                !$0.text.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            })
        else {
            return nil
        }
        let line = block.body[index]
        let text = line.text
        let (visible, invisible) = readerView(of: text)
        for (marker, compact, what) in markers(core: core) {
            guard visible.hasPrefix(compact), !(index == 0 && opens(text, with: marker)) else { continue }
            let slip: String
            if index > 0 {
                slip = "a blank line comes before it"
            } else if let invisible {
                slip = "it holds an invisible \(Invisible.name(invisible))"
            } else if let alike = text.unicodeScalars.first(where: { Invisible.lookAlikes[$0.value] != nil }) {
                slip =
                    "it holds \(Invisible.name(alike)), which only looks like '\(Character(Invisible.lookAlikes[alike.value] ?? alike))'"
            } else if text.hasCharacterPrefix(marker) {
                // The file name runs on (`// main.swiftt`): another file's name, not a description.
                let name = text.dropFirst(3).prefix { $0 != " " && $0 != "\t" }
                slip = "'\(name)' is not '\(marker.dropFirst(3))'"
            } else if text.lowercased().hasPrefix(marker.lowercased()) {
                slip = "a letter's case differs"
            } else {
                slip = "its spacing differs"
            }
            return (line, what, marker, slip)
        }
        guard index == 0 else { return nil }
        // A character or two of the line as a reader sees it mistyped: a slash lost or added
        // (`/ main.swift`, `/// main.swift`), a block comment (`/* main.swift */`), a letter of the
        // file name (`// mian.swift`, `// main.swft`). A short marker allows one.
        for (marker, compact, what) in markers(core: core) {
            let target = Array(compact)
            let limit = target.count >= 12 ? 2 : 1
            let written = Array(visible.prefix(target.count + limit))
            guard written.count >= target.count - limit, !lacksTooMany(target, in: written, limit: limit),
                (target.count - limit...written.count).contains(where: {
                    EditDistance.between(written.prefix($0), target[...], atMost: limit) != nil
                })
            else { continue }
            return (line, what, marker, commentSlip(text, marker: marker))
        }
        return nil
    }

    /// True when more than `limit` of `target`'s characters (counted with repeats) are missing from
    /// `written`: then no prefix of `written` is within `limit` edits of `target`, since each edit
    /// supplies at most one missing character. A count, where the distances it spares cost ~40 K
    /// instructions a block; only an ASCII target is counted (the markers are), else false.
    static func lacksTooMany(_ target: [Character], in written: [Character], limit: Int) -> Bool {
        var counts = (0..<128).map { _ in 0 }
        for character in target {
            guard let ascii = character.asciiValue else { return false }
            counts[Int(ascii)] += 1
        }
        for character in written {
            if let ascii = character.asciiValue, counts[Int(ascii)] > 0 { counts[Int(ascii)] -= 1 }
        }
        var missing = 0
        for count in counts { missing += count }
        return missing > limit
    }

    /// How a first line near `marker` (`// main.swift`) differs from it, in words.
    static func commentSlip(_ text: String, marker: String) -> String {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        let meant = marker.dropFirst(3)
        if trimmed.hasPrefix("/*") { return "it is a block comment, '/*', not a line comment, '//'" }
        if trimmed.hasPrefix("///") { return "it starts with three slashes, not two" }
        if trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") { return "it starts with one slash, not two" }
        if !trimmed.hasPrefix("/") { return "it does not start with '//'" }
        let name = trimmed.drop { $0 == "/" || $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
        return name.isEmpty || name == meant ? "its spacing differs" : "'\(name)' is not '\(meant)'"
    }

    /// Each marker, as a reader's view of a line holding it reads (spaces gone, lower case), and
    /// what a block it opens is.
    private static let embeddedMarkers = markers(of: EmbeddedCore.fileName)

    private static func markers(core: String) -> [(String, String, String)] {
        core == EmbeddedCore.fileName ? embeddedMarkers : markers(of: core)
    }

    private static func markers(of core: String) -> [(String, String, String)] {
        [(BlockRole.treeMarker, "a tree"), (CourseCore.marker(core), "the core")].map {
            ($0, $0.filter { $0 != " " }.lowercased(), $1)
        }
    }

    /// The Swift files the `swift` blocks' first lines name (`// Counter.swift`), each with its
    /// block's opening line, in order: what a course's core is found among (`CourseCore.decide`).
    package static func namedFiles(_ blocks: [FencedBlock]) -> [(name: String, line: Int)] {
        var found: [(name: String, line: Int)] = []
        // By index, not `for block in`: a copy of each block (a dozen fields) cost more than the test.
        for index in blocks.indices {
            // Cheap first, by bytes: a first line naming a file starts `// ` and is not a tree's
            // `// main.swift`, and most blocks are not `swift`.
            guard let first = blocks[index].body.first?.text, namesAFile(first),
                blocks[index].info.hasPrefix("swift"), blocks[index].language == "swift",
                let name = CourseCore.fileName(namedBy: first)
            else { continue }
            found.append((name, blocks[index].opening.number))
        }
        return found
    }

    /// False when `line` surely names no file but `main.swift` (`CourseCore.fileName(namedBy:)` is
    /// nil): it does not start `// `, or it starts `// main.swift` and a blank or its end.
    private static func namesAFile(_ line: String) -> Bool {
        let utf8 = line.utf8
        guard utf8.starts(with: "// ".utf8) else { return false }
        let tree = BlockRole.treeMarker.utf8
        guard utf8.starts(with: tree) else { return true }
        let after = utf8.dropFirst(tree.count).first
        return !(after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t"))
    }

    /// `CourseCore.marker(core)`, without building the embedded core's marker again for each block.
    static func marker(ofCore core: String) -> String {
        core == EmbeddedCore.fileName ? BlockRole.coreMarker : CourseCore.marker(core)
    }

    /// A first line as a reader compares it with a marker: look-alikes as their letters, invisible
    /// characters and spaces gone, any case; and its first invisible character.
    static func readerView(of text: String) -> (visible: String, invisible: Unicode.Scalar?) {
        // ASCII is its own skeleton and holds no look-alike: the reader's view is its bytes that are
        // neither suspicious nor blank, lowercased. The scalar walk and `lowercased()` cost ~17 K
        // instructions a block; most first lines are ASCII.
        guard text.utf8.contains(where: { $0 >= 0x80 }) else {
            let invisible = text.unicodeScalars.first(where: Invisible.isSuspicious)
            var visible: [UInt8] = []
            visible.reserveCapacity(text.utf8.count)
            for byte in text.utf8
            where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
                && !Invisible.isSuspicious(Unicode.Scalar(byte))
            {
                visible.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return (String(decoding: visible, as: UTF8.self), invisible)
        }
        return scalarReaderView(of: text)
    }

    /// `readerView` scalar by scalar, for any text.
    static func scalarReaderView(of text: String) -> (visible: String, invisible: Unicode.Scalar?) {
        let invisible = text.unicodeScalars.first {
            Invisible.isSuspicious($0) && Invisible.lookAlikes[$0.value] == nil
        }
        let visible = String(
            String.UnicodeScalarView(
                Invisible.skeleton(text).unicodeScalars.filter {
                    !Invisible.isSuspicious($0) && $0 != " " && $0 != "\t"
                })
        ).lowercased()
        return (visible, invisible)
    }

    /// "a tree" or "the core" when a block's first line makes it one (whatever its fence says), for
    /// the findings about a runnable block the reader or coursecheck cannot see as one.
    static func runnable(firstLine: some StringProtocol, core: String = EmbeddedCore.fileName) -> String? {
        runnable(firstLine: String(firstLine), core: core)
    }

    /// The same, for a line as it is: the markers are read from its bytes when they settle it.
    static func runnable(firstLine: String, core: String = EmbeddedCore.fileName) -> String? {
        if opens(firstLine, with: BlockRole.treeMarker) { return "a tree" }
        if opens(firstLine, with: marker(ofCore: core)) { return "the core" }
        return nil
    }

    /// True when `text` starts with `marker` and the file name ends there: `// main.swift — …`, not
    /// `// main.swiftt`, which names another file.
    static func opens(_ text: String, with marker: String) -> Bool {
        guard text.hasCharacterPrefix(marker) else { return false }
        guard let next = text.dropFirst(marker.count).first else { return true }
        return !(next.isLetter || next.isNumber || next == "_")
    }

    /// The `// main.swift` line of a tree block, at its file column.
    private static func headerLocation(_ tree: FencedBlock, _ path: String) -> SourceLocation {
        SourceLocation(path: path, line: tree.body[0].number, column: tree.fileColumn(bodyLine: 0, 1))
    }
}
