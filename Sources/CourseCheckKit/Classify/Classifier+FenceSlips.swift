/// Fence slips: a fence line written with the wrong character, length or quote style, a closing
/// fence with an info string or indented too far, and an opening fence its closing fence cannot
/// close. They are one class, decided one way: a line that looks like the fence the lesson meant
/// there is the slip when writing that fence instead removes trouble the lesson's fences show
/// (a block left open, a stray or lost output block, a block run on over the next) and brings
/// none of its own. The reader sees the repaired line as the author meant it, so no shape of a
/// slip needs a rule of its own, and what it explains is known exactly: its consequences.
extension Classifier {
    /// One piece of what a lesson's fences leave wrong: a lesson-shape finding by its id and line,
    /// or (`id` nil) a line inside a block that would open a block, where a block ran on over the next.
    struct FenceTrouble: Hashable {
        var id: DiagnosticID?
        var line: Int
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
        document.walk { node, _ in
            guard case .fencedCode = node.kind else { return }
            for line in node.content where opensBlock(line.text) {
                trouble.insert(FenceTrouble(id: nil, line: line.index + 1))
            }
        }
        return trouble
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

    /// A line that may be a slipped fence: where it is, the line written as the fence meant there,
    /// and its finding given the lesson with that line repaired.
    struct SlipCandidate {
        var index: Int
        var column: Int
        /// True when the line is no fence at all (quotes, two backticks, a mix): never a block's
        /// content by intent, where a fence line of another length or character may be.
        var certain: Bool
        var repaired: String
        var header: Int
        var opening: Int?
        var finding: (SourceLocation, BlockNode) -> Diagnostic
    }

    /// The first fence slip of the lesson before line `before` (where a fence the reader cannot see
    /// comes first): one finding at the slipped line, naming what was written and the fence meant.
    /// `diagnostics`: the scan's and classification's findings, of which the slip explains some.
    static func slippedFences(_ file: SourceFile, _ document: BlockNode, diagnostics: [Diagnostic], before: Int)
        -> [FoundSlip]
    {
        let trouble = fenceTrouble(document, diagnostics)
        guard !trouble.isEmpty else { return [] }
        let candidates = slipCandidates(file, document).filter { $0.index + 1 < before }.sorted { $0.index < $1.index }
        // The first line whose repair explains trouble, a line that is no fence at all before one
        // that is a fence (a ```` block may hold ``` lines by intent, not a line of quotes). A
        // lesson with trouble of its own and many fence-like lines tries the first few.
        var chosen: (candidate: SlipCandidate, document: BlockNode, after: Set<FenceTrouble>)?
        for candidate in candidates.prefix(32) where chosen == nil || candidate.certain {
            var lines = file.lines
            lines[candidate.index].text = candidate.repaired
            let repaired = SourceFile(path: file.path, lines: lines, hadByteOrderMark: file.hadByteOrderMark)
            let scan = MarkdownScanner.scan(repaired)
            let after = fenceTrouble(scan.document, scan.diagnostics + classify(repaired, blocks: scan.blocks).1)
            guard after.isStrictSubset(of: trouble) else { continue }
            chosen = (candidate, scan.document, after)
            if candidate.certain { break }
        }
        guard let (candidate, document, after) = chosen else { return [] }
        let location = SourceLocation(path: file.path, line: candidate.index + 1, column: candidate.column)
        return [
            (
                candidate.finding(location, document), candidate.header, candidate.opening,
                trouble.subtracting(after)
            )
        ]
    }

    /// True when `text` (a line's text without its indentation) is no fence line of any block.
    static func isNoFence(_ text: String) -> Bool {
        CodeFence.opening(Line(number: 0, text: text, ending: .lf)) == nil
    }

    /// Every line of the lesson that may be a slipped fence, with the fence meant there: a line of
    /// a block that looks like its closing fence but does not close it, a line of text that looks
    /// like a fence but opens none, and an opening fence, unlike the lesson's others, that the
    /// closing line meant for it cannot close.
    static func slipCandidates(_ file: SourceFile, _ document: BlockNode) -> [SlipCandidate] {
        let convention = conventionalFence(file)
        // A line of text meant to open a block is meant as the lesson's fences are, or as ```.
        let conventional = convention.map { String(repeating: $0.character, count: $0.length) } ?? "```"
        var found: [SlipCandidate] = []
        func raw(_ index: Int, prefix: Int) -> String {
            String(decoding: file.lines[index].text.utf8.prefix(prefix), as: UTF8.self)
        }
        document.walk { node, _ in
            switch node.kind {
            case .fencedCode(let fence, _):
                let opening = node.lines.lowerBound + 1
                let written = String(repeating: fence.character, count: fence.length)
                let header = node.content.first.map { $0.index + 1 } ?? opening
                if let convention, written != conventional,
                    let candidate = mismatchedOpening(file, node, fence: fence, convention: convention)
                {
                    found.append(candidate)
                }
                for line in node.content {
                    guard let (columns, indent, run, rest) = fenceLikeRun(line.text) else { continue }
                    let own = run.allSatisfy { Character($0) == fence.character }
                    let text = String(line.text.dropFirst(indent)).trimmingBlanksString()
                    // What follows the run: nothing, or more fence-like characters after a space.
                    let bare = rest.unicodeScalars.allSatisfy { fenceLike.contains($0) || $0 == " " || $0 == "\t" }
                    let slip: Diagnostic.FenceSlip
                    if columns >= 4 {
                        guard own, run.count >= fence.length, rest.isEmpty else { continue }
                        slip = .indented(columns: columns)
                    } else if !own {
                        guard bare else { continue }
                        let all = Array(text.unicodeScalars.filter { $0 != " " && $0 != "\t" })
                        slip = .wrongCharacter(written: text, characters: fenceCharacters(all), fence: written)
                    } else if run.count < fence.length {
                        slip = .short(written: text, fence: written)
                    } else if !rest.isEmpty {
                        slip = .infoString(written: text)
                    } else {
                        continue
                    }
                    let keep = columns >= 4 ? "" : String(line.text.prefix { $0 == " " || $0 == "\t" })
                    found.append(
                        SlipCandidate(
                            index: line.index, column: line.prefixLength + indent + 1, certain: isNoFence(text),
                            repaired: raw(line.index, prefix: line.prefixLength) + keep + written, header: header,
                            opening: opening,
                            finding: { location, _ in .fenceSlip(at: location, slip, opening: opening) }))
                }
            case .paragraph:
                for line in node.content {
                    guard let (columns, indent, run, rest) = fenceLikeRun(line.text), columns < 4,
                        CodeFence.opening(Line(number: line.index + 1, text: line.text, ending: .lf)) == nil
                    else { continue }
                    let writtenLine = String(line.text.dropFirst(indent)).trimmingBlanksString()
                    let fix = conventional + rest
                    let why =
                        run.allSatisfy({ $0 == "`" }) || run.allSatisfy({ $0 == "~" })
                        ? "\(run.count) \(fenceCharacters(run))" : "written with \(fenceCharacters(run))"
                    found.append(
                        SlipCandidate(
                            index: line.index, column: line.prefixLength + indent + 1, certain: true,
                            repaired: raw(line.index, prefix: line.prefixLength)
                                + String(line.text.prefix { $0 == " " || $0 == "\t" }) + fix,
                            header: line.index + 1, opening: nil,
                            finding: { location, _ in
                                .fenceSlip(
                                    at: location, .notAFence(written: writtenLine, what: why, fix: fix),
                                    opening: location.line)
                            }))
                }
            default: return
            }
        }
        return found
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
            index: node.lines.lowerBound, column: start + 1, certain: false,
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
                return .fenceSlip(
                    at: location,
                    .mismatchedOpening(
                        written: written, closer: conventional, closing: closing ?? opening, why: why, fix: fix),
                    opening: opening)
            })
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanksString() -> String { String(self[...].trimmingBlanks()) }
}
