import Foundation

/// `--promote`: rewrites lessons in place so their expected blocks hold the actual outputs and
/// their core blocks the embedded core. Every byte outside those blocks stays as it was; a fence is
/// lengthened only when the output holds a line that would close it.
package struct LessonPromoter {
    /// One lesson's new text and what was rewritten in it.
    package struct Rewrite: Sendable {
        package var path: String
        package var url: URL
        package var old: [Line]
        package var new: [Line]
        package var hadByteOrderMark: Bool
        package var expectedBlocks = 0
        package var coreBlocks = 0
        /// The lesson file as read: it is rewritten only while it is still this file.
        package var snapshot: FileGate.Snapshot?

        /// The new file's bytes, byte order mark included when the old file had one.
        package var data: Data {
            Data(((hadByteOrderMark ? "\u{FEFF}" : "") + new.map(\.raw).joined()).utf8)
        }
    }

    /// What a promotion does: the rewrites, and every tree it left alone with the reason, as notes.
    package struct Plan: Sendable {
        package var rewrites: [Rewrite] = []
        package var skipped: [Diagnostic] = []
        /// Lessons left whole: a structural error makes their blocks uncertain (`promote-refused`).
        package var refused: [Diagnostic] = []
    }

    /// The rewrites `result` calls for (lessons that would not change are left out).
    package static func rewrites(_ result: CourseChecker.Result) -> Plan {
        var promotion = Plan()
        // The course's core: the embedded one, or the text most of another course's lessons hold.
        let core = LineScanner.lines(of: result.core.text)
        for checked in result.lessonResults {
            guard let lesson = checked.lesson else { continue }
            // As `--update` does: while a block may be hidden or misread, no block of the lesson is
            // rewritten (an author's diagram between a tree and its output stays).
            if let blocking = checked.structuralError {
                promotion.refused.append(
                    .promoteRefused(
                        at: SourceLocation(path: lesson.path, line: 1),
                        .structural(id: blocking.id, line: blocking.location.line, message: blocking.message)))
                continue
            }
            // Replacements of whole line ranges; blocks never overlap.
            var replacements: [(range: Range<Int>, lines: [String])] = []
            var expectedBlocks = 0
            var coreBlocks = 0
            // The check decided each tree's verdict and each core's drift; promote only reads them.
            for result in checked.trees {
                guard let tree = result.tree else { continue }
                if let reason = result.promoteSkipReason {
                    promotion.skipped.append(.promoteSkipped(at: tree.headerLocation(in: lesson.path), reason: reason))
                    continue
                }
                guard case .drifts = result.verdict, let run = result.run else { continue }
                let output = LineScanner.lines(of: String(decoding: run.stdout, as: UTF8.self))
                replacements.append(contentsOf: expectedFix(tree.expected, lesson.file, output: output))
                expectedBlocks += 1
            }
            for (ordinal, block) in lesson.cores.enumerated() where checked.coreDrifted[ordinal] {
                replacements.append(
                    unindented(block, matching: core) ?? (bodyRange(block), rewritten(block, lesson.file, core)))
                coreBlocks += 1
            }
            guard !replacements.isEmpty else { continue }
            var newRaw: [String] = []
            var index = 0
            let old = lesson.file.lines
            for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                newRaw += old[index..<replacement.range.lowerBound].map(\.raw)
                newRaw += replacement.lines
                index = replacement.range.upperBound
            }
            newRaw += old[index...].map(\.raw)
            promotion.rewrites.append(
                Rewrite(
                    path: lesson.path, url: checked.entry.url, old: old, new: LineScanner.lines(of: newRaw.joined()),
                    hadByteOrderMark: lesson.file.hadByteOrderMark, expectedBlocks: expectedBlocks,
                    coreBlocks: coreBlocks, snapshot: checked.snapshot))
        }
        return promotion
    }

    /// What makes an expected block show `output`: its opening fence unindented when that alone
    /// does (`unindented`), else its body (and fences) rewritten (`expectedReplacement`).
    static func expectedFix(_ block: FencedBlock, _ file: SourceFile, output: [Line])
        -> [(range: Range<Int>, lines: [String])]
    {
        unindented(block, matching: output).map { [$0] } ?? expectedReplacement(block, file, output: output)
    }

    /// The opening fence without its indentation, when that indentation alone makes the block
    /// differ from `content` (`FenceIndentation`): the one line the check names is the one
    /// rewritten, and the block's lines, already `content` as typed, stay.
    static func unindented(_ block: FencedBlock, matching content: [Line]) -> (range: Range<Int>, lines: [String])? {
        guard FenceIndentation.explains(block, content) else { return nil }
        let bytes = Array(block.opening.text.utf8)
        let end = block.openingColumn - 1
        let start = end - block.fence.indent
        guard start >= 0, end <= bytes.count, bytes[start..<end].allSatisfy({ $0 == UInt8(ascii: " ") }) else {
            return nil
        }
        let index = block.opening.number - 1
        let line = String(decoding: bytes[..<start] + bytes[end...], as: UTF8.self) + block.opening.ending.rawValue
        return (index..<(index + 1), [line])
    }

    /// The replacement of an expected block's body, and of its fences when an output line would
    /// close the current fence or read as a block it swallowed (a fence with an info string, at
    /// least as long): then both fences get the shortest run longer than every such line.
    static func expectedReplacement(_ block: FencedBlock, _ file: SourceFile, output: [Line])
        -> [(range: Range<Int>, lines: [String])]
    {
        let body = (bodyRange(block), rewritten(block, file, output))
        var fence = block.fence
        // Each pass lengthens the fence past a line of its own character, so the loop ends within
        // the longest such run.
        while output.contains(where: {
            closes($0, fence) || closes($0, fence, afterUnseen: true) || Classifier.opensBlock($0.text, within: fence)
        }) {
            fence.length += 1
        }
        guard fence.length != block.fence.length else { return [body] }
        let openingIndex = block.opening.number - 1
        let closingIndex = block.closing.number - 1
        return [
            (openingIndex..<(openingIndex + 1), [lengthened(block.opening, to: fence)]),
            body,
            (closingIndex..<(closingIndex + 1), [lengthened(block.closing, to: fence)]),
        ]
    }

    /// Whether an output line, written into the block below `fence` (after its indentation), would
    /// close it: at most three spaces of indentation in all, then a run of the fence character at
    /// least as long, then only blanks; with `afterUnseen`, whether it reads so after the invisible
    /// characters it starts with.
    static func closes(_ line: Line, _ fence: CodeFence, afterUnseen: Bool = false) -> Bool {
        var text = Substring(line.text)
        if afterUnseen {
            // A line a reader takes for a closing fence: invisible characters before the run (the
            // check names such a line where a block was meant to close).
            let unseen = text.unicodeScalars.prefix { $0.value >= 0x80 && Invisible.isSuspicious($0) }
            guard !unseen.isEmpty else { return false }
            text = Substring(text.unicodeScalars[unseen.endIndex...])
        }
        let bytes = Array(text.utf8)
        let spaces = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        guard fence.indent + spaces <= 3, let run = CodeFence.closingRun(bytes[spaces...]) else { return false }
        return run.character == fence.character && run.length >= fence.length
    }

    /// `line` with its fence run replaced by one of `fence.length`. Container prefixes hold only
    /// `>`, spaces and tabs, so the fence run is the line's first run of the fence character; every
    /// byte before and after it stays.
    private static func lengthened(_ line: Line, to fence: CodeFence) -> String {
        let text = Substring(line.text)
        guard let start = text.firstIndex(of: fence.character) else { return line.raw }
        let run = text[start...].prefix { $0 == fence.character }
        return String(text[..<start]) + String(repeating: fence.character, count: fence.length)
            + text[run.endIndex...] + line.ending.rawValue
    }

    /// The file lines for a block whose content becomes `content`: each line keeps its container
    /// prefix (`> `, a list item's indentation, the fence's indentation) byte for byte; lines past
    /// the old body get the block's continuation prefix. A line whose content is unchanged stays
    /// as it was. At the top level with an unindented fence, the lines are the content itself.
    static func rewritten(_ block: FencedBlock, _ file: SourceFile, _ content: [Line]) -> [String] {
        let content = endings(of: content, in: block)
        // A line indented less than an indented fence lost all its indentation to it: its prefix
        // is too short for content that starts with blanks, or for a line like a closing fence.
        func full(_ prefix: String) -> Bool {
            block.fence.indent == 0
                || prefix.reversed().prefix { $0 == " " }.count
                    >= block.continuationPrefix.reversed().prefix { $0 == " " }.count
        }
        // New lines past the old body repeat the author's own prefix of the last non-blank body line
        // (`>` without its space, say), when it holds no tab and is full; else the continuation prefix.
        let authored = block.body.indices.reversed().lazy.compactMap { index -> String? in
            let old = block.body[index]
            let raw = file.lines[old.number - 1]
            let prefix = String(decoding: Array(raw.text.utf8).prefix(block.bodyPrefixLengths[index]), as: UTF8.self)
            return old.text.isEmpty || prefix.containsByte(UInt8(ascii: "\t")) || !full(prefix) ? nil : prefix
        }.first
        let continuation = authored ?? block.continuationPrefix
        return content.enumerated().map { index, line in
            if index < block.body.count {
                let old = block.body[index]
                let raw = file.lines[old.number - 1]
                if old.text.sameBytes(line.text) && old.ending == line.ending { return raw.raw }
                let prefix = String(
                    decoding: Array(raw.text.utf8).prefix(block.bodyPrefixLengths[index]), as: UTF8.self)
                // A blank line's prefix may be shorter than the container needs, and a tab in a prefix
                // may be consumed only in part: those lines take the continuation prefix.
                let keeps = !old.text.isEmpty && !prefix.containsByte(UInt8(ascii: "\t")) && full(prefix)
                return joined(keeps ? prefix : continuation, line)
            }
            return joined(continuation, line)
        }
    }

    /// `content` with the line breaks to write. A new line's break is the block's own (a lesson saved
    /// with CRLF stays CRLF); a line the diff keeps from the old body keeps the break the author
    /// typed after it (a CRLF or lone CR in an LF block is no drift, so no promote may change it).
    /// The renderer reads every break alike.
    private static func endings(of content: [Line], in block: FencedBlock) -> [Line] {
        let own = block.opening.ending
        var result = content.map { $0.ending == .lf ? Line(number: $0.number, text: $0.text, ending: own) : $0 }
        // Mixed breaks are rare: a body of the block's own breaks needs no alignment.
        guard block.body.contains(where: { $0.ending != own && $0.ending != .none }) else { return result }
        for case .keep(let old, let new) in UnifiedDiff.edits(block.body.map(\.text), content.map(\.text))
        where block.body[old].ending != .none && result[new].ending != .none {
            result[new] = Line(number: result[new].number, text: result[new].text, ending: block.body[old].ending)
        }
        return result
    }

    /// Prefix and content; a blank line gets the prefix without trailing blanks, and a block quote
    /// marker written without its space gets one before content (`>` + ` x` would lose the space).
    private static func joined(_ prefix: String, _ line: Line) -> String {
        if line.text.isEmpty {
            let trailing = prefix.utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
            return String(decoding: prefix.utf8.dropLast(trailing), as: UTF8.self) + line.ending.rawValue
        }
        // Only content starting with a blank needs the space: the renderer takes one as part of `>`.
        let spaced =
            prefix.hasSuffix(">") && (line.text.hasPrefix(" ") || line.text.hasPrefix("\t")) ? prefix + " " : prefix
        return spaced + line.raw
    }

    /// Indices into the file's lines of a block's body (between its fences).
    private static func bodyRange(_ block: FencedBlock) -> Range<Int> {
        block.opening.number..<(block.closing.number - 1)
    }
}
