import Foundation

/// `--promote`: rewrites lessons in place so their expected blocks hold the actual outputs and
/// their core blocks the embedded core. Every byte outside those block bodies stays as it was.
public struct LessonPromoter {
    /// One lesson's new text and what was rewritten in it.
    public struct Rewrite: Sendable {
        public var path: String
        public var url: URL
        public var old: [Line]
        public var new: [Line]
        public var hadByteOrderMark: Bool
        public var expectedBlocks = 0
        public var coreBlocks = 0

        /// The new file's bytes, byte order mark included when the old file had one.
        public var data: Data {
            Data(((hadByteOrderMark ? "\u{FEFF}" : "") + new.map(\.raw).joined()).utf8)
        }
    }

    /// The rewrites `result` calls for (lessons that would not change are left out).
    public static func rewrites(_ result: CourseChecker.Result, plan: CourseLoader.Plan) -> [Rewrite] {
        var rewrites: [Rewrite] = []
        let core = LineScanner.lines(of: EmbeddedCore.text)
        for (lesson, runs) in zip(result.lessons, CourseChecker.runsByLesson(result.lessons, result.runs)) {
            guard let entry = plan.entries.first(where: { $0.displayPath == lesson.path }) else { continue }
            // Body replacements keyed by the first body line index; blocks never overlap.
            var replacements: [(range: Range<Int>, lines: [String])] = []
            var expectedBlocks = 0
            var coreBlocks = 0
            for (tree, run) in zip(lesson.trees, runs) {
                guard let run, run.ending == .exited(0), run.divergentStdout == nil,
                    let text = String(validating: run.stdout, as: UTF8.self)
                else { continue }
                guard Array(tree.expected.content.utf8) != run.stdout else { continue }
                // A fenced block can only hold text that ends with a newline.
                guard run.stdout.isEmpty || run.stdout.last == UInt8(ascii: "\n") else { continue }
                replacements.append((bodyRange(tree.expected), rewritten(tree.expected, lesson.file, LineScanner.lines(of: text))))
                expectedBlocks += 1
            }
            for block in lesson.cores where !block.content.sameBytes(EmbeddedCore.text) {
                replacements.append((bodyRange(block), rewritten(block, lesson.file, core)))
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
            rewrites.append(Rewrite(
                path: lesson.path, url: entry.url, old: old, new: LineScanner.lines(of: newRaw.joined()),
                hadByteOrderMark: lesson.file.hadByteOrderMark, expectedBlocks: expectedBlocks, coreBlocks: coreBlocks))
        }
        return rewrites
    }

    /// The file lines for a block whose content becomes `content`: each line keeps its container
    /// prefix (`> `, a list item's indentation, the fence's indentation) byte for byte; lines past
    /// the old body get the block's continuation prefix. A line whose content is unchanged stays
    /// as it was. At the top level with an unindented fence, the lines are the content itself.
    static func rewritten(_ block: FencedBlock, _ file: SourceFile, _ content: [Line]) -> [String] {
        content.enumerated().map { index, line in
            if index < block.body.count {
                let old = block.body[index]
                let raw = file.lines[old.number - 1]
                if old.text.sameBytes(line.text) && old.ending == line.ending { return raw.raw }
                let prefix = String(decoding: Array(raw.text.utf8).prefix(block.bodyPrefixLengths[index]), as: UTF8.self)
                // A blank line's prefix may be shorter than the container needs, and a tab in a prefix
                // may be consumed only in part: those lines take the continuation prefix.
                let keeps = !old.text.isEmpty && !prefix.containsByte(UInt8(ascii: "\t"))
                return joined(keeps ? prefix : block.continuationPrefix, line)
            }
            return joined(block.continuationPrefix, line)
        }
    }

    /// Prefix and content; a blank line gets the prefix without trailing blanks, and a block quote
    /// marker written without its space gets one before content (`>` + ` x` would lose the space).
    private static func joined(_ prefix: String, _ line: Line) -> String {
        if line.text.isEmpty {
            return String(prefix.reversed().drop { $0 == " " }.reversed()) + line.ending.rawValue
        }
        let spaced = prefix.hasSuffix(">") ? prefix + " " : prefix
        return spaced + line.raw
    }

    /// Indices into the file's lines of a block's body (between its fences).
    private static func bodyRange(_ block: FencedBlock) -> Range<Int> {
        block.opening.number..<(block.closing.number - 1)
    }
}
